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
from ..types import FunctionType, PyType, join, list_of, tuple_any, tuple_of
from . import inlining, intrinsics, math_module
from . import semantics as sem
from .handlers import exception_class_of
from .scopes import variable_key
from .source import FunctionInfo, ModuleInfo
from .arguments import ArgumentError, Packed, PackedKeywords, StarItem, bind_arguments, bind_positional, \
    call_operands, star_lengths
from .callees import KEYED, LOOP_FORMS, always_returns, builtin_function, dict_view_call, loop_form, \
    resolve_call, view_escapes
from .list_typing import ListTyping, settle_empty_groups
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


def closure_part(t: FunctionType, closure) -> list:
    """The hidden first argument of a call of a function value: its closure
    (none for a module-level function)."""
    return [closure] if t.outer is not None else []


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


def _t(r, node=None) -> PyType:
    """A type rule's verdict as a type: an always-raising op produces nothing,
    and so does one pydm does not compile (the emitter reports it at its
    line, from the final types: during inference a type may still widen)."""
    return T.BOTTOM if isinstance(r, (sem.Raises, sem.NotCompiled)) else r


class _FunctionTyper(ListTyping):
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
        if not isinstance(self.fn.node, nodes.Lambda) and not always_returns(body):
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
        elif isinstance(s, nodes.Return):
            t = self.expr(s.value) if s.value is not None else T.NONE
            if not (t.is_list and t.elt is T.BOTTOM):  # (a list whose items are not known yet)
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

    def item_type(self, it) -> PyType:
        """The type of the items ``for x in it`` binds (``it``: a syntax node;
        ``range``, ``enumerate``, ``zip`` and ``reversed`` are loop forms)."""
        form = loop_form(it, self.fn)
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
        if form == "enumerate":
            item = _t(sem.iter_type(self.expr(it.args[0])))
            for a in it.args[1:]:
                self.expr(a)
            return tuple_of(T.INT, item) if item is not T.BOTTOM else T.BOTTOM
        if form == "zip":
            items = [_t(sem.iter_type(self.expr(a))) for a in it.args]
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
        if isinstance(e, nodes.Attribute) and math_module.is_module(e.expr, self.fn, self.program):
            return constant_type(math_module.constant(e, self.fn, self.program)[1])
        if isinstance(e, nodes.Attribute):
            receiver = self.expr(e.expr)
            r = sem.attribute_type(e.attrname, receiver) if receiver is not T.BOTTOM else None
            return T.BOTTOM if r is None else _t(r)
        return T.BOTTOM

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
                raise error_at(k.value, "key= must be a function (a def or lambda, a function of this module) "
                                        "or None", "wrap a builtin: key=lambda x: abs(x)")

    def bound_types(self, bound, values=(), f: FunctionType | None = None):
        """The types of a binding's arguments (``values``: the types of the
        ``None`` placeholders of ``bind_positional``, in order); a default
        stored in the function value ``f`` has the type it had where its def ran."""
        given = iter(values)

        def one(node):
            if node is None:
                return next(given)
            if isinstance(node, StarItem):
                return self.expr(node.star.value).element(node.index)
            if f is not None and f.func.stored_default_slot(node) is not None:
                return f.outer.expr_types.get(node, T.BOTTOM) if f.outer is not None else T.BOTTOM
            return self.expr(node)

        def packed(a):
            for n in a.nodes:
                one(n)  # typed, though a dict's values are objects
            return T.DICT
        return [packed(a) if isinstance(a, PackedKeywords) else tuple_of(*map(one, a.nodes))
                if isinstance(a, Packed) else one(a) for _, a in bound]

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
            bound = self.bound_or_none(e, f.func)
            if bound is None:
                return T.BOTTOM
            args = self.bound_types(bound, (), f)
            if T.BOTTOM in args:
                return T.BOTTOM
            return self.program.call_specialization(f.func, closure_part(f, f) + args, self.spec, e).ret
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
            arg_types = [self.expr(a) for a in e.args]
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
            bound = self.bound_or_none(e, what)
            if bound is None:
                return T.BOTTOM
            passed = self.passed_lists(e, bound, what)
            args = self.bound_types(bound)
            if T.BOTTOM in args or any(a.is_list and a.elt is T.BOTTOM for a in args):
                return T.BOTTOM  # (a list whose items are not known yet)
            spec = self.program.call_specialization(what, args, self.spec, e)
            self.returned_from_callee(passed, spec)
            return spec.ret
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
