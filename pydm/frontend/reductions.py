"""Builtins that reduce a generator expression or an iterator call item by
item (part of ``FunctionImporter``): ``any``, ``all``, ``sum``, ``min`` and
``max`` of ``(f(x) for x in xs)``, ``map(f, xs)``, ``filter(...)``, ``zip``...

CPython pulls each item only when the reduction wants it, so which
exception wins and which calls happen at all depends on it: in
``sum(f(x) for x in xs)`` an item that cannot be added raises its TypeError
before ``f`` sees the next ``x``, and ``any(map(f, xs))`` stops calling ``f``
at the first true item. The reduction is therefore a loop over the walk
itself (``each_lazy_item``), never over a list of all the items; it also
builds no list.

A reduction's other arguments (``sum``'s start, ``min``'s default) are
evaluated before the walk here, after its iterable's first part in CPython;
so the walk is lazy only where the difference cannot be seen (see
:meth:`ReductionWalker.quiet`); otherwise the items are collected first, as
before (``calls.py``).
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from ..types import PyType
from .callees import loop_form

T = PyType

#: the builtins reduced item by item
REDUCERS = ("any", "all", "sum", "min", "max")


class ReductionWalker:
    def quiet(self, v) -> bool:
        """Can evaluating ``v`` earlier than CPython does go unseen? A lambda,
        a constant (``-1`` too), a tuple or list display of such, or a name
        that reads a bound local or a module function."""
        fn = self.frame.fn
        if isinstance(v, (nodes.Lambda, nodes.Const)):
            return True
        if isinstance(v, nodes.UnaryOp) and v.op in "+-" and isinstance(v.operand, nodes.Const):
            return True
        if isinstance(v, (nodes.Tuple, nodes.List)):
            return all(not isinstance(x, nodes.Starred) and self.quiet(x) for x in v.elts)
        return isinstance(v, nodes.Name) and v not in self.frame.unbound_reads and (
            v.name in fn.locals or (v.name in self.program.module.functions and v.name not in fn.frees))

    def lazy_source(self, e):
        """The call's one positional argument when it is a generator expression
        or an iterator call (``map``, ``zip``, ``range``...), else None."""
        if len(e.args) != 1 or isinstance(e.args[0], nodes.Starred):
            return None
        first = e.args[0]
        if isinstance(first, nodes.GeneratorExp) or loop_form(first, self.frame.fn):
            return first
        return None

    def walks_lazily(self, what, e) -> bool:
        """``min``/``max(items, key=f)`` of a generator expression or an iterator
        call: the key is called on each item as the walk makes it (CPython
        interleaves them), where evaluating the keywords first cannot be seen."""
        if what not in ("min", "max") or self.lazy_source(e) is None:
            return False
        key = [k.value for k in e.keywords or [] if k.arg == "key"]
        return (bool(key) and not (isinstance(key[0], nodes.Const) and key[0].value is None)
                and all(k.arg is not None and self.quiet(k.value) for k in e.keywords))

    def reduces_lazily(self, what, e) -> bool:
        """Is this call of a reducer (no ``key=``) walked item by item?"""
        if what not in REDUCERS or self.lazy_source(e) is None:
            return False
        allowed = {"sum": ("start",), "min": ("default",), "max": ("default",)}.get(what, ())
        return all(k.arg in allowed and self.quiet(k.value) for k in e.keywords or [])

    def reduce_lazily(self, what, e):
        """The value of ``what(<items>, ...)``, walking the items once."""
        first = self.lazy_source(e)
        keywords = {}
        for k in e.keywords or []:
            keywords[k.arg] = self.expr(k.value)
            if self.fb.block is None:
                return None
        if what in ("any", "all"):
            return self.short_circuit(what, first)
        if what == "sum":
            return self.lazy_sum(first, keywords.get("start"))
        return self.lazy_extreme(what, first, keywords.get("default"))

    def short_circuit(self, name, first):
        """``any`` / ``all``: stop at the first item that decides."""
        want = name == "any"
        merge = self.fb.new_block(d.ir_type(T.BOOL))

        def on_item(v):
            truth = self.emit.truth(v)
            hit, cont = self.fb.new_block(), self.fb.new_block()
            pred = self.b.bool_to_pred(truth if want else self.b.not_(truth))
            self.fb.cond_br(pred, [], [], hit, cont)
            self.fb.block = hit
            self.fb.br([self.b.constant(want, T.BOOL)], merge)
            self.fb.block = cont
        self.each_lazy_item(first, on_item)
        if self.fb.block is not None:
            self.fb.br([self.b.constant(not want, T.BOOL)], merge)
        return self.fb.enter_merge(merge)

    def lazy_sum(self, first, start):
        """``sum``: ``total = total + item`` from ``start`` (0) on, left to right,
        as CPython's ``sum`` (its int and float fast paths give the same
        values); a str start is CPython's TypeError before any item."""
        fb, emit = self.fb, self.emit
        if start is None:
            start = self.b.constant(0, T.INT)
        is_str = emit.type_test(start, ("str",))
        refuse, go = fb.new_block(), fb.new_block()
        fb.cond_br(self.b.bool_to_pred(is_str), [], [], refuse, go)
        fb.block = refuse
        fb.raise_here("TypeError", "sum() can't sum strings [use ''.join(seq) instead]")
        fb.block = go
        total = self.hidden_slot("total")
        fb.store(total, emit.coerce(start, T.OBJECT))

        def on_item(v):
            out = emit.binary("+", fb.load(total, T.OBJECT, False, ""), v)
            if fb.block is not None:
                fb.store(total, emit.coerce(out, T.OBJECT))
        self.each_lazy_item(first, on_item)
        if fb.block is None:
            return None
        return fb.load(total, T.OBJECT, False, "")

    def lazy_extreme(self, name, first, default):
        """``min``/``max``: an item replaces the best only if ``item < best``
        (``>`` for max), as CPython compares; empty: the default, else
        CPython's ValueError."""
        fb, b, emit = self.fb, self.b, self.emit
        best, found = self.hidden_slot("best"), self.hidden_slot("found")
        fb.store(best, emit.coerce(b.constant(None, T.NONE), T.OBJECT))
        fb.store(found, b.constant(False, T.BOOL))

        def on_item(x):
            later, take, done = fb.new_block(), fb.new_block(), fb.new_block()
            fb.cond_br(b.bool_to_pred(fb.load(found, T.BOOL, False, "")), [], [], later, take)
            fb.block = later
            better = emit.compare("<" if name == "min" else ">", x, fb.load(best, T.OBJECT, False, ""))
            if fb.block is not None:
                fb.cond_br(b.bool_to_pred(emit.truth(better)), [], [], take, done)
            fb.block = take
            fb.store(best, emit.coerce(x, T.OBJECT))
            fb.store(found, b.constant(True, T.BOOL))
            fb.goto(done)
            fb.block = done
        self.each_lazy_item(first, on_item)
        if fb.block is None:
            return None
        empty, ok = fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(T.OBJECT))
        fb.cond_br(b.bool_to_pred(fb.load(found, T.BOOL, False, "")), [], [], ok, empty)
        fb.block = empty
        if default is None:
            fb.raise_here("ValueError", f"{name}() arg is an empty sequence")
        else:
            fb.goto(merge, [emit.coerce(default, T.OBJECT)])
        fb.block = ok
        fb.goto(merge, [fb.load(best, T.OBJECT, False, "")])
        return fb.enter_merge(merge)


__all__ = ["ReductionWalker", "REDUCERS"]
