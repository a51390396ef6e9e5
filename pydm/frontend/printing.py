"""The semantic layer of ``print`` and of formatting (part of ``Emitter``):
what the host (CPython itself) does for compiled code.

``print(*args, sep=None, end=None, flush=False)`` builds the tuple ``(args,
sep, end, flush)`` and hands it to the host (op ``host_print``, lowered to the
optional import ``pydm_host.print``). The host converts it as it converts a
call's result and calls CPython's own ``print``: the text is CPython's (float
reprs, nested tuples and lists), and it is written, in order, to the host's
``sys.stdout`` while the compiled code runs.

``str(x)``, ``repr(x)``, ``format(x, spec)`` and f-strings build a tuple of
pieces - a str, or ``(value, conversion, spec)`` - and the host returns the str
CPython makes of them (op ``host_format``): one call per f-string, with
CPython's float reprs, format specs and nested containers exactly.
"""
from __future__ import annotations

from ..errors import error_at
from ..types import PyType
from . import semantics as sem

T = PyType

#: print's keywords that pydm passes on (``file=`` is not one of them)
KEYWORDS = ("sep", "end", "flush")
#: values the host cannot be given (made by compiled code, no Python object)
NOT_PRINTABLE = ("function", "iterator")


class PrintOps:
    """``print`` and formatting by the host (a mixin of ``Emitter``)."""

    def print_call(self, args, keywords, node):
        """``print(*args, **keywords)``: None, after the host wrote the line."""
        for name in keywords:
            if name == "file":
                raise error_at(node, "print(file=...) is not supported",
                               "pydm's print writes to the host's sys.stdout")
            if name not in KEYWORDS:
                return self.raise_always_type_error(f"'{name}' is an invalid keyword argument for print()")
        for v in list(args) + [keywords[k] for k in ("sep", "end") if k in keywords]:
            t = self.type(v)
            if t.python_name in NOT_PRINTABLE:
                raise error_at(node, f"print() of a {t.python_name} value is not supported",
                               "a function or iterator made by compiled code has no Python object")
        texts = []
        for name in ("sep", "end"):
            v = keywords.get(name)
            if v is None:
                texts.append(self.b.constant(None, T.NONE))
                continue
            t = self.type(v)
            if not (t is T.NONE or t.is_dynamic or t.python_name == "str"):
                return self.raise_always_type_error(f"{name} must be None or a string, not {t.python_name}")
            texts.append(v)
        flush = self.truth(keywords["flush"]) if "flush" in keywords else self.b.constant(False, T.BOOL)
        payload = self.make_tuple([self.make_tuple(list(args)), *texts, flush])
        self.b.host_print(payload)
        return self.b.constant(None, T.NONE)

    def raise_always_type_error(self, message: str):
        return self.raise_always(sem.Raises("TypeError", message))

    # ---- formatting ------------------------------------------------------------------

    def format_values(self, pieces, node=None):
        """The str of ``pieces``: each a str value, or ``(value, conversion, spec)``
        (conversion None, "s", "r" or "a"; spec a str value or None), or
        ``(fmt, "%", args)`` for ``fmt % args``."""
        items = []
        for piece in pieces:
            if not isinstance(piece, tuple):
                items.append(piece)
                continue
            value, conversion, spec = piece
            t = self.type(value)
            if t.python_name in NOT_PRINTABLE:
                raise error_at(node, f"formatting a {t.python_name} value is not supported",
                               "a function or iterator made by compiled code has no Python object")
            # the host reads the conversion's character code (the AST's own: -1 for none)
            code = self.b.constant(-1 if conversion is None else ord(conversion), T.INT)
            items.append(self.make_tuple([value, code, spec if spec is not None else self.str_literal("")]))
        return self.b.host_format(self.make_tuple(items))

    def format_builtin(self, name, args, node):
        """``repr(x)``, ``format(x)``, ``format(x, spec)``."""
        if not args or len(args) > (1 if name == "repr" else 2):
            raise error_at(node, f"{name}() takes {'exactly one argument' if name == 'repr' else '1 or 2 arguments'}"
                                 f" ({len(args)} given)")
        r = sem.builtin_type(name, [self.type(a) for a in args])
        if isinstance(r, sem.NotCompiled):
            raise error_at(node, r.message, r.hint)
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if name == "repr":
            return self.format_values([(args[0], "r", None)], node)
        return self.format_values([(args[0], None, args[1] if len(args) > 1 else None)], node)
