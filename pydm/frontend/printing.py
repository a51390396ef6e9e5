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

``fmt.format(*args, **kwargs)`` with a literal ``fmt`` is parsed here, by
CPython's own parser (``_string.formatter_parser``), into the same pieces: one
host call. Anything the pieces cannot say exactly - a non-literal ``fmt``,
``{0.attr}``/``{0[i]}``, nested ``{:{w}}`` specs, mixed automatic and manual
numbering, a bad conversion, a missing field after a field that could fail
first - hands the whole call to the host (conversion ``{``), whose
``str.format`` raises CPython's errors itself.
"""
from __future__ import annotations

import _string
import re

from astroid import nodes
from iree.compiler import ir

from .. import dialect as d
from ..errors import error_at
from ..types import PyType
from . import semantics as sem

T = PyType

#: print's keywords that pydm passes on (``file=`` is not one of them)
KEYWORDS = ("sep", "end", "flush")
#: values the host cannot be given (made by compiled code, no Python object)
NOT_PRINTABLE = ("function", "iterator")
#: a float's format spec the runtime library makes (``format_fixed``):
#: ``[[fill]align][sign][0][width].{precision}f`` (or ``F``)
FIXED_SPEC = re.compile(r"(?:(.)?([<>=^]))?([-+ ])?(0)?([0-9]*)\.([0-9]+)[fF]", re.DOTALL)
#: wider fields and longer precisions stay the host's
MAX_VM_WIDTH = 1000


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
        ``(fmt, "%", args)`` for ``fmt % args``. Made in the VM when every piece
        is a str, an int or None without spec or a float with a literal ``.Nf``
        spec (:meth:`vm_kind`), else by the host (one call for all the pieces)."""
        if pieces and all(not isinstance(p, tuple) or self.vm_kind(*p) is not None for p in pieces):
            if not isinstance(pieces[0], tuple) and len(pieces) == 1:
                return pieces[0]
            if len(pieces) == 1 and self.vm_kind(*pieces[0]) in ("str", "int", "none"):
                return self.vm_text(*pieces[0])
            return self.vm_join(pieces)  # (a float's fixed text too: written as it would be in a join)
        for piece in pieces:
            if isinstance(piece, tuple) and self.type(piece[0]).python_name in NOT_PRINTABLE:
                t = self.type(piece[0])
                raise error_at(node, f"formatting a {t.python_name} value is not supported",
                               "a function or iterator made by compiled code has no Python object")
        return self.host_text(pieces)

    def vm_kind(self, value, conversion, spec):
        """How the VM makes one piece's text exactly and cheaply (a host call costs
        tens of microseconds): "str" (a str as itself), "int" (its decimal
        digits), "none", "fixed" (a float with a literal ``.Nf`` spec, see
        ``FIXED_SPEC``); None for every other piece (the host's)."""
        t = self.type(value)
        if t is T.FLOAT and conversion is None and spec is not None:
            return "fixed" if fixed_spec(literal_text(spec)) is not None else None
        if spec is not None or conversion not in (None, "s", "r"):
            return None
        if t is T.STR and conversion != "r":
            return "str"
        return {T.INT: "int", T.NONE: "none"}.get(t)

    def vm_text(self, value, conversion, spec):
        """The text of a piece of a ``vm_kind``."""
        kind = self.vm_kind(value, conversion, spec)
        if kind == "str":
            return value
        if kind == "int":
            return self.call_library("int_decimal", [value], T.STR)
        return self.str_literal("None")

    def vm_join(self, pieces):
        """The str of two or more pieces of a ``vm_kind``, each written in place
        into one new str by the runtime library (``str_into``, ``int_into``,
        ``fixed_into``): one allocation, each codepoint written once (making
        each piece's text, then concatenating them, wrote it twice). The str is
        made as long as a bound of every piece (a str's length, 20 for an int,
        the width or 21 for a float's fixed text), grown by a writer whose text
        is longer (a float the host formats) and cut to the length written."""
        b = self.b
        bound, size = 0, None
        for p in pieces:
            value, conversion, spec = p if isinstance(p, tuple) else (p, None, None)
            kind = self.vm_kind(value, conversion, spec)
            if kind == "str":
                n = b.str_len(value)
                size = n if size is None else b.apply_binary("add", size, n, T.INT, infallible=True)[1]
            else:
                bound += {"int": 20, "none": 4}.get(kind) or max(21, fixed_spec(literal_text(spec))[4])
        out = b.str_new(b.constant(bound, T.INT) if size is None else
                        b.apply_binary("add", size, b.constant(bound, T.INT), T.INT, infallible=True)[1])
        at = b.constant(0, T.INT)
        for p in pieces:
            at = self.vm_write(out, at, *(p if isinstance(p, tuple) else (p, None, None)))
            if at is None:
                return None
        b.seq_resize(out, at)
        return out

    def vm_write(self, out, at, value, conversion, spec):
        """Write one piece's text into ``out`` (being made) from slot ``at``; the slot after it."""
        kind = self.vm_kind(value, conversion, spec)
        if kind in ("str", "none"):
            text = value if kind == "str" else self.str_literal("None")
            return self.call_library("str_into", [out, at, text], T.INT)
        if kind == "int":
            return self.call_library("int_into", [out, at, value], T.INT)
        fields = [self.b.constant(v, T.INT) for v in fixed_spec(literal_text(spec))]
        end = self.call_library("fixed_into", [out, at, value, *fields], T.INT)
        if end is None:
            return None
        b, fb = self.b, self.fb
        host, made = fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(T.INT))
        _, failed = b.apply_compare("lt", end, b.constant(0, T.INT))
        fb.cond_br(b.bool_to_pred(failed), [], [], host, made)
        fb.block = made
        fb.br([end], merge)
        fb.block = host  # -1: the digits do not fit in 63 bits (or inf, nan): the host's text
        written = self.call_library("str_into", [out, at, self.host_text([(value, None, spec)])], T.INT)
        if fb.block is not None:
            fb.br([written], merge)
        return fb.enter_merge(merge)

    def host_text(self, pieces):
        """The str the host's ``format()`` makes of ``pieces`` (each a str, or
        ``(value, conversion, spec)``): one host call."""
        items = []
        for piece in pieces:
            if not isinstance(piece, tuple):
                items.append(piece)
                continue
            value, conversion, spec = piece
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

    # ---- str.format -------------------------------------------------------------------

    def str_format(self, fmt, args, keywords, node):
        """``fmt.format(*args, **keywords)``: literal pieces where ``fmt`` is a
        literal (:func:`format_fields`), else the host's ``str.format``."""
        for v in list(args) + list(keywords.values()):
            t = self.type(v)
            if t.python_name in NOT_PRINTABLE:
                raise error_at(node, f"formatting a {t.python_name} value is not supported",
                               "a function or iterator made by compiled code has no Python object")
        literal = node.func.expr if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute) else None
        if isinstance(literal, nodes.Const) and isinstance(literal.value, str):
            plan = format_fields(literal.value, len(args), keywords)
            if isinstance(plan, sem.Raises):
                return self.raise_always(plan)
            if plan is not None:
                pieces = []
                for text, field, conversion, spec in plan:
                    if text:
                        pieces.append(self.str_literal(text))
                    if field is not None:
                        value = args[field] if isinstance(field, int) else keywords[field]
                        pieces.append((value, conversion, self.str_literal(spec) if spec else None))
                return self.format_values(pieces, node) if pieces else self.str_literal("")
        if self.type(fmt).is_dynamic:  # a str, else CPython's AttributeError
            hit = self.type_test(fmt, ("str",))
            bad, ok = self.fb.new_block(), self.fb.new_block()
            self.fb.cond_br(self.b.bool_to_pred(hit), [], [], ok, bad)
            self.fb.block = bad
            self.fb.raise_here("AttributeError", "'{}' object has no attribute 'format'", [fmt], "types")
            self.fb.block = ok
            _, fmt = self.b.unbox(fmt, T.STR, checked=False)
        names = self.make_tuple([self.str_literal(k) for k in keywords])
        payload = self.make_tuple([self.make_tuple(list(args)), names, self.make_tuple(list(keywords.values()))])
        return self.format_values([(fmt, "{", payload)], node)


def format_fields(fmt: str, n_args: int, keywords) -> list | sem.Raises | None:
    """The literal ``fmt`` of ``fmt.format(...)`` with ``n_args`` positional
    arguments and these keywords, as ``(text, field, conversion, spec)``
    entries (``field``: a positional index, a keyword's name, or None after
    the last field); Raises for a field that is certainly missing; None
    where only the host's ``str.format`` is exact."""
    try:
        parsed = list(_string.formatter_parser(fmt))
    except ValueError:
        return None  # a lone brace: CPython's ValueError, by the host
    plan, auto, manual, safe = [], 0, False, True
    for text, name, spec, conversion in parsed:
        if name is None:
            plan.append((text, None, None, None))
            continue
        if conversion not in (None, "r", "s", "a") or "{" in spec:
            return None
        if name == "":
            if manual:
                return None
            field, auto = auto, auto + 1
        elif name.isdigit() and name.isascii():
            if auto:
                return None
            field, manual = int(name), True
        elif name.isidentifier():
            field = name
        else:
            return None  # {0.attr}, {0[i]}, ...
        if isinstance(field, int) and field >= n_args or isinstance(field, str) and field not in keywords:
            if not safe:
                return None  # an earlier field's spec may fail first: the host keeps CPython's order
            if isinstance(field, int):
                return sem.Raises("IndexError", f"Replacement index {field} out of range for positional args tuple")
            return sem.Raises("KeyError", field)
        safe = safe and not spec
        plan.append((text, field, conversion, spec))
    return plan


def literal_text(value) -> str | None:
    """The text of a str made by a literal (an f-string's spec), else None."""
    owner = value.owner
    if getattr(owner, "name", None) != d.STR_LITERAL:
        return None
    return "".join(map(chr, ir.DenseI64ArrayAttr(owner.attributes["value"])))


def fixed_spec(text: str | None) -> tuple | None:
    """``(precision, sign, fill, align, width)`` (codepoints; align 0: none) of a
    float spec the runtime library makes (``FIXED_SPEC``), else None."""
    if text is None:
        return None
    match = FIXED_SPEC.fullmatch(text)
    if match is None:
        return None
    fill, align, sign, zero, width, prec = match.groups()
    if zero and not align:  # sign-aware zero padding
        fill, align = "0", "="
    width = int(width) if width else 0
    prec = int(prec)
    if width > MAX_VM_WIDTH or prec > 18:
        return None
    return (prec, ord(sign) if sign else 0, ord(fill) if fill else 32, ord(align) if align else 0, width)
