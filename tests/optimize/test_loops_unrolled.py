"""Range loops: rotated (one test per iteration) and, for small bodies with
step 1 and no break/continue, unrolled 4 or 8 copies per trip (pydm/frontend/
inlining.py ``unroll_factor``). Every trip count from 0 to past two trips, starts
and stops at the 64-bit edges, exceptions and returns in any copy, the else
clause and the loop variable after the loop must behave as in CPython."""
import pytest
from astroid import nodes as astroid_nodes

import pydm
from conformance.harness import check, check_many
from pydm.frontend import inlining


@pydm.jit
def total(a: int, b: int) -> int:
    s = 0
    for i in range(a, b):
        s = s + i * 3
    return s


@pydm.jit
def count_and_last(n: int) -> int:
    last = -1
    k = 0
    for i in range(n):
        k += 1
        last = i
    return k * 1000 + last


@pydm.jit
def with_else(n: int) -> int:
    s = 0
    for i in range(n):
        s += i
    else:
        s = s * 10 + 7
    return s


@pydm.jit
def loop_var_after(n: int) -> int:
    i = -5
    for i in range(n):
        pass
    return i


@pydm.jit
def raises_at(n: int, k: int) -> int:
    s = 0
    for i in range(n):
        s += 100 // (i - k)
    return s


@pydm.jit
def returns_at(n: int, k: int) -> int:
    s = 0
    for i in range(n):
        if i == k:
            return s * 1000 + i
        s += 1
    return -s


@pydm.jit
def nested(n: int, m: int) -> int:
    s = 0
    for i in range(n):
        for j in range(m):
            s = s * 3 % 1000003 + i - j
    return s


@pydm.jit
def edge_start(n: int) -> int:
    c = 0
    for i in range(9223372036854775807 - n, 9223372036854775807):
        c += i - 9223372036854775707
    return c


@pydm.jit
def edge_stop(n: int) -> int:
    c = 0
    for i in range(-9223372036854775807 - 1, -9223372036854775807 - 1 + n):
        c += i + 9223372036854775807
    return c


@pydm.jit
def overflow_in_copy(n: int) -> int:
    s = 9223372036854775797
    for i in range(n):
        s += i
    return s


@pydm.jit
def float_body(n: int) -> float:
    s = 0.0
    for i in range(n):
        x = (i + 0.5) / 7.0
        s = s + x * x
    return s


@pydm.jit
def with_break(n: int) -> int:
    s = 0
    for i in range(n):
        if i == 6:
            break
        s += i
    else:
        s = -1
    return s


@pydm.jit
def maybe_unbound(n: int) -> int:
    for i in range(n):
        y = i * 2
    return y


TRIPS = list(range(0, 13)) + [15, 16, 17, 100, 101, 102, 103]


def test_every_trip_count():
    check_many(total, [(0, n) for n in TRIPS] + [(5, n) for n in TRIPS] + [(-3, n) for n in TRIPS])
    check_many(count_and_last, [(n,) for n in TRIPS + [-1, -5]])
    check_many(with_else, [(n,) for n in TRIPS + [-2]])
    check_many(loop_var_after, [(n,) for n in TRIPS + [-2]])


def test_exception_in_each_copy():
    # the failing iteration falls in each of the copies and in the remainder
    check_many(raises_at, [(n, k) for n in (3, 8, 9, 10, 11, 17, 19, 25) for k in range(-1, 20)])


def test_return_from_each_copy():
    check_many(returns_at, [(n, k) for n in (0, 4, 7, 8, 9, 13, 17, 23) for k in range(-1, 24)])


def test_nested_loops():
    check_many(nested, [(n, m) for n in (0, 1, 3, 5, 9) for m in (0, 1, 4, 6, 11)])


def test_64_bit_edges():
    # counters next to INT64_MAX: the trip limit and the increments must not overflow
    check_many(edge_start, [(n,) for n in range(0, 11)])
    # a stop next to INT64_MIN: the trip limit stop - 3 would overflow
    check_many(edge_stop, [(n,) for n in range(0, 11)])


def test_overflow_raised_in_the_right_iteration():
    check_many(overflow_in_copy, [(n,) for n in range(0, 12)])


def test_float_body_bit_for_bit():
    check_many(float_body, [(n,) for n in TRIPS])


def test_break_and_else_not_unrolled_still_correct():
    check_many(with_break, [(n,) for n in TRIPS])


def test_unbound_after_zero_trips():
    check_many(maybe_unbound, [(n,) for n in (0, 1, 4, 5, 9)])


def _count(text: str, needle: str) -> int:
    return text.count(needle)


def test_small_body_is_unrolled():
    total(0, 10)
    text = total.inspect("pydm")
    # the body's multiply appears once per unrolled copy plus once in the remainder loop
    loop = next(n for n in total.jit.info.node.body if isinstance(n, astroid_nodes.For))
    copies = inlining.unroll_factor(loop, 1, loop.iter)
    assert copies > 1
    assert _count(text, 'dunder_name = "mul"') == copies + 1, text


def test_body_with_break_is_not_unrolled():
    with_break(3)
    text = with_break.inspect("pydm")
    assert _count(text, 'dunder_name = "eq"') == 1, text  # the body's i == 6, once: one copy


@pydm.jit
def big_body(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s + i * 3 + 1) % 1000003
        s = (s * 7 + i * 5 + 2) % 1000003
        s = (s * 11 + i * 13 + 3) % 1000003
        s = (s * 17 + i * 19 + 4) % 1000003
    return s


def test_big_body_is_not_unrolled():
    big_body(3)
    text = big_body.inspect("pydm")
    assert _count(text, "dunder_name = \"mod\"") == 4, text
    check_many(big_body, [(n,) for n in (0, 1, 5, 9)])


@pytest.mark.parametrize("n", [0, 1, 3, 4, 5, 8])
def test_while_loops_unchanged(n):
    check(while_sum, n)


@pydm.jit
def while_sum(n: int) -> int:
    i = 0
    s = 0
    while i < n:
        s += i
        i += 1
    return s


# Unrolled copies take float(i + k) as float(i) + k (one conversion per trip),
# exact only while counters stay within +-2**53: the loop unrolls only then.
@pydm.jit
def float_of_counter(a: int, b: int) -> float:
    s = 0.0
    for i in range(a, b):
        s = s * 0.5 + (i + 0.25)
    return s


@pydm.jit
def float_sum_exact(a: int, b: int) -> float:
    s = 0.0
    for i in range(a, b):
        s = s + float(i) - i * 1.0 + i * 2.0
    return s


def test_float_of_counter_near_2_53():
    big = 2**53
    cases = [(big - 10, big), (big - 10, big + 1), (big - 3, big + 9), (big + 1, big + 11),
             (-big - 9, -big + 7), (-big, -big + 13), (-big + 2, -big + 15), (0, 13), (-6, 7),
             (2**62, 2**62 + 9)]
    check_many(float_of_counter, cases)
    check_many(float_sum_exact, cases)


def test_one_conversion_per_trip():
    float_of_counter(0, 9)
    vm = float_of_counter.inspect("vm")
    # the unrolled loop's copies share one int->float conversion; the rotated
    # remainder loop has its own
    assert vm.count("vm.cast.si64.f64") == 2, vm


@pydm.jit
def counter_plus_constants(a: int, b: int) -> float:
    s = 0.0
    for i in range(a, b):
        s = s + (i + 0.1) - (0.5 + i) + (i + 1e300) * 0.0 + (i + -0.0) + (i + 0.75)
    return s


def test_counter_plus_a_float_constant():
    # float(i) + c is taken as float(i0) + (k + c) only when k + c is exact
    big = 2**53
    check_many(counter_plus_constants, [(big - 12, big), (-big, -big + 12), (0, 13), (-7, 9),
                                        (2**52 - 5, 2**52 + 9)])
