"""The importer's slice-assignment rules for typed lists vs CPython.

* A slice assigned a slice of the same list (``xs[a:b:c] = xs[d:e:f]``,
  fannkuch's ``perm[:k + 1] = perm[k::-1]``): ``self_slice_assign`` moves the
  slots in place where that is CPython's result (the inline ``list_flip`` op
  for ``xs[:b] = xs[a::-1]``, the library's ``list_setslice_self_slots`` for
  the other shapes) and copies the source first otherwise.
* A slice assigned ``[v] * m`` (the sieve's ``flags[i * i::i] = [False] *
  ...``): ``fill_slice_assign`` fills it with ``v`` (``list_setslice_fill_slots``),
  ``[v] * m``'s MemoryError raised before the target's bounds are evaluated.
* The inline step-1 slice of a typed list (``list_slice``: ``xs[a:b]``, ``xs[:]``).

Every bound kind (absent, None, negative, huge, bool), every step sign, sizes
that differ (growing, shrinking, the extended-slice ValueError), a zero step on
either side, aliases seeing the change, int/float/bool storage."""
import random

import pytest

import pydm

from .lbatch import Batch
from .lharness import P
from shared import INT64_MAX, INT64_MIN


@pydm.jit
def flip(n: int, a: int, b: int):
    """The flip itself: same sizes reverse the prefix, others take the copy."""
    xs = list(range(n))
    ys = xs
    xs[:b] = xs[a::-1]
    return ys, len(xs)


@pydm.jit
def flip_kinds(n: int, k: int):
    """float and bool storage, absent and None bounds, an expression bound."""
    fs = [i * 0.5 - 1.0 for i in range(n)]
    bs = [i % 3 == 0 for i in range(n)]
    zs = [-0.0] * n
    zs[:1] = [0.0]
    fs[:k + 1] = fs[k::-1]
    bs[:k] = bs[k - 1::-1]
    gs = fs[:]
    fs[:] = fs[::-1]
    zs[:k] = zs[None::-1]
    bs[:None] = bs[k::-1]
    gs[:-k] = gs[-k - 1::-1]
    return fs, bs, zs, gs


@pydm.jit
def self_reverse(n: int, a: int, b: int, c: int, d: int, e: int):
    """A reversed source (the library's in-place swap when the target takes
    exactly its slots in the other order)."""
    xs = list(range(n))
    ys = xs
    xs[a:b:c] = xs[d:e:-1]
    return ys, len(xs)


@pydm.jit
def self_forward(n: int, a: int, b: int, c: int, d: int, e: int):
    """A source in order (nothing moves when the target is the source)."""
    xs = list(range(n))
    xs[a:b:c] = xs[d:e]
    return xs


@pydm.jit
def self_steps(n: int, a: int, b: int, c: int, d: int):
    xs = list(range(n))
    xs[a:b:c] = xs[d::2]
    zs = [i * 1.5 for i in range(n)]
    zs[a:b:c] = zs[d::-3]
    return xs, zs


@pydm.jit
def self_zero_source_step(n: int, a: int):
    """A source step of 0 is CPython's ValueError from the source (not fused)."""
    xs = list(range(n))
    xs[a:] = xs[::0]
    return xs


@pydm.jit
def typed_step_one(n: int, a: int, b: int):
    """The inline step-1 slice of a typed list (``list_slice``)."""
    xs = list(range(n))
    fs = [i * 0.25 for i in range(n)]
    bs = [i % 2 == 0 for i in range(n)]
    c = xs[a:b]
    c.append(-1)
    d = xs[:]
    d[0:0] = [5]
    e = xs[a:]
    f = xs[:b]
    g = fs[a:b]
    h = bs[b:a]
    i = xs[a:None]
    j = xs[None:b]
    m = xs[True:b]
    return c, d, e, f, g, h, i, j, m, xs


@pydm.jit
def fill(n: int, a: int, b: int, c: int, m: int):
    xs = list(range(n))
    ys = xs
    xs[a:b:c] = [-1] * m
    return ys, len(xs)


@pydm.jit
def fill_plain(n: int, a: int, b: int, m: int):
    """Step 1: the slice grows or shrinks to m copies (``m * [v]`` too)."""
    fs = [i * 0.5 for i in range(n)]
    fs[a:b] = [2.5] * m
    bs = [True] * n
    bs[a:b] = m * [False]
    return fs, bs


@pydm.jit
def fill_kinds(n: int, k: int):
    """The sieve's statement, -0.0's bits, None and bool bounds and counts."""
    flags = [True] * (n + 1)
    flags[k * k::k] = [False] * len(range(k * k, n + 1, k))
    zs = [0.0] * n
    zs[::2] = [-0.0] * ((n + 1) // 2)
    xs = list(range(n))
    xs[None:None:None] = [7] * True
    ws = list(range(n))
    ws[True::-1] = [n] * min(n, 2)
    return flags, zs, xs, ws


@pydm.jit
def fill_order(n: int, k: int):
    """``[v] * m`` is made (its MemoryError) before the target's bounds
    (here a ZeroDivisionError) are evaluated."""
    xs = list(range(n))
    xs[n // (k - 1):] = [1] * (k * 2**40)
    return xs


BOUNDS = [0, 1, 2, 3, -1, -2, -3, 5, 7, 9, -9, INT64_MAX, INT64_MIN]
STEPS = [1, -1, 2, -2, 3, -3, 0, INT64_MAX, INT64_MIN]
SIZES = [0, 1, 2, 5, 8]


def _sample(k: int, width: int, count: int, seed: int):
    """``count`` cases (n, then ``width`` bounds; the ``k``-th a step): mostly
    small bounds (sizes often agree), some from BOUNDS."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pool = BOUNDS if rng.random() < 0.3 else list(range(-9, 10))
        case = [rng.choice(SIZES)] + [rng.choice(pool) for _ in range(width)]
        if k:
            case[k] = rng.choice(STEPS)
        out.append(tuple(case))
    return out


def _reversals():
    """Targets that take a reversed source's slots exactly (the swap path)."""
    out = []
    for n in (5, 8):
        for lo in range(n):
            for s in (1, 2, 3):
                for m in range(1, (n - lo - 1) // s + 2):
                    last = lo + (m - 1) * s
                    out.append((n, lo, last + 1, s, last, lo - 1 if lo else -n - 1))  # xs[lo:..:s] = xs[last:lo-1:-1]
                    out.append((n, last, lo - 1 if lo else -n - 1, -s, last, lo - 1 if lo else -n - 1))
    return out



def _right_sizes():
    """Extended slices filled with as many items as they select."""
    return [(n, a, b, c, len(range(n)[a:b:c])) for n in (0, 7) for a in (0, 1, -2, 9, INT64_MIN)
            for b in (0, 5, -1, INT64_MAX) for c in (2, -1, -3, INT64_MAX)]


SLICE_RULE_CASES = [
    P(flip, [(n, a, b) for n in SIZES for a in BOUNDS for b in BOUNDS] + [(8, k, k + 1) for k in range(8)]),
    P(flip_kinds, [(n, k) for n in SIZES for k in (0, 1, 2, 4, 7, 9)]),
    P(self_reverse, _sample(3, 5, 500, 1) + _reversals()),
    P(self_forward, _sample(3, 5, 300, 2) + [(6, a, a + m, 1, a, a + m) for a in range(6) for m in range(4)]),
    P(self_steps, _sample(3, 4, 300, 3) + [(8, d % 3, 9, 3, d) for d in range(8)]
      + [(8, d, 9, 2, d) for d in range(8)]),
    P(self_zero_source_step, [(3, 0), (0, 1)]),
    P(fill, _sample(3, 4, 400, 4) + _right_sizes()),
    P(fill_plain, [(n, a, b, m) for n in (0, 3, 6) for a in BOUNDS for b in (0, 2, -1, 9, INT64_MIN)
                   for m in (-1, 0, 1, 4)]),
    P(fill_kinds, [(n, k) for n in (0, 1, 10, 30) for k in (1, 2, 3, 5)]),
    P(fill_order, [(3, 0), (3, 1), (3, 2)]),
    P(typed_step_one, [(n, a, b) for n in (0, 3, 8) for a in BOUNDS for b in BOUNDS]),
]


@pydm.jit
def slice_rules_group(k: int, a0, b0, c0, a1, b1, a2, b2, c2, d2, e2, f2, a3, b3, c3, d3, e3, f3,
                      a4, b4, c4, d4, e4, a5, b5, a6, b6, c6, d6, e6, a7, b7, c7, d7, a8,
                      b8, a9, b9, a10, b10, c10):
    if k == 0:
        return flip(a0, b0, c0)
    if k == 1:
        return flip_kinds(a1, b1)
    if k == 2:
        return self_reverse(a2, b2, c2, d2, e2, f2)
    if k == 3:
        return self_forward(a3, b3, c3, d3, e3, f3)
    if k == 4:
        return self_steps(a4, b4, c4, d4, e4)
    if k == 5:
        return self_zero_source_step(a5, b5)
    if k == 6:
        return fill(a6, b6, c6, d6, e6)
    if k == 7:
        return fill_plain(a7, b7, c7, d7)
    if k == 8:
        return fill_kinds(a8, b8)
    if k == 9:
        return fill_order(a9, b9)
    return typed_step_one(a10, b10, c10)


BATCH = Batch(slice_rules_group, SLICE_RULE_CASES)


@pytest.mark.parametrize("fn,cases", SLICE_RULE_CASES)
def test_slice_rules(fn, cases):
    BATCH.check_many(fn, cases)
