"""Hypothesis: random sequences of add / discard / remove / pop / ``in`` and
the operators on two sets, run by CPython and by pydm, agree step by step
(the log of results, the final sets; compared in no order, each element
typed). The elements mix equal values of different types (1, 1.0, True),
-1 and -2 (equal CPython hashes), 0.0 and -0.0, tuples and None, and enough
distinct ints to grow and shrink the tables. One compile serves every
example (the operations are data)."""
from hypothesis import given, settings, strategies as st

import pydm

from .sharness import check

POOL = [1, 1.0, True, 0, 0.0, -0.0, False, -1, -2, -1.0, None, (1, 2), (1.0, 2), (), 2.5, 2**61 - 1, "a"]


@pydm.jit
def run_ops(ops):
    a = set()
    b = {1, 2.0, (1, 2)}
    log = []
    for op, x in ops:
        if op == 0:
            a.add(x)
        elif op == 1:
            a.discard(x)
        elif op == 2:
            try:
                a.remove(x)
                log.append(True)
            except KeyError as e:
                log.append(e.args)
        elif op == 3:
            if a:
                y = a.pop()  # which one is CPython's table order: put it back, log only that it was there
                log.append(y in a)
                a.add(y)
        elif op == 4:
            log.append(x in a)
        elif op == 5:
            b.add(x)
        elif op == 6:
            log.append((a | b, a & b, a - b, a ^ b, a <= b, a < b, a == b, a >= b, a.isdisjoint(b)))
        elif op == 7:
            log.append((len(a), sorted([type(v) is float for v in a])))
        elif op == 8:
            b ^= a
        else:
            a -= b
    return (a, b, log)


KEY = st.one_of(st.sampled_from(POOL), st.integers(-40, 40))
OP = st.tuples(st.integers(0, 9), KEY)


@settings(max_examples=40, deadline=None)
@given(st.lists(OP, max_size=200))
def test_random_operations(ops):
    check(run_ops, ops)


def test_many_operations():
    ops = [(0, i * 37 % 1001) for i in range(3000)] + [(1, i) for i in range(0, 1001, 2)] + \
          [(0, -i) for i in range(0, 1001, 4)] + [(4, i) for i in range(1001)] + [(6, 0), (8, 0), (9, 0), (6, 0)]
    check(run_ops, ops)
