"""The sorts on i64 slots (runtime_lib/sorting.py, "sorts on i64 slots"):
``sort()`` of a typed list (``list<integer>``, ``list<real>``, ``list<bool>``,
sorted on its slots by a radix sort, a NaN sending floats to CPython's
algorithm) and ``sort()``/``sorted`` of 64 or more objects that are all ints
or all floats (their values sorted the same way). Each case is run under
CPython and pydm and compared by type and ``repr`` at every level (so -0.0
and 0.0, ``1`` and ``True``, NaN are told apart, and stability shows on the
zeros); the lengths cross the insertion/radix boundaries and the radix
digit widths, the shapes are sorted, reversed, equal keys, negatives."""
import math
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import pydm

NAN = float("nan")
INF = float("inf")


@pydm.jit
def typed_sort(kind: int, src: list, rev: int) -> list:
    # kind 0: a list<integer>, 1: list<real>, 2: list<bool>, each sorted in
    # place (rev: 0 no reverse=, 1 reverse=False, 2 reverse=True)
    if kind == 0:
        xs = [int(v) for v in src]
        if rev == 0:
            xs.sort()
        else:
            xs.sort(reverse=rev == 2)
        return xs
    if kind == 1:
        fs = [float(v) for v in src]
        if rev == 0:
            fs.sort()
        else:
            fs.sort(reverse=rev == 2)
        return fs
    bs = [bool(v) for v in src]
    if rev == 0:
        bs.sort()
    else:
        bs.sort(reverse=rev == 2)
    return bs


@pydm.jit
def object_sorts(src: list, rev: bool) -> tuple:
    # a list<object>: sorted() of it (a new list) and sort() of a copy
    a = sorted(src, reverse=rev)
    b = list(src)
    b.sort(reverse=rev)
    return a, b, src


@pydm.jit
def keyed_sorts(src: list, rev: bool) -> tuple:
    # sort(key=) and sorted(key=): the keys are the first items of the pairs
    a = sorted(src, key=lambda p: p[0], reverse=rev)
    b = list(src)
    b.sort(key=lambda p: p[0], reverse=rev)
    return a, b


def shape(v):
    """The value as CPython sees it, types and float signs included."""
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, [shape(x) for x in v])
    return (type(v).__name__, repr(v))


def run(fn, *args):
    try:
        return ("ok", shape(fn(*[list(a) if isinstance(a, list) else a for a in args])))
    except Exception as e:  # noqa: BLE001 - compared with CPython's
        return ("raise", type(e).__name__, str(e))


def check(fn, *args):
    want = run(fn.py_func, *args)
    got = run(fn, *args)
    assert got == want, f"{fn.__name__}{args!r}:\n pydm    {got}\n CPython {want}"


LENGTHS = (0, 1, 2, 3, 31, 63, 64, 65, 200, 1000, 20000)


def shapes(rnd, n, pick):
    """Random, sorted, reversed, few distinct keys, and all equal, of ``n`` items by ``pick``."""
    xs = [pick(rnd) for _ in range(n)]
    few = [pick(rnd) for _ in range(3)]
    yield xs
    yield sorted(xs)
    yield sorted(xs, reverse=True)
    yield [rnd.choice(few) for _ in range(n)] if few else []
    yield [few[0]] * n


def int_pick(rnd):
    return rnd.choice([rnd.randint(-5, 5), rnd.randint(-2**62, 2**62), rnd.randint(0, 2**31),
                       -2**63, 2**63 - 1, rnd.randint(-1000, 1000)])


def float_pick(rnd):
    return rnd.choice([0.0, -0.0, 1.5, -1.5, rnd.uniform(-1e6, 1e6), rnd.random(), -rnd.random(),
                       INF, -INF, 5e-324, -5e-324, 1.7976931348623157e308, float(rnd.randint(-3, 3))])


def test_typed_int_lists():
    rnd = random.Random(1)
    for n in LENGTHS:
        for xs in shapes(rnd, n, int_pick):
            for rev in (0, 1, 2):
                check(typed_sort, 0, xs, rev)


def test_typed_small_ints_and_one_digit():
    # keys that differ only in their low bits, only in the sign, or in one high digit
    rnd = random.Random(2)
    cases = [[rnd.randint(0, 7) for _ in range(500)],
             [rnd.choice([-1, 0]) for _ in range(300)],
             [rnd.choice([-2**63, 2**63 - 1]) for _ in range(300)],
             [rnd.randint(0, 3) << 40 for _ in range(70000)],
             [rnd.randint(-2**20, 2**20) for _ in range(70000)]]
    for xs in cases:
        for rev in (0, 2):
            check(typed_sort, 0, xs, rev)


def test_typed_float_lists():
    rnd = random.Random(3)
    for n in LENGTHS:
        for xs in shapes(rnd, n, float_pick):
            for rev in (0, 1, 2):
                check(typed_sort, 1, xs, rev)


def test_float_zeros_keep_their_order():
    # 0.0 and -0.0 are equal: a stable sort keeps them in order, reverse= too
    rnd = random.Random(4)
    for n in (5, 64, 100, 3000):
        zeros = [rnd.choice([0.0, -0.0]) for _ in range(n)]
        mixed = [rnd.choice([0.0, -0.0, 1.0, -1.0, rnd.random()]) for _ in range(n)]
        for xs in (zeros, mixed, sorted(mixed), sorted(mixed, reverse=True)):
            for rev in (0, 2):
                check(typed_sort, 1, xs, rev)
                check(object_sorts, xs, rev == 2)


def test_typed_floats_with_nan():
    # a NaN: no consistent order; CPython's algorithm decides where things go
    rnd = random.Random(5)
    for n in (3, 63, 64, 65, 300):
        for share in (0.02, 0.3):
            xs = [NAN if rnd.random() < share else float_pick(rnd) for _ in range(n)]
            for rev in (0, 2):
                check(typed_sort, 1, xs, rev)
                check(object_sorts, xs, rev == 2)
    check(typed_sort, 1, [NAN] * 70, 0)
    check(typed_sort, 1, [1.0, NAN] * 40, 2)


def test_typed_bool_lists():
    rnd = random.Random(6)
    for n in LENGTHS:
        xs = [rnd.random() < 0.5 for _ in range(n)]
        for ys in (xs, sorted(xs), sorted(xs, reverse=True), [True] * n):
            for rev in (0, 1, 2):
                check(typed_sort, 2, ys, rev)


def test_object_lists_of_ints_or_floats():
    # list<object> of 64 or more: only ints, or only floats (no NaN), sorted as slots
    rnd = random.Random(7)
    for n in (63, 64, 65, 500, 20000):
        for xs in shapes(rnd, n, int_pick):
            for rev in (False, True):
                check(object_sorts, xs, rev)
        for xs in shapes(rnd, n, float_pick):
            check(object_sorts, xs, rev)


def test_object_lists_that_stay_on_the_exact_path():
    # bools among ints (1 and True are equal but not the same), ints with
    # floats, and an item that does not compare: CPython's algorithm, as before
    rnd = random.Random(8)
    for n in (64, 200):
        base = [rnd.randint(0, 3) for _ in range(n)]
        with_bools = [rnd.choice([True, False, 1, 0, 2]) for _ in range(n)]
        with_floats = [rnd.choice([1, 1.0, 0, -0.0, 2.5]) for _ in range(n)]
        for xs in (with_bools, with_floats, base + ["s"] + base):
            for rev in (False, True):
                check(object_sorts, xs, rev)


def test_number_keys_move_the_items_by_position():
    # keys all ints, bools and ints (1 == True), or floats (0.0 == -0.0), with
    # ties: the items (the pairs' second halves) show that equal keys keep
    # their order; a NaN or a str among the keys: CPython's algorithm
    rnd = random.Random(9)
    picks = (lambda r: r.randint(-3, 3), int_pick, lambda r: r.choice([True, False, 1, 0, 2]),
             lambda r: r.choice([0.0, -0.0, 1.5, -1.5]), float_pick,
             lambda r: r.choice([1, 1.0, 2, NAN]), lambda r: r.choice([1, "s"]))
    for n in (10, 64, 65, 400, 5000):
        for pick in picks:
            keys = [pick(rnd) for _ in range(n)]
            for ks in (keys, sorted(keys, key=repr)):
                pairs = [(k, i) for i, k in enumerate(ks)]
                for rev in (False, True):
                    check(keyed_sorts, pairs, rev)


def test_object_lists_of_ints_and_bools():
    # 1 and True are equal: sorted by position, in order
    rnd = random.Random(10)
    for n in (64, 100, 3000):
        xs = [rnd.choice([True, False, 1, 0, -1, 2]) for _ in range(n)]
        for ys in (xs, sorted(xs), sorted(xs, reverse=True)):
            for rev in (False, True):
                check(object_sorts, ys, rev)


PROFILE = dict(max_examples=15, deadline=None, database=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
               phases=[Phase.explicit, Phase.generate])
FLOATS = st.floats(allow_nan=False) | st.sampled_from([0.0, -0.0, INF, -INF])


@settings(**PROFILE)
@given(st.lists(st.integers(-2**63, 2**63 - 1), max_size=300), st.sampled_from([0, 2]))
def test_property_typed_ints(xs, rev):
    check(typed_sort, 0, xs, rev)
    check(object_sorts, xs, rev == 2)


@settings(**PROFILE)
@given(st.lists(FLOATS | st.just(NAN), max_size=300), st.sampled_from([0, 2]))
def test_property_typed_floats(xs, rev):
    check(typed_sort, 1, xs, rev)
    check(object_sorts, xs, rev == 2)


def test_the_typed_paths_are_taken():
    # the three typed lists above are sorted on their slots (no list<object> copy)
    vm = str(typed_sort.inspect("vm"))
    assert vm.count("sort_slots") >= 3 and "list_sort" not in vm, "typed_sort does not call sort_slots"
    assert not math.isnan(0.0)
