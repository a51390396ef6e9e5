"""Exceptions raised by compiled code: CPython's class and message, a note naming the
raising Python line (file name + line number), and RecursionError instead of a crash."""
import os
import re

import pytest

import pydm
from .harness import INT64_MAX, INT64_MIN, check, check_raises, run_both

FILE = os.path.basename(__file__)


def line_of(marker: str) -> int:
    """1-based line of the unique source line ending in ``# <marker>``."""
    with open(__file__) as f:
        hits = [i for i, text in enumerate(f, 1) if text.rstrip().endswith("# " + marker)]
    assert len(hits) == 1, (marker, hits)
    return hits[0]


def assert_note(exc: BaseException, marker: str):
    line = line_of(marker)
    notes = getattr(exc, "__notes__", None) or []
    pattern = re.compile(rf"(?<!\d){line}(?!\d)")
    ok = any(FILE in n and pattern.search(n.split(FILE, 1)[1]) for n in notes)
    assert ok, (f"{type(exc).__name__}({exc}) should carry a note naming {FILE} line {line}; "
                f"notes: {notes!r}")


@pydm.jit
def int_div(a: int, b: int) -> float:
    return a / b  # M-int-div


@pydm.jit
def int_floordiv(a: int, b: int) -> int:
    return a // b  # M-int-floordiv


@pydm.jit
def int_mod(a: int, b: int) -> int:
    return a % b  # M-int-mod


@pydm.jit
def float_div(a: float, b: float) -> float:
    return a / b  # M-float-div


@pydm.jit
def float_floordiv(a: float, b: float) -> float:
    return a // b  # M-float-floordiv


@pydm.jit
def float_mod(a: float, b: float) -> float:
    return a % b  # M-float-mod


@pydm.jit
def zero_pow(a: int) -> float:
    return a ** -1  # M-zero-pow


@pydm.jit
def float_pow(a: float, b: float) -> float:
    return a ** b  # M-float-pow


@pydm.jit
def shift(a: int, b: int) -> int:
    return a << b  # M-shift


@pydm.jit
def rshift(a: int, b: int) -> int:
    return a >> b  # M-rshift


@pydm.jit
def to_int(x: float) -> int:
    return int(x)  # M-to-int


@pydm.jit
def add(a: int, b: int) -> int:
    return a + b  # M-add


@pydm.jit
def mul(a: int, b: int) -> int:
    return a * b  # M-mul


@pydm.jit
def neg(a: int) -> int:
    return -a  # M-neg


@pydm.jit
def iabs(a: int) -> int:
    return abs(a)  # M-abs


@pydm.jit
def ipow(a: int, b: int) -> int:
    return a ** b  # M-ipow


@pydm.jit
def range_zero_step(n: int, step: int) -> int:
    s = 0
    for i in range(0, n, step):  # M-range
        s += i
    return s


@pydm.jit
def fails_later(n: int) -> int:
    s = 0
    for i in range(n):
        s += 100 // (5 - i)  # M-loop
    return s


@pydm.jit
def inner(a: int) -> int:
    x = a + 1
    return 10 // (x - x)  # M-inner


@pydm.jit
def outer(a: int) -> int:
    y = inner(a)
    return y + 1


@pydm.jit
def unbound_after_empty_loop(n: int) -> int:
    for i in range(n):
        pass
    return i  # M-unbound


# (function, args, marker of the raising line); CPython's class and message are compared by check.
RAISING = [
    (int_div, (1, 0), "M-int-div"),
    (int_div, (0, 0), "M-int-div"),
    (int_floordiv, (1, 0), "M-int-floordiv"),
    (int_floordiv, (INT64_MIN, 0), "M-int-floordiv"),
    (int_mod, (1, 0), "M-int-mod"),
    (int_mod, (-1, 0), "M-int-mod"),
    (float_div, (1.0, 0.0), "M-float-div"),
    (float_div, (0.0, -0.0), "M-float-div"),
    (float_div, (float("nan"), 0.0), "M-float-div"),
    (float_floordiv, (1.0, 0.0), "M-float-floordiv"),
    (float_floordiv, (float("inf"), -0.0), "M-float-floordiv"),
    (float_mod, (1.0, 0.0), "M-float-mod"),
    (float_mod, (-2.5, -0.0), "M-float-mod"),
    (zero_pow, (0,), "M-zero-pow"),
    (float_pow, (0.0, -1.0), "M-float-pow"),
    (float_pow, (-0.0, -2.5), "M-float-pow"),
    (float_pow, (10.0, 400.0), "M-float-pow"),
    (float_pow, (-10.0, 401.0), "M-float-pow"),
    (shift, (1, -1), "M-shift"),
    (rshift, (1, -1), "M-rshift"),
    (to_int, (float("nan"),), "M-to-int"),
    (to_int, (float("inf"),), "M-to-int"),
    (to_int, (float("-inf"),), "M-to-int"),
    (range_zero_step, (10, 0), "M-range"),
    (fails_later, (10,), "M-loop"),
    (inner, (3,), "M-inner"),
    (outer, (3,), "M-inner"),
    (unbound_after_empty_loop, (0,), "M-unbound"),
]

# The documented divergence: CPython returns a big int, pydm raises OverflowError.
OVERFLOWING = [
    (add, (INT64_MAX, 1), "M-add"),
    (mul, (2**32, 2**32), "M-mul"),
    (neg, (INT64_MIN,), "M-neg"),
    (iabs, (INT64_MIN,), "M-abs"),
    (ipow, (2, 64), "M-ipow"),
    (shift, (1, 64), "M-shift"),
    (int_floordiv, (INT64_MIN, -1), "M-int-floordiv"),
    (to_int, (1e19,), "M-to-int"),
]


def _id(case):
    fn, args, _ = case
    return f"{fn.py_func.__name__}{args}"


@pytest.mark.parametrize("case", RAISING, ids=[_id(c) for c in RAISING])
def test_class_and_message(case):
    fn, args, _ = case
    check(fn, *args)


@pytest.mark.parametrize("case", RAISING + OVERFLOWING, ids=[_id(c) for c in RAISING + OVERFLOWING])
def test_note_names_the_python_line(case):
    fn, args, marker = case
    (rk, rv), (pk, pv) = run_both(fn, *args)
    assert pk == "exc", f"pydm returned {pv!r}"
    assert_note(pv, marker)


@pytest.mark.parametrize("case", OVERFLOWING, ids=[_id(c) for c in OVERFLOWING])
def test_overflow_class(case):
    fn, args, _ = case
    check(fn, *args)
    check_raises(fn, OverflowError, *args)


def test_no_exception_no_residue():
    # After an exception, the same compiled function keeps working.
    check(int_floordiv, 1, 0)
    check(int_floordiv, 7, 2)
    check(outer, 3)
    check(add, 1, 2)


# --- recursion depth ---

@pydm.jit
def depth(n: int) -> int:
    if n == 0:
        return 0
    return depth(n - 1) + 1


@pydm.jit
def ping(n: int) -> int:
    if n == 0:
        return 0
    return pong(n - 1) + 1


@pydm.jit
def pong(n: int) -> int:
    if n == 0:
        return 0
    return ping(n - 1) + 1


@pydm.jit
def infinite(n: int) -> int:
    return infinite(n + 1)


@pydm.jit
def float_depth(x: float, n: int) -> float:
    if n == 0:
        return x
    return float_depth(x * 1.0, n - 1) + 0.0


@pytest.mark.parametrize("n", [100000, 1000000])
def test_deep_recursion_is_recursionerror(n):
    check_raises(depth, RecursionError, n)
    check_raises(ping, RecursionError, n)
    check_raises(float_depth, RecursionError, 1.0, n)


def test_infinite_recursion_is_recursionerror():
    check_raises(infinite, RecursionError, 0)


def test_recursion_error_then_normal_calls():
    check_raises(depth, RecursionError, 100000)
    check(depth, 500)
    check(ping, 501)
    check_raises(depth, RecursionError, 100000)
    check(depth, 0)


def test_moderate_recursion_works():
    check(depth, 600)
    check(ping, 600)
    check(float_depth, 2.5, 600)
