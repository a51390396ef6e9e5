"""The function builder: one ``func.func`` under construction.

It owns what both the syntax walker (``importer.py``) and the semantic layer
(``emitter.py``) build into: the current block, new blocks, branches, the
*handler stack* (where a raised exception goes) and local variable slots.
Neither layer reaches into the other; both build through this object.

Blocks: every op is built at the end of ``block``; ``block`` is None where no
path reaches (after ``return``, ``break`` or an operation that always raises).

Exceptions: an op that can raise returns an ``exception_result``; ``check``
continues only on success and sends a failure to the innermost handler
block (its one argument is the code). The outermost handler returns the
code to the caller. ``try`` statements push handlers of their own.

Variables: ``store``/``load`` emit ``iree_pydm.store_var``/``load_var`` on
named slots; the pass ``promote-vars`` turns them into SSA values. A load
the facts pass (``bindings.py``) could not prove bound is *checked*: it
raises UnboundLocalError, as CPython does, when the slot is unbound.
"""
from __future__ import annotations

import contextlib

from iree.compiler import ir
from iree.compiler.dialects import arith, cf, func

from .. import dialect as d
from ..types import PyType

T = PyType


class _Bound:
    """``d.<builder>`` with the insertion point at the end of the current block."""

    def __init__(self, builder):
        self._builder = builder

    def __getattr__(self, name):
        fn = getattr(d, name)

        def build(*args, **kwargs):
            return fn(*args, ip=self._builder.ip(), **kwargs)
        return build


class FunctionBuilder:
    def __init__(self, module: ir.Module, symbol: str, arg_types, result_types, public: bool, python_name: str):
        self.module = module
        with ir.InsertionPoint(module.body):
            self.func = func.FuncOp(symbol, ir.FunctionType.get(list(arg_types), list(result_types)),
                                    visibility=None if public else "private")
        self.func.attributes["pydm.name"] = ir.StringAttr.get(python_name)
        self.result_types = list(result_types)
        self.public = public
        self.entry = self.func.add_entry_block()
        self.region = self.func.regions[0]
        self.block: ir.Block | None = self.entry
        self.ops = _Bound(self)  # ``self.ops.apply_binary(...)`` builds at the end of the block
        self.handlers: list[ir.Block] = []  # those of the enclosing try statements, innermost last
        self._exit_handler: ir.Block | None = None

    @property
    def arguments(self):
        return list(self.entry.arguments)

    # ---- blocks and branches ----------------------------------------------------------
    def ip(self) -> ir.InsertionPoint:
        return ir.InsertionPoint(self.block)

    def new_block(self, *types: ir.Type) -> ir.Block:
        return self.region.blocks.append(*types, arg_locs=[ir.Location.unknown()] * len(types))

    def br(self, args, dest) -> None:
        cf.BranchOp(list(args), dest, ip=self.ip())

    def cond_br(self, pred, true_args, false_args, true_dest, false_dest) -> None:
        cf.CondBranchOp(pred, list(true_args), list(false_args), true_dest, false_dest, ip=self.ip())

    def goto(self, dest, args=()) -> None:
        """End the current block with a branch to ``dest``; nothing follows it."""
        if self.block is not None:
            self.br(args, dest)
        self.block = None

    def ret(self, values) -> None:
        func.ReturnOp(list(values), ip=self.ip())
        self.block = None

    def i1(self, value: int) -> ir.Value:
        return arith.constant(d.i1(), value, ip=self.ip())

    def call(self, result_types, symbol, args):
        return func.CallOp(list(result_types), symbol, list(args), ip=self.ip())

    def declare(self, symbol: str, arg_types, result_types) -> None:
        """A declaration of ``symbol`` (a runtime-library function, linked in
        later by pass link-runtime), so the module verifies meanwhile."""
        for op in self.module.body.operations:
            if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
                return
        with ir.InsertionPoint(self.module.body), ir.Location.unknown():
            func.FuncOp(symbol, ir.FunctionType.get(list(arg_types), list(result_types)), visibility="private")

    @contextlib.contextmanager
    def in_block(self, block: ir.Block):
        """Build in ``block`` for a moment."""
        saved = self.block
        self.block = block
        try:
            yield
        finally:
            self.block = saved

    def enter_merge(self, merge: ir.Block):
        """Continue at a join whose argument is an expression's value; if no
        path reaches it (every one raised), nothing continues."""
        if not any(True for _ in merge.predecessors):
            self.block = None
            return None
        self.block = merge
        return merge.arguments[0]

    def undef(self, t: PyType):
        """A placeholder of type ``t`` (a path that raised; an unbound slot)."""
        if self.block is None:
            return None
        return self.ops.undef(T.NONE if t is T.BOTTOM else t)

    # ---- exceptions -------------------------------------------------------------------
    @property
    def handler(self) -> ir.Block:
        """The block a raised exception goes to. Its arguments are the code
        and, when a runtime-library call failed, that call's site (the
        *origin*: the exception's note names the user's line, not the
        library's) - one block for all, so a check costs no extra block.
        Inside ``try`` it is the try's (``handlers.py``); outside, the
        function's exit, which returns the code to the caller."""
        if self.handlers:
            return self.handlers[-1]
        if self._exit_handler is None:
            block = self.new_block(d.exc_type(), d.exc_type())
            with self.in_block(block), ir.Location.unknown():
                code, origin = block.arguments
                self.ops.record_origin(code, origin)
                if self.public:  # callers outside the module see a builtin class's code
                    code = self.ops.exception_class(code)
                self.ret([code] + [d.undef(t, ip=self.ip()) for t in self.result_types[1:]])
            self._exit_handler = block
        return self._exit_handler

    def check(self, exc: ir.Value, origin: bool = False, frame: bool = False) -> None:
        """Continue only if ``exc`` is success; otherwise raise it (``origin``:
        ``exc`` is a runtime-library call's, made here; ``frame``: a compiled
        function's, called here: this line joins the exception's traceback)."""
        failed = self.ops.failed(exc)
        cont = self.new_block()
        where = self.ops.origin() if origin else self.ops.success()
        if frame:
            leaving = self.new_block()
            self.cond_br(failed, [], [], leaving, cont)
            self.block = leaving
            self.ops.trace_push()
            self.goto(self.handler, [exc, where])
        else:
            self.cond_br(failed, [exc, where], [], self.handler, cont)
        self.block = cont

    def close_traced_handler(self, block: ir.Block) -> None:
        """Complete ``block``, the handler of a callee's body expanded in place
        (popped from ``handlers``): an exception leaving the body joins the
        traceback at the call's line (the current location), as from a real
        call, then goes on outwards. With no way in, it only branches on."""
        with self.in_block(block):
            if any(True for _ in block.predecessors):
                self.ops.trace_push()
            self.goto(self.handler, list(block.arguments))

    def raise_exc(self, exc: ir.Value) -> None:
        """Raise the exception ``exc`` unconditionally; nothing follows."""
        self.goto(self.handler, [exc, self.ops.success()])

    def raise_here(self, cls: str, message: str, args=(), fmt: str = "") -> None:
        """Unconditionally raise ``cls(message)``; code after it is unreachable."""
        self.raise_exc(self.ops.raise_(cls, message, args, fmt))

    def raise_if(self, pred, cls: str, message: str, when: bool = True, args=(), fmt: str = "") -> None:
        """Raise ``cls(message)`` when the i1 ``pred`` is ``when``."""
        bad, ok = self.new_block(), self.new_block()
        self.cond_br(pred, [], [], *((bad, ok) if when else (ok, bad)))
        self.block = bad
        self.raise_here(cls, message, args, fmt)
        self.block = ok

    # ---- variable slots ---------------------------------------------------------------
    def store(self, slot: str, value) -> None:
        self.ops.store_var(slot, value)

    def unbind(self, slot: str) -> None:
        """The slot holds no value from here (``del x``)."""
        self.ops.del_var(slot)

    def load(self, slot: str, t: PyType, checked: bool, name: str):
        """The value of a variable slot; ``checked``: raise UnboundLocalError
        (naming the Python variable ``name``) if it is unbound."""
        value, bound = self.ops.load_var(slot, T.NONE if t is T.BOTTOM else t, checked)
        if checked:
            self.raise_if(bound, "UnboundLocalError",
                          f"cannot access local variable '{name}' where it is not associated with a value",
                          when=False)
            self.store(slot, value)  # bound from here on
        return value

    def prune_unreachable(self) -> None:
        """Empty the blocks no path reaches: MLIR's conversion does not rewrite
        ops in unreachable blocks, so they must not hold pydm ops. Each
        becomes a bare self-loop that the canonicalizer deletes."""
        blocks = list(self.region.blocks)
        reachable = set()
        work = [blocks[0]]
        while work:
            b = work.pop()
            if b in reachable:
                continue
            reachable.add(b)
            ops = list(b.operations)
            if ops:
                work.extend(ops[-1].operation.successors)
        dead = [b for b in blocks if b not in reachable]
        if not dead:
            return
        pending = [op.operation for b in dead for op in b.operations]
        while pending:
            remaining = []
            for op in pending:
                if any(len(list(r.uses)) for r in op.results):
                    remaining.append(op)
                else:
                    op.erase()
            if len(remaining) == len(pending):
                raise AssertionError("pydm internal: cyclic uses in unreachable code")
            pending = remaining
        for b in dead:
            for i in reversed(range(len(b.arguments))):
                b.erase_argument(i)
            with ir.Location.unknown():
                cf.BranchOp([], b, ip=ir.InsertionPoint(b))
