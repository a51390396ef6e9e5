"""``@pydm.host``: a typed Python function compiled code may call.

    @pydm.host
    def log(x: int) -> None:
        seen.append(x)

The decorated function stays a Python function (calling it from Python
runs it, so a ``@pydm.jit`` function's ``py_func`` calls the real one);
compiled code calling ``log(n)`` calls it through the host module
``pydm_user`` (pydm/runtime/user_host.py). What compiled code knows of it
comes from its source (pydm/frontend/source.py ``HostDecl``): its
parameters and result, typed by its annotations.

``@pydm.host(optional=True)``: the function's own body is also compiled, as
the fallback a ``.vmfb`` runs where the host does not supply the function
(any IREE host but pydm's, e.g. ``iree-run-module``).
"""
from __future__ import annotations

import functools


class HostFunction:
    """A ``@pydm.host`` function: callable as itself."""

    def __init__(self, fn, optional: bool = False):
        self.py_func = fn
        self.optional = optional
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        return self.py_func(*args, **kwargs)

    def __repr__(self):
        return f"<pydm.host {self.py_func.__module__}.{self.py_func.__qualname__}>"


def host(fn=None, *, optional: bool = False):
    """Expose ``fn`` to compiled code (``@host`` or ``@host(optional=True)``)."""
    if fn is None:
        return lambda f: HostFunction(f, optional)
    return HostFunction(fn, optional)


def python_function(value):
    """The Python function behind a global a compiled module imports as a host function."""
    return value.py_func if isinstance(value, HostFunction) else value


def declaration(name: str, value):
    """The HostDecl of a host function defined in another module and bound to
    the global ``name`` here (``from tools import log``), read from its own
    source; None if ``value`` is no host function. Such a call is never
    optional (its body belongs to the other module; the JIT always supplies it)."""
    import dataclasses
    import inspect
    from .errors import CompileError
    from .frontend.source import load_module
    if not isinstance(value, HostFunction):
        return None
    filename = inspect.getsourcefile(value.py_func)
    if filename is None:
        raise CompileError(f"the source of the host function '{name}' is not available",
                           hint="@pydm.host functions are read from their .py file")
    decl = load_module(filename).host_functions.get(value.py_func.__name__)
    if decl is None:
        raise CompileError(f"the host function '{name}' is not a module-level @pydm.host function of {filename}")
    if isinstance(decl, Exception):
        raise decl
    return dataclasses.replace(decl, name=name, optional=False)


def imported_declaration(module, name: str):
    """Ahead of time: the HostDecl of ``name`` if the module binds it with a
    module-level ``from M import f [as name]`` (or ``from .M import ...``)
    and ``f`` is a ``@pydm.host`` function of M's source (found beside the
    module's file, else, for an absolute import, on ``sys.path``; M is read,
    never imported), else None."""
    import dataclasses
    import importlib.util
    import os
    from astroid import nodes
    from .frontend.source import load_module
    for stmt in module.tree.body:
        if not isinstance(stmt, nodes.ImportFrom) or not stmt.modname:
            continue
        for original, alias in stmt.names:
            if (alias or original) != name:
                continue
            folder = os.path.dirname(module.filename)
            for _ in range((stmt.level or 1) - 1):  # from ..m import f: one folder up
                folder = os.path.dirname(folder)
            here = os.path.join(folder, *stmt.modname.split(".")) + ".py"
            path = here if os.path.isfile(here) else None
            if path is None and not stmt.level:
                try:
                    spec = importlib.util.find_spec(stmt.modname)
                except (ImportError, ValueError):
                    spec = None
                path = spec.origin if spec is not None and (spec.origin or "").endswith(".py") else None
            if path is None:
                return None
            decl = load_module(path).host_functions.get(original)
            if decl is None:
                return None
            if isinstance(decl, Exception):
                raise decl
            return dataclasses.replace(decl, name=name, optional=False)
    return None


def host_params(decl):
    """A host function's parameter types as the host module takes them: None
    where a call hands over ``(args, kwargs)`` (``HostDecl.spread``)."""
    return None if decl.spread else decl.param_types


def host_functions(module, namespace: dict) -> dict:
    """``{name: (python function, parameter types or None, return type)}`` of the host functions a JIT
    module may call: its own ``@pydm.host`` functions and the globals bound to
    another module's (a name not bound to a function is left out: the call
    then fails as the import is missing)."""
    out = {}
    for name, decl in module.host_functions.items():
        if not isinstance(decl, Exception) and callable(namespace.get(name)):
            out[name] = (python_function(namespace[name]), host_params(decl), decl.ret)
    for name, value in namespace.items():
        if isinstance(value, HostFunction) and name not in out and name not in module.host_functions:
            try:
                decl = declaration(name, value)
                out[name] = (value.py_func, host_params(decl), decl.ret)
            except Exception:  # noqa: BLE001 - not callable from compiled code: its call says why
                continue
    return out
