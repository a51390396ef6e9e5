"""What pydm does not do with strings yet is a ``pydm.CompileError`` on the
first call, pointing at the line marked ``# <- error`` in ``bad_programs.py``
(never a crash nor a wrong answer)."""
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


@pytest.mark.parametrize("fname, args, message", [
    ("upper_with_argument", ("a",), "upper"),
    ("split_three_arguments", ("a",), "split"),
    ("encode", ("a",), "encode"),
    ("split_unknown_keyword", ("a",), "split"),
    ("bytes_literal", ("a",), "bytes"),
    ("method_on_object", ("a",), "count"),
])
def test_compile_error(fname, args, message):
    with pytest.raises(pydm.CompileError) as ei:
        getattr(b, fname)(*args)
    e = ei.value
    line = marked_line(fname)
    assert os.path.realpath(e.filename) == os.path.realpath(_PATH), e.filename
    assert e.lineno == line, f"error at line {e.lineno}, expected {line}:\n{e}"
    assert e.source_line.rstrip("\r\n") == _LINES[line - 1]
    assert 1 <= e.col <= len(_LINES[line - 1])
    assert message in str(e), str(e)
