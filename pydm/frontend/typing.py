"""Static types of every local, every expression and every return, per specialization.

A *specialization* is a jit function together with the static types of its
arguments. Inference is a fixed point over the whole program: locals start at
BOTTOM and grow by :func:`pydm.types.join` with each assigned value's type;
a callee's return type is read from its own specialization, so recursion
converges (``fib`` returns ``n`` — an int — or ``fib(..) + fib(..)``). Types
only grow and nesting is bounded (``types.MAX_DEPTH``), so the fixed point
is reached. Every expression's final type is recorded
(``Specialization.expr_types``): the importer reads it instead of deciding
types itself. Types come from the same rules the op builders use
(``semantics``).
"""
from __future__ import annotations

from astroid import nodes

from ..errors import CompileError, error_at, note_call_site
from ..types import FunctionType, PyType, join, list_of, tuple_of
from . import inlining, math_module
from . import semantics as sem
from .call_typing import CallTyping, _t, closure_part  # noqa: F401 (re-exported: closures.py, generators.py)
from .handlers import exception_class_of
from .scopes import variable_key
from .source import FunctionInfo, ModuleInfo
from .arguments import ArgumentError, bind_arguments
from .generators import is_generator_function
from .callees import always_returns
from .list_typing import ListTyping, settle_empty_groups
from .methods import RECEIVER, method_value, method_value_type
from .literals import _NO_VALUE, _carried_constant, const_type, const_value, constant_type, literal_value, \
    slice_bounds
from .specializations import MAX_SPECIALIZATIONS, Specialization, mangle, twin_signatures, widen_argument

T = PyType

def function_type(func: FunctionInfo, outer: "Specialization | None", program=None) -> FunctionType:
    """The type of the function value a def or lambda makes in ``outer``, or
    of a module-level function used as a value (``outer`` None: no closure)
    (registered with ``program``: a call of a dynamic value may reach it)."""
    key = f"{func.key}/{outer.symbol if outer is not None else 'module'}"
    t = FunctionType(key.replace("<", "(").replace(">", ")"), func, outer)  # <lambda>: no brackets in a type
    if program is not None and t not in program.function_types:
        program.function_types.append(t)
        program._changed = True
    return t


def variable_owner(spec: "Specialization", name: str) -> "Specialization":
    """The specialization whose function owns the cell of the free variable
    ``name`` of ``spec`` (up the chain of closures that made it)."""
    outer = spec.arg_types[0].outer
    while name not in outer.func.locals:
        outer = outer.arg_types[0].outer
    return outer


#: ``global_value``'s verdict for a builtin name (``len``, ``int``)
BUILTIN = "builtin"


class ProgramTypes:
    """All specializations reachable from the entry points, with their types."""

    def __init__(self, module: ModuleInfo, global_values: dict | None = None):
        self.module = module
        self.specs: dict[tuple[str, tuple], Specialization] = {}
        self._spec_counts: dict[str, int] = {}  # specializations per function key
        self._changed = False
        #: the module's globals (JIT: the function's ``__globals__``; None ahead
        #: of time: top-level literal assignments in the source)
        self.global_values = global_values
        self._globals: dict = {}
        self._hosts: dict = {}  # global name -> another module's HostDecl, None, or its CompileError
        #: every function value the program makes (a call of an ``object`` may reach each)
        self.function_types: list[FunctionType] = []

    def dynamic_call_targets(self, call: nodes.Call, lengths: dict | None = None):
        """The function types a call of a dynamic value can reach, each with
        its bound arguments, or None and the TypeError message when its
        parameters do not fit the call (``lengths``: of its ``*xs``)."""
        out = []
        for t in list(self.function_types):
            try:
                out.append((t, bind_arguments(call, t.func, lengths), None))
            except ArgumentError as exc:
                out.append((t, None, exc.message))
        return out

    def global_value(self, node):
        """What a read of the global ``node.name`` finds, at compile time:
        ``(True, value)`` for a constant pydm can carry (int, float, bool,
        None, tuples of them), ``(False, None)`` if the name is not defined
        (a NameError when the read runs), ``(False, BUILTIN)`` for a builtin
        (not a value pydm has). The value is frozen at compile time."""
        name = node.name
        # ahead of time the runtime library's files are one program: each reads its own file's names
        key = name if self.global_values is not None or node.root() is self.module.tree else (node.root().file, name)
        if key not in self._globals:
            self._globals[key] = self._find_global(node)
        return self._globals[key]

    def globals_read(self) -> dict:
        """The globals this program's compilation read: name -> ``(True,
        value)``, or ``(False, None)`` for a name the globals did not hold."""
        return {name: (True, value) if found else (False, None) for name, (found, value) in self._globals.items()}

    def imported_hosts(self) -> dict:
        """The other modules' host functions this program calls, by the global name it uses."""
        return {name: decl for name, decl in self._hosts.items() if decl is not None
                and not isinstance(decl, CompileError)}

    def imported_host(self, node):
        """The HostDecl of the global ``node.name`` if it is bound to another
        module's ``@pydm.host`` function (JIT: the global's value; ahead of
        time: a module-level ``from M import f [as g]`` of one), else None."""
        if self.global_values is not None and node.name not in self.global_values:
            return None
        if node.name not in self._hosts:
            from ..hostfn import declaration, imported_declaration
            try:
                if self.global_values is None:  # ahead of time: read from the module's imports
                    self._hosts[node.name] = imported_declaration(self.module, node.name)
                else:
                    self._hosts[node.name] = declaration(node.name, self.global_values[node.name])
            except CompileError as exc:
                self._hosts[node.name] = exc
        found = self._hosts[node.name]
        if isinstance(found, CompileError):
            raise note_call_site(found, node)
        return found

    def is_undefined(self, node) -> bool:
        """No global or builtin of ``node.name`` exists (reading it raises NameError)."""
        import builtins
        if hasattr(builtins, node.name):
            return False
        try:
            return self.global_value(node) == (False, None)
        except CompileError:
            return False

    def _find_global(self, node):
        import builtins
        name = node.name
        if self.global_values is not None:
            if name not in self.global_values:
                return (False, BUILTIN) if hasattr(builtins, name) else (False, None)
            value = self.global_values[name]
        else:
            tree = node.root()  # the file of the function that reads it
            found = [s for s in tree.body if isinstance(s, (nodes.Assign, nodes.AnnAssign))
                     and any(isinstance(t, nodes.AssignName) and t.name == name
                             for t in (s.targets if isinstance(s, nodes.Assign) else [s.target]))]
            if not found and name not in tree.locals and hasattr(builtins, name):
                return False, BUILTIN
            if not found and name in tree.locals:  # from math import pi
                known, value = math_module.constant(node, None, self)
                if known:
                    return True, value
            if not found:
                if name in tree.locals:
                    raise error_at(node, f"the global '{name}' is not a constant pydm can read ahead of time",
                                   "module-level names assigned once to an int, float, bool, None or a "
                                   "tuple of them are")
                if self.module.runtime_lib:  # a NameError the library would raise: its bug
                    raise error_at(node, f"the runtime library reads '{name}', which its file does not define",
                                   "define it in the same file as a module-level constant")
                return False, None
            value = literal_value(found[0].value, _NO_VALUE) if len(found) == 1 and found[0].value else _NO_VALUE
            if value is _NO_VALUE:
                raise error_at(node, f"the global '{name}' is not a constant pydm can read ahead of time",
                               "module-level names assigned once to an int, float, bool, None or a tuple "
                               "of them are")
        if not _carried_constant(value):
            raise error_at(node, f"the global '{name}' holds a {type(value).__name__}, which compiled code "
                                 "cannot read", "globals of type int, float, bool, None, str and tuples of them "
                                                "are read (frozen at compile time)")
        return True, value

    def call_specialization(self, fn: FunctionInfo, arg_types, caller=None, site=None) -> Specialization:
        """The callee specialization a call with these argument types reaches:
        one per argument-type signature, exactly as CPython would see the values
        (a twin calling itself stays a twin). Tuple types are widened to a
        bounded length and depth, and a function with many specializations
        gets generic ones: a recursion that builds ever longer or deeper tuples
        still has finitely many."""
        if self.module.runtime_lib:  # one specialization per library function: its annotations
            from ..runtime_library import parameter_types
            arg_types = list(parameter_types(fn))
        arg_types = [widen_argument(t) for t in arg_types]
        if self._spec_counts.get(fn.key, 0) >= MAX_SPECIALIZATIONS and \
                (fn.key, tuple(arg_types)) not in self.specs:
            # (a function value keeps its type: its closure is no object, and its calls are direct)
            arg_types = [t if t.is_scalar or isinstance(t, FunctionType) else T.OBJECT for t in arg_types]
        key = (fn.key, tuple(arg_types))
        spec = self.specs.get(key)
        if spec is not None and spec is caller:
            return spec
        try:
            spec = self.specialization(fn, arg_types, call_site=site)
        except CompileError as exc:
            raise note_call_site(exc, site)
        if caller is not None and caller is not spec:
            spec.callers.add(caller.symbol)
        return spec

    def specialization(self, fn: FunctionInfo, arg_types, twin: bool = False, call_site=None) -> Specialization:
        key = (fn.key, tuple(arg_types))
        spec = self.specs.get(key)
        if spec is not None and not twin:
            spec.twin_only = False
        if spec is None:
            fn.check()
            spec = Specialization(fn, tuple(arg_types), mangle(fn.key, arg_types), twin_only=twin,
                                  call_site=call_site)
            self.specs[key] = spec
            self._spec_counts[fn.key] = self._spec_counts.get(fn.key, 0) + 1
            self._changed = True
            dynamic = sum(1 for a in spec.arg_types if a.is_dynamic)
            if dynamic and not self.module.runtime_lib:
                signatures = twin_signatures(dynamic)
                for types in signatures[:inlining.twin_count(fn.node, len(signatures))]:
                    it = iter(types)
                    twin = tuple(next(it) if a.is_dynamic else a for a in spec.arg_types)
                    spec.fast_paths.append((types, self.specialization(fn, twin, twin=True)))
        return spec

    def solve(self) -> None:
        """Iterate to the fixed point; a group of lists that nothing is ever
        stored into (its element type still unknown) is then made
        ``list<object>``, and the fixed point sought again."""
        while True:
            self._solve()
            if not settle_empty_groups(self.specs.values()):
                return

    def _solve(self) -> None:
        """Iterate to the fixed point (types only grow, so it terminates);
        callees are visited before callers, so call chains settle quickly."""
        while True:
            self._changed = False
            typed: set[int] = set()
            while True:  # one round: every specialization, those found on the way too
                pending = [spec for spec in self.specs.values() if id(spec) not in typed]
                if not pending:
                    break
                # found during this round: typed in it, not one per round (a call
                # chain of n functions settles in a few rounds, not n)
                for spec in reversed(pending):
                    typed.add(id(spec))
                    try:
                        _FunctionTyper(self, spec).run()
                    except CompileError as exc:
                        raise note_call_site(exc, spec.call_site)
            if not self._changed:
                break
        # (a ret of BOTTOM: never returns normally; a local of type BOTTOM is
        # never assigned a value: reading it always raises UnboundLocalError)

    def grow_ret(self, spec: Specialization, t: PyType) -> None:
        new = join(spec.ret, t)
        if new is not spec.ret:
            spec.ret = new
            self._changed = True


def starred_index(target) -> int | None:
    """The position of the starred element of a tuple target (or None)."""
    for i, e in enumerate(target.elts):
        if isinstance(e, nodes.Starred):
            return i
    return None


class _FunctionTyper(CallTyping, ListTyping):
    """Local inference over a specialization's body, to its fixed point."""

    def __init__(self, program: ProgramTypes, spec: Specialization):
        self.program = program
        self.spec = spec
        self.fn = spec.func
        self.vars = spec.var_types
        self.init_list_groups()

    def run(self) -> None:
        start = dict(self.vars)
        start_elts = dict(self.spec.list_elts)
        for name, t in zip(self.fn.params, self.spec.arg_types):
            if self.group(name) is not None:  # a list in a group: the group's type
                self.assign(name, t)
                continue
            # joined, not set: a nested function may assign a parameter (nonlocal) another type
            self.vars[name] = join(self.vars.get(name, T.BOTTOM), t)
        body = self.fn.node.body
        while True:  # types only grow, and their depth is bounded
            before = (dict(self.vars), dict(self.spec.list_elts))
            if isinstance(self.fn.node, nodes.Lambda):
                self.program.grow_ret(self.spec, self.expr(body))
            else:
                self.block(body)
            if before == (self.vars, self.spec.list_elts):
                break
        if self.vars != start and self.fn.cells:
            self.program._changed = True  # its closures read these types
        if self.param_elts and self.spec.list_elts != start_elts:
            self.program._changed = True  # its callers read what it stores into their lists
        if not isinstance(self.fn.node, nodes.Lambda) and not always_returns(body) \
                and not is_generator_function(self.fn):
            self.program.grow_ret(self.spec, T.NONE)

    # -- statements
    def block(self, body):
        for stmt in body:
            self.stmt(stmt)

    def assign(self, name: str, t: PyType):
        if name in self.fn.frees:  # nonlocal: the owner's variable
            owner = variable_owner(self.spec, name)
            new = join(owner.var_types.get(name, T.BOTTOM), t)
            if new != owner.var_types.get(name, T.BOTTOM):
                owner.var_types[name] = new
                self.program._changed = True
            return
        g = self.group(name)
        if g is not None:  # always the group's type (its element type only grows)
            self.vars[name] = self.group_type(g)
            return
        self.vars[name] = join(self.vars.get(name, T.BOTTOM), t)

    def variable(self, key: str) -> PyType:
        """The type of a local or free variable."""
        g = self.group(key)
        if g is not None and key in self.vars:
            return self.group_type(g)
        if key in self.fn.frees:
            return variable_owner(self.spec, key).var_types.get(key, T.BOTTOM)
        return self.vars.get(key, T.BOTTOM)

    def stmt(self, s):
        if isinstance(s, nodes.Assign):
            value = self.expr(s.value)
            for target in s.targets:
                self.target(target, value)
        elif isinstance(s, nodes.AnnAssign):
            if s.value is not None:
                self.target(s.target, self.expr(s.value))
        elif isinstance(s, nodes.AugAssign):
            if isinstance(s.target, nodes.AssignName):
                name = sem.BINARY.get(s.op[:-1])
                key = variable_key(s.target)
                lt = self.variable(key)  # a free variable's (nonlocal) type is its owner's
                self.assign(key, _t(sem.binary_type(name, lt, self.expr(s.value), const_value(s.value),
                                                    inplace=True), s))
            else:
                self.expr(s.target)
                value = self.expr(s.value)
                self.stored_by_augassign(s, value)
        elif isinstance(s, nodes.Expr) and isinstance(s.value, nodes.Yield):
            if s.value.value is not None:  # a generator's items: what its specialization returns
                # (a list it yields may still be its own: never typed storage, as a list a loop holds)
                self.store_into(self.group_of_node(s.value.value), T.OBJECT)
                self.program.grow_ret(self.spec, self.expr(s.value.value))
            else:
                self.program.grow_ret(self.spec, T.NONE)
        elif isinstance(s, nodes.Return):
            t = self.expr(s.value) if s.value is not None else T.NONE
            if is_generator_function(self.fn):
                pass  # the end of the items: StopIteration's value is not seen by a loop
            elif not (t.is_list and t.elt is T.BOTTOM):  # (a list whose items are not known yet)
                self.program.grow_ret(self.spec, self.returned(t))
        elif isinstance(s, (nodes.If, nodes.While)):
            self.expr(s.test)
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, nodes.For):
            self.target(s.target, self.item_type(s.iter))
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, nodes.Expr):
            self.expr(s.value)
        elif isinstance(s, nodes.Delete):
            for t in s.targets:
                if isinstance(t, nodes.Subscript):
                    self.target(t, T.NONE)  # types its container and index
        elif isinstance(s, nodes.FunctionDef):  # a nested def binds a function value
            self.assign(s.name, self.function_value(s))
        elif isinstance(s, nodes.Try):
            self.block(s.body)
            for h in s.handlers:
                if h.name is not None:  # except E as e: an exception value (an object)
                    self.assign(variable_key(h.name), T.OBJECT)
                self.block(h.body)
            self.block(s.orelse)
            self.block(s.finalbody)
        elif isinstance(s, nodes.Raise):
            exc = s.exc
            if isinstance(exc, nodes.Call) and exception_class_of(exc.func, self.fn) is not None:
                for a in exc.args:  # raise E(args): the class is not a value
                    if not (isinstance(a, nodes.Const) and isinstance(a.value, str)):
                        self.expr(a)
            elif exc is not None and exception_class_of(exc, self.fn) is None:
                self.expr(exc)  # raise e: an exception value
            if s.cause is not None and exception_class_of(s.cause, self.fn) is None:
                self.expr(s.cause)
        elif isinstance(s, nodes.Assert):
            self.expr(s.test)
            if s.fail is not None and not (isinstance(s.fail, nodes.Const) and isinstance(s.fail.value, str)):
                self.expr(s.fail)

    def function_value(self, node) -> PyType:
        """A def or lambda here: its defaults that are not constants are
        evaluated (typed) here; its value's type."""
        info = self.fn.nested(node)
        for default in info.stored_defaults:
            self.expr(default)
        return function_type(info, self.spec, self.program)

    def comprehension(self, e) -> None:
        """``[elt for t in it if c ...]``: its variables are its own (``variable_key``)."""
        for g in e.generators:
            self.target(g.target, self.item_type(g.iter))
            for cond in g.ifs:
                self.expr(cond)
        if isinstance(e, nodes.DictComp):
            self.expr(e.key)
            self.expr(e.value)
        else:
            self.expr(e.elt)

    def target(self, target, value: PyType):
        """Bind an assignment target to a value of type ``value``."""
        if isinstance(target, nodes.Subscript):
            self.expr(target.value)
            if not isinstance(target.parent, nodes.Delete) and not isinstance(target.slice, nodes.Slice):
                self.store_into(self.group_of_node(target.value), value)  # (a slice's new list: made_list)
            if not isinstance(target.slice, nodes.Slice):
                self.expr(target.slice)
            else:
                for part in (target.slice.lower, target.slice.upper, target.slice.step):
                    if part is not None:
                        self.expr(part)
        if isinstance(target, nodes.AssignName):
            self.assign(variable_key(target), value)
        elif isinstance(target, (nodes.Tuple, nodes.List)):
            star = starred_index(target)
            types = _t(sem.unpack_types(value, len(target.elts), star))
            if types is T.BOTTOM:
                types = [T.BOTTOM] * len(target.elts)
            for t, v in zip(target.elts, types):
                self.target(t.value if isinstance(t, nodes.Starred) else t, v)

    # -- expressions
    def expr(self, e) -> PyType:
        if e is None:
            return T.NONE
        t = self.typed_creation(e, self._expr(e))
        self.spec.expr_types[e] = t
        return t

    def _expr(self, e) -> PyType:
        if isinstance(e, nodes.Const):
            return const_type(e, e.value)
        if isinstance(e, nodes.Name):
            if e.name == RECEIVER and self.fn.method is not None and not self.fn.method.unbound:
                return self.fn.method.receiver  # a bound method's receiver, kept in its value
            key = variable_key(e)
            if key in self.fn.locals or "@" in key or key in self.fn.frees:
                return self.variable(key)
            if key in self.program.module.functions:  # a module-level function as a value
                return function_type(self.program.module.functions[key], None, self.program)
            found, value = self.program.global_value(e)
            return constant_type(value) if found else T.BOTTOM
        if isinstance(e, nodes.Tuple):
            elts = [self.expr(x) for x in e.elts]
            if T.BOTTOM in elts:
                return T.BOTTOM
            return tuple_of(*(list_of() if t.is_list else t for t in elts))  # a tuple holds no typed list
        if isinstance(e, nodes.List):
            elts = [self.expr(x) for x in e.elts]
            if T.BOTTOM in elts:
                return T.BOTTOM
            return list_of()
        if isinstance(e, (nodes.ListComp, nodes.GeneratorExp)):
            self.comprehension(e)
            return list_of()
        if isinstance(e, nodes.Dict):
            parts = [self.expr(x) for kv in e.items for x in kv if not isinstance(x, nodes.DictUnpack)]
            return T.BOTTOM if T.BOTTOM in parts else T.DICT
        if isinstance(e, nodes.DictComp):
            self.comprehension(e)
            return T.DICT
        if isinstance(e, nodes.Set):
            elts = [self.expr(x.value if isinstance(x, nodes.Starred) else x) for x in e.elts]
            return T.BOTTOM if T.BOTTOM in elts else T.SET
        if isinstance(e, nodes.SetComp):
            self.comprehension(e)
            return T.SET
        if isinstance(e, nodes.BinOp):
            name = sem.BINARY.get(e.op)
            left, right = self.expr(e.left), self.expr(e.right)
            if name is None:
                return T.BOTTOM
            return _t(sem.binary_type(name, left, right, const_value(e.right), lhs_const=const_value(e.left)), e)
        if isinstance(e, nodes.UnaryOp):
            if e.op == "-" and isinstance(e.operand, nodes.Const) and type(e.operand.value) is int \
                    and e.operand.value == 2**63:
                return T.INT  # the literal INT64_MIN
            t = self.expr(e.operand)
            if e.op == "not":
                return T.BOOL
            return _t(sem.unary_type(sem.UNARY[e.op], t)) if e.op in sem.UNARY else T.BOTTOM
        if isinstance(e, nodes.BoolOp):
            out = T.BOTTOM
            for v in e.values:
                out = join(out, self.expr(v))
            return out
        if isinstance(e, nodes.Compare):
            self.expr(e.left)
            for _, v in e.ops:
                self.expr(v)
            return T.BOOL
        if isinstance(e, nodes.IfExp):
            self.expr(e.test)
            return join(self.expr(e.body), self.expr(e.orelse))
        if isinstance(e, nodes.Subscript):
            seq = self.expr(e.value)
            if isinstance(e.slice, nodes.Slice):
                for part in (e.slice.lower, e.slice.upper, e.slice.step):
                    if part is not None:
                        self.expr(part)
                return _t(sem.slice_type(seq, slice_bounds(e.slice)))
            index = self.expr(e.slice)
            return _t(sem.index_type(seq, index, const_value(e.slice)))
        if isinstance(e, nodes.Call):
            return self.call(e)
        if isinstance(e, nodes.JoinedStr):  # an f-string: its values and format specs, then a str
            for part in e.values:
                if isinstance(part, nodes.FormattedValue):
                    self.expr(part.value)
                    if part.format_spec is not None:
                        self.expr(part.format_spec)
            return T.STR
        if isinstance(e, nodes.Lambda):
            return self.function_value(e)
        if isinstance(e, nodes.NamedExpr):  # (y := v): y binds v's value, which is the result too
            value = self.expr(e.value)
            self.target(e.target, value)
            return value
        if isinstance(e, nodes.Attribute) and math_module.is_module(e.expr, self.fn, self.program):
            return constant_type(math_module.constant(e, self.fn, self.program)[1])
        if isinstance(e, nodes.Attribute) and method_value(e, self.fn) is not None:
            return method_value_type(self, e)
        if isinstance(e, nodes.Attribute):
            receiver = self.expr(e.expr)
            r = sem.attribute_type(e.attrname, receiver) if receiver is not T.BOTTOM else None
            return T.BOTTOM if r is None else _t(r)
        return T.BOTTOM





