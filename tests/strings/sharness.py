"""Differential checks for strings: many operations compiled in one go.

A *dispatcher* is a jit function ``name(k, <params>)`` whose ``k``-th branch
returns one tested expression: the expressions of a group share one compile
(per argument signature), which keeps the folder fast. :func:`dispatchers`
writes their source into a real file (the JIT reads a function's source) and
imports it; each case runs the dispatcher's Python twin (``py_func``) under
CPython and the compiled one, and :func:`check` wants the same value and type
at every level, or the same exception class and message.
"""
from __future__ import annotations

import importlib.util
import os
import tempfile

_DIR = tempfile.mkdtemp(prefix="pydm_strings_")


def dispatchers(module_name: str, groups: dict, preamble: str = "") -> object:
    """A module with one jit dispatcher per group: ``groups[name] = (params,
    [expression, ...])`` (``params``: the parameter list after ``k``);
    ``preamble``: source of functions the expressions may call."""
    lines = ["import pydm", "", preamble]
    for name, (params, exprs) in groups.items():
        lines += ["", "@pydm.jit", f"def {name}(k: int, {params}):"]
        for k, e in enumerate(exprs):
            lines += [f"    if k == {k}:", f"        return {e}"]
        lines += ["    return None", ""]
    path = os.path.join(_DIR, module_name + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def same(a, b) -> bool:
    """The same type at every level and equal values."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def outcome(fn, args):
    try:
        return ("ok", fn(*args))
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        return ("raise", type(e).__name__, str(e))


def check(jit_fn, *args, where: str = ""):
    """pydm agrees with CPython on ``jit_fn(*args)``."""
    want = outcome(jit_fn.py_func, args)
    got = outcome(jit_fn, args)
    ok = same(want[1], got[1]) if want[0] == got[0] == "ok" else want == got
    assert ok, f"{where or jit_fn.py_func.__name__}{args!r}: CPython {want!r}, pydm {got!r}"
    return want
