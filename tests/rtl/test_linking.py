"""The runtime library: linked only when used, never into typed code, cached safely."""
import os
import subprocess
import sys
import textwrap

import pydm

from pydm import runtime_library


@pydm.jit
def typed_loop(n: int) -> float:
    s = 0.0
    for i in range(n):
        s += i * 0.5
    return s


@pydm.jit
def mixed(c: bool, a: int):
    x = a if c else 2.5
    return x * 2


def test_typed_program_links_nothing_and_has_no_object_records():
    assert typed_loop(4) == typed_loop.py_func(4)
    ir_text = typed_loop.inspect("pydm")
    lowered = typed_loop.inspect("iree")
    assert "pydmrtl$" not in ir_text and "pydmrtl$" not in lowered
    assert "!iree_pydm.object" not in ir_text
    assert "util.list" not in lowered  # no object records at all


def test_dynamic_program_links_only_what_it_uses(monkeypatch):
    monkeypatch.setenv("PYDM_LIBRARY_MODULE", "0")  # linked in (the JIT imports the library module)
    assert mixed(True, 3) == 6 and mixed(False, 3) == 5.0
    text = mixed.inspect("pydm")
    assert "func.func private @pydmrtl$mul" in text
    linked = {line.split("@")[1].split("(")[0] for line in text.splitlines()
              if "func.func private @pydmrtl$" in line}
    assert linked == library_closure("pydmrtl$mul"), linked
    assert "pydmrtl$add" not in linked and "pydmrtl$lt" not in linked


def library_closure(symbol: str) -> set:
    """``symbol`` and every library function it calls, directly or not."""
    from pydm.runtime_library import _callees, library_module
    funcs = {str(op.attributes["sym_name"]).strip('"'): op for op in library_module().body.operations
             if op.operation.name == "func.func"}
    out, todo = set(), [symbol]
    while todo:
        name = todo.pop()
        if name not in out:
            out.add(name)
            todo.extend(c for c in _callees(funcs[name]) if c.startswith("pydmrtl$"))
    return out


def _fresh_python(code: str, cache_dir: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYDM_CACHE_DIR=cache_dir)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=300)


SCRIPT = """
    import pydm.runtime_library as rl
    from pydm.backend import session
    with session().context:
        m = rl.library_module()
        print(sum(1 for op in m.body.operations if op.operation.name == "func.func"))
"""


def test_cache_is_written_and_a_corrupt_entry_is_rebuilt(tmp_path):
    cache = tmp_path / "cache"
    first = _fresh_python(SCRIPT, str(cache))
    assert first.returncode == 0, first.stderr
    entries = list(cache.glob("rtl-*.mlir"))
    assert len(entries) == 1
    count = int(first.stdout.strip())
    assert count > 20
    entries[0].write_text("this is not MLIR {{{")
    second = _fresh_python(SCRIPT, str(cache))
    assert second.returncode == 0, second.stderr
    assert int(second.stdout.strip()) == count
    assert entries[0].read_bytes().startswith(b"ML\xefR")  # rebuilt and rewritten (MLIR bytecode)


def test_cache_key_depends_on_library_sources(monkeypatch, tmp_path):
    key = runtime_library.cache_key()
    src = tmp_path / "numbers.py"
    src.write_text("def f(a: object) -> object:\n    return a\n")
    monkeypatch.setattr(runtime_library, "_source_paths", lambda: [str(src)])
    assert runtime_library.cache_key() != key
