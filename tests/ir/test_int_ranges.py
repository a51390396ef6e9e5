"""Pass int-ranges on hand-written IR: an int ``+ - *`` is marked
``infallible`` (lowered without an overflow check) only where the intervals
prove the result fits, ``nonneg`` where both operands are >= 0; a tuple index
proven in bounds gets ``in_range``; a float division by a provably positive
divisor is ``infallible``; conversions of ``i + k`` share one int-to-float
conversion.

Every marking is also checked for soundness end to end: the compiled
function must raise OverflowError exactly where the same Python computes an
int beyond 64 bits (pydm's documented divergence from CPython)."""
from __future__ import annotations

import math

import pytest

from . import kit

ERR = '''
^err(%e: !exc):
  %err_cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %err_u = "iree_pydm.undef"() : () -> !int
  return %err_cls, %err_u : !exc, !int
'''

EDGE_INTS = [kit.INT64_MIN, kit.INT64_MIN + 1, -101, -1, 0, 1, 98, 99, 100, 101, kit.INT64_MAX - 1, kit.INT64_MAX]


def binaries(m, dunder=None) -> list:
    return [op for op in kit.walk(m, "iree_pydm.apply_binary")
            if dunder is None or str(op.attributes["dunder_name"]) == f'"{dunder}"']


def marks(op) -> set[str]:
    return kit.attr_names(op) & {"infallible", "nonneg"}


# if a < 100: return (a + 1) - ... ; the true side proves a + 1 fits, not a - 1;
# the false side (a >= 100) the other way round
NARROW = '''
func.func @narrow(%a: !int) -> (!exc, !int) attributes {pydm.name = "narrow"} {
  %c100 = "iree_pydm.constant"() {value = 100 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %lt:2 = "iree_pydm.apply_compare"(%a, %c100) {dunder_name = "lt"} : (!int, !int) -> (!exc, !bool)
  %p = "iree_pydm.bool_to_pred"(%lt#1) : (!bool) -> i1
  cf.cond_br %p, ^small, ^large
^small:
  %s1:2 = "iree_pydm.apply_binary"(%a, %c1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f1 = "iree_pydm.failed"(%s1#0) : (!exc) -> i1
  cf.cond_br %f1, ^err(%s1#0 : !exc), ^small2
^small2:
  %s2:2 = "iree_pydm.apply_binary"(%a, %c1) {dunder_name = "sub"} : (!int, !int) -> (!exc, !int)
  %f2 = "iree_pydm.failed"(%s2#0) : (!exc) -> i1
  cf.cond_br %f2, ^err(%s2#0 : !exc), ^done(%s1#1 : !int)
^large:
  %l1:2 = "iree_pydm.apply_binary"(%a, %c1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %g1 = "iree_pydm.failed"(%l1#0) : (!exc) -> i1
  cf.cond_br %g1, ^err(%l1#0 : !exc), ^large2
^large2:
  %l2:2 = "iree_pydm.apply_binary"(%a, %c1) {dunder_name = "sub"} : (!int, !int) -> (!exc, !int)
  %g2 = "iree_pydm.failed"(%l2#0) : (!exc) -> i1
  cf.cond_br %g2, ^err(%l2#0 : !exc), ^done(%l2#1 : !int)
^done(%r: !int):
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %r : !exc, !int
''' + ERR + "}\n"


def py_narrow(a):
    if a < 100:
        r = kit.int64(a + 1)
        kit.int64(a - 1)
        return r
    kit.int64(a + 1)
    return kit.int64(a - 1)


def test_nothing_is_marked_before_the_pass():
    m = kit.parse(NARROW)
    assert all(not marks(op) for op in binaries(m))


def test_a_branch_narrows_its_operands():
    m = kit.run(NARROW, "int-ranges")
    by_block = {}
    for op in binaries(m):
        by_block.setdefault(str(op.attributes["dunder_name"]).strip('"'), []).append("infallible" in marks(op))
    # in walk order: ^small's add then ^small2's sub, ^large's add then ^large2's sub
    assert by_block == {"add": [True, False], "sub": [False, True]}, kit.text(m)


def test_narrowed_marks_are_sound_end_to_end():
    f = kit.compile_ir(NARROW).fn("narrow", ["integer"], "integer")
    kit.assert_like_cpython(f, py_narrow, [(a,) for a in EDGE_INTS])


def test_function_arguments_are_unknown():
    m = kit.run('''
func.func @plain(%a: !int, %b: !int) -> (!exc, !int) {
  %s:2 = "iree_pydm.apply_binary"(%a, %b) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %m:2 = "iree_pydm.apply_binary"(%a, %a) {dunder_name = "mul"} : (!int, !int) -> (!exc, !int)
  return %s#0, %m#1 : !exc, !int
}
''', "int-ranges")
    assert [marks(op) for op in binaries(m)] == [set(), set()], kit.text(m)


ONE_SIGNED = '''
func.func @signed(%a: !int, %b: !int) -> (!exc, !int) attributes {pydm.name = "signed"} {
  %c7 = "iree_pydm.constant"() {value = 7 : i64} : () -> !int
  %r:2 = "iree_pydm.apply_binary"(%b, %c7) {dunder_name = "mod"} : (!int, !int) -> (!exc, !int)
  %s:2 = "iree_pydm.apply_binary"(%a, %r#1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %t:2 = "iree_pydm.apply_binary"(%r#1, %a) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %u:2 = "iree_pydm.apply_binary"(%a, %r#1) {dunder_name = "sub"} : (!int, !int) -> (!exc, !int)
  %v:2 = "iree_pydm.apply_binary"(%r#1, %a) {dunder_name = "sub"} : (!int, !int) -> (!exc, !int)
  %f1 = "iree_pydm.failed"(%s#0) : (!exc) -> i1
  cf.cond_br %f1, ^err(%s#0 : !exc), ^n1
^n1:
  %f2 = "iree_pydm.failed"(%t#0) : (!exc) -> i1
  cf.cond_br %f2, ^err(%t#0 : !exc), ^n2
^n2:
  %f3 = "iree_pydm.failed"(%u#0) : (!exc) -> i1
  cf.cond_br %f3, ^err(%u#0 : !exc), ^n3
^n3:
  %f4 = "iree_pydm.failed"(%v#0) : (!exc) -> i1
  cf.cond_br %f4, ^err(%v#0 : !exc), ^n4
^n4:
  %w:2 = "iree_pydm.apply_binary"(%s#1, %t#1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %x:2 = "iree_pydm.apply_binary"(%u#1, %v#1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %y:2 = "iree_pydm.apply_binary"(%w#1, %x#1) {dunder_name = "sub"} : (!int, !int) -> (!exc, !int)
  %f5 = "iree_pydm.failed"(%w#0) : (!exc) -> i1
  cf.cond_br %f5, ^err(%w#0 : !exc), ^n5
^n5:
  %f6 = "iree_pydm.failed"(%x#0) : (!exc) -> i1
  cf.cond_br %f6, ^err(%x#0 : !exc), ^n6
^n6:
  return %y#0, %y#1 : !exc, !int
''' + ERR + "}\n"


def py_signed(a, b):
    r = b % 7
    s, t, u, v = kit.int64(a + r), kit.int64(r + a), kit.int64(a - r), kit.int64(r - a)
    return kit.int64(kit.int64(s + t) - kit.int64(u + v))


def test_one_operand_of_known_sign():
    """a + r, r + a and a - r with r = b % 7 in [0, 6]: the result can leave
    i64 one way only, so the check is one compare (``known_sign``); r - a
    can wrap either way (a's sign is what matters) and keeps the full check."""
    m = kit.run(ONE_SIGNED, "int-ranges")
    got = [str(op.attributes["known_sign"]).strip('"') if "known_sign" in kit.attr_names(op) else None
           for op in binaries(m)][1:]
    assert got == ["b>=0", "a>=0", "b>=0", None, None, None, None], kit.text(m)
    f = kit.compile_ir(ONE_SIGNED).fn("signed", ["integer", "integer"], "integer")
    kit.assert_like_cpython(f, py_signed, [(a, b) for a in EDGE_INTS for b in (0, 5, 6, -1, 13)])


# r = a % 7; q = r * 1000; s = a * a; t = s + 1; u = s + s
MODULO_AND_SQUARE = '''
func.func @modsq(%a: !int) -> (!exc, !int) attributes {pydm.name = "modsq"} {
  %c7 = "iree_pydm.constant"() {value = 7 : i64} : () -> !int
  %c1000 = "iree_pydm.constant"() {value = 1000 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %r:2 = "iree_pydm.apply_binary"(%a, %c7) {dunder_name = "mod"} : (!int, !int) -> (!exc, !int)
  %q:2 = "iree_pydm.apply_binary"(%r#1, %c1000) {dunder_name = "mul"} : (!int, !int) -> (!exc, !int)
  %s:2 = "iree_pydm.apply_binary"(%a, %a) {dunder_name = "mul"} : (!int, !int) -> (!exc, !int)
  %f = "iree_pydm.failed"(%s#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%s#0 : !exc), ^next
^next:
  %t:2 = "iree_pydm.apply_binary"(%s#1, %c1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f2 = "iree_pydm.failed"(%t#0) : (!exc) -> i1
  cf.cond_br %f2, ^err(%t#0 : !exc), ^next2
^next2:
  %u:2 = "iree_pydm.apply_binary"(%s#1, %s#1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f3 = "iree_pydm.failed"(%u#0) : (!exc) -> i1
  cf.cond_br %f3, ^err(%u#0 : !exc), ^next3
^next3:
  %v:2 = "iree_pydm.apply_binary"(%q#1, %t#1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f4 = "iree_pydm.failed"(%v#0) : (!exc) -> i1
  cf.cond_br %f4, ^err(%v#0 : !exc), ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %v#1 : !exc, !int
''' + ERR + "}\n"


def py_modsq(a):
    q = (a % 7) * 1000
    s = kit.int64(a * a)
    t = kit.int64(s + 1)
    kit.int64(s + s)
    return kit.int64(q + t)


def test_modulo_and_square_intervals():
    m = kit.run(MODULO_AND_SQUARE, "int-ranges")
    got = [(str(op.attributes["dunder_name"]).strip('"'), marks(op)) for op in binaries(m)]
    assert got == [
        ("mod", set()),
        ("mul", {"infallible", "nonneg"}),   # [0, 6] * 1000
        ("mul", set()),                      # a * a: a is unknown
        ("add", {"infallible", "nonneg"}),   # a * a + 1: a square that fit is at most isqrt(MAX)**2
        ("add", {"nonneg"}),                 # s + s may overflow, but both are >= 0
        ("add", {"infallible", "nonneg"}),   # [0, 6000] + [1, isqrt(MAX)**2 + 1]
    ], kit.text(m)


def test_modulo_and_square_end_to_end():
    f = kit.compile_ir(MODULO_AND_SQUARE).fn("modsq", ["integer"], "integer")
    kit.assert_like_cpython(f, py_modsq, [(a,) for a in EDGE_INTS + [3037000499, -3037000499, 3037000500,
                                                                   2147483648 + 5, -7]])


# i = 0; s = 0; while i < n: s = s + i; i = i + 1
COUNTING_LOOP = '''
func.func @count(%n: !int) -> (!exc, !int) attributes {pydm.name = "count"} {
  %c0 = "iree_pydm.constant"() {value = 0 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  cf.br ^head(%c0, %c0 : !int, !int)
^head(%i: !int, %s: !int):
  %lt:2 = "iree_pydm.apply_compare"(%i, %n) {dunder_name = "lt"} : (!int, !int) -> (!exc, !bool)
  %p = "iree_pydm.bool_to_pred"(%lt#1) : (!bool) -> i1
  cf.cond_br %p, ^body, ^exit
^body:
  %s2:2 = "iree_pydm.apply_binary"(%s, %i) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f = "iree_pydm.failed"(%s2#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%s2#0 : !exc), ^step
^step:
  %i2:2 = "iree_pydm.apply_binary"(%i, %c1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f2 = "iree_pydm.failed"(%i2#0) : (!exc) -> i1
  cf.cond_br %f2, ^err(%i2#0 : !exc), ^head(%i2#1, %s2#1 : !int, !int)
^exit:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %s : !exc, !int
''' + ERR + "}\n"


def test_loop_counter_increment_is_proven_by_the_loop_test():
    m = kit.run(COUNTING_LOOP, "int-ranges")
    total, step = binaries(m)
    assert "infallible" in marks(step) and "nonneg" in marks(step), kit.text(m)  # 0 <= i < n <= MAX
    assert "infallible" not in marks(total), kit.text(m)  # the sum grows without a bound
    assert "nonneg" in marks(total)  # s and i start at 0 and only grow


def test_counting_loop_end_to_end():
    f = kit.compile_ir(COUNTING_LOOP).fn("count", ["integer"], "integer")

    def py(n):
        i = s = 0
        while i < n:
            s = s + i
            i = i + 1
        return s
    kit.assert_like_cpython(f, py, [(n,) for n in (-5, 0, 1, 2, 50, 1000)])


def tuple_index_ir(modulus: int) -> str:
    return f'''
!t2 = !iree_pydm.tuple<integer,integer>
func.func @pick(%t: !t2, %a: !int) -> (!exc, !int) attributes {{pydm.name = "pick"}} {{
  %k = "iree_pydm.constant"() {{value = {modulus} : i64}} : () -> !int
  %i:2 = "iree_pydm.apply_binary"(%a, %k) {{dunder_name = "mod"}} : (!int, !int) -> (!exc, !int)
  %x:2 = "iree_pydm.tuple_get"(%t, %i#1) : (!t2, !int) -> (!exc, !int)
  return %x#0, %x#1 : !exc, !int
}}
'''


@pytest.mark.parametrize("modulus,proven", [(2, True), (1, True), (3, False), (-2, False)])
def test_tuple_index_bounds(modulus, proven):
    m = kit.run(tuple_index_ir(modulus), "int-ranges")
    get, = kit.walk(m, "iree_pydm.tuple_get")
    assert ("in_range" in kit.attr_names(get)) == proven, kit.text(m)


def test_tuple_index_end_to_end():
    # a % -2 is in [-1, 0]: a negative index counts from the end
    for modulus in (2, 3, -2):
        f = kit.compile_ir(tuple_index_ir(modulus)).fn("pick", ["tuple<integer,integer>", "integer"], "integer")
        kit.assert_like_cpython(f, lambda t, a: t[a % modulus], [((10, 20), a) for a in (-3, -1, 0, 1, 2, 5)])


def float_division_ir(plus: str) -> str:
    # x / (float(a % 7) PLUS)
    extra = {"": "", "one": '''
  %one = "iree_pydm.constant"() {value = 1.0 : f64} : () -> !float
  %dd:2 = "iree_pydm.apply_binary"(%d#1, %one) {dunder_name = "add"} : (!float, !float) -> (!exc, !float)'''}[plus]
    divisor = "%dd#1" if plus else "%d#1"
    return f'''
func.func @div(%x: !float, %a: !int) -> (!exc, !float) attributes {{pydm.name = "div"}} {{
  %c7 = "iree_pydm.constant"() {{value = 7 : i64}} : () -> !int
  %r:2 = "iree_pydm.apply_binary"(%a, %c7) {{dunder_name = "mod"}} : (!int, !int) -> (!exc, !int)
  %d:2 = "iree_pydm.convert"(%r#1) : (!int) -> (!exc, !float){extra}
  %q:2 = "iree_pydm.apply_binary"(%x, {divisor}) {{dunder_name = "truediv"}} : (!float, !float) -> (!exc, !float)
  %f = "iree_pydm.failed"(%q#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%q#0 : !exc), ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %q#1 : !exc, !float
^err(%e: !exc):
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> !float
  return %cls, %u : !exc, !float
}}
'''


@pytest.mark.parametrize("plus,proven", [("one", True), ("", False)])
def test_float_division_by_a_positive_divisor(plus, proven):
    m = kit.run(float_division_ir(plus), "int-ranges")
    div, = binaries(m, "truediv")
    assert ("infallible" in marks(div)) == proven, kit.text(m)
    f = kit.compile_ir(float_division_ir(plus)).fn("div", ["real", "integer"], "real")
    py = (lambda x, a: x / (float(a % 7) + 1.0)) if plus else (lambda x, a: x / float(a % 7))
    kit.assert_like_cpython(f, py, [(x, a) for x in (1.5, -0.0, math.inf, math.nan) for a in (0, 3, 7, -1)])


# i = a % 100; x = float(i); y = float(i + 1); z = float(i + 2); return x + y + z
SHARED_CONVERSIONS = '''
func.func @conv(%a: !int) -> (!exc, !float) attributes {pydm.name = "conv"} {
  %c100 = "iree_pydm.constant"() {value = 100 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %c2 = "iree_pydm.constant"() {value = 2 : i64} : () -> !int
  %i:2 = "iree_pydm.apply_binary"(%a, %c100) {dunder_name = "mod"} : (!int, !int) -> (!exc, !int)
  %j:2 = "iree_pydm.apply_binary"(%i#1, %c1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %k:2 = "iree_pydm.apply_binary"(%i#1, %c2) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %x:2 = "iree_pydm.convert"(%i#1) : (!int) -> (!exc, !float)
  %y:2 = "iree_pydm.convert"(%j#1) : (!int) -> (!exc, !float)
  %z:2 = "iree_pydm.convert"(%k#1) : (!int) -> (!exc, !float)
  %xy:2 = "iree_pydm.apply_binary"(%x#1, %y#1) {dunder_name = "add"} : (!float, !float) -> (!exc, !float)
  %xyz:2 = "iree_pydm.apply_binary"(%xy#1, %z#1) {dunder_name = "add"} : (!float, !float) -> (!exc, !float)
  %ok = "iree_pydm.success"() : () -> !exc
  return %ok, %xyz#1 : !exc, !float
}
'''


def test_conversions_of_offsets_share_one_conversion():
    before = kit.counts(kit.parse(SHARED_CONVERSIONS))["iree_pydm.convert"]
    m = kit.run(SHARED_CONVERSIONS, "int-ranges")
    converts = kit.walk(m, "iree_pydm.convert")
    assert before == 3 and len(converts) == 1, kit.text(m)
    assert converts[0].operands[0] == kit.walk(m, "iree_pydm.apply_binary")[0].results[1]  # float(i)
    f = kit.compile_ir(SHARED_CONVERSIONS).fn("conv", ["integer"], "real")
    kit.assert_like_cpython(f, lambda a: float(a % 100) + float(a % 100 + 1) + float(a % 100 + 2),
                            [(a,) for a in (0, 1, 99, -1, kit.INT64_MIN, kit.INT64_MAX)])


def test_conversions_of_unbounded_values_are_left_alone():
    # without ``% 100`` i + 1 may lie beyond 2**53, where float(i) + 1.0 would round differently
    text = SHARED_CONVERSIONS.replace('"iree_pydm.apply_binary"(%a, %c100) {dunder_name = "mod"}',
                                      '"iree_pydm.apply_binary"(%a, %c100) {dunder_name = "and"}') \
        .replace("value = 100 : i64", "value = -1 : i64")
    m = kit.run(text, "int-ranges")
    assert len(kit.walk(m, "iree_pydm.convert")) == 3, kit.text(m)


# if n < 1e19: return n + 1   (an int compared with a float)
INT_LT_FLOAT = '''
func.func @lt_float(%n: !int) -> (!exc, !int) attributes {pydm.name = "lt_float"} {
  %big = "iree_pydm.constant"() {value = 1.0e19 : f64} : () -> !float
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %lt:2 = "iree_pydm.apply_compare"(%n, %big) {dunder_name = "lt"} : (!int, !float) -> (!exc, !bool)
  %p = "iree_pydm.bool_to_pred"(%lt#1) : (!bool) -> i1
  cf.cond_br %p, ^small, ^large
^small:
  %s:2 = "iree_pydm.apply_binary"(%n, %c1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f = "iree_pydm.failed"(%s#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%s#0 : !exc), ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %s#1 : !exc, !int
^large:
  %z2 = "iree_pydm.success"() : () -> !exc
  return %z2, %c1 : !exc, !int
''' + ERR + "}\n"


def py_lt_float(n):
    return n + 1 if n < 1e19 else 1


# Regression (found here, fixed in int_ranges._narrow): after `n < 1e19` the
# pass took n <= INT64_MAX - 1, so `n + 1` was marked infallible and wrapped for
# n = INT64_MAX (from Python source too: tests/regressions/test_int_ranges_mixed.py).


def test_comparison_with_a_float_proves_nothing_about_int_overflow():
    m = kit.run(INT_LT_FLOAT, "int-ranges")
    add, = binaries(m, "add")
    assert "infallible" not in marks(add), kit.text(m)


def test_comparison_with_a_float_end_to_end():
    f = kit.compile_ir(INT_LT_FLOAT).fn("lt_float", ["integer"], "integer")
    kit.assert_like_cpython(f, py_lt_float, [(0,), (kit.INT64_MAX - 1,), (kit.INT64_MAX,)])


def test_comparison_with_an_int_constant_near_the_limit():
    # the same shape with an int bound that leaves no room: n < MAX proves n + 1 fits
    text = INT_LT_FLOAT.replace('{value = 1.0e19 : f64} : () -> !float', f'{{value = {kit.INT64_MAX} : i64}} : () -> !int') \
        .replace("(!int, !float) -> (!exc, !bool)", "(!int, !int) -> (!exc, !bool)")
    m = kit.run(text, "int-ranges")
    add, = binaries(m, "add")
    assert "infallible" in marks(add), kit.text(m)
    f = kit.compile_ir(text).fn("lt_float", ["integer"], "integer")
    kit.assert_like_cpython(f, lambda n: n + 1 if n < kit.INT64_MAX else 1,
                            [(0,), (kit.INT64_MAX - 1,), (kit.INT64_MAX,)])
