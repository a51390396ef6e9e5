"""Lowering rules for object records (seed 002): ``box``, ``unbox``, type codes,
identity, and TypeErrors that name the operands' run-time types.

An object is a ``!util.list<?>`` record ``[i32 type code, payload]``: None has
payload i32 0, bool an i32 0/1, int an i64, float an f64.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, scf, util

from .. import dialect as d
from .. import typecodes as tc
from ..types import PyType
from . import numeric as num
from .driver import rule

T = PyType

NAMES = tc.SCALAR_NAMES


def list_type() -> ir.Type:
    return ir.Type.parse("!util.list<?>")


def _index(i: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), i)


def _i32(v: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(32), v)


def type_code(obj) -> ir.Value:
    """The record's type code as i32."""
    return util.ListGetOp(ir.IntegerType.get_signless(32), obj, _index(0)).result


def _code_is(code, value: int) -> ir.Value:
    return arith.cmpi(arith.CmpIPredicate.eq, code, _i32(value))


@rule(d.BOX)
def lower_box(ctx, op, operands):
    t = ctx.operand_type(op, 0)
    x = operands[0]
    record = util.ListCreateOp(list_type(), initial_capacity=_index(2)).result
    util.ListResizeOp(record, _index(2))
    util.ListSetOp(record, _index(0), _i32(tc.of_type(t)))
    if t is T.BOOL:
        x = arith.extui(ir.IntegerType.get_signless(32), x)
    util.ListSetOp(record, _index(1), x)
    return [record]


@rule(d.GET_TYPE_CODE)
def lower_get_type_code(ctx, op, operands):
    return [arith.extsi(ir.IntegerType.get_signless(64), type_code(operands[0]))]


def dynamic_type_error(ctx, template: str, codes) -> ir.Value:
    """i32 code of TypeError(template.format(names...)) chosen by run-time type codes."""
    import itertools
    known = list(NAMES)
    result = _i32(ctx.raise_code("TypeError", template.format(*["object"] * len(codes))))
    for combo in itertools.product(known, repeat=len(codes)):
        cond = None
        for code, want in zip(codes, combo):
            c = _code_is(code, want)
            cond = c if cond is None else arith.andi(cond, c)
        site = ctx.raise_code("TypeError", template.format(*[NAMES[c] for c in combo]))
        result = arith.select(cond, _i32(site), result)
    return result


@rule(d.UNBOX)
def lower_unbox(ctx, op, operands):
    want = ctx.result_type(op, 1)
    obj = operands[0]
    code = type_code(obj)
    template = ir.StringAttr(op.attributes["message"]).value
    i64 = ir.IntegerType.get_signless(64)
    if want is T.INT:
        ok = arith.ori(_code_is(code, tc.INTEGER), _code_is(code, tc.BOOL))
        value = util.ListGetOp(i64, obj, _index(1)).result  # an i32 bool payload widens
    elif want is T.FLOAT:
        ok = arith.ori(_code_is(code, tc.REAL), arith.ori(_code_is(code, tc.INTEGER), _code_is(code, tc.BOOL)))
        as_float = util.ListGetOp(ir.F64Type.get(), obj, _index(1)).result
        as_int = num.int_to_float(util.ListGetOp(i64, obj, _index(1)).result)
        value = arith.select(_code_is(code, tc.REAL), as_float, as_int)
    elif want is T.BOOL:
        ok = _code_is(code, tc.BOOL)
        raw = util.ListGetOp(ir.IntegerType.get_signless(32), obj, _index(1)).result
        value = arith.cmpi(arith.CmpIPredicate.ne, raw, _i32(0))
    elif want is T.NONE:
        ok = _code_is(code, tc.NONE)
        value = _i32(0)
    else:
        raise NotImplementedError(f"unbox to {want}")
    # the TypeError's code (a select chain over the type names) only on failure
    i32 = ir.IntegerType.get_signless(32)
    branch = scf.IfOp(ok, [i32], has_else=True)
    with ir.InsertionPoint(branch.then_block):
        scf.YieldOp([_i32(0)])
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp([dynamic_type_error(ctx, template, [code])])
    return [branch.results[0], value]


@rule(d.RAISE_TYPE_ERROR)
def lower_raise_type_error(ctx, op, operands):
    template = ir.StringAttr(op.attributes["template"]).value
    return [dynamic_type_error(ctx, template, [type_code(x) for x in operands])]


@rule(d.IS)
def lower_is(ctx, op, operands):
    """``a is b`` on records: the same record, or both None, or equal bools
    (pydm's None/True/False are values, so their identity is their value)."""
    a, b = operands
    same_ref = util.CmpEQOp(a, b).result
    ca, cb = type_code(a), type_code(b)
    same_code = arith.cmpi(arith.CmpIPredicate.eq, ca, cb)
    i32 = ir.IntegerType.get_signless(32)
    pa = util.ListGetOp(i32, a, _index(1)).result
    pb = util.ListGetOp(i32, b, _index(1)).result
    singleton = arith.ori(_code_is(ca, tc.NONE),
                          arith.andi(_code_is(ca, tc.BOOL), arith.cmpi(arith.CmpIPredicate.eq, pa, pb)))
    return [arith.ori(same_ref, arith.andi(same_code, singleton))]
