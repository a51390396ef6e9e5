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


@pydm.jit
def mixed_loop(n: object, x: object) -> object:
    # called with (int, float): the generic entry dispatches to the typed
    # (int, float) twin, as `pydm compile`d code does for mixed numeric arguments
    s = x
    for i in range(n):
        s = s + i * x
    return s


@pydm.jit
def dynamic_loop(n: object) -> object:
    # `v` and `t` hold ints and floats: they stay boxed objects (genuinely dynamic)
    t = 0
    for i in range(n):
        v = 1.5 if i % 3 == 0 else i
        t = t + v
    return t
