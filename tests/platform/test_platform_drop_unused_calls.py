"""IREE 3.13's ``iree-vm-drop-unused-calls`` fails (returns False, no
diagnostic) when its greedy rewrite has not converged after 10 iterations;
a second run of the pass then succeeds. It erases calls to ``nosideeffects``
functions whose results are unused (pydm marks none), but its greedy driver
also folds and simplifies regions with block merging, which pydm's
bottom-up canonicalize (region simplification "normal") does not. Found by
pydm's fuzzing: two mutually recursive functions, one of them ending in
``0 .count(0)`` (tests/fuzz/test_fuzz_regressions.py
``test_scalar_method_in_mutual_recursion_compiles``); pydm's error named the
step after the failing one (thread_constant_conditions).

pydm's pipeline runs no ``iree-vm-drop-unused-calls``; its canonicalize after
the VM conversion merges blocks instead (``region-simplify=aggressive``),
which cannot fail. Tested here: the program compiles and agrees with CPython;
with the pass put back, the compile fails at that pass; without block merging
a recursive function's module is larger (why the canonicalize merges)."""
from __future__ import annotations

import pytest

from fuzz.test_fuzz_regressions import SCALAR_METHOD_CRASH
from pydm.backend import driver
from shared import import_source

PROGRAM = SCALAR_METHOD_CRASH.replace("@pydm.jit\n", "@pydm.jit(cache=False)\n") + '''

@pydm.jit(cache=False)
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)
'''
assert PROGRAM.count("cache=False") == 3

VM_STEP = next(s for s in driver.PIPELINE if isinstance(s, str) and "iree-vm-resolve-rodata-loads" in s)


def load(tmp_path, name):
    return import_source(tmp_path, name, PROGRAM)


def outcome(fn, *args):
    try:
        return ("value", fn(*args))
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return ("raise", type(exc), str(exc))


def with_step(monkeypatch, new_step):
    monkeypatch.setattr(driver, "PIPELINE", tuple(new_step if s is VM_STEP else s for s in driver.PIPELINE))


def test_pipeline_has_no_drop_unused_calls():
    assert not any("drop-unused-calls" in s for s in driver.PIPELINE if isinstance(s, str))


def test_program_agrees_with_cpython(tmp_path):
    m = load(tmp_path, "prog_drop_calls_ok")
    got = outcome(m.f0, 4)
    assert got[0] == "raise" and got[1] is AttributeError, got
    py0, py1 = m.f0.py_func, m.f1.py_func
    m.f0, m.f1 = py0, py1  # (after pydm's compile) CPython all the way down
    assert got == outcome(py0, 4)


def test_with_the_pass_the_compile_fails(tmp_path, monkeypatch):
    with_step(monkeypatch, VM_STEP.replace("iree-vm-resolve-rodata-loads",
                                           "iree-vm-drop-unused-calls, iree-vm-resolve-rodata-loads"))
    m = load(tmp_path, "prog_drop_calls_raw")
    with pytest.raises(driver.BackendError, match="drop-unused-calls"):
        m.f1(4, 0)


def test_block_merging_makes_recursion_smaller(tmp_path, monkeypatch):
    merged = load(tmp_path, "prog_drop_calls_merged")
    assert merged.fib(10) == 55
    size = len(merged.fib.inspect("vm"))
    with_step(monkeypatch, VM_STEP.replace(" region-simplify=aggressive", ""))
    plain = load(tmp_path, "prog_drop_calls_plain")
    assert plain.fib(10) == 55
    assert len(plain.fib.inspect("vm")) > 1.3 * size
