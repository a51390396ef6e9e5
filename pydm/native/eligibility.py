"""Which lowered functions can run natively: the check of a lowered body
(only scalar arith/cf/scf/math ops; calls only of functions that qualify
too, with no cycle of calls) and the IR helpers the native package shares."""
from __future__ import annotations

import re

from iree.compiler import ir

from ..errors import CompileError

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
SCALARS = ("i64", "f64", "i1")

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


def location_text(op) -> str:
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


def find_function(mod: ir.Module, symbol: str):
    for op in mod.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return op
    return None


def has_symbol(mod: ir.Module, symbol: str) -> bool:
    for op in mod.body.operations:
        if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return True
    return False


def walk_ops(op, out, traces: bool = True):
    """The ops nested in ``op``, in order; ``traces=False``: without the ops
    of trace pushes (``TRACE_MARK``: native code keeps no trace)."""
    from ..lowering.rules_scalar import TRACE_MARK
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                if not traces and TRACE_MARK in inner.operation.attributes:
                    continue
                out.append(inner.operation)
                walk_ops(inner.operation, out, traces)
    return out


def signature(fop) -> tuple[list[str], list[str]]:
    ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
    return [str(t) for t in ftype.inputs], [str(t) for t in ftype.results]


def _check_body(mod: ir.Module, symbol: str) -> list:
    """Raise :class:`NotNative` unless the lowered ``symbol``'s own body can
    go native; its calls of other functions of the module (callee symbol,
    call op), in body order, are for :func:`check` to follow."""
    from ..lowering.support import CLASS_OF_SITE, POLL_BUDGET_GLOBAL, POLL_IMPORT, SITE_GLOBAL
    fop = find_function(mod, symbol)
    inputs, results = signature(fop)
    for t in inputs:
        if t not in SCALARS:
            raise NotNative(f"a parameter of type {t} is not an int, float or bool", location_text(fop))
    offenders = []  # (reason, op) in body order
    calls = []
    for op in walk_ops(fop.operation, [], traces=False):
        name = op.name
        if name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            if callee in (CLASS_OF_SITE, POLL_IMPORT):
                continue
            target = find_function(mod, callee)
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
        def_line = line_of(location_text(fop))
        reason, op = next(((w, o) for w, o in offenders if line_of(location_text(o)) > def_line), offenders[0])
        raise NotNative(reason, location_text(op))
    if len(results) != 2 or results[0] != "i32" or results[1] not in SCALARS:
        raise NotNative("the result is not an int, float or bool", location_text(fop))
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
    fop = find_function(mod, symbol)
    if fop is None:
        return ""
    def_line = line_of(location_text(fop))
    for op in walk_ops(fop.operation, []):
        bad = "call" in op.name or any(str(r.type) not in _SCALAR_PYDM for r in op.results)
        if bad and line_of(location_text(op)) > def_line:
            return location_text(op)
    return ""


# -- calls between native functions: the call graph a native module takes

def python_name(mod: ir.Module, symbol: str) -> str:
    fop = find_function(mod, symbol)
    if fop is not None and "pydm.name" in fop.attributes:
        return ir.StringAttr(fop.attributes["pydm.name"]).value
    return symbol


def direct_callees(mod: ir.Module, symbol: str) -> list[str]:
    """The functions of the module ``symbol`` calls (pydm's support calls
    and imports aside), in body order, each once."""
    from ..lowering.support import CLASS_OF_SITE, POLL_IMPORT
    out = []
    fop = find_function(mod, symbol)
    for op in walk_ops(fop.operation, []) if fop is not None else ():
        if op.name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            target = find_function(mod, callee)
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
                names = " -> ".join(python_name(mod, s) for s in cycle)
                raise NotNative(f"a recursive call ({names})", location_text(call))
            if callee in done:
                continue
            try:
                visit(callee, path + [callee])
            except NotNative as why:
                if why.is_cycle:
                    raise
                location = why.location
                if not why.is_callee and line_of(location) in (0, line_of(location_text(find_function(mod, callee)))):
                    location = location_text(call)  # no line of the callee's body: the call's
                rest = str(why)[3:] if why.is_callee else f"cannot run natively: {why}"
                raise NotNative(f"it calls {python_name(mod, callee)}, which {rest}",
                                location, callee=True) from None
            done.add(callee)
            reached.append(callee)

    visit(symbol, [symbol])
    ops = _inlined_ops(mod, symbol, {})
    if ops > MAX_INLINED_OPS:
        raise NotNative(f"its body with its callees expanded at every call would be {ops} operations "
                        f"(native code takes at most {MAX_INLINED_OPS})", location_text(find_function(mod, symbol)))
    return reached


#: the native module's dispatch holds every callee expanded at each of its
#: call sites (a dispatch takes no calls: without the ``inline`` pass IREE's
#: pipeline crashes on them): a chain of callees with several call sites each
#: grows it geometrically, and the compile time with it
MAX_INLINED_OPS = 20_000


def _inlined_ops(mod: ir.Module, symbol: str, memo: dict) -> int:
    """Operations in ``symbol``'s body once every callee is expanded (no cycles)."""
    if symbol not in memo:
        from ..lowering.support import CLASS_OF_SITE, POLL_IMPORT
        total = 0
        for op in walk_ops(find_function(mod, symbol).operation, []):
            total += 1
            if op.name == "func.call":
                callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
                if callee not in (CLASS_OF_SITE, POLL_IMPORT):
                    total += _inlined_ops(mod, callee, memo)
        memo[symbol] = total
    return memo[symbol]


