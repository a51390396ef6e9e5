"""Pass tuple-sroa on hand-written IR: a tuple of known length that does not
escape travels as its elements; one that escapes is built where it leaves,
and a web whose identity is observed (``is``), that arrives built (a function
argument) or that leaves inside a loop is left alone.

The loop-carried functions also run end to end against CPython."""
from __future__ import annotations

from . import kit

T2 = "!iree_pydm.tuple<integer,integer>"
ALIASES = f"!t2 = {T2}\n"

# t = (a, b); return t[0] - t[1] + len(t)
LOCAL = ALIASES + '''
func.func @local(%a: !int, %b: !int) -> (!exc, !int) attributes {pydm.name = "local"} {
  %t = "iree_pydm.make_tuple"(%a, %b) : (!int, !int) -> !t2
  %c0 = "iree_pydm.constant"() {value = 0 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %x:2 = "iree_pydm.tuple_get"(%t, %c0) {in_range} : (!t2, !int) -> (!exc, !int)
  %y:2 = "iree_pydm.tuple_get"(%t, %c1) {in_range} : (!t2, !int) -> (!exc, !int)
  %n = "iree_pydm.tuple_len"(%t) : (!t2) -> !int
  %d:2 = "iree_pydm.apply_binary"(%x#1, %y#1) {dunder_name = "sub"} : (!int, !int) -> (!exc, !int)
  %f = "iree_pydm.failed"(%d#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%d#0 : !exc), ^next
^next:
  %r:2 = "iree_pydm.apply_binary"(%d#1, %n) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f2 = "iree_pydm.failed"(%r#0) : (!exc) -> i1
  cf.cond_br %f2, ^err(%r#0 : !exc), ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %r#1 : !exc, !int
^err(%e: !exc):
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> !int
  return %cls, %u : !exc, !int
}
'''


def py_local(a, b):
    t = (a, b)
    d = kit.int64(t[0] - t[1])  # every int operation is checked, intermediate ones too
    return d + len(t)


def test_a_tuple_read_only_by_constant_indices_is_not_built():
    m = kit.run(LOCAL, "tuple-sroa")
    c = kit.counts(m)
    assert c["iree_pydm.make_tuple"] == 0, kit.text(m)
    assert c["iree_pydm.tuple_get"] == 0 and c["iree_pydm.tuple_len"] == 0, kit.text(m)
    assert T2 not in " ".join(kit.value_types(m))
    # t[0] - t[1] reads the arguments themselves
    sub, = [op for op in kit.walk(m, "iree_pydm.apply_binary")
            if str(op.attributes["dunder_name"]) == '"sub"']
    args = kit.blocks_of(m, "local")[0].arguments
    assert list(sub.operands) == [args[0], args[1]]
    # len(t) is the constant 2
    add, = [op for op in kit.walk(m, "iree_pydm.apply_binary") if str(op.attributes["dunder_name"]) == '"add"']
    assert str(add.operands[1].owner.attributes["value"]).startswith("2 ")


def test_local_tuple_end_to_end():
    f = kit.compile_ir(LOCAL).fn("local", ["integer", "integer"], "integer")
    kit.assert_like_cpython(f, py_local, [(3, 5), (-1, 7), (kit.INT64_MIN, -1), (kit.INT64_MIN, 1), (kit.INT64_MAX, -1)])


def test_an_unproven_index_counts_as_an_escape():
    # the same reads without ``in_range`` need the tuple (the read checks the index)
    m = kit.run(LOCAL.replace("{in_range} ", ""), "tuple-sroa")
    assert kit.counts(m)["iree_pydm.make_tuple"] == 1, kit.text(m)
    assert kit.counts(m)["iree_pydm.tuple_get"] == 2


RETURNED = ALIASES + '''
func.func @pair(%a: !int, %b: !int) -> (!exc, !t2) attributes {pydm.name = "pair"} {
  %t = "iree_pydm.make_tuple"(%b, %a) : (!int, !int) -> !t2
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %t : !exc, !t2
}
'''


def test_a_returned_tuple_is_kept():
    m = kit.run(RETURNED, "tuple-sroa")
    mk, = kit.walk(m, "iree_pydm.make_tuple")
    ret, = kit.walk(m, "func.return")
    assert ret.operands[1] == mk.results[0]
    f = kit.compile_ir(RETURNED).fn("pair", ["integer", "integer"], "tuple<integer,integer>")
    kit.assert_like_cpython(f, lambda a, b: (b, a), [(1, 2), (kit.INT64_MIN, 0)])


# t = (0, 1); i = 0
# while i < n: t = (t[1], t[0] + t[1]); i += 1
# return <RESULT>
LOOP = ALIASES + '''
func.func @fibpair(%n: !int) -> (!exc, RESULT_TYPE) attributes {pydm.name = "fibpair"} {
  %c0 = "iree_pydm.constant"() {value = 0 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %t0 = "iree_pydm.make_tuple"(%c0, %c1) : (!int, !int) -> !t2
  cf.br ^head(%c0, %t0 : !int, !t2)
^head(%i: !int, %t: !t2):
  %lt:2 = "iree_pydm.apply_compare"(%i, %n) {dunder_name = "lt"} : (!int, !int) -> (!exc, !bool)
  %p = "iree_pydm.bool_to_pred"(%lt#1) : (!bool) -> i1
  cf.cond_br %p, ^body, ^exit
^body:
  %a:2 = "iree_pydm.tuple_get"(%t, %c0) {in_range} : (!t2, !int) -> (!exc, !int)
  %b:2 = "iree_pydm.tuple_get"(%t, %c1) {in_range} : (!t2, !int) -> (!exc, !int)
  %s:2 = "iree_pydm.apply_binary"(%a#1, %b#1) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f = "iree_pydm.failed"(%s#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%s#0 : !exc), ^next
^next:
  BODY_EXTRA
  %t2 = "iree_pydm.make_tuple"(%b#1, %s#1) : (!int, !int) -> !t2
  %i2 = "iree_pydm.range_next"(%i, %n, %c1) : (!int, !int, !int) -> !int
  cf.br ^head(%i2, %t2 : !int, !t2)
^exit:
  %z = "iree_pydm.success"() : () -> !exc
  RESULT
^err(%e: !exc):
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> RESULT_TYPE
  return %cls, %u : !exc, RESULT_TYPE
}
'''


def loop(result="return %z, %t : !exc, !t2", result_type="!t2", body_extra="", extra_funcs=""):
    return (LOOP.replace("RESULT_TYPE", result_type).replace("RESULT", result)
            .replace("BODY_EXTRA", body_extra) + extra_funcs)


def py_fibpair(n):
    t = (0, 1)
    for _ in range(n):
        t = (t[1], t[0] + t[1])
    return t


def _head(m):
    return kit.blocks_of(m, "fibpair")[1]


def test_loop_carried_tuple_travels_as_elements():
    m = kit.run(loop(), "tuple-sroa")
    assert [str(a.type) for a in _head(m).arguments] == ["!iree_pydm.integer"] * 3, kit.text(m)
    makes = kit.walk(m, "iree_pydm.make_tuple")
    assert len(makes) == 1, kit.text(m)  # built once, where it leaves: the return
    ret = [op for op in kit.walk(m, "func.return") if op.operands[1] == makes[0].results[0]]
    assert ret and makes[0].block == ret[0].block
    assert kit.counts(m)["iree_pydm.tuple_get"] == 0


def test_loop_carried_tuple_end_to_end():
    f = kit.compile_ir(loop()).fn("fibpair", ["integer"], "tuple<integer,integer>")
    kit.assert_like_cpython(f, py_fibpair, [(n,) for n in (0, 1, 2, 10, 50, 92, 93)])


def test_identity_observed_keeps_the_web():
    # return t is t0: the tuple built before the loop must stay one object
    text = loop(result='%bt = "iree_pydm.box"(%t) : (!t2) -> !obj\n'
                       '  %bt0 = "iree_pydm.box"(%t0) : (!t2) -> !obj\n'
                       '  %same = "iree_pydm.is"(%bt, %bt0) : (!obj, !obj) -> !bool\n'
                       '  return %z, %same : !exc, !bool', result_type="!bool")
    m = kit.run(text, "tuple-sroa")
    assert [str(a.type) for a in _head(m).arguments] == ["!iree_pydm.integer", T2], kit.text(m)
    assert kit.counts(m)["iree_pydm.make_tuple"] == 2
    f = kit.compile_ir(text).fn("fibpair", ["integer"], "bool")

    def py(n):
        t = t0 = (0, 1)
        for _ in range(n):
            t = (t[1], t[0] + t[1])
        return t is t0
    kit.assert_like_cpython(f, py, [(0,), (1,), (3,)])


TAKE = '''
func.func private @take(%t: !t2) -> (!exc, !int) {
  %z = "iree_pydm.success"() : () -> !exc
  %n = "iree_pydm.tuple_len"(%t) : (!t2) -> !int
  return %z, %n : !exc, !int
}
'''


def test_a_tuple_leaving_inside_the_loop_is_left_alone():
    text = loop(body_extra='%k:2 = func.call @take(%t) : (!t2) -> (!exc, !int)', extra_funcs=TAKE)
    m = kit.run(text, "tuple-sroa")
    assert T2 in [str(a.type) for a in _head(m).arguments], kit.text(m)
    assert kit.counts(m)["iree_pydm.make_tuple"] == 2  # as before: none moved into the loop
    f = kit.compile_ir(text).fn("fibpair", ["integer"], "tuple<integer,integer>")
    kit.assert_like_cpython(f, py_fibpair, [(0,), (5,)])


ARGUMENT = ALIASES + '''
func.func @swap_n(%t0: !t2, %n: !int) -> (!exc, !t2) attributes {pydm.name = "swap_n"} {
  %c0 = "iree_pydm.constant"() {value = 0 : i64} : () -> !int
  %c1 = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  cf.br ^head(%c0, %t0 : !int, !t2)
^head(%i: !int, %t: !t2):
  %lt:2 = "iree_pydm.apply_compare"(%i, %n) {dunder_name = "lt"} : (!int, !int) -> (!exc, !bool)
  %p = "iree_pydm.bool_to_pred"(%lt#1) : (!bool) -> i1
  cf.cond_br %p, ^body, ^exit
^body:
  %a:2 = "iree_pydm.tuple_get"(%t, %c0) {in_range} : (!t2, !int) -> (!exc, !int)
  %b:2 = "iree_pydm.tuple_get"(%t, %c1) {in_range} : (!t2, !int) -> (!exc, !int)
  %t2 = "iree_pydm.make_tuple"(%b#1, %a#1) : (!int, !int) -> !t2
  %i2 = "iree_pydm.range_next"(%i, %n, %c1) : (!int, !int, !int) -> !int
  cf.br ^head(%i2, %t2 : !int, !t2)
^exit:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %t : !exc, !t2
}
'''


def test_a_web_fed_by_a_function_argument_is_left_alone():
    # the argument arrives built: splitting would rebuild it (a new object) at the return
    m = kit.run(ARGUMENT, "tuple-sroa")
    head = kit.blocks_of(m, "swap_n")[1]
    assert [str(a.type) for a in head.arguments] == ["!iree_pydm.integer", T2], kit.text(m)
    f = kit.compile_ir(ARGUMENT).fn("swap_n", ["tuple<integer,integer>", "integer"], "tuple<integer,integer>")

    def py(t, n):
        for _ in range(n):
            t = (t[1], t[0])
        return t
    kit.assert_like_cpython(f, py, [((1, 2), n) for n in (0, 1, 2, 3)])
