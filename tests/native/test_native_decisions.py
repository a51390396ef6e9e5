"""Which functions go native (issue 12, README "Native loops").

* ``native=True`` on a function that cannot go native is a CompileError at
  the line of the offending construct (marked ``# <- error``); a call pydm
  inlines is no call;
* ``native=None`` (the default) goes native only with a loop, all values
  scalar, no calls, and ``PYDM_NATIVE`` not ``0`` (``tests/conftest.py`` sets
  it to ``0`` for the rest of the suite); whichever path it takes, the result
  is CPython's.
"""
from __future__ import annotations

import inspect
import math

import pytest

import pydm
from pydm.errors import CompileError

_LINES = inspect.getsource(inspect.getmodule(inspect.currentframe())).splitlines()


def with_list(n: int) -> int:
    xs = [0]  # <- error
    for i in range(n):
        xs[0] += i
    return xs[0]


def helper(i: int) -> int:
    return i * 2


def with_call(n: int) -> int:
    acc = 0
    for i in range(n):
        acc += helper(i)
    return acc


def float_mod(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc += x % 3.0  # <- error
    return acc


def with_str(n: int) -> str:
    s = 0
    for i in range(3):  # a small constant trip count: not outlined (native/outline.py)
        s += i * n
    return str(s)  # <- error


def test_inlined_call_goes_native():
    """A call pydm inlines is no call: the function goes native."""
    jf = pydm.jit(native=True)(with_call)
    for n in (0, 5, 1000):
        got = jf(n)
        assert type(got) is int and got == with_call(n)
    assert "native, the whole function" in jf.inspect("native-decision", 5)


@pytest.mark.parametrize("fn", [with_list, float_mod, with_str])
def test_forced_native_names_the_line(fn):
    src = inspect.getsourcelines(fn)
    first = src[1]
    line = next(first + i for i, text in enumerate(src[0]) if "# <- error" in text)
    jf = pydm.jit(native=True)(fn)
    args = (5, 1.5) if fn is float_mod else (5,)
    with pytest.raises(CompileError) as info:
        jf(*args)
    e = info.value
    assert e.lineno == line, f"error at line {e.lineno}, expected {line}:\n{e}"
    assert "cannot run natively" in e.message
    # the same function on the VM path agrees with CPython
    assert pydm.jit(native=False)(fn)(*args) == fn(*args)


def looping(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc = acc * x + i
    return acc


def straight(n: int, x: float) -> float:
    return n * x + 1.0


def test_default_decision(monkeypatch):
    monkeypatch.setenv("PYDM_NATIVE", "1")
    auto_loop, auto_straight, auto_list = pydm.jit(looping), pydm.jit(straight), pydm.jit(with_list)
    for jf, fn, args in ((auto_loop, looping, (50, 0.5)), (auto_straight, straight, (3, 0.5)),
                         (auto_list, with_list, (7,))):
        got, want = jf(*args), fn(*args)
        assert type(got) is type(want) and (got == want or math.isnan(got) and math.isnan(want))
    assert "native, the whole function" in auto_loop.inspect("native-decision", 50, 0.5)
    assert "VM (no loop)" in auto_straight.inspect("native-decision", 3, 0.5)
    assert "VM (" in auto_list.inspect("native-decision", 7)
    monkeypatch.setenv("PYDM_NATIVE", "0")
    off = pydm.jit(looping)
    assert off(50, 0.5) == looping(50, 0.5)
    assert "VM (PYDM_NATIVE=0)" in off.inspect("native-decision", 50, 0.5)


def test_bad_option():
    with pytest.raises(TypeError):
        pydm.jit(native="yes")(looping)
    with pytest.raises(TypeError):
        pydm.jit(nativ=True)(looping)
