"""Tuple benchmark kernels (the heap-values issue). Loaded by run.py; see there."""
import pydm


@pydm.jit
def pair_loop(n: int) -> tuple:
    # A pair built and unpacked on every iteration; the result is a tuple.
    p = (0.0, 1.0)
    for i in range(n):
        a, b = p
        p = (b, (a + b) * 0.5 + i)
    return p


@pydm.jit
def swap_loop(n: int) -> tuple:
    # Parallel assignment of floats (no tuple is built), a tuple returned.
    a, b = 0.0, 1.0
    for i in range(n):
        a, b = b, (a + b) * 0.5 + i
    return (a, b)


@pydm.jit
def tuple_index_loop(n: int) -> int:
    # Indexing and len() of a tuple built once.
    t = (3, 1, 4, 1, 5, 9, 2, 6)
    s = 0
    for i in range(n):
        s = (s + t[i % len(t)] * i) % 1000003
    return s
