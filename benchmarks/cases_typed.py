"""Typed benchmark kernels (issue #2). Loaded by run.py; see there."""
import pydm


@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@pydm.jit
def int_loop(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s + i * i) % 1000003
    return s


@pydm.jit
def int_sum_loop(n: int) -> int:
    # The same work without the % that bounds the sum: every add and multiply
    # keeps its overflow check (sum of squares below 3,000,000 fits in 64 bits).
    s = 0
    for i in range(n):
        s = s + i * i
    return s


@pydm.jit
def float_loop(n: int) -> float:
    # Midpoint rule for the integral of 4 / (1 + x^2) over [0, 1] (= pi).
    h = 1.0 / n
    s = 0.0
    for i in range(n):
        x = (i + 0.5) * h
        s = s + 4.0 / (1.0 + x * x)
    return s * h


@pydm.jit
def inc(x: int) -> int:
    return x + 1
