"""Pass split-objects on hand-written IR: every ``object`` value - function
arguments and results, block arguments, call operands and results, returns -
becomes (type code, payload bits, heap ref); ``box``/``unbox``/
``get_type_code``/``is`` become ``dyn_of``/``dyn_unbox``/the code/``dyn_is``;
a public function with objects in its signature becomes a wrapper that
splits and packs seed-002 records around ``<name>$pairs``. Afterwards only
``record_of``/``record_split`` in the wrappers touch ``object`` values.
The split programs run end to end against CPython."""
from __future__ import annotations

import math

import pytest

from . import kit

OBJ = "!iree_pydm.object"
INT = "!iree_pydm.integer"
REF = "!iree_pydm.ref"

# choose(c, x, y): x if c else y, through a block argument; then a private
# helper returns its argument's type code and x is y
CHOOSE = '''
func.func @choose(%c: !bool, %x: !obj, %y: !obj) -> (!exc, !obj) attributes {pydm.name = "choose"} {
  %p = "iree_pydm.bool_to_pred"(%c) : (!bool) -> i1
  cf.cond_br %p, ^join(%x : !obj), ^join(%y : !obj)
^join(%v: !obj):
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %v : !exc, !obj
}

func.func private @code_of(%x: !obj, %k: !int) -> (!exc, !int) {
  %code = "iree_pydm.get_type_code"(%x) : (!obj) -> !int
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %code : !exc, !int
}

func.func @probe(%x: !obj, %y: !obj) -> (!exc, !obj) attributes {pydm.name = "probe"} {
  %k = "iree_pydm.constant"() {value = 3 : i64} : () -> !int
  %r:2 = func.call @code_of(%x, %k) : (!obj, !int) -> (!exc, !int)
  %same = "iree_pydm.is"(%x, %y) : (!obj, !obj) -> !bool
  %b = "iree_pydm.box"(%same) : (!bool) -> !obj
  %pc = "iree_pydm.bool_to_pred"(%same) : (!bool) -> i1
  cf.cond_br %pc, ^yes, ^no
^yes:
  return %r#0, %b : !exc, !obj
^no:
  %bc = "iree_pydm.box"(%r#1) : (!int) -> !obj
  return %r#0, %bc : !exc, !obj
}
'''


def object_values(m, symbol):
    """Values of type object inside function ``symbol`` (block arguments and results)."""
    f = kit.func(m, symbol)
    out = []
    for block in f.regions[0].blocks:
        out += [a for a in block.arguments if "object" in str(a.type)]
        for op in block.operations:
            out += [(op.name, r) for r in op.results if "object" in str(r.type)]
    return out


@pytest.fixture(scope="module")
def split():
    return kit.run(CHOOSE, "split-objects")


def test_bodies_have_no_object_values(split):
    for name in ("choose$pairs", "probe$pairs", "code_of"):
        assert object_values(split, name) == [], (name, kit.text(split))


def test_object_parameters_expand_to_code_bits_ref(split):
    # non-object values first, then (code, bits, ref) per object, in order
    assert kit.signature(split, "code_of") == ([INT, INT, INT, REF], ["!iree_pydm.exception_result", INT])
    assert kit.signature(split, "choose$pairs") == (["!iree_pydm.bool", INT, INT, REF, INT, INT, REF],
                                                    ["!iree_pydm.exception_result", INT, INT, REF])


def test_block_arguments_expand(split):
    join = kit.blocks_of(split, "choose$pairs")[1]
    assert [str(a.type) for a in join.arguments] == [INT, INT, REF], kit.text(split)


def test_calls_pass_the_parts(split):
    call, = [op for op in kit.walk(split, "func.call") if str(op.attributes["callee"]) == "@code_of"]
    entry_args = kit.blocks_of(split, "probe$pairs")[0].arguments
    assert list(call.operands) == [call.operands[0]] + list(entry_args)[:3]
    assert call.operands[0].owner.name == "iree_pydm.constant"


def test_object_ops_become_dyn_ops(split):
    c = kit.counts(split)
    for gone in ("iree_pydm.box", "iree_pydm.is", "iree_pydm.get_type_code", "iree_pydm.unbox"):
        assert c[gone] == 0, (gone, kit.text(split))
    assert c["iree_pydm.dyn_is"] == 1 and c["iree_pydm.dyn_of"] == 2
    # get_type_code is the first part itself: code_of returns its first argument
    ret, = [op for op in kit.walk(split, "func.return") if str(op.parent.attributes["sym_name"]) == '"code_of"']
    assert ret.operands[1] == kit.blocks_of(split, "code_of")[0].arguments[1]


def test_public_functions_become_record_wrappers(split):
    names = kit.func_names(split)
    assert {"choose", "choose$pairs", "probe", "probe$pairs", "code_of"} == set(names)
    assert "sym_visibility" not in kit.attr_names(kit.func(split, "choose"))
    assert str(kit.func(split, "choose$pairs").attributes["sym_visibility"]) == '"private"'
    assert kit.signature(split, "choose") == (["!iree_pydm.bool", OBJ, OBJ], ["!iree_pydm.exception_result", OBJ])
    # only the boundary ops touch objects, and only in the wrappers
    for op in kit.walk(split):
        if op.name.startswith("iree_pydm.") and op.name not in ("iree_pydm.record_of", "iree_pydm.record_split",
                                                                 "iree_pydm.undef"):
            assert not any("object" in str(v.type) for v in list(op.operands) + list(op.results)), op
    wrapper_ops = {o.name for o in kit.func(split, "choose").regions[0].blocks[0].operations}
    assert "iree_pydm.record_split" in wrapper_ops and "func.call" in wrapper_ops


VALUES = [None, False, True, 0, -7, kit.INT64_MAX, 2.5, -0.0, math.nan, (1, 2.5)]


def test_end_to_end_against_cpython():
    c = kit.compile_ir(CHOOSE)
    choose = c.fn("choose", ["bool", "object", "object"], "object")
    kit.assert_like_cpython(choose, lambda c, x, y: x if c else y,
                            [(b, x, y) for b in (False, True) for x in VALUES for y in VALUES[:4]])
    probe = c.fn("probe", ["object", "object"], "object")
    codes = {type(None): 1, bool: 0x40, int: 0x4F, float: 0x5B}

    def py_probe(x, y):  # pydm identity of scalars: the same type and payload
        same = type(x) is type(y) and (x is y or (not isinstance(x, tuple) and kit.same(x, y)))
        return True if same else codes[type(x)]
    kit.assert_like_cpython(probe, py_probe, [(x, y) for x in VALUES[:-1] for y in VALUES[:-1]])


UNBOX = '''
func.func @as_int(%x: !obj) -> (!exc, !int) attributes {pydm.name = "as_int"} {
  %r:2 = "iree_pydm.unbox"(%x) {message = "expected int, got '{}'"} : (!obj) -> (!exc, !int)
  %f = "iree_pydm.failed"(%r#0) : (!exc) -> i1
  cf.cond_br %f, ^err, ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %r#1 : !exc, !int
^err:
  %cls = "iree_pydm.exception_class"(%r#0) : (!exc) -> !exc
  return %cls, %r#1 : !exc, !int
}
'''


def test_unbox_becomes_a_checked_dyn_unbox():
    m = kit.run(UNBOX, "split-objects")
    dyn, = kit.walk(m, "iree_pydm.dyn_unbox")
    assert "unchecked" not in kit.attr_names(dyn)
    assert list(dyn.operands) == list(kit.blocks_of(m, "as_int$pairs")[0].arguments)
    f = kit.compile_ir(UNBOX).fn("as_int", ["object"], "integer")

    def py(x):
        if type(x) not in (int, bool):
            raise TypeError(f"expected int, got '{type(x).__name__}'")
        return int(x)
    kit.assert_like_cpython(f, py, [(v,) for v in VALUES])


def test_a_typed_private_function_is_unchanged():
    text = '''
func.func private @inc(%a: !int) -> (!exc, !int) {
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %a : !exc, !int
}
'''
    before = kit.text(kit.parse(text))
    assert kit.text(kit.run(text, "split-objects")) == before
