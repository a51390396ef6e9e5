"""Scopes before code: every name of a compiled function is local, a cell,
free, global or an error.

CPython's own ``symtable`` decides the scopes. A local that a nested ``def``
or ``lambda`` reads is a *cell* (a one-element record shared by the
function and its closures); every other local stays a plain variable slot
(SSA after ``promote-vars``). A nested function reads its *free* variables
through its closure (the record of their cells). Comprehensions are
compiled inline, so a local a comprehension reads is not a cell. A walrus
target (``(y := v)``) is a local of the function, from inside a
comprehension too (PEP 572; ``symtable`` lists it among the function's
locals and as a free variable of the comprehension's own table, which
inline comprehensions do not need). Not
supported: ``global`` declarations, classes, async functions, and a def or
lambda inside a comprehension.
"""
from __future__ import annotations

import symtable

from astroid import nodes

from ..errors import error_at

#: scope nodes a function's body can hold
_SCOPES = (nodes.FunctionDef, nodes.AsyncFunctionDef, nodes.ClassDef, nodes.Lambda)


def module_table(source: str, filename: str) -> dict[str, list[symtable.SymbolTable]]:
    """The module's child scopes by name, in order (``get_children()`` makes
    every child table anew: asked once per module, not once per function)."""
    children: dict[str, list[symtable.SymbolTable]] = {}
    for child in symtable.symtable(source, filename, "exec").get_children():
        children.setdefault(child.get_name(), []).append(child)
    return children


def analyze(fn, table: dict[str, list[symtable.SymbolTable]]) -> None:
    """Fill a module-level function's scope facts (a FunctionInfo) or raise
    CompileError; ``table``: the module's scopes (:func:`module_table`)."""
    node: nodes.FunctionDef = fn.node
    named = table.get(fn.name, [])
    ftable = None
    for child in named:
        if child.get_type() == "function" and child.get_lineno() in (node.lineno, node.fromlineno):
            ftable = child
    if ftable is None and named:
        ftable = named[-1]
    _fill(fn, ftable)


def analyze_nested(fn, outer) -> None:
    """Scope facts of a def or lambda directly inside ``outer``'s body."""
    node = fn.node
    name = node.name if isinstance(node, nodes.FunctionDef) else "lambda"
    same = [c for c in outer.table.get_children()
            if c.get_name() == name and c.get_lineno() in (node.lineno, node.fromlineno)]
    siblings = [n for n in _direct_scopes(outer.node)
                if (n.name if isinstance(n, nodes.FunctionDef) else "lambda") == name and n.lineno == node.lineno]
    k = siblings.index(node) if node in siblings else 0
    _fill(fn, same[k] if k < len(same) else (same[0] if same else None))


def analyze_method(fn) -> None:
    """Scope facts of a method value's synthetic lambda (``methods.py``): it
    has no symtable scope; its locals are its parameters."""
    _fill(fn, None)


def _direct_scopes(node):
    """The def/lambda/class nodes whose nearest enclosing scope is ``node``."""
    out = []

    def walk(n):
        for child in n.get_children():
            if isinstance(child, _SCOPES):
                out.append(child)
                continue
            walk(child)
    walk(node)
    return sorted(out, key=lambda n: (n.lineno, n.col_offset))


def _fill(fn, ftable) -> None:
    node = fn.node
    args = node.args
    fn.posonly = tuple(a.name for a in args.posonlyargs or [])
    fn.positional = tuple(a.name for a in args.args)
    fn.vararg = args.vararg or None
    fn.kwonly = tuple(a.name for a in args.kwonlyargs or [])
    fn.kwarg = args.kwarg or None
    fn.params = (["$closure"] if fn.outer is not None else []) + list(fn.posonly) + list(fn.positional) + \
        ([fn.vararg] if fn.vararg else []) + list(fn.kwonly) + ([fn.kwarg] if fn.kwarg else [])
    fn.table = ftable
    inner_scopes = _direct_scopes(node)
    fn.has_nested_scopes = bool(inner_scopes)
    for inner in inner_scopes:
        if isinstance(inner, (nodes.AsyncFunctionDef, nodes.ClassDef)):
            what = "a nested async function" if isinstance(inner, nodes.AsyncFunctionDef) else "a class definition"
            raise error_at(inner, f"{what} is not supported",
                           "pydm compiles plain functions, nested functions and lambdas")
        if isinstance(inner, nodes.FunctionDef) and inner.decorators:
            raise error_at(inner, "a decorated nested function is not supported")
        child, owner = inner, inner.parent
        while owner is not node:
            # the first iterable of a comprehension is evaluated in the enclosing scope
            if isinstance(owner, COMPREHENSIONS) and child is not owner.generators[0]:
                raise error_at(inner, f"{'lambda' if isinstance(inner, nodes.Lambda) else 'a def'} inside a "
                                      "comprehension is not supported", "define it before the comprehension")
            if isinstance(owner, nodes.Comprehension) and child is not owner.iter:
                child, owner = owner, owner.parent
                if owner is not node and isinstance(owner, COMPREHENSIONS) and child is owner.generators[0]:
                    raise error_at(inner, f"{'lambda' if isinstance(inner, nodes.Lambda) else 'a def'} inside a "
                                          "comprehension is not supported", "define it before the comprehension")
                continue
            child, owner = owner, owner.parent
    if ftable is None:  # a method value's synthetic lambda (symtable always has the others)
        fn.locals = frozenset(fn.params)
        return
    for sym in ftable.get_symbols():
        if sym.is_declared_global():
            stmt = _find_decl(node, sym.get_name())
            raise error_at(stmt or node, "'global' declarations are not supported",
                           "pass the value as an argument and return the new value")
    fn.locals = frozenset(ftable.get_locals())
    fn.frees = tuple(sorted(ftable.get_frees()))
    if fn.frees and fn.outer is None:  # pragma: no cover - a module-level function has no enclosing scope
        raise error_at(node, f"free variable '{fn.frees[0]}' is not supported")
    captured = set()
    for child in ftable.get_children():
        if child.get_name() not in ("listcomp", "genexpr", "setcomp", "dictcomp"):
            captured.update(child.get_frees())
    fn.cells = frozenset(captured & fn.locals)


def _find_decl(node, name):
    for sub in node.nodes_of_class((nodes.Global, nodes.Nonlocal)):
        if name in sub.names:
            return sub
    return None


#: comprehensions: each is a scope of its own (Python 3), whose variables do not leak
COMPREHENSIONS = (nodes.ListComp, nodes.GeneratorExp, nodes.SetComp, nodes.DictComp)


def variable_key(node) -> str:
    """The variable a ``Name``/``AssignName`` denotes: its name, or for a
    comprehension's own variable a name made unique to that comprehension
    (``x@3.8``), so ``[x for x in xs]`` leaves the function's ``x`` alone. A
    walrus target inside a comprehension is the function's variable (astroid's
    lookup finds the function as its owner)."""
    name = node.name
    scope = node.scope()
    if not isinstance(scope, COMPREHENSIONS):
        return name
    cached = getattr(node, "_pydm_key", None)
    if cached is not None:
        return cached
    owner, _ = node.lookup(name)
    key = f"{name}@{owner.lineno}.{owner.col_offset}" if isinstance(owner, COMPREHENSIONS) else name
    node._pydm_key = key
    return key
