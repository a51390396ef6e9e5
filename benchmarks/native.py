"""Native loops (issue 12): CPython, pydm's VM path and pydm's native path
on the same kernels (benchmarks/cases_native.py), in one run.

    python benchmarks/native.py [--quick]

Prints a markdown table: the best of several runs of each, the ratios
CPython / VM and CPython / native, then the native compile times (cold: the
disk cache emptied; cached: the same module found in ``~/.cache/pydm``).
Every pydm result is checked against CPython's (type and value) before its
time is shown; exit status 1 on a mismatch."""
from __future__ import annotations

import argparse
import glob
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import pydm  # noqa: E402
import cases_native as cases  # noqa: E402
import cases_outline  # noqa: E402
from pydm import native as nat  # noqa: E402
from pydm.runtime_library import cache_dir  # noqa: E402

FULL = {"int_acc": 3_000_000, "int_mod_loop": 3_000_000, "float_loop": 3_000_000,
        "lattice": 2000, "mandelbrot": 200, "newton_calls": 200_000, "report": 3_000_000,
        "stats": 3_000_000}
QUICK = {"int_acc": 200_000, "int_mod_loop": 200_000, "float_loop": 200_000,
         "lattice": 200, "mandelbrot": 40, "newton_calls": 10_000, "report": 200_000, "stats": 200_000}
LABELS = {"int_acc": "int loop, unbounded accumulator `s = s + i*i`",
          "int_mod_loop": "int loop `s += i*i % 7`",
          "float_loop": "float loop (midpoint rule)",
          "lattice": "lattice points `x*x + y*y <= r*r`, r = {n}",
          "mandelbrot": "Mandelbrot {n}x{n}, 50 iterations",
          "newton_calls": "a loop calling a helper (Newton's square root, a loop of its own) per point, {n:,} points",
          # a larger function: only its hot loop goes native (outlined), the rest on the VM
          "report": "mixed: str and list around `total += i*i % 7` (outlined loop), {n:,} it",
          "stats": "mixed: while loop with continue, int and float live-outs, list of str (outlined), {n:,} it"}


def best(f, n, repeats):
    out, times = None, []
    for _ in range(repeats):
        t = time.perf_counter()
        out = f(n)
        times.append(time.perf_counter() - t)
    return min(times), out


def fmt(s):
    return f"{s * 1e3:.1f} ms" if s >= 1e-3 else f"{s * 1e6:.0f} µs"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    repeats = 3 if args.quick else 5
    # cold compiles: this run's native modules removed from the disk cache first
    for path in glob.glob(os.path.join(cache_dir(), "native-*.vmfb")):
        os.remove(path)
    rows, compiles, bad = [], [], 0
    for name, n in sizes.items():
        fn = getattr(cases, name, None) or getattr(cases_outline, name)
        vm, native = pydm.jit(native=False)(fn), pydm.jit(native=True)(fn)
        t = time.perf_counter()
        vm(1)
        t_vm_compile = time.perf_counter() - t
        t = time.perf_counter()
        native(1)
        t_cold = time.perf_counter() - t
        cold = nat.last_compile.get("seconds", 0.0)
        # a cached compile: a fresh jit function finds the vmfb on disk
        again = pydm.jit(native=True)(fn)
        t = time.perf_counter()
        again(1)
        t_cached = time.perf_counter() - t
        assert nat.last_compile.get("cached"), "the second native compile did not hit the cache"
        compiles.append((name, t_vm_compile, t_cold, cold, t_cached))
        t_py, want = best(fn, n, max(1, repeats - 2))
        t_vm, got_vm = best(vm, n, repeats)
        t_nat, got_nat = best(native, n, repeats)
        for got, what in ((got_vm, "VM"), (got_nat, "native")):
            if type(got) is not type(want) or got != want or list(map(type, got if type(got) is list else [])) \
                    != list(map(type, want if type(want) is list else [])):
                print(f"MISMATCH {name} {what}: {got!r} != CPython {want!r}", file=sys.stderr)
                bad = 1
        rows.append((LABELS[name].format(n=n), t_py, t_vm, t_nat))
        print(f"done {name}", file=sys.stderr)
    print("| benchmark | CPython | pydm VM | pydm native | CPython/VM | CPython/native |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, t_py, t_vm, t_nat in rows:
        print(f"| {label} | {fmt(t_py)} | {fmt(t_vm)} | {fmt(t_nat)} | {t_py / t_vm:.1f}× | {t_py / t_nat:.1f}× |")
    print()
    print("| kernel | VM compile | native compile, cold (of it: IREE llvm-cpu) | native compile, cached |")
    print("|---|---:|---:|---:|")
    for name, t_vm_c, t_cold, cold, t_cached in compiles:
        print(f"| {name} | {fmt(t_vm_c)} | {fmt(t_cold)} ({fmt(cold)}) | {fmt(t_cached)} |")
    return bad


if __name__ == "__main__":
    sys.exit(main())
