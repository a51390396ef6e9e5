"""The semantic layer of exception values (part of ``Emitter``).

An exception value is an ``object`` in every variable and expression: a
dynamic value of type code 6 whose reference is its exception object
(``pydm/representation.py``). So an operator applied to one goes the
dynamic way and CPython's message names its real class (``'ValueError'``),
known only at run time. The exception-specific operations test the code:

* ``except E as e`` — :meth:`caught_value`;
* ``ValueError(x, y)`` — :meth:`new_exception` (the value is not raised);
* ``raise e`` / ``raise e from c`` — :meth:`raise_value` (TypeError for a value
  that is no exception);
* ``e.args`` — :meth:`attribute` (AttributeError for a value of another class);
* ``isinstance(e, (E1, E2))`` — :meth:`is_exception_instance`.
"""
from __future__ import annotations

from .. import dialect as d
from .. import typecodes as tc
from ..errors import error_at
from ..types import PyType
from . import semantics as sem

T = PyType


class ExceptionOps:
    """Exception values (a mixin of ``Emitter``)."""

    def caught_value(self, code, saved):
        """The exception a handler caught (``exception_caught``'s results) as an object."""
        return self.coerce(self.b.exception_value(code, saved), T.OBJECT)

    def new_exception(self, cls: str, values, node):
        """``cls(*values)`` as an object; ``values`` None: the one literal
        message of the call ``node`` (``cls("msg")``)."""
        if values is None:
            message = node.args[0].value
            return self.coerce(self.b.exception_new(cls, message, ""), T.OBJECT)
        if not values:
            return self.coerce(self.b.exception_new(cls, "", "none"), T.OBJECT)
        args = self.make_tuple(values)
        return self.coerce(self.b.exception_new(cls, "", "args", args), T.OBJECT)

    def as_exception(self, x, cls: str, message: str):
        """``x`` as an exception value; else ``cls(message)`` (``{}``: the
        Python type name of ``x``). None where it always raises."""
        t = self.type(x)
        if t is T.EXCEPTION:
            return x
        if not t.is_dynamic or t is T.SCALAR_OBJECT:
            self.fb.raise_here(cls, message, [self.as_dynamic(x)], "types")
            return None
        _, is_exception = self.b.apply_compare("eq", self.b.get_type_code(x),
                                               self.b.constant(tc.EXCEPTION_RESULT, T.INT))
        bad, ok = self.fb.new_block(), self.fb.new_block()
        self.fb.cond_br(self.b.bool_to_pred(is_exception), [], [], ok, bad)
        self.fb.block = bad
        self.fb.raise_here(cls, message, [x], "types")
        self.fb.block = ok
        _, out = self.b.unbox(x, T.EXCEPTION, checked=False)
        return out

    def raise_value(self, x, cause=None) -> None:
        """``raise x`` of a value: an exception value is raised as itself;
        ``raise x from cause``: with its ``__cause__`` (None: none)."""
        e = self.as_exception(x, "TypeError", "exceptions must derive from BaseException")
        if e is None:
            return
        if cause is not None and self.type(cause) is not T.NONE:
            if self.type(cause).is_dynamic:  # None at run time: no cause
                _, is_none = self.b.apply_compare("eq", self.b.get_type_code(cause),
                                                  self.b.constant(tc.NONE, T.INT))
                some, done = self.fb.new_block(), self.fb.new_block()
                self.fb.cond_br(self.b.bool_to_pred(is_none), [], [], done, some)
                self.fb.block = some
                c = self.as_exception(cause, "TypeError", "exception causes must derive from BaseException")
                if c is not None:
                    self.b.exception_set_cause(e, c)
                    self.fb.br([], done)
                self.fb.block = done
            else:
                c = self.as_exception(cause, "TypeError", "exception causes must derive from BaseException")
                if c is None:
                    return
                self.b.exception_set_cause(e, c)
        self.fb.raise_exc(self.b.exception_raise(e))

    def attribute(self, x, name: str, node):
        """``x.name``: ``args`` of an exception value."""
        r = sem.attribute_type(name, self.type(x))
        if r is None:
            raise error_at(node, f"the attribute '.{name}' is not supported",
                           "pydm reads e.args of an exception value")
        e = self.as_exception(x, "AttributeError", f"'{{}}' object has no attribute '{name}'")
        if e is None:
            return None
        exc, args = self.b.exception_args(e)
        self.fb.check(exc)
        return args

    def is_exception_instance(self, x, classes):
        """bool: is ``x`` an exception of one of ``classes`` (or a subclass)?"""
        t = self.type(x)
        if t is T.EXCEPTION:
            return self.b.exception_isinstance(x, classes)
        if not t.is_dynamic or t is T.SCALAR_OBJECT:
            return self.b.constant(False, T.BOOL)
        _, is_exception = self.b.apply_compare("eq", self.b.get_type_code(x),
                                               self.b.constant(tc.EXCEPTION_RESULT, T.INT))
        yes, no = self.fb.new_block(), self.fb.new_block()
        done = self.fb.new_block(d.ir_type(T.BOOL))
        self.fb.cond_br(self.b.bool_to_pred(is_exception), [], [], yes, no)
        self.fb.block = yes
        _, e = self.b.unbox(x, T.EXCEPTION, checked=False)
        self.fb.br([self.b.exception_isinstance(e, classes)], done)
        self.fb.block = no
        self.fb.br([self.b.constant(False, T.BOOL)], done)
        self.fb.block = done
        return done.arguments[0]
