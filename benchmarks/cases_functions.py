"""Exception and function benchmark kernels (issue 9). Loaded by run.py.

What a user writes: a call-heavy loop without and with a surrounding ``try``
(the cost of ``try`` on the no-exception path), raising and catching in a
loop, and sorting pairs with a key function (a closure)."""
import pydm


def step(i):
    # a small callee (compiled with its caller; no decorator needed)
    if i < 0:
        raise ValueError("negative")
    return (i * 7) % 13


@pydm.jit
def calls_plain(n: int) -> int:
    s = 0
    for i in range(n):
        s += step(i)
    return s


@pydm.jit
def calls_in_try(n: int) -> int:
    s = 0
    for i in range(n):
        try:
            s += step(i)
        except ValueError:
            s -= 1
    return s


def check_even(i):
    if i % 2:
        raise ValueError("odd")
    return i


@pydm.jit
def raise_catch(n: int) -> int:
    caught = 0
    total = 0
    for i in range(n):
        try:
            total += check_even(i)
        except ValueError:
            caught += 1
    return caught * 1000003 + total


@pydm.jit
def sort_by_key(n: int) -> int:
    pairs = [((i * 7919) % n, i) for i in range(n)]
    scale = 3
    ordered = sorted(pairs, key=lambda p: p[0] * scale - p[1] % 7)
    return ordered[0][1] + ordered[-1][1] * 7 + ordered[n // 2][0]


def collatz_lengths(limit):
    # A generator function: yields the length of each Collatz sequence below limit.
    for start in range(1, limit):
        n = start
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        yield steps


@pydm.jit
def gen_walk(n: int) -> int:
    # Walk the generator with a for loop and keep a running maximum and total.
    longest = 0
    total = 0
    for steps in collatz_lengths(n):
        total += steps
        if steps > longest:
            longest = steps
    return longest * 1000003 + total


def evens_below(n):
    i = 0
    while i < n:
        yield i
        i += 2


@pydm.jit
def gen_sum(n: int) -> int:
    # The items of a cheap generator, summed by the builtin: the cost per item.
    return sum(evens_below(n))
