"""How fast can the IREE VM run a counted loop at all?

    python benchmarks/vm_floor.py

Compiles tiny hand-written MLIR loops with pydm's own backend
(``pydm.backend.compile_module``) and times them, to give the floor any
compiled Python loop is measured against:

* ``empty``: ``for i in range(n): pass`` - compare, branch, increment, branch;
* ``k ops``: the same loop carrying ``s`` through k extra simple i64 ops
  (add/xor alternating, a dependency chain);
* ``ideal int loop``: ``s = (s + i*i) % 1000003`` with no checks at all
  (mul, add, rem) - the best the VM can do for the benchmark's body;
* ``1 call``: one ``vm.call`` of a function returning ``(code, value)`` per
  iteration, with and without the caller testing the code (fib's shape);
* ``list get/set``: one read or write of an i64 slot of a VM list per
  iteration, in a variant list (``!util.list<?>``: what pydm's tuples and
  lists are) and in a typed one (``!util.list<i64>``) - what an element
  access costs before any Python semantics;

and reports ns per iteration, ns per VM op, and CPython's time for the
benchmark's int loop, so "≥ 7× CPython" can be judged against the floor.
"""
from __future__ import annotations

import time

import iree.runtime as rt
from iree.compiler import ir

from pydm.backend.driver import compile_module, session
from pydm.runtime.program import vm_instance

N = 3_000_000


CALLEE = """
func.func private @g(%x: i64) -> (i32, i64) {
    %z = arith.constant 0 : i32
    return %z, %x : i32, i64
}
"""

# One call per iteration to a function returning (code, value), as pydm's
# functions do, with the caller testing the code (fib's shape).
CALL = ["%r:2 = func.call @g(%i) : (i64) -> (i32, i64)",
        "%s_next = arith.addi %s, %r#1 : i64"]

CALL_CHECKED = ["%r:2 = func.call @g(%i) : (i64) -> (i32, i64)",
                "%bad = arith.cmpi ne, %r#0, %z32 : i32",
                "cf.cond_br %bad, ^exit, ^cont",
                "^cont:",
                "%s_next = arith.addi %s, %r#1 : i64"]


def loop_src(body: list[str], prologue: tuple = ()) -> str:
    """A function ``f(n) -> s``: ``for i in range(n): s = body(s, i)``.
    ``body`` lines use ``%s`` and ``%i`` and must define ``%s_next``;
    ``prologue`` lines run once before the loop."""
    lines = "\n".join(f"    {line}" if not line.startswith("^") else f"  {line}" for line in body)
    before = "".join(f"    {line}\n" for line in prologue)
    callee = CALLEE if any("@g" in line for line in body) else ""
    return callee + f"""
func.func @f(%n: i64) -> i64 {{
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c7 = arith.constant 7 : i64
    %c1000003 = arith.constant 1000003 : i64
    %z32 = arith.constant 0 : i32
{before}    cf.br ^head(%c0, %c0 : i64, i64)
  ^head(%i: i64, %s: i64):
    %go = arith.cmpi slt, %i, %n : i64
    cf.cond_br %go, ^body, ^exit
  ^body:
{lines}
    %i_next = arith.addi %i, %c1 : i64
    cf.br ^head(%i_next, %s_next : i64, i64)
  ^exit:
    return %s : i64
}}
"""


def chain(k: int) -> list[str]:
    if k == 0:
        return ["%s_next = arith.addi %s, %c0 : i64"]  # folded away: no op
    out, prev = [], "%s"
    for j in range(k):
        name = "%s_next" if j == k - 1 else f"%t{j}"
        op = "addi" if j % 2 == 0 else "xori"
        rhs = "%i" if j % 2 == 0 else "%c7"
        out.append(f"{name} = arith.{op} {prev}, {rhs} : i64")
        prev = name
    return out


IDEAL = ["%sq = arith.muli %i, %i : i64",
         "%sum = arith.addi %s, %sq : i64",
         "%s_next = arith.remsi %sum, %c1000003 : i64"]


def list_case(kind: str, op: str):
    """(prologue, body) of a loop that reads or writes slot i of a VM list of n slots."""
    prologue = ["%cap = arith.index_cast %n : i64 to index",
                f"%l = util.list.create %cap : !util.list<{kind}>",
                f"util.list.resize %l, %cap : !util.list<{kind}>"]
    body = ["%k = arith.index_cast %i : i64 to index"]
    if op == "set":
        body += [f"util.list.set %l[%k], %i : i64 -> !util.list<{kind}>",
                 "%s_next = arith.addi %s, %c0 : i64"]
    else:
        body += [f"%v = util.list.get %l[%k] : !util.list<{kind}> -> i64",
                 "%s_next = arith.addi %s, %v : i64"]
    return prologue, body


def build(body: list[str], prologue: tuple = ()):
    with session().context, ir.Location.unknown():
        module = ir.Module.parse(loop_src(body, prologue))
        stages: dict = {}
        vmfb = compile_module(module, stages=stages)
    inst = vm_instance()
    mod = rt.VmModule.copy_buffer(inst, vmfb)
    ctx = rt.VmContext(inst, modules=[mod])
    fn = mod.lookup_function("f")
    assert fn is not None

    def run(n):
        a = rt.VmVariantList(1)
        a.push_int(n)
        r = rt.VmVariantList(1)
        ctx.invoke(fn, a, r)
        return r.get_variant(0)
    return run, stages["vm"]


def vm_ops_per_iter(vm_text: str) -> int:
    """Ops in the loop blocks (everything after the entry block, minus the return)."""
    vm_text = vm_text[vm_text.index("vm.func private @f"):]
    body = vm_text.split("vm.br ^bb1", 1)[1]
    body = body.split("vm.export", 1)[0]
    return sum(1 for line in body.splitlines()
               if line.strip().startswith(("%", "vm.br", "vm.cond_br")) and "vm.const" not in line)


def best(fn, n, repeats=5) -> float:
    t = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(n)
        t = min(t, time.perf_counter() - t0)
    return t


def cpython_int_loop(n):
    s = 0
    for i in range(n):
        s = (s + i * i) % 1000003
    return s


def main() -> None:
    rows = []
    cases = [("empty loop", chain(0))] + [(f"{k} ops", chain(k)) for k in (2, 4, 8, 16, 32)]
    cases.append(("ideal int loop (mul, add, rem)", IDEAL))
    cases.append(("1 call of a trivial function", CALL))
    cases.append(("1 call + error-code test (fib's shape)", CALL_CHECKED))
    for label, body in cases:
        run, vm = build(body)
        ops = vm_ops_per_iter(vm)
        t = best(run, N)
        rows.append((label, ops, t / N * 1e9))
    for kind, name in (("?", "variant list (!util.list<?>)"), ("i64", "typed list (!util.list<i64>)")):
        for op in ("set", "get"):
            prologue, body = list_case(kind, op)
            if op == "get":  # slots written first: a variant slot must hold an i64 to be read as one
                prologue = list(prologue) + ["%c0i = arith.constant 0 : index", "%c1i = arith.constant 1 : index",
                                             "scf.for %j = %c0i to %cap step %c1i {",
                                             f"  util.list.set %l[%j], %c0 : i64 -> !util.list<{kind}>", "}"]
            run, vm = build(body, prologue)
            ops = vm_ops_per_iter(vm)
            t = best(run, N)
            rows.append((f"1 {op} of an i64 slot, {name}", ops, t / N * 1e9))
    assert build(IDEAL)[0](1000) == cpython_int_loop(1000)
    t_py = best(cpython_int_loop, N, 3) / N * 1e9
    print(f"IREE VM loop floor, {N:,} iterations (best of 5)\n")
    print("| loop | VM ops / iteration | ns / iteration | ns / op |")
    print("|---|---:|---:|---:|")
    for label, ops, ns in rows:
        print(f"| {label} | {ops} | {ns:.1f} | {ns / ops:.2f} |")
    print(f"\nCPython int loop `s = (s + i*i) % 1000003`: {t_py:.1f} ns / iteration; "
          f"7× needs ≤ {t_py / 7:.1f} ns / iteration.")


if __name__ == "__main__":
    main()
