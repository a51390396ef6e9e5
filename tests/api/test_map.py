"""``fn.map(*iterables)``: ``list(map(fn, *iterables))`` with the calls in one VM invoke.

Each case runs ``fn.map`` and ``list(map(fn.py_func, ...))`` and compares the
outcome: the list (every element's type and value, floats bit for bit) or
the exception's class and message. The batch path itself is checked to have
been taken where it should (the function's batch caller exists), so a
fallback to one call per row cannot hide a broken batch entry.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings, strategies as st

import pydm
from shared import float_bits, outcome


@pydm.jit
def step(x: int) -> int:
    """Branches, an int overflow and a ZeroDivisionError by the argument."""
    if x % 3 == 0:
        return x // 3
    return 100 // (x - 7) + x * x


@pydm.jit
def mix(x: float, n: int, flag: bool) -> float:
    if flag:
        return x * n
    return x / n


@pydm.jit
def positive(x) -> bool:
    return x > 0


@pydm.jit
def log_of(x: float):
    if x < 0.0:
        raise ValueError(f"negative: {x}")
    return x ** 0.5


def _shown(result):
    """A map outcome with each float as its bits, each element with its type."""
    kind, cls, value = result
    if kind == "value":
        value = [(type(v), float_bits(v) if type(v) is float else v) for v in value]
    return kind, cls, value


def _same(fn, *iterables):
    got = _shown(outcome(fn.map, *iterables))
    want = _shown(outcome(lambda *its: list(map(fn.py_func, *its)), *iterables))
    assert got == want
    return got


def _same_fresh(fn, make):
    """``_same`` for iterators: ``make()`` gives fresh ones to each side."""
    got = _shown(outcome(lambda: fn.map(*make())))
    want = _shown(outcome(lambda: list(map(fn.py_func, *make()))))
    assert got == want


def _same_as_calls(fn, *iterables):
    """Where pydm's 64-bit ints part from CPython's (README "Numbers": an
    overflow raises), the batch is compared with pydm's own calls, row by row."""
    got = _shown(outcome(fn.map, *iterables))
    want = _shown(outcome(lambda *its: [fn(*row) for row in zip(*its)], *iterables))
    assert got == want
    return got


def _batched(fn) -> bool:
    """Does ``fn`` have a batch caller for some signature?"""
    return any(c is not None for c in fn.jit._batches.values())


def test_values_of_a_batch():
    xs = list(range(-50, 200))
    got = _same(step, [x for x in xs if x != 7])
    assert got[0] == "value" and len(got[2]) == len(xs) - 1
    assert _batched(step)


def test_first_raising_call_raises_its_exception():
    _same(step, [1, 2, 7, 4])  # ZeroDivisionError at the third row
    # x * x overflows pydm's 64-bit int: OverflowError, as the call raises it
    assert _same_as_calls(step, [3, 2**62 + 1])[1] is OverflowError


def test_several_iterables_and_the_shortest_wins():
    _same(mix, [1.5, -2.0, 0.0, float("inf")], [2, 3, 5, 7], [True, False, False, True])
    _same_fresh(mix, lambda: ([1.0, 2.0, 3.0], itertools.count(1), [True, False, True, False]))
    _same(mix, [1.0], [0], [False])  # float division by zero
    assert _batched(mix)


def test_bool_results_and_bool_arguments():
    _same(positive, [-1, 0, 5, 2**40])
    _same(positive, [True, False])
    _same(positive, [-1.5, 0.0, float("nan")])


def test_rows_of_mixed_types_are_called_one_by_one():
    _same(positive, [1, 2.5, True, -3])  # a specialization per row's types
    _same(mix, [1, 2.0], [1, 2], [True, True])  # an int where a float is annotated
    # an int beyond 64 bits: no call runs in the batch; called one by one, the call raises
    assert _same_as_calls(step, [1, 2**70])[1] is OverflowError


def test_results_that_are_not_scalars_still_map():
    _same(log_of, [4.0, 2.0, 0.0])
    _same(log_of, [4.0, -1.0, 9.0])


def test_arity_errors_and_empty_input_are_cpythons():
    _same(step, [])
    _same(step, [1, 2], [3, 4])  # too many arguments: CPython's TypeError from the call
    _same(mix, [1.0], [2])
    _same(step, 5)  # not iterable
    assert outcome(step.map) == outcome(lambda: list(map(step.py_func)))


def test_generators_are_read_once():
    _same_fresh(step, lambda: ((x * 2 for x in range(10)),))
    _same_fresh(mix, lambda: ((x / 4 for x in range(9)), iter([1, 2, 3]), (b for b in [True, False, True])))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.integers(-3 * 10**9, 3 * 10**9), max_size=40))
def test_property_map_of_ints(xs):
    _same(step, xs)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.lists(st.integers(-2**63, 2**63 - 1), max_size=20))
def test_property_map_of_any_64_bit_ints(xs):
    _same_as_calls(step, xs)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.floats(allow_nan=True), st.integers(-5, 5), st.booleans()), max_size=30))
def test_property_map_of_rows(rows):
    _same(mix, *zip(*rows)) if rows else _same(mix, [], [], [])


def test_threads_map_at_once():
    from shared import run_threads
    xs = [x for x in range(1000) if x != 7]
    want = list(map(step.py_func, xs))

    def work(k):
        for _ in range(5):
            assert step.map(xs) == want

    run_threads(4, work)


@pydm.jit
def fresh(x: int) -> int:
    return x + 1


def test_map_before_any_call_compiles_once_with_the_batch_entry():
    assert fresh.map([1, 2, 3]) == [2, 3, 4]
    assert len(fresh.jit._programs) == 1 and _batched(fresh)
    assert fresh(10) == 11  # plain calls use the batch entry's program


if __name__ == "__main__":
    pytest.main([__file__, "-q"])
