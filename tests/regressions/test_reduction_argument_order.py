"""Open bug (found while growing the program fuzzer, ``tests/fuzz/iterators.py``;
strict xfails until fixed): a consumer of a generator expression or a ``map`` whose
other arguments are not "quiet" (``reductions.ReductionWalker.quiet``: a constant, a
lambda, a bound local) makes every item first and evaluates those arguments after.
CPython evaluates them when the call is made, after the generator's first iterable and
before any item: ``sum((f(x) for x in xs), start)`` evaluates ``start`` before ``f``
runs. So

* ``sum((log.append(x) or x for x in xs), len(log) + k)``: CPython's start sees an
  empty ``log``; pydm's sees every item appended: a wrong value, silently;
* ``min((7 // x for x in xs), default=ys[0])``, ``max(map(...), default=...)``,
  ``sorted((...), reverse=ys[0])``: pydm raises the item's ZeroDivisionError, CPython
  the argument's IndexError.

``sum(g, start)`` with a positional start is never walked lazily (``lazy_source``
takes one positional argument), and ``min``/``max``'s ``default=`` only when quiet.
The fix: evaluate the generator's first iterable, then the other arguments, then walk
(or collect) the items. The program fuzzer leaves such arguments out (``AVOIDABLE``
``reduce_args_first``, ``KNOWN_BUGS`` in ``tests/fuzz/test_program_fuzzer.py``).
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


@pytest.mark.xfail(strict=True, reason="pydm bug: a consumer's non-quiet arguments are evaluated after its items")
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
