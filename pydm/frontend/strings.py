"""The semantic layer's str operations (part of :class:`emitter.Emitter`).

A str is a VM list of codepoints (``pydm/representation.py``): a literal,
``len(s)`` and the truth of ``s`` are built inline; everything else -
concatenation, repetition, comparison, ``in``, indexing, slicing, the few
methods, ``ord``/``chr`` - calls the runtime library
(``runtime_lib/strings.py``), which is Python itself. Iterating a str walks
the tuple of its one-codepoint strs (so every loop form - ``zip``,
``enumerate``, ``reversed``, comprehensions - treats it as a tuple).
"""
from __future__ import annotations

from ..errors import TypeSpecificError, error_at
from ..types import PyType, tuple_any
from . import semantics as sem

T = PyType

#: str_compare's operator numbers (as tuple_compare's)
_COMPARE_CODES = {"lt": 0, "le": 1, "eq": 2, "ne": 3, "gt": 4, "ge": 5}
#: str methods: runtime-library function, extra literal int arguments
_METHODS = {"startswith": ("str_startswith", ()), "endswith": ("str_endswith", ()),
            "find": ("str_find", (0,)), "count": ("str_count", ())}
STR_ITEMS = tuple_any(T.STR)


class StrOps:
    """Mixed into the Emitter (it uses ``self.fb``, ``self.b``, ``call_library``...)."""

    def str_literal(self, value: str):
        return self.b.str_literal(value)

    def str_truth(self, s):
        _, out = self.b.apply_compare("ne", self.b.str_len(s), self.b.constant(0, T.INT))
        return out

    def str_binary(self, name, lhs, rhs, result, inplace):
        """``+`` / ``*`` with a str operand (the type rule accepted them)."""
        if result.is_dynamic:
            exc, out = self.b.apply_binary(name, self.coerce(lhs, T.OBJECT), self.coerce(rhs, T.OBJECT),
                                           T.OBJECT, inplace)
            self.check_library(exc)
            return out
        if name == "add":
            return self.call_library("str_concat", [lhs, rhs], T.STR)
        if name == "mod":  # "fmt" % args: CPython's printf-style formatting, by the host
            return self.format_values([(lhs, "%", rhs)])
        seq, count = (lhs, rhs) if self.type(lhs) is T.STR else (rhs, lhs)
        return self.call_library("str_repeat", [seq, self.promote(count, T.INT)], T.STR)

    def str_compare(self, name, lhs, rhs):
        """``lhs <name> rhs`` for two strs: by codepoints."""
        return self.call_library("str_compare", [lhs, rhs, self.b.constant(_COMPARE_CODES[name], T.INT)], T.BOOL)

    def str_subscript(self, s, index):
        """``s[i]``: a str of one codepoint (IndexError/TypeError as CPython)."""
        if self.type(index).is_dynamic:
            exc, index = self.b.unbox(index, T.INT, "string indices must be integers, not '{}'")
            self.fb.check(exc)
        return self.call_library("str_item", [s, self.promote(index, T.INT)], T.STR)

    def str_items(self, s):
        """The one-codepoint strs of ``s``, as a tuple (what loops walk)."""
        return self.call_library("to_tuple", [s], STR_ITEMS)

    def str_builtin(self, name, args, node):
        """``str(x)``, ``ord(c)``, ``chr(i)``."""
        if len(args) > 1 or name != "str" and not args:
            raise error_at(node, f"{name}() takes exactly one argument ({len(args)} given)")
        r = sem.builtin_type(name, [self.type(a) for a in args])
        if isinstance(r, sem.NotCompiled):
            raise error_at(node, r.message, r.hint, cls=TypeSpecificError)
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name == "str":
            if not args:
                return self.str_literal("")
            if self.type(args[0]) is T.STR:
                return args[0]  # str(s) is s, as in CPython
            return self.format_values([(args[0], "s", None)])
        if name == "ord":
            return self.call_library("str_ord", args, T.INT)
        c = args[0]
        if self.type(c).is_dynamic:
            exc, c = self.b.unbox(c, T.INT, "'{}' object cannot be interpreted as an integer")
            self.fb.check(exc)
        return self.call_library("str_chr", [self.promote(c, T.INT)], T.STR)

    def str_method(self, name, s, args):
        fn, extra = _METHODS[name]
        return self.call_library(fn, [s, *args, *(self.b.constant(k, T.INT) for k in extra)])
