"""The semantic layer of the number builtins (part of ``Emitter``):
``int(x)``, ``int(s, base)``, ``float(x)``, ``bin``/``oct``/``hex``.

A number converts inline (``convert``); a str is parsed by the runtime
library (``runtime_lib/parsing.py``: CPython's grammar, a 64-bit int or a
correctly rounded float, the host's ``float()`` for the literals its exact
fast path does not cover); an ``object`` by ``to_int``/``to_float``
(``runtime_lib/numbers.py``), which parse a str the same way.
"""
from __future__ import annotations

from ..errors import TypeSpecificError, error_at
from ..types import PyType
from . import semantics as sem

T = PyType

#: bin/oct/hex: the prefix each writes
_PREFIXES = {"bin": "0b", "oct": "0o", "hex": "0x"}
_BASES = {"bin": 2, "oct": 8, "hex": 16}
_INDEX_MESSAGE = "'{}' object cannot be interpreted as an integer"


class ParseOps:
    """Mixed into the Emitter (it uses ``self.b``, ``call_library``, ``to_number``...)."""

    def number_builtin(self, name, args, node, keywords):
        """``int(...)``, ``float(...)``, ``bin(x)``, ``oct(x)``, ``hex(x)``."""
        message = arity_error(name, len(args), keywords)
        if message is not None:
            return self.raise_always(sem.Raises("TypeError", message))
        args = list(args) + list(keywords.values())  # int(s, base=b)
        if not args:
            return self.b.constant(0 if name == "int" else 0.0, T.INT if name == "int" else T.FLOAT)
        r = sem.builtin_type(name, [self.type(a) for a in args])
        if isinstance(r, sem.NotCompiled):
            raise error_at(node, r.message, r.hint, cls=TypeSpecificError)
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name in _PREFIXES:
            base = self.b.constant(_BASES[name], T.INT)
            return self.call_library("int_to_base", [self.index_value(args[0]), base,
                                                     self.str_literal(_PREFIXES[name])], T.STR)
        if len(args) == 2:
            return self.int_with_base(args[0], args[1])
        x, t = args[0], self.type(args[0])
        if t is T.STR:
            if name == "int":
                return self.call_library("str_to_int", [x, self.b.constant(10, T.INT)], T.INT)
            return self.call_library("str_to_float", [x], T.FLOAT)
        return self.to_number(x, r)

    def index_value(self, x):
        """``x`` as an int (an object: CPython's TypeError unless it holds an int or a bool)."""
        if self.type(x).is_dynamic:
            exc, x = self.b.unbox(x, T.INT, _INDEX_MESSAGE)
            self.fb.check(exc)
        return self.promote(x, T.INT)

    def int_with_base(self, x, base):
        """``int(x, base)``: the base first (an integer), then ``x`` (a str)."""
        base = self.index_value(base)
        if self.type(x) is T.STR:
            return self.call_library("str_to_int", [x, base], T.INT)
        # an object, or no str: the base's range is checked before x's type
        return self.call_library("to_int_base", [x, base], T.INT)


def arity_error(name: str, n: int, keywords) -> str | None:
    """CPython's TypeError for a call of ``name`` with ``n`` positional
    arguments and these keywords (None: they fit)."""
    if name == "int":
        if n + len(keywords) > 2:
            return f"int() takes at most 2 arguments ({n + len(keywords)} given)"
        for k in keywords:
            if k != "base":
                return f"'{k}' is an invalid keyword argument for int()"
        return "int() missing string argument" if keywords and not n else None
    if keywords:
        return f"{name}() takes no keyword arguments"
    if name == "float":
        return f"float expected at most 1 argument, got {n}" if n > 1 else None
    return f"{name}() takes exactly one argument ({n} given)" if n != 1 else None
