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
  Python function (per call: a loop of calls minus a loop without them), and
  the same calls as one batch, ``inc.map(xs)``, per element.

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

#: the functions measured (after ``import pydm``)
FUNCTIONS = textwrap.dedent('''
    @pydm.jit
    def fib(n: int) -> int:
        return n if n < 2 else fib(n - 1) + fib(n - 2)

    @pydm.jit
    def fib2(n: int) -> int:
        return n if n < 2 else fib2(n - 1) + fib2(n - 2)

    @pydm.jit
    def inc(x: int) -> int:
        return x + 1
''')

PROGRAM = textwrap.dedent('''
    import time
    t0 = time.perf_counter()
    import pydm
    t1 = time.perf_counter()
''') + FUNCTIONS + textwrap.dedent('''
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
    xs = list(range(N))
    inc.map(xs)  # the batch entry's compile, not counted

    def batch():
        best = 1e9
        for _ in range(5):
            s = time.perf_counter()
            inc.map(xs)
            best = min(best, time.perf_counter() - s)
        return best
    print(t1 - t0, t3 - t2, t4 - t3, (loop(inc) - base) / N, (loop(empty) - base) / N, batch() / N)
''')


#: ``--breakdown``: where a fresh process's first compile goes (each import on
#: its own, in the order a compile needs them, then the MLIR session and the
#: compile), then the stages of a second compile in the same process (the
#: compiler's phases timed through wrappers). Times in ms, one line each.
BREAKDOWN = textwrap.dedent('''
    import time
    T = []

    def step(label, f):
        t = time.perf_counter()
        f()
        T.append((label, time.perf_counter() - t))

    step("fresh: import pydm, decorate", lambda: __import__("latency_fns"))
    import latency_fns as p
    step("fresh: numpy (imported by IREE's runtime extension and by iree.compiler.ir)",
         lambda: __import__("numpy"))
    step("fresh: IREE runtime extension", lambda: __import__("iree._runtime.libs", fromlist=["_runtime"]))
    step("fresh: pydm runtime modules", lambda: __import__("pydm.runtime.program"))
    step("fresh: iree.compiler.ir", lambda: __import__("iree.compiler.ir"))
    step("fresh: astroid", lambda: __import__("astroid"))
    step("fresh: pydm compiler modules", lambda: __import__("pydm.compiler"))
    from pydm.backend import driver
    step("fresh: MLIR session and its dialects' Python modules", driver.session)
    step("fresh: first compile + call of fib", lambda: p.fib(10))

    import pydm.compiler as C
    timed = [("_typed_program", "warm: types"), ("build_module", "warm: frontend (IR import)"),
             ("run_pipeline", "warm: pydm passes"), ("lower_module", "warm: lowering"),
             ("_go_native", "warm: native decision"), ("compile_module", "warm: IREE backend + VM fix-ups")]
    spent = {}
    for name, label in timed:
        def wrapped(*a, _f=getattr(C, name), _label=label, **k):
            t = time.perf_counter()
            try:
                return _f(*a, **k)
            finally:
                spent[_label] = spent.get(_label, 0.0) + time.perf_counter() - t
        setattr(C, name, wrapped)
    t = time.perf_counter()
    p.fib2(10)
    total = time.perf_counter() - t
    T += [(label, spent.get(label, 0.0)) for _, label in timed]
    T.append(("warm: the rest (load, caller, glue)", total - sum(spent.values())))
    T.append(("warm: total compile + call of fib2", total))
    for label, v in T:
        print(f"{label}\t{v}")
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


def _breakdown(folder: str, pycache: str | None, runs: int) -> dict:
    """The minimum of each BREAKDOWN line over ``runs`` fresh processes (without a disk cache)."""
    env = dict(os.environ, PYTHONPATH=folder + os.pathsep + ROOT, PYDM_CACHE="0")
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    with open(os.path.join(folder, "latency_fns.py"), "w") as f:
        f.write("import pydm\n" + FUNCTIONS)  # PROGRAM's functions, as a module of their own
    best: dict = {}
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", BREAKDOWN], capture_output=True, text=True, env=env,
                             cwd=folder, check=True)
        for line in out.stdout.splitlines():
            label, value = line.split("\t")
            best[label] = min(best.get(label, float("inf")), float(value))
    return best


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--breakdown", action="store_true",
                    help="also print where a fresh and a warm compile's time goes")
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
        if args.breakdown:
            breakdown = _breakdown(d, pycache, args.runs)
        json_import = min(run("import time; t = time.perf_counter(); import json; print(time.perf_counter() - t)",
                              pycache=pycache)[0] for _ in range(args.runs))
    best = [min(r[i] for r in rows) for i in range(6)]
    imp, first, warm, call, py_call, mapped = best
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
    print(f"| a call in a batch, `inc.map(xs)` (200,000 ints) per element | {py_call * 1e6:.3f} µs | {mapped * 1e6:.3f} µs |"
          f" {mapped / py_call:.1f}× | ≤ 15× {'✓' if mapped / py_call <= 15 else '✗'} |")
    if args.breakdown:
        print()
        print("| where the time goes | ms (minimum of each) |")
        print("|---|---:|")
        for label, value in breakdown.items():
            print(f"| {label} | {value * 1e3:.1f} |")
    print(f"(minimum of {args.runs} fresh processes each; "
          f"{'no bytecode caches' if args.no_bytecode else 'with bytecode caches'})")


if __name__ == "__main__":
    main()
