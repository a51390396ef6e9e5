"""Backend: MLIR (func/arith/cf/scf/math/util) → IREE VM bytecode, in process."""
from .driver import BackendError, compile_module, session, PIPELINE

__all__ = ["BackendError", "compile_module", "session", "PIPELINE"]
