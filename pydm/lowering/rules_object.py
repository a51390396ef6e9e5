"""Lowering rules for dynamic values: (type code, payload bits) pairs, the
object records at the module's boundary, and TypeErrors that name the
operands' run-time types.

Inside a module a dynamic value is a pair of i64 (pass split-objects, which
also replaces ``box``/``unbox``/``get_type_code``/``is`` by the pair ops). At
the boundary an object is seed 002's ``!util.list<?>`` record ``[i32 type
code, payload]``: None has payload i32 0, bool an i32 0/1, int an i64, float
an f64.
"""
from __future__ import annotations

import itertools

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


def dynamic_type_error(ctx, template: str, codes) -> ir.Value:
    """i32 code of TypeError(template.format(names...)) chosen by run-time type
    codes (i32). The sites of every combination of type names are one block
    of the raise-site table, so the code is the block's base plus a
    mixed-radix index of the operands' types (a few ops, not a select per
    combination)."""
    names = list(NAMES.values()) + ["object"]  # "object": a code of no scalar type
    radix = len(names)
    messages = [template.format(*combo) for combo in itertools.product(names, repeat=len(codes))]
    base = ctx.raise_code_block("TypeError", messages)
    index = _i32(0)
    for code in codes:
        digit = _i32(radix - 1)
        for i, known in enumerate(NAMES):
            digit = arith.select(_code_is(code, known), _i32(i), digit)
        index = arith.addi(arith.muli(index, _i32(radix)), digit)
    return arith.addi(index, _i32(base))


@rule(d.RAISE_TYPE_ERROR)
def lower_raise_type_error(ctx, op, operands):
    template = ir.StringAttr(op.attributes["template"]).value
    return [dynamic_type_error(ctx, template, [_code32(code) for code in operands])]  # pairs' codes


# ---- (type code, payload bits) pairs (pass split-objects) -------------------------
def _i64_const(v: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(64), v)


def _code_is64(code, value: int) -> ir.Value:
    return arith.cmpi(arith.CmpIPredicate.eq, code, _i64_const(value))


def _code32(code) -> ir.Value:
    return arith.trunci(ir.IntegerType.get_signless(32), code)


@rule(d.PAIR_OF)
def lower_pair_of(ctx, op, operands):
    t = ctx.operand_type(op, 0)
    x = operands[0]
    i64 = ir.IntegerType.get_signless(64)
    if t is T.INT:
        bits = x
    elif t is T.FLOAT:
        bits = arith.bitcast(i64, x)
    elif t is T.BOOL:
        bits = arith.extui(i64, x)
    else:
        bits = _i64_const(0)
    return [_i64_const(tc.of_type(t)), bits]


@rule(d.PAIR_UNBOX)
def lower_pair_unbox(ctx, op, operands):
    code, bits = operands
    want = ctx.result_type(op, 1)
    template = ir.StringAttr(op.attributes["message"]).value
    if want is T.INT:
        ok = arith.ori(_code_is64(code, tc.INTEGER), _code_is64(code, tc.BOOL))
        value = bits
    elif want is T.FLOAT:
        is_real = _code_is64(code, tc.REAL)
        ok = arith.ori(is_real, arith.ori(_code_is64(code, tc.INTEGER), _code_is64(code, tc.BOOL)))
        value = arith.select(is_real, arith.bitcast(ir.F64Type.get(), bits), num.int_to_float(bits))
    elif want is T.BOOL:
        ok = _code_is64(code, tc.BOOL)
        value = arith.cmpi(arith.CmpIPredicate.ne, bits, _i64_const(0))
    elif want is T.NONE:
        ok = _code_is64(code, tc.NONE)
        value = _i32(0)
    else:
        raise NotImplementedError(f"unbox to {want}")
    if "unchecked" in op.attributes:  # the caller tested the type
        return [_i32(0), value]
    i32 = ir.IntegerType.get_signless(32)
    branch = scf.IfOp(ok, [i32], has_else=True)
    with ir.InsertionPoint(branch.then_block):
        scf.YieldOp([_i32(0)])
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp([dynamic_type_error(ctx, template, [_code32(code)])])
    return [branch.results[0], value]


@rule(d.PAIR_IS)
def lower_pair_is(ctx, op, operands):
    """Identity of pairs: the same type and the same payload (None, True and
    False are singletons; equal ints or floats count as the same object)."""
    ca, ba, cb, bb = operands
    return [arith.andi(arith.cmpi(arith.CmpIPredicate.eq, ca, cb), arith.cmpi(arith.CmpIPredicate.eq, ba, bb))]


@rule(d.RECORD_OF)
def lower_record_of(ctx, op, operands):
    code, bits = operands
    record = util.ListCreateOp(list_type(), initial_capacity=_index(2)).result
    util.ListResizeOp(record, _index(2))
    util.ListSetOp(record, _index(0), _code32(code))
    real = scf.IfOp(_code_is64(code, tc.REAL), [], has_else=True)
    with ir.InsertionPoint(real.then_block):
        util.ListSetOp(record, _index(1), arith.bitcast(ir.F64Type.get(), bits))
        scf.YieldOp([])
    with ir.InsertionPoint(real.else_block):
        integer = scf.IfOp(_code_is64(code, tc.INTEGER), [], has_else=True)
        with ir.InsertionPoint(integer.then_block):
            util.ListSetOp(record, _index(1), bits)
            scf.YieldOp([])
        with ir.InsertionPoint(integer.else_block):  # None and bool hold an i32
            util.ListSetOp(record, _index(1), _code32(bits))
            scf.YieldOp([])
        scf.YieldOp([])
    return [record]


@rule(d.RECORD_SPLIT)
def lower_record_split(ctx, op, operands):
    record = operands[0]
    i64 = ir.IntegerType.get_signless(64)
    code = arith.extsi(i64, type_code(record))
    real = scf.IfOp(_code_is64(code, tc.REAL), [i64], has_else=True)
    with ir.InsertionPoint(real.then_block):
        scf.YieldOp([arith.bitcast(i64, util.ListGetOp(ir.F64Type.get(), record, _index(1)).result)])
    with ir.InsertionPoint(real.else_block):  # an i32 payload (None, bool) widens
        scf.YieldOp([util.ListGetOp(i64, record, _index(1)).result])
    return [code, real.results[0]]
