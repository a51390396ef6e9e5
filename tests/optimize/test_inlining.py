"""Self-recursion inlining (pydm/frontend/inlining.py, FunctionImporter.inline_call).

A direct self-recursive call of a small function is expanded in place a few
levels deep (each ``return`` of a copy jumps to a join). The copies must be
invisible: every function here is compared with CPython (value, type,
exception class and message), exceptions raised inside a copy must carry the
note naming the right source line, deep recursion must still end in
RecursionError, and the expansion must happen exactly where documented
(``fn.inspect("pydm")``): self-recursive calls of small functions only.
"""
from __future__ import annotations

import math
import os
import re
import sys
import textwrap

import astroid
import pytest
from shared import import_source
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pydm
from optimize.notes import assert_note, raised
from pydm.frontend import inlining

try:
    from tests.conformance.harness import (INT64_MAX, INT64_MIN, check, check_many, check_overflow,
                                           check_raises, check_result)
except ImportError:  # pytest run without the repository root on sys.path
    from conformance.harness import (INT64_MAX, INT64_MIN, check, check_many, check_overflow,
                                     check_raises, check_result)

FILE = os.path.basename(__file__)
PROFILE = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])





def functions(ir_text: str) -> dict[str, str]:
    """``func.func @sym(...)`` bodies of a pydm IR module, by symbol."""
    out: dict[str, str] = {}
    current = None
    for line in ir_text.splitlines():
        m = re.match(r"\s*func\.func (?:private )?@(\S+?)\(", line)
        if m:
            current = m.group(1)
            out[current] = ""
        if current is not None:
            out[current] += line + "\n"
    return out


def calls_to(text: str, name: str) -> int:
    """Number of call ops to the specializations of ``name`` (symbols ``name$...``)."""
    return len(re.findall(rf"\bcall @{re.escape(name)}\$", text))


# ---------------------------------------------------------------- shapes

@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@pydm.jit
def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)  # M-fact-mul


@pydm.jit
def fact_acc(n: int, acc: int = 1) -> int:
    """Tail-recursive factorial with a default argument."""
    if n <= 1:
        return acc
    return fact_acc(n - 1, acc * n)  # M-fact-acc-mul


@pydm.jit
def count_kw(n: int, acc: int = 0, step: int = 1) -> int:
    if n <= 0:
        return acc
    return count_kw(step=step + 1, acc=acc + n * step, n=n - 1)


@pydm.jit
def ack(m: int, n: int) -> int:
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))


@pydm.jit
def gcd(a: int, b: int) -> int:
    if b == 0:
        return a
    return gcd(b, a % b)


@pydm.jit
def hanoi(n: int, a: int, b: int, c: int) -> int:
    if n == 0:
        return 0
    return hanoi(n - 1, a, c, b) + 1 + hanoi(n - 1, c, b, a)


@pydm.jit
def collatz(n: int) -> int:
    if n == 1:
        return 0
    if n % 2 == 0:
        return 1 + collatz(n // 2)
    return 1 + collatz(3 * n + 1)


@pydm.jit
def tri(n: int) -> int:
    return 0 if n <= 0 else tri(n - 1) + n


@pydm.jit
def parity(n: int) -> bool:
    if n == 0:
        return True
    return not parity(n - 1)


@pydm.jit
def flip(b: bool, n: int) -> int:
    if n <= 0:
        return int(b)
    return flip(not b, n - 1) + b


@pydm.jit
def fpow(x: float, n: int) -> float:
    if n == 0:
        return 1.0
    return x * fpow(x, n - 1)


@pydm.jit
def halvings(x: float) -> float:
    if x < 1.0:
        return x
    return halvings(x / 2.0) + 1.0


@pydm.jit
def tworet(n: int) -> int:
    if n % 2 == 0:
        if n == 0:
            return 0
        return tworet(n - 1) * 2
    else:
        return tworet(n - 1) + 1


@pydm.jit
def shadow(n: int) -> int:
    # the copies use the same local names as the caller: they must not clobber them
    x = n * 10
    if n > 0:
        y = shadow(n - 1)
        return x + y
    return x


@pydm.jit
def two_sites_one_line(n: int, k: int) -> int:
    if n <= 0:
        return k
    return two_sites_one_line(n - 1, k * 2) - two_sites_one_line(n - 2, k + 1)


# --- recursion inside loops, break/continue, early returns

@pydm.jit
def loop_rec(n: int) -> int:
    s = 0
    for i in range(n):
        if i == 3:
            continue
        if i > 6:
            break
        s += loop_rec(i) + 1
    return s


@pydm.jit
def while_rec(n: int) -> int:
    total = 0
    k = 0
    while k < n:
        total = total + while_rec(k) * 2 + k
        k += 1
        if total > 1000:
            break
    return total + 1


@pydm.jit
def factor_sum(n: int, k: int) -> int:
    # early return from inside a loop, recursing from there
    while k * k <= n:
        if n % k == 0:
            return k + factor_sum(n // k, k)
        k += 1
    return n


@pydm.jit
def loop_else_rec(n: int) -> int:
    for i in range(n):
        if i == 5:
            break
    else:
        return n if n < 2 else loop_else_rec(n - 1) + loop_else_rec(n - 2)
    return 100 + n


@pydm.jit
def nested_loops_rec(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        j = 0
        while j < i:
            if j == 2:
                j += 1
                continue
            s += nested_loops_rec(j) + i
            j += 1
        i += 1
    return s


# --- implicit None

@pydm.jit
def countdown(n: int, d: int) -> None:
    if n > 0:
        x = 10 // d  # M-countdown-div
        countdown(n - 1, d - 1)


@pydm.jit
def walk(n: int):
    if n > 0:
        return walk(n - 1)


@pydm.jit
def walk_value(n: int) -> int:
    r = walk(n)
    if r is None:
        return n
    return -1


# --- exceptions inside copies

@pydm.jit
def zdiv(n: int, d: int) -> int:
    if n == 0:
        return 10 // d  # M-zdiv
    return zdiv(n - 1, d - 1) + 1


@pydm.jit
def square_at_bottom(n: int, v: int) -> int:
    if n == 0:
        return v * v  # M-square
    return square_at_bottom(n - 1, v) - 1


@pydm.jit
def guard_raises(n: int, d: int) -> int:
    if n <= 0:
        return -1
    if 100 // d < -60:  # M-guard-div
        return d
    return guard_raises(n - 1, d - 1) + 1


@pydm.jit
def int_of(n: int, x: float) -> int:
    if n == 0:
        return int(x)  # M-int-of
    return int_of(n - 1, x * 2.0) + 1


@pydm.jit
def maybe_unbound(n: int, k: int) -> int:
    if n == k:
        y = n
    if n > 0:
        return maybe_unbound(n - 1, k) + 1
    return y  # M-maybe-unbound


@pydm.jit
def unbound_in_guard(n: int) -> int:
    if n < 0:
        return y  # noqa: F821 - unbound on purpose
    if n == 0:
        y = 5
        return y
    return unbound_in_guard(n - 2) + 1


@pydm.jit
def unbound_after_copy(n: int) -> int:
    if n > 0:
        unbound_after_copy(n - 1) if n > 0 else 0
        return y  # noqa: F821 - unbound on purpose
    return 0
    y = 1  # noqa: F841 - makes y a local


# --- not inlined: mutual recursion, non-recursive calls

@pydm.jit
def is_even(n: int) -> bool:
    if n == 0:
        return True
    return is_odd(n - 1)


@pydm.jit
def is_odd(n: int) -> bool:
    if n == 0:
        return False
    return is_even(n - 1)


@pydm.jit
def helper(x: int) -> int:
    return x * 12345 + 6789


@pydm.jit
def uses_helper(n: int) -> int:
    return helper(n) + helper(n + 1)


# --- unannotated

@pydm.jit
def untyped_sum(n):
    if n <= 0:
        return n
    return untyped_sum(n - 1) + n


@pydm.jit
def untyped_scale(x, n):
    if n <= 0:
        return x
    return untyped_scale(x * 2, n - 1)


@pydm.jit
def untyped_halve(x):
    # int argument at the root, float from the first recursive call on
    if x < 1:
        return x
    return untyped_halve(x / 2) + 1


# ---------------------------------------------------------------- values

def test_fib():
    check_many(fib, [(n,) for n in range(-3, 21)])
    check(fib, True)
    check(fib, False)


def test_fact_and_overflow():
    check_many(fact, [(n,) for n in range(-2, 21)])
    for n in (21, 22, 25, 40):
        check_overflow(fact, n)


def test_fact_overflow_note_names_the_multiplication():
    # 21! is the first that does not fit: the failing multiply runs in an
    # inlined copy (or a deeper frame); the note must name its line either way
    for n in (21, 22, 23, 24, 25):
        exc = raised(fact, n)
        assert type(exc) is OverflowError and "'*'" in str(exc), exc
        assert_note(exc, __file__, "M-fact-mul")


def test_default_and_keyword_arguments():
    check_many(fact_acc, [(n,) for n in range(0, 21)] + [(n, k) for n in range(0, 6) for k in (-3, 0, 7)])
    check_overflow(fact_acc, 21)
    assert_note(raised(fact_acc, 22), __file__, "M-fact-acc-mul")
    check_many(count_kw, [(n,) for n in range(-1, 12)] + [(5, 100, -2), (6, 1, 3)])


def test_multiple_parameters():
    check_many(ack, [(m, n) for m in range(0, 3) for n in range(0, 6)] + [(3, 0), (3, 1), (3, 2)])
    edges = [0, 1, -1, 5, 6, 12, 18, 35, -12, INT64_MAX, INT64_MIN, INT64_MIN + 1]
    check_many(gcd, [(a, b) for a in edges for b in edges])
    check_many(hanoi, [(n, 1, 2, 3) for n in range(0, 11)])
    check_many(two_sites_one_line, [(n, k) for n in range(-1, 9) for k in (0, 1, -5, 3037000499)])


def test_gcd_edges():
    # INT64_MIN % -1 is 0 (no overflow), gcd(INT64_MIN, 0) is INT64_MIN itself
    check(gcd, INT64_MIN, -1)
    check(gcd, INT64_MIN, 0)
    check(gcd, 0, 0)


def test_more_shapes():
    check_many(collatz, [(n,) for n in range(1, 60)] + [(97,), (871,)])
    check_many(tri, [(n,) for n in range(-2, 40)])
    check_many(tworet, [(n,) for n in range(0, 70)])
    check_overflow(tworet, 130)
    check_many(shadow, [(n,) for n in range(-2, 12)])


def test_bool_parameters_and_results():
    check_many(parity, [(n,) for n in range(0, 16)] + [(True,), (False,)])
    check_many(flip, [(b, n) for b in (True, False) for n in range(-1, 10)])


def test_float_parameters_and_results():
    xs = (0.5, -1.5, 2.0, 3, True, -0.0, math.inf, -math.inf, math.nan, 1e300)
    check_many(fpow, [(x, n) for x in xs for n in range(0, 9)])
    check_many(halvings, [(x,) for x in (0.0, -0.0, 0.5, 1.0, 3.0, 1e10, 1e100, -5.0, 7, 2**62)])


def test_recursion_in_loops_with_break_and_continue():
    check_many(loop_rec, [(n,) for n in range(0, 13)])
    check_many(while_rec, [(n,) for n in range(0, 12)])
    check_many(nested_loops_rec, [(n,) for n in range(0, 7)])


def test_early_return_from_loop():
    check_many(factor_sum, [(n, 2) for n in range(1, 120)] + [(2 * 3 * 5 * 7 * 11 * 13, 2), (1024, 2), (97, 2)])


def test_loop_else_with_recursion():
    check_many(loop_else_rec, [(n,) for n in range(0, 14)])


def test_implicit_none_return():
    check_many(countdown, [(n, d) for n in range(0, 6) for d in range(-1, 7)])
    check_many(walk, [(n,) for n in range(-1, 12)])
    check_many(walk_value, [(n,) for n in range(-1, 12)])


def test_none_function_raises_with_note():
    # d reaches 0 after 2 levels: the ZeroDivisionError comes from a copy
    exc = raised(countdown, 5, 2)
    assert type(exc) is ZeroDivisionError
    assert_note(exc, __file__, "M-countdown-div")


def test_zero_division_at_depth_two():
    check_many(zdiv, [(n, d) for n in range(0, 8) for d in range(0, 8)])
    for n in range(0, 8):  # the failing division at every depth, inlined copies included
        exc = raised(zdiv, n, n)
        assert type(exc) is ZeroDivisionError and str(exc) == "integer division or modulo by zero"
        assert_note(exc, __file__, "M-zdiv")


def test_overflow_at_every_depth():
    check_many(square_at_bottom, [(n, v) for n in range(0, 8) for v in (3, 3037000499, -3037000499)])
    for n in range(0, 8):
        check_overflow(square_at_bottom, n, 3037000500, intermediate=True)
        assert_note(raised(square_at_bottom, n, -3037000500), __file__, "M-square")


def test_exception_in_base_case_guard():
    check_many(guard_raises, [(n, d) for n in range(0, 9) for d in range(-3, 9)])
    for d in range(0, 7):  # the second guard raises at depth d
        exc = raised(guard_raises, 10, d)
        assert type(exc) is ZeroDivisionError
        assert_note(exc, __file__, "M-guard-div")


def test_value_error_and_overflow_from_int_in_copy():
    check_many(int_of, [(n, x) for n in range(0, 6) for x in (1.5, -2.75, math.nan, math.inf, -math.inf,
                                                              1e18, 4.7e18, 1e30)])
    for n in range(0, 6):
        exc = raised(int_of, n, math.nan)
        assert type(exc) is ValueError and str(exc) == "cannot convert float NaN to integer"
        assert_note(exc, __file__, "M-int-of")
        exc = raised(int_of, n, math.inf)
        assert type(exc) is OverflowError and str(exc) == "cannot convert float infinity to integer"
        assert_note(exc, __file__, "M-int-of")


def test_unbound_locals_in_recursive_functions():
    check_many(maybe_unbound, [(n, k) for n in range(-3, 9) for k in (-1, 0, 1, 3)])
    for n in range(0, 8):  # y is unbound at depth n (k != 0)
        exc = raised(maybe_unbound, n, 1)
        assert type(exc) is UnboundLocalError and "'y'" in str(exc)
        assert_note(exc, __file__, "M-maybe-unbound")
    check_many(unbound_in_guard, [(n,) for n in range(-3, 12)])
    check_many(unbound_after_copy, [(n,) for n in range(-2, 7)])


def test_mutual_recursion_is_not_inlined_and_correct():
    check_many(is_even, [(n,) for n in range(0, 40)])
    check_many(is_odd, [(n,) for n in range(0, 40)])
    funcs = functions(is_even.inspect("pydm"))
    even = [body for sym, body in funcs.items() if sym.startswith("is_even$")]
    assert len(even) == 1, list(funcs)
    assert calls_to(even[0], "is_odd") == 1, even[0]
    assert calls_to(even[0], "is_even") == 0, even[0]


def middle(x: int) -> int:
    return helper(x) * 2 + 1  # calls a leaf: expanded too (two levels)


def top(x: int) -> int:
    return middle(x) - 3  # calls a two-level function: three levels, not expanded


@pydm.jit
def uses_middle(n: int) -> int:
    return middle(n) + middle(n + 1)


@pydm.jit
def uses_top(n: int) -> int:
    return top(n) + top(n + 1)


def test_leaf_call_is_expanded():
    """A small function that calls nothing is copied into its caller (same
    results and overflow errors as the call)."""
    check_many(uses_helper, [(n,) for n in (0, 1, -1, 747120000000000, 747125000000000, INT64_MAX)])
    funcs = functions(uses_helper.inspect("pydm"))
    caller = [body for sym, body in funcs.items() if sym.startswith("uses_helper$")]
    assert len(caller) == 1, list(funcs)
    assert calls_to(caller[0], "helper") == 0, caller[0]
    assert "12345" in caller[0], "the helper's body was not copied into its caller"


def test_two_levels_of_small_calls_are_expanded_not_three():
    """``middle`` calls the leaf ``helper``: both are copied into the caller
    (inlining.MAX_SMALL_LEVELS); ``top`` calls ``middle``: a third level, so
    ``top`` stays a call (and its own body holds the two copies)."""
    args = [(n,) for n in (0, 1, -1, 747120000000000 // 2, 747125000000000 // 2, INT64_MAX)]
    check_many(uses_middle, args)
    check_many(uses_top, args)
    funcs = functions(uses_middle.inspect("pydm"))
    caller = [body for sym, body in funcs.items() if sym.startswith("uses_middle$")]
    assert len(caller) == 1, list(funcs)
    assert calls_to(caller[0], "middle") == 0 and calls_to(caller[0], "helper") == 0, caller[0]
    funcs = functions(uses_top.inspect("pydm"))
    caller = [body for sym, body in funcs.items() if sym.startswith("uses_top$")]
    callee = [body for sym, body in funcs.items() if sym.startswith("top$")]
    assert len(caller) == 1 and len(callee) == 1, list(funcs)
    assert calls_to(caller[0], "top") == 2, caller[0]
    assert calls_to(callee[0], "middle") == 0 and calls_to(callee[0], "helper") == 0, callee[0]


def test_untyped_recursion():
    check_many(untyped_sum, [(n,) for n in (0, 1, 5, 30, -4, True, False, 2.5, 3.0, -1.5, 0.0)])
    check_many(untyped_scale, [(x, n) for x in (1, 1.5, True, False, INT64_MAX // 8, -0.0, -3)
                               for n in (0, 1, 2, 3, 4, 7)])
    check_overflow(untyped_scale, INT64_MAX // 8, 5)
    check_many(untyped_halve, [(x,) for x in (0, 1, 2, 10, 1000, True, 0.5, 7.25, -3, 2**62)])


@pytest.mark.parametrize("n", [100000, 1000000])
def test_deep_recursion_is_still_recursion_error(n):
    check_raises(tri, RecursionError, n)
    check_raises(fact_acc, RecursionError, n, 0)  # acc stays 0: no overflow first
    check_raises(fib, RecursionError, n)
    # and the program is usable afterwards
    check_result(tri, 500500, 1000)
    check_result(fib, 6765, 20)


@pydm.jit
def wide(n: int, a: int, b: int) -> int:
    if n <= 0:
        return 0
    if a == 7:
        return wide(n - 1, a * b, b * n) + a * b + b * n + n * a
    return wide(n - 1, b, a) + 1


@pydm.jit
def wide_locals(n: int, a: int, b: int) -> int:
    if n <= 0:
        return a
    x0 = a * b
    x1 = b * n
    x2 = n * a
    x3 = a * b
    x4 = b * n
    x5 = n * a
    x6 = a * b
    x7 = b * n
    if a == 7:
        return wide_locals(n - 1, x0, x1) + x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7
    return wide_locals(n - 1, b, a) + 1


def test_recursion_depth_is_not_reduced_by_inlining():
    # The path taken always goes through the second call site. When only the first site
    # was expanded, each Python level still cost one VM frame, but a frame several times
    # larger (the copies' checked multiplies): RecursionError at a depth of ~450, where
    # CPython (limit 1000) and pydm before inlining (~3200) return a value.
    check(wide, 900, 1, 2)
    check(wide_locals, 900, 1, 2)


def test_recursion_depth_of_wide_shallow_is_fine():
    check_many(wide, [(n, a, b) for n in (0, 1, 5, 50, 300) for a, b in ((1, 2), (7, 3), (7, 7))])
    check_many(wide_locals, [(n, a, b) for n in (0, 1, 5, 50) for a, b in ((1, 2), (7, 3), (7, 7))])


@pydm.jit
def kw_order(n: int, d: int, x: float) -> int:
    if n <= 0:
        return 0
    return kw_order(x=x, d=10 // d, n=int(x) * 0 + n - 1) + d


def test_keyword_argument_values():
    check_many(kw_order, [(n, d, x) for n in (0, 1, 3, 6) for d in (1, 2, -3, 11) for x in (0.0, 1.5, -2.5)])


def test_keyword_arguments_are_evaluated_in_source_order():
    check(kw_order, 3, 0, math.nan)


@pydm.jit
def loop_forever_returns(n: int) -> int:
    while True:
        if n < 3:
            return n
        return loop_forever_returns(n - 1) + 1


def test_return_from_while_true():
    check(loop_forever_returns, 10)


# ---------------------------------------------------------------- properties

@settings(max_examples=25, **PROFILE)
@given(st.integers(-2, 18))
def test_property_fib(n):
    check(fib, n)


@pydm.jit
def powmod(b: int, e: int, m: int) -> int:
    if e == 0:
        return 1 % m
    h = powmod(b, e // 2, m)
    h = h * h % m
    if e % 2 == 1:
        h = h * (b % m) % m
    return h


edge_ints = st.one_of(st.sampled_from([0, 1, -1, 2, -2, INT64_MIN, INT64_MAX, INT64_MIN + 1, INT64_MAX - 1]),
                      st.integers(INT64_MIN, INT64_MAX), st.integers(-100, 100))


@settings(max_examples=25, **PROFILE)
@given(edge_ints, st.integers(0, 62),
       st.one_of(st.sampled_from([0, 1, -1, 2, 3037000499, -3037000499, 1000000007]),
                 st.integers(-3037000499, 3037000499)))
def test_property_powmod(b, e, m):
    check(powmod, b, e, m)


@settings(max_examples=25, **PROFILE)
@given(edge_ints, edge_ints)
def test_property_gcd(a, b):
    check(gcd, a, b)


# ---------------------------------------------------------------- structure

def test_fib_is_expanded_to_the_documented_depth():
    fib(10)
    text = fib.inspect("pydm", 10)
    assert len(functions(text)) == 1, text
    node = astroid.extract_node(textwrap.dedent('''
        def fib(n: int) -> int:
            if n < 2:
                return n
            return fib(n - 1) + fib(n - 2)
    '''))
    assert inlining.body_size(node) <= inlining.MAX_BODY_NODES
    depth = inlining.expansion_depth(node, "fib")
    assert depth == 3  # the depth inlining.py documents for fib (its budget's measurements)
    assert calls_to(text, "fib") == 2 ** (depth + 1), text


_FIB_SRC = '''
import pydm

@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
'''


def _load(tmp_path, name: str, source: str):
    """A fresh module from ``source`` (compiled on first call, with the
    inlining limits in force at that moment)."""
    return import_source(tmp_path, name, source)


@pytest.fixture
def fresh(tmp_path, request):
    names = []

    def load(source: str):
        name = f"_pydm_inl_{request.node.name.replace('[', '_').replace(']', '').replace('-', '_')}_{len(names)}"
        names.append(name)
        return _load(tmp_path, name, source)

    yield load
    for name in names:
        sys.modules.pop(name, None)


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_depth_limit_is_respected(fresh, monkeypatch, depth):
    monkeypatch.setattr(inlining, "SELF_RECURSION_DEPTH", depth)
    mod = fresh(_FIB_SRC)
    assert mod.fib(15) == 610
    assert calls_to(mod.fib.inspect("pydm"), "fib") == 2 ** (depth + 1)


_MARKED_FIB_SRC = '''
import pydm

@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2) + 12345 * 0
'''


@pytest.mark.parametrize("budget_bodies", [1, 3, 7, 15, 40])
def test_expansion_budget_is_respected(fresh, monkeypatch, budget_bodies):
    """The copies of one function hold at most MAX_EXPANDED_NODES syntax nodes, every
    path is expanded to the same depth, and that depth is the largest that fits."""
    size = inlining.body_size(astroid.parse(textwrap.dedent(_MARKED_FIB_SRC)).body[1])
    budget = budget_bodies * size
    monkeypatch.setattr(inlining, "MAX_EXPANDED_NODES", budget)
    mod = fresh(_MARKED_FIB_SRC)
    check_many(mod.fib, [(n,) for n in range(0, 18)])
    text = mod.fib.inspect("pydm")
    bodies = text.count("value = 12345 : i64")  # the root and each full copy build it once
    assert bodies * size <= budget, (bodies, size, budget)
    depth = 0
    while depth < inlining.SELF_RECURSION_DEPTH and 2 ** (depth + 2) - 1 <= budget_bodies:
        depth += 1
    assert bodies == 2 ** (depth + 1) - 1, (bodies, depth)
    assert calls_to(text, "fib") == 2 ** (depth + 1)


def _big_source(extra: int) -> str:
    body = "".join(f"    x{i} = n * {i + 3} - {i}\n" for i in range(extra))
    total = " + ".join(f"x{i}" for i in range(extra)) or "0"
    return (f"import pydm\n\n@pydm.jit\ndef big(n: int) -> int:\n"
            f"    if n < 2:\n        return n\n{body}"
            f"    t = ({total}) % 7\n"
            f"    return big(n - 1) + big(n - 2) + t\n")


def test_large_function_is_not_expanded(fresh, monkeypatch):
    src = _big_source(25)
    size = inlining.body_size(astroid.parse(src).body[1])
    assert size > inlining.MAX_BODY_NODES, "test bug: make the function bigger"
    mod = fresh(src)
    check_many(mod.big, [(n,) for n in range(0, 12)])
    assert calls_to(mod.big.inspect("pydm"), "big") == 2
    # the same function under a limit above its size is expanded (so the test above can fail)
    monkeypatch.setattr(inlining, "MAX_BODY_NODES", size)
    monkeypatch.setattr(inlining, "MAX_EXPANDED_NODES", 10 * size)
    mod2 = fresh(src)
    check_many(mod2.big, [(n,) for n in range(0, 12)])
    assert calls_to(mod2.big.inspect("pydm"), "big") > 2
