"""Finding a module's source and its functions, without importing it.

Every module-level function is compilable: ``@pydm.jit`` marks what Python
calls directly (and what ``pydm compile`` exports); a compiled function may
call any other function of its module, which is compiled with it.
"""
from __future__ import annotations

import os
import textwrap
import threading
from dataclasses import dataclass, field

import astroid
from astroid import nodes

from ..errors import CompileError, error_at
from . import scopes


@dataclass
class FunctionInfo:
    """One module-level function: its syntax tree and its scope facts."""

    name: str
    node: nodes.FunctionDef
    module: "ModuleInfo"
    params: list[str] = field(default_factory=list)
    locals: frozenset = frozenset()
    error: Exception | None = None  # why this function cannot be compiled (raised when it is used)
    decorated: bool = False  # carries @pydm.jit (exported by `pydm compile`)
    #: locals captured by a nested function (each lives in a cell)
    cells: frozenset = frozenset()
    #: free variables (a nested function's: read through its closure), in closure order
    frees: tuple = ()
    #: the enclosing function of a nested def or lambda (None: module level)
    outer: "FunctionInfo | None" = None
    table: object = None  # its symtable scope
    has_nested_scopes: bool = False  # holds a def or lambda
    #: the parameters by kind (``params`` lists them in this order: positional-only,
    #: positional-or-keyword, ``*args``, keyword-only, ``**kwargs``)
    posonly: tuple = ()
    positional: tuple = ()
    vararg: str | None = None
    kwonly: tuple = ()
    kwarg: str | None = None
    #: a loop moved out of its function to go native (``pydm/native/outline.py``): never inlined back
    outlined: bool = False
    #: a method value's synthetic lambda: the method it calls (``methods.Method``)
    method: object = None

    @property
    def simple_signature(self) -> bool:
        """Only positional-or-keyword parameters (the common, fast case)."""
        return not (self.posonly or self.vararg or self.kwonly or self.kwarg)
    _nested: dict = field(default_factory=dict)

    @property
    def qualname(self) -> str:
        """CPython's ``__qualname__`` (``outer.<locals>.inner``), which its messages use."""
        if self.outer is None:
            return self.name
        return f"{self.outer.qualname}.<locals>.{self.name}"

    @property
    def key(self) -> str:
        """Unique in the module: the name, or for a nested function the path
        to it (``outer.inner@5.4``)."""
        if self.outer is None:
            return self.name
        return f"{self.outer.key}.{self.name}@{self.node.lineno}.{self.node.col_offset}"

    @property
    def stored_defaults(self) -> list:
        """A nested function's default values that are not constants
        (``acc=[]``, ``k=n + 1``): evaluated when the def runs, as CPython,
        and kept in the function value after its cells (positional defaults
        first, then keyword-only ones)."""
        if self.outer is None:
            return []
        from .literals import NO_VALUE, literal_value
        args = self.node.args
        defaults = list(args.defaults or []) + [k for k in args.kw_defaults or [] if k is not None]
        return [n for n in defaults if literal_value(n, NO_VALUE) is NO_VALUE]

    def stored_default_slot(self, node) -> int | None:
        """The record slot of the stored default ``node`` (None: not one)."""
        for k, n in enumerate(self.stored_defaults):
            if n is node:
                return 1 + len(self.frees) + k
        return None

    def nested(self, node) -> "FunctionInfo":
        """The FunctionInfo of a def or lambda directly inside this function."""
        info = self._nested.get(node)
        if info is None:
            name = node.name if isinstance(node, nodes.FunctionDef) else "<lambda>"
            info = FunctionInfo(name, node, self.module, outer=self)
            scopes.analyze_nested(info, self)
            self._nested[node] = info
        return info

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
    #: the module's exception classes (``class E(ValueError): pass``): name -> base name
    exception_classes: dict = field(default_factory=dict)
    #: the module's ``@pydm.host`` functions (Python code compiled code calls): name -> HostDecl
    host_functions: dict = field(default_factory=dict)

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


def host_decorator(dec: nodes.NodeNG):
    """``@pydm.host`` / ``@host`` -> False; ``@pydm.host(optional=True)`` -> its
    ``optional``; None for any other decorator."""
    call = dec if isinstance(dec, nodes.Call) else None
    if call is not None:
        dec = dec.func
    name = dec.attrname if isinstance(dec, nodes.Attribute) else dec.name if isinstance(dec, nodes.Name) else None
    if name != "host":
        return None
    if call is None:
        return False
    for k in call.keywords or []:
        if k.arg != "optional" or not isinstance(k.value, nodes.Const):
            raise error_at(dec, "@pydm.host takes only the keyword optional=True or optional=False")
    if call.args:
        raise error_at(dec, "@pydm.host takes only the keyword optional=True or optional=False")
    return any(k.value.value for k in call.keywords or [])


@dataclass
class HostDecl:
    """A ``@pydm.host`` function: Python code that compiled code calls through
    the host module ``pydm_user`` (pydm/runtime/user_host.py); its parameters
    and result typed by its annotations. ``optional``: a ``.vmfb`` also runs
    without the host's function (its own body, compiled, is the fallback)."""

    name: str
    node: nodes.FunctionDef
    optional: bool
    params: tuple  #: every parameter's name, in order (``*args``, keyword-only, ``**kwargs`` included)
    param_types: tuple  #: their annotated types (of ``*args``' items, of ``**kwargs``' values)
    ret: object
    posonly: tuple = ()
    positional: tuple = ()
    vararg: str | None = None
    kwonly: tuple = ()
    kwarg: str | None = None

    @property
    def spread(self) -> bool:
        """Does a call hand over ``(args, kwargs)``, the host calling
        ``fn(*args, **kwargs)`` (a ``*args``, keyword-only or ``**kwargs``
        parameter), rather than the arguments by position?"""
        return bool(self.vararg or self.kwonly or self.kwarg)

    # what arguments._bind reads of a callee (a host function's body is never compiled)
    qualname = property(lambda self: self.name)
    outer = None

    def check(self) -> None:
        pass

    @classmethod
    def of(cls, node: nodes.FunctionDef, optional: bool) -> "HostDecl":
        from .annotations import annotation_type
        from .literals import NO_VALUE, literal_value
        a = node.args
        every = list(a.posonlyargs or []) + list(a.args) + ([a.vararg] if a.vararg else []) + \
            list(a.kwonlyargs or []) + ([a.kwarg] if a.kwarg else [])
        annotations = list(a.posonlyargs_annotations or []) + list(a.annotations) + \
            ([a.varargannotation] if a.vararg else []) + list(a.kwonlyargs_annotations or []) + \
            ([a.kwargannotation] if a.kwarg else [])
        names = [x if isinstance(x, str) else x.name for x in every]
        if optional and (a.vararg or a.kwarg or a.kwonlyargs):
            raise error_at(node, f"the optional host function '{node.name}' must take no *args, "
                                 "keyword-only or **kwargs parameter",
                           "not yet: its compiled fallback is called with the arguments by position")
        for default in list(a.defaults or []) + [k for k in a.kw_defaults or [] if k is not None]:
            if literal_value(default, NO_VALUE) is NO_VALUE:
                raise error_at(default, f"a default of the host function '{node.name}' is not a constant",
                               "compiled code fills in a missing argument with it: use int, float, bool, "
                               "None or a tuple of them")
        types = []
        for arg, name, ann in zip(every, names, annotations):
            if ann is None:
                raise error_at(node if isinstance(arg, str) else arg, f"the parameter '{name}' of the host function '{node.name}' "
                                     "needs an annotation", "compiled code checks its calls against them")
            types.append(annotation_type(ann))
        if node.returns is None:
            raise error_at(node, f"the host function '{node.name}' needs a return annotation",
                           "write -> None for a function without a result")
        return cls(node.name, node, optional, tuple(names), tuple(types), annotation_type(node.returns),
                   posonly=tuple(x.name for x in a.posonlyargs or []), positional=tuple(x.name for x in a.args),
                   vararg=a.vararg, kwonly=tuple(x.name for x in a.kwonlyargs or []), kwarg=a.kwarg)


_cache: dict[str, tuple[float, str, ModuleInfo]] = {}
_lock = threading.Lock()


def _syntax_error(exc, filename: str, source: str) -> CompileError:
    """The CompileError for a file CPython cannot parse (file, line, column, the line)."""
    err = exc.error if isinstance(getattr(exc, "error", None), SyntaxError) else None
    line = (err.lineno or 0) if err else 0
    col = (err.offset or 0) if err else 0
    lines = source.splitlines()
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    message = f"{type(err).__name__}: {err.msg}" if err else str(exc)
    return CompileError(message, filename, line, col, source_line=text,
                        hint="pydm compiles only source that CPython can parse")


def _parse(source: str, modname: str, path: str) -> nodes.Module:
    """``astroid.parse``, without bootstrapping astroid first when it has
    not been yet. The bootstrap builds astroid's model of the whole
    ``builtins`` module by introspection (100-250 ms, the largest part of a
    fresh process's first compile; benchmarks/latency.py) for its inference,
    which pydm does not use: it reads the syntax tree and its scopes. Where
    astroid itself needs that model later (a name looked up to the builtins),
    it builds it then (``builtin_lookup`` rebuilds a missing one); anything
    else failing for want of it parses again the usual way."""
    from astroid import raw_building
    from astroid.builder import AstroidBuilder
    from astroid.manager import AstroidManager
    if raw_building.InspectBuilder.bootstrapped:
        return astroid.parse(source, module_name=modname, path=path)
    # the builder's constructor is what bootstraps: made with the flag set, it does not
    raw_building.InspectBuilder.bootstrapped = True
    try:
        builder = AstroidBuilder(AstroidManager())
    finally:
        raw_building.InspectBuilder.bootstrapped = False
    try:
        return builder.string_build(textwrap.dedent(source), modname, path)  # as astroid.parse does
    except astroid.AstroidSyntaxError:
        raise
    except Exception:  # noqa: BLE001 - astroid wanted its builtins model: the usual way
        return astroid.parse(source, module_name=modname, path=path)


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
        try:
            tree = _parse(source, module_name(filename), filename)
        except astroid.AstroidSyntaxError as exc:  # a file that is no Python: say where, as CPython
            raise _syntax_error(exc, filename, source) from None
        tree._pydm_source = source
        info = ModuleInfo(filename, tree, {}, runtime_lib)
        table = scopes.module_table(source, filename)
        for stmt in tree.body:
            if isinstance(stmt, nodes.ClassDef):
                base = exception_class_base(stmt, info)
                if base is not None:
                    info.exception_classes[stmt.name] = base
                continue
            if not isinstance(stmt, (nodes.FunctionDef, nodes.AsyncFunctionDef)):
                continue
            decorators = stmt.decorators.nodes if stmt.decorators else []
            hosts = [h for h in map(host_decorator, decorators) if h is not None]
            if hosts and not runtime_lib:
                info.host_functions[stmt.name] = _host_decl(stmt, hosts[0], len(decorators))
                info.functions.pop(stmt.name, None)
                if hosts[0]:  # optional: its body, compiled, runs where the host has no such function
                    info.functions[stmt.name] = FunctionInfo(stmt.name, stmt, info)
                continue
            info.host_functions.pop(stmt.name, None)
            fn = FunctionInfo(stmt.name, stmt, info, decorated=runtime_lib or any(map(is_jit_decorator, decorators)))
            if isinstance(stmt, nodes.AsyncFunctionDef):
                fn.error = error_at(stmt, "async functions are not supported",
                                    "pydm compiles plain (synchronous) functions")
            elif any(not is_jit_decorator(d) for d in decorators):
                fn.error = error_at(stmt, f"'{stmt.name}' has a decorator other than @pydm.jit",
                                    "pydm compiles plain module-level functions; call the undecorated function")
            info.functions[stmt.name] = fn  # a later definition of a name replaces an earlier one, as in Python
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


def _host_decl(stmt, optional: bool, n_decorators: int):
    """The HostDecl of a ``@pydm.host`` def; its CompileError (raised where
    compiled code calls it) if it cannot be one."""
    try:
        if n_decorators != 1:
            raise error_at(stmt, f"'{stmt.name}' has a decorator besides @pydm.host")
        return HostDecl.of(stmt, optional)
    except CompileError as exc:
        return exc


def exception_class_base(node: nodes.ClassDef, info: ModuleInfo) -> str | None:
    """The base of a module-level exception class pydm compiles (one base: a
    builtin exception class pydm knows or an earlier such class of the
    module; a body of ``pass``, ``...`` or a docstring), else None."""
    from ..exceptions import CODE_OF_CLASS
    if len(node.bases) != 1 or node.keywords or node.decorators or not isinstance(node.bases[0], nodes.Name):
        return None
    base = node.bases[0].name
    if base not in CODE_OF_CLASS and base not in info.exception_classes:
        return None
    for stmt in node.body:
        if isinstance(stmt, nodes.Pass):
            continue
        if isinstance(stmt, nodes.Expr) and isinstance(stmt.value, nodes.Const) and (
                isinstance(stmt.value.value, str) or stmt.value.value is Ellipsis):
            continue
        return None
    return base


def module_name(filename: str) -> str:
    """A module's ``__name__`` as its file's name says (ahead of time)."""
    base = os.path.basename(filename)
    return base[:-3] if base.endswith(".py") else base
