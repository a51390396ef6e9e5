"""Pass promote-vars on hand-written IR: variable slots become SSA values.

Each input uses ``load_var``/``store_var``; after the pass none remains, a
join of different values is a block argument (and only then), and the bound
flag of a checked load is a constant where every path stored the variable,
an ``i1`` block argument where not. The loop and unbound-variable functions
also run end to end against the same Python under CPython.
"""
from __future__ import annotations

import pytest

from . import kit

VAR_OPS = ("iree_pydm.load_var", "iree_pydm.store_var")

# x = a; if c: x = 5; return x
DIAMOND = '''
func.func @pick(%c: !bool, %a: !int) -> (!exc, !int) attributes {pydm.name = "pick"} {
  "iree_pydm.store_var"(%a) {name = "x"} : (!int) -> ()
  %p = "iree_pydm.bool_to_pred"(%c) : (!bool) -> i1
  cf.cond_br %p, ^then, ^join
^then:
  %k = "iree_pydm.constant"() {value = 5 : i64} : () -> !int
  "iree_pydm.store_var"(%k) {name = "x"} : (!int) -> ()
  cf.br ^join
^join:
  %x:2 = "iree_pydm.load_var"() {name = "x"} : () -> (!int, i1)
  %ok = "iree_pydm.success"() : () -> !exc
  return %ok, %x#0 : !exc, !int
}
'''


def py_pick(c, a):
    x = a
    if c:
        x = 5
    return x


def test_diamond_removes_variables_and_adds_a_block_argument():
    m = kit.run(DIAMOND, "promote-vars")
    c = kit.counts(m)
    assert not any(c[name] for name in VAR_OPS), kit.text(m)
    join = kit.blocks_of(m, "pick")[-1]
    assert [str(a.type) for a in join.arguments] == ["!iree_pydm.integer"], kit.text(m)
    ret = list(join.operations)[-1]
    assert ret.operands[1] == join.arguments[0]  # return x reads the join's argument
    # the edges pass a (function argument) and 5 (the constant)
    entry = kit.blocks_of(m, "pick")[0]
    passed = {str(v.owner.name) if not isinstance(v.owner, type(entry)) else "arg"
              for v in _edge_values(m, "pick", join)}
    assert passed == {"arg", "iree_pydm.constant"}, passed


def _edge_values(m, symbol, dest):
    out = []
    for block in kit.blocks_of(m, symbol):
        term = list(block.operations)[-1]
        if term.name == "cf.br" and term.successors[0] == dest:
            out += list(term.operands)
        elif term.name == "cf.cond_br":
            seg = list(term.attributes["operandSegmentSizes"])
            ops = list(term.operands)
            edges = [ops[1:1 + seg[1]], ops[1 + seg[1]:]]
            for succ, vals in zip(term.successors, edges):
                if succ == dest:
                    out += vals
    return out


def test_diamond_end_to_end():
    f = kit.compile_ir(DIAMOND).fn("pick", ["bool", "integer"], "integer")
    kit.assert_like_cpython(f, py_pick, [(c, a) for c in (False, True) for a in (-3, 0, 5, kit.INT64_MAX)])


STRAIGHT = '''
func.func @copy(%a: !int) -> (!exc, !int) {
  "iree_pydm.store_var"(%a) {name = "x"} : (!int) -> ()
  %x:2 = "iree_pydm.load_var"() {name = "x"} : () -> (!int, i1)
  "iree_pydm.store_var"(%x#0) {name = "y"} : (!int) -> ()
  %y:2 = "iree_pydm.load_var"() {name = "y"} : () -> (!int, i1)
  %ok = "iree_pydm.success"() : () -> !exc
  return %ok, %y#0 : !exc, !int
}
'''


def test_straight_line_forwards_the_stored_value():
    m = kit.run(STRAIGHT, "promote-vars")
    assert not any(kit.counts(m)[name] for name in VAR_OPS)
    blocks = kit.blocks_of(m, "copy")
    assert len(blocks) == 1 and len(blocks[0].arguments) == 1  # nothing added
    ret = list(blocks[0].operations)[-1]
    assert ret.operands[1] == blocks[0].arguments[0]  # y = x = a: the argument itself


# both branches store the same value: the join needs no block argument
SAME_VALUE = '''
func.func @same(%c: !bool, %a: !int) -> (!exc, !int) {
  %p = "iree_pydm.bool_to_pred"(%c) : (!bool) -> i1
  cf.cond_br %p, ^l, ^r
^l:
  "iree_pydm.store_var"(%a) {name = "x"} : (!int) -> ()
  cf.br ^join
^r:
  "iree_pydm.store_var"(%a) {name = "x"} : (!int) -> ()
  cf.br ^join
^join:
  %x:2 = "iree_pydm.load_var"() {name = "x"} : () -> (!int, i1)
  %ok = "iree_pydm.success"() : () -> !exc
  return %ok, %x#0 : !exc, !int
}
'''


def test_join_of_one_value_has_no_block_argument():
    m = kit.run(SAME_VALUE, "promote-vars")
    blocks = kit.blocks_of(m, "same")
    assert all(len(b.arguments) == 0 for b in blocks[1:]), kit.text(m)
    ret = list(blocks[-1].operations)[-1]
    assert ret.operands[1] == blocks[0].arguments[1]


# s = 0; i = 0; while i < n: s = s + i; i = i + 1; return s
LOOP = '''
func.func @total(%n: !int) -> (!exc, !int) attributes {pydm.name = "total"} {
  %zero = "iree_pydm.constant"() {value = 0 : i64} : () -> !int
  "iree_pydm.store_var"(%zero) {name = "s"} : (!int) -> ()
  "iree_pydm.store_var"(%zero) {name = "i"} : (!int) -> ()
  cf.br ^head
^head:
  %i:2 = "iree_pydm.load_var"() {name = "i"} : () -> (!int, i1)
  %lt:2 = "iree_pydm.apply_compare"(%i#0, %n) {dunder_name = "lt"} : (!int, !int) -> (!exc, !bool)
  %p = "iree_pydm.bool_to_pred"(%lt#1) : (!bool) -> i1
  cf.cond_br %p, ^body, ^exit
^body:
  %s:2 = "iree_pydm.load_var"() {name = "s"} : () -> (!int, i1)
  %i2:2 = "iree_pydm.load_var"() {name = "i"} : () -> (!int, i1)
  %s2:2 = "iree_pydm.apply_binary"(%s#0, %i2#0) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f = "iree_pydm.failed"(%s2#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%s2#0 : !exc), ^next
^next:
  "iree_pydm.store_var"(%s2#1) {name = "s"} : (!int) -> ()
  %one = "iree_pydm.constant"() {value = 1 : i64} : () -> !int
  %i3:2 = "iree_pydm.apply_binary"(%i2#0, %one) {dunder_name = "add"} : (!int, !int) -> (!exc, !int)
  %f2 = "iree_pydm.failed"(%i3#0) : (!exc) -> i1
  cf.cond_br %f2, ^err(%i3#0 : !exc), ^store
^store:
  "iree_pydm.store_var"(%i3#1) {name = "i"} : (!int) -> ()
  cf.br ^head
^exit:
  %r:2 = "iree_pydm.load_var"() {name = "s"} : () -> (!int, i1)
  %ok = "iree_pydm.success"() : () -> !exc
  return %ok, %r#0 : !exc, !int
^err(%e: !exc):
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> !int
  return %cls, %u : !exc, !int
}
'''


def py_total(n):
    s = 0
    i = 0
    while i < n:
        s = s + i
        i = i + 1
    return s


def test_loop_header_gets_one_argument_per_carried_variable():
    m = kit.run(LOOP, "promote-vars")
    assert not any(kit.counts(m)[name] for name in VAR_OPS), kit.text(m)
    head = kit.blocks_of(m, "total")[1]
    assert [str(a.type) for a in head.arguments] == ["!iree_pydm.integer"] * 2, kit.text(m)
    # the exit block reads s from the header, not a new argument of its own
    exit_block = [b for b in kit.blocks_of(m, "total")
                  if any(op.name == "func.return" for op in b.operations) and not b.arguments
                  and any(op.name == "iree_pydm.success" for op in b.operations)][0]
    ret = list(exit_block.operations)[-1]
    assert ret.operands[1] in list(head.arguments)


def test_loop_end_to_end():
    f = kit.compile_ir(LOOP).fn("total", ["integer"], "integer")
    kit.assert_like_cpython(f, py_total, [(n,) for n in (-1, 0, 1, 2, 10, 100)])


# if c: x = a;  return x   (x may be unbound: a checked load)
MAYBE_UNBOUND = '''
func.func @maybe(%c: !bool, %a: !int) -> (!exc, !int) attributes {pydm.name = "maybe"} {
  %p = "iree_pydm.bool_to_pred"(%c) : (!bool) -> i1
  cf.cond_br %p, ^set, ^join
^set:
  "iree_pydm.store_var"(%a) {name = "x"} : (!int) -> ()
  cf.br ^join
^join:
  %x:2 = "iree_pydm.load_var"() {name = "x", checked} : () -> (!int, i1)
  cf.cond_br %x#1, ^ok, ^unbound
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %x#0 : !exc, !int
^unbound:
  %e = "iree_pydm.raise"() {cls = "UnboundLocalError", message = "cannot access local variable 'x' where it is not associated with a value"} : () -> !exc
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> !int
  return %cls, %u : !exc, !int
}
'''


def py_maybe(c, a):
    if c:
        x = a
    return x  # noqa: F821 - unbound when not c, as in the IR


def test_checked_load_gets_a_bound_flag_argument():
    m = kit.run(MAYBE_UNBOUND, "promote-vars")
    assert not any(kit.counts(m)[name] for name in VAR_OPS)
    join = kit.blocks_of(m, "maybe")[2]
    types = sorted(str(a.type) for a in join.arguments)
    assert types == ["!iree_pydm.integer", "i1"], kit.text(m)
    flag = [a for a in join.arguments if str(a.type) == "i1"][0]
    cond_br = list(join.operations)[-1]
    assert cond_br.operands[0] == flag
    # the flag is false from the entry edge and true from the storing block
    consts = sorted(str(v.owner.attributes["value"]) for v in _edge_values(m, "maybe", join)
                    if str(v.type) == "i1")
    assert consts == ["false", "true"], consts


def test_unbound_variable_end_to_end():
    f = kit.compile_ir(MAYBE_UNBOUND).fn("maybe", ["bool", "integer"], "integer")
    kit.assert_like_cpython(f, py_maybe, [(True, 7), (False, 7), (True, -1)])


@pytest.mark.parametrize("both", [True, False])
def test_flag_is_constant_true_where_every_path_stored(both):
    text = MAYBE_UNBOUND.replace("cf.cond_br %p, ^set, ^join", "cf.cond_br %p, ^set, ^other\n^other:\n"
                                 '  "iree_pydm.store_var"(%a) {name = "x"} : (!int) -> ()\n  cf.br ^join') \
        if both else MAYBE_UNBOUND
    m = kit.run(text, "promote-vars")
    # the branch to the UnboundLocalError raise tests the bound flag
    cond, = [op for op in kit.walk(m, "cf.cond_br")
             if any(o.name == "iree_pydm.raise" for o in op.successors[1].operations)]
    owner = cond.operands[0].owner
    if both:
        assert getattr(owner, "name", None) == "arith.constant", kit.text(m)
        assert str(owner.attributes["value"]) == "true"
    else:
        assert not hasattr(owner, "name") or owner.name != "arith.constant", kit.text(m)


def test_unchecked_load_flag_is_true():
    # the same function with an unchecked load: the flag is never read as a variable
    text = MAYBE_UNBOUND.replace('{name = "x", checked}', '{name = "x"}')
    m = kit.run(text, "promote-vars")
    join = kit.blocks_of(m, "maybe")[2]
    assert [str(a.type) for a in join.arguments] == ["!iree_pydm.integer"], kit.text(m)
    cond = list(join.operations)[-1]
    assert str(cond.operands[0].owner.attributes["value"]) == "true"
