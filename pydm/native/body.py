"""The native module's text: a checked function's lowered body (and its
callees') as ``@body``, wrapped by ``@run`` in one ``flow.dispatch.region``;
and the VM function that calls it (:func:`replace_with_call`)."""
from __future__ import annotations

import hashlib

from iree.compiler import ir

from .eligibility import find_function, has_symbol, signature, walk_ops

def _has_traces(fop) -> bool:
    """Does the lowered function push the lines of calls onto the trace
    (``pydm$trace``: a callee expanded in place that can raise)?"""
    from ..lowering.rules_scalar import TRACE_MARK
    return any(TRACE_MARK in op.attributes for op in walk_ops(fop.operation, []))


def _drop_traces(fop) -> None:
    """Erase the trace pushes of the copied body (the ``scf.if`` of each, then
    the values it read, once unused)."""
    from ..lowering.rules_scalar import TRACE_MARK
    marked = [op for op in walk_ops(fop.operation, []) if TRACE_MARK in op.attributes]
    pushes = [op for op in marked if op.name == "scf.if"]
    reads = [op for op in marked if op.name != "scf.if"]
    for op in pushes:
        op.erase()
    for op in reversed(reads):
        if all(not list(r.uses) for r in op.results):
            op.erase()


def rewrite_body(fop) -> None:
    """The copied body in place: raw site codes out, no poll (the calls'
    poll budget reads as full: a callee pydm inlined left its tick), arith casts."""
    from ..lowering.support import CLASS_OF_SITE, POLL_IMPORT
    from iree.compiler.dialects import arith, math
    i32 = ir.IntegerType.get_signless(32)
    f64 = ir.F64Type.get()
    i64 = ir.IntegerType.get_signless(64)
    _drop_traces(fop)
    for op in walk_ops(fop.operation, []):
        name = op.name
        if name == "util.global.store":
            op.erase()
            continue
        with ir.InsertionPoint(op), op.location:
            if name == "util.global.load":  # the poll budget
                op.results[0].replace_all_uses_with(arith.constant(i64, 1 << 16))
                op.erase()
            elif name == "func.call":
                callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
                if callee == CLASS_OF_SITE:
                    op.results[0].replace_all_uses_with(op.operands[0])
                elif callee == POLL_IMPORT:
                    op.results[0].replace_all_uses_with(arith.constant(i32, 0))
                else:
                    continue  # a callee copied into the native module
                op.erase()
            elif name == "vm.cast.si64.f64":
                op.results[0].replace_all_uses_with(arith.sitofp(f64, op.operands[0]))
                op.erase()
            elif name == "vm.cast.f64.si64":  # ties away from zero, as the VM's cast
                op.results[0].replace_all_uses_with(arith.fptosi(i64, math.round(op.operands[0])))
                op.erase()


def to_bits(value: str, t: str, name: str) -> tuple[list[str], str]:
    """(lines, value): the i64 a scalar crosses as (a float's bits, a bool as 0/1)."""
    op = {"f64": "arith.bitcast", "i1": "arith.extui"}.get(t)
    return ([f"{name} = {op} {value} : {t} to i64"], name) if op else ([], value)


def from_bits(value: str, t: str, name: str) -> tuple[list[str], str]:
    """(lines, value): the scalar of type ``t`` an i64 from ``to_bits`` stands for."""
    op = {"f64": "arith.bitcast", "i1": "arith.trunci"}.get(t)
    return ([f"{name} = {op} {value} : i64 to {t}"], name) if op else ([], value)


def _copy_into(holder: ir.Module, fop, name: str):
    """``fop`` copied into ``holder`` as the private function ``name``,
    without its export reflection and Python name."""
    copy = fop.operation.clone(ip=ir.InsertionPoint(holder.body))
    copy.attributes["sym_name"] = ir.StringAttr.get(name)
    copy.attributes["sym_visibility"] = ir.StringAttr.get("private")
    for key in ("iree.reflection", "pydm.name"):
        if key in copy.attributes:
            del copy.attributes[key]
    return copy


def copy_as_body(fop) -> tuple:
    """(holder module, copy): ``fop`` copied into a module of its own as the
    private ``@body`` (an outlined loop's native module, native/outline.py)."""
    holder = ir.Module.create()
    return holder, _copy_into(holder, fop, "body")


def _body_copies(mod: ir.Module, symbols: list[str], names: list[str]) -> str:
    """The text of the lowered functions ``symbols`` as private functions
    ``names`` of the native module (:func:`rewrite_body`), in one holder
    module (a call's callee is there: the printer's verifier is satisfied)."""
    holder = ir.Module.create()
    copies = []
    for symbol, name in zip(symbols, names):
        copy = _copy_into(holder, find_function(mod, symbol), name)
        rewrite_body(copy)
        copies.append(copy)
    return "\n".join(c.get_asm(enable_debug_info=True, print_generic_op_form=False) for c in copies)


def native_text(mod: ir.Module, symbol: str, called: list[str] = ()) -> tuple[str, str]:
    """(module name, text) of the native module for the checked ``symbol``;
    ``called``: the functions it calls (:func:`callees`), copied in under
    their own names (the ``inline`` pass of :func:`compile_native` expands
    them into the dispatch)."""
    fop = find_function(mod, symbol)
    inputs, results = signature(fop)
    body = _body_copies(mod, [symbol, *called], ["body", *called])
    ret = results[1]
    lines = []
    args = ", ".join(f"%a{i}: i64" for i in range(len(inputs)))
    lines.append(f"  func.func @run({args}) -> (i64, i64) {{")
    lines.append("    %t = flow.dispatch.region -> (tensor<2xi64>) {")
    vals = []
    for i, t in enumerate(inputs):
        code, value = from_bits(f"%a{i}", t, f"%x{i}")
        lines += ["      " + c for c in code]
        vals.append(value)
    sig = f"({', '.join(inputs)}) -> (i32, {ret})"
    lines.append(f"      %r:2 = scf.execute_region -> (i32, {ret}) {{")
    lines.append(f"        %c:2 = func.call @body({', '.join(vals)}) : {sig}")
    lines.append(f"        scf.yield %c#0, %c#1 : i32, {ret}")
    lines.append("      }")
    lines.append("      %e0 = arith.extsi %r#0 : i32 to i64")
    code, e1 = to_bits("%r#1", ret, "%e1")
    lines += ["      " + c for c in code]
    lines.append(f"      %tt = tensor.from_elements %e0, {e1} : tensor<2xi64>")
    lines.append("      flow.return %tt : tensor<2xi64>")
    lines.append("    }")
    lines.append("    %i0 = arith.constant 0 : index")
    lines.append("    %i1 = arith.constant 1 : index")
    lines.append("    %v0 = tensor.extract %t[%i0] : tensor<2xi64>")
    lines.append("    %v1 = tensor.extract %t[%i1] : tensor<2xi64>")
    lines.append("    return %v0, %v1 : i64, i64")
    lines.append("  }")
    inner = body + "\n" + "\n".join(lines)
    digest = hashlib.sha256(inner.encode()).hexdigest()[:16]
    name = f"pydm_native_{digest}"
    return name, f"module @{name} {{\n{inner}\n}}\n"


def replace_with_call(mod: ir.Module, symbol: str, native_name: str) -> None:
    """The VM function ``symbol`` (same name, signature and attributes) as a
    call of the native module's ``run`` and the VM path's exception exit."""
    from ..lowering.support import CLASS_OF_SITE, SITE_GLOBAL, TRACE_DEPTH_GLOBAL
    fop = find_function(mod, symbol)
    inputs, results = signature(fop)
    ret = results[1]
    raises = has_symbol(mod, CLASS_OF_SITE)
    # native code keeps no trace of the calls it expanded: an exception from
    # it shows only its raising line, as a re-raised one (README "Errors")
    untraced = raises and _has_traces(fop)
    text = [f"func.func private @{native_name}.run({', '.join(['i64'] * len(inputs))}) -> (i64, i64)"]
    if raises:
        text.append(f"func.func private @{CLASS_OF_SITE}(i32) -> i32")
        text.append(f"util.global private mutable @{SITE_GLOBAL} : i32")
    if untraced:
        text.append(f"util.global private mutable @{TRACE_DEPTH_GLOBAL} : i32")
    params = ", ".join(f"%p{i}: {t}" for i, t in enumerate(inputs))
    text.append(f"func.func @{symbol}({params}) -> (i32, {ret}) {{")
    args = convert_all(to_bits, "%p", "%q", inputs, text, "  ")
    text.append(f"  %r:2 = call @{native_name}.run({', '.join(args)}) : "
                f"({', '.join(['i64'] * len(inputs))}) -> (i64, i64)")
    text.append("  %code = arith.trunci %r#0 : i64 to i32")
    code, value = from_bits("%r#1", ret, "%value")
    text += ["  " + c for c in code]
    if raises:
        text.append("  %zero = arith.constant 0 : i32")
        if untraced:
            text.append("  %failed = arith.cmpi ne, %code, %zero : i32")
            text.append("  scf.if %failed {")
            text.append("    %unkept = arith.constant -1 : i32")
            text.append(f"    util.global.store %unkept, @{TRACE_DEPTH_GLOBAL} : i32")
            text.append("  }")
        text.append("  %site = arith.cmpi sgt, %code, %zero : i32")
        text.append("  %cls = scf.if %site -> (i32) {")
        text.append(f"    util.global.store %code, @{SITE_GLOBAL} : i32")
        text.append(f"    %k = func.call @{CLASS_OF_SITE}(%code) : (i32) -> i32")
        text.append("    scf.yield %k : i32")
        text.append("  } else {")
        text.append("    scf.yield %code : i32")
        text.append("  }")
        text.append(f"  return %cls, {value} : i32, {ret}")
    else:
        text.append(f"  return %code, {value} : i32, {ret}")
    text.append("}")
    swap_function(mod, fop, text, native_name)


def swap_function(mod: ir.Module, fop, text: list, native_name: str) -> None:
    """Replace the function ``fop`` by the last function of ``text`` (the
    same attributes: visibility, ``pydm.name``), and declare the import
    ``@<native_name>.run`` (the first op of ``text``) unless it is there
    (two functions of one body share it). Other declarations in ``text``
    only make it parse: ``mod`` has them."""
    parsed = ir.Module.parse("\n".join(text))  # kept alive while its ops are used
    ops = list(parsed.body.operations)
    new = ops[-1]
    for key in [a if isinstance(a, str) else a.name for a in fop.attributes]:
        if key not in ("sym_name", "function_type", "arg_attrs", "res_attrs"):
            new.attributes[key] = fop.attributes[key]
    new.operation.clone(ip=ir.InsertionPoint(fop))
    if not has_symbol(mod, f"{native_name}.run"):
        ops[0].operation.clone(ip=ir.InsertionPoint(mod.body))
    fop.operation.erase()


def convert_all(convert, source: str, target: str, types: list, lines: list, indent: str) -> list:
    """Each ``<source><i>`` of its type in ``types`` converted by ``convert``
    (``to_bits``/``from_bits``), the ops appended to ``lines``; the values."""
    values = []
    for i, t in enumerate(types):
        code, value = convert(f"{source}{i}", t, f"{target}{i}")
        lines += [indent + c for c in code]
        values.append(value)
    return values


