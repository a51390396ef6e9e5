"""The in-process IREE backend (DESIGN.md §6, PLATFORM.md §0).

Never the standard ``iree-compile`` pipeline (it hangs on recursion) nor the
stock ``iree-vm-transformation-pipeline`` (it inlines without limit): this is
the VM pipeline minus inlining and global folding. Inlining is pydm's own
decision, made before this stage.
"""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Callable

from iree.compiler import ir
from iree.compiler.api import Output, Session

from .ref_edges import copy_repeated_ref_operands, is_ref, split_ref_edges
from .vm_fixups import (branch_on_raw_conditions, copy_live_branch_operands, fix_same_successor_cond_br,
                        place_constants, sink_into_edges, thread_constant_conditions,
                        widen_i32_block_arguments)

# Every canonicalize runs bottom-up with a bound on rewrites: top-down, the
# greedy driver never terminated on a program with many small diamonds
# (inline type dispatch; found by pydm's fuzzing, tests/platform/
# test_platform_canonicalize.py); the bound turns any other such loop into a
# less simplified module instead of a hang.
CANONICALIZE = "canonicalize{top-down=false max-num-rewrites=100000%s}"


@dataclass(frozen=True)
class PyStep:
    """A pipeline step written in Python: ``fn(module)`` returns how many
    changes it made; when it made some, the pass pipeline ``then`` runs after it."""

    fn: Callable[[ir.Module], int]
    then: str = ""

    def __str__(self) -> str:
        return self.fn.__name__


REF_DISCARDS = "vm.module(iree-vm-materialize-ref-discards)"

PIPELINE: tuple = (
    # canonicalize with region simplification hangs on some CFGs with unreachable
    # loops (MLIR region DCE, found by pydm); a first round without it removes them
    "reconcile-unrealized-casts, convert-scf-to-cf, " + CANONICALIZE % " region-simplify=disabled" + ", "
    + CANONICALIZE % "" + ", cse, symbol-dce",
    "iree-vm-conversion",
    # no iree-vm-drop-unused-calls: it drops calls to `nosideeffects` functions, which pydm
    # never marks, and its greedy rewrite failed on a fuzzed program (more than its 10
    # iterations; tests/platform/test_platform_drop_unused_calls.py)
    "vm.module(iree-vm-reify-rodata-tables, iree-vm-hoist-inlined-rodata, iree-vm-deduplicate-rodata, "
    "iree-vm-resolve-rodata-loads, iree-vm-global-initialization), "
    + CANONICALIZE % " region-simplify=aggressive" + ", cse",
    # jump threading, then a canonicalize that merges the blocks it left with one
    # predecessor (before the barriers are dropped: the float folds stay blocked)
    PyStep(thread_constant_conditions, CANONICALIZE % ""),
    "vm.module(iree-vm-drop-empty-module-initializers, iree-vm-annotate-functions, "
    "iree-vm-convert-to-yieldable-calls, iree-vm-drop-optimization-barriers), "
    # cse erases the ops the barriers kept alive (a float add whose result is
    # unused); it folds nothing, so the float identities stay unapplied
    "cse",
    REF_DISCARDS,  # runs on the functions that hold refs only (_run_ref_discards)
)

#: Fix-ups on the VM IR after the last pass, before emission, in order (vm_fixups.py).
#: ``copy_live_branch_operands`` is last: it depends on which op comes first in
#: each block (``place_constants`` puts constants there) and on the final edges.
FIXUPS = (thread_constant_conditions, branch_on_raw_conditions, fix_same_successor_cond_br, split_ref_edges,
          copy_repeated_ref_operands, widen_i32_block_arguments, sink_into_edges, place_constants,
          copy_live_branch_operands)

DIALECTS = ("builtin", "func", "arith", "cf", "scf", "math", "util", "vm")


def split_passes(step: str) -> list[str]:
    """The passes of one pipeline string, each as a pipeline of its own
    (``"a, vm.module(b, c)"`` -> ``["a", "vm.module(b)", "vm.module(c)"]``);
    running them in turn is the same as running the string."""
    def top_level(text):
        parts, depth, cur = [], 0, ""
        for ch in text:
            if ch in "({":
                depth += 1
            elif ch in ")}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur.strip())
                cur = ""
            else:
                cur += ch
        if cur.strip():
            parts.append(cur.strip())
        return parts

    out = []
    for part in top_level(step):
        if part.startswith("vm.module(") and part.endswith(")"):
            out += [f"vm.module({inner})" for inner in top_level(part[len("vm.module("):-1])]
        else:
            out.append(part)
    return out


#: While :func:`record_timings` is active: (step, seconds) of every backend step.
_timings: list | None = None


@contextlib.contextmanager
def record_timings():
    """Record the time of each backend step of the compiles inside the block:
    each pass of ``PIPELINE`` run on its own, each VM fix-up, the stage text,
    ``output_vm_bytecode``. Yields the list of ``(step, seconds)``."""
    global _timings
    with _lock:
        saved, _timings = _timings, []
        try:
            yield _timings
        finally:
            _timings = saved


class BackendError(Exception):
    """The IREE stages rejected a module; the text holds MLIR's diagnostics."""


class _Fd2Capture:
    """MLIR diagnostics go to C-level stderr only (a Python diagnostic handler
    kills the process, PLATFORM.md §0), so capture file descriptor 2."""

    def __enter__(self):
        sys.stderr.flush()
        self.file = tempfile.TemporaryFile()
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.file.seek(0)
        self.text = self.file.read().decode(errors="replace")
        self.file.close()


_lock = threading.RLock()
#: held by a whole compilation (pydm.compiler) and by each backend run: the
#: session's MLIR context is shared and not safe to mutate from two threads
COMPILE_LOCK = _lock
_session: Session | None = None


def session() -> Session:
    """The process-wide compiler session; its context holds all pydm IR."""
    global _session
    with _lock:
        if _session is None:
            _session = Session()
            ctx = _session.context
            for d in DIALECTS:
                ctx.dialects[d]
        return _session


def compile_module(module: ir.Module, *, stages: dict | None = None) -> bytes:
    """Run the VM pipeline on ``module`` in place and return VM bytecode.

    If ``stages`` is a dict, the VM-level IR text is stored under ``"vm"``.
    """
    sess = session()
    with _lock:
        inv = sess.invocation()
        inv.enable_console_diagnostics()
        try:
            timings = _timings
            clock = time.perf_counter()

            def done(what):
                nonlocal clock
                if timings is not None:
                    now = time.perf_counter()
                    timings.append((what, now - clock))
                    clock = now

            with _Fd2Capture() as cap:
                try:
                    inv.import_module(module.operation)  # returns None; raises on failure
                except RuntimeError:
                    module.operation.verify()  # raises with MLIR's diagnostics
                    raise
                done("import")
                ok = True
                step = "import"
                for step in PIPELINE:
                    if isinstance(step, PyStep):
                        with module.context:
                            changed = step.fn(module)
                        done(str(step))
                        if not changed or not step.then:
                            continue
                        step = step.then
                    if step == REF_DISCARDS:
                        ok = _run_ref_discards(inv, module)
                        done(step)
                    elif timings is None:
                        ok = inv.execute_text_pass_pipeline(step)
                    else:  # one pass at a time, each timed
                        for one in split_passes(step):
                            ok = ok and inv.execute_text_pass_pipeline(one)
                            done(one)
                    if not ok:  # (the error names the step that failed)
                        break
                data = None
                if ok:
                    with module.context:  # VM bytecode bugs, see vm_fixups.py
                        for fixup in FIXUPS:
                            fixup(module)
                            done(f"vm_fixups.{fixup.__name__}")
                    if stages is not None:
                        stages["vm"] = module.operation.get_asm(enable_debug_info=True)
                        done("print vm stage")
                    data = emit_bytecode(inv)
                    if data is None:
                        ok = False
                        step = "output_vm_bytecode"
                    done("output_vm_bytecode")
            if not ok:
                raise BackendError(f"IREE backend failed at {step!r}:\n{cap.text}")
            return data
        finally:
            inv.close()


def emit_bytecode(inv) -> bytes | None:
    """The invocation's module as VM bytecode; None when IREE cannot emit it
    (its diagnostics are on the captured stderr)."""
    out = Output.open_membuffer()
    try:
        inv.output_vm_bytecode(out)
        return bytes(out.map_memory())
    except ValueError:
        return None


# ---- iree-vm-materialize-ref-discards on the functions that hold refs ----------------
# The pass inserts ``vm.discard.refs`` where a ref dies; a function without refs
# gets nothing. But it first computes the function's value liveness, whose cost
# grows with (values x operations) and (blocks x live values): on a 1,600-
# statement typed function (17k VM ops, no refs) it took 7.7 s of a 12.8 s
# compile. The functions without refs are moved out of the vm.module for the
# pass (into a holder module the pass does not visit) and moved back after it,
# in their places.

def _has_refs(fop) -> bool:
    """Does this ``vm.func`` hold a ref value anywhere (arguments, results,
    block arguments, op results)?"""
    if "!vm." in str(fop.attributes["function_type"]):
        return True
    for block in fop.regions[0].blocks:
        if any(is_ref(a.type) for a in block.arguments):
            return True
    found = False

    def visit(op):
        nonlocal found
        for r in op.results:
            if is_ref(r.type):
                found = True
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    fop.walk(visit)
    return found


def _run_ref_discards(inv, module: ir.Module) -> bool:
    with module.context, ir.Location.unknown():
        vm_modules = [op for op in module.body.operations if op.operation.name == "vm.module"]
        if len(vm_modules) != 1:
            return inv.execute_text_pass_pipeline(REF_DISCARDS)
        body = vm_modules[0].regions[0].blocks[0]
        order = [op.operation for op in body.operations]
        funcs = [op for op in order if op.name == "vm.func"]
        plain = [f for f in funcs if not _has_refs(f)]
        if len(plain) == len(funcs):
            return True  # no refs: the pass would insert nothing
        if not plain:
            return inv.execute_text_pass_pipeline(REF_DISCARDS)
        names = {ir.StringAttr(f.attributes["sym_name"]).value for f in plain}
        exports = [op for op in order if op.name == "vm.export"
                   and ir.FlatSymbolRefAttr(op.attributes["function_ref"]).value in names]
        # (the parsed module must outlive the move: it owns the holder until then)
        parsed = ir.Module.parse("builtin.module { builtin.module { vm.module @pydm_hidden { } } }")
        holder = next(iter(parsed.body.operations)).operation
        holder.move_after(vm_modules[0].operation)
        hidden = next(iter(holder.regions[0].blocks[0].operations)).operation.regions[0].blocks[0]
        hidden_end = list(hidden.operations)[-1].operation
        for op in plain + exports:  # an export must find its function
            op.move_before(hidden_end)
        try:
            return inv.execute_text_pass_pipeline(REF_DISCARDS)
        finally:
            end = order[-1]  # the vm.module terminator: put everything back in order
            for op in order[:-1]:
                op.move_before(end)
            holder.erase()
