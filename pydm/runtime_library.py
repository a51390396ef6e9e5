"""The runtime library: ``runtime_lib/*.py`` compiled by pydm's own frontend,
cached on disk, and linked into programs by symbol (``pydmrtl$<name>``).

The cache holds the library's iree_pydm IR as MLIR bytecode (read about ten
times faster than its text: every process that compiles reads it once),
keyed by the library's sources, pydm's version and the compiler's version; a
stale or unreadable entry is rebuilt, never trusted.
"""
from __future__ import annotations

import hashlib
import io
import os
import threading

from iree.compiler import ir

PREFIX = "pydmrtl$"
LIB_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "runtime_lib")
SOURCES = ("numbers.py", "tuples.py", "lists.py", "slices.py", "ranges.py", "iterators.py", "strings.py",
           "str_methods.py", "dicts.py", "sets.py", "parsing.py", "views.py", "sorting.py",
           "mathfns.py")

_lock = threading.Lock()
_module: ir.Module | None = None
_builder: int | None = None  # the thread building the library, while it does


class LibraryReentered(RuntimeError):
    """A runtime-library function needs the library itself while it is being
    built (an operation the frontend lowers to a library call, e.g. ``len`` of
    an ``object``): write it with the library function it would call instead."""


def _source_paths():
    # runtime_lib/ is installed next to pydm/ (a sibling package)
    return [os.path.join(LIB_DIR, name) for name in SOURCES]


def cache_key() -> str:
    from . import __version__
    from iree.compiler import version as iree_version
    h = hashlib.sha256()
    h.update(__version__.encode())
    h.update(str(getattr(iree_version, "VERSION", "")).encode())
    for path in _source_paths():
        with open(path, "rb") as f:
            h.update(f.read())
    # the compiler's own sources decide the IR too
    pkg = os.path.dirname(os.path.abspath(__file__))
    for root, _, files in sorted(os.walk(pkg)):
        for name in sorted(files):
            if name.endswith(".py"):
                with open(os.path.join(root, name), "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:24]


def cache_dir() -> str:
    from .runtime.cache import root_dir
    return root_dir()


def build_text() -> str:
    """Compile the library to iree_pydm IR text (every function, once, typed by
    its annotations; its variables already promoted to SSA)."""
    from .frontend.importer import build_module
    from .frontend.typing import ProgramTypes
    from .passes import run_pipeline
    module = library_source()
    specs = []
    program = ProgramTypes(module)
    for fn in module.functions.values():
        fn.check()
        spec = program.specialization(fn, parameter_types(fn))
        spec.symbol = PREFIX + fn.name
        specs.append(spec)
    program.solve()
    mod = build_module(program, {s.symbol for s in specs})
    run_pipeline(mod, pipeline=["promote-vars"])
    return mod.operation.get_asm(enable_debug_info=True)  # keep file:line locations


def library_source():
    """The library's files as one program (a ModuleInfo whose functions call
    each other across files)."""
    from .frontend.source import load_module
    module = None
    for path in _source_paths():
        part = load_module(path, runtime_lib=True)
        if module is None:
            module = part
            module.functions = dict(part.functions)
        else:
            module.functions.update(part.functions)
    return module


def parameter_types(fn) -> tuple:
    """A library function's parameter types: its annotations (``object``, ``tuple``, ``int``...);
    ``list[int]`` is a list in typed storage (``list<integer>``: any typed list's slots,
    cast to it)."""
    from .frontend.annotations import annotation_type
    from .types import ListType, PyType

    def one(a):
        if a is not None and a.as_string() == "list[int]":
            return ListType(PyType.INT)
        return annotation_type(a) or PyType.OBJECT
    return tuple(one(a) for a in fn.node.args.annotations)


def library_module() -> ir.Module:
    """The library's IR, parsed in the current context (from the disk cache if valid)."""
    global _module, _builder
    if _builder == threading.get_ident():  # _lock is ours already: waiting for it never ends
        raise LibraryReentered("a runtime-library function uses an operation that calls the runtime "
                               "library itself (while the library is being built); call the library "
                               "function directly")
    with _lock:
        if _module is not None:
            return _module
        key = cache_key()
        path = os.path.join(cache_dir(), f"rtl-{key}.mlir")
        try:
            with open(path, "rb") as f:
                _module = ir.Module.parse(f.read())  # bytecode (an older entry's text parses too)
        except (OSError, ir.MLIRError, ValueError):
            _module = None
        if _module is None:
            _builder = threading.get_ident()
            try:
                text = build_text()
            finally:
                _builder = None
            _module = ir.Module.parse(text)
            from .runtime.cache import write_atomically
            data = io.BytesIO()
            _module.operation.write_bytecode(data)  # locations included
            write_atomically(path, data.getvalue())  # a read-only home: no cache, still correct
        return _module


_signatures: dict = {}


def function_type(symbol: str) -> ir.FunctionType:
    """The pydm-level signature of library function ``symbol``."""
    return ir.FunctionType(ir.TypeAttr(_function(symbol).attributes["function_type"]).value)


def signature(symbol: str):
    """(parameter types, return type) of library function ``symbol``, as static types."""
    got = _signatures.get(symbol)
    if got is None:
        from . import dialect as d
        ft = function_type(symbol)
        got = _signatures[symbol] = ([d.py_type(t) for t in ft.inputs], d.py_type(ft.results[1]))
    return got


def link(program: ir.Module, symbols: set[str]) -> None:
    """Copy the library functions named by ``symbols`` (and what they call) into
    ``program`` as private functions."""
    if not symbols:
        return
    lib = library_module()
    by_name = {}
    for op in lib.body.operations:
        if op.operation.name == "func.func":
            by_name[ir.StringAttr(op.attributes["sym_name"]).value] = op
    present = set()
    for op in list(program.body.operations):
        if op.operation.name != "func.func":
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if len(op.operation.regions[0].blocks) == 0 and name in symbols:
            op.operation.erase()  # a declaration (tuples.py): replaced by the definition
        else:
            present.add(name)
    todo = sorted(symbols)
    done = set()
    while todo:
        name = todo.pop()
        if name in done or name in present:
            continue
        done.add(name)
        src = by_name.get(name)
        if src is None:
            raise KeyError(f"runtime library has no function {name}")
        clone = src.operation.clone(ip=ir.InsertionPoint(program.body))
        clone.attributes["sym_visibility"] = ir.StringAttr.get("private")
        for callee in _callees(clone):
            if callee.startswith(PREFIX):
                todo.append(callee)


_scalar: dict = {}


def scalar_closure(symbol: str) -> bool:
    """Do library function ``symbol`` and every library function it calls
    take and return scalars only (int, float, bool, None)?"""
    got = _scalar.get(symbol)
    if got is None:
        from .types import PyType as T
        _scalar[symbol] = False  # (a recursion is decided by its other calls)
        params, ret = signature(symbol)
        got = all(t in (T.INT, T.FLOAT, T.BOOL, T.NONE) for t in (*params, ret))
        if got:
            got = all(scalar_closure(c) for c in _callees(_function(symbol)) if c.startswith(PREFIX))
        _scalar[symbol] = got
    return got


def _function(symbol: str):
    for op in library_module().body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return op
    raise KeyError(f"runtime library has no function {symbol}")


def declare(program: ir.Module, symbols: set[str]) -> None:
    """Declare the library functions named by ``symbols`` in ``program``
    (private, no body), where it does not already: calls of the library's
    VM module (``pydm/library_module.py``)."""
    from iree.compiler.dialects import func
    present = {ir.StringAttr(op.attributes["sym_name"]).value for op in program.body.operations
               if op.operation.name == "func.func"}
    with ir.Location.unknown(), ir.InsertionPoint(program.body):
        for name in sorted(set(symbols) - present):
            func.FuncOp(name, function_type(name), visibility="private")


def _callees(op) -> list[str]:
    out = []

    def visit(o):
        o = o.operation if hasattr(o, "operation") else o
        if o.name == "func.call":
            out.append(ir.FlatSymbolRefAttr(o.attributes["callee"]).value)
        return ir.WalkResult.ADVANCE
    op.walk(visit)
    return out
