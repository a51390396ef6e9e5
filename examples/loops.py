"""Loop-heavy typed functions: integer arithmetic, float series, while loops,
break/continue.

    python examples/loops.py

Each function runs under CPython (``f.py_func``) and under pydm; the results
must be identical (same type, same value — floats bit for bit).
"""
import time

import pydm


@pydm.jit
def sum_squares_mod(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s + i * i) % 1000003
    return s


@pydm.jit
def leibniz_pi(n: int) -> float:
    s = 0.0
    sign = 1.0
    for k in range(n):
        s = s + sign / (2 * k + 1)
        sign = -sign
    return 4.0 * s


@pydm.jit
def integrate_pi(n: int) -> float:
    # Midpoint rule for the integral of 4 / (1 + x^2) over [0, 1].
    h = 1.0 / n
    s = 0.0
    for i in range(n):
        x = (i + 0.5) * h
        s = s + 4.0 / (1.0 + x * x)
    return s * h


@pydm.jit
def longest_collatz(limit: int) -> int:
    # The start below `limit` whose Collatz sequence takes the most steps.
    best = 1
    best_steps = 0
    for start in range(1, limit):
        n = start
        steps = 0
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            steps += 1
        if steps > best_steps:
            best_steps = steps
            best = start
    return best


@pydm.jit
def count_primes(n: int) -> int:
    count = 0
    for k in range(2, n):
        if k > 2 and k % 2 == 0:
            continue
        is_prime = True
        d = 3
        while d * d <= k:
            if k % d == 0:
                is_prime = False
                break
            d += 2
        if is_prime:
            count += 1
    return count


CASES = [
    (sum_squares_mod, 2_000_000),
    (leibniz_pi, 2_000_000),
    (integrate_pi, 2_000_000),
    (longest_collatz, 100_000),
    (count_primes, 100_000),
]


def timed(f, *args):
    t0 = time.perf_counter()
    result = f(*args)
    return result, time.perf_counter() - t0


def main() -> None:
    print(f"{'call':<26} {'result':>20} {'CPython':>10} {'pydm':>10} {'speedup':>8}")
    for f, n in CASES:
        expected, t_cpython = timed(f.py_func, n)
        f(n)  # first call compiles
        got, t_pydm = timed(f, n)
        call = f"{f.py_func.__name__}({n})"
        print(f"{call:<26} {got!r:>20} {t_cpython * 1e3:8.1f}ms {t_pydm * 1e3:8.1f}ms"
              f" {t_cpython / t_pydm:7.1f}x")
        assert type(got) is type(expected) and got == expected, (call, got, expected)


if __name__ == "__main__":
    main()
