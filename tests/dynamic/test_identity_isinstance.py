"""``is``/``is not``, ``isinstance`` and ``type(x) is T`` on dynamic values (issue #3).

``isinstance(x, int)`` is True for bools; ``type(x) is int`` is not. Identity is
only compared where CPython defines it: None/True/False are singletons, and
values of different types are never identical (``1 is True`` is False,
``0 is False`` is False, ``1 is 1.0`` is False). Identity of two equal ints or
floats is an implementation detail of CPython and is not tested.
"""
import pytest

import pydm
from conformance.harness import check_result

from .dynharness import check_all

NAN = float("nan")
VALUES = [None, False, True, 0, 1, -1, 2**62, 0.0, -0.0, 1.0, 1.5, NAN, float("inf")]


# ---------------------------------------------------------------- is / is not

@pydm.jit
def is_none(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return x is None


@pydm.jit
def is_not_none(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return x is not None


@pydm.jit
def is_true(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return x is True


@pydm.jit
def is_false(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return x is False


@pydm.jit
def is_not_true(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return x is not True


@pydm.jit
def is_pair(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x is y


@pydm.jit
def is_not_pair(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x is not y


@pydm.jit
def none_default(n):
    r = None
    for i in range(n):
        if i == 2:
            r = i
    if r is None:
        return -1.5
    return r


@pydm.jit
def spec_is_none(a):
    return a is None


@pydm.jit
def spec_is_true(a):
    return a is True


@pytest.mark.parametrize("fn", [is_none, is_not_none, is_true, is_false, is_not_true],
                         ids=lambda f: f.py_func.__name__)
def test_is_singleton(fn):
    check_all(fn, [(True, a) for a in VALUES] + [(False, 0), (0, 1.5)])


def _identity_defined(a, b) -> bool:
    singletons = (None, True, False)
    return type(a) is not type(b) or any(a is s for s in singletons) or any(b is s for s in singletons)


IDENTITY_PAIRS = [(a, b) for a in VALUES for b in VALUES if _identity_defined(a, b)]


@pytest.mark.parametrize("fn", [is_pair, is_not_pair], ids=lambda f: f.py_func.__name__)
def test_is_between_values(fn):
    check_all(fn, [(True, a, b) for a, b in IDENTITY_PAIRS] + [(False, 0, 0)])


def test_is_exact():
    check_result(is_pair, False, True, 1, True)
    check_result(is_pair, False, True, 0, False)
    check_result(is_pair, False, True, 1, 1.0)
    check_result(is_pair, True, True, True, True)
    check_result(is_pair, True, True, None, None)
    check_result(is_true, False, True, 1)
    check_result(is_false, False, True, 0)
    check_result(is_false, False, True, -0.0)


def test_is_none_flow():
    check_all(none_default, [(n,) for n in range(5)])


def test_is_specialized():
    check_all(spec_is_none, [(a,) for a in VALUES])
    check_all(spec_is_true, [(a,) for a in VALUES])


# ---------------------------------------------------------------- isinstance

@pydm.jit
def isinst_int(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return isinstance(x, int)


@pydm.jit
def isinst_bool(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return isinstance(x, bool)


@pydm.jit
def isinst_float(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return isinstance(x, float)


@pydm.jit
def isinst_int_float(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return isinstance(x, (int, float))


@pydm.jit
def isinst_bool_float(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return isinstance(x, (bool, float))


@pydm.jit
def isinst_one_tuple(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return isinstance(x, (float,))


@pydm.jit
def spec_isinst_int(a):
    return isinstance(a, int)


@pydm.jit
def spec_isinst_int_float(a):
    return isinstance(a, (int, float))


@pydm.jit
def describe(c, a):
    """Narrowing by isinstance: each branch uses the value as its type."""
    x = 0.5 if c else None
    if c:
        x = a
    if isinstance(x, bool):
        return 100 if x else -100
    if isinstance(x, int):
        return x * 2
    if isinstance(x, float):
        return x / 4
    return None


ISINSTANCE_FNS = [isinst_int, isinst_bool, isinst_float, isinst_int_float, isinst_bool_float,
                  isinst_one_tuple]


@pytest.mark.parametrize("fn", ISINSTANCE_FNS, ids=lambda f: f.py_func.__name__)
def test_isinstance(fn):
    check_all(fn, [(True, a) for a in VALUES] + [(False, 0)])


def test_isinstance_bool_is_an_int():
    check_result(isinst_int, True, True, True)
    check_result(isinst_int, True, True, False)
    check_result(isinst_int, False, True, 1.0)
    check_result(isinst_int, False, True, None)
    check_result(isinst_bool, False, True, 1)
    check_result(isinst_int_float, False, True, None)


def test_isinstance_specialized():
    check_all(spec_isinst_int, [(a,) for a in VALUES])
    check_all(spec_isinst_int_float, [(a,) for a in VALUES])


def test_isinstance_narrowing():
    check_all(describe, [(True, a) for a in VALUES + [2**63 - 1, -(2**63)]] + [(False, 0)])


# ---------------------------------------------------------------- type(x) is T

@pydm.jit
def type_is_int(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return type(x) is int


@pydm.jit
def type_is_bool(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return type(x) is bool


@pydm.jit
def type_is_float(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return type(x) is float


@pydm.jit
def type_is_not_int(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return type(x) is not int


@pydm.jit
def spec_type_is_int(a):
    return type(a) is int


@pydm.jit
def spec_type_is_bool(a):
    return type(a) is bool


TYPE_FNS = [type_is_int, type_is_bool, type_is_float, type_is_not_int]


@pytest.mark.parametrize("fn", TYPE_FNS, ids=lambda f: f.py_func.__name__)
def test_type_is(fn):
    check_all(fn, [(True, a) for a in VALUES] + [(False, 0)])


def test_type_is_exact():
    check_result(type_is_int, False, True, True)
    check_result(type_is_int, True, True, 1)
    check_result(type_is_bool, True, True, False)
    check_result(type_is_bool, False, True, 0)
    check_result(type_is_float, True, True, -0.0)
    check_result(type_is_not_int, True, True, True)


def test_type_is_specialized():
    check_all(spec_type_is_int, [(a,) for a in VALUES])
    check_all(spec_type_is_bool, [(a,) for a in VALUES])
