"""Variables assigned in a try body and read in a handler, a final body or
after the try, including reads CPython reports as UnboundLocalError."""
import pytest

from . import programs as p
from .eharness import P, check, check_many


@pytest.mark.parametrize("fn, cases", [
    P(p.bind_read_in_handler, [(0,), (5,)]),
    P(p.bind_unbound_in_handler, [(0,), (5,)]),
    P(p.bind_read_after, [(0,), (5,)]),
    P(p.bind_before_and_in_try, [(0,), (5,)]),
    P(p.bind_type_changes, [(0,), (5,), (True,)]),
    P(p.bind_in_handler, [(0,), (5,)]),
    P(p.bind_in_handler_only, [(0,), (5,)]),
    P(p.bind_read_in_finally, [(0, []), (5, [])]),
    P(p.bind_loop_var, [(0,), (4,), (20,)]),
    P(p.bind_in_loop_retry, [(0,), (3,)]),
    P(p.bind_del_item, [([1, 2], 0), ([1, 2], 2), ([], -1)]),
])
def test_bindings(fn, cases):
    check_many(fn, cases)


def test_unbound_message_sanity():
    r = check(p.bind_read_after, 0, expect=UnboundLocalError)
    assert "'x'" in str(r[1])
    check(p.bind_unbound_in_handler, 0, expect=UnboundLocalError)
