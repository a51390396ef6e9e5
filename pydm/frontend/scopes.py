"""Scopes before code: every name of a jit function is local, global or an error.

CPython's own ``symtable`` decides the scopes; pydm then checks that the
function fits the subset: no closures (free or cell variables), no nested
functions or classes, no ``global``/``nonlocal`` declarations.
"""
from __future__ import annotations

import symtable

from astroid import nodes

from ..errors import error_at


def module_table(source: str, filename: str) -> symtable.SymbolTable:
    return symtable.symtable(source, filename, "exec")


def analyze(fn, table: symtable.SymbolTable) -> None:
    """Fill ``fn.params`` and ``fn.locals`` (a FunctionInfo) or raise CompileError."""
    node: nodes.FunctionDef = fn.node
    ftable = None
    for child in table.get_children():
        if child.get_name() == fn.name and child.get_type() == "function" and child.get_lineno() in (
                node.lineno, node.fromlineno):
            ftable = child
    if ftable is None:
        for child in table.get_children():
            if child.get_name() == fn.name:
                ftable = child
    fn.params = [a.name for a in node.args.args]
    for inner in node.nodes_of_class((nodes.FunctionDef, nodes.AsyncFunctionDef, nodes.ClassDef, nodes.Lambda),
                                     skip_klass=()):
        if inner is node:
            continue
        what = {"FunctionDef": "a nested function", "AsyncFunctionDef": "a nested async function",
                "ClassDef": "a class definition", "Lambda": "lambda"}[type(inner).__name__]
        raise error_at(inner, f"{what} is not supported",
                       "pydm compiles module-level functions without closures; move it to the top level")
    if ftable is None:  # pragma: no cover - symtable always has it
        fn.locals = frozenset(fn.params)
        return
    for sym in ftable.get_symbols():
        if sym.is_declared_global() or sym.is_nonlocal():
            stmt = _find_decl(node, sym.get_name())
            kw = "global" if sym.is_declared_global() else "nonlocal"
            raise error_at(stmt or node, f"'{kw}' declarations are not supported",
                           "pass the value as an argument and return the new value")
        if sym.is_free():
            raise error_at(node, f"free variable '{sym.get_name()}' is not supported",
                           "pydm compiles module-level functions without closures")
    fn.locals = frozenset(ftable.get_locals())


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
    (``x@3.8``), so ``[x for x in xs]`` leaves the function's ``x`` alone."""
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
