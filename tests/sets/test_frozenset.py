"""frozenset against CPython: construction, the operators and methods that
change nothing (with CPython's result types: ``frozenset | set`` is a
frozenset, ``set | frozenset`` a set), comparisons with sets, hashing
(CPython's frozenset hash of the elements' hashes), frozensets as dict keys
and set elements, the boundary (both ways, by value), ``repr``, type tests
and CPython's errors. Values from the caller cross as frozensets; the
``object`` forms reach the library's run-time paths. One batched compile."""
import pytest

import pydm
from sets.sharness import NAN, P, Batch  # noqa: F401

FS = frozenset


@pydm.jit
def build(k: int, x):
    if k == 0:
        return frozenset()
    if k == 1:
        return frozenset(x)
    if k == 2:
        return frozenset("abca")
    if k == 3:
        return frozenset(range(4))
    if k == 4:
        return frozenset({2: 1, 1: 2})
    if k == 5:
        return frozenset([1, 1.0, True, 2.5, (1, 2), None])
    if k == 6:
        return frozenset(x, x)
    if k == 7:
        return frozenset(iterable=x)
    if k == 8:
        return frozenset(5)
    if k == 9:
        return frozenset(x) == set(x), set(frozenset(x)), frozenset(set(x)), frozenset(frozenset(x))
    return frozenset(x) is frozenset(x), len(frozenset(x)), bool(frozenset(x)), [y for y in frozenset(x)] != []


@pydm.jit
def operators(a, b):
    return (a | b, a & b, a - b, a ^ b, a == b, a != b, a < b, a <= b, a > b, a >= b,
            b | a, b & a, b - a, b ^ a)


@pydm.jit
def in_place(a, b):
    c = a
    a |= b
    d = a
    a &= b
    e = a
    a -= b
    f = a
    a ^= b
    return c, d, e, f, a


@pydm.jit
def methods(a, b):
    return (a.union(b), a.union(b, [7]), a.intersection(b), a.difference(b), a.symmetric_difference(b),
            a.issubset(b), a.issuperset(b), a.isdisjoint(b), a.copy(), a.copy() is a, a.union(), a.intersection())


@pydm.jit
def through_object(a, b, k: int):
    o = [a][0]
    p = [b][0]
    if k == 0:
        return o | p, o & p, o - p, o ^ p, o == p, o != p, o < p, o <= p
    if k == 1:
        o |= p
        return o
    if k == 2:
        return o.union(p), o.intersection(p), o.difference(p), o.symmetric_difference(p), o.issubset(p)
    if k == 3:
        return o.copy(), o.copy() is o, len(o), 1 in o, sorted(o), hash(o) == hash(frozenset(o))
    if k == 4:
        return o.add(1)
    if k == 5:
        return o.isdisjoint(p), isinstance(o, frozenset), isinstance(o, set), type(o) is frozenset
    return o.discard(1)


@pydm.jit
def hashing(xs):
    fs = frozenset(xs)
    d = {fs: 1, frozenset(): 2}
    s = {fs, frozenset(xs), frozenset([fs])}
    return (hash(fs), hash(frozenset()), hash(frozenset([fs])), d, s, d[frozenset(xs)], set(xs) in s,
            frozenset(xs) in s, fs in d, len(s))


@pydm.jit
def set_keys(s, k: int):
    if k == 0:
        return hash(s)
    if k == 1:
        return {s: 1}
    if k == 2:
        t = {frozenset([1])}
        t.remove(s)
        return t
    if k == 3:
        t = {frozenset([1])}
        t.discard(s)
        return t, s in t
    return {s}


@pydm.jit
def errors(fs, k: int):
    if k == 0:
        return fs.add(1)
    if k == 1:
        return fs[0]
    if k == 2:
        del fs[0]
    if k == 3:
        return fs < 1
    if k == 4:
        return fs | 1
    if k == 5:
        return fs.copy(1)
    if k == 6:
        return fs.union(5)
    if k == 7:
        return fs.issubset()
    if k == 8:
        fs[0] = 1
    if k == 9:
        return fs.clear()
    return fs - [1]


@pydm.jit
def shown(fs):
    return repr(fs), str(fs), f"{fs}", repr(frozenset()), str([fs]), repr({1: fs})


@pydm.jit
def type_tests(x):
    return (isinstance(x, frozenset), isinstance(x, set), type(x) is frozenset, type(x) is set,
            isinstance(x, object))


@pydm.jit
def boundary(fs, xs):
    xs.append(fs)
    return fs, [fs, fs], {fs: fs}, xs


SMALL = [(FS([1, 2, 3]), {2, 3, 4}), ({2, 3, 4}, FS([1, 2, 3])), (FS([1, 2]), FS([1, 2, 3])), (FS(), FS()),
         (FS([1, 2.0]), {1.0, True, 2}), (FS([1, 2, 3]), FS([1]))]

CASES = [
    P(build, [(k, [3, 1, 2, 1.0]) for k in range(11)] + [(1, [[1]]), (1, 5), (1, (1, 2)), (1, "xy")]),
    P(operators, SMALL + [(FS([1]), [1]), ([1], FS([1]))]),
    P(in_place, SMALL),
    P(methods, SMALL + [(FS([1, 2]), [2, 3]), (FS([1, 2]), "ab"), (FS([1, 2]), 5)]),
    P(through_object, [(a, b, k) for a, b in SMALL[:3] for k in range(7)]),
    P(hashing, [([],), ([1, 2, 3],), ([0],), ([-1, -2],), ([1.5, (1, 2), 2**40],), ([1, 1.0, True],),
                ([[1]],), (list(range(50)),)]),
    P(set_keys, [({1}, k) for k in range(5)] + [({2}, k) for k in range(4)]),
    P(errors, [(FS([1]), k) for k in range(11)]),
    P(shown, [(FS([1, 2, 3]),), (FS(),), (FS([(1, 2), None]),)]),
    P(type_tests, [(FS([1]),), ({1},), ([1],), (1,)]),
    P(boundary, [(FS([1, 2]), []), (FS(), [1])]),
]


# written by batching.source('frozenset_group', CASES)
@pydm.jit
def frozenset_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8,
                            a9, b9, a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15, b15,
                            a16, b16, a17, b17, a18, b18, c18, a19, b19, c19, a20, b20, c20, a21,
                            a22, b22, a23, b23, a24, a25, a26, a27, a28, a29, b29):
    if k == 0:
        return build(a0, b0)
    if k == 1:
        return build(a1, b1)
    if k == 2:
        return build(a2, b2)
    if k == 3:
        return build(a3, b3)
    if k == 4:
        return operators(a4, b4)
    if k == 5:
        return operators(a5, b5)
    if k == 6:
        return operators(a6, b6)
    if k == 7:
        return operators(a7, b7)
    if k == 8:
        return operators(a8, b8)
    if k == 9:
        return in_place(a9, b9)
    if k == 10:
        return in_place(a10, b10)
    if k == 11:
        return in_place(a11, b11)
    if k == 12:
        return methods(a12, b12)
    if k == 13:
        return methods(a13, b13)
    if k == 14:
        return methods(a14, b14)
    if k == 15:
        return methods(a15, b15)
    if k == 16:
        return methods(a16, b16)
    if k == 17:
        return methods(a17, b17)
    if k == 18:
        return through_object(a18, b18, c18)
    if k == 19:
        return through_object(a19, b19, c19)
    if k == 20:
        return through_object(a20, b20, c20)
    if k == 21:
        return hashing(a21)
    if k == 22:
        return set_keys(a22, b22)
    if k == 23:
        return errors(a23, b23)
    if k == 24:
        return shown(a24)
    if k == 25:
        return type_tests(a25)
    if k == 26:
        return type_tests(a26)
    if k == 27:
        return type_tests(a27)
    if k == 28:
        return type_tests(a28)
    return boundary(a29, b29)



BATCH = Batch(frozenset_group, CASES)


@pytest.mark.parametrize("fn,cases", CASES)
def test_frozenset(fn, cases):
    BATCH.check_many(fn, cases)
