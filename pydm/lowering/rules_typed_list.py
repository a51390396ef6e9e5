"""Typed list storage: a ``list<integer>``, ``list<real>`` or ``list<bool>``
is a VM list with **one i64 slot per element** (an int itself, a float's IEEE
bits, a bool 0/1) and no type codes (``pydm/representation.py``).

The sequence ops (``tuple_get``, ``tuple_len``, ``seq_new``, ``seq_set``,
``seq_resize``, ``list_set``: ``rules_tuple.py``) ask :func:`typed_element`
and build on these helpers for such a list; ``list_box`` and ``list_unbox``
convert between the two layouts (one loop, a new list each).
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, scf, util

from .. import dialect as d
from .. import representation as rep
from ..types import ListType, PyType
from .driver import rule

T = PyType


def _index(v: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), v)


def _i64() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def typed_element(t) -> PyType | None:
    """The element type of a list in typed storage (None: another layout)."""
    if isinstance(t, ListType) and t.elt in rep.TYPED_LIST_ELEMENTS:
        return t.elt
    return None


def new_typed(n) -> ir.Value:
    """A typed list of ``n`` (an index) slots, each set before it is read: a
    VM list of i64 storage, as a str's (``rules_str.new_str``; every slot of a
    typed list is an i64), a third of a variant list's memory and writes."""
    from .rules_str import new_str
    return new_str(n)


def length(seq) -> ir.Value:
    """The number of elements, as an index."""
    return util.ListSizeOp(seq, results=[ir.IndexType.get()]).result


def bits_of(value, elt: PyType) -> ir.Value:
    """The slot (i64) that holds ``value``, of static type ``elt``."""
    if elt is T.FLOAT:
        return arith.bitcast(_i64(), value)
    if elt is T.BOOL:
        return arith.extui(_i64(), value)
    return value


def from_bits(bits, elt: PyType) -> ir.Value:
    if elt is T.FLOAT:
        return arith.bitcast(ir.F64Type.get(), bits)
    if elt is T.BOOL:
        return arith.cmpi(arith.CmpIPredicate.ne, bits, arith.constant(_i64(), 0))
    return bits


def get(seq, k, elt: PyType) -> ir.Value:
    """Element ``k`` (an index in range)."""
    return from_bits(util.ListGetOp(_i64(), seq, k).result, elt)


def put(seq, k, value, elt: PyType) -> None:
    util.ListSetOp(seq, k, bits_of(value, elt))


@rule(d.LIST_BOX)
def lower_list_box(ctx, op, operands):
    """A new ``list<object>``: per element its type code, then the same bits."""
    from .rules_tuple import new_sequence
    (xs,) = operands
    code = arith.constant(_i64(), rep.type_code(typed_element(ctx.operand_type(op, 0))))
    n = length(xs)
    out = new_sequence(n)
    loop = scf.ForOp(_index(0), n, _index(1))
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        base = arith.muli(i, _index(2))
        util.ListSetOp(out, base, code)
        util.ListSetOp(out, arith.addi(base, _index(1)), util.ListGetOp(_i64(), xs, i).result)
        scf.YieldOp([])
    return [out]


@rule(d.LIST_UNBOX)
def lower_list_unbox(ctx, op, operands):
    """A new typed list of the payloads of a ``list<object>`` whose elements
    all have the element type (the frontend made sure: ``[v] * n``)."""
    (xs,) = operands
    n = arith.shrui(util.ListSizeOp(xs).result, _index(1))
    out = new_typed(n)
    _copy_payloads(xs, out, n)
    return [out]


@rule(d.LIST_REFILL)
def lower_list_refill(ctx, op, operands):
    """Typed list ``out`` := the payloads of ``xs`` (its own VM list, resized)."""
    out, xs = operands
    n = arith.shrui(util.ListSizeOp(xs).result, _index(1))
    util.ListResizeOp(out, n)
    _copy_payloads(xs, out, n)
    return []


def _copy_payloads(xs, out, n) -> None:
    loop = scf.ForOp(_index(0), n, _index(1))
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        payload = arith.addi(arith.muli(i, _index(2)), _index(1))
        util.ListSetOp(out, i, util.ListGetOp(_i64(), xs, payload).result)
        scf.YieldOp([])


@rule(d.LIST_FLIP)
def lower_list_flip(ctx, op, operands):
    """``xs[:stop] = xs[first::-1]`` (fannkuch's flip): CPython's clipped bounds
    (the source ``xs[0..count)`` reversed, the target ``xs[0..hi)``); when
    ``count == hi`` that is the prefix reversed in place, pairs swapped, and
    the result is true; otherwise false and nothing moved (the frontend copies
    the source and assigns it). ``f + n`` and ``s + n`` are taken only for a
    negative bound and ``min(f, n - 1) + 1`` is at most ``n``: no overflow."""
    xs, first, stop = operands
    i64 = _i64()
    n = arith.index_cast(i64, length(xs))
    zero, one = arith.constant(i64, 0), arith.constant(i64, 1)
    lt = arith.CmpIPredicate.slt
    f = arith.select(arith.cmpi(lt, first, zero), arith.addi(first, n), first)
    count = arith.maxsi(arith.addi(arith.minsi(f, arith.subi(n, one)), one), zero)
    s = arith.select(arith.cmpi(lt, stop, zero), arith.addi(stop, n), stop)
    hi = arith.minsi(arith.maxsi(s, zero), n)
    same = arith.cmpi(arith.CmpIPredicate.eq, count, hi)
    guard = scf.IfOp(same, [], has_else=False)
    with ir.InsertionPoint(guard.then_block):
        last = arith.index_cast(ir.IndexType.get(), arith.subi(count, one))
        half = arith.index_cast(ir.IndexType.get(), arith.shrui(count, one))
        loop = scf.ForOp(_index(0), half, _index(1))
        with ir.InsertionPoint(loop.body):
            i = loop.induction_variable
            j = arith.subi(last, i)
            a = util.ListGetOp(i64, xs, i).result
            util.ListSetOp(xs, i, util.ListGetOp(i64, xs, j).result)
            util.ListSetOp(xs, j, a)
            scf.YieldOp([])
        scf.YieldOp([])
    return [same]


@rule(d.LIST_SLICE)
def lower_list_slice(ctx, op, operands):
    """``xs[start:stop]`` of a typed list (step 1): the bounds clipped as
    CPython's PySlice_AdjustIndices does (``b + n`` only for a negative ``b``),
    the slots between them copied into a new list, inline: a short slice
    (``perm1[:]``) costs a loop of a few ops per slot instead of a library call."""
    xs, start, stop = operands
    i64 = _i64()
    n = arith.index_cast(i64, length(xs))
    zero = arith.constant(i64, 0)
    lt = arith.CmpIPredicate.slt
    lo, hi = (arith.minsi(arith.maxsi(arith.select(arith.cmpi(lt, b, zero), arith.addi(b, n), b), zero), n)
              for b in (start, stop))
    count = arith.index_cast(ir.IndexType.get(), arith.maxsi(arith.subi(hi, lo), zero))
    first = arith.index_cast(ir.IndexType.get(), lo)
    out = new_typed(count)
    loop = scf.ForOp(_index(0), count, _index(1))
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        util.ListSetOp(out, i, util.ListGetOp(i64, xs, arith.addi(first, i)).result)
        scf.YieldOp([])
    return [out]
