"""Lowering rules for what compiled code asks of the Python host
(``pydm_host``, pydm/runtime/host.py): ``print``, and the str that
``str()``, ``repr()``, ``format()`` and f-strings make.

The host's functions are optional imports with a local fallback
(``support.py``), so a ``.vmfb`` also loads in any IREE host; there,
``print`` writes nothing and formatting fails the call (NotImplementedError).
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, func, util

from .. import dialect as d
from .. import typecodes as tc
from .driver import rule
from .rules_object import list_type
from .support import FLOAT_IMPORT, FORMAT_IMPORT, PRINT_IMPORT


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
