"""Lowering rules for strings: a str is a VM list with one i64 slot per
codepoint (``pydm/representation.py``), so ``len`` is the list's size and a
codepoint one typed slot read. Everything else on strings (concatenation,
comparison, search) is the runtime library (``runtime_lib/strings.py``)
built on these four ops and the literal.

A str made here (``str_new``, literals) has **typed storage** (a VM list whose
element type is i64: 8 bytes a slot, no type tags; ``new_str``); one from the
host (``VmVariantList``) or a raise site's message (``lowering/support.py``)
has variant storage. The same ``vm.list.get.i64`` reads both, so no other op
needs to know which.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, scf, util

from .. import dialect as d
from .driver import rule
from .rules_object import list_type

#: a literal up to this long is stored slot by slot; a longer one is copied
#: in a loop from a constant buffer of its codepoints (smaller code)
MAX_UNROLLED = 8


def _index(v: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), v)


def _i64() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def new_str(n) -> ir.Value:
    """A list of ``n`` (an index) slots, with typed (i64) storage: a slot write
    costs a third of a variant slot's and the list a third of the memory.
    ``util.list.create`` makes a typed list only as ``!util.list<i64>``, which
    no util cast turns into the ``!util.list<?>`` every heap value is held as,
    so the list is made by VM ops and cast as the VM casts any ref (two ops;
    the second checks the ref is a list, which it is)."""
    i32 = ir.IntegerType.get_signless(32)
    typed = ir.Type.parse("!vm.list<i64>")
    cap = arith.index_cast(i32, n)
    lst = ir.Operation.create("vm.list.alloc", results=[typed], operands=[cap]).result
    ir.Operation.create("vm.list.resize", operands=[lst, cap])
    anyref = ir.Operation.create("vm.cast.ref.any", results=[ir.Type.parse("!vm.ref<?>")], operands=[lst]).result
    variant = ir.Operation.create("vm.cast.any.ref", results=[ir.Type.parse("!vm.list<?>")],
                                  operands=[anyref]).result
    return ir.Operation.create("builtin.unrealized_conversion_cast", results=[list_type()],
                               operands=[variant]).result


@rule(d.STR_LITERAL)
def lower_str_literal(ctx, op, operands):
    """A literal is built once per module instance and kept in a global (its
    own, shared by every literal of the same text): a str is immutable, and
    building one allocates a VM list. (The runtime library builds its own, as
    its lowered code is cached apart from any module.)"""
    codes = list(ir.DenseI64ArrayAttr(op.attributes["value"]))
    if ctx.in_runtime_library(op):
        return [_build_literal(codes)]
    name = ctx.ref_global(("str", tuple(codes)))
    kept = util.GlobalLoadOp(list_type(), name).result
    missing = util.CmpEQOp(kept, util.NullOp(list_type()).result).result
    branch = scf.IfOp(missing, [list_type()], has_else=True)
    with ir.InsertionPoint(branch.then_block):
        s = _build_literal(codes)
        util.GlobalStoreOp(s, name)
        scf.YieldOp([s])
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp([kept])
    return [branch.results[0]]


def _build_literal(codes: list) -> ir.Value:
    s = new_str(_index(len(codes)))
    if len(codes) <= MAX_UNROLLED:
        for k, c in enumerate(codes):
            util.ListSetOp(s, _index(k), arith.constant(_i64(), c))
        return s
    i32 = ir.IntegerType.get_signless(32)
    data = ir.Attribute.parse(f"dense<[{', '.join(map(str, codes))}]> : tensor<{len(codes)}xi32>")
    table = util.BufferConstantOp(data, results=[ir.Type.parse("!util.buffer")]).result
    size = util.BufferSizeOp(table, results=[ir.IndexType.get()]).result
    loop = scf.ForOp(_index(0), _index(len(codes)), _index(1))
    with ir.InsertionPoint(loop.body):
        i = loop.induction_variable
        offset = arith.muli(i, _index(4))
        c = util.BufferLoadOp(i32, table, size, offset, _index(4)).result
        util.ListSetOp(s, i, arith.extui(_i64(), c))
        scf.YieldOp([])
    return s


@rule(d.STR_NEW)
def lower_str_new(ctx, op, operands):
    return [new_str(arith.index_cast(ir.IndexType.get(), operands[0]))]


@rule(d.STR_SET)
def lower_str_set(ctx, op, operands):
    s, i, c = operands
    util.ListSetOp(s, arith.index_cast(ir.IndexType.get(), i), c)
    return []


@rule(d.STR_LEN)
def lower_str_len(ctx, op, operands):
    size = util.ListSizeOp(operands[0], results=[ir.IndexType.get()]).result
    return [arith.index_cast(_i64(), size)]


@rule(d.STR_CODE)
def lower_str_code(ctx, op, operands):
    s, i = operands
    return [util.ListGetOp(_i64(), s, arith.index_cast(ir.IndexType.get(), i)).result]
