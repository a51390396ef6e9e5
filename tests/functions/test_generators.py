"""Generator functions walked by compiled code (``frontend/generators.py``): a
module-level ``def`` with ``yield``, called as the iterable of a ``for`` loop, a
comprehension or a builtin that consumes items, runs expanded in its walker.
Each case runs under CPython and pydm: value and type, or exception class and
message, and for the cases that log, the order in which the generator's code
and the loop's body ran. The compile errors (what the expansion cannot do as
CPython does) name the right line."""
import copy

import pytest

import pydm

from shared import outcome


def squares(n):
    """The plain kind: a counted loop."""
    for i in range(n):
        yield i * i


def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "unseen"  # StopIteration's value: no loop sees it


def evens(xs):
    for x in xs:
        if x % 2 == 0:
            yield x
    yield -1


def naturals(start=0, *, step=1):
    n = start
    while True:
        yield n
        n += step


def mixed(n):
    """Items of several types: the loop's variable is an object."""
    yield 1
    yield 2.5
    yield None
    if n:
        yield "s"
    yield (n, [n])


def noisy(log, n):
    """Logs its own steps: the loop's body must run between them."""
    log.append("start")
    for i in range(n):
        log.append(f"g{i}")
        yield i
        log.append(f"after{i}")
    log.append("end")


def failing(n):
    for i in range(n):
        if i == 2:
            raise ValueError(f"bad {i}")
        yield 10 // (i - 3 if n > 5 else 1)


def pairs(n):
    for i in range(n):
        for j in range(n):
            if i * j > 3:
                return
            yield i, j


def bare():
    yield


def plus_one(n):
    """A generator walking another generator."""
    for a in squares(n):
        yield a + 1


def rows(n):
    """Yields lists it keeps: the loop sees each as it is when yielded."""
    row = []
    for i in range(n):
        row.append(i)
        yield row


@pydm.jit
def walk(n, k: int):
    if k == 0:
        t = 0
        for s in squares(n):
            t += s
        return t
    if k == 1:
        out = []
        for a in countdown(n):
            if a == 2:
                continue
            out.append(a)
        else:
            out.append("done")
        return out
    if k == 2:
        for m in naturals():
            if m * m > n:
                return m
        return -1
    if k == 3:
        return [v for v in mixed(n)]
    if k == 4:
        log = []
        for i in noisy(log, n):
            log.append(f"body{i}")
            if i == 2:
                break
        else:
            log.append("else")
        return log
    if k == 5:
        out = []
        try:
            for v in failing(n):
                out.append(v)
        except (ValueError, ZeroDivisionError) as e:
            out.append(repr(e))
        return out
    if k == 6:
        return list(pairs(n)), [x for x in plus_one(n) if x % 2]
    if k == 7:
        s = 0
        for a in squares(n):
            for b in countdown(a):  # a generator in the body of another's loop
                s += a * b
        return s
    if k == 8:
        out = []
        for m in naturals(n, step=-2):  # a default and a keyword-only argument
            if m < -3:
                break
            out.append(m)
        return list(bare()), out, tuple(squares(n))
    if k == 9:
        return [list(r) for r in rows(n)], [len(r) for r in rows(n)]
    if k == 10:
        for i, (a, b) in enumerate(pairs(n)):  # unpacking targets
            if a + b > 2:
                return i, a, b
        return None
    return "no such case"


@pydm.jit
def consume(xs, k: int):
    if k == 0:
        return sum(squares(len(xs))), min(evens(xs)), max(evens(xs))
    if k == 1:
        return sorted(evens(xs), reverse=True), set(evens(xs)), any(x > 2 for x in evens(xs))
    if k == 2:
        return all(evens(xs)), dict(enumerate(evens(xs), 1)), [i * v for i, v in enumerate(squares(len(xs)))]
    if k == 3:
        out = []
        out.extend(evens(xs))
        return out, "-".join(str(x) for x in evens(xs)), sum(evens(xs), 100)
    if k == 4:  # the list grows while the generator walks it (an index-based walk, as CPython)
        seen = []
        for x in evens(xs):
            seen.append(x)
            if len(xs) < 8:
                xs.append(x + 2)
        return seen, xs
    if k == 5:
        return max(squares(len(xs)), key=lambda v: -v), min(evens(xs), default=None)
    return "no such case"


@pydm.jit
def zipped(n, xs, first: bool):
    """A generator zipped with sequences: CPython's zip asks each in order and
    does not resume the generator once a sequence before it is done."""
    log = []
    if first:
        for a, b in zip(noisy(log, n), xs):
            log.append((a, b))
        else:
            log.append("else")
    else:
        for a, b, c in zip(xs, noisy(log, n), "abc"):
            log.append((a, b, c))
            if b == 2:
                break
        else:
            log.append("else")
    return log, dict(zip(noisy(log, 2), xs)), [p for p in zip(range(2), noisy(log, n))]


@pydm.jit
def inner(data, k: int):
    """Generators defined in the function that walks them: free variables read
    when each item is made (late binding), ``nonlocal``, defaults, and the
    name read before its def ran (UnboundLocalError)."""
    if k == 3:
        for x in g():
            return x

        def g():
            yield data
    count = 0

    def pairs(step=1):
        for i in range(0, len(data) - 1, step):
            yield data[i], data[i + 1] * k

    def ticks():
        nonlocal count
        while count < len(data):
            count += 1
            yield count
    out = [b - a for a, b in pairs()]
    total = sum(a for a, _ in pairs(2))
    data.append(100)
    return out, total, list(pairs()), [t * 2 for t in ticks()], count


@pytest.mark.parametrize("k", range(4))
def test_generators_defined_inside(k):
    for data in ([1, 4, 9, 16], [], [2.5]):
        want = outcome(inner.py_func, copy.deepcopy(data), k, show=repr)
        got = outcome(inner, copy.deepcopy(data), k, show=repr)
        assert got == want, (data, k)


@pytest.mark.parametrize("first", [True, False])
def test_zipped_with_sequences(first):
    for n, xs in ((3, [1, 2]), (2, [1, 2, 3]), (0, [1]), (4, [1, 2, 3, 4]), (3, []), (1, (5, 6))):
        want = outcome(zipped.py_func, n, copy.deepcopy(xs), first, show=repr)
        got = outcome(zipped, n, copy.deepcopy(xs), first, show=repr)
        assert got == want, (n, xs, first)


@pytest.mark.parametrize("k", range(11))
def test_walked_by_a_for_loop(k):
    for n in (0, 1, 3, 6):
        want = outcome(walk.py_func, n, k, show=repr)
        got = outcome(walk, n, k, show=repr)
        assert got == want, (n, k)


@pytest.mark.parametrize("k", range(6))
def test_consumed_by_builtins(k):
    for xs in ([], [1, 2, 3, 4, 6], [3, 5], [2, 2, 0]):
        want = outcome(consume.py_func, copy.deepcopy(xs), k, show=repr)
        got = outcome(consume, copy.deepcopy(xs), k, show=repr)
        assert got == want, (xs, k)


@pydm.jit
def typed_walk(n: int) -> int:
    t = 0
    for j in range(n):
        for s in squares(j % 7):
            t = (t + s * j) % 1000003
    return t


def test_typed_walk_is_typed_code():
    """A generator of ints walked in typed code stays typed (no objects)."""
    assert typed_walk(500) == typed_walk.py_func(500)
    assert "!iree_pydm.object" not in typed_walk.inspect("pydm")


def raises_inside(n):
    return list(failing(n))


def test_the_generators_frame_in_the_traceback():
    """An exception leaving the generator's code has its line in the traceback, as CPython's."""
    with pytest.raises(ValueError, match="bad 2") as info:
        pydm.jit(raises_inside)(6)
    names = [f.name for f in info.traceback]
    assert "failing" in names and "raises_inside" in names, names


# ---- what is not supported: compile errors at the right line


def with_try(n):
    try:
        yield n  # ERROR: yield inside try
    except ValueError:
        pass


def sends():
    x = yield 1  # ERROR: as a statement only
    return x


def recursive(n):
    if n:
        for v in recursive(n - 1):  # ERROR: walks itself
            yield v
    yield n


def delegates(n):
    yield from range(n)  # ERROR: yield from


def kept(n):
    it = squares(n)  # ERROR: a generator object as a value
    return it


def rebound(n):
    def g():
        yield n
    if n:
        g = squares
    return list(g())  # ERROR: the name is bound twice: a function value


def mapped(n):
    return list(map(squares, [n]))


def zips_two(n):
    return list(zip(squares(n), countdown(n)))  # ERROR: two walks at once


def walks_with_try(n):
    return list(with_try(n))


def walks_sends(n):
    return list(sends())


def walks_recursive(n):
    return list(recursive(n))


def walks_delegates(n):
    return list(delegates(n))


@pytest.mark.parametrize("fn, word", [
    (walks_with_try, "yield inside try"),
    (walks_sends, "as a statement only"),
    (walks_recursive, "walks itself"),
    (walks_delegates, "yield from"),
    (kept, "generator object as a value"),
    (rebound, "held in a variable"),
    (mapped, "generator object as a value"),
    (zips_two, "zip\\(\\) of two generator calls"),
    (squares, "cannot be called from Python"),
])
def test_compile_errors(fn, word):
    """Each names the line marked ``ERROR`` (or the generator's def, called from Python)."""
    with pytest.raises(pydm.CompileError, match=word) as info:
        pydm.jit(fn)(3)
    line = info.value.lineno
    import linecache
    text = linecache.getline(__file__, line)
    assert "ERROR" in text or text.lstrip().startswith("def ") or "map(" in text, (line, text)
