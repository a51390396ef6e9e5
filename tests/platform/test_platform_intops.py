"""PLATFORM.md §1 integer traps: ``overflow<nsw>`` is not checked (i64 wraps
silently), the extended ops are missing, and shift amounts are taken mod 64
(``1 << 64`` gives 1).  DESIGN.md: an int result that does not fit 64 bits
raises OverflowError, never a wrapped value.

All cases run in one subprocess (the multiplication overflow check divides,
so a wrong guard would SIGFPE); each case reports a JSON line.
"""
from __future__ import annotations

import pytest

MAX = 2**63 - 1
MIN = -(2**63)

# (function name, args, expected): "cpython" or an exception class name
CASES = [
    ("add", (MAX, 1), "OverflowError"),
    ("add", (MIN, -1), "OverflowError"),
    ("add", (MAX, MIN), "cpython"),
    ("add", (MAX - 5, 5), "cpython"),
    ("sub", (MIN, 1), "OverflowError"),
    ("sub", (0, MIN), "OverflowError"),
    ("sub", (-1, MAX), "cpython"),
    ("mul", (2**62, 2), "OverflowError"),
    ("mul", (MIN, -1), "OverflowError"),
    ("mul", (-1, MIN), "OverflowError"),
    ("mul", (3037000500, 3037000500), "OverflowError"),
    ("mul", (3037000499, 3037000499), "cpython"),
    ("mul", (-(2**62), 2), "cpython"),
    ("mul", (0, MIN), "cpython"),
    ("mul", (MIN, 1), "cpython"),
    ("neg", (MIN,), "OverflowError"),
    ("neg", (MAX,), "cpython"),
    ("absval", (MIN,), "OverflowError"),
    ("absval", (-(2**62),), "cpython"),
    ("aug_add", (MAX - 3,), "OverflowError"),
    ("aug_add", (MAX - 4,), "cpython"),
    ("shl", (1, 62), "cpython"),
    ("shl", (1, 63), "OverflowError"),
    ("shl", (1, 64), "OverflowError"),
    ("shl", (3, 65), "OverflowError"),
    ("shl", (0, 64), "cpython"),
    ("shl", (-1, 63), "cpython"),
    ("shl", (5, -1), "cpython"),          # ValueError: negative shift count
    ("shr", (-1, 70), "cpython"),
    ("shr", (12345, 64), "cpython"),
    ("shr", (MIN, 63), "cpython"),
    ("shr", (7, -2), "cpython"),          # ValueError
    ("power", (2, 62), "cpython"),
    ("power", (-2, 63), "cpython"),       # == INT64_MIN: fits
    ("power", (2, 63), "OverflowError"),
    ("power", (3, 40), "OverflowError"),
    ("power", (0, 0), "cpython"),
    ("power", (-1, MAX), "cpython"),
    ("bits", (MIN, MAX), "cpython"),
    ("bits", (-12345, 987654321), "cpython"),
    ("minmax", (MIN, MAX), "cpython"),
    ("minmax", (-3, -3), "cpython"),
    ("as_bool", (0,), "cpython"),
    ("as_bool", (MIN,), "cpython"),
    # i1 lives in a 32-bit register and is not re-normalised (PLATFORM §1)
    ("bool_arith", (True, True), "cpython"),
    ("bool_arith", (True, False), "cpython"),
    ("bool_arith", (False, False), "cpython"),
    ("not_int", (0,), "cpython"),
    ("not_int", (-7,), "cpython"),
    ("bool_eq", (True, True), "cpython"),
    ("bool_eq", (False, True), "cpython"),
    # int -> f64 conversion inside arithmetic (sitofp canonicalizer trap)
    ("mixf", (3, 0.5), "cpython"),
    ("mixf", (MIN, 1.0), "cpython"),
    ("mixf", (MAX, -1.0), "cpython"),
    ("mixf", (2**53 + 1, 1.0), "cpython"),
    ("int_truediv", (7, 2), "cpython"),
    ("int_truediv", (MIN, -1), "cpython"),
    ("int_truediv", (2**53 + 1, 1), "cpython"),
    # beyond 2**53 CPython rounds the exact quotient once; float(a)/float(b) rounds twice
    ("int_truediv", (5258986265376043509, 888599), "cpython"),
]

FUNCS = '''
import pydm

@pydm.jit
def add(a: int, b: int) -> int:
    return a + b

@pydm.jit
def sub(a: int, b: int) -> int:
    return a - b

@pydm.jit
def mul(a: int, b: int) -> int:
    return a * b

@pydm.jit
def neg(a: int) -> int:
    return -a

@pydm.jit
def absval(a: int) -> int:
    return abs(a)

@pydm.jit
def aug_add(a: int) -> int:
    i = 0
    while i < 4:
        a += 1
        i += 1
    return a

@pydm.jit
def shl(a: int, b: int) -> int:
    return a << b

@pydm.jit
def shr(a: int, b: int) -> int:
    return a >> b

@pydm.jit
def power(a: int, b: int) -> int:
    return a ** b

@pydm.jit
def bits(a: int, b: int) -> int:
    return (a & b) ^ (~a | b) ^ (a ^ ~b)

@pydm.jit
def minmax(a: int, b: int) -> int:
    return max(a, b) - min(a, b) // 2 if a > b else min(a, b)

@pydm.jit
def as_bool(a: int) -> bool:
    return bool(a)

@pydm.jit
def bool_arith(a: bool, b: bool) -> int:
    return (a + b) * 3 - (~a) + (a & b) + (a ^ b) * 10

@pydm.jit
def not_int(a: int) -> bool:
    return not a

@pydm.jit
def bool_eq(a: bool, b: bool) -> bool:
    return a == b

@pydm.jit
def mixf(n: int, x: float) -> float:
    return n * x + n

@pydm.jit
def int_truediv(a: int, b: int) -> float:
    return a / b
'''


@pytest.fixture(scope="module")
def int_results(tmp_path_factory, run_script_at):
    body = FUNCS + f'''
for i, (name, args, _) in enumerate({CASES!r}):
    fn = globals()[name]
    report(str(i), got=outcome(fn, *args), want=outcome(fn.py_func, *args))
'''
    return run_script_at(tmp_path_factory.mktemp("intops"), body, "intops.py")


@pytest.mark.parametrize("i", range(len(CASES)),
                         ids=[f"{n}{a}" for n, a, _ in CASES])
def test_int_op(int_results, i):
    name, args, expected = CASES[i]
    rec = int_results.results.get(str(i))
    assert rec is not None, "case never ran:\n" + int_results.describe()
    got, want = rec["got"], rec["want"]
    if expected == "cpython":
        if want["kind"] == "raise":
            assert got["kind"] == "raise" and (got["type"], got["msg"]) == (
                want["type"], want["msg"]), (got, want)
        else:
            assert got == want, (got, want)
    else:
        assert got["kind"] == "raise" and got["type"] == expected, (
            f"expected {expected}, got {got} (CPython: {want})")


def test_int_process_survived(int_results):
    int_results.assert_ok()
