"""The semantic layer's op builder: operators and builtins → iree_pydm ops.

Each method takes pydm values, asks the type rules in ``semantics.py`` what
the result is, inserts promotions (bool → int → float), builds the op and the
exception check. The importer calls these and never builds an operator itself.
"""
from __future__ import annotations

import itertools

from iree.compiler import ir

from .. import dialect as d
from .. import typecodes as tc
from ..errors import error_at
from ..types import PyType, join
from . import semantics as sem
from .typing import const_type

T = PyType

#: binary ops that cannot raise for these operand types
_INFALLIBLE = {("add", T.FLOAT), ("sub", T.FLOAT), ("mul", T.FLOAT),
               ("and", T.INT), ("or", T.INT), ("xor", T.INT),
               ("and", T.BOOL), ("or", T.BOOL), ("xor", T.BOOL)}
#: int binary ops whose only possible error is overflow
_OVERFLOW_ONLY = {"add", "sub", "mul"}
#: operators on objects with inline int/float paths (Emitter.dynamic_fast_paths)
_FAST_BINARY = {"add", "sub", "mul", "truediv", "floordiv", "mod"}
#: float binary ops whose only possible error is a zero divisor
_ZERO_DIVISOR_ONLY = {"truediv"}


class Emitter:
    def __init__(self, importer):
        self.f = importer

    @property
    def b(self):
        return self.f.b

    def type(self, v) -> PyType:
        return d.value_type(v)

    # ---- values ---------------------------------------------------------------------
    def const(self, value):
        t = const_type(None, value) if not isinstance(value, int) or -2**63 <= value < 2**63 else T.INT
        return self.b.constant(value, t)

    def coerce(self, v, to: PyType):
        """``v`` as a value of static type ``to`` (which is its own type or OBJECT)."""
        t = self.type(v)
        if t is to or to is T.BOTTOM:
            return v
        if to is T.OBJECT:
            return self.b.box(v)
        if t is T.OBJECT:
            exc, out = self.b.unbox(v, to)
            self.f.check(exc)
            return out
        raise AssertionError(f"pydm internal: cannot coerce {t} to {to}")

    def promote(self, v, to: PyType):
        """Numeric promotion bool → int → float (never fails)."""
        t = self.type(v)
        if t is to:
            return v
        if t is T.INT and to is T.FLOAT:
            shadow = self.f.float_shadows.get(v)
            if shadow is not None:
                return shadow()
        owner = v.owner
        if getattr(owner, "name", None) == d.CONSTANT:
            # a literal promotes to a literal of the wider type (a float literal
            # is protected from the VM's float folders; a converted one is not)
            attr = owner.attributes["value"]
            if t is T.INT:
                return self.b.constant(ir.IntegerAttr(attr).value, to) if to is T.INT else \
                    self.b.constant(float(ir.IntegerAttr(attr).value), to)
            if t is T.BOOL:
                value = int(ir.BoolAttr(attr).value)
                return self.b.constant(value if to is T.INT else float(value), to)
        _, out = self.b.convert(v, to)
        return out

    def truth(self, v):
        """``bool(v)`` as a pydm bool."""
        t = self.type(v)
        if t is T.BOOL:
            return v
        if t is T.OBJECT:
            return self.dynamic_fast_paths([v], T.BOOL, lambda x: self.b.as_bool(x[0]),
                                           lambda x: self.truth(x[0]))
        return self.b.as_bool(v)

    def type_dispatch(self, values, signatures, leaf, slow) -> None:
        """Branch on the run-time types of the object values (a tree: one
        type-code read and at most two compares per object). For each
        signature (one int/float type per object value, in order) build
        ``leaf(signature, values)`` with those values unboxed to it; every
        other combination branches to block ``slow``."""
        objects = [i for i, v in enumerate(values) if self.type(v) is T.OBJECT]
        signatures = set(signatures)
        codes = [self.b.get_type_code(values[i]) for i in objects]

        def level(k: int, chosen: tuple):
            if k == len(objects):
                args = list(values)
                for i, t in zip(objects, chosen):
                    _, args[i] = self.b.unbox(values[i], t, checked=False)  # the tree tested the type
                leaf(chosen, args)
                return
            for t in (T.INT, T.FLOAT):
                if not any(sig[:k + 1] == chosen + (t,) for sig in signatures):
                    continue
                _, hit = self.b.apply_compare("eq", codes[k], self.b.constant(tc.CODE_OF_NAME[t.python_name], T.INT))
                yes, no = self.f.new_block(), self.f.new_block()
                self.f.cond_br(self.b.bool_to_pred(hit), [], [], yes, no)
                self.f.block = yes
                level(k + 1, chosen + (t,))
                self.f.block = no
            self.f.br([], slow)

        level(0, ())

    def dynamic_fast_paths(self, values, result: PyType, generic, typed):
        """An operator on objects: test the type codes of the object operands
        and, when they hold ints or floats (what numeric code mostly sees), run
        the typed operation inline - ``typed(values)``, the same operation the
        runtime library would reach after the same tests, with the same
        exceptions - else ``generic(values)``, the library call. The result
        (of type ``result``) arrives at a join."""
        n_objects = sum(1 for v in values if self.type(v) is T.OBJECT)
        if self.f.program.module.runtime_lib or not n_objects:
            return generic(values)
        merge = self.f.new_block(d.ir_type(result))
        slow = self.f.new_block()

        def leaf(_chosen, args):
            out = typed(args)
            if self.f.block is not None:
                self.f.br([self.coerce(out, result)], merge)

        self.type_dispatch(values, itertools.product((T.INT, T.FLOAT), repeat=n_objects), leaf, slow)
        self.f.block = slow
        out = generic(values)
        if self.f.block is not None:
            self.f.br([out], merge)
        return self.f.enter_merge(merge)

    def raise_always(self, r: sem.Raises):
        self.f.raise_here(r.cls, r.message)
        return None

    def raise_if(self, pred, cls: str, message: str, when: bool = True) -> None:
        """Raise ``cls(message)`` when the i1 ``pred`` is ``when``."""
        bad, ok = self.f.new_block(), self.f.new_block()
        self.f.cond_br(pred, [], [], *((bad, ok) if when else (ok, bad)))
        self.f.block = bad
        self.f.raise_here(cls, message)
        self.f.block = ok

    # ---- operators ---------------------------------------------------------------------
    def binary(self, token: str, lhs, rhs, node, rhs_const=None, inplace: bool = False,
               no_overflow: bool = False, nonneg: bool = False, nonzero_divisor: bool = False):
        """``lhs <token> rhs`` (token: '+', '//', ...); ``inplace`` for ``lhs <token>= rhs``.
        Facts proven by the importer (ranges.py): ``no_overflow``, an int result
        fits; ``nonneg``, both int operands are >= 0 (cheaper checks);
        ``nonzero_divisor``, ``rhs`` is not zero."""
        name = sem.BINARY.get(token)
        if name is None:
            raise error_at(node, f"operator {token!r} is not supported")
        lt, rt = self.type(lhs), self.type(rhs)
        result = sem.binary_type(name, lt, rt, rhs_const, inplace)
        if isinstance(result, sem.Raises):
            self.raise_always(result)
            return self.f.dummy(T.NONE)
        if result is T.OBJECT:
            def generic(v):
                exc, out = self.b.apply_binary(name, self.coerce(v[0], T.OBJECT), self.coerce(v[1], T.OBJECT),
                                               T.OBJECT, inplace)
                self.f.check(exc)
                return out
            if name not in _FAST_BINARY:
                return generic([lhs, rhs])
            return self.dynamic_fast_paths(
                [lhs, rhs], T.OBJECT, generic,
                lambda v: self.binary(token, v[0], v[1], node, rhs_const, inplace))
        if sem.float_with_object(name, lt, rt):
            # the object operand must be a number; it is used as a float
            symbol = sem.binary_symbol(name, inplace)
            if lt is T.OBJECT:
                template = f"unsupported operand type(s) for {symbol}: '{{}}' and 'float'"
                exc, lhs = self.b.unbox(lhs, T.FLOAT, template)
            else:
                template = f"unsupported operand type(s) for {symbol}: 'float' and '{{}}'"
                exc, rhs = self.b.unbox(rhs, T.FLOAT, template)
            self.f.check(exc)
            lt = rt = T.FLOAT
        if name == "add" and {lt, rt} == {T.INT, T.FLOAT}:
            shifted = self._shadow_plus_constant(lhs, rhs) if lt is T.INT else self._shadow_plus_constant(rhs, lhs)
            if shifted is not None:
                return shifted
        ot = sem.operand_type(name, lt, rt, result)
        unchecked = ((no_overflow and ot is T.INT and result is T.INT and name in _OVERFLOW_ONLY)
                     or (nonzero_divisor and ot is T.FLOAT and name in _ZERO_DIVISOR_ONLY))
        exc, out = self.b.apply_binary(name, self.promote(lhs, ot), self.promote(rhs, ot), result,
                                       infallible=unchecked, nonneg=nonneg and ot is T.INT)
        if (name, ot) not in _INFALLIBLE and not unchecked:
            self.f.check(exc)
        return out

    def _shadow_plus_constant(self, i, c):
        """``i + c`` for an unrolled loop counter ``i`` (which has an exact
        float shadow) and a float literal ``c``: one float add, not two."""
        shadow = self.f.float_shadows.get(i)
        owner = c.owner
        if shadow is None or getattr(owner, "name", None) != d.CONSTANT:
            return None
        return shadow(ir.FloatAttr(owner.attributes["value"]).value)

    def unary(self, name: str, x, node):
        t = self.type(x)
        result = sem.unary_type(name, t)
        if isinstance(result, sem.Raises):
            self.raise_always(result)
            return self.f.dummy(T.NONE)
        if result is T.OBJECT:
            exc, out = self.b.apply_unary(name, x, T.OBJECT)
            self.f.check(exc)
            return out
        x = self.promote(x, result)
        if name == "pos":
            return x
        exc, out = self.b.apply_unary(name, x, result)
        if result is T.INT and name in ("neg", "abs"):
            self.f.check(exc)
        return out

    def compare(self, token: str, lhs, rhs, node, lnode, rnode):
        if token in ("is", "is not"):
            return self.identity(token, lhs, rhs, node)
        name = sem.COMPARE.get(token)
        if name is None:
            raise error_at(node, f"comparison {token!r} is not supported",
                           "pydm compares numbers with < <= > >= == != and None with is")
        lt, rt = self.type(lhs), self.type(rhs)
        result = sem.compare_type(name, lt, rt)
        if isinstance(result, sem.Raises):
            self.raise_always(result)
            return self.f.dummy(T.BOOL)
        if T.OBJECT in (lt, rt):
            def generic(v):
                exc, out = self.b.apply_compare(name, self.coerce(v[0], T.OBJECT), self.coerce(v[1], T.OBJECT))
                self.f.check(exc)
                return out
            return self.dynamic_fast_paths([lhs, rhs], T.BOOL, generic,
                                           lambda v: self.compare(token, v[0], v[1], node, lnode, rnode))
        if not (lt.is_numeric and rt.is_numeric):  # == / != involving None
            same = lt is rt
            return self.b.constant(same if name == "eq" else not same, T.BOOL)
        if lt is T.BOOL:
            lhs = self.promote(lhs, T.INT)
        if rt is T.BOOL:
            rhs = self.promote(rhs, T.INT)
        _, out = self.b.apply_compare(name, lhs, rhs)
        return out

    def identity(self, token, lhs, rhs, node):
        """``x is None`` and friends: decided by static types where they are known."""
        lt, rt = self.type(lhs), self.type(rhs)
        if T.OBJECT in (lt, rt):
            out = self.b.is_(self.coerce(lhs, T.OBJECT), self.coerce(rhs, T.OBJECT))
        elif lt is T.BOOL and rt is T.BOOL:
            _, out = self.b.apply_compare("eq", self.promote(lhs, T.INT), self.promote(rhs, T.INT))
        elif T.NONE in (lt, rt) or T.BOOL in (lt, rt):
            # None, True and False are singletons: a value of another type is never them
            out = self.b.constant(lt is rt, T.BOOL)
        else:
            raise error_at(node, f"'{token}' between {lt.python_name} and {rt.python_name} values is not supported",
                           "identity of numbers depends on CPython's object caching; use == instead")
        return self.b.not_(out) if token == "is not" else out

    # ---- builtins -----------------------------------------------------------------------
    def builtin(self, name: str, args, node):
        if name == "abs":
            if len(args) != 1:
                raise error_at(node, f"abs() takes exactly one argument ({len(args)} given)")
            return self.unary("abs", args[0], node)
        if name in ("min", "max"):
            if len(args) < 2:
                raise error_at(node, f"{name}() of a single argument (an iterable) is not supported",
                               f"pass two or more values: {name}(a, b)")
            return self.minmax(name, args, node)
        if len(args) > 1:
            raise error_at(node, f"{name}() takes at most 1 argument ({len(args)} given)")
        if name == "bool":
            return self.truth(args[0]) if args else self.b.constant(False, T.BOOL)
        if name == "int":
            if not args:
                return self.b.constant(0, T.INT)
            return self.to_number(args[0], T.INT, "int() argument must be a string, a bytes-like object "
                                                  "or a real number, not 'NoneType'")
        if name == "float":
            if not args:
                return self.b.constant(0.0, T.FLOAT)
            return self.to_number(args[0], T.FLOAT, "float() argument must be a string or a real number, "
                                                    "not 'NoneType'")
        raise error_at(node, f"builtin {name}() is not supported")

    def to_number(self, x, to: PyType, none_message: str):
        t = self.type(x)
        if t is to:
            return x
        if t is T.NONE:
            self.f.raise_here("TypeError", none_message)
            return self.f.dummy(to)
        exc, out = self.b.convert(x, to)
        if t in (T.FLOAT, T.OBJECT):
            self.f.check(exc)
        return out

    def minmax(self, name, args, node):
        """CPython's min/max: the first of equal items wins; NaN stays where it is."""
        types = [self.type(a) for a in args]
        result = T.BOTTOM
        for t in types:
            result = join(result, t)
        if result is T.OBJECT:
            args = [self.coerce(a, T.OBJECT) for a in args]
        best = args[0]
        pred_name = "gt" if name == "max" else "lt"
        for a in args[1:]:
            if result is T.NONE:
                self.f.raise_here("TypeError", f"'{'>' if name == 'max' else '<'}' not supported between "
                                               "instances of 'NoneType' and 'NoneType'")
                return best
            lhs, rhs = (a, best)
            if result is T.BOOL:
                lhs, rhs = self.promote(a, T.INT), self.promote(best, T.INT)
            exc, better = self.b.apply_compare(pred_name, lhs, rhs)
            if result is T.OBJECT:
                self.f.check(exc)
            best = self.b.select(self.b.bool_to_pred(better), a, best)
        return best

    # ---- type tests ----------------------------------------------------------------
    def type_test(self, x, names) -> "ir.Value":
        """bool: is the run-time type of ``x`` one of ``names`` ('int', 'NoneType', ...)?"""
        t = self.type(x)
        if t is not T.OBJECT:
            return self.b.constant(t.python_name in names, T.BOOL)
        code = self.b.get_type_code(x)
        out = self.b.constant(False, T.BOOL)
        for name in names:
            _, hit = self.b.apply_compare("eq", code, self.b.constant(tc.CODE_OF_NAME[name], T.INT))
            out = self.b.select(self.b.bool_to_pred(hit), hit, out)
        return out

    # ---- range loops -------------------------------------------------------------------
    def range_args(self, call):
        """Evaluate range(...) arguments: (start, stop, step, static sign of step or None)."""
        values = []
        for a in call.args:
            v = self.f.expr(a)
            if self.f.block is None:
                return None, None, None, None
            t = self.type(v)
            if t is T.OBJECT:
                exc, v = self.b.unbox(v, T.INT, "'{}' object cannot be interpreted as an integer")
                self.f.check(exc)
            elif t not in (T.INT, T.BOOL):
                self.f.raise_here("TypeError", f"'{t.python_name}' object cannot be interpreted as an integer")
                return None, None, None, None
            values.append(self.promote(v, T.INT))
        if len(values) == 1:
            start, stop, step = self.b.constant(0, T.INT), values[0], self.b.constant(1, T.INT)
            sign = 1
        elif len(values) == 2:
            start, stop, step = values[0], values[1], self.b.constant(1, T.INT)
            sign = 1
        else:
            start, stop, step = values
            from .typing import const_value
            k = const_value(call.args[2])
            sign = None if k is None else (1 if k > 0 else -1 if k < 0 else 0)
            if sign == 0:
                self.f.raise_here("ValueError", "range() arg 3 must not be zero")
                return None, None, None, None
            if sign is None:
                _, is_zero = self.b.apply_compare("eq", step, self.b.constant(0, T.INT))
                self.raise_if(self.b.bool_to_pred(is_zero), "ValueError", "range() arg 3 must not be zero")
        return start, stop, step, sign

    def range_more(self, i, stop, step, sign):
        """i1: does the loop run another iteration with counter ``i``?"""
        if sign is not None:
            _, more = self.b.apply_compare("lt" if sign > 0 else "gt", i, stop)
            return self.b.bool_to_pred(more)
        _, up = self.b.apply_compare("gt", step, self.b.constant(0, T.INT))
        _, lt = self.b.apply_compare("lt", i, stop)
        _, gt = self.b.apply_compare("gt", i, stop)
        return self.b.bool_to_pred(self.b.select(self.b.bool_to_pred(up), lt, gt))

    def range_next(self, i, stop, step):
        return self.b.range_next(i, stop, step)
