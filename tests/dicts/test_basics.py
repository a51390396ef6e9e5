"""Dicts vs CPython: displays, ``dict()``, ``d[k]`` (``KeyError`` with the key
as its args), ``d[k] = v``, ``del d[k]``, ``in``, ``len``, truth, iteration
in insertion order (``keys``/``values``/``items``), the methods, ``==``,
``|``/``|=``, comprehensions, equal keys of different types (1, 1.0, True),
-1 and -2 (CPython hashes them alike), 0.0 and -0.0, NaN, tuples as keys,
unhashable keys, growth and deletion, and the size check of iteration."""
import pytest

import pydm

from .dharness import INF, NAN, P, Batch

KEYS = [0, 1, -1, -2, 1.0, True, False, 0.0, -0.0, 2.5, None, (1, 2), (1.0, 2), (), INF, 2**61 - 1, 2**62,
        -2**63]


# ---------------------------------------------------------------- building and reading
@pydm.jit
def display(a, b):
    return {a: 1, b: 2.5, (a, b): None}


@pydm.jit
def display_empty():
    d = {}
    return (d, len(d), bool(d), dict(), {} == dict())


@pydm.jit
def getitem(d, k):
    return d[k]


@pydm.jit
def setitem(d, k, v):
    d[k] = v
    return d


@pydm.jit
def delitem(d, k):
    del d[k]
    return d


@pydm.jit
def contains(d, k):
    return (k in d, k not in d)


@pydm.jit
def length_truth(d):
    return (len(d), bool(d), not d, 1 if d else 0)


@pydm.jit
def same_key(a, b, c):
    d = {}
    d[a] = 1
    d[b] = 2
    d[c] = 3
    return d


@pydm.jit
def nan_key(x):
    d = {x: 1}
    d[x] = 2
    return (x in d, len(d), d[x])


@pydm.jit
def unhashable_display(x):
    return {1: 2, x: 3}


@pydm.jit
def values_of_all_kinds(x):
    d = {0: [1, 2], 1: (3, 4.5), 2: {5: 6}, 3: None, 4: x}
    d[2][7] = 8
    d[0].append(d[1])
    return d


# ---------------------------------------------------------------- iteration
@pydm.jit
def iterate(d):
    ks = []
    for k in d:
        ks.append(k)
    vs = [v for v in d.values()]
    its = [(k, v) for k, v in d.items()]
    return (ks, vs, its, [k for k in d.keys()])


@pydm.jit
def iterate_grow(d):
    for k in d:
        d[(k, k)] = 1
    return d


@pydm.jit
def iterate_delete(d):
    for k in d:
        del d[k]
    return d


@pydm.jit
def iterate_update_values(d):
    for k in d:
        d[k] = 0
    return d


@pydm.jit
def view_iterators(d):
    out = []
    for i, (k, v) in enumerate(d.items()):
        out.append((i, k, v))
    for k, v in zip(d.keys(), d.values()):
        out.append(k == v)
    it = iter(d.values())
    return (out, next(it), [x for x in it], [k * 2 for k in map(abs, d.keys())])


@pydm.jit
def consumers(d):
    return (list(d), sorted(d), sum(d.values()), tuple(d.items()), max(d), min(d.values()), any(d), all(d),
            list(d.keys()), 1 in d.keys(), 7 in d.values())


# ---------------------------------------------------------------- methods
@pydm.jit
def get(d, k):
    return (d.get(k), d.get(k, -1))


@pydm.jit
def pop(d, k):
    r = d.pop(k)
    return (r, d)


@pydm.jit
def pop_default(d, k):
    r = d.pop(k, True)
    return (r, d)


@pydm.jit
def popitem(d):
    r = d.popitem()
    return (r, d)


@pydm.jit
def setdefault(d, k):
    a = d.setdefault(k)
    b = d.setdefault(k, 5)
    c = d.setdefault((k, 1), [])
    c.append(1)
    return (a, b, c, d)


@pydm.jit
def clear_copy(d):
    c = d.copy()
    d.clear()
    c[99] = 1
    return (d, c, len(d), c is d)


@pydm.jit
def update(d, e):
    d.update(e)
    return d


@pydm.jit
def dict_of(x):
    return dict(x)


@pydm.jit
def merge(d, e):
    f = d | e
    d |= e
    return (f, d, f is d)


@pydm.jit
def equal(d, e):
    return (d == e, d != e, e == d)


@pydm.jit
def equal_other(d, x):
    return (d == x, d != x, x == d)


# ---------------------------------------------------------------- comprehensions, growth
@pydm.jit
def comprehension(n: int):
    d = {i: i * i for i in range(n) if i % 3}
    e = {k % 4: v for k, v in d.items()}
    return (d, e)


@pydm.jit
def grow_shrink(n: int):
    d = {}
    for i in range(n):
        d[i * 7919 % 10007] = i
    for i in range(0, n, 3):
        del d[i * 7919 % 10007]
    for i in range(0, n, 6):
        d[i * 7919 % 10007] = -i
    total = 0
    for k, v in d.items():
        total += k * 3 + v
    return (len(d), total, list(d)[:10], list(d.values())[-10:])


@pydm.jit
def reinsert_order(d, k):
    v = d.pop(k)
    d[k] = v
    return list(d)


@pydm.jit
def counter(xs):
    counts = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return counts


@pydm.jit
def augmented(d, k):
    d[k] += 1
    d[k] *= 3
    return d


@pydm.jit
def through_object(o, k):
    xs = [o, 1]
    d = xs[0]
    d[k] = 5
    del d[0]
    return (d[k], k in d, len(d), d == o, bool(d), list(d), d.get(k), xs[0] is o)


@pydm.jit
def object_keys_call(x):
    o = [x][0]
    return [k for k in o.keys()]


@pydm.jit
def object_method_error(x):
    o = [x][0]
    return o.get(1)


@pydm.jit
def bad_ops(d, k):
    if k == 0:
        return d < d
    if k == 1:
        return d + d
    if k == 2:
        return d[1:2]
    if k == 3:
        return hash(d)
    if k == 4:
        return {d: 1}
    return d.append(1)


@pydm.jit
def unpack_keys(d):
    a, b = d
    c, *rest = d
    return (a, b, c, rest)


@pydm.jit
def type_tests(x):
    return (isinstance(x, dict), type(x) is dict, isinstance(x, (list, dict)), isinstance(x, object))


@pydm.jit
def object_items(x):
    o = [x][0]
    s = 0
    for k, v in o.items():
        s += k * v
    return (s, o.get(1), o.setdefault(9, 9), o, o.popitem(), o.get(7, 8))


@pydm.jit
def arity_errors(d, k):
    if k == 0:
        return d.pop()
    if k == 1:
        return d.get(1, 2, 3)
    if k == 2:
        return d.keys(1)
    if k == 3:
        return d.update(1, 2)
    if k == 4:
        return d.setdefault()
    return (d.update(), d)


@pydm.jit
def object_shared_methods(x, k):
    o = [x][0]  # an object (a dispatcher's call would specialize on the argument's type)
    if k == 0:
        return (o.pop(1), o)
    if k == 1:
        return (o.pop(1, None), o)
    if k == 2:
        return (o.pop(), o)
    if k == 3:
        c = o.copy()
        return (c, c is o, c == o)
    return (o.clear(), o)


D3 = {1: True, 2.5: None, (1, 2): [3]}

BUILD_CASES = [
    P(display, [(1, 2), (1, 1.0), (True, 1), (None, ()), (-1, -2), (0.0, -0.0), ([1], 2), (1, {})]),
    P(display_empty, [()]),
    P(getitem, [(D3, 1), (D3, 1.0), (D3, True), (D3, (1.0, 2)), (D3, 3), (D3, (1, 3)), (D3, [1]), (D3, {}),
                ({}, None), ({-1: 1}, -2), ({-2: 1}, -1), ({0.0: 1}, -0.0), ({NAN: 1}, NAN), ({1: 2}, (1,)),
                ({2**61 - 1: 5}, 0), ({0: 5}, 2**61 - 1)]),
    P(setitem, [({}, k, 1) for k in KEYS] + [(D3, 1.0, 5), (D3, True, 5), (D3, [], 1), (D3, {}, 1),
                                            ({-1: 1}, -2, 2), ({0.0: 1}, -0.0, 2)]),
    P(delitem, [(D3, 1), (D3, 1.0), (D3, 2.5), (D3, (1, 2)), (D3, 5), ({}, 0), (D3, []), ({-1: 1}, -2)]),
    P(contains, [(D3, k) for k in KEYS] + [(D3, [1]), ({}, 1)]),
    P(length_truth, [({},), (D3,), ({0: 0},)]),
    P(same_key, [(1, 1.0, True), (0, 0.0, False), (-0.0, 0, False), (-1, -2, -1.0), ((1, 2), (1.0, 2.0), (True, 2))]),
    P(nan_key, [(NAN,), (1.5,)]),
    P(unhashable_display, [([],), ({},), ((1, [2]),), (5,)]),
    P(values_of_all_kinds, [(None,), ([1],)]),
]

ITERATION_CASES = [
    P(iterate, [({},), (D3,), ({3: 1, 1: 2, 2: 3},)]),
    P(iterate_grow, [({},), ({1: 1},), (D3,)]),
    P(iterate_delete, [({},), ({1: 1},), (D3,)]),
    P(iterate_update_values, [({},), (D3,)]),
    P(view_iterators, [({3: 1, -1: 2},), ({1: 1},)]),
    P(consumers, [({3: 1, 1: 7, 2: 3},), ({0: 0, 1: 1},)]),
]

METHOD_CASES = [
    P(get, [(D3, 1), (D3, 9), ({}, None), (D3, []), (D3, 2.5)]),
    P(pop, [(D3, 1.0), (D3, 9), ({}, 0), (D3, [])]),
    P(pop_default, [(D3, 2.5), (D3, 9)]),
    P(popitem, [(D3,), ({},), ({1: 2},)]),
    P(setdefault, [(D3, 1), ({}, 7), ({}, [])]),
    P(clear_copy, [(D3,), ({},)]),
    P(update, [(D3, {1: 0, 5: 5}), ({}, D3), (D3, [(7, 8), [9, 10]]), (D3, [(1, 2, 3)]), (D3, [5]), (D3, 5),
               (D3, ((1, 2),))]),
    P(dict_of, [(D3,), ([(1, 2), (3, 4)],), ([],), (5,), ([(1,)],), ((),)]),
    P(merge, [(D3, {1: 0, 9: 9}), ({}, {})]),
    P(equal, [(D3, D3), (D3, {1: True, 2.5: None, (1, 2): [3]}), ({1: 1}, {1.0: 1.0}), ({1: 1}, {1: 2}),
              ({1: 1}, {2: 1}), ({}, {}), ({NAN: 1}, {NAN: 1}), ({1: NAN}, {1: NAN}), ({1: [1]}, {True: [1.0]}),
              ({1: 2, 3: 4}, {3: 4, 1: 2}), ({1: 1}, {})]),
    P(equal_other, [(D3, 1), ({}, []), ({}, None), ({1: 2}, {1: 2}), ({1: 2}, [1])]),
]

MISC_CASES = [
    P(comprehension, [(0,), (10,)]),
    P(grow_shrink, [(0,), (100,), (5000,)]),
    P(reinsert_order, [({1: 1, 2: 2, 3: 3}, 1), ({1: 1, 2: 2, 3: 3}, 3)]),
    P(counter, [([1, 2, 1, 1.0, True, (1, 2), None, 2.5, 2.5, -1, -2],), ([],)]),
    P(augmented, [({1: 2}, 1), ({1: 2}, 2), ({1: [1]}, True)]),
    P(through_object, [({0: 1, 1: 2}, 3), ({0: 1}, 0)]),
    P(object_keys_call, [({1: 2, 3: 4},), ([1],)]),
    P(object_method_error, [({1: 2},), ([1],), (5,)]),
    P(bad_ops, [({1: 2}, k) for k in range(6)]),
    P(unpack_keys, [({1: 2, 3: 4},), ({1: 2},), ({},)]),
    P(type_tests, [({},), ([],), (1,)]),
    P(object_items, [({3: 1, 1: 2},), ([1],), (5,)]),
    P(arity_errors, [({1: 2}, k) for k in range(6)]),
    P(object_shared_methods, [(o, k) for o in ({1: 2, 3: 4}, [5, 6], 7, {}) for k in range(5)]),
]


# every test of this file through one compile (the library's dict code is linked once);
# written by batching.source('dicts_group', BUILD_CASES + ITERATION_CASES + METHOD_CASES + MISC_CASES)
@pydm.jit
def dicts_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a8, b8, a9, b9,
                        a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15, b15, a16, b16, a17,
                        b17, c17, a18, b18, c18, a19, b19, c19, a20, b20, c20, a21, b21, c21, a22,
                        b22, c22, a23, b23, c23, a24, b24, c24, a25, b25, c25, a26, b26, a27, b27,
                        a28, b28, a29, b29, a30, b30, a31, b31, a32, b32, a33, b33, a34, b34, a35,
                        b35, a36, b36, a37, b37, a38, a39, b39, c39, a40, b40, c40, a41, b41, c41,
                        a42, b42, c42, a43, a44, a45, a46, a47, a48, a49, a50, a51, a52, a53, a54,
                        a55, a56, b56, a57, b57, a58, b58, a59, b59, a60, b60, a61, b61, a62, b62,
                        a63, b63, a64, b64, a65, a66, b66, a67, b67, a68, a69, b69, a70, b70, a71,
                        b71, a72, b72, a73, a74, a75, a76, a77, b77, a78, b78, a79, b79, a80, b80,
                        a81, b81, a82, b82, a83, a84, a85, b85, a86, a87, b87, a88, b88, a89, b89,
                        a90, a91, a92, a93, a94, a95, b95, a96, a97, a98, a99, a100, a101, a102,
                        a103, b103, a104, b104, a105, b105, a106, b106):
    if k == 0:
        return display(a0, b0)
    if k == 1:
        return display(a1, b1)
    if k == 2:
        return display(a2, b2)
    if k == 3:
        return display(a3, b3)
    if k == 4:
        return display(a4, b4)
    if k == 5:
        return display(a5, b5)
    if k == 6:
        return display(a6, b6)
    if k == 7:
        return display_empty()
    if k == 8:
        return getitem(a8, b8)
    if k == 9:
        return getitem(a9, b9)
    if k == 10:
        return getitem(a10, b10)
    if k == 11:
        return getitem(a11, b11)
    if k == 12:
        return getitem(a12, b12)
    if k == 13:
        return getitem(a13, b13)
    if k == 14:
        return getitem(a14, b14)
    if k == 15:
        return getitem(a15, b15)
    if k == 16:
        return getitem(a16, b16)
    if k == 17:
        return setitem(a17, b17, c17)
    if k == 18:
        return setitem(a18, b18, c18)
    if k == 19:
        return setitem(a19, b19, c19)
    if k == 20:
        return setitem(a20, b20, c20)
    if k == 21:
        return setitem(a21, b21, c21)
    if k == 22:
        return setitem(a22, b22, c22)
    if k == 23:
        return setitem(a23, b23, c23)
    if k == 24:
        return setitem(a24, b24, c24)
    if k == 25:
        return setitem(a25, b25, c25)
    if k == 26:
        return delitem(a26, b26)
    if k == 27:
        return delitem(a27, b27)
    if k == 28:
        return delitem(a28, b28)
    if k == 29:
        return delitem(a29, b29)
    if k == 30:
        return contains(a30, b30)
    if k == 31:
        return contains(a31, b31)
    if k == 32:
        return contains(a32, b32)
    if k == 33:
        return contains(a33, b33)
    if k == 34:
        return contains(a34, b34)
    if k == 35:
        return contains(a35, b35)
    if k == 36:
        return contains(a36, b36)
    if k == 37:
        return contains(a37, b37)
    if k == 38:
        return length_truth(a38)
    if k == 39:
        return same_key(a39, b39, c39)
    if k == 40:
        return same_key(a40, b40, c40)
    if k == 41:
        return same_key(a41, b41, c41)
    if k == 42:
        return same_key(a42, b42, c42)
    if k == 43:
        return nan_key(a43)
    if k == 44:
        return unhashable_display(a44)
    if k == 45:
        return unhashable_display(a45)
    if k == 46:
        return unhashable_display(a46)
    if k == 47:
        return unhashable_display(a47)
    if k == 48:
        return values_of_all_kinds(a48)
    if k == 49:
        return values_of_all_kinds(a49)
    if k == 50:
        return iterate(a50)
    if k == 51:
        return iterate_grow(a51)
    if k == 52:
        return iterate_delete(a52)
    if k == 53:
        return iterate_update_values(a53)
    if k == 54:
        return view_iterators(a54)
    if k == 55:
        return consumers(a55)
    if k == 56:
        return get(a56, b56)
    if k == 57:
        return get(a57, b57)
    if k == 58:
        return get(a58, b58)
    if k == 59:
        return get(a59, b59)
    if k == 60:
        return pop(a60, b60)
    if k == 61:
        return pop(a61, b61)
    if k == 62:
        return pop(a62, b62)
    if k == 63:
        return pop_default(a63, b63)
    if k == 64:
        return pop_default(a64, b64)
    if k == 65:
        return popitem(a65)
    if k == 66:
        return setdefault(a66, b66)
    if k == 67:
        return setdefault(a67, b67)
    if k == 68:
        return clear_copy(a68)
    if k == 69:
        return update(a69, b69)
    if k == 70:
        return update(a70, b70)
    if k == 71:
        return update(a71, b71)
    if k == 72:
        return update(a72, b72)
    if k == 73:
        return dict_of(a73)
    if k == 74:
        return dict_of(a74)
    if k == 75:
        return dict_of(a75)
    if k == 76:
        return dict_of(a76)
    if k == 77:
        return merge(a77, b77)
    if k == 78:
        return equal(a78, b78)
    if k == 79:
        return equal_other(a79, b79)
    if k == 80:
        return equal_other(a80, b80)
    if k == 81:
        return equal_other(a81, b81)
    if k == 82:
        return equal_other(a82, b82)
    if k == 83:
        return comprehension(a83)
    if k == 84:
        return grow_shrink(a84)
    if k == 85:
        return reinsert_order(a85, b85)
    if k == 86:
        return counter(a86)
    if k == 87:
        return augmented(a87, b87)
    if k == 88:
        return augmented(a88, b88)
    if k == 89:
        return through_object(a89, b89)
    if k == 90:
        return object_keys_call(a90)
    if k == 91:
        return object_keys_call(a91)
    if k == 92:
        return object_method_error(a92)
    if k == 93:
        return object_method_error(a93)
    if k == 94:
        return object_method_error(a94)
    if k == 95:
        return bad_ops(a95, b95)
    if k == 96:
        return unpack_keys(a96)
    if k == 97:
        return type_tests(a97)
    if k == 98:
        return type_tests(a98)
    if k == 99:
        return type_tests(a99)
    if k == 100:
        return object_items(a100)
    if k == 101:
        return object_items(a101)
    if k == 102:
        return object_items(a102)
    if k == 103:
        return arity_errors(a103, b103)
    if k == 104:
        return object_shared_methods(a104, b104)
    if k == 105:
        return object_shared_methods(a105, b105)
    return object_shared_methods(a106, b106)

BATCH = Batch(dicts_group, BUILD_CASES + ITERATION_CASES + METHOD_CASES + MISC_CASES)


@pytest.mark.parametrize("fn,cases", BUILD_CASES + ITERATION_CASES + METHOD_CASES + MISC_CASES)
def test_dicts(fn, cases):
    BATCH.check_many(fn, cases)
