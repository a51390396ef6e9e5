"""Tiers (pydm/jit.py): a self-recursive function is first compiled with a
small expansion budget, and compiled again with the full one once its calls
have taken TIER_FACTOR times as long as that first compile. Both tiers give
CPython's answers (value, type, exception class and message); the second
replaces the first everywhere (the JitFunction's tables and the dispatcher's
own), once, also while other threads call; a function the full budget would
expand no deeper has one tier. Every check compares with ``fn.py_func``."""
from __future__ import annotations

import sys
import threading
import warnings

import pytest
from shared import import_source

import pydm

import importlib

jit_module = importlib.import_module("pydm.jit")  # (the attribute pydm.jit is the decorator)
from pydm.frontend import inlining

SOURCE = '''
import pydm


@pydm.jit
def rfib(n: int) -> int:
    if n == -5:
        raise ValueError(f"bad {n}")
    return n if n < 2 else rfib(n - 1) + rfib(n - 2)


@pydm.jit
def big(n: int) -> int:  # too large to expand (MAX_BODY_NODES): one tier
    x0 = n * 3 - 0
    x1 = n * 5 - 1
    x2 = n * 7 - 2
    x3 = n * 9 - 3
    x4 = n * 11 - 4
    x5 = n * 13 - 5
    x6 = n * 15 - 6
    x7 = n * 17 - 7
    x8 = n * 19 - 8
    x9 = n * 21 - 9
    x10 = n * 23 - 10
    x11 = n * 25 - 11
    x12 = n * 27 - 12
    x13 = n * 29 - 13
    x14 = n * 31 - 14
    x15 = n * 33 - 15
    x16 = n * 35 - 16
    x17 = n * 37 - 17
    x18 = n * 39 - 18
    x19 = n * 41 - 19
    if n < 2:
        return x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10 + x11 + x12 + x13 + x14 + x15 + x16 + x17 + x18 + x19
    return big(n - 1) + 1
'''


def outcome(f, *args):
    try:
        v = f(*args)
        return ("value", repr(v), type(v).__name__)
    except Exception as e:  # noqa: BLE001 - compared with CPython's
        return ("raise", type(e).__name__, str(e))


@pytest.fixture
def mod(tmp_path, request):
    name = f"_pydm_tiers_{request.node.name.replace('[', '_').replace(']', '')}"
    yield import_source(tmp_path, name, SOURCE)
    sys.modules.pop(name, None)


def the_caller(f):
    (caller,) = f.jit._by_types.values()
    return caller


ARGS = [(0,), (1,), (2,), (7,), (15,), (-5,), (-1,)]


def agree(f):
    for args in ARGS:
        assert outcome(f, *args) == outcome(f.py_func, *args), args


def test_two_tiers_agree_and_the_second_replaces_the_first(mod, monkeypatch):
    first_depth = inlining.expansion_depth(mod.rfib.jit.info.node, "rfib", inlining.FIRST_EXPANDED_NODES)
    assert first_depth < inlining.expansion_depth(mod.rfib.jit.info.node, "rfib"), \
        "test bug: rfib must expand deeper under the full budget"
    monkeypatch.setattr(jit_module, "TIER_FACTOR", 1e9)  # no promotion yet
    mod.rfib(3)
    first = the_caller(mod.rfib)
    assert "timed" in first.__qualname__  # the first tier, timed
    agree(mod.rfib)
    assert the_caller(mod.rfib) is first
    monkeypatch.setattr(jit_module, "TIER_FACTOR", 0.0)  # the next call's end promotes
    assert outcome(mod.rfib, -5) == outcome(mod.rfib.py_func, -5)  # (promoted after a raise too)
    second = the_caller(mod.rfib)
    assert second is not first and "timed" not in second.__qualname__
    assert all(c is second for c in mod.rfib.jit._callers.values())
    assert all(c is second for c in mod.rfib.jit._fast.values())  # the dispatcher's table
    agree(mod.rfib)
    assert the_caller(mod.rfib) is second  # once


def test_promotion_while_threads_call(mod, monkeypatch):
    monkeypatch.setattr(jit_module, "TIER_FACTOR", 1e9)
    mod.rfib(3)
    first = the_caller(mod.rfib)
    expected = [outcome(mod.rfib.py_func, *args) for args in ARGS]
    monkeypatch.setattr(jit_module, "TIER_FACTOR", 0.0)
    failures = []

    def work():
        for _ in range(5):
            got = [outcome(mod.rfib, *args) for args in ARGS]
            if got != expected:
                failures.append(got)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    assert the_caller(mod.rfib) is not first


def test_one_tier_when_the_full_budget_adds_nothing(mod):
    node = mod.big.jit.info.node
    assert inlining.expansion_depth(node, "big", inlining.FIRST_EXPANDED_NODES) == \
        inlining.expansion_depth(node, "big"), "test bug: big must not gain from the full budget"
    for args in ARGS[:5]:
        assert outcome(mod.big, *args) == outcome(mod.big.py_func, *args)
    assert "timed" not in the_caller(mod.big).__qualname__


def test_a_failed_second_compile_warns_and_the_first_tier_stays(mod, monkeypatch):
    monkeypatch.setattr(jit_module, "TIER_FACTOR", 1e9)
    mod.rfib(3)
    first = the_caller(mod.rfib)
    jf = mod.rfib.jit
    compile_program = jf._compile_program

    def second_fails(arg_types, budget):
        if budget is None:  # (the second tier compiles with the full budget: None)
            raise RuntimeError("forced failure of the second tier")
        return compile_program(arg_types, budget)

    monkeypatch.setattr(jf, "_compile_program", second_fails)
    monkeypatch.setattr(jit_module, "TIER_FACTOR", 0.0)  # the next call's end promotes
    with pytest.warns(pydm.TierWarning, match=r"'rfib' failed \(RuntimeError: forced failure of the second "
                                              r"tier\); its first tier stays"):
        assert outcome(mod.rfib, 7) == outcome(mod.rfib.py_func, 7)
    assert the_caller(mod.rfib) is first
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once: no second attempt, no second warning
        agree(mod.rfib)
    assert the_caller(mod.rfib) is first
