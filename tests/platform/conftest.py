"""Shared helpers for the platform-trap tests: run a generated script in a
fresh interpreter with a timeout, so a hang or a SIGFPE fails one test
instead of stalling or killing the whole run."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

TIMEOUT = 120


class ScriptResult:
    def __init__(self, proc: subprocess.CompletedProcess, path: str):
        self.proc = proc
        self.path = path
        self.returncode = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr
        self.results = {}
        for line in proc.stdout.splitlines():
            if line.startswith("RESULT "):
                rec = json.loads(line[len("RESULT "):])
                self.results[rec["case"]] = rec

    def describe(self) -> str:
        rc = self.returncode
        sig = ""
        if rc is not None and rc < 0:
            sig = f" (killed by {signal.Signals(-rc).name})"
        return (f"script {self.path} exited with {rc}{sig}\n"
                f"--- stdout ---\n{self.stdout[-3000:]}\n--- stderr ---\n{self.stderr[-3000:]}")

    def assert_ok(self):
        assert self.returncode == 0, self.describe()


# Prepended to every generated script: `report(case, **fields)` prints one
# JSON line; `outcome(fn, *args)` describes a call's result or exception.
PRELUDE = textwrap.dedent('''\
    import json as _json, math as _math, struct as _struct, sys as _sys

    def report(case, **fields):
        print("RESULT " + _json.dumps(dict(case=case, **fields)), flush=True)

    def outcome(fn, *args):
        try:
            r = fn(*args)
        except BaseException as e:  # noqa
            return {"kind": "raise", "type": type(e).__name__, "msg": str(e),
                    "notes": list(getattr(e, "__notes__", []))}
        if isinstance(r, float):
            return {"kind": "value", "type": "float",
                    "bits": _struct.pack("<d", r).hex()}
        return {"kind": "value", "type": type(r).__name__, "repr": repr(r)}
''')


def _run_file(path, text: str, timeout: int = TIMEOUT) -> ScriptResult:
    path.write_text(text)
    env = dict(os.environ)
    try:
        proc = subprocess.run([sys.executable, str(path)], cwd=path.parent,
                              capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"script {path} did not finish within {timeout}s "
                    f"(hang?)\nstdout: {e.stdout!r}\nstderr: {e.stderr!r}")
    res = ScriptResult(proc, str(path))
    res.text = text
    return res


@pytest.fixture(scope="session")
def run_script_at():
    """run_script_at(directory, body, name, timeout) -> ScriptResult (any scope)."""

    def run(directory, body: str, name: str = "prog.py", timeout: int = TIMEOUT):
        return _run_file(directory / name, PRELUDE + textwrap.dedent(body), timeout)

    return run


@pytest.fixture
def run_script(tmp_path):
    """run_script(body, name="prog.py", timeout=TIMEOUT) -> ScriptResult.

    ``body`` is dedented and the PRELUDE (``report``, ``outcome``) is put in
    front of it; ``result.text`` is the whole file, ``result.path`` its path.
    """

    def run(body: str, name: str = "prog.py", timeout: int = TIMEOUT):
        return _run_file(tmp_path / name, PRELUDE + textwrap.dedent(body), timeout)

    return run


def _line_of(text: str, marker: str) -> int:
    """1-based line of the (only) line containing ``marker``."""
    hits = [i for i, l in enumerate(text.splitlines(), 1) if marker in l]
    assert len(hits) == 1, f"test bug: marker {marker!r} found {len(hits)} times"
    return hits[0]


@pytest.fixture
def line_of():
    return _line_of


def note_names_line(notes, path: str, line: int) -> bool:
    """Does some note name ``path``'s file and ``line`` (``f.py:12:5`` or
    ``File "f.py", line 12``)?"""
    import re
    base = re.escape(os.path.basename(path))
    return any(re.search(rf"{base}\D{{1,8}}{line}\b", n) for n in notes or [])


@pytest.fixture
def notes_name_line():
    return note_names_line
