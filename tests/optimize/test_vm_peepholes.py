"""VM peepholes run right before bytecode emission (pydm/backend/vm_fixups.py):

* ``branch_on_raw_conditions``: a check branches on its raw i1 condition (or
  on a callee's exception code itself), not on ``vm.cmp.nz(vm.select(c, K, 0))``;
* ``sink_into_edges``: the pure ops computing an exception code move onto
  the raise edge, so the success path never runs them.

Checked on the VM text of compiled functions (``fn.inspect("vm")``), on the
exceptions that must still come out exactly as before (class, message, the
note naming the raising line, also across calls), and directly on small
hand-written VM modules, executed before and after each rewrite.
"""
from __future__ import annotations

import math
import os
import re

import pytest

import pydm
from optimize.notes import assert_note, raised
from pydm.backend import driver, vm_fixups
from shared import call_vm, vm_bytecode

try:
    from tests.conformance.harness import INT64_MAX, INT64_MIN, check_many
except ImportError:  # pytest run without the repository root on sys.path
    from conformance.harness import INT64_MAX, INT64_MIN, check_many

FILE = os.path.basename(__file__)





# ---------------------------------------------------------------- VM text helpers

def vm_function(text: str, name: str) -> str:
    """The body of ``vm.func ... @name$...`` in a VM module's text."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(rf"\s*vm\.func (?:private )?@{re.escape(name)}\$", line):
            indent = len(line) - len(line.lstrip())
            body = []
            for rest in lines[i + 1:]:
                if rest.strip().split(" loc(")[0] == "}" and len(rest) - len(rest.lstrip()) == indent:
                    return "\n".join(body)
                body.append(rest)
    raise AssertionError(f"no vm.func @{name}$... in:\n{text}")


def blocks(body: str) -> list[dict]:
    """Blocks of a function body: label ('entry' or 'bbN') and op lines."""
    out = [{"label": "entry", "ops": []}]
    for line in body.splitlines():
        s = line.strip()
        m = re.match(r"\^(bb\d+)", s)
        if m:
            out.append({"label": m.group(1), "ops": []})
        elif s:
            out[-1]["ops"].append(s)
    return out


def by_label(bl: list[dict]) -> dict:
    return {b["label"]: b for b in bl}


def defined(ops: list[str]) -> dict:
    """SSA name -> defining op text (within one block)."""
    out = {}
    for op in ops:
        m = re.match(r"(%[\w.#-]+)(?::\d+)? = (\S+)", op)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def cond_br_parts(op: str):
    """(condition, true successor label, false successor label) of a vm.cond_br line."""
    m = re.match(r"vm\.cond_br (%[\w#-]+), \^(bb\d+)(?:\([^)]*\))?, \^(bb\d+)", op)
    assert m, op
    return m.group(1), m.group(2), m.group(3)


# ---------------------------------------------------------------- compiled functions

@pydm.jit
def bump(a: int, n: int) -> int:
    k = 0
    while k < n:
        a = a + 1  # M-bump
        k += 1
    return a


@pydm.jit
def accumulate(a: int, b: int, n: int) -> int:
    s = a
    k = 0
    while k < n:
        s = s + b  # M-acc
        k += 1
    return s


@pydm.jit
def dec_mul(a: int, b: int) -> int:
    d = a - b  # M-sub
    return d * 3  # M-mul3


# each callee calls itself on a path no test takes: a function that calls
# nothing would be copied into its caller (a leaf), and these tests look at calls

@pydm.jit
def div_callee(a: int, b: int) -> int:
    if a == -123456789:
        return div_callee(a + 1, b)
    return a // b  # M-callee-div


@pydm.jit
def int_callee(x: float) -> int:
    if x == -123456789.0:
        return int_callee(x + 1.0)
    return int(x)  # M-callee-int


@pydm.jit
def add_callee(a: int, b: int) -> int:
    if a == -123456789:
        return add_callee(a + 1, b)
    return a + b  # M-callee-add


@pydm.jit
def call_then_add(a: int, b: int, x: float) -> int:
    q = div_callee(a, b)
    r = int_callee(x)
    return q + r  # M-caller-add


@pydm.jit
def middle(a: int, b: int, x: float) -> int:
    return call_then_add(a, b, x) * 2  # M-middle-mul


@pydm.jit
def call_add_in_loop(a: int, n: int) -> int:
    s = 0
    k = 0
    while k < n:
        s = add_callee(s, a)
        k += 1
    return s


@pydm.jit
def mod_callee(a: int, b: int) -> int:
    return a % b  # M-callee-mod


@pydm.jit
def float_div_callee(x: float, y: float) -> float:
    return x / y  # M-callee-fdiv


@pydm.jit
def mixed_calls(a: int, b: int, x: float, y: float) -> float:
    return mod_callee(a, b) + float_div_callee(x, y)


def is_poll_countdown(block) -> bool:
    """The end of a while loop's iteration: its poll countdown (pydm/frontend/loops.py)
    branches on ``counter != 0``, not on an overflow check."""
    cond, _, _ = cond_br_parts(block["ops"][-1])
    return defined(block["ops"][:-1]).get(cond, "").startswith("vm.cmp.nz.i64")


def test_checked_add_branches_on_the_raw_condition():
    assert bump(1, 3) == 4
    for fn, name in ((bump, "bump"), (accumulate, "accumulate")):
        body = vm_function(fn.inspect("vm", 1, 3) if fn is bump else fn.inspect("vm", 1, 2, 3), name)
        assert "vm.cmp.nz.i32" not in body, body
        bl = blocks(body)
        labels = by_label(bl)
        checked = [b for b in bl if any(op.startswith(("%", "vm.")) and "vm.add.i64" in op for op in b["ops"])
                   and b["ops"][-1].startswith("vm.cond_br") and not is_poll_countdown(b)]
        assert checked, f"no block with a checked vm.add.i64 ending in vm.cond_br:\n{body}"
        for b in checked:
            ops = b["ops"]
            before = ops[:-1]
            assert not any("vm.select.i32" in op for op in before), ops
            assert not any("vm.ext.i32.i64.u" in op for op in before), ops
            cond, t, f = cond_br_parts(ops[-1])
            # the condition is a compare (or the xor of two) computed right here
            assert defined(before).get(cond, "").startswith(("vm.cmp.", "vm.xor.i32")), ops
            # the exception code is computed on the raise edge only
            raise_edge = labels[t]["ops"]
            assert any("vm.ext.i32.i64.u" in op for op in raise_edge), raise_edge


def test_sub_and_mul_checks_have_no_code_on_the_success_path():
    body = vm_function(dec_mul.inspect("vm", 1, 2), "dec_mul")
    assert "vm.cmp.nz.i32" not in body, body
    for b in blocks(body):
        if b["ops"] and b["ops"][-1].startswith("vm.cond_br"):
            assert not any("vm.select.i32" in op or "vm.ext.i32.i64.u" in op for op in b["ops"][:-1]), b


def test_call_results_are_branched_on_directly():
    assert call_then_add(7, 2, 1.5) == 4
    body = vm_function(call_then_add.inspect("vm"), "call_then_add")
    assert "vm.cmp.nz.i32" not in body, body
    calls = 0
    for b in blocks(body):
        ops = b["ops"]
        for i, op in enumerate(ops):
            m = re.match(r"(%\w+):2 = vm\.call @", op)
            if not m:
                continue
            calls += 1
            # the check after the call: branch on the callee's exception code itself
            assert i == len(ops) - 2 and ops[-1].startswith(f"vm.cond_br {m.group(1)}#0,"), ops
    assert calls == 2, body


def test_overflow_messages_and_notes():
    check_many(bump, [(a, n) for a in (0, INT64_MAX - 3, INT64_MAX - 1, INT64_MIN) for n in range(0, 5)])
    exc = raised(bump, INT64_MAX - 1, 3)
    assert type(exc) is OverflowError and "'+'" in str(exc), exc
    assert_note(exc, __file__, "M-bump")
    check_many(accumulate, [(a, b, n) for a in (0, INT64_MAX, INT64_MIN, -5)
                            for b in (1, -1, INT64_MAX, INT64_MIN, 2**62) for n in (0, 1, 2, 3)])
    exc = raised(accumulate, INT64_MIN, -1, 1)
    assert type(exc) is OverflowError and "'+'" in str(exc), exc
    assert_note(exc, __file__, "M-acc")
    check_many(dec_mul, [(a, b) for a in (0, 5, INT64_MIN, INT64_MAX, 2**62) for b in (0, 1, -1, INT64_MAX, -(2**62))])
    exc = raised(dec_mul, INT64_MIN, 1)
    assert type(exc) is OverflowError and "'-'" in str(exc), exc
    assert_note(exc, __file__, "M-sub")
    exc = raised(dec_mul, 2**62, 0)
    assert type(exc) is OverflowError and "'*'" in str(exc), exc
    assert_note(exc, __file__, "M-mul3")


@pytest.mark.parametrize("args, cls, marker", [
    ((1, 0, 1.5), ZeroDivisionError, "M-callee-div"),
    ((INT64_MIN, -1, 1.5), OverflowError, "M-callee-div"),
    ((7, 2, math.nan), ValueError, "M-callee-int"),
    ((7, 2, math.inf), OverflowError, "M-callee-int"),
    ((7, 2, -math.inf), OverflowError, "M-callee-int"),
    ((7, 2, 1e19), OverflowError, "M-callee-int"),
    ((INT64_MAX, 1, 1.0), OverflowError, "M-caller-add"),
    ((INT64_MIN, 1, -1.0), OverflowError, "M-caller-add"),
])
def test_exceptions_from_callees_arrive_unchanged(args, cls, marker):
    exc = raised(call_then_add, *args)
    assert type(exc) is cls, exc
    assert_note(exc, __file__, marker)
    # one more level of calls: the code passes through `middle` unchanged
    exc = raised(middle, *args)
    assert type(exc) is cls, exc
    assert_note(exc, __file__, marker)


def test_exception_messages_across_calls_match_cpython():
    # (no case where only an intermediate int leaves 64 bits: there pydm differs by design)
    check_many(call_then_add, [(a, b, x) for a in (7, -7, 0, INT64_MAX) for b in (0, 2, -1, -3)
                               for x in (1.5, -2.5, math.nan, math.inf, 4e18, 9.2e18)]
               + [(INT64_MIN, 2, x) for x in (1.5, -4e18, 4e18)] + [(INT64_MIN, -1, 1e18)])
    check_many(middle, [(a, b, x) for a in (7, INT64_MIN, 2**62) for b in (0, 1, 3)
                        for x in (0.0, math.nan, -math.inf, 1.5)])
    check_many(mixed_calls, [(a, b, x, y) for a in (5, -5) for b in (0, 3) for x in (1.0, -0.0, math.inf)
                             for y in (0.0, -0.0, 2.0)])
    check_many(call_add_in_loop, [(a, n) for a in (1, INT64_MAX // 2, INT64_MIN // 2, -3) for n in range(0, 4)])


def test_modulo_and_float_division_by_zero_from_callees():
    exc = raised(mixed_calls, 5, 0, 1.0, 2.0)
    assert type(exc) is ZeroDivisionError and str(exc) == "integer modulo by zero", exc
    assert_note(exc, __file__, "M-callee-mod")
    exc = raised(mixed_calls, 5, 3, 1.0, 0.0)
    assert type(exc) is ZeroDivisionError and str(exc) == "float division by zero", exc
    assert_note(exc, __file__, "M-callee-fdiv")
    exc = raised(call_add_in_loop, INT64_MAX // 2 + 1, 2)
    assert type(exc) is OverflowError, exc
    assert_note(exc, __file__, "M-callee-add")


# ---------------------------------------------------------------- hand-written VM modules

def _parse(text: str):
    with driver.session().context:
        return driver.ir.Module.parse(text)


def _run(module, args_list, name="f"):
    """Emit ``module`` (already VM dialect) as bytecode and call ``name`` on each args tuple
    (ints only, as ARGS)."""
    assert all(type(x) is int for args in args_list for x in args), args_list
    return call_vm(vm_bytecode(module, driver.session()), args_list, name)


def _rewrite(text: str, *passes):
    """(counts, rewritten text, results before, results after) for ARGS."""
    before = _run(_parse(text), ARGS)
    module = _parse(text)
    with module.context:
        counts = [p(module) for p in passes]
        assert module.operation.verify()
    after_text = str(module)
    after = _run(module, ARGS)
    return counts, after_text, before, after


ARGS = [(1, 2), (2, 1), (5, 5), (-3, 7), (INT64_MAX, 1), (INT64_MIN, -1), (INT64_MAX, INT64_MIN), (0, 0)]

# a checked add in the shape the lowering produces (code 7 on overflow)
CHECKED_ADD = '''
module {
  vm.module public @m {
    vm.func @f(%arg0: i64, %arg1: i64) -> (i32, i64) {
      %c7 = vm.const.i32 7
      %zero = vm.const.i32.zero
      %zero64 = vm.const.i64.zero
      %0 = vm.add.i64 %arg0, %arg1 : i64
      %slt = vm.cmp.lt.i64.s %0, %arg0 : i64
      %slt2 = vm.cmp.lt.i64.s %arg1, %zero64 : i64
      %x = vm.xor.i32 %slt, %slt2 : i32
      %1 = vm.select.i32 %x, %c7, %zero : i32
      %nz = vm.cmp.nz.i32 %1 : i32
      %2 = vm.ext.i32.i64.u %1 : i32 -> i64
      vm.cond_br %nz, ^bb1(%2 : i64), ^bb2
    ^bb1(%3: i64):
      %4 = vm.trunc.i64.i32 %3 : i64 -> i32
      vm.return %4, %zero64 : i32, i64
    ^bb2:
      vm.return %zero, %0 : i32, i64
    }
    vm.export @f
  }
}
'''


def _entry_ops(text: str) -> list[str]:
    return blocks(vm_function(text.replace("@f(", "@f$(", 1), "f"))[0]["ops"]


def test_unit_branch_on_raw_condition():
    counts, text, before, after = _rewrite(CHECKED_ADD, vm_fixups.branch_on_raw_conditions)
    assert counts == [1]
    assert after == before
    assert [r[0] for r in before] == [0, 0, 0, 0, 7, 7, 0, 0], before
    assert "vm.cmp.nz.i32" not in text, text
    entry = _entry_ops(text)
    cond, _, _ = cond_br_parts(entry[-1])
    assert defined(entry)[cond] == "vm.xor.i32", entry


def test_unit_sink_after_raw_condition():
    counts, text, before, after = _rewrite(CHECKED_ADD, vm_fixups.branch_on_raw_conditions,
                                           vm_fixups.sink_into_edges)
    assert counts[0] == 1 and counts[1] >= 2, counts
    assert after == before
    entry = _entry_ops(text)
    assert not any("vm.select.i32" in op or "vm.ext.i32.i64.u" in op or "vm.const.i32 7" in op
                   for op in entry), entry
    cond, t, _ = cond_br_parts(entry[-1])
    edge = by_label(blocks(vm_function(text.replace("@f(", "@f$(", 1), "f")))[t]["ops"]
    assert any("vm.select.i32" in op for op in edge) and edge[-1].startswith("vm.br"), edge


def test_unit_inverted_select_is_not_mistaken_for_the_condition():
    # select(c, 0, 7) is nonzero when c is *false*: the branch must test the select itself
    text = CHECKED_ADD.replace("vm.select.i32 %x, %c7, %zero", "vm.select.i32 %x, %zero, %c7")
    counts, out, before, after = _rewrite(text, vm_fixups.branch_on_raw_conditions, vm_fixups.sink_into_edges)
    assert after == before
    assert [r[0] for r in before] == [7, 7, 7, 7, 0, 0, 7, 7], before
    entry = _entry_ops(out)
    cond, _, _ = cond_br_parts(entry[-1])
    assert defined(entry)[cond] == "vm.select.i32", entry
    assert "vm.cmp.nz.i32" not in out


def test_unit_cmp_with_other_uses_is_kept():
    # the nonzero test also feeds the result: it must survive the rewrite
    text = CHECKED_ADD.replace("vm.return %zero, %0 : i32, i64", "vm.return %nz, %0 : i32, i64")
    counts, out, before, after = _rewrite(text, vm_fixups.branch_on_raw_conditions, vm_fixups.sink_into_edges)
    assert after == before
    assert "vm.cmp.nz.i32" in out, out


def test_unit_plain_condition_is_untouched():
    text = CHECKED_ADD.replace("vm.cond_br %nz,", "vm.cond_br %x,")
    counts, out, before, after = _rewrite(text, vm_fixups.branch_on_raw_conditions)
    assert counts == [0]
    assert after == before


TWO_EDGES = '''
module {
  vm.module public @m {
    vm.func @f(%a: i64, %b: i64) -> (i32, i64) {
      %c1 = vm.const.i32 1
      %c2 = vm.const.i32 2
      %c9 = vm.const.i64 9
      %lt = vm.cmp.lt.i64.s %a, %b : i64
      %both = vm.xor.i64 %a, %b : i64
      %t1 = vm.and.i64 %a, %b : i64
      %t2 = vm.or.i64 %t1, %a : i64
      %f1 = vm.select.i64 %lt, %a, %b : i64
      %later = vm.xor.i64 %b, %c9 : i64
      %call = vm.call @g(%a) : (i64) -> i64
      %fx = vm.and.i64 %call, %b : i64
      vm.cond_br %lt, ^bb1(%TRUE_ARGS), ^bb2(%f1, %both, %fx : i64, i64, i64)
    ^bb1(%x: i64, %y: i64):
      %r = vm.add.i64 %x, %y : i64
      %r2 = vm.add.i64 %r, %later : i64
      vm.return %c1, %r2 : i32, i64
    ^bb2(%x2: i64, %y2: i64, %z2: i64):
      %r3 = vm.sub.i64 %x2, %y2 : i64
      %r4 = vm.add.i64 %r3, %z2 : i64
      vm.return %c2, %r4 : i32, i64
    }
    vm.func private @g(%v: i64) -> i64 {
      %c3 = vm.const.i64 3
      %w = vm.mul.i64 %v, %c3 : i64
      vm.return %w : i64
    }
    vm.export @f
  }
}
'''


def _edge_ops(text: str):
    bl = blocks(vm_function(text.replace("@f(", "@f$(", 1), "f"))
    entry = bl[0]["ops"]
    _, t, f = cond_br_parts(entry[-1])
    labels = by_label(bl)
    return entry, labels[t]["ops"], labels[f]["ops"]


def test_unit_sink_false_edge_only():
    # nothing to sink on the true edge: the false edge's own op moves there
    text = TWO_EDGES.replace("%TRUE_ARGS", "%both, %both : i64, i64")
    counts, out, before, after = _rewrite(text, vm_fixups.sink_into_edges)
    assert after == before
    entry, t_ops, f_ops = _edge_ops(out)
    assert not any("vm.select.i64" in op for op in entry), entry
    assert any("vm.select.i64" in op for op in f_ops) and f_ops[-1].startswith("vm.br"), f_ops


def test_unit_sink_keeps_shared_condition_and_impure_ops():
    text = TWO_EDGES.replace("%TRUE_ARGS", "%t2, %both : i64, i64")
    counts, out, before, after = _rewrite(text, vm_fixups.sink_into_edges)
    assert after == before
    entry, t_ops, f_ops = _edge_ops(out)
    entry_text = "\n".join(entry)
    # the condition, the value both edges pass, a value a successor reads directly and
    # the call (not pure) stay where they were
    assert "vm.cmp.lt.i64.s" in entry_text and entry_text.count("vm.xor.i64") == 2, entry
    assert "vm.call @g" in entry_text, entry
    # the ops only the true edge reads moved there, in order
    t_text = "\n".join(t_ops)
    assert "vm.and.i64" in t_text and "vm.or.i64" in t_text, t_ops
    assert t_text.index("vm.and.i64") < t_text.index("vm.or.i64")
    assert "vm.or.i64" not in entry_text and "vm.and.i64 %arg0" not in entry_text
    assert counts[0] >= 2, counts


def test_unit_sink_both_edges():
    text = TWO_EDGES.replace("%TRUE_ARGS", "%t2, %both : i64, i64")
    counts, out, before, after = _rewrite(text, vm_fixups.sink_into_edges)
    assert after == before
    entry, t_ops, f_ops = _edge_ops(out)
    assert any("vm.or.i64" in op for op in t_ops), t_ops
    assert not any("vm.select.i64" in op for op in entry), entry
    assert any("vm.select.i64" in op for op in f_ops), f_ops


def test_unit_same_successor_is_left_alone():
    # (not executed: IREE's bytecode emitter is not fed this shape, see fix_same_successor_cond_br)
    text = TWO_EDGES.replace("%TRUE_ARGS", "%t2, %both : i64, i64").replace(
        "^bb2(%f1, %both, %fx : i64, i64, i64)", "^bb1(%f1, %both : i64, i64)")
    module = _parse(text)
    before = str(module)
    with module.context:
        assert vm_fixups.sink_into_edges(module) == 0
    assert str(module) == before
