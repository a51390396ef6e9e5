"""The generic `object` path: the same kernels with `object` annotations, so
values stay boxed dynamic objects instead of specialized scalars."""
import pydm


@pydm.jit
def fib(n: object) -> object:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@pydm.jit
def int_loop(n: object) -> object:
    s = 0
    for i in range(n):
        s = (s + i * i) % 1000003
    return s


@pydm.jit
def float_loop(n: object) -> object:
    h = 1.0 / n
    s = 0.0
    for i in range(n):
        x = (i + 0.5) * h
        s = s + 4.0 / (1.0 + x * x)
    return s * h
