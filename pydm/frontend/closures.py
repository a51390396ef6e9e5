"""The syntax walker's nested functions (part of ``FunctionImporter``):
``def`` inside a function, ``lambda``, cells, and calls of function values.

Scopes come from ``scopes.py``: a local that a nested function reads is a
*cell*, every other local stays a plain variable slot. A cell is a list
(seed 002's mutable record), made empty when the function starts and given
its one element when the variable is first bound (empty: unbound). The
function and every closure made from it share the cell, so a closure sees
the variable's latest value (late binding, as CPython).

A function value is its closure: a record of the number that names its
function (``function_serial``), then the cells of its free variables
(``FunctionType``: one static type per definition and specialization that
makes it; a module-level function used as a value has no cells). The VM has no indirect call, and none is
needed: a value's static type names its function, so ``f(x)`` is a direct
call of that function's specialization with the closure as a hidden first
argument (``$closure``), and a function passed to another compiled function
specializes the callee. A call of a dynamic value (an ``object``: a
variable that holds one of several functions, an item of a list of
closures) tests the number against every function value the program makes
and calls the one it names (``call_dynamic``).
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from .. import typecodes as tc
from ..errors import error_at
from ..types import FunctionType, PyType, list_of, tuple_any
from .loops import LoopShape
from .arguments import ArgumentError, Packed, PackedKeywords, StarItem, StarRest, bind_positional, call_operands, \
    runtime_star
from .specializations import function_serial
from .methods import method_function, method_value, receiver_kinds
from . import semantics as sem
from .callees import LOOP_FORMS, loop_form
from .typing import _t, closure_part, function_type

T = PyType
CLOSURE = "$closure"


def cell_slot(name: str) -> str:
    """The variable slot holding the cell of the variable ``name``."""
    return f"$cell:{name}"


class BuiltinKey:
    """``key=len``: a builtin named where a key function goes (``sorted``,
    ``min``, ``max``, ``list.sort``). It has no value in compiled code: each
    call of the key is a call of the builtin (``call_value``)."""

    def __init__(self, name: str):
        self.name = name


class ClosureWalker:
    """Cells, closures and calls of function values (a mixin of ``FunctionImporter``)."""

    # ---- cells ------------------------------------------------------------------------
    def make_cells(self) -> None:
        """On entry: a fresh, unset cell for each cell variable; a parameter's
        cell holds its argument."""
        fn = self.frame.fn
        empty = self.b.constant(0, T.INT)
        for name in sorted(fn.cells):
            self.fb.store(self.frame.slot(cell_slot(name)), self.b.seq_new(empty, list_of()))

    def cell_of(self, name: str):
        """The cell of a cell or free variable of the function being walked."""
        frame = self.frame
        if name in frame.fn.cells:
            return self.fb.load(frame.slot(cell_slot(name)), list_of(), False, name)
        closure = self.fb.load(frame.slot(CLOSURE), frame.var_type(CLOSURE), False, CLOSURE)
        index = self.b.constant(1 + frame.fn.frees.index(name), T.INT)
        _, cell = self.b.tuple_get(closure, index, list_of(), in_range=True)
        return cell

    def load_cell(self, name: str, node):
        """A cell or free variable's value; unset: UnboundLocalError in the
        function that owns it, NameError in a closure (CPython's messages)."""
        frame = self.frame
        t = self.cell_type(name)
        own = name in frame.fn.cells
        if own:
            message = f"cannot access local variable '{node.name}' where it is not associated with a value"
        else:
            message = (f"cannot access free variable '{node.name}' where it is not associated with a value "
                       "in enclosing scope")
        cls = "UnboundLocalError" if own else "NameError"
        if t is T.BOTTOM:
            self.fb.raise_here(cls, message)
            return None
        cell = self.cell_of(name)
        zero = self.b.constant(0, T.INT)
        if not own or node in frame.unbound_reads:
            _, unset = self.b.apply_compare("eq", self.b.tuple_len(cell), zero)
            self.fb.raise_if(self.b.bool_to_pred(unset), cls, message)
        _, value = self.b.tuple_get(cell, zero, t, in_range=True)
        return value

    def store_cell(self, name: str, value) -> None:
        cell = self.cell_of(name)
        self.b.seq_resize(cell, self.b.constant(1, T.INT))
        self.b.seq_set(cell, self.b.constant(0, T.INT), self.emit.coerce(value, self.cell_type(name)))

    def stmt_Nonlocal(self, s):
        pass  # scopes.py made the names free variables

    def cell_type(self, name: str) -> PyType:
        """The static type of a cell or free variable (its owner's variable type)."""
        from .typing import variable_owner
        frame = self.frame
        if name in frame.fn.cells:
            return frame.spec.var_types.get(name, T.BOTTOM)
        return variable_owner(frame.spec, name).var_types.get(name, T.BOTTOM)

    # ---- function values --------------------------------------------------------------
    def make_function(self, node):
        """The function value a def or lambda makes here: the record of the
        cells of its free variables."""
        info = self.frame.fn.nested(node)
        if self.frame.prefix:  # pragma: no cover - functions with nested scopes are not expanded in place
            raise error_at(node, "pydm internal: a nested function in an expanded copy")
        t = function_type(info, self.frame.spec)
        stored = []
        for default in info.stored_defaults:  # evaluated now, once, as CPython
            value = self.expr(default)
            if self.fb.block is None:
                return None
            stored.append(self.emit.coerce(value, self.type_of(default)))
        closure = self.b.seq_new(self.b.constant(1 + len(info.frees) + len(stored), T.INT), t)
        self.b.seq_set(closure, self.b.constant(0, T.INT), self.b.constant(function_serial(t), T.INT))
        for i, name in enumerate(info.frees):
            self.b.seq_set(closure, self.b.constant(1 + i, T.INT), self.cell_of(name))
        for k, value in enumerate(stored):
            self.b.seq_set(closure, self.b.constant(1 + len(info.frees) + k, T.INT), value)
        return closure

    def stored_defaults(self, t: FunctionType, closure, bound, values) -> None:
        """The defaults a call of function value ``closure`` (of type ``t``)
        relies on that its def stored (not constants): read from the value
        into ``values`` (by node id)."""
        for _, node in bound:
            slot = None if node is None or isinstance(node, Packed) else t.func.stored_default_slot(node)
            if slot is not None:
                _, values[id(node)] = self.b.tuple_get(closure, self.b.constant(slot, T.INT),
                                                      t.outer.type_of(node), in_range=True)

    def module_function_value(self, info):
        """A module-level function used as a value: a record of its number only."""
        t = function_type(info, None)
        record = self.b.seq_new(self.b.constant(1, T.INT), t)
        self.b.seq_set(record, self.b.constant(0, T.INT), self.b.constant(function_serial(t), T.INT))
        return record

    def make_method(self, node):
        """``x.name`` (or ``str.name``) read as a value (``methods.py``): the
        record of its function's number and, bound, the receiver - looked up
        now (CPython's AttributeError if it has no such method) and kept. An
        ``object`` receiver's value is the function of the kind it holds."""
        if method_value(node, self.frame.fn) == "unbound":
            return self.method_record(self.type_of(node), None)
        receiver = self.expr(node.expr)
        if receiver is None or self.emit.method_receiver(node.attrname, receiver) is None or self.fb.block is None:
            return None
        kinds = receiver_kinds(node.attrname, self.type_of(node.expr))
        types = [function_type(method_function(self.frame.fn, node, kt, k), self.frame.spec) for k, kt in kinds]
        if len(types) == 1 and not self.emit.type(receiver).is_dynamic:
            return self.method_record(types[0], receiver)
        fb, merge = self.fb, self.fb.new_block(d.ir_type(T.OBJECT))
        for (k, kt), t in zip(kinds, types):
            yes, no = fb.new_block(), fb.new_block()
            fb.cond_br(self.b.bool_to_pred(self.emit.type_test(receiver, (k,))), [], [], yes, no)
            fb.block = yes
            x = self.b.unbox(receiver, kt, checked=False)[1] if not kt.is_dynamic else receiver
            fb.goto(merge, [self.emit.coerce(self.method_record(t, x), T.OBJECT)])
            fb.block = no
        fb.raise_here("AttributeError", f"'{{}}' object has no attribute '{node.attrname}'", [receiver], "types")
        return fb.enter_merge(merge)

    def method_record(self, t, receiver):
        """A method value of function type ``t``: its number, and its receiver if bound."""
        record = self.b.seq_new(self.b.constant(1 if receiver is None else 2, T.INT), t)
        self.b.seq_set(record, self.b.constant(0, T.INT), self.b.constant(function_serial(t), T.INT))
        if receiver is not None:
            self.b.seq_set(record, self.b.constant(1, T.INT), self.emit.coerce(receiver, t.func.method.receiver))
        return record

    def bound_receiver(self):
        """In a bound method's synthetic lambda: the receiver its value keeps."""
        frame = self.frame
        closure = self.fb.load(frame.slot(CLOSURE), frame.var_type(CLOSURE), False, CLOSURE)
        _, x = self.b.tuple_get(closure, self.b.constant(1, T.INT), frame.fn.method.receiver, in_range=True)
        return x

    def stmt_FunctionDef(self, s):
        self.bind_variable(s.name, self.make_function(s))

    def expr_Lambda(self, e):
        return self.make_function(e)

    def call_function_value(self, e):
        """``f(args)`` where ``f`` holds a function value (a def or lambda's)."""
        f = self.expr(e.func)
        if self.fb.block is None:
            return None
        t = d.value_type(f)
        if t.is_dynamic:
            return self.call_dynamic(e, f)
        if not isinstance(t, FunctionType):  # CPython evaluates the arguments, then fails to call
            if self.exprs(call_operands(e)) is not None:
                self.fb.raise_here("TypeError", f"'{t.python_name}' object is not callable")
            return None
        if runtime_star(self.star_lengths(e)):  # f(*xs) of a list...: a call per length
            return self.star_call(e, t.func, lambda bound, values: self.call_bound(t, f, bound, values, e))
        bound = self.bind_or_raise(e, t.func)
        if bound is None:
            return None
        values = self.call_arguments(e, bound)
        if values is None:
            return None
        return self.call_bound(t, f, bound, values, e)

    def call_bound(self, t, f, bound, values, e):
        """The call of function value ``f`` (of type ``t``) with these bound arguments."""
        self.stored_defaults(t, f, bound, values)
        args = closure_part(t, f) + self.bound_values(bound, values)
        spec = self.program.call_specialization(t.func, [d.value_type(a) for a in args], self.frame.spec, e)
        return self.plain_call(spec, args)

    def call_arguments(self, e, *bindings, convert=None):
        """The call's arguments in source order (as CPython evaluates them),
        then the defaults the bindings use; by node id. None if one raised.
        ``convert``: by node id, what becomes of an argument's value as soon as
        it is made (``f(*xs)``: the tuple of ``xs``'s items)."""
        from .literals import NO_VALUE, literal_value
        values = {}
        defaults = [n for bound in bindings for _, n in bound if not isinstance(n, (Packed, StarItem))
                    and not (isinstance(n.parent, nodes.Arguments) and literal_value(n, NO_VALUE) is NO_VALUE)]
        for node in call_operands(e) + defaults:
            if id(node) in values:
                continue
            lazy = convert and id(node) in convert and (isinstance(node, nodes.GeneratorExp) or loop_form(
                node, self.frame.fn) in LOOP_FORMS)  # f(*(g for ...)), f(*map(...)): their items
            values[id(node)] = self.materialize(node) if lazy else self.expr(node)
            if self.fb.block is not None and convert and id(node) in convert:
                values[id(node)] = convert[id(node)](values[id(node)])
            if self.fb.block is None:
                return None
        return values

    def bound_values(self, bound, values, given=()):
        """A binding's argument values, a ``*args`` parameter's as a tuple
        (``given``: the values of ``bind_positional``'s placeholders)."""
        given = iter(given)

        def one(node):
            if node is None:
                return next(given)
            if isinstance(node, StarItem):  # item i of a tuple of known length (or known to be that long)
                star = values[id(node.star.value)]
                _, item = self.b.tuple_get(star, self.b.constant(node.index, T.INT),
                                           d.value_type(star).element(node.index), in_range=True)
                if node.runtime:  # typed as a for loop's item over the unpacked value
                    item = self.emit.coerce(item, _t(sem.iter_type(self.type_of(node.star.value))))
                return item
            return values[id(node)]
        out = []
        for _, a in bound:
            if isinstance(a, PackedKeywords):
                items = [one(n) for n in a.nodes]
                out.append(self.emit.make_dict([(self.emit.str_literal(k), self.emit.coerce(v, T.OBJECT))
                                                for k, v in zip(a.names, items)]))
            elif isinstance(a, StarRest):  # f(*xs) into *args: xs's items past the parameters
                t = values[id(a.star.value)]
                rest = self.emit.slice(t, self.b.constant(a.start, T.INT), None, None, bounds=(a.start, None, None))
                if a.nodes:
                    rest = self.emit.binary("+", self.emit.make_tuple([one(n) for n in a.nodes]), rest, None)
                out.append(self.emit.coerce(rest, tuple_any(T.OBJECT)))
            elif isinstance(a, Packed):
                items = [one(n) for n in a.nodes]
                out.append(self.emit.make_tuple(items))
            else:
                out.append(one(a))
        return out

    def call_dynamic(self, e, f):
        """``f(args)`` for a dynamic ``f``: a function value's number picks the
        function to call (``TypeError`` if ``f`` is no function)."""
        targets = self.program.dynamic_call_targets(e, self.star_lengths(e))
        values = self.call_arguments(e, *[bound for _, bound, _ in targets if bound is not None])
        if values is None:
            return None

        def call(t, bound, mismatch):
            if bound is None:  # its parameters do not fit this call
                self.fb.raise_here("TypeError", mismatch)
                return None
            _, closure = self.b.unbox(f, t, checked=False)
            values_here = dict(values)
            self.stored_defaults(t, closure, bound, values_here)
            args = closure_part(t, closure) + self.bound_values(bound, values_here)
            spec = self.program.call_specialization(t.func, [d.value_type(a) for a in args], self.frame.spec, e)
            return self.plain_call(spec, args)
        return self.dispatch(f, e, [(t, lambda t=t, b=b, m=m: call(t, b, m)) for t, b, m in targets])

    def dispatch(self, f, node, cases, result_type=None):
        """Call through a dynamic function value: ``cases`` pairs each function
        type the program makes with a callable that builds its call; the
        value's number (slot 0 of its record) picks one. The result has the
        node's static type (or ``result_type``); ``TypeError`` if ``f`` holds
        no function."""
        fb, b = self.fb, self.b
        result_type = result_type or self.type_of(node)
        _, is_function = b.apply_compare("eq", b.get_type_code(f), b.constant(tc.FUNCTION, T.INT))
        callable_, not_callable = fb.new_block(), fb.new_block()
        fb.cond_br(b.bool_to_pred(is_function), [], [], callable_, not_callable)
        fb.block = not_callable
        fb.raise_here("TypeError", "'{}' object is not callable", [f], "types")
        fb.block = callable_
        merge = fb.new_block(d.ir_type(result_type)) if result_type is not T.BOTTOM else None
        serial = None
        for t, build in cases:
            if serial is None:
                _, record = b.unbox(f, t, checked=False)
                _, serial = b.tuple_get(record, b.constant(0, T.INT), T.INT, in_range=True)
            _, hit = b.apply_compare("eq", serial, b.constant(function_serial(t), T.INT))
            yes, no = fb.new_block(), fb.new_block()
            fb.cond_br(b.bool_to_pred(hit), [], [], yes, no)
            fb.block = yes
            out = build()
            if fb.block is not None:
                fb.goto(merge, [self.emit.coerce(out, result_type)])
            fb.block = no
        fb.raise_here("SystemError", "pydm: a function value of no known function")  # pragma: no cover
        if merge is None:
            return None
        return fb.enter_merge(merge)

    # ---- key functions ----------------------------------------------------------------
    def has_key_function(self, keywords) -> bool:
        """``key=f`` with a function value or a builtin's name (``key=None``
        is dropped: no key)."""
        key = keywords.get("key")
        if isinstance(key, BuiltinKey):
            return True
        if key is not None and d.value_type(key) is T.NONE:
            del keywords["key"]
            return False
        return key is not None and (isinstance(d.value_type(key), FunctionType) or d.value_type(key).is_dynamic)

    def call_value(self, f, values, node):
        """``f(*values)`` for a function value (a key function's call); a
        dynamic ``f`` dispatches on its function's number; a builtin's name
        (``key=len``) is applied as a call of it."""
        if isinstance(f, BuiltinKey):
            return self.emit.builtin(f.name, list(values), node)
        t = d.value_type(f)
        if t.is_dynamic:
            return self.dispatch(f, node, [(ft, lambda ft=ft: self.call_value_as(f, ft, values, node))
                                           for ft in self.program.function_types], T.OBJECT)
        return self.call_value_as(f, t, values, node)

    def call_value_as(self, f, t, values, node):
        """``f(*values)`` for ``f`` known to be a value of function type ``t``."""
        if d.value_type(f) is not t:
            _, f = self.b.unbox(f, t, checked=False)
        try:
            bound = bind_positional(t.func, len(values))
        except ArgumentError as exc:
            self.fb.raise_here("TypeError", exc.message)
            return None
        from .literals import literal_value
        defaults = {id(n): self.constant_value(literal_value(n)) for _, n in bound
                    if n is not None and not isinstance(n, Packed) and t.func.stored_default_slot(n) is None}
        self.stored_defaults(t, f, bound, defaults)
        args = closure_part(t, f) + self.bound_values(bound, defaults, values)
        spec = self.program.call_specialization(t.func, [d.value_type(a) for a in args], self.frame.spec, node)
        return self.plain_call(spec, args)

    def each_item(self, xs, node, on_item) -> None:
        """``on_item(x)`` for each item of the list ``xs``, as ``for x in xs``."""
        zero = self.b.constant(0, T.INT)
        self.index_loop(LoopShape(node, on_item, node, lambda: None, []), zero, 1,
                        lambda i: self.live_in_range(xs, i), lambda i: self.emit.element_at(xs, i))

    def keys_of(self, xs, f, node):
        """The list ``[f(x) for x in xs]`` (every key first, as CPython's sort)."""
        keys = self.emit.make_list([])

        def on_item(x):
            k = self.call_value(f, [x], node)
            if self.fb.block is not None:
                self.emit.list_append(keys, k)
        self.each_item(xs, node, on_item)
        return keys if self.fb.block is not None else None

    def keyed_sort(self, xs, keywords, node, in_place: bool = True):
        """``xs.sort(key=f, reverse=r)``: the keys, then a stable sort of the
        items by them (``runtime_lib/lists.py``: keyed_sort). As CPython's
        ``list.sort``, the list is empty while the key function runs; what it
        does to the list is discarded, and then raises ``ValueError: list
        modified during sort``; if a key raises, the list gets its items back
        unsorted (``in_place``: False for a fresh list nobody else sees)."""
        fb, emit = self.fb, self.emit
        keywords = dict(keywords)
        f = keywords.pop("key")
        reverse = emit.sort_reverse(keywords, node)
        if fb.block is None:
            return None
        if not in_place:
            keys = self.keys_of(xs, f, node)
            if keys is None:
                return None
            emit.call_library("keyed_sort", [xs, keys, reverse])
            return self.b.constant(None, T.NONE)
        items = emit.call_library("list_copy", [xs])
        emit.call_library("list_clear", [xs])
        restore = fb.new_block(d.exc_type(), d.exc_type())
        fb.handlers.append(restore)
        try:
            keys = self.keys_of(items, f, node)
            if keys is not None:
                emit.call_library("keyed_sort", [items, keys, reverse])
        finally:
            fb.handlers.pop()
        if any(True for _ in restore.predecessors):
            after = fb.block
            fb.block = restore
            code, origin = restore.arguments
            emit.call_library("list_clear", [xs])
            emit.call_library("list_extend", [xs, items])
            fb.goto(fb.handler, [code, origin])
            fb.block = after
        if fb.block is None:
            return None
        _, modified = self.b.apply_compare("ne", emit.length(xs), self.b.constant(0, T.INT))
        emit.call_library("list_clear", [xs])
        emit.call_library("list_extend", [xs, items])
        fb.raise_if(self.b.bool_to_pred(modified), "ValueError", "list modified during sort")
        return self.b.constant(None, T.NONE)

    def keyed_builtin(self, name, args, keywords, node, walk=None):
        """``sorted``/``min``/``max`` with ``key=`` (a function value); ``walk``:
        ``walk(on_item)`` makes the items of ``min``/``max`` one by one instead of ``args``."""
        keywords = dict(keywords)
        if name == "sorted":
            if len(args) != 1:
                raise error_at(node, f"sorted expected 1 argument, got {len(args)}")
            xs = self.emit.iterable_builtin("list", args, node, {})
            if xs is None or self.keyed_sort(xs, keywords, node, in_place=False) is None:
                return None
            return xs
        f = keywords.pop("key")
        default = keywords.pop("default", None)
        if keywords:
            raise error_at(node, f"{name}() got an unexpected keyword argument '{next(iter(keywords))}'")
        if len(args) > 1 and default is not None:
            return self.fb.raise_here("TypeError", f"Cannot specify a default for {name}() with multiple "
                                                   "positional arguments")
        if walk is not None:
            return self.keyed_extreme(name, None, f, default, node, walk)
        if len(args) > 1:
            xs = self.emit.make_list(args)
        elif self.emit.type(args[0]).is_list:
            xs = args[0]  # walked live, as CPython's iterator: a key may change the list
        else:
            xs = self.emit.iterable_builtin("list", args, node, {})
        if xs is None:
            return None
        return self.keyed_extreme(name, xs, f, default, node)

    def keyed_extreme(self, name, xs, f, default, node, walk=None):
        """``min``/``max(xs, key=f)``: each item's key as the walk reaches it
        (``walk(on_item)`` instead of the list ``xs``: the items as they are
        made); an item replaces the best only if its key is strictly better
        (the first of equal keys wins, as CPython). ``f`` None: the items are
        their own keys (``min(g)``, ``max(g)`` of a generator: reductions.py)."""
        fb, b = self.fb, self.b
        best, best_key, found = self.hidden_slot("best"), self.hidden_slot("bestkey"), self.hidden_slot("found")
        result_type = self.type_of(node)
        fb.store(best, self.emit.coerce(b.constant(None, T.NONE), T.OBJECT))
        fb.store(best_key, self.emit.coerce(b.constant(None, T.NONE), T.OBJECT))
        fb.store(found, b.constant(False, T.BOOL))

        def on_item(x):
            if walk is not None:  # an item as made (typing calls the key with an object, as a list's item)
                x = self.emit.coerce(x, T.OBJECT)
            k = x if f is None else self.call_value(f, [x], node)
            if fb.block is None:
                return
            k = self.emit.coerce(k, T.OBJECT)
            first, later, take, done = fb.new_block(), fb.new_block(), fb.new_block(), fb.new_block()
            fb.cond_br(b.bool_to_pred(fb.load(found, T.BOOL, False, "")), [], [], later, first)
            fb.block = later
            better = self.emit.compare("<" if name == "min" else ">", k, fb.load(best_key, T.OBJECT, False, ""))
            if fb.block is not None:
                fb.cond_br(b.bool_to_pred(self.emit.truth(better)), [], [], take, done)
            fb.block = first
            fb.goto(take)
            fb.block = take
            fb.store(best, self.emit.coerce(x, T.OBJECT))
            fb.store(best_key, k)
            fb.store(found, b.constant(True, T.BOOL))
            fb.goto(done)
            fb.block = done
        if walk is None:
            self.each_item(xs, node, on_item)
        else:
            walk(on_item)
        if fb.block is None:
            return None
        empty, ok = fb.new_block(), fb.new_block()
        fb.cond_br(b.bool_to_pred(fb.load(found, T.BOOL, False, "")), [], [], ok, empty)
        merge = fb.new_block(d.ir_type(result_type))
        fb.block = empty
        if default is None:
            fb.raise_here("ValueError", f"{name}() arg is an empty sequence")
        else:
            fb.goto(merge, [self.emit.coerce(default, result_type)])
        fb.block = ok
        fb.goto(merge, [self.emit.coerce(fb.load(best, T.OBJECT, False, ""), result_type)])
        return fb.enter_merge(merge)


__all__ = ["ClosureWalker", "CLOSURE", "cell_slot"]
