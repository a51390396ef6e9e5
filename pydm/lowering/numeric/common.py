"""Types, constants, CPython's messages and the small building blocks shared by
the int and float helpers (see the package docstring for the contract)."""

from __future__ import annotations

import math as _pymath
from typing import Callable

from iree.compiler import ir
from iree.compiler.dialects import arith

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
