"""pydm: Python functions compiled to the IREE VM with CPython's semantics.

    import pydm

    @pydm.jit
    def fib(n: int) -> int:
        return n if n < 2 else fib(n - 1) + fib(n - 2)
"""
from .errors import CompileError, TierWarning
from .jit import jit, JitFunction
from .hostfn import host, HostFunction

__version__ = "0.1.0"


def load(path, host=None):
    """Load a ``.vmfb`` produced by ``pydm compile``; attributes are the functions.
    ``host``: the ``@pydm.host`` functions it calls (a dict by name, or a list)."""
    from .runtime.loading import load as _load
    return _load(path, host)


def compile_file(path, output=None):
    """Compile every ``@pydm.jit`` function of a file without importing it."""
    from .aot import compile_file as _compile_file
    return _compile_file(path, output)


__all__ = ["jit", "JitFunction", "host", "HostFunction", "CompileError", "TierWarning", "load", "compile_file",
           "__version__"]
