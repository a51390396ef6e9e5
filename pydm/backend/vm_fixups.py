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


def _walk_funcs(module: ir.Module) -> list:
    """The ``vm.func`` ops of the module's ``vm.module``s (a walk of the top
    levels only: a full walk visits every op of every function)."""
    funcs = []
    for op in module.body.operations:
        op = op.operation
        if op.name == "vm.module":
            funcs += [f.operation for f in op.regions[0].blocks[0].operations
                      if f.operation.name == "vm.func"]
    return funcs


def _edge_ranges(term) -> list[tuple[int, int]]:
    seg = ir.DenseI32ArrayAttr(term.attributes["operandSegmentSizes"])
    return [(1, 1 + seg[1]), (1 + seg[1], 1 + seg[1] + seg[2])]


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
        operands = list(op.operands)
        cond = operands[0]
        (t0, t1), (f0, f1) = _edge_ranges(op)
        true_args, false_args = operands[t0:t1], operands[f0:f1]
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


def _int_const(value) -> int | None:
    """The value of an ``i32``/``i64`` ``vm.const``, else None."""
    op = _owner_op(value)
    if op is None:
        return None
    if op.name in ("vm.const.i32.zero", "vm.const.i64.zero"):
        return 0
    if op.name in ("vm.const.i32", "vm.const.i64"):
        return ir.IntegerAttr(op.attributes["value"]).value
    return None


def _successor_edges(term) -> list[tuple]:
    """[(successor, operands)] of a ``vm.br`` / ``vm.cond_br``."""
    operands = list(term.operands)
    if term.name == "vm.br":
        return [(term.successors[0], operands)]
    return [(dest, operands[lo:hi]) for dest, (lo, hi) in zip(term.successors, _edge_ranges(term))]


def _rebuild_branch(term, edges) -> None:
    """Replace ``term`` by the same kind of branch with ``edges`` [(dest, operands)]."""
    with term.location, ir.InsertionPoint(term):
        if term.name == "vm.br":
            (dest, ops), = edges
            ir.Operation.create("vm.br", operands=ops, successors=[dest])
        else:
            (d0, o0), (d1, o1) = edges
            ir.Operation.create(
                "vm.cond_br", operands=[term.operands[0], *o0, *o1], successors=[d0, d1],
                attributes={"operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, len(o0), len(o1)])})
    term.erase()


def thread_constant_conditions(module: ir.Module) -> int:
    """Jump over a block that only tests its one argument, on the edges that pass
    it a constant.

    ``scf.if`` yielding an error code (``int_mul``'s fast path: no overflow
    possible, code 0) becomes ``cond_br %fast, ^merge(%c0), ^slow`` and
    ``^merge(%code): cond_br %code, ^raise(%code), ^next``: the fast path takes
    three branches. MLIR's canonicalizer does not thread jumps; this does:
    the edge passing 0 goes to ``^next`` directly (a nonzero constant to the
    raise path). Fewer ops on the hot path and fewer blocks, which is what the
    bytecode emitter's register allocation pays for (it scans every block's
    live-in set once per value). ``^merge`` keeps at least one predecessor
    (the Python bindings cannot erase a block, and an unreachable block would
    crash the register allocator). Returns the number of edges threaded."""
    threaded = 0
    for fop in _walk_funcs(module):
        blocks = list(fop.regions[0].blocks)
        preds: dict = {}
        for b in blocks:
            ops = list(b.operations)
            if not ops:
                continue
            term = ops[-1].operation
            if term.name in ("vm.br", "vm.cond_br"):
                for dest in term.successors:
                    preds.setdefault(dest, []).append(b)
        for b in blocks[1:]:
            args = list(b.arguments)
            if len(args) != 1:
                continue
            arg = args[0]
            ops = [o.operation for o in b.operations]
            term = ops[-1]
            if term.name != "vm.cond_br" or len(ops) > 2:
                continue
            cond = term.operands[0]
            if len(ops) == 2:
                nz = ops[0]
                if (nz.name != "vm.cmp.nz.i32" or nz.operands[0] != arg or cond != nz.result
                        or sum(1 for _ in nz.result.uses) != 1):
                    continue
            elif cond != arg:
                continue
            (t_dest, t_ops), (f_dest, f_ops) = _successor_edges(term)
            if b in (t_dest, f_dest):
                continue
            into = []  # (pred, edge index, constant passed or None)
            for p in dict.fromkeys(preds.get(b, [])):
                p_term = list(p.operations)[-1].operation
                for i, (dest, operands) in enumerate(_successor_edges(p_term)):
                    if dest == b:
                        into.append((p, i, _int_const(operands[0])))
            todo = [(p, i, k) for p, i, k in into if k is not None]
            if len(todo) == len(into):
                todo = todo[:-1]  # keep the block reachable
            by_pred: dict = {}
            for p, i, k in todo:
                by_pred.setdefault(p, []).append((i, k))
            for p, items in by_pred.items():
                p_term = list(p.operations)[-1].operation
                edges = _successor_edges(p_term)
                for i, k in items:
                    value = edges[i][1][0]
                    dest, operands = (t_dest, t_ops) if k != 0 else (f_dest, f_ops)
                    edges[i] = (dest, [value if v == arg else v for v in operands])
                    preds.setdefault(dest, []).append(p)
                    threaded += 1
                _rebuild_branch(p_term, edges)
    return threaded


def widen_i32_block_arguments(module: ir.Module) -> int:
    """Make every i32 block argument an i64 (extend at each branch, truncate on entry).

    IREE 3.13's VM mis-executes branches that pass an i32 and an i64 operand
    to block arguments (found by pydm: ``vm.br ^bb(%i32, %i64)`` delivered a
    stale i32; the same values in the order (i64, i32) arrived intact). With
    all integer block arguments 64-bit the register moves are uniform.
    """
    i32 = ir.IntegerType.get_signless(32)
    i64 = ir.IntegerType.get_signless(64)
    count = 0
    for fop in _walk_funcs(module):
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
                groups = [(dest, lo, hi - lo) for dest, (lo, hi) in zip(succs, _edge_ranges(term))]
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


# ---- hot-path peepholes ---------------------------------------------------------------
# Every checked operation ends in ``vm.cond_br %failed, ^raise(%code), ^next``.
# MLIR leaves two costs on the success path that the VM pays on every run:
# the code is tested as ``vm.cmp.nz(vm.select(%c, K, 0))`` rather than ``%c``,
# and the ops computing ``%code`` run before the branch although only the
# raise edge reads them. These two rewrites remove both (run after the last
# canonicalize, so nothing re-merges them).

_PURE_PREFIXES = ("vm.select.", "vm.ext.", "vm.trunc.", "vm.and.", "vm.or.", "vm.xor.",
                  "vm.const.", "vm.cmp.")


def _const_i32(value) -> int | None:
    owner = value.owner
    if not isinstance(owner, ir.Operation):
        owner = getattr(owner, "operation", None)
        if owner is None or not hasattr(owner, "name"):
            return None
    if owner.name == "vm.const.i32.zero":
        return 0
    if owner.name == "vm.const.i32":
        return ir.IntegerAttr(owner.attributes["value"]).value
    return None


def _owner_op(value):
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    return owner.operation if hasattr(owner, "operation") else owner


def branch_on_raw_conditions(module: ir.Module) -> int:
    """``vm.cond_br`` tests an i32 for nonzero itself: ``vm.cond_br
    (vm.cmp.nz.i32 %x)`` branches on ``%x`` (e.g. a callee's exception code),
    and ``%x = vm.select.i32 %c, K, 0`` with K != 0 is nonzero exactly when
    ``%c`` is: branch on ``%c``."""
    count = 0
    for fop in _walk_funcs(module):
        for block in fop.regions[0].blocks:
            ops = list(block.operations)
            if not ops:
                continue
            term = ops[-1].operation
            if term.name != "vm.cond_br":
                continue
            test = _owner_op(term.operands[0])
            if test is None or test.name != "vm.cmp.nz.i32":
                continue
            cond = test.operands[0]
            sel = _owner_op(cond)
            if sel is not None and sel.name == "vm.select.i32":
                k, zero = _const_i32(sel.operands[1]), _const_i32(sel.operands[2])
                if k is not None and k != 0 and zero == 0:
                    cond = sel.operands[0]
            term.operands[0] = cond
            if not any(True for _ in test.result.uses):
                test.erase()
            count += 1
    return count


def sink_into_edges(module: ir.Module) -> int:
    """Move pure ops whose results only feed one edge of a ``vm.cond_br``
    into a new block on that edge, so the other path never executes them."""
    moved = 0
    for fop in _walk_funcs(module):
        region = fop.regions[0]
        for block in list(region.blocks):
            ops = list(block.operations)
            if len(ops) < 2 or ops[-1].operation.name != "vm.cond_br":
                continue
            term = ops[-1].operation
            if term.successors[0] == term.successors[1]:
                continue
            for edge in (0, 1):
                lo, hi = _edge_ranges(term)[edge]  # of the current cond_br (rebuilt by a split)
                sunk = _sinkable(ops[:-1], term, lo, hi)
                if sunk:
                    term = _split_edge(region, term, edge, sunk)
                    ops = list(block.operations)
                    moved += len(sunk)
    return moved


def _sinkable(ops, term, lo, hi) -> list:
    """The ops (in program order) used only by operands ``lo:hi`` of ``term``
    or by other such ops."""
    chosen: set = set()
    chosen_ops = []
    for op in reversed(ops):
        op = op.operation
        if not op.name.startswith(_PURE_PREFIXES) or len(op.results) != 1:
            continue
        uses = list(op.result.uses)
        if not uses:
            continue
        ok = True
        for use in uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            if user == term:
                if not lo <= use.operand_number < hi:
                    ok = False
            elif user not in chosen:
                ok = False
            if not ok:
                break
        if ok:
            chosen.add(op)
            chosen_ops.append(op)
    chosen_ops.reverse()
    return chosen_ops


def _split_edge(region, term, edge: int, sunk: list):
    """Give ``term``'s ``edge`` a new block holding ``sunk`` and a ``vm.br``
    to the old successor; return the rebuilt ``vm.cond_br``."""
    ranges = _edge_ranges(term)
    operands = list(term.operands)
    dest = term.successors[edge]
    lo, hi = ranges[edge]
    new_block = region.blocks.append()
    with term.location:
        br = ir.Operation.create("vm.br", operands=operands[lo:hi],
                                 successors=[dest], ip=ir.InsertionPoint(new_block))
    for op in sunk:
        op.move_before(br)
    edges = [operands[a:b] for a, b in ranges]
    edges[edge] = []
    succs = list(term.successors)
    succs[edge] = new_block
    with term.location, ir.InsertionPoint(term):
        new = ir.Operation.create(
            "vm.cond_br", operands=[operands[0], *edges[0], *edges[1]], successors=succs,
            attributes={"operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, len(edges[0]), len(edges[1])])})
    term.erase()
    return new


# ---- constant placement -----------------------------------------------------------------
# The VM has no immediate operands: each ``vm.const.*`` is an op that runs, and
# MLIR hoists every constant to the entry block, so *every call* pays for every
# constant the function uses anywhere - its raise paths, its rare branches.
# Measured (pydm): a call whose entry block holds 200 constants costs ~380 ns
# instead of ~60 ns. ``place_constants`` moves each constant to the nearest
# block that dominates all its uses (never into a loop it was outside of).


def _cfg(region):
    blocks = list(region.blocks)
    succs: dict = {b: [] for b in blocks}
    for b in blocks:
        ops = list(b.operations)
        if ops:
            succs[b] = list(ops[-1].operation.successors)
    return blocks, succs


def _postorder(root, succs, seen: set, order: list) -> None:
    """Append the blocks reachable from ``root`` (not in ``seen``) in postorder."""
    seen.add(root)
    stack = [(root, iter(succs[root]))]
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            order.append(b)
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(succs[nxt])))


def _dominator_tree(blocks, succs):
    """Immediate dominators (iterative, in reverse postorder)."""
    entry = blocks[0]
    order: list = []
    _postorder(entry, succs, set(), order)
    order.reverse()
    index = {b: i for i, b in enumerate(order)}
    preds: dict = {b: [] for b in order}
    for b in order:
        for s in succs[b]:
            preds[s].append(b)
    idom = {entry: entry}

    def intersect(a, b):
        while a != b:
            while index[a] > index[b]:
                a = idom[a]
            while index[b] > index[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            done = [p for p in preds[b] if p in idom]
            new = done[0]
            for p in done[1:]:
                new = intersect(p, new)
            if b not in idom or idom[b] != new:
                idom[b] = new
                changed = True
    return idom, index, intersect


def _preorder(idom, index) -> dict:
    """Each reachable block's position in a depth-first preorder of the dominator tree."""
    children: dict = {}
    entry = None
    for b, d in idom.items():
        if b == d:
            entry = b
        else:
            children.setdefault(d, []).append(b)
    order: dict = {}
    stack = [entry]
    while stack:
        b = stack.pop()
        order[b] = len(order)
        stack += sorted(children.get(b, ()), key=index.__getitem__, reverse=True)
    return order


def _cyclic_blocks(blocks, succs) -> set:
    """Blocks that lie on a cycle: strongly connected components of more than
    one block, or with a self edge (Kosaraju: two depth-first passes)."""
    order: list = []
    seen: set = set()
    for root in blocks:
        if root not in seen:
            _postorder(root, succs, seen, order)
    preds: dict = {b: [] for b in blocks}
    for b in blocks:
        for x in succs[b]:
            preds[x].append(b)
    out, assigned = set(), set()
    for root in reversed(order):
        if root in assigned:
            continue
        component, work = [], [root]
        assigned.add(root)
        while work:
            b = work.pop()
            component.append(b)
            for p in preds[b]:
                if p not in assigned:
                    assigned.add(p)
                    work.append(p)
        if len(component) > 1 or root in succs[root]:
            out.update(component)
    return out


def place_constants(module: ir.Module) -> int:
    """Move entry-block constants to where they are needed; return how many moved."""
    moved = 0
    for fop in _walk_funcs(module):
        region = fop.regions[0]
        blocks, succs = _cfg(region)
        if len(blocks) < 2:
            continue
        entry = blocks[0]
        consts = [op.operation for op in entry.operations
                  if op.operation.name.startswith("vm.const.") and len(op.operation.results) == 1]
        if not consts:
            continue
        idom, index, intersect = _dominator_tree(blocks, succs)
        preorder = _preorder(idom, index)
        cyclic = _cyclic_blocks(blocks, succs)
        for const in consts:
            users = set()
            for use in const.result.uses:
                user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
                users.add(user.block)
            if not users or entry in users or any(u not in index for u in users):
                continue
            # the nearest common dominator of a set is that of its first and last
            # blocks in a preorder of the dominator tree (one walk, not one per user)
            home = intersect(min(users, key=preorder.__getitem__), max(users, key=preorder.__getitem__))
            while home != entry and home in cyclic:
                home = idom[home]
            if home == entry:
                continue
            const.move_before(next(iter(home.operations)))
            moved += 1
    return moved
