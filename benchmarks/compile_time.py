"""Compile time per stage for programs of growing size.

    python benchmarks/compile_time.py [--quick] [--family NAME ...] [--limit S] [--passes] [--library MODE]

Generates programs of growing size in four families and compiles each once,
timing every stage of ``pydm.compiler.compile_program``:

* ``straight``   -- N straight-line typed statements (int and float arithmetic);
* ``untyped``    -- the same N statements without annotations, compiled as
                    ``object`` (what ``pydm compile`` makes of them): dynamic
                    code plus its typed twins;
* ``loops``      -- ``range(n)`` loops nested 1..5 deep around one statement;
* ``signatures`` -- one 50-line unannotated helper called with K different
                    argument-type signatures (K specializations).

Per row (one program): the time of the frontend (types + importer + verify),
the pydm passes, the lowering, the other Python work of ``compile_program``
(stage texts), then the backend steps of ``pydm/backend/driver.py``: the MLIR
canonicalize/cse before ``iree-vm-conversion``, the conversion, the VM-level
canonicalize/cse, the other VM passes, the VM fix-ups and
``output_vm_bytecode``; then the IR size after lowering (``iree``) and at the
VM level: operations, blocks, block arguments, and the largest function's
operations. ``--passes`` adds one line per backend pass. A size is skipped
(``-``) once the previous size of its family took longer than ``--limit``
seconds (default 20), so every run stays bounded. ``--library imported`` (the
default, as the JIT compiles) calls the runtime library's own VM module
(``pydm/library_module.py``; built once before the rows), ``--library
linked`` links its functions into each program (as ``pydm compile`` does).

What the numbers show (IREE 3.13, this machine): everything but the backend
is linear; two backend stages grow faster than the program:

* ``output_vm_bytecode``: IREE's register allocation (LinearScan
  ``LiveIntervals::findLastUse``) scans the live-in list of every block once
  per value, so it costs about 3-5 ns x V x S per function (V: values, S: the
  sum over blocks of the live-in set sizes; ``--liveness`` prints both). V, the
  number of blocks and the live values per block all grow with the size of a
  *single* function: unrolled nested loops and inline type dispatch multiply
  all three. Most live-ins are constants (60-80%): CSE shares them and they
  stay live from their definition to their last use.
* ``iree-vm-materialize-ref-discards`` computes the same liveness for every
  function (quadratic); pydm now runs it only on the functions that hold refs.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from contextlib import contextmanager

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import pydm.compiler as compiler  # noqa: E402
from pydm.backend import driver  # noqa: E402
from pydm.frontend.source import load_module  # noqa: E402
from pydm.types import PyType  # noqa: E402

I, F, B, O = PyType.INT, PyType.FLOAT, PyType.BOOL, PyType.OBJECT


# --------------------------------------------------------------------------
# Program generators: (source text, entry function name, argument types)

def _statements(n: int) -> list[str]:
    """n statements over ``x`` (int) and ``y`` (float), each using the previous
    ones: checked int arithmetic, float arithmetic, a conversion, a compare."""
    out = ["a = x + 1", "b = y * 0.5"]
    for i in range(n - 2):
        k = i % 4
        if k == 0:
            out.append(f"a = (a * {3 + i % 5} + x) % 1000003")
        elif k == 1:
            out.append(f"b = b * 0.75 + a")
        elif k == 2:
            out.append(f"a = a - (x if a > {i} else {i % 11}) // 3")
        else:
            out.append("b = b - a * 0.125 + y")
    return out[:n]


def straight(n: int, typed: bool = True):
    sig = "x: int, y: float" if typed else "x, y"
    body = "\n".join("    " + s for s in _statements(n))
    src = f"import pydm\n\n\n@pydm.jit\ndef f({sig}):\n{body}\n    return a + b\n"
    return src, "f", (I, F) if typed else (O, O)


def untyped(n: int):
    return straight(n, typed=False)


def loops(depth: int):
    lines, ind = ["    s = 0"], "    "
    for d in range(depth):
        lines.append(f"{ind}for i{d} in range(n):")
        ind += "    "
    prod = " * ".join(f"(i{d} + 1)" for d in range(depth))
    lines.append(f"{ind}s = (s + {prod}) % 1000003")
    body = "\n".join(lines)
    src = f"import pydm\n\n\n@pydm.jit\ndef f(n: int) -> int:\n{body}\n    return s\n"
    return src, "f", (I,)


_HELPER = "\n".join("    " + s for s in [
    "r = a + b",
    *[f"r = r * {1 + i % 3} - c + a" if i % 2 else f"r = r + (b - c) * {i % 5}" for i in range(46)],
    "if r > a:", "    r = r - b", "return r",
])
_KINDS = [("int", "x"), ("float", "y"), ("bool", "z")]


def signatures(k: int):
    """``main`` calls ``h(a, b, c)`` with k distinct argument-type triples."""
    combos = [(p, q, r) for p in _KINDS for q in _KINDS for r in _KINDS][:k]
    calls = " + ".join(f"h({p[1]}, {q[1]}, {r[1]})" for p, q, r in combos)
    src = ("import pydm\n\n\n@pydm.jit\ndef h(a, b, c):\n" + _HELPER + "\n\n\n"
           "@pydm.jit\ndef main(x: int, y: float, z: bool):\n"
           f"    return {calls}\n")
    return src, "main", (I, F, B)


def module(lines: int):
    """A module of about ``lines`` lines: small typed functions of 20 lines,
    each calling the one before (the entry reaches all of them) — what a
    large real module looks like to the compiler (issue 11: linear in size)."""
    n = max(1, lines // 21)
    funcs = []
    for k in range(n):
        call = f"g{k - 1}(x + {k % 7}, y * 0.5)" if k else "x"
        body = ["a = x + 1", "b = y * 0.5"] + _statements(18)[2:] + [f"return a + (1 if b > a else 0) + {call}"]
        funcs.append(f"@pydm.jit\ndef g{k}(x: int, y: float) -> int:\n" + "\n".join("    " + s for s in body)
                     .replace("return a + b", ""))
    src = "import pydm\n\n\n" + "\n\n\n".join(funcs) + "\n"
    return src, f"g{n - 1}", (I, F)


FAMILIES = {
    "straight": (straight, [50, 100, 200, 400, 800, 1600], [50, 100, 200]),
    "untyped": (untyped, [25, 50, 100, 200, 400, 800], [25, 50, 100]),
    "loops": (loops, [1, 2, 3, 4, 5], [1, 2, 3]),
    "signatures": (signatures, [1, 2, 3, 6, 12], [1, 3, 6]),
    "module": (module, [250, 500, 1000, 2000, 5000], [250, 500, 1000]),
}


# --------------------------------------------------------------------------
# Timing

@contextmanager
def _timed(names: list[str], times: dict):
    """Wrap ``compiler.<name>`` for each name so its time adds to ``times[name]``."""
    saved = {}
    for name in names:
        fn = getattr(compiler, name, None)
        if fn is None:
            continue
        saved[name] = fn

        def wrapper(*a, __fn=fn, __name=name, **kw):
            t = time.perf_counter()
            try:
                return __fn(*a, **kw)
            finally:
                times[__name] = times.get(__name, 0.0) + time.perf_counter() - t
        setattr(compiler, name, wrapper)
    try:
        yield
    finally:
        for name, fn in saved.items():
            setattr(compiler, name, fn)


FRONTEND = ["_typed_program", "build_module"]
STAGES = {"frontend": FRONTEND, "pydm passes": ["run_pipeline"], "lowering": ["lower_module"]}


def _group(step: str) -> str:
    if step == "iree-vm-conversion":
        return "vm-conversion"
    if step.startswith(("vm_fixups.",)):
        return "vm fix-ups"
    if step == "output_vm_bytecode":
        return "emit"
    return step


#: compile_program's ``import_library`` (``--library``)
IMPORT_LIBRARY = True


def compile_once(src: str, entry: str, types: tuple) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "prog.py")
        with open(path, "w") as f:
            f.write(src)
        module = load_module(path)
        info = module.functions[entry]
        times: dict = {}
        names = [n for ns in STAGES.values() for n in ns] + ["compile_module"]
        t0 = time.perf_counter()
        with _timed(names, times), driver.record_timings() as steps:
            compiled = compiler.compile_program(module, [(info, types)], keep_stages=True,
                                                import_library=IMPORT_LIBRARY)
        total = time.perf_counter() - t0
    row = {"total": total, "steps": list(steps), "vmfb": len(compiled.vmfb)}
    for stage, ns in STAGES.items():
        row[stage] = sum(times.get(n, 0.0) for n in ns)
    row["other python"] = total - sum(row[s] for s in STAGES) - times.get("compile_module", 0.0)
    seen_conversion = False
    backend = {"pre-VM canonicalize+cse": 0.0, "vm-conversion": 0.0, "VM canonicalize+cse": 0.0,
               "other passes": 0.0, "vm fix-ups": 0.0, "emit": 0.0}
    for step, s in steps:
        g = _group(step)
        if g == "vm-conversion":
            seen_conversion = True
        elif g not in backend:
            if step.startswith(("canonicalize", "cse")):
                g = "VM canonicalize+cse" if seen_conversion else "pre-VM canonicalize+cse"
            else:
                g = "other passes"
        backend[g] += s
    row.update(backend)
    row["iree"] = ir_stats(compiled.stages["iree"])
    row["vm"] = ir_stats(compiled.stages["vm"])
    row["vm text"] = compiled.stages["vm"]
    return row


_BLOCK = re.compile(r"^\s*\^bb\d+(\((.*)\))?:", re.M)
_FUNC = re.compile(r"^\s*(?:func\.func|vm\.func)\b", re.M)
_OP = re.compile(r"^\s*(?:%[^=]+= )?\"?[a-z_]+\.[a-z_.0-9]+", re.M)


def ir_stats(text: str) -> dict:
    """Operations, blocks, block arguments, functions and the largest
    function's operation count, read from the IR text (one op per line)."""
    blocks = _BLOCK.findall(text)
    args = sum(m[1].count("%") for m in blocks)
    funcs = _FUNC.split(text)[1:]
    sizes = [len(_OP.findall(f)) for f in funcs] or [0]
    return {"ops": len(_OP.findall(text)), "blocks": len(blocks) + len(funcs), "args": args,
            "funcs": len(funcs), "max_fn_ops": max(sizes), "bytes": len(text)}


def liveness_cost(vm_text: str) -> tuple[float, tuple]:
    """The register allocator's work, modelled: for each ``vm.func``, V (values:
    op results and block arguments) times S (the sum over its blocks of the
    live-in set sizes). IREE's LinearScan ``LiveIntervals::findLastUse`` scans
    every block's live-in list once per value, so ``output_vm_bytecode`` takes
    about 3-5 ns per unit of sum(V * S). Returns (sum, (blocks, V, S) of the
    costliest function)."""
    from iree.compiler import ir
    with driver.session().context:
        module = ir.Module.parse(vm_text)
    total, worst = 0.0, (0, 0, 0)
    for top in module.body.operations:
        if top.operation.name != "vm.module":
            continue
        for fop in top.operation.regions[0].blocks[0].operations:
            if fop.operation.name != "vm.func":
                continue
            blocks = list(fop.operation.regions[0].blocks)
            values, uses, defs, succs = 0, {}, {}, {}
            for b in blocks:
                d = set(b.arguments)
                u = set()
                ops = [o.operation for o in b.operations]
                for o in ops:
                    u.update(x for x in o.operands if x not in d)
                    d.update(o.results)
                values += len(d)
                uses[b], defs[b] = u, d
                succs[b] = list(ops[-1].successors) if ops else []
            preds = {b: [] for b in blocks}
            for b in blocks:
                for x in succs[b]:
                    preds[x].append(b)
            live_in = {b: set(uses[b]) for b in blocks}
            work, queued = list(blocks), set(blocks)
            while work:
                b = work.pop()
                queued.discard(b)
                out = set().union(*(live_in[x] for x in succs[b]))
                new_in = uses[b] | (out - defs[b])
                if len(new_in) != len(live_in[b]):
                    live_in[b] = new_in
                    for p in preds[b]:
                        if p not in queued:
                            queued.add(p)
                            work.append(p)
            s = sum(len(v) for v in live_in.values())
            total += values * s
            if values * s >= worst[1] * worst[2]:
                worst = (len(blocks), values, s)
    return total, worst


# --------------------------------------------------------------------------
# Output

COLUMNS = ["total", "frontend", "pydm passes", "lowering", "other python", "pre-VM canonicalize+cse",
           "vm-conversion", "VM canonicalize+cse", "other passes", "vm fix-ups", "emit"]


def fmt(s: float) -> str:
    return f"{s:.2f}" if s < 10 else f"{s:.1f}"


def print_table(family: str, rows: list, show_passes: bool, liveness: bool) -> None:
    head = ["size"] + COLUMNS + ["iree ops", "blocks", "blk args", "iree KB", "vm ops", "vm blocks",
                                 "vm blk args", "max fn ops", "vmfb KB"]
    if liveness:
        head += ["V*S (1e6)", "worst fn: blocks, V, S", "emit ns / unit"]
    print(f"\n### {family} (seconds)\n")
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---:" for _ in head) + "|")
    for size, row in rows:
        if row is None:
            print(f"| {size} | " + " | ".join("-" for _ in head[1:]) + " |")
            continue
        cells = [str(size)] + [fmt(row[c]) for c in COLUMNS]
        a, v = row["iree"], row["vm"]
        cells += [str(a["ops"]), str(a["blocks"]), str(a["args"]), f"{a['bytes'] / 1024:.0f}",
                  str(v["ops"]), str(v["blocks"]),
                  str(v["args"]), str(v["max_fn_ops"]), f"{row['vmfb'] / 1024:.0f}"]
        if liveness:
            cost, worst = row["liveness"]
            cells += [f"{cost / 1e6:.0f}", ", ".join(map(str, worst)),
                      f"{row['emit'] / cost * 1e9:.1f}" if cost else "-"]
        print("| " + " | ".join(cells) + " |")
        if show_passes:
            slow = sorted(row["steps"], key=lambda p: -p[1])[:6]
            print("|  | " + "; ".join(f"{name} {fmt(s)}" for name, s in slow) + " |")
    sys.stdout.flush()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes only (about a minute)")
    ap.add_argument("--family", action="append", choices=sorted(FAMILIES), help="only these families")
    ap.add_argument("--limit", type=float, default=20.0,
                    help="skip the next sizes of a family once one took longer (seconds)")
    ap.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")], help="override sizes")
    ap.add_argument("--passes", action="store_true", help="the slowest backend passes of each row")
    ap.add_argument("--liveness", action="store_true",
                    help="the register allocation cost model sum(V * S) of each row (slow for big rows)")
    ap.add_argument("--library", choices=("imported", "linked"), default="imported",
                    help="the runtime library as its own VM module (the JIT's default) or linked in")
    args = ap.parse_args(argv)
    global IMPORT_LIBRARY
    IMPORT_LIBRARY = args.library == "imported"
    compile_once(*straight(3))  # warm up: imports, the session, the runtime library cache
    compile_once(*untyped(3))  # ... and the library's IR and VM module
    for family in args.family or list(FAMILIES):
        gen, full, quick = FAMILIES[family]
        sizes = args.sizes or (quick if args.quick else full)
        rows, over = [], False
        for size in sizes:
            if over:
                rows.append((size, None))
                continue
            print(f"[compile_time] {family} {size} ...", file=sys.stderr, flush=True)
            row = compile_once(*gen(size))
            if args.liveness:
                row["liveness"] = liveness_cost(row["vm text"])
            del row["vm text"]
            rows.append((size, row))
            over = row["total"] > args.limit
        print_table(family, rows, args.passes, args.liveness)
    return 0


if __name__ == "__main__":
    sys.exit(main())
