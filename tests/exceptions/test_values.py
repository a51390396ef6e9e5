"""Exceptions as values (issue #9): ``except E as e`` binds ``e`` and deletes it
after the handler, ``raise e``, exception instances made, kept, passed and
returned to Python, ``e.args``, ``isinstance``/``is``/``==``/truthiness of an
exception, exceptions in lists and crossing compiled calls; against CPython
(programs in ``value_programs.py``; results compared by ``lists.lharness.compare``,
which compares an exception object by exact class, ``str`` and ``args``).

``e.args`` of an exception whose args hold a str (``test_args_with_str``)
works since strings (issue #10); returning such an exception to Python works
fully."""

import pytest

from conformance.harness import reference
from lists.lharness import compare

from . import value_programs as v
from .eharness import EXC, OK, check, check_many, compare_outcomes

UNBOUND_E = "cannot access local variable 'e' where it is not associated with a value"
ALL_J = range(v.NJ)  # every exception of raise_some, and one j that raises nothing

# ====================================================================== the harness


class Tagged(ValueError):
    """An exception whose str is not made from its args (only the harness tests use it)."""

    def __init__(self, *args, tag=""):
        super().__init__(*args)
        self.tag = tag

    def __str__(self):
        return self.tag


def test_compare_exception_values():
    """``compare`` on exception objects: exact class, str, args like values."""
    assert compare(ValueError(1, 2.5), ValueError(1, 2.5)) is None
    assert compare(ValueError(), ValueError()) is None
    assert compare(v.MyError(1), v.MyError(1)) is None
    assert compare([KeyError(1), (ValueError(None), 2)], [KeyError(1), (ValueError(None), 2)]) is None
    assert compare(ValueError(1), ValueError(1.0)) is not None  # the args' types
    assert compare(ValueError(1), ValueError(True)) is not None
    assert compare(ValueError(), ValueError("")) is not None
    assert compare(ValueError(-0.0), ValueError(0.0)) is not None  # floats bit for bit
    assert compare(ValueError(1), v.MyError(1)) is not None  # the exact class
    assert compare(v.MyChild(1), v.MyError(1)) is not None
    assert compare(ValueError(1), KeyError(1)) is not None
    assert compare(ValueError((1, 2)), ValueError(1, 2)) is not None  # same str, other args
    assert compare(Tagged(1, tag="a"), Tagged(1, tag="b")) is not None  # same args, other str
    assert compare([ValueError(1)], [ValueError(1, 2)], "r") is not None
    d = compare((0, [KeyError(1, (2, 3))]), (0, [KeyError(1, (2, 4))]), "result")
    assert d is not None and d.startswith("result[1][0]:"), d  # the str differs
    d = compare((0, [Tagged(1, (2, 3))]), (0, [Tagged(1, (2, 4))]), "result")
    assert d is not None and d.startswith("result[1][0].args[1][1]:"), d  # only the args differ
    assert compare(1, ValueError(1)) is not None
    assert compare(None, ValueError()) is not None


def test_compare_outcomes_exception_in_args():
    """A raised exception whose args hold an exception."""
    assert compare_outcomes((EXC, ValueError(KeyError(1))), (EXC, ValueError(KeyError(1)))) is None
    assert compare_outcomes((EXC, ValueError(KeyError(1))), (EXC, ValueError(IndexError(1)))) is not None
    assert compare_outcomes((OK, [ValueError(1)]), (OK, [ValueError(1)])) is None


# ====================================================================== binding and deletion


def test_binding():
    check_many(v.binding, [(k, n) for k in range(v.BINDING_KS + 1) for n in (0, 1, 2, 7)])


def test_binding_log():
    """Blocks run in CPython's order; the read after the try raises UnboundLocalError."""
    check_many(v.binding_log, [(0, []), (2, [])])


def test_binding_sanity():
    """The CPython side does what the programs say (3.11's message)."""
    r = check(v.binding, 1, 0, expect=UnboundLocalError)
    assert str(r[1]) == UNBOUND_E
    r = check(v.binding, 2, 0, expect=UnboundLocalError)  # had a value before the try
    assert str(r[1]) == UNBOUND_E
    assert check(v.binding, 2, 2, expect=OK)[1] == 12  # the handler did not run: e kept
    r = check(v.binding, 3, 0, expect=UnboundLocalError)  # rebound in the handler
    assert str(r[1]) == UNBOUND_E
    r = check(v.binding, 11, 0, expect=UnboundLocalError)  # a finally body after `return`
    assert str(r[1]) == UNBOUND_E
    assert check(v.binding, 0, 0, expect=OK)[1] is True


# ====================================================================== raise e


@pytest.mark.parametrize("k", range(8))
def test_reraise(k):
    """``raise e`` (in the handler, later, by a helper, by a nested function,
    after another try): class, str and args as caught."""
    check_many(v.reraise, [(k, j, 3) for j in ALL_J] + [(k, j, -2) for j in (0, 5, 9, 13)])


def test_reraise_sanity():
    for j, cls in v.RAISES.items():
        r = check(v.reraise, 1, j, 3, expect=cls)
        assert type(r[1]) is cls


def test_reraise_identity():
    """An outer handler sees the very object ``raise e`` / ``raise`` raised."""
    check_many(v.reraise_identity, [(k, j, 3) for k in range(4) for j in v.EXCEPTIONS + [v.NJ - 1]])
    assert check(v.reraise_identity, 0, 4, 3, expect=OK)[1] == (True, True)
    assert check(v.reraise_identity, 3, 4, 3, expect=OK)[1] == (False, True)


def test_reraise_closure():
    """``raise e`` in a nested function that reads ``e`` from the handler."""
    check_many(v.reraise_closure, [(j, 3) for j in v.EXCEPTIONS + [v.NJ - 1]])


# ====================================================================== instances as values


def test_make_value():
    check_many(v.make_value, [(k, x) for k in range(13) for x in (3, 0, -2)])


def test_make_value_sanity():
    r = check(v.make_value, 3, 3, expect=OK)
    assert type(r[1]) is v.MyError and r[1].args == (3,)
    r = check(v.make_value, 0, 3, expect=ValueError)
    assert r[1].args == (1, 2)
    assert check(v.make_value, 8, 3, expect=OK)[1] == (False, False, True)


def test_make_value_literal():
    """An exception made with a str literal, returned to Python."""
    check_many(v.make_value_literal, [(k,) for k in range(3)])


@pytest.mark.parametrize("k", range(6))
def test_return_caught(k):
    """``return e``, ``return e, 1``, ``return [e1, e2]``, ``return [e, e]``: real
    instances of the right class with the same str and args, str args included."""
    check_many(v.return_caught, [(k, j, 3) for j in ALL_J] + [(k, j, -2) for j in (1, 5, 13, 17)])


def test_return_caught_sanity():
    for j, cls in v.RAISES.items():
        r = check(v.return_caught, 0, j, 3, expect=OK)
        assert type(r[1]) is cls


def test_returned_twice_is_one_object():
    """``return [e, e]``: one object in Python, as in CPython (``compare`` does
    not look at the identity of exceptions)."""
    r = reference(v.return_caught)(3, 4, 3)
    assert r[0] is r[1]
    check(v.return_caught, 3, 4, 3, expect=OK)
    p = v.return_caught(3, 4, 3)
    assert p[0] is p[1], "pydm returned two objects for one exception"


# ====================================================================== e.args


def test_args_of():
    """``e.args`` of every exception without a str in its args (pydm's own
    StopIteration and AssertionError included), with int and float run-time values."""
    check_many(v.args_of, [(j, x) for j in v.NO_STR for x in (3, -2, 1.5)])


def test_args_forms():
    """``()`` for ``raise ValueError`` / ``ValueError()``, ``(1, 2.5)``, ``(x,)``, ..."""
    check_many(v.args_forms, [(k, x) for k in range(14) for x in (3, -2)])
    assert check(v.args_forms, 0, 3, expect=OK)[1] == ()
    assert check(v.args_forms, 1, 3, expect=OK)[1] == ()
    r = check(v.args_forms, 2, 3, expect=OK)[1]
    assert r == (1, 2.5) and type(r[1]) is float
    assert check(v.args_forms, 3, -2, expect=OK)[1] == (-2,)
    assert check(v.args_forms, 7, 3, expect=OK)[1] == ()  # assert without a message


@pytest.mark.parametrize("k", range(6))
def test_args_use(k):
    """``len(e.args)``, ``e.args[0]``, ``==``, unpacking, ``+``, slicing and ``in``."""
    check_many(v.args_use, [(k, j, 3) for j in v.NO_STR])


def test_args_with_str():
    """``e.args`` of an exception whose args hold a str (a literal message, or
    the message of pydm's own ZeroDivisionError and IndexError): the tuple of
    that str (strings, issue #10)."""
    check_many(v.args_of, [(j, x) for j in v.STR_ARGS for x in (3, -2)])


@pytest.mark.parametrize("k", range(6))
def test_args_use_with_str(k):
    check_many(v.args_use, [(k, j, 3) for j in v.STR_ARGS])


# ====================================================================== isinstance, identity, truthiness


@pytest.mark.parametrize("k", range(v.NINSPECT + 1))
def test_inspect(k):
    """``isinstance`` (builtin and own classes, bases, tuples), ``is``,
    ``==`` (identity), truthiness."""
    check_many(v.inspect, [(k, j, 3) for j in ALL_J] + [(k, j, 0) for j in (0, 5)])


def test_inspect_sanity():
    assert check(v.inspect, 0, 5, 3, expect=OK)[1] is True  # MyChild is a ValueError
    assert check(v.inspect, 1, 12, 3, expect=OK)[1] is True  # ZeroDivisionError: ArithmeticError
    assert check(v.inspect, 5, 16, 3, expect=OK)[1] is False  # BaseException is no Exception
    assert check(v.inspect, 11, 0, 3, expect=OK)[1] == (True, False)
    assert check(v.inspect, 12, 0, 3, expect=OK)[1] == (False, True)
    assert check(v.inspect, 13, 2, 3, expect=OK)[1] == 1  # truthy, even with no args


# ====================================================================== lists, None or exception, mixed


XS = [[1, -2, 0, 200, 3], [], [5, 6], [-1], [0, 0]]


@pytest.mark.parametrize("k", range(8))
def test_collect(k):
    """Exceptions appended to a list, read back, returned, raised."""
    check_many(v.collect, [(k, xs) for xs in XS])


@pytest.mark.parametrize("k", range(6))
def test_first_error(k):
    """``err = None`` ... ``err = e`` ... ``if err is not None: raise err``."""
    check_many(v.first_error, [(k, xs) for xs in XS])


def test_first_error_sanity():
    r = check(v.first_error, 0, [1, -2, 0], expect=v.MyError)
    assert r[1].args == (-2,)
    assert check(v.first_error, 0, [1, 2], expect=OK)[1] == 6


def test_use_maybe():
    """A helper returning an exception or an int."""
    check_many(v.use_maybe, [(k, x) for k in range(6) for x in (-3, 0, 4)])


# ====================================================================== across compiled calls


@pytest.mark.parametrize("k", range(7))
def test_across(k):
    """Exception values returned by undecorated helpers, passed to them, raised by them."""
    if k in (2, 6):  # j plays no part
        js = [0]
    else:
        js = [j for j in ALL_J if not (k == 5 and j == v.NJ - 1)]  # (raise None: not here)
    check_many(v.across, [(k, j, 3) for j in js])


@pytest.mark.parametrize("k", range(8))
def test_raise_from(k):
    """``raise X from c``: class, args and ``__cause__`` (class and args) as CPython."""
    check_many(v.raise_from, [(k, 0), (k, 5)])
    for x in (0, 5):
        outcomes = []
        for fn in (reference(v.raise_from), v.raise_from):
            try:
                r = fn(k, x)
            except Exception as exc:  # noqa: BLE001 - compared below
                r = exc
            outcomes.append(r)
        ref, got = outcomes
        if isinstance(ref, BaseException):
            assert type(got) is type(ref) and got.args == ref.args
            c_ref, c_got = ref.__cause__, got.__cause__
            assert type(c_got) is type(c_ref), (k, x, c_ref, c_got)
            assert c_ref is None or c_got.args == c_ref.args
        elif isinstance(ref, list):
            assert type(got[0].__cause__) is type(ref[0].__cause__) and got[0].__cause__.args == ref[0].__cause__.args
