"""Lowering rules for what compiled code asks of the Python host
(``pydm_host``, pydm/runtime/host.py): ``print``.

The host's functions are optional imports with a local fallback
(``support.py``), so a ``.vmfb`` also loads in any IREE host; there,
``print`` writes nothing.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, func

from .. import dialect as d
from .. import typecodes as tc
from .driver import rule
from .rules_object import list_type
from .support import PRINT_IMPORT


@rule(d.HOST_PRINT)
def lower_host_print(ctx, op, operands):
    """The tuple ``(args, sep, end, flush)`` as a seed-002 record, handed to
    the host (which converts it as it converts a call's result). A failing
    host ``print`` fails the whole call; the caller re-raises its exception."""
    ctx.support.update(("records", "print"))
    i64 = ir.IntegerType.get_signless(64)
    code, bits = arith.constant(i64, tc.TUPLE), arith.constant(i64, 0)
    record = func.CallOp([list_type()], "pydm$record_of", [code, bits, operands[0]]).results[0]
    func.CallOp([ir.IntegerType.get_signless(32)], PRINT_IMPORT, [record])
    return []
