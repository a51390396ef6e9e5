"""Exception constructs pydm rejects: a ``pydm.CompileError`` on the first
call, pointing at the line marked ``# <- error`` in ``bad_programs.py``."""
import ast
import os

import pytest

import pydm

from . import bad_programs as b

_PATH = os.path.abspath(b.__file__)
with open(_PATH, encoding="utf-8") as _f:
    _LINES = _f.read().splitlines()
_FUNCS = {n.name: n for n in ast.parse("\n".join(_LINES)).body if isinstance(n, ast.FunctionDef)}


def marked_line(fname: str) -> int:
    fn = _FUNCS[fname]
    found = [i + 1 for i in range(fn.lineno - 1, fn.end_lineno) if "# <- error" in _LINES[i]]
    assert len(found) == 1, f"test bug: {fname} needs exactly one marker"
    return found[0]


def expect_error(fname, args=(1,), where=None, message=None):
    """``where``: the function carrying the marker (default: ``fname`` itself)."""
    fn = getattr(b, fname)
    with pytest.raises(pydm.CompileError) as ei:
        fn(*args)
    e = ei.value
    line = marked_line(where or fname)
    assert os.path.realpath(e.filename) == os.path.realpath(_PATH), e.filename
    assert e.lineno == line, f"error at line {e.lineno}, expected {line}:\n{e}"
    assert e.source_line.rstrip("\r\n") == _LINES[line - 1]
    assert 1 <= e.col <= len(_LINES[line - 1])
    if message:
        assert message in e.message, str(e)
    return e


@pytest.mark.parametrize("fname, message", [
    ("del_cell", "del of 'x'"),
    ("raise_unknown_class", "OSError"),
    ("raise_unknown_class_bare", "FileNotFoundError"),
    ("raise_variable", None),
    ("bare_raise_outside_handler", "bare 'raise'"),
    ("bare_raise_in_try_body", "bare 'raise'"),
    ("bare_raise_in_else", "bare 'raise'"),
    ("except_unknown_class", "OSError"),
    ("except_unknown_in_tuple", "OSError"),
    ("calls_without_list_default", "default"),
    ("calls_without_nested_default", "default"),
    ("calls_jit_without_list_default", "default"),
    ("raise_keyword_argument", "keyword"),
    ("raise_star_argument", "star"),
])
def test_compile_error(fname, message):
    expect_error(fname, message=message)


def test_error_columns():
    """The column is the offending expression's, not the statement's."""
    e = expect_error("except_unknown_in_tuple")
    assert _LINES[e.lineno - 1][e.col - 1:].startswith("OSError"), e
    e = expect_error("calls_without_list_default")
    assert _LINES[e.lineno - 1][e.col - 1:].startswith("callee_list_default(y)"), e


def test_bare_raise_in_callee_names_the_call_site():
    """The error is at the callee's bare raise, with a note naming the call."""
    e = expect_error("bare_raise_in_callee", where="callee_with_bare_raise", message="bare 'raise'")
    call_line = next(i + 1 for i, l in enumerate(_LINES) if "return callee_with_bare_raise(n)" in l)
    notes = getattr(e, "__notes__", [])
    assert any(f":{call_line}:" in n for n in notes), notes
