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

    A value that only passes through a block (an error code and site handed
    on from one raise edge to the next, a loop-carried bool) would be
    truncated on entry and extended again at the branch out: the edge passes
    the widened argument itself instead (its high half is zero: every value
    reaching it is an ``ext.i32.i64.u`` or such an argument), and a
    truncation left without uses is erased. The round trip was ~20% of the
    VM ops of large generic functions (compile time, issue 7).
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
        widened = []  # (block, arg, its truncation)
        wide_of: dict = {}  # a truncation's result -> the widened argument it narrows
        for block in blocks[1:]:
            for arg in list(block.arguments):
                if arg.type != i32:
                    continue
                arg.set_type(i64)
                first = list(block.operations)[0]
                with first.location, ir.InsertionPoint(first):
                    narrow = ir.Operation.create("vm.trunc.i64.i32", results=[i32], operands=[arg])
                arg.replace_all_uses_except(narrow.result, narrow)
                widened.append((block, arg, narrow))
                wide_of[narrow.result] = arg
                count += 1
        for block, arg, _ in widened:
            for term, operand_index, arg_index in edges.get(block, []):
                if arg_index != arg.arg_number:
                    continue
                value = term.operands[operand_index]
                wide = wide_of.get(value)
                if wide is None:
                    with term.location, ir.InsertionPoint(term):
                        wide = ir.Operation.create("vm.ext.i32.i64.u", results=[i64], operands=[value]).result
                term.operands[operand_index] = wide
        for _, _, narrow in widened:
            if not any(True for _ in narrow.result.uses):
                narrow.erase()
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


#: One copy of a constant per block that uses it outside loops (place_constants)
#: in functions of at least this many blocks. Fewer copies run faster (a copy
#: runs on every path through its block: fib's expanded body, ~200 blocks, was
#: 15 % slower with them), but in a big function the constants live across
#: hundreds of blocks are most of IREE's register-allocation time.
REMATERIALIZE_MIN_BLOCKS = 500
#: Off, a constant always has one copy at the common dominator of its uses
#: (the platform tests turn it off to reach the register-allocation trap below).
REMATERIALIZE_CONSTANTS = True


def place_constants(module: ir.Module) -> int:
    """Move entry-block constants to where they are needed; return how many moved.

    In a big function (``REMATERIALIZE_MIN_BLOCKS``) a constant used in blocks
    outside loops gets a copy at the top of each such block: it is then never
    live across a block boundary, which is what
    IREE's register allocation pays for (its cost grows with the values live
    into each block, and most of them were constants). Uses inside loops
    share one copy at the nearest common dominator outside every loop, so a
    loop does not re-materialize it on each trip."""
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
        copies = REMATERIALIZE_CONSTANTS and len(blocks) >= REMATERIALIZE_MIN_BLOCKS
        for const in consts:
            uses = {}
            for use in const.result.uses:
                user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
                uses.setdefault(user.block, []).append(use)
            if not uses or entry in uses or any(u not in index for u in uses):
                continue
            in_loops = [b for b in uses if b in cyclic]
            for block in uses:
                if block in cyclic or len(uses) == 1 or not copies:
                    continue
                copy = const.clone(ir.InsertionPoint.at_block_begin(block))
                for use in uses[block]:
                    use.owner.operands[use.operand_number] = copy.result
                moved += 1
            if len(uses) == 1 or not copies:
                in_loops = list(uses)
            if not in_loops:
                const.erase()
                continue
            home = intersect(min(in_loops, key=preorder.__getitem__), max(in_loops, key=preorder.__getitem__))
            while home != entry and home in cyclic:
                home = idom[home]
            if home == entry:
                continue
            const.move_before(next(iter(home.operations)))
            moved += 1
    return moved



# ---- block arguments that must not share a register with a live operand ------------------
# IREE 3.13's register allocator is a linear scan over one numbering of all
# ops (blocks in dominance-tree order, each block's ops in order). A value's
# interval ends at the last op numbered where it is used, or at the
# terminator of the last block it is live out of. It coalesces a block
# argument %v of ^b with an operand %u that an edge passes to %v whenever
# %u's interval ends exactly where %v's begins: at ^b's first op (a
# "hand-off"; it even expires %u early to do it). But then %u is still live
# at that op - the op uses it, or it is ^b's lone terminator and %u lives on
# through it - while another edge into ^b writes a different value into the
# shared register: ^b reads that value for %u. Found by pydm's fuzzing:
# ``0 if (-1.5 if p else 0.0) else 1`` tested ``-1.5 == 0.0`` as ``0.0 ==
# 0.0``. Every register kind is affected: i32, i64, f32, f64, refs
# (tests/platform/test_platform_regalloc.py).
#
# The rewrite: each such edge passes a copy of %u made just before its
# branch, which dies at the branch, so no interval ends at ^b's first op.
# The copy is an op the bytecode emitter keeps (it folds nothing): a clone
# of %u when %u is a constant, else ``or x, x`` (integers), ``min x, x``
# (floats: bit-exact, NaN payloads and -0.0 included) or ``select c, x, x``
# (refs; on an edge block of its own when the predecessor branches two
# ways, so that the new reference dies on the edge that takes it). A correct
# allocation needs a move on that edge anyway (%u and %v in two registers):
# the copy adds one op to that predecessor only.
#
# Rewritten are the edges that can trigger it: the edge passes %u to %v,
# another edge passes %v something else, and %u's interval can end at ^b's
# first op - that op uses %u, no later op of ^b does and %u is not live out
# of ^b; or ^b is a lone terminator that uses %u or that %u lives through,
# and %u is live into no block ^b dominates (those are numbered after ^b).
# Whether it does end there depends on where IREE numbers the blocks that
# ^b does not dominate (MLIR's dominator-tree child order): not replicated,
# so a few edges get a copy they did not need (none in the benchmark
# kernels; on the test suite's programs every edge rewritten was one IREE
# had shared; on fuzzed programs, 58 edges rewritten and none shared).

_COPY = {"i32": "vm.or.i32", "i64": "vm.or.i64", "f32": "vm.min.f32", "f64": "vm.min.f64"}


def _block_of(value):
    owner = value.owner
    if isinstance(owner, ir.Block):
        return owner
    return (owner.operation if hasattr(owner, "operation") else owner).block


def _user(use):
    owner = use.owner
    return owner.operation if hasattr(owner, "operation") else owner


def _live_in_blocks(value, preds: dict) -> set:
    """The blocks ``value`` is live into (a backward walk from its uses)."""
    home = _block_of(value)
    live: set = set()
    work = [b for b in {_user(u).block for u in value.uses} if b != home]
    while work:
        b = work.pop()
        if b in live:
            continue
        live.add(b)
        work += [p for p in preds.get(b, ()) if p != home and p not in live]
    return live


class _Dominance:
    """``dominates(a, b)`` in O(1) (entry and exit times in the dominator tree)."""

    def __init__(self, blocks, succs):
        idom, _, _ = _dominator_tree(blocks, succs)
        children: dict = {}
        for b, d in idom.items():
            if b != d:
                children.setdefault(d, []).append(b)
        self.tin, self.tout = {}, {}
        clock = 0
        stack = [(blocks[0], False)]
        while stack:
            b, done = stack.pop()
            if done:
                self.tout[b] = clock
                continue
            self.tin[b] = clock
            clock += 1
            stack.append((b, True))
            stack += [(c, False) for c in children.get(b, ())]

    def dominates(self, a, b) -> bool:
        if a not in self.tin or b not in self.tin:
            return False
        return self.tin[a] <= self.tin[b] and self.tout[b] <= self.tout[a]


def _ref_copy(value, cond):
    return ir.Operation.create("vm.select.ref", results=[value.type], operands=[cond, value, value])


def copy_live_branch_operands(module: ir.Module) -> int:
    """Pass a copy instead of the operand on every edge where IREE's allocator
    could give the block argument the register of a value still live in the
    block (see the comment above); return how many operands were replaced."""
    count = 0
    for fop in _walk_funcs(module):
        region = fop.regions[0]
        blocks = list(region.blocks)
        if len(blocks) < 2:
            continue
        succs: dict = {}
        preds: dict = {}
        into: dict = {}  # block -> [(terminator, its operands, first operand index of the edge)]
        for b in blocks:
            ops = b.operations
            n = len(ops)  # (indexing walks the block in C: no wrapper per op)
            term = ops[n - 1].operation if n else None
            succs[b] = list(term.successors) if term is not None else []
            for s in succs[b]:
                preds.setdefault(s, []).append(b)
            if term is None or term.name not in ("vm.br", "vm.cond_br"):
                continue
            operands = list(term.operands)
            if term.name == "vm.br":
                if operands:
                    into.setdefault(succs[b][0], []).append((term, operands, 0))
            elif len(operands) > 1:
                for dest, (lo, _) in zip(succs[b], _edge_ranges(term)):
                    into.setdefault(dest, []).append((term, operands, lo))
        live_cache: dict = {}
        dom = None

        def live_in(u) -> set:
            live = live_cache.get(u)
            if live is None:
                live = live_cache[u] = _live_in_blocks(u, preds)
            return live

        def live_out(u, b) -> bool:
            live = live_in(u)
            return any(s in live for s in succs[b])

        def shares(u, b, first_uses, rest) -> bool:
            """Can ``u``'s interval end at ``b``'s first op (``rest``: the ops after it)?"""
            nonlocal dom
            if rest:
                return (u in first_uses and not any(v == u for op in rest for v in op.operands)
                        and not live_out(u, b))
            if not (u in first_uses or live_out(u, b)):
                return False
            if dom is None:
                dom = _Dominance(blocks, succs)
            return not any(x != b and dom.dominates(b, x) for x in live_in(u))

        todo: dict = {}  # terminator -> {operand index: value}
        for b in blocks[1:]:
            edges = into.get(b, ())
            nargs = len(b.arguments)
            if len(edges) < 2 or not nargs:
                continue
            ops = b.operations
            first_uses = set(ops[0].operation.operands)
            rest = None
            for j in range(nargs):
                passed = [(term, lo + j, operands[lo + j]) for term, operands, lo in edges]
                values = list(dict.fromkeys(v for _, _, v in passed))
                if len(values) < 2:
                    continue
                for u in values:
                    if not isinstance(u.owner, ir.Block) and _block_of(u) == b:
                        continue  # a result of an op in ^b: starts after ^b's first op
                    if rest is None:
                        rest = [o.operation for o in ops][1:]
                    if shares(u, b, first_uses, rest):
                        for term, k, v in passed:
                            if v == u:
                                todo.setdefault(term, {})[k] = u
        for term, operands in todo.items():
            count += len(operands)
            _replace_by_copies(region, term, operands)
    return count


def _replace_by_copies(region, term, operands: dict) -> None:
    """Replace ``term``'s operands {index: value} by copies made just before it
    (refs of a two-way branch: on a new block on their edge)."""
    copies: dict = {}
    ref_edges: dict = {}
    for k, u in operands.items():
        if term.name == "vm.cond_br" and str(u.type) not in _COPY:
            src = _owner_op(u)
            if src is None or not src.name.startswith("vm.const.") or src.operands:
                edge = 0 if k < _edge_ranges(term)[0][1] else 1
                ref_edges.setdefault(edge, {})[k] = u
                continue
        if u not in copies:
            copies[u] = _copy_before(u, term)
        term.operands[k] = copies[u]
    for edge, refs in sorted(ref_edges.items(), reverse=True):  # edge 1 first: indices stay valid
        lo = _edge_ranges(term)[edge][0]
        cond = term.operands[0]
        term = _split_edge(region, term, edge, [])
        br = list(term.successors[edge].operations)[-1].operation
        made: dict = {}
        for k, u in refs.items():
            if u not in made:
                with br.location, ir.InsertionPoint(br):
                    made[u] = _ref_copy(u, cond).result
            br.operands[k - lo] = made[u]


def _copy_before(u, term):
    """A copy of ``u`` computed right before ``term``."""
    src = _owner_op(u)
    if src is not None and src.name.startswith("vm.const.") and not src.operands:
        return src.clone(ip=ir.InsertionPoint(term)).results[0]
    with term.location, ir.InsertionPoint(term):
        name = _COPY.get(str(u.type))
        if name is not None:
            return ir.Operation.create(name, results=[u.type], operands=[u, u]).result
        zero = ir.Operation.create("vm.const.i32.zero", results=[ir.IntegerType.get_signless(32)])
        return _ref_copy(u, zero.result).result
