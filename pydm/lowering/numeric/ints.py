"""Python's int operations on i64: exact results or OverflowError, never a wrap."""

from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, math, scf

from .common import (
    INT64_MAX,
    INT64_MIN,
    MSG_INT_DIV_ZERO,
    MSG_INT_MOD_ZERO,
    MSG_NEG_SHIFT,
    MSG_TRUEDIV_ZERO,
    RaiseCode,
    _SQRT_MAX,
    _and,
    _check_pred,
    _checked_mul,
    _checked_mul_exact,
    _errors,
    _i2f_bits,
    _i32,
    _icmp,
    _mul_overflow,
    _not,
    _or,
    _outside,
    _sel,
    _vm_si64_to_f64,
    bool_const,
    const_int,
    f64_type,
    i1_type,
    i32_type,
    i64_type,
    int_const,
    overflow_message,
)

# --------------------------------------------------------------------------
# int
# --------------------------------------------------------------------------

def _add_overflow(a: ir.Value, b: ir.Value, r: ir.Value, known: str | None = None) -> ir.Value | None:
    ca, cb = const_int(a), const_int(b)
    if cb is not None:  # a + c fits exactly when MIN - c <= a <= MAX - c: one compare
        return _outside(a, INT64_MIN - cb, INT64_MAX - cb)
    if ca is not None:
        return _outside(b, INT64_MIN - ca, INT64_MAX - ca)
    if known is not None:  # one operand's sign is known: the sum can wrap one way only
        other = b if known[0] == "a" else a
        # x >= 0: a wrap goes past MAX, to below the other operand; x <= 0: above it
        return _icmp("slt" if known.endswith(">=0") else "sgt", r, other)
    # b >= 0: the sum wrapped exactly when r < a; b < 0: exactly when r >= a.
    return arith.xori(_icmp("slt", r, a), _icmp("slt", b, int_const(0)))


def _sub_overflow(a: ir.Value, b: ir.Value, r: ir.Value, known: str | None = None) -> ir.Value | None:
    ca, cb = const_int(a), const_int(b)
    if cb is not None:  # a - c fits exactly when MIN + c <= a <= MAX + c
        return _outside(a, INT64_MIN + cb, INT64_MAX + cb)
    if ca is not None:  # c - b fits exactly when c - MAX <= b <= c - MIN
        return _outside(b, ca - INT64_MAX, ca - INT64_MIN)
    if known in ("b>=0", "b<=0"):  # b >= 0 can only wrap below MIN, to above a; b <= 0 the other way
        return _icmp("sgt" if known == "b>=0" else "slt", r, a)
    # b > 0: the difference wrapped exactly when r > a; b <= 0: when r < a.
    return arith.xori(_icmp("slt", r, a), _icmp("sgt", b, int_const(0)))


def int_add(a: ir.Value, b: ir.Value, raise_code: RaiseCode, known: str | None = None):
    """Python ``a + b`` on ints; OverflowError when the exact sum leaves i64.

    ``known`` ("a>=0", "b<=0", ...): an operand whose sign int-ranges proved,
    so the check is one compare."""
    r = arith.addi(a, b)
    ovf = _add_overflow(a, b, r, known)
    return _errors(raise_code, [(ovf, "OverflowError", overflow_message("'+'"))]), r


def int_sub(a: ir.Value, b: ir.Value, raise_code: RaiseCode, known: str | None = None):
    """Python ``a - b`` on ints; OverflowError when the exact difference leaves i64
    (``known`` as for ``int_add``; only b's sign helps here)."""
    r = arith.subi(a, b)
    ovf = _sub_overflow(a, b, r, known)
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
