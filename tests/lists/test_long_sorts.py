"""Sorts of 64 items or more follow CPython's algorithm comparison for
comparison (runtime_lib/sorting.py): with NaNs among the items or keys (no
consistent order) the result is CPython's, and a comparison that raises midway
(an int against a str) leaves the list in CPython's partly sorted state. Random
lists of 0-400 items with runs and NaNs, each sorted four ways (``sorted``,
``sorted(reverse=True)``, ``sort(key=...)`` and ``sort()`` caught midway) by
one compiled function, compared with CPython item by item (NaN by bits)."""
import math
import os
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

N = int(os.environ.get("PYDM_LIST_EXAMPLES", "30"))
PROFILE = dict(max_examples=N, deadline=None, database=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
               phases=[Phase.explicit, Phase.generate])
NAN = float("nan")


@pydm.jit
def four_sorts(xs: list, keyed: list) -> tuple:
    a = sorted(xs)
    b = sorted(xs, reverse=True)
    c = list(keyed)
    c.sort(key=lambda t: t[0])
    d = list(xs)
    d.append("s")  # an item that does not order with numbers: TypeError midway (if any comparison meets it)
    d.reverse()
    raised = False
    try:
        d.sort()
    except TypeError:
        raised = True
    return a, b, c, d, raised


def same(x, y) -> bool:
    if type(x) is not type(y):
        return False
    if isinstance(x, (list, tuple)):
        return len(x) == len(y) and all(same(a, b) for a, b in zip(x, y))
    if isinstance(x, float) and math.isnan(x):
        return math.isnan(y)
    return x == y


def lists(seed: int, n: int, nan_share: float, runs: bool) -> list:
    rnd = random.Random(seed)
    xs = [rnd.choice([rnd.random(), rnd.randint(0, 9), float(rnd.randint(0, 9))]) for _ in range(n)]
    if runs:  # long ascending and descending stretches: the merges gallop
        xs = sorted(xs[: n // 2]) + sorted(xs[n // 2:], reverse=True)
    for i in range(n):
        if rnd.random() < nan_share:
            xs[i] = NAN
    return xs


@settings(**PROFILE)
@given(st.integers(0, 2**32), st.integers(0, 400), st.sampled_from([0.0, 0.02, 0.3]), st.booleans())
def test_long_sorts_agree_with_cpython(seed, n, nan_share, runs):
    xs = lists(seed, n, nan_share, runs)
    keyed = [(x, i) for i, x in enumerate(xs)]
    got = four_sorts(xs, keyed)
    want = four_sorts.py_func(list(xs), list(keyed))
    assert same(got, want), (seed, n, nan_share, runs)


def test_nan_sort_of_100_items():
    """The case found by hand: 100 floats with NaNs (a bottom-up merge sort
    gave another order)."""
    xs = lists(3, 100, 0.3, False)
    keyed = [(x, i) for i, x in enumerate(xs)]
    assert same(four_sorts(xs, keyed), four_sorts.py_func(list(xs), list(keyed)))
