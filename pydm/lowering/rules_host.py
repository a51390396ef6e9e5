"""Lowering rules for what compiled code asks of the Python host
(``pydm_host``, pydm/runtime/host.py): ``print``, and the str that
``str()``, ``repr()``, ``format()`` and f-strings make.

The host's functions are optional imports with a local fallback
(``support.py``), so a ``.vmfb`` also loads in any IREE host; there,
``print`` writes nothing and formatting fails the call (NotImplementedError).
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, func, scf, util

from .. import dialect as d
from .. import typecodes as tc
from .driver import rule
from .rules_object import list_type
from . import numeric as num
from .support import FLOAT_IMPORT, FORMAT_IMPORT, LIBM_IMPORT, PRINT_IMPORT


def _tuple_record(t):
    """A tuple (inside layout) as the seed-002 record the host reads."""
    i64 = ir.IntegerType.get_signless(64)
    code, bits = arith.constant(i64, tc.TUPLE), arith.constant(i64, 0)
    return func.CallOp([list_type()], "pydm$record_of", [code, bits, t]).results[0]


@rule(d.HOST_PRINT)
def lower_host_print(ctx, op, operands):
    """The tuple ``(args, sep, end, flush)`` as a seed-002 record, handed to
    the host (which converts it as it converts a call's result). A failing
    host ``print`` fails the whole call; the caller re-raises its exception."""
    ctx.support.update(("records", "print"))
    func.CallOp([ir.IntegerType.get_signless(32)], PRINT_IMPORT, [_tuple_record(operands[0])])
    return []


@rule(d.HOST_FORMAT)
def lower_host_format(ctx, op, operands):
    """The pieces as a seed-002 record to the host, whose answer is a str's
    record ``[4, the str]``: its slot 1 is the str itself."""
    ctx.support.update(("records", "format"))
    answer = func.CallOp([list_type()], FORMAT_IMPORT, [_tuple_record(operands[0])]).results[0]
    one = arith.constant(ir.IndexType.get(), 1)
    return [util.ListGetOp(list_type(), answer, one).result]


@rule(d.LIBM)
def lower_libm(ctx, op, operands):
    """A VM op calling the C library; a function no VM op computes: the
    host's ``math`` function by its code (NaN for CPython's ValueError,
    infinity for its OverflowError: the runtime library raises them)."""
    fn = ir.StringAttr(op.attributes["fn"]).value
    if fn not in d.HOST_LIBM:
        return [num.float_libm(fn, operands)]
    ctx.support.add("libm")
    code = arith.constant(ir.IntegerType.get_signless(64), d.HOST_LIBM.index(fn))
    return [func.CallOp([ir.F64Type.get()], LIBM_IMPORT, [code, operands[0]]).results[0]]


@rule(d.HOST_FLOAT)
def lower_host_float(ctx, op, operands):
    """The str's record ``[4, the str]`` to the host, whose answer is a
    float's record ``[3, the float]``: its slot 1 is the f64."""
    ctx.support.update(("records", "float"))
    i64 = ir.IntegerType.get_signless(64)
    code, bits = arith.constant(i64, tc.STR), arith.constant(i64, 0)
    record = func.CallOp([list_type()], "pydm$record_of", [code, bits, operands[0]]).results[0]
    answer = func.CallOp([list_type()], FLOAT_IMPORT, [record]).results[0]
    one = arith.constant(ir.IndexType.get(), 1)
    return [util.ListGetOp(ir.F64Type.get(), answer, one).result]


@rule(d.HOST_CALL)
def lower_host_call(ctx, op, operands):
    """A ``@pydm.host`` function: the args tuple's record to its import
    ``pydm_user.NAME``, whose answer is ``[code, records, token]`` (and the
    write-back pairs of what it changed, copied in first): code 0,
    the records of the result's 1-tuple; code HOST_ABSENT, the optional
    import's fallback ran; a class's code (< 0), the host function raised:
    the records are its args and the token (< 0) the raise site of the
    exception object stored here, by which the host finds the original."""
    from .rules_exception import make_object
    from .support import EXCEPTION_GLOBAL, HOST_ABSENT, SITE_GLOBAL, USER_MODULE
    name = ir.StringAttr(op.attributes["name"]).value
    optional = "optional" in op.attributes
    ctx.support.update(("records", "exception", "site", f"host:{name}" + (":optional" if optional else "")))
    i32, i64 = ir.IntegerType.get_signless(32), ir.IntegerType.get_signless(64)
    index = ir.IndexType.get()
    answer = func.CallOp([list_type()], f"{USER_MODULE}.{name}", [_tuple_record(operands[0])]).results[0]
    # first the host's changes to the lists, dicts and sets it was passed (also when it raised)
    has_changes = arith.cmpi(arith.CmpIPredicate.ugt, util.ListSizeOp(answer).result, arith.constant(index, 3))
    changes = scf.IfOp(has_changes, [], has_else=False)
    with ir.InsertionPoint(changes.then_block):
        func.CallOp([], "pydm$write_back", [util.ListGetOp(list_type(), answer, arith.constant(index, 3)).result])
        scf.YieldOp([])
    code = util.ListGetOp(i32, answer, arith.constant(index, 0)).result
    items = util.ListGetOp(list_type(), answer, arith.constant(index, 1)).result
    values = func.CallOp([list_type()], "pydm$records_to_tuple", [items]).results[0]
    zero = arith.constant(i32, 0)
    raised = arith.cmpi(arith.CmpIPredicate.slt, code, zero)
    branch = scf.IfOp(raised, [], has_else=False)
    with ir.InsertionPoint(branch.then_block):
        token = util.ListGetOp(i64, answer, arith.constant(index, 2)).result
        util.GlobalStoreOp(make_object(arith.extsi(i64, code), token, values), EXCEPTION_GLOBAL)
        util.GlobalStoreOp(zero, SITE_GLOBAL)
        scf.YieldOp([])
    present = arith.cmpi(arith.CmpIPredicate.ne, code, arith.constant(i32, HOST_ABSENT))
    return [arith.select(raised, code, zero), present, values]


#: how a scalar crosses to a typed host import: its cconv letter
_LETTER = {"integer": "I", "bool": "I", "none": "I", "real": "F"}


@rule(d.HOST_CALL_TYPED)
def lower_host_call_typed(ctx, op, operands):
    """A scalar-only call of a ``@pydm.host`` function: each argument as
    itself (a bool or None widened to i64), the results ``(code, token,
    value)``. Where the function raised (code < 0), its args come from the
    host's ``$args`` by the token, and the exception object is stored as
    ``host_call`` stores it."""
    from .rules_exception import make_object
    from .support import EXCEPTION_GLOBAL, HOST_ABSENT, HOST_ARGS, SITE_GLOBAL, USER_MODULE
    name = ir.StringAttr(op.attributes["name"]).value
    optional = "optional" in op.attributes
    i32, i64, f64 = ir.IntegerType.get_signless(32), ir.IntegerType.get_signless(64), ir.F64Type.get()
    kinds = [ctx.operand_type(op, i).value for i in range(len(operands))]
    result = ctx.result_type(op, 2).value
    letters = "".join(_LETTER[k] for k in kinds)
    ctx.support.update(("records", "exception", "site",
                        f"typed:{name}:{letters}:{_LETTER[result]}" + (":optional" if optional else "")))
    args = []
    for kind, v in zip(kinds, operands):
        if kind == "bool":
            v = arith.extui(i64, v)
        elif kind == "none":
            v = arith.constant(i64, 0)
        args.append(v)
    out = f64 if result == "real" else i64
    code, token, value = func.CallOp([i64, i64, out], f"{USER_MODULE}.{name}$typed", args).results
    raised = arith.cmpi(arith.CmpIPredicate.slt, code, arith.constant(i64, 0))
    branch = scf.IfOp(raised, [], has_else=False)
    with ir.InsertionPoint(branch.then_block):
        items = func.CallOp([list_type()], HOST_ARGS, [token]).results[0]
        values = func.CallOp([list_type()], "pydm$records_to_tuple", [items]).results[0]
        util.GlobalStoreOp(make_object(code, token, values), EXCEPTION_GLOBAL)
        util.GlobalStoreOp(arith.constant(i32, 0), SITE_GLOBAL)
        scf.YieldOp([])
    present = arith.cmpi(arith.CmpIPredicate.ne, code, arith.constant(i64, HOST_ABSENT))
    exc = arith.trunci(i32, arith.select(raised, code, arith.constant(i64, 0)))
    if result == "bool":
        value = arith.cmpi(arith.CmpIPredicate.ne, value, arith.constant(i64, 0))
    elif result == "none":
        value = arith.constant(i32, 0)
    return [exc, present, value]
