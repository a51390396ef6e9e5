"""``assert`` vs CPython: AssertionError with no message, a literal message
or a value message (the message evaluated only when the test fails)."""
import pytest

from . import programs as p
from .eharness import P, check, check_many

XS = [(1,), (0,), (-3,), (2.5,), (-0.5,), (True,), (False,)]


@pytest.mark.parametrize("fn, cases", [
    P(p.assert_plain, XS + [(None,), ([],), ([0],), ((),), ((0,),), (0.0,), (-0.0,)]),
    P(p.assert_compare, XS),
    P(p.assert_literal_msg, XS),
    P(p.assert_empty_msg, [(1,), (0,)]),
    P(p.assert_int_msg, XS),
    P(p.assert_tuple_msg, XS),
    P(p.assert_list_msg, XS),
    P(p.assert_none_msg, [(1,), (0,)]),
    P(p.assert_float_msg, [(1,), (0,), (-3,)]),
    P(p.assert_bool_msg, [(1,), (0,), (-3,)]),
    P(p.assert_chain, [(1,), (0,), (10,), (9.5,)]),
    P(p.assert_msg_lazy, [(1, [7]), (0, [7, 8]), (0, [])]),
    P(p.assert_msg_raises, [(0,), (1,), (2,), (-4,)]),
    P(p.assert_caught, [(0, []), (2, []), (5, [])]),
    P(p.assert_and_or, [(1, 1), (1, 0), (0, 1), (-1, 0), (0, 0), (2.5, None)]),
    P(p.assert_in_callee, [(3,), (-3,)]),
])
def test_assert(fn, cases):
    check_many(fn, cases)


def test_assert_messages_sanity():
    """The reference side raises what the programs are written for."""
    r = check(p.assert_tuple_msg, -2, expect=AssertionError)
    assert r[1].args == ((-2, 2, None),)
    r = check(p.assert_literal_msg, 0, expect=AssertionError)
    assert r[1].args == ("x must be positive",)
    r = check(p.assert_plain, 0, expect=AssertionError)
    assert r[1].args == ()
