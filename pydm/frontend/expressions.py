"""The syntax walker's expressions (part of ``FunctionImporter``; calls are
in ``calls.py``).

Each ``expr_<Node>`` evaluates its operands in CPython's order and hands
them to the semantic layer (``self.emit``). After an expression that always
raises, ``self.fb.block`` is None and the value is a placeholder nobody uses.
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from .. import representation as rep
from ..errors import error_at
from ..types import PyType
from . import semantics as sem
from . import math_module
from .handlers import exception_class_of
from .loops import LoopShape
from .scopes import variable_key
from .literals import const_value
from .literals import const_type, slice_bounds
from .reductions import TAKERS
from .typing import BUILTIN
from .methods import RECEIVER, method_value

#: builtins that consume an iterable whole: a generator expression or an
#: iterator call (``zip(a, b)``) as their argument is walked right there
CONSUMERS = ("list", "tuple", "sorted", "sum", "min", "max", "any", "all")

T = PyType


class ExpressionWalker:
    def expr(self, e):
        """Emit ``e``; afterwards ``self.fb.block`` is None if it always raises."""
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is None:
            from .importer import describe
            raise error_at(e, f"{describe(e)} is not supported",
                           "see the README for the Python subset pydm compiles")
        with self.at(e):
            if e is self.fused_read:  # d.get(k, c) or d[k] read by the entry its statement stores to
                return self.dict_entry_read(e)
            out = method(e)
            if out is not None and e in self.frame.spec.expr_types:  # a new list typed storage takes
                out = self.emit.as_typed_list(out, self.type_of(e))
            return out

    def exprs(self, nodes_):
        """Evaluate expressions (and keyword arguments: ``keyword_value``) left
        to right; None if one always raises."""
        out = []
        for n in nodes_:
            out.append(self.keyword_value(n) if isinstance(n, nodes.Keyword) else self.expr(n))
            if self.fb.block is None:
                return None
        return out

    def type_of(self, node) -> PyType:
        """The inferred static type of an expression (BOTTOM: it never produces a value)."""
        return self.frame.spec.type_of(node)

    def expr_Const(self, e):
        const_type(e, e.value)
        return self.emit.const(e.value)

    def expr_JoinedStr(self, e):
        """An f-string: one str made by the host of its pieces (emitter.format_values)."""
        if all(isinstance(part, nodes.Const) for part in e.values):
            return self.emit.str_literal("".join(part.value for part in e.values))
        pieces = []
        for part in e.values:
            if isinstance(part, nodes.Const):
                pieces.append(self.emit.str_literal(part.value))
                continue
            value = self.expr(part.value)
            spec = None
            if value is not None and part.format_spec is not None:
                spec = self.expr(part.format_spec)
            if self.fb.block is None:
                return None
            pieces.append((value, None if part.conversion < 0 else chr(part.conversion), spec))
        return self.emit.format_values(pieces, e)

    def expr_Name(self, e):
        return self.load(variable_key(e), e)

    def expr_NamedExpr(self, e):
        """``(y := v)``: ``v``'s value, bound to ``y`` (in the enclosing
        function's scope, from inside a comprehension too: ``variable_key``)."""
        value = self.expr(e.value)
        if self.fb.block is not None:
            self.store_target(e.target, value)
        return value

    def load(self, name, node):
        fn = self.frame.fn
        if name == RECEIVER and fn.method is not None and not fn.method.unbound:
            return self.bound_receiver()
        if name in fn.cells or name in fn.frees:
            return self.load_cell(name, node)
        if name not in fn.locals and "@" not in name:
            return self.load_global(node)
        if self.frame.spec.var_types.get(name, T.BOTTOM) is T.BOTTOM:  # never holds a value
            self.fb.raise_here("UnboundLocalError", f"cannot access local variable '{node.name}' where it is "
                                                    "not associated with a value")
            return None
        checked = node in self.frame.unbound_reads
        return self.fb.load(self.frame.slot(name), self.frame.var_type(name), checked, node.name)

    def load_global(self, node):
        """A module-level name: a function of the module as a value, its
        constant value (frozen when compiled), or CPython's NameError when the
        read runs and the name is not defined."""
        if node.name in self.program.module.functions:
            return self.module_function_value(self.program.module.functions[node.name])
        found, value = self.program.global_value(node)
        if not found and value == BUILTIN:
            raise error_at(node, f"the builtin '{node.name}' as a value is not supported",
                           "call it, or wrap it: key=lambda x: abs(x)")
        if not found:
            self.fb.raise_here("NameError", f"name '{node.name}' is not defined")
            return None
        if _worth_keeping(value):  # built once per module instance, not at every read
            return self.emit.kept_constant(node.name, self.type_of(node), lambda: self.constant_value(value))
        return self.constant_value(value)

    def constant_value(self, value):
        """A module-level constant's value (tuples built element by element)."""
        if type(value) is tuple:
            parts = [self.constant_value(v) for v in value]
            return self.emit.make_tuple(parts)
        return self.emit.const(value)

    def expr_List(self, e):
        values = self.exprs(e.elts)
        if values is None:
            return None
        if any(isinstance(x, nodes.Starred) for x in e.elts):
            raise error_at(e, "star-unpacking in a list display is not supported")
        return self.emit.make_list(values, self.type_of(e))

    # ---- comprehensions ---------------------------------------------------------------
    def comprehend(self, e, on_item) -> None:
        """Walk the clauses of comprehension ``e`` as nested loops (each ``if``
        skips to the next item) and call ``on_item(value of e.elt)`` innermost."""
        gens = e.generators

        def level(k: int):
            if k == len(gens):
                if isinstance(e, nodes.DictComp):  # the key first, then the value (as CPython 3.8+)
                    value = self.exprs([e.key, e.value])
                    if value is not None:
                        on_item(value)
                    return
                value = self.expr(e.elt)
                if self.fb.block is not None:
                    on_item(value)
                return
            g = gens[k]

            def body():
                if k == 0 and isinstance(e, nodes.GeneratorExp):
                    return self.in_generator(lambda: clauses())
                clauses()

            def clauses():
                for cond in g.ifs:
                    yes, no = self.fb.new_block(), self.fb.new_block()
                    self.branch_on(cond, yes, no)
                    self.fb.block = no
                    self.fb.goto(self.frame.loops[-1][0])  # the next item
                    self.fb.block = yes
                level(k + 1)
            if g.is_async:
                raise error_at(g, "async comprehensions are not supported")
            self.for_loop(LoopShape(e, g.target, g.iter, body, []))
        level(0)

    def in_generator(self, walk) -> None:
        """Walk a generator expression's body (past its first iterable, which
        CPython evaluates outside the generator): a StopIteration raised in it
        becomes ``RuntimeError: generator raised StopIteration`` (PEP 479)."""
        fb = self.fb
        converter = fb.new_block(d.exc_type(), d.exc_type())
        fb.handlers.append(converter)
        try:
            walk()
        finally:
            fb.handlers.pop()
        if not any(True for _ in converter.predecessors):
            return
        after = fb.block
        fb.block = converter
        code, origin = converter.arguments
        stop, other = fb.new_block(), fb.new_block()
        fb.cond_br(self.b.exception_matches(code, ["StopIteration"]), [], [], stop, other)
        fb.block = stop
        fb.raise_here("RuntimeError", "generator raised StopIteration")
        fb.block = other
        fb.goto(fb.handler, [code, origin])
        fb.block = after

    def expr_ListComp(self, e):
        xs = self.emit.make_list([], self.type_of(e))
        self.comprehend(e, lambda v: self.emit.list_append(xs, v))
        return xs if self.fb.block is not None else None

    def expr_Dict(self, e):
        """``{k: v, ...}``: every key and value evaluated in order, then the dict built."""
        out = None
        group = []  # the pairs up to the next **: evaluated together, then inserted (as CPython)
        for k, v in e.items + [(None, None)]:
            if k is not None and not isinstance(k, nodes.DictUnpack):
                group.append((k, v))
                continue
            if group or out is None:
                values = self.exprs([x for kv in group for x in kv])
                if values is None:
                    return None
                out = self.emit.make_dict(list(zip(values[0::2], values[1::2])), out)
                group = []
            if k is None or out is None:
                break
            other = self.expr(v)  # {**m}: m must be a mapping (a dict)
            if self.fb.block is None:
                return None
            self.emit.call_library("dict_merge", [out, other])
        return out if self.fb.block is not None else None

    def expr_Set(self, e):
        """``{a, b, *c, d}``: as CPython, the elements before the first starred
        one are evaluated and the set built; each later one is added (a starred
        one's elements: an update) right after it is evaluated."""
        first = next((i for i, x in enumerate(e.elts) if isinstance(x, nodes.Starred)), len(e.elts))
        values = self.exprs(e.elts[:first])
        if values is None:
            return None
        out = self.emit.make_set(values)
        for x in e.elts[first:]:
            if out is None or self.fb.block is None:
                return None
            starred = isinstance(x, nodes.Starred)
            v = self.expr(x.value if starred else x)
            if self.fb.block is None:
                return None
            self.emit.call_library("set_update" if starred else "set_add", [out, v])
        return out if self.fb.block is not None else None

    def expr_SetComp(self, e):
        out = self.emit.make_set([])
        self.comprehend(e, lambda v: self.emit.call_library("set_add", [out, v]))
        return out if self.fb.block is not None else None

    def expr_DictComp(self, e):
        out = self.emit.make_dict([])
        self.comprehend(e, lambda kv: self.emit.call_library("dict_setitem", [out, kv[0], kv[1]]))
        return out if self.fb.block is not None else None

    def expr_GeneratorExp(self, e):
        raise error_at(e, "a generator expression is supported only as the argument of "
                          + TAKERS,
                       "use a list comprehension [...] instead")

    def materialize(self, node):
        """The items of a generator expression or an iterator call (``zip(a, b)``,
        ``range(n)``) as a new list, for a builtin that consumes them all."""
        xs = self.emit.make_list([])
        self.each_lazy_item(node, lambda v: self.emit.list_append(xs, v))
        return xs if self.fb.block is not None else None

    def each_lazy_item(self, node, on_item) -> None:
        """``on_item(v)`` for each item of a generator expression or an iterator
        call, as the walk makes it."""
        if isinstance(node, nodes.GeneratorExp):
            self.comprehend(node, on_item)
        else:
            self.for_loop(LoopShape(node, on_item, node, lambda: None, []))

    def expr_Tuple(self, e):
        values = self.exprs(e.elts)
        if values is None:
            return None
        if any(isinstance(x, nodes.Starred) for x in e.elts):
            raise error_at(e, "star-unpacking in a tuple display is not supported")
        return self.emit.make_tuple(values)

    def expr_Subscript(self, e):
        seq = self.expr(e.value)
        if self.fb.block is None:
            return None
        s = e.slice
        if isinstance(s, nodes.Slice):
            parts = []
            for p in (s.lower, s.upper, s.step):
                parts.append(self.expr(p) if p is not None else None)
                if self.fb.block is None:
                    return None
            made = self.type_of(e)
            if self.emit.typed(seq) and made is self.emit.type(seq):  # a new typed list, slots copied
                return self.emit.typed_slice(seq, parts, made)
            return self.emit.slice(seq, *parts, bounds=slice_bounds(s))
        index = self.expr(s)
        if self.fb.block is None:
            return None
        return self.emit.subscript(seq, index, const_value(s))

    def expr_BinOp(self, e):
        values = self.exprs([e.left, e.right])
        if values is None:
            return None
        if e.op not in sem.BINARY:
            raise error_at(e, f"operator {e.op!r} is not supported")
        made = self.type_of(e)
        if made.is_list and made.elt in rep.TYPED_LIST_ELEMENTS:  # [v, ...] * n made typed
            return self.emit.typed_repeat(*values, made)
        return self.emit.binary(e.op, *values, const_value(e.right), lhs_const=const_value(e.left), node=e)

    def expr_UnaryOp(self, e):
        if e.op == "-" and isinstance(e.operand, nodes.Const) and type(e.operand.value) is int \
                and e.operand.value == 2**63:
            return self.emit.const(-2**63)  # the literal INT64_MIN
        x = self.expr(e.operand)
        if self.fb.block is None:
            return None
        if e.op == "not":
            return self.b.not_(self.emit.truth(x))
        return self.emit.unary(sem.UNARY[e.op], x)

    def expr_Compare(self, e):
        if self._is_exact_type_test(e):
            return self._exact_type_test(e)
        if len(e.ops) == 1:
            values = self.exprs([e.left, e.ops[0][1]])
            if values is None:
                return None
            return self.emit.compare(e.ops[0][0], *values, e)
        # a < b < c: b evaluated once; stop at the first false comparison
        merge = self.fb.new_block(d.ir_type(T.BOOL))
        lhs = self.expr(e.left)
        for i, (op, right_node) in enumerate(e.ops):
            if self.fb.block is None:
                break
            rhs = self.expr(right_node)
            if self.fb.block is None:
                break
            result = self.emit.compare(op, lhs, rhs, e)
            if self.fb.block is None:
                break
            if i == len(e.ops) - 1:
                self.fb.br([result], merge)
            else:
                nxt = self.fb.new_block()
                self.fb.cond_br(self.b.bool_to_pred(result), [], [result], nxt, merge)
                self.fb.block = nxt
            lhs = rhs
        return self.fb.enter_merge(merge)

    def _is_exact_type_test(self, e) -> bool:
        """``type(x) is C`` (also ``is not``, ``==``, ``!=``) with the builtin type."""
        if len(e.ops) != 1:
            return False
        op, _ = e.ops[0]
        left = e.left
        return (op in ("is", "is not", "==", "!=") and isinstance(left, nodes.Call)
                and isinstance(left.func, nodes.Name) and left.func.name == "type"
                and "type" not in self.frame.fn.locals and len(left.args) == 1 and not left.keywords)

    def _exact_type_test(self, e):
        """``type(x) is int``: the exact run-time type (None if ``x`` always raises)."""
        op, right = e.ops[0]
        left = e.left
        if not (isinstance(right, nodes.Name) and right.name in sem.EXACT_TYPE_CODES):
            raise error_at(right, "type(x) can be compared only with int, float, bool, tuple or list",
                           "write type(x) is int, type(x) is float, ...")
        x = self.expr(left.args[0])
        if self.fb.block is None:
            return None
        hit = self.emit.type_test(x, sem.EXACT_TYPE_CODES[right.name])
        return self.b.not_(hit) if op in ("is not", "!=") else hit

    def _isinstance(self, e):
        if len(e.args) != 2 or e.keywords:
            raise error_at(e, "isinstance() takes 2 arguments")
        names, exception_classes = [], []

        def classes(c):
            if isinstance(c, nodes.Tuple):  # nested tuples of classes, as CPython allows
                for x in c.elts:
                    classes(x)
            elif isinstance(c, nodes.Name) and c.name in sem.ISINSTANCE_CODES and c.name not in self.frame.fn.locals:
                names.extend(sem.ISINSTANCE_CODES[c.name])
            elif exception_class_of(c, self.frame.fn) is not None:
                exception_classes.append(c.name)
            else:
                raise error_at(c, "isinstance() supports the classes int, float, bool, tuple, list, range, "
                                  "object and exception classes",
                               "test with isinstance(x, int), isinstance(x, (int, float)), ...")
        classes(e.args[1])
        x = self.expr(e.args[0])
        if self.fb.block is None:
            return None
        hit = self.emit.type_test(x, tuple(names))
        if exception_classes:
            other = self.emit.is_exception_instance(x, exception_classes)
            hit = self.b.select(self.b.bool_to_pred(hit), hit, other)
        return hit

    # ---- exception values ------------------------------------------------------------
    def exception_instance(self, e, cls: str):
        """``ValueError(x, ...)`` as a value (not raised here)."""
        if e.keywords or any(isinstance(a, nodes.Starred) for a in e.args):
            raise error_at(e, "keyword or star-arguments to an exception class are not supported")
        if len(e.args) == 1 and isinstance(e.args[0], nodes.Const) and isinstance(e.args[0].value, str):
            return self.emit.new_exception(cls, None, e)
        values = self.exprs(e.args)
        return None if values is None else self.emit.new_exception(cls, values, e)

    def expr_Attribute(self, e):
        known, value = math_module.constant(e, self.frame.fn, self.program)
        if known:  # math.pi
            return self.emit.const(value)
        if method_value(e, self.frame.fn) is not None:
            return self.make_method(e)
        x = self.expr(e.expr)
        if self.fb.block is None:
            return None
        return self.emit.attribute(x, e.attrname, e)

    def expr_BoolOp(self, e):
        """``a and b`` / ``a or b``: the deciding operand's value, not a bool."""
        result = self.type_of(e)
        merge = self.fb.new_block(d.ir_type(result if result is not T.BOTTOM else T.NONE))
        for i, v in enumerate(e.values):
            value = self.expr(v)
            if self.fb.block is None:
                break
            out = self.emit.coerce(value, result)
            if i == len(e.values) - 1:
                self.fb.br([out], merge)
                break
            truth = self.b.bool_to_pred(self.emit.truth(value))
            nxt = self.fb.new_block()
            if e.op == "and":
                self.fb.cond_br(truth, [], [out], nxt, merge)
            else:
                self.fb.cond_br(truth, [out], [], merge, nxt)
            self.fb.block = nxt
        return self.fb.enter_merge(merge)

    def expr_IfExp(self, e):
        result = self.type_of(e)
        then_block, else_block = self.fb.new_block(), self.fb.new_block()
        merge = self.fb.new_block(d.ir_type(result if result is not T.BOTTOM else T.NONE))
        self.branch_on(e.test, then_block, else_block)
        for block, node in ((then_block, e.body), (else_block, e.orelse)):
            self.fb.block = block
            value = self.expr(node)
            if self.fb.block is not None:
                self.fb.br([self.emit.coerce(value, result)], merge)
        return self.fb.enter_merge(merge)

    def branch_on(self, test, true_block, false_block) -> None:
        """Branch on the truth of ``test`` without materializing and/or values."""
        if isinstance(test, nodes.UnaryOp) and test.op == "not":
            return self.branch_on(test.operand, false_block, true_block)
        if isinstance(test, nodes.BoolOp):
            for v in test.values[:-1]:
                nxt = self.fb.new_block()
                if test.op == "and":
                    self.branch_on(v, nxt, false_block)
                else:
                    self.branch_on(v, true_block, nxt)
                self.fb.block = nxt
            return self.branch_on(test.values[-1], true_block, false_block)
        if isinstance(test, nodes.Compare) and len(test.ops) > 1:
            return self._branch_on_chain(test, true_block, false_block)
        with self.at(test):
            value = self.expr(test)
            if self.fb.block is None:
                return
            self.fb.cond_br(self.b.bool_to_pred(self.emit.truth(value)), [], [], true_block, false_block)
        self.fb.block = None

    def _branch_on_chain(self, e, true_block, false_block) -> None:
        """``a < b < c`` as a branch: each link's compare branches by itself
        (``b`` evaluated once), so each edge knows which links held."""
        with self.at(e):
            lhs = self.expr(e.left)
            for i, (op, right_node) in enumerate(e.ops):
                if self.fb.block is None:
                    return
                rhs = self.expr(right_node)
                if self.fb.block is None:
                    return
                result = self.emit.compare(op, lhs, rhs, e)
                if self.fb.block is None:
                    return
                nxt = true_block if i == len(e.ops) - 1 else self.fb.new_block()
                self.fb.cond_br(self.b.bool_to_pred(self.emit.truth(result)), [], [], nxt, false_block)
                self.fb.block = nxt if nxt is not true_block else None
                lhs = rhs


def _worth_keeping(value) -> bool:
    """A module-level tuple read where building it costs more than reading a
    global (a lookup table): one of four or more elements, or holding strs or
    tuples. A small tuple of scalars is left to be built, where tuple-sroa
    turns its constant-index reads into the constants themselves."""
    return type(value) is tuple and (len(value) >= 4 or any(type(v) in (str, tuple) for v in value))
