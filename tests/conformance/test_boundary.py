"""The Python boundary: argument checking/conversion and result types.

What is tested (pydm's contract, brief of issue #2):
* results come back as the annotated type: ``bool`` as ``bool`` (not 0/1), ``None`` as ``None``;
* a ``float`` for an ``int`` parameter raises ``TypeError`` (even an integral one like 1.0);
  so does a non-number (None, str);
* an ``int`` outside 64 bits for an ``int`` parameter raises ``OverflowError``;
  -2**63 and 2**63-1 are accepted;
* a ``bool`` for an ``int`` parameter is accepted (bool is an int subclass);
* an ``int`` (or ``bool``) for a ``float`` parameter is accepted (PEP 484: int is
  acceptable as float). What is asserted is agreement with CPython: the function
  behaves exactly as CPython does with that int — ``return x`` gives the int back,
  ``x + 1.0`` is ``float(x) + 1.0`` (so 2**53 + 1 + 1.0 == 9007199254740992.0).
  (pydm compiles one specialization per argument types, so the int stays an int.)
* a wrong number of positional arguments raises ``TypeError``, as in CPython.
"""
import pytest

import pydm
from .harness import INT64_MAX, INT64_MIN, check, check_raises, check_result, reference, same_value


@pydm.jit
def add_zero(a: int) -> int:
    return a + 0


@pydm.jit
def ident_int(a: int) -> int:
    return a


@pydm.jit
def ident_float(x: float) -> float:
    return x


@pydm.jit
def ident_bool(b: bool) -> bool:
    return b


@pydm.jit
def is_positive(a: int) -> bool:
    return a > 0


@pydm.jit
def returns_none(a: int) -> None:
    a = a * 2


@pydm.jit
def take_none(x: None) -> int:
    return 7


@pydm.jit
def float_plus_one(x: float) -> float:
    return x + 1.0


@pydm.jit
def two_params(a: int, x: float) -> float:
    return a * x


@pydm.jit
def no_params() -> int:
    return 42


@pydm.jit
def bool_result_from_not(a: int) -> bool:
    return not a


def test_py_func_is_the_original():
    assert add_zero.py_func.__name__ == "add_zero"
    assert add_zero.py_func(5) == 5
    assert callable(add_zero)


@pytest.mark.parametrize("a", [0, 1, -1, INT64_MAX, INT64_MIN, 2**53 + 1])
def test_int_roundtrip(a):
    check(ident_int, a)
    check(add_zero, a)


@pytest.mark.parametrize("x", [0.0, -0.0, 1.5, float("inf"), float("-inf"), float("nan"), 5e-324,
                               -5e-324, 1.7976931348623157e308, 2.0**63])
def test_float_roundtrip(x):
    check(ident_float, x)


def test_bool_results_are_bool():
    for b in (False, True):
        r = check(ident_bool, b)
        assert type(ident_bool(b)) is bool and ident_bool(b) is r
    for a in (-5, 0, 5):
        check(is_positive, a)
        check(bool_result_from_not, a)
        assert type(is_positive(a)) is bool


def test_none_results_are_none():
    assert returns_none(3) is None
    check(returns_none, 3)
    check(take_none, None)


def test_no_params():
    check(no_params)
    assert no_params() == 42


@pytest.mark.parametrize("bad", [1.0, 0.5, -0.0, float("nan"), float("inf"), 1e300])
def test_float_for_int_parameter_is_typeerror(bad):
    check_raises(ident_int, TypeError, bad)
    check_raises(add_zero, TypeError, bad)
    check_raises(two_params, TypeError, bad, 1.0)


@pytest.mark.parametrize("bad", [None, "1", b"1", 1j, [1]])
def test_non_number_for_int_parameter_is_typeerror(bad):
    check_raises(ident_int, TypeError, bad)


@pytest.mark.parametrize("bad", [None, "1.0", 1j])
def test_non_number_for_float_parameter_is_typeerror(bad):
    check_raises(ident_float, TypeError, bad)


@pytest.mark.parametrize("big", [2**63, -(2**63) - 1, 2**64, -(2**64), 2**100, -(2**1000)])
def test_int_beyond_64_bits_is_overflowerror(big):
    check_raises(ident_int, OverflowError, big)
    check_raises(two_params, OverflowError, big, 1.0)


@pytest.mark.parametrize("b", [False, True])
def test_bool_for_int_parameter_is_accepted(b):
    check(add_zero, b)  # CPython: True + 0 == 1 (an int)
    r = ident_int(b)
    assert r == int(b) and isinstance(r, int)


@pytest.mark.parametrize("a", [0, 3, -7, 2**53 + 1, INT64_MAX, INT64_MIN, 2**63 - 513])
def test_int_for_float_parameter_is_accepted(a):
    check(ident_float, a)
    check_result(float_plus_one, float(a) + 1.0, a)
    check(float_plus_one, a)
    check(two_params, 2, a)
    check(two_params, 1, a)


@pytest.mark.parametrize("b", [False, True])
def test_bool_for_float_parameter_is_accepted(b):
    check(ident_float, b)
    check_result(float_plus_one, float(b) + 1.0, b)


def test_wrong_arity_is_typeerror():
    check_raises(ident_int, TypeError)
    check_raises(ident_int, TypeError, 1, 2)
    check_raises(no_params, TypeError, 1)
    check_raises(two_params, TypeError, 1)


def test_repeated_calls_are_consistent():
    for _ in range(3):
        check(add_zero, 12345)
        check(ident_float, -0.0)
        check(is_positive, 1)


# An int argument for a float parameter must be accepted whatever the function does
# with it. Where CPython's result is an int on some paths and a float on others, pydm
# may return either CPython's value or its float conversion (the annotated type), but
# it must not fail.
@pydm.jit
def relu(x: float) -> float:
    if x > 0.0:
        return x
    return 0.0


@pydm.jit
def relu_expr(x: float) -> float:
    return x if x > 0.0 else 0.0


@pydm.jit
def accumulate(x: float, n: int) -> float:
    s = x
    for _ in range(n):
        s = s + 0.5
    return s


@pydm.jit
def clamp(x: float, lo: float, hi: float) -> float:
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


@pydm.jit
def call_relu_with_int(a: int) -> float:
    return relu(a) + 0.0


@pydm.jit
def positive_part(a: int) -> int:
    if a > 0:
        return a
    return 0


@pydm.jit
def count_up(a: int) -> int:
    s = a
    for _ in range(3):
        s = s + 1
    return s


@pydm.jit
def larger(a: int, b: int) -> int:
    return a if a > b else b


@pytest.mark.parametrize("fn,args", [
    (relu, (3,)), (relu, (-3,)), (relu, (True,)), (relu_expr, (3,)), (relu_expr, (0,)),
    (accumulate, (1, 0)), (accumulate, (1, 3)), (clamp, (5, 0.0, 1.5)), (clamp, (1, 0.0, 1.5)),
    (clamp, (0.5, 0, 1)), (clamp, (0.5, 1, 2)), (call_relu_with_int, (4,)), (call_relu_with_int, (-4,)),
    (positive_part, (True,)), (positive_part, (False,)), (count_up, (True,)), (larger, (True, 0)),
    (larger, (True, 5)), (larger, (False, False)),
])
def test_subclass_argument_in_typed_code(fn, args):
    """An int for a float parameter, a bool for an int parameter: accepted whatever the
    function does with it. Where CPython's result type depends on the path (int on one,
    float on another), pydm may return CPython's value or its conversion to the
    annotated type, but must not fail."""
    expected = reference(fn)(*args)
    got = fn(*args)
    annotated = fn.py_func.__annotations__["return"]
    assert got == expected and (same_value(got, expected) or type(got) is annotated), (
        f"{fn.py_func.__name__}{args}: CPython {expected!r}, pydm {got!r}")
