"""``divmod`` (a tuple result) and ``pow`` with two and three arguments vs CPython:
int, float, mixed and bool operands, zero divisors, negative operands,
modular inverses, zero/negative/INT64_MIN moduli, non-int arguments.

Documented divergences handled here: an int result beyond 64 bits is an
OverflowError in pydm (``tharness.check``); a negative number to a fractional
power is complex in CPython and a ValueError in pydm.
"""
import pytest

import pydm

from .tharness import Batch, INF, INT64_MAX, INT64_MIN, NAN, P, check, check_many, outcomes, show

# ---------------------------------------------------------------- divmod


@pydm.jit
def dm(a, b):
    return divmod(a, b)


@pydm.jit
def dm_int(a: int, b: int):
    q, r = divmod(a, b)
    return (r, q)


@pydm.jit
def dm_float(a: float, b: float):
    return divmod(a, b)


@pydm.jit
def dm_obj(c: bool, a, b):
    x = a if c else 2.5
    return divmod(x, b)


INT_PAIRS = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (0, -5), (5, 0), (-5, 0), (0, 0), (1, 1),
             (INT64_MIN, -1), (INT64_MIN, 1), (INT64_MIN, 2), (INT64_MIN, INT64_MAX), (INT64_MAX, INT64_MIN),
             (INT64_MAX, -1), (INT64_MAX, 2), (-1, INT64_MIN), (3, INT64_MAX)]
FLOAT_PAIRS = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (0.0, -1.0), (-0.0, 1.0), (-0.0, -1.0),
               (1.0, 0.0), (1.0, -0.0), (0.0, 0.0), (INF, 1.0), (1.0, INF), (-1.0, INF), (1.0, -INF),
               (NAN, 1.0), (1.0, NAN), (1e308, 1e-308), (-1e308, 1e-308), (5e-324, 3.0), (0.5, 0.1),
               (2.0**63, 3.0), (-3.0, 3.0), (3.0, -3.0)]
MIXED_PAIRS = [(7, 2.5), (-7, 2.5), (7.5, 2), (7.5, -2), (True, 2), (5, True), (5, False), (True, False),
               (5.0, False), (True, 0.0), (False, -1.5), (INT64_MAX, 0.5), (3, 0.0), (0.0, 3)]


DIVMOD_CASES = [
    P(dm, INT_PAIRS + FLOAT_PAIRS + MIXED_PAIRS
      + [((1,), 2), (None, 1), (1, (2,)), (2.5, None)]),
    P(dm_int, INT_PAIRS + [(True, 3), (9, True)]),
    P(dm_float, FLOAT_PAIRS + [(7, 2), (-7, 2.5), (1, 0), (True, 0.5)]),
    P(dm_obj, [(True, 7, 2), (True, 7, 0), (False, 7, 2), (False, 7, 0), (True, 1.5, 0.5), (True, True, 2),
               (True, (1,), 2), (False, 1, None)]),
]


@pytest.mark.parametrize("fn,cases", DIVMOD_CASES)
def test_divmod(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- pow with a modulus

@pydm.jit
def pow3(a, b, m):
    return pow(a, b, m)


@pydm.jit
def pow3_int(a: int, b: int, m: int):
    return pow(a, b, m)


@pydm.jit
def pow3_obj(c: bool, a, b, m):
    x = a if c else 2.5
    return pow(x, b, m)


POW3 = [(2, 10, 1000), (2, 10, -1000), (-2, 3, 5), (-2, 3, -5), (3, -1, 7), (3, -2, 7), (3, -1, -7),
        (-3, -1, 7), (2, -1, 4), (0, -1, 5), (6, -1, 9), (2, 3, 0), (2, -1, 0), (0, 0, 1), (0, 0, -1), (5, 0, 1),
        (5, 0, 7), (5, 0, -7), (1, -5, 1), (2, -1, 1), (2, -1, -1), (7, 3, 1), (0, 5, 3),
        (INT64_MAX, INT64_MAX, INT64_MAX - 1), (INT64_MIN, 3, INT64_MAX), (INT64_MAX, 2, INT64_MAX),
        (3037000500, 2, INT64_MAX), (123456789, 987654321, 4294967311), (3, 5, INT64_MIN),
        (3, -1, INT64_MIN), (3, -5, INT64_MIN), (2, -1, INT64_MIN), (2, 70, INT64_MIN), (-3, 3, INT64_MIN),
        (INT64_MIN, 1, INT64_MIN), (INT64_MAX, INT64_MAX, INT64_MIN), (-1, INT64_MIN, 7), (3, INT64_MIN, 1000003),
        (5, INT64_MAX, 1000003), (10, -3, 2**61 - 1), (True, True, True), (5, 3, True), (True, -1, 2),
        (2, True, 3), (3, 2, -1)]


POW_MODULUS_CASES = [
    P(pow3_int, POW3),
    P(pow3, POW3[:12] + [(2.0, 3, 5), (2, 3.0, 5), (2, 3, 5.0), (None, 1, 2), (2, None, 3), ((1,), 2, 3)]),
    P(pow3_obj, [(True, 3, -1, 7), (True, 2, 3, 0), (False, 2, 3, 5), (True, 2.5, 3, 5)]),
]


@pytest.mark.parametrize("fn,cases", POW_MODULUS_CASES)
def test_pow_modulus(fn, cases):
    BATCH.check_many(fn, cases)


@pydm.jit
def pow3_none(a: int, b: int):
    return pow(a, b, None)


@pydm.jit
def pow3_none_float(x: float):
    return pow(x, 2, None)


@pydm.jit
def pow3_float_and_none(x: float, op: int):
    if op == 0:
        return pow(x, None, 2)
    if op == 1:
        return pow(None, x, 2)
    if op == 2:
        return pow(2, None, x)
    return pow((1,), 2, x)


POW_MODULUS_NONE_AND_MESSAGES_CASES = [
    P(pow3_none, [(2, 10), (2, -1), (0, -1), (2, 63)]),
    P(pow3_none_float, [(1.5,)]),
    P(pow3_float_and_none, [(1.5, op) for op in range(4)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def divmod_pow_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8,
                             b8, a9, b9, a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15,
                             b15, a16, b16, a17, b17, a18, b18, a19, b19, a20, b20, c20, a21, b21,
                             c21, a22, b22, c22, a23, b23, c23, a24, b24, c24, a25, b25, c25, a26,
                             b26, c26, a27, b27, c27, a28, b28, c28, a29, b29, c29, a30, b30, c30,
                             a31, b31, c31, a32, b32, c32, a33, b33, c33, a34, b34, c34, a35, b35,
                             c35, a36, b36, c36, a37, b37, c37, d37, a38, b38, c38, d38, a39, b39,
                             a40, a41, b41):
    if k == 0:
        return dm(a0, b0)
    if k == 1:
        return dm(a1, b1)
    if k == 2:
        return dm(a2, b2)
    if k == 3:
        return dm(a3, b3)
    if k == 4:
        return dm(a4, b4)
    if k == 5:
        return dm(a5, b5)
    if k == 6:
        return dm(a6, b6)
    if k == 7:
        return dm(a7, b7)
    if k == 8:
        return dm(a8, b8)
    if k == 9:
        return dm(a9, b9)
    if k == 10:
        return dm(a10, b10)
    if k == 11:
        return dm(a11, b11)
    if k == 12:
        return dm(a12, b12)
    if k == 13:
        return dm_int(a13, b13)
    if k == 14:
        return dm_int(a14, b14)
    if k == 15:
        return dm_int(a15, b15)
    if k == 16:
        return dm_float(a16, b16)
    if k == 17:
        return dm_float(a17, b17)
    if k == 18:
        return dm_float(a18, b18)
    if k == 19:
        return dm_float(a19, b19)
    if k == 20:
        return dm_obj(a20, b20, c20)
    if k == 21:
        return dm_obj(a21, b21, c21)
    if k == 22:
        return dm_obj(a22, b22, c22)
    if k == 23:
        return dm_obj(a23, b23, c23)
    if k == 24:
        return dm_obj(a24, b24, c24)
    if k == 25:
        return pow3_int(a25, b25, c25)
    if k == 26:
        return pow3_int(a26, b26, c26)
    if k == 27:
        return pow3_int(a27, b27, c27)
    if k == 28:
        return pow3_int(a28, b28, c28)
    if k == 29:
        return pow3_int(a29, b29, c29)
    if k == 30:
        return pow3(a30, b30, c30)
    if k == 31:
        return pow3(a31, b31, c31)
    if k == 32:
        return pow3(a32, b32, c32)
    if k == 33:
        return pow3(a33, b33, c33)
    if k == 34:
        return pow3(a34, b34, c34)
    if k == 35:
        return pow3(a35, b35, c35)
    if k == 36:
        return pow3(a36, b36, c36)
    if k == 37:
        return pow3_obj(a37, b37, c37, d37)
    if k == 38:
        return pow3_obj(a38, b38, c38, d38)
    if k == 39:
        return pow3_none(a39, b39)
    if k == 40:
        return pow3_none_float(a40)
    return pow3_float_and_none(a41, b41)


BATCH = Batch(divmod_pow_group, [
    *DIVMOD_CASES,
    *POW_MODULUS_CASES,
    *POW_MODULUS_NONE_AND_MESSAGES_CASES,
])


@pytest.mark.parametrize("fn,cases", POW_MODULUS_NONE_AND_MESSAGES_CASES)
def test_pow_modulus_none_and_messages(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- pow with two arguments

@pydm.jit
def pow2(a, b):
    return pow(a, b)


@pydm.jit
def pow2_int(a: int, b: int):
    return (pow(a, b), pow(a, 2), pow(a, -1) if a != 0 else 0.0)


def check_pow(fn, *args):
    """``check``, except that where CPython gives a complex pydm raises ValueError (documented)."""
    (rk, rv), (pk, pv) = outcomes(fn, args)
    if rk == "ok" and type(rv) is complex:
        assert pk == "exc" and type(pv) is ValueError, f"{args!r}: CPython {rv!r}, pydm {show(pk, pv)}"
        return
    check(fn, *args)


@pytest.mark.parametrize("args", [
    (2, 10), (2, -1), (-2, -3), (0, -1), (0, 0), (2, 62), (2, 63), (-2, 63), (3, 40), (-1, INT64_MAX),
    (1, INT64_MIN), (2.5, 2), (2, 0.5), (-8.0, 1 / 3), (-8, 0.5), (0.0, -1.0), (0.0, -1), (True, 2), (2, True),
    (False, -1), (NAN, 0), (INF, -1), (1e300, 2), (-1e300, 3.0), (None, 2), ((1,), 2), (2, (1,)),
])
def test_pow_two_arguments(args):
    check_pow(pow2, *args)


def test_pow_two_arguments_typed():
    check_many(pow2_int, [(2, 10), (2, -1), (0, 5), (-3, 3), (3037000500, 1), (2, 64), (0, -1)])
