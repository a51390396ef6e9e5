"""Compile errors through the AOT command line (`pydm compile`).

The CLI must report ``file:line:col: error: ...`` with the caret, exit with a
non-zero status, write no output file, show no Python traceback and no path
inside the pydm package, and never import the user's file.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

import pydm

PYDM_PKG_DIR = os.path.dirname(os.path.abspath(pydm.__file__))
PYDM_SCRIPT = os.path.join(os.path.dirname(sys.executable), "pydm")

# Leading lines so that a function-relative line number cannot match.
SOURCE = textwrap.dedent('''\
    """A user file with one good and one bad function."""
    import pydm

    MARKER = __import__("pathlib").Path(__file__).with_suffix(".imported")
    MARKER.write_text("imported")


    @pydm.jit
    def good(n: int) -> int:
        return n * 3 + 1


    @pydm.jit
    def bad(n: int) -> int:
        k = n + 5
        ys = n @ 2
        return k


    raise SystemExit("must not import")
''')


def _bad_position():
    lines = SOURCE.splitlines()
    lineno = next(i for i, l in enumerate(lines, 1) if "ys = n @ 2" in l)
    col = lines[lineno - 1].index("n @ 2") + 1
    return lineno, col, lines[lineno - 1]


def _run(cmd, cwd, timeout=120):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("how", ["console_script", "python_m"])
def test_cli_reports_compile_error(tmp_path, how):
    src = tmp_path / "user_prog.py"
    src.write_text(SOURCE)
    out = tmp_path / "user_prog.vmfb"
    if how == "console_script":
        cmd = [PYDM_SCRIPT, "compile", str(src), "-o", str(out)]
    else:
        cmd = [sys.executable, "-m", "pydm", "compile", str(src), "-o", str(out)]
    p = _run(cmd, tmp_path)
    text = p.stdout + p.stderr
    lineno, col, line = _bad_position()

    assert p.returncode != 0, f"bad file compiled without error:\n{text}"
    assert "must not import" not in text, "the CLI imported the user's file"
    assert not src.with_suffix(".imported").exists(), "the CLI imported the user's file"
    assert not out.exists(), "an output file was written despite the error"
    assert f"user_prog.py:{lineno}:{col}: error:" in text, text
    assert line in text, f"source line not shown:\n{text}"
    caret_lines = [l for l in text.splitlines() if l.strip().startswith("^")]
    assert caret_lines, f"no caret line:\n{text}"
    assert "hint:" in text, text
    assert "Traceback" not in text, f"CLI printed a traceback:\n{text}"
    assert PYDM_PKG_DIR not in text, f"pydm-internal path in CLI output:\n{text}"


def test_cli_missing_input_file(tmp_path):
    out = tmp_path / "x.vmfb"
    p = _run([sys.executable, "-m", "pydm", "compile", str(tmp_path / "nope.py"),
              "-o", str(out)], tmp_path)
    assert p.returncode != 0
    assert "nope.py" in p.stderr + p.stdout
    assert "Traceback" not in p.stderr + p.stdout
    assert not out.exists()
