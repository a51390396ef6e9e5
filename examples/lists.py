"""List code: the sieve of the lists issue, a list argument changed in place,
comprehensions and iterator objects.

    python examples/lists.py

Each function runs under CPython (``f.py_func``) and under pydm; the results
(and what the functions do to their list arguments) must be identical.
"""
import pydm


@pydm.jit
def primes(n: int) -> list[int]:
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if flags[i]:
            flags[i * i::i] = [False] * len(range(i * i, n + 1, i))
    return [i for i, f in enumerate(flags) if f]


@pydm.jit
def push_squares(xs: list, n: int) -> int:
    # changes the caller's list: the caller sees the new elements
    for i in range(n):
        xs.append(i * i)
    return len(xs)


@pydm.jit
def pairs(a: list, b: list):
    z = zip(a, b)
    first = next(z, None)
    return first, [x * y for x, y in z], sorted(a + b, reverse=True)


def main():
    assert primes(100) == primes.py_func(100)
    print("primes(100):", primes(100))
    mine, theirs = [1, 2.5], [1, 2.5]
    assert push_squares(mine, 4) == push_squares.py_func(theirs, 4) and mine == theirs
    print("after push_squares:", mine)
    args = ([3, 1, 2], [0.5, 4.0, -1.0])
    assert pairs(*args) == pairs.py_func(*args)
    print("pairs:", pairs(*args))


if __name__ == "__main__":
    main()
