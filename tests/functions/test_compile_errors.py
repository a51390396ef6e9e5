"""Function-model constructs pydm rejects: a ``pydm.CompileError`` on the
first call, pointing at the line marked ``# <- error`` in ``bad_programs.py``
(or ``bad_global.py``)."""
import ast
import os

import pytest

import pydm

from . import bad_global as g
from . import bad_programs as b


def _load(mod):
    path = os.path.abspath(mod.__file__)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    funcs = {n.name: n for n in ast.parse("\n".join(lines)).body if isinstance(n, ast.FunctionDef)}
    return path, lines, funcs


_FILES = {b: _load(b), g: _load(g)}


def marked_line(mod, fname: str) -> int:
    _, lines, funcs = _FILES[mod]
    fn = funcs[fname]
    found = [i + 1 for i in range(fn.lineno - 1, fn.end_lineno) if "# <- error" in lines[i]]
    assert len(found) == 1, f"test bug: {fname} needs exactly one marker"
    return found[0]


def expect_error(fname, args=(1,), where=None, message=None, mod=b):
    """``where``: the function carrying the marker (default: ``fname`` itself)."""
    path, lines, _ = _FILES[mod]
    fn = getattr(mod, fname)
    with pytest.raises(pydm.CompileError) as ei:
        fn(*args)
    e = ei.value
    line = marked_line(mod, where or fname)
    assert os.path.realpath(e.filename) == os.path.realpath(path), e.filename
    assert e.lineno == line, f"error at line {e.lineno}, expected {line}:\n{e}"
    assert e.source_line.rstrip("\r\n") == lines[line - 1]
    assert 1 <= e.col <= len(lines[line - 1])
    if message:
        assert message in e.message, str(e)
    return e


def E(fname, args, message, where=None):
    return pytest.param(fname, args, where, message, id=fname)


@pytest.mark.parametrize("fname, args, where, message", [
    E("class_in_function", (1,), "class"),
    E("calls_with_star_list", (1,), "as the last positional argument only"),
    E("method_value_keywords", (1,), "keyword arguments in a call of the method value .split"),
    E("compares_method_values", (1,), "'==' of a method value"),
    E("calls_with_double_star", (1,), "**-unpacking"),
    E("lambda_in_comprehension", (3,), "comprehension"),
    E("lambda_in_comprehension_condition", (3,), "comprehension"),
    E("lambda_in_generator", (3,), "comprehension"),
    E("calls_without_list_default", (1,), "default"),
    E("reads_global_list", (1,), "GLOBAL_LIST"),
    E("reads_global_dict", (0,), "GLOBAL_DICT"),
    E("reads_global_tuple_with_list", (1,), "GLOBAL_TUPLE_WITH_LIST"),
    E("closure_reads_global_list", (1,), "GLOBAL_LIST"),
])
def test_compile_error(fname, args, where, message):
    expect_error(fname, args, where, message)


@pytest.mark.parametrize("fname", ["global_statement", "global_in_nested"])
def test_global_declaration(fname):
    expect_error(fname, mod=g, message="global")


def test_error_columns():
    """The column is the offending expression's, not the statement's."""
    _, lines, _ = _FILES[b]
    e = expect_error("lambda_in_comprehension_condition", (3,))
    assert lines[e.lineno - 1][e.col - 1:].startswith("lambda"), e
    e = expect_error("calls_without_list_default")
    assert lines[e.lineno - 1][e.col - 1:].startswith("callee_list_default(n)"), e
    e = expect_error("reads_global_list")
    assert lines[e.lineno - 1][e.col - 1:].startswith("GLOBAL_LIST"), e


def test_rejected_programs_run_under_cpython():
    """The rejected programs are valid Python (the errors are pydm's limits)."""
    assert b.class_in_function.py_func(1) == 1
    assert b.lambda_in_comprehension.py_func(3) == 3
    assert b.calls_with_star_list.py_func(1) == 3 and b.calls_with_double_star.py_func(1) == 2
    assert b.method_value_keywords.py_func(1) == ["", ""]
    assert b.compares_method_values.py_func(1) is True
