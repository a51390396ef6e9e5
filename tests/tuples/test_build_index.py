"""Tuple literals, indexing, ``len``, truth, ``tuple()``, ``isinstance`` and
``type(t) is tuple`` — typed, untyped and ``object``-held tuples, vs CPython."""
import pytest

import pydm

from .tharness import Batch, INF, INT64_MAX, INT64_MIN, NAN, P

SCALARS = [0, 1, -7, True, False, 2.5, -0.0, NAN, INF, None, INT64_MAX, INT64_MIN]
TUPLES = [(), (1,), (1, 2.5), (True, None, -0.0), ((1, 2), (3.5,), ()), (NAN, (NAN, (None,)))]


# ---------------------------------------------------------------- literals

@pydm.jit
def lit_hetero(a, b):
    return (a, b, 1, 2.5, True, None, -0.0, -1, 1e300 * 1e10)


@pydm.jit
def lit_nested(a, b):
    return ((a, (b, ())), ((),), (a,), (((b,),),))


@pydm.jit
def lit_empty():
    return ()


@pydm.jit
def lit_one(x):
    return (x,)


@pydm.jit
def lit_bare(x, y):
    t = x, y
    u = x,
    return t, u


@pydm.jit
def lit_typed(a: int, x: float):
    return (a, x, a * x, a // 2, x / 2, a > x, -x)


@pydm.jit
def lit_object(c: bool, a):
    x = (a, 1.5) if c else a  # a tuple on one path, the argument on the other
    return (x, (x,))


@pydm.jit
def lit_in_loop(n: int):
    t = ()
    for i in range(n):
        t = (i, t)
    return t


@pydm.jit
def cond_join(c: bool, a):
    t = (a, 2.5) if c else (None,)
    return (t, len(t), t[0], t[-1])


@pydm.jit
def multi_return(c: int):
    if c == 0:
        return (1,)
    if c == 1:
        return (1, 2.5)
    if c == 2:
        return 5
    return ()


@pydm.jit
def eval_order(a, b):
    return (a, 1 // b, -b)


@pydm.jit
def item_assignment(t):
    t[0] = 1
    return t


LITERALS_CASES = [
    P(cond_join, [(True, 1), (False, 1), (True, (1,))]),
    P(multi_return, [(0,), (1,), (2,), (3,)]),
    P(eval_order, [(1, 0), (1.5, 2)]),
    P(item_assignment, [((1, 2),)]),
    P(lit_hetero, [(a, b) for a in SCALARS[:6] for b in (None, 2.5)] + [(t, 1) for t in TUPLES]),
    P(lit_nested, [(a, b) for a in (1, -0.0, None, (2, 3.5)) for b in (True, NAN, ())]),
    P(lit_empty, [()]),
    P(lit_one, [(x,) for x in SCALARS + TUPLES]),
    P(lit_bare, [(1, 2.5), (None, (1,)), ((), ())]),
    P(lit_typed, [(3, 0.5), (-7, -0.0), (True, INF), (INT64_MAX, NAN), (False, -2.5)]),
    P(lit_object, [(c, a) for c in (True, False) for a in (1, -0.0, None, (1, (2.5,)))]),
    P(lit_in_loop, [(0,), (1,), (5,)]),
]


@pytest.mark.parametrize("fn,cases", LITERALS_CASES)
def test_literals(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- indexing

@pydm.jit
def index_lit(t):
    return (t[0], t[-1])


@pydm.jit
def index_typed(t: tuple[int, float, bool]):
    return (t[0], t[1], t[2], t[-1], t[-2], t[-3], t[True], t[False])


@pydm.jit
def index_var(t, i):
    return t[i]


@pydm.jit
def index_var_typed(t: tuple[int, float], i: int):
    return t[i]


@pydm.jit
def index_homog(t: tuple[int, ...], i: int):
    return t[i] + 1


@pydm.jit
def index_built(a, i):
    t = (a, 2.5, (a, None))
    return t[i]


@pydm.jit
def index_nested(t):
    return t[1][0], t[-1][-1][0]


@pydm.jit
def index_literal_out_of_range():
    t = (1, 2.5)
    return t[2]


@pydm.jit
def index_literal_negative_out_of_range(t: tuple[int, float]):
    return t[-3]


@pydm.jit
def index_empty(i: int):
    t = ()
    return t[i]


@pydm.jit
def index_float_literal(t):
    return t[1.0]


@pydm.jit
def index_obj(c: bool, i):
    x = (1, 2.5, None) if c else 7
    return x[i]


@pydm.jit
def index_scalar(x: int):
    return x[0]


INDICES = [0, 1, 2, 3, -1, -2, -3, -4, True, False, INT64_MAX, INT64_MIN, INT64_MIN + 2]


INDEXING_CASES = [
    P(index_lit, [(t,) for t in TUPLES]),
    P(index_typed, [((1, 2.5, True),), ((-3, -0.0, False),), ((7, NAN, True),)]),
    P(index_var, [(t, i) for t in [(1, 2.5, None), (), (7,)] for i in INDICES]
     + [((1, 2), 1.0), ((1, 2), None), ((1, 2), (0,)), ((1, 2), -0.0)]),
    P(index_var_typed, [((5, -0.0), i) for i in INDICES]),
    P(index_homog, [((), 0), ((1, 2, 3), -1), ((1, 2, 3), 3), ((4, INT64_MAX), 1), ((4, 5), -3)]),
    P(index_built, [(a, i) for a in (1, None, (2,)) for i in (0, 1, 2, -1, -3, 3, -4, True)]
     + [(1, 1.5), (1, None)]),
    P(index_nested, [((0, (1,), ((2,),)),), ((0, (2.5, 3), ((None, 1), (True,))),), ((0, (), ((1,),)),),
                    ((0, 5, ((1,),)),)]),
    P(index_literal_out_of_range, [()]),
    P(index_literal_negative_out_of_range, [((1, 2.5),)]),
    P(index_empty, [(0,), (-1,)]),
    P(index_float_literal, [((1, 2),), ((),)]),
    P(index_obj, [(c, i) for c in (True, False) for i in (0, 2, -1, 3, -4, True, 2.5, None)]),
    P(index_scalar, [(1,)]),
]


@pytest.mark.parametrize("fn,cases", INDEXING_CASES)
def test_indexing(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- len and truth

@pydm.jit
def length(t):
    return len(t)


@pydm.jit
def length_typed(t: tuple[int, ...]):
    return len(t)


@pydm.jit
def length_built(a):
    return len((a, a, (a, a))) + 10 * len(()) + 100 * len((a,))


@pydm.jit
def length_obj(c: bool, t):
    x = t if c else 5
    return len(x)


@pydm.jit
def truth(t):
    r = 0
    if t:
        r += 1
    if not t:
        r += 10
    while t:
        r += 100
        break
    return (r, bool(t), not t, 1 if t else 2)


@pydm.jit
def truth_typed(t: tuple[float, ...]):
    return (bool(t), not t, 1 if t else 2)


@pydm.jit
def truth_obj(c: bool, t):
    x = t if c else 0.0
    if x:
        return (True, bool(x), not x)
    return (False, bool(x), not x)


@pydm.jit
def and_or(t, u):
    return (t and u, t or u, u and t, u or 3)


@pydm.jit
def truth_literals(a):
    return (bool(()), bool((a,)), not (), not ((),), bool(((),)))


LEN_TRUTH_CASES = [
    P(length, [(t,) for t in TUPLES] + [(5,), (None,), (2.5,)]),
    P(length_typed, [((),), ((1,),), ((1, 2, 3, 4, 5, 6, 7, 8, 9),)]),
    P(length_built, [(1,), (None,), ((),)]),
    P(length_obj, [(True, ()), (True, (1, 2)), (False, (1, 2))]),
    P(truth, [(t,) for t in TUPLES]),
    P(truth_typed, [((),), ((0.0,),), ((NAN, 1.0),)]),
    P(truth_obj, [(True, ()), (True, (0,)), (False, ()), (False, (1,))]),
    P(and_or, [((), (1,)), ((1,), ()), ((1,), (2.5,)), ((), ())]),
    P(truth_literals, [(0,), (None,)]),
]


@pytest.mark.parametrize("fn,cases", LEN_TRUTH_CASES)
def test_len_truth(fn, cases):
    BATCH.check_many(fn, cases)


# ---------------------------------------------------------------- tuple(), isinstance, type()

@pydm.jit
def tuple_same(t):
    u = tuple(t)
    return (u is t, u == t, u)


@pydm.jit
def tuple_same_typed(t: tuple[int, float]):
    u = tuple(t)
    return (u is t, u)


@pydm.jit
def tuple_empty():
    return (tuple(), tuple() == (), len(tuple()))


@pydm.jit
def tuple_obj(c: bool, t):
    x = t if c else 3
    return tuple(x)


@pydm.jit
def tuple_of_int(a: int):
    return tuple(a)


@pydm.jit
def tuple_of_none():
    return tuple(None)


@pydm.jit
def type_tests(x):
    return (isinstance(x, (int, float)), isinstance(x, (int, (float, tuple))), isinstance(x, tuple),
            type(x) is tuple, type(x) is not tuple, isinstance(x, (bool,)), isinstance(x, ()),
            isinstance(x, (((tuple,),),)), isinstance(x, object), type(x) == tuple)


@pydm.jit
def type_tests_typed(t: tuple[int, float]):
    return (isinstance(t, tuple), isinstance(t, (int, float)), type(t) is tuple,
            isinstance(t[0], (float, int)), isinstance(t[1], (int, (bool, tuple))))


@pydm.jit
def type_tests_obj(c: bool, a):
    x = (a, a) if c else a
    return (isinstance(x, tuple), type(x) is tuple, isinstance(x, (int, (float, tuple))))


@pydm.jit
def identity(t, u):
    return (t is t, t is u, t is not u, t is None, t is not None)


CONSTRUCTOR_AND_TYPES_CASES = [
    P(tuple_same, [(t,) for t in TUPLES]),
    P(tuple_same_typed, [((1, 2.5),), ((True, -0.0),)]),
    P(tuple_empty, [()]),
    P(tuple_obj, [(True, ()), (True, (1, 2.5)), (False, (1,))]),
    P(tuple_of_int, [(5,)]),
    P(tuple_of_none, [()]),
    P(type_tests, [(x,) for x in [1, True, 2.5, None, (), (1,), ((1.5,), None)]]),
    P(type_tests_typed, [((1, 2.5),), ((True, NAN),)]),
    P(type_tests_obj, [(c, a) for c in (True, False) for a in (1, 2.5, None, True)]),
    P(identity, [((1,), (2,)), ((), (2.5,)), ((None,), None), ((1,), 5)]),
]


# every test of this file through one compile (lbatch: the library code the functions
# need is linked once)
@pydm.jit
def build_index_group(k: int, a0, b0, a1, b1, a2, a3, b3, a4, b4, a5, a6, b6, a7, b7, a8, b8, a9,
                              b9, a10, b10, a11, b11, a12, b12, a13, b13, a14, b14, a15, b15, a16,
                              b16, a17, b17, a18, b18, a19, b19, a20, b20, a21, b21, a22, b22, a23,
                              b23, a24, b24, a25, b25, a26, b26, a27, b27, a28, b28, a29, b29, a31,
                              a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, b41, a42, b42, a43,
                              b43, a44, b44, a45, b45, a46, b46, a47, b47, a48, b48, a49, b49, a50,
                              a51, a52, a53, a54, a55, a56, a57, a58, b58, a59, b59, a60, b60, a61,
                              b61, a62, b62, a63, b63, a64, b64, a65, b65, a66, b66, a67, b67, a68,
                              b68, a69, b69, a70, b70, a71, b71, a72, b72, a73, b73, a74, b74, a75,
                              b75, a76, b76, a77, b77, a78, b78, a79, b79, a80, a81, a82, a83, a85,
                              a86, a87, a88, a89, b89, a90, b90, a91, b91, a92, b92, a93, a94, a95,
                              a96, a97, a98, a99, a100, a101, a102, a103, a104, a105, a106, a107,
                              a108, a109, b109, a110, b110, a111, a112, a113, a114, a115, a116,
                              a117, a118, a119, a120, b120, a121, b121, a122, b122, a123, b123,
                              a124, b124, a125, b125, a126, a127, a128, a129, a130, a131, a132,
                              a133, a134, a135, a137, b137, a138, b138, a139, b139, a140, a142,
                              a143, a144, a145, a146, a147, a148, a149, a150, a151, b151, a152,
                              b152, a153, b153, a154, b154, a155, b155, a156, b156, a157, b157,
                              a158, b158):
    if k == 0:
        return cond_join(a0, b0)
    if k == 1:
        return cond_join(a1, b1)
    if k == 2:
        return multi_return(a2)
    if k == 3:
        return eval_order(a3, b3)
    if k == 4:
        return eval_order(a4, b4)
    if k == 5:
        return item_assignment(a5)
    if k == 6:
        return lit_hetero(a6, b6)
    if k == 7:
        return lit_hetero(a7, b7)
    if k == 8:
        return lit_hetero(a8, b8)
    if k == 9:
        return lit_hetero(a9, b9)
    if k == 10:
        return lit_hetero(a10, b10)
    if k == 11:
        return lit_hetero(a11, b11)
    if k == 12:
        return lit_hetero(a12, b12)
    if k == 13:
        return lit_hetero(a13, b13)
    if k == 14:
        return lit_hetero(a14, b14)
    if k == 15:
        return lit_hetero(a15, b15)
    if k == 16:
        return lit_hetero(a16, b16)
    if k == 17:
        return lit_hetero(a17, b17)
    if k == 18:
        return lit_nested(a18, b18)
    if k == 19:
        return lit_nested(a19, b19)
    if k == 20:
        return lit_nested(a20, b20)
    if k == 21:
        return lit_nested(a21, b21)
    if k == 22:
        return lit_nested(a22, b22)
    if k == 23:
        return lit_nested(a23, b23)
    if k == 24:
        return lit_nested(a24, b24)
    if k == 25:
        return lit_nested(a25, b25)
    if k == 26:
        return lit_nested(a26, b26)
    if k == 27:
        return lit_nested(a27, b27)
    if k == 28:
        return lit_nested(a28, b28)
    if k == 29:
        return lit_nested(a29, b29)
    if k == 30:
        return lit_empty()
    if k == 31:
        return lit_one(a31)
    if k == 32:
        return lit_one(a32)
    if k == 33:
        return lit_one(a33)
    if k == 34:
        return lit_one(a34)
    if k == 35:
        return lit_one(a35)
    if k == 36:
        return lit_one(a36)
    if k == 37:
        return lit_one(a37)
    if k == 38:
        return lit_one(a38)
    if k == 39:
        return lit_one(a39)
    if k == 40:
        return lit_one(a40)
    if k == 41:
        return lit_bare(a41, b41)
    if k == 42:
        return lit_bare(a42, b42)
    if k == 43:
        return lit_bare(a43, b43)
    if k == 44:
        return lit_typed(a44, b44)
    if k == 45:
        return lit_typed(a45, b45)
    if k == 46:
        return lit_object(a46, b46)
    if k == 47:
        return lit_object(a47, b47)
    if k == 48:
        return lit_object(a48, b48)
    if k == 49:
        return lit_object(a49, b49)
    if k == 50:
        return lit_in_loop(a50)
    if k == 51:
        return index_lit(a51)
    if k == 52:
        return index_lit(a52)
    if k == 53:
        return index_lit(a53)
    if k == 54:
        return index_lit(a54)
    if k == 55:
        return index_lit(a55)
    if k == 56:
        return index_lit(a56)
    if k == 57:
        return index_typed(a57)
    if k == 58:
        return index_var(a58, b58)
    if k == 59:
        return index_var(a59, b59)
    if k == 60:
        return index_var(a60, b60)
    if k == 61:
        return index_var(a61, b61)
    if k == 62:
        return index_var(a62, b62)
    if k == 63:
        return index_var(a63, b63)
    if k == 64:
        return index_var(a64, b64)
    if k == 65:
        return index_var(a65, b65)
    if k == 66:
        return index_var(a66, b66)
    if k == 67:
        return index_var_typed(a67, b67)
    if k == 68:
        return index_var_typed(a68, b68)
    if k == 69:
        return index_homog(a69, b69)
    if k == 70:
        return index_homog(a70, b70)
    if k == 71:
        return index_homog(a71, b71)
    if k == 72:
        return index_built(a72, b72)
    if k == 73:
        return index_built(a73, b73)
    if k == 74:
        return index_built(a74, b74)
    if k == 75:
        return index_built(a75, b75)
    if k == 76:
        return index_built(a76, b76)
    if k == 77:
        return index_built(a77, b77)
    if k == 78:
        return index_built(a78, b78)
    if k == 79:
        return index_built(a79, b79)
    if k == 80:
        return index_nested(a80)
    if k == 81:
        return index_nested(a81)
    if k == 82:
        return index_nested(a82)
    if k == 83:
        return index_nested(a83)
    if k == 84:
        return index_literal_out_of_range()
    if k == 85:
        return index_literal_negative_out_of_range(a85)
    if k == 86:
        return index_empty(a86)
    if k == 87:
        return index_float_literal(a87)
    if k == 88:
        return index_float_literal(a88)
    if k == 89:
        return index_obj(a89, b89)
    if k == 90:
        return index_obj(a90, b90)
    if k == 91:
        return index_obj(a91, b91)
    if k == 92:
        return index_obj(a92, b92)
    if k == 93:
        return index_scalar(a93)
    if k == 94:
        return length(a94)
    if k == 95:
        return length(a95)
    if k == 96:
        return length(a96)
    if k == 97:
        return length(a97)
    if k == 98:
        return length(a98)
    if k == 99:
        return length(a99)
    if k == 100:
        return length(a100)
    if k == 101:
        return length(a101)
    if k == 102:
        return length(a102)
    if k == 103:
        return length_typed(a103)
    if k == 104:
        return length_typed(a104)
    if k == 105:
        return length_typed(a105)
    if k == 106:
        return length_built(a106)
    if k == 107:
        return length_built(a107)
    if k == 108:
        return length_built(a108)
    if k == 109:
        return length_obj(a109, b109)
    if k == 110:
        return length_obj(a110, b110)
    if k == 111:
        return truth(a111)
    if k == 112:
        return truth(a112)
    if k == 113:
        return truth(a113)
    if k == 114:
        return truth(a114)
    if k == 115:
        return truth(a115)
    if k == 116:
        return truth(a116)
    if k == 117:
        return truth_typed(a117)
    if k == 118:
        return truth_typed(a118)
    if k == 119:
        return truth_typed(a119)
    if k == 120:
        return truth_obj(a120, b120)
    if k == 121:
        return truth_obj(a121, b121)
    if k == 122:
        return and_or(a122, b122)
    if k == 123:
        return and_or(a123, b123)
    if k == 124:
        return and_or(a124, b124)
    if k == 125:
        return and_or(a125, b125)
    if k == 126:
        return truth_literals(a126)
    if k == 127:
        return truth_literals(a127)
    if k == 128:
        return tuple_same(a128)
    if k == 129:
        return tuple_same(a129)
    if k == 130:
        return tuple_same(a130)
    if k == 131:
        return tuple_same(a131)
    if k == 132:
        return tuple_same(a132)
    if k == 133:
        return tuple_same(a133)
    if k == 134:
        return tuple_same_typed(a134)
    if k == 135:
        return tuple_same_typed(a135)
    if k == 136:
        return tuple_empty()
    if k == 137:
        return tuple_obj(a137, b137)
    if k == 138:
        return tuple_obj(a138, b138)
    if k == 139:
        return tuple_obj(a139, b139)
    if k == 140:
        return tuple_of_int(a140)
    if k == 141:
        return tuple_of_none()
    if k == 142:
        return type_tests(a142)
    if k == 143:
        return type_tests(a143)
    if k == 144:
        return type_tests(a144)
    if k == 145:
        return type_tests(a145)
    if k == 146:
        return type_tests(a146)
    if k == 147:
        return type_tests(a147)
    if k == 148:
        return type_tests(a148)
    if k == 149:
        return type_tests_typed(a149)
    if k == 150:
        return type_tests_typed(a150)
    if k == 151:
        return type_tests_obj(a151, b151)
    if k == 152:
        return type_tests_obj(a152, b152)
    if k == 153:
        return type_tests_obj(a153, b153)
    if k == 154:
        return type_tests_obj(a154, b154)
    if k == 155:
        return identity(a155, b155)
    if k == 156:
        return identity(a156, b156)
    if k == 157:
        return identity(a157, b157)
    return identity(a158, b158)


BATCH = Batch(build_index_group, [
    *LITERALS_CASES,
    *INDEXING_CASES,
    *LEN_TRUTH_CASES,
    *CONSTRUCTOR_AND_TYPES_CASES,
])


@pytest.mark.parametrize("fn,cases", CONSTRUCTOR_AND_TYPES_CASES)
def test_constructor_and_types(fn, cases):
    BATCH.check_many(fn, cases)
