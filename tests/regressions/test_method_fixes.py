"""Fixes to methods and the runtime library found by other engineers: each a
differential test (CPython's ``py_func`` against pydm) of the fixed case."""
import os
import subprocess
import sys
import textwrap

# ---- 1. a library function that needs the library while it is built -------------------------
REENTER = """
    import sys
    from iree.compiler import ir
    from pydm import runtime_library as rl
    from pydm.backend import session
    from pydm.errors import CompileError
    rl.LIB_DIR, rl.SOURCES = sys.argv[1], ("reenter.py",)
    with session().context, ir.Location.unknown():
        try:
            rl.library_module()
        except CompileError as exc:
            print(type(exc).__name__, exc.lineno, exc.message)
"""


def test_library_that_calls_the_library_while_built_fails_fast(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    here = os.path.dirname(os.path.abspath(__file__))
    intrinsics = os.path.join(here, "..", "..", "runtime_lib", "intrinsics.py")
    (lib / "intrinsics.py").write_text(open(intrinsics, encoding="utf-8").read())
    (lib / "reenter.py").write_text("from .intrinsics import fail  # noqa: F401\n\n\n"
                                    "def reenter(o: object) -> int:\n    return len(o)\n")
    env = dict(os.environ, PYDM_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(REENTER), str(lib)], env=env,
                          capture_output=True, text=True, timeout=120)  # it hung forever before
    assert done.returncode == 0, done.stderr
    kind, line, message = done.stdout.strip().split(" ", 2)
    assert kind == "InternalError" and line == "5", done.stdout
    assert "calls the runtime library itself" in message
