"""The in-process IREE backend (DESIGN.md §6, PLATFORM.md §0).

Never the standard ``iree-compile`` pipeline (it hangs on recursion) nor the
stock ``iree-vm-transformation-pipeline`` (it inlines without limit): this is
the VM pipeline minus inlining and global folding. Inlining is pydm's own
decision, made before this stage.
"""
from __future__ import annotations

import os
import sys
import tempfile
import threading

from iree.compiler import ir
from iree.compiler.api import Output, Session

from .vm_fixups import (branch_on_raw_conditions, fix_same_successor_cond_br, place_constants,
                        sink_into_edges, widen_i32_block_arguments)

# Every canonicalize runs bottom-up with a bound on rewrites: top-down, the
# greedy driver never terminated on a program with many small diamonds
# (inline type dispatch; found by pydm's fuzzing, tests/platform/
# test_platform_canonicalize.py); the bound turns any other such loop into a
# less simplified module instead of a hang.
CANONICALIZE = "canonicalize{top-down=false max-num-rewrites=100000%s}"

PIPELINE: tuple[str, ...] = (
    # canonicalize with region simplification hangs on some CFGs with unreachable
    # loops (MLIR region DCE, found by pydm); a first round without it removes them
    "reconcile-unrealized-casts, convert-scf-to-cf, " + CANONICALIZE % " region-simplify=disabled" + ", "
    + CANONICALIZE % "" + ", cse, symbol-dce",
    "iree-vm-conversion",
    "vm.module(iree-vm-reify-rodata-tables, iree-vm-hoist-inlined-rodata, iree-vm-deduplicate-rodata, "
    "iree-vm-drop-unused-calls, iree-vm-resolve-rodata-loads, iree-vm-global-initialization), "
    + CANONICALIZE % "" + ", cse, "
    "vm.module(iree-vm-drop-empty-module-initializers, iree-vm-annotate-functions, "
    "iree-vm-convert-to-yieldable-calls, iree-vm-drop-optimization-barriers, iree-vm-materialize-ref-discards)",
)

DIALECTS = ("builtin", "func", "arith", "cf", "scf", "math", "util", "vm")


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
            with _Fd2Capture() as cap:
                inv.import_module(module.operation)  # returns None; raises on failure
                ok = True
                step = "import"
                for step in PIPELINE:
                    if not ok:
                        break
                    ok = inv.execute_text_pass_pipeline(step)
                data = None
                if ok:
                    with module.context:  # VM bytecode bugs, see vm_fixups.py
                        branch_on_raw_conditions(module)
                        fix_same_successor_cond_br(module)
                        widen_i32_block_arguments(module)
                        sink_into_edges(module)
                        place_constants(module)
                    if stages is not None:
                        stages["vm"] = str(module)
                    out = Output.open_membuffer()
                    try:
                        inv.output_vm_bytecode(out)
                        data = bytes(out.map_memory())
                    except ValueError:
                        ok = False
                        step = "output_vm_bytecode"
            if not ok:
                raise BackendError(f"IREE backend failed at {step!r}:\n{cap.text}")
            return data
        finally:
            inv.close()
