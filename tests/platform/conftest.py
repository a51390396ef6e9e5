"""Shared helpers for the platform-trap tests: run a generated script in a
fresh interpreter with a timeout, so a hang or a SIGFPE fails one test
instead of stalling or killing the whole run (``run_script``; ``run_cases``:
many cases in one interpreter, a new one after a case that crashed or hung)."""
from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import textwrap
import time

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


class CaseResult:
    """One case of ``run_cases``: its ``results`` (the ``report`` lines it
    printed), ``returncode`` 0 if it finished, else the interpreter's (or
    None: it hung and was killed); ``path``/``text``: the whole script."""

    def __init__(self, name, path, text, results, returncode, stdout, stderr, hung=False):
        self.name, self.path, self.text = name, str(path), text
        self.results, self.returncode, self.stdout, self.stderr = results, returncode, stdout, stderr
        self.hung = hung

    def describe(self) -> str:
        rc = self.returncode
        how = "hung (killed after its timeout)" if self.hung else f"ended the interpreter with {rc}"
        if isinstance(rc, int) and rc < 0:
            how += f" (killed by {signal.Signals(-rc).name})"
        return (f"case {self.name} of {self.path} {how}\n"
                f"--- stdout ---\n{self.stdout[-3000:]}\n--- stderr ---\n{self.stderr[-3000:]}")

    def assert_ok(self):
        assert self.returncode == 0, self.describe()


_DRIVER = textwrap.dedent('''
    import sys as _sys
    for _i in range(int(_sys.argv[1]), len(_CASES)):
        print(f"CASE-START {_i}", flush=True)
        _CASES[_i]()
        print(f"CASE-END {_i}", flush=True)
    ''')


def _run_cases(path, defs: str, cases: dict, timeout: float) -> dict:
    names = list(cases)
    funcs = "".join(f"def _case_{i}():\n" + textwrap.indent(textwrap.dedent(code).strip("\n") + "\n", "    ") + "\n"
                    for i, code in enumerate(cases.values()))
    text = (PRELUDE + textwrap.dedent(defs) + "\n\n" + funcs
            + f"_CASES = [{', '.join(f'_case_{i}' for i in range(len(names)))}]\n" + _DRIVER)
    path.write_text(text)
    out: dict = {}
    start = 0
    while start < len(names):
        err_path = path.with_suffix(f".stderr{start}")
        with open(err_path, "w") as err:
            proc = subprocess.Popen([sys.executable, str(path), str(start)], cwd=path.parent,
                                    stdout=subprocess.PIPE, stderr=err)
            sel = selectors.DefaultSelector()
            sel.register(proc.stdout, selectors.EVENT_READ)
            pending, lines, cur, hung = b"", [], None, False
            deadline = time.monotonic() + timeout
            while True:
                if not sel.select(timeout=max(0.0, deadline - time.monotonic())):
                    proc.kill()
                    hung = True
                    break
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                pending += chunk
                *complete, pending = pending.split(b"\n")
                for raw in complete:
                    line = raw.decode(errors="replace")
                    if line.startswith("CASE-START "):
                        cur, lines = int(line.split()[1]), []
                        deadline = time.monotonic() + timeout
                    elif line.startswith("CASE-END "):
                        out[names[cur]] = CaseResult(names[cur], path, text, _results(lines), 0,
                                                     "\n".join(lines), "")
                        cur = None
                    else:
                        lines.append(line)
            proc.stdout.close()
            rc = proc.wait()
        stderr = err_path.read_text(errors="replace")
        if cur is not None:  # the case crashed or hung: the next interpreter starts after it
            out[names[cur]] = CaseResult(names[cur], path, text, _results(lines), rc,
                                         "\n".join(lines + [pending.decode(errors="replace")]), stderr, hung)
            start = cur + 1
            continue
        # the interpreter ended outside a case: done, or it could not even start one
        for name in names[start:]:
            out.setdefault(name, CaseResult(name, path, text, {}, rc if rc else "no result",
                                            "\n".join(lines), stderr, hung))
        break
    return out


def _results(lines) -> dict:
    return {rec["case"]: rec for rec in (json.loads(l[len("RESULT "):]) for l in lines if l.startswith("RESULT "))}


@pytest.fixture(scope="session")
def run_cases():
    """run_cases(directory, defs, cases, name="cases.py", timeout=TIMEOUT) -> {case: CaseResult}.

    One interpreter runs the code of every case in turn (a fresh interpreter
    per case costs about 1.5 s of start-up, import and library load): the
    script is the PRELUDE, ``defs`` (module level: the jit functions) and each
    case's code as the body of a function. After a crash (e.g. SIGFPE) or a
    hang (``timeout`` seconds per case) the next interpreter starts at the
    next case, so a trap fails its own case only.
    """

    def run(directory, defs: str, cases: dict, name: str = "cases.py", timeout: float = TIMEOUT):
        return _run_cases(directory / name, defs, cases, timeout)

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
