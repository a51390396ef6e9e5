"""Programs found by the program fuzzer (``test_program_fuzzer.py``) on which pydm
disagreed with CPython, reduced by hand or with ``python -m fuzz.reduce``.

A test of an open bug is ``xfail(strict=True)``: when the fix lands it passes,
strict xfail turns that into a failure, and the marker must go (the test then
guards the fix). Each test runs its program through the same worker and
comparison as the fuzzer (``runner.check_program``).
"""
import pytest

from .runner import check_program


# ---------------------------------------------------------------- bugs (open ones are strict xfails)

TYPE_OF_UNBOUND = """
import pydm


@pydm.jit
def f(x):
    if x:
        v = 1
    else:
        return type(v) is int
    return 0
"""


@pytest.mark.xfail(strict=True, reason="pydm bug: type(v) is int where v is unbound on that path raises "
                                       "CompileError 'type(x) is supported only in comparisons' "
                                       "(CPython: UnboundLocalError there, 0 otherwise)")
@pytest.mark.parametrize("x", [1, 0])
def test_type_test_of_a_variable_unbound_on_the_path(x):
    check_program(TYPE_OF_UNBOUND, "f", (x,))


FLOAT_JOIN_AFTER_DEAD_CHECK = """
import pydm


@pydm.jit
def f(p: int) -> int:
    unused = -1
    return 0 if (-1.5 if p else 0.0) else 1
"""


# Fixed in 31061c8 (IREE's register allocator gave the block argument the register of a
# value still live in the block: f(1) returned 1).
def test_truth_of_a_float_conditional_after_an_unused_negation():
    check_program(FLOAT_JOIN_AFTER_DEAD_CHECK, "f", (1,))


CALL_IN_RANGE_ARGUMENT = """
import pydm


@pydm.jit
def h(a: float):
    return 2


@pydm.jit
def f():
    s = 0
    for i in range(h(1)):
        s += 1
    return s
"""


@pytest.mark.xfail(strict=True, reason="pydm bug: a call in range()'s arguments is left out of the program: "
                                       "MLIRError \"'func.call' op 'h$i' does not reference a valid function\" "
                                       "(CPython: f() == 2); ahead of time too when no entry has the call's "
                                       "argument types")
@pytest.mark.parametrize("mode", ["jit", "aot"])
def test_call_of_a_jit_function_in_range_arguments(mode):
    check_program(CALL_IN_RANGE_ARGUMENT, "f", (), mode=mode)


NEGATIVE_BASE_HUGE_FRACTIONAL_POWER = """
import pydm


@pydm.jit
def f(x: float, y: float) -> float:
    return x ** y
"""


@pytest.mark.xfail(strict=True, reason="pydm bug (minor): (-10.0) ** 400.5 raises ValueError (the documented "
                                       "stand-in for a complex result) where CPython raises "
                                       "OverflowError('complex exponentiation'): the complex result overflows")
def test_negative_base_to_a_huge_fractional_power_overflows():
    check_program(NEGATIVE_BASE_HUGE_FRACTIONAL_POWER, "f", (-10.0, 400.5))


def test_negative_base_to_a_fractional_power_is_the_documented_value_error():
    check_program(NEGATIVE_BASE_HUGE_FRACTIONAL_POWER, "f", (-2.0, 0.5))


RANGE_ARGUMENT_ORDER = """
import pydm


@pydm.jit
def f(x):
    for i in range(3, 0.5, x % 3):
        pass
"""


@pytest.mark.xfail(strict=True, reason="pydm bug: range() tests its 2nd argument's type before evaluating the 3rd: "
                                       "f(None) raises TypeError(\"'float' object cannot be interpreted as an "
                                       "integer\"), CPython TypeError(\"unsupported operand type(s) for %: "
                                       "'NoneType' and 'int'\")")
def test_range_evaluates_every_argument_before_testing_them():
    check_program(RANGE_ARGUMENT_ORDER, "f", (None,))


def test_range_with_a_float_argument():
    check_program(RANGE_ARGUMENT_ORDER, "f", (1.5,))


NEGATIVE_TWO_TO_THE_63_FLOAT = """
import pydm


@pydm.jit
def f():
    return -9.223372036854776e+18
"""


@pytest.mark.xfail(strict=True, reason="pydm bug: the float literal -9.223372036854776e+18 (-2.0**63) raises "
                                       "AssertionError('pydm internal: cannot coerce PyType.FLOAT to PyType.INT'): "
                                       "it is taken for the int literal -9223372036854775808 (2.0**63 == 2**63)")
def test_float_literal_minus_two_to_the_63():
    check_program(NEGATIVE_TWO_TO_THE_63_FLOAT, "f", ())


UNBOUND_AFTER_SHORT_CIRCUIT = """
import pydm


@pydm.jit
def f(c: int, p: int):
    if c:
        v = 0
    x = p or v
    return v
"""


@pytest.mark.xfail(strict=True, reason="pydm bug: wrong result: a read of a possibly unbound variable that "
                                       "'or' skipped counts as a check: f(0, 1) returns 0, CPython raises "
                                       "UnboundLocalError at 'return v'")
def test_unbound_variable_after_a_short_circuited_read():
    check_program(UNBOUND_AFTER_SHORT_CIRCUIT, "f", (0, 1))


def test_unbound_variable_read_by_or():
    check_program(UNBOUND_AFTER_SHORT_CIRCUIT, "f", (0, 0))
