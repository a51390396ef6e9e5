"""The semantic layer's op builder: operators and builtins → iree_pydm ops.

Each method takes pydm values, asks the type rules in ``semantics.py`` what
the result is, inserts promotions (bool → int → float), builds the op and
its exception check through the function builder (``builder.py``). The
importer calls these and never builds an operator itself; this layer never
calls back into the importer. Tuple operations are in ``tuples.py``.
"""
from __future__ import annotations

import itertools

from iree.compiler import ir

from .. import dialect as d
from .. import representation as rep
from .. import typecodes as tc
from ..errors import TypeSpecificError, error_at
from ..types import PyType, dynamic_of, join
from . import semantics as sem
from .inlining import MAX_INLINE_DYNAMIC_OPS
from .dict_updates import DictUpdates
from .dicts import DictOps
from .sets import SetOps
from .exception_ops import ExceptionOps
from .lists import ListOps
from .parsing import ParseOps
from .printing import PrintOps
from .math_module import MathOps
from .rounding import RoundOps
from .strings import StrOps
from .tuples import TupleOps
from .literals import const_type

T = PyType

#: binary ops that cannot raise for these operand types
_INFALLIBLE = {("add", T.FLOAT), ("sub", T.FLOAT), ("mul", T.FLOAT),
               ("and", T.INT), ("or", T.INT), ("xor", T.INT),
               ("and", T.BOOL), ("or", T.BOOL), ("xor", T.BOOL)}
#: operators on objects with inline int/float paths (Emitter.dynamic_fast_paths)
_FAST_BINARY = {"add", "sub", "mul", "truediv", "floordiv", "mod"}


class Emitter(MathOps, RoundOps, SetOps, DictUpdates, DictOps, TupleOps, ListOps, ExceptionOps, StrOps, PrintOps,
              ParseOps):
    def __init__(self, builder, in_runtime_library: bool = False):
        self.fb = builder
        self.b = builder.ops
        self.in_runtime_library = in_runtime_library
        #: operators on dynamic values that may still get inline int/float paths
        self.inline_budget = MAX_INLINE_DYNAMIC_OPS

    def type(self, v) -> PyType:
        return d.value_type(v)

    # ---- values ---------------------------------------------------------------------
    def const(self, value):
        if isinstance(value, str):
            return self.str_literal(value)
        t = const_type(None, value) if not isinstance(value, int) or -2**63 <= value < 2**63 else T.INT
        return self.b.constant(value, t)

    def coerce(self, v, to: PyType):
        """``v`` as a value of static type ``to``: ``to`` is ``v``'s own type, a
        wider one (``object``, a tuple type whose elements are wider), or - after
        a run-time test - a narrower one."""
        t = self.type(v)
        if t is to or to is T.BOTTOM:
            return v
        if t.is_list and t.elt in rep.TYPED_LIST_ELEMENTS:  # any other use reads a list<object> copy
            v = self.b.list_box(v)
            t = self.type(v)
            if t is to:
                return v
        if to.is_dynamic:
            if t is T.OBJECT:  # to object<scalar>: the type rules proved it holds a scalar
                _, out = self.b.unbox(v, to, checked=False)
                return out
            return self.b.box(v, to)
        if rep.same_representation(t, to):
            return self.b.static_cast(v, to)
        if t.is_dynamic:
            exc, out = self.b.unbox(v, to)
            self.fb.check(exc)
            return out
        raise AssertionError(f"pydm internal: cannot coerce {t.value} to {to.value}")

    def as_dynamic(self, v):
        """``v`` as a dynamic value (an ``object<scalar>`` for a scalar)."""
        t = self.type(v)
        return v if t.is_dynamic else self.coerce(v, dynamic_of(t))

    def promote(self, v, to: PyType):
        """Numeric promotion bool → int → float (never fails)."""
        t = self.type(v)
        if t is to:
            return v
        owner = v.owner
        if getattr(owner, "name", None) == d.CONSTANT:
            # a literal promotes to a literal of the wider type (a float literal
            # is protected from the VM's float folders; a converted one is not)
            attr = owner.attributes["value"]
            if t is T.INT:
                value = ir.IntegerAttr(attr).value
                return self.b.constant(value if to is T.INT else float(value), to)
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
        if t is T.DICT or t in sem.SETS:
            return self.dict_truth(v)
        if t.is_dynamic:  # bools too: a list of flags holds them
            return self.dynamic_fast_paths([v], T.BOOL, lambda x: self.b.as_bool(x[0]),
                                           lambda x: self.truth(x[0]),
                                           signatures=[(T.BOOL,), (T.INT,), (T.FLOAT,)])
        if t.is_sequence or t is T.RANGE:
            return self.sequence_truth(v)
        if t is T.STR:
            return self.str_truth(v)
        return self.b.as_bool(v)

    def type_dispatch(self, values, signatures, leaf, slow) -> None:
        """Branch on the run-time types of the object values (a tree: one
        type-code read and at most two compares per object). For each
        signature (one int/float type per object value, in order) build
        ``leaf(signature, values)`` with those values unboxed to it; every
        other combination branches to block ``slow``. (Signatures may also
        name bool.)"""
        fb = self.fb
        objects = [i for i, v in enumerate(values) if self.type(v).is_dynamic]
        signatures = set(signatures)
        codes = [self.b.get_type_code(values[i]) for i in objects]

        def level(k: int, chosen: tuple):
            if k == len(objects):
                args = list(values)
                for i, t in zip(objects, chosen):
                    _, args[i] = self.b.unbox(values[i], t, checked=False)  # the tree tested the type
                leaf(chosen, args)
                return
            for t in (T.BOOL, T.INT, T.FLOAT):
                if not any(sig[:k + 1] == chosen + (t,) for sig in signatures):
                    continue
                _, hit = self.b.apply_compare("eq", codes[k], self.b.constant(rep.type_code(t), T.INT))
                yes, no = fb.new_block(), fb.new_block()
                fb.cond_br(self.b.bool_to_pred(hit), [], [], yes, no)
                fb.block = yes
                level(k + 1, chosen + (t,))
                fb.block = no
            fb.br([], slow)

        level(0, ())

    def dynamic_fast_paths(self, values, result: PyType, generic, typed, signatures=None):
        """An operator on objects: test the type codes of the object operands
        and, when they hold ints or floats (what numeric code mostly sees), run
        the typed operation inline - ``typed(values)``, the same operation the
        runtime library would reach after the same tests, with the same
        exceptions - else ``generic(values)``, the library call. The result
        (of type ``result``) arrives at a join."""
        fb = self.fb
        n_objects = sum(1 for v in values if self.type(v).is_dynamic)
        if self.in_runtime_library or not n_objects or self.inline_budget <= 0:
            return generic(values)
        self.inline_budget -= 1
        merge = fb.new_block(d.ir_type(result))
        slow = fb.new_block()

        def leaf(_chosen, args):
            out = typed(args)
            if fb.block is not None:
                fb.br([self.coerce(out, result)], merge)

        if signatures is None:
            signatures = itertools.product((T.INT, T.FLOAT), repeat=n_objects)
        self.type_dispatch(values, signatures, leaf, slow)
        fb.block = slow
        out = generic(values)
        if fb.block is not None:
            fb.br([out], merge)
        return fb.enter_merge(merge)

    def check_library(self, exc) -> None:
        """Check the result of an operation that becomes a runtime-library call
        (a failure's note then names this line, not the library's)."""
        self.fb.check(exc, origin=not self.in_runtime_library)

    def raise_always(self, r: sem.Raises, t: PyType = T.NONE):
        """Raise ``r`` here; the returned placeholder is never used."""
        self.fb.raise_here(r.cls, r.message)
        return None

    # ---- operators ---------------------------------------------------------------------
    def binary(self, token: str, lhs, rhs, rhs_const=None, inplace: bool = False, lhs_const=None, node=None):
        """``lhs <token> rhs`` (token: '+', '//', ...); ``inplace`` for ``lhs <token>= rhs``.
        Which checks can be dropped is decided later, on the IR (pass int-ranges)."""
        name = sem.BINARY[token]
        lt, rt = self.type(lhs), self.type(rhs)
        if T.DICT in (lt, rt) and not (lt is T.STR and name == "mod"):  # ("%(k)s" % d: str formatting)
            return self.dict_binary(token, lhs, rhs, rhs_const, inplace, lhs_const)
        if (lt in sem.SETS or rt in sem.SETS) and not (lt is T.STR and name == "mod"):
            return self.set_binary(token, lhs, rhs, rhs_const, inplace, lhs_const)
        result = sem.binary_type(name, lt, rt, rhs_const, inplace, lhs_const)
        if isinstance(result, sem.NotCompiled):
            raise error_at(node, result.message, result.hint, cls=TypeSpecificError)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if T.STR in (lt, rt):
            return self.str_binary(name, lhs, rhs, result, inplace)
        if result.is_list or (lt.is_list or rt.is_list) and result.is_dynamic:
            return self.list_binary(name, lhs, rhs, result, inplace)
        if lt.is_tuple or rt.is_tuple:
            return self.tuple_binary(name, lhs, rhs, result, inplace)
        if result.is_dynamic:
            def generic(v):
                exc, out = self.b.apply_binary(name, self.as_dynamic(v[0]), self.as_dynamic(v[1]), result, inplace)
                self.check_library(exc)
                return out
            if name not in _FAST_BINARY:
                return generic([lhs, rhs])
            return self.dynamic_fast_paths(
                [lhs, rhs], result, generic,
                lambda v: self.binary(token, v[0], v[1], rhs_const, inplace, lhs_const))
        if sem.float_with_object(name, lt, rt):
            # the object operand must be a number; it is used as a float
            symbol = sem.binary_symbol(name, inplace)
            if lt.is_dynamic:
                template = f"unsupported operand type(s) for {symbol}: '{{}}' and 'float'"
                exc, lhs = self.b.unbox(lhs, T.FLOAT, template)
            else:
                template = f"unsupported operand type(s) for {symbol}: 'float' and '{{}}'"
                exc, rhs = self.b.unbox(rhs, T.FLOAT, template)
            self.fb.check(exc)
            lt = rt = T.FLOAT
        ot = sem.operand_type(name, lt, rt, result)
        exc, out = self.b.apply_binary(name, self.promote(lhs, ot), self.promote(rhs, ot), result, inplace)
        if (name, ot) not in _INFALLIBLE:
            self.fb.check(exc)
        return out

    def unary(self, name: str, x):
        t = self.type(x)
        result = sem.unary_type(name, t)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if result.is_dynamic:
            exc, out = self.b.apply_unary(name, x, result)
            self.check_library(exc)
            return out
        x = self.promote(x, result)
        if name == "pos":
            return x
        exc, out = self.b.apply_unary(name, x, result)
        if result is T.INT and name in ("neg", "abs"):
            self.fb.check(exc)
        return out

    def compare(self, token: str, lhs, rhs, node=None):
        if token in ("is", "is not"):
            return self.identity(token, lhs, rhs, node)
        if token in ("in", "not in"):
            out = self.contains(lhs, rhs)
            return self.b.not_(out) if out is not None and token == "not in" else out
        name = sem.COMPARE.get(token)
        if name in ("eq", "ne") and any(getattr(getattr(self.type(x), "func", None), "method", None) is not None
                                        for x in (lhs, rhs)):  # CPython: same method and receiver
            raise error_at(node, f"'{token}' of a method value is not supported", "compare the objects")
        if name in ("eq", "ne") and T.DICT in (self.type(lhs), self.type(rhs)):
            return self.dict_compare(token, lhs, rhs)
        if name is not None and (self.type(lhs) in sem.SETS or self.type(rhs) in sem.SETS):
            return self.set_compare(name, lhs, rhs)
        if name is None:
            raise error_at(node, f"comparison {token!r} is not supported",
                           "pydm compares numbers with < <= > >= == != and None with is")
        lt, rt = self.type(lhs), self.type(rhs)
        result = sem.compare_type(name, lt, rt)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        dynamic = lt.is_dynamic or rt.is_dynamic
        if T.STR in (lt, rt) and not dynamic:
            if lt is rt:
                return self.str_compare(name, lhs, rhs)
            return self.b.constant(name == "ne", T.BOOL)  # == / != with a value of another type
        if T.RANGE in (lt, rt) and not dynamic:
            if lt is rt:
                same = self.call_library("range_eq", [lhs, rhs], T.BOOL)
                return self.b.not_(same) if name == "ne" else same
            return self.b.constant(name == "ne", T.BOOL)
        if dynamic or lt.is_sequence or rt.is_sequence:
            if (lt.is_sequence or rt.is_sequence) and not dynamic and not (
                    lt.is_tuple and rt.is_tuple or lt.is_list and rt.is_list):
                # == / != between a sequence and a value of another known type
                return self.b.constant(name == "ne", T.BOOL)

            def generic(v):
                exc, out = self.b.apply_compare(name, self.as_dynamic(v[0]), self.as_dynamic(v[1]))
                self.check_library(exc)
                return out
            if lt.is_sequence or rt.is_sequence:
                return generic([lhs, rhs])
            return self.dynamic_fast_paths([lhs, rhs], T.BOOL, generic,
                                           lambda v: self.compare(token, v[0], v[1], node))
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
        heap = rep.is_heap(lt), rep.is_heap(rt)
        if lt.is_dynamic or rt.is_dynamic or all(heap) and lt.python_name == rt.python_name:
            out = self.b.is_(self.as_dynamic(lhs), self.as_dynamic(rhs))
        elif lt is T.BOOL and rt is T.BOOL:
            _, out = self.b.apply_compare("eq", self.promote(lhs, T.INT), self.promote(rhs, T.INT))
        elif T.NONE in (lt, rt) or T.BOOL in (lt, rt) or any(heap):
            # None, True and False are singletons, and a tuple is never a number:
            # a value of another type is never them
            out = self.b.constant(lt is rt, T.BOOL)
        else:
            raise error_at(node, f"'{token}' between {lt.python_name} and {rt.python_name} values is not supported",
                           "identity of numbers depends on CPython's object caching; use == instead",
                           cls=TypeSpecificError)
        return self.b.not_(out) if token == "is not" else out

    # ---- builtins -----------------------------------------------------------------------
    def builtin(self, name: str, args, node, const_args=(), keywords=None):
        """A builtin call on evaluated arguments (``keywords``: name -> value,
        for ``sorted(reverse=)`` and ``min``/``max(default=)``)."""
        if name in ("list", "sorted", "any", "all", "sum") or name in ("min", "max") and len(args) == 1:
            return self.iterable_builtin(name, args, node, keywords)
        if name in ("iter", "next"):
            return self.iterator_builtin(name, args, node)
        if name == "print":
            return self.print_call(args, keywords or {}, node)
        if name in ("repr", "format"):
            if keywords:
                raise error_at(node, f"keyword arguments to {name}() are not supported")
            return self.format_builtin(name, args, node)
        if name in ("str", "ord", "chr"):
            if keywords:
                raise error_at(node, f"keyword arguments to {name}() are not supported")
            return self.str_builtin(name, args, node)
        if name == "dict":
            return self.dict_builtin(args, node, keywords)
        if name == "dict.fromkeys":
            return self.dict_fromkeys(args, node, keywords)
        if name in ("int", "float", "bin", "oct", "hex"):
            return self.number_builtin(name, args, node, keywords or {})
        if name in ("set", "frozenset"):
            return self.set_builtin(args, node, keywords, name)
        if name == "round":
            return self.round_builtin(args, node, keywords)
        if keywords:
            raise error_at(node, f"keyword arguments to {name}() are not supported")
        if name in ("len", "hash", "tuple", "divmod", "pow"):
            return self.sequence_builtin(name, args, node, const_args)
        if name == "abs":
            if len(args) != 1:
                raise error_at(node, f"abs() takes exactly one argument ({len(args)} given)")
            return self.unary("abs", args[0])
        if name in ("min", "max"):
            if len(args) < 2:
                raise error_at(node, f"{name}() of a single argument (an iterable) is not supported",
                               f"pass two or more values: {name}(a, b)")
            return self.minmax(name, args)
        if len(args) > 1:
            raise error_at(node, f"{name}() takes at most 1 argument ({len(args)} given)")
        if name == "bool":
            return self.truth(args[0]) if args else self.b.constant(False, T.BOOL)
        raise error_at(node, f"builtin {name}() is not supported")

    def to_number(self, x, to: PyType):
        t = self.type(x)
        if t is to:
            return x
        exc, out = self.b.convert(x, to)
        if t.is_dynamic:
            self.check_library(exc)
        elif t is T.FLOAT:
            self.fb.check(exc)
        return out

    def minmax(self, name, args):
        """CPython's min/max: the first of equal items wins; NaN stays where it is."""
        result = T.BOTTOM
        for a in args:
            result = join(result, self.type(a))
        if result is T.NONE:
            return self.raise_always(sem.Raises("TypeError", f"'{'>' if name == 'max' else '<'}' not supported "
                                                             "between instances of 'NoneType' and 'NoneType'"))
        if result.is_dynamic or result.is_sequence:
            args = [self.coerce(a, result) for a in args]
        best = args[0]
        for a in args[1:]:
            better = self.compare(">" if name == "max" else "<", a, best)
            if self.fb.block is None:
                return None
            best = self.b.select(self.b.bool_to_pred(better), a, best)
        return best

    # ---- type tests ----------------------------------------------------------------
    def type_test(self, x, names) -> "ir.Value":
        """bool: is the run-time type of ``x`` one of ``names`` ('int', 'NoneType', 'tuple', ...)?"""
        t = self.type(x)
        if not t.is_dynamic:
            return self.b.constant(t.python_name in names, T.BOOL)
        code = self.b.get_type_code(x)
        out = self.b.constant(False, T.BOOL)
        for name in names:
            _, hit = self.b.apply_compare("eq", code, self.b.constant(tc.CODE_OF_NAME[name], T.INT))
            out = self.b.select(self.b.bool_to_pred(hit), hit, out)
        return out

    # ---- range loops -------------------------------------------------------------------
    def range_bounds(self, values, step_const):
        """The (start, stop, step, static sign of step or None) of ``range(*values)``
        (arguments already evaluated, in order, as CPython does before checking
        any of them); None if it always raises."""
        ints = []
        for v in values:
            t = self.type(v)
            if t.is_dynamic:
                exc, v = self.b.unbox(v, T.INT, "'{}' object cannot be interpreted as an integer")
                self.fb.check(exc)
            elif t not in (T.INT, T.BOOL):
                self.fb.raise_here("TypeError", f"'{t.python_name}' object cannot be interpreted as an integer")
                return None
            ints.append(self.promote(v, T.INT))
        if len(ints) == 1:
            return self.b.constant(0, T.INT), ints[0], self.b.constant(1, T.INT), 1
        if len(ints) == 2:
            return ints[0], ints[1], self.b.constant(1, T.INT), 1
        start, stop, step = ints
        sign = None if step_const is None else (1 if step_const > 0 else -1 if step_const < 0 else 0)
        if sign == 0:
            self.fb.raise_here("ValueError", "range() arg 3 must not be zero")
            return None
        if sign is None:
            _, is_zero = self.b.apply_compare("eq", step, self.b.constant(0, T.INT))
            self.fb.raise_if(self.b.bool_to_pred(is_zero), "ValueError", "range() arg 3 must not be zero")
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
