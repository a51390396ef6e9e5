"""Lowering rules (pydm/lowering/rules_*.py) on hand-written IR, one op at a
time: the builtin ops each rule emits (the unchecked add is one
``arith.addi``, a checked one carries an overflow test and an error code, a
float compare uses only NaN-safe predicates, a tuple is a ``util.list`` of 3
slots per element, ...), and a table of scalar operators compiled into one
module and run against CPython on edge values."""
from __future__ import annotations

import itertools
import math
import operator

import pytest

from . import kit

I64 = "i64"


def lowered_ops(text: str, passes=()) -> list[str]:
    """Names of the ops of the lowered module's first function (support functions aside)."""
    m = kit.lower(text, passes)
    f = [op for op in m.body.operations if op.operation.name == "func.func"][0]
    out = []

    def visit(op):
        out.append(op.operation.name if hasattr(op, "operation") else op.name)
        return kit.ir.WalkResult.ADVANCE
    with kit.context():
        f.operation.walk(visit)
    return out


def one_op(op: str, args: str, result: str = "!int") -> str:
    """A function applying one op to its arguments and returning the op's last result."""
    arg_list = ", ".join(f"%{chr(97 + i)}: {t.strip()}" for i, t in enumerate(args.split(",")) if t.strip())
    return f'''
func.func @f({arg_list}) -> (!exc, {result}) {{
  %z = "iree_pydm.success"() : () -> !exc
  %r = {op}
  return %z, %r : !exc, {result}
}}
'''


def binary(name, t, attrs="", result=None):
    result = result or t
    return f'''
func.func @f(%a: {t}, %b: {t}) -> (!exc, {result}) {{
  %r:2 = "iree_pydm.apply_binary"(%a, %b) {{dunder_name = "{name}"{attrs}}} : ({t}, {t}) -> (!exc, {result})
  return %r#0, %r#1 : !exc, {result}
}}
'''


# ---------------------------------------------------------------- scalar rules

def test_no_pydm_op_or_type_survives_the_lowering():
    m = kit.lower(binary("add", "!int"))
    assert not [op.name for op in kit.walk(m) if op.name.startswith("iree_pydm.")]
    assert not [t for t in kit.value_types(m) if "iree_pydm" in t]
    assert kit.signature(m, "f") == ([I64, I64], ["i32", I64])


def test_infallible_int_add_is_one_addi():
    ops = lowered_ops(binary("add", "!int", ", infallible"))
    assert ops.count("arith.addi") == 1
    assert not any(o.startswith(("arith.xori", "arith.cmpi", "arith.select", "scf.")) for o in ops), ops


@pytest.mark.parametrize("name", ["add", "sub", "mul"])
def test_checked_int_ops_test_for_overflow(name):
    ops = lowered_ops(binary(name, "!int"))
    assert any(o in ops for o in ("arith.cmpi", "arith.xori")), ops
    assert "arith.select" in ops or "scf.if" in ops, ops  # the error code
    m = kit.parse(binary(name, "!int"))
    sites = kit.RaiseSiteTable()
    with kit.context(), kit.ir.Location.unknown():
        kit.lower_module(m, kit.LoweringContext(sites))
    assert [s.cls for s in sites.sites] == ["OverflowError"]
    assert {"add": "+", "sub": "-", "mul": "*"}[name] in sites.sites[0].message


def test_nonneg_int_add_uses_the_cheaper_check():
    checked, nonneg = lowered_ops(binary("add", "!int")), lowered_ops(binary("add", "!int", ", nonneg"))
    assert len(nonneg) < len(checked), (nonneg, checked)


def test_float_add_is_addf_behind_a_barrier():
    ops = lowered_ops(binary("add", "!float"))
    assert "arith.addf" in ops and "util.optimization_barrier" in ops, ops


@pytest.mark.parametrize("pred", ["lt", "le", "gt", "ge", "eq", "ne"])
def test_float_compares_use_nan_safe_predicates(pred):
    m = kit.lower(f'''
func.func @f(%a: !float, %b: !float) -> (!exc, !bool) {{
  %r:2 = "iree_pydm.apply_compare"(%a, %b) {{dunder_name = "{pred}"}} : (!float, !float) -> (!exc, !bool)
  return %r#0, %r#1 : !exc, !bool
}}
''')
    cmps = kit.walk(m, "arith.cmpf")
    assert cmps, kit.text(m)
    # arith.cmpf predicates: 1 oeq, 2 ogt, 4 olt, 5 ole, 13 une, 14 uno (the safe ones)
    for c in cmps:
        assert int(kit.ir.IntegerAttr(c.attributes["predicate"]).value) in (1, 2, 4, 5, 13, 14), kit.text(m)
    assert kit.walk(m, "util.optimization_barrier")


def test_int_compare_is_one_cmpi():
    m = kit.lower('''
func.func @f(%a: !int, %b: !int) -> (!exc, !bool) {
  %r:2 = "iree_pydm.apply_compare"(%a, %b) {dunder_name = "lt"} : (!int, !int) -> (!exc, !bool)
  return %r#0, %r#1 : !exc, !bool
}
''')
    cmp, = kit.walk(m, "arith.cmpi")
    assert int(kit.ir.IntegerAttr(cmp.attributes["predicate"]).value) == 2  # slt


def test_int_to_float_is_a_vm_cast():
    ops = lowered_ops('''
func.func @f(%a: !int) -> (!exc, !float) {
  %r:2 = "iree_pydm.convert"(%a) : (!int) -> (!exc, !float)
  return %r#0, %r#1 : !exc, !float
}
''')
    assert "vm.cast.si64.f64" in ops and "arith.sitofp" not in ops, ops


@pytest.mark.parametrize("step,checked", [(1, False), (-1, False), (2, True)])
def test_range_next(step, checked):
    ops = lowered_ops(f'''
func.func @f(%i: !int, %stop: !int) -> (!exc, !int) {{
  %k = "iree_pydm.constant"() {{value = {step} : i64}} : () -> !int
  %n = "iree_pydm.range_next"(%i, %stop, %k) : (!int, !int, !int) -> !int
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %n : !exc, !int
}}
''')
    assert "arith.addi" in ops
    assert ("arith.select" in ops) == checked, ops  # saturates at stop instead of overflowing


def test_select_not_and_truth():
    ops = lowered_ops('''
func.func @f(%a: !int, %c: !bool) -> (!exc, !bool) {
  %t = "iree_pydm.as_bool"(%a) : (!int) -> !bool
  %n = "iree_pydm.not"(%t) : (!bool) -> !bool
  %p = "iree_pydm.bool_to_pred"(%c) : (!bool) -> i1
  %s = "iree_pydm.select"(%p, %n, %c) : (i1, !bool, !bool) -> !bool
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %s : !exc, !bool
}
''')
    assert ops.count("arith.cmpi") == 1 and "arith.xori" in ops and "arith.select" in ops, ops


# ---------------------------------------------------------------- object rules

def test_dyn_of_an_int_is_its_type_code_and_itself():
    m = kit.lower('''
func.func @f(%a: !int) -> (!exc, !int, !int, !ref) {
  %c, %b, %r = "iree_pydm.dyn_of"(%a) : (!int) -> (!int, !int, !ref)
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %c, %b, %r : !exc, !int, !int, !ref
}
''')
    ret, = kit.walk(m, "func.return")
    code, bits, ref = list(ret.operands)[1:]
    assert code.owner.name == "arith.constant" and kit.ir.IntegerAttr(code.owner.attributes["value"]).value == 0x4F
    assert bits == kit.blocks_of(m, "f")[0].arguments[0]
    assert ref.owner.name == "util.null"
    assert kit.signature(m, "f")[1] == ["i32", I64, I64, "!util.list<?>"]


def test_dyn_of_a_float_is_its_bits():
    ops = lowered_ops(one_op('"iree_pydm.dyn_of"(%a) : (!float) -> (!int, !int, !ref)', "!float")
                      .replace("%r = ", "%r, %rb, %rr = "))
    assert "arith.bitcast" in ops, ops


def test_dyn_is_compares_code_bits_and_reference():
    ops = lowered_ops('''
func.func @f(%c1: !int, %b1: !int, %r1: !ref, %c2: !int, %b2: !int, %r2: !ref) -> (!exc, !bool) {
  %s = "iree_pydm.dyn_is"(%c1, %b1, %r1, %c2, %b2, %r2) : (!int, !int, !ref, !int, !int, !ref) -> !bool
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %s : !exc, !bool
}
''')
    assert ops.count("arith.cmpi") == 2 and "util.cmp.eq" in ops and ops.count("arith.andi") == 2, ops


def test_record_conversions_call_the_support_functions():
    m = kit.lower('''
func.func @f(%x: !obj) -> (!exc, !obj) {
  %c, %b, %r = "iree_pydm.record_split"(%x) : (!obj) -> (!int, !int, !ref)
  %y = "iree_pydm.record_of"(%c, %b, %r) : (!int, !int, !ref) -> !obj
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %y : !exc, !obj
}
''')
    callees = [str(op.attributes["callee"]) for op in kit.walk(m, "func.call")]
    assert "@pydm$record_split" in callees and "@pydm$record_of" in callees
    assert {"pydm$record_of", "pydm$record_split"} <= set(kit.func_names(m))  # added once, with the module


def test_checked_dyn_unbox_raises_through_an_exception_object():
    text = '''
func.func @f(%c: !int, %b: !int, %r: !ref) -> (!exc, !float) {
  %e, %v = "iree_pydm.dyn_unbox"(%c, %b, %r) {message = "must be real number, not {}"UNCHECKED} : (!int, !int, !ref) -> (!exc, !float)
  return %e, %v : !exc, !float
}
'''
    checked = lowered_ops(text.replace("UNCHECKED", ""))
    unchecked = lowered_ops(text.replace("UNCHECKED", ", unchecked"))
    assert "scf.if" in checked and "func.call" in checked, checked
    assert "scf.if" not in unchecked and "func.call" not in unchecked, unchecked


# ---------------------------------------------------------------- tuple rules

T2 = "!iree_pydm.tuple<integer,real>"


def test_make_tuple_is_a_list_of_three_slots_per_element():
    m = kit.lower(f'''
func.func @f(%a: !int, %b: !float) -> (!exc, {T2}) {{
  %t = "iree_pydm.make_tuple"(%a, %b) : (!int, !float) -> {T2}
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %t : !exc, {T2}
}}
''')
    assert len(kit.walk(m, "util.list.create")) == 1 and len(kit.walk(m, "util.list.resize")) == 1
    # a scalar element writes its code and bits; its null reference is left unset
    assert len(kit.walk(m, "util.list.set")) == 4, kit.text(m)
    assert kit.signature(m, "f")[1] == ["i32", "!util.list<?>"]


@pytest.mark.parametrize("in_range", [True, False])
def test_tuple_get(in_range):
    attrs = " {in_range}" if in_range else ""
    m = kit.parse(f'''
func.func @f(%t: {T2}, %i: !int) -> (!exc, !float) {{
  %e, %v = "iree_pydm.tuple_get"(%t, %i){attrs} : ({T2}, !int) -> (!exc, !float)
  return %e, %v : !exc, !float
}}
''')
    sites = kit.RaiseSiteTable()
    with kit.context(), kit.ir.Location.unknown():
        kit.lower_module(m, kit.LoweringContext(sites))
    assert len(kit.walk(m, "util.list.get")) == 1 and kit.walk(m, "arith.bitcast")
    assert bool(kit.walk(m, "scf.if")) == (not in_range), kit.text(m)  # the bounds check guards the read
    assert [(s.cls, s.message) for s in sites.sites] == ([] if in_range else [("IndexError", "tuple index out of range")])


def test_tuple_len_is_the_list_size_over_two():
    ops = lowered_ops(f'''
func.func @f(%t: {T2}) -> (!exc, !int) {{
  %n = "iree_pydm.tuple_len"(%t) : ({T2}) -> !int
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %n : !exc, !int
}}
''')
    assert "util.list.size" in ops and "arith.shrui" in ops, ops  # two slots per element


# ---------------------------------------------------------------- the scalar rules against CPython

INTS = [0, 1, -1, 2, -3, 7, 2**31, -(2**53) - 1, 2**62, kit.INT64_MAX, kit.INT64_MIN]
FLOATS = [0.0, -0.0, 1.5, -2.5, 1e308, 5e-324, math.inf, -math.inf, math.nan, 9007199254740993.0]
BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
          "floordiv": operator.floordiv, "mod": operator.mod, "lshift": operator.lshift,
          "rshift": operator.rshift, "and": operator.and_, "or": operator.or_, "xor": operator.xor}
FLOAT_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod")
COMPARE = {"lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge,
           "eq": operator.eq, "ne": operator.ne}
PY = {"!int": "integer", "!float": "real", "!bool": "bool"}


def _cases():
    out = []  # (symbol, IR function text, arg types, result type, python function, args list)
    for name, fn in BINARY.items():
        result = "!float" if name == "truediv" else "!int"
        out.append((f"int_{name}", "!int", "!int", name, result, fn, "apply_binary"))
    for name in FLOAT_BINARY:
        out.append((f"float_{name}", "!float", "!float", name, "!float", BINARY[name], "apply_binary"))
    for name, fn in COMPARE.items():
        for lt, rt in itertools.product(("!int", "!float"), repeat=2):
            out.append((f"cmp_{name}_{lt[1]}{rt[1]}", lt, rt, name, "!bool", fn, "apply_compare"))
    return out


CASES = _cases()


def _function(symbol, lt, rt, name, result, kind):
    return f'''
func.func @{symbol}(%a: {lt}, %b: {rt}) -> (!exc, {result}) attributes {{pydm.name = "{symbol}"}} {{
  %r:2 = "iree_pydm.{kind}"(%a, %b) {{dunder_name = "{name}"}} : ({lt}, {rt}) -> (!exc, {result})
  %f = "iree_pydm.failed"(%r#0) : (!exc) -> i1
  cf.cond_br %f, ^err(%r#0 : !exc), ^ok
^ok:
  %z = "iree_pydm.success"() : () -> !exc
  return %z, %r#1 : !exc, {result}
^err(%e: !exc):
  %cls = "iree_pydm.exception_class"(%e) : (!exc) -> !exc
  %u = "iree_pydm.undef"() : () -> {result}
  return %cls, %u : !exc, {result}
}}
'''


@pytest.fixture(scope="module")
def table():
    text = "".join(_function(s, lt, rt, n, r, k) for s, lt, rt, n, r, _, k in CASES)
    return kit.compile_ir(text, passes=())


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_scalar_rules_against_cpython(table, case):
    symbol, lt, rt, name, result, fn, _ = case
    f = table.fn(symbol, [PY[lt], PY[rt]], PY[result])
    xs = INTS if lt == "!int" else FLOATS
    ys = INTS if rt == "!int" else FLOATS
    if name in ("lshift", "rshift"):
        ys = [0, 1, 3, 63, 64, 200, -1]
    kit.assert_like_cpython(f, fn, [(x, y) for x in xs for y in ys])
