"""The list harness itself: ``check`` must catch a wrong value, a wrong element
type, a wrong mutation of an argument, a lost or invented alias and a wrong
exception. The "compiled" side here is a plain Python stand-in (no pydm), so
these tests pass whatever the state of the compiler."""
import pytest

from . import lharness
from .lharness import NAN, check, compare, same


class Stand:
    """Looks like a ``@pydm.jit`` function to the harness; runs ``impl``."""

    def __init__(self, py, impl):
        self.py_func = py
        self.impl = impl

    def __call__(self, *args):
        return self.impl(*args)


def _append_one(a):
    a.append(1)
    return a


def _grid():
    return [[0] * 2] * 3


def _pair(a, b):
    a.append(0)
    return len(b)


def _first(a):
    return a[0]


def _pop(a):
    a.append(7)
    return a.pop(5)


def _add(a):
    return a[0] + a[1]


def test_agreeing_stand_in_passes():
    for fn, args in [(_append_one, ([1, 2.5],)), (_grid, ()), (_first, ([[1], [1]],)),
                     (_pop, ([],)), (_pair, ([1], [2]))]:
        check(Stand(fn, fn), *args)
    x = [1]
    check(Stand(_pair, _pair), x, x)  # one list passed twice stays one list on both sides


def test_value_and_type_differences():
    assert not same([1, 2], [1, 2.0])
    assert not same([True], [1])
    assert not same([0.0], [-0.0])
    assert not same([(1, 2)], [[1, 2]])
    assert not same([1], [1, 1])
    assert same([NAN, float("nan")], [float("nan"), NAN])
    assert same([[1, (2, [3.5, None])]], [[1, (2, [3.5, None])]])
    with pytest.raises(AssertionError, match="result"):
        check(Stand(_grid, lambda: [[0, 0], [0, 0], [0.0, 0]]))


def test_aliasing_differences():
    with pytest.raises(AssertionError, match="aliasing"):
        check(Stand(_grid, lambda: [[0, 0], [0, 0], [0, 0]]))  # three lists, CPython repeats one
    a = [0]
    assert compare([a, a], [[0], [0]]) is not None
    assert compare([[0], [0]], [a, a]) is not None
    assert compare([a, [0]], [a, [0]]) is None
    c = [1]
    c.append(c)
    d = [1]
    d.append(d)
    assert compare(c, d) is None  # cycles are walked once
    assert compare(c, [1, [1, c]]) is not None


def test_returned_argument_identity():
    def fresh(a):
        a.append(1)
        return list(a)
    with pytest.raises(AssertionError, match="aliasing"):
        check(Stand(_append_one, fresh), [5])  # CPython returns the argument itself

    def replaced_inner(a):
        a[0] = list(a[0])
        return a[0]
    with pytest.raises(AssertionError, match="aliasing"):
        check(Stand(_first, replaced_inner), [[1], 2])  # the caller's inner list must come back


def test_argument_mutation_differences():
    with pytest.raises(AssertionError, match="args"):
        check(Stand(_append_one, lambda a: a + [1]), [5])  # value right, argument not mutated

    def unshared(a, b):
        b = list(b)
        a.append(0)
        return len(b)
    x = [1]
    with pytest.raises(AssertionError):
        check(Stand(_pair, unshared), x, x)

    def no_append(a):
        return [0].pop(5)
    with pytest.raises(AssertionError, match="arguments differ"):
        check(Stand(_pop, no_append), [])  # same IndexError, but CPython appended first


def test_exception_differences():
    with pytest.raises(AssertionError, match="raised"):
        check(Stand(_pop, lambda a: a.append(7) or a.pop()), [])

    def wrong_message(a):
        a.append(7)
        raise IndexError("list index out of range")
    with pytest.raises(AssertionError, match="raised"):
        check(Stand(_pop, wrong_message), [])


def test_big_int_needs_overflow_error():
    big = 2**63 - 1
    with pytest.raises(AssertionError, match="OverflowError"):
        check(Stand(_add, lambda a: -1), [big, 1])

    def overflow(a):
        raise OverflowError("int too large")
    check(Stand(_add, overflow), [big, 1])


def test_has_big_int_and_show_handle_cycles():
    c = [1]
    c.append(c)
    assert not lharness.has_big_int(c)
    assert lharness.has_big_int([(1, [2**64])])
    assert lharness.show(c) == "[1:int, [...]]"
