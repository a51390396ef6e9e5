"""Lowering rules for tuples and lists: heap sequences of dynamic values.

A tuple of n elements is a VM list of 2n slots: element i is its type code
in slot 2i and its payload in slot 2i+1 - the bits of a scalar (an i64) or
the reference of a heap value (``pydm/representation.py``). An element of a
statically known type is read with one ``util.list.get``; an ``object``
element (after split-objects: three values) reads the code and, by it, the
bits or the reference. A list has the same layout; it is
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
from . import rules_typed_list as typed

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


def is_heap_code(code) -> ir.Value:
    """i1: does a value with this type code live on the heap (its payload is a
    reference)? Heap codes are 2 ..< 0x40 (pydm/typecodes.py)."""
    i64 = ir.IntegerType.get_signless(64)
    return arith.cmpi(arith.CmpIPredicate.ult, arith.subi(code, arith.constant(i64, 2)),
                      arith.constant(i64, 0x40 - 2))


def store_parts(seq, i, parts, kind: str) -> None:
    """Element ``i`` (an index) := the dynamic value ``parts`` (code, bits, ref):
    the code, then the payload - the bits of a scalar or the reference of a
    heap value (``kind``: "scalar", "heap", or "dynamic" when only the code tells)."""
    base = arith.muli(i, _index(SLOTS))
    code, bits, ref = parts
    util.ListSetOp(seq, base, code)
    payload = arith.addi(base, _index(1))
    if kind == "scalar":
        util.ListSetOp(seq, payload, bits)
    elif kind == "heap":
        util.ListSetOp(seq, payload, ref)
    else:
        branch = scf.IfOp(is_heap_code(code), [], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            util.ListSetOp(seq, payload, ref)
            scf.YieldOp([])
        with ir.InsertionPoint(branch.else_block):
            util.ListSetOp(seq, payload, bits)
            scf.YieldOp([])


def set_element(seq, i, parts, kind: str = "dynamic") -> None:
    store_parts(seq, i, parts, kind)


def get_element(seq, i, want: PyType | None, scalar: bool = False):
    """Element ``i`` (an index) as static type ``want`` (None: the dynamic
    value's parts - (code, bits, ref), or (code, bits) when ``scalar``: the
    element is known to be no heap value)."""
    i64 = ir.IntegerType.get_signless(64)
    base = arith.muli(i, _index(SLOTS))
    payload = arith.addi(base, _index(1))
    if want is None:
        code = util.ListGetOp(i64, seq, base).result
        if scalar:
            return [code, util.ListGetOp(i64, seq, payload).result]
        branch = scf.IfOp(is_heap_code(code), [i64, list_type()], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            scf.YieldOp([arith.constant(i64, 0), util.ListGetOp(list_type(), seq, payload).result])
        with ir.InsertionPoint(branch.else_block):
            scf.YieldOp([util.ListGetOp(i64, seq, payload).result, util.NullOp(list_type()).result])
        return [code, branch.results[0], branch.results[1]]
    if want in (T.NONE, T.BOTTOM):
        return _i32(0)
    if rep.is_heap(want):
        return util.ListGetOp(list_type(), seq, payload).result
    bits = util.ListGetOp(i64, seq, payload).result
    if want is T.INT:
        return bits
    if want is T.FLOAT:
        return arith.bitcast(ir.F64Type.get(), bits)
    if want is T.BOOL:
        return arith.cmpi(arith.CmpIPredicate.ne, bits, arith.constant(i64, 0))
    raise NotImplementedError(f"tuple element as {want.value}")


def length(seq) -> ir.Value:
    """The number of elements, as an index."""
    return arith.shrui(util.ListSizeOp(seq).result, _index(1))  # SLOTS == 2


def _element_parts(ctx, op, operands, elts):
    """Each element's ((code, bits, ref), kind), walking the (maybe split) operands."""
    i = 0
    for t in elts:
        if t is T.OBJECT:
            yield tuple(operands[i:i + 3]), "dynamic"
            i += 3
        elif t is T.SCALAR_OBJECT:  # (code, bits): never a heap value
            yield (operands[i], operands[i + 1], None), "scalar"
            i += 2
        else:
            yield tuple(dyn_parts_of(t, operands[i])), _kind(t)
            i += 1


def _kind(t: PyType) -> str:
    return "heap" if rep.is_heap(t) else "scalar"


@rule(d.MAKE_TUPLE)
def lower_make_tuple(ctx, op, operands):
    t = ctx.result_type(op, 0)
    seq = new_sequence(_index(len(t.elts)))
    for k, (parts, kind) in enumerate(_element_parts(ctx, op, operands, t.elts)):
        set_element(seq, _index(k), parts, kind)
    return [seq]


@rule(d.TUPLE_LEN)
def lower_tuple_len(ctx, op, operands):
    typed_list = typed.typed_element(ctx.operand_type(op, 0)) is not None
    n = typed.length(operands[0]) if typed_list else length(operands[0])
    return [arith.index_cast(ir.IntegerType.get_signless(64), n)]


def _checked_index(op, i, size):
    """(k, bad) of CPython's index rules for index ``i`` of a sequence of
    ``size`` (index) elements: a negative ``i`` counts from the end (not for
    an index int-ranges proved >= 0: ``nonneg``); ``bad`` is ``k`` outside
    ``0 <= k < n``, one unsigned compare (a negative ``k`` is above every length)."""
    i64 = ir.IntegerType.get_signless(64)
    n = arith.index_cast(i64, size)
    if "nonneg" in op.attributes:
        k64 = i
    else:
        k64 = arith.select(arith.cmpi(arith.CmpIPredicate.slt, i, arith.constant(i64, 0)), arith.addi(i, n), i)
    return k64, arith.cmpi(arith.CmpIPredicate.uge, k64, n)


@rule(d.TUPLE_GET)
def lower_tuple_get(ctx, op, operands):
    seq, i = operands
    parts = len(op.results) - 1  # an object element, split into three (or two) values
    dynamic = parts > 1
    want = None if dynamic else ctx.result_type(op, 1)
    index_t = ir.IndexType.get()
    elt = typed.typed_element(ctx.operand_type(op, 0))
    if elt is not None:  # one slot per element: its length and read (want is elt)
        size, read = typed.length, lambda s, k, w, scalar: typed.get(s, k, elt)
    else:
        size, read = length, get_element
    if "in_range" in op.attributes:
        exc = _i32(0)
        k = arith.index_cast(index_t, i)
    else:
        k64, bad = _checked_index(op, i, size(seq))
        bad = util.OptimizationBarrierOp([bad.type], [bad]).results[0]
        what = ctx.operand_type(op, 0).python_name  # tuple or list
        exc = arith.select(bad, _i32(ctx.raise_code("IndexError", f"{what} index out of range")), _i32(0))
        k = arith.index_cast(index_t, k64)
        # read only in range (the read is in the guard's else: never out of bounds)
        guard = scf.IfOp(bad, _result_types(parts, want), has_else=True)
        with ir.InsertionPoint(guard.then_block):
            scf.YieldOp(_placeholders(parts, want))
        with ir.InsertionPoint(guard.else_block):
            got = read(seq, k, want, scalar=parts == 2)
            scf.YieldOp(got if dynamic else [got])
        return [exc, *guard.results]
    got = read(seq, k, want, scalar=parts == 2)
    return [exc, *(got if dynamic else [got])]


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
    if typed.typed_element(ctx.result_type(op, 0)) is not None:
        return [typed.new_typed(n)]
    return [new_sequence(n)]


def _value_parts(ctx, op, rest, position: int):
    """((code, bits, ref), kind) of a value operand (split into 3 or 2 parts, or typed)."""
    if len(rest) == 3:
        return tuple(rest), "dynamic"
    if len(rest) == 2:  # an object<scalar>: never a heap value
        return (rest[0], rest[1], None), "scalar"
    t = ctx.operand_type(op, position)
    return tuple(dyn_parts_of(t, rest[0])), _kind(t)


@rule(d.SEQ_SET)
def lower_seq_set(ctx, op, operands):
    seq, i = operands[0], arith.index_cast(ir.IndexType.get(), operands[1])
    elt = typed.typed_element(ctx.operand_type(op, 0))
    if elt is not None:  # the frontend stores only values of the element type
        typed.put(seq, i, operands[2], elt)
        return []
    store_parts(seq, i, *_value_parts(ctx, op, operands[2:], 2))
    return []


@rule(d.SEQ_RESIZE)
def lower_seq_resize(ctx, op, operands):
    seq, n = operands
    t = ctx.operand_type(op, 0)
    slots = 1 if t is T.STR or typed.typed_element(t) is not None else SLOTS  # (a str being made: one slot each)
    util.ListResizeOp(seq, arith.muli(arith.index_cast(ir.IndexType.get(), n), _index(slots)))
    return []


@rule(d.LIST_SET)
def lower_list_set(ctx, op, operands):
    """``xs[i] = v``: CPython's index rules (negative counts from the end), then
    a store, or IndexError and no store."""
    seq, i = operands[0], operands[1]
    elt = typed.typed_element(ctx.operand_type(op, 0))
    if elt is None:
        parts, kind = _value_parts(ctx, op, operands[2:], 2)
    k64, bad = _checked_index(op, i, typed.length(seq) if elt is not None else length(seq))
    exc = arith.select(bad, _i32(ctx.raise_code("IndexError", "list assignment index out of range")), _i32(0))
    guard = scf.IfOp(bad, [], has_else=True)
    with ir.InsertionPoint(guard.then_block):
        scf.YieldOp([])
    with ir.InsertionPoint(guard.else_block):
        k = arith.index_cast(ir.IndexType.get(), k64)
        if elt is not None:
            typed.put(seq, k, operands[2], elt)
        else:
            store_parts(seq, k, parts, kind)
        scf.YieldOp([])
    return [exc]
