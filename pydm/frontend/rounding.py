"""``round(number, ndigits=None)`` and the methods of numbers (part of
``Emitter``): CPython's ``int.__round__`` and ``float.__round__``;
``int.bit_length``, ``int.bit_count``, ``float.is_integer``.

* ``round(x)`` (or ``ndigits`` None): an int, a tie to the even one;
* ``round(int, n)``: an int, for ``n < 0`` the nearest multiple of ``10**-n``;
* ``round(float, n)``: a float, the exact value of ``x`` rounded to ``n``
  decimal places, a tie to the even one (as CPython, which rounds the exact
  binary value: ``round(2.675, 2)`` is ``2.67``). For ``n >= 0`` the digits
  are the runtime library's exact ``.{n}f`` formatting (``format_fixed``),
  parsed back exactly (``str_to_float``); where those do not fit in 63 bits,
  the host's ``format`` makes the digits. For ``n < 0``, integer arithmetic on
  the float's exact integer part (``runtime_lib/numbers.py``).

CPython looks up ``number``'s ``__round__`` before it reads ``ndigits``: a
value of another type is ``type str doesn't define __round__ method`` first.
"""
from __future__ import annotations

from .. import dialect as d
from ..errors import error_at
from ..types import PyType
from . import semantics as sem

T = PyType

_NOT_ROUNDABLE = "type {} doesn't define __round__ method"


class RoundOps:
    def method(self, name, receiver, args, node, keywords=None):
        """``x.bit_length()``, ``x.bit_count()``, ``x.is_integer()``; any other
        method: the next mixin's."""
        r = sem.number_method_type(name, self.type(receiver), len(args))
        if r is None:
            return super().method(name, receiver, args, node, keywords)
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if keywords:
            raise error_at(node, f".{name}() takes no keyword arguments")
        t = self.type(receiver)
        if t.is_dynamic:  # the method of the number held, else CPython's AttributeError
            which = self.b.constant(list(sem.NUMBER_METHODS).index(name), T.INT)
            return self.call_library("number_method", [receiver, which], T.OBJECT)
        if name == "is_integer":
            return self.call_library("float_is_integer", [receiver], T.BOOL)
        return self.call_library(f"int_{name}", [self.promote(receiver, T.INT)], T.INT)

    def round_builtin(self, args, node, keywords):
        keywords = dict(keywords or {})
        if "number" in keywords and not args:
            args = [keywords.pop("number")]
        if "ndigits" in keywords and len(args) == 1:
            args = [args[0], keywords.pop("ndigits")]
        if keywords:
            raise error_at(node, f"round() got an unexpected keyword argument '{next(iter(keywords))}'")
        if not 1 <= len(args) <= 2:
            message = ("round() missing required argument 'number' (pos 1)" if not args
                       else f"round() takes at most 2 arguments ({len(args)} given)")
            return self.raise_always(sem.Raises("TypeError", message))
        r = sem.builtin_type("round", [self.type(a) for a in args])
        x = args[0]
        if self.type(x).is_dynamic:  # its __round__ first (before ndigits): a number, else CPython's TypeError
            ok = self.type_test(x, ("int", "bool", "float"))
            self.fb.raise_if(self.b.bool_to_pred(ok), "TypeError", _NOT_ROUNDABLE, when=False, args=[x], fmt="types")
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if len(args) == 1 or self.type(args[1]) is T.NONE:
            return self.round_whole(x)
        n = args[1]
        if not self.type(n).is_dynamic:
            return self.round_digits(x, self.promote(n, T.INT), r)
        is_none = self.b.bool_to_pred(self.type_test(n, ("NoneType",)))
        return self.either(is_none, lambda: self.round_whole(x),
                           lambda: self.round_digits(x, self.index_value(n), r), T.OBJECT)

    def round_whole(self, x):
        """``round(x)``: an int."""
        t = self.type(x)
        if t in (T.INT, T.BOOL):
            return self.promote(x, T.INT)
        return self.call_library("round_float" if t is T.FLOAT else "round_object", [x], T.INT)

    def round_digits(self, x, n, result):
        """``round(x, n)`` for an int ``n``: an int for an int ``x``, a float for a float."""
        t = self.type(x)
        if t in (T.INT, T.BOOL):
            return self.call_library("round_int", [self.promote(x, T.INT), n], T.INT)
        if t is T.FLOAT:
            return self.round_float_digits(x, n)
        is_float = self.b.bool_to_pred(self.type_test(x, ("float",)))
        return self.either(
            is_float, lambda: self.round_float_digits(self.b.unbox(x, T.FLOAT, checked=False)[1], n),
            lambda: self.call_library("round_int", [self.b.unbox(x, T.INT, checked=False)[1], n], T.INT), result)

    def round_float_digits(self, x, n):
        _, negative = self.b.apply_compare("lt", n, self.b.constant(0, T.INT))
        return self.either(self.b.bool_to_pred(negative),
                           lambda: self.call_library("round_float_negative", [x, n], T.FLOAT),
                           lambda: self.round_float_places(x, n), T.FLOAT)

    def round_float_places(self, x, n):
        """``round(x, n)`` for ``n >= 0``: the library's digits, else the host's."""
        made = self.call_library("round_float_fixed", [x, n], T.OBJECT)
        if made is None:
            return None

        def by_host():
            spec = self.format_values([self.str_literal("."), (n, None, None), self.str_literal("f")])
            text = self.host_text([(x, None, spec)])
            return self.call_library("str_to_float", [text], T.FLOAT)
        return self.on_kind_or(made, T.FLOAT, lambda v: v, by_host, T.FLOAT)

    def either(self, pred, yes, no, result):
        """``yes()`` where the i1 ``pred`` holds, else ``no()``; the results
        (coerced to ``result``) joined."""
        fb = self.fb
        a, b = fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(result))
        fb.cond_br(pred, [], [], a, b)
        for block, arm in ((a, yes), (b, no)):
            fb.block = block
            out = arm()
            if fb.block is not None:
                fb.br([self.coerce(out, result)], merge)
        if not any(True for _ in merge.predecessors):
            fb.block = None
            return None
        return fb.enter_merge(merge)
