"""Trap: IREE folds ``util.global.store (util.global.load @g), @g`` away as a
no-op even when a call between the load and the store stores ``@g`` - the
saved value is lost. pydm saves the exception object of a handled exception
this way (``except`` ... bare ``raise`` after another exception was raised and
handled), so its load goes through ``util.optimization_barrier``
(``pydm/lowering/rules_scalar.py``: lower_exception_caught). The first test pins
the trap (it fails when IREE stops folding, and the barrier can go); the second
shows the barrier keeps the saved value; the third is pydm's case end to end."""
from __future__ import annotations

import pytest
from iree.compiler import ir

from pydm.backend.driver import compile_module, session
from shared import call_vm


def _module(barrier: bool) -> str:
    saved = "%saved = util.global.load @g : i64"
    if barrier:
        saved = "%s0 = util.global.load @g : i64\n    %saved = util.optimization_barrier %s0 : i64"
    return f"""
module {{
  util.global private mutable @g = 1 : i64
  func.func private @set_two() {{
    %c2 = arith.constant 2 : i64
    util.global.store %c2, @g : i64
    return
  }}
  func.func @f(%x: i64) -> i64 {{
    {saved}
    call @set_two() : () -> ()
    util.global.store %saved, @g : i64
    %r = util.global.load @g : i64
    return %r : i64
  }}
}}"""


def _run(barrier: bool) -> int:
    with session().context:
        vmfb = compile_module(ir.Module.parse(_module(barrier)))
    return call_vm(vmfb, [(0,)])[0][0]


def test_store_of_a_loaded_global_is_folded_across_a_call():
    assert _run(barrier=False) == 2  # correct would be 1: the store of the saved value vanished


def test_a_barrier_keeps_the_saved_value():
    assert _run(barrier=True) == 1


def test_bare_raise_restores_the_handled_exception():
    from exceptions_case import reraise  # the module the fixture below writes
    with pytest.raises(ValueError) as info:
        reraise(1, 7)
    assert info.value.args == (1,)  # not the args of the KeyError handled in between


@pytest.fixture(autouse=True)
def _case_module(tmp_path, monkeypatch):
    (tmp_path / "exceptions_case.py").write_text(
        "import pydm\n\n"
        "@pydm.jit\n"
        "def reraise(n, m):\n"
        "    try:\n"
        "        raise ValueError(n)\n"
        "    except ValueError:\n"
        "        try:\n"
        "            raise KeyError(m, m)\n"
        "        except KeyError:\n"
        "            pass\n"
        "        raise\n")
    monkeypatch.syspath_prepend(str(tmp_path))
