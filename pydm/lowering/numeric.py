"""Emission helpers for Python's exact numeric semantics (DESIGN.md "Numbers").

The lowering rules of ``convert-iree-pydm-to-iree`` call these helpers to turn
one numeric ``iree_pydm`` op into builtin MLIR (arith / math / scf plus a few
raw ``vm.*`` / ``util.*`` ops) that computes exactly what CPython computes.

Contract for every helper:

* It emits at the *current* ``ir.InsertionPoint`` and ``ir.Location`` (the
  caller enters both context managers).
* Values are builtin-typed ``ir.Value``: Python ``int`` = ``i64``, ``float`` =
  ``f64``, ``bool`` = ``i1``.
* A fallible helper takes ``raise_code(cls_name, message) -> int`` and returns
  ``(err, value)``. ``err`` is an ``i32`` that is 0 on success, else the code
  ``raise_code`` handed out for the error that happened (CPython's choice when
  several apply). ``value`` is unspecified when ``err != 0``. ``raise_code`` is
  called once per distinct error the op can raise, at emission time.
* Infallible helpers return just the value.
* The emitted code never executes a trapping op: every ``divsi``/``remsi``/
  ``divui``/``remui`` divisor is made safe first (PLATFORM.md §1, a bad divisor
  kills the process with SIGFPE).

Platform traps handled here (PLATFORM.md §1):

* VM folders break float constants: ``x*0.0 -> 0.0``, ``0.0/x -> 0.0``,
  ``x+0.0 -> x`` (wrong for ``x = -0.0``), every ``-0.0`` constant becomes
  ``+0.0``, and ``cmpf oeq/ole/oge/ugt/ult/une x, x`` fold as if ``x`` were not
  NaN. Therefore every float constant made here goes through
  ``util.optimization_barrier`` (see :func:`float_const`), float operands that
  are plain ``arith.constant`` results are wrapped in a barrier, and every
  float comparison puts a barrier on one operand.
* The VM folders also apply integer identities to float add/sub: ``(x + y) -
  x -> y``, ``(x - y) + y -> x`` and their mirrors; every float add and sub
  result goes through a barrier (see :func:`float_add`).
* ``vm.cast.si64.f64`` of a constant folds with ties rounded away from zero:
  constants are converted by Python (see :func:`_vm_si64_to_f64`).
* ``cmpf oge/uge/one/ord`` are wrong with NaN: only ``olt ole ogt oeq une uno``
  are used.
* ``arith.fptosi`` is rejected: ``vm.cast.f64.si64`` after ``floor``/``ceil``
  is used. ``arith.sitofp`` can be canonicalized into an unlowerable
  ``i32 -> f64`` form: ``vm.cast.si64.f64`` is used.
* ``arith.remf`` is IEEE ``remainder()``, not ``fmod``.
* ``overflow<nsw>`` is not checked and the extended-arith ops are rejected:
  overflow is detected with explicit bit tricks.
"""
from __future__ import annotations

import math as _pymath
from typing import Callable

from iree.compiler import ir
from iree.compiler.dialects import arith, math, scf

__all__ = [
    "RaiseCode", "overflow_message",
    "i64_type", "f64_type", "i1_type", "i32_type",
    "int_const", "float_const", "bool_const",
    # ints
    "int_add", "int_sub", "int_mul", "int_neg", "int_abs",
    "int_floordiv", "int_mod", "int_truediv", "int_pow", "int_pow_negative",
    "int_lshift", "int_rshift", "int_and", "int_or", "int_xor", "int_invert",
    "int_cmp",
    # floats
    "float_add", "float_sub", "float_mul", "float_neg", "float_abs",
    "float_truediv", "float_floordiv", "float_mod", "float_pow", "float_cmp",
    "float_isnan",
    # conversions / mixed
    "int_to_float", "float_to_int", "bool_to_int", "int_float_cmp", "float_int_cmp",
]

#: ``raise_code(cls_name, message) -> int``: a non-zero i32 exception code.
RaiseCode = Callable[[str, str], int]

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
_SIGN_BIT = INT64_MIN  # 0x8000000000000000 as a signed i64

_PREDICATES = ("lt", "le", "gt", "ge", "eq", "ne")
_SWAPPED = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}

# CPython's messages (3.11).
MSG_INT_DIV_ZERO = "integer division or modulo by zero"
MSG_INT_MOD_ZERO = "integer modulo by zero"
MSG_TRUEDIV_ZERO = "division by zero"
MSG_FLOAT_DIV_ZERO = "float division by zero"
MSG_FLOAT_FLOORDIV_ZERO = "float floor division by zero"
MSG_FLOAT_MOD_ZERO = "float modulo"
MSG_ZERO_NEG_POW = "0.0 cannot be raised to a negative power"
MSG_COMPLEX_POW = "pydm: negative number cannot be raised to a fractional power (complex result)"
MSG_POW_RANGE = "(34, 'Numerical result out of range')"
MSG_NEG_SHIFT = "negative shift count"
MSG_FLOAT_NAN_TO_INT = "cannot convert float NaN to integer"
MSG_FLOAT_INF_TO_INT = "cannot convert float infinity to integer"
MSG_FLOAT_TOO_LARGE = "int too large to convert to 64-bit int"


def overflow_message(op: str) -> str:
    """pydm's OverflowError message for an int result that does not fit i64."""
    return f"integer overflow: result of {op} does not fit in a 64-bit int"


# --------------------------------------------------------------------------
# Types, constants and small building blocks
# --------------------------------------------------------------------------

def i64_type() -> ir.Type:
    """The builtin type of Python int."""
    return ir.IntegerType.get_signless(64)


def i32_type() -> ir.Type:
    """The builtin type of exception codes."""
    return ir.IntegerType.get_signless(32)


def i1_type() -> ir.Type:
    """The builtin type of Python bool."""
    return ir.IntegerType.get_signless(1)


def f64_type() -> ir.Type:
    """The builtin type of Python float."""
    return ir.F64Type.get()


def int_const(v: int) -> ir.Value:
    """An ``i64`` constant (Python ``int`` literal; must fit in 64 bits)."""
    if not INT64_MIN <= v <= INT64_MAX:
        raise ValueError(f"int constant {v} does not fit in i64")
    return arith.constant(i64_type(), v)


def _i32(v: int) -> ir.Value:
    return arith.constant(i32_type(), v)


def bool_const(v: bool) -> ir.Value:
    """An ``i1`` constant (Python ``True``/``False``)."""
    return arith.constant(i1_type(), 1 if v else 0)


def _barrier(v: ir.Value) -> ir.Value:
    """``util.optimization_barrier``: an identity the folders cannot see through
    (dropped late by ``iree-vm-drop-optimization-barriers``: free at run time)."""
    return ir.Operation.create(
        "util.optimization_barrier", results=[v.type], operands=[v]
    ).result


def float_const(x: float) -> ir.Value:
    """An ``f64`` constant safe from the VM float folders (Python ``float``
    literal, incl. ``-0.0``, ``inf``, ``nan``).

    Lowering rules must create float constants with this helper, never with a
    bare ``arith.constant`` (``x*0.0``, ``x+0.0`` and ``-0.0`` fold wrongly).
    """
    x = float(x)
    if x == 0.0 and _pymath.copysign(1.0, x) < 0:
        return arith.negf(_barrier(arith.constant(f64_type(), 0.0)))
    return _barrier(arith.constant(f64_type(), x))


def _owner_name(v: ir.Value) -> str | None:
    owner = v.owner
    if isinstance(owner, ir.Block):
        return None
    try:
        return owner.name
    except AttributeError:  # pragma: no cover - defensive
        return owner.operation.name


def _fguard(v: ir.Value) -> ir.Value:
    """Wrap a float operand produced by a bare constant op in a barrier so the
    VM folders cannot apply their wrong float identities to it."""
    if _owner_name(v) in ("arith.constant", "vm.const.f64", "vm.const.f64.zero"):
        return _barrier(v)
    return v


def _sel(c: ir.Value, t: ir.Value, f: ir.Value) -> ir.Value:
    return arith.select(c, t, f)


def _icmp(pred: str, a: ir.Value, b: ir.Value) -> ir.Value:
    return arith.cmpi(getattr(arith.CmpIPredicate, pred), a, b)


def _fcmp_raw(pred: str, a: ir.Value, b: ir.Value) -> ir.Value:
    """A float compare with one operand behind a barrier (defeats the
    self-comparison folds); only NaN-correct predicates may be passed."""
    assert pred in ("olt", "ole", "ogt", "oeq", "une", "uno"), pred
    return arith.cmpf(getattr(arith.CmpFPredicate, pred.upper()), a, _barrier(b))


def _and(*vs: ir.Value) -> ir.Value:
    r = vs[0]
    for v in vs[1:]:
        r = arith.andi(r, v)
    return r


def _or(*vs: ir.Value) -> ir.Value:
    r = vs[0]
    for v in vs[1:]:
        r = arith.ori(r, v)
    return r


def _not(v: ir.Value) -> ir.Value:
    return arith.xori(v, bool_const(True))


def _first(cases, default: ir.Value) -> ir.Value:
    """``cases`` = [(cond, value), ...] in priority order: the value of the first
    true condition, else ``default`` (a select chain, branch-free)."""
    r = default
    for cond, val in reversed(cases):
        r = _sel(cond, val, r)
    return r


def _errors(raise_code: RaiseCode, errors) -> ir.Value:
    """``errors`` = [(cond, cls, msg), ...] in CPython's priority order; returns
    the i32 code of the first true condition, or 0. Conditions that share a
    (cls, msg) share the code; a ``None`` condition is one that never holds."""
    errors = [e for e in errors if e[0] is not None]  # None: can never happen
    codes = {}
    for _, cls, msg in errors:
        if (cls, msg) not in codes:
            code = int(raise_code(cls, msg))
            if code == 0:
                raise ValueError("raise_code must return a non-zero code")
            codes[(cls, msg)] = code
    # Each condition goes through a barrier: if folding proved it always true
    # (``t // 0``), the code after the op would become an unreachable loop, on
    # which MLIR's canonicalizer never terminates. A barrier here (not on the
    # code) still lets the check fold into a single compare of the condition.
    return _first([(_barrier(c), _i32(codes[(cls, msg)])) for c, cls, msg in errors], _i32(0))


def _check_pred(pred: str) -> None:
    if pred not in _PREDICATES:
        raise ValueError(f"unknown comparison predicate {pred!r}; expected one of {_PREDICATES}")


def _f2i_bits(x: ir.Value) -> ir.Value:
    return arith.bitcast(i64_type(), x)


def _i2f_bits(x: ir.Value) -> ir.Value:
    return arith.bitcast(f64_type(), x)


def _signbit(x: ir.Value) -> ir.Value:
    """The IEEE sign bit of an f64, as i1 (true for -0.0)."""
    return _icmp("slt", _f2i_bits(x), int_const(0))


def _signed_zero_like(x: ir.Value) -> ir.Value:
    """``copysign(0.0, x)`` computed on the bits at run time."""
    return _i2f_bits(arith.andi(_f2i_bits(x), int_const(_SIGN_BIT)))


def _vm_si64_to_f64(v: ir.Value) -> ir.Value:
    """The f64 nearest to an i64, ties to even. The VM folder of ``vm.cast.si64.f64``
    rounds a constant's ties *away* from zero (``float(2**53 + 1)`` folded to
    ``2**53 + 2``): a constant is converted here, by Python, and any other
    operand goes through a barrier in case it folds to a constant later."""
    c = const_int(v)
    if c is not None:
        return float_const(float(c))
    return ir.Operation.create("vm.cast.si64.f64", results=[f64_type()], operands=[_barrier(v)]).result


def _vm_f64_to_si64(v: ir.Value) -> ir.Value:
    return ir.Operation.create("vm.cast.f64.si64", results=[i64_type()], operands=[v]).result


def const_int(v: ir.Value) -> int | None:
    """The value of an ``i64`` operand defined by ``arith.constant`` (what
    ``int_const`` and the constant lowering rule build), else ``None``."""
    owner = v.owner
    if isinstance(owner, ir.Block):
        return None
    op = getattr(owner, "operation", owner)
    if op.name != "arith.constant" or v.type != i64_type():
        return None
    attr = op.attributes["value"]
    if not isinstance(attr, ir.IntegerAttr):
        try:
            attr = ir.IntegerAttr(attr)
        except (TypeError, ValueError):  # pragma: no cover - defensive
            return None
    value = attr.value
    if value > INT64_MAX:  # pragma: no cover - an unsigned read of a signless attr
        value -= 1 << 64
    return value


def _outside(x: ir.Value, lo: int, hi: int) -> ir.Value | None:
    """i1: ``x`` (i64) lies outside ``[lo, hi]`` (Python ints, may exceed i64);
    ``None`` when that can never happen. At most two VM ops."""
    lo, hi = max(lo, INT64_MIN), min(hi, INT64_MAX)
    if lo > hi:
        return bool_const(True)
    if lo == INT64_MIN and hi == INT64_MAX:
        return None
    if lo == INT64_MIN:
        return _icmp("sgt", x, int_const(hi))
    if hi == INT64_MAX:
        return _icmp("slt", x, int_const(lo))
    # x - lo wraps, so it lands in [0, hi - lo] (unsigned) exactly when x is in range.
    return _icmp("ugt", arith.subi(x, int_const(_wrap(lo))), int_const(hi - lo))


def _wrap(v: int) -> int:
    """``v`` reduced to i64 (two's complement)."""
    v &= (1 << 64) - 1
    return v - (1 << 64) if v > INT64_MAX else v


def _div_floor(a: int, b: int) -> int:
    return a // b


def _div_ceil(a: int, b: int) -> int:
    return -((-a) // b)


def _mul_range(c: int) -> tuple[int, int]:
    """The ``x`` for which ``x * c`` fits in i64, as ``[lo, hi]``."""
    if c == 0:
        return INT64_MIN, INT64_MAX
    if c > 0:
        return _div_ceil(INT64_MIN, c), _div_floor(INT64_MAX, c)
    return _div_ceil(INT64_MAX, c), _div_floor(INT64_MIN, c)


# |x| <= isqrt(INT64_MAX) exactly when x * x fits in i64.
_SQRT_MAX = _pymath.isqrt(INT64_MAX)


def _checked_mul_exact(a: ir.Value, b: ir.Value, r: ir.Value) -> ir.Value:
    """i1: the exact product ``a * b`` leaves i64 (``r`` = the wrapped product).
    Safe divisor trick from PLATFORM.md §1."""
    zero, m1 = int_const(0), int_const(-1)
    a_zero = _icmp("eq", a, zero)
    a_m1 = _icmp("eq", a, m1)
    d = _sel(_or(a_zero, a_m1), int_const(1), a)
    # The barrier stops the folders from rewriting (a*b)/a into b when ``a``
    # is a constant (which silently dropped the overflow check of ``100 * b``).
    q = arith.divsi(_barrier(r), d)
    return _sel(a_zero, bool_const(False),
                _sel(a_m1, _icmp("eq", b, int_const(INT64_MIN)), _icmp("ne", q, b)))


def _mul_overflow(a: ir.Value, b: ir.Value, r: ir.Value) -> ir.Value | None:
    """i1 overflow condition of ``a * b`` (``None``: never), cheapest form:
    a constant factor or a square is a range check on the other operand."""
    ca, cb = const_int(a), const_int(b)
    if cb is not None:
        return _outside(a, *_mul_range(cb))
    if ca is not None:
        return _outside(b, *_mul_range(ca))
    if a == b:
        return _outside(a, -_SQRT_MAX, _SQRT_MAX)
    return _checked_mul_exact(a, b, r)


def _checked_mul(a: ir.Value, b: ir.Value):
    """(ovf: i1, a*b wrapped)."""
    r = arith.muli(a, b)
    ovf = _mul_overflow(a, b, r)
    return (bool_const(False) if ovf is None else ovf), r


# --------------------------------------------------------------------------
# int
# --------------------------------------------------------------------------

def _add_overflow(a: ir.Value, b: ir.Value, r: ir.Value) -> ir.Value | None:
    ca, cb = const_int(a), const_int(b)
    if cb is not None:  # a + c fits exactly when MIN - c <= a <= MAX - c: one compare
        return _outside(a, INT64_MIN - cb, INT64_MAX - cb)
    if ca is not None:
        return _outside(b, INT64_MIN - ca, INT64_MAX - ca)
    # b >= 0: the sum wrapped exactly when r < a; b < 0: exactly when r >= a.
    return arith.xori(_icmp("slt", r, a), _icmp("slt", b, int_const(0)))


def _sub_overflow(a: ir.Value, b: ir.Value, r: ir.Value) -> ir.Value | None:
    ca, cb = const_int(a), const_int(b)
    if cb is not None:  # a - c fits exactly when MIN + c <= a <= MAX + c
        return _outside(a, INT64_MIN + cb, INT64_MAX + cb)
    if ca is not None:  # c - b fits exactly when c - MAX <= b <= c - MIN
        return _outside(b, ca - INT64_MAX, ca - INT64_MIN)
    # b > 0: the difference wrapped exactly when r > a; b <= 0: when r < a.
    return arith.xori(_icmp("slt", r, a), _icmp("sgt", b, int_const(0)))


def int_add(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a + b`` on ints; OverflowError when the exact sum leaves i64."""
    r = arith.addi(a, b)
    ovf = _add_overflow(a, b, r)
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("'+'"))]), r


def int_sub(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a - b`` on ints; OverflowError when the exact difference leaves i64."""
    r = arith.subi(a, b)
    ovf = _sub_overflow(a, b, r)
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("'-'"))]), r


#: ``int_mul`` on two non-constant operands: test ``|a|, |b| <= 2**31`` first
#: and only run the exact (division) check in an ``scf.if`` when that fails.
MUL_FAST_PATH = True


def int_mul(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a * b`` on ints; OverflowError when the exact product leaves i64."""
    r = arith.muli(a, b)
    msg = overflow_message("'*'")
    general = const_int(a) is None and const_int(b) is None and a != b
    if not (general and MUL_FAST_PATH):
        return _errors(raise_code, [(_mul_overflow(a, b, r), "OverflowError", msg)]), r
    # a, b in [-2**31, 2**31) => |a * b| <= 2**62: no overflow. a + 2**31 wraps
    # to >= 2**32 (unsigned) for every other a, and the or of two values below
    # 2**32 is below 2**32.
    bias = int_const(2**31)
    small = _icmp("ult", arith.ori(arith.addi(a, bias), arith.addi(b, bias)), int_const(2**32))
    if_op = scf.IfOp(small, [i32_type()], has_else=True)
    with ir.InsertionPoint(if_op.then_block):
        scf.yield_([_i32(0)])
    with ir.InsertionPoint(if_op.else_block):
        scf.yield_([_errors(raise_code, [(_checked_mul_exact(a, b, r), "OverflowError", msg)])])
    return if_op.results[0], r


# ---- operands known >= 0 (the importer's intervals, frontend/ranges.py) ----
def int_add_nonneg(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """``a + b`` with ``a, b >= 0``: the sum can only wrap upward, to below ``a``."""
    if const_int(a) is not None or const_int(b) is not None:
        return int_add(a, b, raise_code)
    r = arith.addi(a, b)
    return _errors(raise_code, [(_icmp("slt", r, a), "OverflowError", overflow_message("'+'"))]), r


def int_mul_nonneg(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """``a * b`` with ``a, b >= 0``: a square overflows exactly above isqrt(MAX)."""
    if a != b or const_int(a) is not None:
        return int_mul(a, b, raise_code)
    r = arith.muli(a, b)
    ovf = _icmp("sgt", a, int_const(_SQRT_MAX))
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("'*'"))]), r


def int_mod_nonneg(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """``a % c`` with ``a >= 0`` and a constant ``c > 0``: C's remainder is Python's."""
    c = const_int(b)
    if c is None or c <= 0 or _pow2_log(c) is not None:
        return int_mod(a, b, raise_code)
    return _i32(0), arith.remsi(a, b)


def int_floordiv_nonneg(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """``a // c`` with ``a >= 0`` and a constant ``c > 0``: C's quotient is Python's."""
    c = const_int(b)
    if c is None or c <= 0 or _pow2_log(c) is not None:
        return int_floordiv(a, b, raise_code)
    return _i32(0), arith.divsi(a, b)


def int_neg(a: ir.Value, raise_code: RaiseCode):
    """Python ``-a`` on ints; OverflowError for ``-INT64_MIN``."""
    r = arith.subi(int_const(0), a)
    ovf = _icmp("eq", a, int_const(INT64_MIN))
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("unary '-'"))]), r


def int_abs(a: ir.Value, raise_code: RaiseCode):
    """Python ``abs(a)`` on ints; OverflowError for ``abs(INT64_MIN)``."""
    r = _sel(_icmp("slt", a, int_const(0)), arith.subi(int_const(0), a), a)
    ovf = _icmp("eq", a, int_const(INT64_MIN))
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("abs()"))]), r


def _int_divmod(a: ir.Value, b: ir.Value):
    """(zero, ovf, q, r): floored quotient and remainder with Python signs,
    computed with a divisor that can never trap."""
    zero = _icmp("eq", b, int_const(0))
    m1 = _icmp("eq", b, int_const(-1))
    ovf = _and(m1, _icmp("eq", a, int_const(INT64_MIN)))
    # b == 0 -> 1 (garbage, error path); b == -1 -> 1, fixed below (x % -1 == 0).
    bs = _sel(_or(zero, m1), int_const(1), b)
    q = arith.divsi(a, bs)
    r = arith.remsi(a, bs)
    adjust = _and(_icmp("ne", r, int_const(0)),
                  _icmp("slt", arith.xori(r, bs), int_const(0)))
    q = _sel(adjust, arith.subi(q, int_const(1)), q)
    r = _sel(adjust, arith.addi(r, bs), r)
    q = _sel(m1, arith.subi(int_const(0), a), q)  # a // -1 == -a (MIN: error path)
    return zero, ovf, q, r


def _pow2_log(c: int) -> int | None:
    return c.bit_length() - 1 if c > 0 and c & (c - 1) == 0 else None


def int_floordiv(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a // b`` on ints (floor, Python signs). ZeroDivisionError for
    ``b == 0``; OverflowError for ``INT64_MIN // -1``."""
    c = const_int(b)
    if c is not None and c != 0:
        # A constant non-zero divisor: no zero test, no trap to avoid.
        if c == 1:
            return _i32(0), a
        if c == -1:
            ovf = _icmp("eq", a, int_const(INT64_MIN))
            err = _errors(raise_code, [(ovf, "OverflowError", overflow_message("'//'"))])
            return err, arith.subi(int_const(0), a)
        k = _pow2_log(c)
        if k is not None:  # the arithmetic shift rounds toward -inf, like //
            return _i32(0), arith.shrsi(a, int_const(k))
        cv = int_const(c)
        q = arith.divsi(a, cv)
        r = arith.remsi(a, cv)
        if c > 0:  # truncation rounded up exactly when r < 0: add r >> 63 (= -1)
            return _i32(0), arith.addi(q, arith.shrsi(r, int_const(63)))
        return _i32(0), _sel(_icmp("sgt", r, int_const(0)), arith.subi(q, int_const(1)), q)
    zero, ovf, q, _ = _int_divmod(a, b)
    err = _errors(raise_code, [
        (zero, "ZeroDivisionError", MSG_INT_DIV_ZERO),
        (ovf, "OverflowError", overflow_message("'//'")),
    ])
    return err, q


def int_mod(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a % b`` on ints (result has the sign of ``b``).
    ZeroDivisionError for ``b == 0`` (CPython 3.11's message ``"integer modulo
    by zero"``); ``INT64_MIN % -1 == 0``."""
    c = const_int(b)
    if c is not None and c != 0:
        # A constant non-zero divisor: no zero test, no trap to avoid.
        if c in (1, -1):
            return _i32(0), int_const(0)
        k = _pow2_log(c)
        if k is not None:  # two's complement: a % 2**k == a & (2**k - 1)
            return _i32(0), arith.andi(a, int_const(c - 1))
        cv = int_const(c)
        r = arith.remsi(a, cv)  # sign of a; Python's has the sign of c
        wrong = _icmp("slt", r, int_const(0)) if c > 0 else _icmp("sgt", r, int_const(0))
        return _i32(0), _sel(wrong, arith.addi(r, cv), r)
    zero, _, _, r = _int_divmod(a, b)
    return _errors(raise_code, [(zero, "ZeroDivisionError", MSG_INT_MOD_ZERO)]), r


def _divlu(u1: ir.Value, u0: ir.Value, v: ir.Value):
    """Unsigned (u1:u0) / v for 64-bit words, ``u1 < v``, ``v != 0``
    (Hacker's Delight ``divlu``, the two correction loops unrolled).
    Returns (quotient, remainder), both u64."""
    c32 = int_const(32)
    b = int_const(1 << 32)
    lo_mask = int_const(0xFFFFFFFF)
    s = math.ctlz(v)
    vn = arith.shli(v, s)
    vn1 = arith.shrui(vn, c32)  # >= 2**31: a safe divisor
    vn0 = arith.andi(vn, lo_mask)
    spill = arith.shrui(u0, arith.subi(int_const(64), s))
    spill = _sel(_icmp("eq", s, int_const(0)), int_const(0), spill)
    un32 = arith.ori(arith.shli(u1, s), spill)
    un10 = arith.shli(u0, s)
    un1 = arith.shrui(un10, c32)
    un0 = arith.andi(un10, lo_mask)

    def digit(num, un_low):
        q = arith.divui(num, vn1)
        rhat = arith.subi(num, arith.muli(q, vn1))

        def too_big(q, rhat):
            return _or(_icmp("uge", q, b),
                       _icmp("ugt", arith.muli(q, vn0),
                             arith.addi(arith.shli(rhat, c32), un_low)))

        c1 = too_big(q, rhat)
        q = _sel(c1, arith.subi(q, int_const(1)), q)
        rhat = _sel(c1, arith.addi(rhat, vn1), rhat)
        c2 = _and(c1, _icmp("ult", rhat, b), too_big(q, rhat))
        q = _sel(c2, arith.subi(q, int_const(1)), q)
        return q

    q1 = digit(un32, un1)
    un21 = arith.subi(arith.addi(arith.shli(un32, c32), un1), arith.muli(q1, vn))
    q0 = digit(un21, un0)
    rem = arith.shrui(
        arith.subi(arith.addi(arith.shli(un21, c32), un0), arith.muli(q0, vn)), s)
    return arith.addi(arith.shli(q1, c32), q0), rem


def _exact_udiv_to_f64(A: ir.Value, B: ir.Value) -> ir.Value:
    """Correctly rounded A / B for unsigned A <= 2**63, 1 <= B <= 2**63.

    Q = floor(A * 2**s / B) is computed exactly with s chosen so that
    2**55 <= Q < 2**57; OR-ing the sticky bit (remainder != 0) into bit 0 then
    lets one int->float conversion round exactly like the real quotient, and
    the scaling by 2**-s is exact (the result is a normal number).
    """
    c64 = int_const(64)
    la = arith.subi(c64, math.ctlz(A))
    lb = arith.subi(c64, math.ctlz(B))
    s = arith.addi(arith.subi(int_const(56), la), lb)  # in [-6, 120]
    zero = int_const(0)
    s_le0 = _icmp("sle", s, zero)
    # s <= 0: single-word division by B << -s (fits: bit length la - 56 <= 8).
    ns = _sel(s_le0, arith.subi(zero, s), zero)
    d = arith.shli(B, ns)
    q_a = arith.divui(A, d)
    r_a = arith.remui(A, d)
    # s > 0: (hi:lo) = A << s as 128 bits, hi < B because Q < 2**57.
    s_lt64 = _icmp("slt", s, c64)
    sm = _sel(s_lt64, s, int_const(1))  # 1..63
    hi_small = arith.shrui(A, arith.subi(c64, sm))
    lo_small = arith.shli(A, sm)
    sb = _sel(s_lt64, zero, arith.subi(s, c64))  # 0..56
    hi_big = arith.shli(A, sb)
    hi = _sel(s_lt64, hi_small, hi_big)
    lo = _sel(s_lt64, lo_small, zero)
    hi = _sel(s_le0, zero, hi)  # keep divlu's precondition on the unused path
    q_b, r_b = _divlu(hi, lo, B)
    q = _sel(s_le0, q_a, q_b)
    r = _sel(s_le0, r_a, r_b)
    sticky = arith.extui(i64_type(), _icmp("ne", r, zero))
    qf = _vm_si64_to_f64(arith.ori(q, sticky))
    scale = _i2f_bits(arith.shli(arith.subi(int_const(1023), s), int_const(52)))
    return arith.mulf(qf, scale)


def int_truediv(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a / b`` on ints: the correctly rounded f64 of the exact
    quotient (like CPython's ``long_true_divide``, incl. ``0 / -1 == -0.0``).
    ZeroDivisionError ``"division by zero"``."""
    if const_int(b) not in (None, 0):  # a constant divisor stays a constant (converted exactly)
        zero, bs = None, b
    else:
        zero = _icmp("eq", b, int_const(0))
        bs = _sel(zero, int_const(1), b)
    err = _errors(raise_code, [(zero, "ZeroDivisionError", MSG_TRUEDIV_ZERO)])
    c0 = int_const(0)
    a_neg = _icmp("slt", a, c0)
    b_neg = _icmp("slt", bs, c0)
    A = _sel(a_neg, arith.subi(c0, a), a)  # |INT64_MIN| = 2**63 as unsigned
    B = _sel(b_neg, arith.subi(c0, bs), bs)
    lim = int_const(2**53)
    fast = _and(_icmp("ule", A, lim), _icmp("ule", B, lim))
    if_op = scf.IfOp(fast, [f64_type()], has_else=True)
    with ir.InsertionPoint(if_op.then_block):
        # Both operands are exact doubles: one IEEE division rounds correctly.
        scf.yield_([arith.divf(_vm_si64_to_f64(a), _vm_si64_to_f64(bs))])
    with ir.InsertionPoint(if_op.else_block):
        mag = _exact_udiv_to_f64(A, B)
        scf.yield_([_sel(arith.xori(a_neg, b_neg), arith.negf(mag), mag)])
    return err, if_op.results[0]


def int_pow(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a ** b`` on ints for ``b >= 0`` (the caller dispatches
    ``b < 0`` to :func:`int_pow_negative`). Square-and-multiply in an
    ``scf.while`` with checked multiplications; OverflowError when the exact
    result leaves i64. Precondition ``b >= 0`` (a negative ``b`` yields 1)."""
    i64, i1 = i64_type(), i1_type()
    types = [i64, i64, i64, i1]
    w = scf.WhileOp(types, [int_const(1), a, b, bool_const(False)])
    before = w.regions[0].blocks.append(*types)
    with ir.InsertionPoint(before):
        res, base, e, ovf = before.arguments
        go = _and(_icmp("sgt", e, int_const(0)), _not(ovf))
        scf.condition(go, [res, base, e, ovf])
    after = w.regions[1].blocks.append(*types)
    with ir.InsertionPoint(after):
        res, base, e, ovf = after.arguments
        odd = _icmp("ne", arith.andi(e, int_const(1)), int_const(0))
        m_ovf, m = _checked_mul(res, base)
        res2 = _sel(odd, m, res)
        ovf1 = _and(odd, m_ovf)
        e2 = arith.shrsi(e, int_const(1))
        s_ovf, sq = _checked_mul(base, base)
        need = _icmp("sgt", e2, int_const(0))
        # An overflowing square that is still needed means the result overflows
        # (|result| >= 1 gets multiplied by a power of it), unless it is unused.
        base2 = _sel(need, sq, base)
        ovf2 = _and(need, s_ovf)
        scf.yield_([res2, base2, e2, _or(ovf, ovf1, ovf2)])
    res, _, _, ovf = w.results
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("'**'"))]), res


def int_pow_negative(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a ** b`` on ints for ``b < 0``: CPython computes
    ``float(a) ** float(b)`` (an f64). ZeroDivisionError for ``0 ** -n``; no
    other error is possible for i64 operands."""
    return _float_pow(int_to_float(a), int_to_float(b), raise_code,
                      can_complex=False, can_overflow=False)


def int_lshift(a: ir.Value, n: ir.Value, raise_code: RaiseCode):
    """Python ``a << n`` on ints. ValueError for ``n < 0``; OverflowError when
    the result leaves i64 (any ``n`` is fine for ``a == 0``)."""
    k = const_int(n)
    if k is not None and k >= 0:
        # A constant count: a << k fits exactly when MIN >> k <= a <= MAX >> k
        # (k <= 63); for k >= 64 only 0 fits.
        ovf = _outside(a, INT64_MIN >> k, INT64_MAX >> k) if k < 64 else _outside(a, 0, 0)
        value = arith.shli(a, int_const(k)) if k < 64 else int_const(0)
        return _errors(raise_code, [(ovf, "OverflowError", overflow_message("'<<'"))]), value
    c0 = int_const(0)
    neg = _icmp("slt", n, c0)
    big = _icmp("sgt", n, int_const(63))
    ns = _sel(_or(neg, big), c0, n)
    r = arith.shli(a, ns)
    lost = _icmp("ne", arith.shrsi(r, ns), a)
    nonzero = _icmp("ne", a, c0)
    ovf = _and(nonzero, _or(big, lost))
    value = _sel(big, c0, r)
    err = _errors(raise_code, [
        (neg, "ValueError", MSG_NEG_SHIFT),
        (ovf, "OverflowError", overflow_message("'<<'")),
    ])
    return err, value


def int_rshift(a: ir.Value, n: ir.Value, raise_code: RaiseCode):
    """Python ``a >> n`` on ints (arithmetic; ``n >= 64`` gives 0 or -1).
    ValueError for ``n < 0``."""
    k = const_int(n)
    if k is not None and k >= 0:
        return _i32(0), arith.shrsi(a, int_const(min(k, 63)))
    c0 = int_const(0)
    neg = _icmp("slt", n, c0)
    ns = _sel(_icmp("sgt", n, int_const(63)), int_const(63), _sel(neg, c0, n))
    err = _errors(raise_code, [(neg, "ValueError", MSG_NEG_SHIFT)])
    return err, arith.shrsi(a, ns)


def int_and(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a & b`` on ints (two's complement, never overflows)."""
    return arith.andi(a, b)


def int_or(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a | b`` on ints."""
    return arith.ori(a, b)


def int_xor(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a ^ b`` on ints."""
    return arith.xori(a, b)


def int_invert(a: ir.Value) -> ir.Value:
    """Python ``~a`` on ints (``-a - 1``, never overflows)."""
    return arith.xori(a, int_const(-1))


_INT_PRED = {"lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge", "eq": "eq", "ne": "ne"}


def int_cmp(pred: str, a: ir.Value, b: ir.Value) -> ir.Value:
    """Python int comparison ``a <pred> b``, pred in lt le gt ge eq ne -> i1."""
    _check_pred(pred)
    return _icmp(_INT_PRED[pred], a, b)


# --------------------------------------------------------------------------
# float
# --------------------------------------------------------------------------

def float_isnan(x: ir.Value) -> ir.Value:
    """``math.isnan(x)`` -> i1 (``cmpf uno`` with a barrier, so never folded)."""
    return _fcmp_raw("uno", x, x)


def _isinf(x: ir.Value) -> ir.Value:
    return _fcmp_raw("oeq", math.absf(x), float_const(_pymath.inf))


def float_cmp(pred: str, a: ir.Value, b: ir.Value) -> ir.Value:
    """Python float comparison ``a <pred> b`` -> i1, correct with NaN (every
    comparison with NaN is False except ``!=``) and safe from the ``x != x``
    self-comparison folds."""
    _check_pred(pred)
    a, b = _fguard(a), _fguard(b)
    if pred == "lt":
        return _fcmp_raw("olt", a, b)
    if pred == "le":
        return _fcmp_raw("ole", a, b)
    if pred == "gt":
        return _fcmp_raw("ogt", a, b)
    if pred == "ge":
        return _fcmp_raw("ole", b, a)  # cmpf oge is wrong with NaN
    if pred == "eq":
        return _fcmp_raw("oeq", a, b)
    return _fcmp_raw("une", a, b)


# The VM folders apply integer identities to float add/sub: ``(x + y) - x -> y``,
# ``(x + y) - y -> x``, ``(x - y) + y -> x``, ``y + (x - y) -> x`` (wrong for
# inf, nan, overflow, rounding and -0.0: ``(1e308 + 1.0) - 1e308`` is 0.0).
# They look at the op defining an operand, so every float add and sub result
# goes through a barrier: the pattern never sees an add/sub behind it, also
# after rewrites that make one (``(p + q) + (-p)`` becomes ``(p + q) - p``).
# tests/platform/test_platform_float_identities.py checks every such shape.

def float_add(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a + b`` on floats (IEEE, bit-exact incl. ``-0.0 + 0.0 == 0.0``)."""
    return _barrier(arith.addf(_fguard(a), _fguard(b)))


def float_sub(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a - b`` on floats (IEEE, bit-exact)."""
    return _barrier(arith.subf(_fguard(a), _fguard(b)))


def float_mul(a: ir.Value, b: ir.Value) -> ir.Value:
    """Python ``a * b`` on floats (IEEE, bit-exact; ``inf * 0.0`` is nan)."""
    return arith.mulf(_fguard(a), _fguard(b))


def float_neg(a: ir.Value) -> ir.Value:
    """Python ``-a`` on floats (sign flip: ``-(0.0)`` is ``-0.0``)."""
    return arith.negf(_fguard(a))


def float_abs(a: ir.Value) -> ir.Value:
    """Python ``abs(a)`` on floats (clears the sign bit, ``abs(-0.0) == 0.0``)."""
    return math.absf(_fguard(a))


def float_truediv(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a / b`` on floats; ZeroDivisionError when ``b == ±0.0``."""
    a, b = _fguard(a), _fguard(b)
    zero = _fcmp_raw("oeq", b, float_const(0.0))
    err = _errors(raise_code, [(zero, "ZeroDivisionError", MSG_FLOAT_DIV_ZERO)])
    return err, arith.divf(a, b)


def float_div_nonzero(a: ir.Value, b: ir.Value) -> ir.Value:
    """``a / b`` on floats where ``b`` is known not to be zero."""
    return arith.divf(_fguard(a), _fguard(b))


def _fmod(x: ir.Value, y: ir.Value) -> ir.Value:
    """C ``fmod(x, y)`` (exact) from ``arith.remf`` = IEEE ``remainder``.

    remainder r and fmod f differ by a multiple of |y|; when r's sign differs
    from x's, f = r ± |y|, which is representable, so the add is exact.
    """
    r = arith.remf(x, y)
    ay = math.absf(y)
    zero = float_const(0.0)
    r_neg_x_pos = _and(_fcmp_raw("olt", r, zero), _fcmp_raw("ogt", x, zero))
    r_pos_x_neg = _and(_fcmp_raw("ogt", r, zero), _fcmp_raw("olt", x, zero))
    return _first([(r_neg_x_pos, arith.addf(r, ay)),
                   (r_pos_x_neg, arith.subf(r, ay))], r)


def float_mod(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a % b`` on floats (CPython ``float_rem``: result has the sign of
    ``b``, a zero result is ``copysign(0.0, b)``). ZeroDivisionError
    ``"float modulo"`` when ``b == ±0.0``."""
    a, b = _fguard(a), _fguard(b)
    zero = float_const(0.0)
    is_zero = _fcmp_raw("oeq", b, zero)
    err = _errors(raise_code, [(is_zero, "ZeroDivisionError", MSG_FLOAT_MOD_ZERO)])
    # IEEE remainder r is congruent to a mod b with |r| <= |b|/2: Python's
    # result is r itself when the signs agree, else fl(r + b) (CPython computes
    # fl(fmod + b), which is the same number: see the module tests).
    r = arith.remf(a, b)
    r_is_zero = _fcmp_raw("oeq", r, zero)
    flip = arith.xori(_fcmp_raw("olt", r, zero), _fcmp_raw("olt", b, zero))
    value = _first([(r_is_zero, _signed_zero_like(b)),
                    (flip, arith.addf(r, b))], r)
    return err, value


def float_floordiv(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a // b`` on floats (CPython ``_float_div_mod``: the quotient
    snapped to an integral value, zero with the sign of ``a / b``).
    ZeroDivisionError ``"float floor division by zero"`` when ``b == ±0.0``."""
    a, b = _fguard(a), _fguard(b)
    zero = float_const(0.0)
    one = float_const(1.0)
    is_zero = _fcmp_raw("oeq", b, zero)
    err = _errors(raise_code, [(is_zero, "ZeroDivisionError", MSG_FLOAT_FLOORDIV_ZERO)])
    mod = _fmod(a, b)
    div = arith.divf(arith.subf(a, mod), b)
    # `if (mod)` is true for NaN; `mod < 0` is false for NaN.
    adjust = _and(_fcmp_raw("une", mod, zero),
                  arith.xori(_fcmp_raw("olt", b, zero), _fcmp_raw("olt", mod, zero)))
    div = _sel(adjust, arith.subf(div, one), div)
    fl = math.floor(div)
    fl = _sel(_fcmp_raw("ogt", arith.subf(div, fl), float_const(0.5)), arith.addf(fl, one), fl)
    value = _sel(_fcmp_raw("une", div, zero), fl, _signed_zero_like(arith.divf(a, b)))
    return err, value


def _is_odd_integer(y: ir.Value) -> ir.Value:
    """CPython's ``DOUBLE_IS_ODD_INTEGER(y)`` (``fmod(fabs(y), 2.0) == 1.0``)."""
    h = arith.mulf(y, float_const(0.5))
    return _and(_fcmp_raw("oeq", math.floor(y), y), _fcmp_raw("une", math.floor(h), h))


def _float_pow(x, y, raise_code, *, can_complex=True, can_overflow=True):
    x, y = _fguard(x), _fguard(y)
    zero, one = float_const(0.0), float_const(1.0)
    inf = float_const(_pymath.inf)
    ax = math.absf(x)
    ay = math.absf(y)
    x_nan = float_isnan(x)
    y_nan = float_isnan(y)
    x_inf = _fcmp_raw("oeq", ax, inf)
    y_inf = _fcmp_raw("oeq", ay, inf)
    y_zero = _fcmp_raw("oeq", y, zero)
    x_zero = _fcmp_raw("oeq", x, zero)
    x_neg = _fcmp_raw("olt", x, zero)
    y_pos = _fcmp_raw("ogt", y, zero)
    y_neg = _fcmp_raw("olt", y, zero)
    y_odd = _is_odd_integer(y)

    # case: y is ±inf
    inf_case = _first([
        (_fcmp_raw("oeq", ax, one), one),
        (arith.xori(y_pos, _fcmp_raw("ogt", ax, one)), zero),  # (y>0) != (|x|>1)
    ], ay)
    # case: x is ±inf
    xinf_case = _sel(y_pos, _sel(y_odd, x, ax), _sel(y_odd, _signed_zero_like(x), zero))
    # case: x is ±0
    xzero_case = _sel(y_odd, x, zero)
    # general case: x finite nonzero, y finite nonzero
    non_integral = _fcmp_raw("une", y, math.floor(y))
    negate = _and(x_neg, y_odd)
    p = math.powf(ax, y)
    p_inf = _fcmp_raw("oeq", p, inf)
    general = _sel(_fcmp_raw("oeq", ax, one), one, p)
    general = _sel(negate, arith.negf(general), general)

    value = _first([
        (y_zero, one),
        (x_nan, x),
        (y_nan, _sel(_fcmp_raw("oeq", x, one), one, y)),
        (y_inf, inf_case),
        (x_inf, xinf_case),
        (x_zero, xzero_case),
    ], general)
    earlier = _or(y_zero, x_nan, y_nan, y_inf, x_inf)  # cases CPython tests first
    regular = _not(_or(earlier, x_zero))
    errors = [(_and(_not(earlier), x_zero, y_neg), "ZeroDivisionError", MSG_ZERO_NEG_POW)]
    if can_complex:
        errors.append((_and(regular, x_neg, non_integral), "ValueError", MSG_COMPLEX_POW))
    if can_overflow:
        errors.append((_and(regular, _fcmp_raw("une", ax, one), p_inf),
                       "OverflowError", MSG_POW_RANGE))
    return _errors(raise_code, errors), value


def float_pow(a: ir.Value, b: ir.Value, raise_code: RaiseCode):
    """Python ``a ** b`` on floats (CPython ``float_pow``): ``x**0 == 1`` even
    for NaN, ``1**y == 1`` even for NaN, the inf/zero special cases with their
    signs; ZeroDivisionError for ``0.0 ** negative``; ValueError for a negative
    base with a non-integral exponent (CPython returns a complex there);
    OverflowError ``"(34, 'Numerical result out of range')"`` when finite
    operands overflow to inf. Underflow quietly gives 0.0 as in CPython."""
    return _float_pow(a, b, raise_code)


# --------------------------------------------------------------------------
# conversions and mixed comparisons
# --------------------------------------------------------------------------

def int_to_float(a: ir.Value) -> ir.Value:
    """Python ``float(a)`` for an int (round half to even, exact below 2**53).
    Uses ``vm.cast.si64.f64`` (immune to the sitofp/extsi canonicalizer trap).
    The result goes through a barrier: a constant int (``1 - 1``) would
    otherwise fold to a bare float constant and re-expose the VM's float
    folding traps (``0.0 * inf``)."""
    return _barrier(_vm_si64_to_f64(a))


def bool_to_int(b: ir.Value) -> ir.Value:
    """Python ``int(b)`` for a bool (i1 -> 0 / 1 as i64)."""
    return arith.extui(i64_type(), b)


def float_to_int(x: ir.Value, raise_code: RaiseCode):
    """Python ``int(x)`` for a float: truncation toward zero. ValueError for
    NaN, OverflowError for ±inf and for finite values outside i64 (pydm's
    64-bit int)."""
    x = _fguard(x)
    zero = float_const(0.0)
    t = _sel(_fcmp_raw("olt", x, zero), math.ceil(x), math.floor(x))
    in_range = _and(_fcmp_raw("ole", float_const(-(2.0**63)), t),
                    _fcmp_raw("olt", t, float_const(2.0**63)))
    value = _vm_f64_to_si64(_sel(in_range, t, zero))  # integral: the cast is exact
    err = _errors(raise_code, [
        (float_isnan(x), "ValueError", MSG_FLOAT_NAN_TO_INT),
        (_isinf(x), "OverflowError", MSG_FLOAT_INF_TO_INT),
        (_not(in_range), "OverflowError", MSG_FLOAT_TOO_LARGE),
    ])
    return err, value


def int_float_cmp(pred: str, i: ir.Value, f: ir.Value) -> ir.Value:
    """Python ``i <pred> f`` for an int and a float, exact like CPython's
    ``float_richcompare`` (no rounding of ``i``: ``2**53 + 1 == 2.0**53`` is
    False); every comparison with NaN is False except ``!=``."""
    _check_pred(pred)
    f = _fguard(f)
    c0 = int_const(0)
    nan = float_isnan(f)
    big = _fcmp_raw("ole", float_const(2.0**63), f)      # f >= 2**63 (incl. +inf)
    small = _fcmp_raw("olt", f, float_const(-(2.0**63)))  # f < -2**63 (incl. -inf)
    mid = _not(_or(nan, big, small))
    fl = math.floor(f)
    fi = _vm_f64_to_si64(_sel(mid, fl, float_const(0.0)))  # exact for integral fl
    frac = _fcmp_raw("ogt", f, fl)
    one, m1 = int_const(1), int_const(-1)
    c = _first([
        (big, m1),
        (small, one),
        (_icmp("slt", i, fi), m1),
        (_icmp("sgt", i, fi), one),
        (frac, m1),  # i == floor(f) < f
    ], c0)
    ordered = _not(nan)
    if pred == "ne":
        return _or(nan, _icmp("ne", c, c0))
    return _and(ordered, _icmp(_INT_PRED[pred], c, c0))


def float_int_cmp(pred: str, f: ir.Value, i: ir.Value) -> ir.Value:
    """Python ``f <pred> i`` for a float and an int (see :func:`int_float_cmp`)."""
    _check_pred(pred)
    return int_float_cmp(_SWAPPED[pred], i, f)
