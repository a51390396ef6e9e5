"""Typing of calls and of what loops walk (part of the typing pass, ``typing.py``).

A call's type is its callee's: a module function's or a closure's
specialization for the arguments' types (their return type, grown as the
fixed point goes), a builtin's, method's or intrinsic's rule from
``semantics``; ``key=`` functions are typed on the items they will see. The
items a ``for`` binds come from the loop form (``range``, ``enumerate``,
``zip``, ``map``, a generator function's yields) or the iterable's type.
"""
from __future__ import annotations

from astroid import nodes

from ..errors import error_at
from ..types import FunctionType, PyType, join, list_of, tuple_any, tuple_of
from . import intrinsics, math_module
from . import semantics as sem
from .arguments import ArgumentError, Packed, PackedKeywords, StarItem, StarRest, bind_arguments, \
    bind_positional, call_operands, runtime_star, star_cases, star_lengths
from .callees import KEYED, LOOP_FORMS, builtin_function, dict_view_call, loop_form, resolve_call, view_escapes
from .generators import generator_callee, is_generator_function
from .literals import const_value
from .methods import method_arg_types

T = PyType


def closure_part(t: FunctionType, closure) -> list:
    """The hidden first argument of a call of a function value: its closure
    (none for a module-level function)."""
    return [closure] if t.outer is not None else []


def _t(r, node=None) -> PyType:
    """A type rule's verdict as a type: an always-raising op produces nothing,
    and so does one pydm does not compile (the emitter reports it at its
    line, from the final types: during inference a type may still widen)."""
    return T.BOTTOM if isinstance(r, (sem.Raises, sem.NotCompiled)) else r


class CallTyping:
    """The call and loop-item rules of ``_FunctionTyper`` (a mixin: ``self`` is the typer)."""

    def generator_spec(self, e):
        """The specialization of the generator function the call ``e`` walks
        (generators.generator_callee: a module-level one, or a def of this function)."""
        fn = generator_callee(e, self.fn)
        if fn.outer is None:
            return self.jit_call(e, fn)
        f = self.expr(e.func)
        if not isinstance(f, FunctionType):
            return None
        bound = self.bound_or_none(e, f.func)
        if bound is None:
            return None
        args = self.bound_types(bound, (), f)
        if T.BOTTOM in args:
            return None
        return self.program.call_specialization(f.func, closure_part(f, f) + args, self.spec, e)

    def jit_call(self, e, what):
        """The specialization a call of the module function ``what`` reaches
        (None: its arguments do not fit, or their types are not known yet)."""
        bound = self.bound_or_none(e, what)
        if bound is None:
            return None
        passed = self.passed_lists(e, bound, what)
        args = self.bound_types(bound)
        if T.BOTTOM in args or any(a.is_list and a.elt is T.BOTTOM for a in args):
            return None  # (a list whose items are not known yet)
        spec = self.program.call_specialization(what, args, self.spec, e)
        self.returned_from_callee(passed, spec)
        return spec

    def item_type(self, it) -> PyType:
        """The type of the items ``for x in it`` binds (``it``: a syntax node;
        ``range``, ``enumerate``, ``zip`` and ``reversed`` are loop forms)."""
        form = loop_form(it, self.fn)
        if form == "generator":  # a generator's specialization returns the join of what it yields
            spec = self.generator_spec(it)
            return T.BOTTOM if spec is None else spec.ret
        if form == "range":
            for a in it.args:
                self.expr(a)
            return T.INT
        if form == "zip" and any(isinstance(a, nodes.Starred) for a in it.args):
            for a in it.args:  # zip(*rows): an iterator object over tuples of any length
                self.expr(a.value if isinstance(a, nodes.Starred) else a)
                self.store_into(self.group_of_node(a.value if isinstance(a, nodes.Starred) else a), T.OBJECT)
            return tuple_any(T.OBJECT)
        if form in ("enumerate", "zip", "reversed"):
            types = [self.expr(a) for a in it.args]
            if any(t is T.ITERATOR or t.is_dynamic for t in types):  # an iterator object: it holds the lists
                for a in it.args:
                    self.store_into(self.group_of_node(a), T.OBJECT)
        if form == "enumerate" and it.args and loop_form(it.args[0], self.fn) == "generator":
            item = self.item_type(it.args[0])
        elif form == "enumerate":
            item = _t(sem.iter_type(self.expr(it.args[0])))
        if form == "enumerate":
            for a in it.args[1:]:
                self.expr(a)
            return tuple_of(T.INT, item) if item is not T.BOTTOM else T.BOTTOM
        if form == "zip":
            items = [self.item_type(a) if loop_form(a, self.fn) == "generator" else _t(sem.iter_type(self.expr(a)))
                     for a in it.args]
            return T.BOTTOM if T.BOTTOM in items else tuple_of(*items)
        if form == "reversed":
            return _t(sem.iter_type(self.expr(it.args[0])))
        if form in ("map", "filter"):
            return self.mapped_type(it, form)
        return _t(sem.iter_type(self.expr(it)))

    def mapped_type(self, it, form: str) -> PyType:
        """The items of ``map(f, a, ...)`` (``f``'s results) or ``filter(f, a)``
        (``a``'s items); types the calls of ``f``."""
        if len(it.args) < 2:
            return T.BOTTOM
        fnode = it.args[0]
        builtin = builtin_function(fnode, self.fn)
        f = self.expr(fnode) if builtin is None else None
        items = [_t(sem.iter_type(self.expr(a))) for a in it.args[1:]]
        if T.BOTTOM in items or f is T.BOTTOM:
            return T.BOTTOM
        if builtin is not None:
            r = sem.builtin_type(builtin, items, [None] * len(items))
            out = _t(r) if r is not None else T.BOTTOM
        elif form == "filter" and f is T.NONE:
            out = items[0]
        else:
            out = T.BOTTOM
            targets = [f] if isinstance(f, FunctionType) else list(self.program.function_types) \
                if f.is_dynamic else []
            for t in targets:
                try:
                    bound = bind_positional(t.func, len(items))
                except ArgumentError:
                    continue
                args = closure_part(t, t) + self.bound_types(bound, items, t)
                if T.BOTTOM not in args:
                    out = join(out, self.program.call_specialization(t.func, args, self.spec, it).ret)
        if form == "filter":
            return items[0]
        return T.OBJECT if f is not None and f.is_dynamic and out is not T.BOTTOM else out

    def key_call(self, e, item: PyType) -> None:
        """``key=f``: the specialization ``f(item)`` calls (items are read from a list: objects)."""
        for k in e.keywords or []:
            if k.arg != "key" or builtin_function(k.value, self.fn) is not None:
                continue  # key=len: the builtin applied in place (frontend/closures.py BuiltinKey)
            f = self.expr(k.value)
            targets = [f] if isinstance(f, FunctionType) else list(self.program.function_types) \
                if f.is_dynamic else []
            for t in targets:  # a dynamic key may be any function value the program makes
                try:
                    bound = bind_positional(t.func, 1)
                except ArgumentError:
                    continue
                args = closure_part(t, t) + self.bound_types(bound, [item], t)
                self.program.call_specialization(t.func, args, self.spec, e)
            if not targets and f is not T.NONE and f is not T.BOTTOM:
                raise error_at(k.value, "key= must be a function (a def or lambda, a function of this module, a method) "
                                        "or None", "wrap a builtin: key=lambda x: abs(x)")

    def bound_types(self, bound, values=(), f: FunctionType | None = None):
        """The types of a binding's arguments (``values``: the types of the
        ``None`` placeholders of ``bind_positional``, in order); a default
        stored in the function value ``f`` has the type it had where its def ran."""
        given = iter(values)

        def one(node):
            if node is None:
                return next(given)
            if isinstance(node, StarItem) and node.runtime:  # an item of f(*xs): as a for loop's over xs
                return _t(sem.iter_type(self.expr(node.star.value)))
            if isinstance(node, StarItem):
                return self.expr(node.star.value).element(node.index)
            if f is not None and f.func.stored_default_slot(node) is not None:
                return f.outer.expr_types.get(node, T.BOTTOM) if f.outer is not None else T.BOTTOM
            return self.expr(node)

        def packed(a):
            for n in a.nodes:
                one(n)  # typed, though a dict's values are objects
            return T.DICT
        return [packed(a) if isinstance(a, PackedKeywords) else tuple_any(T.OBJECT) if isinstance(a, StarRest)
                else tuple_of(*map(one, a.nodes)) if isinstance(a, Packed) else one(a) for _, a in bound]

    def bound_or_none(self, e, callee):
        """The call's bound arguments; None if they do not fit (a TypeError at
        run time) or a ``*xs`` argument's type is not known yet."""
        lengths = star_lengths(e, self.expr)
        try:
            if lengths is not None:
                return bind_arguments(e, callee, lengths)
        except ArgumentError:
            pass
        for a in call_operands(e):
            self.expr(a)
        return None

    def bindings(self, e, callee) -> list:
        """The call's bindings: one, none if they do not fit (a TypeError), or one per
        length the callee takes of a ``*xs`` only the call knows (``star_cases``)."""
        lengths = star_lengths(e, self.expr)
        if not runtime_star(lengths):
            bound = self.bound_or_none(e, callee)
            return [] if bound is None else [bound]
        for a in call_operands(e):
            self.expr(a)
        _, _, cases, longer = star_cases(e, callee, lengths)
        return [bound for _, bound in cases if not isinstance(bound, ArgumentError)] + \
            ([longer] if isinstance(longer, list) else [])

    def call(self, e) -> PyType:
        kind, what = resolve_call(self.program.module, e, self.fn, self.program)
        if kind != "jit":
            self.demote_passed(e)
        if kind == "undefined":
            return T.BOTTOM
        if kind == "closure":
            f = self.expr(e.func)
            if f is T.BOTTOM:
                return T.BOTTOM
            if isinstance(f, FunctionType) and is_generator_function(f.func) \
                    and generator_callee(e, self.fn) is f.func:
                self.generator_spec(e)  # walked where it is used (generators.py): its items,
                return list_of()  # as a generator expression's
            if isinstance(f, FunctionType) and is_generator_function(f.func) or f.is_dynamic and any(
                    is_generator_function(t.func) for t in self.program.function_types):
                raise error_at(e, "a generator function held in a variable (or passed) is not supported",
                               "call it by the name of its def where it is walked")
            if f.is_dynamic:  # any function value the program makes
                out = T.BOTTOM
                lengths = star_lengths(e, self.expr)
                for t, bound, _ in self.program.dynamic_call_targets(e, lengths) if lengths is not None else ():
                    if bound is None:
                        continue
                    args = self.bound_types(bound, (), t)
                    if T.BOTTOM not in args:
                        out = join(out, self.program.call_specialization(t.func, closure_part(t, t) + args,
                                                                         self.spec, e).ret)
                for a in call_operands(e):
                    self.expr(a)
                return out
            if not isinstance(f, FunctionType):  # TypeError: '<type>' object is not callable
                for a in call_operands(e):
                    self.expr(a)
                return T.BOTTOM
            out = T.BOTTOM
            for bound in self.bindings(e, f.func):
                args = self.bound_types(bound, (), f)
                if T.BOTTOM not in args:
                    out = join(out, self.program.call_specialization(f.func, closure_part(f, f) + args,
                                                                     self.spec, e).ret)
            return out
        if kind == "exception_class":  # ValueError(x): an exception value
            args = [self.expr(a) for a in e.args
                    if not (len(e.args) == 1 and isinstance(a, nodes.Const) and isinstance(a.value, str))]
            return T.BOTTOM if T.BOTTOM in args else T.OBJECT
        if kind == "math":
            math_module.check_call(e)
            arg_types = [self.expr(a) for a in list(e.args) + [k.value for k in e.keywords or []]]
            if T.BOTTOM in arg_types:
                return T.BOTTOM
            return math_module.result_type(what, len(e.args), [k.arg for k in e.keywords or []])
        if kind == "intrinsic":
            args = []
            for a in e.args:
                if not (isinstance(a, nodes.Const) and isinstance(a.value, str)):
                    args.append(self.expr(a))
            return intrinsics.result_type(what, args)
        if kind == "method":
            receiver = self.expr(e.func.expr)
            arg_types = method_arg_types(e, self.expr)
            for kw in e.keywords or []:
                self.expr(kw.value)
            if what == "sort":
                self.key_call(e, T.OBJECT)
            if what == "append" and len(arg_types) == 1 or what == "insert" and len(arg_types) == 2:
                self.store_into(self.group_of_node(e.func.expr), arg_types[-1])
            if T.BOTTOM in arg_types or receiver is T.BOTTOM:
                return T.BOTTOM
            r = sem.method_type(what, receiver, arg_types)
            if r is T.ITERATOR and what in ("keys", "values", "items") and view_escapes(e):
                return T.OBJECT  # a view object
            return _t(r) if r is not None else T.BOTTOM
        if kind == "host":  # its annotations; the arguments are checked where the call is built
            from .host_calls import bind_host_call, bound_nodes
            for a in call_operands(e):
                self.expr(a)
            given = set(map(id, call_operands(e)))
            for a in bound_nodes(bind_host_call(e, what)):
                if id(a) not in given:
                    self.expr(a)  # a default's constant
            if what.optional:  # the compiled fallback: its body, for its annotated types
                self.program.call_specialization(self.program.module.functions[what.name],
                                                 list(what.param_types), self.spec, e)
            return what.ret
        if kind == "jit":
            if is_generator_function(what):  # walked where it is used (generators.py): its items,
                self.jit_call(e, what)
                return list_of()  # as a generator expression's
            out = T.BOTTOM
            for bound in self.bindings(e, what):
                passed = self.passed_lists(e, bound, what)
                args = self.bound_types(bound)
                if T.BOTTOM in args or any(a.is_list and a.elt is T.BOTTOM for a in args):
                    continue  # (a list whose items are not known yet)
                spec = self.program.call_specialization(what, args, self.spec, e)
                self.returned_from_callee(passed, spec)
                out = join(out, spec.ret)
            return out
        if what in ("isinstance", "type"):
            if e.args:
                self.expr(e.args[0])
            return T.BOOL if what == "isinstance" else T.BOTTOM
        if what in ("map", "filter"):  # outside a loop: materialized where a consumer takes it
            self.mapped_type(e, what)
            return T.ITERATOR
        if what in LOOP_FORMS:  # outside a loop: materialized where a consumer takes it
            for a in e.args:
                self.expr(a)
            return T.RANGE if what == "range" else T.ITERATOR
        view = dict_view_call(e.args[0]) if what == "len" and len(e.args) == 1 and not e.keywords else None
        if view is not None and self.expr(view[0]) is T.DICT:  # len(d.keys()): len(d)
            return T.INT
        keyword_types = {kw.arg: self.expr(kw.value) for kw in e.keywords or []
                         if not (kw.arg == "key" and builtin_function(kw.value, self.fn) is not None)}
        arg_types = [self.expr(a) for a in e.args]
        if what == "round":  # round(number=x, ndigits=n): in their positions
            arg_types += [keyword_types[k] for k in ("number", "ndigits") if k in keyword_types]
        if T.BOTTOM in arg_types:
            return T.BOTTOM
        if what in KEYED and any(k.arg == "key" for k in e.keywords or []):
            self.key_call(e, T.OBJECT)
            if what in ("min", "max"):
                default = [self.expr(k.value) for k in e.keywords if k.arg == "default"]
                item = _t(sem.iter_type(arg_types[0])) if len(arg_types) == 1 else T.OBJECT
                return join(item, default[0]) if default else item
        r = sem.builtin_type(what, arg_types, [const_value(a) for a in e.args])
        return _t(r, e) if r is not None else T.BOTTOM
