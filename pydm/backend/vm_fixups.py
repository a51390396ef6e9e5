"""Fix-ups on VM dialect IR for VM bytecode bugs (run right before emission).

``vm.cond_br %c, ^bb(%a...), ^bb(%b...)`` — both successors the same block
with different operands — executes wrongly in IREE 3.13's VM: the condition
is ignored (found by pydm: a possibly-unbound local read after a loop returned
the value instead of raising). MLIR's block merging creates this shape
whenever two blocks differ only in operands (e.g. a success return and an
error return). This rewrite turns it into ``vm.select.*`` per differing
operand and an unconditional ``vm.br``.
"""
from __future__ import annotations

from iree.compiler import ir

_SELECT = {"i32": "vm.select.i32", "i64": "vm.select.i64", "f32": "vm.select.f32", "f64": "vm.select.f64"}


def fix_same_successor_cond_br(module: ir.Module) -> int:
    """Rewrite every same-successor ``vm.cond_br``; return how many were fixed."""
    found = []

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if op.name == "vm.cond_br":
            succ = op.successors
            if succ[0] == succ[1]:
                found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    for op in found:
        seg = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
        operands = list(op.operands)
        cond = operands[0]
        n_true = seg[1]
        true_args, false_args = operands[1:1 + n_true], operands[1 + n_true:]
        dest = op.successors[0]
        with op.location, ir.InsertionPoint(op):
            merged = []
            for a, b in zip(true_args, false_args):
                if a == b:
                    merged.append(a)
                    continue
                t = str(a.type)
                name = _SELECT.get(t, "vm.select.ref")
                sel = ir.Operation.create(name, results=[a.type], operands=[cond, a, b])
                merged.append(sel.result)
            ir.Operation.create("vm.br", operands=merged, successors=[dest])
        op.erase()
    return len(found)


def widen_i32_block_arguments(module: ir.Module) -> int:
    """Make every i32 block argument an i64 (extend at each branch, truncate on entry).

    IREE 3.13's VM mis-executes branches that pass an i32 and an i64 operand
    to block arguments (found by pydm: ``vm.br ^bb(%i32, %i64)`` delivered a
    stale i32; the same values in the order (i64, i32) arrived intact). With
    all integer block arguments 64-bit the register moves are uniform.
    """
    i32 = ir.IntegerType.get_signless(32)
    i64 = ir.IntegerType.get_signless(64)
    funcs = []

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if op.name == "vm.func":
            funcs.append(op)
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    count = 0
    for fop in funcs:
        blocks = list(fop.regions[0].blocks)
        # predecessor edges: (terminator, operand index, block, arg index)
        edges: dict = {}
        for block in blocks:
            ops = list(block.operations)
            if not ops:
                continue
            term = ops[-1].operation
            succs = list(term.successors)
            if not succs:
                continue
            operands = list(term.operands)
            if term.name == "vm.br":
                groups = [(succs[0], 0, len(operands))]
            elif term.name == "vm.cond_br":
                seg = ir.DenseI32ArrayAttr(term.attributes["operandSegmentSizes"])
                groups = [(succs[0], 1, seg[1]), (succs[1], 1 + seg[1], seg[2])]
            else:
                continue
            for dest, start, n in groups:
                for j in range(n):
                    edges.setdefault(dest, []).append((term, start + j, j))
        for block in blocks[1:]:
            args = list(block.arguments)
            targets = [a for a in args if a.type == i32]
            if not targets:
                continue
            for arg in targets:
                idx = arg.arg_number
                arg.set_type(i64)
                first = list(block.operations)[0]
                with first.location, ir.InsertionPoint(first):
                    narrow = ir.Operation.create("vm.trunc.i64.i32", results=[i32], operands=[arg])
                arg.replace_all_uses_except(narrow.result, narrow)
                for term, operand_index, arg_index in edges.get(block, []):
                    if arg_index != idx:
                        continue
                    value = term.operands[operand_index]
                    with term.location, ir.InsertionPoint(term):
                        wide = ir.Operation.create("vm.ext.i32.i64.u", results=[i64], operands=[value])
                    term.operands[operand_index] = wide.result
                count += 1
    return count
