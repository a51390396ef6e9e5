"""Shrink a program on which pydm disagrees with CPython to a small reproducer.

    cd tests && ../.venv/bin/python -m fuzz.reduce PROGRAM.py FUNCTION 'ARGS' [--mode jit|aot] [--kwargs '{...}']

``ARGS`` is a Python tuple literal (``'(3, -0.0)'``). The program is any module
of ``@pydm.jit`` functions (e.g. one printed by the fuzzer). Greedy, on the
syntax tree: delete functions and statements, replace a compound statement by
its body, an expression by one of its operands or by a literal, keeping every
change after which the same call still disagrees in the same way (same CPython
outcome class, same pydm outcome class, and for a CompileError the same
message). Prints the reduced program.
"""
from __future__ import annotations

import argparse
import ast
import copy
import re
import sys

from . import runner
from .runner import Report, run_program, session_directory

LITERALS = ["0", "1", "True", "None", "0.0", "-1", "1.5", "()", "(1,)", "[]", "[1]"]


def signature(report: Report, function: str, args: tuple, mode: str, kwargs=None):
    for m in report.mismatches:
        if m.function == function and repr(m.args) == repr(args) and repr(m.kwargs) == repr(kwargs or {}) \
                and m.mode in (mode, "process"):
            pydm = m.pydm
            if "CompileError" in pydm:
                pydm = "CompileError: " + _compile_error_site(pydm)
            else:
                pydm = pydm.split("(")[0]
            return (m.cpython.split("(")[0], pydm)
    return None


def _compile_error_site(text: str) -> str:
    """The message of a CompileError and the first characters it underlines."""
    text = text.encode().decode("unicode_escape") if "\\n" in text else text
    found = re.search(r"error: ([^\n]*)\n([^\n]*)\n( *)\^", text)
    if not found:
        return text
    message, line, pad = found.groups()
    return f"{message} at {line[len(pad):len(pad) + 6]!r}"


def _nodes(tree):
    return list(ast.walk(tree))


def _candidates(tree):
    """(description, edit) pairs in source order, only those that shorten the program;
    ``edit(copy)`` changes a deep copy of ``tree`` (nodes are found by their index
    in ``ast.walk`` order, which a deep copy keeps)."""
    nodes = _nodes(tree)
    index = {id(n): i for i, n in enumerate(nodes)}
    size = {}

    def sz(node):
        if id(node) not in size:
            size[id(node)] = len(ast.unparse(node))
        return size[id(node)]

    out = []
    for i, node in enumerate(nodes):
        for fld in ("body", "orelse"):
            stmts = getattr(node, fld, None)
            if not isinstance(stmts, list) or not stmts or not isinstance(stmts[0], ast.stmt):
                continue
            for j, st in enumerate(stmts):
                if not (isinstance(st, ast.Pass) and len(stmts) == 1):
                    out.append((f"delete statement {i}.{fld}[{j}]", _edit_delete(i, fld, j)))
                if isinstance(st, (ast.If, ast.For, ast.While)):
                    out.append((f"unwrap {i}.{fld}[{j}]", _edit_unwrap(i, fld, j)))
    fixed = {id(n) for n in nodes if isinstance(n, (ast.arg, ast.FunctionDef, ast.AnnAssign))
             for n in [getattr(n, "annotation", None) or getattr(n, "returns", None)] if n is not None}
    fixed |= {id(d) for n in nodes if isinstance(n, ast.arguments) for d in n.defaults}
    for p in nodes:
        for fld, value in ast.iter_fields(p):
            for pos, node in enumerate(value if isinstance(value, list) else [value]):
                if not isinstance(node, ast.expr) or id(node) in fixed \
                        or isinstance(getattr(node, "ctx", None), ast.Store):
                    continue
                where = (index[id(p)], fld, pos if isinstance(value, list) else None)
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.expr) and _operand_ok(node, child) and sz(child) < sz(node):
                        out.append((f"operand {index[id(node)]}", _edit_replace(where, index[id(child)])))
                for lit in LITERALS:
                    if len(lit) < sz(node):
                        out.append((f"literal {index[id(node)]}={lit}", _edit_replace(where, lit)))
    return out


def _is_type_call(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"


def _operand_ok(node, child) -> bool:
    """Replacing ``node`` by ``child`` keeps the program inside pydm's subset."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Subscript, ast.Attribute)):
        return False  # a tuple assignment's value, ...
    if isinstance(node, ast.Call) and (child is node.func or _is_type_call(node)):
        return False
    if isinstance(node, ast.Compare) and _is_type_call(child):
        return False  # type(x) is supported only in ``type(x) is int``
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
        return child is node.args[0]
    return True


def _edit_delete(i, fld, j):
    def edit(tree):
        stmts = getattr(_nodes(tree)[i], fld)
        del stmts[j]
        if not stmts and fld == "body":
            stmts.append(ast.Pass())
    return edit


def _edit_unwrap(i, fld, j):
    def edit(tree):
        stmts = getattr(_nodes(tree)[i], fld)
        stmts[j:j + 1] = stmts[j].body
    return edit


def _edit_replace(where, new):
    """Put ``new`` (a literal's text, or the index of a node) at ``where``."""
    pi, fld, pos = where

    def edit(tree):
        nodes = _nodes(tree)
        value = ast.parse(new, mode="eval").body if isinstance(new, str) else nodes[new]
        parent = nodes[pi]
        if pos is None:
            setattr(parent, fld, value)
        else:
            getattr(parent, fld)[pos] = value
    return edit


def _render(tree) -> str | None:
    try:
        text = ast.unparse(ast.fix_missing_locations(tree))
        compile(text, "<reduce>", "exec")
    except (SyntaxError, ValueError, TypeError, AttributeError):
        return None
    return text.replace("\n@pydm.jit", "\n\n\n@pydm.jit") + "\n"


def reduce(source: str, function: str, args: tuple, mode: str = "jit", log=sys.stderr, kwargs=None) -> str:
    directory = session_directory()
    runner.REFERENCE_TIMEOUT = 2.0  # a step that removed a loop counter never ends
    runner.PROGRAM_TIMEOUT = 60.0

    def run(src):
        calls = [(function, args, kwargs or {})]
        return run_program(src, calls if mode == "jit" else [], calls if mode == "aot" else [], directory)

    want = signature(run(source), function, args, mode, kwargs)
    if want is None:
        raise SystemExit("the call does not disagree: nothing to reduce")
    print(f"reducing: CPython {want[0]} / pydm {want[1]}", file=log)
    tree = ast.parse(source)
    best = _render(tree)
    start, tried_since_progress = 0, 0
    while True:
        cands = _candidates(tree)
        if tried_since_progress >= len(cands):
            break  # a whole pass without progress
        accepted = False
        for n in range(len(cands)):
            pos = (start + n) % len(cands)
            desc, edit = cands[pos]
            tried_since_progress += 1
            cand = copy.deepcopy(tree)
            try:
                edit(cand)
            except (IndexError, KeyError, ValueError):
                continue
            text = _render(cand)
            if text is None or len(text) >= len(best):
                continue
            if signature(run(text), function, args, mode, kwargs) == want:
                tree, best, start, tried_since_progress, accepted = cand, text, pos, 0, True
                print(f"  {desc}: {len(best)} chars", file=log)
                break
        if not accepted:
            break
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program")
    ap.add_argument("function")
    ap.add_argument("args")
    ap.add_argument("--mode", default="jit", choices=["jit", "aot"])
    ap.add_argument("--kwargs", default="{}", help="keyword arguments, a dict literal")
    ns = ap.parse_args(argv)
    with open(ns.program) as f:
        source = f.read()
    args = eval(ns.args, {"nan": float("nan"), "inf": float("inf")})  # a tuple literal (repr of floats)
    kwargs = eval(ns.kwargs, {"nan": float("nan"), "inf": float("inf")})
    print(reduce(source, ns.function, tuple(args), ns.mode, kwargs=kwargs))


if __name__ == "__main__":
    main()
