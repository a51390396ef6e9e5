"""``x[i]``, ``x[i] = v`` and ``x[i] op= v`` where ``x`` is an ``object``
(README "Lists": a list's or a tuple's element is read in place, anything else
calls the runtime library) — vs CPython, on every kind of container (list,
tuple, dict, str, range, set, scalars), every kind of index (ints in and out
of range, negative, the int64 extremes, bools, floats, None, str, tuples,
lists; statically ints or known only at run time), nested lists, aliases and
the partial effects of a failing ``t[i] += v``.

Every function takes ``object`` parameters, so one dispatcher (one compile)
serves all cases; a probe catches each operation's exception and keeps it in
the result (compared by class, ``str`` and ``args``), so one case checks many
operations, and a few functions let the exception leave the call."""
import pytest

import pydm

from .lharness import INF, NAN, check
from shared import INT64_MAX, INT64_MIN

# ---------------------------------------------------------------- the cases

LIST = [1, 2.5, None, (1, 2), [3], "s", True, -0.0]
CONTAINERS = [
    LIST, [], [[1.0, 2.0], [3.0]], [NAN, INF],
    (1, 2.5, None, [4], "t"), (), ((1,), (2, 3)),
    {0: "zero", 1: "one", -1: "minus", 2.5: "f", "k": "v", None: 0, (1, 2): "pair"}, {},
    "hello", "", range(2, 12, 3), range(0),
    5, 2.5, None, True, {1, 2},
]
INDICES = [0, 1, -1, 3, -7, 6, 7, -8, -9, 100, INT64_MAX, INT64_MIN, True, False,
           1.0, None, "k", (1, 2), 2.5, [0]]
VALUES = [7, 2.5, "x", [1], None, True]


# ---------------------------------------------------------------- reading


@pydm.jit
def get_each(x: object, indices: object):
    """x[i] for indices known only at run time (objects)."""
    out = []
    for i in indices:
        try:
            out.append(x[i])
        except Exception as e:  # noqa: BLE001 - the exception is compared
            out.append(e)
    return out


@pydm.jit
def get_range(x: object, lo: object, hi: object):
    """x[i] for i statically an int (a range loop's variable), and the static bools."""
    out = []
    for i in range(lo, hi):
        try:
            out.append(x[i])
        except Exception as e:  # noqa: BLE001
            out.append(e)
    for b in (True, False):
        try:
            out.append(x[b])
        except Exception as e:  # noqa: BLE001
            out.append(e)
    try:
        out.append(x[lo < hi])
    except Exception as e:  # noqa: BLE001
        out.append(e)
    return out


@pydm.jit
def get_constants(x: object):
    """Literal indices: ints, a float, a str, None (the last three: the library's)."""
    out = []
    try:
        out.append((x[0], x[-1]))
    except Exception as e:  # noqa: BLE001
        out.append(e)
    try:
        out.append(x[1.5])
    except Exception as e:  # noqa: BLE001
        out.append(e)
    try:
        out.append(x["k"])
    except Exception as e:  # noqa: BLE001
        out.append(e)
    try:
        out.append(x[None])
    except Exception as e:  # noqa: BLE001
        out.append(e)
    return out


@pydm.jit
def get_raises(x: object, i: object):
    """The exception leaves the function."""
    return x[i]


@pydm.jit
def get_types(x: object, i: object):
    """The element keeps its type (and a list its identity; a str's one-character
    strs are not compared by identity: CPython caches them, pydm does not)."""
    v = x[i]
    same = v is x[i] if isinstance(v, list) else None
    return (type(v) is int, type(v) is float, type(v) is bool, v is None, type(v) is str,
            isinstance(v, list), isinstance(v, tuple), same, v)


# ---------------------------------------------------------------- writing


@pydm.jit
def set_each(x: object, indices: object, v: object):
    out = []
    for i in indices:
        try:
            x[i] = v
            out.append(None)
        except Exception as e:  # noqa: BLE001
            out.append(e)
    return (out, x)


@pydm.jit
def set_range(x: object, lo: object, hi: object):
    out = []
    for i in range(lo, hi):
        try:
            x[i] = i * 10
            out.append(None)
        except Exception as e:  # noqa: BLE001
            out.append(e)
    try:
        x[True] = "t"
        x[False] = 2.5
    except Exception as e:  # noqa: BLE001
        out.append(e)
    return (out, x)


@pydm.jit
def set_raises(x: object, i: object, v: object):
    x[i] = v
    return x


# ---------------------------------------------------------------- augmented assignment


@pydm.jit
def aug_each(x: object, indices: object, v: object):
    out = []
    for i in indices:
        try:
            x[i] += v
            out.append(None)
        except Exception as e:  # noqa: BLE001
            out.append(e)
    return (out, x)


@pydm.jit
def aug_ops(x: object, i: object, v: object):
    """Each operator on one item; a failure leaves what CPython leaves."""
    out = []
    try:
        x[i] -= v
        out.append(x[i])
        x[i] *= v
        out.append(x[i])
        x[i] //= v
        out.append(x[i])
        x[i] %= v
        out.append(x[i])
        x[i] /= v
        out.append(x[i])
    except Exception as e:  # noqa: BLE001
        out.append(e)
    return (out, x)


@pydm.jit
def aug_range(x: object, lo: object, hi: object):
    out = []
    for i in range(lo, hi):
        try:
            x[i] += i
            out.append(None)
        except Exception as e:  # noqa: BLE001
            out.append(e)
    return (out, x)


@pydm.jit
def aug_raises(x: object, i: object, v: object):
    x[i] += v
    return x


# ---------------------------------------------------------------- nesting and aliases


@pydm.jit
def nested_alias(a: object, i: object, j: object):
    """A row read out of a list is the list itself: changes through either name are seen by both."""
    ai = a[i]
    ai.append("x")
    a[i][j] += 10
    ai[j] *= 2
    a[i][-1] += "y"
    return (a, ai, a[i][j], a[i] is ai, len(a[i]))


@pydm.jit
def tuple_holding_list(t: object, i: object, v: object):
    """``t[i] += v`` on a tuple whose item is a list: the list grows, then the
    store raises (CPython reads, adds in place, and fails only at the store)."""
    try:
        t[i] += v
    except Exception as e:  # noqa: BLE001
        return (e, t)
    return (None, t)


@pydm.jit
def matmul_untyped(a: object, b: object):
    """Lists of lists whose rows are objects (any shape: IndexError, TypeError as CPython)."""
    n = len(a)
    m = len(b[0])
    c = [[0.0] * m for _ in range(n)]
    for i in range(n):
        ai = a[i]
        ci = c[i]
        for k in range(len(b)):
            aik = ai[k]
            bk = b[k]
            for j in range(m):
                ci[j] += aik * bk[j]
    return c


@pydm.jit
def rows_in_function(n: object):
    """The rows are objects of the function's own list of lists (as in the matmul benchmark)."""
    p = [[0, 1, 2, 3, 4, 5, 6, 7], [1.5, -2.5], (9, 8, 7)]
    r = p[0]
    q = p[2]
    s = 0
    for i in range(n):
        s += r[i & 7] + q[i % 3]
        r[i & 7] += 1
        p[1][i & 1] *= 2
    return (s, p)


@pydm.jit
def many_subscripts(x: object, i: object):
    """More subscripts of objects than a function gets inline paths: the rest
    call the library, with the same results."""
    return [x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i],
            x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i],
            x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i],
            x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i],
            x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[i], x[-1]]


# ---------------------------------------------------------------- one dispatcher

FUNCTIONS = [get_each, get_range, get_constants, get_raises, get_types, set_each, set_range, set_raises,
             aug_each, aug_ops, aug_range, aug_raises, nested_alias, tuple_holding_list, matmul_untyped,
             rows_in_function, many_subscripts]


@pydm.jit
def dyn_group(k: int, x: object, a: object, b: object):
    if k == 0:
        return get_each(x, a)
    if k == 1:
        return get_range(x, a, b)
    if k == 2:
        return get_constants(x)
    if k == 3:
        return get_raises(x, a)
    if k == 4:
        return get_types(x, a)
    if k == 5:
        return set_each(x, a, b)
    if k == 6:
        return set_range(x, a, b)
    if k == 7:
        return set_raises(x, a, b)
    if k == 8:
        return aug_each(x, a, b)
    if k == 9:
        return aug_ops(x, a, b)
    if k == 10:
        return aug_range(x, a, b)
    if k == 11:
        return aug_raises(x, a, b)
    if k == 12:
        return nested_alias(x, a, b)
    if k == 13:
        return tuple_holding_list(x, a, b)
    if k == 14:
        return matmul_untyped(x, a)
    if k == 15:
        return rows_in_function(x)
    return many_subscripts(x, a)


def run(fn, *args):
    """``fn(*args)`` through the dispatcher, checked against CPython (value or
    exception, the arguments after the call, aliasing)."""
    k = FUNCTIONS.index(fn)
    padded = (list(args) + [None, None, None])[:3]
    try:
        check(dyn_group, k, *padded)
    except AssertionError as e:
        raise AssertionError(f"{fn.py_func.__name__}{tuple(args)!r}: {e}") from None


@pytest.mark.parametrize("x", CONTAINERS, ids=repr)
def test_get(x):
    run(get_each, x, INDICES)
    run(get_range, x, -10, 10)
    run(get_constants, x)
    for i in (0, -1, 7, 100, True, "k", 1.0, None):
        run(get_raises, x, i)


def test_get_types():
    for i in range(-len(LIST), len(LIST) + 1):
        run(get_types, LIST, i)
    for x, i in [((1, [2]), 1), ({1: [2]}, 1), ("ab", 1), (range(3), 2), ([(1,)], 0)]:
        run(get_types, x, i)


@pytest.mark.parametrize("x", CONTAINERS, ids=repr)
def test_set(x):
    for v in VALUES:
        run(set_each, x, INDICES, v)
    run(set_range, x, -10, 10)
    for i in (0, -1, 7, 100, True, "k", 1.0, None):
        run(set_raises, x, i, 3)


@pytest.mark.parametrize("x", CONTAINERS, ids=repr)
def test_augmented(x):
    for v in VALUES:
        run(aug_each, x, INDICES, v)
    run(aug_range, x, -10, 10)
    for i in (0, -1, 7, 100, True, "k", 1.0, None):
        run(aug_raises, x, i, 3)


def test_augmented_operators():
    for x, i in [([5, 2.5, True, -7], 0), ([5, 2.5, True], 1), ([5, 2.5, True], -1),
                 ({"a": 9, 1: 2.5}, "a"), ({"a": 9, 1: 2.5}, True), ((5, 6), 0), ("ab", 0), (range(4), 1)]:
        for v in (2, -3, 0, 1.5, 0.0, True, "s", None):
            run(aug_ops, x, i, v)


def test_nested_and_aliases():
    run(nested_alias, [[1, 2], ["a", 2.5]], 0, 1)
    run(nested_alias, [[1, 2], ["a", 2.5]], -1, -1)
    run(nested_alias, [[1, 2], ["a", 2.5]], 1, 0)  # "a" * 2, then "x" + "y"
    run(nested_alias, [[1, 2], (3, 4)], 1, 0)  # a tuple has no append
    run(nested_alias, [[1, 2], [3, 4]], 2, 0)
    row = [1, 2]
    run(nested_alias, [row, row], 0, 0)  # one row twice
    for t, i, v in [((1, [2]), 1, [3]), ((1, [2]), 1, (3,)), ((1, [2]), 0, 1), ((1, "s"), 1, "t"),
                    (([],), -1, "ab"), ((1, [2]), 2, [3])]:
        run(tuple_holding_list, t, i, v)


def test_matmul_and_loops():
    run(matmul_untyped, [[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]])
    run(matmul_untyped, [[1, 2, 3]], [[1], [2], [3]])  # ints: int sums into float rows
    run(matmul_untyped, [[1, 2.5], (3, True)], ((1, 2), [0.5, -1]))
    run(matmul_untyped, [[1, 2]], [[1, 2]])  # b too short: IndexError
    run(matmul_untyped, [[1]], [["a"]])  # TypeError from the multiply
    run(matmul_untyped, [[1]], [{0: 2}])  # a dict row: its key 0
    run(matmul_untyped, [[1]], ["ab"])  # a str row: int * str, then float + str
    run(matmul_untyped, [], [[1]])
    for n in (0, 1, 5, 40):
        run(rows_in_function, n)


def test_past_the_inline_budget():
    for x, i in [(LIST, 0), (LIST, -2), (LIST, 8), ((1, 2), True), ({0: 1}, 0), ("ab", 1), (None, 0)]:
        run(many_subscripts, x, i)
