"""Regression: the runtime library could not use module-level constants. Its
files are compiled as one program whose globals were looked up in the first
file only, so ``MIN_GALLOP = 7`` in another file compiled and raised
``NameError`` at run time. Each library function now reads its own file's
constants, frozen at compile time as a user module's are ahead of time; a
name its file does not define is a compile error while the library is built.

Tested on a small library of two files (the real one is not changed): each
function compiled by pydm against the same file run by CPython."""
from __future__ import annotations

import importlib.util
import textwrap

import pytest

from pydm import runtime_library
from pydm.compiler import compile_program
from pydm.errors import CompileError
from pydm.runtime.program import LoadedProgram
from shared import outcome, same_value

FIRST = '''
LIMIT = 100


def first_limit(n: int) -> int:
    return n + LIMIT
'''

SECOND = '''
MIN_GALLOP = 7
LIMIT = -1  # another file's LIMIT: each file reads its own
BOUNDS = (1, 2.5, None)
ON = True


def gallop(n: int) -> int:
    if n < MIN_GALLOP:
        return MIN_GALLOP
    return n * 2 + LIMIT


def bounds(k: int):
    if ON:
        return BOUNDS[k]
    return None
'''

UNDEFINED = '''
def reads_missing(n: int) -> int:
    return n + MISSING_CONSTANT
'''


def library(tmp_path, monkeypatch, files: dict):
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    monkeypatch.setattr(runtime_library, "LIB_DIR", str(tmp_path))
    monkeypatch.setattr(runtime_library, "SOURCES", tuple(files))
    return runtime_library.library_source()


def compiled(module):
    entries = [(fn, runtime_library.parameter_types(fn)) for fn in module.functions.values()]
    program = compile_program(module, entries, plain_names=True)
    loaded = LoadedProgram(program.vmfb, program.sites)
    return {sig.name: loaded.function(sig.symbol, sig.name, sig.params, sig.param_types, sig.ret)
            for sig in program.exports.values()}


def python_module(path):
    spec = importlib.util.spec_from_file_location(path.stem + "_cpython", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_constants_of_every_file(tmp_path, monkeypatch):
    fns = compiled(library(tmp_path, monkeypatch, {"first.py": FIRST, "second.py": SECOND}))
    first, second = python_module(tmp_path / "first.py"), python_module(tmp_path / "second.py")
    cases = [(first.first_limit, "first_limit", n) for n in (0, 5)]
    cases += [(second.gallop, "gallop", n) for n in (0, 6, 7, 40)]
    cases += [(second.bounds, "bounds", k) for k in (0, 1, 2, 3, -1)]
    for py, name, arg in cases:
        got, want = outcome(fns[name], arg), outcome(py, arg)
        assert got[:2] == want[:2] and same_value(got[2], want[2], nested=True), (name, arg, got, want)


def test_an_undefined_name_is_a_compile_error(tmp_path, monkeypatch):
    module = library(tmp_path, monkeypatch, {"first.py": FIRST, "undefined.py": UNDEFINED})
    with pytest.raises(CompileError, match="MISSING_CONSTANT") as info:
        compiled(module)
    assert "undefined.py:3" in str(info.value)
