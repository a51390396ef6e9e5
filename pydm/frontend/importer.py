"""The syntax walker: astroid function bodies → iree_pydm IR in SSA form.

The importer knows Python *syntax*: statements, control flow, assignment
targets, where values flow. It never decides an operator's type or builds an
operator's ops; that is ``semantics.py`` (via :class:`Emitter`). Types of
locals come from ``typing.py``, decided before any IR exists.

SSA is built structurally: each control-flow join collects the environments
(name → value) of its predecessors and adds block arguments only where they
differ; a loop header's arguments are the names assigned in the loop (known
from the syntax before the body is visited), so no body is visited twice.
A name that may be unbound at a join carries an ``i1`` "bound" flag; reading
it checks the flag and raises UnboundLocalError, as CPython does. MLIR's
canonicalizer removes flags that turn out constant.
"""
from __future__ import annotations

import contextlib
import math
from fractions import Fraction
from dataclasses import dataclass

from astroid import nodes
from iree.compiler import ir
from iree.compiler.dialects import arith, cf, func

from .. import dialect as d
from ..errors import CompileError, error_at
from ..types import PyType, join
from . import semantics as sem
from . import inlining, intrinsics, ranges
from .emitter import Emitter
from .typing import ProgramTypes, Specialization, bind_arguments, const_type, const_value, resolve_call

T = PyType
_RETURN = "$return"  # the env name of an inlined copy's result at its return join


@dataclass(frozen=True)
class Var:
    """A name's current SSA value, its i1 flag if it may be unbound, and the
    interval an int value is known to lie in (ranges.py)."""

    value: ir.Value
    bound: ir.Value | None = None
    range: tuple | None = None


class _Join:
    """A control-flow merge point whose predecessors are still being collected."""

    def __init__(self):
        self.preds: list[tuple[ir.Block, dict]] = []


class _Loop:
    def __init__(self, cont_join: _Join, exit_join: _Join):
        self.cont = cont_join
        self.exit = exit_join


def build_module(program: ProgramTypes, public: set[str]) -> ir.Module:
    """IR for every specialization of ``program``; ``public`` symbols are exported."""
    module = ir.Module.create(loc=ir.Location.unknown())
    dropped = set()
    # typed twins first: a twin whose body does not compile for its types is
    # dropped from its generic function's entry dispatch
    for spec in sorted(program.specs.values(), key=lambda s: bool(s.fast_paths)):
        spec.fast_paths = [(types, twin) for types, twin in spec.fast_paths if twin.symbol not in dropped]
        importer = FunctionImporter(program, spec, module, spec.symbol in public)
        try:
            importer.build()
        except CompileError:
            if not spec.twin_only:
                raise
            dropped.add(spec.symbol)
            importer.func.operation.erase()
    return module


def _loc(fn, node) -> ir.Location:
    return ir.Location.file(fn.filename, node.lineno or 0, (node.col_offset or 0) + 1)


class FunctionImporter:
    """Builds one ``func.func`` for one specialization."""

    def __init__(self, program: ProgramTypes, spec: Specialization, module: ir.Module, public: bool):
        self.program = program
        self.spec = spec
        self.fn = spec.func
        self.module = module
        self.public = public
        self.types = dict(spec.var_types)
        self.env: dict[str, Var] = {}
        self.block: ir.Block | None = None
        self.loops: list[_Loop] = []
        self.emit = Emitter(self)
        self.b = _Builders(self)
        self._hidden = 0
        # inlined copies (see inlining.py): the open copies' return joins
        self.root_spec = spec
        self.returns: list[_Join] = []
        #: int value -> builder of its float, exact (unrolled loop counters)
        self.float_shadows: dict = {}

    # ---- scaffolding -----------------------------------------------------------------
    def build(self) -> None:
        node = self.fn.node
        arg_types = [d.ir_type(t) for t in self.spec.arg_types]
        res_types = [d.exc_type(), d.ir_type(self.spec.ret)]
        with _loc(self.fn, node):
            ftype = ir.FunctionType.get(arg_types, res_types)
            with ir.InsertionPoint(self.module.body):
                self.func = func.FuncOp(self.spec.symbol, ftype,
                                        visibility=None if self.public else "private")
            self.func.attributes["pydm.name"] = ir.StringAttr.get(self.fn.name)
            entry = self.func.add_entry_block()
            self.region = self.func.regions[0]
            self._raise_block = None
            self.block = entry
            self.emit_fast_paths(entry)
            for name, arg in zip(self.fn.params, entry.arguments):
                # a parameter whose variable also holds other types starts boxed
                self.env[name] = Var(self.emit.coerce(arg, self.type_of(name)))
        self.visit_body(_skip_docstring(node.body))
        if self.block is not None:
            with _loc(self.fn, node.body[-1] if node.body else node):
                self.emit_return(self.emit.const(None))
        self._prune_unreachable()

    def emit_fast_paths(self, entry) -> None:
        """Generic code that dispatches on entry: when the object arguments
        hold ints and floats of a signature that has a typed twin
        specialization, call the twin and box its result - so `pydm compile`d
        untyped functions run typed code for numeric inputs. The tests form a
        tree (one type-code read and at most two compares per argument); the
        rest of the body is the generic fallback."""
        if not self.spec.fast_paths:
            return
        twins = dict(self.spec.fast_paths)
        slow = self.new_block()

        def call_twin(chosen, args):
            twin = twins[chosen]
            call = self.call_op([d.exc_type(), d.ir_type(twin.ret)], twin.symbol, args)
            self.check(call.results[0])
            self.ret([self.b.success(), self.emit.coerce(call.results[1], self.spec.ret)])

        self.emit.type_dispatch(list(entry.arguments), twins, call_twin, slow)
        self.block = slow

    def _prune_unreachable(self) -> None:
        """Empty the blocks no path reaches (e.g. after a condition that always
        raises): MLIR's conversion does not rewrite ops in unreachable blocks,
        so they must not hold pydm ops. Each becomes a bare self-loop that the
        canonicalizer deletes."""
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

    def ip(self) -> ir.InsertionPoint:
        return ir.InsertionPoint(self.block)

    @property
    def raise_block(self) -> ir.Block:
        """The block that returns a raised exception to the caller (made on first use)."""
        if self._raise_block is None:
            block = self.new_block(d.exc_type())
            with self.in_block(block), ir.Location.unknown():
                self.ret([block.arguments[0], self.dummy(self.root_spec.ret)])
            self._raise_block = block
        return self._raise_block

    @contextlib.contextmanager
    def in_block(self, block: ir.Block):
        """Build in ``block`` for a moment (edges are emitted into predecessors)."""
        saved = self.block
        self.block = block
        try:
            yield
        finally:
            self.block = saved

    # Every op is built at the end of ``self.block``, which changes as checks
    # split blocks; so builders get an explicit insertion point, never an
    # ambient one.
    def br(self, args, dest):
        return cf.BranchOp(list(args), dest, ip=self.ip())

    def cond_br(self, pred, true_args, false_args, true_dest, false_dest):
        return cf.CondBranchOp(pred, list(true_args), list(false_args), true_dest, false_dest, ip=self.ip())

    def ret(self, values):
        return func.ReturnOp(list(values), ip=self.ip())

    def i1(self, value: int):
        return arith.constant(d.i1(), value, ip=self.ip())

    def call_op(self, result_types, symbol, args):
        return func.CallOp(result_types, symbol, list(args), ip=self.ip())

    @contextlib.contextmanager
    def at(self, node):
        """Enter ``node``'s location and the current block; turn stray errors into CompileErrors."""
        with _loc(self.fn, node):
            try:
                yield
            except CompileError:
                raise
            except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
                raise error_at(node, f"pydm could not compile this: {exc}") from exc

    def new_block(self, *types: ir.Type) -> ir.Block:
        return self.region.blocks.append(*types, arg_locs=[ir.Location.unknown()] * len(types))

    def dummy(self, t: PyType) -> ir.Value:
        """A placeholder value of type ``t`` (for unbound names and raise paths)."""
        if self.block is None:
            return None  # after an unconditional raise: nothing uses the value
        if t is T.OBJECT:
            return self.b.box(self.b.constant(None, T.NONE))
        return self.b.constant(0, t if t is not T.BOTTOM else T.NONE)

    def check(self, exc: ir.Value) -> None:
        """Continue only if ``exc`` is success; otherwise return it to the caller."""
        failed = self.b.failed(exc)
        cont = self.new_block()
        self.cond_br(failed, [exc], [], self.raise_block, cont)
        self.block = cont

    def raise_here(self, cls: str, message: str) -> None:
        """Unconditionally raise; code after it is unreachable."""
        exc = self.b.raise_(cls, message)
        self.br([exc], self.raise_block)
        self.block = None

    # ---- joins ------------------------------------------------------------------------
    def jump_to(self, join: _Join) -> None:
        """End the current block with a (deferred) branch to ``join``."""
        if self.block is not None:
            join.preds.append((self.block, dict(self.env)))
        self.block = None

    def finish(self, join: _Join) -> None:
        """Create ``join``'s block, merging its predecessors' environments."""
        preds = join.preds
        if not preds:
            self.block = None
            return
        if len(preds) == 1:
            self.block, self.env = preds[0][0], dict(preds[0][1])
            return
        names = set()
        for _, env in preds:
            names.update(env)
        merged_names = []
        for name in sorted(names):
            entries = [env.get(name) for _, env in preds]
            first = entries[0]
            if all(e is not None for e in entries) and all(
                    e.value == first.value and _same_flag(e.bound, first.bound) for e in entries):
                continue
            need_flag = any(e is None or e.bound is not None for e in entries)
            merged_names.append((name, need_flag))
        block, merged = self._block_for(merged_names)
        for pred_block, env in preds:
            with self.in_block(pred_block), ir.Location.unknown():
                self.br(self._edge_values(env, merged_names), block)
        new_env = dict(merged)
        for name in names:
            entries = [env.get(name) for _, env in preds]
            if all(e is not None for e in entries):  # bound on every path: merge intervals
                rng = entries[0].range
                for e in entries[1:]:
                    rng = ranges.hull(rng, e.range)
                var = merged.get(name, entries[0])
                new_env[name] = Var(var.value, var.bound, rng)
        self.block, self.env = block, new_env

    def _block_for(self, layout):
        """A new block with, per ``(name, need_flag)``, an argument for the value
        (and one for its i1 "bound" flag); returns it and the names' new Vars."""
        types = []
        for name, need_flag in layout:
            types.append(d.ir_type(self.type_of(name)))
            if need_flag:
                types.append(d.i1())
        block = self.new_block(*types)
        args = iter(block.arguments)
        return block, {name: Var(next(args), next(args) if need_flag else None) for name, need_flag in layout}

    def _edge_values(self, env, merged_names) -> list:
        out = []
        for name, need_flag in merged_names:
            var = env.get(name)
            if var is None:
                out.append(self.dummy(self.type_of(name)))
                if need_flag:
                    out.append(self.i1(0))
            else:
                out.append(var.value)
                if need_flag:
                    out.append(var.bound if var.bound is not None else self.i1(1))
        return out

    def type_of(self, name: str) -> PyType:
        t = self.types.get(name, T.NONE)
        return T.NONE if t is T.BOTTOM else t

    # ---- statements -------------------------------------------------------------------
    def visit_body(self, body) -> None:
        for stmt in body:
            if self.block is None:
                return  # unreachable code after return/break/continue/raise
            method = getattr(self, "stmt_" + type(stmt).__name__, None)
            if method is None:
                raise error_at(stmt, f"{_describe(stmt)} is not supported",
                               "see the README for the Python subset pydm compiles")
            method(stmt)

    def stmt_Pass(self, s):
        pass

    def stmt_Expr(self, s):
        if isinstance(s.value, nodes.Const) and isinstance(s.value.value, str):
            return  # a docstring or bare string: no effect
        with self.at(s):
            self.expr(s.value)

    def stmt_Return(self, s):
        with self.at(s):
            value = self.expr(s.value) if s.value is not None else self.emit.const(None)
            if self.block is not None:
                self.emit_return(value)

    def emit_return(self, value):
        value = self.emit.coerce(value, self.spec.ret)
        if self.returns:  # in an inlined copy: on to the call site
            self.env = {_RETURN: Var(value)}
            self.jump_to(self.returns[-1])
            return
        self.ret([self.b.success(), value])
        self.block = None

    def stmt_Assign(self, s):
        with self.at(s):
            if len(s.targets) == 1 and isinstance(s.targets[0], nodes.Tuple) and isinstance(s.value, nodes.Tuple):
                target = s.targets[0]
                if len(target.elts) != len(s.value.elts):
                    raise error_at(s, "tuple assignment with mismatched lengths is not supported")
                values = []
                for v in s.value.elts:  # all right-hand sides first
                    values.append(self.expr(v))
                    if self.block is None:
                        return
                intervals = [self.interval(v) for v in s.value.elts]
                for t, v, iv in zip(target.elts, values, intervals):
                    self.store(t, v, iv)
                return
            value = self.expr(s.value)
            if self.block is None:
                return
            interval = self.interval(s.value)  # before any target rebinds a name it reads
            for target in s.targets:
                self.store(target, value, interval)

    def stmt_AnnAssign(self, s):
        if s.value is None:
            return  # a bare annotation binds nothing
        with self.at(s):
            value = self.expr(s.value)
            if self.block is not None:
                self.store(s.target, value, self.interval(s.value))

    def stmt_AugAssign(self, s):
        if not isinstance(s.target, nodes.AssignName):
            raise error_at(s.target, "augmented assignment to this target is not supported")
        with self.at(s):
            current = self.load(s.target.name, s.target)
            if self.block is None:
                return
            rhs = self.expr(s.value)
            if self.block is None:
                return
            op = s.op[:-1]
            left, right = self.range_of(s.target.name), self.interval(s.value)
            iv = ranges.binary(op, left, right)
            value = self.emit.binary(op, current, rhs, s, const_value(s.value), inplace=True,
                                     no_overflow=ranges.fits(ranges.raw(op, left, right)),
                                     nonneg=bool(left and right and left[0] >= 0 and right[0] >= 0),
                                     nonzero_divisor=ranges.sign(s.value, self.range_of) == ranges.POS)
            if self.block is not None:
                self.store(s.target, value, iv)

    def store(self, target, value, interval=None):
        if isinstance(target, nodes.AssignName):
            name = target.name
            t = self.type_of(name)
            self.env[name] = Var(self.emit.coerce(value, t), None, interval if t is T.INT else None)
            return
        raise error_at(target, f"assignment to {_describe(target)} is not supported",
                       "assign to local variable names (or a tuple of them)")

    def stmt_If(self, s):
        then_block, else_block = self.new_block(), self.new_block()
        with self.at(s.test):
            facts = self.branch_on(s.test, then_block, else_block)
        after = _Join()
        env = dict(self.env)
        self.block, self.env = then_block, self.narrowed(env, facts[0])
        self.visit_body(s.body)
        self.jump_to(after)
        self.block, self.env = else_block, self.narrowed(env, facts[1])
        self.visit_body(s.orelse)
        self.jump_to(after)
        self.finish(after)

    def stmt_While(self, s):
        carried = sorted(_assigned_names(s.body) & set(self.types))
        header = self.enter_loop_header(carried, s)
        body_block, else_block = self.new_block(), None
        if isinstance(s.test, nodes.Const) and bool(s.test.value):
            # `while True:` leaves only by break/return/raise (and never runs else)
            self.br([], body_block)
            facts = ({}, {})
        else:
            else_block = self.new_block()
            with self.at(s.test):
                facts = self.branch_on(s.test, body_block, else_block)
        header_env = dict(self.env)
        cont, exit_ = _Join(), _Join()
        self.loops.append(_Loop(cont, exit_))
        self.block, self.env = body_block, self.narrowed(header_env, facts[0])
        self.visit_body(s.body)
        self.jump_to(cont)
        self.loops.pop()
        self.close_loop(header, cont)
        if else_block is not None:
            self.block, self.env = else_block, self.narrowed(header_env, facts[1])
            self.visit_body(s.orelse)
            self.jump_to(exit_)
        self.finish(exit_)

    def stmt_For(self, s):
        it = s.iter
        if not (isinstance(it, nodes.Call) and isinstance(it.func, nodes.Name) and it.func.name == "range"
                and "range" not in self.fn.locals and "range" not in self.fn.module.tree.locals):
            raise error_at(it, "for loops over anything but range(...) are not supported",
                           "iterate over range(start, stop, step)")
        if not isinstance(s.target, nodes.AssignName):
            raise error_at(s.target, "for-loop targets other than a plain name are not supported")
        if it.keywords or not 1 <= len(it.args) <= 3:
            raise error_at(it, f"range expected 1 to 3 positional arguments, got {len(it.args)}")
        with self.at(it):
            start, stop, step, step_sign = self.emit.range_args(it)
        if self.block is None:
            return
        copies = inlining.unroll_factor(s, step_sign, it)
        if copies > 1:
            start = self.unrolled_loop(s, start, stop, step_sign, copies)
            if self.block is None:
                return
        counter = self._hidden_name("i")
        self.types[counter] = T.INT
        self.env[counter] = Var(start)
        # Rotated: one test before the loop, then one at the end of each
        # iteration that branches straight back to the body - a compare and
        # one branch per iteration instead of a compare and two branches.
        ran_out = _Join()  # the loop ended without break: the else clause runs
        enter, skip = self.new_block(), self.new_block()
        with self.at(s.iter):
            self.cond_br(self.emit.range_more(start, stop, step, step_sign), [], [], enter, skip)
        pre_env = dict(self.env)
        self.block, self.env = skip, dict(pre_env)
        self.jump_to(ran_out)
        self.block, self.env = enter, pre_env
        carried = sorted((_assigned_names(s.body) | {s.target.name}) & set(self.types)) + [counter]
        header, layout = self.enter_loop_header(carried, s)
        cont, exit_ = _Join(), _Join()
        self.loops.append(_Loop(cont, exit_))
        target_type = self.type_of(s.target.name)
        self.env[s.target.name] = Var(self.emit.coerce(self.env[counter].value, target_type), None,
                                      self.loop_interval(it, step_sign) if target_type is T.INT else None)
        self.visit_body(s.body)
        self.jump_to(cont)
        self.loops.pop()
        # the latch: advance the counter, test it, back to the body or out
        self.finish(cont)
        if self.block is not None:
            with self.at(s.iter):
                nxt = self.emit.range_next(self.env[counter].value, stop, step)
                self.env[counter] = Var(nxt)
                more = self.emit.range_more(nxt, stop, step, step_sign)
                done = self.new_block()
                self.cond_br(more, self._edge_values(self.env, layout), [], header, done)
            self.block = done
            self.jump_to(ran_out)
        self.finish(ran_out)
        if self.block is not None:
            self.visit_body(s.orelse)
        self.jump_to(exit_)
        self.finish(exit_)

    def unrolled_loop(self, s, start, stop, step_sign, u: int):
        """The first part of an unrolled ``for i in range(...)`` (step 1):
        ``u`` copies of the body per trip while that many iterations remain,
        one compare and one branch per trip. Returns the counter after it; the
        rotated loop runs the rest (fewer than ``u`` iterations) and the
        ``else`` clause."""
        it = s.iter
        counter = self._hidden_name("u")
        self.types[counter] = T.INT
        self.env[counter] = Var(start)
        with self.at(it):
            # last = stop - (u - 1): a trip runs while counter < last; where
            # that would overflow no trip can run at all (INT64_MIN)
            low = self.b.constant(ranges.INT64_MIN + u - 1, T.INT)
            _, too_low = self.b.apply_compare("lt", stop, low)
            _, last = self.b.apply_binary("sub", stop, self.b.constant(u - 1, T.INT), T.INT, infallible=True)
            last = self.b.select(self.b.bool_to_pred(too_low), self.b.constant(ranges.INT64_MIN, T.INT), last)
            # and every counter within +-2**53, so float(i + k) is float(i) + k
            # exactly: one int->float conversion per trip (see float_shadow)
            _, lo_ok = self.b.apply_compare("ge", start, self.b.constant(-_EXACT_FLOAT_INT, T.INT))
            _, hi_ok = self.b.apply_compare("le", stop, self.b.constant(_EXACT_FLOAT_INT, T.INT))
            go = arith.andi(self.emit.range_more(start, last, None, step_sign),
                            arith.andi(self.b.bool_to_pred(lo_ok), self.b.bool_to_pred(hi_ok), ip=self.ip()),
                            ip=self.ip())
            enter, skip = self.new_block(), self.new_block()
            self.cond_br(go, [], [], enter, skip)
        after = _Join()
        pre_env = dict(self.env)
        self.block, self.env = skip, dict(pre_env)
        self.jump_to(after)
        self.block, self.env = enter, pre_env
        carried = sorted((_assigned_names(s.body) | {s.target.name}) & set(self.types)) + [counter]
        header, layout = self.enter_loop_header(carried, s)
        target_type = self.type_of(s.target.name)
        interval = self.loop_interval(it, step_sign) if target_type is T.INT else None
        one = None
        shadows = _FloatShadows(self, it)
        for k in range(u):
            i = self.env[counter].value
            shadows.copy_starts(k, i)
            self.env[s.target.name] = Var(self.emit.coerce(i, target_type), None, interval)
            self.visit_body(s.body)
            if self.block is None:
                break
            with self.at(it):
                one = one or self.b.constant(1, T.INT)
                _, nxt = self.b.apply_binary("add", i, one, T.INT, infallible=True)  # i < last <= stop - 1
            self.env[counter] = Var(nxt)
        shadows.close()
        if self.block is not None:
            with self.at(it):
                more = self.emit.range_more(self.env[counter].value, last, None, step_sign)
                done = self.new_block()
                self.cond_br(more, self._edge_values(self.env, layout), [], header, done)
            self.block = done
            self.jump_to(after)
        self.finish(after)
        return self.env[counter].value if self.block is not None else None

    def loop_interval(self, it, step_sign):
        """Where a ``range()`` loop variable lies while the body runs."""
        args = it.args
        if len(args) == 1:
            start, stop = (0, 0), self.interval(args[0]) or ranges.FULL
        else:
            start, stop = self.interval(args[0]), self.interval(args[1]) or ranges.FULL
        if start is None or step_sign is None:
            return None
        if step_sign > 0:
            return (start[0], stop[1] - 1)
        return (stop[0] + 1, start[1])

    def stmt_Break(self, s):
        if not self.loops:
            raise error_at(s, "'break' outside loop")
        self.jump_to(self.loops[-1].exit)

    def stmt_Continue(self, s):
        if not self.loops:
            raise error_at(s, "'continue' not properly in loop")
        self.jump_to(self.loops[-1].cont)

    def enter_loop_header(self, carried: list[str], node):
        """Branch into a new loop header whose arguments are the carried names."""
        layout = [(name, self.env.get(name) is None or self.env[name].bound is not None)
                  for name in carried]
        header, carried_vars = self._block_for(layout)
        with _loc(self.fn, node):
            self.br(self._edge_values(self.env, layout), header)
        ints = [n for n in carried if self.type_of(n) is T.INT and not n.startswith("$")]
        entry = {n: self.env[n].range for n in ints if self.env.get(n) is not None}
        for name, iv in ranges.carried_intervals(node, ints, entry).items():
            var = carried_vars[name]
            carried_vars[name] = Var(var.value, var.bound, iv)
        self.env.update(carried_vars)
        self.block = header
        return header, layout

    def close_loop(self, header_info, back: _Join):
        header, layout = header_info
        for block, env in back.preds:
            with self.in_block(block), ir.Location.unknown():
                self.br(self._edge_values(env, layout), header)
        self.block = None

    def _hidden_name(self, what: str) -> str:
        self._hidden += 1
        return f"${what}{self._hidden}"

    # ---- conditions ---------------------------------------------------------------------
    def branch_on(self, test, true_block: ir.Block, false_block: ir.Block):
        """Branch on the truth of ``test`` without materializing and/or values;
        return the int intervals each edge implies (name → interval dicts)."""
        facts = ranges.narrow(test, self.range_of, lambda n: self.type_of(n) is T.INT,
                              lambda node: self.program_type(node) in (T.INT, T.BOOL))
        self._branch(test, true_block, false_block)
        return facts

    def narrowed(self, env: dict, facts: dict) -> dict:
        """A copy of ``env`` with the names in ``facts`` known to lie in their intervals."""
        env = dict(env)
        for name, iv in facts.items():
            var = env.get(name)
            if var is not None:
                env[name] = Var(var.value, var.bound, ranges.meet(var.range, iv) or var.range)
        return env

    def range_of(self, name: str):
        """The interval ``name``'s current value is known to lie in (None: unknown)."""
        t = self.type_of(name)
        var = self.env.get(name)
        if var is None:
            return None
        if t is T.BOOL:
            return (0, 1)
        return var.range if t is T.INT else None

    def interval(self, node):
        return ranges.of_node(node, self.range_of)

    def _branch(self, test, true_block: ir.Block, false_block: ir.Block) -> None:
        if isinstance(test, nodes.UnaryOp) and test.op == "not":
            return self._branch(test.operand, false_block, true_block)
        if isinstance(test, nodes.BoolOp):
            for v in test.values[:-1]:
                nxt = self.new_block()
                if test.op == "and":
                    self._branch(v, nxt, false_block)
                else:
                    self._branch(v, true_block, nxt)
                self.block = nxt
            return self._branch(test.values[-1], true_block, false_block)
        with self.at(test):
            value = self.expr(test)
            if self.block is None:
                return
            pred = self.b.bool_to_pred(self.emit.truth(value))
            self.cond_br(pred, [], [], true_block, false_block)
        self.block = None

    # ---- expressions ----------------------------------------------------------------------
    def expr(self, e) -> ir.Value:
        """Emit ``e``; afterwards ``self.block`` is None if it always raises."""
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is None:
            raise error_at(e, f"{_describe(e)} is not supported",
                           "see the README for the Python subset pydm compiles")
        with self.at(e):
            return method(e)

    def expr_Const(self, e):
        const_type(e, e.value)
        return self.emit.const(e.value)

    def expr_Name(self, e):
        return self.load(e.name, e)

    def load(self, name, node):
        var = self.env.get(name)
        if name not in self.fn.locals:
            raise error_at(node, f"global name '{name}' is not supported",
                           "pydm functions read only their parameters and local variables")
        message = f"cannot access local variable '{name}' where it is not associated with a value"
        if var is None:
            self.raise_here("UnboundLocalError", message)
            return self.dummy(self.type_of(name))
        if var.bound is not None:
            self.emit.raise_if(var.bound, "UnboundLocalError", message, when=False)
            self.env[name] = Var(var.value, None, var.range)  # checked: bound from here on
        return var.value

    def expr_BinOp(self, e):
        lhs = self.expr(e.left)
        rhs = self.expr(e.right) if self.block is not None else lhs
        if self.block is None:
            return lhs
        return self.emit.binary(e.op, lhs, rhs, e, const_value(e.right),
                                no_overflow=ranges.op_fits(e, self.range_of),
                                nonneg=ranges.nonneg(e.left, self.range_of) and ranges.nonneg(e.right, self.range_of),
                                nonzero_divisor=ranges.sign(e.right, self.range_of) == ranges.POS)

    def expr_UnaryOp(self, e):
        if e.op == "-" and isinstance(e.operand, nodes.Const) and type(e.operand.value) is int \
                and e.operand.value == 2**63:
            return self.emit.const(-2**63)  # the literal INT64_MIN
        x = self.expr(e.operand)
        if self.block is None:
            return x
        if e.op == "not":
            return self.b.not_(self.emit.truth(x))
        return self.emit.unary(sem.UNARY[e.op], x, e)

    def expr_Compare(self, e):
        exact = self._exact_type_test(e)
        if exact is not None:
            return exact
        if len(e.ops) == 1:
            lhs = self.expr(e.left)
            rhs = self.expr(e.ops[0][1]) if self.block is not None else lhs
            if self.block is None:
                return lhs
            return self.emit.compare(e.ops[0][0], lhs, rhs, e, e.left, e.ops[0][1])
        # a < b < c: b evaluated once; stop at the first false comparison
        merge = self.new_block(d.ir_type(T.BOOL))
        lhs = self.expr(e.left)
        left_node = e.left
        for i, (op, right_node) in enumerate(e.ops):
            if self.block is None:
                break
            rhs = self.expr(right_node)
            if self.block is None:
                break
            result = self.emit.compare(op, lhs, rhs, e, left_node, right_node)
            if self.block is None:
                break
            if i == len(e.ops) - 1:
                self.br([result], merge)
            else:
                nxt = self.new_block()
                self.cond_br(self.b.bool_to_pred(result), [], [result], nxt, merge)
                self.block = nxt
            lhs, left_node = rhs, right_node
        return self.enter_merge(merge)

    def _exact_type_test(self, e):
        """``type(x) is int`` (also ``is not``, ``==``, ``!=``): the exact run-time type."""
        if len(e.ops) != 1:
            return None
        op, right = e.ops[0]
        left = e.left
        if not (op in ("is", "is not", "==", "!=") and isinstance(left, nodes.Call)
                and isinstance(left.func, nodes.Name) and left.func.name == "type"
                and "type" not in self.fn.locals and len(left.args) == 1 and not left.keywords):
            return None
        if not (isinstance(right, nodes.Name) and right.name in sem.EXACT_TYPE_CODES):
            raise error_at(right, "type(x) can be compared only with int, float or bool",
                           "write type(x) is int, type(x) is float or type(x) is bool")
        x = self.expr(left.args[0])
        if self.block is None:
            return x
        hit = self.emit.type_test(x, sem.EXACT_TYPE_CODES[right.name])
        return self.b.not_(hit) if op in ("is not", "!=") else hit

    def _isinstance(self, e):
        if len(e.args) != 2 or e.keywords:
            raise error_at(e, "isinstance() takes 2 arguments")
        classes = e.args[1]
        elts = classes.elts if isinstance(classes, nodes.Tuple) else [classes]
        names = []
        for c in elts:
            if not (isinstance(c, nodes.Name) and c.name in sem.ISINSTANCE_CODES):
                raise error_at(c, "isinstance() supports the classes int, float, bool and object",
                               "test with isinstance(x, int), isinstance(x, (int, float)), ...")
            names.extend(sem.ISINSTANCE_CODES[c.name])
        x = self.expr(e.args[0])
        if self.block is None:
            return x
        return self.emit.type_test(x, tuple(names))

    def expr_BoolOp(self, e):
        """``a and b`` / ``a or b``: the deciding operand's value, not a bool."""
        types = [self.program_type(v) for v in e.values]
        result = T.BOTTOM
        for t in types:
            result = join(result, t)
        merge = self.new_block(d.ir_type(result if result is not T.BOTTOM else T.NONE))
        for i, v in enumerate(e.values):
            value = self.expr(v)
            if self.block is None:
                break
            out = self.emit.coerce(value, result)
            if i == len(e.values) - 1:
                self.br([out], merge)
                break
            truth = self.b.bool_to_pred(self.emit.truth(value))
            nxt = self.new_block()
            if e.op == "and":
                self.cond_br(truth, [], [out], nxt, merge)
            else:
                self.cond_br(truth, [out], [], merge, nxt)
            self.block = nxt
        return self.enter_merge(merge)

    def expr_IfExp(self, e):
        result = join(self.program_type(e.body), self.program_type(e.orelse))
        then_block, else_block = self.new_block(), self.new_block()
        merge = self.new_block(d.ir_type(result if result is not T.BOTTOM else T.NONE))
        facts = self.branch_on(e.test, then_block, else_block)
        env = dict(self.env)
        for block, node, known in ((then_block, e.body, facts[0]), (else_block, e.orelse, facts[1])):
            self.block, self.env = block, self.narrowed(env, known)
            with self.at(node):
                value = self.expr(node)
                if self.block is not None:
                    self.br([self.emit.coerce(value, result)], merge)
        self.env = env
        return self.enter_merge(merge)

    def enter_merge(self, merge: ir.Block):
        """Continue at the join of an expression's paths, whose argument is its
        value; if no path reaches it (every one raised), nothing continues."""
        if not any(True for _ in merge.predecessors):
            self.block = None
            return None
        self.block = merge
        return merge.arguments[0]

    def program_type(self, node) -> PyType:
        """The static type of an expression, by the same rules inference used."""
        from .typing import _FunctionTyper
        typer = _FunctionTyper(self.program, self.spec)
        typer.vars = dict(self.types)
        return typer.expr(node)

    def expr_Call(self, e):
        kind, what = resolve_call(self.program.module, e, self.fn)
        if kind == "intrinsic":
            args = []
            for a in e.args:
                if isinstance(a, nodes.Const) and isinstance(a.value, str):
                    continue  # a message template, read by the intrinsic itself
                args.append(self.expr(a))
                if self.block is None:
                    return args[-1]
            return intrinsics.emit(self.emit, what, args, e)
        if kind == "builtin":
            if what == "isinstance":
                return self._isinstance(e)
            if what == "type":
                raise error_at(e, "type(x) is supported only in comparisons like type(x) is int")
            if what == "range":
                raise error_at(e, "range(...) is only supported as the iterable of a for loop")
            if e.keywords:
                raise error_at(e, f"keyword arguments to {what}() are not supported")
            args = []
            for a in e.args:
                args.append(self.expr(a))
                if self.block is None:
                    return args[-1]
            return self.emit.builtin(what, args, e)
        bound = bind_arguments(e, what)
        values = {}  # the arguments in source order (as CPython evaluates them), then defaults
        for node in list(e.args) + [kw.value for kw in e.keywords or []] + [n for _, n in bound]:
            if id(node) in values:
                continue
            with self.at(node):
                values[id(node)] = self.expr(node)
            if self.block is None:
                return values[id(node)]
        arg_nodes = [node for _, node in bound]
        args = [values[id(node)] for node in arg_nodes]
        spec = self.program.call_specialization(what, [d.value_type(a) for a in args], self.spec)
        args = [self.emit.promote(a, t) if d.value_type(a) is not t else a for a, t in zip(args, spec.arg_types)]
        how = inlining.expansion(self.root_spec, spec, len(self.returns))
        if how is not None:
            return self.inline_call(spec, args, [self.interval(n) for n in arg_nodes], how)
        return self.plain_call(spec, args)

    def plain_call(self, spec: Specialization, args) -> ir.Value:
        call = self.call_op([d.exc_type(), d.ir_type(spec.ret)], spec.symbol, args)
        self.check(call.results[0])
        return call.results[1]

    def inline_call(self, spec: Specialization, args, intervals, how: str) -> ir.Value:
        """The callee's body in place of a call: its own names, loops and
        types; each ``return`` jumps to a join whose value is the call's.
        ``how`` is ``inlining.GUARDS``: only its leading base cases, then the call."""
        saved = (self.spec, self.fn, self.types, self.env, self.loops)
        self.spec, self.fn, self.types, self.loops = spec, spec.func, dict(spec.var_types), []
        self.types[_RETURN] = spec.ret
        self.env = {}
        for name, arg, iv in zip(self.fn.params, args, intervals):
            t = self.type_of(name)
            self.env[name] = Var(self.emit.coerce(arg, t), None, iv if t is T.INT else None)
        done = _Join()
        self.returns.append(done)
        body = self.fn.node.body
        if how == inlining.GUARDS:
            for test, value in inlining.leading_guards(body):
                hit, miss = self.new_block(), self.new_block()
                with self.at(test):
                    facts = self.branch_on(test, hit, miss)
                env = self.env
                self.block, self.env = hit, self.narrowed(env, facts[0])
                with self.at(value):
                    result = self.expr(value)
                    if self.block is not None:
                        self.emit_return(result)
                self.block, self.env = miss, self.narrowed(env, facts[1])
            if self.block is not None:
                self.emit_return(self.plain_call(spec, args))
        else:
            self.visit_body(_skip_docstring(body))
            if self.block is not None:
                with _loc(self.fn, body[-1] if body else self.fn.node):
                    self.emit_return(self.emit.const(None))
        self.finish(done)
        self.returns.pop()
        result = self.env[_RETURN].value if self.block is not None else None
        self.spec, self.fn, self.types, self.env, self.loops = saved
        return result

    def expr_Tuple(self, e):
        raise error_at(e, "tuple values are not supported yet",
                       "tuples are supported only as both sides of an assignment like a, b = b, a")


_EXACT_FLOAT_INT = 2 ** 53  # every int of at most this magnitude is exactly a float


class _FloatShadows:
    """float(i) of an unrolled loop's counters, built on first use: the trip's
    first copy converts its counter once, copy k adds k.0 (exact: the loop
    only unrolls with counters within +-2**53). ``vm.cast.si64.f64`` costs as
    much as four simple VM ops. The ops go before a placeholder at the start
    of each copy, so they dominate every use in the copy."""

    def __init__(self, importer, node):
        self.f, self.node = importer, node
        self.anchors: list = []
        self.values: list = []
        self.base = None

    def copy_starts(self, k: int, counter) -> None:
        anchor = arith.constant(d.i1(), 0, ip=self.f.ip())
        self.anchors.append(anchor.owner)
        self.values.append(counter)
        self.f.float_shadows[counter] = lambda offset=0.0: self.shadow(k, offset)

    def shadow(self, k: int, offset: float = 0.0):
        """float(i) + offset for copy k's counter i, as float(i0) + (k + offset)
        (the same single rounding when k + offset is exact), or None."""
        exact = not math.isfinite(offset) or Fraction(float(k) + offset) == Fraction(k) + Fraction(offset)
        if not exact:
            return None
        with _loc(self.f.fn, self.node):
            if self.base is None:
                _, self.base = d.convert(self.values[0], T.FLOAT, ip=ir.InsertionPoint(self.anchors[0]))
            if k == 0 and offset == 0.0:
                return self.base
            ip = ir.InsertionPoint(self.anchors[k] if k else self.anchors[0])
            _, out = d.apply_binary("add", self.base, d.constant(float(k) + offset, T.FLOAT, ip=ip), T.FLOAT,
                                    ip=ip)
            return out

    def close(self) -> None:
        for counter in self.values:
            self.f.float_shadows.pop(counter, None)
        for anchor in self.anchors:
            anchor.erase()


class _Builders:
    """``d.<builder>`` bound to the importer's current block."""

    def __init__(self, importer):
        self._importer = importer

    def __getattr__(self, name):
        fn = getattr(d, name)

        def build(*args, **kwargs):
            return fn(*args, ip=self._importer.ip(), **kwargs)
        return build


def _same_flag(a, b) -> bool:
    """Two "bound" flags (i1 values or None) are the same (MLIR values refuse ``== None``)."""
    return a is b or (a is not None and b is not None and a == b)


def _skip_docstring(body):
    if body and isinstance(body[0], nodes.Expr) and isinstance(body[0].value, nodes.Const) and isinstance(
            body[0].value.value, str):
        return body[1:]
    return body


def _assigned_names(body) -> set[str]:
    out = set()
    for stmt in body:
        for n in stmt.nodes_of_class(nodes.AssignName):
            out.add(n.name)
    return out


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


def _describe(node) -> str:
    return _DESCRIPTIONS.get(type(node).__name__, type(node).__name__)
