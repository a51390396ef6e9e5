"""Finding a module's source and its ``@pydm.jit`` functions, without importing it."""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field

import astroid
from astroid import nodes

from ..errors import CompileError, error_at
from . import scopes


@dataclass
class FunctionInfo:
    """One module-level jit function: its syntax tree and its scope facts."""

    name: str
    node: nodes.FunctionDef
    module: "ModuleInfo"
    params: list[str] = field(default_factory=list)
    locals: frozenset = frozenset()
    error: Exception | None = None  # why this function cannot be compiled (raised when it is used)

    def check(self) -> None:
        if self.error is not None:
            raise self.error

    @property
    def filename(self) -> str:
        return self.module.filename


@dataclass
class ModuleInfo:
    filename: str
    tree: nodes.Module
    functions: dict[str, FunctionInfo]
    runtime_lib: bool = False  # every function is compiled and intrinsics are available

    def function(self, name: str) -> FunctionInfo:
        return self.functions[name]


def is_jit_decorator(dec: nodes.NodeNG) -> bool:
    """``@pydm.jit``, ``@jit`` or ``@pydm.jit(...)``."""
    if isinstance(dec, nodes.Call):
        dec = dec.func
    if isinstance(dec, nodes.Attribute):
        return dec.attrname == "jit"
    if isinstance(dec, nodes.Name):
        return dec.name == "jit"
    return False


_cache: dict[str, tuple[float, str, ModuleInfo]] = {}
_lock = threading.Lock()


def load_module(filename: str, source: str | None = None, runtime_lib: bool = False) -> ModuleInfo:
    """Parse ``filename`` (or the given source) and collect its jit functions.

    Parsed modules are cached by path and modification time.
    """
    filename = os.path.abspath(filename) if source is None else filename
    with _lock:
        if source is None:
            mtime = os.path.getmtime(filename)
            hit = _cache.get(filename)
            if hit and hit[0] == mtime:
                return hit[2]
            with open(filename, encoding="utf-8") as f:
                source = f.read()
        else:
            mtime = -1.0
        tree = astroid.parse(source, module_name=_module_name(filename), path=filename)
        tree._pydm_source = source
        info = ModuleInfo(filename, tree, {}, runtime_lib)
        table = scopes.module_table(source, filename)
        for stmt in tree.body:
            if isinstance(stmt, nodes.AsyncFunctionDef) and stmt.decorators and any(
                    is_jit_decorator(d) for d in stmt.decorators.nodes):
                fn = FunctionInfo(stmt.name, stmt, info)
                fn.error = error_at(stmt, "async functions are not supported",
                                    "pydm compiles plain (synchronous) functions")
                info.functions[stmt.name] = fn
                continue
            if isinstance(stmt, nodes.FunctionDef) and (runtime_lib or stmt.decorators and any(
                    is_jit_decorator(d) for d in stmt.decorators.nodes)):
                info.functions[stmt.name] = FunctionInfo(stmt.name, stmt, info)
        for fn in info.functions.values():
            if fn.error is not None:
                continue
            try:
                scopes.analyze(fn, table)
            except CompileError as exc:  # only this function is broken, not its neighbours
                fn.error = exc
        if mtime >= 0:
            _cache[filename] = (mtime, source, info)
        return info


def _module_name(filename: str) -> str:
    base = os.path.basename(filename)
    return base[:-3] if base.endswith(".py") else base


def find_function(module: ModuleInfo, name: str, lineno: int | None = None) -> FunctionInfo:
    fn = module.functions.get(name)
    if fn is None:
        for stmt in module.tree.body:
            if isinstance(stmt, nodes.FunctionDef) and stmt.name == name:
                raise error_at(stmt, f"function '{name}' is not decorated with @pydm.jit at module level",
                               "pydm compiles module-level functions decorated with @pydm.jit")
        raise LookupError(name)
    return fn
