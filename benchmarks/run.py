"""pydm benchmarks: every case under CPython and under pydm, side by side.

    python benchmarks/run.py [--quick]

Prints one markdown table (stdout; progress goes to stderr) with columns
``benchmark | CPython | pydm | speedup (CPython/pydm) | target``. Times are the
best of several ``time.perf_counter`` repeats; before a time is shown, pydm's
result is checked against CPython's (same type, same value). The ``target``
column is for reference only: this is a benchmark, not a test, and nothing
here asserts on time. The exit status is 1 only if some case raised an
unexpected error or returned a different result from CPython.

Cases that need issue #3 (unannotated functions, ``object`` annotations) print
"n/a (unsupported)" when pydm raises its CompileError.

Kernels live in real files (pydm reads a function's source): cases_typed.py,
cases_untyped.py, cases_object.py, cases_tuples.py, cases_lists.py, cases_functions.py,
cases_host.py. The CPython side
runs the same code:
the case file loaded a second time with ``pydm.jit`` stubbed to the identity
(the functions are what ``f.py_func`` is, but recursive calls stay in
CPython).
"""
from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import itertools
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
import traceback
import types
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

perf_counter = time.perf_counter


# --------------------------------------------------------------------------
# Settings


@dataclass(frozen=True)
class Settings:
    fib_n: int
    loop_n: int
    repeats: int  # repeats of each timed run (best is kept)
    budget_s: float  # stop repeating a measurement once it has taken this long
    call_target_s: float  # length of one timed loop of the call-overhead case
    compile_repeats: int


FULL = Settings(fib_n=30, loop_n=3_000_000, repeats=5, budget_s=10.0,
                call_target_s=0.2, compile_repeats=7)
QUICK = Settings(fib_n=22, loop_n=200_000, repeats=3, budget_s=1.0,
                 call_target_s=0.03, compile_repeats=3)
WARM_N = {"fib": 10, "int_loop": 100, "int_sum_loop": 100, "float_loop": 100,  # first (compiling) call
          "mixed_loop": 100, "dynamic_loop": 100, "pair_loop": 100, "swap_loop": 100,
          "tuple_index_loop": 100, "sieve": 100, "primes": 100, "build_sum": 100, "matmul": 4,
          "sort_ints": 100, "fannkuch": 5, "queens": 5, "calls_plain": 100, "calls_in_try": 100,
          "raise_catch": 100, "sort_by_key": 100, "gen_walk": 100, "gen_sum": 100, "word_count": 100, "dict_ints": 100,
          "format_floats": 100, "split_words": 100, "join_pieces": 100, "host_calls": 100,
          "host_calls_records": 100}
#: the list rows' sizes (the issue's: sieve n = 2,000,000, a million ints, 100x100, ...)
LIST_N = {"sieve": 2_000_000, "primes": 2_000_000, "build_sum": 1_000_000, "matmul": 100,
          "sort_ints": 100_000, "fannkuch": 8, "queens": 8,
          "calls": 1_000_000, "raise_catch": 200_000, "sort_by_key": 100_000, "gen_walk": 100_000,
          "gen_sum": 2_000_000,
          "word_count": 1_000_000, "dict_ints": 1_000_000, "format_floats": 100_000,
          "split_words": 100_000, "join_pieces": 100_000, "host_calls": 200_000,
          "host_calls_records": 200_000}
LIST_N_QUICK = {"sieve": 20_000, "primes": 20_000, "build_sum": 10_000, "matmul": 12,
                "sort_ints": 2_000, "fannkuch": 6, "queens": 6,
                "calls": 20_000, "raise_catch": 5_000, "sort_by_key": 2_000, "gen_walk": 2_000,
                "gen_sum": 20_000,
                "word_count": 20_000, "dict_ints": 20_000, "format_floats": 2_000,
                "split_words": 2_000, "join_pieces": 2_000, "host_calls": 2_000,
                "host_calls_records": 2_000}


# --------------------------------------------------------------------------
# Results


@dataclass
class Row:
    name: str
    cpython: str = "-"
    pydm: str = "-"
    speedup: str = "-"
    target: str = "-"


failures: list[tuple[str, str]] = []  # (case, details)


def is_compile_error(exc: BaseException) -> bool:
    return any(c.__name__ == "CompileError" for c in type(exc).__mro__)


def format_tb(exc: BaseException) -> str:
    lines = "".join(traceback.format_exception(exc)).rstrip().splitlines()
    return "\n".join(lines if len(lines) <= 30 else ["..."] + lines[-30:])


def record_error(row: Row, exc: BaseException, report: bool = True) -> None:
    if is_compile_error(exc):
        row.pydm = "n/a (unsupported)"
        return
    row.pydm = f"error ({type(exc).__name__})"
    if report:
        failures.append((row.name, format_tb(exc)))


def same(a, b) -> bool:
    return type(a) is type(b) and a == b


def mismatch(row: Row, what: str, got, expected) -> None:
    row.pydm = "MISMATCH"
    failures.append((row.name, f"{what}: pydm returned {got!r} ({type(got).__name__}), "
                               f"CPython {expected!r} ({type(expected).__name__})"))


def fmt_time(s: float) -> str:
    if s >= 1.0:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.1f} ms"
    return f"{s * 1e6:.1f} µs"


def fmt_ratio(r: float) -> str:
    return f"{r:.2f}×" if r < 1 else f"{r:.1f}×"


def progress(msg: str) -> None:
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Loading kernels


def load_plain(modname: str) -> dict:
    """The CPython side: the case file executed again, under another module
    name, with ``pydm.jit`` (and ``pydm.host``) stubbed to the identity. Its functions are the
    originals (what ``f.py_func`` is) and call each other, so recursion stays
    in CPython; and it works even when pydm itself is broken."""
    path = os.path.join(HERE, f"{modname}.py")
    stub = types.ModuleType("pydm")
    stub.jit = lambda fn: fn
    stub.host = lambda fn=None, **_: fn if fn is not None else (lambda f: f)  # a plain Python function
    saved = sys.modules.get("pydm")
    sys.modules["pydm"] = stub
    try:
        spec = importlib.util.spec_from_file_location(f"{modname}__cpython", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        if saved is None:
            sys.modules.pop("pydm", None)
        else:
            sys.modules["pydm"] = saved
    return vars(mod)


class Group:
    """One case module: its jit functions and their CPython twins."""

    def __init__(self, modname: str):
        self.modname = modname
        self.twins = load_plain(modname)
        self.mod = None
        self.error: BaseException | None = None
        try:
            self.mod = importlib.import_module(modname)
        except Exception as exc:  # e.g. CompileError raised at decoration
            self.error = exc
            if not is_compile_error(exc):
                failures.append((f"import {modname}", format_tb(exc)))


# --------------------------------------------------------------------------
# Timing


def best_of(f, args, cfg: Settings) -> tuple[float, object]:
    times = []
    result = None
    start = perf_counter()
    for _ in range(cfg.repeats):
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            t0 = perf_counter()
            result = f(*args)
            times.append(perf_counter() - t0)
        finally:
            if gc_was_enabled:
                gc.enable()
        if perf_counter() - start > cfg.budget_s:
            break
    return min(times), result


def best_of_pair(f_py, f_jit, args, cfg: Settings):
    """Best times of CPython and pydm, measured alternately (one run of each
    per round), so a change in the machine's speed during the run (a shared
    VM) affects both sides alike. Returns (t_py, result_py, t_jit, result_jit)."""
    t_py, t_jit = [], []
    r_py = r_jit = None
    start = perf_counter()
    for _ in range(cfg.repeats):
        for f, times in ((f_py, t_py), (f_jit, t_jit)):
            gc_was_enabled = gc.isenabled()
            gc.disable()
            try:
                t0 = perf_counter()
                r = f(*args)
                times.append(perf_counter() - t0)
            finally:
                if gc_was_enabled:
                    gc.enable()
            if f is f_py:
                r_py = r
            else:
                r_jit = r
        if perf_counter() - start > 2 * cfg.budget_s:
            break
    return min(t_py), r_py, min(t_jit), r_jit


def _call_loop(f, arg, n: int) -> float:
    it = itertools.repeat(None, n)
    t0 = perf_counter()
    for _ in it:
        f(arg)
    return perf_counter() - t0


def _empty_loop(n: int) -> float:
    it = itertools.repeat(None, n)
    t0 = perf_counter()
    for _ in it:
        pass
    return perf_counter() - t0


def per_call(f, arg, cfg: Settings) -> float:
    """Seconds per call of ``f(arg)``, the bare loop's own cost subtracted."""
    n = 1000
    while True:
        t = _call_loop(f, arg, n)
        if t >= 0.01 or n >= 10**8:
            break
        n *= 4
    n = max(1000, int(n * cfg.call_target_s / t))
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        best = min(_call_loop(f, arg, n) for _ in range(cfg.repeats))
        base = min(_empty_loop(n) for _ in range(cfg.repeats))
    finally:
        if gc_was_enabled:
            gc.enable()
    return max(best - base, 0.0) / n


# --------------------------------------------------------------------------
# Cases


#: ``--only``: the words a row's label must contain one of (empty: every row)
ONLY: list[str] = []


def selected(label: str) -> bool:
    return not ONLY or any(word in label for word in ONLY)


def kernel_row(label: str, group: Group, fname: str, n: int,
               cfg: Settings, target: float | None, extra: tuple = ()) -> Row | None:
    """``fname(n, *extra)`` under CPython and pydm (None: not selected)."""
    if not selected(label):
        return None
    row = Row(label, target=f"≥ {target:g}×" if target else "-")
    progress(label)
    if group.error is not None:
        t_py, _ = best_of(group.twins[fname], (n, *extra), cfg)
        row.cpython = fmt_time(t_py)
        record_error(row, group.error, report=False)  # reported once, by Group
        return row
    jf = getattr(group.mod, fname)
    try:
        warm = WARM_N[fname]
        got_warm = jf(warm, *extra)  # the first call compiles
        if not same(got_warm, group.twins[fname](warm, *extra)):
            mismatch(row, f"{fname}({warm})", got_warm, group.twins[fname](warm, *extra))
            return row
        t_py, expected, t_jit, got = best_of_pair(group.twins[fname], jf, (n, *extra), cfg)
        row.cpython = fmt_time(t_py)
    except Exception as exc:
        record_error(row, exc)
        return row
    if not same(got, expected):
        mismatch(row, f"{fname}({n})", got, expected)
        return row
    row.pydm = fmt_time(t_jit)
    ratio = t_py / t_jit
    row.speedup = fmt_ratio(ratio)
    if target:
        row.target += " ✓" if ratio >= target else " ✗"
    return row


COMPILE_SRC = '''\
import pydm


@pydm.jit
def {name}(a: int, b: int) -> int:
    s = {k}
    i = 0
    while i < a:
        if i % 3 == 0:
            s = s + i * b
        else:
            s = s - 1
        i = i + 1
    return s
'''


def compile_row(cfg: Settings, notes: list[str]) -> Row | None:
    """First call minus warm call of a fresh small function, in a warm process.

    Each repeat writes a new module file (different function name and
    constant, so no cache can answer) and imports it with importlib.
    """
    row = Row("first-call compile, small typed fn", target="≤ 60 ms")
    progress(row.name)
    tmp = tempfile.mkdtemp(prefix="pydm_bench_compile_")
    compiles, decorates = [], []
    modnames = []
    try:
        for k in range(cfg.compile_repeats):
            name = f"small_{os.getpid()}_{k}"
            modname = f"pydm_bench_tmp_{name}"
            path = os.path.join(tmp, f"{modname}.py")
            with open(path, "w") as fh:
                fh.write(COMPILE_SRC.format(name=name, k=k))
            spec = importlib.util.spec_from_file_location(modname, path)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[modname] = mod
            modnames.append(modname)
            t0 = perf_counter()
            spec.loader.exec_module(mod)  # CPython's own compile + @pydm.jit
            decorates.append(perf_counter() - t0)
            f = getattr(mod, name)

            t0 = perf_counter()
            first = f(10, 7)
            t_first = perf_counter() - t0
            t_warm = float("inf")
            for _ in range(5):
                t0 = perf_counter()
                warm = f(10, 7)
                t_warm = min(t_warm, perf_counter() - t0)
            expected = f.py_func(10, 7)
            if not (same(first, expected) and same(warm, expected)):
                mismatch(row, f"{name}(10, 7)", (first, warm), expected)
                return row
            compiles.append(t_first - t_warm)
    except Exception as exc:
        record_error(row, exc)
        return row
    finally:
        for m in modnames:
            sys.modules.pop(m, None)
        shutil.rmtree(tmp, ignore_errors=True)
    best = min(compiles)
    row.pydm = f"{best * 1e3:.1f} ms"
    row.target += " ✓" if best <= 0.060 else " ✗"
    notes.append(f"first-call compile: best of {len(compiles)} fresh functions; "
                 f"median {statistics.median(compiles) * 1e3:.1f} ms; "
                 f"import + decoration (not included) {min(decorates) * 1e3:.2f} ms.")
    return row


def call_row(label: str, group: Group, cfg: Settings, target_us: float | None) -> Row | None:
    if not selected(label):
        return None
    row = Row(label, target=f"≤ {target_us:g} µs" if target_us else "-")
    progress(label)
    t_py = per_call(group.twins["inc"], 1, cfg)
    row.cpython = f"{t_py * 1e6:.3f} µs"
    if group.error is not None:
        record_error(row, group.error, report=False)  # reported once, by Group
        return row
    jf = group.mod.inc
    try:
        got = jf(41)  # the first call compiles
        if not same(got, 42):
            mismatch(row, "inc(41)", got, 42)
            return row
        t_jit = per_call(jf, 1, cfg)
    except Exception as exc:
        record_error(row, exc)
        return row
    row.pydm = f"{t_jit * 1e6:.3f} µs"
    if t_jit > 0:
        row.speedup = fmt_ratio(t_py / t_jit)
    if target_us:
        row.target += " ✓" if t_jit * 1e6 <= target_us else " ✗"
    return row


# --------------------------------------------------------------------------


def render(rows: list[Row]) -> str:
    header = ["benchmark", "CPython", "pydm", "speedup (CPython/pydm)", "target"]
    cells = [header] + [[r.name, r.cpython, r.pydm, r.speedup, r.target] for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    align_right = [False, True, True, True, False]

    def line(c):
        return "| " + " | ".join(
            (v.rjust(w) if right else v.ljust(w)) for v, w, right in zip(c, widths, align_right)) + " |"

    sep = "|" + "|".join(("-" * (w + 1) + ":") if right else ("-" * (w + 2))
                         for w, right in zip(widths, align_right)) + "|"
    return "\n".join([line(header), sep] + [line(c) for c in cells[1:]])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    ap.add_argument("--only", action="append", default=[], metavar="WORD",
                    help="run only the rows whose label contains WORD (repeatable), e.g. --only calls")
    args = ap.parse_args(argv)
    ONLY[:] = args.only
    cfg = QUICK if args.quick else FULL
    t_start = perf_counter()

    typed = Group("cases_typed")
    untyped = Group("cases_untyped")
    obj = Group("cases_object")
    tuples = Group("cases_tuples")
    lists = Group("cases_lists")
    functions = Group("cases_functions")
    text = Group("cases_text")
    host = Group("cases_host")
    ln = LIST_N_QUICK if args.quick else LIST_N

    fib, loop = f"fib({cfg.fib_n})", f"{cfg.loop_n:,} it"
    notes: list[str] = []
    rows = [
        kernel_row(f"{fib} typed", typed, "fib", cfg.fib_n, cfg, 2),
        kernel_row(f"{fib} untyped", untyped, "fib", cfg.fib_n, cfg, None),
        kernel_row(f"{fib} `object`", obj, "fib", cfg.fib_n, cfg, None),
        kernel_row(f"int loop {loop} typed", typed, "int_loop", cfg.loop_n, cfg, 7),
        kernel_row(f"int loop {loop} untyped", untyped, "int_loop", cfg.loop_n, cfg, None),
        kernel_row(f"int loop {loop} `object`", obj, "int_loop", cfg.loop_n, cfg, None),
        kernel_row(f"int sum loop {loop} typed (no %)", typed, "int_sum_loop", cfg.loop_n, cfg, None),
        kernel_row(f"float loop {loop} typed", typed, "float_loop", cfg.loop_n, cfg, 5),
        kernel_row(f"float loop {loop} untyped", untyped, "float_loop", cfg.loop_n, cfg, None),
        kernel_row(f"float loop {loop} `object`", obj, "float_loop", cfg.loop_n, cfg, None),
        kernel_row(f"mixed int/float loop {loop} `object`", obj, "mixed_loop", cfg.loop_n, cfg, None, (0.5,)),
        kernel_row(f"dynamic loop {loop} `object` (boxed)", obj, "dynamic_loop", cfg.loop_n, cfg, None),
        kernel_row(f"tuple pair loop {loop} (build + unpack)", tuples, "pair_loop", cfg.loop_n, cfg, None),
        kernel_row(f"tuple swap loop {loop} (a, b = b, ...)", tuples, "swap_loop", cfg.loop_n, cfg, None),
        kernel_row(f"tuple index loop {loop} (t[i % len(t)])", tuples, "tuple_index_loop", cfg.loop_n, cfg,
                   None),
        kernel_row(f"sieve n={ln['sieve']:,} (count of primes)", lists, "sieve", ln["sieve"], cfg, 2),
        kernel_row(f"sieve n={ln['primes']:,} (the primes returned)", lists, "primes", ln["primes"], cfg, None),
        kernel_row(f"append {ln['build_sum']:,} ints, then sum them", lists, "build_sum", ln["build_sum"], cfg, 2),
        kernel_row(f"matrix multiply {ln['matmul']}x{ln['matmul']} (lists of lists)", lists, "matmul",
                   ln["matmul"], cfg, 2),
        kernel_row(f"sort {ln['sort_ints']:,} ints", lists, "sort_ints", ln["sort_ints"], cfg, 2),
        kernel_row(f"fannkuch({ln['fannkuch']})", lists, "fannkuch", ln["fannkuch"], cfg, 2),
        kernel_row(f"n-queens({ln['queens']})", lists, "queens", ln["queens"], cfg, 2),
        kernel_row(f"{ln['calls']:,} calls of a small function", functions, "calls_plain", ln["calls"], cfg,
                   None),
        kernel_row(f"{ln['calls']:,} calls, each inside try/except", functions, "calls_in_try", ln["calls"],
                   cfg, None),
        kernel_row(f"raise and catch, {ln['raise_catch']:,} iterations (half raise)", functions,
                   "raise_catch", ln["raise_catch"], cfg, 1),
        kernel_row(f"sorted({ln['sort_by_key']:,} pairs, key=lambda (a closure))", functions, "sort_by_key",
                   ln["sort_by_key"], cfg, None),
        kernel_row(f"a generator function walked by a for loop ({ln['gen_walk']:,} Collatz lengths)", functions,
                   "gen_walk", ln["gen_walk"], cfg, None),
        kernel_row(f"sum() of a generator function's items ({ln['gen_sum'] // 2:,} ints)", functions, "gen_sum",
                   ln["gen_sum"], cfg, None),
        kernel_row(f"word count, {ln['word_count']:,} words (dict of str keys)", text, "word_count",
                   ln["word_count"], cfg, 1),
        kernel_row(f"dict of {ln['dict_ints']:,} int keys (insert, look up, delete)", text, "dict_ints",
                   ln["dict_ints"], cfg, 1),
        kernel_row(f"format {ln['format_floats']:,} floats with an f-string", text, "format_floats",
                   ln["format_floats"], cfg, 1),
        kernel_row(f"split {ln['split_words']:,} lines into words (str.split)", text, "split_words",
                   ln["split_words"], cfg, 1),
        kernel_row(f"join {ln['join_pieces']:,} pieces (str.join)", text, "join_pieces",
                   ln["join_pieces"], cfg, 1),
        kernel_row(f"{ln['host_calls']:,} calls of a @pydm.host function from a loop", host, "host_calls",
                   ln["host_calls"], cfg, None),
        kernel_row(f"{ln['host_calls_records']:,} calls of a @pydm.host function (`object` parameter)",
                   host, "host_calls_records", ln["host_calls_records"], cfg, None),
        compile_row(cfg, notes) if selected("first-call compile") else None,  # last: a warm process
        call_row("call `inc(x)` typed, per call", typed, cfg, 1),
        call_row("call `inc(x)` untyped, per call", untyped, cfg, None),
    ]
    rows = [r for r in rows if r is not None]
    notes.append("per-call rows: loop of calls minus an empty loop of the same length.")
    notes.append("int loop: `s = (s + i * i) % 1000003`; int sum loop: `s = s + i * i` (unbounded, "
                 "every check kept); float loop: midpoint rule for "
                 "∫ 4/(1+x²) dx over [0, 1].")
    notes.append("tuple rows: `a, b = p; p = (b, (a + b) * 0.5 + i)` (a pair built and unpacked "
                 "every iteration), the same with `a, b = b, ...` (no tuple), and `t[i % len(t)]` "
                 "of a tuple of 8 ints; each returns its tuple or int to Python.")
    notes.append("list rows (benchmarks/cases_lists.py): the issue's kernels as a user writes them; "
                 "a list proven homogeneous is typed (one slot per element: append + sum), the others "
                 "are lists of dynamic values (two VM list slots per element).")
    notes.append("function rows (benchmarks/cases_functions.py): the plain call loop goes native "
                 "(issue #12: a scalar loop calling a scalar helper), the loop with `try` stays on the "
                 "VM, so their ratio is not the cost of `try` (measured on the VM: ~4 %, README "
                 "\"Exceptions and functions\"); raise and catch: a callee raising ValueError for odd i, "
                 "caught in the loop.")
    notes.append("text rows (benchmarks/cases_text.py): words counted in a dict (str keys), a dict "
                 "of int keys, floats formatted with an f-string (`.3f`: made in the VM, runtime_lib/strings.py "
                 "fixed_into), a line of 9 words split by whitespace (`line.split()`, "
                 "runtime_lib/str_methods.py), a list of 100,000 words joined by a space.")
    notes.append("mixed loop: `s = s + i * x` called with (int, float): entry dispatch to the "
                 "(int, float) twin; dynamic loop: `t = t + (1.5 if i % 3 == 0 else i)`, whose "
                 "values stay boxed.")

    print(f"pydm benchmarks ({'quick' if args.quick else 'full'}): best of ≤ {cfg.repeats} runs, "
          f"Python {platform.python_version()} on {platform.machine()}")
    print()
    print(render(rows))
    print()
    for note in notes:
        print(f"- {note}")
    print(f"- total wall time {perf_counter() - t_start:.1f} s")
    if failures:
        print()
        print(f"## Failures ({len(failures)})")
        for name, details in failures:
            print()
            print(f"### {name}")
            print("```")
            print(details)
            print("```")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
