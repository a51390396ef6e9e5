"""Native parts inside an ahead-of-time ``.vmfb`` (issue 12): one file.

The JIT links a native module (``pydm/native.py``) with the VM module at run
time: two vmfbs. A ``.vmfb`` written by ``pydm compile`` must be one file
that ``iree-run-module --device=local-sync`` runs, so there the native module
stops short of the VM: IREE's standard pipeline (the native module alone, as
for the JIT) runs only up to its ``hal`` phase, and what it leaves —
``util.global``s for the device and the executable, ``util.initializer``s that
create them, the ``hal.executable`` holding the compiled ELF, and ``@run``
recording and submitting the dispatch — is moved into pydm's own module before
pydm's VM pipeline (``backend/driver.py``), which converts it to the VM with
the rest. The VM module thus never goes through the standard pipeline (it
hangs on recursion, PLATFORM.md), and the file imports IREE's ``hal`` module:
any host that registers a HAL device first runs it.

Each embedded part's symbols are renamed ``<native module>$<symbol>``;
``@run`` becomes ``@<native module>.run``, the very name the VM function
already calls (``native.replace_with_call``), so the import declaration is
simply replaced by the function.
"""
from __future__ import annotations

import hashlib
import os
import threading
import time

from iree.compiler import ir

#: the standard pipeline's last phase run here (the native module's flags otherwise)
HAL_PHASE = "hal"

_lock = threading.Lock()
_session = None


def _cache_path(text: str) -> str:
    from iree.compiler import version as iree_version
    from .native import NATIVE_FLAGS
    from .runtime_library import cache_dir
    h = hashlib.sha256()
    h.update(str(getattr(iree_version, "VERSION", "")).encode())
    h.update("\0".join((*NATIVE_FLAGS, HAL_PHASE)).encode())
    h.update(text.encode())
    return os.path.join(cache_dir(), f"native-hal-{h.hexdigest()[:32]}.mlirbc")


def compile_hal(text: str, timing: dict | None = None) -> bytes:
    """The native module ``text`` after the standard pipeline's ``hal`` phase
    (MLIR bytecode; from the disk cache when there). ``timing`` gets
    ``seconds`` and ``cached``."""
    global _session
    start = time.perf_counter()
    path = _cache_path(text)
    try:
        with open(path, "rb") as f:
            data = f.read()
        if timing is not None:
            timing.update(seconds=time.perf_counter() - start, cached=True)
        return data
    except OSError:
        pass
    from iree.compiler.api import Output, Session, Source
    from .backend.driver import BackendError, _Fd2Capture
    from .native import NATIVE_FLAGS
    with _lock:
        if _session is None:
            _session = Session()
            _session.set_flags(*NATIVE_FLAGS)
        inv = _session.invocation()
        inv.enable_console_diagnostics()
        _compile_to(inv, HAL_PHASE)
        data = None
        try:
            with _Fd2Capture() as cap:
                ok = inv.parse_source(Source.wrap_buffer(_session, text.encode(), buffer_name="pydm-native.mlir"))
                ok = ok and inv.execute_text_pass_pipeline("inline{default-pipeline=''}, symbol-dce")
                ok = ok and inv.execute()
                if ok:
                    out = Output.open_membuffer()
                    inv.output_ir_bytecode(out)
                    data = bytes(out.map_memory())
            if data is None:
                raise BackendError("native module (hal phase): " + cap.text)
        finally:
            inv.close()
    from .runtime.cache import write_atomically
    write_atomically(path, data)  # a read-only cache: none, still correct
    if timing is not None:
        timing.update(seconds=time.perf_counter() - start, cached=False)
    return data


def _compile_to(inv, phase: str) -> None:
    """``--compile-to=phase`` for one invocation: a C API call
    (``ireeCompilerInvocationSetCompileToPhase``) the Python API does not wrap
    (the session's flags do not take it)."""
    import ctypes
    setter = inv._local_dylib.ireeCompilerInvocationSetCompileToPhase
    setter.restype, setter.argtypes = None, [ctypes.c_void_p, ctypes.c_char_p]
    setter(inv._inv_p, phase.encode())


def embed(mod: ir.Module, name: str, hal: bytes) -> None:
    """Move the native module ``name`` (``hal``: :func:`compile_hal`'s output)
    into ``mod`` (in the current context), in place of the declaration of its
    import ``@<name>.run``."""
    part = ir.Module.parse(hal)
    body = part.operation
    renames = []
    for op in part.body.operations:
        if "sym_name" in op.attributes:
            old = ir.StringAttr(op.attributes["sym_name"]).value
            renames.append((op, old, f"{name}.run" if old == "run" else f"{name}${old}"))
    for op, old, new in renames:
        ir.SymbolTable.replace_all_symbol_uses(old, new, body)
        ir.SymbolTable.set_symbol_name(op, new)
        if new == f"{name}.run":  # an internal function now, not an export
            op.attributes["sym_visibility"] = ir.StringAttr.get("private")
            for key in ("iree.abi.stub", "iree.reflection"):
                if key in op.attributes:
                    del op.attributes[key]
    target = f"{name}.run"
    for op in list(mod.body.operations):
        if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == target:
            op.operation.erase()  # the import's declaration
        elif op.operation.name == "func.func":
            _calls_to_util(op.operation, target)
    last = list(mod.body.operations)[-1]
    for op in list(part.body.operations):
        op.operation.move_before(last)


def _calls_to_util(fop, target: str) -> None:
    """Each ``func.call @target`` in ``fop`` as a ``util.call`` (``func.call``
    must name a ``func.func``; the embedded ``@run`` is a ``util.func``)."""
    for region in fop.regions:
        for block in region.blocks:
            for op in list(block.operations):
                op = op.operation
                if op.regions:
                    _calls_to_util(op, target)
                if op.name != "func.call" or ir.FlatSymbolRefAttr(op.attributes["callee"]).value != target:
                    continue
                new = ir.Operation.create("util.call", results=[r.type for r in op.results],
                                          operands=list(op.operands),
                                          attributes={"callee": op.attributes["callee"]},
                                          loc=op.location, ip=ir.InsertionPoint(op))
                for old, value in zip(op.results, new.results):
                    old.replace_all_uses_with(value)
                op.erase()
