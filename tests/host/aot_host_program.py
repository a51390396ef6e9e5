"""Compiled ahead of time by tests/host/test_host_aot.py (never imported by pydm compile)."""
import pydm


@pydm.host
def bump(x: int) -> int:
    return x + 100


@pydm.host(optional=True)
def norm(x: float, y: float) -> float:
    return (x * x + y * y) ** 0.5


@pydm.jit
def with_norm(x: float, y: float) -> float:
    return norm(x, y) * 2


@pydm.jit
def with_bump(n: int) -> int:
    try:
        return bump(n)
    except ValueError:
        return -1


@pydm.host(optional=True)
def greet(s: str, n: int) -> str:
    return s * n + "!"


@pydm.jit
def with_greet(s: str) -> str:
    return greet(s, 2)
