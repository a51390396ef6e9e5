"""Pass ``link-runtime``: dynamic ops become runtime-library calls.

After it runs, no iree_pydm operator op has an ``object`` operand: each
``apply_binary``/``apply_compare``/``apply_unary``/``as_bool``/``convert`` on
objects is a ``func.call @pydmrtl$<name>``, and those functions (from
``runtime_lib/``) are linked into the module as private functions. A program
without dynamic values links nothing.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import func

from .. import dialect as d
from ..runtime_library import PREFIX, function_type, link
from ..types import PyType
from . import register

T = PyType

BINARY = {"add": "add", "sub": "sub", "mul": "mul", "truediv": "truediv", "floordiv": "floordiv",
          "mod": "mod", "pow": "power", "lshift": "lshift", "rshift": "rshift",
          "and": "bit_and", "or": "bit_or", "xor": "bit_xor"}
UNARY = {"neg": "neg", "pos": "pos", "invert": "invert", "abs": "absolute"}
CONVERT = {T.INT: "to_int", T.FLOAT: "to_float", T.BOOL: "truth"}


def _is_object(v) -> bool:
    return d.type_name(v.type) == "object"


@register("link-runtime")
def run(module: ir.Module) -> None:
    targets = []

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if op.name in (d.APPLY_BINARY, d.APPLY_COMPARE, d.APPLY_UNARY, d.AS_BOOL, d.CONVERT) and any(
                _is_object(v) for v in op.operands):
            targets.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    used = set()
    for op in targets:
        name = op.name
        if name == d.AS_BOOL:
            callee = "truth"
        elif name == d.CONVERT:
            callee = CONVERT[d.py_type(op.results[1].type)]
        else:
            dunder = ir.StringAttr(op.attributes["dunder_name"]).value
            callee = {d.APPLY_BINARY: BINARY, d.APPLY_UNARY: UNARY}.get(name, {}).get(dunder, dunder)
        symbol = PREFIX + callee
        used.add(symbol)
        results = function_type(symbol).results
        with op.location, ir.InsertionPoint(op):
            operands = list(op.operands)
            if name == d.APPLY_BINARY:  # the library's binary ops take ``inplace``
                operands.append(d.constant("inplace" in op.attributes, T.BOOL))
            call = func.CallOp(list(results), symbol, operands)
            value = call.results[1]
            wanted = op.results[-1].type
            if value.type != wanted:  # e.g. truediv always returns a float: box it
                value = d.box(value) if d.type_name(wanted) == "object" else value
        if name == d.AS_BOOL:
            op.results[0].replace_all_uses_with(value)  # truth never raises
        else:
            op.results[0].replace_all_uses_with(call.results[0])
            op.results[1].replace_all_uses_with(value)
        op.erase()
    link(module, used)
