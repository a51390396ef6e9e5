"""The semantic layer's str operations (part of :class:`emitter.Emitter`).

A str is a VM list of codepoints (``pydm/representation.py``): a literal,
``len(s)`` and the truth of ``s`` are built inline; everything else -
concatenation, repetition, comparison, ``in``, indexing, slicing, the
methods, ``ord``/``chr`` - calls the runtime library
(``runtime_lib/strings.py``, ``str_methods.py``), which is Python itself; a non-ASCII str's case
mappings and character classes are CPython's own, by the host. Iterating a str walks
the tuple of its one-codepoint strs (so every loop form - ``zip``,
``enumerate``, ``reversed``, comprehensions - treats it as a tuple).
"""
from __future__ import annotations

from ..errors import TypeSpecificError, error_at
from ..types import PyType, list_of, tuple_any
from . import semantics as sem
from .. import dialect as d

T = PyType

#: str_compare's operator numbers (as tuple_compare's)
_COMPARE_CODES = {"lt": 0, "le": 1, "eq": 2, "ne": 3, "gt": 4, "ge": 5}
#: str methods: runtime-library function, the value of each parameter a call leaves out
#: (None: Python's None), literal arguments after them
_FIND = {"start": None, "end": None}
_METHODS = {
    "startswith": ("str_tailmatch", _FIND, (False,)), "endswith": ("str_tailmatch", _FIND, (True,)),
    "find": ("str_find_at", _FIND, (0,)), "rfind": ("str_find_at", _FIND, (1,)),
    "index": ("str_find_at", _FIND, (2,)), "rindex": ("str_find_at", _FIND, (3,)),
    "count": ("str_count_in", _FIND, ()), "replace": ("str_replace", {"count": -1}, ()),
    "split": ("str_split", {"sep": None, "maxsplit": -1}, (False,)),
    "rsplit": ("str_split", {"sep": None, "maxsplit": -1}, (True,)),
    "splitlines": ("str_splitlines", {"keepends": False}, ()), "join": ("str_join", {}, ()),
    "strip": ("str_strip", {"chars": None}, (0,)), "lstrip": ("str_strip", {"chars": None}, (1,)),
    "rstrip": ("str_strip", {"chars": None}, (2,)),
    "center": ("str_pad", {"fillchar": " "}, (0,)), "ljust": ("str_pad", {"fillchar": " "}, (1,)),
    "rjust": ("str_pad", {"fillchar": " "}, (2,)), "zfill": ("str_zfill", {}, ()),
    "partition": ("str_partition", {}, (False,)), "rpartition": ("str_partition", {}, (True,)),
    "removeprefix": ("str_removefix", {}, (False,)), "removesuffix": ("str_removefix", {}, (True,)),
    "expandtabs": ("str_expandtabs", {"tabsize": 8}, ()), "isspace": ("str_isspace", {}, ()),
}
#: case mappings and character classes: the library's for an ASCII str (operation
#: number), CPython's (by the host) for any other - exact over all of Unicode
_ASCII_CASE = {"upper": 0, "lower": 1, "casefold": 1, "swapcase": 2, "title": 3, "capitalize": 4}
_ASCII_TEST = {"isdigit": 0, "isalpha": 1, "isalnum": 2, "isupper": 3, "islower": 4, "istitle": 5}
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

    def str_method(self, name, s, args, node, keywords=None):
        """``s.name(*args, **keywords)`` on a str (the type rule knows the method)."""
        keywords = keywords or {}
        filled = sem.str_method_call(name, len(args), tuple(keywords))
        if filled is None:
            raise error_at(node, f"this call of .{name}() is not supported", "check the arguments")
        if isinstance(filled, sem.Raises):
            return self.raise_always(filled)
        s = self.method_receiver(name, s)
        result = sem.STR_METHODS[name][0]
        if name in _ASCII_CASE or name in _ASCII_TEST:
            return self.ascii_or_host(name, s, result)
        if name == "split" and not args and not keywords:  # by whitespace, no limit: no argument to check
            return self.call_library("split_whitespace", [s, self.b.constant(-1, T.INT)], result)
        fn, defaults, extra = _METHODS[name]
        given = dict(zip(filled, [*args, *keywords.values()]))
        values = [given[p] if p in given else self.default_argument(defaults[p]) for p in sem.STR_METHODS[name][2]]
        return self.call_library(fn, [s, *values, *(self.default_argument(k) for k in extra)], result)

    def method_receiver(self, name, x):
        """The receiver of ``x.name(...)``, before the arguments are evaluated:
        for a str-only method on an object, a str; for a list, tuple, dict or
        set method, an object holding a kind that has it (a list, dict or set
        when only that kind has it); else (and for a builtin static type
        without the method) CPython's AttributeError; None when it raised."""
        if not self.type(x).is_dynamic:
            missing = sem.missing_method(self.type(x), name)
            return x if missing is None else self.raise_always(missing)
        kinds = sem.method_kinds(name)
        if kinds:
            hit = self.type_test(x, kinds)
            self.fb.raise_if(self.b.bool_to_pred(hit), "AttributeError", f"'{{}}' object has no attribute '{name}'",
                             when=False, args=[x], fmt="types")
            only = {"list": list_of(), "dict": T.DICT, "set": T.SET}.get(kinds[0]) if len(kinds) == 1 else None
            return x if only is None else self.b.unbox(x, only, checked=False)[1]
        if name not in sem.STR_ONLY_METHODS:
            return x
        hit = self.type_test(x, ("str",))
        self.fb.raise_if(self.b.bool_to_pred(hit), "AttributeError", f"'{{}}' object has no attribute '{name}'",
                         when=False, args=[x], fmt="types")
        return self.b.unbox(x, T.STR, checked=False)[1]

    def default_argument(self, value):
        if value is None:
            return self.b.constant(None, T.NONE)
        if isinstance(value, str):
            return self.str_literal(value)
        return self.b.constant(value, T.BOOL if isinstance(value, bool) else T.INT)

    def ascii_or_host(self, name, s, result):
        """A case mapping or character class of ``s``: the library's loop for an
        ASCII str, else CPython's own method by the host (~30 us: the rare path)."""
        fb = self.fb
        ascii_, other = fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(result))
        fb.cond_br(self.b.bool_to_pred(self.call_library("str_is_ascii", [s], T.BOOL)), [], [], ascii_, other)
        fb.block = ascii_
        if name in _ASCII_CASE:
            out = self.call_library("str_ascii_case", [s, self.b.constant(_ASCII_CASE[name], T.INT)], result)
        else:
            out = self.call_library("str_ascii_test", [s, self.b.constant(_ASCII_TEST[name], T.INT)], result)
        fb.br([out], merge)
        fb.block = other
        # the host piece (s, ".", name) is CPython's str.name(s); a bool comes back as "1" or ""
        out = self.format_values([(s, ".", self.str_literal(name))])
        fb.br([out if result is T.STR else self.str_truth(out)], merge)
        return fb.enter_merge(merge)
