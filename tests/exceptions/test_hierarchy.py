"""Which ``except`` clause catches which class (CPython's hierarchy), tuples of
classes, clause order, and the exceptions pydm raises itself caught by compiled
handlers (programs in ``programs.py``)."""
import pytest

from . import programs as p
from .eharness import EXC, OK, P, check, check_many

KS = [(k,) for k in range(p.NCLASSES + 1)]


@pytest.mark.parametrize("fn", [pytest.param(f, id=f.py_func.__name__) for f in p.CATCHERS])
def test_except_class_matrix(fn):
    """``except C`` around every class: caught (a return) or on outwards
    (the original class and message)."""
    check_many(fn, KS)


def test_matrix_sanity():
    """The reference side of a few matrix cells, so the matrix tests what it says."""
    cases = [("catch_ArithmeticError", 9, OK), ("catch_ArithmeticError", 10, OK),
             ("catch_ArithmeticError", 2, ValueError), ("catch_LookupError", 4, OK),
             ("catch_LookupError", 5, OK), ("catch_LookupError", 15, ArithmeticError),
             ("catch_Exception", 0, OK), ("catch_Exception", 17, BaseException),
             ("catch_RuntimeError", 12, OK), ("catch_NameError", 8, OK),
             ("catch_bare", 17, OK), ("catch_BaseException", 17, OK)]
    for name, k, expect in cases:
        check(getattr(p, name), k, expect=expect)


@pytest.mark.parametrize("fn", [p.catch_tuples, p.catch_order_general_first, p.catch_tuple_partial],
                         ids=lambda f: f.py_func.__name__)
def test_clauses(fn):
    check_many(fn, KS)


def test_nested_outer_catches():
    check_many(p.catch_nested_outer, [(k, []) for k in range(p.NCLASSES + 1)])


# ---------------------------------------------------------------- exceptions raised by pydm


@pytest.mark.parametrize("fn", [p.catch_runtime_specific, p.catch_runtime_bases, p.catch_runtime_exception],
                         ids=lambda f: f.py_func.__name__)
def test_runtime_errors_caught(fn):
    check_many(fn, p.RUNTIME_FAILING + p.RUNTIME_PASSING)


@pytest.mark.parametrize("op, x", p.RUNTIME_FAILING_APART, ids=["float_pow_overflow", "genexpr_stopiteration"])
def test_runtime_errors_apart(op, x):
    """``10.0 ** 400``: CPython's OverflowError has args ``(34, 'Numerical result
    out of range')``; a StopIteration escaping a generator expression's body is
    a RuntimeError('generator raised StopIteration') in CPython (so no
    ``except StopIteration`` catches it)."""
    failures = []
    for fn, args in [(p.catch_runtime_specific, (op, x)), (p.catch_runtime_bases, (op, x)),
                     (p.catch_runtime_reraise, (op, x, []))]:
        try:
            check(fn, *args)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, "\n  ".join(["disagreements:"] + failures)


def test_runtime_errors_fail_on_the_reference_side():
    """Every RUNTIME_FAILING case raises under CPython (the test data is right)."""
    for op, x in p.RUNTIME_FAILING + p.RUNTIME_FAILING_APART:
        kind, _ = check(p.catch_runtime_exception, op, x)
        assert kind == OK
        assert p.catch_runtime_exception.py_func(op, x) == -1, (op, x)


def test_runtime_errors_reraised():
    """Logged and re-raised: class, message and args arrive unchanged."""
    check_many(p.catch_runtime_reraise, [(op, x, []) for op, x in p.RUNTIME_FAILING + p.RUNTIME_PASSING])


def test_runtime_errors_through_finally():
    check_many(p.runtime_through_finally, [(op, x, []) for op, x in p.RUNTIME_FAILING + p.RUNTIME_PASSING[:4]])


def test_unbound_local_caught():
    check_many(p.unbound_caught, [(1,), (0,), (-3,)])
    check_many(p.unbound_caught_by_name_error, [(1,), (0,)])


def test_undefined_name_caught():
    check_many(p.catch_undefined_name, [(0, []), (1, []), (2, [])])
    check(p.catch_undefined_name, 2, [], expect=NameError)


def test_int_overflow_caught():
    """pydm's int overflow raises OverflowError (the documented 64-bit divergence):
    a compiled ``except OverflowError`` catches it where CPython returns a big int."""
    check_many(p.int_overflow_caught, [(3, 4), (-2**31, 2**31), (2**62, -2)])
    assert p.int_overflow_caught.py_func(2**62, 2) == 2**63
    assert p.int_overflow_caught(2**62, 2) == -1
    assert p.int_overflow_caught(-2**62, -2**2) == -1
    log = []
    with pytest.raises(OverflowError):
        p.int_overflow_reraised(2**40, 2**40, log)
    assert log == [1]
    log = []
    assert p.int_overflow_reraised(2**20, 2**20, log) == 2**40 and log == []
