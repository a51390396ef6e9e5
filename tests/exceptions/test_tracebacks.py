"""Issue 11 item 5: an exception raised in compiled code carries a traceback
entry for the compiled line that raised it (``File "x.py", line N, in f``),
where CPython's own traceback ends: the same file, line and function name as
CPython's innermost frame, and the same exception class and message."""
import traceback

import pytest

import pydm


@pydm.jit
def divide(x: int) -> int:
    return 10 // x


@pydm.jit
def calls_divide(x: int) -> int:
    y = x - 1
    return divide(y) + 1


@pydm.jit
def raises_own(n):
    if n > 2:
        raise ValueError(f"too big: {n}")
    return n


@pydm.jit
def in_library(xs: list, i: int):
    return xs.index(i)


CASES = [(divide, (0,)), (calls_divide, (1,)), (raises_own, (5,)), (in_library, ([1, 2], 7))]


def innermost(exc):
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return frame.filename, frame.lineno, frame.name, frame.line


@pytest.mark.parametrize("fn, args", CASES, ids=lambda c: getattr(c, "__name__", "args"))
def test_innermost_frame_is_cpythons(fn, args):
    with pytest.raises(Exception) as want:
        fn.py_func(*args)
    with pytest.raises(Exception) as got:
        fn(*args)
    assert type(got.value) is type(want.value) and str(got.value) == str(want.value)
    assert innermost(got.value) == innermost(want.value)
    # the whole chain prints, compiled frame included, as CPython prints it
    text = "".join(traceback.format_exception(got.value))
    file, line, name, _ = innermost(want.value)
    assert f'File "{file}", line {line}, in {name}' in text


def test_loaded_module_adds_no_entry_for_a_relative_path(tmp_path, monkeypatch):
    """A .vmfb names its sources relative to its own folder: from another
    working directory that name could be another file, so no entry is made
    (the note still names the line)."""
    src = tmp_path / "aot_div.py"
    src.write_text("import pydm\n\n\n@pydm.jit\ndef div(x: int) -> int:\n    return 10 // x\n")
    out = tmp_path / "aot_div.vmfb"
    pydm.compile_file(str(src), str(out))
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "aot_div.py").write_text("# another file of the same name\n" * 10)
    monkeypatch.chdir(tmp_path / "elsewhere")
    with pytest.raises(ZeroDivisionError) as got:
        pydm.load(str(out)).div(0)
    with pytest.raises(ZeroDivisionError) as want:
        10 // 0
    assert str(got.value) == str(want.value)
    assert all(f.filename != "aot_div.py" for f in traceback.extract_tb(got.value.__traceback__))
    assert any("aot_div.py:6" in n for n in got.value.__notes__)
