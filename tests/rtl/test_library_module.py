"""The runtime library as a VM module of its own (``pydm/library_module.py``):
programs that import it behave exactly as programs that link it, and as
CPython (values, types at every level, exception classes, messages and the
lines of their tracebacks); the library module is built once and reused from
the disk cache; ``pydm compile`` still links (one self-contained ``.vmfb``)."""
import os
import shutil
import subprocess
import sys
import textwrap
import traceback

import pytest

import pydm
from pydm import library_module, runtime_library


def helper(xs, i):
    return xs[i] + 1  # a library failure one compiled frame down


def generic_py(case: int, x: object):
    if case == 0:
        return [x, (x, "a"), {"k": x}]
    if case == 1:
        t = (x, 2.5)
        return t + t, t < (x, 3.0), x in t
    if case == 2:
        s = "ab" * x
        return s.upper() + str(len(s)), s.split("b"), s.find("b")
    if case == 3:
        d = {x: [x, x], "y": (1, x)}
        d["z"] = d.get(x, 0)
        return list(d.items()), len(d), x in d
    if case == 4:
        xs = [x, 3, 1]
        xs.append(2)
        return sorted(xs), xs[1:], xs * 2, sum(xs)
    if case == 5:
        return x + 1, x * 2.5, x // 2, -x
    if case == 10:
        return [][x]  # IndexError, a static message
    if case == 11:
        return int(x)  # ValueError, its message completed at run time (an exception object)
    if case == 12:
        d = {}
        return d[x]  # KeyError(x)
    if case == 13:
        try:
            return {}[x]
        except KeyError as e:  # the library's exception object, caught in the program
            return e.args, isinstance(e, LookupError)
    if case == 14:
        return x < "a"  # TypeError naming the run-time types
    if case == 15:
        return helper([1, 2], x)
    if case == 16:
        try:
            return [][x]
        except IndexError:
            return "caught"
    return None


CASES = [(0, 5), (0, "s"), (1, 4), (1, 1.5), (2, 3), (3, 7), (3, "y"), (4, 9), (5, 7), (5, 2.0),
         (10, 0), (11, "x"), (11, "12"), (12, "k"), (12, 3), (13, "q"), (14, 1), (15, 5), (15, 1),
         (16, 0)]


def typed(v):
    """``v`` with the type of every value at every level."""
    if isinstance(v, (list, tuple)):
        return type(v).__name__, [typed(x) for x in v]
    if isinstance(v, dict):
        return "dict", [(typed(k), typed(x)) for k, x in v.items()]
    return type(v).__name__, v


HERE = os.path.abspath(__file__)


def run(fn, args):
    """(``typed`` result, None) or (None, (class, message, this file's traceback lines))."""
    try:
        return typed(fn(*args)), None
    except Exception as exc:  # noqa: BLE001 - the exception is the result
        lines = [(f.name, f.lineno) for f in traceback.extract_tb(exc.__traceback__) if f.filename == HERE]
        return None, (type(exc), str(exc), lines)


@pytest.fixture(scope="module")
def compiled():
    """The same function compiled twice: importing the library module, and linking it."""
    fns = {}
    saved = os.environ.get("PYDM_LIBRARY_MODULE")
    try:
        for mode in ("1", "0"):
            os.environ["PYDM_LIBRARY_MODULE"] = mode
            fn = fns[mode] = pydm.jit(generic_py)
            fn(0, 1)  # compiled now, under this mode
    finally:
        if saved is None:
            os.environ.pop("PYDM_LIBRARY_MODULE", None)
        else:
            os.environ["PYDM_LIBRARY_MODULE"] = saved
    return fns


def test_imported_and_linked_agree_with_cpython(compiled):
    for args in CASES:
        want = run(generic_py, args)
        for mode, fn in compiled.items():
            assert run(fn, args) == want, (mode, args)


def test_the_modes_differ_where_they_should(compiled):
    imported, linked = compiled["1"], compiled["0"]
    imported_text = imported.inspect("iree", 0, 1)
    assert "@pydmrtl.pydmrtl$" in imported_text  # calls of the library module
    linked_here = {line.split("@")[1].split("(")[0] for line in imported_text.splitlines()
                   if "func.func private @pydmrtl$" in line}
    # only the scalar helpers are linked (native loops may call them)
    assert all(runtime_library.scalar_closure(name) for name in linked_here), linked_here
    for fn, wanted in ((imported, True), (linked, False)):
        programs = [program for program, _ in fn.jit._programs.values()]
        assert programs and all((p.library is not None) is wanted for p in programs)


@pydm.jit
def other(x):
    return {x: [x]}[x]


def test_a_second_compile_does_not_rebuild_the_library():
    library_module.library_program()
    before = library_module.builds
    assert other("a") == other.py_func("a")
    assert library_module.builds == before


SCRIPT = """
    import threading
    import pydm, pydm.library_module as lm
    @pydm.jit
    def f(x):
        d = {"a": x}
        return d["a"] + [x], d[x[0]]
    @pydm.jit
    def g(x):
        return int(x) + len(str(x) * 2)
    def outcome(fn, x):
        try:
            return "value", fn(x)
        except (KeyError, ValueError) as e:
            return type(e).__name__, str(e)
    # several threads compile at once: the library module is built (or read) once
    barrier = threading.Barrier(4)
    results = {}
    def work(k):
        fn, xs = ((f, ([1], ["a"])), (g, ("12", "x")))[k % 2]
        barrier.wait()
        results[k] = all(outcome(fn, x) == outcome(fn.py_func, x) for x in xs)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(len(results) == 4 and all(results.values()), lm.builds)
"""


def _fresh_python(cache_dir) -> subprocess.CompletedProcess:
    script = cache_dir.parent / "script.py"  # pydm reads a function's source from its file
    script.write_text(textwrap.dedent(SCRIPT))
    env = dict(os.environ, PYDM_CACHE_DIR=str(cache_dir), PYDM_LIBRARY_MODULE="1")
    return subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=600)


def test_the_library_module_is_read_from_the_disk_cache_and_a_damaged_one_rebuilt_once(tmp_path):
    from pydm.runtime_library import cache_dir, cache_key
    key = library_module.library_program()[0]
    assert key == cache_key()
    cache = tmp_path / "cache"
    cache.mkdir()
    for suffix in (".mlir", ".vmfb"):  # this process's entries: the library's IR and VM module
        shutil.copy(os.path.join(cache_dir(), f"rtl-{key}{suffix}"), cache / f"rtl-{key}{suffix}")
    want = "True "  # the same as CPython's, then how many times the process built the library
    hit = _fresh_python(cache)
    assert hit.returncode == 0, hit.stderr
    assert hit.stdout.strip() == want + "0"  # not built: read from the cache
    vmfb = cache / f"rtl-{key}.vmfb"
    data = bytearray(vmfb.read_bytes())
    data[len(data) // 2] ^= 0xFF
    vmfb.write_bytes(bytes(data))
    rebuilt = _fresh_python(cache)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert rebuilt.stdout.strip() == want + "1"  # damaged: built again (once), and correct
    assert library_module._read_cached(str(vmfb)) is not None  # the rebuilt entry replaced it


@pydm.jit
def after_failure(x):
    return [x, str(x)][1:] + list({x: 1})


def test_a_library_module_that_fails_to_build_makes_the_jit_link(monkeypatch):
    def broken():
        raise RuntimeError("simulated build failure")
    monkeypatch.setattr(library_module, "_built", {})
    monkeypatch.setattr(library_module, "_failed", None)
    monkeypatch.setattr(library_module, "_read_cached", lambda path: None)
    monkeypatch.setattr(library_module, "build_vmfb", broken)
    monkeypatch.setenv("PYDM_LIBRARY_MODULE", "1")
    assert library_module.import_enabled()
    assert after_failure(3) == after_failure.py_func(3)
    programs = [program for program, _ in after_failure.jit._programs.values()]
    assert programs and all(p.library is None for p in programs)  # linked
    assert not library_module.import_enabled()  # and the next compiles link at once


def test_pydm_compile_links_the_library_in(tmp_path):
    from pydm.aot import compile_path
    from pydm.runtime.loading import LoadedModule
    src = tmp_path / "prog.py"
    src.write_text("import pydm\n\n@pydm.jit\ndef g(x):\n    return {'k': x}['k'] + 1\n")
    compiled = compile_path(str(src), native=False)
    assert compiled.library is None
    module = LoadedModule(compiled.vmfb)
    assert module.g(2) == 3
    assert b"pydmrtl.pydmrtl$" not in compiled.vmfb  # no import of the library module
