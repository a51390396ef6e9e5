"""Calls of ``@pydm.host`` functions (a mixin of the syntax walker).

``log(n)`` where ``log`` is a module-level ``@pydm.host`` function
(``source.HostDecl``): its arguments, checked against its annotations at
compile time (``semantics.host_argument_fits``), are built into a tuple and
handed to the host module's import ``pydm_user.log`` (op ``host_call``,
pydm/lowering/rules_host.py). The host runs the Python function and answers
with the record of its result, or with the exception it raised: that
exception is raised here (its class's code, its args; the host keeps the
object itself for the caller). An ``optional=True`` function has a compiled
fallback, its own body: it runs where the host has no such function
(any IREE host but pydm's).
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from ..errors import CompileError, error_at
from ..types import PyType, tuple_of
from . import semantics as sem
from .arguments import ArgumentError, Packed, PackedKeywords, bind_arguments

T = PyType
#: values the host cannot be given (made by compiled code, no Python object)
NOT_PASSABLE = ("function", "iterator")


class HostCallWalker:
    """Calls of host functions (a mixin of ``FunctionImporter``)."""

    def host_call(self, e: nodes.Call, decl):
        bound = bind_host_call(e, decl)
        # evaluated in source order (positional, then keywords), then the defaults (constants)
        values = self.call_arguments(e, bound)
        if values is None:
            return None
        for (pname, arg), pt in zip(bound, decl.param_types):
            for node in arg.nodes if isinstance(arg, Packed) else [arg]:
                self._check_host_argument(decl, pname, pt, values[id(node)], node)
        if decl.spread:
            return self._spread_host_call(decl, bound, values)
        args = self.bound_values(bound, values)
        if typed_call(decl, [self.emit.type(a) for a in args]):
            exc, present, value = self.b.host_call_typed(args, decl.name, decl.ret, decl.optional)
            get = lambda: value  # noqa: E731
        else:
            exc, present, answer = self.b.host_call(self.emit.make_tuple(args), decl.name, tuple_of(decl.ret),
                                                    decl.optional)
            get = lambda: self.emit.static_get(answer, 0)  # noqa: E731
        if not decl.optional:
            self.fb.check(exc)
            return get()
        return self._host_or_fallback(decl, args, exc, present, get, e)

    def _check_host_argument(self, decl, pname, pt, v, node):
        t = self.emit.type(v)
        if t.python_name in NOT_PASSABLE:
            raise error_at(node, f"a {t.python_name} value cannot be passed to the host function '{decl.name}'",
                           "a function or iterator made by compiled code has no Python object")
        if not sem.host_argument_fits(t, pt):
            raise error_at(node, f"{decl.name}() argument '{pname}' must be {pt.python_name}, "
                                 f"not {t.python_name}", "its annotation says so")

    def _spread_host_call(self, decl, bound, values):
        """A host function with ``*args``, keyword-only or ``**kwargs``
        parameters gets ``(positional, keywords)``: the positional values (the
        ``*args`` items after the named ones) and a dict of the keyword-only
        values and the extra keywords; the host calls ``fn(*positional,
        **keywords)``, so the function binds them itself."""
        positional, keywords = [], []
        for pname, arg in bound:
            if isinstance(arg, PackedKeywords):
                keywords += [(k, values[id(n)]) for k, n in zip(arg.names, arg.nodes)]
            elif isinstance(arg, Packed):
                positional += [values[id(n)] for n in arg.nodes]
            elif pname in decl.kwonly:
                keywords.append((pname, values[id(arg)]))
            else:
                positional.append(values[id(arg)])
        kw = self.emit.make_dict([(self.emit.str_literal(k), self.emit.coerce(v, T.OBJECT)) for k, v in keywords])
        if kw is None:
            return None
        exc, _, answer = self.b.host_call(self.emit.make_tuple([self.emit.make_tuple(positional), kw]),
                                          decl.name, tuple_of(decl.ret), False)
        self.fb.check(exc)
        return self.emit.static_get(answer, 0)

    def _host_or_fallback(self, decl, args, exc, present, get, node):
        """The host's answer where it has the function, else the compiled body's."""
        host, fallback = self.fb.new_block(), self.fb.new_block()
        done = self.fb.new_block(d.ir_type(decl.ret))
        self.fb.cond_br(present, [], [], host, fallback)
        self.fb.block = host
        self.fb.check(exc)
        self.fb.br([get()], done)
        self.fb.block = fallback
        spec = self.program.call_specialization(self.program.module.functions[decl.name],
                                                list(decl.param_types), self.frame.spec)
        if spec.ret is not decl.ret and spec.ret is not T.BOTTOM and not spec.ret.is_dynamic:
            raise error_at(node, f"the compiled body of the optional host function '{decl.name}' returns "
                                 f"{spec.ret.python_name}, not {decl.ret.python_name} (its annotation)",
                           "its body is the fallback where the host has no such function: it must "
                           "return the annotated type")
        values = [self.emit.coerce(self.emit.promote(a, p) if p in (T.INT, T.FLOAT) and not
                                   self.emit.type(a).is_dynamic else a, p)
                  for a, p in zip(args, decl.param_types)]
        out = self.plain_call(spec, values)
        if self.fb.block is not None:
            out = self.emit.coerce(out, decl.ret)  # (an object: checked)
            self.fb.br([out], done)
        self.fb.block = done
        return done.arguments[0]


#: types a host function's arguments and result cross as themselves (no record)
TYPED = (T.INT, T.FLOAT, T.BOOL, T.NONE)


def typed_call(decl, arg_types) -> bool:
    """Does a call cross without records (``host_call_typed``): a scalar
    result, and each argument exactly of its scalar parameter's type (a bool
    passed for an int crosses as a record: the host function gets the bool)."""
    return decl.ret in TYPED and all(p in TYPED and t is p for t, p in zip(arg_types, decl.param_types))


def bind_host_call(e: nodes.Call, decl) -> list:
    """The binding of a call of a host function (``arguments._bind``, as
    CPython binds it: a ``*args`` parameter's values as a Packed, a
    ``**kwargs`` one's as a PackedKeywords, a missing argument with a
    default its default's constant node), checked at compile time with
    CPython's wording: a call that does not fit its definition is a CompileError."""
    if any(isinstance(a, nodes.Starred) for a in e.args) or any(kw.arg is None for kw in e.keywords or []):
        raise error_at(e, f"star arguments to the host function '{decl.name}' are not supported",
                       "pass its arguments by position or by name")
    try:
        return bind_arguments(e, decl)
    except ArgumentError as exc:  # a CompileError here: the definition is known when compiling
        raise CompileError(exc.message, exc.filename, exc.lineno, exc.col, exc.end_lineno, exc.end_col,
                           exc.source_line, hint="a call of a @pydm.host function is checked against its "
                                                 "definition") from None


def bound_nodes(bound) -> list:
    """Every argument node of a binding (a Packed's each)."""
    return [n for _, arg in bound for n in (arg.nodes if isinstance(arg, Packed) else [arg])]
