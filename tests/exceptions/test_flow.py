"""The order in which try/except/else/finally blocks run, and return/break/
continue leaving them: each program appends to a ``log`` list argument, which
is compared with CPython's after the call (also when the call raised), with
the result or the exception (programs in ``programs.py``)."""
import pytest

from . import programs as p
from .eharness import OK, P, check, check_many


def logged(ns):
    return [(n, []) for n in ns]


@pytest.mark.parametrize("fn, cases", [
    P(p.try_all_blocks, logged(range(4))),
    P(p.try_else_raises, logged(range(4))),
    P(p.try_handler_raises, logged(range(5))),
    P(p.try_finally_raises, logged(range(5))),
    P(p.try_finally_raises_uncaught, logged([-1, 0, 1, 2])),
    P(p.try_nested_deep, logged(range(4))),
    P(p.try_in_finally, logged(range(4))),
    P(p.try_in_loop, logged([0, 1, 4, 7, 10])),
    P(p.try_in_while, logged([0, 1, 5])),
    P(p.try_only_finally, logged([0, 3, -4])),
    P(p.catch_nested_outer, [(k, []) for k in (1, 2, 4, 5, 9, 15, 16)]),
])
def test_block_order(fn, cases):
    check_many(fn, cases)


@pytest.mark.parametrize("fn, cases", [
    P(p.try_except_pass, [(0,), (1,), (5,)]),
    P(p.try_catches_then_returns_value, [([1, 2], 1), ([1, 2], 2), ([1, 2], -3), ([], 0), ([[5]], 0)]),
    P(p.try_as_unused, [(0,), (3,)]),
])
def test_simple(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- return / break / continue


@pytest.mark.parametrize("fn, cases", [
    P(p.return_in_try_finally, logged([0, 5])),
    P(p.return_in_except_finally, logged([0, 3])),
    P(p.return_in_finally_discards_exception, logged([0, 2])),
    P(p.return_in_finally_overrides_return, logged([0, 1, 2])),
    P(p.return_in_finally_after_handler_raises, logged([0, 1])),
    P(p.nested_finally_return, logged(range(5))),
    P(p.break_in_try_finally, logged([0, 2, 7])),
    P(p.continue_in_try_finally, logged([0, 2, 9])),
    P(p.break_in_finally_discards, logged([-1, 0, 2])),
    P(p.continue_in_finally_discards, logged([-1, 0, 1, 3])),
    P(p.break_in_except_finally, logged([0, 4, 20])),
    P(p.break_out_of_inner_loop, logged([0, 1, 5])),
    P(p.return_from_inner_loop, logged([0, 4, 8, 9])),
    P(p.loop_in_finally, logged([0, 1, 3, 9])),
    P(p.break_in_finally_discards_return, logged([-1, 0, 2])),
    P(p.continue_in_finally_discards_return, logged([-1, 0, 2])),
    P(p.finally_raises_on_break, logged([0, 3, 9])),
    P(p.exception_in_condition, logged([0, 1, 3, 5, 20])),
    P(p.exception_in_loop_over_list, [([1, 0, 2], []), ([5, None, 0], []), ([], []), ([0.0, -0.0, 3.5], [])]),
    P(p.exception_in_comprehension, [([1, 2],), ([1, 0],), ([],)]),
    P(p.unreachable_handler, logged([0, 2.5])),
    P(p.never_returning_callee, logged([0, 3])),
    P(p.always_raises_then_unreachable, logged([0, None])),
])
def test_leaving_try(fn, cases):
    check_many(fn, cases)


def test_return_value_evaluated_before_finally():
    check_many(p.return_list_then_finally_mutates, [(1,), (None,)])
    check_many(p.return_value_raises_in_try, [([1, 2], 1, []), ([1, 2], 2, []), ([], -1, [])])


# ---------------------------------------------------------------- bare raise


@pytest.mark.parametrize("fn, cases", [
    P(p.reraise_in_except, logged([0, 2.5, None])),
    P(p.reraise_in_finally, logged([0, 1])),
    P(p.reraise_in_finally_after_return, [(1,)]),
    P(p.reraise_in_finally_inside_handler, logged([4])),
    P(p.reraise_innermost, logged([0, 1])),
    P(p.reraise_in_finally_on_return_in_handler, logged([0, (1, 2)])),
    P(p.reraise_in_handler_inside_finally, logged([0, 2.5])),
    P(p.reraise_twice, logged([0, 1.5])),
    P(p.reraise_from_handler_of_callee_exception, [(op, x, []) for op, x in p.RUNTIME_FAILING]),
    P(p.raise_new_in_handler_from_none, [(1,)]),
    P(p.reraise_last_of_loop, [(0,), (1,), (4,)]),
    P(p.reraise_in_finally_on_break, logged([-1, 0, 2])),
    P(p.raise_list_then_finally_mutates, [(1,), (None,)]),
])
def test_bare_raise(fn, cases):
    check_many(fn, cases)


@pytest.mark.parametrize("fn, cases", [
    P(p.reraise_after_inner_handled, [(1, 7), (2.5, None), ((1,), [2])]),
    P(p.reraise_unpack_after_inner_handled, [([1], 7), ([1, 2, 3], 7), ([1, 2], 7)]),
    P(p.reraise_after_inner_runtime_error, [(1, [1]), (1, [1, 2, 3])]),
    P(p.reraise_after_callee_handled, [(1, 7), (None, 2)]),
    P(p.reraise_after_inner_unhandled_in_finally, [(1, 7), ((2, 3), 4)]),
])
def test_bare_raise_after_another_exception_was_handled(fn, cases):
    """The exception being re-raised keeps its own args (and run-time message)
    although another exception with arguments was raised and handled meanwhile."""
    check_many(fn, cases)


# ---------------------------------------------------------------- later raises after a handled one


def test_raise_after_handled_exception_with_args():
    """A handled exception's arguments or message do not leak into a later
    exception of the same function."""
    check_many(p.stale_then_bare_class, [(k, n) for k in range(6) for n in (3, -1)])
    check_many(p.stale_runtime_then_bare_class, [(k, [1]) for k in range(5)])


def test_raise_after_handled_exception_in_earlier_call():
    """... nor into the next call of another entry point."""
    for k in range(3):
        check(p.handled_inside_call, 5, expect=OK)
        check(p.bare_class_raise, k)
