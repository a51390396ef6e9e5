"""Regression (r): compile time of nested loops.

Three nested ``range(n)`` loops took 16 s to compile, four 158 s, five
nested ``range(2)`` loops more than 300 s. Five (and six) nested loops must
compile and give CPython's result. Nothing is timed here: a regression
shows as a test that takes minutes.
"""
import pytest

import pydm
from conformance.harness import check_many


@pydm.jit
def five_typed(n: int):
    s = 0
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    for e in range(n):
                        s = s + a * 10000 + b * 1000 + c * 100 + d * 10 + e
    return s


@pydm.jit
def five_literal():
    s = 0
    for a in range(2):
        for b in range(2):
            for c in range(2):
                for d in range(2):
                    for e in range(2):
                        s = s * 2 + (a + b + c + d + e) % 3
    return s


@pydm.jit
def five_untyped(n):
    s = 0
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    for e in range(n):
                        s = s + (a - b) * (c + d) - e
    return s


@pydm.jit
def five_generic(x: object, y: object):
    s = x
    for a in range(2):
        for b in range(2):
            for c in range(2):
                for d in range(2):
                    for e in range(2):
                        s = s + y * a - b + c * d // (e + 1)
    return s


@pydm.jit
def five_mixed(n: int):
    s = 0
    a = 0
    while a < n:
        for b in range(n):
            for c in range(a, n):
                for d in range(n):
                    for e in range(1, n + 1):
                        if e % 2 == 0:
                            continue
                        if s > 10**6:
                            break
                        s += a ^ b ^ c ^ d ^ e
        a += 1
    return s


@pydm.jit
def six_float(n: int):
    s = 0.5
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    for e in range(n):
                        for g in range(n):
                            s = s + a - b + c - d + e - g if s < 100 else 0
    return s


@pytest.mark.parametrize("fn, cases", [
    (five_typed, [(0,), (2,), (3,)]),
    (five_literal, [()]),
    (five_untyped, [(2,), (3,), (True,), (0,)]),
    (five_generic, [(1, 2), (1.5, 2), (None, 1)]),
    (five_mixed, [(0,), (2,), (3,)]),
    (six_float, [(2,)]),
], ids=lambda v: getattr(getattr(v, "py_func", None), "__name__", ""))
def test_deeply_nested_loops_compile(fn, cases):
    check_many(fn, cases)
