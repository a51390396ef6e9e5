"""Compiled ahead of time by tests/host/test_host_aot.py: only an optional host function."""
import pydm


@pydm.host(optional=True)
def clamp(x: int, low: int, high: int) -> int:
    return low if x < low else high if x > high else x


@pydm.jit
def clamped_sum(a: int, b: int) -> int:
    return clamp(a, 0, 10) + clamp(b, -5, 5)
