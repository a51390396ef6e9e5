"""PLATFORM.md §1 float traps, checked bit for bit against CPython:

* ``cmpf oge/one/uge/ord`` are wrong when an operand is NaN;
* the VM folders turn ``x != x`` into False and ``x == x`` into True;
* every ``-0.0`` constant becomes ``+0.0``;
* ``x * 0.0`` and ``0.0 / x`` are folded to ``0.0`` (wrong for inf/nan/negative x);
* ``arith.remf`` is IEEE remainder, not Python's ``%``;
* ``vm.cast.f64.si64`` rounds half away from zero (``int()`` truncates).
"""
from __future__ import annotations

import math
import struct

import pytest

import pydm

NAN = float("nan")
INF = float("inf")


def bits(x: float) -> str:
    return struct.pack("<d", x).hex()


def same(jitfn, *args):
    """Call jit and CPython; compare type and (for floats) the exact bits."""
    want_exc = got_exc = None
    try:
        want = jitfn.py_func(*args)
    except Exception as e:  # noqa: BLE001
        want_exc = e
    try:
        got = jitfn(*args)
    except pydm.CompileError:
        raise
    except Exception as e:  # noqa: BLE001
        got_exc = e
    if want_exc is not None:
        assert got_exc is not None, f"{args}: expected {want_exc!r}, got {got!r}"
        assert (type(got_exc), str(got_exc)) == (type(want_exc), str(want_exc)), args
        return
    assert got_exc is None, f"{args}: expected {want!r}, raised {got_exc!r}"
    assert type(got) is type(want), f"{args}: type {type(got)} != {type(want)}"
    if isinstance(want, float):
        assert bits(got) == bits(want), f"{args}: {got!r} ({bits(got)}) != {want!r} ({bits(want)})"
    else:
        assert got == want, f"{args}: {got!r} != {want!r}"


VALUES = [NAN, -NAN, INF, -INF, 1.0, -1.0, 0.0, -0.0, 2.5, -3.75, 1e308, 5e-324]


# ---- NaN comparisons ------------------------------------------------------

@pydm.jit
def ne_self(x: float) -> bool:
    return x != x


@pydm.jit
def eq_self(x: float) -> bool:
    return x == x


@pydm.jit
def ge_self(x: float) -> bool:
    return x >= x


@pydm.jit
def le_self(x: float) -> bool:
    return x <= x


@pydm.jit
def gt_self(x: float) -> bool:
    return x > x


@pydm.jit
def not_eq_self(x: float) -> bool:
    return not (x == x)


@pytest.mark.parametrize("fn", [ne_self, eq_self, ge_self, le_self, gt_self, not_eq_self],
                         ids=lambda f: f.py_func.__name__)
@pytest.mark.parametrize("x", [NAN, INF, -0.0, 1.5], ids=repr)
def test_self_comparison(fn, x):
    same(fn, x)


@pydm.jit
def cmp_ge(x: float, y: float) -> bool:
    return x >= y


@pydm.jit
def cmp_ne(x: float, y: float) -> bool:
    return x != y


@pydm.jit
def cmp_eq(x: float, y: float) -> bool:
    return x == y


@pydm.jit
def cmp_le(x: float, y: float) -> bool:
    return x <= y


@pydm.jit
def cmp_lt(x: float, y: float) -> bool:
    return x < y


@pydm.jit
def cmp_gt(x: float, y: float) -> bool:
    return x > y


@pydm.jit
def cmp_not_lt(x: float, y: float) -> bool:
    return not (x < y)


@pydm.jit
def cmp_chain(x: float, y: float) -> bool:
    return x <= y >= x


@pydm.jit
def cmp_ternary(x: float, y: float) -> int:
    return 1 if x >= y else (2 if x != y else 3)


PAIRS = [(NAN, 1.0), (1.0, NAN), (NAN, NAN), (2.0, 1.0), (1.0, 1.0),
         (0.0, -0.0), (-INF, NAN), (INF, INF)]


@pytest.mark.parametrize("fn", [cmp_ge, cmp_ne, cmp_eq, cmp_le, cmp_lt, cmp_gt,
                                cmp_not_lt, cmp_chain, cmp_ternary],
                         ids=lambda f: f.py_func.__name__)
@pytest.mark.parametrize("pair", PAIRS, ids=repr)
def test_nan_comparison(fn, pair):
    same(fn, *pair)


@pydm.jit
def nan_from_inf(x: float) -> bool:
    y = x - x          # inf - inf = nan, computed at run time
    return y != y


def test_nan_computed_in_function():
    same(nan_from_inf, INF)
    same(nan_from_inf, 4.0)


# ---- -0.0 ------------------------------------------------------------------

@pydm.jit
def neg_zero_literal() -> float:
    return -0.0


@pydm.jit
def neg_zero_product() -> float:
    return 0.0 * -1.0


@pydm.jit
def neg_zero_local() -> float:
    z = -0.0
    return z * 1.0


@pydm.jit
def neg_of_param(x: float) -> float:
    return -x


@pydm.jit
def zero_plus_neg_zero(x: float) -> float:
    return x + -0.0


@pydm.jit
def abs_of(x: float) -> float:
    return abs(x)


def test_neg_zero_literal_returned():
    same(neg_zero_literal)
    assert math.copysign(1.0, neg_zero_literal()) == -1.0


def test_neg_zero_product_constant():
    same(neg_zero_product)


def test_neg_zero_local():
    same(neg_zero_local)


@pytest.mark.parametrize("x", [0.0, -0.0, NAN], ids=repr)
def test_neg_zero_unary_and_add(x):
    same(neg_of_param, x)
    same(zero_plus_neg_zero, x)
    same(abs_of, x)


# ---- x * 0.0 and 0.0 / x ---------------------------------------------------

@pydm.jit
def times_zero(x: float) -> float:
    return x * 0.0


@pydm.jit
def zero_times(x: float) -> float:
    return 0.0 * x


@pydm.jit
def times_neg_zero(x: float) -> float:
    return x * -0.0


@pydm.jit
def zero_div(x: float) -> float:
    return 0.0 / x


@pydm.jit
def neg_zero_div(x: float) -> float:
    return -0.0 / x


@pydm.jit
def plus_zero(x: float) -> float:
    return x + 0.0


@pytest.mark.parametrize("fn", [times_zero, zero_times, times_neg_zero, zero_div,
                                neg_zero_div, plus_zero],
                         ids=lambda f: f.py_func.__name__)
@pytest.mark.parametrize("x", [INF, -INF, NAN, -5.0, 3.0, -0.0, 0.0], ids=repr)
def test_zero_folding(fn, x):
    same(fn, x)


# ---- min / max with NaN and signed zeros (Python: first wins unless strictly
# better; maximumf/minimumf would propagate NaN instead) ---------------------

@pydm.jit
def fmax(x: float, y: float) -> float:
    return max(x, y)


@pydm.jit
def fmin(x: float, y: float) -> float:
    return min(x, y)


@pytest.mark.parametrize("fn", [fmax, fmin], ids=lambda f: f.py_func.__name__)
@pytest.mark.parametrize("pair", [(NAN, 1.0), (1.0, NAN), (0.0, -0.0), (-0.0, 0.0),
                                  (-INF, 2.0), (3.0, 3.0)], ids=repr)
def test_min_max_nan_and_signed_zero(fn, pair):
    same(fn, *pair)


# ---- float % and // (remf is IEEE remainder) --------------------------------

@pydm.jit
def fmod_py(x: float, y: float) -> float:
    return x % y


@pydm.jit
def ffloordiv(x: float, y: float) -> float:
    return x // y


MOD_PAIRS = [(5.0, 3.0), (-5.0, 3.0), (5.0, -3.0), (-5.0, -3.0), (7.5, 2.0),
             (-0.0, 3.0), (0.0, -3.0), (1.0, INF), (-1.0, INF), (INF, 2.0),
             (NAN, 2.0), (5.5, NAN), (1e308, 1e-308), (-7.0, 7.0)]


@pytest.mark.parametrize("fn", [fmod_py, ffloordiv], ids=lambda f: f.py_func.__name__)
@pytest.mark.parametrize("pair", MOD_PAIRS, ids=repr)
def test_float_mod_floordiv(fn, pair):
    same(fn, *pair)


# ---- int(x): truncation toward zero, NaN/inf errors ---------------------------

@pydm.jit
def to_int(x: float) -> int:
    return int(x)


@pytest.mark.parametrize("x", [2.5, -2.5, -0.5, 0.5, 3.9999, -3.9999, -0.0, 1e18,
                               -9.223372036854775e18, NAN, INF, -INF], ids=repr)
def test_int_of_float(x):
    same(to_int, x)


@pytest.mark.parametrize("x", [1e19, -1e19, 9.3e18])
def test_int_of_float_out_of_int64_range(x):
    """CPython gives a big int; pydm's 64-bit int must raise OverflowError."""
    with pytest.raises(OverflowError):
        to_int(x)


@pydm.jit
def to_float(n: int) -> float:
    return float(n)


@pytest.mark.parametrize("n", [0, -1, 2**53 + 1, -(2**63), 2**63 - 1], ids=repr)
def test_float_of_int(n):
    same(to_float, n)


# ---- f64 basics -------------------------------------------------------------

@pydm.jit
def fpoly(x: float, y: float) -> float:
    return x * y + x / y - y


@pytest.mark.parametrize("pair", [(1e200, 1e100), (1.0, 3.0), (-2.5, 1e-300), (0.1, 0.2)],
                         ids=repr)
def test_double_precision(pair):
    same(fpoly, *pair)
