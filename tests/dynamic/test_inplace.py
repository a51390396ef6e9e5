"""``x op= y`` raises CPython's TypeError naming ``op=`` — typed and dynamic."""
import pytest

import pydm

from conformance.harness import check_many

VALUES = [None, True, 3, -2, 2.5, 0]


@pydm.jit
def iadd(c, a, b):
    x = a if c else None
    x += b
    return x


@pydm.jit
def isub(c, a, b):
    x = a if c else None
    x -= b
    return x


@pydm.jit
def imul(c, a, b):
    x = a if c else None
    x *= b
    return x


@pydm.jit
def itruediv(c, a, b):
    x = a if c else None
    x /= b
    return x


@pydm.jit
def ifloordiv(c, a, b):
    x = a if c else None
    x //= b
    return x


@pydm.jit
def imod(c, a, b):
    x = a if c else None
    x %= b
    return x


@pydm.jit
def ipow(c, a, b):
    x = a if c else None
    x **= b
    return x


@pydm.jit
def ilshift(c, a, b):
    x = a if c else None
    x <<= b
    return x


@pydm.jit
def iand(c, a, b):
    x = a if c else None
    x &= b
    return x


@pydm.jit
def ixor(c, a, b):
    x = a if c else None
    x ^= b
    return x


@pydm.jit
def typed_iadd(a, b):
    a += b
    return a


@pytest.mark.parametrize(
    "fn", [iadd, isub, imul, itruediv, ifloordiv, imod, ipow, ilshift, iand, ixor])
def test_dynamic_inplace(fn):
    cases = [(c, a, b) for c in (True, False) for a in VALUES for b in VALUES]
    if fn is ipow:  # a negative base to a fractional power is complex: a documented divergence
        cases = [(c, a, b) for c, a, b in cases if not (c and a == -2 and b == 2.5)]
    check_many(fn, cases)


def test_typed_inplace_messages():
    check_many(typed_iadd, [(a, b) for a in VALUES for b in VALUES])
