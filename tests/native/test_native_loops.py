"""Native loops (issue 12), differential: every case runs under CPython
(``py_func``), pydm's VM path (``native=False``) and the native path
(``native=True``, an llvm-cpu dispatch on ``local-sync``).

The two pydm paths must agree exactly: value, type, float bits (``-0.0``,
NaN), exception class, message and the source line of the raise. Each must
agree with CPython as pydm promises: the same value and type, or the same
exception; where CPython's int leaves 64 bits, pydm's ``OverflowError``.

Few compiles (a native compile is ~1 s cold): one function per result type,
its loops selected by ``k``.
"""
from __future__ import annotations

import math
import traceback

import pytest

import pydm
from shared import float_bits, has_big_int


def int_loops(k: int, n: int, m: int) -> int:
    if k == 0:  # unbounded accumulator: OverflowError at the step that leaves 64 bits
        acc = 1
        for i in range(n):
            acc = acc * 3 + i
        return acc
    if k == 1:  # // and % by m inside the loop (m == 0: ZeroDivisionError)
        acc = 0
        for i in range(-n, n):
            acc += i // m + i % m
        return acc
    if k == 2:  # nested loops: lattice points in the circle of radius n
        count = 0
        for x in range(-n, n + 1):
            for y in range(-n, n + 1):
                if x * x + y * y <= n * n:
                    count += 1
        return count
    if k == 3:  # while with break, and an early return from inside the loop
        i = 0
        acc = 0
        while True:
            i += 1
            if i > n:
                break
            acc += i * i
            if acc > m:
                return -acc
        return acc
    if k == 4:  # builtins lowered inline
        acc = 0
        for i in range(-n, n):
            acc += abs(i) + min(i, m) - max(i, -m)
        return acc
    if k == 5:  # a subtraction that overflows downwards; a step of -2
        acc = -m
        for i in range(n, 0, -2):
            acc -= i * m
        return acc
    return -1


def float_loops(k: int, n: int, x: float, y: float) -> float:
    if k == 0:  # acc * x + y: a fused multiply-add would round once
        acc = 0.1
        for _ in range(n):
            acc = acc * x + y
        return acc
    if k == 1:  # x / (i - y): float division by zero when i == y
        acc = 0.0
        for i in range(n):
            acc += x / (i - y)
        return acc
    if k == 2:  # a Mandelbrot orbit: the iteration count as a float
        zr = 0.0
        zi = 0.0
        i = 0
        while i < n and zr * zr + zi * zi <= 4.0:
            zr, zi = zr * zr - zi * zi + x, 2.0 * zr * zi + y
            i += 1
        return float(i) + zr
    if k == 3:  # -0.0 and int -> float conversion, summed in order
        acc = -0.0
        for i in range(n):
            acc = acc * x + i * y
        return acc
    if k == 4:  # NaN and inf through comparisons and arithmetic
        acc = x
        for i in range(n):
            if acc != acc:
                return acc + y
            acc = acc * y - x
        return acc
    if k == 5:  # a sum whose value depends on the order of the additions
        acc = 0.0
        for i in range(1, n + 1):
            acc += x / i + y * i
        return acc
    return -1.0


def conversions(k: int, n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        if k == 0:  # int(x) (ValueError for NaN, OverflowError for inf), float(i)
            acc += int(x * i) + float(i)
        elif k == 1:
            acc += float(i) * x
        elif k == 2:  # min/max of floats: NaN and -0.0 as CPython
            acc = max(acc, x * i) - min(acc, -x)
        else:
            acc += abs(x - i)
    return acc


def bool_loop(n: int, m: int) -> bool:
    found = False
    for i in range(1, n):
        if i % m == 0 and i * i > n:
            found = True
            break
    return found


def _pair(fn):
    return pydm.jit(native=False)(fn), pydm.jit(native=True)(fn)


INT_VM, INT_NATIVE = _pair(int_loops)
FLOAT_VM, FLOAT_NATIVE = _pair(float_loops)
BOOL_VM, BOOL_NATIVE = _pair(bool_loop)
CONV_VM, CONV_NATIVE = _pair(conversions)


def _outcome(fn, *args):
    try:
        v = fn(*args)
    except Exception as exc:  # noqa: BLE001 - class, message and line are compared
        # pydm names the raise's line in a note; CPython in the last frame
        notes = getattr(exc, "__notes__", None)
        where = notes[0].split(" in ")[0].rsplit(":", 2)[1] if notes else \
            str(traceback.extract_tb(exc.__traceback__)[-1].lineno)
        return ("raise", type(exc), str(exc), where)
    if type(v) is float:
        return ("value", float, "nan" if math.isnan(v) else float_bits(v))
    return ("value", type(v), v)


def _check(py, vm, native, *args):
    expected = _outcome(py, *args)
    got_vm = _outcome(vm, *args)
    got_native = _outcome(native, *args)
    assert got_native == got_vm, f"{args}: native {got_native} != VM {got_vm}"
    if expected[0] == "value" and has_big_int(expected[2]):
        assert got_vm[:2] == ("raise", OverflowError), f"{args}: {got_vm} for CPython's {expected}"
        return
    assert got_vm == expected, f"{args}: pydm {got_vm} != CPython {expected}"


INT_CASES = [
    (0, 0, 0), (0, 10, 0), (0, 38, 0), (0, 39, 0), (0, 40, 0), (0, 100, 0),
    (1, 50, 7), (1, 50, -3), (1, 5, 0), (1, 0, 0),
    (2, 0, 0), (2, 1, 0), (2, 30, 0),
    (3, 10, 10**9), (3, 100, 200), (3, 0, 0),
    (4, 20, 5), (4, 0, -5),
    (5, 100, 10**15), (5, 100, 10**17), (5, 11, -(10**16)),
]


@pytest.mark.parametrize("case", INT_CASES)
def test_int_loops(case):
    _check(int_loops, INT_VM, INT_NATIVE, *case)


FLOAT_CASES = [
    (0, 50, 1.1, 0.3), (0, 1000, 0.999, 1e-3), (0, 3000, 1.5, 1.0), (0, 10, math.nan, 1.0),
    (1, 10, 1.0, 3.0), (1, 10, 1.0, 2.5), (1, 10, 1.0, 20.0), (1, 0, 1.0, 0.0),
    (2, 100, -0.75, 0.1), (2, 1000, 0.25, 0.0), (2, 100, 1.0, 1.0), (2, 50, -2.0, 0.0),
    (3, 0, 2.0, 1.0), (3, 1, -1.0, 0.0), (3, 20, -0.5, -0.25), (3, 5, math.inf, 1.0),
    (4, 10, math.nan, 2.0), (4, 10, math.inf, 0.0), (4, 10, 1.0, 1.0000001), (4, 3, -0.0, -1.0),
    (5, 10000, 0.1, 1e-7), (5, 1000, 1e308, 1e300),
]


@pytest.mark.parametrize("case", FLOAT_CASES)
def test_float_loops(case):
    _check(float_loops, FLOAT_VM, FLOAT_NATIVE, *case)


CONV_CASES = [(k, 20, x) for k in range(4) for x in (0.5, -2.5, math.nan, -0.0, math.inf, 1e15)] + \
    [(k, 20, 1e300) for k in (1, 2, 3)]


@pytest.mark.parametrize("case", CONV_CASES)
def test_conversions(case):
    _check(conversions, CONV_VM, CONV_NATIVE, *case)


@pytest.mark.parametrize("case", [(100, 7), (10, 3), (1000, 0), (2, 5)])
def test_bool_loop(case):
    _check(bool_loop, BOOL_VM, BOOL_NATIVE, *case)


def test_went_native():
    """The forced functions did go native, and ``inspect`` says so."""
    INT_NATIVE(0, 1, 0)
    decision = INT_NATIVE.inspect("native-decision", 0, 1, 0)
    assert "native, the whole function" in decision
    assert "flow.dispatch.region" in INT_NATIVE.inspect("native", 0, 1, 0)
    assert "VM (native=False)" in INT_VM.inspect("native-decision", 0, 1, 0)


def test_threads():
    """Each calling thread runs the native part on its own local-sync device."""
    import threading
    cases = [(0, 30, 0), (1, 40, 3), (2, 12, 0), (0, 45, 0)]
    expected = {c: _outcome(INT_VM, *c) for c in cases}
    failures = []

    def work():
        for _ in range(5):
            for c in cases:
                got = _outcome(INT_NATIVE, *c)
                if got != expected[c]:
                    failures.append((c, got, expected[c]))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures[:3]
