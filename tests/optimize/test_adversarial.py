"""Adversarial differential tests of the optimizations (README "Optimizations"):
int intervals and signs (frontend/ranges.py), range-loop rotation and
unrolling, self-recursion expansion with frontier guards (frontend/inlining.py),
dynamic values as pairs with inline fast paths and typed twins.

Every function is compared with CPython (conformance.harness). Inputs sit at
the 64-bit edges and at the float specials, where a wrong interval or sign
would drop a needed check and give a silently wrong value. Section 6 holds
the bugs this file found (fixed since; regression tests now)."""
from __future__ import annotations

import ast
import inspect
import math
import textwrap
import types

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pydm
from conformance.harness import INT64_MAX, INT64_MIN, check, check_overflow

M, X = INT64_MIN, INT64_MAX
SQ = 3037000499  # isqrt(INT64_MAX)
PROFILE = dict(deadline=None, database=None, max_examples=30,
               suppress_health_check=[HealthCheck.too_slow])
EDGE_INTS = [M, M + 1, M + 2, M + 3, M + 4, -SQ - 1, -SQ, -(2**53) - 1, -(2**32), -1000, -7, -3, -2, -1,
             0, 1, 2, 3, 4, 5, 7, 100, 2**32, 2**53, 2**53 + 1, SQ, SQ + 1, X - 4, X - 3, X - 2, X - 1, X]
edge_ints = st.one_of(st.sampled_from(EDGE_INTS), st.integers(M, X), st.integers(-50, 50))
FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-200, -1e-200, 1e154, 1e155, 1e200, 1e308, 5e-324, -5e-324,
          1e-162, math.inf, -math.inf, math.nan]
VALUES = [None, True, False, 0, 1, -1, 2, -3, 7, 2**40, -(2**40), 0.0, -0.0, 1.5, -2.5,
          math.inf, -math.inf, math.nan, 1e300]


# ---- a reference that overflows where pydm must ----------------------------------------
# CPython goes on with a big int where pydm raises OverflowError (the documented
# divergence). The reference below is the function's own source with every int
# result checked (``_ck``), so an OverflowError from pydm is accepted exactly
# where some intermediate int leaves 64 bits, and everything else must agree
# with plain CPython (harness.check).

_CK = "int64 overflow (reference)"


def _ck(v):
    if type(v) is int and not (M <= v <= X):
        raise OverflowError(_CK)
    return v


class _Checked(ast.NodeTransformer):
    def _wrap(self, node):
        return ast.Call(ast.Name("_ck", ast.Load()), [node], [])

    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self._wrap(node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) or (isinstance(node.operand, ast.Constant) and node.operand.value == 2**63):
            return node
        return self._wrap(node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in ("abs", "int"):
            return self._wrap(node)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        name = node.target.id
        return [node, ast.Assign([ast.Name(name, ast.Store())], self._wrap(ast.Name(name, ast.Load())))]


_checked_ns: dict = {"_ck": _ck}


def _checked(fn):
    """The ``_ck`` version of a jitted function (its jitted callees too)."""
    name = fn.py_func.__name__
    if name not in _checked_ns:
        for gname, value in list(fn.py_func.__globals__.items()):
            py = getattr(value, "py_func", None)
            if isinstance(py, types.FunctionType) and gname not in _checked_ns:
                tree = ast.parse(textwrap.dedent(inspect.getsource(py)))
                tree.body[0].decorator_list = []
                tree = ast.fix_missing_locations(_Checked().visit(tree))
                exec(compile(tree, f"<checked {gname}>", "exec"), _checked_ns)
    return _checked_ns[name]


def agree(fn, cases):
    """Each case: pydm raises OverflowError where the checked reference does
    (class only), else ``check`` (CPython's value, type, bits, exception)."""
    failures = []
    for args in cases:
        try:
            _checked(fn)(*args)
            overflows = False
        except OverflowError as exc:
            overflows = str(exc) == _CK
        except Exception:  # noqa: BLE001 - CPython raises: check compares it
            overflows = False
        try:
            if overflows:
                check_overflow(fn, *args, intermediate=True)
            else:
                check(fn, *args)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, f"{len(failures)} of {len(cases)} cases disagree:\n  " + "\n  ".join(failures[:30])


# =====================================================================================
# 1. int intervals (ranges.py)
# =====================================================================================

@pydm.jit
def square_after_negation(n: int) -> int:
    x = -n
    if n > 0:
        return x * x  # x < 0: the cheap square check (x > isqrt) would be wrong
    return x * x + 1


@pydm.jit
def square_of_narrowed_negative(n: int) -> int:
    if n < -3037000499:
        return 0
    if n < 0:
        return n * n
    return -1


@pydm.jit
def square_neg_range(n: int) -> int:
    s = 0
    for i in range(n, 0):
        s = i * i  # i < 0
    return s


@pydm.jit
def square_neg_step(n: int) -> int:
    s = 0
    for i in range(0, n, -1):
        s = i * i + s % 7
    return s


@pydm.jit
def tuple_target_in_loop(n: int, big: int) -> int:
    x = 0
    y = 0
    for i in range(n):
        x = x % 5
        if i == 2:
            x, y = big, x  # x leaves [0, 4] through a tuple target
    return x + x


@pydm.jit
def tuple_target_no_pair(n: int, big: int) -> int:
    x = 0
    for i in range(n):
        t = x + 1
        x = i % 3
        if i == 2:
            x, t = big, t
    return x * 2


@pydm.jit
def for_target_inside_body(n: int) -> int:
    x = 0
    s = 0
    for i in range(n):
        x = x % 4
        for x in range(9223372036854775800, 9223372036854775806):
            s = s % 10
    return x + x


@pydm.jit
def inner_for_target_reads(n: int, m: int) -> int:
    x = 0
    t = 0
    for i in range(n):
        t = x + 9223372036854775800
        x = i % 2
        for x in range(m, m + 1):
            pass
    return t


@pydm.jit
def annassign_in_loop(n: int, big: int) -> int:
    x = 0
    t = 0
    for i in range(n):
        t = x + 9223372036854775800
        x: int = i % 3
        if i == 1:
            x: int = big
    return t


@pydm.jit
def augassign_in_while(n: int, k: int) -> int:
    x = 0
    t = 0
    while n > 0:
        n -= 1
        t = x + 9223372036854775800
        x = 1
        x <<= k
    return t


@pydm.jit
def while_else_assigns(n: int, big: int) -> int:
    x = 0
    t = 0
    while n > 0:
        n -= 1
        t = x * 3037000499
        x = n % 2
    else:
        x = big
    return t + x * 2


@pydm.jit
def unbound_on_entry(n: int, big: int) -> int:
    t = 0
    for i in range(n):
        if i > 0:
            t = x + 9223372036854775800
        x = i % 2
        if i == 2:
            x = big
    return t


@pydm.jit
def bool_typed_var(n: int, b: bool) -> int:
    s = 0
    for i in range(n):
        s = s + b * 9223372036854775807
        b = not b
    return s


@pydm.jit
def becomes_object(n: int) -> object:
    x = 0
    for i in range(n):
        x = x + 9223372036854775806 if i % 2 == 0 else x * 0.5
    return x


@pydm.jit
def narrowed_then_reassigned(n: int, m: int) -> int:
    if n < 10:
        n = m
        return n + 9223372036854775800
    return 0


@pydm.jit
def narrowed_in_loop_back_edge(n: int, m: int) -> int:
    x = 0
    s = 0
    i = 0
    while i < n:
        i += 1
        if x < 5:
            s = x + 9223372036854775802
        x = m
    return s


@pydm.jit
def narrowed_at_join(n: int) -> int:
    if n < 5:
        x = n
    else:
        x = 3
    return x - 9223372036854775800


@pydm.jit
def ifexp_narrow(n: int) -> int:
    return (n + 9223372036854775800) if n < 8 else (n - 9223372036854775800)


@pydm.jit
def and_or_not_narrow(n: int, m: int) -> int:
    if not (n >= 5 or m >= 5):
        return n + m + 9223372036854775797
    if n < 5 and m > 0:
        return n * m
    return 0


@pydm.jit
def chain_narrow(n: int, m: int) -> int:
    if -10 < n < m < 10:
        return n * m * 92233720368547758
    if not (-10 < n < 10):
        return n + 1
    return n - 1


@pydm.jit
def edge_unary(n: int) -> int:
    if n < 0:
        return -n + ~n
    return ~n - -n


@pydm.jit
def floordiv_mod_negative(n: int) -> int:
    a = n // -3
    b = n % -3
    c = n // -1
    return a + b + c


@pydm.jit
def mod_result_sums(n: int, m: int) -> int:
    a = n % -7          # in [-6, 0]
    b = m % 9223372036854775807
    return a + b        # may be MAX-1 + 0; never overflows


@pydm.jit
def shift_and_mask(n: int) -> int:
    a = n >> 1
    b = n & -256
    c = n & 255
    return a + a + c - b // 256


@pydm.jit
def bool_arith(b: bool, c: bool, n: int) -> int:
    return (b + c) * 4611686018427387903 + (b - c) * n + -b + ~c


@pydm.jit
def square_of_sum(n: int) -> int:
    x = n % 3037000500
    y = x * x
    return y + x


@pydm.jit
def floordiv_interval_then_mul(n: int) -> int:
    q = n // -2
    return q * 2


@pydm.jit
def floordiv_minus_one_then_add(n: int) -> int:
    q = n // -1
    return q + 1


@pydm.jit
def rshift_interval(n: int) -> int:
    q = n >> 62
    return q * 4611686018427387904


@pydm.jit
def augassign_nonneg_chain(n: int) -> int:
    s = 0
    for i in range(n):
        s += i
        s %= 1000003
        s *= s
    return s


@pydm.jit
def nonneg_add_edges(a: int, b: int) -> int:
    if a >= 0 and b >= 0:
        return a + b
    return 0


@pydm.jit
def one_signed_operand(a: int, b: int) -> int:
    # one operand's sign known: the check is one compare (int-ranges known_sign)
    r = 0
    if b >= 0:
        r = (a + b) - (a - b) + (b + a)
    elif b <= -1:
        r = (a + b) - (a - b) + (b + a)
    if a >= 0:
        r += (a + b) + (b + a)
    if a <= 0:
        r += (b + a) + (a + b)
    return r + (a % 7 + b) - (b - a % 7)


@pydm.jit
def nonneg_mod_floordiv(a: int) -> int:
    if a >= 0:
        return a % 1000003 + a // 7 + a % 8 + a // 16
    return a % 1000003 + a // 7


@pydm.jit
def mod_zero_divisor(a: int, b: int) -> int:
    if a >= 0 and b >= 0:
        return a % b + a // b
    return -1


def test_squares_of_negatives():
    agree(square_after_negation, [(n,) for n in (1, 2, SQ, SQ + 1, X, 0, -1, -SQ, -SQ - 1, M + 1, M)])
    agree(square_of_narrowed_negative, [(n,) for n in (-1, -SQ, -SQ - 1, M, 0, 5)])
    agree(square_neg_range, [(n,) for n in (0, -1, -3, -5, -9)])
    agree(square_neg_step, [(n,) for n in (0, -1, -2, -3, -5, -8, 3)])


def test_assignments_the_loop_analysis_must_see():
    agree(tuple_target_in_loop, [(n, big) for n in (0, 2, 3, 5) for big in (0, 4, X, M, 2**62)])
    agree(tuple_target_no_pair, [(n, big) for n in (0, 3, 4) for big in (0, X, M, 2**62)])
    agree(for_target_inside_body, [(n,) for n in (0, 1, 2, 5)])
    agree(inner_for_target_reads, [(n, m) for n in (0, 1, 2, 3) for m in (0, 7, 100, -9, M, X - 1)])
    agree(annassign_in_loop, [(n, big) for n in (0, 1, 2, 3) for big in (0, 7, 10, -(2**62))])
    agree(augassign_in_while, [(n, k) for n in (0, 1, 2, 3) for k in (0, 2, 3, 4, 10)])
    agree(while_else_assigns, [(n, big) for n in (0, 1, 2, 3) for big in (0, 1, 2**62, X, M)])
    agree(bool_typed_var, [(n, b) for n in (0, 1, 2, 3) for b in (True, False)])
    agree(becomes_object, [(n,) for n in range(0, 6)])


def test_narrowing_facts_do_not_outlive_their_value():
    agree(narrowed_then_reassigned, [(n, m) for n in (0, 9, 10) for m in (0, 7, 8, 100, X, M)])
    agree(narrowed_in_loop_back_edge, [(n, m) for n in (0, 1, 2, 3) for m in (0, 4, 5, 6, 100, -1)])
    agree(narrowed_at_join, [(n,) for n in (M, M + 1, 0, 4, 5, X)])
    agree(ifexp_narrow, [(n,) for n in (M, -1, 7, 8, X, X - 5)])
    agree(and_or_not_narrow, [(n, m) for n in (M, 0, 4, 5, X) for m in (M, 0, 4, 5, 7, X)])
    agree(chain_narrow, [(n, m) for n in (-10, -9, 0, 9, 10, M, X) for m in (-9, 0, 5, 9, 10, X)])


@settings(**PROFILE)
@given(edge_ints)
def test_property_unary_floordiv_mod_shift(n):
    for fn in (edge_unary, floordiv_mod_negative, shift_and_mask, square_of_sum, floordiv_interval_then_mul,
               floordiv_minus_one_then_add, rshift_interval, nonneg_mod_floordiv):
        agree(fn, [(n,)])


@settings(**PROFILE)
@given(edge_ints, edge_ints)
def test_property_two_ints(a, b):
    for fn in (mod_result_sums, nonneg_add_edges, mod_zero_divisor, and_or_not_narrow, chain_narrow,
               one_signed_operand):
        agree(fn, [(a, b)])


def test_one_signed_operand_at_the_edges():
    agree(one_signed_operand, [(a, b) for a in EDGE_INTS for b in EDGE_INTS])


def test_bool_arithmetic_and_nonneg_chains():
    agree(bool_arith, [(b, c, n) for b in (True, False) for c in (True, False) for n in (0, 1, -1, X, M)])
    agree(augassign_nonneg_chain, [(n,) for n in (0, 1, 2, 5, 9, 40)])


# =====================================================================================
# 2. float division by a provably positive divisor (ranges.sign)
# =====================================================================================

@pydm.jit
def div_one_plus_square(x: float, y: float) -> float:
    return x / (1.0 + y * y)


@pydm.jit
def div_sum_of_squares(x: float, a: float, b: float) -> float:
    return x / (a * a + b * b + 0.0)


@pydm.jit
def div_tiny_plus_square(x: float, a: float) -> float:
    return x / (a * a + 5e-324)


@pydm.jit
def div_by_positive_int(x: float, n: int) -> float:
    if n > 0:
        return x / n + x / (n + 0)
    return x / (1 + n * n)


@pydm.jit
def div_by_sum(x: float, a: float, b: float) -> float:
    return x / (a + b)


@pydm.jit
def div_by_bool(x: float, b: bool) -> float:
    return x / (b + 0)


def test_positive_divisors_at_the_float_specials():
    agree(div_one_plus_square, [(x, y) for x in FLOATS for y in FLOATS])
    agree(div_sum_of_squares, [(x, a, b) for x in (1.0, -0.0, math.inf) for a in FLOATS for b in (0.0, -0.0, 1e-200, math.nan)])
    agree(div_tiny_plus_square, [(x, a) for x in (1.0, -1.0, 0.0, math.nan) for a in FLOATS])
    agree(div_by_positive_int, [(x, n) for x in (1.0, -0.0, math.inf) for n in (0, 1, -1, SQ, SQ + 1, M, X)])
    agree(div_by_sum, [(x, a, b) for x in (1.0, -1.0) for a in (0.0, -0.0, 1.0) for b in (0.0, -0.0, -1.0)])
    agree(div_by_bool, [(x, b) for x in (1.0, -0.0, math.nan) for b in (True, False)])


# =====================================================================================
# 3. range loops: rotation, unrolling by 4, float shadows of the counter
# =====================================================================================

@pydm.jit
def unrolled_sum(a: int, b: int) -> int:
    s = 0
    for i in range(a, b):
        s = s ^ i
    return s


@pydm.jit
def unrolled_var_after(a: int, b: int) -> int:
    i = -5
    for i in range(a, b):
        pass
    return i


@pydm.jit
def unrolled_else(a: int, b: int) -> int:
    t = 0
    for i in range(a, b):
        t = t + 1
    else:
        t = t * 100
    return t


@pydm.jit
def unrolled_return_in_copy(n: int, k: int) -> int:
    s = 0
    for i in range(n):
        if i == k:
            return s * 1000 + i
        s += 1
    return -s


@pydm.jit
def unrolled_raise_in_copy(n: int, k: int) -> int:
    s = 0
    for i in range(n):
        s = s + 10 // (i - k)
    return s


@pydm.jit
def unrolled_modifies_target(n: int) -> int:
    s = 0
    for i in range(n):
        i = i * 3
        s = s + i
    return s + i


@pydm.jit
def unrolled_nested(n: int, m: int) -> int:
    s = 0
    for i in range(n):
        for j in range(i, m):
            s = s * 3 + j - i
    return s


@pydm.jit
def unrolled_float_counter(a: int, b: int) -> float:
    s = 0.0
    for i in range(a, b):
        s = s + i * 0.5 - i / 3
    return s


@pydm.jit
def unrolled_float_prev(a: int, b: int) -> float:
    s = 0.0
    p = a
    for i in range(a, b):
        s = s + p * 1.0 + i * 0.25
        p = i
    return s + p * 1.0


@pydm.jit
def counter_square(a: int, b: int) -> int:
    s = 0
    for i in range(a, b):
        s = (s + i * i) % 1000003
    return s


def test_unrolled_loops_at_the_64_bit_edges():
    spans = [(a, a + k) for a in (M, M + 1, -(2**53) - 2, -3, 0, 2**53 - 2, X - 9, X - 4, X - 3)
             for k in (0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17) if a + k <= X]
    spans += [(X, M), (5, 0), (X - 1, X), (M, M + 2)]
    agree(unrolled_sum, spans)
    agree(unrolled_var_after, spans)
    agree(unrolled_else, spans)
    agree(unrolled_float_counter, spans)
    agree(unrolled_float_prev, spans)
    agree(counter_square, [(a, b) for a, b in spans if b - a < 20])


def test_unrolled_bodies_leaving_in_any_copy():
    agree(unrolled_return_in_copy, [(n, k) for n in range(0, 10) for k in (-1, 0, 1, 2, 3, 4, 5, 7, 8)])
    agree(unrolled_raise_in_copy, [(n, k) for n in range(0, 10) for k in (-1, 0, 2, 3, 4, 6)])
    agree(unrolled_modifies_target, [(n,) for n in range(0, 10)])
    agree(unrolled_nested, [(n, m) for n in range(0, 7) for m in (0, 3, 5, 9)])


# =====================================================================================
# 4. self-recursion expansion and frontier guards
# =====================================================================================

@pydm.jit
def rec_defaults(n: int, k: int = 3) -> int:
    if n < k:
        return n
    return rec_defaults(n - 1) + rec_defaults(n - 2, k=2) - rec_defaults(k=4, n=n - 3)


@pydm.jit
def rec_none(n: int):
    if n <= 0:
        return None
    if n == 5:
        return n
    r = rec_none(n - 1)
    if r is None:
        return None
    return r + 1


@pydm.jit
def rec_bool(n: int) -> bool:
    return True if n == 0 else not rec_bool(n - 1)


@pydm.jit
def rec_float(n: int) -> float:
    if n < 1:
        return -0.0
    return rec_float(n - 1) * 0.5 + 1.0 / n


@pydm.jit
def rec_guard_raises(n: int) -> int:
    if 10 // n > 3:
        return n
    return rec_guard_raises(n - 1) + 1


@pydm.jit
def rec_guard_edge(n: int) -> int:
    if n < -9223372036854775800:
        return n - 8
    return rec_guard_edge(n - 4)


@pydm.jit
def rec_square_guard(n: int) -> int:
    if n * n < 100:
        return -n * n
    return rec_square_guard(n // -2) + n


@pydm.jit
def rec_same_names(n: int, m: int) -> int:
    if n <= 0:
        return m
    m2 = m * 2
    return rec_same_names(n - 1, m2 - n) + rec_same_names(n - 2, n)


@pydm.jit
def rec_mutual_a(n: int) -> int:
    if n <= 0:
        return 1
    return rec_mutual_a(n - 1) + rec_mutual_b(n - 1)


@pydm.jit
def rec_mutual_b(n: int) -> int:
    if n <= 1:
        return n
    return rec_mutual_a(n - 2) * 2 - rec_mutual_b(n - 1)


@pydm.jit
def rec_in_loop(n: int) -> int:
    s = 0
    for i in range(n):
        if i > 3:
            break
        s += rec_in_loop(i)
    else:
        s += 1
    return s


@pydm.jit
def rec_generic(x):
    if x < 2:
        return x
    return rec_generic(x - 1) + rec_generic(x / 2)


def test_self_recursion_copies_and_guards():
    agree(rec_defaults, [(n,) for n in range(-2, 14)] + [(5, 0), (5, 9), (M, 3)])
    agree(rec_none, [(n,) for n in range(-1, 12)])
    agree(rec_bool, [(n,) for n in range(0, 12)] + [(600,)])
    agree(rec_float, [(n,) for n in range(-1, 12)])
    agree(rec_guard_raises, [(n,) for n in range(-3, 12)])
    agree(rec_guard_edge, [(M + k,) for k in range(0, 20)])
    agree(rec_square_guard, [(n,) for n in (0, 9, 10, -10, 1000, SQ, SQ + 1, -SQ - 1, M, X)])
    agree(rec_same_names, [(n, m) for n in range(-1, 8) for m in (0, 1, X, M, 2**61)])
    agree(rec_mutual_a, [(n,) for n in range(0, 12)])
    agree(rec_in_loop, [(n,) for n in range(0, 8)])
    agree(rec_generic, [(v,) for v in (0, 1, 5, 9, 2.5, 7.0, True, False, -1, -0.0, None)])


# =====================================================================================
# 5. dynamic values: pairs, inline fast paths, typed twins
# =====================================================================================

@pydm.jit
def dyn_ops(x, y, k: int):
    if k == 0:
        return x + y
    if k == 1:
        if x:
            return x - y
        return x == y
    if k == 2:
        return x * y
    if k == 3:
        return -x
    if k == 4:
        return x < y
    return x % y if x else not y


@pydm.jit
def dyn_div(x, y):
    return x // y if y else x / (1.0 + y * y)


@pydm.jit
def dyn_minmax_abs(x, y, k: int):
    if k == 0:
        return min(x, y)
    if k == 1:
        return max(y, x, y)
    return abs(x) if y else abs(y)


@pydm.jit
def dyn_aug(x: object, y: object) -> object:
    x += y
    x *= y
    x //= 3
    return x


@pydm.jit
def dyn_loop_types(x, n: int):
    y = None
    for i in range(n):
        if y is None:
            y = x
        elif i % 3 == 0:
            y = y / 2
        elif i % 3 == 1:
            y = y * 3 + i
        else:
            y = -y if y < 0 else y // 1
    return y


@pydm.jit
def dyn_four(a: object, b: object, c: object, d: object) -> object:
    r = a
    if b < c:
        r = r * d
    else:
        r = r // d
    return min(r, a, b)


@pydm.jit
def dyn_ret(x: object, k: int) -> object:
    if k == 0:
        return x > 0
    if k == 1:
        return x * 1.0
    if k == 2:
        return x
    return None


@pydm.jit
def dyn_inner(x: object) -> object:
    return x % 3 if x is not None else x


@pydm.jit
def dyn_outer(x: object, y: object) -> object:
    a = dyn_inner(x)
    b = dyn_inner(y)
    if a is None or b is None:
        return a is b
    return a - b + dyn_inner(x * y)


values = st.sampled_from(VALUES)


@settings(**PROFILE)
@given(values, values)
def test_property_dynamic_binary(x, y):
    agree(dyn_ops, [(x, y, k) for k in range(6)])
    agree(dyn_div, [(x, y)])
    agree(dyn_minmax_abs, [(x, y, k) for k in range(3)])
    agree(dyn_aug, [(x, y)])
    agree(dyn_outer, [(x, y)])


@settings(**PROFILE)
@given(values, values, values, values)
def test_property_dynamic_four_objects(a, b, c, d):
    agree(dyn_four, [(a, b, c, d)])


def test_dynamic_types_cross_the_boundary():
    agree(dyn_ret, [(v, k) for v in VALUES for k in range(4)])
    agree(dyn_loop_types, [(v, n) for v in VALUES for n in (0, 1, 2, 4, 7)])
    agree(dyn_four, [(1, 2, 3, 4), (1.0, 2.0, 3.0, 4.0), (4, 3, 2, 1), (4.0, 3.0, 2.0, 0.5), (True, 2, 3.0, None)])


# =====================================================================================
# 6. bugs found by this file (fixed in 703699a; kept as regression tests)
# =====================================================================================

@pydm.jit
def is_true_branch(n: int) -> int:
    if n is True:
        return 1
    return n + 1


@pydm.jit
def is_not_false_ifexp(n: int) -> int:
    return 1 if n is not False else 2


@pydm.jit
def is_true_generic(x):
    if x is True:
        return 1
    return 0


@pydm.jit
def calls_is_true_generic(x: object) -> object:
    return is_true_generic(x) + 1


# regression (found here, fixed in 703699a): ranges.narrow looks up _NEGATE['is'] (KeyError) when an int name is compared with 'is'/'is not' to a bool in a branch test: CompileError
def test_bug_is_comparison_in_branch_test():
    agree(is_true_branch, [(5,), (1,), (0,)])
    agree(is_not_false_ifexp, [(5,), (0,)])


# regression (found here, fixed in 703699a): same KeyError in ranges.narrow: a generic function testing `x is True` cannot be compiled for an int argument, nor can any generic caller
def test_bug_is_true_in_generic_code():
    agree(calls_is_true_generic, [(None,), (True,), (1.5,)])


@pydm.jit
def maybe_unbound_in_branch(m: int) -> int:
    if m > 100:
        i = 1
    if m > 5:
        m += i
    return m


@pydm.jit
def maybe_unbound_in_unrolled_loop(m: int) -> int:
    if m > 100:
        i = 1
    for a in range(m):
        m += i
    return m


# regression (found here, fixed in 703699a): importer.finish compares Var.bound (an ir.Value) with None (e.bound == first.bound): TypeError from the MLIR bindings, a compiler crash
def test_bug_maybe_unbound_read_on_one_path():
    agree(maybe_unbound_in_branch, [(0,), (6,), (101,)])


# regression (found here, fixed in 703699a): the same importer.finish crash for a maybe-unbound name read in a range loop body (the loop's exit join)
def test_bug_maybe_unbound_read_in_loop():
    agree(maybe_unbound_in_unrolled_loop, [(0,), (6,), (101,)])


@pydm.jit
def tuple_assign_after_raise(x: float) -> int:
    a, b = x & 1, 2
    return b


# regression (found here, fixed in 703699a): stmt_Assign evaluates the next tuple element after one that always raises (self.block is None): CompileError instead of CPython's TypeError
def test_bug_tuple_assignment_after_an_element_that_always_raises():
    agree(tuple_assign_after_raise, [(1.5,)])


@pydm.jit
def ifexp_both_arms_raise(x: float, k: int) -> int:
    if k == 0:
        return (x & 1) if x else (x | 1)
    return 5


# regression (found here, fixed in 703699a): importer.expr_IfExp continues in the merge block when neither arm reaches it; emit_return then coerces its NONE argument: internal AssertionError
def test_bug_conditional_expression_whose_arms_always_raise():
    agree(ifexp_both_arms_raise, [(1.5, 0), (1.5, 1)])
