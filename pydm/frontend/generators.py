"""Generator functions, expanded where they are walked (part of ``FunctionImporter``).

A call of a generator function (a ``def`` whose body holds ``yield``: at
module level, or in the walking function when that ``def`` is its name's only
binding there, its closure passed as a nested function's) is compiled where
something walks it: a ``for`` loop, a comprehension's clause, ``enumerate``,
``zip`` with sequences, or a builtin that consumes items (``sum``, ``list``,
``sorted``, ``any``, ``xs.extend``... — they walk it as a ``for`` loop).
The generator's body is copied into the walker, with slots of its own (as a
callee expanded in place, ``calls.py``), and each ``yield v`` binds ``v`` to
the loop's target and runs the loop's body right there. So the generator's
code and the loop's body interleave exactly as CPython runs them (the body
runs at each ``yield``, before the generator goes on), an infinite generator
is fine, and nothing is allocated: no generator object, no frame.

The loop's ``break`` leaves the generator where it stands (CPython closes it:
with no ``try``/``with`` around its ``yield``s nothing runs then), its
``continue`` resumes the generator after the ``yield``; the generator's
``return`` (or its end) ends the loop normally, so the loop's ``else`` runs.

What the expansion cannot give CPython's behaviour for is a compile error:
a ``yield`` inside ``try``/``with`` (an exception raised by the loop's body
would reach the generator's handlers), ``yield`` as a value
(``x = yield v``: only ``for`` drives the generator, which sends None), a
generator that walks itself (recursion), a generator function held in a
variable, and a generator object used as a value (``it = gen(); next(it)``,
``zip`` of two generators).
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from ..errors import CompileError, error_at, note_call_site
from ..types import PyType
from .loops import LoopShape

T = PyType

#: what a generator call may be used as
WALKERS = "a for loop, a comprehension, or the argument of list(), tuple(), sum(), min(), max(), any(), " \
    "all(), sorted(), set() and the other builtins that take an iterable"


def is_generator_function(fn) -> bool:
    """Does ``fn`` (a FunctionInfo) hold a ``yield`` of its own (not of a nested def or lambda)?"""
    cached = getattr(fn, "_is_generator", None)
    if cached is None:
        cached = fn._is_generator = isinstance(fn.node, nodes.FunctionDef) and bool(fn.node.is_generator())
    return cached


def generator_callee(it, fn):
    """The generator function ``it`` calls (a syntax node) by its name: a
    module-level one, or one defined in ``fn`` by a ``def`` that is the name's
    only binding there (its value is then always that closure); else None."""
    if not (isinstance(it, nodes.Call) and isinstance(it.func, nodes.Name)):
        return None
    name = it.func.name
    if name in fn.frees:
        return None
    if name in fn.locals:
        binds = fn.node.locals.get(name, []) if isinstance(fn.node, nodes.FunctionDef) else []
        if len(binds) == 1 and isinstance(binds[0], nodes.FunctionDef):
            nested = fn.nested(binds[0])  # (kept per def, its answer too: loop_form asks often)
            return nested if is_generator_function(nested) else None
        return None
    callee = fn.module.functions.get(name)
    return callee if callee is not None and is_generator_function(callee) else None


def check_generator(fn) -> None:
    """Reject the generators whose expansion would differ from CPython (see the module docstring)."""
    if getattr(fn, "_generator_checked", False):
        return
    for y in fn.node.nodes_of_class((nodes.Yield, nodes.YieldFrom), skip_klass=(nodes.FunctionDef, nodes.Lambda)):
        if isinstance(y, nodes.YieldFrom):
            raise error_at(y, "yield from is not supported", "write: for v in <iterable>: yield v")
        if not isinstance(y.parent, nodes.Expr):
            raise error_at(y, "yield is supported as a statement only (yield v)",
                           "a compiled for loop sends nothing into the generator: the value of yield is None")
        p = y.parent
        while p is not fn.node:
            if isinstance(p, (nodes.Try, nodes.TryStar, nodes.With)):
                what = "with" if isinstance(p, nodes.With) else "try"
                raise error_at(y, f"yield inside {what} is not supported",
                               "the code of the loop that walks the generator would run inside it")
            p = p.parent
    fn._generator_checked = True


class GeneratorWalk:
    """The ``for`` loop walking one expanded generator: where its body goes."""

    def __init__(self, shape, caller, exit_block, handlers: int, item_type, steps=None):
        self.shape = shape  # the walker's LoopShape: target and body
        self.caller = caller  # the walker's frame
        self.exit_block = exit_block  # after the loop (its break)
        self.handlers = handlers  # the walker's handler depth
        self.item_type = item_type
        self.steps = steps  # a zip's checks around the generator's items (ZipSteps), or None


class ZipSteps:
    """``zip(a, gen(...), b)``: the sequences zipped before the generator are
    checked before it is started or resumed, those after it once it has
    yielded (CPython's zip asks its iterators in order, and stops at the first
    that has no item: the generator is not resumed when one before it is done)."""

    def __init__(self, walker, before, after, counter):
        self.walker, self.before, self.after, self.counter = walker, before, after, counter

    def ahead(self, seqs, finished) -> None:
        """Go on only while every sequence of ``seqs`` has an item at the counter, else end the walk."""
        w = self.walker
        if not seqs or w.fb.block is None:
            return
        go = w.fb.new_block()
        w.fb.cond_br(w.all_live(seqs, w.fb.load(self.counter, T.INT, False, "")), [], [], go, finished)
        w.fb.block = go

    def item(self, x, finished):
        """The tuple the loop binds (the generator's item among the sequences' items at the counter)."""
        w = self.walker
        self.ahead(self.after, finished)
        if w.fb.block is None:
            return None
        i = w.fb.load(self.counter, T.INT, False, "")
        parts = [w.emit.element_at(q, i) for q in self.before] + [x] + [w.emit.element_at(q, i) for q in self.after]
        _, nxt = w.b.apply_binary("add", i, w.b.constant(1, T.INT), T.INT, infallible=True)
        w.fb.store(self.counter, nxt)
        return w.emit.make_tuple(parts)


class GeneratorWalker:
    def generator_loop(self, s, prepare=None, steps=None) -> None:
        """``for <target> in gen(args)``: gen's body in place, the loop's body at
        each yield. ``prepare()``, if given, runs after the arguments (False: it raised)."""
        e = s.iter
        fn = generator_callee(e, self.frame.fn)
        try:
            self._generator_loop(s, e, fn, prepare, steps)
        except CompileError as exc:
            raise note_call_site(exc, e) from None

    def enumerated_generator_loop(self, s) -> None:
        """``for <target> in enumerate(gen(args), start)``: numbered as the items come
        (the start is evaluated after gen's arguments and checked, as CPython)."""
        it = s.iter
        if len(it.args) + len(it.keywords or []) > 2 or any(k.arg != "start" for k in it.keywords or []):
            raise error_at(it, "enumerate() takes an iterable and a start")
        given = it.args[1] if len(it.args) > 1 else it.keywords[0].value if it.keywords else None
        counter = self.hidden_slot("n")

        def prepare() -> bool:
            start = self.expr(given) if given is not None else None
            if self.fb.block is None:
                return False
            start = self.enumerate_start(start)
            if self.fb.block is None:
                return False
            self.fb.store(counter, start if start is not None else self.b.constant(0, T.INT))
            return True

        def numbered(x):
            i = self.fb.load(counter, T.INT, False, "")
            self.fb.store(counter, self.emit.binary("+", i, self.b.constant(1, T.INT)))
            if self.fb.block is not None:
                self.store_target(s.target, self.emit.make_tuple([i, x]))
        self.generator_loop(LoopShape(s.node, numbered, it.args[0], s.body, s.orelse), prepare)

    def zipped_generator_loop(self, s) -> None:
        """``for <target> in zip(a, gen(args), b)``: one generator among sequences
        (lists, tuples, ranges, strs), walked together (see ZipSteps)."""
        it = s.iter
        gens = [k for k, a in enumerate(it.args) if generator_callee(a, self.frame.fn) is not None]
        if len(gens) > 1 or it.keywords or any(isinstance(a, nodes.Starred) for a in it.args):
            raise error_at(it, "zip() of two generator calls (or with * or keywords) is not supported",
                           "zip a generator with lists, tuples, ranges or strs")
        k = gens[0]
        counter = self.hidden_slot("z")
        steps = ZipSteps(self, [], [], counter)
        with self.at(it):
            before = self.exprs(it.args[:k])  # every argument first, then each is walked, in order
        if before is None:
            return

        def prepare() -> bool:
            with self.at(it):
                after = self.exprs(it.args[k + 1:])
                if after is None:
                    return False
                for into, values in ((steps.before, before), (steps.after, after)):
                    for v in values:
                        walk = self.emit.iteration(v)
                        if walk is None or self.fb.block is None:
                            return False
                        if walk[1] == "iterator":
                            raise error_at(it, "zip() of a generator and a dict, a set or an iterator is not "
                                           "supported", "zip it with list(x) or sorted(x)")
                        into.append(walk[0])
            self.fb.store(counter, self.b.constant(0, T.INT))
            return True
        self.generator_loop(LoopShape(s.node, s.target, it.args[k], s.body, s.orelse), prepare, steps)

    def _generator_loop(self, s, e, fn, prepare, steps=None) -> None:
        from .importer import _skip_docstring
        check_generator(fn)
        f = self.frame
        while f is not None:
            if f.fn is fn:
                raise error_at(e, f"the generator '{fn.name}' walks itself (recursion): not supported")
            f = f.generator.caller if f.generator is not None else None
        with self.at(e):
            f = None
            if fn.outer is not None:  # a def of this function: its closure, then the arguments
                f = self.expr(e.func)
                if f is None or self.fb.block is None:
                    return
            bound = self.bind_or_raise(e, fn)
            if bound is None:
                return
            values = self.call_arguments(e, bound)
            if values is None:
                return
            closure = []
            if f is not None:
                from .typing import closure_part
                self.stored_defaults(d.value_type(f), f, bound, values)
                closure = closure_part(d.value_type(f), f)
            args = closure + self.bound_values(bound, values)
            spec = self.program.call_specialization(fn, [d.value_type(a) for a in args], self.frame.spec, e)
            if prepare is not None and not prepare():
                return
        caller = self.frame
        finished, exit_block = self.fb.new_block(), self.fb.new_block()
        handlers = len(self.fb.handlers)
        with self.expanded_frame(spec, finished) as frame:
            frame.generator = GeneratorWalk(s, caller, exit_block, handlers, spec.ret, steps)
            for name, arg in zip(fn.params, args):
                self.fb.store(frame.slot(name), self.emit.coerce(arg, frame.var_type(name)))
            if frame.generator.steps is not None:
                frame.generator.steps.ahead(frame.generator.steps.before, finished)
            self.visit_body(_skip_docstring(fn.node.body))
            self.fb.goto(finished)
        if any(True for _ in finished.predecessors):
            self.fb.block = finished
            self.visit_body(s.orelse)
            self.fb.goto(exit_block)
        self.fb.block = exit_block if any(True for _ in exit_block.predecessors) else None

    def yield_item(self, y) -> None:
        """``yield v`` in an expanded generator: bind ``v`` to the walking loop's
        target and run the loop's body (its ``continue`` comes back here)."""
        walk = self.frame.generator
        if walk is None:
            raise error_at(y, "yield outside a generator walked by a compiled loop is not supported")
        value = self.expr(y.value) if y.value is not None else self.emit.const(None)
        if self.fb.block is None:
            return
        value = self.emit.coerce(value, walk.item_type)
        fb = self.fb
        resume = fb.new_block()
        mine = self.frame
        held = fb.handlers[walk.handlers:]  # the generator's traced handler: not the loop body's
        del fb.handlers[walk.handlers:]
        self.frame = walk.caller
        try:
            s = walk.shape
            with self.at(s.where):
                if walk.steps is not None:
                    value = walk.steps.item(value, mine.exit_block)
                if fb.block is not None:
                    self.store_target(s.target, value)
            if fb.block is not None:  # on to resume, unless the body always leaves
                self.walk_loop_body(s.body, resume, walk.exit_block)
        finally:
            self.frame = mine
            fb.handlers.extend(held)
        fb.block = resume if any(True for _ in resume.predecessors) else None
        if walk.steps is not None:  # a zip: the sequences before the generator have an item first
            walk.steps.ahead(walk.steps.before, mine.exit_block)
