"""Run differential checks of a generated module in a child process, so that a
compile that never terminates or a crash of the process (e.g. SIGFPE in the VM)
becomes a failure of one item instead of taking the whole test session down.

The module must define ``ITEMS``: a list of ``(jit_name, ref_name, [args, ...])``.
``ref_name`` is a plain Python function; where it raises
``OverflowError("int64 overflow")`` (its ``_ck`` helper: an int result leaves 64
bits), pydm must raise OverflowError (documented divergence, class compared
only). Otherwise results must agree as in ``harness.check``: value, type, float
bits, exception class and message.
"""
from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys

CK_MESSAGE = "int64 overflow"
TESTS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run(fn, args):
    try:
        return "ok", fn(*args)
    except Exception as exc:  # noqa: BLE001
        return "exc", exc


def _describe(kind, v):
    return f"raised {type(v).__name__}({str(v)!r})" if kind == "exc" else f"returned {v!r} ({type(v).__name__})"


def compare(ref_fn, jit_fn, args) -> str | None:
    from conformance.harness import same_value
    (rk, rv), (pk, pv) = _run(ref_fn, args), _run(jit_fn, args)
    if rk == "exc" and type(rv) is OverflowError and str(rv) == CK_MESSAGE:
        ok = pk == "exc" and type(pv) is OverflowError
        rdesc = "overflows int64 (pydm must raise OverflowError)"
    else:
        ok = (pk == "exc" and type(pv) is type(rv) and str(pv) == str(rv)) if rk == "exc" else \
            (pk == "ok" and same_value(rv, pv))
        rdesc = _describe(rk, rv)
    if ok:
        return None
    return f"{jit_fn.py_func.__name__}{args!r}: CPython {rdesc}, pydm {_describe(pk, pv)}"


def child_main(module_path: str, start: int) -> None:
    import importlib.util
    spec = importlib.util.spec_from_file_location("pydm_isolated_programs", module_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for i in range(start, len(mod.ITEMS)):
        jit_name, ref_name, arg_list = mod.ITEMS[i]
        jit_fn, ref_fn = getattr(mod, jit_name), getattr(mod, ref_name)
        failures = [f for f in (compare(ref_fn, jit_fn, tuple(a)) for a in arg_list) if f]
        print(json.dumps({"i": i, "failures": failures}), flush=True)


_CHILD = ("import sys; sys.path.insert(0, {tests!r}); "
          "from conformance.isolated import child_main; child_main({path!r}, {start})")


def run_isolated(module_path: str, n_items: int, item_timeout: float = 60.0) -> dict[int, list[str]]:
    """Failures per item index; a hang or a crash is reported as a failure of the item."""
    results: dict[int, list[str]] = {}
    start = 0
    while start < n_items:
        code = _CHILD.format(tests=TESTS_DIR, path=str(module_path), start=start)
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        try:
            while start < n_items:
                if not sel.select(timeout=item_timeout):
                    proc.kill()
                    results[start] = [f"no result within {item_timeout:.0f} s: compilation or "
                                      "execution does not terminate"]
                    start += 1
                    break
                line = proc.stdout.readline()
                if not line:
                    rc = proc.wait()
                    results[start] = [f"the process died (exit code {rc}) while checking this item"]
                    start += 1
                    break
                if not line.startswith('{"i"'):
                    continue  # stray output of the child
                msg = json.loads(line)
                results[msg["i"]] = msg["failures"]
                start = msg["i"] + 1
        finally:
            sel.close()
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()
    return results
