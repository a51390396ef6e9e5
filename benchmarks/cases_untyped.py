"""Unannotated twins of cases_typed (issue #3): specialized per argument types."""
import pydm


@pydm.jit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@pydm.jit
def int_loop(n):
    s = 0
    for i in range(n):
        s = (s + i * i) % 1000003
    return s


@pydm.jit
def float_loop(n):
    h = 1.0 / n
    s = 0.0
    for i in range(n):
        x = (i + 0.5) * h
        s = s + 4.0 / (1.0 + x * x)
    return s * h


@pydm.jit
def inc(x):
    return x + 1
