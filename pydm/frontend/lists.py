"""The semantic layer's list operations (part of :class:`emitter.Emitter`).

A list is a heap sequence like a tuple (``pydm/representation.py``) that is
changed in place, so every alias sees the change. Built inline: ``[a, b]``,
``xs[i]``, ``xs[i] = v``, ``len(xs)``, ``xs.append(v)``, ``xs.pop()`` and
truth. Everything else calls the runtime library (``runtime_lib/lists.py``).
A list is ``list<object>`` (its elements are dynamic values) unless the
typing pass proved it homogeneous (``list_storage.py``): then it is
``list<integer>``, ``list<real>`` or ``list<bool>``, one slot per element,
and the ops above store and read its elements unboxed; any other operation
on it gets a ``list<object>`` copy (``emitter.coerce``).
"""
from __future__ import annotations

from .. import representation as rep
from ..errors import error_at
from ..types import ListType, PyType, list_of, tuple_any
from . import semantics as sem

T = PyType
LIST = list_of()

#: list methods that are one library call on (list, *args) with these names
_LIBRARY_METHODS = {"extend": "list_extend", "insert": "list_insert", "remove": "list_remove",
                    "count": "list_count", "reverse": "list_reverse", "clear": "list_clear",
                    "copy": "list_copy"}


class ListOps:
    """Mixed into the Emitter (it uses ``self.fb``, ``self.b``, ``call_library``...)."""

    def make_list(self, values, t: PyType = LIST):
        """``[v0, v1, ...]``: a new list (static type ``t``) of these values."""
        t = t if t.is_list else LIST  # (BOTTOM: code the typing never reached)
        xs = self.b.seq_new(self.b.constant(len(values), T.INT), t)
        for k, v in enumerate(values):
            self.b.seq_set(xs, self.b.constant(k, T.INT), self.as_element(xs, v))
        return xs

    def as_element(self, xs, v):
        """``v`` as an element of list ``xs``: itself, or in a typed list its
        element type (the typing pass proved ``v`` has it)."""
        elt = self.type(xs).elt
        return self.coerce(v, elt) if elt is not T.OBJECT else v

    def as_typed_list(self, xs, t: PyType):
        """A list value made for a typed-storage site (``[v] * n``) as ``t``;
        a typed list a compiled callee returned where the typing wants another
        type (a ``list<object>``: a copy, as the callee's list is no one else's)."""
        if self.fb.block is None or self.type(xs) is t or t is T.BOTTOM:
            return xs
        if not (t.is_list and t.elt in rep.TYPED_LIST_ELEMENTS):
            return self.coerce(xs, t) if self.typed(xs) else xs
        return self.b.list_unbox(self.coerce(xs, LIST), t)

    def list_store(self, xs, index, value):
        """``xs[index] = value`` (an integer index; CPython's IndexError/TypeError)."""
        it = self.type(index)
        if it.is_dynamic:
            exc, index = self.b.unbox(index, T.INT, "list indices must be integers or slices, not {}")
            self.fb.check(exc)
        elif it not in (T.INT, T.BOOL):
            return self.raise_always(sem.Raises(
                "TypeError", f"list indices must be integers or slices, not {it.python_name}"))
        self.fb.check(self.b.list_set(xs, self.promote(index, T.INT), self.as_element(xs, value)))

    def store_item(self, container, index, value):
        """``container[index] = value`` for an index that is not a slice."""
        ct = self.type(container)
        if ct.is_list:
            return self.list_store(container, index, value)
        if ct.is_dynamic:
            xs = self.as_list(container, "'{}' object does not support item assignment")
            if xs is not None:
                self.list_store(xs, index, value)
            return None
        return self.raise_always(sem.Raises("TypeError", f"'{ct.python_name}' object does not support item assignment"))

    def store_slice(self, container, start, stop, step, value):
        """``container[start:stop:step] = value``."""
        ct = self.type(container)
        if ct.is_dynamic:
            container = self.as_list(container, "'{}' object does not support item assignment")
            if container is None:
                return None
        elif not ct.is_list:
            return self.raise_always(sem.Raises("TypeError", f"'{ct.python_name}' object does not support item assignment"))
        span = self.slice_span((start, stop, step))
        parts = [p if p is not None else self.b.constant(None, T.NONE) for p in (start, stop, step)]
        if self.typed(container):  # the value is a new list of its type (list_storage.py): slots moved
            assert self.type(value) is self.type(container), "pydm internal: typed slice assignment"
            if span is not None:
                self.call_library("list_setslice_span_slots", [self.slots(container), *span, self.slots(value)])
                return None
            self.call_library("list_setslice_slots", [self.slots(container), *parts, self.slots(value)])
            return None
        if span is not None:
            self.call_library("list_setslice_span", [container, *span, value])
            return None
        self.call_library("list_setslice", [container, *parts, value])

    def store_self_slice(self, xs, parts, source, flip: bool):
        """``xs[parts] = xs[source]`` of typed list ``xs`` (the importer's
        ``self_slice_assign``): in place where that is CPython's result - inline
        for ``xs[:b] = xs[a::-1]`` (``flip``: the ``list_flip`` op), else by the
        library (``list_setslice_self_slots``) - or else the source copied, then
        assigned."""
        if flip:
            big = self.b.constant(2**63 - 1, T.INT)
            first, stop = (big if p is None or self.type(p) is T.NONE else self.promote(p, T.INT)
                           for p in (source[0], parts[1]))
            done = self.b.list_flip(xs, first, stop)
        else:
            spans = [*self.slice_span(parts), *self.slice_span(source)]
            done = self.call_library("list_setslice_self_slots", [self.slots(xs), *spans], T.BOOL)
            if self.fb.block is None:
                return
            done = self.b.bool_to_pred(done)
        copy, after = self.fb.new_block(), self.fb.new_block()
        self.fb.cond_br(done, [], [], after, copy)
        self.fb.block = copy
        self.store_slice(xs, *parts, self.typed_slice(xs, source, self.type(xs)))
        self.fb.goto(after)
        self.fb.block = after

    def check_repeat_size(self, m) -> None:
        """``[v] * m``'s MemoryError (``list_repeat``'s limit), before anything
        after the list is evaluated."""
        _, big = self.b.apply_compare("gt", m, self.b.constant(1073741823, T.INT))
        self.fb.raise_if(self.b.bool_to_pred(big), "MemoryError", "")

    def store_fill_slice(self, xs, parts, v, m):
        """``xs[parts] = [v] * m`` of typed list ``xs`` (the importer's
        ``fill_slice_assign``): the slice filled with ``v``'s slot, no list built."""
        span = self.slice_span(parts)
        one = self.make_list([v], self.type(xs))
        self.call_library("list_setslice_fill_slots", [self.slots(xs), *span, self.slots(one), m])

    def delete_item(self, container, index=None, slice_parts=None):
        """``del container[index]`` or ``del container[a:b:c]``."""
        ct = self.type(container)
        if ct.is_dynamic:
            # CPython words it by kind: a sequence "doesn't", anything else "does not"
            seq = self.type_test(container, ("tuple", "range", "str", "bytes", "set", "frozenset"))
            bad, go_on = self.fb.new_block(), self.fb.new_block()
            self.fb.cond_br(self.b.bool_to_pred(seq), [], [], bad, go_on)
            self.fb.block = bad
            self.fb.raise_here("TypeError", "'{}' object doesn't support item deletion", [container], "types")
            self.fb.block = go_on
            container = self.as_list(container, "'{}' object does not support item deletion")
            if container is None:
                return None
        elif not ct.is_list:
            wording = "doesn't" if ct.is_tuple or ct in (T.RANGE, T.STR, T.SET, T.FROZENSET) else "does not"
            return self.raise_always(sem.Raises("TypeError", f"'{ct.python_name}' object {wording} support item deletion"))
        if slice_parts is not None:
            parts = [p if p is not None else self.b.constant(None, T.NONE) for p in slice_parts]
            self.call_library("list_delslice", [container, *parts])
            return None
        it = self.type(index)
        if it.is_dynamic:
            exc, index = self.b.unbox(index, T.INT, "list indices must be integers or slices, not {}")
            self.fb.check(exc)
        elif it not in (T.INT, T.BOOL):
            return self.raise_always(sem.Raises(
                "TypeError", f"list indices must be integers or slices, not {it.python_name}"))
        index = self.promote(index, T.INT)
        if self.typed(container):
            self.on_copy(container, lambda ys: self.call_library("list_delitem", [ys, index]))
            return None
        self.call_library("list_delitem", [container, index])
        return None

    def as_list(self, x, message: str):
        """An object known to hold a list, as ``list<object>``; TypeError(message) otherwise."""
        return self.as_kind(x, "list", LIST, message)

    def list_append(self, xs, x):
        """``xs.append(x)``: grow by one element, set it."""
        n = self.b.tuple_len(xs)
        _, n1 = self.b.apply_binary("add", n, self.b.constant(1, T.INT), T.INT, infallible=True)
        x = self.as_element(xs, x)
        self.b.seq_resize(xs, n1)
        self.b.seq_set(xs, n, x)
        return self.b.constant(None, T.NONE)

    def typed(self, xs) -> bool:
        """Is ``xs`` a list in typed storage?"""
        return self.typed_type(self.type(xs))

    @staticmethod
    def typed_type(t: PyType) -> bool:
        """Is ``t`` a list type in typed storage?"""
        return t.is_list and t.elt in rep.TYPED_LIST_ELEMENTS

    def on_copy(self, xs, change):
        """Run ``change`` (an operation of the runtime library that mutates a
        list<object>) on typed list ``xs``: on a list<object> copy, whose elements
        then replace ``xs``'s (``list_storage.py`` lets only changes through that
        store nothing but ``xs``'s own elements and values of its element type;
        each of them raises before it changes anything, if it raises)."""
        ys = self.coerce(xs, LIST)
        out = change(ys)
        if self.fb.block is not None:
            self.b.list_refill(xs, ys)
        return out

    def slots(self, xs):
        """Typed list ``xs`` as ``list<integer>`` (the library's ``list[int]``): its
        slots, moved without being read as values (any typed list)."""
        return self.b.static_cast(xs, ListType(T.INT))

    def typed_slice(self, xs, parts, t: PyType):
        """``xs[a:b:c]`` of typed list ``xs``: a new list of its type."""
        start, stop, step = parts
        if step is None and all(p is None or self.type(p) in (T.INT, T.BOOL, T.NONE) for p in (start, stop)):
            bounds = [self.b.constant(default, T.INT) if p is None or self.type(p) is T.NONE
                      else self.promote(p, T.INT) for p, default in ((start, 0), (stop, 2**63 - 1))]
            return self.b.list_slice(self.coerce(xs, t), *bounds)
        out = self.make_list([], t)
        span = self.slice_span(parts)
        if span is not None:
            self.call_library("list_slice_span_slots", [self.slots(out), self.slots(xs), *span])
            return out
        parts = [p if p is not None else self.b.constant(None, T.NONE) for p in parts]
        self.call_library("list_slice_slots", [self.slots(out), self.slots(xs), *parts])
        return out

    def typed_repeat(self, lhs, rhs, t: PyType):
        """``[v, ...] * n`` made as typed list ``t`` (the type rules took an int ``n``)."""
        seq, count = (lhs, rhs) if self.type(lhs).is_list else (rhs, lhs)
        src = self.as_typed_list(seq, t)  # the display's few items
        out = self.make_list([], t)
        self.call_library("list_repeat_slots", [self.slots(out), self.slots(src), self.promote(count, T.INT)])
        return out

    def typed_pop_last(self, xs):
        """``xs.pop()`` on a typed list: the last slot, then one fewer."""
        n = self.b.tuple_len(xs)
        _, empty = self.b.apply_compare("eq", n, self.b.constant(0, T.INT))
        self.fb.raise_if(self.b.bool_to_pred(empty), "IndexError", "pop from empty list")
        _, last = self.b.apply_binary("sub", n, self.b.constant(1, T.INT), T.INT, infallible=True)
        _, out = self.b.tuple_get(xs, last, self.type(xs).elt, in_range=True)
        self.b.seq_resize(xs, last)
        return out

    def list_method(self, name, xs, args, node, keywords=None):
        """``xs.name(*args)`` on a list (the type rule accepted the call)."""
        if name == "append":
            return self.list_append(xs, args[0])
        if self.typed(xs) and name in ("pop", "clear") and not args:
            if name == "clear":
                self.b.seq_resize(xs, self.b.constant(0, T.INT))
                return self.b.constant(None, T.NONE)
            return self.typed_pop_last(xs)
        if self.typed(xs) and name == "sort":  # on the slots (runtime_lib/sorting.py)
            reverse = self.sort_reverse(keywords, node)
            if self.fb.block is None:  # reverse= of a type that always raises
                return None
            kind = self.b.constant(2 if self.type(xs).elt == T.FLOAT else 1, T.INT)
            return self.call_library("sort_slots", [self.b.static_cast(xs, T.STR), kind, reverse])  # as an ints array
        if self.typed(xs) and name in ("pop", "insert", "remove", "reverse"):
            elt = self.type(xs).elt
            out = self.on_copy(xs, lambda ys: self.list_method(name, ys, args, node, keywords))
            return self.coerce(out, elt) if name == "pop" and out is not None else out
        if name == "pop":
            if not args:
                return self.call_library("list_pop_last", [xs], T.OBJECT)
            it = self.type(args[0])
            if it.is_dynamic:
                exc, i = self.b.unbox(args[0], T.INT, "'{}' object cannot be interpreted as an integer")
                self.fb.check(exc)
            elif it in (T.INT, T.BOOL):
                i = self.promote(args[0], T.INT)
            else:
                return self.raise_always(sem.Raises(
                    "TypeError", f"'{it.python_name}' object cannot be interpreted as an integer"))
            return self.call_library("list_pop", [xs, i], T.OBJECT)
        if name == "index":
            return self.call_library("list_index", [xs, args[0], *self.index_bounds(args)], T.INT)
        if name == "sort":
            return self.call_library("list_sort", [xs, self.sort_reverse(keywords, node)])
        if name == "insert":
            i = args[0]
            if self.type(i).is_dynamic:
                exc, i = self.b.unbox(i, T.INT, "'{}' object cannot be interpreted as an integer")
                self.fb.check(exc)
            return self.call_library("list_insert", [xs, self.promote(i, T.INT), args[1]])
        return self.call_library(_LIBRARY_METHODS[name], [xs, *args])

    def sort_reverse(self, keywords, node):
        """The ``reverse=`` of ``sort``/``sorted`` as a bool (``key=`` needs function values)."""
        keywords = dict(keywords or {})
        if "key" in keywords:
            raise error_at(node, "sort(key=...) with this key is not supported",
                           "key= takes a function: a def, a lambda or a function of the module")
        reverse = keywords.pop("reverse", None)
        if keywords:
            raise error_at(node, f"unexpected keyword argument '{next(iter(keywords))}'")
        if reverse is None:
            return self.b.constant(False, T.BOOL)
        t = self.type(reverse)
        if t.is_dynamic or t in (T.INT, T.BOOL):
            return self.truth(reverse)  # CPython takes any int (an object: its truth)
        return self.raise_always(sem.Raises("TypeError", f"'{t.python_name}' object cannot be interpreted "
                                                         "as an integer"))

    def list_binary(self, name, lhs, rhs, result, inplace):
        """``+``, ``+=``, ``*``, ``*=`` with a list operand (the type rule accepted them)."""
        lt = self.type(lhs)
        if result.is_dynamic:
            exc, out = self.b.apply_binary(name, self.coerce(lhs, T.OBJECT), self.coerce(rhs, T.OBJECT),
                                           T.OBJECT, inplace)
            self.check_library(exc)
            return out
        if name == "add":
            if inplace:
                return self.call_library("list_iadd", [lhs, rhs], LIST)
            return self.call_library("list_concat", [lhs, rhs], LIST)
        seq, count = (lhs, rhs) if lt.is_list else (rhs, lhs)
        count = self.promote(count, T.INT)
        if inplace and lt.is_list:
            return self.call_library("list_imul", [seq, count], LIST)
        return self.call_library("list_repeat", [seq, count], LIST)

    def iterable_builtin(self, name, args, node, keywords):
        """``list``, ``sorted``, ``any``, ``all``, ``sum`` and one-argument
        ``min``/``max`` on an evaluated iterable."""
        keywords = dict(keywords or {})
        if name == "sum" and "start" in keywords and len(args) == 1:
            args = [args[0], keywords.pop("start")]
        default = keywords.pop("default", None) if name in ("min", "max") else None
        if name != "sorted" and keywords:
            raise error_at(node, f"{name}() got an unexpected keyword argument '{next(iter(keywords))}'")
        r = sem.builtin_type(name, [self.type(a) for a in args])
        if r is None:
            raise error_at(node, f"{name}() with {len(args)} argument(s) is not supported")
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name == "list":
            if not args:
                return self.make_list([])
            t = self.type(args[0])
            if t.is_list:
                return self.call_library("list_copy", args, LIST)
            if t.is_tuple:
                return self.call_library("list_of_tuple", args, LIST)
            return self.call_library("to_list", args, LIST)
        if name == "sorted":
            return self.call_library("sorted_of", [args[0], self.sort_reverse(keywords, node)], LIST)
        if name in ("any", "all"):
            return self.call_library(f"{name}_of", args, T.BOOL)
        if name == "sum":
            start = args[1] if len(args) > 1 else self.b.constant(0, T.INT)
            return self.call_library("sum_of", [args[0], start], T.OBJECT)
        has_default = self.b.constant(default is not None, T.BOOL)
        default = default if default is not None else self.b.constant(None, T.NONE)
        return self.call_library(f"{name}_of", [args[0], has_default, default], T.OBJECT)

    def unpack_starred(self, value, n: int, star: int):
        """The values ``a, *b, c = value`` binds (``n`` targets, the starred one
        at ``star`` gets a new list), CPython's errors otherwise."""
        t = self.type(value)
        types = sem.unpack_types(t, n, star)
        if isinstance(types, sem.Raises):
            return self.raise_always(types)
        after = n - 1 - star
        if t.is_tuple and t.elts is not None:
            m = len(t.elts)
            items = [self.static_get(value, k) for k in range(m)]
            return items[:star] + [self.make_list(items[star:m - after])] + items[m - after:]
        if t.is_dynamic:
            value = self.dynamic_as_tuple(value)
            if value is None:
                return None
        elif t.is_list:
            value = self.call_library("tuple_of_list", [value], tuple_any(T.OBJECT))
        elif t is T.STR:
            value = self.str_items(value)
        size = self.b.tuple_len(value)
        _, fewer = self.b.apply_compare("lt", size, self.b.constant(n - 1, T.INT))
        self.fb.raise_if(self.b.bool_to_pred(fewer), "ValueError",
                         f"not enough values to unpack (expected at least {n - 1}, got {{}})", args=[size],
                         fmt="values")
        elt = self.type(value).any_element()
        outs = []
        for k in range(star):
            _, v = self.b.tuple_get(value, self.b.constant(k, T.INT), elt, in_range=True)
            outs.append(v)
        outs.append(self.call_library("star_middle", [value, self.b.constant(star, T.INT),
                                                      self.b.constant(after, T.INT)], LIST))
        for j in range(after):
            _, k = self.b.apply_binary("sub", size, self.b.constant(after - j, T.INT), T.INT, infallible=True)
            _, v = self.b.tuple_get(value, k, elt, in_range=True)
            outs.append(v)
        return outs

    # ---- iterator objects ------------------------------------------------------------
    def iterator_value(self, what, values, keywords, node):
        """``enumerate(x, start)``, ``zip(a, b, ...)`` or ``reversed(x)`` kept as a
        value: an iterator object (``runtime_lib/iterators.py``)."""
        if what == "enumerate":
            if keywords not in ([], ["start"]) or not 1 <= len(values) <= 2:
                raise error_at(node, "enumerate() takes an iterable and an optional start")
            start = values[1] if len(values) > 1 else self.b.constant(0, T.INT)
            t = self.type(start)
            if t.is_dynamic:
                exc, start = self.b.unbox(start, T.INT, "'{}' object cannot be interpreted as an integer")
                self.fb.check(exc)
            elif t not in (T.INT, T.BOOL):
                return self.raise_always(sem.Raises(
                    "TypeError", f"'{t.python_name}' object cannot be interpreted as an integer"))
            return self.call_library("make_enumerate", [values[0], self.promote(start, T.INT)], T.ITERATOR)
        if keywords:
            raise error_at(node, f"keyword arguments to {what}() are not supported")
        if what == "zip":
            return self.call_library("make_zip", [self.make_tuple([self.coerce(v, T.OBJECT) for v in values])],
                                     T.ITERATOR)
        if len(values) != 1:
            raise error_at(node, f"reversed expected 1 argument, got {len(values)}")
        return self.call_library("make_reversed", values, T.ITERATOR)

    def iterator_next(self, it):
        """(i1 has-an-item, the item) of iterator ``it``."""
        got = self.call_library("iter_next", [it])
        parts = self.unpack(got, 2, None) if got is not None else None
        if parts is None or self.fb.block is None:
            return None
        has, value = parts
        return self.b.bool_to_pred(self.truth(has)), self.coerce(value, T.OBJECT)

    def iterator_builtin(self, name, args, node):
        """``iter(x)`` and ``next(it[, default])``."""
        r = sem.builtin_type(name, [self.type(a) for a in args])
        if r is None:
            raise error_at(node, f"{name}() with {len(args)} argument(s) is not supported")
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name == "iter":
            return self.call_library("to_iter", args, T.ITERATOR)
        has_default = self.b.constant(len(args) == 2, T.BOOL)
        default = args[1] if len(args) == 2 else self.b.constant(None, T.NONE)
        return self.call_library("next_of", [args[0], has_default, default], T.OBJECT)
