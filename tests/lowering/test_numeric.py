"""Differential tests of pydm.lowering.numeric against CPython.

One module holding every test function is built and compiled once (module
fixture); each test then calls its functions on edge values through a bare
``VmContext`` and compares with what CPython computes: floats bit for bit
(NaN == NaN), errors by the code that ``raise_code`` handed out for the
(class, message) that CPython raises.
"""
from __future__ import annotations

import math
import operator
import random
import struct

import pytest

iree_runtime = pytest.importorskip("iree.runtime")
rt = iree_runtime

from iree.compiler import ir
from iree.compiler.dialects import arith, func

from pydm.backend import compile_module, session
from pydm.lowering import numeric as N

I64_MIN, I64_MAX = -(2**63), 2**63 - 1
inf, nan = math.inf, math.nan

INTS = sorted({
    0, 1, -1, 2, -2, 3, -3, 5, -5, 7, -7, 10, -10, 63, 64, -64,
    2**31, -(2**31), 2**32 + 1, -(2**32), 3037000499, 3037000500, -3037000500,
    2**53 - 1, 2**53, 2**53 + 1, -(2**53 + 1), 2**62, -(2**62), 2**62 + 1,
    123456789123, -987654321987, I64_MAX, I64_MAX - 1, I64_MIN, I64_MIN + 1,
})
FLOATS = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.0, -2.0, 3.0, -3.0, 2.5, -2.5,
    7.5, -7.5, 0.1, -0.1, 0.3, 1 / 3, 10.0, -10.0, 1e16, -1e16, 1e300, -1e300,
    1e-300, -1e-300, 5e-324, -5e-324, 1e-310, -1e-310, 2.2250738585072014e-308,
    1.7976931348623157e308, -1.7976931348623157e308, float(2**53), float(2**53 + 2),
    2.0**63, -(2.0**63), 2.0**64, 9.223372036854775e18, 1e20, -1e20, 1e6 + 0.5,
    inf, -inf, nan,
]


# ---------------------------------------------------------------- plumbing

class Codes:
    """A ``raise_code`` callback: one positive code per (class, message)."""

    def __init__(self):
        self.by_site: dict[tuple[str, str], int] = {}

    def __call__(self, cls: str, msg: str) -> int:
        return self.by_site.setdefault((cls, msg), len(self.by_site) + 1)

    def site(self, code: int):
        for k, v in self.by_site.items():
            if v == code:
                return k
        return None


I64, F64, I1 = "i64", "f64", "i1"
DEFS: dict[str, tuple[list[str], str | None, object]] = {}


def define(name, args, result, fallible):
    """Register a test function: ``emit(*arg_values, rc)`` -> value or (err, value)."""
    def deco(emit):
        DEFS[name] = (args, result, fallible, emit)
        return emit
    return deco


def _ty(t):
    return {"i64": N.i64_type, "f64": N.f64_type, "i1": N.i1_type}[t]()


def build_and_compile(codes: Codes):
    with session().context, ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            for name, (args, result, fallible, emit) in DEFS.items():
                outs = ([N.i32_type()] if fallible else []) + [_ty(result)]
                f = func.FuncOp(name, ([_ty(a) for a in args], outs))
                block = f.add_entry_block()
                with ir.InsertionPoint(block):
                    if fallible:
                        err, val = emit(*block.arguments, codes)
                        func.ReturnOp([err, val])
                    else:
                        func.ReturnOp([emit(*block.arguments)])
        return compile_module(module)


class Program:
    def __init__(self, vmfb):
        self.instance = rt.VmInstance()
        self.module = rt.VmModule.copy_buffer(self.instance, vmfb)
        self.context = rt.VmContext(self.instance, modules=[self.module])
        self.fns = {}

    def __call__(self, name, *args):
        fn = self.fns.get(name) or self.fns.setdefault(name, self.module.lookup_function(name))
        a = rt.VmVariantList(len(args))
        for x in args:
            if isinstance(x, float):
                a.push_float(x)
            else:
                a.push_int(int(x))
        r = rt.VmVariantList(2)
        self.context.invoke(fn, a, r)
        return tuple(r.get_variant(i) for i in range(len(r)))


@pytest.fixture(scope="module")
def prog():
    codes = Codes()
    p = Program(build_and_compile(codes))
    p.codes = codes
    return p


def same_float(x, y):
    if isinstance(x, float) and isinstance(y, float):
        if math.isnan(x) and math.isnan(y):
            return True
        return struct.pack("<d", x) == struct.pack("<d", y)
    return False


def fits(v):
    return I64_MIN <= v <= I64_MAX


def ref(fn, *args, int_op=None):
    """CPython's outcome: ("ok", value) or ("err", cls, message). For int
    results, a value outside i64 becomes pydm's OverflowError."""
    try:
        v = fn(*args)
    except (ZeroDivisionError, OverflowError, ValueError) as e:
        if str(e) == "complex exponentiation":  # CPython took the complex path
            return ("err", "ValueError", N.MSG_COMPLEX_POW)
        return ("err", type(e).__name__, str(e))
    if isinstance(v, complex):
        return ("err", "ValueError", N.MSG_COMPLEX_POW)
    if isinstance(v, int) and not isinstance(v, bool) and not fits(v):
        return ("err", "OverflowError", N.overflow_message(int_op))
    return ("ok", v)


def check(prog, name, args, expected, fallible=True):
    got = prog(name, *args)
    if fallible:
        err, val = got
        if expected[0] == "err":
            site = prog.codes.site(err)
            assert site == expected[1:], f"{name}{args}: got err={err} {site} val={val!r}, expected {expected}"
            return
        assert err == 0, f"{name}{args}: unexpected error {prog.codes.site(err)}, expected {expected[1]!r}"
    else:
        (val,) = got
        assert expected[0] == "ok"
    exp = expected[1]
    if isinstance(exp, float):
        assert same_float(val, exp), f"{name}{args}: got {val!r} ({struct.pack('<d', val).hex()}), expected {exp!r}"
    else:
        assert val == int(exp), f"{name}{args}: got {val!r}, expected {exp!r}"


# ---------------------------------------------------------------- definitions

for _name, _op, _sym in [("add", N.int_add, "'+'"), ("sub", N.int_sub, "'-'"), ("mul", N.int_mul, "'*'"),
                         ("floordiv", N.int_floordiv, "'//'"), ("mod", N.int_mod, None),
                         ("truediv", N.int_truediv, None), ("lshift", N.int_lshift, "'<<'"),
                         ("rshift", N.int_rshift, None), ("pow", N.int_pow, "'**'"),
                         ("pown", N.int_pow_negative, None)]:
    define(f"int_{_name}", [I64, I64], F64 if _name in ("truediv", "pown") else I64, True)(
        (lambda op: lambda a, b, rc: op(a, b, rc))(_op))
for _name, _op in [("neg", N.int_neg), ("abs", N.int_abs)]:
    define(f"int_{_name}", [I64], I64, True)((lambda op: lambda a, rc: op(a, rc))(_op))
for _name, _op in [("and", N.int_and), ("or", N.int_or), ("xor", N.int_xor)]:
    define(f"int_{_name}", [I64, I64], I64, False)(_op)
define("int_invert", [I64], I64, False)(N.int_invert)
for _p in N.common._PREDICATES:
    define(f"int_cmp_{_p}", [I64, I64], I1, False)((lambda p: lambda a, b: N.int_cmp(p, a, b))(_p))
    define(f"float_cmp_{_p}", [F64, F64], I1, False)((lambda p: lambda a, b: N.float_cmp(p, a, b))(_p))
    define(f"int_float_cmp_{_p}", [I64, F64], I1, False)(
        (lambda p: lambda a, b: N.int_float_cmp(p, a, b))(_p))
    define(f"float_int_cmp_{_p}", [F64, I64], I1, False)(
        (lambda p: lambda a, b: N.float_int_cmp(p, a, b))(_p))
for _name, _op in [("add", N.float_add), ("sub", N.float_sub), ("mul", N.float_mul)]:
    define(f"float_{_name}", [F64, F64], F64, False)(_op)
for _name, _op in [("truediv", N.float_truediv), ("floordiv", N.float_floordiv),
                   ("mod", N.float_mod), ("pow", N.float_pow)]:
    define(f"float_{_name}", [F64, F64], F64, True)((lambda op: lambda a, b, rc: op(a, b, rc))(_op))
define("float_neg", [F64], F64, False)(N.float_neg)
define("float_abs", [F64], F64, False)(N.float_abs)
define("float_isnan", [F64], I1, False)(N.float_isnan)
define("int_to_float", [I64], F64, False)(N.int_to_float)
define("bool_to_int", [I1], I64, False)(N.bool_to_int)
define("float_to_int", [F64], I64, True)(lambda x, rc: N.float_to_int(x, rc))

# Folding traps: constants flowing into the helpers.
define("fold_mul_zero", [F64], F64, False)(lambda x: N.float_mul(x, N.float_const(0.0)))
define("fold_mul_raw_zero", [F64], F64, False)(
    lambda x: N.float_mul(x, arith.constant(N.f64_type(), 0.0)))
define("fold_zero_div", [F64], F64, True)(
    lambda x, rc: N.float_truediv(N.float_const(0.0), x, rc))
define("fold_add_zero", [F64], F64, False)(lambda x: N.float_add(x, N.float_const(0.0)))
define("fold_add_raw_zero", [F64], F64, False)(
    lambda x: N.float_add(arith.constant(N.f64_type(), 0.0), x))
define("fold_neg_zero_const", [I64], F64, False)(lambda _: N.float_const(-0.0))
define("fold_nan_const", [I64], F64, False)(lambda _: N.float_const(nan))
define("fold_inf_const", [I64], F64, False)(lambda _: N.float_const(-inf))
define("fold_add_neg_zero", [F64], F64, False)(lambda x: N.float_add(x, N.float_const(-0.0)))
define("fold_ne_self", [F64], I1, False)(lambda x: N.float_cmp("ne", x, x))
define("fold_eq_self", [F64], I1, False)(lambda x: N.float_cmp("eq", x, x))
define("fold_ge_self", [F64], I1, False)(lambda x: N.float_cmp("ge", x, x))
define("fold_lt_self", [F64], I1, False)(lambda x: N.float_cmp("lt", x, x))
define("fold_sub_self", [F64], F64, False)(lambda x: N.float_sub(x, x))
define("fold_mod_self", [F64], F64, True)(lambda x, rc: N.float_mod(x, x, rc))
define("fold_const_nan_ne", [I64], I1, False)(
    lambda _: N.float_cmp("ne", N.float_const(nan), N.float_const(nan)))
define("fold_const_inf_mul_zero", [I64], F64, False)(
    lambda _: N.float_mul(N.float_const(inf), N.float_const(0.0)))
define("fold_const_floordiv_negzero", [I64], F64, True)(
    lambda _, rc: N.float_floordiv(N.float_const(-0.0), N.float_const(5.0), rc))
define("fold_const_mod", [I64], F64, True)(
    lambda _, rc: N.float_mod(N.float_const(-0.0), N.float_const(-3.0), rc))
define("fold_const_int_add_ovf", [I64], I64, True)(
    lambda _, rc: N.int_add(N.int_const(I64_MAX), N.int_const(1), rc))
define("fold_const_int_floordiv_min", [I64], I64, True)(
    lambda _, rc: N.int_floordiv(N.int_const(I64_MIN), N.int_const(-1), rc))
define("fold_const_int_mod_zero", [I64], I64, True)(
    lambda _, rc: N.int_mod(N.int_const(7), N.int_const(0), rc))
define("fold_const_int_truediv", [I64], F64, True)(
    lambda _, rc: N.int_truediv(N.int_const(2**53 + 1), N.int_const(3), rc))
define("fold_const_pow", [I64], I64, True)(
    lambda _, rc: N.int_pow(N.int_const(3), N.int_const(39), rc))
define("fold_const_float_to_int", [I64], I64, True)(
    lambda _, rc: N.float_to_int(N.float_const(-0.5), rc))
define("fold_const_cpow", [I64], F64, True)(
    lambda _, rc: N.float_pow(N.float_const(-8.0), N.float_const(1 / 3), rc))


# ---------------------------------------------------------------- int tests

@pytest.mark.parametrize("name,fn,sym", [
    ("int_add", operator.add, "'+'"), ("int_sub", operator.sub, "'-'"),
    ("int_mul", operator.mul, "'*'"), ("int_floordiv", operator.floordiv, "'//'"),
    ("int_mod", operator.mod, None), ("int_truediv", operator.truediv, None),
])
def test_int_binary(prog, name, fn, sym):
    for a in INTS:
        for b in INTS:
            check(prog, name, (a, b), ref(fn, a, b, int_op=sym))


def test_int_messages_are_cpythons(prog):
    # pydm's only deliberate differences from CPython are the i64 overflows.
    assert ref(operator.floordiv, 1, 0)[2] == N.MSG_INT_DIV_ZERO
    assert ref(operator.mod, 1, 0)[2] == N.MSG_INT_MOD_ZERO
    assert ref(operator.truediv, 1, 0)[2] == N.MSG_TRUEDIV_ZERO
    check(prog, "int_floordiv", (I64_MIN, -1), ("err", "OverflowError", N.overflow_message("'//'")))
    check(prog, "int_mod", (I64_MIN, -1), ("ok", 0))
    check(prog, "int_add", (I64_MAX, 1),
          ("err", "OverflowError", "integer overflow: result of '+' does not fit in a 64-bit int"))


def test_int_unary(prog):
    for a in INTS:
        check(prog, "int_neg", (a,), ref(operator.neg, a, int_op="unary '-'"))
        check(prog, "int_abs", (a,), ref(abs, a, int_op="abs()"))
        check(prog, "int_invert", (a,), ("ok", ~a), fallible=False)
        check(prog, "int_to_float", (a,), ("ok", float(a)), fallible=False)
    for a in (-(2**53 + 1), 2**53 + 3, 2**63 - 512, 2**63 - 513, 2**54 + 2):
        check(prog, "int_to_float", (a,), ("ok", float(a)), fallible=False)


def test_int_bitwise_and_compare(prog):
    for a in INTS:
        for b in INTS:
            check(prog, "int_and", (a, b), ("ok", a & b), fallible=False)
            check(prog, "int_or", (a, b), ("ok", a | b), fallible=False)
            check(prog, "int_xor", (a, b), ("ok", a ^ b), fallible=False)
            for p, f in PRED_FNS.items():
                check(prog, f"int_cmp_{p}", (a, b), ("ok", int(f(a, b))), fallible=False)


SHIFTS = [-(2**63), -64, -1, 0, 1, 2, 10, 31, 32, 52, 53, 62, 63, 64, 65, 100, 2**62, I64_MAX]


def _py_lshift(a, n):
    if n >= 200 and a != 0:
        return 2**64  # out of range, but do not build a huge int
    return a << min(n, 200) if n >= 0 else a << n


def _py_rshift(a, n):
    return a >> min(n, 200) if n >= 0 else a >> n


def test_int_shifts(prog):
    for a in INTS + [0]:
        for n in SHIFTS:
            check(prog, "int_lshift", (a, n), ref(_py_lshift, a, n, int_op="'<<'"))
            check(prog, "int_rshift", (a, n), ref(_py_rshift, a, n))
    check(prog, "int_lshift", (-1, 63), ("ok", I64_MIN))
    check(prog, "int_lshift", (1, 63), ("err", "OverflowError", N.overflow_message("'<<'")))
    check(prog, "int_lshift", (0, I64_MAX), ("ok", 0))


POW_BASES = [0, 1, -1, 2, -2, 3, -3, 7, -10, 10, 3037000499, -3037000500, 2**31, I64_MAX, I64_MIN]
POW_EXPS = list(range(0, 66)) + [100, 1000, 2**32, 2**62 + 1, I64_MAX]


def _py_pow(a, b):
    if abs(a) <= 1:
        return a ** (b % 2 + 2 if b > 2 else b)
    if b > 64:
        return 2**64  # |a| >= 2: out of range
    return a**b


def test_int_pow(prog):
    for a in POW_BASES:
        for b in POW_EXPS:
            check(prog, "int_pow", (a, b), ref(_py_pow, a, b, int_op="'**'"))
    check(prog, "int_pow", (-2, 63), ("ok", I64_MIN))
    check(prog, "int_pow", (2, 63), ("err", "OverflowError", N.overflow_message("'**'")))


def test_int_pow_negative(prog):
    for a in INTS:
        for b in [-1, -2, -3, -5, -52, -53, -64, -1022, -1074, -1075, -1076, -(2**53 + 1),
                  -(2**53 + 2), I64_MIN, I64_MIN + 1]:
            check(prog, "int_pown", (a, b), ref(operator.pow, a, b))
    check(prog, "int_pown", (0, -1), ("err", "ZeroDivisionError", "0.0 cannot be raised to a negative power"))


def test_int_truediv_correctly_rounded(prog):
    rnd = random.Random(1234)
    cases = []
    for _ in range(4000):
        la, lb = rnd.randint(0, 63), rnd.randint(1, 63)
        a = rnd.getrandbits(la) * rnd.choice((1, -1))
        b = (rnd.getrandbits(lb) | 1 << (lb - 1)) * rnd.choice((1, -1))
        cases.append((a, b))
    # exact halfway-ish quotients: a = b * q + b/2 (+-1)
    for _ in range(1500):
        b = rnd.randint(3, 2**20) * 2 + 1
        q = rnd.getrandbits(rnd.randint(40, 62 - b.bit_length() + 20))
        for d in (-1, 0, 1):
            a = q * b + b // 2 + d
            if fits(a):
                cases.append((a, b))
                cases.append((-a, b))
    for k in range(54, 64):
        for d in (-3, -1, 0, 1, 3):
            cases += [(2**k + d, 3), (2**k + d, -(2**k - 1)), (I64_MIN, 2**k + d), (I64_MAX, 2**k + d)]
    cases += [(I64_MIN, I64_MIN), (I64_MIN, 1), (I64_MIN, -1), (I64_MAX, I64_MIN), (0, I64_MIN),
              (0, -5), (1, I64_MIN), (-1, I64_MAX), (2**53 + 1, 1), (2**53 + 1, 2)]
    cases = [(a, b) for a, b in cases if fits(a) and fits(b)]
    naive_wrong = 0
    for a, b in cases:
        expected = ref(operator.truediv, a, b)
        if b and float(a) / float(b) != a / b:
            naive_wrong += 1
        check(prog, "int_truediv", (a, b), expected)
    assert naive_wrong > 50  # the cases do exercise the exact path


# ---------------------------------------------------------------- float tests

PRED_FNS = {"lt": operator.lt, "le": operator.le, "gt": operator.gt,
            "ge": operator.ge, "eq": operator.eq, "ne": operator.ne}


@pytest.mark.parametrize("name,fn", [
    ("float_add", operator.add), ("float_sub", operator.sub), ("float_mul", operator.mul),
])
def test_float_arith(prog, name, fn):
    for a in FLOATS:
        for b in FLOATS:
            check(prog, name, (a, b), ("ok", fn(a, b)), fallible=False)


@pytest.mark.parametrize("name,fn", [
    ("float_truediv", operator.truediv), ("float_floordiv", operator.floordiv),
    ("float_mod", operator.mod), ("float_pow", operator.pow),
])
def test_float_fallible(prog, name, fn):
    values = FLOATS + ([0.25, 4.0, 1.0000000001, 0.9999999999, 1023.0, 1024.0, -1075.0, 1e10, -1e10,
                        -1023.5, 2.0**53 + 2, 1e-5, 0.7]
                       if name == "float_pow" else [4.5, -4.5, 1e-320, 6.0, 0.7])
    for a in values:
        for b in values:
            check(prog, name, (a, b), ref(fn, a, b))


def test_float_mod_floordiv_random(prog):
    rnd = random.Random(99)
    for _ in range(3000):
        a = rnd.choice([rnd.uniform(-1e3, 1e3), math.ldexp(rnd.random(), rnd.randint(-1074, 1023)),
                        float(rnd.randint(-100, 100))]) * rnd.choice((1, -1))
        b = rnd.choice([rnd.uniform(-10, 10), math.ldexp(rnd.random(), rnd.randint(-1074, 1023)),
                        float(rnd.randint(-7, 7))]) * rnd.choice((1, -1))
        check(prog, "float_mod", (a, b), ref(operator.mod, a, b))
        check(prog, "float_floordiv", (a, b), ref(operator.floordiv, a, b))


def test_float_pow_random(prog):
    rnd = random.Random(7)
    for _ in range(3000):
        x = rnd.choice([rnd.uniform(0, 10), math.exp(rnd.uniform(-700, 700)), rnd.uniform(0.9, 1.1)])
        x *= rnd.choice((1, -1))
        y = rnd.choice([rnd.uniform(-400, 400), float(rnd.randint(-60, 60)), rnd.uniform(-1, 1)])
        check(prog, "float_pow", (x, y), ref(operator.pow, x, y))


def test_float_pow_messages(prog):
    check(prog, "float_pow", (0.0, -1.0), ("err", "ZeroDivisionError", "0.0 cannot be raised to a negative power"))
    check(prog, "float_pow", (-0.0, -inf), ("ok", inf))
    check(prog, "float_pow", (10.0, 400.0), ("err", "OverflowError", "(34, 'Numerical result out of range')"))
    check(prog, "float_pow", (-8.0, 1 / 3), ("err", "ValueError", N.MSG_COMPLEX_POW))
    check(prog, "float_pow", (1.0, nan), ("ok", 1.0))
    check(prog, "float_pow", (nan, 0.0), ("ok", 1.0))
    check(prog, "float_pow", (-1.0, 1e300), ("ok", 1.0))
    check(prog, "float_pow", (-inf, 3.0), ("ok", -inf))
    check(prog, "float_pow", (-inf, -3.0), ("ok", -0.0))


def test_float_unary(prog):
    for a in FLOATS:
        check(prog, "float_neg", (a,), ("ok", -a), fallible=False)
        check(prog, "float_abs", (a,), ("ok", abs(a)), fallible=False)
        check(prog, "float_isnan", (a,), ("ok", int(math.isnan(a))), fallible=False)

        def to_int(x):
            v = int(x)
            if not fits(v):
                raise OverflowError(N.MSG_FLOAT_TOO_LARGE)
            return v
        check(prog, "float_to_int", (a,), ref(to_int, a))
    for x in (2.0**63, -(2.0**63), 9.223372036854775e18, -9.223372036854777e18, 0.5, -0.5, 2.5, -2.5,
              0.9999999999999999, -0.9999999999999999, 4503599627370495.5, -4503599627370495.5):
        check(prog, "float_to_int", (x,), ref(lambda x: to_int(x), x))


def test_float_compare(prog):
    for a in FLOATS:
        for b in FLOATS:
            for p, f in PRED_FNS.items():
                check(prog, f"float_cmp_{p}", (a, b), ("ok", int(f(a, b))), fallible=False)


def test_int_float_compare(prog):
    ints = INTS + [2**53 - 1, 2**53 + 2, 2**63 - 1024, 2**63 - 1025, -(2**63) + 1024, 9007199254740993]
    floats = FLOATS + [float(2**53 + 2), 9.223372036854775e18, -9.223372036854776e18, 2.0**62 + 1024]
    for i in ints:
        for f in floats:
            for p, fn in PRED_FNS.items():
                check(prog, f"int_float_cmp_{p}", (i, f), ("ok", int(fn(i, f))), fallible=False)
                check(prog, f"float_int_cmp_{p}", (f, i), ("ok", int(fn(f, i))), fallible=False)
    check(prog, "int_float_cmp_eq", (2**53 + 1, float(2**53)), ("ok", 0), fallible=False)
    check(prog, "int_float_cmp_gt", (2**53 + 1, float(2**53)), ("ok", 1), fallible=False)
    check(prog, "int_float_cmp_lt", (I64_MAX, 2.0**63), ("ok", 1), fallible=False)
    check(prog, "int_float_cmp_eq", (I64_MIN, -(2.0**63)), ("ok", 1), fallible=False)


def test_bool_to_int(prog):
    check(prog, "bool_to_int", (1,), ("ok", 1), fallible=False)
    check(prog, "bool_to_int", (0,), ("ok", 0), fallible=False)


# ---------------------------------------------------------------- folding traps

def test_float_constants_are_not_folded(prog):
    for x in (inf, -inf, nan, -1.0, 2.0, -0.0, 0.0, 5e-324):
        check(prog, "fold_mul_zero", (x,), ("ok", x * 0.0), fallible=False)
        check(prog, "fold_mul_raw_zero", (x,), ("ok", x * 0.0), fallible=False)
        check(prog, "fold_add_zero", (x,), ("ok", x + 0.0), fallible=False)
        check(prog, "fold_add_raw_zero", (x,), ("ok", 0.0 + x), fallible=False)
        check(prog, "fold_add_neg_zero", (x,), ("ok", x + -0.0), fallible=False)
        check(prog, "fold_zero_div", (x,), ref(operator.truediv, 0.0, x))
        check(prog, "fold_sub_self", (x,), ("ok", x - x), fallible=False)
        check(prog, "fold_mod_self", (x,), ref(operator.mod, x, x))
        for p, f in (("ne", operator.ne), ("eq", operator.eq), ("ge", operator.ge), ("lt", operator.lt)):
            check(prog, f"fold_{p}_self", (x,), ("ok", int(f(x, x))), fallible=False)
    check(prog, "fold_neg_zero_const", (0,), ("ok", -0.0), fallible=False)
    check(prog, "fold_nan_const", (0,), ("ok", nan), fallible=False)
    check(prog, "fold_inf_const", (0,), ("ok", -inf), fallible=False)
    check(prog, "fold_const_nan_ne", (0,), ("ok", 1), fallible=False)
    check(prog, "fold_const_inf_mul_zero", (0,), ("ok", nan), fallible=False)
    check(prog, "fold_const_floordiv_negzero", (0,), ("ok", -0.0 // 5.0))
    check(prog, "fold_const_mod", (0,), ("ok", -0.0 % -3.0))


def test_int_constants_fold_correctly(prog):
    check(prog, "fold_const_int_add_ovf", (0,), ("err", "OverflowError", N.overflow_message("'+'")))
    check(prog, "fold_const_int_floordiv_min", (0,), ("err", "OverflowError", N.overflow_message("'//'")))
    check(prog, "fold_const_int_mod_zero", (0,), ("err", "ZeroDivisionError", N.MSG_INT_MOD_ZERO))
    check(prog, "fold_const_int_truediv", (0,), ("ok", (2**53 + 1) / 3))
    check(prog, "fold_const_pow", (0,), ("ok", 3**39))
    check(prog, "fold_const_float_to_int", (0,), ("ok", 0))
    check(prog, "fold_const_cpow", (0,), ("err", "ValueError", N.MSG_COMPLEX_POW))


# ---------------------------------------------------------------- fast paths
# int ops with a constant operand (a range check instead of the generic
# overflow test; no zero/-1 guards for a constant divisor), squares, and the
# |a|, |b| < 2**31 fast path of a general multiplication.

CONSTS = [
    0, 1, -1, 2, -2, 3, -3, 7, -7, 8, -8, 64, -64, 1000003, -1000003,
    2**31 - 1, 2**31, -(2**31), -(2**31) - 1, 2**32, -(2**32), 2**62, -(2**62),
    3037000499, -3037000499, 3037000500, I64_MAX, I64_MAX - 1, I64_MIN, I64_MIN + 1,
]
CONST_OPS = [("add", N.int_add, operator.add, "'+'"), ("sub", N.int_sub, operator.sub, "'-'"),
             ("mul", N.int_mul, operator.mul, "'*'"),
             ("floordiv", N.int_floordiv, operator.floordiv, "'//'"),
             ("mod", N.int_mod, operator.mod, None)]

for _i, _c in enumerate(CONSTS):
    for _name, _op, _, _ in CONST_OPS:
        define(f"cr_{_name}_{_i}", [I64], I64, True)(
            (lambda op, c: lambda a, rc: op(a, N.int_const(c), rc))(_op, _c))
        define(f"cl_{_name}_{_i}", [I64], I64, True)(
            (lambda op, c: lambda a, rc: op(N.int_const(c), a, rc))(_op, _c))
define("int_mul_self", [I64], I64, True)(lambda a, rc: N.int_mul(a, a, rc))


def _edges(c):
    """Operands around every bound a constant ``c`` puts on the other operand."""
    pts = [I64_MAX - c, I64_MIN - c, I64_MIN + c, I64_MAX + c, c - I64_MAX, c - I64_MIN]
    if c:
        for m in (I64_MAX, I64_MIN):
            pts += [m // c, -(-m // c), -(m // c), -(-(-m // c)), m % c]
    out = set(INTS)
    for p in pts:
        out.update(p + d for d in (-2, -1, 0, 1, 2))
    return sorted(v for v in out if fits(v))


@pytest.mark.parametrize("name,op,sym", [(n, f, s) for n, _, f, s in CONST_OPS])
def test_int_constant_operand(prog, name, op, sym):
    for i, c in enumerate(CONSTS):
        for a in _edges(c):
            check(prog, f"cr_{name}_{i}", (a,), ref(op, a, c, int_op=sym))
            check(prog, f"cl_{name}_{i}", (a,), ref(op, c, a, int_op=sym))


def test_constant_operands_are_recognized():
    with session().context, ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            for c in CONSTS:
                assert N.const_int(N.int_const(c)) == c
            f = func.FuncOp("probe", ([N.i64_type()], []))
            with ir.InsertionPoint(f.add_entry_block()):
                assert N.const_int(f.arguments[0]) is None
                assert N.const_int(arith.addi(f.arguments[0], N.int_const(1))) is None
                func.ReturnOp([])


def test_int_mul_square(prog):
    r = N.common._SQRT_MAX
    assert r * r <= I64_MAX < (r + 1) * (r + 1)
    for a in sorted(set(INTS) | {r, r + 1, -r, -r - 1, r - 1, -r + 1}):
        check(prog, "int_mul_self", (a,), ref(operator.mul, a, a, int_op="'*'"))


def test_int_mul_small_fast_path_edges(prog):
    near = sorted({s * (2**31) + d for s in (-1, 1) for d in (-2, -1, 0, 1, 2)}
                  | {s * (2**32) + d for s in (-1, 1) for d in (-1, 0, 1)}
                  | {0, 1, -1, 2**62, I64_MIN, I64_MAX, 3037000500, -3037000500})
    for a in near:
        for b in near:
            check(prog, "int_mul", (a, b), ref(operator.mul, a, b, int_op="'*'"))
    rng = random.Random(7)
    for _ in range(3000):
        a = rng.randint(-2**rng.randint(0, 63), 2**rng.randint(0, 63) - 1)
        b = rng.randint(-2**rng.randint(0, 63), 2**rng.randint(0, 63) - 1)
        check(prog, "int_mul", (a, b), ref(operator.mul, a, b, int_op="'*'"))
        check(prog, "int_add", (a, b), ref(operator.add, a, b, int_op="'+'"))
        check(prog, "int_sub", (a, b), ref(operator.sub, a, b, int_op="'-'"))


CSHIFTS = [0, 1, 2, 31, 32, 33, 62, 63, 64, 65, 127, 1000, I64_MAX, -1, I64_MIN]
for _i, _k in enumerate(CSHIFTS):
    define(f"cshl_{_i}", [I64], I64, True)((lambda k: lambda a, rc: N.int_lshift(a, N.int_const(k), rc))(_k))
    define(f"cshr_{_i}", [I64], I64, True)((lambda k: lambda a, rc: N.int_rshift(a, N.int_const(k), rc))(_k))


def test_int_shift_by_constant(prog):
    for i, k in enumerate(CSHIFTS):
        vals = set(INTS)
        if 0 <= k < 64:
            vals.update(b + d for b in (I64_MAX >> k, I64_MIN >> k) for d in (-1, 0, 1))
        for a in sorted(v for v in vals if fits(v)):
            check(prog, f"cshl_{i}", (a,), ref(_py_lshift, a, k, int_op="'<<'"))
            check(prog, f"cshr_{i}", (a,), ref(_py_rshift, a, k))


# The VM fuses ``x * y + z`` into ``vm.fma.f64``; that must stay two roundings
# (CPython's result), never a fused multiply-add.
define("float_mul_add", [F64, F64], F64, False)(lambda x, c: N.float_add(N.float_mul(x, x), c))


def test_float_mul_add_is_not_fused(prog):
    x = 1 + 2.0**-30
    check(prog, "float_mul_add", (x, -1.0), ("ok", x * x - 1.0), fallible=False)
    assert x * x - 1.0 == 2.0**-29  # a fused multiply-add would give 2**-29 + 2**-60
