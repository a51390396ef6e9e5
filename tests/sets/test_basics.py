"""Sets vs CPython: displays (with ``*x``), ``set()`` of every iterable,
comprehensions, the methods (any number of iterables where CPython takes
them), the operators and their in-place forms, ``in``, ``len``, truth,
``==`` and the subset order, equal elements of different types (1, 1.0,
True: which one is kept), unhashable elements, sets in lists, tuples, dicts
and through ``object``, the size check of iteration, and the errors with
CPython's messages. Whatever depends on CPython's iteration order (an
implementation detail) is compared in no order: ``sorted`` or a set."""
import pytest

import pydm

from .sharness import INF, P, Batch

ELEMS = [0, 1, 1.0, True, False, 0.0, -0.0, -1, -2, 2.5, None, (1, 2), (1.0, 2), (), "a", INF, 2**61 - 1]


# ---------------------------------------------------------------- building
@pydm.jit
def display(a, b):
    return {a, b, (a, b)}


@pydm.jit
def display_star(xs, ys):
    return {0, *xs, 5, *ys}


@pydm.jit
def empty():
    s = set()
    return (s, len(s), bool(s), s == set(), {1, True, 1.0}, {1.0, 1}, {True, 1}, {-0.0, 0, False})


@pydm.jit
def set_of(x):
    return set(x)


@pydm.jit
def comprehension(xs):
    return ({x % 3 for x in xs}, {(x, x > 2) for x in xs if x != 1}, {x * 1.0 for x in xs})


@pydm.jit
def unhashable(x):
    return {1, x}


@pydm.jit
def contains(s, x):
    return (x in s, x not in s)


@pydm.jit
def length_truth(s):
    return (len(s), bool(s), not s, 1 if s else 0)


@pydm.jit
def iterate(s):
    total = 0
    n = 0
    for x in s:
        total += x
        n += 1
    return (total, n, sorted(s), sum(s), max(s), min(s), sorted([x * 2 for x in s]), any(s), all(s),
            len(list(s)), len(tuple(s)))


@pydm.jit
def iterate_grow(s):
    for x in s:
        s.add(x + 100)
    return s


@pydm.jit
def iterate_discard(s):
    for x in s:
        s.discard(x)
    return s


@pydm.jit
def iterate_readd(s):
    for x in s:
        s.discard(x)
        s.add(x)
    return s


# ---------------------------------------------------------------- methods
@pydm.jit
def add(s, x):
    s.add(x)
    s.add(x)
    return s


@pydm.jit
def remove(s, x):
    s.remove(x)
    return s


@pydm.jit
def discard(s, x):
    s.discard(x)
    return s


@pydm.jit
def pop(s):
    t = s.copy()  # which element pops is CPython's table order: s after the call would differ
    x = t.pop()
    return (x in s, t == s - {x}, len(t), x in t)


@pydm.jit
def pop_all(s):
    n = 0
    while s:
        s.pop()
        n += 1
    return (n, s)


@pydm.jit
def clear_copy(s):
    c = s.copy()
    s.clear()
    c.add(99)
    return (s, c, len(s), c is s)


@pydm.jit
def update(s, a, b):
    s.update(a, b)
    s.update()
    return s


@pydm.jit
def union(s, a, b):
    return (s.union(a), s.union(a, b), s.union(), s)


@pydm.jit
def intersection(s, a, b):
    return (s.intersection(a), s.intersection(a, b), s.intersection(), s)


@pydm.jit
def difference(s, a, b):
    return (s.difference(a), s.difference(a, b), s.difference(), s)


@pydm.jit
def symmetric_difference(s, a):
    return (s.symmetric_difference(a), s)


@pydm.jit
def updates(s, a):
    t = s.copy()
    t.intersection_update(a)
    u = s.copy()
    u.difference_update(a)
    v = s.copy()
    v.symmetric_difference_update(a)
    return (t, u, v)


@pydm.jit
def predicates(s, a):
    return (s.issubset(a), s.issuperset(a), s.isdisjoint(a))


# ---------------------------------------------------------------- operators
@pydm.jit
def operators(a, b):
    return (a | b, a & b, a - b, a ^ b, b | a, b & a, b - a, b ^ a)


@pydm.jit
def inplace(a, b):
    c = a
    c |= b
    d = b.copy()
    d &= a
    e = a.copy()
    e -= b
    f = a.copy()
    f ^= b
    g = a.copy()
    g ^= g
    return (c is a, a, d, e, f, g)


@pydm.jit
def compare(a, b):
    return (a == b, a != b, a < b, a <= b, a > b, a >= b)


@pydm.jit
def compare_other(s, x):
    return (s == x, s != x, x == s, [s] == [x], (s, 1) == (x, 1))


@pydm.jit
def order_other(s, x):
    return s < x


@pydm.jit
def bad_or(s, x):
    return s | x


@pydm.jit
def bad_ior(s, x):
    s |= x
    return s


@pydm.jit
def bad_sub(s, x):
    return s - x


# ---------------------------------------------------------------- sets among the other kinds
@pydm.jit
def in_containers(s):
    xs = [s, s]
    t = (s, 1)
    d = {1: s}
    xs[0].add(7)
    return (xs, t, d, xs[1] is s, d[1] is s)


@pydm.jit
def through_object(s, x):
    o = [s][0]
    o.add(x)
    o.discard(99)
    r = (o | {x}, o & {x}, o - {x}, o ^ {x}, o == s, o <= s, len(o), x in o, o.issubset(s), sorted(o))
    o.update([1, 2])
    o.remove(1)
    c = o.copy()
    c.clear()
    return (r, s, c, o.union({-5}))


@pydm.jit
def object_pop(s):
    o = [s.copy()][0]
    x = o.pop()
    return (x in s, len(o), x in o)


@pydm.jit
def object_methods_of_others(x):
    o = [x][0]
    o.add(1)
    return o


@pydm.jit
def type_tests(x):
    return (isinstance(x, set), type(x) is set, isinstance(x, dict), isinstance(x, object))


@pydm.jit
def set_as_key(s):
    d = {}
    d[s] = 1
    return d


@pydm.jit
def set_in_set(s):
    return {1, s}


@pydm.jit
def set_hash(s):
    return hash(s)


@pydm.jit
def set_lookup_set(s, t):
    s.discard(t)
    return (t in s, s)


@pydm.jit
def subscript(s):
    return s[0]


@pydm.jit
def unpack(s):
    a, b = s
    return sorted([a, b])


@pydm.jit
def arity_errors(s, k):
    if k == 0:
        return s.add()
    if k == 1:
        return s.pop(1)
    if k == 2:
        return s.issubset()
    if k == 3:
        return s.copy(1)
    return set(s, s)


@pydm.jit
def annotated(s: set, x: int) -> set:
    s.add(x)
    t: set[int] = {x}
    return s | t


@pydm.jit
def grow_shrink(n):
    s = set()
    for i in range(n):
        s.add(i * 7919 % 1009)
    for i in range(0, n, 2):
        s.discard(i * 7919 % 1009)
    for i in range(n // 3):
        s.add(-i)
    return (len(s), s, sum(s))


@pydm.jit
def odd_ops(s, k, t):
    if k == 0:
        del s[0]
    elif k == 1:
        s[0] = 1
    elif k == 2:
        return s[1:2]
    elif k == 3:
        return abs(s)
    elif k == 4:
        return -s
    elif k == 5:
        return s.append(1)
    elif k == 6:
        return min(s, {1})
    elif k == 7:
        return sorted([{1, 2}, {1}, {3}])
    elif k == 8:
        return t[0] | {9}
    elif k == 9:
        s += {1}
    elif k == 10:
        return s * 2
    elif k == 11:
        return (repr(s), str({(1, 2)}), f"{set()}", str([s]))
    elif k == 12:
        return s.sort()
    elif k == 13:
        return (s == t, s == 1, s != None, s is s)  # noqa: E711
    elif k == 14:
        return (max({1, 2}, {3}), any(set()), all(set()), sum({1.5, 2}), list(enumerate(sorted(s))))
    return s


@pydm.jit
def int_float(x, k):
    """(int() and float() of a list, dict, range or set: CPython's TypeError, not a lowering error)"""
    if k == 0:
        return int(x)
    return float(x)


S3 = {1, 2, 3}
BUILD_CASES = [
    P(display, [(1, 2), (1, 1.0), (True, 1), (0.0, -0.0), (None, (1, 2)), ("a", "b"), (1, [2]), ([1], 1),
                (2**61 - 1, 0)]),
    P(display_star, [([1, 2], (3, 4)), ([], ()), ([0, 0.0], (5.0, True))]),
    P(display_star, [("ab", {1: 2}), (range(3), {7, 8})]),
    P(empty, [()]),
    P(set_of, [([1, 2, 2, 1.0, True],), ((1, 2.5, None),), ("hello",), (range(5),), ({1: 2, 3: 4},),
               (S3,), ([],), (7,), ([[1]],), ([(1, 2), (1.0, 2)],), (None,)]),
    P(comprehension, [([1, 2, 3, 4, 5, 6],), ([],)]),
    P(unhashable, [([1],), ({1: 2},), ({1},), ((1, [2]),)]),
    P(contains, [(S3, 1), (S3, 1.0), (S3, True), (S3, 4), ({(1, 2)}, (1.0, 2)), (S3, [1]), (S3, {1}),
                 (S3, {1: 2}), (set(), None), ({"a", "b"}, "a")]),
    P(length_truth, [(set(),), (S3,), ({None},)]),
]
ITERATION_CASES = [
    P(iterate, [({1, 2, 3, 10, 100},), ({2.5, -1, 7},)]),
    P(iterate_grow, [(S3,), (set(),)]),
    P(iterate_discard, [(S3,), (set(),)]),
    P(iterate_readd, [(S3,)]),
]
METHOD_CASES = [
    P(add, [(set(), 1), ({1}, 1.0), ({1.0}, True), (S3, (1, 2)), (S3, [1]), (S3, {2: 3}), (S3, S3), (S3, "x"),
            (S3, None), ({0}, -0.0)]),
    P(remove, [(S3, 2), (S3, 2.0), (S3, 5), (S3, (1, 2)), (S3, [1]), ({True}, 1), (set(), "k")]),
    P(discard, [(S3, 2), (S3, 2.0), (S3, 5), (S3, [1])]),
    P(pop, [(S3,), ({5},), (set(),)]),
    P(pop_all, [(S3,), (set(range(40)),)]),
    P(clear_copy, [(S3,), (set(),)]),
    P(update, [(S3, [3, 4, 4.0], (5, True)), (set(), "ab", range(3)), ({1}, {1.0: 2}, {True}), (S3, [1], 5),
               (S3, [[1]], ())]),
    P(union, [(S3, [3, 4], (5, 1.0)), ({1}, {1.0}, {True, 2}), (S3, 7, [])]),
    P(intersection, [(S3, [3, 4, 1.0], (1.0, 3)), ({1, 2}, {1.0, 2.0, 3.0}, {True}), ({1.0, 2.0, 3.0}, {1, 2}, [1]),
                     ({1.0}, {1}, {1}), (S3, [[1]], ()), (S3, 5, ())]),
    P(difference, [(S3, [3, 4], (1.0,)), (S3, {2}, {1: 0}), (S3, 3, ())]),
    P(symmetric_difference, [(S3, [3, 4, 4]), ({1}, {1.0, 2.0}), (S3, "ab"), (S3, {3: 1}), (S3, 4)]),
    P(updates, [(S3, [3, 4, 2.0]), ({1.0, 2.0}, {1, 5}), (S3, ()), (S3, [[1]])]),
    P(predicates, [(S3, [1, 2, 3, 4]), ({1, 2}, {1.0, 2.0}), (S3, (4, 5)), (set(), []), (S3, [2]), (S3, 3),
                   (S3, S3)]),
]
OPERATOR_CASES = [
    P(operators, [(S3, {3, 4, 5}), ({1, 2}, {1.0, 2.0, 3.0}), (set(), S3), ({(1, 2), None}, {(1.0, 2), "a"})]),
    P(inplace, [(S3, {3, 4, 5}), ({1.0}, {1, True, 2})]),
    P(compare, [(S3, {1, 2}), ({1, 2}, S3), (S3, {1.0, 2.0, 3.0}), (S3, {4}), (set(), set()), (set(), S3)]),
    P(compare_other, [(S3, [1, 2, 3]), (S3, (1, 2, 3)), (set(), {}), (S3, 1), (S3, S3)]),
    P(order_other, [(S3, [1]), (S3, 1), (S3, {1: 2})]),
    P(bad_or, [(S3, [1]), (S3, 1), (S3, {1: 2})]),
    P(bad_ior, [(S3, [1]), (S3, (1,))]),
    P(bad_sub, [(S3, [1]), (S3, "a")]),
]
MISC_CASES = [
    P(in_containers, [(S3,)]),
    P(through_object, [(S3, 3), ({1.0, 5}, 1), (set(), 2)]),
    P(object_pop, [(S3,), (set(),)]),
    P(object_methods_of_others, [([1],), ({1: 2},), (3,), (S3,)]),
    P(type_tests, [(S3,), ({1: 2},), ([1],), (1,)]),
    P(set_as_key, [(S3,)]),
    P(set_in_set, [(S3,)]),
    P(set_hash, [(S3,)]),
    P(set_lookup_set, [(S3, {1}), ({1, 2}, set())]),
    P(subscript, [(S3,)]),
    P(unpack, [({1, 2},), (S3,)]),
    P(arity_errors, [(S3, 0), (S3, 1), (S3, 2), (S3, 3), (S3, 4)]),
    P(annotated, [(S3, 4), (set(), 0)]),
    P(grow_shrink, [(0,), (10,), (600,)]),
    P(odd_ops, [(S3, k, ({4}, 1)) for k in range(16)]),
    P(int_float, [(x, k) for x in ([1], {1: 2}, range(3), S3) for k in (0, 1)]),
]
ALL = BUILD_CASES + ITERATION_CASES + METHOD_CASES + OPERATOR_CASES + MISC_CASES


@pydm.jit
def sets_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8, a9,
                       b9, a10, b10, a11, b11, a12, b12, a14, a15, a16, a17, a18, a19, a20, a21,
                       a22, a23, a24, a25, a26, a27, b27, a28, b28, a29, b29, a30, b30, a31, b31,
                       a32, b32, a33, b33, a34, b34, a35, b35, a36, a37, a38, a39, a40, a41, b41,
                       a42, b42, a43, b43, a44, b44, a45, b45, a46, b46, a47, b47, a48, b48, a49,
                       b49, a50, b50, a51, b51, a52, b52, a53, b53, a54, b54, a55, b55, a56, b56,
                       a57, b57, a58, a59, a60, a61, b61, c61, a62, b62, c62, a63, b63, c63, a64,
                       b64, c64, a65, b65, c65, a66, b66, c66, a67, b67, c67, a68, b68, c68, a69,
                       b69, c69, a70, b70, c70, a71, b71, c71, a72, b72, c72, a73, b73, c73, a74,
                       b74, c74, a75, b75, c75, a76, b76, c76, a77, b77, a78, b78, a79, b79, a80,
                       b80, a81, b81, a82, b82, a83, b83, a84, b84, a85, b85, a86, b86, a87, b87,
                       a88, b88, a89, b89, a90, b90, a91, b91, a92, b92, a93, b93, a94, b94, a95,
                       b95, a96, b96, a97, b97, a98, b98, a99, b99, a100, b100, a101, b101, a102,
                       b102, a103, b103, a104, b104, a105, b105, a106, b106, a107, a108, b108,
                       a109, a110, a111, a112, a113, a114, a115, a116, a117, a118, a119, a120,
                       a121, b121, a122, a123, a124, b124, a125, b125, a126, a127, b127, c127,
                       a128, b128, a129, b129, a130, b130, a131, b131):
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
        return display(a7, b7)
    if k == 8:
        return display_star(a8, b8)
    if k == 9:
        return display_star(a9, b9)
    if k == 10:
        return display_star(a10, b10)
    if k == 11:
        return display_star(a11, b11)
    if k == 12:
        return display_star(a12, b12)
    if k == 13:
        return empty()
    if k == 14:
        return set_of(a14)
    if k == 15:
        return set_of(a15)
    if k == 16:
        return set_of(a16)
    if k == 17:
        return set_of(a17)
    if k == 18:
        return set_of(a18)
    if k == 19:
        return set_of(a19)
    if k == 20:
        return set_of(a20)
    if k == 21:
        return set_of(a21)
    if k == 22:
        return comprehension(a22)
    if k == 23:
        return unhashable(a23)
    if k == 24:
        return unhashable(a24)
    if k == 25:
        return unhashable(a25)
    if k == 26:
        return unhashable(a26)
    if k == 27:
        return contains(a27, b27)
    if k == 28:
        return contains(a28, b28)
    if k == 29:
        return contains(a29, b29)
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
        return length_truth(a36)
    if k == 37:
        return iterate(a37)
    if k == 38:
        return iterate_grow(a38)
    if k == 39:
        return iterate_discard(a39)
    if k == 40:
        return iterate_readd(a40)
    if k == 41:
        return add(a41, b41)
    if k == 42:
        return add(a42, b42)
    if k == 43:
        return add(a43, b43)
    if k == 44:
        return add(a44, b44)
    if k == 45:
        return add(a45, b45)
    if k == 46:
        return add(a46, b46)
    if k == 47:
        return add(a47, b47)
    if k == 48:
        return add(a48, b48)
    if k == 49:
        return add(a49, b49)
    if k == 50:
        return remove(a50, b50)
    if k == 51:
        return remove(a51, b51)
    if k == 52:
        return remove(a52, b52)
    if k == 53:
        return remove(a53, b53)
    if k == 54:
        return remove(a54, b54)
    if k == 55:
        return discard(a55, b55)
    if k == 56:
        return discard(a56, b56)
    if k == 57:
        return discard(a57, b57)
    if k == 58:
        return pop(a58)
    if k == 59:
        return pop_all(a59)
    if k == 60:
        return clear_copy(a60)
    if k == 61:
        return update(a61, b61, c61)
    if k == 62:
        return update(a62, b62, c62)
    if k == 63:
        return update(a63, b63, c63)
    if k == 64:
        return update(a64, b64, c64)
    if k == 65:
        return update(a65, b65, c65)
    if k == 66:
        return union(a66, b66, c66)
    if k == 67:
        return union(a67, b67, c67)
    if k == 68:
        return union(a68, b68, c68)
    if k == 69:
        return intersection(a69, b69, c69)
    if k == 70:
        return intersection(a70, b70, c70)
    if k == 71:
        return intersection(a71, b71, c71)
    if k == 72:
        return intersection(a72, b72, c72)
    if k == 73:
        return intersection(a73, b73, c73)
    if k == 74:
        return difference(a74, b74, c74)
    if k == 75:
        return difference(a75, b75, c75)
    if k == 76:
        return difference(a76, b76, c76)
    if k == 77:
        return symmetric_difference(a77, b77)
    if k == 78:
        return symmetric_difference(a78, b78)
    if k == 79:
        return symmetric_difference(a79, b79)
    if k == 80:
        return symmetric_difference(a80, b80)
    if k == 81:
        return symmetric_difference(a81, b81)
    if k == 82:
        return updates(a82, b82)
    if k == 83:
        return updates(a83, b83)
    if k == 84:
        return updates(a84, b84)
    if k == 85:
        return predicates(a85, b85)
    if k == 86:
        return predicates(a86, b86)
    if k == 87:
        return predicates(a87, b87)
    if k == 88:
        return predicates(a88, b88)
    if k == 89:
        return operators(a89, b89)
    if k == 90:
        return inplace(a90, b90)
    if k == 91:
        return compare(a91, b91)
    if k == 92:
        return compare_other(a92, b92)
    if k == 93:
        return compare_other(a93, b93)
    if k == 94:
        return compare_other(a94, b94)
    if k == 95:
        return compare_other(a95, b95)
    if k == 96:
        return compare_other(a96, b96)
    if k == 97:
        return order_other(a97, b97)
    if k == 98:
        return order_other(a98, b98)
    if k == 99:
        return order_other(a99, b99)
    if k == 100:
        return bad_or(a100, b100)
    if k == 101:
        return bad_or(a101, b101)
    if k == 102:
        return bad_or(a102, b102)
    if k == 103:
        return bad_ior(a103, b103)
    if k == 104:
        return bad_ior(a104, b104)
    if k == 105:
        return bad_sub(a105, b105)
    if k == 106:
        return bad_sub(a106, b106)
    if k == 107:
        return in_containers(a107)
    if k == 108:
        return through_object(a108, b108)
    if k == 109:
        return object_pop(a109)
    if k == 110:
        return object_methods_of_others(a110)
    if k == 111:
        return object_methods_of_others(a111)
    if k == 112:
        return object_methods_of_others(a112)
    if k == 113:
        return object_methods_of_others(a113)
    if k == 114:
        return type_tests(a114)
    if k == 115:
        return type_tests(a115)
    if k == 116:
        return type_tests(a116)
    if k == 117:
        return type_tests(a117)
    if k == 118:
        return set_as_key(a118)
    if k == 119:
        return set_in_set(a119)
    if k == 120:
        return set_hash(a120)
    if k == 121:
        return set_lookup_set(a121, b121)
    if k == 122:
        return subscript(a122)
    if k == 123:
        return unpack(a123)
    if k == 124:
        return arity_errors(a124, b124)
    if k == 125:
        return annotated(a125, b125)
    if k == 126:
        return grow_shrink(a126)
    if k == 127:
        return odd_ops(a127, b127, c127)
    if k == 128:
        return int_float(a128, b128)
    if k == 129:
        return int_float(a129, b129)
    if k == 130:
        return int_float(a130, b130)
    return int_float(a131, b131)


BATCH = Batch(sets_group, ALL)


@pytest.mark.parametrize("fn,cases", ALL)
def test_sets(fn, cases):
    BATCH.check_many(fn, cases)
