"""Exceptions and functions: undecorated callees, try/except/finally, your own
exception class, exceptions as values, closures, key functions and generators.

    python examples/functions.py

Each function runs under CPython (``f.py_func``) and under pydm; the results
(and the exceptions, class and arguments) must be identical.
"""
import pydm


class Negative(ValueError):
    """Raised for a negative input."""


def check(x):  # no decorator: compiled with the functions that call it
    if x < 0:
        raise Negative(x)
    return x * 2


def parse_all(xs):
    out = []
    for x in xs:
        try:
            out.append(check(x))
        except ValueError:  # catches Negative, a subclass
            out.append(-1)
        finally:
            out.append(0)
    return out


def negatives(xs):
    # the exception as a value: its args, and the exception itself returned
    found, last = [], None
    for x in xs:
        try:
            check(x)
        except Negative as e:
            found.append(e.args[0])
            last = e
    return found, last


def by_distance(points, cx, cy):
    # a key function that is a closure over cx and cy
    return sorted(points, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)


def counter(n):
    count = 0

    def bump(by=1):
        nonlocal count
        count += by
        return count
    for i in range(n):
        bump(i)
    return bump()


def fibs():
    # a generator function: walked by compiled code, it runs inside the loop
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def even_fibs(limit):
    out = []
    for i, f in enumerate(fibs()):
        if f > limit:
            break
        if f % 2 == 0:
            out.append((i, f))
    return out, sum(x for x, _ in zip(fibs(), range(10)))


def outcome(f, *args):
    try:
        return ("value", f(*args))
    except Exception as e:  # class and args are compared
        return ("raised", type(e), e.args)


def same(a, b):
    """Results compare equal; exceptions inside them by class and args."""
    if isinstance(a, BaseException):
        return type(a) is type(b) and a.args == b.args
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b and type(a) is type(b)


def main():
    fast = pydm.jit(parse_all)  # pydm.jit on an undecorated function
    for f, args in ((fast, ([3, -2, 5],)), (pydm.jit(check), (-7,)),
                    (pydm.jit(by_distance), ([(0, 0), (3, 4), (1, 1), (-2, 2)], 1, 1)),
                    (pydm.jit(counter), (5,)), (pydm.jit(negatives), ([4, -1, 2, -3],)),
                    (pydm.jit(even_fibs), (1000,))):
        mine, theirs = outcome(f, *args), outcome(f.py_func, *args)
        assert same(mine, theirs), (f.__name__, mine, theirs)
        print(f"{f.__name__}{args}: {mine[1] if mine[0] == 'value' else mine}")


if __name__ == "__main__":
    main()
