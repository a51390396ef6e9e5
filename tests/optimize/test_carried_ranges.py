"""Intervals of loop-carried variables (ranges.carried_intervals), squares and
the cheaper checks of operations on operands known >= 0 (numeric.*_nonneg).

Each function is built so that a wrong interval would drop a check that is
needed, and the arguments reach the 64-bit edges: a wrong fact shows as a
wrapped value instead of CPython's (or OverflowError where CPython's int does
not fit 64 bits)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pydm
from conformance.harness import INT64_MAX, INT64_MIN, check, check_many, check_overflow

SQ = 3037000499  # isqrt(INT64_MAX)


def expect(fn, args, overflow: bool):
    """``overflow``: some intermediate int leaves 64 bits (worked out per case),
    so pydm must raise OverflowError where CPython goes on with a big int;
    otherwise both must agree exactly."""
    if overflow:
        check_overflow(fn, *args, intermediate=True)
    else:
        check(fn, *args)


@pydm.jit
def bench_like(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s + i * i) % 1000003
    return s


@pydm.jit
def squares_from(a: int, b: int) -> int:
    s = 0
    for i in range(a, b):
        s = (s + i * i) % 1000003
    return s


@pydm.jit
def entry_outside(n: int, start: int) -> int:
    s = start  # the entering value is outside [0, 6]
    t = 0
    for i in range(n):
        t = s + 9223372036854775800
        s = (s + i) % 7
    return t


@pydm.jit
def reassigned_unbounded(n: int, big: int) -> int:
    x = 0
    for i in range(n):
        x = x % 5
        if i == 2:
            x += big  # an augmented assignment: x is unknown again
        x = x + 9223372036854775800
        x = x - 9223372036854775800
    return x


@pydm.jit
def tuple_carried(n: int, big: int) -> int:
    a = 0
    b = big
    for i in range(n):
        a, b = b, a % 5
    return a + 9223372036854775800


@pydm.jit
def nested_outer(n: int, big: int) -> int:
    x = 0
    for i in range(n):
        x = x % 3
        for j in range(2):
            x = big
        x = x + 4611686018427387904
    return x


@pydm.jit
def while_lcg(n: int) -> int:
    x = 12345
    while n > 0:
        x = (x * 1103515245 + 12345) % 2147483648
        n -= 1
    return x


@pydm.jit
def mod_neg_divisor(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s + i * i) % -1000003
    return s


@pydm.jit
def floordiv_nonneg(n: int, k: int) -> int:
    q = 0
    for i in range(n):
        q = (i * i + k) // 7
    return q


@pydm.jit
def annotated_carried(n: int) -> int:
    y: int = 3
    for i in range(n):
        y: int = (y * 3 + i) % 11
    return y * 838488366986797800


@pydm.jit
def target_reused(n: int) -> int:
    i = -100
    for i in range(n, n + 3):
        pass
    return i - 9223372036854775800


@pydm.jit
def bool_square(b: bool, n: int) -> int:
    return b * b + n


def test_the_benchmark_kernel():
    check_many(bench_like, [(n,) for n in (0, 1, 2, 5, 17, 1000)])


@pytest.mark.parametrize("a,b", [(SQ - 5, SQ + 1), (SQ - 5, SQ + 2), (SQ - 5, SQ + 4), (SQ + 1, SQ + 3),
                                 (-SQ - 3, -SQ + 3), (-SQ, -SQ + 3), (-SQ - 1, -SQ + 3), (0, 9)])
def test_squares_at_the_edge(a, b):
    # i * i fits up to |i| = isqrt(INT64_MAX) and overflows right after; s + i*i then fits
    crosses = any(abs(i) > SQ for i in range(a, b))
    expect(squares_from, (a, b), crosses)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("start", [0, 5, 7, 8, 100, -1, INT64_MIN])
def test_entry_value_outside_the_body_interval(n, start):
    # the first iteration adds to the entering value, the later ones to s in [0, 6]
    expect(entry_outside, (n, start), n >= 1 and start > 7)


@pytest.mark.parametrize("n", [0, 2, 3, 5])
@pytest.mark.parametrize("big", [0, 3, 7, 2**62, INT64_MAX])
def test_augmented_assignment_forgets_the_interval(n, big):
    # x is 0 when i == 2; x += big, then + 9223372036854775800 fits only for big <= 7
    expect(reassigned_unbounded, (n, big), n >= 3 and big > 7)


def test_tuple_assignment_pairs_values():
    check_many(tuple_carried, [(n, big) for n in (0, 1, 2, 3, 4) for big in (0, 4, 7, 100, INT64_MAX)])


def test_nested_loop_assignment_counts():
    check_many(nested_outer, [(n, big) for n in (0, 1, 2) for big in (0, 2, 2**62, INT64_MAX)])


def test_while_loop_carried():
    check_many(while_lcg, [(n,) for n in (0, 1, 2, 10, 1000)])


def test_negative_divisor_keeps_python_signs():
    check_many(mod_neg_divisor, [(n,) for n in (0, 1, 2, 5, 17, 100)])


def test_floordiv_of_nonneg():
    check_many(floordiv_nonneg, [(n, k) for n in (0, 1, 3, 9) for k in (0, 6, 7, INT64_MAX - 80, -50)])


def test_annotated_assignment():
    check_many(annotated_carried, [(n,) for n in (0, 1, 2, 3, 7)])


@pytest.mark.parametrize("n", [0, 1, -100, INT64_MAX - 3, INT64_MAX - 2])
def test_loop_target_not_carried_from_before(n):
    # n + 3 (the stop) leaves 64 bits for INT64_MAX - 2
    expect(target_reused, (n,), n + 3 > INT64_MAX)


@pytest.mark.parametrize("b", [False, True])
def test_bool_square(b):
    check_many(bool_square, [(b, n) for n in (0, INT64_MAX - 1, INT64_MAX, INT64_MIN)])


def test_the_kernel_runs_without_overflow_checks_on_add_and_mod():
    bench_like(3)
    text = bench_like.inspect("pydm")
    assert "infallible" in text, text          # s + i*i proven to fit
    assert "nonneg" in text, text              # i * i and the % get the cheaper forms


@settings(max_examples=30, deadline=None)
@given(st.integers(INT64_MIN, INT64_MAX), st.integers(0, 6))
def test_entry_values_property(start, n):
    expect(entry_outside, (n, start), n >= 1 and start > 7)


@settings(max_examples=30, deadline=None)
@given(st.one_of(st.integers(-SQ - 10, -SQ + 10), st.integers(SQ - 10, SQ + 10), st.integers(-1000, 1000)),
       st.integers(0, 6))
def test_squares_property(a, k):
    expect(squares_from, (a, a + k), any(abs(i) > SQ for i in range(a, a + k)))
