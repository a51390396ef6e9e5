"""Differential checks for strings: many operations compiled in one go.

A *dispatcher* is a jit function ``name(k, <params>)`` whose ``k``-th branch
returns one tested expression: the expressions of a group share one compile
(per argument signature), which keeps the folder fast. :func:`dispatchers`
writes their source into a real file (the JIT reads a function's source) and
imports it; each case runs the dispatcher's Python twin (``py_func``) under
CPython and the compiled one, and :func:`check` wants the same value and type
at every level, or the same exception class and message.

A compile costs about as much as the runtime-library code it links (most of a
dispatcher's IR: an ``object`` parameter links the generic library), so the
groups whose parameters all have one fixed static type (``str``, ``int``,
``float``, ``object``) share one: their expressions are also the branches of
``merged(g, k, <every such group's parameters, renamed p<g>_<i>>)``, and the
module's attribute for such a group is a :class:`Group`, which calls
``merged`` with filler values for the other groups' parameters (one argument
signature: one compile for all of them), and whose ``py_func`` runs
``merged.py_func`` on the same arguments. A group with any other parameter
(unannotated, ``tuple``...) keeps its own jit function: its argument types vary
from call to call. (The branches are not calls of the group functions: a
callee taking ``object`` arguments is split into numeric variants, a much
bigger compile.)
"""
from __future__ import annotations

import ast
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
    fixed = {name: types for name, (params, _) in groups.items() if (types := _fixed_types(params)) is not None}
    if len(fixed) > 1:
        lines += _merged_source({name: groups[name] for name in fixed})
    path = os.path.join(_DIR, module_name + ".py")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if len(fixed) > 1:
        fillers = [tuple(_FILLERS[t] for t in types) for types in fixed.values()]
        for g, name in enumerate(fixed):
            before, after = sum(fillers[:g], ()), sum(fillers[g + 1:], ())
            setattr(module, name, Group(module.merged, g, getattr(module, name), before, after))
    return module


#: a value of each static type a merged group's parameter may have
_FILLERS = {"str": "", "int": 0, "float": 0.0, "object": None}


def _params(params: str) -> list[tuple[str, str]]:
    """(name, annotation) of each parameter of a group's parameter list."""
    parts = [p.partition(":") for p in params.split(",") if p.strip()]
    return [(name.strip(), ann.strip()) for name, _, ann in parts]


def _fixed_types(params: str) -> list[str] | None:
    """The annotations of ``params`` when each is one of ``_FILLERS``, else None."""
    types = [ann for _, ann in _params(params)]
    return types if all(t in _FILLERS for t in types) else None


class _Rename(ast.NodeTransformer):
    def __init__(self, names: dict):
        self.names = names

    def visit_Name(self, node):  # noqa: N802 - ast.NodeTransformer's name
        return ast.copy_location(ast.Name(self.names.get(node.id, node.id), node.ctx), node)


def _merged_source(groups: dict) -> list[str]:
    """``merged(g, k, ...)``: the ``k``-th expression of the ``g``-th group, its
    parameters renamed ``p<g>_<i>`` (each group's names its own)."""
    params, lines = [], []
    for g, (params_text, exprs) in enumerate(groups.values()):
        names = {name: f"p{g}_{i}" for i, (name, _) in enumerate(_params(params_text))}
        params += [f"{names[name]}: {ann}" for name, ann in _params(params_text)]
        lines += [f"    if g == {g}:"]
        for k, e in enumerate(exprs):
            renamed = ast.unparse(_Rename(names).visit(ast.parse(e, mode="eval")))
            renamed = renamed.encode("utf-8", "backslashreplace").decode()  # a lone surrogate: its escape
            lines += [f"        if k == {k}:", f"            return {renamed}"]
        lines += ["        return None"]
    return ["", "@pydm.jit", f"def merged(g: int, k: int, {', '.join(params)}):"] + lines + ["    return None", ""]


class Group:
    """A group compiled in ``merged``: ``group(k, *args)`` is ``merged(g, k,
    <fillers>, *args, <fillers>)``, and so is its ``py_func``; ``alone`` is the
    group's own jit function."""

    def __init__(self, merged, g: int, alone, before: tuple, after: tuple):
        self.merged, self.g, self.alone, self.before, self.after = merged, g, alone, before, after

        def py_func(k, *args):
            return merged.py_func(g, k, *before, *args, *after)
        py_func.__name__ = alone.py_func.__name__
        self.py_func = py_func

    def __call__(self, k, *args):
        return self.merged(self.g, k, *self.before, *args, *self.after)


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
