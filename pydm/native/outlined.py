"""Outlined loops after lowering (issue 12; which loops: ``outline.py``): each
synthetic ``__pydm_loop_<line>`` function's native module, whose ``@run``
returns the site code and each live-out's bits from one dispatch, and the VM
function that calls it and rebuilds the live-outs' tuple."""
from __future__ import annotations

import re

from .body import convert_all, copy_as_body, from_bits, rewrite_body, swap_function, to_bits
from .build import compile_native, last_compile
from .eligibility import SCALARS, NotNative, check, find_function, location_text, signature, walk_ops
from .outline import Plan


def _const_int(value) -> int | None:
    """The integer ``value`` always holds (a constant, or a sum or product of
    constants: how the lowering computes a tuple's slots), or None."""
    from iree.compiler import ir
    op = value.owner
    op = getattr(op, "operation", op)
    name = getattr(op, "name", "")
    if name == "arith.constant":
        return ir.IntegerAttr(op.attributes["value"]).value
    if name in ("arith.addi", "arith.muli"):
        a, b = _const_int(op.operands[0]), _const_int(op.operands[1])
        if a is None or b is None:
            return None
        return a + b if name == "arith.addi" else a * b
    return None


def _split_tuple_result(fop) -> list[tuple]:
    """The copied body's ``(code, tuple)`` result as ``(code, bits...)``: each
    ``return`` of a tuple built in place (``util.list.create`` and one
    ``util.list.set`` per tag and value) returns the values' bits instead, an
    exceptional return (a null tuple) zeros. Returns the elements' (tag,
    tag type, value type) for the VM side to build the same tuple."""
    from iree.compiler import ir
    i64 = ir.IntegerType.get_signless(64)
    i32 = ir.IntegerType.get_signless(32)
    returns = [op for op in walk_ops(fop.operation, []) if op.name == "func.return"]
    layout, plans = None, []
    for ret in returns:
        code, tup = ret.operands[0], ret.operands[1]
        maker = tup.owner.operation if hasattr(tup.owner, "operation") else tup.owner
        if getattr(maker, "name", "") == "util.null":
            plans.append((ret, code, None))
            continue
        if getattr(maker, "name", "") != "util.list.create":
            raise NotNative("the loop's result tuple is not built where it returns", location_text(ret))
        sets = {}
        for use in tup.uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            if user.name == "util.list.set":
                k = _const_int(user.operands[1])
                if k is None:
                    raise NotNative("a tuple element at a computed index", location_text(user))
                sets[k] = user
            elif user.name not in ("util.list.resize", "func.return"):
                raise NotNative(f"the result tuple is used by {user.name}", location_text(user))
        n = len(sets) // 2
        if n == 0 or sorted(sets) != list(range(2 * n)):
            raise NotNative("the result tuple's layout is not (tag, value) pairs", location_text(ret))
        elems = []
        for k in range(n):
            tag = _const_int(sets[2 * k].operands[2])
            if tag is None:
                raise NotNative("a tuple element of a computed type", location_text(ret))
            elems.append((tag, str(sets[2 * k].operands[2].type), str(sets[2 * k + 1].operands[2].type)))
        if layout is not None and layout != elems:
            raise NotNative("the loop's result tuple differs between returns", location_text(ret))
        layout = elems
        plans.append((ret, code, [sets[2 * k + 1].operands[2] for k in range(n)], sets, maker))
    if layout is None:
        raise NotNative("the loop never returns normally", location_text(fop))
    for plan in plans:
        ret, code = plan[0], plan[1]
        with ir.InsertionPoint(ret), ret.location:
            from iree.compiler.dialects import arith, func
            if plan[2] is None:
                values = [arith.constant(i64, 0) for _ in layout]
            else:
                values = []
                for v, (_, _, vt) in zip(plan[2], layout):
                    if vt == "f64":
                        v = arith.bitcast(i64, v)
                    elif vt == "i1":
                        v = arith.extui(i64, v)
                    elif vt != "i64":
                        raise NotNative(f"a tuple element of type {vt}", location_text(ret))
                    values.append(v)
            func.ReturnOp([code] + values)
        ret.erase()
        if plan[2] is not None:
            for s in plan[3].values():
                s.erase()
            for use in list(plan[4].results[0].uses):
                user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
                user.erase()
            plan[4].erase()
    for op in walk_ops(fop.operation, []):  # the nulls of the exceptional returns
        if op.name == "util.null" and not list(op.results[0].uses):
            op.erase()
    inputs, _ = signature(fop)
    fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
        [ir.Type.parse(t) for t in inputs], [i32] + [i64] * len(layout)))
    return layout


def _drop_origin(fop) -> None:
    """A non-entry function's exception exit keeps the first failing call's
    site in ``@pydm$origin`` (a runtime-library callee's error at the user's
    line). Native code has no calls, so the origin is never set there: each
    load reads as 0 (its stores are dropped with the other globals')."""
    from iree.compiler import ir
    from iree.compiler.dialects import arith
    from ..lowering.driver import ORIGIN_GLOBAL
    from ..lowering.support import POLL_BUDGET_GLOBAL
    for op in walk_ops(fop.operation, []):
        if op.name != "util.global.load":
            continue
        target = ir.FlatSymbolRefAttr(op.attributes["global"]).value
        if target == ORIGIN_GLOBAL:
            with ir.InsertionPoint(op), op.location:
                op.results[0].replace_all_uses_with(arith.constant(op.results[0].type, 0))
            op.erase()
        elif target != POLL_BUDGET_GLOBAL:
            raise NotNative(f"the global {target}", location_text(op))


def outlined_text(mod, symbol: str) -> tuple[str, str, list]:
    """(module name, text, tuple layout) of the native module for the
    synthetic function ``symbol``: ``@body`` returns (site code, each
    live-out's bits), ``@run`` returns them from one dispatch as
    ``tensor<(1+N)xi64>``."""
    import hashlib
    fop = find_function(mod, symbol)
    inputs, _ = signature(fop)
    for t in inputs:
        if t not in SCALARS:
            raise NotNative(f"a live-in of type {t} is not an int, float or bool", location_text(fop))
    holder, copy = copy_as_body(fop)
    layout = _split_tuple_result(copy)
    _drop_origin(copy)
    rewrite_body(copy)
    try:
        check(holder, "body")
    except NotNative as why:
        if str(why) != "the result is not an int, float or bool":  # N results: checked above
            raise
    n = 1 + len(layout)
    body = copy.get_asm(enable_debug_info=True, print_generic_op_form=False)
    i64s = ", ".join(["i64"] * n)
    lines = [f"  func.func @run({', '.join(f'%a{i}: i64' for i in range(len(inputs)))}) -> ({i64s}) {{",
             f"    %t = flow.dispatch.region -> (tensor<{n}xi64>) {{"]
    vals = convert_all(from_bits, "%a", "%x", inputs, lines, "      ")
    lines.append(f"      %r:{n} = scf.execute_region -> (i32, {', '.join(['i64'] * (n - 1))}) {{")
    lines.append(f"        %c:{n} = func.call @body({', '.join(vals)}) : ({', '.join(inputs)}) -> "
                 f"(i32, {', '.join(['i64'] * (n - 1))})")
    lines.append(f"        scf.yield {', '.join(f'%c#{k}' for k in range(n))} : i32, {', '.join(['i64'] * (n - 1))}")
    lines.append("      }")
    lines.append("      %e0 = arith.extsi %r#0 : i32 to i64")
    elems = ["%e0"] + [f"%r#{k}" for k in range(1, n)]
    lines.append(f"      %tt = tensor.from_elements {', '.join(elems)} : tensor<{n}xi64>")
    lines.append(f"      flow.return %tt : tensor<{n}xi64>")
    lines.append("    }")
    outs = []
    for k in range(n):
        lines.append(f"    %i{k} = arith.constant {k} : index")
        lines.append(f"    %v{k} = tensor.extract %t[%i{k}] : tensor<{n}xi64>")
        outs.append(f"%v{k}")
    lines.append(f"    return {', '.join(outs)} : {i64s}")
    lines.append("  }")
    inner = body + "\n" + "\n".join(lines)
    name = f"pydm_native_{hashlib.sha256(inner.encode()).hexdigest()[:16]}"
    return name, f"module @{name} {{\n{inner}\n}}\n", layout


def replace_outlined(mod, symbol: str, native_name: str, layout: list) -> None:
    """The VM function ``symbol`` as a call of ``@<native_name>.run`` that
    returns the site code of a raise as the VM function did, else the
    live-outs' tuple built as the lowered function built it."""
    from iree.compiler import ir
    fop = find_function(mod, symbol)
    inputs, results = signature(fop)
    n = 1 + len(layout)
    i64s = ", ".join(["i64"] * n)
    ins = ", ".join(["i64"] * len(inputs))
    text = [f"func.func private @{native_name}.run({ins}) -> ({i64s})"]
    params = ", ".join(f"%p{i}: {t}" for i, t in enumerate(inputs))
    text.append(f"func.func @{symbol}({params}) -> ({', '.join(results)}) {{")
    args = convert_all(to_bits, "%p", "%q", inputs, text, "  ")
    text.append(f"  %r:{n} = call @{native_name}.run({', '.join(args)}) : ({ins}) -> ({i64s})")
    text.append("  %code = arith.trunci %r#0 : i64 to i32")
    text.append("  %zero = arith.constant 0 : i32")
    text.append("  %ok = arith.cmpi eq, %code, %zero : i32")
    text.append("  cf.cond_br %ok, ^done, ^failed")
    # as the VM function it replaces (a callee, never an entry): the raw site
    # code, which its caller's exception exit stores and maps to a class
    text.append("^failed:")
    text.append(f"  %null = util.null : {results[1]}")
    text.append(f"  return %code, %null : i32, {results[1]}")
    text.append("^done:")
    text.append(f"  %size = arith.constant {2 * len(layout)} : index")
    text.append(f"  %l = util.list.create %size : {results[1]}")
    text.append(f"  util.list.resize %l, %size : {results[1]}")
    for k, (tag, tag_type, value_type) in enumerate(layout):
        text.append(f"  %ti{k} = arith.constant {2 * k} : index")
        text.append(f"  %vi{k} = arith.constant {2 * k + 1} : index")
        text.append(f"  %tag{k} = arith.constant {tag} : {tag_type}")
        text.append(f"  util.list.set %l[%ti{k}], %tag{k} : {tag_type} -> {results[1]}")
        code, value = from_bits(f"%r#{k + 1}", value_type, f"%val{k}")
        text += ["  " + c for c in code]
        text.append(f"  util.list.set %l[%vi{k}], {value} : {value_type} -> {results[1]}")
    text.append(f"  return %code, %l : i32, {results[1]}")
    text.append("}")
    swap_function(mod, fop, text, native_name)


def _note_order(note: str) -> tuple:
    """The function's own loops first, then each callee's, by line."""
    m = re.match(r"(in \S+: )?loop at line (\d+)", note)
    return (1, m.group(1) or "", int(m.group(2))) if m else (2, note, 0)


class _Notes:
    """Appends a note (with a prefix) to several functions' lists at once."""

    def __init__(self, lists: list, prefix: str):
        self.lists, self.prefix = lists, prefix

    def append(self, note: str) -> None:
        for where in self.lists:
            where.append(self.prefix + note)


def go_native(mod, plan: Plan, program, options: dict, stages, embed: bool = False) -> tuple[list, dict]:
    """Each outlined loop's synthetic function compiled native and replaced
    by its call: (the native vmfbs, per Python function: notes, and how many
    of its loops went native). ``embed`` (ahead of time): each native module
    is moved into ``mod`` (``pydm/native/embed.py``); the list holds their
    hal-phase IR then."""
    from . import embed as embedder
    from ..backend.driver import BackendError
    out, notes, count = [], {k: list(v) for k, v in plan.notes.items()}, {}
    names = [fn.name for fn, _ in plan.entries]
    for lp, spec in plan.specs(program):
        owners = [lp.function] if lp.function in names else names
        prefix = "" if lp.function in names else f"in {lp.function}: "
        where = _Notes([notes.setdefault(owner, []) for owner in owners], prefix)
        try:
            name, text, layout = outlined_text(mod, spec.symbol)
            data = compile_native(text, embedder.HAL_PHASE if embed else None)
        except NotNative as why:
            where.append(f"loop at line {lp.line}: VM, outlined as {lp.name} ({why})")
            continue
        except BackendError as failed:
            if options.get(lp.function):
                raise
            where.append(f"loop at line {lp.line}: VM, outlined as {lp.name} "
                         f"(the native compile failed: {str(failed)[:200]})")
            continue
        replace_outlined(mod, spec.symbol, name, layout)
        if embed:  # one loop per module: its one call is in place
            embedder.embed(mod, name, data)
        out.append(data)
        for owner in owners:
            count[owner] = count.get(owner, 0) + 1
        how = "cached" if last_compile.get("cached") else "compiled"
        where.append(f"loop at line {lp.line}: native ({lp.name}, live-ins {', '.join(lp.ins) or '-'}; "
                     f"live-outs {', '.join(lp.outs) or '-'}"
                     f"{'; returns from inside' if lp.returns else ''}; {name}, {how} in "
                     f"{last_compile.get('seconds', 0.0):.3f} s)")
        if stages is not None:
            stages["native"] = stages.get("native", "") + text
    for where in notes.values():
        where.sort(key=_note_order)
    return out, {"notes": notes, "count": count}
