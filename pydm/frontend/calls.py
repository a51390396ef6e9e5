"""The syntax walker's calls (part of ``FunctionImporter``): what a call
names is resolved (``callees.resolve_call``) and its arguments bound at
compile time (``arguments.py``); then a builtin, a method, a host function,
an exception class, a closure or a jit function is called. Calls of jit
functions are plain calls, or - for self-recursion - copies of the callee
expanded in place (``inlining.py`` decides).
"""
from __future__ import annotations

import contextlib

from astroid import nodes
from iree.compiler import ir

from .. import dialect as d
from ..errors import CompileError, error_at, note_call_site
from ..types import PyType
from . import inlining, intrinsics, math_module
from .arguments import ArgumentError, bind_arguments, runtime_star, star_cases
from .generators import WALKERS, is_generator_function
from .source import module_name
from .callees import KEYED, LOOP_FORMS, builtin_function, dict_view_call, loop_form, resolve_call
from .closures import BuiltinKey
from .methods import RECEIVER, receiver_check
from .expressions import CONSUMERS
from .reductions import TAKERS
from .literals import const_value
from .specializations import Specialization

T = PyType


class CallWalker:
    """Calls (a mixin of ``FunctionImporter``, beside ``ExpressionWalker``)."""

    def view_length(self, view, e):
        """``len(x.keys())`` (``values``, ``items``): a dict's view is as long
        as the dict; any other receiver takes the call's usual path."""
        receiver, name = view
        x = self.expr(receiver)
        if x is None:
            return None
        if self.emit.type(x) is T.DICT:
            return self.emit.length(x)
        x = self.emit.method_receiver(name, x)
        v = None if self.fb.block is None else self.emit.method(name, x, [], e.args[0], {})
        return None if self.fb.block is None else self.emit.builtin("len", [v], e, [None], {})

    def expr_Call(self, e):
        kind, what = resolve_call(self.program.module, e, self.frame.fn, self.program)
        if kind == "undefined":
            self.fb.raise_here("NameError", f"name '{what}' is not defined")
            return None
        if kind == "closure":
            return self.call_function_value(e)
        if kind == "host":
            return self.host_call(e, what)
        if kind == "exception_class":
            return self.exception_instance(e, what)
        if kind == "math":
            math_module.check_call(e)
            first = e.args[0] if e.args else None
            if what in math_module.ITERABLE_FIRST and first is not None and (
                    isinstance(first, nodes.GeneratorExp) or loop_form(first, self.frame.fn)):
                items = self.materialize(first)  # fsum(x * x for x in xs): item by item into a list
                rest = None if items is None else self.exprs(list(e.args[1:]) + [k.value for k in e.keywords or []])
                values = None if rest is None else [items] + rest
            else:
                values = self.exprs(list(e.args) + [k.value for k in e.keywords or []])
            if values is None:
                return None
            keywords = {k.arg: v for k, v in zip(e.keywords or [], values[len(e.args):])}
            return self.emit.math_call(what, values[:len(e.args)], keywords, e)
        if kind == "intrinsic":
            inner = intrinsics.slot_read(what, e)
            if inner is not None and resolve_call(self.program.module, inner, self.frame.fn, self.program) \
                    == ("intrinsic", "item"):
                args = self.exprs(inner.args)
                return None if args is None else intrinsics.emit_slot_read(self.emit, what, args)
            args = self.exprs([a for a in e.args if not (isinstance(a, nodes.Const) and isinstance(a.value, str))])
            if args is None:
                return None
            return intrinsics.emit(self.emit, what, args, e)
        if kind == "method":
            if any(isinstance(a, nodes.Starred) and not self.type_of(a.value).is_tuple
                   or isinstance(a, nodes.Starred) and self.type_of(a.value).length is None for a in e.args) \
                    or any(k.arg is None for k in e.keywords or []):
                raise error_at(e, f"star-arguments in .{what}(...) are not supported")
            if self.consumes_lazily(what, e):  # xs.extend(g), s.update(g), sep.join(g)
                return self.consume_lazily(what, e)
            values = []
            for i, a in enumerate([e.func.expr] + list(e.args) + list(e.keywords or [])):
                if isinstance(a, nodes.Starred):  # *t of a tuple of known length: its items
                    values += self.tuple_items(self.expr(a.value))
                else:
                    values.append(self.keyword_value(a) if isinstance(a, nodes.Keyword) else self.expr(a))
                if self.fb.block is None:
                    return None
                if i == 0:  # the attribute is looked up before the arguments are evaluated
                    method = self.frame.fn.method
                    if method is not None and method.unbound and a.name == RECEIVER and \
                            not receiver_check(self, values[0], method):  # str.lower(x): x must be a str
                        return None
                    values[0] = self.emit.method_receiver(what, values[0])
                    if self.fb.block is None:
                        return None
            n = len(values) - len(e.keywords or [])
            keywords = {k.arg: v for k, v in zip(e.keywords or [], values[n:])}
            if what == "sort" and self.has_key_function(keywords):
                xs = values[0]
                if self.emit.type(xs).is_dynamic:  # a list, else CPython's AttributeError
                    xs = self.emit.as_kind_for_method(xs, "sort")
                    if xs is None:
                        return None
                if self.emit.type(xs).is_list:
                    return self.keyed_sort(xs, keywords, e)
            return self.emit.method(what, values[0], values[1:n], e, keywords)
        if kind == "builtin":
            if what == "isinstance":
                return self._isinstance(e)
            if what == "type":
                raise error_at(e, "type(x) is supported only in comparisons like type(x) is int")
            if what == "range" and not e.keywords:
                values = self.exprs(e.args)
                return None if values is None else self.emit.range_value(values, e)
            if what in ("map", "filter"):
                raise error_at(e, f"a {what}() object kept as a value is not supported",
                               f"use {what}(...) in a for loop, a comprehension, or as the argument of "
                               + TAKERS)
            if what == "zip" and any(isinstance(a, nodes.Starred) for a in e.args):
                return self.starred_zip(e)
            if what in LOOP_FORMS:  # an iterator object (written in a for loop, no object is made)
                values = self.exprs(list(e.args) + [k.value for k in e.keywords or []])
                if values is None:
                    return None
                return self.emit.iterator_value(what, values, [k.arg for k in e.keywords or []], e)
            if any(isinstance(a, nodes.Starred) for a in e.args) or any(k.arg is None for k in e.keywords or []):
                raise error_at(e, "star-arguments in calls are not supported")
            first = e.args[0] if e.args else None
            view = dict_view_call(first) if what == "len" and len(e.args) == 1 and not e.keywords else None
            if view is not None:
                return self.view_length(view, e)
            if self.reduces_lazily(what, e):  # any/all/sum/min/max of a generator: item by item
                return self.reduce_lazily(what, e)
            quiet = None  # keywords evaluated first (no effect can be seen: see walks_lazily)
            if what in KEYED and self.walks_lazily(what, e):
                quiet = {k.arg: self.keyword_value(k) for k in e.keywords}
                if self.has_key_function(quiet):
                    return self.keyed_builtin(what, [], quiet, e, walk=lambda on: self.each_lazy_item(first, on))
            lazy = what in CONSUMERS and first is not None and (isinstance(first, nodes.GeneratorExp)
                                                                or loop_form(first, self.frame.fn))
            if lazy and quiet is None and self.others_first(e, first):
                # CPython evaluates the other arguments before any item (reductions.py)
                values = self.exprs(list(e.args[1:]) + list(e.keywords or []))
                items = None if values is None else self.materialize(first)
                if items is None or self.fb.block is None:
                    return None
                args = [items] + values[:len(e.args) - 1]
                keywords = {k.arg: v for k, v in zip(e.keywords or [], values[len(e.args) - 1:])}
            else:
                args = []
                for a in e.args:
                    args.append(self.materialize(a) if lazy and a is first else self.expr(a))
                    if self.fb.block is None:
                        return None
                keywords = {} if quiet is None else quiet
                for k in e.keywords if quiet is None and e.keywords else []:
                    keywords[k.arg] = self.keyword_value(k)
                    if self.fb.block is None:
                        return None
            if what in KEYED and self.has_key_function(keywords):
                return self.keyed_builtin(what, args, keywords, e)
            return self.emit.builtin(what, args, e, [const_value(a) for a in e.args], keywords)
        if is_generator_function(what):
            raise error_at(e, f"a generator object as a value is not supported (the call of '{what.name}')",
                           f"use the call as {WALKERS}")
        if runtime_star(self.star_lengths(e)):  # f(*xs) of a list...: a call per length
            return self.star_call(e, what, lambda bound, values: self.call_module_function(
                what, self.bound_values(bound, values), e))
        bound = self.bind_or_raise(e, what)
        if bound is None:
            return None
        values = self.call_arguments(e, bound)
        if values is None:
            return None
        args = self.bound_values(bound, values)
        spec = self.program.call_specialization(what, [d.value_type(a) for a in args], self.frame.spec, e)
        how = inlining.expansion(self.root, spec, self.frame.prefix.count("@"), self._leaf_nodes)
        if how is not None:
            if spec is not self.root:
                self._leaf_nodes += inlining.body_size(spec.func.node)
            return self.inline_call(spec, args, how, e)
        return self.plain_call(spec, args)

    def call_module_function(self, callee, args, e):
        """A plain call of the module function ``callee`` with these argument values."""
        spec = self.program.call_specialization(callee, [d.value_type(a) for a in args], self.frame.spec, e)
        return self.plain_call(spec, args)

    def star_call(self, e, callee, call_bound):
        """``f(*xs)`` where only the call knows ``xs``'s length (a list, a str,
        a range...): ``xs`` made a tuple where CPython unpacks it, then one
        branch per length the callee can take (``arguments.star_cases``), each
        the call ``call_bound(binding, values)``; CPython's TypeError for the others."""
        star, fixed, cases, longer = star_cases(e, callee, self.star_lengths(e))
        bindings = [b for _, b in cases if not isinstance(b, ArgumentError)] + ([longer] if isinstance(longer, list)
                                                                               else [])
        values = self.call_arguments(e, *bindings,
                                     convert={id(star.value): lambda v: self.star_tuple(v, callee, e)})
        if values is None:
            return None
        n = self.emit.length(values[id(star.value)])
        result = self.type_of(e)
        merge = self.fb.new_block(d.ir_type(result)) if result is not T.BOTTOM else None
        for k, bound in cases:
            _, hit = self.b.apply_compare("eq", n, self.b.constant(k, T.INT))
            yes, no = self.fb.new_block(), self.fb.new_block()
            self.fb.cond_br(self.b.bool_to_pred(hit), [], [], yes, no)
            self.fb.block = yes
            if isinstance(bound, ArgumentError):
                self.fb.raise_here("TypeError", bound.message)
            else:
                out = call_bound(bound, dict(values))
                if self.fb.block is not None:
                    self.fb.goto(merge, [self.emit.coerce(out, result)])
            self.fb.block = no
        if isinstance(longer, list):  # a callee with *args: the items past its parameters go there
            out = call_bound(longer, dict(values))
            if self.fb.block is not None:
                self.fb.goto(merge, [self.emit.coerce(out, result)])
        else:
            given = self.emit.binary("+", n, self.b.constant(fixed, T.INT), fixed, node=e)
            self.fb.raise_here("TypeError", longer, [given], "values")
        return None if merge is None else self.fb.enter_merge(merge)

    def star_tuple(self, xs, callee, e):
        """The tuple ``f(*xs)`` unpacks (CPython's TypeError if ``xs`` is no
        iterable: naming the callee when ``*xs`` is the only positional argument)."""
        t = self.emit.type(xs)
        if t.is_tuple:
            return xs
        glob = self.program.global_values
        module = glob.get("__name__") if glob is not None else module_name(self.program.module.filename)
        message = f"{module}.{callee.qualname}() argument after * must be an iterable, not " if len(e.args) == 1 \
            else "Value after * must be an iterable, not "
        if t.is_scalar:
            self.fb.raise_here("TypeError", message + t.python_name)
            return None
        if t.is_dynamic:
            numbers = self.emit.type_test(xs, ("int", "bool", "float", "NoneType"))
            self.fb.raise_if(self.b.bool_to_pred(numbers), "TypeError", message.replace("{", "{{").replace(
                "}", "}}") + "{}", args=[xs], fmt="types")
        return self.emit.builtin("tuple", [xs], callee.node)

    def tuple_items(self, t) -> list:
        """The items of a tuple value of known length."""
        tt = d.value_type(t)
        return [self.b.tuple_get(t, self.b.constant(i, T.INT), tt.element(i), in_range=True)[1]
                for i in range(tt.length)]

    def bind_or_raise(self, e, callee):
        """The call's bound arguments; if they do not fit the callee, the
        arguments are evaluated and CPython's TypeError raised (None)."""
        from .arguments import ArgumentError, call_operands
        try:
            return bind_arguments(e, callee, self.star_lengths(e))
        except ArgumentError as exc:
            if self.exprs(call_operands(e)) is not None:
                self.fb.raise_here("TypeError", exc.message)
            return None

    def keyword_value(self, k):
        """A keyword argument's value; ``key=`` naming a builtin (``key=len``)
        is that builtin, applied where the key is called (``BuiltinKey``)."""
        if k.arg == "key":
            name = builtin_function(k.value, self.frame.fn)
            if name is not None:
                return BuiltinKey(name)
        return self.expr(k.value)

    def star_lengths(self, e):
        """The lengths of the call's ``*xs`` arguments (tuples of known length)."""
        from .arguments import star_lengths
        return star_lengths(e, self.type_of)

    def plain_call(self, spec: Specialization, args, frame: bool = True):
        """A VM call of ``spec``; ``frame``: an exception leaving it adds this
        line to its traceback (not a call the runtime library makes, nor the
        one that ends a partly expanded copy, whose handler adds it)."""
        if is_generator_function(spec.func):  # (map(gen, xs), a function value: not walked by a loop)
            raise error_at(spec.func.node, f"the generator function '{spec.func.name}' is called here as a "
                           "function: a generator object as a value is not supported", f"use the call as {WALKERS}")
        # a specialization's parameter types may be wider than the arguments'
        # (a widened tuple type, or a generic one past MAX_SPECIALIZATIONS)
        args = [self.emit.coerce(a, t) for a, t in zip(args, spec.arg_types)]
        call = self.fb.call([d.exc_type(), d.ir_type(spec.ret)], spec.symbol, args)
        self.fb.check(call.results[0], frame=frame and not self.emit.in_runtime_library)
        if spec.ret is T.BOTTOM:  # the callee never returns normally
            self.fb.raise_exc(call.results[0])
            return None
        return call.results[1]

    def inline_call(self, spec: Specialization, args, how: str, call=None):
        """The callee's body in place of a call, with slots of its own; each
        ``return`` jumps to the copy's exit. ``how`` is ``inlining.GUARDS``:
        only its leading base cases, then the real call. A compile error in
        another function's copy names the ``call``."""
        try:
            return self._inline_call(spec, args, how)
        except CompileError as exc:
            if spec.func is not self.root.func:
                raise note_call_site(exc, call) from None
            raise

    @contextlib.contextmanager
    def expanded_frame(self, spec: Specialization, exit_block):
        """Walk ``spec``'s body in place (a callee's copy, an expanded
        generator): a frame with slots of its own, entered; an exception
        leaving it adds the call's line to its traceback, as a real call's."""
        from .importer import Frame
        self._copies += 1
        caller = self.frame
        frame = Frame(spec, f"{caller.prefix}@{self._copies}.", exit_block)
        traced = None if self.emit.in_runtime_library else self.fb.new_block(d.exc_type(), d.exc_type())
        if traced is not None:
            self.fb.handlers.append(traced)
        call_site = ir.Location.current
        self.frame = frame
        try:
            yield frame
        finally:
            self.frame = caller
            if traced is not None:
                self.fb.handlers.pop()
                with call_site:
                    self.fb.close_traced_handler(traced)

    def _inline_call(self, spec: Specialization, args, how: str):
        from .importer import _skip_docstring, location
        exit_block = self.fb.new_block()
        with self.expanded_frame(spec, exit_block) as frame:
            for name, arg in zip(spec.func.params, args):
                self.fb.store(frame.slot(name), self.emit.coerce(arg, frame.var_type(name)))
            body = spec.func.node.body
            if how == inlining.GUARDS:
                for test, value in inlining.leading_guards(body):
                    hit, miss = self.fb.new_block(), self.fb.new_block()
                    self.branch_on(test, hit, miss)
                    self.fb.block = hit
                    result = self.expr(value)
                    if self.fb.block is not None:
                        self.emit_return(result)
                    self.fb.block = miss
                if self.fb.block is not None:
                    result = self.plain_call(spec, args, frame=False)
                    if self.fb.block is not None:
                        self.emit_return(result)
            else:
                self.visit_body(_skip_docstring(body))
                if self.fb.block is not None:
                    with location(spec.func, body[-1] if body else spec.func.node, spec.func is not self.root.func):
                        self.emit_return(self.emit.const(None))
        if not any(True for _ in exit_block.predecessors):
            self.fb.block = None
            return None
        self.fb.block = exit_block
        return self.fb.load(frame.return_slot, spec.ret if spec.ret is not T.BOTTOM else T.NONE, False, "")
