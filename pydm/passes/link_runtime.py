"""Pass ``link-runtime``: dynamic ops become runtime-library calls.

After it runs, no iree_pydm operator op has an ``object`` operand: each
``apply_binary``/``apply_compare``/``apply_unary``/``as_bool``/``convert`` on
objects is a ``func.call @pydmrtl$<name>``, and those functions - with the
ones the importer already called by name (tuple operations) - are linked
into the module from ``runtime_lib/`` as private functions. A program
without dynamic values or tuple operations links nothing. A module marked
``pydm.library_import`` gets declarations instead (``pydm/library_module.py``:
the library is a VM module of its own, its functions VM imports), but for the
functions of scalars that call only such functions (``pow_mod``, ``hash_int``,
``floor_diff``...): those are linked, so a loop calling them can still go
native and pays no call into another module.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import func

from .. import dialect as d
from ..runtime_library import PREFIX, declare, function_type, link, scalar_closure
from ..types import PyType
from . import register

T = PyType

BINARY = {"add": "add", "sub": "sub", "mul": "mul", "truediv": "truediv", "floordiv": "floordiv",
          "mod": "mod", "pow": "power", "lshift": "lshift", "rshift": "rshift",
          "and": "bit_and", "or": "bit_or", "xor": "bit_xor"}
UNARY = {"neg": "neg", "pos": "pos", "invert": "invert", "abs": "absolute"}
CONVERT = {T.INT: "to_int", T.FLOAT: "to_float", T.BOOL: "truth"}


def _is_object(v) -> bool:
    """A dynamic value (``object`` or ``object<scalar>``)."""
    return d.type_name(v.type) in ("object", "object<scalar>")


def direct_calls(module: ir.Module) -> set[str]:
    """Library functions the program already calls by name (tuple operations)."""
    out = set()

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if op.name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            if callee.startswith(PREFIX):
                out.add(callee)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return out


def _is_object_type(t) -> bool:
    return d.type_name(t) in ("object", "object<scalar>")


@register("link-runtime")
def run(module: ir.Module) -> None:
    from ..library_module import IMPORT_ATTR
    importing = IMPORT_ATTR in module.operation.attributes
    # the linked functions may use operators on objects too: repeat until no
    # operator on objects is left and every called library function is linked
    # (or, importing, declared)
    while True:
        converted = _convert_dynamic_ops(module)
        before = _function_count(module)
        calls = direct_calls(module)
        if importing:  # the library is a VM module: its scalar helpers are still linked
            linked = {s for s in calls if scalar_closure(s)}
            declare(module, calls - linked)
            calls = linked
        link(module, calls)
        if not converted and _function_count(module) == before:
            return


def _function_count(module: ir.Module) -> int:
    """Functions with a body: linking a declared function (a tuple operation)
    replaces its declaration, so the declarations must not count."""
    return sum(1 for op in module.body.operations
               if op.operation.name == "func.func" and len(op.operation.regions[0].blocks))


def _convert_dynamic_ops(module: ir.Module) -> int:
    """Replace each operator on objects by a call of its library function."""
    targets = []

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if op.name in (d.APPLY_BINARY, d.APPLY_COMPARE, d.APPLY_UNARY, d.AS_BOOL, d.CONVERT) and any(
                _is_object(v) for v in op.operands):
            targets.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
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
        results = function_type(symbol).results
        with op.location, ir.InsertionPoint(op):
            # the library takes and returns ``object``: widen object<scalar> operands
            operands = [d.box(v) if d.type_name(v.type) == "object<scalar>" else v for v in op.operands]
            if name == d.APPLY_BINARY:  # the library's binary ops take ``inplace``
                operands.append(d.constant("inplace" in op.attributes, T.BOOL))
            call = func.CallOp(list(results), symbol, operands)
            value = call.results[1]
            wanted = op.results[-1].type
            if value.type != wanted:
                if d.type_name(wanted) == "object<scalar>" and d.type_name(value.type) == "object":
                    _, value = d.unbox(value, T.SCALAR_OBJECT, checked=False)  # numbers give numbers
                elif _is_object_type(wanted):  # e.g. truediv always returns a float: box it
                    value = d.box(value, d.py_type(wanted))
        if name == d.AS_BOOL:
            op.results[0].replace_all_uses_with(value)  # truth never raises
        else:
            op.results[0].replace_all_uses_with(call.results[0])
            op.results[1].replace_all_uses_with(value)
        op.erase()
    return len(targets)
