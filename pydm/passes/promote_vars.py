"""Pass ``promote-vars``: local variable slots become SSA values.

The importer reads and writes variables with ``iree_pydm.load_var`` /
``store_var`` on named slots. This pass replaces every load by the value
that reaches it, adding block arguments where values from several
predecessors meet, with the algorithm of Braun et al., "Simple and Efficient
Construction of Static Single Assignment Form" (CC 2013): a read looks
backwards in its block, then at the end of each predecessor; a join gets a
block argument, which is dropped again when all its incoming values are the
same (or itself). The control-flow graph is complete when the pass runs, so
every block is "sealed" from the start.

A variable that may be unbound has a second, ``i1`` variable alongside (its
*bound flag*): false at the function's entry, true after every store. A
*checked* load reads it too (the importer branches on it to raise
UnboundLocalError); where every path stored the variable the flag is the
constant true and the check folds away. ``del_var`` unbinds: the flag is
false after it (and the value undefined), as at the entry.

After it runs, no ``load_var``/``store_var`` remains.
"""
from __future__ import annotations

import sys

from iree.compiler import ir
from iree.compiler.dialects import arith, cf

from .. import dialect as d
from . import register, successor_operands


class _Phi:
    """A block argument under construction: one incoming value per edge."""

    __slots__ = ("var", "block", "operands", "users", "replaced")

    def __init__(self, var, block):
        self.var = var
        self.block = block
        self.operands: list = []
        self.users: list = []
        self.replaced = None


def _find(v):
    while isinstance(v, _Phi) and v.replaced is not None:
        v = v.replaced
    return v


@register("promote-vars")
def run(module: ir.Module) -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        for op in module.body.operations:
            if op.operation.name == "func.func":
                _Promoter(op.operation).run()
    finally:
        sys.setrecursionlimit(limit)


class _Promoter:
    def __init__(self, fop):
        self.fop = fop
        self.blocks = list(fop.regions[0].blocks)

    def run(self) -> None:
        if not self.blocks:
            return
        # per block, its variable ops in order; per block, the edges into it
        self.var_ops: dict = {}
        self.var_types: dict = {}
        any_var = False
        for block in self.blocks:
            ops = []
            for op in block.operations:
                op = op.operation
                if op.name in (d.LOAD_VAR, d.STORE_VAR, d.DEL_VAR):
                    ops.append(op)
                    if op.name == d.DEL_VAR:
                        continue
                    name = ir.StringAttr(op.attributes["name"]).value
                    t = op.results[0].type if op.name == d.LOAD_VAR else op.operands[0].type
                    self.var_types.setdefault(name, t)
            self.var_ops[block] = ops
            any_var = any_var or bool(ops)
        if not any_var:
            return
        self.preds: dict = {b: [] for b in self.blocks}
        for block in self.blocks:
            term = list(block.operations)[-1].operation
            for i, succ in enumerate(term.successors):
                self.preds[succ].append((term, i, block))
        entry = self.blocks[0]
        top = ir.InsertionPoint.at_block_begin(entry)
        with ir.Location.unknown():
            self.true = arith.constant(d.i1(), 1, ip=top)
            self.false = arith.constant(d.i1(), 0, ip=top)
            self.undefs = {name: d.undef(t, ip=top) for name, t in self.var_types.items()}
        self.entry = entry
        self.cache: dict = {}
        self.phis: list[_Phi] = []
        self.load_values: dict = {}  # load op → (value, flag)
        for block in self.blocks:
            for op in self.var_ops[block]:
                if op.name == d.LOAD_VAR:
                    self.load_value(op)
        self.materialize()

    # ---- reading variables ----------------------------------------------------------
    def load_value(self, op):
        """(value, bound flag) that reach load ``op`` (abstract: ir.Value or _Phi)."""
        got = self.load_values.get(op)
        if got is not None:
            return got
        name = ir.StringAttr(op.attributes["name"]).value
        block = op.block
        ops = self.var_ops[block]
        position = ops.index(op)
        value = self.before(name, block, position, flag=False)
        flag = self.before(name, block, position, flag=True) if "checked" in op.attributes else self.true
        self.load_values[op] = (value, flag)
        return value, flag

    def before(self, name, block, position, flag: bool):
        """The variable's value (or bound flag) just before var op ``position`` of ``block``."""
        ops = self.var_ops[block]
        for op in reversed(ops[:position]):
            if ir.StringAttr(op.attributes["name"]).value != name:
                continue
            if op.name == d.STORE_VAR:
                return self.true if flag else self.resolve(op.operands[0])
            if op.name == d.DEL_VAR:
                return self.false if flag else self.undefs[name]
        return self.at_entry(name, block, flag)

    def resolve(self, v):
        """A stored value: a load's result stands for the value that reached the load."""
        owner = v.owner
        if isinstance(owner, ir.Operation) or hasattr(owner, "name"):
            op = owner.operation if hasattr(owner, "operation") else owner
            if getattr(op, "name", None) == d.LOAD_VAR:
                return self.load_value(op)[0]
        return v

    def at_end(self, name, block, flag):
        return self.before(name, block, len(self.var_ops[block]), flag)

    def at_entry(self, name, block, flag):
        key = (name, block, flag)
        got = self.cache.get(key)
        if got is not None:
            return got
        chain = []  # single-predecessor blocks without a store: walk back without recursion
        while True:
            key = (name, block, flag)
            if key in self.cache:
                value = self.cache[key]
                break
            edges = self.preds[block]
            if block == self.entry:
                value = self.false if flag else self.undefs[name]
                self.cache[key] = value
                break
            if len(edges) == 1:
                pred = edges[0][2]
                if not any(ir.StringAttr(o.attributes["name"]).value == name and o.name != d.LOAD_VAR
                           for o in self.var_ops[pred]):
                    chain.append(key)
                    block = pred
                    continue
                value = self.at_end(name, pred, flag)
                self.cache[key] = value
                break
            phi = _Phi((name, flag), block)
            self.cache[key] = phi
            self.phis.append(phi)
            for _, _, pred in edges:
                operand = self.at_end(name, pred, flag)
                phi.operands.append(operand)
                if isinstance(operand, _Phi):
                    operand.users.append(phi)
            value = self.remove_trivial(phi)
            self.cache[key] = value
            break
        for k in chain:
            self.cache[k] = value
        return value

    def remove_trivial(self, phi: _Phi):
        same = None
        for op in phi.operands:
            op = _find(op)
            if op is phi or (same is not None and _same(op, same)):
                continue
            if same is not None:
                return phi  # merges at least two values: a real block argument
            same = op
        if same is None:
            same = self.false if phi.var[1] else self.undefs[phi.var[0]]
        phi.replaced = same
        for user in phi.users:
            if user is not phi and user.replaced is None:
                self.remove_trivial(user)
        return same

    # ---- rewriting the IR -----------------------------------------------------------------
    def materialize(self) -> None:
        live = [p for p in self.phis if p.replaced is None]
        args = {}
        extra: dict = {}  # terminator → {successor index: [values]}
        for phi in live:
            name, flag = phi.var
            t = d.i1() if flag else self.var_types[name]
            args[phi] = phi.block.add_argument(t, ir.Location.unknown())
        for phi in live:
            for (term, i, _), operand in zip(self.preds[phi.block], phi.operands):
                extra.setdefault(term, {}).setdefault(i, []).append(operand)

        def real(v):
            v = _find(v)
            return args[v] if isinstance(v, _Phi) else v

        for term, by_edge in extra.items():
            _rebuild_branch(term, {i: [real(v) for v in vs] for i, vs in by_edge.items()})
        for op, (value, flag) in self.load_values.items():
            op.results[0].replace_all_uses_with(real(value))
            op.results[1].replace_all_uses_with(real(flag))
        stores = [op for block in self.blocks for op in self.var_ops[block] if op.name != d.LOAD_VAR]
        loads = [op for block in self.blocks for op in self.var_ops[block] if op.name == d.LOAD_VAR]
        for op in stores + loads:
            op.erase()


def _same(a, b) -> bool:
    if isinstance(a, _Phi) or isinstance(b, _Phi):
        return a is b
    return a == b


def _rebuild_branch(term, extra: dict) -> None:
    """Replace branch ``term`` by one passing ``extra[i]`` more values to successor i."""
    operands = list(term.operands)
    with term.location, ir.InsertionPoint(term):
        if term.name == "cf.br":
            cf.BranchOp(operands + extra.get(0, []), term.successors[0])
        elif term.name == "cf.cond_br":
            on_true, on_false = successor_operands(term, operands)
            cf.CondBranchOp(operands[0], on_true + extra.get(0, []), on_false + extra.get(1, []),
                            term.successors[0], term.successors[1])
        else:  # pragma: no cover - the importer builds no other terminator with successors
            raise AssertionError(f"promote-vars: cannot extend {term.name}")
    term.erase()
