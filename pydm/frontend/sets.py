"""The semantic layer's set operations (part of :class:`emitter.Emitter`).

A set is the dict's table with no values (``runtime_lib/sets.py``), shared
by reference; every operation on one is a library call. This mixin comes
first in the Emitter's bases: each method handles a set operand (static
type ``set``, or an ``object`` that holds a set where a method name is a
set's) and hands anything else on (``super()``).
"""
from __future__ import annotations

from ..errors import error_at
from ..types import PyType
from . import semantics as sem

T = PyType
SET = T.SET

#: the library function of each set method taking iterables (``s.name(*others)``)
_MANY = {"update": "set_update", "intersection_update": "set_intersection_update",
         "difference_update": "set_difference_update"}
_NEW = {"union": "set_update", "intersection": "set_intersection_update", "difference": "set_difference_update"}
_ONE = {"add": ("set_add", T.NONE), "remove": ("set_remove", T.NONE), "discard": ("set_discard", T.NONE),
        "symmetric_difference": ("set_symmetric_difference", SET),
        "symmetric_difference_update": ("set_symmetric_difference_update", T.NONE),
        "issubset": ("set_issubset", T.BOOL), "issuperset": ("set_issuperset", T.BOOL),
        "isdisjoint": ("set_isdisjoint", T.BOOL)}
#: the operators' codes in ``set_binary`` (runtime_lib/sets.py)
_OPERATOR = {"or": 0, "and": 1, "sub": 2, "xor": 3}
#: the order comparisons' codes in ``set_compare``
_ORDER = {"lt": 0, "le": 1, "gt": 4, "ge": 5}


class SetOps:
    """Mixed into the Emitter (it uses ``self.fb``, ``self.b``, ``call_library``...)."""

    def make_set(self, values):
        """``{v0, v1, ...}``: the elements already evaluated, in order."""
        out = self.call_library("set_empty", [], SET)
        for v in values:
            if out is None or self.fb.block is None:
                return None
            self.call_library("set_add", [out, v])
        return out if self.fb.block is not None else None

    # ---- operations the other kinds also have --------------------------------------------
    def contains(self, item, container):
        if self.type(container) is SET:
            return self.call_library("set_contains", [container, item], T.BOOL)
        return super().contains(item, container)

    def length(self, x):
        if self.type(x) is SET:
            return self.call_library("set_len", [x], T.INT)
        return super().length(x)

    def iteration(self, seq):
        if self.type(seq) is SET:  # an iterator (it checks the size before each element)
            it = self.call_library("set_iter", [seq], T.ITERATOR)
            return (it, "iterator") if it is not None else None
        return super().iteration(seq)

    # ---- hooks of the Emitter's own operators (called when an operand is a set) -----------
    def set_binary(self, token, lhs, rhs, rhs_const=None, inplace=False, lhs_const=None):
        """``| & - ^`` (and in place) with a set operand, else CPython's TypeError."""
        lt, rt = self.type(lhs), self.type(rhs)
        name = sem.BINARY[token]
        result = sem.binary_type(name, lt, rt, rhs_const, inplace, lhs_const)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if result is SET:
            return self.call_library("set_binary", [lhs, rhs, self.b.constant(_OPERATOR[name], T.INT),
                                                    self.b.constant(inplace, T.BOOL)], SET)
        exc, out = self.b.apply_binary(name, self.as_dynamic(lhs), self.as_dynamic(rhs), T.OBJECT, inplace)
        self.check_library(exc)
        return out

    def set_compare(self, name, lhs, rhs):
        """``== != < <= > >=`` with a set operand (the subset order)."""
        lt, rt = self.type(lhs), self.type(rhs)
        result = sem.compare_type(name, lt, rt)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if lt is SET and rt is SET:
            if name in ("eq", "ne"):
                same = self.call_library("set_eq", [lhs, rhs], T.BOOL)
                return self.b.not_(same) if name == "ne" and same is not None else same
            return self.call_library("set_compare", [lhs, rhs, self.b.constant(_ORDER[name], T.INT)], T.BOOL)
        if lt.is_dynamic or rt.is_dynamic:
            exc, out = self.b.apply_compare(name, self.as_dynamic(lhs), self.as_dynamic(rhs))
            self.check_library(exc)
            return out
        return self.b.constant(name == "ne", T.BOOL)  # a set never equals a value of another type

    def set_builtin(self, args, node, keywords=None):
        """``set()``, ``set(iterable)``."""
        if keywords:
            raise error_at(node, "set() takes no keyword arguments")
        if len(args) > 1:
            return self.raise_always(sem.Raises("TypeError", f"set expected at most 1 argument, got {len(args)}"))
        r = sem.builtin_type("set", [self.type(a) for a in args])
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if not args:
            return self.call_library("set_empty", [], SET)
        return self.call_library("set_of", args, SET)

    # ---- methods ---------------------------------------------------------------------------
    def method(self, name, receiver, args, node, keywords=None):
        rt = self.type(receiver)
        if rt is SET or rt.is_dynamic and name in sem.SET_ONLY_METHODS:
            if keywords:
                raise error_at(node, f"set.{name}() takes no keyword arguments")
            r = sem.method_type(name, rt, [self.type(a) for a in args])
            if r is None:
                raise error_at(node, f"this call of .{name}() is not supported", "check the number of arguments")
            if isinstance(r, sem.Raises):
                return self.raise_always(r)
            if rt is SET:
                return self.set_method(name, receiver, args)

            def other():
                self.fb.raise_here("AttributeError", f"'{{}}' object has no attribute '{name}'", [receiver],
                                   "types")
            return self.on_kind_or(receiver, SET, lambda x: self.set_method(name, x, args), other, r)
        if rt.is_dynamic and name in sem.SET_METHODS and not keywords:  # pop, clear, copy, update, remove
            theirs = sem.method_type(name, rt, [self.type(a) for a in args])
            if theirs is None or isinstance(theirs, sem.Raises):  # an arity only a set's method has
                return super().method(name, receiver, args, node, keywords)
            mine = sem.method_type(name, SET, [self.type(a) for a in args])

            def on_set(x):
                if isinstance(mine, sem.Raises):
                    self.fb.raise_here(mine.cls, mine.message)
                    return None
                return self.set_method(name, x, args)
            result = theirs if mine is theirs else T.OBJECT
            return self.on_kind_or(receiver, SET, on_set,
                                  lambda: super(SetOps, self).method(name, receiver, args, node, keywords), result)
        return super().method(name, receiver, args, node, keywords)

    def set_method(self, name, s, args):
        """``s.name(*args)`` on a set (the type rule accepted the call)."""
        none = self.b.constant(None, T.NONE)
        if name in _ONE:
            fn, result = _ONE[name]
            return self.call_library(fn, [s, args[0]], result)
        if name in _MANY or name in _NEW:
            target = s
            if name in _NEW:
                target = self.call_library("set_copy", [s], SET)
            fn = _MANY.get(name) or _NEW[name]
            for a in args:
                if self.fb.block is None:
                    return None
                self.call_library(fn, [target, a])
            return target if name in _NEW else none
        if name == "pop":
            return self.call_library("set_pop", [s], T.OBJECT)
        if name == "copy":
            return self.call_library("set_copy", [s], SET)
        self.call_library("set_clear", [s])
        return none


__all__ = ["SetOps"]
