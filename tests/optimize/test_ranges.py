"""Integer range facts (pydm/frontend/ranges.py): an int ``+ - *`` whose operand
intervals prove the result fits in 64 bits is emitted without its overflow
check (the unit attribute ``no_overflow``, now spelled ``infallible``, on
``iree_pydm.apply_binary``).

Three layers:

(a) unit tests of ``ranges.binary`` / ``of_node`` / ``narrow`` on astroid nodes,
    including soundness properties checked against Python's own arithmetic;
(b) the pydm IR: the attribute is present exactly where a fact proves the
    operation fits and absent where it would be wrong, with boundary pairs
    (the last constant that fits, and the first that does not);
(c) adversarial differential tests at the 64-bit edges: a wrong fact shows up
    as a silently wrapped result where CPython's value does not fit (pydm must
    raise OverflowError) - every function here is compared with CPython.
"""
from __future__ import annotations

import re

import astroid
from astroid import nodes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pydm
from pydm.frontend import ranges

try:
    from tests.conformance.harness import INT64_MAX, INT64_MIN, check, check_many, check_overflow
except ImportError:  # pytest run without the repository root on sys.path
    from conformance.harness import INT64_MAX, INT64_MIN, check, check_many, check_overflow

M, X = INT64_MIN, INT64_MAX
PROFILE = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

EDGES = [M, M + 1, M + 2, M + 5, M + 6, M + 10, -3037000500, -3037000499, -1000, -2, -1, 0, 1, 2, 3, 4, 5,
         6, 9, 10, 11, 99, 100, 101, 3037000499, 3037000500, X - 10, X - 3, X - 2, X - 1, X]
edge_ints = st.one_of(
    st.sampled_from([M, M + 1, M + 2, X, X - 1, X - 2, -1, 0, 1, 2, -2]),
    st.integers(M, X),
    st.integers(-200, 200),
    st.integers(0, 63).map(lambda k: 2**k - 1) | st.integers(0, 63).map(lambda k: -(2**k)),
)


# ---------------------------------------------------------------- (a) units

def expr(src: str):
    return astroid.extract_node(src)


def lookup_from(table: dict):
    return lambda name: table.get(name)


INT_NAMES = {"n", "m", "i", "j", "k"}


def is_int_expr(node) -> bool:
    """What the importer's ``program_type(node) in (INT, BOOL)`` says for these tests."""
    if isinstance(node, nodes.Const):
        return type(node.value) in (int, bool)
    if isinstance(node, nodes.Name):
        return node.name in INT_NAMES
    if isinstance(node, nodes.UnaryOp):
        return node.op != "not" and is_int_expr(node.operand)
    if isinstance(node, nodes.BinOp):
        return node.op != "/" and is_int_expr(node.left) and is_int_expr(node.right)
    return False


def narrow(src: str, table: dict | None = None):
    return ranges.narrow(expr(src), lookup_from(table or {}), lambda name: name in INT_NAMES, is_int_expr)


def test_binary_exact_when_the_result_fits():
    assert ranges.binary("+", (1, 2), (3, 4)) == (4, 6)
    assert ranges.binary("-", (1, 2), (3, 4)) == (-3, -1)
    assert ranges.binary("*", (-2, 3), (4, 5)) == (-10, 15)
    assert ranges.binary("*", (-2, -1), (-7, 3)) == (-6, 14)
    assert ranges.binary("+", (M, 0), (0, X)) == (M, X)
    assert ranges.binary("-", (0, X), (0, X)) == (-X, X)
    assert ranges.binary("*", (-3037000499, 3037000499), (-3037000499, 3037000499)) == (
        -3037000499**2, 3037000499**2)


def test_binary_constant_divisors_and_masks():
    assert ranges.binary("//", (-7, 7), (2, 2)) == (-4, 3)
    assert ranges.binary("//", (-7, 7), (-2, -2)) == (-4, 3)
    assert ranges.binary("%", (M, X), (10, 10)) in (None, (0, 9)) and ranges.binary("%", (-50, 50), (10, 10)) == (0, 9)
    assert ranges.binary("%", (-50, 50), (-3, -3)) == (-2, 0)
    assert ranges.binary("&", (-50, 50), (255, 255)) == (0, 255)
    assert ranges.binary(">>", (-7, 7), (1, 1)) == (-4, 3)
    for op in ("//", "%"):  # a zero divisor raises: no interval
        assert ranges.binary(op, (1, 10), (0, 0)) is None
    for op in ("/", "**", "<<", "|", "^"):
        assert ranges.binary(op, (1, 2), (1, 2)) is None
    assert ranges.binary("+", None, (1, 1)) is None
    assert ranges.binary("*", (1, 1), None) is None
    assert ranges.binary("//", (1, 2), (1, 3)) is None  # a divisor that is not a constant


def _samples(iv):
    lo, hi = iv
    pts = {lo, hi, (lo + hi) // 2, lo + 1 if lo < hi else lo, hi - 1 if lo < hi else hi}
    return [p for p in pts if lo <= p <= hi]


def _py(op, a, b):
    if op in ("//", "%") and b == 0:
        return None
    if op == ">>" and b < 0:
        return None
    return {"+": a + b, "-": a - b, "*": a * b, "//": a // b if b else None, "%": a % b if b else None,
            "&": a & b, ">>": a >> b if b >= 0 else None}[op]


intervals = st.tuples(edge_ints, edge_ints).map(lambda t: (min(t), max(t)))
small_intervals = st.tuples(st.integers(-300, 300), st.integers(-300, 300)).map(lambda t: (min(t), max(t)))


@settings(max_examples=300, **PROFILE)
@given(st.sampled_from(["+", "-", "*"]), st.one_of(intervals, small_intervals), st.one_of(intervals, small_intervals))
def test_property_binary_sound_and_exact_for_add_sub_mul(op, a, b):
    out = ranges.binary(op, a, b)
    ends = [_py(op, x, y) for x in a for y in b]
    exact = (min(ends), max(ends))
    if M <= exact[0] and exact[1] <= X:
        assert out == exact, (op, a, b, out)
    if out is not None:
        assert M <= out[0] <= out[1] <= X, out
        for x in _samples(a):
            for y in _samples(b):
                v = _py(op, x, y)
                if M <= v <= X:  # a result outside 64 bits raises instead
                    assert out[0] <= v <= out[1], (op, a, b, out, x, y, v)


@settings(max_examples=300, **PROFILE)
@given(st.sampled_from(["//", "%", "&", ">>"]), st.one_of(intervals, small_intervals),
       st.one_of(st.integers(-20, 70), st.sampled_from([M, X, 255, 1023, -1])))
def test_property_binary_sound_for_constant_right_operands(op, a, c):
    out = ranges.binary(op, a, (c, c))
    if out is None:
        return
    assert out[0] <= out[1]
    for x in _samples(a):
        v = _py(op, x, c)
        if v is not None and M <= v <= X:
            assert out[0] <= v <= out[1], (op, a, c, out, x, v)


def test_of_node():
    table = {"n": (2, 10), "m": (-5, 5), "b": (0, 1)}
    look = lookup_from(table)
    assert ranges.of_node(expr("7"), look) == (7, 7)
    assert ranges.of_node(expr("-7"), look) == (-7, -7)
    assert ranges.of_node(expr("True"), look) == (1, 1)
    assert ranges.of_node(expr("n"), look) == (2, 10)
    assert ranges.of_node(expr("n - 1"), look) == (1, 9)
    assert ranges.of_node(expr("n * m + 1"), look) == (-49, 51)
    assert ranges.of_node(expr("-n"), look) == (-10, -2)
    assert ranges.of_node(expr("~m"), look) == (-6, 4)
    assert ranges.of_node(expr("+m"), look) == (-5, 5)
    assert ranges.of_node(expr("(n - 1) // 2"), look) == (0, 4)
    assert ranges.of_node(expr("b + b"), look) == (0, 2)
    assert ranges.of_node(expr("9223372036854775807"), look) == (X, X)
    for src in ("9223372036854775808", "2.5", "n / 2", "n ** 2", "f(n)", "q", "n if m else 1", "n < m",
                "1.5 + n", "n + 's'"):
        assert ranges.of_node(expr(src), look) is None, src


def test_of_node_never_claims_an_interval_that_misses_a_value():
    # every (name values, expression) in a grid: the value, when it fits, lies in of_node's interval
    srcs = ["n + m", "n - m", "n * m", "-n", "~n", "n * n", "m * m + n", "(n + 1) * (m - 1)", "n % 7",
            "n & 15", "n >> 3", "n // 3", "n - 9223372036854775807", "m + 9223372036854775807"]
    grids = [((2, 10), (-5, 5)), ((M, M + 3), (0, 2)), ((X - 3, X), (-2, 0)), ((-3037000500, 3037000500), (-1, 1))]
    for n_iv, m_iv in grids:
        look = lookup_from({"n": n_iv, "m": m_iv})
        for src in srcs:
            iv = ranges.of_node(expr(src), look)
            if iv is None:
                continue
            for n in _samples(n_iv):
                for m in _samples(m_iv):
                    v = eval(src, {}, {"n": n, "m": m})  # noqa: S307 - test expressions above
                    if M <= v <= X:
                        assert iv[0] <= v <= iv[1], (src, n_iv, m_iv, iv, n, m, v)


def test_narrow_comparisons():
    assert narrow("n < 2") == ({"n": (M, 1)}, {"n": (2, X)})
    assert narrow("2 > n") == ({"n": (M, 1)}, {"n": (2, X)})
    assert narrow("n >= 3") == ({"n": (3, X)}, {"n": (M, 2)})
    assert narrow("n == 5") == ({"n": (5, 5)}, {})
    assert narrow("n != 5") == ({}, {"n": (5, 5)})
    assert narrow("n < m", {"m": (0, 10)})[0]["n"] == (M, 9)
    assert narrow("n < m", {"n": (3, 8)})[0]["m"] == (4, X)


def test_narrow_chains_and_boolean_operators():
    assert narrow("0 <= i < 10") == ({"i": (0, 9)}, {})  # a false chain says nothing
    assert narrow("not (n >= 3)") == ({"n": (M, 2)}, {"n": (3, X)})
    assert narrow("n > 0 and n < 10") == ({"n": (1, 9)}, {})
    assert narrow("n < 0 or m > 100") == ({}, {"n": (0, X), "m": (M, 100)})
    assert narrow("not (n < 0 or n > 100)") == ({"n": (0, 100)}, {})
    assert narrow("n > 0 and m") == ({"n": (1, X)}, {})


def test_narrow_ignores_what_it_cannot_use():
    assert narrow("x < 2") == ({}, {})            # not an int name
    assert narrow("n < 2.5") == ({}, {})          # a float bound
    assert narrow("n") == ({}, {})
    assert narrow("f(n) < 3") == ({}, {})


NARROW_TESTS = ["n < 2", "n <= m", "m > n", "n == m", "n != 3", "0 <= n < m", "n < 0 or n > m",
                "n > 0 and m > n", "not (n >= m)", "not (n < 0 and m < 0)", "-5 < n <= 5",
                "n < m - 1", "n >= m * 2", "n < 9223372036854775807", "n > -9223372036854775807"]


@settings(max_examples=300, **PROFILE)
@given(st.sampled_from(NARROW_TESTS), edge_ints, edge_ints, st.booleans())
def test_property_narrow_facts_hold_on_their_edge(src, n, m, know_m):
    """Whatever values n and m have, the facts of the edge the test takes hold for them."""
    table = {"m": (min(m, 0), min(max(m, 0) + 5, X))} if know_m else {}
    env = {"n": n, "m": m}
    try:
        taken = bool(eval(src, {}, env))  # noqa: S307 - test expressions above
    except ArithmeticError:
        return
    if know_m and not (table["m"][0] <= m <= table["m"][1]):
        return
    for sub in ("m - 1", "m * 2"):  # pydm raises where these leave 64 bits: no edge is taken
        if sub in src and not M <= eval(sub, {}, env) <= X:  # noqa: S307
            return
    true, false = narrow(src, table)
    facts = true if taken else false
    for name, (lo, hi) in facts.items():
        assert lo <= env[name] <= hi, (src, env, taken, facts)


# ---------------------------------------------------------------- (b) the pydm IR

def binops(fn, *args) -> list[tuple[str, bool]]:
    """(dunder name, unchecked?) of every apply_binary in ``fn``'s pydm IR."""
    text = fn.inspect("pydm", *args)
    out = []
    for m in re.finditer(r'"iree_pydm\.apply_binary"\([^)]*\)\s*\{([^}]*)\}', text):
        attrs = m.group(1)
        name = re.search(r'dunder_name = "(\w+)"', attrs).group(1)
        out.append((name, bool(re.search(r"\b(no_overflow|infallible)\b", attrs))))
    return out


def only(fn, *args, op: str) -> set[bool]:
    """The set of 'unchecked?' over every ``op`` in ``fn`` (unrolled or inlined copies included)."""
    found = {u for name, u in binops(fn, *args) if name == op}
    assert found, f"no {op} in {fn.__name__}: {binops(fn, *args)}"
    return found


@pydm.jit
def after_guard(n: int) -> int:
    if n < 2:
        return n
    return n - 1


@pydm.jit
def no_fact(n: int) -> int:
    return n - 1


@pydm.jit
def inside_guard_add(n: int) -> int:
    if n < 2:
        return n + 1
    return 0


@pydm.jit
def inside_guard_sub(n: int) -> int:
    if n < 2:
        return n - 1
    return 0


@pydm.jit
def at_join(n: int) -> int:
    if n > 0:
        pass
    return n + 1


@pydm.jit
def reassigned(n: int, m: int) -> int:
    if n < 10:
        n = m
        return n + 1
    return 0


@pydm.jit
def while_inc(i: int, n: int) -> int:
    c = 0
    while i < n:
        i += 1
        c += 1
        if c > 3:
            break
    return i


@pydm.jit
def chain_fits(i: int) -> int:
    if 0 <= i < 10:
        return i * 1000000000000000000  # 9 * 10**18 < 2**63
    return -1


@pydm.jit
def chain_too_wide(i: int) -> int:
    if 0 <= i < 11:
        return i * 1000000000000000000  # 10 * 10**18 > 2**63
    return -1


@pydm.jit
def negated_fits(n: int) -> int:
    if not (n >= 3):
        return n + 9223372036854775805  # n <= 2: at most MAX
    return 0


@pydm.jit
def negated_too_wide(n: int) -> int:
    if not (n >= 3):
        return n + 9223372036854775806
    return 0


@pydm.jit
def or_fits(n: int) -> int:
    if n < 0 or n > 100:
        return 0
    return n * 92233720368547758  # 100 * that = MAX - 7


@pydm.jit
def or_too_wide(n: int) -> int:
    if n < 0 or n > 100:
        return 0
    return n * 92233720368547759


@pydm.jit
def ifexp_both(n: int) -> int:
    return n - 1 if n > 0 else n + 1


@pydm.jit
def neg_step_fits(k: int) -> int:
    s = 0
    for i in range(10, -10, -1):
        if i == k:
            s = i * 922337203685477580  # i in [-9, 10]
    return s


@pydm.jit
def neg_step_too_wide(k: int) -> int:
    s = 0
    for i in range(10, -10, -1):
        if i == k:
            s = i * 922337203685477581
    return s


@pydm.jit
def range_top(k: int) -> int:
    s = 0
    for i in range(9223372036854775804, 9223372036854775807):
        s = i + k
    return s


# (an explicit step: not unrolled, so the IR holds no counter arithmetic besides the user's)
@pydm.jit
def range_plus_one() -> int:
    s = 0
    for i in range(9223372036854775804, 9223372036854775807, 1):
        s = i + 1  # i <= MAX - 1
    return s


@pydm.jit
def range_plus_two() -> int:
    s = 0
    for i in range(9223372036854775804, 9223372036854775807, 1):
        s = i + 2  # i == MAX - 1 overflows
    return s


@pydm.jit
def carried_product(n: int) -> int:
    x = 1
    k = 0
    while k < n:
        x = x * 3037000499  # x == 1 only on the first trip
        k += 1
    return x


@pydm.jit
def bool_operand(n: int, b: bool) -> int:
    if 0 <= n < 100:
        return b + n + 9223372036854775707  # <= 1 + 99 + MAX - 100
    return b + n


def test_ir_after_a_guard():
    assert binops(after_guard) == [("sub", True)]
    assert binops(no_fact) == [("sub", False)]


def test_ir_inside_the_guard():
    # n <= 1: n + 1 fits, but n - 1 may not (n == INT64_MIN)
    assert binops(inside_guard_add) == [("add", True)]
    assert binops(inside_guard_sub) == [("sub", False)]


def test_ir_join_and_reassignment_drop_the_fact():
    assert binops(at_join) == [("add", False)]
    assert binops(reassigned) == [("add", False)]


@pydm.jit
def while_count(i: int, n: int) -> int:
    c = 0
    while i < n:
        i += 1
        c += 1
    return c


def test_ir_while_condition():
    # i += 1 under `while i < n` is unchecked; so is c += 1 in while_inc: the
    # loop only continues while c <= 3 (the facts are computed on the IR, so
    # the break's branch bounds c at the header)
    assert sorted(binops(while_inc)) == [("add", True), ("add", True)]
    # a counter nothing bounds stays checked
    assert sorted(binops(while_count)) == [("add", False), ("add", True)]


def test_ir_boundaries():
    assert only(chain_fits, op="mul") == {True}
    assert only(chain_too_wide, op="mul") == {False}
    assert only(negated_fits, op="add") == {True}
    assert only(negated_too_wide, op="add") == {False}
    assert only(or_fits, op="mul") == {True}
    assert only(or_too_wide, op="mul") == {False}
    assert only(neg_step_fits, op="mul") == {True}
    assert only(neg_step_too_wide, op="mul") == {False}
    assert only(range_plus_one, op="add") == {True}
    assert only(range_plus_two, op="add") == {False}


def test_ir_ifexp_branches():
    assert sorted(binops(ifexp_both)) == [("add", True), ("sub", True)]


def test_ir_loop_carried_fact_does_not_leak():
    assert only(carried_product, op="mul") == {False}


def test_ir_bool_operand():
    # inside the guard both adds fit; outside, b + n is checked and so is the second add
    assert sorted(binops(bool_operand)) == [("add", False), ("add", True), ("add", True)]


# ---------------------------------------------------------------- (c) differential at the edges

def test_ir_functions_agree_with_cpython():
    one = [(v,) for v in EDGES]
    for fn in (after_guard, no_fact, inside_guard_add, inside_guard_sub, at_join, chain_fits, chain_too_wide,
               negated_fits, negated_too_wide, or_fits, or_too_wide, ifexp_both):
        check_many(fn, one)
    check_many(reassigned, [(n, m) for n in (M, 0, 9, 10) for m in (M, -1, X - 1, X)])
    check_many(while_inc, [(i, n) for i in (M, X - 3, X - 2, X - 1, X, 0) for n in (M, 0, X - 1, X)])
    check_many(neg_step_fits, [(k,) for k in range(-11, 12)])
    check_many(neg_step_too_wide, [(k,) for k in range(-11, 12)])
    check_many(range_top, [(k,) for k in (M, -1, 0, 1, 2, X)])
    check(range_plus_one)
    check_overflow(range_plus_two, intermediate=True)
    check_many(carried_product, [(n,) for n in range(0, 5)])
    check_many(bool_operand, [(n, b) for n in EDGES for b in (True, False)])


@pydm.jit
def sub_five_or_six(n: int) -> int:
    if n > -9223372036854775803:  # n > MIN + 5
        return n - 5
    else:
        return n - 6


def test_sub_near_min():
    check_many(sub_five_or_six, [(M + k,) for k in range(0, 11)])
    for k in range(0, 6):
        check_overflow(sub_five_or_six, M + k)


@pydm.jit
def range_sum_plus_one(n: int) -> int:
    s = 0
    for i in range(9223372036854775807 - n, 9223372036854775807):
        s = i + 1
    return s


@pydm.jit
def range_sum_plus_two(n: int) -> int:
    last = 0
    for i in range(9223372036854775807 - n, 9223372036854775807):
        last = i + 2  # raises at i == MAX - 1 (the last iteration)
    return last


@pydm.jit
def range_count_before_overflow(n: int) -> int:
    c = 0
    for i in range(9223372036854775807 - n, 9223372036854775807):
        if i + 2 > 0:  # i + 2 itself raises on the last iteration
            c += 1
    return c


def test_range_near_max():
    check_many(range_sum_plus_one, [(n,) for n in range(0, 10)])
    check(range_sum_plus_two, 0)
    check(range_sum_plus_two, 1)  # i == MAX - 1 at once
    for n in range(1, 10):
        check_overflow(range_sum_plus_two, n, intermediate=True)
        check_overflow(range_count_before_overflow, n, intermediate=True)


@pydm.jit
def count_up_to(i: int, n: int) -> int:
    while i < n:
        i += 1
    return i


def test_while_increment_to_the_top():
    check_many(count_up_to, [(i, n) for i in (X - 5, X - 1, X) for n in (X - 3, X - 1, X, M)]
               + [(M, M + 3), (M + 1, M), (-2, 2)])


@pydm.jit
def negative_step_edges(n: int) -> int:
    s = 0
    for i in range(-9223372036854775807 + n, -9223372036854775807 - 1, -1):
        s = i - 1  # i >= MIN + 1: fits
    return s


@pydm.jit
def negative_step_minus_two(n: int) -> int:
    s = 0
    for i in range(-9223372036854775807 + n, -9223372036854775807 - 1, -1):
        s = i - 2  # i == MIN + 1 overflows
    return s


def test_negative_steps_near_min():
    check_many(negative_step_edges, [(n,) for n in range(-1, 8)])
    for n in range(0, 6):
        check_overflow(negative_step_minus_two, n, intermediate=True)
    check(negative_step_minus_two, -1)


@pydm.jit
def narrowed_then_reassigned(n: int, m: int) -> int:
    if n < 100:
        n = m
    return n + 9223372036854775708  # fits only when n <= 99


@pydm.jit
def narrowed_then_augmented(n: int) -> int:
    if 0 <= n < 100:
        n += 9223372036854775700  # n is now in [MAX - 107, MAX - 8]
        return n + 8  # fits
    return 0


@pydm.jit
def narrowed_then_augmented_too_far(n: int) -> int:
    if 0 <= n < 100:
        n += 9223372036854775700
        return n + 9  # n == 99 overflows
    return 0


@pydm.jit
def narrowed_one_branch(n: int) -> int:
    if n > 0:
        n = n - 1
    return n + 9223372036854775807  # must stay checked: n may be positive


@pydm.jit
def narrowed_join_else(n: int) -> int:
    if n < 0:
        x = n + 1
    else:
        x = n - 1
    return x + 1  # x may be MAX - 1: fits; x may be ... 0 - 1 - fine; checked or not, right value


def test_facts_and_reassignment():
    check_many(narrowed_then_reassigned, [(n, m) for n in (M, 0, 99, 100, X) for m in (0, 99, 100, X, M)])
    check_many(narrowed_then_augmented, [(n,) for n in EDGES])
    check_many(narrowed_then_augmented_too_far, [(n,) for n in EDGES])
    check_overflow(narrowed_then_augmented_too_far, 99)
    check_many(narrowed_one_branch, [(n,) for n in EDGES])
    check_overflow(narrowed_one_branch, 2)
    check_many(narrowed_join_else, [(n,) for n in EDGES])


@pydm.jit
def chained_assign(n: int) -> int:
    if n <= 0:
        n = x = n + 1
        return x - 2
    return 0


def test_chained_assignment_values():
    check_many(chained_assign, [(n,) for n in EDGES if n != M])


def test_chained_assignment_at_the_edge():
    check(chained_assign, M)


@pydm.jit
def ifexp_edges(n: int) -> int:
    return n - 5 if n > -9223372036854775803 else n + 5


@pydm.jit
def ifexp_then_join(n: int) -> int:
    y = n - 1 if n > 0 else 0
    return n - 1 + y  # the IfExp's fact must not survive it


def test_ifexp():
    check_many(ifexp_edges, [(n,) for n in EDGES])
    check_many(ifexp_then_join, [(n,) for n in EDGES])
    check_overflow(ifexp_then_join, M)


@pydm.jit
def loop_carried_scale(n: int, k: int) -> int:
    x = n
    i = 0
    while i < k:
        if x < 5:
            x = x * 1000000000  # fits only while x >= MIN / 10**9
        i += 1
    return x


@pydm.jit
def loop_carried_grow(k: int) -> int:
    x = 0
    i = 0
    while i < k:
        if x < 5:
            x = x + 1
        else:
            x = x * 3037000499
        i += 1
    return x


@pydm.jit
def loop_carried_mod(n: int, a: int) -> int:
    s = a % 1000
    for i in range(n):
        s = (s * 7 + i) % 1000
    return s * 9223372036854775 + s  # s in [0, 999]: at most MAX - 192


@pydm.jit
def loop_carried_reset(n: int, a: int) -> int:
    x = 0
    k = 0
    while k < n:
        if k == 2:
            x = a
        else:
            x = 5
        k += 1
    return x + 9223372036854775800


def test_loop_carried_variables():
    check_many(loop_carried_scale, [(n, k) for n in (M, -9223372036, -9223372037, -1, 0, 4, 5, X)
                                    for k in (0, 1, 2, 3)])
    check_many(loop_carried_grow, [(k,) for k in range(0, 10)])
    check_many(loop_carried_mod, [(n, a) for n in (0, 1, 2, 7) for a in (M, -1, 0, 999, X)])
    check_many(loop_carried_reset, [(n, a) for n in range(0, 5) for a in (M, 0, 7, 8, X)])


@pydm.jit
def nonneg_sum(a: int, b: int) -> int:
    if a >= 0 and b >= 0:
        return a + b
    return -1


@pydm.jit
def nonneg_sum_aug(a: int, b: int) -> int:
    if a >= 0 and b >= 0:
        a += b
        return a
    return -1


@pydm.jit
def nonneg_square(a: int) -> int:
    if a >= 0:
        return a * a
    return -1


@pydm.jit
def any_square(a: int) -> int:
    s = a * a
    return s + s // 3


@pydm.jit
def nonneg_divmod(a: int, b: int) -> int:
    if a >= 0 and b >= 0:
        return a % 7 * 1000 + a // 7 + a % b - a // b
    return -1


def test_non_negative_operands():
    check_many(nonneg_sum, [(a, b) for a in EDGES for b in EDGES])
    check_many(nonneg_sum_aug, [(a, b) for a in EDGES for b in EDGES])
    check_many(nonneg_square, [(a,) for a in EDGES])
    check_many(any_square, [(a,) for a in EDGES])
    check_many(nonneg_divmod, [(a, b) for a in (0, 1, 6, 7, 8, 100, X - 1, X, M) for b in (0, 1, 2, 7, X)])


@pydm.jit
def divide_by_positive(x: float, n: int) -> float:
    if n > 0:
        return x / n
    return -1.0


@pydm.jit
def divide_by_one_plus_square(x: float, y: float) -> float:
    return x / (1.0 + y * y)


@pydm.jit
def divide_by_square(x: float, y: float) -> float:
    return x / (y * y)  # y * y may be 0.0 (also by underflow): checked


@pydm.jit
def divide_by_bool_sum(x: float, n: int, b: bool) -> float:
    if n >= 0:
        return x / (n + b)  # zero when n == 0 and not b
    return 1.0


def test_float_division_by_proven_divisors():
    fl = [0.0, -0.0, 1.0, -1.5, float("inf"), float("-inf"), float("nan"), 5e-324, 1e-200, 1e300]
    check_many(divide_by_positive, [(x, n) for x in fl for n in (M, -1, 0, 1, 3, X)])
    check_many(divide_by_one_plus_square, [(x, y) for x in fl for y in fl])
    check_many(divide_by_square, [(x, y) for x in fl for y in fl])
    check_many(divide_by_bool_sum, [(x, n, b) for x in fl for n in (-1, 0, 1, X - 1) for b in (True, False)])


# ---------------------------------------------------------------- properties

@settings(max_examples=150, **PROFILE)
@given(edge_ints)
def test_property_guarded_arithmetic(n):
    check(after_guard, n)
    check(inside_guard_add, n)
    check(negated_fits, n)
    check(sub_five_or_six, n)
    check(ifexp_edges, n)


@settings(max_examples=150, **PROFILE)
@given(edge_ints, edge_ints)
def test_property_nonneg_sums(a, b):
    check(nonneg_sum, a, b)
    check(nonneg_sum_aug, a, b)


@settings(max_examples=100, **PROFILE)
@given(edge_ints, edge_ints)
def test_property_narrowed_then_reassigned(n, m):
    check(narrowed_then_reassigned, n, m)
    check(reassigned, n, m)


@settings(max_examples=100, **PROFILE)
@given(edge_ints)
def test_property_squares_and_chains(n):
    check(any_square, n)
    check(nonneg_square, n)
    check(chain_fits, n)
    check(or_fits, n)
    check(narrowed_one_branch, n)


@settings(max_examples=60, **PROFILE)
@given(edge_ints, st.integers(-2, 6))
def test_property_loops(n, k):
    check(loop_carried_scale, n, k)
    check(count_up_to, n, n + k if M <= n + k <= X else n)
