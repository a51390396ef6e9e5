"""Pass link-runtime on hand-written IR: each operator on objects becomes a
call of its runtime-library function, and exactly the library functions the
program reaches are linked in (private); a program without dynamic values
links nothing. The linked program runs end to end against CPython."""
from __future__ import annotations

import math

import pytest

from . import kit

PREFIX = "pydmrtl$"
OPERATOR_OPS = ("iree_pydm.apply_binary", "iree_pydm.apply_compare", "iree_pydm.apply_unary",
                "iree_pydm.as_bool", "iree_pydm.convert")

# if x: return x + y   else: return -y   (x, y objects)
DYNAMIC = '''
func.func @h(%x: !obj, %y: !obj) -> (!exc, !obj) attributes {pydm.name = "h"} {
  %t = "iree_pydm.as_bool"(%x) : (!obj) -> !bool
  %p = "iree_pydm.bool_to_pred"(%t) : (!bool) -> i1
  cf.cond_br %p, ^add, ^neg
^add:
  %s:2 = "iree_pydm.apply_binary"(%x, %y) {dunder_name = "add"INPLACE} : (!obj, !obj) -> (!exc, !obj)
  cf.br ^check(%s#0, %s#1 : !exc, !obj)
^neg:
  %n:2 = "iree_pydm.apply_unary"(%y) {dunder_name = "neg"} : (!obj) -> (!exc, !obj)
  cf.br ^check(%n#0, %n#1 : !exc, !obj)
^check(%e: !exc, %v: !obj):
  %f = "iree_pydm.failed"(%e) : (!exc) -> i1
  cf.cond_br %f, ^err, ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %v : !exc, !obj
^err:
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> !obj
  return %cls, %u : !exc, !obj
}
'''


def py_h(x, y):
    if x:
        return x + y
    return -y


def dynamic(inplace=False):
    return DYNAMIC.replace("INPLACE", ", inplace" if inplace else "")


def _callees(m, symbol=None):
    funcs = [kit.func(m, symbol)] if symbol else [m.operation]
    out = []
    for f in funcs:
        for op in kit.walk(m, "func.call"):
            if symbol is None or _in(op, f):
                out.append(str(op.attributes["callee"]).lstrip("@"))
    return out


def _in(op, fop):
    p = op.parent
    while p is not None and p.name != "func.func":
        p = p.parent
    return p is not None and str(p.attributes["sym_name"]) == str(fop.attributes["sym_name"])


def test_operators_on_objects_become_library_calls():
    m = kit.run(dynamic(), "link-runtime")
    for name in OPERATOR_OPS:
        for op in kit.walk(m, name):
            assert not any("object" in str(v.type) for v in op.operands), op
    calls = _callees(m, "h")
    assert sorted(calls) == [PREFIX + "add", PREFIX + "neg", PREFIX + "truth"], calls


@pytest.mark.parametrize("inplace", [False, True])
def test_binary_calls_pass_the_inplace_flag(inplace):
    m = kit.run(dynamic(inplace), "link-runtime")
    call, = [op for op in kit.walk(m, "func.call") if _in(op, kit.func(m, "h"))
             and str(op.attributes["callee"]) == f"@{PREFIX}add"]
    flag = call.operands[2].owner
    assert flag.name == "iree_pydm.constant" and str(flag.attributes["value"]) == str(inplace).lower()


def test_only_reachable_library_functions_are_linked_and_private():
    m = kit.run(dynamic(), "link-runtime")
    names = kit.func_names(m)
    linked = [n for n in names if n.startswith(PREFIX)]
    assert {PREFIX + "add", PREFIX + "neg", PREFIX + "truth"} <= set(linked)
    for n in linked:
        assert str(kit.func(m, n).attributes["sym_visibility"]) == '"private"'
    # every linked function is reachable from @h through calls
    reach, work = set(), ["h"]
    while work:
        f = work.pop()
        if f in reach:
            continue
        reach.add(f)
        work += [c for c in _callees(m, f) if c in names]
    assert set(linked) <= reach, set(linked) - reach
    # and some of the library (e.g. the bitwise operators) is not there
    assert PREFIX + "bit_xor" not in names and PREFIX + "lshift" not in names


def test_every_library_call_has_its_definition():
    m = kit.run(dynamic(), "link-runtime")
    names = set(kit.func_names(m))
    assert {c for c in _callees(m) if c.startswith(PREFIX)} <= names


TYPED = '''
func.func @typed(%a: !float, %b: !float) -> (!exc, !bool) {
  %c:2 = "iree_pydm.apply_compare"(%a, %b) {dunder_name = "lt"} : (!float, !float) -> (!exc, !bool)
  %s:2 = "iree_pydm.apply_binary"(%a, %b) {dunder_name = "add"} : (!float, !float) -> (!exc, !float)
  %t = "iree_pydm.as_bool"(%s#1) : (!float) -> !bool
  return %c#0, %t : !exc, !bool
}
'''


def test_a_typed_program_links_nothing():
    before = kit.text(kit.parse(TYPED))
    m = kit.run(TYPED, "link-runtime")
    assert kit.func_names(m) == ["typed"]
    assert kit.text(m) == before


@pytest.mark.parametrize("op,callee", [
    ('"iree_pydm.apply_compare"(%x, %y) {dunder_name = "le"} : (!obj, !obj) -> (!exc, !bool)', "le"),
    ('"iree_pydm.apply_binary"(%x, %y) {dunder_name = "pow"} : (!obj, !obj) -> (!exc, !obj)', "power"),
    ('"iree_pydm.apply_binary"(%x, %y) {dunder_name = "and"} : (!obj, !obj) -> (!exc, !obj)', "bit_and"),
    ('"iree_pydm.apply_unary"(%x) {dunder_name = "abs"} : (!obj) -> (!exc, !obj)', "absolute"),
    ('"iree_pydm.convert"(%x) : (!obj) -> (!exc, !int)', "to_int"),
    ('"iree_pydm.convert"(%x) : (!obj) -> (!exc, !float)', "to_float"),
])
def test_callee_names(op, callee):
    result_type = op.rsplit("!exc, ", 1)[1].rstrip(")")
    m = kit.run(f'''
func.func @g(%x: !obj, %y: !obj) -> (!exc, {result_type}) {{
  %r:2 = {op}
  return %r#0, %r#1 : !exc, {result_type}
}}
''', "link-runtime")
    assert _callees(m, "g") == [PREFIX + callee], kit.text(m)
    assert PREFIX + callee in kit.func_names(m)


VALUES = [None, False, True, 0, 1, -7, 2**62, kit.INT64_MAX, 0.0, -0.0, 2.5, math.inf, math.nan]


@pytest.fixture(scope="module")
def compiled_h():
    return kit.compile_ir(dynamic()).fn("h", ["object", "object"], "object")


def test_end_to_end_against_cpython(compiled_h):
    kit.assert_like_cpython(compiled_h, py_h, [(x, y) for x in VALUES for y in VALUES])
