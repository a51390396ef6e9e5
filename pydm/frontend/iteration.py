"""The syntax walker's ``for`` loops over iterators (part of ``FunctionImporter``).

``loops.py`` builds the loop skeletons (``index_loop``, ``counted_loop``);
this mixin decides what a ``for`` over something other than a ``range`` or
a sequence walks: ``enumerate``, ``zip``, ``reversed``, ``map`` and
``filter`` walk their sequences by index (as CPython's list iterators do,
so a list changed meanwhile behaves alike); a dict, a set, a view or an
iterator object is walked by its ``next``; an ``object`` decides at run time.
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from ..errors import error_at
from ..types import FunctionType, PyType, list_of, tuple_any
from . import semantics as sem
from .callees import builtin_function
from .loops import LoopShape

T = PyType

#: the kinds of values a ``for`` can walk (type names of ``typecodes.py``)
ITERABLE_KINDS = ("list", "tuple", "range", "str", "dict", "set", "frozenset", "iterator", "dict_keys",
                  "dict_values", "dict_items")


class IteratorLoopWalker:
    def iterator_object_loop(self, s: LoopShape, it, item=None):
        """``for x in it`` over an iterator object: its next item until it has none
        (``item(i, x)``: what the loop binds for the i-th one, else ``x`` itself)."""
        got = {}

        def more(_i):
            nxt = self.emit.iterator_next(it)
            if nxt is None:
                return self.fb.i1(0) if self.fb.block is not None else None
            got["item"] = nxt[1]
            return nxt[0]
        self.index_loop(s, self.b.constant(0, T.INT), 1, more,
                        lambda i: got["item"] if item is None else item(i, got["item"]))

    def object_loop(self, s: LoopShape, x):
        """``for`` over an object: a dict, a set or a dict's view is walked by
        its iterator (it checks the size before each item and reads the values
        as they are then), anything else by index over ``as_items`` (a list
        itself: it may grow while the loop runs). Which one is known at run
        time, so each step branches on it."""
        fb, emit = self.fb, self.emit
        it = emit.call_library("loop_iter", [x], T.OBJECT)
        items = None if it is None else emit.call_library("loop_items", [x], list_of())
        if items is None or fb.block is None:
            return
        by_next = self.b.bool_to_pred(self.b.not_(emit.type_test(it, ("NoneType",))))
        current = self.hidden_slot("item")

        def more(i):
            yes, no = fb.new_block(), fb.new_block()
            merge = fb.new_block(d.i1())
            fb.cond_br(by_next, [], [], yes, no)
            fb.block = yes
            nxt = emit.iterator_next(it)
            if nxt is not None:
                fb.store(current, nxt[1])
                fb.br([nxt[0]], merge)
            fb.block = no
            read, done = fb.new_block(), fb.new_block()
            fb.cond_br(self.live_in_range(items, i), [], [], read, done)
            fb.block = read
            fb.store(current, emit.coerce(emit.element_at(items, i), T.OBJECT))
            fb.br([fb.i1(1)], merge)
            fb.block = done
            fb.br([fb.i1(0)], merge)
            return fb.enter_merge(merge)
        self.index_loop(s, self.b.constant(0, T.INT), 1, more, lambda i: fb.load(current, T.OBJECT, False, ""))

    def live_in_range(self, seq, i):
        """i1: ``0 <= i < len(seq)`` now (a list's length may change while a loop runs)."""
        _, ok = self.b.apply_compare("lt", i, self.emit.length(seq))
        return self.b.bool_to_pred(ok)

    def mapped_loop(self, s: LoopShape, form: str):
        """``for`` over ``map(f, a, ...)`` or ``filter(f, a)``: the iterables
        walked as ``zip`` walks them, ``f`` called on each item as it is
        reached (``filter``: the items for which ``f(x)`` - ``x`` itself for
        ``f=None`` - is true). ``f``: a function value, or a builtin's name
        (``map(abs, xs)``)."""
        it = s.iter
        if it.keywords:
            raise error_at(it, f"keyword arguments to {form}() are not supported")
        if any(isinstance(a, nodes.Starred) for a in it.args):
            raise error_at(it, f"star-arguments to {form}() are not supported")
        with self.at(it):
            if form == "map" and len(it.args) < 2:
                self.fb.raise_here("TypeError", "map() must have at least two arguments.")
                return
            if form == "filter" and len(it.args) != 2:
                self.fb.raise_here("TypeError", f"filter expected 2 arguments, got {len(it.args)}")
                return
            fnode = it.args[0]
            builtin = builtin_function(fnode, self.frame.fn)
            f = None if builtin is not None else self.expr(fnode)
            if self.fb.block is None:
                return
            values = self.exprs(it.args[1:])
            if values is None:
                return
            walks = []
            for v in values:
                if len(values) == 1 and self.emit.type(v).is_dynamic:  # a dict, set or view: by its iterator
                    it_v = self.emit.call_library("to_iter", [v], T.ITERATOR)
                    if it_v is None:
                        return
                    walks.append((it_v, "iterator"))
                    continue
                walk = self.emit.iteration(v)
                if walk is None or self.fb.block is None:
                    return
                walks.append(walk)

        def apply(items):
            if builtin is not None:
                return self.emit.builtin(builtin, items, it)
            if form == "filter" and d.value_type(f) is T.NONE:
                return items[0]
            t = d.value_type(f)
            if not (t.is_dynamic or isinstance(t, FunctionType)):
                self.fb.raise_here("TypeError", f"'{t.python_name}' object is not callable")
                return None
            return self.call_value(f, items, it)

        def item_of(items):
            with self.at(it):
                out = apply(items)
            if form == "map" or out is None or self.fb.block is None:
                return out
            keep, skip = self.fb.new_block(), self.fb.new_block()
            self.fb.cond_br(self.b.bool_to_pred(self.emit.truth(out)), [], [], keep, skip)
            self.fb.block = skip
            self.fb.goto(self.frame.loops[-1][0])  # the latch: on to the next item
            self.fb.block = keep
            return items[0]

        got = {}
        item_types = [sem.iter_type(self.frame.spec.type_of(a)) for a in it.args[1:]]

        def take(v):
            got["value"] = v

        def body():  # the item is computed in the body, where a skip can continue the loop
            value = item_of(got["items"])
            if value is None or self.fb.block is None:
                return
            self.store_target(s.target, value)
            if self.fb.block is not None:
                s.body() if callable(s.body) else self.visit_body(s.body)

        inner = LoopShape(s.node, take, s.iter, body, s.orelse)
        if len(walks) == 1 and walks[0][1] == "iterator":
            def more(_i):
                nxt = self.emit.iterator_next(walks[0][0])
                if nxt is None:
                    return self.fb.i1(0) if self.fb.block is not None else None
                got["items"] = [self.emit.coerce(nxt[1], item_types[0])]
                return nxt[0]
            self.index_loop(inner, self.b.constant(0, T.INT), 1, more, lambda _i: self.b.constant(0, T.INT))
            return
        if any(n == "iterator" for _, n in walks):
            raise error_at(it, f"{form}() over several iterables of which one is an iterator object "
                               "is not supported", "pass lists or tuples")
        seqs = [q for q, _ in walks]
        if any(self.emit.type(q).elts == () for q in seqs):
            self.visit_body(s.orelse)  # nothing to walk (an empty tuple's items have no type)
            return

        def items_at(i):  # as the types of the items inference saw (a range's are ints)
            got["items"] = [self.emit.coerce(self.emit.element_at(q, i), t) for q, t in zip(seqs, item_types)]
            return self.b.constant(0, T.INT)
        self.index_loop(inner, self.b.constant(0, T.INT), 1, lambda i: self.all_live(seqs, i), items_at)

    def iterator_loop(self, s: LoopShape, form: str):
        """``for`` over ``enumerate(x, start)``, ``zip(a, b, ...)`` or ``reversed(x)``:
        an index-based walk of the sequences (CPython's iterators over lists
        and tuples are index-based too, so a list changed meanwhile behaves alike)."""
        it = s.iter
        if form == "zip" and any(isinstance(a, nodes.Starred) for a in it.args):
            with self.at(it):
                zipped = self.starred_zip(it)
            if zipped is None or self.fb.block is None:
                return None
            return self.iterator_object_loop(s, zipped, lambda _i, x: self.emit.coerce(x, tuple_any(T.OBJECT)))
        if it.keywords and not (form == "enumerate" and [k.arg for k in it.keywords] == ["start"]):
            raise error_at(it, f"keyword arguments to {form}() are not supported")
        arity = {"enumerate": (1, 2), "reversed": (1, 1), "zip": (0, 99)}[form]
        args = list(it.args) + [k.value for k in it.keywords or []]
        if not arity[0] <= len(args) <= arity[1]:
            raise error_at(it, f"{form}() takes {arity[0]} to {arity[1]} arguments, got {len(args)}")
        with self.at(it):
            values = self.exprs(args)
            if values is None:
                return
            seqs, kinds = [], []
            for v in values[:1] if form != "zip" else values:
                walk = self.emit.iteration(v)
                if walk is None or self.fb.block is None:
                    return
                seqs.append(walk[0])
                kinds.append(walk[1])
        if "iterator" in kinds:  # a dict, a set or an iterator object: walked by its next
            if form != "enumerate":
                raise error_at(it, f"{form}() of a dict, a set or an iterator in a for loop is not supported",
                               f"loop over {form}(list(x), ...) or {form}(sorted(x), ...)")
            return self.enumerate_iterator_loop(s, seqs[0], values[1] if len(values) > 1 else None)
        if form == "zip" and not seqs or any(getattr(self.emit.type(q), "elts", None) == () for q in seqs):
            self.visit_body(s.orelse)  # nothing to walk (an empty tuple's items have no type)
            return
        if form == "reversed":
            seq = seqs[0]
            _, last = self.b.apply_binary("sub", self.emit.length(seq), self.b.constant(1, T.INT), T.INT,
                                          infallible=True)

            def more(i):
                _, ok = self.b.apply_compare("ge", i, self.b.constant(0, T.INT))
                inside = self.live_in_range(seq, i)
                return self.b.bool_to_pred(self.b.select(inside, ok, self.b.constant(False, T.BOOL)))
            self.index_loop(s, last, -1, more, lambda i: self.emit.element_at(seq, i))
            return
        if form == "enumerate":
            seq = seqs[0]
            start = self.enumerate_start(values[1] if len(values) > 1 else None)
            if self.fb.block is None:
                return

            def item(i):
                k = i if start is None else self.emit.binary("+", i, start)
                return self.emit.make_tuple([k, self.emit.element_at(seq, i)])
            self.list_loop(s, [seq], item)
            return

        self.list_loop(s, seqs, lambda i: self.emit.make_tuple([self.emit.element_at(q, i) for q in seqs]))

    def all_live(self, seqs, i):
        """i1: ``i < len(q)`` for every sequence ``q`` now (``zip``'s walk: the
        shortest ends it; a list's length may change while the loop runs)."""
        out = self.b.constant(True, T.BOOL)
        for q in seqs:
            _, ok = self.b.apply_compare("lt", i, self.emit.length(q))
            out = self.b.select(self.b.bool_to_pred(out), ok, out)
        return self.b.bool_to_pred(out)

    def starred_zip(self, it):
        """``zip(*rows)`` (with other arguments around it): the iterables
        gathered in order, a starred one's items each an iterable, then the
        zip iterator object over them (``runtime_lib/iterators.py``)."""
        if it.keywords:
            raise error_at(it, "keyword arguments to zip() are not supported")
        sources = self.emit.make_list([])
        # CPython's message names zip() when its one argument is starred
        what = "zip() argument" if len(it.args) == 1 else "Value"
        for a in it.args:
            v = self.expr(a.value if isinstance(a, nodes.Starred) else a)
            if self.fb.block is None:
                return None
            if isinstance(a, nodes.Starred):
                ok = self.emit.type_test(v, ITERABLE_KINDS)
                self.fb.raise_if(self.b.bool_to_pred(ok), "TypeError", f"{what} after * must be an iterable, not {{}}",
                                 when=False, args=[v], fmt="types")
                self.emit.call_library("list_iadd", [sources, v], list_of())
            else:
                self.emit.list_append(sources, v)
            if self.fb.block is None:
                return None
        parts = self.emit.call_library("tuple_of_list", [sources], tuple_any(T.OBJECT))
        return None if parts is None else self.emit.call_library("make_zip", [parts], T.ITERATOR)

    def enumerate_iterator_loop(self, s: LoopShape, it, start):
        """``for i, x in enumerate(it, start)`` over an iterator object (a dict's or a
        set's, which checks the size before each item): its next item until it has
        none, numbered from ``start``."""
        start = self.enumerate_start(start)
        if start is None and self.fb.block is None:
            return

        def numbered(i, x):
            return self.emit.make_tuple([i if start is None else self.emit.binary("+", i, start), x])
        self.iterator_object_loop(s, it, numbered)

    def enumerate_start(self, start):
        """``enumerate``'s start as an int (None: 0); CPython's TypeError for another type."""
        if start is None:
            return None
        t = self.emit.type(start)
        if t.is_dynamic:
            exc, start = self.b.unbox(start, T.INT, "'{}' object cannot be interpreted as an integer")
            self.fb.check(exc)
        elif t not in (T.INT, T.BOOL):
            self.fb.raise_here("TypeError", f"'{t.python_name}' object cannot be interpreted as an integer")
            return None
        return self.emit.promote(start, T.INT)
