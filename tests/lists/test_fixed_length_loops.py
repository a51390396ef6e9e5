"""``for`` loops and comprehensions over lists whose body cannot change a
list's length (``loops.py`` ``keeps_lengths``: no call but of a few builtins,
no ``del``, no slice assignment, no augmented assignment but of a number or
str variable) read the length once and run as counted loops (unrolled as a
``range``'s); any other body keeps CPython's read of the length before each
item. Both kinds vs CPython: element stores seen by later items, ``break``,
``continue`` and ``else``, ``enumerate`` (with ``start``), ``zip`` of
different lengths, generator expressions, empty lists, and bodies that grow
or shrink the list (``append``, ``+=``, ``del``, a slice assignment, ``pop``
in a compiled callee, inside a comprehension's condition)."""
import pytest

import pydm

from .lbatch import Batch
from .lharness import P


@pydm.jit
def fixed_bodies(n: int):
    xs = list(range(n))
    fs = [i * 0.5 for i in range(n)]
    s = 0
    for x in xs:
        s += x
    t = 0.0
    for i, f in enumerate(fs):
        t += f * i
        fs[i] = -f
    u = 0
    for a, b in zip(xs, fs[1:]):
        u += a * 3 + int(b)
    w = [x * 2 for x in xs if x % 3]
    v = [(i, f) for i, f in enumerate(fs, 10) if f < 0]
    for x in xs:
        if x > 5:
            break
        s += 1
    else:
        s += 1000
    for x in xs:
        if x % 2:
            continue
        s -= x
    else:
        s += 7
    g = sum(x * x for x in xs if x != 3)
    return s, t, u, w, v, fs, g


@pydm.jit
def later_elements(n: int):
    """Stores into items not reached yet are read when they are."""
    xs = list(range(n))
    s = 0
    for i, x in enumerate(xs):
        s = (s * 7 + x) % 1000003
        if i + 1 < n:
            xs[i + 1] = xs[i + 1] + x
    ys = [1] * n
    for y in ys:
        ys[len(ys) - 1] = y + 5
        s += y
    return s, xs, ys


@pydm.jit
def objects(a: list):
    """A list from Python (``list[object]``) walked the same way."""
    s = 0
    for x in a:
        s = s + x
    return s, [x for x in a if x], [(i, x) for i, x in enumerate(a)]


@pydm.jit
def shrink(xs: list) -> int:
    if xs:
        xs.pop()
    return 1


@pydm.jit
def changing_bodies(n: int):
    xs = list(range(n))
    s = 0
    for x in xs:
        if len(xs) < 2 * n:
            xs.append(x + 100)
        s += x
    ys = [1, 2, 3]
    for y in ys:
        if y < 3:
            ys += [y * 10]
    zs = list(range(n))
    for z in zs:
        if z % 3 == 0:
            del zs[0]
    ws = list(range(n))
    k = 0
    for w in ws:
        k += w
        if w == 2:
            ws[1:3] = []
    vs = list(range(n))
    for v in vs:
        s += v + shrink(vs)
    cs = list(range(n))
    picked = [c for c in cs if c < 4 or cs.pop() < 0]
    return s, xs, ys, zs, ws, k, vs, cs, picked


@pydm.jit
def changing_zip(n: int):
    a = list(range(n))
    b = [0] * 3
    out = 0
    for x, y in zip(a, b):
        out += x
        if x < 4:
            b.append(x)
    for i, x in enumerate(a):
        if i == 1:
            a.clear()
        out += x
    return out, a, b


@pydm.jit
def key_calls(n: int):
    """``max(..., key=f)`` runs ``f``, which may grow the list walked."""
    ks = [1, 2, 3]

    def key(v):
        ks.append(v)
        return -v
    s = 0
    t = 0
    for k in ks:
        if len(ks) < n:
            t = max([k, 0], key=key)
        s = s + k
    return s, t, ks


FIXED_LENGTH_CASES = [
    P(fixed_bodies, [(n,) for n in (0, 1, 2, 5, 9, 17, 40)]),
    P(later_elements, [(n,) for n in (0, 1, 3, 10, 33)]),
    P(objects, [([],), ([1, 2, 3],), ([1, 2.5, True, 0],), ([1, "a"],)]),
    P(changing_bodies, [(n,) for n in (0, 1, 3, 6, 10)]),
    P(changing_zip, [(n,) for n in (0, 2, 5, 9)]),
    P(key_calls, [(n,) for n in (0, 4, 9)]),
]


@pydm.jit
def fixed_length_group(k: int, a0, a1, a2, a3, a4, a5):
    if k == 0:
        return fixed_bodies(a0)
    if k == 1:
        return later_elements(a1)
    if k == 2:
        return objects(a2)
    if k == 3:
        return changing_bodies(a3)
    if k == 4:
        return changing_zip(a4)
    return key_calls(a5)


BATCH = Batch(fixed_length_group, FIXED_LENGTH_CASES)


@pytest.mark.parametrize("fn,cases", FIXED_LENGTH_CASES)
def test_fixed_length_loops(fn, cases):
    BATCH.check_many(fn, cases)
