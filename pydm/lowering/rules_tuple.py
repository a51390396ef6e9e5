"""Lowering rules for tuples and lists: heap sequences of dynamic values.

A tuple of n elements is a VM list of 3n slots; element i is the dynamic
value (code, bits, ref) in slots 3i, 3i+1, 3i+2 (``pydm/representation.py``).
An element of a statically known type is written with its constant type
code and read with one ``util.list.get``; an ``object`` element (after
split-objects: three values) with three. A list has the same layout; it is
mutated in place (``list_set``, ``seq_resize``), so every alias sees it.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, scf, util

from .. import dialect as d
from .. import representation as rep
from ..types import PyType
from .driver import rule
from .rules_object import _i32, dyn_parts_of, list_type

T = PyType
SLOTS = rep.SLOTS_PER_ELEMENT


def _index(v: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), v)


def new_sequence(n) -> ir.Value:
    """A list for ``n`` (an index) elements, sized."""
    size = arith.muli(n, _index(SLOTS))
    seq = util.ListCreateOp(list_type(), initial_capacity=size).result
    util.ListResizeOp(seq, size)
    return seq


def set_element(seq, i, parts) -> None:
    """Element ``i`` (an index) := the dynamic value ``parts`` (code, bits, ref);
    a null ref is left unset (an empty slot reads as null)."""
    base = arith.muli(i, _index(SLOTS))
    code, bits, ref = parts
    util.ListSetOp(seq, base, code)
    util.ListSetOp(seq, arith.addi(base, _index(1)), bits)
    if ref.owner is None or getattr(ref.owner, "name", "") != "util.null":
        util.ListSetOp(seq, arith.addi(base, _index(2)), ref)


def get_element(seq, i, want: PyType | None):
    """Element ``i`` (an index) as static type ``want`` (None: the dynamic value's three parts)."""
    i64 = ir.IntegerType.get_signless(64)
    base = arith.muli(i, _index(SLOTS))
    if want is None:
        return [util.ListGetOp(i64, seq, base).result,
                util.ListGetOp(i64, seq, arith.addi(base, _index(1))).result,
                util.ListGetOp(list_type(), seq, arith.addi(base, _index(2))).result]
    if want in (T.NONE, T.BOTTOM):
        return _i32(0)
    if rep.is_heap(want):
        return util.ListGetOp(list_type(), seq, arith.addi(base, _index(2))).result
    bits = util.ListGetOp(i64, seq, arith.addi(base, _index(1))).result
    if want is T.INT:
        return bits
    if want is T.FLOAT:
        return arith.bitcast(ir.F64Type.get(), bits)
    if want is T.BOOL:
        return arith.cmpi(arith.CmpIPredicate.ne, bits, arith.constant(i64, 0))
    raise NotImplementedError(f"tuple element as {want.value}")


def length(seq) -> ir.Value:
    """The number of elements, as an index."""
    return arith.divui(util.ListSizeOp(seq).result, _index(SLOTS))


def _element_parts(ctx, op, operands, elts):
    """Each element's (code, bits, ref), walking the (maybe split) operands."""
    i = 0
    for t in elts:
        if t is T.OBJECT:
            yield tuple(operands[i:i + 3])
            i += 3
        elif t is T.SCALAR_OBJECT:  # (code, bits): its heap ref is null
            yield (operands[i], operands[i + 1], util.NullOp(list_type()).result)
            i += 2
        else:
            yield tuple(dyn_parts_of(t, operands[i]))
            i += 1


@rule(d.MAKE_TUPLE)
def lower_make_tuple(ctx, op, operands):
    t = ctx.result_type(op, 0)
    seq = new_sequence(_index(len(t.elts)))
    for k, parts in enumerate(_element_parts(ctx, op, operands, t.elts)):
        set_element(seq, _index(k), parts)
    return [seq]


@rule(d.TUPLE_LEN)
def lower_tuple_len(ctx, op, operands):
    return [arith.index_cast(ir.IntegerType.get_signless(64), length(operands[0]))]


@rule(d.TUPLE_GET)
def lower_tuple_get(ctx, op, operands):
    seq, i = operands
    parts = len(op.results) - 1  # an object element, split into three (or two) values
    dynamic = parts > 1
    want = None if dynamic else ctx.result_type(op, 1)
    index_t = ir.IndexType.get()
    if "in_range" in op.attributes:
        exc = _i32(0)
        k = arith.index_cast(index_t, i)
    else:
        # CPython's index rules: negative counts from the end; then 0 <= k < n
        i64 = ir.IntegerType.get_signless(64)
        n = arith.index_cast(i64, length(seq))
        zero = arith.constant(i64, 0)
        k64 = arith.select(arith.cmpi(arith.CmpIPredicate.slt, i, zero), arith.addi(i, n), i)
        bad = arith.ori(arith.cmpi(arith.CmpIPredicate.slt, k64, zero), arith.cmpi(arith.CmpIPredicate.sge, k64, n))
        bad = util.OptimizationBarrierOp([bad.type], [bad]).results[0]
        what = ctx.operand_type(op, 0).python_name  # tuple or list
        exc = arith.select(bad, _i32(ctx.raise_code("IndexError", f"{what} index out of range")), _i32(0))
        k = arith.index_cast(index_t, arith.select(bad, zero, k64))  # never read out of bounds
        # read only in range (an empty tuple has no element to clamp to)
        guard = scf.IfOp(bad, _result_types(parts, want), has_else=True)
        with ir.InsertionPoint(guard.then_block):
            scf.YieldOp(_placeholders(parts, want))
        with ir.InsertionPoint(guard.else_block):
            got = get_element(seq, k, want)
            scf.YieldOp(got[:parts] if dynamic else [got])
        return [exc, *guard.results]
    got = get_element(seq, k, want)
    return [exc, *(got[:parts] if dynamic else [got])]


def _result_types(parts: int, want):
    from .driver import lowered_type
    i64 = ir.IntegerType.get_signless(64)
    if parts > 1:
        return [i64, i64, list_type()][:parts]
    return [lowered_type(d.ir_type(want))]


def _placeholders(parts: int, want):
    from .rules_scalar import zero_of
    if parts > 1:
        i64 = ir.IntegerType.get_signless(64)
        return [arith.constant(i64, 0), arith.constant(i64, 0), util.NullOp(list_type()).result][:parts]
    return [zero_of(want)]


@rule(d.SEQ_NEW)
def lower_seq_new(ctx, op, operands):
    n = arith.index_cast(ir.IndexType.get(), operands[0])
    return [new_sequence(n)]


def _value_parts(ctx, op, rest, position: int):
    """The (code, bits, ref) of a value operand (split into 3 or 2 parts, or typed)."""
    if len(rest) == 3:
        return tuple(rest)
    if len(rest) == 2:  # an object<scalar>: its heap ref is null
        return (rest[0], rest[1], util.NullOp(list_type()).result)
    return tuple(dyn_parts_of(ctx.operand_type(op, position), rest[0]))


def _store(seq, i, parts) -> None:
    """Element ``i`` (an index) := ``parts``, overwriting all three slots
    (an earlier element's reference must not survive)."""
    base = arith.muli(i, _index(SLOTS))
    code, bits, ref = parts
    util.ListSetOp(seq, base, code)
    util.ListSetOp(seq, arith.addi(base, _index(1)), bits)
    util.ListSetOp(seq, arith.addi(base, _index(2)), ref)


@rule(d.SEQ_SET)
def lower_seq_set(ctx, op, operands):
    seq, i = operands[0], arith.index_cast(ir.IndexType.get(), operands[1])
    _store(seq, i, _value_parts(ctx, op, operands[2:], 2))
    return []


@rule(d.SEQ_RESIZE)
def lower_seq_resize(ctx, op, operands):
    seq, n = operands
    util.ListResizeOp(seq, arith.muli(arith.index_cast(ir.IndexType.get(), n), _index(SLOTS)))
    return []


@rule(d.LIST_SET)
def lower_list_set(ctx, op, operands):
    """``xs[i] = v``: CPython's index rules (negative counts from the end), then
    a store, or IndexError and no store."""
    seq, i = operands[0], operands[1]
    parts = _value_parts(ctx, op, operands[2:], 2)
    i64 = ir.IntegerType.get_signless(64)
    n = arith.index_cast(i64, length(seq))
    zero = arith.constant(i64, 0)
    k64 = arith.select(arith.cmpi(arith.CmpIPredicate.slt, i, zero), arith.addi(i, n), i)
    bad = arith.ori(arith.cmpi(arith.CmpIPredicate.slt, k64, zero), arith.cmpi(arith.CmpIPredicate.sge, k64, n))
    exc = arith.select(bad, _i32(ctx.raise_code("IndexError", "list assignment index out of range")), _i32(0))
    guard = scf.IfOp(bad, [], has_else=True)
    with ir.InsertionPoint(guard.then_block):
        scf.YieldOp([])
    with ir.InsertionPoint(guard.else_block):
        _store(seq, arith.index_cast(ir.IndexType.get(), k64), parts)
        scf.YieldOp([])
    return [exc]
