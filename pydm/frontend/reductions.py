"""Builtins and methods that consume a generator expression or an iterator
call item by item (part of ``FunctionImporter``): ``any``, ``all``, ``sum``,
``min``, ``max``, ``set``, ``frozenset``, ``dict`` of ``(f(x) for x in xs)``,
``map(f, xs)``, ``filter(...)``, ``zip``..., and ``xs.extend(...)``,
``s.update(...)``, ``d.update(...)``, ``sep.join(...)`` of them.

CPython pulls each item only when the reduction wants it, so which
exception wins and which calls happen at all depends on it: in
``sum(f(x) for x in xs)`` an item that cannot be added raises its TypeError
before ``f`` sees the next ``x``, and ``any(map(f, xs))`` stops calling ``f``
at the first true item; ``xs.extend(...)`` has appended the items made
before one raised. The reduction is therefore a loop over the walk itself
(``each_lazy_item``), never over a list of all the items; it also builds no
list. ``str.join`` is the exception: CPython collects the items first.

A consumer's other arguments (``sum``'s start, ``min``'s default,
``sorted``'s ``reverse=``) are evaluated before any item, as in CPython,
which evaluates them after the generator's first iterable: here before it,
so only where that cannot be seen (:meth:`ReductionWalker.quiet`: the
arguments, or the first iterable, are quiet). Otherwise the items are
collected first and the arguments evaluated after them (``calls.py``; a known
divergence, pinned in ``tests/regressions/test_reduction_argument_order.py``).
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from ..types import PyType
from .callees import loop_form

T = PyType

#: the builtins reduced item by item (and what keywords each may take)
REDUCERS = {"any": (), "all": (), "sum": ("start",), "min": ("default",), "max": ("default",),
            "set": (), "frozenset": (), "dict": None}
#: the methods that consume their one argument item by item
CONSUMING_METHODS = ("extend", "update", "join")
#: what may take a generator expression or a map/filter object (for messages)
TAKERS = "list(), tuple(), sorted(), sum(), min(), max(), any(), all(), set(), frozenset(), dict(), " \
    "xs.extend(), s.update(), d.update(), sep.join()"


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

    def lazy_source(self, e, positional: int = 1):
        """The call's first positional argument when it is a generator expression
        or an iterator call (``map``, ``zip``, ``range``...) and the call has at
        most ``positional`` positional arguments, else None."""
        if not 1 <= len(e.args) <= positional or any(isinstance(a, nodes.Starred) for a in e.args):
            return None
        first = e.args[0]
        if isinstance(first, nodes.GeneratorExp) or loop_form(first, self.frame.fn):
            return first
        return None

    def source_quiet(self, first) -> bool:
        """Is the part of a lazy source CPython evaluates when the call is made
        quiet (a generator expression's first iterable; an iterator call's
        arguments)? Then the call's other arguments may be evaluated first."""
        if isinstance(first, nodes.GeneratorExp):
            return self.quiet(first.generators[0].iter)
        return all(self.quiet(a) for a in list(first.args) + [k.value for k in first.keywords or []])

    def others_first(self, e, first) -> bool:
        """May the call's other arguments be evaluated before its items (the
        order cannot be seen, or is CPython's)?"""
        others = list(e.args[1:]) + [k.value for k in e.keywords or []]
        return not others or self.source_quiet(first) or all(self.quiet(v) for v in others)

    def walks_lazily(self, what, e) -> bool:
        """``min``/``max(items, key=f)`` of a generator expression or an iterator
        call: the key is called on each item as the walk makes it (CPython
        interleaves them), where evaluating the keywords first cannot be seen."""
        first = self.lazy_source(e) if what in ("min", "max") else None
        if first is None:
            return False
        key = [k.value for k in e.keywords or [] if k.arg == "key"]
        return (bool(key) and not (isinstance(key[0], nodes.Const) and key[0].value is None)
                and all(k.arg is not None for k in e.keywords) and self.others_first(e, first))

    def reduces_lazily(self, what, e) -> bool:
        """Is this call of a reducer (no ``key=``) walked item by item?"""
        first = self.lazy_source(e, 2 if what == "sum" else 1) if what in REDUCERS else None
        if first is None:
            return False
        allowed = REDUCERS[what]
        return all(k.arg is not None and (allowed is None or k.arg in allowed) for k in e.keywords or []) \
            and not (len(e.args) == 2 and any(k.arg == "start" for k in e.keywords or [])) \
            and self.others_first(e, first)

    def reduce_lazily(self, what, e):
        """The value of ``what(<items>, ...)``, walking the items once."""
        first = e.args[0]
        keywords = {}
        if len(e.args) == 2:  # sum(items, start)
            keywords["start"] = self.expr(e.args[1])
            if self.fb.block is None:
                return None
        for k in e.keywords or []:
            keywords[k.arg] = self.expr(k.value)
            if self.fb.block is None:
                return None
        if what in ("any", "all"):
            return self.short_circuit(what, first)
        if what == "sum":
            return self.lazy_sum(first, keywords.get("start"))
        if what in ("min", "max"):
            return self.keyed_extreme(what, None, None, keywords.get("default"), e,
                                      walk=lambda on: self.each_lazy_item(first, on))
        if what == "dict":
            out = self.emit.make_dict([])
            self.add_pairs(out, first)
            for name, value in keywords.items():  # set after the items, as CPython's dict()
                if self.fb.block is None:
                    return None
                self.emit.call_library("dict_setitem", [out, self.emit.str_literal(name), value])
            return out if self.fb.block is not None else None
        out = self.emit.make_set([])
        self.each_lazy_item(first, lambda v: self.emit.call_library("set_add", [out, v]))
        if self.fb.block is None:
            return None
        return out if what == "set" else self.emit.call_library("frozen", [out], T.FROZENSET)

    def consumes_lazily(self, what, e) -> bool:
        """``xs.extend(g)``, ``s.update(g)``, ``d.update(g)``, ``sep.join(g)`` of
        one generator expression or iterator call?"""
        return what in CONSUMING_METHODS and not e.keywords and self.lazy_source(e) is not None

    def consume_lazily(self, what, e):
        """The method call, its receiver looked up first (CPython's
        AttributeError before any item), then each item taken as it is made."""
        fb, emit = self.fb, self.emit
        receiver = self.expr(e.func.expr)
        if fb.block is None:
            return None
        receiver = emit.method_receiver(what, receiver)
        if receiver is None or fb.block is None:
            return None
        first = e.args[0]
        t = emit.type(receiver)
        if what == "join":  # str.join collects the items first (PySequence_Fast), then joins
            items = self.materialize(first)
            return None if items is None else emit.method(what, receiver, [items], e, {})
        if t.is_list:
            self.each_lazy_item(first, lambda v: emit.list_append(receiver, v))
        elif t is T.SET:
            self.each_lazy_item(first, lambda v: emit.call_library("set_add", [receiver, v]))
        elif t is T.DICT:
            self.add_pairs(receiver, first)
        else:  # ``update`` of an object: a dict or a set, known at run time
            is_dict = self.b.bool_to_pred(emit.type_test(receiver, ("dict",)))
            count = self.pair_counter()

            def on_item(v):
                pair, element, done = fb.new_block(), fb.new_block(), fb.new_block()
                fb.cond_br(is_dict, [], [], pair, element)
                fb.block = pair
                self.add_pair(receiver, v, count)
                fb.goto(done)
                fb.block = element
                emit.call_library("set_add", [receiver, v])
                fb.goto(done)
                fb.block = done
            self.each_lazy_item(first, on_item)
        return None if fb.block is None else self.b.constant(None, T.NONE)

    def pair_counter(self):
        count = self.hidden_slot("element")
        self.fb.store(count, self.b.constant(0, T.INT))
        return count

    def add_pair(self, d, pair, count) -> None:
        """One item of ``dict(pairs)`` / ``d.update(pairs)``: a pair, the
        element's number in CPython's messages."""
        k = self.fb.load(count, T.INT, False, "")
        self.emit.call_library("dict_add_pair", [d, pair, k])
        if self.fb.block is not None:
            _, k1 = self.b.apply_binary("add", k, self.b.constant(1, T.INT), T.INT, infallible=True)
            self.fb.store(count, k1)

    def add_pairs(self, d, first) -> None:
        count = self.pair_counter()
        self.each_lazy_item(first, lambda v: self.add_pair(d, v, count))

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
        item = self.type_of(first.elt) if isinstance(first, nodes.GeneratorExp) else None
        if item in (T.INT, T.BOOL) and (start is None or emit.type(start) is T.INT) \
                or item is T.FLOAT and start is None:
            return self.unboxed_sum(first, start, item)
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

    def unboxed_sum(self, first, start, item):
        """``sum`` of a generator expression whose items are statically all ints
        (bools) or all floats: the total is an unboxed int or float (CPython's
        sum has an int and a float fast path, with the same values: ints added
        exactly, floats left to right from ``0.0``). The result is an object, as
        typed: a float sum of no items is the int ``0``."""
        fb, emit = self.fb, self.emit
        kind = T.FLOAT if item is T.FLOAT else T.INT
        total = self.hidden_slot("total")
        seen = self.hidden_slot("seen") if kind is T.FLOAT else None  # (a float sum of nothing is 0)
        fb.store(total, start if start is not None else self.b.constant(0.0 if kind is T.FLOAT else 0, kind))
        if seen is not None:
            fb.store(seen, self.b.constant(False, T.BOOL))

        def on_item(v):
            out = emit.binary("+", fb.load(total, kind, False, ""), v)
            if fb.block is not None:
                fb.store(total, emit.coerce(out, kind))
                if seen is not None:
                    fb.store(seen, self.b.constant(True, T.BOOL))
        self.each_lazy_item(first, on_item)
        if fb.block is None:
            return None
        value = emit.coerce(fb.load(total, kind, False, ""), T.OBJECT)
        if kind is T.INT:
            return value
        merge, some, none = fb.new_block(d.ir_type(T.OBJECT)), fb.new_block(), fb.new_block()
        fb.cond_br(self.b.bool_to_pred(fb.load(seen, T.BOOL, False, "")), [], [], some, none)
        fb.block = some
        fb.br([value], merge)
        fb.block = none
        fb.br([emit.coerce(self.b.constant(0, T.INT), T.OBJECT)], merge)
        return fb.enter_merge(merge)


__all__ = ["ReductionWalker", "REDUCERS", "CONSUMING_METHODS", "TAKERS"]
