"""``key=`` for sorted, list.sort, min and max vs CPython: stability (equal
keys keep their order, also with reverse=True), lists of 64 items or more
(CPython's runs and merges), tuple, list, bool and mixed int/float keys, keys
that raise or cannot be compared (the list after the call is compared too), a
key of the wrong arity (raised only when called), ``key=None``, ``default=``,
several positional arguments, the list as the key sees it during list.sort.

Sorting programs pick their case with ``k`` (``SORTED_CASES``, ``SORT_CASES``
in programs.py): each compiled function with a sort costs about a second, so
every case runs through ``programs.keys_group``, one compile for all of them
(``KEYS``, a ``tests/batching.py`` Batch: each case still its own check)."""
import random

import pytest

from exceptions.eharness import OK, Batch, P

from . import programs as p

_rng = random.Random(9)


def _ints(n, lo=-20, hi=20):
    return [_rng.randint(lo, hi) for _ in range(n)]


#: every case of this file through ``programs.keys_group`` (one compile); a slot's
#: argument types are those of its function's case here
KEYS = Batch(p.keys_group, [
    P(p.sorted_int_keys, [(0, [1], 1)]), P(p.sort_in_place, [(0, [1], 1, False)]),
    P(p.sort_tuple_keys, [([], False)]), P(p.sort_float_items, [([], False)]),
    P(p.key_dispatch_value, [([], True)]), P(p.minmax_cases, [(0, [1], 1, 0)]),
])


SHORT = [[], [5], [3, 1], [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], [2, 2, 2, 2], [-3, 3, -3, 3, 0],
         list(range(10)), list(range(10, 0, -1))]
LONG = [_ints(64), _ints(65), _ints(100), _ints(257, -3, 3), list(range(200)), list(range(150, 0, -1)),
        [7] * 80]
INT_LISTS = SHORT + LONG
FEW = [[], [5], [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], LONG[2]]
FLOATS = [[], [0.0, -0.0, 0.5, -0.5], [1.5, float("nan"), -2.0, 0.0, float("inf"), -0.0, 3.25],
          [float("nan"), 1.0, float("nan"), -1.0, 0.5, 2.0, float("nan"), 0.0] * 7,
          [float(x) / 4 for x in _ints(90)], [0.0, -0.0] * 40]
PAIRS = [[], [(1, 2), (3, 1), (2, 2), (0, 1)], [(x, y) for x, y in zip(_ints(70, 0, 5), _ints(70, 0, 3))],
         [(x % 3, x % 2) for x in range(20)]]

# (case name, lists, m values) for sorted_int_keys
_SORTED = {
    "mod_key": (INT_LISTS, (3, -4)), "mod_key_reverse": (INT_LISTS, (3, -4)), "neg_key": (INT_LISTS, (1,)),
    "key_none": (INT_LISTS, (1,)), "key_none_reverse": (INT_LISTS, (1,)),
    "nested_def_key": (INT_LISTS, (0, 5)), "nested_def_key_reverse": (INT_LISTS, (0, 5)),
    "closure_factory_key": (FEW, (3, 7)), "closure_factory_key_neg": (FEW, (3, 7)),
    "list_keys": (SHORT + LONG[:2], (1,)), "bool_keys": (INT_LISTS, (2,)), "bool_keys_reverse": (INT_LISTS, (2,)),
    "mixed_int_float_keys": (INT_LISTS, (1,)), "mixed_int_float_keys_reverse": (INT_LISTS, (1,)),
    "key_raises": ([[], [3, 0, 1], [5, 2, 1], LONG[2]], (0, 1, 50)), "key_counts_calls": (FEW, (1,)),
    "key_sees_list": (FEW, (1,)), "key_variable": (FEW, (1,)), "key_variable_reverse": (FEW, (1,)),
    "key_with_default": (FEW, (1,)), "key_two_params": ([[], [5], [3, 1]], (1,)),
    "key_no_params_min": ([[], [5], [3, 1]], (1,)),
}
assert set(_SORTED) == set(p.SORTED_CASES)


@pytest.mark.parametrize("name", p.SORTED_CASES)
def test_sorted(name):
    k = p.SORTED_CASES.index(name)
    lists, ms = _SORTED[name]
    KEYS.check_many(p.sorted_int_keys, [(k, xs, m) for xs in lists for m in ms])


_SORT = {
    "mod_key": (INT_LISTS, (4,)), "key_none": (INT_LISTS, (1,)),
    # ZeroDivisionError from the key: the list is left as it was
    "key_raises": ([[], [3, 0, 1], [0], [5, 2, 1], _ints(100, 1, 9) + [0]], (0,)),
    # TypeError comparing None with an int; short lists (binary insertion) only
    "incomparable_keys": ([[3, -1, 2, 5], [-1, 3], [3, -1], [-1, -2], [5, 4, 3, 2, 1, 0], [1, 2, 3, -1, 4],
                           [4, 3, 0, 2, 1]], (0,)),
    "key_sees_list": ([[], [7], [3, 1, 2]], (0,)),
    "key_appends": ([[], [5], [3, 1, 2]], (0,)),
    "key_two_params": ([[], [5], [3, 1]], (0,)),
    "tuple_key": (SHORT + LONG[:3], (3,)),
}
assert set(_SORT) == set(p.SORT_CASES)


@pytest.mark.parametrize("name", p.SORT_CASES)
def test_sort_method(name):
    k = p.SORT_CASES.index(name)
    lists, ms = _SORT[name]
    KEYS.check_many(p.sort_in_place, [(k, xs, m, r) for xs in lists for m in ms for r in (False, True)])


@pytest.mark.parametrize("fn, cases", [
    P(p.sort_tuple_keys, [(ps, r) for ps in PAIRS for r in (False, True)]),
    P(p.sort_float_items, [(xs, r) for xs in FLOATS for r in (False, True)]),
])
def test_sort_other_items(fn, cases):
    KEYS.check_many(fn, cases)


def test_incomparable_keys_long_lists():
    """64 items or more (CPython's runs and merges, runtime_lib/sorting.py): the
    order of comparisons shows in the operand order of the TypeError and in the
    list left behind by a failed sort."""
    k = p.SORT_CASES.index("incomparable_keys")
    KEYS.check_many(p.sort_in_place, [
        (k, list(range(1, 80)) + [-1], 0, False),
        (k, list(range(80, 0, -1)) + [0, 9, 8], 0, False),
        (k, [-1] + list(range(1, 80)), 0, False),
        (k, [5, 1] * 40 + [0], 0, False),
        (k, [5, 1] * 40 + [0], 0, True),
    ])


def _nan_list(n):
    r = random.Random(n)
    return [r.choice([float("nan"), 1.0, 2.0, -1.0, 0.5, 3.0]) for _ in range(n)]


def test_nan_keys_long_lists():
    """64 items or more: where NaN keys end up depends on the comparisons made."""
    KEYS.check_many(p.sort_float_items, [(_nan_list(n), r) for n in (63, 64, 100) for r in (False, True)])


def test_key_dispatch_value():
    """key= given a variable that holds one of two lambdas."""
    KEYS.check_many(p.key_dispatch_value, [([3, 1, 2], True), ([3, 1, 2], False), ([], True)])


NONEMPTY = [xs for xs in INT_LISTS if xs]
TRIPLES = [[3, -3, 2], [0, 0, 0], [-1, 1, -1], [5, 4, 3], [2, -5, 5]]
MIXED = [[0, -0.0, 0.0, 1.5, -2], [-0.0, 0], [1, 1.0, True], [float("nan"), 1, 0], [1, float("nan"), 0], []]

# case name: [(xs, m, index of the default in (None, 0, 2.5, 7))]
_MINMAX = {
    "min_mod_key": [(xs, m, 0) for xs in NONEMPTY for m in (3, -2)] + [([1], 0, 0), ([], 3, 0)],
    "max_mod_key": [(xs, m, 0) for xs in NONEMPTY for m in (3, -2)] + [([1], 0, 0), ([], 3, 0)],
    "min_neg_key": [(xs, 1, 0) for xs in INT_LISTS],
    "max_tuple_key": [(xs, m, 0) for xs in NONEMPTY for m in (3, -2)],
    "min_default": [([], 1, 0), ([], 1, 1), ([], 1, 2), ([1, 2], 1, 1), ([2, 2, -1], 1, 0), (LONG[0], 1, 3)],
    "max_default": [([], 1, 0), ([], 1, 1), ([], 1, 2), ([1, 2], 1, 1), ([2, 2, -1], 1, 0), (LONG[0], 1, 3)],
    "min_empty": [([], 1, 0), ([4, 2], 1, 0)],
    "max_empty": [([], 1, 0), ([4, 2], 1, 0)],
    "min_args": [(xs, 1, 0) for xs in TRIPLES],
    "max_args": [(xs, 1, 0) for xs in TRIPLES],
    "min_two_args": [(xs, m, 0) for xs in TRIPLES for m in (3, 0)],
    "max_two_args": [(xs, 1, 0) for xs in TRIPLES],
    "min_key_none": [(xs, 1, 0) for xs in ([3, 1, 2], [2, 2], [])],
    "max_key_none": [(xs, 1, 0) for xs in ([3, 1, 2], [2, 2], [])],
    "min_identity_key": [(xs, 1, 0) for xs in MIXED],
    "max_identity_key": [(xs, 1, 0) for xs in MIXED],
    "min_neg_identity_key": [(xs, 1, 0) for xs in MIXED],
    "min_key_raises": [(xs, 1, 0) for xs in ([3, 0, 1], [0], [5, 2, 1], [])],
    "max_incomparable_keys": [(xs, 0, 0) for xs in ([3, -1, 2], [-1, 3], [-1], [2, 3], [-1, -2])],
    "min_closure_factory_key": [(xs, m, 0) for xs in FEW[1:] for m in (3, 7)],
}
assert set(_MINMAX) == set(p.MINMAX_CASES)


@pytest.mark.parametrize("name", p.MINMAX_CASES)
def test_minmax(name):
    k = p.MINMAX_CASES.index(name)
    KEYS.check_many(p.minmax_cases, [(k, *c) for c in _MINMAX[name]])


def test_keys_sanity():
    """The cases exercise what they are written for."""
    xs = [3, 1, 4, 1, 5, 9, 2, 6]
    r = KEYS.expect(p.sorted_int_keys, p.SORTED_CASES.index("mod_key"), xs, 3, expect=OK)
    assert r[1] == [3, 9, 6, 1, 4, 1, 5, 2]  # stable on equal keys
    r = KEYS.expect(p.sorted_int_keys, p.SORTED_CASES.index("mod_key_reverse"), xs, 3, expect=OK)
    assert r[1] == [5, 2, 1, 4, 1, 3, 9, 6]  # reverse keeps equal keys in order too
    KEYS.expect(p.minmax_cases, p.MINMAX_CASES.index("min_empty"), [], 1, 0, expect=ValueError)
    KEYS.expect(p.minmax_cases, p.MINMAX_CASES.index("max_incomparable_keys"), [3, -1], 0, 0, expect=TypeError)
    KEYS.expect(p.sort_in_place, p.SORT_CASES.index("incomparable_keys"), [3, -1, 2, 5], 0, False, expect=TypeError)
    KEYS.expect(p.sort_in_place, p.SORT_CASES.index("key_raises"), [3, 0, 1], 0, False, expect=ZeroDivisionError)
    KEYS.expect(p.sort_in_place, p.SORT_CASES.index("key_appends"), [3, 1, 2], 0, False, expect=ValueError)
    KEYS.expect(p.sort_in_place, p.SORT_CASES.index("key_two_params"), [], 0, False, expect=OK)
    KEYS.expect(p.sort_in_place, p.SORT_CASES.index("key_two_params"), [1], 0, False, expect=TypeError)
