"""The semantic layer's tuple operations (part of :class:`emitter.Emitter`).

What can be decided from static types is built inline: ``(a, b)``, ``t[i]``
(no bounds check when a literal index is in range), ``len(t)``, unpacking
and slicing of tuples of known length with literal bounds. Everything else —
concatenation, repetition, slices with run-time bounds, ``in``, ordering,
``hash``, operations on tuples held in ``object`` values (but ``x[i]``, read
inline from a list or tuple: :meth:`TupleOps.dynamic_subscript`) — calls the
runtime library (``runtime_lib/tuples.py``), which is Python itself.
"""
from __future__ import annotations

from .. import dialect as d
from ..errors import TypeSpecificError, error_at
from ..types import PyType, list_of, tuple_any, tuple_of
from . import semantics as sem

T = PyType


class TupleOps:
    """Mixed into the Emitter (it uses ``self.fb``, ``self.b``, ``coerce``...)."""

    # ---- the runtime library --------------------------------------------------------
    def call_library(self, name: str, args, result: PyType | None = None):
        """Call runtime-library function ``name`` (``pydmrtl$name``) on ``args``,
        coerced to its parameter types; its result coerced to ``result``."""
        from ..runtime_library import PREFIX, signature
        params, ret = signature(PREFIX + name)
        values = [self.coerce(a, p) for a, p in zip(args, params)]
        if self.fb.block is None:
            return None
        results = [d.exc_type(), d.ir_type(ret)]
        self.fb.declare(PREFIX + name, [v.type for v in values], results)
        call = self.fb.call(results, PREFIX + name, values)
        self.check_library(call.results[0])
        out = call.results[1]
        return self.coerce(out, result) if result is not None else out

    # ---- building and reading -----------------------------------------------------------
    def kept_constant(self, name: str, t: PyType, build):
        """The immutable heap constant ``name`` (static type ``t``, a module-level
        tuple): kept in a global of the module instance after the first ``build()``."""
        fb, b = self.fb, self.b
        present, kept = b.kept_get(name, t)
        hit, miss, join = fb.new_block(), fb.new_block(), fb.new_block(d.ir_type(t))
        fb.cond_br(b.bool_to_pred(present), [], [], hit, miss)
        fb.block = miss
        value = build()
        b.kept_set(name, value)
        fb.br([value], join)
        fb.block = hit
        fb.br([kept], join)
        fb.block = join
        return join.arguments[0]

    def make_tuple(self, values):
        # a typed list goes in as a list<object> copy (only where list_storage.py allows it)
        values = [self.coerce(v, list_of()) if self.type(v).is_list else v for v in values]
        t = tuple_of(*(self.type(v) for v in values))
        return self.b.make_tuple(values, t)

    def range_value(self, values, node):
        """``range(...)`` as a value: its arguments as ints (CPython's TypeError), then the object."""
        if not 1 <= len(values) <= 3:
            raise error_at(node, f"range expected 1 to 3 arguments, got {len(values)}")
        bounds = self.range_bounds(values, None)
        if bounds is None:
            return None
        start, stop, step, _ = bounds
        return self.call_library("make_range", [start, stop, step], T.RANGE)

    def sequence_truth(self, t):
        if self.type(t) is T.RANGE:
            _, out = self.b.apply_compare("ne", self.length(t), self.b.constant(0, T.INT))
            return out
        _, out = self.b.apply_compare("ne", self.b.tuple_len(t), self.b.constant(0, T.INT))
        return out

    def length(self, x):
        t = self.type(x)
        if t is T.RANGE:
            return self.call_library("range_len", [x], T.INT)
        if t is T.STR:
            return self.b.str_len(x)
        if t.is_sequence:
            if t.length is not None:
                return self.b.constant(t.length, T.INT)
            return self.b.tuple_len(x)
        r = sem.builtin_type("len", [t])
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        return self.call_library("length", [x], T.INT)

    def static_get(self, t, k: int):
        """Element ``k`` (0 <= k < length) of a tuple of known length."""
        elt = self.type(t).elts[k]
        _, out = self.b.tuple_get(t, self.b.constant(k, T.INT), elt, in_range=True)
        return out

    def subscript(self, seq, index, const_index=None):
        """``seq[index]`` for an integer index (CPython's IndexError/TypeError)."""
        st, it = self.type(seq), self.type(index)
        result = sem.index_type(st, it, const_index)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if st.is_dynamic:
            return self.dynamic_subscript(seq, index)
        if st is T.STR:
            return self.str_subscript(seq, index)
        if st is T.RANGE:
            if it.is_dynamic:
                exc, index = self.b.unbox(index, T.INT, "range indices must be integers or slices, not {}")
                self.fb.check(exc)
            return self.call_library("range_item", [seq, self.promote(index, T.INT)], T.INT)
        if st.elts is not None and isinstance(const_index, int):
            return self.static_get(seq, const_index % len(st.elts))
        if it.is_dynamic:
            exc, index = self.b.unbox(index, T.INT, f"{st.python_name} indices must be integers or slices, not {{}}")
            self.fb.check(exc)
        exc, out = self.b.tuple_get(seq, self.promote(index, T.INT), result)
        self.fb.check(exc)
        return out

    def dynamic_subscript(self, x, index):
        """``x[index]`` on an object: a list's or a tuple's element read in
        place, as for a ``list<object>`` or a tuple (an object holding either
        has the element layout, ``pydm/representation.py``; the index rules
        and messages are theirs); anything else (a dict, a str, a range, a
        wrong type) the runtime library's ``getitem``. An index that cannot be
        an int, a function's inline budget spent, or the runtime library
        itself: the call alone."""
        def generic():
            return self.call_library("getitem", [x, index], T.OBJECT)
        it = self.type(index)
        if self.in_runtime_library or self.inline_budget <= 0 or not (it.is_dynamic or it in (T.INT, T.BOOL)):
            return generic()
        self.inline_budget -= 1
        return self.on_kind_or(x, list_of(), lambda xs: self.subscript(xs, index), lambda: self.on_kind_or(
            x, tuple_any(T.OBJECT), lambda t: self.subscript(t, index), generic, T.OBJECT), T.OBJECT)

    def slice(self, seq, start, stop, step, bounds=None):
        """``seq[start:stop:step]`` (parts None where absent; ``bounds``: all literal)."""
        st = self.type(seq)
        result = sem.slice_type(st, bounds)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if st.is_tuple and st.elts is not None and bounds is not None:
            picked = range(len(st.elts))[slice(*bounds)]
            if list(picked) == list(range(len(st.elts))):
                return seq  # t[:] is t, as in CPython
            return self.make_tuple([self.static_get(seq, k) for k in picked])
        span = self.slice_span((start, stop, step))
        if span is not None and st.is_list:
            return self.call_library("list_slice_span", [seq, *span], result)
        if span is not None and st.is_tuple:
            return self.call_library("tuple_slice_span", [seq, *span], result)
        parts = [p if p is not None else self.b.constant(None, T.NONE) for p in (start, stop, step)]
        if st.is_dynamic:
            return self.call_library("getslice", [seq, *parts], T.OBJECT)
        if st.is_list:
            return self.call_library("list_slice", [seq, *parts], result)
        if st is T.RANGE:
            return self.call_library("range_slice", [seq, *parts], result)
        if st is T.STR:
            return self.call_library("str_slice", [seq, *parts], result)
        return self.call_library("tuple_slice", [seq, *parts], result)

    def slice_span(self, parts):
        """The bounds (start, stop, step) as the library's ``*_span`` functions
        take them: three ints and the mask of those given (1, 2, 4), when every
        part is absent or statically None, int or bool; None otherwise (the
        library then checks the objects)."""
        ints, given = [], 0
        for k, p in enumerate(parts):
            pt = self.type(p) if p is not None else T.NONE
            if pt is T.NONE:
                ints.append(self.b.constant(0, T.INT))
            elif pt in (T.INT, T.BOOL):
                ints.append(self.promote(p, T.INT))
                given |= 1 << k
            else:
                return None
        return [*ints, self.b.constant(given, T.INT)]

    def contains(self, item, container):
        ct = self.type(container)
        r = sem.contains_type(self.type(item), ct)
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if ct.is_list:
            return self.call_library("list_contains", [container, item], T.BOOL)
        if ct is T.RANGE:
            return self.call_library("range_contains", [container, item], T.BOOL)
        if ct is T.STR:
            return self.call_library("str_contains", [container, item], T.BOOL)
        if ct.is_tuple:
            if ct.elts == ():
                return self.b.constant(False, T.BOOL)
            return self.call_library("tuple_contains", [container, item], T.BOOL)
        return self.call_library("contains", [container, item], T.BOOL)

    def tuple_binary(self, name, lhs, rhs, result, inplace):
        """``+`` and ``*`` with a tuple operand (the type rule accepted them)."""
        lt, rt = self.type(lhs), self.type(rhs)
        if result.is_dynamic:
            exc, out = self.b.apply_binary(name, self.coerce(lhs, T.OBJECT), self.coerce(rhs, T.OBJECT),
                                           T.OBJECT, inplace)
            self.check_library(exc)
            return out
        if name == "add":
            if lt.elts == () or rt.elts == ():  # () + t is t, as in CPython
                return self.coerce(rhs if lt.elts == () else lhs, result)
            if lt.elts is not None and rt.elts is not None:
                return self.make_tuple([self.static_get(lhs, k) for k in range(len(lt.elts))]
                                       + [self.static_get(rhs, k) for k in range(len(rt.elts))])
            return self.call_library("tuple_concat", [lhs, rhs], result)
        seq, count = (lhs, rhs) if lt.is_tuple else (rhs, lhs)
        if result == self.type(seq) and result.elts is not None and result.elts != ():
            return seq  # t * 1 is t, as in CPython
        if result.elts is not None:  # a literal count: the elements repeat in place
            n = len(self.type(seq).elts)
            return self.make_tuple([self.static_get(seq, k % n) for k in range(len(result.elts))])
        return self.call_library("tuple_repeat", [seq, self.promote(count, T.INT)], result)

    # ---- unpacking and iteration -----------------------------------------------------------
    def unpack(self, value, n: int, node):
        """The ``n`` values ``a, b, ... = value`` binds, CPython's errors otherwise."""
        t = self.type(value)
        types = sem.unpack_types(t, n)
        if isinstance(types, sem.Raises):
            return self.raise_always(types)
        if t.is_tuple and t.elts is not None:
            return [self.static_get(value, k) for k in range(n)]
        if t.is_dynamic:
            value = self.dynamic_as_tuple(value)
            if value is None:
                return None
        elif t.is_list:
            value = self.call_library("tuple_of_list", [value], tuple_any(T.OBJECT))  # its items now
        elif t is T.RANGE:
            value = self.call_library("to_tuple", [value], tuple_any(T.OBJECT))
        elif t is T.STR:
            value = self.str_items(value)
        size = self.b.tuple_len(value)
        self.check_unpack_length(size, n)
        elt = self.type(value).elt
        outs = []
        for k in range(n):
            _, v = self.b.tuple_get(value, self.b.constant(k, T.INT), elt, in_range=True)
            outs.append(v)
        return outs

    def check_unpack_length(self, size, n: int):
        """ValueError unless a sequence of ``size`` elements unpacks into ``n`` targets."""
        _, more = self.b.apply_compare("gt", size, self.b.constant(n, T.INT))
        self.fb.raise_if(self.b.bool_to_pred(more), "ValueError", f"too many values to unpack (expected {n})")
        _, fewer = self.b.apply_compare("lt", size, self.b.constant(n, T.INT))
        self.fb.raise_if(self.b.bool_to_pred(fewer), "ValueError",
                         f"not enough values to unpack (expected {n}, got {{}})", args=[size], fmt="values")

    def dynamic_as_tuple(self, x):
        """The items of an object about to be unpacked, as a tuple: a tuple
        itself (inline), a list's items now (runtime library), else TypeError."""
        fb = self.fb
        hit = self.type_test(x, ("tuple",))
        yes, no = fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(tuple_any(T.OBJECT)))
        fb.cond_br(self.b.bool_to_pred(hit), [], [], yes, no)
        fb.block = yes
        _, t = self.b.unbox(x, tuple_any(T.OBJECT), checked=False)
        fb.br([t], merge)
        fb.block = no
        t = self.call_library("unpack_items", [x], tuple_any(T.OBJECT))
        if fb.block is not None:
            fb.br([t], merge)
        return fb.enter_merge(merge)

    def as_tuple(self, x, message: str):
        """An object known to hold a tuple, as ``tuple<object,...>``; TypeError(message) otherwise."""
        return self.as_kind(x, "tuple", tuple_any(T.OBJECT), message)

    def as_kind(self, x, name: str, t: PyType, message: str):
        """An object known to hold a ``name`` ('tuple', 'list') as static type
        ``t``; TypeError(message) otherwise."""
        hit = self.type_test(x, (name,))
        bad, ok = self.fb.new_block(), self.fb.new_block()
        self.fb.cond_br(self.b.bool_to_pred(hit), [], [], ok, bad)
        self.fb.block = bad
        self.fb.raise_here("TypeError", message, [x], "types")
        self.fb.block = ok
        _, out = self.b.unbox(x, t, checked=False)
        return out

    def iteration(self, seq):
        """How ``for x in seq`` walks a sequence: (sequence, its length), the
        length None for a list (read again before each item: the body may
        change the list, and CPython's list iterator is index-based); the loop
        reads element i with :meth:`element_at`. None if it always raises."""
        t = self.type(seq)
        r = sem.iter_type(t)
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if t is T.ITERATOR:
            return seq, "iterator"  # walked by calling its next
        if t is T.STR:  # the tuple of its one-codepoint strs
            seq = self.str_items(seq)
            if seq is None:
                return None
            t = self.type(seq)
        if t.is_dynamic or t is T.RANGE:  # a list itself, a tuple's or range's items as a list
            seq = self.call_library("as_items", [seq], list_of())
            if seq is None:
                return None
            t = self.type(seq)
        if t.is_list:
            return seq, None
        return seq, self.length(seq)

    def element_at(self, seq, i):
        """``seq[i]`` for ``0 <= i < len(seq)`` (an iteration index: no check)."""
        t = self.type(seq)
        _, out = self.b.tuple_get(seq, i, t.any_element(), in_range=True)
        return out

    # ---- builtins on sequences -----------------------------------------------------------
    def sequence_builtin(self, name, args, node, const_args):
        types = [self.type(a) for a in args]
        r = sem.builtin_type(name, types, list(const_args))
        if isinstance(r, sem.NotCompiled):
            raise error_at(node, r.message, r.hint, cls=TypeSpecificError)
        if r is None:
            raise error_at(node, f"{name}() with {len(args)} argument(s) is not supported")
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name == "len":
            return self.length(args[0])
        if name == "hash":
            return self.call_library("hash_of", args, T.INT)
        if name == "tuple":
            if not args:
                return self.b.make_tuple([], tuple_of())
            if types[0].is_tuple:
                return args[0]  # tuple(t) is t, as in CPython
            return self.call_library("to_tuple", args, r)
        if name == "divmod":
            return self.divmod(args, r)
        if name == "pow" and (len(args) == 2 or types[2] is T.NONE):  # pow(a, b, None) is a ** b
            return self.binary("**", args[0], args[1], const_args[1] if len(const_args) > 1 else None)
        if name == "pow":
            if r is T.INT:
                return self.call_library("pow_mod", [self.promote(a, T.INT) for a in args], T.INT)
            return self.call_library("pow3", args, r)
        raise error_at(node, f"builtin {name}() is not supported")

    def method(self, name, receiver, args, node, keywords=None):
        """``receiver.name(*args)``: list methods (``lists.py``), ``t.count(x)``
        / ``t.index(x)`` (runtime library: ``==`` on any elements); on an
        object, ``count``/``index`` test for a tuple or a list at run time and
        the other list methods for a list."""
        rt = self.type(receiver)
        if name == "format" and (rt is T.STR or rt.is_dynamic):
            return self.str_format(receiver, args, keywords or {}, node)
        r = sem.method_type(name, rt, [self.type(a) for a in args])
        if r is None:
            raise error_at(node, f"this call of .{name}() is not supported",
                           "check the number of arguments")
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if rt is T.STR or rt.is_dynamic and name in sem.STR_ONLY_METHODS:
            return self.str_method(name, receiver, args, node, keywords)
        if keywords and name != "sort":
            raise error_at(node, f".{name}() takes no keyword arguments")
        if rt.is_dynamic and name in ("count", "index") and len(args) == 1:
            return self.call_library(f"{name}_of", [receiver, args[0]], T.INT)
        if rt.is_dynamic and name == "index" and not keywords:  # with start/stop: a str's, else a list's
            return self.on_kind_or(receiver, T.STR, lambda s: self.str_method(name, s, args, node),
                                   lambda: self.list_index_of(receiver, args, node), T.INT)
        if rt.is_dynamic:
            receiver = self.as_kind_for_method(receiver, name)
            if receiver is None:
                return None
            rt = self.type(receiver)
        if rt.is_list:
            return self.list_method(name, receiver, args, node, keywords)
        if rt is T.RANGE:
            return self.call_library(f"range_{name}", [receiver, args[0]], T.INT)
        if name == "index":
            return self.call_library("tuple_index", [receiver, args[0], *self.index_bounds(args)], T.INT)
        return self.call_library(f"tuple_{name}", [receiver, args[0]], T.INT)

    def index_bounds(self, args):
        """start and stop of ``.index(x[, start[, stop]])`` on a list or tuple:
        those left out are CPython's defaults, 0 and sys.maxsize."""
        defaults = [self.b.constant(0, T.INT), self.b.constant(2 ** 63 - 1, T.INT)]
        return [*args[1:], *defaults[len(args) - 1:]]

    def list_index_of(self, x, args, node):
        """``x.index(v, start[, stop])`` on an object that is not a str: a
        tuple's or a list's (a range's takes one argument: CPython's TypeError)."""
        def other():
            is_range = self.type_test(x, ("range",))
            self.fb.raise_if(self.b.bool_to_pred(is_range), "TypeError",
                             f"range.index() takes exactly one argument ({len(args)} given)")
            return self.method("index", self.as_kind_for_method(x, "index"), args, node)
        return self.on_kind_or(x, tuple_any(T.OBJECT), lambda t: self.method("index", t, args, node), other, T.INT)

    def as_kind_for_method(self, x, name: str):
        """An object whose method ``name`` (a list method) is called: a list,
        else CPython's AttributeError."""
        hit = self.type_test(x, ("list",))
        bad, ok = self.fb.new_block(), self.fb.new_block()
        self.fb.cond_br(self.b.bool_to_pred(hit), [], [], ok, bad)
        self.fb.block = bad
        self.fb.raise_here("AttributeError", f"'{{}}' object has no attribute '{name}'", [x], "types")
        self.fb.block = ok
        _, out = self.b.unbox(x, list_of(), checked=False)
        return out

    def divmod(self, args, result):
        a, b = args
        if result.is_dynamic:
            return self.call_library("divmod_of", args, T.OBJECT)
        t = result.elts[0]
        if t is T.FLOAT:  # CPython's float divmod names itself in its message
            b = self.promote(b, T.FLOAT)
            _, zero = self.b.apply_compare("eq", b, self.b.constant(0.0, T.FLOAT))
            self.fb.raise_if(self.b.bool_to_pred(zero), "ZeroDivisionError", "float divmod()")
        q = self.binary("//", a, b)
        if self.fb.block is None:
            return None
        m = self.binary("%", a, b)
        if self.fb.block is None:
            return None
        return self.make_tuple([q, m])

