"""Hypothesis: random sequences of insert / delete / lookup / ``in`` / ``pop``
on one dict, run by CPython and by pydm, agree step by step (the log of
results, the final dict in order). The keys mix equal values of different
types (1, 1.0, True), -1 and -2 (equal CPython hashes), 0.0 and -0.0, tuples
and None, and enough distinct ints to grow and shrink the table."""
from hypothesis import given, settings, strategies as st

import pydm

from .dharness import check

POOL = [1, 1.0, True, 0, 0.0, -0.0, False, -1, -2, -1.0, None, (1, 2), (1.0, 2), (), 2.5, 2**61 - 1]


@pydm.jit
def run_ops(ops):
    d = {}
    log = []
    for op, k, v in ops:
        if op == 0:
            d[k] = v
        elif op == 1:
            try:
                del d[k]
                log.append(True)
            except KeyError as e:
                log.append(e.args)
        elif op == 2:
            log.append(d.get(k, -99))
        elif op == 3:
            log.append(k in d)
        else:
            log.append(d.pop(k, None))
    return (d, log, len(d), list(d.items()))


KEY = st.one_of(st.sampled_from(POOL), st.integers(-40, 40))
OP = st.tuples(st.integers(0, 4), KEY, st.integers(-5, 5))


@settings(max_examples=40, deadline=None)
@given(st.lists(OP, max_size=300))
def test_random_operations(ops):
    check(run_ops, ops)


def test_many_operations():
    ops = [(0, i * 37 % 1001, i) for i in range(3000)] + [(1, i, 0) for i in range(0, 1001, 2)] + \
          [(0, i, -i) for i in range(0, 1001, 4)] + [(2, i, 0) for i in range(1001)]
    check(run_ops, ops)
