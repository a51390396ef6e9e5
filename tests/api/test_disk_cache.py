"""The JIT's disk cache (pydm/runtime/cache.py): a second process reuses the
first one's compilations — without importing the compiler or astroid — and
gets CPython's answers; a changed source, a changed global or a damaged
entry is a miss, never a wrong answer.

Each case runs the same program in fresh processes sharing one cache folder;
the child compares every pydm result (value, type, exception class and
message) with CPython's (``fn.py_func``) and reports whether the compiler
was imported."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PROGRAM = '''
import os
import pydm

K = int(os.environ.get("K", "7"))
SCALE = (2, 0.5)


class Negative(ValueError):
    pass


@pydm.jit
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@pydm.jit
def addk(x, k=1, *, times=1):
    return (x + K) * times + k * SCALE[0]


@pydm.jit
def checked(n: int):
    if n < 0:
        raise Negative(f"n={n}")
    return 100 // n
'''

CHILD = '''
import json, sys
sys.path.insert(0, sys.argv[1])
import prog

def outcome(f, *args, **kw):
    try:
        v = f(*args, **kw)
        return ["value", repr(v), type(v).__name__]
    except Exception as e:
        return ["raise", type(e).__name__, str(e)]

cases = [(prog.fib, (15,), {}), (prog.addk, (1,), {}), (prog.addk, (1.5, 2), {"times": 3}),
         (prog.checked, (4,), {}), (prog.checked, (0,), {}), (prog.checked, (-2,), {})]
agree = all(outcome(f, *a, **kw) == outcome(f.py_func, *a, **kw) for f, a, kw in cases)
print(json.dumps({"agree": agree, "results": [outcome(f, *a, **kw) for f, a, kw in cases],
                  "compiler": "iree.compiler" in sys.modules, "astroid": "astroid" in sys.modules}))
'''


def run_child(folder, cache, **env_extra):
    env = dict(os.environ, PYTHONPATH=REPO, PYDM_JIT_CACHE_DIR=str(cache), PYDM_CACHE="1")
    env.update(env_extra)
    out = subprocess.run([sys.executable, str(folder / "child.py"), str(folder)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    """One cold run: its cache (copied by each test) and its results."""
    folder = tmp_path_factory.mktemp("first")
    (folder / "prog.py").write_text(textwrap.dedent(PROGRAM))
    (folder / "child.py").write_text(CHILD)
    result = run_child(folder, folder / "cache")
    assert result["agree"] and result["compiler"]
    return folder, result


@pytest.fixture
def project(tmp_path, first_run):
    """A copy of the first run's cache (``tmp_path / "cache"``) and of the
    program (hits need the first run's own file: the key holds its path)."""
    folder, _ = first_run
    for name in ("prog.py", "child.py"):
        shutil.copy(folder / name, tmp_path / name)
    shutil.copytree(folder / "cache", tmp_path / "cache")
    return tmp_path


def cached_files(cache):
    return sorted(p for p in cache.rglob("*") if p.is_file())


def test_second_process_reuses_compilations(project, first_run):
    cache = project / "cache"
    first = first_run[1]
    assert any(p.suffix == ".vmfb" for p in cached_files(cache))
    second = run_child(first_run[0], cache)
    assert second["agree"], second
    assert second["results"] == first["results"]
    # every call was served from the cache: nothing imported the compiler
    assert not second["compiler"] and not second["astroid"]


def test_changed_global_or_source_is_a_miss(project, first_run):
    cache = project / "cache"
    base = first_run[1]
    folder = first_run[0]
    # a global read at compile time changed: the entry is not reused
    changed = run_child(folder, cache, K="100")
    assert changed["agree"] and changed["compiler"]
    assert changed["results"] != base["results"]
    # the source changed (the same file): a new key
    source = folder / "prog.py"
    try:
        source.write_text(textwrap.dedent(PROGRAM).replace("100 // n", "1000 // n"))
        edited = run_child(folder, cache)
    finally:
        source.write_text(textwrap.dedent(PROGRAM))
    assert edited["agree"] and edited["compiler"]
    assert edited["results"] != base["results"]


def test_damaged_entry_is_recompiled(project, first_run):
    cache = project / "cache"
    base = first_run[1]
    for path in cached_files(cache):
        data = bytearray(path.read_bytes())
        if path.suffix == ".vmfb":
            data[len(data) // 2] ^= 0xFF  # one flipped byte inside the module
        else:
            data = data[: len(data) // 2]  # a truncated signature record
        path.write_bytes(bytes(data))
    again = run_child(first_run[0], cache)
    assert again["agree"] and again["compiler"]
    assert again["results"] == base["results"]


def test_cache_off(project):
    cache = project / "fresh-cache"
    result = run_child(project, cache, PYDM_CACHE="0")
    assert result["agree"]
    assert cached_files(cache) == []


def test_fingerprints_tell_apart_what_compiled_code_tells_apart():
    from pydm.runtime.cache import fingerprint
    values = [1, 1.0, True, -0.0, 0.0, "1", None, (1,), (1.0,), (True, "a"), 2**63 - 1]
    prints = [fingerprint(v) for v in values]
    assert len(set(prints)) == len(values)
    assert fingerprint(float("nan")) == fingerprint(float("nan"))
    assert fingerprint([1]) is None and fingerprint((1, [2])) is None and fingerprint(object()) is None


def test_per_function_switch(tmp_path):
    (tmp_path / "prog.py").write_text(textwrap.dedent(PROGRAM).replace("@pydm.jit\n", "@pydm.jit(cache=False)\n"))
    (tmp_path / "child.py").write_text(CHILD)
    result = run_child(tmp_path, tmp_path / "cache")
    assert result["agree"]
    assert cached_files(tmp_path / "cache") == []


def test_cli_info_and_clear(project):
    cache = project / "cache"
    root = project / "root"  # the rest of pydm's cache: a private folder, never the user's
    root.mkdir()
    (root / "native-0123.vmfb").write_bytes(b"x" * 10)
    (root / "rtl-0123.mlir").write_bytes(b"y" * 7)
    (root / "unrelated.txt").write_bytes(b"z")
    env = dict(os.environ, PYTHONPATH=REPO, PYDM_JIT_CACHE_DIR=str(cache), PYDM_CACHE_DIR=str(root), PYDM_CACHE="1")

    def cli(action):
        out = subprocess.run([sys.executable, "-m", "pydm.cli", "cache", action], env=env,
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        return out.stdout

    n = len(cached_files(cache))
    assert n > 0
    size = sum(p.stat().st_size for p in cached_files(cache))
    assert cli("info").splitlines() == [f"compiled functions: {n} files, {size} bytes in {cache}",
                                        f"native modules: 1 files, 10 bytes in {root}",
                                        f"runtime library: 1 files, 7 bytes in {root}",
                                        "compiled functions are cached"]
    assert cli("clear").strip() == f"removed {n + 2} files"
    assert cached_files(cache) == [] and sorted(p.name for p in root.iterdir()) == ["unrelated.txt"]


def test_the_same_text_in_another_file_is_a_miss(project, tmp_path_factory):
    """A compiled module names its source file in its raise sites: a copy of
    the program elsewhere must not reuse the entry (its errors would name the
    other file)."""
    other = tmp_path_factory.mktemp("elsewhere")
    for name in ("prog.py", "child.py"):
        shutil.copy(project / name, other / name)
    result = run_child(other, project / "cache")
    assert result["agree"] and result["compiler"]


NATIVE_PROGRAM = '''\
import pydm


@pydm.jit
def mixed(n: int, label: str):
    total = 0
    for i in range(n):
        total += i * i % 7 + 10 // (n - i - 1 + (n < 5))
    return [label, total]
'''

NATIVE_RUNNER = '''\
import json, sys
sys.path.insert(0, sys.argv[1])
import native_prog
out = []
for args in ((100000, "a"), (3, "b"), (7, "c")):
    for fn in (native_prog.mixed, native_prog.mixed.py_func):
        try:
            out.append(["value", fn(*args)])
        except Exception as exc:
            out.append(["raise", type(exc).__name__, str(exc)])
out.append(native_prog.mixed.inspect("native-decision", 5, "x") if "--decision" in sys.argv else "")
out.append("iree.compiler" in sys.modules)
print(json.dumps(out))
'''


def test_a_program_with_native_parts_is_cached_with_them(tmp_path):
    """An outlined native loop (issue 12): the second process loads the
    program and its native module from the cache - no compiler imported -
    with CPython's results and exceptions."""
    import json
    import subprocess
    import sys
    (tmp_path / "native_prog.py").write_text(NATIVE_PROGRAM)
    (tmp_path / "runner.py").write_text(NATIVE_RUNNER)
    env = dict(os.environ, PYDM_CACHE="1", PYDM_NATIVE="1", PYDM_JIT_CACHE_DIR=str(tmp_path / "cache"))

    def run(*extra):
        done = subprocess.run([sys.executable, str(tmp_path / "runner.py"), str(tmp_path), *extra],
                              capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.splitlines()[-1])

    first = run("--decision")
    assert "loop at line 7: native" in first[-2], first[-2]
    second = run()
    assert second[-1] is False  # a hit: no compiler in the second process
    for out in (first, second):
        results = out[:-2]
        assert all(results[i] == results[i + 1] for i in range(0, len(results), 2)), results
