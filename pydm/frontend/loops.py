"""The syntax walker's loops (part of ``FunctionImporter``).

``while`` loops test their condition in a header block. ``for`` loops over
``range(...)`` and over tuples are *counted* loops: a counter slot, one test
before the loop, then one compare and branch at the end of each iteration
(rotated). Small bodies of innermost ``range`` loops are unrolled
(``inlining.unroll_factor``). A ``for`` over ``enumerate``, ``zip``,
``reversed``, ``map``, ``filter``, an iterator or an ``object`` picks its walk
in ``iteration.py`` and uses the skeletons here.

Every loop lets the host interrupt it (Ctrl-C): counted loops compare their
counter with a *chunk limit* instead of the stop value and poll the host
each time the counter reaches it (every ``POLL_INTERVAL`` iterations), which
costs nothing per iteration; ``while`` loops (and counted loops with a step
known only at run time) count down a register and poll when it reaches zero.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from astroid import nodes
from astroid.const import Context

from ..errors import CompileError, error_at
from ..types import PyType
from . import inlining
from .literals import const_value
from .callees import loop_form, resolve_call
from .scopes import variable_key

T = PyType

#: iterations between two polls of the host (Ctrl-C)
POLL_INTERVAL = 1 << 16
#: unrolled copies convert their counter to float exactly while it stays in +-2**53
EXACT_FLOAT_INT = 2 ** 53
INT64_MIN = -(1 << 63)


#: builtins a loop body may call and still keep every list's length (``keeps_lengths``)
LENGTH_SAFE_BUILTINS = frozenset({"len", "abs", "min", "max", "int", "float", "bool", "range", "round", "divmod",
                                  "isinstance", "ord", "chr", "str", "hash", "pow"})
#: statements and expressions a length-keeping loop body may not hold
_CHANGING_NODES = (nodes.Delete, nodes.Lambda, nodes.FunctionDef, nodes.ClassDef, nodes.Yield, nodes.YieldFrom,
                   nodes.Await, nodes.Global, nodes.Nonlocal, nodes.NamedExpr, nodes.With)


def _body_nodes(s) -> list | None:
    """The syntax a loop runs per item: a ``for`` statement's body; in a
    comprehension, the ``if``s of this clause, the later clauses and the
    element (None: another shape)."""
    if isinstance(s.node, nodes.For):
        return list(s.node.body)
    gens = getattr(s.node, "generators", None)
    k = next((k for k, g in enumerate(gens or ()) if g.target is s.target), None)
    if k is None:
        return None
    out = list(gens[k].ifs)
    for g in gens[k + 1:]:
        out += [g.iter, g.target, *g.ifs]
    return out + [x for x in (getattr(s.node, "elt", None), getattr(s.node, "key", None),
                              getattr(s.node, "value", None)) if x is not None]


@dataclass
class LoopShape:
    """A ``for`` loop or one ``for`` clause of a comprehension: its syntax
    node (for locations and unrolling), target, iterable, a callable that
    walks the body, and the ``else`` statements."""

    node: object
    target: object
    iter: object
    body: Callable[[], None]
    orelse: list

    @property
    def where(self):
        """The node the binding of each item is located at (a target given as a
        callable, which takes the item itself, is located at the loop)."""
        return self.node if callable(self.target) else self.target


class LoopWalker:
    # ---- while -------------------------------------------------------------------------
    def stmt_While(self, s):
        fb = self.fb
        countdown = self.hidden_slot("poll")
        fb.store(countdown, self.b.constant(POLL_INTERVAL, T.INT))
        header, body, latch, exit_ = fb.new_block(), fb.new_block(), fb.new_block(), fb.new_block()
        fb.br([], header)
        fb.block = header
        infinite = isinstance(s.test, nodes.Const) and bool(s.test.value)
        orelse = None
        if infinite:  # `while True:` leaves only by break/return/raise (and never runs else)
            fb.br([], body)
            fb.block = None
        else:
            orelse = fb.new_block()
            with self.at(s.test):
                self.branch_on(s.test, body, orelse)
        fb.block = body
        if self.walk_loop_body(s.body, latch, exit_):
            with self.at(s):
                self.count_down(countdown, header)
        if orelse is not None:
            fb.block = orelse
            self.visit_body(s.orelse)
            fb.goto(exit_)
        fb.block = exit_ if any(True for _ in exit_.predecessors) else None

    def walk_loop_body(self, body, latch, exit_) -> bool:
        """Walk a loop body (``continue`` goes to ``latch``, ``break`` to
        ``exit_``), then on to the latch; False if no path reaches the latch
        (then there is no current block), else the latch is the current block."""
        fb = self.fb
        self.frame.loops.append((latch, exit_, len(self.frame.finally_stack)))
        if callable(body):
            body()
        else:
            self.visit_body(body)
        self.frame.loops.pop()
        fb.goto(latch)
        if not any(True for _ in latch.predecessors):
            return False
        fb.block = latch
        return True

    def count_down(self, slot, loop_head):
        """The end of an iteration: decrement the poll countdown; at zero poll
        the host and restart it; then on to ``loop_head``."""
        fb = self.fb
        left = fb.load(slot, T.INT, False, "")
        left = self.b.range_next(left, self.b.constant(0, T.INT), self.b.constant(-1, T.INT))  # left > 0
        fb.store(slot, left)
        _, more = self.b.apply_compare("ne", left, self.b.constant(0, T.INT))
        poll = fb.new_block()
        fb.cond_br(self.b.bool_to_pred(more), [], [], loop_head, poll)
        fb.block = poll
        fb.check(self.b.poll())
        fb.store(slot, self.b.constant(POLL_INTERVAL, T.INT))
        fb.goto(loop_head)

    def poll_on_entry(self) -> None:
        """A function that calls compiled functions counts its calls down and
        polls the host every ``POLL_INTERVAL`` calls: a recursion runs no
        loop, yet must stop on Ctrl-C. (A leaf function cannot run long
        without a loop, which polls; copies expanded in place count nothing.)"""
        fb = self.fb
        poll, body = fb.new_block(), fb.new_block()
        fb.cond_br(self.b.bool_to_pred(self.b.poll_tick()), [], [], body, poll)
        fb.block = poll
        fb.check(self.b.poll())
        fb.goto(body)
        fb.block = body

    # ---- for ---------------------------------------------------------------------------
    def stmt_For(self, s):
        if not isinstance(s.target, (nodes.AssignName, nodes.Tuple, nodes.List)):
            raise error_at(s.target, "for-loop targets other than names and tuples of names are not supported")
        self.for_loop(LoopShape(s, s.target, s.iter, lambda: self.visit_body(s.body), s.orelse))

    def for_loop(self, s: LoopShape):
        """Any ``for``: over ``range(...)`` (counted), a tuple (counted), a list
        (index-based, its length read before each item), ``enumerate``,
        ``zip``, ``reversed``, or an object holding a tuple or a list."""
        form = loop_form(s.iter, self.frame.fn)
        if form == "generator":
            return self.generator_loop(s)
        if form == "enumerate" and s.iter.args and loop_form(s.iter.args[0], self.frame.fn) == "generator":
            return self.enumerated_generator_loop(s)
        if form == "zip" and any(loop_form(a, self.frame.fn) == "generator" for a in s.iter.args):
            return self.zipped_generator_loop(s)
        if form in ("map", "filter"):
            return self.mapped_loop(s, form)
        if form in ("enumerate", "zip", "reversed") and not any(
                self.frame.spec.type_of(a) is T.ITERATOR or self.frame.spec.type_of(a).is_dynamic
                for a in s.iter.args):
            return self.iterator_loop(s, form)
        if form in ("enumerate", "zip", "reversed"):  # over an iterator or an object (which may hold a
            form = None  # dict, a set or a view, walked by its own iterator): an iterator object, walked lazily
        if form == "range":
            it = s.iter
            if it.keywords or not 1 <= len(it.args) <= 3:
                raise error_at(it, f"range expected 1 to 3 positional arguments, got {len(it.args)}")
            with self.at(it):
                values = self.exprs(it.args)
                if values is None:
                    return
                bounds = self.emit.range_bounds(values, const_value(it.args[2]) if len(it.args) == 3 else None)
            if bounds is None:
                return
            start, stop, step, sign = bounds
            step_value = 1 if len(it.args) < 3 else const_value(it.args[2])
            copies = inlining.unroll_factor(s.node, sign, it) if isinstance(s.node, nodes.For) else 1
            self.counted_loop(s, start, stop, step, step_value, sign, lambda i: i, copies)
            return
        with self.at(s.iter):
            seq = self.expr(s.iter)
            if self.fb.block is None:
                return
            if self.emit.type(seq).is_dynamic:
                self.object_loop(s, seq)
                return
            walk = self.emit.iteration(seq)
        if walk is None:
            return
        seq, n = walk
        if self.frame.spec.type_of(s.iter).is_tuple and self.frame.spec.type_of(s.iter).elts == ():
            self.visit_body(s.orelse)  # an empty tuple: the body never runs (its items have no type)
            return
        if n == "iterator":
            self.iterator_object_loop(s, seq)
            return
        if n is None:  # a list
            self.list_loop(s, [seq], lambda i: self.emit.element_at(seq, i))
            return
        zero, one = self.b.constant(0, T.INT), self.b.constant(1, T.INT)
        self.counted_loop(s, zero, n, one, 1, 1, lambda i: self.emit.element_at(seq, i), 1)

    def list_loop(self, s: LoopShape, seqs, item):
        """A loop over index 0, 1, ... while it is below the length of every
        sequence of ``seqs`` (lists, tuples; ``item(i)`` bound to the target).
        CPython's list iterator reads the length before each item; where the
        body cannot change any list's length (``keeps_lengths``) that is the
        length read once, and the loop a counted one (unrolled as a ``range``'s)."""
        if not self.keeps_lengths(s):
            more = (lambda i: self.live_in_range(seqs[0], i)) if len(seqs) == 1 else (lambda i: self.all_live(seqs, i))
            self.index_loop(s, self.b.constant(0, T.INT), 1, more, item)
            return
        n = self.emit.length(seqs[0])
        for q in seqs[1:]:
            m = self.emit.length(q)
            _, shorter = self.b.apply_compare("lt", m, n)
            n = self.b.select(self.b.bool_to_pred(shorter), m, n)
        copies = inlining.body_unroll_factor(s.node) if isinstance(s.node, nodes.For) else 1
        zero, one = self.b.constant(0, T.INT), self.b.constant(1, T.INT)
        self.counted_loop(s, zero, n, one, 1, 1, item, copies)

    def keeps_lengths(self, s: LoopShape) -> bool:
        """Can nothing in the loop's body (a ``for`` statement's, or the rest of
        a comprehension past this clause) change a list's length? No call but
        of the builtins in ``LENGTH_SAFE_BUILTINS``, no ``del``, no slice
        assignment, no augmented assignment but of a number or str variable,
        no nested function (read from the syntax: conservative)."""
        roots = _body_nodes(s)
        if roots is None:
            return False
        for root in roots:
            for node in root.nodes_of_class(nodes.NodeNG):
                if isinstance(node, nodes.Call):
                    if not self.length_safe_call(node):
                        return False
                elif isinstance(node, _CHANGING_NODES):
                    return False
                elif isinstance(node, nodes.Subscript) and isinstance(node.slice, nodes.Slice) and \
                        node.ctx != Context.Load:  # a slice assigned or deleted
                    return False
                elif isinstance(node, nodes.AugAssign) and not (
                        isinstance(node.target, nodes.AssignName)
                        and self.frame.var_type(variable_key(node.target)) in (T.INT, T.FLOAT, T.BOOL, T.STR)):
                    return False
        return True

    def length_safe_call(self, call) -> bool:
        """Is ``call`` one of the builtins that cannot change a list's length?"""
        try:
            kind, what = resolve_call(self.program.module, call, self.frame.fn, self.program)
        except CompileError:
            return False
        if what in ("min", "max") and any(k.arg == "key" for k in call.keywords or ()):
            return False  # the key function runs on each item
        return kind == "builtin" and what in LENGTH_SAFE_BUILTINS

    def index_loop(self, s: LoopShape, start, step: int, more, item):
        """A loop over an index from ``start`` by ``step`` (+1/-1) while
        ``more(i)`` (an i1 built before each item) holds; ``item(i)`` is bound
        to the target. Polls the host like ``while``."""
        fb = self.fb
        counter = self.hidden_slot("i")
        countdown = self.hidden_slot("poll")
        fb.store(counter, start)
        fb.store(countdown, self.b.constant(POLL_INTERVAL, T.INT))
        header, body, latch, ran_out, exit_ = (fb.new_block() for _ in range(5))
        fb.br([], header)
        fb.block = header
        with self.at(s.iter):
            fb.cond_br(more(fb.load(counter, T.INT, False, "")), [], [], body, ran_out)
        fb.block = body
        with self.at(s.where):
            value = item(fb.load(counter, T.INT, False, ""))
            if fb.block is None:
                return
            self.store_target(s.target, value)
        if fb.block is not None and self.walk_loop_body(s.body, latch, exit_):
            with self.at(s.iter):
                i = fb.load(counter, T.INT, False, "")
                _, nxt = self.b.apply_binary("add", i, self.b.constant(step, T.INT), T.INT, infallible=True)
                fb.store(counter, nxt)
                self.count_down(countdown, header)
        fb.block = ran_out
        self.visit_body(s.orelse)
        fb.goto(exit_)
        fb.block = exit_ if any(True for _ in exit_.predecessors) else None

    def counted_loop(self, s, start, stop, step, step_value, sign, item, copies: int):
        """``for <target> in <sequence>``: the counter runs from ``start`` towards
        ``stop`` by ``step`` (``step_value``, ``sign``: its value and sign when
        known, else None); ``item(counter)`` is the value bound to the target."""
        fb = self.fb
        counter = self.hidden_slot("i")
        if copies > 1:
            start = self.unrolled_part(s, start, stop, item, copies)
            if fb.block is None:
                return
        fb.store(counter, start)
        limit = self.hidden_slot("limit") if sign is not None else None
        countdown = self.hidden_slot("poll") if sign is None else None
        body, latch, ran_out, exit_ = fb.new_block(), fb.new_block(), fb.new_block(), fb.new_block()
        enter = fb.new_block()
        with self.at(s.iter):
            fb.cond_br(self.emit.range_more(start, stop, step, sign), [], [], enter, ran_out)
            fb.block = enter
            if limit is not None:
                fb.store(limit, self.chunk_limit(start, stop, step_value, sign))
            else:
                fb.store(countdown, self.b.constant(POLL_INTERVAL, T.INT))
            fb.br([], body)
        fb.block = body
        with self.at(s.where):
            self.store_target(s.target, item(fb.load(counter, T.INT, False, "")))
        if self.walk_loop_body(s.body, latch, exit_):
            with self.at(s.iter):
                nxt = self.b.range_next(fb.load(counter, T.INT, False, ""), stop, step)
                fb.store(counter, nxt)
                if limit is None:
                    more, tail = fb.new_block(), None
                    fb.cond_br(self.emit.range_more(nxt, stop, step, sign), [], [], more, ran_out)
                    fb.block = more
                    self.count_down(countdown, body)
                else:
                    lim = fb.load(limit, T.INT, False, "")
                    tail = fb.new_block()
                    fb.cond_br(self.emit.range_more(nxt, lim, step, sign), [], [], body, tail)
                    fb.block = tail
                    poll = fb.new_block()
                    fb.cond_br(self.emit.range_more(nxt, stop, step, sign), [], [], poll, ran_out)
                    fb.block = poll
                    fb.check(self.b.poll())
                    fb.store(limit, self.chunk_limit(nxt, stop, step_value, sign))
                    fb.goto(body)
        fb.block = ran_out
        self.visit_body(s.orelse)
        fb.goto(exit_)
        fb.block = exit_ if any(True for _ in exit_.predecessors) else None

    def chunk_limit(self, i, stop, step_value: int, sign: int):
        """Where the counter next stops to poll: ``POLL_INTERVAL`` steps of
        ``step_value`` from ``i``, or ``stop`` if that comes first (no overflow)."""
        far = max(-2**63, min(2**63 - 1, step_value * POLL_INTERVAL))
        candidate = self.b.range_next(i, stop, self.b.constant(far, T.INT))
        before = self.emit.range_more(candidate, stop, None, sign)
        return self.b.select(before, candidate, stop)

    def unrolled_part(self, s, start, stop, item, u: int):
        """The first part of an unrolled ``for i in range(...)`` (step 1): ``u``
        copies of the body per trip while that many iterations remain, one
        compare and one branch per trip. Returns the counter after it; the
        rotated loop runs the rest (fewer than ``u`` iterations) and the
        ``else`` clause."""
        fb = self.fb
        counter = self.hidden_slot("u")
        limit = self.hidden_slot("limit")
        fb.store(counter, start)
        trip, tail, after = fb.new_block(), fb.new_block(), fb.new_block()
        with self.at(s.iter):
            # every counter within +-2**53, so float(i + k) is float(i) + k
            # exactly (pass int-ranges converts the counter once per trip)
            _, hi_ok = self.b.apply_compare("le", stop, self.b.constant(EXACT_FLOAT_INT, T.INT))
            check_lo, check_trip, enter = fb.new_block(), fb.new_block(), fb.new_block()
            fb.cond_br(self.b.bool_to_pred(hi_ok), [], [], check_lo, after)
            fb.block = check_lo
            _, lo_ok = self.b.apply_compare("ge", start, self.b.constant(-EXACT_FLOAT_INT, T.INT))
            fb.cond_br(self.b.bool_to_pred(lo_ok), [], [], check_trip, after)
            fb.block = check_trip
            # last = stop - (u - 1): a trip runs while counter < last; where
            # that would overflow no trip can run at all (INT64_MIN)
            low = self.b.constant(INT64_MIN + u - 1, T.INT)
            _, too_low = self.b.apply_compare("lt", stop, low)
            _, last = self.b.apply_binary("sub", stop, self.b.constant(u - 1, T.INT), T.INT, infallible=True)
            last = self.b.select(self.b.bool_to_pred(too_low), self.b.constant(INT64_MIN, T.INT), last)
            fb.cond_br(self.emit.range_more(start, last, None, 1), [], [], enter, after)
            fb.block = enter
            fb.store(limit, self.chunk_limit(start, last, 1, 1))
            fb.br([], trip)
        fb.block = trip
        for _ in range(u):
            with self.at(s.where):
                i = fb.load(counter, T.INT, False, "")
                self.store_target(s.target, item(i))
            s.body()
            if fb.block is None:
                break
            with self.at(s.iter):
                i = fb.load(counter, T.INT, False, "")
                nxt = self.b.range_next(i, last, self.b.constant(1, T.INT))  # i < last <= stop - 1
                fb.store(counter, nxt)
        if fb.block is not None:
            with self.at(s.iter):
                i = fb.load(counter, T.INT, False, "")
                lim = fb.load(limit, T.INT, False, "")
                fb.cond_br(self.emit.range_more(i, lim, None, 1), [], [], trip, tail)
                fb.block = tail
                poll = fb.new_block()
                fb.cond_br(self.emit.range_more(i, last, None, 1), [], [], poll, after)
                fb.block = poll
                fb.check(self.b.poll())
                fb.store(limit, self.chunk_limit(i, last, 1, 1))
                fb.goto(trip)
        if not any(True for _ in after.predecessors):
            fb.block = None
            return None
        fb.block = after
        return fb.load(counter, T.INT, False, "")
