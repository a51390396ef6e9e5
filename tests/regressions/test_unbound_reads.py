"""Regressions (j) and (n): reads of a local that may be unbound.

(j) A read of a maybe-unbound local in an operand that was *not* evaluated (the
right side of ``and``/``or``, a later link of a chained comparison, the branch
of a conditional expression not taken, the body of a loop that ran zero times)
must not count as the check of that variable: a later read still raises
``UnboundLocalError`` (the bug: it returned the slot's placeholder, 0).

(n) ``v = h(v)`` where ``v`` has no other assignment failed to compile with an
internal MLIR error (the call of ``h`` with the unbound ``v`` referenced a
specialization that was never built) instead of raising ``UnboundLocalError``
when it runs.

Every case is compared with CPython (value, type, exception class and message).
"""
import itertools

import pytest

import pydm
from conformance.harness import check, check_many

PQ = list(itertools.product([0, 1], [0, 1, -1, 2]))


# ---------------------------------------------------------------- (j) and / or

@pydm.jit
def and_skips_read(p: int, q: int):
    if p:
        v = 1
    r = q and v      # v read only when q is true
    return v + 1     # must raise UnboundLocalError when p == 0


@pydm.jit
def or_skips_read(p: int, q: int):
    if p:
        v = 1
    r = q or v       # v read only when q is false
    return v + 1


@pydm.jit
def nested_boolop_skips_read(p: int, q: int):
    if p:
        v = 1.5
    r = q > 1 and (v or q) or q
    return v * 2


@pydm.jit
def boolop_in_if_test(p: int, q: int):
    if p:
        v = 1
    if q and v:
        return 10
    return v


@pydm.jit
def boolop_both_sides(p: int, q: int):
    if p:
        v = 2
    r = (q or v) and v
    return v


# ---------------------------------------------------------------- (j) chained comparisons

@pydm.jit
def chain_skips_read(p: int, q: int):
    if p:
        v = 1
    r = q < 0 < v    # v read only when q < 0
    return v + 1


@pydm.jit
def long_chain_skips_read(p: int, q: int):
    if p:
        v = 7
    r = 0 < q < v < 10
    return v


@pydm.jit
def chain_first_link_checks(p: int, q: int):
    if p:
        v = 7
    r = v < q < 10   # v always read here: raises at once when unbound
    return v


# ---------------------------------------------------------------- (j) conditional expressions

@pydm.jit
def ifexp_body_skips_read(p: int, q: int):
    if p:
        v = 1
    r = v if q else 0
    return v + 1


@pydm.jit
def ifexp_orelse_skips_read(p: int, q: int):
    if p:
        v = 1
    r = 0 if q else v
    return v + 1


@pydm.jit
def ifexp_in_test(p: int, q: int):
    if p:
        v = 3
    r = (v if q > 0 else q) if q else (q if q < 0 else 5)
    return r + v


# ---------------------------------------------------------------- (j) loops

@pydm.jit
def for_body_skips_read(p: int, n: int):
    if p:
        v = 1
    s = 0
    for i in range(n):   # zero iterations: v never read
        s += v
    return v + s


@pydm.jit
def while_body_skips_read(p: int, n: int):
    if p:
        v = 1
    i = 0
    while i < n:
        w = v
        i += 1
    return v


@pydm.jit
def while_test_boolop(p: int, q: int):
    if p:
        v = 1
    n = 0
    while q and v:   # v read only when q is true
        n += 1
        q = 0
    return v + n


@pydm.jit
def boolop_inside_loop(p: int, q: int):
    if p:
        v = 1
    s = 0
    for i in range(3):
        s += q and v     # skipped on every iteration when q == 0
    return s + v


@pydm.jit
def read_in_loop_after_skipped_read(p: int, q: int):
    if p:
        v = 1
    s = 0
    for i in range(2):
        r = i > 5 and v  # never evaluated
        s += v           # must raise on the first iteration when p == 0
    return s


@pydm.jit
def loop_break_before_read(p: int, n: int):
    if p:
        v = 1
    for i in range(n):
        if i == 1:
            break
        w = v
    return v


@pydm.jit
def loop_else_after_skipped_read(p: int, q: int):
    if p:
        v = 1
    for i in range(2):
        r = q < 0 < v
    else:
        r = 0
    return v


J_FUNCTIONS = [
    and_skips_read, or_skips_read, nested_boolop_skips_read, boolop_in_if_test, boolop_both_sides,
    chain_skips_read, long_chain_skips_read, chain_first_link_checks,
    ifexp_body_skips_read, ifexp_orelse_skips_read, ifexp_in_test,
    for_body_skips_read, while_body_skips_read, while_test_boolop, boolop_inside_loop,
    read_in_loop_after_skipped_read, loop_break_before_read, loop_else_after_skipped_read,
]


@pytest.mark.parametrize("fn", J_FUNCTIONS, ids=lambda f: f.py_func.__name__)
def test_unevaluated_read_does_not_count_as_check(fn):
    check_many(fn, PQ)


def test_the_cases_reach_the_unbound_path():
    """Not vacuous: the p == 0 cases with a skipped read raise UnboundLocalError in CPython."""
    from conformance.harness import reference
    for fn in J_FUNCTIONS:
        with pytest.raises(UnboundLocalError):
            reference(fn)(0, 0)


# ---------------------------------------------------------------- (n) v = h(v)

@pydm.jit
def h(x):
    return x + 1


@pydm.jit
def h_int(x: int) -> int:
    return x * 2


@pydm.jit
def self_feeding_call_in_for(n: int):
    for i in range(n):
        v = h(v)
    return 0


@pydm.jit
def self_feeding_call_in_while(n: int):
    i = 0
    while i < n:
        v = h_int(v)
        i += 1
    return 5


@pydm.jit
def self_feeding_call_straight():
    v = h(v)
    return 0


@pydm.jit
def self_feeding_call_bound_later(n: int):
    for i in range(n):
        if i > 0:
            v = h_int(v)
        else:
            v = 1
    return v


@pydm.jit
def self_feeding_call_maybe_bound(n: int, p: int):
    if p:
        v = 3
    for i in range(n):
        v = h(v)
    return v


@pydm.jit
def self_feeding_call_float_later(n: int):
    for i in range(n):
        if i == 2:
            v = 2.5
        if i > 2:
            v = h(v)
    return v


@pydm.jit
def self_feeding_operator(n: int):
    for i in range(n):
        v = v + 1
    return 0


@pytest.mark.parametrize("n", [0, 1, 3])
def test_self_feeding_call_in_for_loop(n):
    check(self_feeding_call_in_for, n)


@pytest.mark.parametrize("n", [0, 2])
def test_self_feeding_call_in_while_loop(n):
    check(self_feeding_call_in_while, n)


def test_self_feeding_call_straight_line():
    check(self_feeding_call_straight)


def test_self_feeding_call_with_other_assignments():
    check_many(self_feeding_call_bound_later, [(0,), (1,), (4,)])
    check_many(self_feeding_call_maybe_bound, [(0, 0), (2, 0), (2, 1), (0, 1)])
    check_many(self_feeding_call_float_later, [(0,), (2,), (3,), (5,)])
    check_many(self_feeding_operator, [(0,), (1,), (3,)])
