"""IREE 3.13's VM nulls the second of two block arguments that one branch
passes the same ref: ``vm.br ^b(%r, %r)`` at ``%r``'s last use moves ``%r``
into the first argument, and the second reads the emptied register (a null
list, ``ValueError: INVALID_ARGUMENT; list is null`` at its first use). Found
by pydm: ``(a + b, b + a)`` with ``a == ()`` is ``(b, b)``, and two merged
branches passed ``b`` twice (tests/regressions/test_empty_tuple_slots.py).
Not affected: a call or a return that passes one ref twice.

pydm's fix-up ``copy_repeated_ref_operands`` (pydm/backend/ref_edges.py)
passes a copy (``vm.select.ref``) for each repeated ref. Tested here:
hand-written VM modules, each a minimal reproduction, emitted raw (the
platform's error, deterministic on this build) and after the fix-up (the
right answer); the shapes that are not affected; a pydm function against
CPython with and without the fix-up.
"""
from __future__ import annotations

import pytest

import pydm
from pydm.backend import driver, ref_edges
from regressions.test_empty_tuple_slots import ARGS as SLOTS, three_slots
from shared import call_vm, vm_bytecode

MODULE = """module attributes {{vm.toplevel}} {{
  vm.module public @module {{
    vm.func private @sizes(%a: !vm.list<?>, %b: !vm.list<?>) -> i64 {{
      %sa = vm.list.size %a : (!vm.list<?>) -> i32
      %sb = vm.list.size %b : (!vm.list<?>) -> i32
      %s = vm.add.i32 %sa, %sb : i32
      %r = vm.ext.i32.i64.s %s : i32 -> i64
      vm.return %r : i64
    }}
    vm.func private @twice(%l: !vm.list<?>) -> (!vm.list<?>, !vm.list<?>) {{
      vm.return %l, %l : !vm.list<?>, !vm.list<?>
    }}
    vm.func @f(%arg0: i64) -> (i32, i64) {{
      %zero = vm.const.i32.zero
      %c3 = vm.const.i32 3
      %l = vm.list.alloc %c3 : (i32) -> !vm.list<?>
      vm.list.resize %l, %c3 : (!vm.list<?>, i32)
{body}
    }}
    vm.export @f
  }}
}}"""

#: name -> body of @f; every one returns 6 (the sizes of %l and %l) for any argument
TRAPS = {
    "br": """
      vm.br ^bb1(%l, %l : !vm.list<?>, !vm.list<?>)
    ^bb1(%a: !vm.list<?>, %b: !vm.list<?>):
      %r = vm.call @sizes(%a, %b) : (!vm.list<?>, !vm.list<?>) -> i64
      vm.return %zero, %r : i32, i64""",
    # the pydm shape: two branches merged into one by a select, then one join
    "select_then_br": """
      %m = vm.list.alloc %c3 : (i32) -> !vm.list<?>
      vm.list.resize %m, %c3 : (!vm.list<?>, i32)
      %nz = vm.cmp.nz.i64 %arg0 : i64
      %s = vm.select.ref %nz, %l, %m : !vm.list<?>
      vm.br ^bb1(%s, %s, %m : !vm.list<?>, !vm.list<?>, !vm.list<?>)
    ^bb1(%a: !vm.list<?>, %b: !vm.list<?>, %q: !vm.list<?>):
      %r = vm.call @sizes(%a, %b) : (!vm.list<?>, !vm.list<?>) -> i64
      vm.return %zero, %r : i32, i64""",
    # a two-way branch: split_ref_edges first gives the edge a vm.br of its own
    "cond_br": """
      %nz = vm.cmp.nz.i64 %arg0 : i64
      vm.cond_br %nz, ^bb1(%l, %l : !vm.list<?>, !vm.list<?>), ^bb2
    ^bb2:
      %six = vm.const.i64 6
      vm.return %zero, %six : i32, i64
    ^bb1(%a: !vm.list<?>, %b: !vm.list<?>):
      %r = vm.call @sizes(%a, %b) : (!vm.list<?>, !vm.list<?>) -> i64
      vm.return %zero, %r : i32, i64""",
}

#: shapes the platform gets right (the fix-up leaves them alone)
SOUND = {
    "call": """
      %r = vm.call @sizes(%l, %l) : (!vm.list<?>, !vm.list<?>) -> i64
      vm.return %zero, %r : i32, i64""",
    "return": """
      %p:2 = vm.call @twice(%l) : (!vm.list<?>) -> (!vm.list<?>, !vm.list<?>)
      %r = vm.call @sizes(%p#0, %p#1) : (!vm.list<?>, !vm.list<?>) -> i64
      vm.return %zero, %r : i32, i64""",
}


def _module(body: str):
    with driver.session().context:
        return driver.ir.Module.parse(MODULE.format(body=body))


def _run(module) -> list:
    return [r[1] for r in call_vm(vm_bytecode(module), [(0,), (1,)], "f")]


@pytest.mark.parametrize("name", sorted(TRAPS))
def test_raw_platform_nulls_the_second_argument(name):
    with pytest.raises(ValueError, match="list is null"):
        _run(_module(TRAPS[name]))


@pytest.mark.parametrize("name", sorted(TRAPS))
def test_fixed_passes_both(name):
    module = _module(TRAPS[name])
    with module.context:
        ref_edges.split_ref_edges(module)
        assert ref_edges.copy_repeated_ref_operands(module) == 1
        assert module.operation.verify()
    assert _run(module) == [6, 6]


@pytest.mark.parametrize("name", sorted(SOUND))
def test_calls_and_returns_are_not_affected(name):
    module = _module(SOUND[name])
    with module.context:
        assert ref_edges.copy_repeated_ref_operands(module) == 0
    assert _run(module) == [6, 6]


def test_fixup_is_installed():
    fixups = list(driver.FIXUPS)
    assert fixups.index(ref_edges.split_ref_edges) < fixups.index(ref_edges.copy_repeated_ref_operands)


# the regression's function: with a1 == a2 == (), slots 1 and 2 merge into one join passed b twice
ARGS = [(k, *SLOTS) for k in range(3)]


def test_pydm_function_needs_the_fixup(monkeypatch):
    py = three_slots.py_func
    fn = pydm.jit(py, cache=False)
    assert [fn(*a) for a in ARGS] == [py(*a) for a in ARGS]
    monkeypatch.setattr(driver, "FIXUPS", tuple(f for f in driver.FIXUPS
                                                if f is not ref_edges.copy_repeated_ref_operands))
    raw = pydm.jit(py, cache=False)
    assert raw(*ARGS[0]) == py(*ARGS[0])
    with pytest.raises(ValueError, match="list is null"):
        raw(*ARGS[1])
