"""Lambdas (constant defaults, keyword arguments, immediate calls, recursion),
function values (passed to other compiled functions, chosen by a condition,
held in lists and tuples, returned by a nested function), calling values that
are not functions, and CPython's argument TypeErrors, raised only when the
call runs."""
import pytest

from conformance.harness import reference
from exceptions.eharness import OK, P, check, check_many

from . import programs as p

SMALL = [(0,), (1,), (3,), (-2,)]


@pytest.mark.parametrize("fn, cases", [
    P(p.lambda_defaults, SMALL + [(2.5,)]),
    P(p.nested_def_defaults, SMALL),
    P(p.keyword_calls, SMALL),
    P(p.immediate_lambdas, SMALL),
    P(p.lambda_recursive, [(0,), (1,), (6,), (20,)]),
    P(p.lambda_conditional_body, [(0,), (5,), (-4,), (11,), (2,)]),
])
def test_lambdas(fn, cases):
    check_many(fn, cases)


def test_lambda_negative_default():
    """``y=-1`` is a unary minus on a constant in the AST (CPython folds it)."""
    check_many(p.lambda_negative_default, SMALL)


@pytest.mark.parametrize("fn, cases", [
    P(p.apply_lambdas, [(3, 2), (0, 0), (-4, 7)]),
    P(p.choose_lambda, [(True, 3), (False, 3), (True, 0), (False, -2)]),
    P(p.choose_def_or_lambda, [(k, n) for k in (0, 1, 2) for n in (3, -1)]),
    P(p.funcs_in_list, [(i, x) for i in (-4, -3, -1, 0, 1, 2, 3) for x in (3, -2)]),
    P(p.funcs_in_tuple, [(i, 5) for i in (-3, 0, 1, 2, 3)]),
    P(p.funcs_mixed_results, [(i, 3) for i in (-1, 0, 1, 2, 3, 4)]),
    P(p.funcs_list_mutated, SMALL),
    P(p.make_adder_nested, SMALL),
    P(p.closure_from_callee, SMALL),
    P(p.rebind_function_variable, SMALL),
    P(p.values_misc, SMALL),
    P(p.lambdas_passed_inside_lambdas, SMALL),
    P(p.dispatch_with_defaults, [(0, 3), (1, 3), (-1, 0), (2, 1)]),
])
def test_function_values(fn, cases):
    check_many(fn, cases)


def test_dispatch_value_passed_to_callee():
    """A variable holding one of two lambdas, passed to an undecorated callee."""
    check_many(p.choose_lambda_passed, [(True, 3), (False, 3)])


@pytest.mark.parametrize("fn", [p.returns_closure, p.returns_nested_def,
                                p.returns_list_of_lambdas, p.returns_tuple_with_lambda],
                         ids=lambda f: f.py_func.__name__)
def test_function_to_python_is_type_error(fn):
    """A function made by compiled code does not cross to Python."""
    with pytest.raises(TypeError):
        fn(3)
    assert fn.py_func(3) is not None  # CPython: it does


# ---------------------------------------------------------------- calling errors


def test_call_not_callable():
    check_many(p.call_not_callable, [(k, 3) for k in range(5)])
    r = check(p.call_not_callable, 0, 3, expect=TypeError)
    assert str(r[1]) == "'int' object is not callable"
    check(p.call_not_callable, 4, 3, expect=OK)


def test_call_int_parameter():
    """Calling an int parameter: CPython raises TypeError when the call runs
    (and the function works when it does not)."""
    check_many(p.call_int_parameter, [(0, 3), (1, 3)])


CALL_ERRORS = list(range(21))


def test_call_errors():
    check_many(p.call_errors, [(k,) for k in CALL_ERRORS + [21, 50]])


def _cpython_message(fn, *args):
    try:
        reference(fn)(*args)
    except TypeError as e:
        return str(e)
    raise AssertionError("test bug: CPython did not raise TypeError")


def test_call_errors_messages_sanity():
    """The reference side raises the messages the cases are written for."""
    msgs = {k: _cpython_message(p.call_errors, k) for k in CALL_ERRORS}
    assert msgs[0] == "call_errors.<locals>.inner() missing 1 required positional argument: 'b'"
    assert msgs[3] == "call_errors.<locals>.<lambda>() takes 1 positional argument but 2 were given"
    assert msgs[9] == "two_args() takes from 1 to 2 positional arguments but 3 were given"
    assert msgs[15] == "call_errors.<locals>.<lambda>() got an unexpected keyword argument 'y'"
    assert reference(p.call_errors)(21) == -20


def test_call_errors_qualnames():
    """Qualified names of functions nested two levels deep, and of a nested
    function of an undecorated module-level helper."""
    check_many(p.call_errors_deep_qualnames, [(k,) for k in range(6)])
    assert _cpython_message(p.call_errors_deep_qualnames, 1) == (
        "call_errors_deep_qualnames.<locals>.g.<locals>.<lambda>() missing 1 required positional argument: 'b'")
    assert _cpython_message(p.call_errors_deep_qualnames, 3) == (
        "helper_with_bad_call.<locals>.inner() missing 1 required positional argument: 'a'")


def test_call_errors_through_dispatch():
    check_many(p.call_errors_dispatch, [(i, 3) for i in (-4, -1, 0, 1, 2, 3, 4)])


def test_call_error_caught():
    check_many(p.call_error_caught, [(0,), (2,), (-3,)])
