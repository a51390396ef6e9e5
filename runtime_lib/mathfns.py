"""The ``math`` module: CPython's ``math`` functions, bit for bit.

The frontend (``pydm/frontend/math_module.py``) converts the arguments
(``math_real``: a float, ``math_index``: an int, with CPython's TypeError) and
calls these typed functions. The C library's functions are the ``libm``
intrinsic: VM ops that call the host's libm, which is the libm CPython calls,
so their results are CPython's own; what CPython adds around them - its
``math domain error`` / ``math range error`` checks - is written here, as in
CPython's ``Modules/mathmodule.c`` (``math_1``, ``math_2``, ``math_pow``...).
Integer functions (gcd, isqrt, factorial, comb, perm) are exact integer
arithmetic; a result beyond 64 bits raises pydm's OverflowError.
"""
from .intrinsics import (bits_float, fail, float_bits, float_value, int_value, is_float, is_intlike, is_none,  # noqa: F401
                         libm, type_error)

#: 180/pi and pi/180 as CPython's C constants (rounded once, as there)
_RAD_TO_DEG = 57.29577951308232
_DEG_TO_RAD = 0.017453292519943295
_INF = 1e309  # float infinity


# ---- argument conversion ----------------------------------------------------------------
def math_real(x: object) -> float:
    """CPython's ``PyFloat_AsDouble`` of a math function's argument."""
    if is_float(x) or is_intlike(x):
        return float_value(x)
    type_error("must be real number, not {}", x)


def math_index(x: object) -> int:
    """CPython's ``__index__`` of an integer function's argument."""
    if is_intlike(x):
        return int_value(x)
    type_error("'{}' object cannot be interpreted as an integer", x)


# ---- classification -----------------------------------------------------------------------
def math_isnan(x: float) -> bool:
    return x != x


def math_isinf(x: float) -> bool:
    return abs(x) == _INF


def math_isfinite(x: float) -> bool:
    return abs(x) < _INF


def math_checked(x: float, r: float, can_overflow: bool) -> float:
    """CPython's ``math_1`` around ``r = f(x)`` (the C function's raw result,
    computed by the caller): a NaN from a non-NaN is a domain error, an
    infinity from a finite argument a range error (or, for a singularity
    like ``log(0)``, a domain error)."""
    if r != r and x == x:
        fail("ValueError", "math domain error")
    if abs(x) < _INF and abs(r) == _INF:
        if can_overflow:
            fail("OverflowError", "math range error")
        fail("ValueError", "math domain error")
    return r


def _checked2(x: float, y: float, r: float) -> float:
    """CPython's ``math_2``."""
    if r != r and x == x and y == y:
        fail("ValueError", "math domain error")
    if abs(r) == _INF and abs(x) < _INF and abs(y) < _INF:
        fail("OverflowError", "math range error")
    return r


# ---- functions of one float -----------------------------------------------------------------
def math_log(x: float) -> float:
    return math_checked(x, libm("log", x), False)


def math_log_base(num: float, base: float) -> float:
    """``log(x, base)`` with ``num = log(x)``: CPython divides the two logarithms."""
    return num / math_log(base)


def math_degrees(x: float) -> float:
    return x * _RAD_TO_DEG


def math_radians(x: float) -> float:
    return x * _DEG_TO_RAD


def math_floor(x: float) -> int:
    return int(libm("floor", x))


def math_ceil(x: float) -> int:
    return int(libm("ceil", x))


def math_floor_object(x: object) -> int:
    """``floor`` of an ``object``: an int is its own floor."""
    if is_intlike(x):
        return int_value(x)
    return math_floor(math_real(x))


def math_ceil_object(x: object) -> int:
    if is_intlike(x):
        return int_value(x)
    return math_ceil(math_real(x))


def math_trunc_object(x: object) -> int:
    """``trunc`` looks up ``__trunc__``: its own TypeError for a non-number."""
    if is_intlike(x):
        return int_value(x)
    if is_float(x):
        return int(float_value(x))
    type_error("type {} doesn't define __trunc__ method", x)


def math_hosted(x: float, r: float) -> float:
    """The host's answer (``pydm_host.libm``): NaN for CPython's ValueError,
    an infinity for its OverflowError."""
    if r != r and x == x:
        fail("ValueError", "math domain error")
    if abs(r) == _INF and abs(x) < _INF:
        fail("OverflowError", "math range error")
    return r


# ---- functions of two floats ----------------------------------------------------------------
def math_atan2(y: float, x: float) -> float:
    return _checked2(y, x, libm("atan2", y, x))


def math_copysign(x: float, y: float) -> float:
    magnitude = float_bits(x) & 9223372036854775807
    if float_bits(y) < 0:
        return bits_float(magnitude | -9223372036854775808)
    return bits_float(magnitude)


def math_pow(x: float, y: float) -> float:
    """CPython's ``math_pow``: the C library's ``pow`` (whose special values
    are C99's, as CPython's own table); of finite arguments, a NaN is a domain
    error, an infinity a domain error for ``0 ** negative``, else a range error."""
    r = libm("pow", x, y)
    if abs(x) < _INF and abs(y) < _INF and not abs(r) < _INF:
        if r != r or x == 0.0:
            fail("ValueError", "math domain error")
        fail("OverflowError", "math range error")
    return r


def math_fmod(x: float, y: float) -> float:
    """C's ``fmod`` (``x`` minus the truncated quotient times ``y``, exact),
    from the VM's IEEE remainder (the rounded quotient): where their signs
    differ, the remainder plus ``|y|`` with ``x``'s sign - the exact result,
    so the addition does not round."""
    if abs(y) == _INF and abs(x) < _INF:
        return x
    r = libm("remainder", x, y)
    if r != r:
        if x == x and y == y:
            fail("ValueError", "math domain error")
        return r
    if r == 0.0:  # C's fmod: a zero has x's sign (the VM's remainder gave -0.0 for a positive x
        return math_copysign(0.0, x)  # and a subnormal y: tests/mathmodule/test_math_values.py)
    if (r < 0.0) != (float_bits(x) < 0):
        return r + math_copysign(y, x)
    return r


def math_isclose(a: float, b: float, rel_tol: float, abs_tol: float) -> bool:
    """CPython's ``math_isclose_impl``."""
    if rel_tol < 0.0 or abs_tol < 0.0:
        fail("ValueError", "tolerances must be non-negative")
    if a == b:
        return True
    if math_isinf(a) or math_isinf(b):
        return False
    diff = abs(b - a)
    return diff <= abs(rel_tol * b) or diff <= abs(rel_tol * a) or diff <= abs_tol


# ---- integer functions ------------------------------------------------------------------------
def _gcd_negated(a: int, b: int) -> int:
    """``-gcd(a, b)``: Euclid on non-positive numbers, which hold 2**63."""
    if a > 0:
        a = -a
    if b > 0:
        b = -b
    while b != 0:
        a, b = b, a % b
    return a


def math_gcd(xs: tuple) -> int:
    """``gcd(*xs)`` of ints: only a result of 2**63 overflows."""
    g = 0
    for x in xs:
        g = _gcd_negated(g, int_value(x))
    return -g


def math_lcm(xs: tuple) -> int:
    """``lcm(*xs)`` of ints: 0 if one is 0; else it only grows, so only a
    result beyond 64 bits overflows."""
    for x in xs:
        if int_value(x) == 0:
            return 0
    r = 1
    for x in xs:
        b = int_value(x)
        r = abs(r // -_gcd_negated(r, b) * b)
    return r


def math_isqrt(n: int) -> int:
    """The floor of the square root of ``n``: the float root's, corrected
    (``r * r`` never overflows: ``r`` is compared with ``n // r``)."""
    if n < 0:
        fail("ValueError", "isqrt() argument must be nonnegative")
    if n == 0:
        return 0
    r = int(libm("sqrt", float(n)))
    while r > n // r:
        r -= 1
    while r + 1 <= n // (r + 1):
        r += 1
    return r


def math_factorial(n: int) -> int:
    if n < 0:
        fail("ValueError", "factorial() not defined for negative values")
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def _n_k_checked(n: int, k: int) -> bool:
    """CPython's checks of ``perm``/``comb``'s arguments; is ``k <= n``?"""
    if n < 0:
        fail("ValueError", "n must be a non-negative integer")
    if k < 0:
        fail("ValueError", "k must be a non-negative integer")
    return k <= n


def math_perm(n: int, k: int) -> int:
    """``n! / (n-k)!``: a growing product, so only a result beyond 64 bits
    overflows."""
    if not _n_k_checked(n, k):
        return 0
    r = 1
    for i in range(k):
        r *= n - i
    return r


def math_perm_object(n: int, k: object) -> int:
    """``perm(n, k)`` for an ``object`` k: None is ``perm(n)``."""
    if is_none(k):
        return math_factorial(n)
    return math_perm(n, math_index(k))


def math_comb(n: int, k: int) -> int:
    """``C(n, k)`` as ``C(n-k+i, i)`` for growing ``i``; each step divides
    out the common factor first, so no intermediate exceeds the result."""
    if not _n_k_checked(n, k):
        return 0
    if k > n - k:
        k = n - k
    r = 1
    for i in range(1, k + 1):
        g = -_gcd_negated(r, i)
        r = r // g * ((n - k + i) // (i // g))
    return r


# ---- hypot: CPython 3.11's vector_norm ------------------------------------------------------
def _frexp_exponent(x: float) -> int:
    """C's ``frexp(x)`` exponent of a finite ``x > 0`` (``x = m * 2**e``, ``0.5 <= m < 1``)."""
    biased = float_bits(x) >> 52
    if biased == 0:  # subnormal: the mantissa's length decides
        return int_bit_length(float_bits(x) & 4503599627370495) - 1074
    return biased - 1022


def _power_of_two(k: int) -> float:
    """``ldexp(1.0, k)`` for ``-1074 <= k <= 1023`` (exact)."""
    if k >= -1022:
        return bits_float((k + 1023) << 52)
    return bits_float(1 << (k + 1074))


def _split(x: float) -> tuple:
    """Veltkamp's split of ``x`` into ``hi + lo`` with 26-bit halves."""
    t = x * 134217729.0
    hi = t - (t - x)
    return hi, x - hi


def math_hypot(xs: tuple) -> float:
    """``hypot(*xs)`` of floats, as CPython 3.11's ``math_hypot``: the largest
    magnitude (an infinity wins over a NaN), then ``vector_norm``: each
    coordinate scaled by a power of two, squared exactly as ``hi*hi +
    2*hi*lo + lo*lo``, summed with compensation, the square root corrected
    once."""
    big = 0.0
    found_nan = False
    for item in xs:
        x = abs(float_value(item))
        found_nan = found_nan or x != x
        if x > big:
            big = x
    if big == _INF:
        return big
    if found_nan:
        return bits_float(9221120237041090560)  # CPython's NaN
    if big == 0.0 or len(xs) <= 1:
        return big
    csum = 1.0
    frac1 = 0.0
    frac2 = 0.0
    frac3 = 0.0
    max_e = _frexp_exponent(big)
    if max_e < -1023:  # the scale would overflow: divide by the largest instead
        for item in xs:
            x = abs(float_value(item)) / big
            x = x * x
            old = csum
            csum += x
            frac1 += (old - csum) + x
        return big * libm("sqrt", csum - 1.0 + frac1)
    scale = _power_of_two(-max_e)
    for item in xs:
        hi, lo = _split(abs(float_value(item)) * scale)
        x = hi * hi
        old = csum
        csum += x
        frac1 += (old - csum) + x
        x = 2.0 * hi * lo
        old = csum
        csum += x
        frac2 += (old - csum) + x
        frac3 += lo * lo
    h = libm("sqrt", csum - 1.0 + (frac1 + frac2 + frac3))
    hi, lo = _split(h)
    x = -hi * hi
    old = csum
    csum += x
    frac1 += (old - csum) + x
    x = -2.0 * hi * lo
    old = csum
    csum += x
    frac2 += (old - csum) + x
    x = -lo * lo
    old = csum
    csum += x
    frac3 += (old - csum) + x
    x = csum - 1.0 + (frac1 + frac2 + frac3)
    return (h + x / (2.0 * h)) / scale



# ---- sums and products over an iterable ------------------------------------------------------
def math_fsum(xs: list) -> float:
    """``fsum(xs)``: CPython's exact sum of the partials (Shewchuk), rounded
    once, half to even across partials; an infinity or NaN among the items
    is summed apart (``-inf + inf in fsum``), a finite overflow raises."""
    partials = [0.0]
    n = 0
    special = 0.0
    inf_sum = 0.0
    for item in xs:
        x = math_real(item)
        saved = x
        i = 0
        for j in range(n):
            y = partials[j]
            if abs(x) < abs(y):
                x, y = y, x
            hi = x + y
            lo = y - (hi - x)
            if lo != 0.0:
                partials[i] = lo
                i += 1
            x = hi
        n = i
        if x != 0.0:
            if not abs(x) < _INF:
                if abs(saved) < _INF:
                    fail("OverflowError", "intermediate overflow in fsum")
                if abs(saved) == _INF:
                    inf_sum += saved
                special += saved
                n = 0
            else:
                if n == len(partials):
                    partials.append(x)
                else:
                    partials[n] = x
                n += 1
    if special != 0.0:
        if inf_sum != inf_sum:
            fail("ValueError", "-inf + inf in fsum")
        return special
    return _sum_partials(partials, n)


def _sum_partials(p: list, n: int) -> float:
    """The partials ``p[:n]`` (increasing magnitude, non-overlapping) summed
    from the top until the sum is inexact, the last bit fixed for half-even."""
    if n == 0:
        return 0.0
    n -= 1
    hi = p[n]
    lo = 0.0
    while n > 0:
        x = hi
        n -= 1
        y = p[n]
        hi = x + y
        lo = y - (hi - x)
        if lo != 0.0:
            break
    if n > 0 and (lo < 0.0 and p[n - 1] < 0.0 or lo > 0.0 and p[n - 1] > 0.0):
        y = lo * 2.0
        x = hi + y
        if y == x - hi:
            hi = x
    return hi


def math_prod(xs: list, start: object) -> object:
    """``prod(xs, start=1)``: ``start * x0 * x1 ...`` by ``*``'s own rules."""
    r = start
    for x in xs:
        r = mul(r, x, False)
    return r


from .numbers import int_bit_length, mul  # noqa: E402,F401
