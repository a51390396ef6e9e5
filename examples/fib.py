"""pydm's main demo: a recursive Fibonacci compiled to the IREE VM.

    python examples/fib.py [n]

``@pydm.jit`` compiles ``fib`` on its first call; the recursive ``fib(...)``
calls inside it become direct calls between compiled functions.
"""
import sys
import time

import pydm


@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def fib_cpython(n: int) -> int:
    # The same function left to CPython. (``fib.py_func`` is the original
    # function, but its recursive calls would go to the compiled ``fib``.)
    if n < 2:
        return n
    return fib_cpython(n - 1) + fib_cpython(n - 2)


def timed(f, *args):
    t0 = time.perf_counter()
    result = f(*args)
    return result, time.perf_counter() - t0


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30

    expected, t_cpython = timed(fib_cpython, n)
    first, t_first = timed(fib, n)  # compiles, then runs
    got, t_pydm = timed(fib, n)  # already compiled

    print(f"fib({n}) with CPython: {expected:>10}   {t_cpython * 1e3:8.1f} ms")
    print(f"fib({n}) with pydm:    {got:>10}   {t_pydm * 1e3:8.1f} ms"
          f"   (first call incl. compile: {t_first * 1e3:.1f} ms)")
    print(f"speedup: {t_cpython / t_pydm:.1f}x")
    assert first == got == expected, (first, got, expected)


if __name__ == "__main__":
    main()
