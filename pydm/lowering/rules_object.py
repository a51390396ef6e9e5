"""Lowering rules for dynamic values: (type code, payload bits, heap ref)
triples and the seed-002 records at the module's boundary.

Inside a module a dynamic value is three values (pass split-objects, which
also replaces ``box``/``unbox``/``get_type_code``/``is`` by the ``dyn`` ops).
At the boundary it is a seed-002 record; the conversions are the support
functions ``@pydm$record_of``/``@pydm$record_split`` (``support.py``).
Layouts: ``pydm/representation.py``.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, func, scf, util

from .. import representation as rep
from .. import dialect as d
from .. import typecodes as tc
from ..types import PyType
from . import numeric as num
from .driver import rule

T = PyType


def list_type() -> ir.Type:
    return ir.Type.parse(rep.HEAP_REF)


def null() -> ir.Value:
    return util.NullOp(list_type()).result


def _i64(v: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(64), v)


def _i32(v: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(32), v)


def _code_is(code, value: int) -> ir.Value:
    return arith.cmpi(arith.CmpIPredicate.eq, code, _i64(value))


def dyn_parts_of(t: PyType, x) -> list:
    """(code, bits, ref) of a value of static type ``t`` (its converted value ``x``)."""
    i64 = ir.IntegerType.get_signless(64)
    if t is T.INT:
        return [_i64(tc.INTEGER), x, null()]
    if t is T.FLOAT:
        return [_i64(tc.REAL), arith.bitcast(i64, x), null()]
    if t is T.BOOL:
        return [_i64(tc.BOOL), arith.extui(i64, x), null()]
    if t in (T.NONE, T.BOTTOM):
        return [_i64(tc.NONE), _i64(0), null()]
    code = rep.type_code(t)
    if code is None:
        raise NotImplementedError(f"dyn_of {t.value}")
    return [_i64(code), _i64(0), x]


def value_of_parts(want: PyType, code, bits, ref):
    """(ok i1, value) reading a dynamic value as static type ``want``: int
    accepts bool and int, float any number (exactly, as float() does), a
    tuple type a tuple."""
    if want is T.INT:
        return arith.ori(_code_is(code, tc.INTEGER), _code_is(code, tc.BOOL)), bits
    if want is T.FLOAT:
        is_real = _code_is(code, tc.REAL)
        ok = arith.ori(is_real, arith.ori(_code_is(code, tc.INTEGER), _code_is(code, tc.BOOL)))
        return ok, arith.select(is_real, arith.bitcast(ir.F64Type.get(), bits), num.int_to_float(bits))
    if want is T.BOOL:
        return _code_is(code, tc.BOOL), arith.cmpi(arith.CmpIPredicate.ne, bits, _i64(0))
    if want is T.NONE:
        return _code_is(code, tc.NONE), _i32(0)
    wanted = rep.type_code(want)
    if wanted is None:
        raise NotImplementedError(f"unbox to {want.value}")
    return _code_is(code, wanted), ref


@rule(d.DYN_OF)
def lower_dyn_of(ctx, op, operands):
    return dyn_parts_of(ctx.operand_type(op, 0), operands[0])


@rule(d.DYN_UNBOX)
def lower_dyn_unbox(ctx, op, operands):
    code, bits, ref = operands
    want = ctx.result_type(op, 1)
    ok, value = value_of_parts(want, code, bits, ref)
    if "unchecked" in op.attributes:  # the caller tested the type
        return [_i32(0), value]
    template = ir.StringAttr(op.attributes["message"]).value
    branch = scf.IfOp(ok, [ir.IntegerType.get_signless(32)], has_else=True)
    with ir.InsertionPoint(branch.then_block):
        scf.YieldOp([_i32(0)])
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp([raise_with_args(ctx, "TypeError", template, "types", [(code, bits, ref)])])
    return [branch.results[0], value]


@rule(d.DYN_IS)
def lower_dyn_is(ctx, op, operands):
    """Identity: the same type and payload (None, True and False are
    singletons; equal ints or floats count as the same object) and, for
    heap values, the same reference."""
    ca, ba, ra, cb, bb, rb = operands
    eq = arith.CmpIPredicate.eq
    same_ref = util.CmpEQOp(ra, rb).result
    return [arith.andi(arith.andi(arith.cmpi(eq, ca, cb), arith.cmpi(eq, ba, bb)), same_ref)]


@rule(d.RECORD_OF)
def lower_record_of(ctx, op, operands):
    ctx.support.add("records")
    return [func.CallOp([list_type()], "pydm$record_of", list(operands)).results[0]]


@rule(d.RECORD_SPLIT)
def lower_record_split(ctx, op, operands):
    ctx.support.add("records")
    i64 = ir.IntegerType.get_signless(64)
    return list(func.CallOp([i64, i64, list_type()], "pydm$record_split", list(operands)).results)


# ---- exception objects -----------------------------------------------------------------
def raise_with_args(ctx, cls: str, template: str, fmt: str, parts) -> ir.Value:
    """The i32 code of raising ``cls(template formatted with args)``: a support
    function stores the exception object [class, site, args tuple] in the
    context's exception slot, where the runtime reads the args (``support.py``).
    ``parts``: each arg as (code, bits, ref)."""
    from .support import raise_function
    ctx.support.add(f"raise{len(parts)}")
    site = ctx.raise_code(cls, template, fmt)
    operands = [_i64(ctx.sites.classes.code(cls)), _i32(site)] + [v for p in parts for v in p]
    return func.CallOp([ir.IntegerType.get_signless(32)], raise_function(len(parts)), operands).results[0]


@rule(d.RAISE)
def lower_raise(ctx, op, operands):
    cls = ir.StringAttr(op.attributes["cls"]).value
    message = ir.StringAttr(op.attributes["message"]).value
    if not operands:
        fmt = ir.StringAttr(op.attributes["fmt"]).value if "fmt" in op.attributes else ""
        return [_i32(ctx.raise_code(cls, message, fmt))]
    fmt = ir.StringAttr(op.attributes["fmt"]).value
    # split-objects records how many values each arg became (3 for a dynamic value)
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["arg_parts"])) if "arg_parts" in op.attributes \
        else [1] * len(operands)
    parts, i = [], 0
    for size in sizes:
        if size == 3:
            parts.append(tuple(operands[i:i + 3]))
        elif size == 2:  # an object<scalar>: no heap ref
            parts.append((operands[i], operands[i + 1], null()))
        else:
            parts.append(tuple(dyn_parts_of(ctx.operand_type(op, i), operands[i])))
        i += size
    return [raise_with_args(ctx, cls, message, fmt, parts)]


@rule(d.KEPT_GET)
def lower_kept_get(ctx, op, operands):
    """A kept constant: its global, present when not null."""
    name = ctx.ref_global(("kept", ir.StringAttr(op.attributes["name"]).value))
    kept = util.GlobalLoadOp(list_type(), name).result
    present = util.CmpNEOp(kept, util.NullOp(list_type()).result).result
    return [present, kept]


@rule(d.KEPT_SET)
def lower_kept_set(ctx, op, operands):
    util.GlobalStoreOp(operands[0], ctx.ref_global(("kept", ir.StringAttr(op.attributes["name"]).value)))
    return []
