"""Regressions (f) and (q): source locations.

(f) IR locations counted UTF-8 bytes while errors count characters: after a
non-ASCII name on the same line, the run-time note (``pydm: raised at
FILE:LINE:COL in f``) named a column too far right. The column must be
CPython's character column of the failing operation (1-based), taken here
both from the source line and from CPython's own traceback positions.

(q) ``fn.inspect("pydm" | "iree" | "vm")`` shows ``loc("FILE":LINE:COL)``
locations (seed 003's MLIR location syntax) with the Python file, line and
column of each operation.
"""
import linecache
import os
import re

import pytest

import pydm
from conformance.harness import reference, run_both, _describe

HERE = os.path.abspath(__file__)


# ---------------------------------------------------------------- (f) character columns in notes

@pydm.jit
def after_latin(x: int):
    ümlaut = x; ü2 = 2; return ümlaut // (x - x)


@pydm.jit
def after_cjk(x: int):
    变量 = x; 结果 = 变量 * 3; return 结果 % (变量 - x)


@pydm.jit
def after_greek_float(x: float):
    αβγ = x; δ = αβγ * 0.0; return αβγ / δ


@pydm.jit
def after_latin_object(x: object):
    größe = x; return größe + None


@pydm.jit
def after_latin_unbound(p: int):
    if p:
        v = 1
    ñ = 2; return ñ + v


@pydm.jit
def after_latin_overflow(x: float):
    çà = x; return int(çà)


@pydm.jit
def ascii_control(x: int):
    ab = x; cd = 2; return ab // (x - x)


# (function, arguments, the failing operation's text, its offset in that text)
CASES = [
    (after_latin, (3,), "ümlaut // (x - x)", 0),
    (after_cjk, (3,), "结果 % (变量 - x)", 0),
    (after_greek_float, (2.0,), "αβγ / δ", 0),
    (after_latin_object, (1,), "größe + None", 0),
    (after_latin_object, (1.5,), "größe + None", 0),
    (after_latin_unbound, (0,), "ñ + v", 4),  # the read of v
    (after_latin_overflow, (float("inf"),), "int(çà)", 0),
    (ascii_control, (3,), "ab // (x - x)", 0),
]


def line_of(fn, text: str) -> tuple[int, str]:
    """The (line number, source line) of ``fn``'s body holding ``text``."""
    code = fn.py_func.__code__
    first = code.co_firstlineno
    for k in range(first, first + 20):
        line = linecache.getline(code.co_filename, k)
        if text in line:
            return k, line
    raise AssertionError(f"{text!r} not found")


def cpython_position(fn, args) -> tuple[int, int]:
    """(line, 1-based character column) of the operation CPython's traceback blames."""
    try:
        reference(fn)(*args)
    except Exception as exc:  # noqa: BLE001
        tb = exc.__traceback__
        while tb.tb_next is not None:
            tb = tb.tb_next
        code = tb.tb_frame.f_code
        line, _, col, _ = list(code.co_positions())[tb.tb_lasti // 2]
        source = linecache.getline(code.co_filename, line)
        return line, len(source.encode("utf-8")[:col].decode("utf-8")) + 1  # bytes -> characters
    raise AssertionError("CPython did not raise")


@pytest.mark.parametrize("fn, args, text, offset", CASES,
                         ids=[f"{c[0].py_func.__name__}-{type(c[1][0]).__name__}" for c in CASES])
def test_note_names_the_character_column(fn, args, text, offset):
    (rk, rv), (pk, pv) = run_both(fn, *args)
    assert rk == "exc" and pk == "exc" and type(pv) is type(rv) and str(pv) == str(rv), \
        f"CPython {_describe(rk, rv)}, pydm {_describe(pk, pv)}"
    line, source = line_of(fn, text)
    col = source.index(text) + offset + 1
    assert cpython_position(fn, args) == (line, col)  # the test's own expectation is CPython's
    assert not source.isascii() or fn is ascii_control
    notes = getattr(pv, "__notes__", [])
    assert len(notes) == 1, notes
    want = f"pydm: raised at {fn.py_func.__code__.co_filename}:{line}:{col} in {fn.py_func.__name__}"
    assert notes[0] == want or notes[0].startswith(want + " (in the runtime library"), (notes, want)


def test_note_column_ahead_of_time(tmp_path):
    """The raise-site table of a ``.vmfb`` counts characters too (``pydm.load``)."""
    src = tmp_path / "regr_columns.py"
    src.write_text("import pydm\n\n\n@pydm.jit\ndef f(x: int) -> int:\n"
                   "    ĳ = x; 名 = 1; return ĳ // (名 - 1)\n")
    out = tmp_path / "regr_columns.vmfb"
    pydm.compile_file(str(src), str(out))
    with pytest.raises(ZeroDivisionError) as info:
        pydm.load(str(out)).f(5)
    assert str(info.value) == "integer division or modulo by zero"
    col = "    ĳ = x; 名 = 1; return ĳ // (名 - 1)".index("ĳ // ") + 1
    # (ahead of time the path is relative to the compiled file's directory: no build-machine path)
    assert info.value.__notes__ == [f"pydm: raised at {src.name}:6:{col} in f"]


# ---------------------------------------------------------------- (q) locations in inspect()

@pydm.jit
def located(x: int, y: int) -> int:
    return x // y


@pydm.jit
def located_non_ascii(x: int, y: int) -> int:
    é = x; return é // y


def op_location(text: str, op_pattern: str) -> str:
    """The location of the first op matching ``op_pattern``, aliases (``#loc3``) expanded."""
    aliases = dict(re.findall(r"^(#loc\d*) = (loc\(.*\))\s*$", text, re.M))
    for line in text.splitlines():
        if re.search(op_pattern, line) and not line.lstrip().startswith("#loc"):
            m = re.search(r"loc\((#loc\d*|.*)\)\s*$", line)
            assert m, f"no location on: {line.strip()}"
            loc = m.group(0)
            for _ in range(10):
                expanded = re.sub(r"#loc\d*", lambda a: aliases.get(a.group(0), a.group(0)), loc)
                if expanded == loc:
                    break
                loc = expanded
            return loc
    raise AssertionError(f"no op matches {op_pattern!r}")


STAGE_OPS = {
    "pydm": r'"iree_pydm\.apply_binary".*dunder_name = "floordiv"',
    "iree": r"arith\.divsi",
    "vm": r"vm\.div\.i64\.s",
}


@pytest.mark.parametrize("stage", ["pydm", "iree", "vm"])
@pytest.mark.parametrize("fn, text", [(located, "x // y"), (located_non_ascii, "é // y")],
                         ids=["ascii", "non_ascii"])
def test_inspect_shows_python_locations(stage, fn, text):
    line, source = line_of(fn, text)
    col = source.index(text) + 1
    ir_text = fn.inspect(stage)
    want = f'loc("{HERE}":{line}:{col})'
    assert want in ir_text, f"{want} not in the {stage} stage"
    assert f'"{HERE}":{line}:{col}' in op_location(ir_text, STAGE_OPS[stage])
