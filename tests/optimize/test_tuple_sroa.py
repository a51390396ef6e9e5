"""Pass tuple-sroa (pydm/passes/tuple_sroa.py): tuples of known length travel
as their elements; a tuple is built only where it leaves (a call, a return,
a dynamic index), and never where its identity is observed (``is``).

Every function is compared with CPython (value, exact type, float bits);
the IR checks say where the tuples are built."""
import re

import pydm
from conformance.harness import check_many


def make_tuples(fn, stage="after:tuple-sroa", *args) -> int:
    return len(re.findall(r'"iree_pydm\.make_tuple"', fn.inspect(stage, *args)))


@pydm.jit
def pair_loop(n: int) -> tuple:
    p = (0.0, 1.0)
    for i in range(n):
        a, b = p
        p = (b, (a + b) * 0.5 + i)
    return p


def test_loop_carried_pair_is_built_once_after_the_loop():
    check_many(pair_loop, [(n,) for n in (0, 1, 2, 5, 100)])
    assert make_tuples(pair_loop, "after:promote-vars") > 2  # the loop is unrolled: several copies
    assert make_tuples(pair_loop) == 1  # at the return only


@pydm.jit
def identity_observed(n: int) -> bool:
    p = (n, n + 1)
    q = p
    for i in range(n):
        q = p if i % 2 else q
    return q is p


def test_identity_keeps_the_tuple():
    check_many(identity_observed, [(n,) for n in (0, 1, 2, 3)])
    assert make_tuples(identity_observed) == 1


@pydm.jit
def take(t: tuple) -> int:
    # calls a function (itself), so it is no leaf: calls of it stay calls
    return len(t) if len(t) < 100 else take(t[1:])


@pydm.jit
def escapes_in_the_loop(n: int) -> int:
    p = (1, 2)
    s = 0
    for i in range(n):
        p = (p[1], i)
        s = s + take(p) + p[0]
    return s


def test_a_tuple_passed_on_every_iteration_is_built_where_it_was():
    check_many(escapes_in_the_loop, [(n,) for n in (0, 1, 4)])
    # not split: the tuple built in the loop leaves it (a call) on every
    # iteration, so the pass changes nothing
    assert make_tuples(escapes_in_the_loop) == make_tuples(escapes_in_the_loop, "after:promote-vars")


@pydm.jit
def two_escapes(n: int) -> bool:
    p = (0, 1)
    for i in range(n):
        p = (p[1], i)
    x = p
    y = p
    return x is y


def test_two_escapes_keep_one_object():
    # CPython: True (one object); building p twice would give False
    check_many(two_escapes, [(n,) for n in (0, 1, 3)])


@pydm.jit
def from_argument(t: tuple[int, int], n: int) -> tuple:
    p = t
    for _ in range(n):
        p = (p[1], p[0])
    return p


def test_a_tuple_argument_arrives_built():
    check_many(from_argument, [((1, 2), n) for n in (0, 1, 2, 3)])


@pydm.jit
def mixed_element_types(n: int):
    p = (0, 1)
    for i in range(n):
        a, b = p
        p = (b, a + 0.5) if i % 2 else (b, a)
    return p


def test_elements_joined_from_several_types():
    check_many(mixed_element_types, [(n,) for n in (0, 1, 2, 3, 6)])


@pydm.jit
def dynamic_index(n: int) -> int:
    t = (3, 1, 4, 1, 5, 9, 2, 6)
    s = 0
    for i in range(n):
        s = s + t[i % len(t)] * i
    return s


def test_dynamic_index_reads_the_tuple_built_before_the_loop():
    check_many(dynamic_index, [(n,) for n in (0, 1, 9, 20)])
    assert make_tuples(dynamic_index) == 1
    # i % 8 is in [0, 7]: the bounds check is proven away (pass int-ranges)
    assert re.search(r'"iree_pydm\.tuple_get"[^\n]*in_range', dynamic_index.inspect("pydm"))
