"""Latency of pydm as a user meets it (issue 11): import, first compile, call.

    python benchmarks/latency.py [--runs N]

Each row is measured in fresh processes (the minimum of N runs, default 5),
beside what CPython itself costs for the same step:

* ``import pydm`` against ``import json`` (a pure-Python stdlib package) — the
  compiler (iree.compiler, astroid) and the runtime (iree.runtime) are imported
  only at the first compile;
* the first call of a freshly decorated recursive ``fib`` (import of the
  compiler and runtime included, then the compile and the call) in a new
  process, and the same for a second function in that warm process;
* the same two first calls again in a new process whose JIT disk cache
  (``PYDM_JIT_CACHE_DIR``) holds the first process's compilations;
* a trivial call ``inc(x)`` of a compiled function against a call of an empty
  Python function (per call: a loop of calls minus a loop without them).

Targets (issue 11): import ≤ 150 ms; first compile of fib in a fresh process
≤ 150 ms and in a warm one ≤ 60 ms; a cached function's first call in a new
process ≤ 10 ms; a trivial call ≤ 15x an empty CPython call.

The processes run as an installed package runs: with bytecode caches (a
throw-away ``PYTHONPYCACHEPREFIX``, filled by one discarded run first), even
where the environment sets ``PYTHONDONTWRITEBYTECODE`` — without them every
process compiles pydm's ~150 source files (~100 ms). ``--no-bytecode`` measures
without them.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PROGRAM = textwrap.dedent('''
    import time
    t0 = time.perf_counter()
    import pydm
    t1 = time.perf_counter()

    @pydm.jit
    def fib(n: int) -> int:
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    @pydm.jit
    def fib2(n: int) -> int:
        return n if n < 2 else fib2(n - 1) + fib2(n - 2)

    @pydm.jit
    def inc(x: int) -> int:
        return x + 1

    t2 = time.perf_counter()
    fib(10)
    t3 = time.perf_counter()
    fib2(10)
    t4 = time.perf_counter()
    inc(1)
    N = 200000

    def loop(f):
        best = 1e9
        for _ in range(5):
            s = time.perf_counter()
            for i in range(N):
                f(i)
            best = min(best, time.perf_counter() - s)
        return best

    def nothing():
        best = 1e9
        for _ in range(5):
            s = time.perf_counter()
            for i in range(N):
                pass
            best = min(best, time.perf_counter() - s)
        return best

    def empty(i):
        pass
    base = nothing()
    print(t1 - t0, t3 - t2, t4 - t3, (loop(inc) - base) / N, (loop(empty) - base) / N)
''')


def run(code: str, cache_dir: str | None = None, pycache: str | None = None) -> list[float]:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    if cache_dir is not None:
        env["PYDM_JIT_CACHE_DIR"] = cache_dir
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         check=True)
    return [float(x) for x in out.stdout.split()]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-bytecode", action="store_true",
                    help="run without bytecode caches (as PYTHONDONTWRITEBYTECODE=1 with none written)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "latency_program.py")
        with open(path, "w") as f:
            f.write(PROGRAM)
        code = f"import runpy; runpy.run_path({path!r})"
        pycache = None if args.no_bytecode else os.path.join(d, "pycache")
        if pycache is not None:
            run(code, os.path.join(d, "warm-up"), pycache)  # fills the bytecode caches; not counted
        rows, cached = [], []
        for i in range(args.runs):  # a cold disk cache, then the same cache again
            cache = os.path.join(d, f"cache{i}")
            rows.append(run(code, cache, pycache))
            cached.append(run(code, cache, pycache))
        json_import = min(run("import time; t = time.perf_counter(); import json; print(time.perf_counter() - t)",
                              pycache=pycache)[0] for _ in range(args.runs))
    best = [min(r[i] for r in rows) for i in range(5)]
    imp, first, warm, call, py_call = best
    first_hit, warm_hit = (min(r[i] for r in cached) for i in (1, 2))
    print(f"| step | CPython | pydm | ratio | target |")
    print(f"|---|---:|---:|---:|---|")
    print(f"| import | {json_import * 1e3:.1f} ms (`import json`) | {imp * 1e3:.1f} ms (`import pydm`) | - |"
          f" ≤ 150 ms {'✓' if imp <= 0.150 else '✗'} |")
    print(f"| first compile + call of fib, fresh process | - | {first * 1e3:.0f} ms | - |"
          f" ≤ 150 ms {'✓' if first <= 0.150 else '✗'} |")
    print(f"| compile + call of a second fib, warm process | - | {warm * 1e3:.0f} ms | - |"
          f" ≤ 60 ms {'✓' if warm <= 0.060 else '✗'} |")
    print(f"| first call of fib, fresh process, disk cache hit | - | {first_hit * 1e3:.0f} ms | - |"
          f" ≤ 10 ms {'✓' if first_hit <= 0.010 else '✗'} |")
    print(f"| call of a second fib, warm process, disk cache hit | - | {warm_hit * 1e3:.1f} ms | - |"
          f" ≤ 60 ms {'✓' if warm_hit <= 0.060 else '✗'} |")
    print(f"| trivial call `inc(x)` (CPython: an empty function) | {py_call * 1e6:.3f} µs | {call * 1e6:.3f} µs | {call / py_call:.1f}× |"
          f" ≤ 15× {'✓' if call / py_call <= 15 else '✗'} |")
    print(f"(minimum of {args.runs} fresh processes each; "
          f"{'no bytecode caches' if args.no_bytecode else 'with bytecode caches'})")


if __name__ == "__main__":
    main()
