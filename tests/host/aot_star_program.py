"""Compiled ahead of time by tests/host/test_host_aot.py: a host function with
``*args``, a keyword-only parameter and ``**kwargs`` (the call hands over
``(positional, keywords)``; ``pydm.load`` knows it from the module's metadata)."""
import pydm


@pydm.host
def label(*parts: object, sep: str = "/", **counts: int) -> str:
    return sep.join(map(str, parts)) + "".join(f";{k}={v}" for k, v in counts.items())


@pydm.jit
def with_label(n: int, s: str) -> str:
    return label(n, s, 2.5) + label(sep="-") + label(s, sep="+", a=n, b=2)


# another module's host function, under another name (read from its source ahead of time)
from .host_tools import note as remember  # noqa: E402


@pydm.jit
def with_remember(n: int) -> int:
    x, s = remember(n, "a")
    return x + len(s)
