"""Typed storage for lists proven homogeneous (``pydm/frontend/list_storage.py``):
a list made in the function, whose every stored value is an int (a float, a
bool) and whose every use the analysis sees, is ``list<integer>``
(``list<real>``, ``list<bool>``: one slot per element). Differential for every
operation such a list reaches (in place, or on a ``list<object>`` copy), and for
the uses that must leave a list ``list<object>``; the storage chosen is read
with the typing-only hook ``storage_of``.

Each case is a function of this module called from one dispatcher per group
(one compile per group: the cases are compiled callees of it; a case returns a
tuple of many results)."""
import pytest

import pydm
from pydm.frontend.list_storage import storage_of

from .lharness import check

BIG = 2**62

# ---------------------------------------------------------------- int lists, in place


def int_inplace(n):
    xs = []
    for i in range(n):
        xs.append(i * 3 - 4)
    s = 0
    for x in xs:
        s += x
    xs[0] = 100
    xs[-1] += 7
    xs[True] = -5
    t = 0
    i = 0
    while i < len(xs):
        t += xs[i] * xs[-1 - i]
        i += 1
    flag = 1 if xs else 0
    empty = []
    return s, t, len(xs), xs[0], xs[1], xs[-1], flag, not empty, bool(empty), len(empty), xs


def int_iterate_while_growing(n):
    xs = [1, 2, 3]
    out = 0
    for x in xs:
        if len(xs) < n:
            xs.append(x + 10)
        out = out * 3 + x
    return out, xs


def int_comprehension(n):
    sq = [i * i for i in range(n) if i % 2]
    again = [v - 1 for v in sq]
    rep = [7] * n
    neg = [1, 2] * -3
    a = b = [5]
    b.append(6)
    c = a
    c[0] += 1
    return sq, again, rep, neg, a, len(b), c[0], b[-1]


def int_alias_chain(n):
    xs = [0] * n
    ys = xs
    zs = ys
    zs[0] = 4
    ys.append(9)
    return xs, len(xs), xs[0], xs[-1]


def int_index_error(n):
    xs = [1, 2, 3]
    return xs[n]


def int_store_error(n):
    xs = [1, 2, 3]
    xs[n] = 0
    return xs


def int_empty_index_error(n):
    xs = []
    for i in range(n):
        xs.append(i)
    return xs[0]


def int_overflow(n):
    xs = [BIG, 1]
    xs[0] += BIG * n
    return xs


def int_float_index(n):
    xs = [1, 2]
    i = 0.5 * n
    return xs[int(i)], len(xs)


# ---------------------------------------------------------------- int lists, read on a copy


def int_reading(n):
    xs = [5, -3, 9, 0, 5, 12][:n]
    ys = [5, -3, 9]
    return (sum(xs), sum(xs, 10), min(xs), max(xs), sorted(xs), sorted(xs, reverse=True), list(xs),
            tuple(xs), any(xs), all(xs), xs.copy(), xs.count(5), 9 in xs, 4 not in xs, xs == ys,
            xs != ys, xs < ys, xs >= ys, xs[1:], xs[::-1], xs[:100], xs + ys, xs * 2, 2 * xs,
            ys.index(9), ys.index(5, 0, 2))


def int_reading_errors(n):
    xs = []
    for i in range(n):
        xs.append(i)
    return min(xs)


def int_index_missing(n):
    xs = [1, 2, 3]
    return xs.index(n)


def int_copy_is_new(n):
    xs = [1, 2, 3]
    ys = xs.copy()
    zs = xs[:]
    ws = list(xs)
    xs[0] = n
    return xs, ys, zs, ws, len(ys)


# ---------------------------------------------------------------- int lists, changing methods


def int_methods(n):
    xs = [5, 3, 8, 1, 3]
    xs.append(n)
    a = xs.pop()
    b = xs.pop(0)
    c = xs.pop(-2)
    xs.insert(1, 42)
    xs.insert(-100, 7)
    xs.insert(100, n)
    xs.remove(3)
    xs.sort()
    first = list(xs)
    xs.sort(reverse=True)
    second = xs.copy()
    xs.reverse()
    del xs[1]
    del xs[-1]
    d = 0
    while xs:
        d = d * 10 + xs.pop()
    ys = [1, 2]
    ys.clear()
    ys.append(n)
    return a, b, c, first, second, d, len(xs), ys


def int_pop_empty(n):
    xs = [1]
    for i in range(n):
        xs.pop()
    return xs


def int_pop_index_error(n):
    xs = [1, 2, 3]
    return xs.pop(n)


def int_del_error(n):
    xs = [1, 2, 3]
    del xs[n]
    return xs


def int_remove_missing(n):
    xs = [1, 2, 3]
    xs.remove(n)
    return xs


def float_sort(n):
    fs = [0.5, float("nan"), -0.0, 0.0, 2.0, -1.5] * min(n, 10)  # (64+ with a NaN: see the README)
    fs.sort()
    hs = [float(i % 7) - 3.0 for i in range(n * 10)]
    hs.sort()
    gs = [3.5, -0.0, 0.0, 1.0]
    gs.sort(reverse=True)
    last = gs.pop()
    gs.insert(0, last * 2.0)
    return fs, gs, last, hs


def bool_methods(n):
    bs = [True, False, True] * n
    bs.sort()
    bs.append(False)
    t = bs.pop(0) if bs else None
    bs.reverse()
    bs.remove(False)
    return bs, t


# ---------------------------------------------------------------- float and bool lists


def float_ops(n):
    xs = [0.5] * n
    xs[0] = -0.0
    xs[-1] += 0.1
    s = 0.0
    for x in xs:
        s += x
    nan = float("nan")
    ys = [nan, 1.5, float("inf")]
    zs = [x * 2.0 for x in xs]
    zs.append(1e308 * 10.0)
    return (s, xs, xs[0], ys[0] != ys[0], 1.5 in ys, nan in ys, sum(xs), max(zs), sorted(ys[1:]),
            zs, len(zs), ys == ys)


def float_division(n):
    xs = [1.0, 2.0]
    xs[0] /= n
    return xs


def bool_ops(n):
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    i = 2
    while i * i <= n:
        if flags[i]:
            j = i * i
            while j <= n:
                flags[j] = False
                j += i
        i += 1
    count = 0
    for f in flags:
        if f:
            count += 1
    marks = [k % 3 == 0 for k in range(n)]
    marks.append(False)
    return count, sum(flags), flags.count(True), flags[:12], marks, any(marks), all(flags), marks[-1]


def bool_not(n):
    xs = [n > 2, n > 5]
    xs[0] = not xs[0]
    return xs, xs[0], xs[1], len(xs)


# ---------------------------------------------------------------- copies and loop forms


def made_from(n):
    a = list(range(n))
    b = a[1:]
    c = sorted(b, reverse=True)
    d = c.copy()
    f = [1.5] * n
    h = f[::2]
    g = list((1, 2, n))
    t = 0
    for i, x in enumerate(a):
        t += i * x
    for x, y in zip(b, c):
        t += x - y
    for x in reversed(d):
        t = t * 2 + x
    s = [i + x for i, x in enumerate(c, 1)]
    b[0:0]  # (an empty slice read)
    a.append(len(b))
    return a, b, c, d, h, g, t, s, b == a[1:-1]


def slice_assign(n):
    xs = list(range(10))
    xs[2:5] = [7] * n
    xs[-2:] = []
    xs[100:] = [1, 2]
    xs[:-100] = [3]
    xs[8:2] = [4]
    ys = [0.5, 1.5, 2.5, 3.5]
    ys[::2] = [9.0, -0.0]
    ys[::-3] = ys[:2]
    zs = [True] * 6
    zs[1::2] = [False] * 3
    ws = list(range(8))
    k = n % 8
    ws[:k + 1] = ws[k::-1]
    ws[1:3] = ws[4:]
    return xs, ys, zs, ws


def slice_assign_wrong_size(n):
    xs = [1, 2, 3, 4]
    xs[::2] = [0] * n
    return xs


def slice_assign_zero_step(n):
    xs = [1, 2, 3, 4]
    xs[::n] = [5, 6]
    return xs


def not_a_list(n):
    o = "abcd" if n > 1 else [1, 2, 3]  # an object
    a = o[1:3]
    r = range(10)[n:]
    w = "xyz"[1:]
    t = (1, 2, 3)[n:]
    c = [0] * (n if n > 1 else True)
    c2 = c
    c2.append(5)
    b = a
    return a, b, r, w, t, c, len(r), r[0]


def typed_repeat_slice(n):
    a = [1, 2] * n
    b = 3 * [1.5]
    c = [True] * True
    d = [0] * -n
    e = a[::-1]
    f = a[100:]
    g = a[-100:2]
    h = a[n::n + 1]
    k = b[:]
    k[0] = 9.5
    m = [n, 2 * n, 3 * n][-2:]
    return a, b, c, d, e, f, g, h, k, b, m  # (b twice: one list, list<object>)


def typed_repeat_huge(n):
    xs = [0, 1] * (2**40 * n)
    return len(xs)


def typed_slice_zero_step(n):
    xs = [1, 2, 3]
    ys = xs[::n]
    return ys


def zip_mutated(n):
    xs = [1, 2, 3]
    ys = [0.5] * n
    out = 0.0
    for x, y in zip(xs, ys):
        if len(xs) < 6:
            xs.append(x * 10)
        out = out * 2.0 + y + x
    for i, x in enumerate(xs):
        if i == 0:
            xs[-1] = 99
        out += x
    return out, xs


def demote_zip_object(n):
    xs = [1, 2, 3]
    it = iter([4, 5])
    out = 0
    for x, y in zip(xs, it):
        xs.append(n)
        out += x * y
    return out, xs


def demote_list_of_str(n):
    xs = list("ab" * n)
    ys = sorted(xs)
    return xs, ys


# ---------------------------------------------------------------- must stay list<object>


def helper(xs):
    xs.append(1.5)
    return len(xs)


def demote_float_into_ints(n):
    xs = [1, 2]
    xs.append(2.5)
    return xs, xs[2]


def demote_bool_and_int(n):
    xs = [1, True]
    ys = [False] * n
    ys[0] = 0
    return xs, ys


def demote_passed(n):
    xs = [1, 2]
    m = helper(xs)
    return xs, m


def demote_stored(n):
    xs = [1, 2]
    outer = [xs]
    outer[0].append(3.5)
    return xs, outer


def demote_alias_passed(n):
    xs = [1, 2]
    ys = xs
    helper(ys)
    return xs, ys


def demote_captured(n):
    xs = [1, 2]

    def add():
        xs.append(n)
    add()
    return xs


def demote_default(n):
    xs = [1, 2]

    def add(v, into=xs):
        into.append(v)
        return len(into)
    m = add(2.5)
    return xs, m


def demote_return_in_finally(n):
    xs = [1, 2]
    try:
        return xs
    finally:
        xs.append(n)  # after the return value is taken: the caller sees it


def kept_finally_elsewhere(n):
    xs = [1, 2]
    try:
        n += 1
    finally:
        xs.append(n)
    return xs


def demote_identity(n):
    xs = [1, 2]
    ys = xs
    return xs is ys, xs


def demote_sort(n):
    xs = [3, 1, 2] * n
    xs.sort(key=None)
    xs.reverse()
    return xs


def demote_tuple_store(n):
    xs = [1, 2]
    xs[0] = (1, 2)
    return xs


def demote_slice_assign(n):
    xs = [1, 2, 3]
    ys = [9]
    xs[1:] = ys
    return xs


def demote_reassigned(n):
    xs = [1, 2]
    xs = xs + [3]
    return xs


@pydm.jit
def cases(k: int, n: int):
    if k == 0:
        return int_inplace(n)
    if k == 1:
        return int_iterate_while_growing(n)
    if k == 2:
        return int_comprehension(n)
    if k == 3:
        return int_alias_chain(n)
    if k == 4:
        return int_index_error(n)
    if k == 5:
        return int_store_error(n)
    if k == 6:
        return int_empty_index_error(n)
    if k == 7:
        return int_overflow(n)
    if k == 8:
        return int_float_index(n)
    if k == 9:
        return int_reading(n)
    if k == 10:
        return int_reading_errors(n)
    if k == 11:
        return int_index_missing(n)
    if k == 12:
        return int_copy_is_new(n)
    if k == 13:
        return float_ops(n)
    if k == 14:
        return float_division(n)
    if k == 15:
        return bool_ops(n)
    if k == 16:
        return bool_not(n)
    if k == 17:
        return demote_float_into_ints(n)
    if k == 18:
        return demote_bool_and_int(n)
    if k == 19:
        return demote_passed(n)
    if k == 20:
        return demote_stored(n)
    if k == 21:
        return demote_alias_passed(n)
    if k == 22:
        return demote_captured(n)
    if k == 23:
        return demote_identity(n)
    if k == 24:
        return demote_sort(n)
    if k == 25:
        return demote_tuple_store(n)
    if k == 26:
        return demote_slice_assign(n)
    if k == 27:
        return demote_reassigned(n)
    if k == 28:
        return int_methods(n)
    if k == 29:
        return int_pop_empty(n)
    if k == 30:
        return int_pop_index_error(n)
    if k == 31:
        return int_del_error(n)
    if k == 32:
        return int_remove_missing(n)
    if k == 33:
        return float_sort(n)
    if k == 34:
        return bool_methods(n)
    if k == 35:
        return made_from(n)
    if k == 36:
        return zip_mutated(n)
    if k == 37:
        return demote_zip_object(n)
    if k == 38:
        return demote_list_of_str(n)
    if k == 39:
        return slice_assign(n)
    if k == 40:
        return slice_assign_wrong_size(n)
    if k == 41:
        return slice_assign_zero_step(n)
    if k == 42:
        return not_a_list(n)
    if k == 43:
        return demote_default(n)
    if k == 44:
        return typed_repeat_slice(n)
    if k == 45:
        return typed_repeat_huge(n)
    if k == 46:
        return typed_slice_zero_step(n)
    if k == 47:
        return demote_return_in_finally(n)
    return kept_finally_elsewhere(n)


NS = {0: [0, 1, 2, 5, 20], 1: [0, 3, 6], 2: [0, 1, 6], 3: [1, 4], 4: [0, 2, 3, -1, -3, -4],
      5: [0, 2, 3, -3, -4], 6: [0, 2], 7: [0, 1, 2], 8: [0, 2, 4], 9: [0, 1, 3, 6], 10: [0, 3],
      11: [1, 3, 4], 12: [7], 13: [1, 3], 14: [0, 2], 15: [0, 1, 2, 30, 100], 16: [0, 3, 7],
      28: [0, 4], 29: [1, 2], 30: [0, 2, 3, -3, -4], 31: [-3, 3], 32: [2, 5], 33: [0, 1, 3, 30], 34: [0, 1, 4],
      35: [0, 1, 2, 6], 36: [0, 2, 5], 37: [0, 3], 38: [0, 2], 39: [0, 1, 3, 9], 40: [0, 1, 2, 3],
      41: [0, 1, -1, 2], 42: [0, 1, 2, 3]}
NS.update({44: [0, 1, 2, 5], 45: [0, 1], 46: [0, 1, -1]})
KS = 49


@pytest.mark.parametrize("k", range(KS))
def test_differential(k):
    for n in NS.get(k, [0, 2]):
        check(cases, k, n)


# ---------------------------------------------------------------- the storage chosen

EXPECTED = {
    "int_inplace": {"xs": "list<integer>", "empty": "list<object>"},  # nothing stored: object
    "int_iterate_while_growing": {"xs": "list<integer>"},
    "int_comprehension": {"sq": "list<integer>", "again": "list<integer>", "rep": "list<integer>",
                          "neg": "list<integer>", "a": "list<integer>", "b": "list<integer>",
                          "c": "list<integer>"},
    "int_alias_chain": {"xs": "list<integer>", "ys": "list<integer>", "zs": "list<integer>"},
    "int_reading": {"xs": "list<object>", "ys": "list<integer>"},  # xs: a slice of a list<object>
    "int_copy_is_new": {"xs": "list<integer>", "ys": "list<integer>", "zs": "list<integer>",
                        "ws": "list<integer>"},
    "float_ops": {"xs": "list<real>", "ys": "list<real>", "zs": "list<real>"},
    "float_division": {"xs": "list<real>"},
    "bool_ops": {"flags": "list<bool>", "marks": "list<bool>"},
    "bool_not": {"xs": "list<bool>"},
    "int_methods": {"xs": "list<integer>", "ys": "list<integer>", "first": "list<integer>"},
    "int_pop_empty": {"xs": "list<integer>"},
    "float_sort": {"fs": "list<real>", "gs": "list<real>", "hs": "list<real>"},
    "bool_methods": {"bs": "list<bool>"},
    "made_from": {"a": "list<integer>", "b": "list<integer>", "c": "list<integer>", "d": "list<integer>",
                  "f": "list<real>", "h": "list<real>", "g": "list<integer>", "s": "list<integer>"},
    "slice_assign": {"xs": "list<integer>", "ys": "list<real>", "zs": "list<bool>", "ws": "list<integer>"},
    "slice_assign_wrong_size": {"xs": "list<integer>"},
    "typed_repeat_slice": {v: "list<integer>" for v in "adefgh"} | {"b": "list<object>", "c": "list<bool>",
                                                                  "k": "list<object>", "m": "list<object>"},
    "typed_repeat_huge": {"xs": "list<integer>"},
    "typed_slice_zero_step": {"xs": "list<integer>", "ys": "list<integer>"},
    "zip_mutated": {"xs": "list<integer>", "ys": "list<real>"},
    "demote_zip_object": {"xs": "list<object>"},
    "demote_list_of_str": {"xs": "list<object>", "ys": "list<object>"},
    "demote_default": {"xs": "list<object>"},
    "demote_return_in_finally": {"xs": "list<object>"},
    "kept_finally_elsewhere": {"xs": "list<integer>"},
    "demote_float_into_ints": {"xs": "list<object>"},
    "demote_bool_and_int": {"xs": "list<object>", "ys": "list<object>"},
    "demote_passed": {"xs": "list<object>"},
    "demote_stored": {"xs": "list<object>", "outer": "list<object>"},
    "demote_alias_passed": {"xs": "list<object>", "ys": "list<object>"},
    "demote_sort": {"xs": "list<object>"},
    "demote_tuple_store": {"xs": "list<object>"},
    "demote_slice_assign": {"xs": "list<object>"},
    "demote_reassigned": {"xs": "list<object>"},
}


def test_storage_chosen():
    found = {}
    for k in range(KS):
        found.update(storage_of(cases, k, 1))
    for fn, variables in EXPECTED.items():
        for var, t in variables.items():
            assert found.get(f"{fn}.{var}") == t, (fn, var, found.get(f"{fn}.{var}"))
    # a captured list is a cell, never typed; a "creation" that made no list leaves plain variables
    assert all(not v.startswith("list<") or v == "list<object>"
               for k, v in found.items() if k.startswith(("demote_captured.", "not_a_list.")))


def test_returned_twice_is_one_list():
    # return xs, ys of one list: CPython's tuple holds the same list twice
    found = storage_of(cases2, 0, 1)
    assert found["twice.xs"] == "list<object>" and found["twice.ys"] == "list<object>"
    assert found["once.xs"] == "list<integer>"
    for k in range(2):
        check(cases2, k, 3)


def twice(n):
    xs = [1, 2]
    ys = xs
    ys.append(n)
    return xs, ys


def once(n):
    xs = [1, 2]
    xs.append(n)
    return n, xs, [n]


@pydm.jit
def cases2(k: int, n: int):
    if k == 0:
        return twice(n)
    return once(n)
