"""A consumer of a generator expression or a ``map`` evaluates its other
arguments (``sum``'s start, ``min``/``max``'s ``default=``, ``sorted``'s
``reverse=``) before any item, as CPython does (after the generator's first
iterable): ``sum((log.append(x) or x for x in xs), len(log) + k)`` starts from an
empty ``log``, and ``min((7 // x for x in xs), default=ys[0])`` raises the
argument's IndexError, not the item's ZeroDivisionError (found while growing the
program fuzzer; fixed in ``frontend/reductions.py``, ``calls.py``).

pydm evaluates those arguments before the first iterable itself, so it does so
only where that cannot be seen: the first iterable (or the arguments) quiet
(``ReductionWalker.quiet``). With both made by calls, the items still come
first: that case is a strict xfail below, and the program fuzzer leaves it out
(``AVOIDABLE`` ``reduce_args_first``, ``KNOWN_BUGS`` in
``tests/fuzz/test_program_fuzzer.py``).
"""
import copy

import pytest

import pydm
from shared import outcome, same_value


@pydm.jit
def consumers(k: int, xs: list, ys: list):
    if k == 0:
        log = []
        return sum((log.append(x) or x for x in xs), len(log) + ys[0]), log
    if k == 1:
        return min((7 // x for x in xs), default=ys[0])
    if k == 2:
        return max(map(lambda a: 7 // a, xs), default=ys[0])
    if k == 3:
        return sum((7 // x for x in xs), ys[0])
    return sorted((7 // x for x in xs), reverse=ys[0])


CASES = [(0, [1, 0], [5]), (0, [2, 3], [True]), (1, [1, 0], []), (2, [1, 0], []), (3, [1, 0], []),
         (4, [1, 0], [])]


@pytest.mark.parametrize("k, xs, ys", CASES, ids=[f"{k}-{xs}-{ys}" for k, xs, ys in CASES])
def test_arguments_evaluated_before_the_items(k, xs, ys):
    got = outcome(consumers, k, copy.deepcopy(xs), copy.deepcopy(ys))
    want = outcome(consumers.py_func, k, copy.deepcopy(xs), copy.deepcopy(ys))
    assert got[:2] == want[:2] and same_value(got[2], want[2], nested=True), (got, want)


@pytest.mark.parametrize("k, xs, ys", [(0, [], [5]), (1, [2, 3], [1]), (3, [2, 3], [4]), (4, [2, 1], [False])])
def test_where_the_order_cannot_be_seen(k, xs, ys):
    got = outcome(consumers, k, copy.deepcopy(xs), copy.deepcopy(ys))
    want = outcome(consumers.py_func, k, copy.deepcopy(xs), copy.deepcopy(ys))
    assert got[:2] == want[:2] and same_value(got[2], want[2], nested=True), (got, want)


@pydm.jit
def made_by_calls(xs: list, ys: list):
    return sum((7 // x for x in list(xs)), ys[0])


@pytest.mark.xfail(strict=True, reason="pydm bug: with a first iterable made by a call, a non-quiet "
                                       "argument is evaluated after the items")
def test_a_first_iterable_made_by_a_call():
    got = outcome(made_by_calls, [1, 0], [])
    want = outcome(made_by_calls.py_func, [1, 0], [])
    assert got[:2] == want[:2], (got, want)
