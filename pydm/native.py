"""Native loops (issue 12): a scalar function compiled to an llvm-cpu dispatch.

The function is lowered by pydm's own rules (``pydm/lowering``) exactly as
for the VM; its lowered body is then checked (only scalar arith/cf/scf/math
ops, calls only of functions that qualify too, no cycle of calls:
:func:`callees`) and, when it qualifies, copied into a *native module*
with the bodies of the functions it calls (private functions under their
own names, expanded into the dispatch by the ``inline`` pass):

* ``@body``: the lowered function, its exception exit returning the raw
  raise-site code instead of storing it in ``@pydm$site`` (a dispatch has no
  globals), the loop's host poll dropped (a native loop cannot be
  interrupted), the VM-only casts rewritten to their arith forms;
* ``@run``: a public function taking every argument as an ``i64`` (a float's
  bits, a bool as 0/1) whose one ``flow.dispatch.region`` runs ``@body``
  (inlined into an ``scf.execute_region``: a multi-block body is accepted by
  llvm-cpu codegen) and returns ``tensor<2xi64>`` = (site code, result bits),
  read back with ``tensor.extract``.

The native module goes through IREE's standard pipeline for ``llvm-cpu``
(``NATIVE_FLAGS``) in a session of its own, cached on disk; the VM function
keeps its name and signature (an entry, or a function VM code calls) and becomes a call of the import
``@<native module>.run`` followed by the VM path's own exception exit
(``@pydm$site``, ``@pydm$class_of_site``), so the runtime raises the same
class, message and line as the VM path: a callee's raise site code travels
up its callers' exception exits unchanged (``@pydm$class_of_site`` is the
identity natively), so it names the callee's line.

Which functions go native under ``native=None``: :func:`cost_decision`.
"""
from __future__ import annotations

import hashlib
import os
import re
import threading
import time

from iree.compiler import ir

from .errors import CompileError

#: The standard pipeline's flags. ``x86-64-v2`` has no FMA instructions:
#: IREE marks every float multiply and add ``contract`` and, on a CPU with
#: FMA (``host``), LLVM fuses ``a * b + c`` into one ``vfmadd`` (rounded
#: once, unlike CPython); f64 must not be demoted to f32 (the default).
NATIVE_FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=x86-64-v2",
    "--iree-input-demote-f64-to-f32=false",
)

#: ops of a lowered body that compute the same natively (exact IEEE or integer
#: ops; math ops lowered to libm-like approximations are not among them)
_ALLOWED = {
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui",
    "arith.remsi", "arith.remui", "arith.floordivsi", "arith.ceildivsi", "arith.andi", "arith.ori",
    "arith.xori", "arith.shli", "arith.shrsi", "arith.shrui", "arith.maxsi", "arith.minsi",
    "arith.select", "arith.extsi", "arith.extui", "arith.trunci", "arith.cmpi", "arith.cmpf",
    "arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.negf", "arith.bitcast",
    "arith.sitofp", "arith.index_cast", "arith.index_castui",
    "math.absf", "math.floor", "math.ceil", "math.sqrt", "math.copysign", "math.roundeven",
    "math.ctlz", "math.absi",
    "cf.br", "cf.cond_br", "cf.switch", "scf.if", "scf.yield", "scf.for", "scf.while",
    "scf.condition", "scf.execute_region", "func.return", "util.optimization_barrier",
    "vm.cast.si64.f64", "vm.cast.f64.si64",
}
_SCALARS = ("i64", "f64", "i1")

_WHY = {
    "arith.remf": "float % and // (IEEE remainder differs natively)",
    "math.powf": "float ** (math.powf is approximated natively)",
}


class NotNative(Exception):
    """Why a function cannot go native: a message and the op's location."""

    def __init__(self, message: str, location: str = "", callee: bool = False):
        super().__init__(message)
        self.location = location
        #: the reason is a callee's ("it calls ..."), or a cycle of calls
        self.is_callee = callee
        self.is_cycle = message.startswith("a recursive call")


def _loc(op) -> str:
    try:
        return str(op.location)
    except Exception:  # noqa: BLE001 - a location is only for the message
        return ""


def line_of(location: str) -> int:
    m = re.search(r'loc\("[^"]+":(\d+):', location or "")
    return int(m.group(1)) if m else 0


def error_for(reason: NotNative, name: str, filename: str, line: int) -> CompileError:
    """The CompileError of a function forced native that cannot go native:
    at the offending op's line when its location names one."""
    m = re.search(r'loc\("([^"]+)":(\d+):(\d+)\)', reason.location or "")
    if m:
        filename, line, col = m.group(1), int(m.group(2)), int(m.group(3))
    else:
        col = 1
    import linecache
    return CompileError(f"'{name}' cannot run natively (native=True): {reason}", filename, line, col,
                        source_line=linecache.getline(filename, line),
                        hint="native code takes int/float/bool values, loops, and calls of functions "
                             "that can go native too (no recursion); use native=None to let pydm decide")


def _func(mod: ir.Module, symbol: str):
    for op in mod.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return op
    return None


def _has_symbol(mod: ir.Module, symbol: str) -> bool:
    for op in mod.body.operations:
        if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return True
    return False


def _walk(op, out, traces: bool = True):
    """The ops nested in ``op``, in order; ``traces=False``: without the ops
    of trace pushes (``TRACE_MARK``: native code keeps no trace)."""
    from .lowering.rules_scalar import TRACE_MARK
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                if not traces and TRACE_MARK in inner.operation.attributes:
                    continue
                out.append(inner.operation)
                _walk(inner.operation, out, traces)
    return out


def _has_traces(fop) -> bool:
    """Does the lowered function push the lines of calls onto the trace
    (``pydm$trace``: a callee expanded in place that can raise)?"""
    from .lowering.rules_scalar import TRACE_MARK
    return any(TRACE_MARK in op.attributes for op in _walk(fop.operation, []))


def _drop_traces(fop) -> None:
    """Erase the trace pushes of the copied body (the ``scf.if`` of each, then
    the values it read, once unused)."""
    from .lowering.rules_scalar import TRACE_MARK
    marked = [op for op in _walk(fop.operation, []) if TRACE_MARK in op.attributes]
    pushes = [op for op in marked if op.name == "scf.if"]
    reads = [op for op in marked if op.name != "scf.if"]
    for op in pushes:
        op.erase()
    for op in reversed(reads):
        if all(not list(r.uses) for r in op.results):
            op.erase()


def _signature(fop) -> tuple[list[str], list[str]]:
    ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
    return [str(t) for t in ftype.inputs], [str(t) for t in ftype.results]


def _check_body(mod: ir.Module, symbol: str) -> list:
    """Raise :class:`NotNative` unless the lowered ``symbol``'s own body can
    go native; its calls of other functions of the module (callee symbol,
    call op), in body order, are for :func:`check` to follow."""
    from .lowering.support import CLASS_OF_SITE, POLL_BUDGET_GLOBAL, POLL_IMPORT, SITE_GLOBAL
    fop = _func(mod, symbol)
    inputs, results = _signature(fop)
    for t in inputs:
        if t not in _SCALARS:
            raise NotNative(f"a parameter of type {t} is not an int, float or bool", _loc(fop))
    offenders = []  # (reason, op) in body order
    calls = []
    for op in _walk(fop.operation, [], traces=False):
        name = op.name
        if name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            if callee in (CLASS_OF_SITE, POLL_IMPORT):
                continue
            target = _func(mod, callee)
            if target is None or not target.regions[0].blocks:
                offenders.append((f"a call of {callee}, which is not compiled with it", op))
            else:
                calls.append((callee, op))
            continue
        if name in ("util.global.store", "util.global.load"):
            target = ir.FlatSymbolRefAttr(op.attributes["global"]).value
            if target == POLL_BUDGET_GLOBAL or (target == SITE_GLOBAL and name == "util.global.store"):
                continue
        if name not in _ALLOWED:
            offenders.append((_WHY.get(name, f"the operation {name}"), op))
            continue
        for r in op.results:
            if str(r.type).startswith("!"):
                offenders.append((f"a value of type {r.type}", op))
    if offenders:
        # the first one at a line of the body (helper ops carry the def's line)
        def_line = line_of(_loc(fop))
        reason, op = next(((w, o) for w, o in offenders if line_of(_loc(o)) > def_line), offenders[0])
        raise NotNative(reason, _loc(op))
    if len(results) != 2 or results[0] != "i32" or results[1] not in _SCALARS:
        raise NotNative("the result is not an int, float or bool", _loc(fop))
    return calls


def check(mod: ir.Module, symbol: str) -> list[str]:
    """Raise :class:`NotNative` unless the lowered ``symbol`` can go native
    with every function it calls, directly or not; returns those callees
    (their bodies go into the native module with it)."""
    return callees(mod, symbol)


_SCALAR_PYDM = ("!iree_pydm.integer", "!iree_pydm.real", "!iree_pydm.bool", "!iree_pydm.exception_result",
                "!iree_pydm.none", "i1", "i32", "i64", "f64", "index")


def first_construct(mod: ir.Module, symbol: str) -> str:
    """The location of the first construct in ``symbol``'s source-level IR
    (pydm's import, before its passes) that native code cannot take: a value
    of a type other than int/float/bool, or a call; "" if none. Lowered ops
    of such constructs often carry only the function's own line."""
    fop = _func(mod, symbol)
    if fop is None:
        return ""
    def_line = line_of(_loc(fop))
    for op in _walk(fop.operation, []):
        bad = "call" in op.name or any(str(r.type) not in _SCALAR_PYDM for r in op.results)
        if bad and line_of(_loc(op)) > def_line:
            return _loc(op)
    return ""


# -- calls between native functions: the call graph a native module takes

def _python_name(mod: ir.Module, symbol: str) -> str:
    fop = _func(mod, symbol)
    if fop is not None and "pydm.name" in fop.attributes:
        return ir.StringAttr(fop.attributes["pydm.name"]).value
    return symbol


def direct_callees(mod: ir.Module, symbol: str) -> list[str]:
    """The functions of the module ``symbol`` calls (pydm's support calls
    and imports aside), in body order, each once."""
    from .lowering.support import CLASS_OF_SITE, POLL_IMPORT
    out = []
    fop = _func(mod, symbol)
    for op in _walk(fop.operation, []) if fop is not None else ():
        if op.name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            target = _func(mod, callee)
            if (callee not in (CLASS_OF_SITE, POLL_IMPORT) and callee not in out
                    and target is not None and target.regions[0].blocks):
                out.append(callee)
    return out


def callees(mod: ir.Module, symbol: str) -> list[str]:
    """Every function ``symbol`` calls, directly or not, in the order first
    reached; :class:`NotNative` for ``symbol``'s own body, a callee that
    cannot go native (at the callee's construct, or at the call when the
    construct has no line of the callee's body) or a cycle of calls (at the
    call that closes it: recursion stays on the VM, IREE's standard pipeline
    does not terminate on it)."""
    reached: list[str] = []
    done: set[str] = set()

    def visit(sym: str, path: list[str]) -> None:
        for callee, call in _check_body(mod, sym):
            if callee in path:
                cycle = path[path.index(callee):] + [callee]
                names = " -> ".join(_python_name(mod, s) for s in cycle)
                raise NotNative(f"a recursive call ({names})", _loc(call))
            if callee in done:
                continue
            try:
                visit(callee, path + [callee])
            except NotNative as why:
                if why.is_cycle:
                    raise
                location = why.location
                if not why.is_callee and line_of(location) in (0, line_of(_loc(_func(mod, callee)))):
                    location = _loc(call)  # no line of the callee's body: the call's
                rest = str(why)[3:] if why.is_callee else f"cannot run natively: {why}"
                raise NotNative(f"it calls {_python_name(mod, callee)}, which {rest}",
                                location, callee=True) from None
            done.add(callee)
            reached.append(callee)

    visit(symbol, [symbol])
    ops = _inlined_ops(mod, symbol, {})
    if ops > MAX_INLINED_OPS:
        raise NotNative(f"its body with its callees expanded at every call would be {ops} operations "
                        f"(native code takes at most {MAX_INLINED_OPS})", _loc(_func(mod, symbol)))
    return reached


#: the native module's dispatch holds every callee expanded at each of its
#: call sites (a dispatch takes no calls: without the ``inline`` pass IREE's
#: pipeline crashes on them): a chain of callees with several call sites each
#: grows it geometrically, and the compile time with it
MAX_INLINED_OPS = 20_000


def _inlined_ops(mod: ir.Module, symbol: str, memo: dict) -> int:
    """Operations in ``symbol``'s body once every callee is expanded (no cycles)."""
    if symbol not in memo:
        from .lowering.support import CLASS_OF_SITE, POLL_IMPORT
        total = 0
        for op in _walk(_func(mod, symbol).operation, []):
            total += 1
            if op.name == "func.call":
                callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
                if callee not in (CLASS_OF_SITE, POLL_IMPORT):
                    total += _inlined_ops(mod, callee, memo)
        memo[symbol] = total
    return memo[symbol]


def _rewrite_body(fop) -> None:
    """The copied body in place: raw site codes out, no poll (the calls'
    poll budget reads as full: a callee pydm inlined left its tick), arith casts."""
    from .lowering.support import CLASS_OF_SITE, POLL_IMPORT
    from iree.compiler.dialects import arith, math
    i32 = ir.IntegerType.get_signless(32)
    f64 = ir.F64Type.get()
    i64 = ir.IntegerType.get_signless(64)
    _drop_traces(fop)
    for op in _walk(fop.operation, []):
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


def _to_bits(value: str, t: str, name: str) -> tuple[list[str], str]:
    """(lines, value): the i64 a scalar crosses as (a float's bits, a bool as 0/1)."""
    op = {"f64": "arith.bitcast", "i1": "arith.extui"}.get(t)
    return ([f"{name} = {op} {value} : {t} to i64"], name) if op else ([], value)


def _from_bits(value: str, t: str, name: str) -> tuple[list[str], str]:
    """(lines, value): the scalar of type ``t`` an i64 from ``_to_bits`` stands for."""
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
    private ``@body`` (an outlined loop's native module, native_outline.py)."""
    holder = ir.Module.create()
    return holder, _copy_into(holder, fop, "body")


def _body_copies(mod: ir.Module, symbols: list[str], names: list[str]) -> str:
    """The text of the lowered functions ``symbols`` as private functions
    ``names`` of the native module (:func:`_rewrite_body`), in one holder
    module (a call's callee is there: the printer's verifier is satisfied)."""
    holder = ir.Module.create()
    copies = []
    for symbol, name in zip(symbols, names):
        copy = _copy_into(holder, _func(mod, symbol), name)
        _rewrite_body(copy)
        copies.append(copy)
    return "\n".join(c.get_asm(enable_debug_info=True, print_generic_op_form=False) for c in copies)


def native_text(mod: ir.Module, symbol: str, called: list[str] = ()) -> tuple[str, str]:
    """(module name, text) of the native module for the checked ``symbol``;
    ``called``: the functions it calls (:func:`callees`), copied in under
    their own names (the ``inline`` pass of :func:`compile_native` expands
    them into the dispatch)."""
    fop = _func(mod, symbol)
    inputs, results = _signature(fop)
    body = _body_copies(mod, [symbol, *called], ["body", *called])
    ret = results[1]
    lines = []
    args = ", ".join(f"%a{i}: i64" for i in range(len(inputs)))
    lines.append(f"  func.func @run({args}) -> (i64, i64) {{")
    lines.append("    %t = flow.dispatch.region -> (tensor<2xi64>) {")
    vals = []
    for i, t in enumerate(inputs):
        code, value = _from_bits(f"%a{i}", t, f"%x{i}")
        lines += ["      " + c for c in code]
        vals.append(value)
    sig = f"({', '.join(inputs)}) -> (i32, {ret})"
    lines.append(f"      %r:2 = scf.execute_region -> (i32, {ret}) {{")
    lines.append(f"        %c:2 = func.call @body({', '.join(vals)}) : {sig}")
    lines.append(f"        scf.yield %c#0, %c#1 : i32, {ret}")
    lines.append("      }")
    lines.append("      %e0 = arith.extsi %r#0 : i32 to i64")
    code, e1 = _to_bits("%r#1", ret, "%e1")
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
    from .lowering.support import CLASS_OF_SITE, SITE_GLOBAL, TRACE_DEPTH_GLOBAL
    fop = _func(mod, symbol)
    inputs, results = _signature(fop)
    ret = results[1]
    raises = _has_symbol(mod, CLASS_OF_SITE)
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
    args = []
    for i, t in enumerate(inputs):
        code, value = _to_bits(f"%p{i}", t, f"%q{i}")
        text += ["  " + c for c in code]
        args.append(value)
    text.append(f"  %r:2 = call @{native_name}.run({', '.join(args)}) : "
                f"({', '.join(['i64'] * len(inputs))}) -> (i64, i64)")
    text.append("  %code = arith.trunci %r#0 : i64 to i32")
    code, value = _from_bits("%r#1", ret, "%value")
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
    parsed = ir.Module.parse("\n".join(text))
    ops = list(parsed.body.operations)
    new = ops[-1]
    for key in [a if isinstance(a, str) else a.name for a in fop.attributes]:
        if key not in ("sym_name", "function_type", "arg_attrs", "res_attrs"):
            new.attributes[key] = fop.attributes[key]
    ip = ir.InsertionPoint(fop)
    new.operation.clone(ip=ip)
    if not _has_symbol(mod, f"{native_name}.run"):  # two functions of one body share it
        ops[0].operation.clone(ip=ir.InsertionPoint(mod.body))  # the import
    fop.operation.erase()


# -- compiling the native module (its own session: the flags are per session)

_lock = threading.Lock()
_session = None
#: seconds of the last native compile and whether it came from the disk cache
last_compile: dict = {}


def _cache_path(text: str, phase: str | None = None) -> str:
    from iree.compiler import version as iree_version
    from .runtime_library import cache_dir
    h = hashlib.sha256()
    h.update(str(getattr(iree_version, "VERSION", "")).encode())
    h.update("\0".join((*NATIVE_FLAGS, *([f"--compile-to={phase}"] if phase else []))).encode())
    h.update(text.encode())
    name = f"native-{phase}-{h.hexdigest()[:32]}.mlirbc" if phase else f"native-{h.hexdigest()[:32]}.vmfb"
    return os.path.join(cache_dir(), name)


def compile_native(text: str, phase: str | None = None) -> bytes:
    """The native module's vmfb (from the disk cache when there); with
    ``phase`` (``"hal"``: ahead of time, ``pydm/native_embed.py``) the module
    after that phase of the standard pipeline instead, as MLIR bytecode."""
    global _session
    start = time.perf_counter()
    path = _cache_path(text, phase)
    try:
        with open(path, "rb") as f:
            data = f.read()
        last_compile.update(seconds=time.perf_counter() - start, cached=True)
        return data
    except OSError:
        pass
    from iree.compiler.api import Session, Source
    from .backend.driver import BackendError, _Fd2Capture, emit_bytecode
    with _lock:
        if _session is None:
            _session = Session()
            _session.set_flags(*NATIVE_FLAGS)
        inv = _session.invocation()
        inv.enable_console_diagnostics()
        if phase:
            _compile_to(inv, phase)
        try:
            with _Fd2Capture() as cap:
                ok = inv.parse_source(Source.wrap_buffer(_session, text.encode(), buffer_name="pydm-native.mlir"))
                ok = ok and inv.execute_text_pass_pipeline("inline{default-pipeline=''}, symbol-dce")
                ok = ok and inv.execute()
                data = (_ir_bytecode(inv) if phase else emit_bytecode(inv)) if ok else None
                ok = data is not None
            if not ok:
                raise BackendError("native module: " + cap.text)
        finally:
            inv.close()
    from .runtime.cache import write_atomically
    write_atomically(path, data)  # a read-only cache: none, still correct
    last_compile.update(seconds=time.perf_counter() - start, cached=False)
    return data


def _compile_to(inv, phase: str) -> None:
    """``--compile-to=phase`` for one invocation: a C API call
    (``ireeCompilerInvocationSetCompileToPhase``) the Python API does not wrap
    (the session's flags do not take it)."""
    import ctypes
    setter = inv._local_dylib.ireeCompilerInvocationSetCompileToPhase
    setter.restype, setter.argtypes = None, [ctypes.c_void_p, ctypes.c_char_p]
    setter(inv._inv_p, phase.encode())


def _ir_bytecode(inv) -> bytes:
    from iree.compiler.api import Output
    out = Output.open_membuffer()
    inv.output_ir_bytecode(out)
    return bytes(out.map_memory())


# -- which functions go native: the plans (function, its callees) and their modules

def vm_callee_plans(mod, roots, entries, specs, notes) -> list:
    """The plans of the functions VM code calls (below ``roots``) that the
    cost model sends native; a function that goes native takes its callees
    with it, so the walk stops there."""
    plans, seen, queue = [], set(roots), list(roots)
    while queue:
        symbol = queue.pop(0)
        for callee in direct_callees(mod, symbol):
            if callee in seen or callee in entries:
                continue
            seen.add(callee)
            spec = specs.get(callee)
            if spec is None or getattr(spec.func, "outlined", False):  # the runtime library's; a loop's
                continue
            go, why_cost = decide(mod, callee, specs)
            if go:
                try:
                    plans.append((callee, check(mod, callee), False, f"called from VM code; {why_cost}"))
                    continue
                except NotNative as why:
                    why_cost = str(why)
            notes.append(f"{callee}: VM ({why_cost})")
            queue.append(callee)
    return plans


def compile_plans(mod, plans, stages, notes, embed: bool = False) -> list:
    """Each plan's native module compiled (texts first: a replaced function's
    body is gone), then its function replaced by a call of it. ``embed``
    (ahead of time): each native module is moved into ``mod`` itself
    (``pydm/native_embed.py``); the list holds their hal-phase IR then."""
    from . import native_embed as embedder
    from .backend.driver import BackendError
    texts = [(symbol, called, forced, what, *native_text(mod, symbol, called))
             for symbol, called, forced, what in plans]
    out, loaded, embeds = [], set(), []
    for symbol, called, forced, what, name, text in texts:
        if name not in loaded:  # two functions of one body share one module
            try:
                out.append(compile_native(text, embedder.HAL_PHASE if embed else None))
            except BackendError as failed:
                if forced:
                    raise
                # pydm's own choice: a module IREE rejects stays on the VM
                notes.append(f"{symbol}: VM (the native compile failed: {str(failed)[:200]})")
                continue
            loaded.add(name)
            embeds.append((name, out[-1]))
        replace_with_call(mod, symbol, name)
        how = "cached" if last_compile.get("cached") else "compiled"
        with_calls = f", with {', '.join(called)}" if called else ""
        notes.append(f"{symbol}: native, the whole function{with_calls} ({what}; {name}, {how} in "
                     f"{last_compile.get('seconds', 0.0):.3f} s)")
        if stages is not None:
            stages["native"] = stages.get("native", "") + text
    if embed:  # after every call of each module is in place: embedding replaces them
        for name, hal in embeds:
            embedder.embed(mod, name, hal)
    return out


# -- the cost model (native=None): which functions are worth a native call

#: below this much loop work (trips x syntax nodes of the loop's body, summed
#: over the function's loops) a function whose loops all have constant trip
#: counts stays on the VM: a native call costs ~5.8 us against ~1.3 us for a
#: VM call, and the VM runs a syntax node of a loop body in ~2-4 ns, so the
#: native call wins only from a few thousand node-trips on
MIN_NATIVE_WORK = 10_000


def _trips(loop) -> int | None:
    """A ``for`` over ``range(...)`` of constant arguments: its trip count;
    else None (unknown: a ``while``, a range of variables)."""
    from astroid import nodes
    from .frontend.literals import literal_value, NO_VALUE
    if not isinstance(loop, nodes.For):
        return None
    it = loop.iter
    if not (isinstance(it, nodes.Call) and isinstance(it.func, nodes.Name) and it.func.name == "range"
            and not it.keywords and 1 <= len(it.args) <= 3):
        return None
    args = [literal_value(a, NO_VALUE) for a in it.args]
    if not all(type(a) is int for a in args) or (len(args) == 3 and args[2] == 0):
        return None
    return len(range(*args))


def cost_decision(node) -> tuple[bool, str]:
    """(goes native, why) for a function that qualifies, by its syntax:
    no loop → VM; a loop of unknown trip count (``while``, ``range(n)``)
    → native; loops of constant trip counts only → native when their work
    (trips, times the enclosing loops' trips, times the body's syntax
    nodes, summed) reaches :data:`MIN_NATIVE_WORK`."""
    from astroid import nodes
    loops = list(node.nodes_of_class((nodes.For, nodes.While)))
    if not loops:
        return False, "no loop"
    work = 0
    for loop in loops:
        trips, outer = 1, loop
        while outer is not None and outer is not node:
            if isinstance(outer, (nodes.For, nodes.While)):
                t = _trips(outer)
                if t is None:
                    return True, f"a loop of unknown trip count at line {outer.lineno}"
                trips *= t
            outer = outer.parent
        size = sum(1 for stmt in loop.body for _ in stmt.nodes_of_class(nodes.NodeNG))
        work += trips * size
    if work < MIN_NATIVE_WORK:
        return False, (f"constant trip counts, loop work {work} < {MIN_NATIVE_WORK} "
                       "(a native call costs more than it saves)")
    return True, f"constant trip counts, loop work {work} >= {MIN_NATIVE_WORK}"


def decide(mod: ir.Module, symbol: str, specs: dict) -> tuple[bool, str]:
    """:func:`cost_decision` for ``symbol`` and, when its own loops are not
    worth it, for the functions it calls (directly or not; ``specs``:
    symbol -> specialization): a callee worth a native call makes the
    caller worth one too, since the caller's native module takes it in
    (one dispatch instead of one per call)."""
    go, why = cost_decision(specs[symbol].func.node)
    if go:
        return go, why
    seen, queue = {symbol}, [symbol]
    while queue:
        for callee in direct_callees(mod, queue.pop(0)):
            if callee in seen or callee not in specs:
                continue
            seen.add(callee)
            callee_go, callee_why = cost_decision(specs[callee].func.node)
            if callee_go:
                return True, f"calls {_python_name(mod, callee)}: {callee_why}"
            queue.append(callee)
    return go, why

