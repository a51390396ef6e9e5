"""Every math function against CPython on edge values: typed float and int
arguments, ``object`` arguments of every kind (ints, bools, floats, str,
None, a tuple), results bit for bit and every error's class and message
(``math domain error``, ``math range error``, ``cannot convert float NaN to
integer``, ``must be real number, not str``...)."""
import pytest

from .mharness import FLOATS, INTS, OTHERS, applier, build, check, pairs

UNARY = ["sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
         "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "exp2", "cbrt", "gamma", "lgamma",
         "fabs", "degrees", "radians", "floor", "ceil", "trunc", "isnan", "isinf", "isfinite"]
BINARY = ["atan2", "pow", "copysign", "fmod", "log", "hypot", "isclose"]
INT_UNARY = ["isqrt", "gcd", "lcm"]
#: only of small ints (CPython would compute factorial(2**62) for ever)
SMALL_UNARY = ["factorial", "perm"]
INT_BINARY = ["gcd", "lcm", "comb", "perm"]

UNARY_CALLS = [f"math.{f}(x)" for f in UNARY]
BINARY_CALLS = [f"math.{f}(x, y)" for f in BINARY] + [
    "math.hypot(x, y, x)", "math.isclose(x, y, rel_tol=0.25)", "math.isclose(x, y, abs_tol=1.5)",
    "math.isclose(x, y, rel_tol=x, abs_tol=y)"]
INT_UNARY_CALLS = [f"math.{f}(x)" for f in INT_UNARY] + ["math.gcd()", "math.lcm()"]
SMALL_UNARY_CALLS = [f"math.{f}(x)" for f in SMALL_UNARY] + ["math.perm(x, None)"]
INT_BINARY_CALLS = [f"math.{f}(x, y)" for f in INT_BINARY] + ["math.gcd(x, y, 6)", "math.lcm(x, y, 4)"]


@pytest.fixture(scope="module")
def m(tmp_path_factory):
    return build(tmp_path_factory.mktemp("math_values"), "math_values_case", [
        applier("float_unary", "xs: list[float]", UNARY_CALLS),
        applier("int_unary", "xs: list[int]", UNARY_CALLS),
        applier("object_unary", "xs", UNARY_CALLS),
        applier("float_binary", "xs: list[float], ys: list[float]", BINARY_CALLS),
        applier("object_binary", "xs, ys", BINARY_CALLS),
        applier("int_int_unary", "xs: list[int]", INT_UNARY_CALLS),
        applier("small_int_unary", "xs: list[int]", SMALL_UNARY_CALLS),
        applier("object_int_unary", "xs", INT_UNARY_CALLS + SMALL_UNARY_CALLS),
        applier("int_int_binary", "xs: list[int], ys: list[int]", INT_BINARY_CALLS),
        applier("object_int_binary", "xs, ys", INT_BINARY_CALLS),
    ])


def test_float_functions_of_floats(m):
    check(m.float_unary, FLOATS)


def test_float_functions_of_ints(m):
    check(m.int_unary, INTS)


def test_float_functions_of_objects(m):
    check(m.object_unary, FLOATS + INTS + OTHERS)


def test_two_float_functions(m):
    check(m.float_binary, *pairs(FLOATS, FLOATS))


def test_fmod_exact_zero_has_the_sign_of_x(m):
    """A remainder that is exactly zero, of a subnormal divisor (found by
    hypothesis: the VM's IEEE remainder gave -0.0 for a positive x)."""
    x, y = 1.538383075507981e-256, 1.1125369292536007e-308
    check(m.float_binary, [x, -x, x, 0.0, -0.0], [y, y, -y, y, -y])


def test_two_float_functions_of_objects(m):
    check(m.object_binary, *pairs([2, -3, True, 1.5, -0.0, "x", None], [0, 3, False, -2.5, 0.0, 1e308, "y"]))


def test_int_functions(m):
    small = [0, 1, 2, 3, 5, 12, 18, 20, 21, 25, 60, 66, 67, 68, -1, -4, -12]
    big = small + [2**31 - 1, 2**32, 2**53 + 1, 2**62, 2**63 - 1, -2**63, -2**63 + 1, 3037000499**2,
                   3037000499**2 - 1, 3037000499**2 + 1]
    check(m.int_int_unary, big)
    check(m.small_int_unary, small)
    check(m.int_int_binary, *pairs(big, [0, 1, 2, 3, 4, 8, 30, 33, 34, -1, -6]))


def test_int_functions_of_objects(m):
    values = [0, 5, 12, -4, True, False, 2.0, "x", None]
    check(m.object_int_unary, values)
    check(m.object_int_binary, *pairs(values, [0, 3, True, 2.0, None, -6, "y"]))
