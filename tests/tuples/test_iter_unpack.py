"""``for`` over tuples and unpacking vs CPython: typed, untyped and ``object``-held
tuples, nested loops, ``break``/``continue``/``else``, nested targets, wrong
counts (the ``got`` count computed at run time), non-iterables, parallel
assignment; starred targets bind lists, as in CPython."""

import pytest

import pydm

from lists.lharness import check as lcheck

from .tharness import Batch, INF, INT64_MAX, NAN, P

MIXED = [(), (1,), (1, 2, 3), (1.5, -0.0), (True, 2, 0.5), (1, None), (INT64_MAX, 1), (NAN, INF)]


# ---------------------------------------------------------------- for

@pydm.jit
def iter_sum(t):
    s = 0
    n = 0
    for x in t:
        s = s + x
        n += 1
    return (s, n)


@pydm.jit
def iter_typed(t: tuple[int, ...]):
    s = 0
    last = -1
    for x in t:
        s += x
        last = x
    return (s, last)


@pydm.jit
def iter_floats(t: tuple[float, ...]):
    s = -0.0
    for x in t:
        s = s * 2.0 + x
    return s


@pydm.jit
def iter_fixed(t: tuple[int, float, bool]):
    r = 0.0
    kinds = 0
    for x in t:
        r = r * 2 + x
        if isinstance(x, bool):
            kinds += 100
        elif isinstance(x, int):
            kinds += 10
        else:
            kinds += 1
    return (r, kinds)


@pydm.jit
def iter_literal(a):
    n = 0
    for x in (a, 2.5, None, (1,), ()):
        if x is None:
            n += 100
        elif isinstance(x, tuple):
            n += 10 * (len(x) + 1)
        else:
            n += 1
    return n


@pydm.jit
def iter_empty_literal():
    n = 0
    for x in ():
        n += 1
    else:
        n += 10
    return n


@pydm.jit
def iter_obj(c: bool, t):
    x = t if c else 5
    n = 0
    for y in x:
        n += 1
    return n


@pydm.jit
def iter_int(n: int):
    s = 0
    for x in n:
        s += x
    return s


@pydm.jit
def iter_none():
    for x in None:
        return x
    return 0


@pydm.jit
def find(t, v):
    i = 0
    for x in t:
        if x == v:
            break
        i += 1
    else:
        return -1
    return i


@pydm.jit
def skip_none(t):
    s = 0
    for x in t:
        if x is None:
            continue
        s += x
    else:
        s += 1000
    return s


@pydm.jit
def nested_loops(t, u):
    n = 0
    for x in t:
        for y in u:
            if y == 99:
                break
            if x < y:
                n += 1
        else:
            n += 1000
    return n


@pydm.jit
def nested_tuples(tt):
    s = 0
    count = 0
    for t in tt:
        for x in t:
            s += x
            count += 1
    return (s, count)


@pydm.jit
def rebind_during_loop(t):
    n = 0
    for x in t:
        t = (1,)
        n += 1
    return (n, t)


@pydm.jit
def loop_variable_after(t):
    x = None
    for x in t:
        pass
    return x


FOR_CASES = [
    P(iter_sum, [(t,) for t in MIXED] + [((1, (2,)),)]),
    P(iter_typed, [((),), ((5,),), ((1, -2, 3),), ((INT64_MAX, 1),)]),
    P(iter_floats, [((),), ((1.5, -0.0),), ((2.5, 1e300, 1e300),), ((NAN, 1.0),)]),
    P(iter_fixed, [((1, 2.5, True),), ((-3, -0.0, False),)]),
    P(iter_literal, [(1,), (None,), ((),)]),
    P(iter_empty_literal, [()]),
    P(iter_obj, [(True, ()), (True, (1, 2.5)), (False, (1,))]),
    P(iter_int, [(3,)]),
    P(iter_none, [()]),
    P(find, [((1, 2.5, None), v) for v in (1, 2.5, None, 3, 1.0, True)] + [((), 1), ((NAN,), NAN)]),
    P(skip_none, [((1, None, 2),), ((),), ((None,),), ((None, 2.5, None, 1),)]),
    P(nested_loops, [((1, 2, 3), (2, 99, 5)), ((1, 2), (3, 4)), ((), (1,)), ((1,), ()), ((1, None), (2,))]),
    P(nested_tuples, [(((1, 2), (3,), ()),), ((),), (((1.5,), (True, 2)),), (((1,), 2),)]),
    P(rebind_during_loop, [((5, 6, 7),), ((),)]),
    P(loop_variable_after, [((1, 2.5),), ((),)]),
]


@pytest.mark.parametrize("fn,cases", FOR_CASES)
def test_for(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- unpacking

@pydm.jit
def unpack2(t):
    a, b = t
    return (b, a)


@pydm.jit
def unpack3(t):
    a, b, c = t
    return (c, b, a)


@pydm.jit
def unpack_nested(t):
    a, (b, c) = t
    (d, e), f = (a, b), c
    return (a, b, c, d, e, f)


@pydm.jit
def unpack_typed(t: tuple[int, float]):
    a, b = t
    return (b, a)


@pydm.jit
def unpack_typed_too_many(t: tuple[int, float, bool]):
    a, b = t
    return a


@pydm.jit
def unpack_typed_too_few(t: tuple[int, float]):
    a, b, c = t
    return a


@pydm.jit
def unpack_homog(t: tuple[int, ...]):
    a, b, c = t
    return a + b + c


@pydm.jit
def unpack_literal_wrong():
    a, b, c = (1, 2)
    return a


@pydm.jit
def unpack_scalar(x):
    a, b = x
    return a


@pydm.jit
def unpack_obj(c: bool, t):
    x = t if c else 1.5
    a, b = x
    return (a, b)


@pydm.jit
def unpack_same_name(t):
    a, a = t
    return a


@pydm.jit
def unpack_list_target(t):
    [a, b] = t
    return (b, a)


@pydm.jit
def unpack_chained(t):
    u = a, b = t
    return (u, a, b)


@pydm.jit
def fib_pair(n: int):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return (a, b)


@pydm.jit
def swap_mixed(a, b):
    a, b = b, a
    x, y, z = b, a, (a, b)
    return (a, b, x, y, z)


@pydm.jit
def for_pairs(t):
    s = 0
    for a, b in t:
        s += a * b
    return s


@pydm.jit
def for_nested_target(t):
    out = 0
    for i, (a, b) in t:
        out = out * 10 + i * (a - b)
    return out


UNPACKING_CASES = [
    P(unpack2, [((1, 2.5),), ((None, (1,)),), ((),), ((1,),), ((1, 2, 3),)]),
    P(unpack3, [((1, 2.5, None),), ((),), ((1,),), ((1, 2),), ((1, 2, 3, 4),)]),
    P(unpack_nested, [((1, (2, 3.5)),), ((1, 2),), ((1, (2,)),), ((1, (2, 3, 4)),), ((1, ()),), ((1, None),)]),
    P(unpack_typed, [((1, 2.5),), ((-7, NAN),)]),
    P(unpack_typed_too_many, [((1, 2.5, True),)]),
    P(unpack_typed_too_few, [((1, 2.5),)]),
    P(unpack_homog, [((1, 2, 3),), ((),), ((1, 2),), ((1, 2, 3, 4),), ((INT64_MAX, 1, 0),)]),
    P(unpack_literal_wrong, [()]),
    P(unpack_scalar, [(5,), (None,), (2.5,), (True,), ((1, 2),)]),
    P(unpack_obj, [(True, (1, 2)), (True, (1,)), (True, (1, 2, 3)), (False, (1, 2))]),
    P(unpack_same_name, [((1, 2.5),)]),
    P(unpack_list_target, [((1, 2.5),), ((1,),)]),
    P(unpack_chained, [((1, 2.5),), ((1,),)]),
    P(fib_pair, [(0,), (1,), (10,), (91,), (92,), (93,)]),
    P(swap_mixed, [(1, 2.5), (None, (1,)), (True, -0.0)]),
    P(for_pairs, [(((1, 2), (3, 4.5)),), ((),), (((1, 2), (3,)),), (((1, 2, 3),),), ((1,),), (((1, None),),)]),
    P(for_nested_target, [(((1, (5, 2)), (2, (0, 1))),), (((1, (5, 2, 0)),),), (((1, 2),),)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def iter_unpack_group(k: int, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15,
                              a16, a17, a18, a20, b20, a21, b21, a22, b22, a23, a25, b25, a26, b26,
                              a27, b27, a28, b28, a29, b29, a30, b30, a31, a32, a33, a34, a35, b35,
                              a36, b36, a37, b37, a38, b38, a39, b39, a40, a41, a42, a43, a44, a45,
                              a46, a47, a48, a49, a50, a51, a52, a53, a54, a55, a56, a57, a58, a59,
                              a60, a61, a62, a63, a64, a65, a66, a67, a68, a69, a70, a72, a73, a74,
                              a75, a76, a77, b77, a78, b78, a79, b79, a80, a81, a82, a83, a84, a85,
                              a86, b86, a87, b87, a88, b88, a89, a90, a91, a92, a93, a94, a95, a96,
                              a97):
    if k == 0:
        return iter_sum(a0)
    if k == 1:
        return iter_sum(a1)
    if k == 2:
        return iter_sum(a2)
    if k == 3:
        return iter_sum(a3)
    if k == 4:
        return iter_sum(a4)
    if k == 5:
        return iter_sum(a5)
    if k == 6:
        return iter_sum(a6)
    if k == 7:
        return iter_sum(a7)
    if k == 8:
        return iter_typed(a8)
    if k == 9:
        return iter_typed(a9)
    if k == 10:
        return iter_typed(a10)
    if k == 11:
        return iter_typed(a11)
    if k == 12:
        return iter_floats(a12)
    if k == 13:
        return iter_floats(a13)
    if k == 14:
        return iter_floats(a14)
    if k == 15:
        return iter_fixed(a15)
    if k == 16:
        return iter_literal(a16)
    if k == 17:
        return iter_literal(a17)
    if k == 18:
        return iter_literal(a18)
    if k == 19:
        return iter_empty_literal()
    if k == 20:
        return iter_obj(a20, b20)
    if k == 21:
        return iter_obj(a21, b21)
    if k == 22:
        return iter_obj(a22, b22)
    if k == 23:
        return iter_int(a23)
    if k == 24:
        return iter_none()
    if k == 25:
        return find(a25, b25)
    if k == 26:
        return find(a26, b26)
    if k == 27:
        return find(a27, b27)
    if k == 28:
        return find(a28, b28)
    if k == 29:
        return find(a29, b29)
    if k == 30:
        return find(a30, b30)
    if k == 31:
        return skip_none(a31)
    if k == 32:
        return skip_none(a32)
    if k == 33:
        return skip_none(a33)
    if k == 34:
        return skip_none(a34)
    if k == 35:
        return nested_loops(a35, b35)
    if k == 36:
        return nested_loops(a36, b36)
    if k == 37:
        return nested_loops(a37, b37)
    if k == 38:
        return nested_loops(a38, b38)
    if k == 39:
        return nested_loops(a39, b39)
    if k == 40:
        return nested_tuples(a40)
    if k == 41:
        return nested_tuples(a41)
    if k == 42:
        return nested_tuples(a42)
    if k == 43:
        return nested_tuples(a43)
    if k == 44:
        return rebind_during_loop(a44)
    if k == 45:
        return rebind_during_loop(a45)
    if k == 46:
        return loop_variable_after(a46)
    if k == 47:
        return loop_variable_after(a47)
    if k == 48:
        return unpack2(a48)
    if k == 49:
        return unpack2(a49)
    if k == 50:
        return unpack2(a50)
    if k == 51:
        return unpack2(a51)
    if k == 52:
        return unpack2(a52)
    if k == 53:
        return unpack3(a53)
    if k == 54:
        return unpack3(a54)
    if k == 55:
        return unpack3(a55)
    if k == 56:
        return unpack3(a56)
    if k == 57:
        return unpack3(a57)
    if k == 58:
        return unpack_nested(a58)
    if k == 59:
        return unpack_nested(a59)
    if k == 60:
        return unpack_nested(a60)
    if k == 61:
        return unpack_nested(a61)
    if k == 62:
        return unpack_nested(a62)
    if k == 63:
        return unpack_nested(a63)
    if k == 64:
        return unpack_typed(a64)
    if k == 65:
        return unpack_typed_too_many(a65)
    if k == 66:
        return unpack_typed_too_few(a66)
    if k == 67:
        return unpack_homog(a67)
    if k == 68:
        return unpack_homog(a68)
    if k == 69:
        return unpack_homog(a69)
    if k == 70:
        return unpack_homog(a70)
    if k == 71:
        return unpack_literal_wrong()
    if k == 72:
        return unpack_scalar(a72)
    if k == 73:
        return unpack_scalar(a73)
    if k == 74:
        return unpack_scalar(a74)
    if k == 75:
        return unpack_scalar(a75)
    if k == 76:
        return unpack_scalar(a76)
    if k == 77:
        return unpack_obj(a77, b77)
    if k == 78:
        return unpack_obj(a78, b78)
    if k == 79:
        return unpack_obj(a79, b79)
    if k == 80:
        return unpack_same_name(a80)
    if k == 81:
        return unpack_list_target(a81)
    if k == 82:
        return unpack_list_target(a82)
    if k == 83:
        return unpack_chained(a83)
    if k == 84:
        return unpack_chained(a84)
    if k == 85:
        return fib_pair(a85)
    if k == 86:
        return swap_mixed(a86, b86)
    if k == 87:
        return swap_mixed(a87, b87)
    if k == 88:
        return swap_mixed(a88, b88)
    if k == 89:
        return for_pairs(a89)
    if k == 90:
        return for_pairs(a90)
    if k == 91:
        return for_pairs(a91)
    if k == 92:
        return for_pairs(a92)
    if k == 93:
        return for_pairs(a93)
    if k == 94:
        return for_pairs(a94)
    if k == 95:
        return for_nested_target(a95)
    if k == 96:
        return for_nested_target(a96)
    return for_nested_target(a97)


BATCH = Batch(iter_unpack_group, FOR_CASES + UNPACKING_CASES)


@pytest.mark.parametrize("fn,cases", UNPACKING_CASES)
def test_unpacking(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- starred targets

@pydm.jit
def star_last(t):
    a, *rest = t
    return a, rest


@pydm.jit
def star_first(t):
    *init, last = t
    return init, last


@pydm.jit
def star_nested(t):
    a, (b, *c) = t
    return a, b, c


@pydm.jit
def star_in_for(t):
    out = []
    for a, *b in t:
        out.append((a, b))
    return out


@pytest.mark.parametrize("fn,cases", [
    (star_last, [((1, 2, 3),), ((1,),), ((),), ([1, 2.5, None],), ([],), (5,)]),
    (star_first, [((1, 2, 3),), ((1,),), ((),), ([(1, 2), [3]],)]),
    (star_nested, [((1, (2, 3, 4)),), ((1, (2,)),), ((1, ()),), ((1, [2, 3]),), ((1, 2),)]),
    (star_in_for, [(((1, 2, 3), (4,), [5, 6]),), (((1, 2), ()),), ([(1,), [2, 3]],)]),
])
def test_starred_targets(fn, cases):
    """``a, *rest = t`` binds a new list (CPython's errors for too few values)."""
    for args in cases:
        lcheck(fn, *args)
