"""Compiled ahead of time by tests/host/test_host_aot.py (never imported by pydm compile)."""
import pydm


class BumpError(ValueError):
    pass


@pydm.host
def bump(x: int) -> int:
    if x < 0:
        raise BumpError("negative", x) if x < -10 else ValueError(x)
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
    except BumpError as e:
        return len(e.args)
    except ValueError:
        return -1


@pydm.host(optional=True)
def greet(s: str, n: int) -> str:
    return s * n + "!"


@pydm.jit
def with_greet(s: str) -> str:
    return greet(s, 2)


@pydm.jit
def bump_raw(n: int) -> int:
    return bump(n) * 2
