"""Python's float operations on f64 (bit-exact with CPython), and the
conversions and comparisons between ints and floats."""

from __future__ import annotations

import math as _pymath

from iree.compiler import ir
from iree.compiler.dialects import arith, math

from .common import (
    MSG_COMPLEX_POW,
    MSG_FLOAT_DIV_ZERO,
    MSG_FLOAT_FLOORDIV_ZERO,
    MSG_FLOAT_INF_TO_INT,
    MSG_FLOAT_MOD_ZERO,
    MSG_FLOAT_NAN_TO_INT,
    MSG_FLOAT_TOO_LARGE,
    MSG_POW_RANGE,
    MSG_ZERO_NEG_POW,
    RaiseCode,
    _SWAPPED,
    _and,
    _barrier,
    _check_pred,
    _errors,
    _fcmp_raw,
    _fguard,
    _first,
    _icmp,
    _not,
    _or,
    _sel,
    _signed_zero_like,
    _vm_f64_to_si64,
    _vm_si64_to_f64,
    float_const,
    i64_type,
    int_const,
)
from .ints import (
    _INT_PRED,
)

# --------------------------------------------------------------------------
# float
# --------------------------------------------------------------------------

def float_isnan(x: ir.Value) -> ir.Value:
    """``math.isnan(x)`` -> i1 (``cmpf uno`` with a barrier, so never folded)."""
    return _fcmp_raw("uno", x, x)


#: ``iree_pydm.libm``'s functions as math dialect ops (the VM's call the host's libm)
_LIBM_OPS = {"exp": math.exp, "expm1": math.expm1, "log": math.log, "log2": math.log2, "log10": math.log10,
             "log1p": math.log1p, "sin": math.sin, "cos": math.cos, "atan": math.atan, "tanh": math.tanh,
             "erf": math.erf, "sqrt": math.sqrt, "floor": math.floor, "ceil": math.ceil,
             "atan2": math.atan2, "pow": math.powf, "remainder": arith.remf}


def float_libm(fn: str, args) -> ir.Value:
    """The C library's ``fn`` of f64 ``args`` (raw: inf and nan, no errors);
    constant operands behind barriers, so no folder computes it instead."""
    return _LIBM_OPS[fn](*[_fguard(a) for a in args])


def _isinf(x: ir.Value) -> ir.Value:
    return _fcmp_raw("oeq", math.absf(x), float_const(_pymath.inf))


def float_cmp(pred: str, a: ir.Value, b: ir.Value) -> ir.Value:
    """Python float comparison ``a <pred> b`` -> i1, correct with NaN (every
    comparison with NaN is False except ``!=``) and safe from the ``x != x``
    self-comparison folds."""
    _check_pred(pred)
    a, b = _fguard(a), _fguard(b)
    if pred == "lt":
        return _fcmp_raw("olt", a, b)
    if pred == "le":
        return _fcmp_raw("ole", a, b)
    if pred == "gt":
        return _fcmp_raw("ogt", a, b)
    if pred == "ge":
        return _fcmp_raw("ole", b, a)  # cmpf oge is wrong with NaN
    if pred == "eq":
        return _fcmp_raw("oeq", a, b)
    return _fcmp_raw("une", a, b)


# The VM folders apply integer identities to float add/sub: ``(x + y) - x -> y``,
# ``(x + y) - y -> x``, ``(x - y) + y -> x``, ``y + (x - y) -> x`` (wrong for
# inf, nan, overflow, rounding and -0.0: ``(1e308 + 1.0) - 1e308`` is 0.0).
# They look at the op defining an operand, so every float add and sub result
# goes through a barrier: the pattern never sees an add/sub behind it, also
# after rewrites that make one (``(p + q) + (-p)`` becomes ``(p + q) - p``).
# tests/platform/test_platform_float_identities.py checks every such shape.

def float_add(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a + b`` on floats (IEEE, bit-exact incl. ``-0.0 + 0.0 == 0.0``)."""
    return _barrier(arith.addf(_fguard(a), _fguard(b)))


def float_sub(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a - b`` on floats (IEEE, bit-exact)."""
    return _barrier(arith.subf(_fguard(a), _fguard(b)))


def float_mul(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a * b`` on floats (IEEE, bit-exact; ``inf * 0.0`` is nan)."""
    return arith.mulf(_fguard(a), _fguard(b))


def float_neg(a: ir.Value) -> ir.Value:
    """Python ``-a`` on floats (sign flip: ``-(0.0)`` is ``-0.0``)."""
    return arith.negf(_fguard(a))


def float_abs(a: ir.Value) -> ir.Value:
    """Python ``abs(a)`` on floats (clears the sign bit, ``abs(-0.0) == 0.0``)."""
    return math.absf(_fguard(a))


def float_truediv(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a / b`` on floats; ZeroDivisionError when ``b == ±0.0``."""
    a, b = _fguard(a), _fguard(b)
    zero = _fcmp_raw("oeq", b, float_const(0.0))
    err = _errors(raise_code, [(zero, "ZeroDivisionError", MSG_FLOAT_DIV_ZERO)])
    return err, arith.divf(a, b)


def float_div_nonzero(a: ir.Value, b: ir.Value) -> ir.Value:
    """``a / b`` on floats where ``b`` is known not to be zero."""
    return arith.divf(_fguard(a), _fguard(b))


def _fmod(x: ir.Value, y: ir.Value) -> ir.Value:
    """C ``fmod(x, y)`` (exact) from ``arith.remf`` = IEEE ``remainder``.

    remainder r and fmod f differ by a multiple of |y|; when r's sign differs
    from x's, f = r ± |y|, which is representable, so the add is exact.
    """
    r = arith.remf(x, y)
    ay = math.absf(y)
    zero = float_const(0.0)
    r_neg_x_pos = _and(_fcmp_raw("olt", r, zero), _fcmp_raw("ogt", x, zero))
    r_pos_x_neg = _and(_fcmp_raw("ogt", r, zero), _fcmp_raw("olt", x, zero))
    return _first([(r_neg_x_pos, arith.addf(r, ay)),
                   (r_pos_x_neg, arith.subf(r, ay))], r)


def float_mod(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a % b`` on floats (CPython ``float_rem``: result has the sign of
    ``b``, a zero result is ``copysign(0.0, b)``). ZeroDivisionError
    ``"float modulo"`` when ``b == ±0.0``."""
    a, b = _fguard(a), _fguard(b)
    zero = float_const(0.0)
    is_zero = _fcmp_raw("oeq", b, zero)
    err = _errors(raise_code, [(is_zero, "ZeroDivisionError", MSG_FLOAT_MOD_ZERO)])
    # IEEE remainder r is congruent to a mod b with |r| <= |b|/2: Python's
    # result is r itself when the signs agree, else fl(r + b) (CPython computes
    # fl(fmod + b), which is the same number: see the module tests).
    r = arith.remf(a, b)
    r_is_zero = _fcmp_raw("oeq", r, zero)
    flip = arith.xori(_fcmp_raw("olt", r, zero), _fcmp_raw("olt", b, zero))
    value = _first([(r_is_zero, _signed_zero_like(b)),
                    (flip, arith.addf(r, b))], r)
    return err, value


def float_floordiv(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a // b`` on floats (CPython ``_float_div_mod``: the quotient
    snapped to an integral value, zero with the sign of ``a / b``).
    ZeroDivisionError ``"float floor division by zero"`` when ``b == ±0.0``."""
    a, b = _fguard(a), _fguard(b)
    zero = float_const(0.0)
    one = float_const(1.0)
    is_zero = _fcmp_raw("oeq", b, zero)
    err = _errors(raise_code, [(is_zero, "ZeroDivisionError", MSG_FLOAT_FLOORDIV_ZERO)])
    mod = _fmod(a, b)
    div = arith.divf(arith.subf(a, mod), b)
    # `if (mod)` is true for NaN; `mod < 0` is false for NaN.
    adjust = _and(_fcmp_raw("une", mod, zero),
                  arith.xori(_fcmp_raw("olt", b, zero), _fcmp_raw("olt", mod, zero)))
    div = _sel(adjust, arith.subf(div, one), div)
    fl = math.floor(div)
    fl = _sel(_fcmp_raw("ogt", arith.subf(div, fl), float_const(0.5)), arith.addf(fl, one), fl)
    value = _sel(_fcmp_raw("une", div, zero), fl, _signed_zero_like(arith.divf(a, b)))
    return err, value


def _is_odd_integer(y: ir.Value) -> ir.Value:
    """CPython's ``DOUBLE_IS_ODD_INTEGER(y)`` (``fmod(fabs(y), 2.0) == 1.0``)."""
    h = arith.mulf(y, float_const(0.5))
    return _and(_fcmp_raw("oeq", math.floor(y), y), _fcmp_raw("une", math.floor(h), h))


def _float_pow(x, y, raise_code, *, can_complex=True, can_overflow=True):
    x, y = _fguard(x), _fguard(y)
    zero, one = float_const(0.0), float_const(1.0)
    inf = float_const(_pymath.inf)
    ax = math.absf(x)
    ay = math.absf(y)
    x_nan = float_isnan(x)
    y_nan = float_isnan(y)
    x_inf = _fcmp_raw("oeq", ax, inf)
    y_inf = _fcmp_raw("oeq", ay, inf)
    y_zero = _fcmp_raw("oeq", y, zero)
    x_zero = _fcmp_raw("oeq", x, zero)
    x_neg = _fcmp_raw("olt", x, zero)
    y_pos = _fcmp_raw("ogt", y, zero)
    y_neg = _fcmp_raw("olt", y, zero)
    y_odd = _is_odd_integer(y)

    # case: y is ±inf
    inf_case = _first([
        (_fcmp_raw("oeq", ax, one), one),
        (arith.xori(y_pos, _fcmp_raw("ogt", ax, one)), zero),  # (y>0) != (|x|>1)
    ], ay)
    # case: x is ±inf
    xinf_case = _sel(y_pos, _sel(y_odd, x, ax), _sel(y_odd, _signed_zero_like(x), zero))
    # case: x is ±0
    xzero_case = _sel(y_odd, x, zero)
    # general case: x finite nonzero, y finite nonzero
    non_integral = _fcmp_raw("une", y, math.floor(y))
    negate = _and(x_neg, y_odd)
    p = math.powf(ax, y)
    p_inf = _fcmp_raw("oeq", p, inf)
    general = _sel(_fcmp_raw("oeq", ax, one), one, p)
    general = _sel(negate, arith.negf(general), general)

    value = _first([
        (y_zero, one),
        (x_nan, x),
        (y_nan, _sel(_fcmp_raw("oeq", x, one), one, y)),
        (y_inf, inf_case),
        (x_inf, xinf_case),
        (x_zero, xzero_case),
    ], general)
    earlier = _or(y_zero, x_nan, y_nan, y_inf, x_inf)  # cases CPython tests first
    regular = _not(_or(earlier, x_zero))
    errors = [(_and(_not(earlier), x_zero, y_neg), "ZeroDivisionError", MSG_ZERO_NEG_POW)]
    if can_complex:
        errors.append((_and(regular, x_neg, non_integral), "ValueError", MSG_COMPLEX_POW))
    if can_overflow:
        errors.append((_and(regular, _fcmp_raw("une", ax, one), p_inf),
                       "OverflowError", MSG_POW_RANGE))
    return _errors(raise_code, errors), value


def float_pow(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a ** b`` on floats (CPython ``float_pow``): ``x**0 == 1`` even
    for NaN, ``1**y == 1`` even for NaN, the inf/zero special cases with their
    signs; ZeroDivisionError for ``0.0 ** negative``; ValueError for a negative
    base with a non-integral exponent (CPython returns a complex there);
    OverflowError ``"(34, 'Numerical result out of range')"`` when finite
    operands overflow to inf. Underflow quietly gives 0.0 as in CPython."""
    return _float_pow(a, b, raise_code)


# --------------------------------------------------------------------------
# conversions and mixed comparisons
# --------------------------------------------------------------------------

def int_to_float(a: ir.Value) -> ir.Value:
    """Python ``float(a)`` for an int (round half to even, exact below 2**53).
    Uses ``vm.cast.si64.f64`` (immune to the sitofp/extsi canonicalizer trap).
    The result goes through a barrier: a constant int (``1 - 1``) would
    otherwise fold to a bare float constant and re-expose the VM's float
    folding traps (``0.0 * inf``)."""
    return _barrier(_vm_si64_to_f64(a))


def bool_to_int(b: ir.Value) -> ir.Value:
    """Python ``int(b)`` for a bool (i1 -> 0 / 1 as i64)."""
    return arith.extui(i64_type(), b)


def float_to_int(x: ir.Value, raise_code: RaiseCode):
    """Python ``int(x)`` for a float: truncation toward zero. ValueError for
    NaN, OverflowError for ±inf and for finite values outside i64 (pydm's
    64-bit int)."""
    x = _fguard(x)
    zero = float_const(0.0)
    t = _sel(_fcmp_raw("olt", x, zero), math.ceil(x), math.floor(x))
    in_range = _and(_fcmp_raw("ole", float_const(-(2.0**63)), t),
                    _fcmp_raw("olt", t, float_const(2.0**63)))
    value = _vm_f64_to_si64(_sel(in_range, t, zero))  # integral: the cast is exact
    err = _errors(raise_code, [
        (float_isnan(x), "ValueError", MSG_FLOAT_NAN_TO_INT),
        (_isinf(x), "OverflowError", MSG_FLOAT_INF_TO_INT),
        (_not(in_range), "OverflowError", MSG_FLOAT_TOO_LARGE),
    ])
    return err, value


def int_float_cmp(pred: str, i: ir.Value, f: ir.Value) -> ir.Value:
    """Python ``i <pred> f`` for an int and a float, exact like CPython's
    ``float_richcompare`` (no rounding of ``i``: ``2**53 + 1 == 2.0**53`` is
    False); every comparison with NaN is False except ``!=``."""
    _check_pred(pred)
    f = _fguard(f)
    c0 = int_const(0)
    nan = float_isnan(f)
    big = _fcmp_raw("ole", float_const(2.0**63), f)      # f >= 2**63 (incl. +inf)
    small = _fcmp_raw("olt", f, float_const(-(2.0**63)))  # f < -2**63 (incl. -inf)
    mid = _not(_or(nan, big, small))
    fl = math.floor(f)
    fi = _vm_f64_to_si64(_sel(mid, fl, float_const(0.0)))  # exact for integral fl
    frac = _fcmp_raw("ogt", f, fl)
    one, m1 = int_const(1), int_const(-1)
    c = _first([
        (big, m1),
        (small, one),
        (_icmp("slt", i, fi), m1),
        (_icmp("sgt", i, fi), one),
        (frac, m1),  # i == floor(f) < f
    ], c0)
    ordered = _not(nan)
    if pred == "ne":
        return _or(nan, _icmp("ne", c, c0))
    return _and(ordered, _icmp(_INT_PRED[pred], c, c0))


def float_int_cmp(pred: str, f: ir.Value, i: ir.Value) -> ir.Value:
    """Python ``f <pred> i`` for a float and an int (see :func:`int_float_cmp`)."""
    _check_pred(pred)
    return int_float_cmp(_SWAPPED[pred], i, f)

def int_pow_negative(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a ** b`` on ints for ``b < 0``: CPython computes
    ``float(a) ** float(b)`` (an f64). ZeroDivisionError for ``0 ** -n``; no
    other error is possible for i64 operands."""
    return _float_pow(int_to_float(a), int_to_float(b), raise_code,
                      can_complex=False, can_overflow=False)
