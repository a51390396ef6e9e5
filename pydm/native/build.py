"""Compiling a native module: IREE's standard pipeline for ``llvm-cpu`` in a
session of its own (the flags are per session), cached on disk."""
from __future__ import annotations

import hashlib
import os
import threading
import time

#: The standard pipeline's flags. ``x86-64-v2`` has no FMA instructions:
#: IREE marks every float multiply and add ``contract`` and, on a CPU with
#: FMA (``host``), LLVM fuses ``a * b + c`` into one ``vfmadd`` (rounded
#: once, unlike CPython); f64 must not be demoted to f32 (the default).
NATIVE_FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=x86-64-v2",
    "--iree-input-demote-f64-to-f32=false",
)


# -- compiling the native module (its own session: the flags are per session)

_lock = threading.Lock()
_session = None
#: seconds of the last native compile and whether it came from the disk cache
last_compile: dict = {}


def _cache_path(text: str, phase: str | None = None) -> str:
    from iree.compiler import version as iree_version
    from ..runtime_library import cache_dir
    h = hashlib.sha256()
    h.update(str(getattr(iree_version, "VERSION", "")).encode())
    h.update("\0".join((*NATIVE_FLAGS, *([f"--compile-to={phase}"] if phase else []))).encode())
    h.update(text.encode())
    name = f"native-{phase}-{h.hexdigest()[:32]}.mlirbc" if phase else f"native-{h.hexdigest()[:32]}.vmfb"
    return os.path.join(cache_dir(), name)


def compile_native(text: str, phase: str | None = None) -> bytes:
    """The native module's vmfb (from the disk cache when there); with
    ``phase`` (``"hal"``: ahead of time, ``pydm/native/embed.py``) the module
    after that phase of the standard pipeline instead, as MLIR bytecode."""
    global _session
    start = time.perf_counter()
    path = _cache_path(text, phase)
    try:
        with open(path, "rb") as f:
            data = f.read()
        last_compile.update(seconds=time.perf_counter() - start, cached=True)
        return data
    except OSError:
        pass
    from iree.compiler.api import Session, Source
    from ..backend.driver import BackendError, _Fd2Capture, emit_bytecode
    with _lock:
        if _session is None:
            _session = Session()
            _session.set_flags(*NATIVE_FLAGS)
        inv = _session.invocation()
        inv.enable_console_diagnostics()
        if phase:
            _compile_to(inv, phase)
        try:
            with _Fd2Capture() as cap:
                ok = inv.parse_source(Source.wrap_buffer(_session, text.encode(), buffer_name="pydm-native.mlir"))
                ok = ok and inv.execute_text_pass_pipeline("inline{default-pipeline=''}, symbol-dce")
                ok = ok and inv.execute()
                data = (_ir_bytecode(inv) if phase else emit_bytecode(inv)) if ok else None
                ok = data is not None
            if not ok:
                raise BackendError("native module: " + cap.text)
        finally:
            inv.close()
    from ..runtime.cache import write_atomically
    write_atomically(path, data)  # a read-only cache: none, still correct
    last_compile.update(seconds=time.perf_counter() - start, cached=False)
    return data


def _compile_to(inv, phase: str) -> None:
    """``--compile-to=phase`` for one invocation: a C API call
    (``ireeCompilerInvocationSetCompileToPhase``) the Python API does not wrap
    (the session's flags do not take it)."""
    import ctypes
    setter = inv._local_dylib.ireeCompilerInvocationSetCompileToPhase
    setter.restype, setter.argtypes = None, [ctypes.c_void_p, ctypes.c_char_p]
    setter(inv._inv_p, phase.encode())


def _ir_bytecode(inv) -> bytes:
    from iree.compiler.api import Output
    out = Output.open_membuffer()
    inv.output_ir_bytecode(out)
    return bytes(out.map_memory())


