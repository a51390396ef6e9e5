"""Native loops (issue 12): a scalar function compiled to an llvm-cpu dispatch.

The function is lowered by pydm's own rules (``pydm/lowering``) exactly as
for the VM; its lowered body is then checked (only scalar arith/cf/scf/math
ops, no calls) and, when it qualifies, copied into a *native module*:

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
keeps its name and signature and becomes a call of the import
``@<native module>.run`` followed by the VM path's own exception exit
(``@pydm$site``, ``@pydm$class_of_site``), so the runtime raises the same
class, message and line as the VM path.
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

    def __init__(self, message: str, location: str = ""):
        super().__init__(message)
        self.location = location


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
                        hint="native code takes int/float/bool values and loops with no calls; "
                             "use native=None to let pydm decide")


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


def _walk(op, out):
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                out.append(inner.operation)
                _walk(inner.operation, out)
    return out


def _signature(fop) -> tuple[list[str], list[str]]:
    ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
    return [str(t) for t in ftype.inputs], [str(t) for t in ftype.results]


def check(mod: ir.Module, symbol: str) -> None:
    """Raise :class:`NotNative` unless the lowered ``symbol`` can go native."""
    from .lowering.support import CLASS_OF_SITE, POLL_BUDGET_GLOBAL, POLL_IMPORT, SITE_GLOBAL
    fop = _func(mod, symbol)
    inputs, results = _signature(fop)
    for t in inputs:
        if t not in _SCALARS:
            raise NotNative(f"a parameter of type {t} is not an int, float or bool", _loc(fop))
    offenders = []  # (reason, op) in body order
    for op in _walk(fop.operation, []):
        name = op.name
        if name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            if callee not in (CLASS_OF_SITE, POLL_IMPORT):
                offenders.append(("a call", op))
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


def _rewrite_body(fop) -> None:
    """The copied body in place: raw site codes out, no poll (the calls'
    poll budget reads as full: a callee pydm inlined left its tick), arith casts."""
    from .lowering.support import CLASS_OF_SITE, POLL_IMPORT
    from iree.compiler.dialects import arith, math
    i32 = ir.IntegerType.get_signless(32)
    f64 = ir.F64Type.get()
    i64 = ir.IntegerType.get_signless(64)
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


def copy_as_body(fop) -> tuple:
    """(holder module, copy): ``fop`` copied into a module of its own as the
    private ``@body``, without its export reflection and Python name."""
    holder = ir.Module.create()
    copy = fop.operation.clone(ip=ir.InsertionPoint(holder.body))
    copy.attributes["sym_name"] = ir.StringAttr.get("body")
    copy.attributes["sym_visibility"] = ir.StringAttr.get("private")
    for key in ("iree.reflection", "pydm.name"):
        if key in copy.attributes:
            del copy.attributes[key]
    return holder, copy


def native_text(mod: ir.Module, symbol: str) -> tuple[str, str]:
    """(module name, text) of the native module for the checked ``symbol``."""
    fop = _func(mod, symbol)
    inputs, results = _signature(fop)
    _, copy = copy_as_body(fop)
    _rewrite_body(copy)
    body = copy.get_asm(enable_debug_info=True, print_generic_op_form=False)
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
    from .lowering.support import CLASS_OF_SITE, SITE_GLOBAL
    fop = _func(mod, symbol)
    inputs, results = _signature(fop)
    ret = results[1]
    raises = _has_symbol(mod, CLASS_OF_SITE)
    text = [f"func.func private @{native_name}.run({', '.join(['i64'] * len(inputs))}) -> (i64, i64)"]
    if raises:
        text.append(f"func.func private @{CLASS_OF_SITE}(i32) -> i32")
        text.append(f"util.global private mutable @{SITE_GLOBAL} : i32")
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
    ops[0].operation.clone(ip=ir.InsertionPoint(mod.body))  # the import
    fop.operation.erase()


# -- compiling the native module (its own session: the flags are per session)

_lock = threading.Lock()
_session = None
#: seconds of the last native compile and whether it came from the disk cache
last_compile: dict = {}


def _cache_path(text: str) -> str:
    from iree.compiler import version as iree_version
    from .runtime_library import cache_dir
    h = hashlib.sha256()
    h.update(str(getattr(iree_version, "VERSION", "")).encode())
    h.update("\0".join(NATIVE_FLAGS).encode())
    h.update(text.encode())
    return os.path.join(cache_dir(), f"native-{h.hexdigest()[:32]}.vmfb")


def compile_native(text: str) -> bytes:
    """The native module's vmfb (from the disk cache when there)."""
    global _session
    start = time.perf_counter()
    path = _cache_path(text)
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
        try:
            with _Fd2Capture() as cap:
                ok = inv.parse_source(Source.wrap_buffer(_session, text.encode(), buffer_name="pydm-native.mlir"))
                ok = ok and inv.execute_text_pass_pipeline("inline{default-pipeline=''}, symbol-dce")
                ok = ok and inv.execute()
                data = emit_bytecode(inv) if ok else None
                ok = data is not None
            if not ok:
                raise BackendError("native module: " + cap.text)
        finally:
            inv.close()
    from .runtime.cache import write_atomically
    write_atomically(path, data)  # a read-only cache: none, still correct
    last_compile.update(seconds=time.perf_counter() - start, cached=False)
    return data
