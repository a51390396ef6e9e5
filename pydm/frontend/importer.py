"""The syntax walker: astroid function bodies → iree_pydm IR.

The importer knows Python *syntax*: statements, control flow, assignment
targets, the order of evaluation. Facts come from passes that ran before it:
each local's scope (``scopes.py``), every expression's static type
(``typing.py``) and which reads may find a variable unbound
(``bindings.py``). Operators, builtins and tuple operations are built by the
semantic layer (``emitter.py``, ``tuples.py``); blocks, branches, exception
handlers and variable slots by the function builder (``builder.py``).

Variables are slots (``store_var``/``load_var``); the pass ``promote-vars``
turns them into SSA values afterwards. The walker is split by topic:
statements here, expressions in ``expressions.py``, loops in ``loops.py``.
"""
from __future__ import annotations

import contextlib

from astroid import nodes
from iree.compiler import ir

from .. import dialect as d
from ..errors import CompileError, InternalError, TypeSpecificError, error_at, note_call_site
from ..types import PyType
from . import bindings, dict_updates, inlining
from .builder import FunctionBuilder
from .emitter import Emitter
from .calls import CallWalker
from .expressions import ExpressionWalker
from .closures import ClosureWalker
from .handlers import HandlerWalker
from .host_calls import HostCallWalker
from .iteration import IteratorLoopWalker
from .generators import GeneratorWalker, is_generator_function
from .reductions import ReductionWalker
from .loops import LoopWalker
from .scopes import variable_key
from .slice_rules import SliceRuleWalker
from .specializations import Specialization
from .typing import ProgramTypes

T = PyType


def build_module(program: ProgramTypes, public: set[str]) -> ir.Module:
    """IR for every specialization of ``program``; ``public`` symbols are exported."""
    module = ir.Module.create(loc=ir.Location.unknown())
    dropped, built = set(), {}
    # typed twins first: a twin whose body does not compile for its types is
    # dropped from its generic function's entry dispatch, and so are the twins
    # whose calls alone reach a body that does not (twins_reaching)
    for spec in sorted(program.specs.values(), key=lambda s: bool(s.fast_paths)):
        if spec.symbol in dropped:
            continue
        spec.fast_paths = [(types, twin) for types, twin in spec.fast_paths if twin.symbol not in dropped]
        if is_generator_function(spec.func):  # expanded where it is walked (generators.py)
            if spec.symbol in public:
                raise error_at(spec.func.node, "a generator function cannot be called from Python through pydm "
                               "(it would return a generator object)",
                               "call it from a compiled function that walks it: for x in "
                               f"{spec.func.name}(...)")
            continue
        importer = FunctionImporter(program, spec, module, spec.symbol in public)
        try:
            importer.build()
        except CompileError as exc:
            reached = twins_reaching(program, spec) if isinstance(exc, TypeSpecificError) else None
            if reached is None:
                raise note_call_site(exc, spec.call_site)
            importer.fb.func.operation.erase()
            for symbol in reached:
                dropped.add(symbol)
                if symbol in built:
                    built.pop(symbol).operation.erase()
            continue
        built[spec.symbol] = importer.fb.func
    return module


def twins_reaching(program: ProgramTypes, spec) -> set[str] | None:
    """The specializations to drop when ``spec``'s body does not compile for
    its types: itself and every caller up to the typed twins (which nothing
    but their generic function's dispatch calls) - when every chain of
    callers starts at a twin; None when one starts at an entry or elsewhere
    (then the error is the user's)."""
    by_symbol = {s.symbol: s for s in program.specs.values()}
    seen, todo = set(), [spec]
    while todo:
        s = todo.pop()
        if s.symbol in seen:
            continue
        seen.add(s.symbol)
        if s.twin_only:
            continue
        callers = [by_symbol[c] for c in s.callers if c in by_symbol and c != s.symbol]
        if not callers:
            return None
        todo += callers
    return seen


def location(fn, node, named: bool = False) -> ir.Location:
    """The IR location of a syntax node: its file, line and 1-based column
    (columns counted in characters, as the error messages count them);
    ``named``: in a copy of ``fn`` expanded into another function, a location
    named after ``fn`` (its raise sites name the function they are in)."""
    from ..errors import char_column
    line = node.lineno or 0
    col = char_column(node, line, node.col_offset or 0) + 1
    loc = ir.Location.file(fn.filename, line, col)
    return ir.Location.name(fn.name, childLoc=loc) if named else loc


class Frame:
    """The function whose body is being walked: the compiled function itself,
    or a copy of a callee expanded in place (``inlining.py``), whose
    variables get slots of their own."""

    def __init__(self, spec: Specialization, prefix: str = "", exit_block=None):
        self.spec = spec
        self.fn = spec.func
        self.prefix = prefix
        self.exit_block = exit_block  # an expanded copy: where its returns go
        self.loops: list[tuple] = []  # (continue block, break block, finally depth)
        self.finally_stack: list = []  # the enclosing try statements with a final body (handlers.py)
        self.handling: list[tuple] = []  # (code, origin, saved object, saved trace or None) of the exceptions being handled
        self.generator = None  # an expanded generator: the loop walking it (generators.GeneratorWalk)
        if not hasattr(self.fn, "_unbound_reads"):
            self.fn._unbound_reads = bindings.maybe_unbound(self.fn.node, self.fn.params)
        self.unbound_reads = self.fn._unbound_reads

    def slot(self, name: str) -> str:
        return self.prefix + name

    def var_type(self, name: str) -> PyType:
        t = self.spec.var_types.get(name, T.NONE)
        return T.NONE if t is T.BOTTOM else t

    @property
    def return_slot(self) -> str:
        return self.prefix + "$return"


class FunctionImporter(ExpressionWalker, CallWalker, ReductionWalker, LoopWalker, IteratorLoopWalker, HandlerWalker,
                       ClosureWalker, HostCallWalker, GeneratorWalker, SliceRuleWalker):
    """Builds one ``func.func`` for one specialization."""

    def __init__(self, program: ProgramTypes, spec: Specialization, module: ir.Module, public: bool):
        self.program = program
        self.root = spec
        res = [d.exc_type(), d.ir_type(spec.ret)]
        with location(spec.func, spec.func.node):
            self.fb = FunctionBuilder(module, spec.symbol, [d.ir_type(t) for t in spec.arg_types], res,
                                      public, spec.func.name)
        self.b = self.fb.ops
        self.emit = Emitter(self.fb, program.module.runtime_lib)
        self.frame = Frame(spec)
        self.fused_read = self.fused_entry = None  # a dict update's read and its entry (dict_entry_update)
        self._hidden = 0
        self._copies = 0
        self._leaf_nodes = 0  # syntax nodes of the leaf callees expanded in this function

    # ---- scaffolding -----------------------------------------------------------------
    def build(self) -> None:
        node = self.frame.fn.node
        with location(self.frame.fn, node):
            self.emit_fast_paths()
            if self.calls_compiled_functions():
                self.poll_on_entry()
            self.make_cells()
            for name, arg in zip(self.frame.fn.params, self.fb.arguments):
                # a parameter whose variable also holds other types starts boxed
                self.bind_variable(name, arg)
        if isinstance(node, nodes.Lambda):
            with self.at(node.body):
                value = self.expr(node.body)
            if self.fb.block is not None:
                with location(self.frame.fn, node.body):
                    self.emit_return(value)
            self.fb.prune_unreachable()
            return
        self.visit_body(_skip_docstring(node.body))
        if self.fb.block is not None:
            with location(self.frame.fn, node.body[-1] if node.body else node):
                self.emit_return(self.emit.const(None))
        self.fb.prune_unreachable()

    def calls_compiled_functions(self) -> bool:
        """Whether the body calls a @pydm.jit function (the runtime library's
        calls excepted: they recurse only as deep as the data)."""
        module = self.program.module
        if module.runtime_lib:
            return False
        for call in self.frame.fn.node.nodes_of_class(nodes.Call):
            if isinstance(call.func, nodes.Name) and call.func.name in module.functions \
                    and call.func.name not in self.frame.fn.locals:
                return True
            if isinstance(call.func, nodes.Name) and (call.func.name in self.frame.fn.locals
                                                       or call.func.name in self.frame.fn.frees):
                return True  # maybe a function value (a nested function may recurse)
        return False

    def emit_fast_paths(self) -> None:
        """Generic code that dispatches on entry: when the object arguments
        hold ints and floats of a signature that has a typed twin
        specialization, call the twin and box its result - so `pydm compile`d
        untyped functions run typed code for numeric inputs. The tests form a
        tree (one type-code read and at most two compares per argument); the
        rest of the body is the generic fallback."""
        spec = self.root
        if not spec.fast_paths:
            return
        twins = dict(spec.fast_paths)
        self.emit.inline_budget = inlining.MAX_INLINE_DYNAMIC_OPS_BEHIND_TWINS
        slow = self.fb.new_block()

        def call_twin(chosen, args):
            twin = twins[chosen]
            call = self.fb.call([d.exc_type(), d.ir_type(twin.ret)], twin.symbol, args)
            self.fb.check(call.results[0])
            if twin.ret is T.BOTTOM:
                self.fb.raise_exc(call.results[0])
                return
            self.fb.ret([self.b.success(), self.emit.coerce(call.results[1], spec.ret)])

        self.emit.type_dispatch(self.fb.arguments, twins, call_twin, slow)
        self.fb.block = slow

    @contextlib.contextmanager
    def at(self, node):
        """Enter ``node``'s location; a stray Python error becomes an internal
        compile error naming the node (never mistaken for unsupported code)."""
        with location(self.frame.fn, node, self.frame.fn is not self.root.func):
            try:
                yield
            except CompileError:
                raise
            except Exception as exc:  # a bug in pydm, shown at the user's line
                raise error_at(node, f"pydm internal error while compiling this: "
                                     f"{type(exc).__name__}: {exc}", "please report it", cls=InternalError) from exc

    def hidden_slot(self, what: str) -> str:
        self._hidden += 1
        return f"${what}{self._hidden}"

    # ---- statements -------------------------------------------------------------------
    def visit_body(self, body) -> None:
        for stmt in body:
            if self.fb.block is None:
                return  # unreachable code after return/break/continue/raise
            method = getattr(self, "stmt_" + type(stmt).__name__, None)
            if method is None:
                raise error_at(stmt, f"{describe(stmt)} is not supported",
                               "see the README for the Python subset pydm compiles")
            with self.at(stmt):
                method(stmt)

    def stmt_Pass(self, s):
        pass

    def stmt_Expr(self, s):
        if isinstance(s.value, nodes.Const) and isinstance(s.value.value, str):
            return  # a docstring or bare string: no effect
        if isinstance(s.value, nodes.Yield):
            return self.yield_item(s.value)
        self.expr(s.value)

    def stmt_Return(self, s):
        value = self.expr(s.value) if s.value is not None else self.emit.const(None)
        if self.fb.block is not None:
            self.emit_return(value)

    def emit_return(self, value):
        frame = self.frame
        if frame.generator is None:
            value = self.emit.coerce(value, frame.spec.ret)
        if frame.finally_stack:  # the final bodies run first; one may return instead
            self.leave_finally(0)
            if self.fb.block is None:
                return
        if frame.generator is not None:  # an expanded generator: its loop ends (its value is not seen)
            self.fb.goto(frame.exit_block)
            return
        if frame.exit_block is not None:  # an expanded copy: on to the call site
            self.fb.store(frame.return_slot, value)
            self.fb.goto(frame.exit_block)
            return
        self.fb.ret([self.b.success(), value])

    def stmt_Assign(self, s):
        if len(s.targets) == 1 and (self.self_slice_assign(s.targets[0], s.value)
                                    or self.fill_slice_assign(s.targets[0], s.value)):
            return
        if len(s.targets) == 1 and _is_parallel(s.targets[0], s.value):
            # a, b = b, a + b: every right-hand side first, no tuple is built
            values = []
            for v in s.value.elts:
                values.append(self.expr(v))
                if self.fb.block is None:
                    return
            for t, v in zip(s.targets[0].elts, values):
                self.store_target(t, v)
                if self.fb.block is None:
                    return
            return
        read = dict_updates.assign_read(s, self.type_of)
        if read is not None:  # d[k] = d.get(k, 0) + 1: one lookup
            return self.dict_entry_update(s.targets[0], read, s.value)
        value = self.expr(s.value)
        for target in s.targets:
            if self.fb.block is None:
                return
            self.store_target(target, value)

    def dict_entry_update(self, target, read, value_node, op=None):
        """``d[k] = <value>`` (``read``: its ``d.get(k, c)`` or ``d[k]``) or, with
        ``op``, ``d[k] op= <value>``: the item read and stored by the key's entry
        (``dict_updates.py``)."""
        from .literals import const_value
        self.fused_read, self.fused_entry = read, None
        try:
            if op is None:
                value = self.expr(value_node)
            else:
                current = self.expr(read)
                rhs = None if self.fb.block is None else self.expr(value_node)
                value = None if self.fb.block is None else \
                    self.emit.binary(op, current, rhs, const_value(value_node), inplace=True, node=target.parent)
        finally:
            self.fused_read = None
        if self.fb.block is None:
            return
        d_, key, h, e = self.fused_entry
        with self.at(target):
            self.emit.entry_store(d_, key, h, e, value)

    def dict_entry_read(self, e):
        """The read of a fused dict update: ``d.get(k[, c])`` or ``d[k]``, by the key's entry."""
        self.fused_read = None  # (once)
        is_get = isinstance(e, nodes.Call)
        parts = [e.func.expr, *e.args] if is_get else [e.value, e.slice]
        values = self.exprs(parts)
        if values is None:
            return None
        default = values[2] if len(values) > 2 else self.emit.b.constant(None, PyType.NONE)
        got = self.emit.entry_read(values[0], values[1], default, raises=not is_get)
        if got is None:
            return None
        value, entry, h = got
        self.fused_entry = (values[0], values[1], h, entry)
        return value

    def stmt_AnnAssign(self, s):
        if s.value is None:
            return  # a bare annotation binds nothing
        value = self.expr(s.value)
        if self.fb.block is not None:
            self.store_target(s.target, value)

    def stmt_AugAssign(self, s):
        from .literals import const_value
        target = s.target
        if dict_updates.augassign_fused(s, self.type_of):  # d[k] += 1: one lookup
            return self.dict_entry_update(target, target, s.value, s.op[:-1])
        if isinstance(target, nodes.Subscript) and not self.frame.spec.type_of(target.value).is_tuple:
            return self.augassign_item(s)
        if isinstance(target, nodes.Subscript):
            current = self.expr(target)  # t[i] += x reads t[i] first
        elif isinstance(target, nodes.AssignName):
            current = self.load(variable_key(target), target)
        else:
            raise error_at(target, "augmented assignment to this target is not supported")
        if self.fb.block is None:
            return
        rhs = self.expr(s.value)
        if self.fb.block is None:
            return
        value = self.emit.binary(s.op[:-1], current, rhs, const_value(s.value), inplace=True, node=s)
        if self.fb.block is None:
            return
        if isinstance(target, nodes.Subscript):
            self.fb.raise_here("TypeError", "'tuple' object does not support item assignment")
            return
        self.store_target(target, value)

    def augassign_item(self, s):
        """``xs[i] += v`` / ``xs[a:b] += v``: the container and the index are
        evaluated once, the item read, the operator applied, the item stored."""
        from .literals import const_value
        from .literals import slice_bounds
        target = s.target
        container = self.expr(target.value)
        if self.fb.block is None:
            return
        sl = target.slice
        parts = None
        if isinstance(sl, nodes.Slice):
            parts = []
            for p in (sl.lower, sl.upper, sl.step):
                parts.append(self.expr(p) if p is not None else None)
                if self.fb.block is None:
                    return
            current = self.emit.slice(container, *parts, bounds=slice_bounds(sl))
        else:
            index = self.expr(sl)
            if self.fb.block is None:
                return
            current = self.emit.subscript(container, index, const_value(sl))
        if self.fb.block is None:
            return
        rhs = self.expr(s.value)
        if self.fb.block is None:
            return
        value = self.emit.binary(s.op[:-1], current, rhs, const_value(s.value), inplace=True, node=s)
        if self.fb.block is None:
            return
        if parts is not None:
            self.emit.store_slice(container, *parts, value)
        else:
            self.emit.store_item(container, index, value)

    def stmt_Delete(self, s):
        for target in s.targets:
            if self.fb.block is None:
                return
            if isinstance(target, nodes.DelName):
                self.delete_name(target)
                continue
            if not isinstance(target, nodes.Subscript):
                raise error_at(target, "del of this target is not supported",
                               "del x, del xs[i] and del xs[a:b] are")
            container = self.expr(target.value)
            if self.fb.block is None:
                return
            sl = target.slice
            if isinstance(sl, nodes.Slice):
                parts = []
                for p in (sl.lower, sl.upper, sl.step):
                    parts.append(self.expr(p) if p is not None else None)
                    if self.fb.block is None:
                        return
                self.emit.delete_item(container, slice_parts=parts)
            else:
                index = self.expr(sl)
                if self.fb.block is None:
                    return
                self.emit.delete_item(container, index)

    def delete_name(self, target) -> None:
        """``del x`` of a local variable: unbound from here on (UnboundLocalError
        if it is not bound now, as CPython)."""
        fn = self.frame.fn
        name = variable_key(target)
        if name in fn.cells or name in fn.frees or name not in fn.locals:
            raise error_at(target, f"del of '{target.name}' is not supported",
                           "pydm deletes local variables that no nested function uses")
        if target in self.frame.unbound_reads:
            if self.frame.spec.var_types.get(name, T.BOTTOM) is T.BOTTOM:
                self.fb.raise_here("UnboundLocalError", f"cannot access local variable '{target.name}' where "
                                                        "it is not associated with a value")
                return
            self.fb.load(self.frame.slot(name), self.frame.var_type(name), True, target.name)
            if self.fb.block is None:
                return
        self.fb.unbind(self.frame.slot(name))

    def bind_variable(self, name: str, value) -> None:
        """``name = value`` for a local (its slot), or a cell or free variable (its cell)."""
        fn = self.frame.fn
        if name in fn.cells or name in fn.frees:
            self.store_cell(name, value)
            return
        if self.frame.spec.var_types.get(name, T.BOTTOM) is T.BOTTOM:
            return  # only values that never exist are assigned to it (this is unreachable)
        self.fb.store(self.frame.slot(name), self.emit.coerce(value, self.frame.var_type(name)))

    def store_target(self, target, value):
        """Bind an assignment target (a name, a subscript, or a tuple of
        targets to unpack into; a callable takes the value itself)."""
        if callable(target):
            target(value)
            return
        if isinstance(target, nodes.AssignName):
            self.bind_variable(variable_key(target), value)
            return
        if isinstance(target, (nodes.Tuple, nodes.List)):
            star = next((i for i, e in enumerate(target.elts) if isinstance(e, nodes.Starred)), None)
            if star is not None:
                values = self.emit.unpack_starred(value, len(target.elts), star)
                if values is None or self.fb.block is None:
                    return
                for t, v in zip(target.elts, values):
                    self.store_target(t.value if isinstance(t, nodes.Starred) else t, v)
                    if self.fb.block is None:
                        return
                return
            values = self.emit.unpack(value, len(target.elts), target)
            if values is None or self.fb.block is None:
                return
            for t, v in zip(target.elts, values):
                self.store_target(t, v)
                if self.fb.block is None:
                    return
            return
        if isinstance(target, nodes.Subscript):
            container = self.expr(target.value)  # CPython evaluates the container, then the index
            if self.fb.block is None:
                return
            sl = target.slice
            if isinstance(sl, nodes.Slice):
                parts = []
                for p in (sl.lower, sl.upper, sl.step):
                    parts.append(self.expr(p) if p is not None else None)
                    if self.fb.block is None:
                        return
                self.emit.store_slice(container, *parts, value)
                return
            index = self.expr(sl)
            if self.fb.block is not None:
                self.emit.store_item(container, index, value)
            return
        raise error_at(target, f"assignment to {describe(target)} is not supported",
                       "assign to local variable names (or a tuple of them)")

    def stmt_If(self, s):
        then_block, else_block, after = self.fb.new_block(), self.fb.new_block(), self.fb.new_block()
        with self.at(s.test):
            self.branch_on(s.test, then_block, else_block)
        self.fb.block = then_block
        self.visit_body(s.body)
        self.fb.goto(after)
        self.fb.block = else_block
        self.visit_body(s.orelse)
        self.fb.goto(after)
        self.fb.block = after if any(True for _ in after.predecessors) else None

    def stmt_Break(self, s):
        if not self.frame.loops:
            raise error_at(s, "'break' outside loop")
        self.leave_finally(self.frame.loops[-1][2])
        self.fb.goto(self.frame.loops[-1][1])

    def stmt_Continue(self, s):
        if not self.frame.loops:
            raise error_at(s, "'continue' not properly in loop")
        self.leave_finally(self.frame.loops[-1][2])
        self.fb.goto(self.frame.loops[-1][0])


def _is_parallel(target, value) -> bool:
    """``a, b = x, y``: as many plain targets as values, nothing starred."""
    return (isinstance(target, nodes.Tuple) and isinstance(value, nodes.Tuple)
            and len(target.elts) == len(value.elts)
            and not any(isinstance(e, nodes.Starred) for e in target.elts + value.elts))


def _skip_docstring(body):
    if body and isinstance(body[0], nodes.Expr) and isinstance(body[0].value, nodes.Const) and isinstance(
            body[0].value.value, str):
        return body[1:]
    return body


_DESCRIPTIONS = {
    "Lambda": "lambda", "ClassDef": "a class definition", "FunctionDef": "a nested function",
    "AsyncFunctionDef": "an async function", "Try": "try/except", "TryStar": "try/except*",
    "With": "a with statement", "AsyncWith": "async with", "AsyncFor": "async for",
    "Yield": "yield", "YieldFrom": "yield from", "Await": "await", "Global": "a global declaration",
    "Nonlocal": "a nonlocal declaration", "Import": "import", "ImportFrom": "import",
    "List": "a list", "Dict": "a dict", "Set": "a set", "ListComp": "a list comprehension",
    "DictComp": "a dict comprehension", "SetComp": "a set comprehension",
    "GeneratorExp": "a generator expression", "Attribute": "attribute access",
    "Subscript": "subscripting", "Starred": "star-unpacking", "NamedExpr": "the walrus operator",
    "Delete": "del", "Assert": "assert", "Raise": "raise", "JoinedStr": "an f-string",
    "Match": "match", "AssignAttr": "attribute assignment", "Slice": "slicing",
}


def describe(node) -> str:
    return _DESCRIPTIONS.get(type(node).__name__, type(node).__name__)


__all__ = ["build_module", "FunctionImporter", "Frame", "location", "describe", "TypeSpecificError"]
