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


def host_functions(module, namespace: dict, supplied: dict | None = None) -> dict:
    """``{name: (python function, return type)}`` of the module's host
    functions: from ``supplied`` (``pydm.load(..., host=...)``) or the
    namespace (a JIT function's globals); a name found in neither is left out
    (a required import then fails the loading, an optional one falls back)."""
    out = {}
    for name, decl in module.host_functions.items():
        if isinstance(decl, Exception):
            continue
        source = supplied if supplied is not None else namespace
        if name in source and callable(source[name]):
            out[name] = (python_function(source[name]), decl.ret)
    return out
