"""The semantic layer's set operations (part of :class:`emitter.Emitter`).

A set is the dict's table with no values (``runtime_lib/sets.py``), shared
by reference; every operation on one is a library call. A frozenset is the
same table under its own static type (and type code): the library's set
functions that change nothing take it as a set (``set_view``, a static
cast), and a new set they return for a frozenset is cast back (``frozen``). This mixin comes
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
FROZEN = T.FROZENSET

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

    def set_view(self, x):
        """A set or frozenset value as the set the library's set functions take."""
        return self.b.static_cast(x, SET) if self.type(x) is FROZEN else x

    def frozen(self, x):
        """A new set (a library result) as the frozenset it is."""
        return None if x is None else self.b.static_cast(x, FROZEN)

    # ---- operations the other kinds also have --------------------------------------------
    def contains(self, item, container):
        if self.type(container) in sem.SETS:
            return self.call_library("set_contains", [self.set_view(container), item], T.BOOL)
        return super().contains(item, container)

    def length(self, x):
        if self.type(x) in sem.SETS:
            return self.call_library("set_len", [self.set_view(x)], T.INT)
        return super().length(x)

    def iteration(self, seq):
        if self.type(seq) in sem.SETS:  # an iterator (it checks the size before each element)
            it = self.call_library("set_iter", [self.set_view(seq)], T.ITERATOR)
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
        if result in sem.SETS:  # the left operand's type; a frozenset is never changed in place
            out = self.call_library("set_binary", [self.set_view(lhs), self.set_view(rhs),
                                                   self.b.constant(_OPERATOR[name], T.INT),
                                                   self.b.constant(inplace and lt is SET, T.BOOL)], SET)
            return self.frozen(out) if result is FROZEN else out
        exc, out = self.b.apply_binary(name, self.as_dynamic(lhs), self.as_dynamic(rhs), T.OBJECT, inplace)
        self.check_library(exc)
        return out

    def set_compare(self, name, lhs, rhs):
        """``== != < <= > >=`` with a set operand (the subset order)."""
        lt, rt = self.type(lhs), self.type(rhs)
        result = sem.compare_type(name, lt, rt)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if lt in sem.SETS and rt in sem.SETS:  # a set equals a frozenset of the same elements
            lhs, rhs = self.set_view(lhs), self.set_view(rhs)
            if name in ("eq", "ne"):
                same = self.call_library("set_eq", [lhs, rhs], T.BOOL)
                return self.b.not_(same) if name == "ne" and same is not None else same
            return self.call_library("set_compare", [lhs, rhs, self.b.constant(_ORDER[name], T.INT)], T.BOOL)
        if lt.is_dynamic or rt.is_dynamic:
            exc, out = self.b.apply_compare(name, self.as_dynamic(lhs), self.as_dynamic(rhs))
            self.check_library(exc)
            return out
        return self.b.constant(name == "ne", T.BOOL)  # a set never equals a value of another type

    def set_builtin(self, args, node, keywords=None, name="set"):
        """``set()``, ``set(iterable)``, ``frozenset()``, ``frozenset(iterable)``."""
        if keywords and name == "set":
            raise error_at(node, "set() takes no keyword arguments")
        if keywords:
            return self.raise_always(sem.Raises("TypeError", f"{name}() takes no keyword arguments"))
        if len(args) > 1:
            return self.raise_always(sem.Raises("TypeError", f"{name} expected at most 1 argument, got {len(args)}"))
        r = sem.builtin_type(name, [self.type(a) for a in args])
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name == "frozenset":
            if args and self.type(args[0]) is FROZEN:
                return args[0]  # frozenset(fs) is fs, as in CPython
            return self.call_library("frozenset_of" if args else "frozenset_empty", args, FROZEN)
        if not args:
            return self.call_library("set_empty", [], SET)
        return self.call_library("set_of", args, SET)

    # ---- methods ---------------------------------------------------------------------------
    def method(self, name, receiver, args, node, keywords=None):
        rt = self.type(receiver)
        if rt is FROZEN:
            if keywords:
                raise error_at(node, f"frozenset.{name}() takes no keyword arguments")
            r = sem.method_type(name, rt, [self.type(a) for a in args])
            if isinstance(r, sem.Raises):
                return self.raise_always(r)
            return self.frozenset_method(name, receiver, args)
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

            def no_attribute():
                if name == "isdisjoint":  # a keys or items view has it too (else the AttributeError)
                    return self.call_library("view_isdisjoint", [receiver, args[0]], T.BOOL)
                self.fb.raise_here("AttributeError", f"'{{}}' object has no attribute '{name}'", [receiver],
                                   "types")
            if name not in sem.FROZENSET_METHODS:
                return self.on_kind_or(receiver, SET, lambda x: self.set_method(name, x, args), no_attribute, r)
            result = r if sem.FROZENSET_METHODS[name][0] is r else T.OBJECT  # a set's or a frozenset's

            def other():
                return self.on_kind_or(receiver, FROZEN, lambda x: self.frozenset_method(name, x, args),
                                       no_attribute, result)
            return self.on_kind_or(receiver, SET, lambda x: self.set_method(name, x, args), other, result)
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
            result = theirs if mine is theirs and name != "copy" else T.OBJECT

            def other():
                if name == "copy":  # a frozenset's copy is itself
                    return self.on_kind_or(receiver, FROZEN, lambda x: x, lambda: super(SetOps, self).method(
                        name, receiver, args, node, keywords), result)
                return super(SetOps, self).method(name, receiver, args, node, keywords)
            return self.on_kind_or(receiver, SET, on_set, other, result)
        return super().method(name, receiver, args, node, keywords)

    def frozenset_method(self, name, fs, args):
        """``fs.name(*args)`` on a frozenset (the type rule accepted the call):
        the set's method on its table; a new set it makes is a frozenset."""
        if name == "copy":
            return fs  # as CPython's
        out = self.set_method(name, self.set_view(fs), args)
        return self.frozen(out) if sem.FROZENSET_METHODS[name][0] is FROZEN else out

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
