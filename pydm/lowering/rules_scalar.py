"""Lowering rules for scalar iree_pydm ops: constants, numbers, bools, control.

Rules dispatch on the *static* pydm types of the op's operands (read from the
op before conversion); the number semantics are in ``numeric/``.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, util

from .. import dialect as d
from ..types import PyType
from . import numeric as num
from .driver import rule

T = PyType


def _i32(v: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(32), v)


def _ok() -> ir.Value:
    return _i32(0)


def _attr_str(op, name: str) -> str:
    return ir.StringAttr(op.attributes[name]).value


# ---- constants and control -------------------------------------------------------
@rule(d.CONSTANT)
def lower_constant(ctx, op, operands):
    t = ctx.result_type(op, 0)
    attr = op.attributes["value"]
    if t is T.NONE:
        return [_i32(0)]
    if t is T.BOOL:
        return [num.bool_const(ir.BoolAttr(attr).value)]
    if t is T.INT:
        return [num.int_const(ir.IntegerAttr(attr).value)]
    if t is T.FLOAT:
        return [num.float_const(ir.FloatAttr(attr).value)]
    raise NotImplementedError(f"constant of type {t}")


@rule(d.SUCCESS)
def lower_success(ctx, op, operands):
    return [_ok()]


@rule(d.FAILED)
def lower_failed(ctx, op, operands):
    # Error conditions are opaque to the folders (numeric._errors), so a check
    # folds away only when its op cannot fail, never into "always raises".
    return [arith.cmpi(arith.CmpIPredicate.ne, operands[0], _ok())]


@rule(d.ORIGIN)
def lower_origin(ctx, op, operands):
    """The site code of this location (a runtime-library call)."""
    return [_i32(ctx.sites.code_for(ctx.site("", "")))]


@rule(d.RECORD_ORIGIN)
def lower_record_origin(ctx, op, operands):
    """Remember the origin of a library failure once (on the failure path only)."""
    from .driver import ORIGIN_GLOBAL
    code, origin = operands
    if not ctx.uses_origin or num.const_int(origin) == 0:
        return []  # no runtime-library call in the module (or here) to name
    i32 = ir.IntegerType.get_signless(32)
    from iree.compiler.dialects import scf
    named = scf.IfOp(arith.cmpi(arith.CmpIPredicate.ne, origin, _ok()), [], has_else=False)
    with ir.InsertionPoint(named.then_block):
        old = util.GlobalLoadOp(i32, ORIGIN_GLOBAL).result
        first = arith.cmpi(arith.CmpIPredicate.eq, old, _ok())
        util.GlobalStoreOp(arith.select(first, origin, old), ORIGIN_GLOBAL)
        scf.YieldOp([])
    return []


#: the attribute of the ops of a trace push
TRACE_MARK = "pydm.trace"


@rule(d.TRACE_PUSH)
def lower_trace_push(ctx, op, operands):
    """An exception leaves a call here: this line (a site code) joins its trace."""
    from iree.compiler.dialects import func, scf
    from .support import TRACE_DEPTH_GLOBAL, TRACE_GLOBAL, TRACE_PUSH
    ctx.support.add("trace")
    site = _i32(ctx.sites.code_for(ctx.site("", "")))
    i32 = ir.IntegerType.get_signless(32)
    depth = util.GlobalLoadOp(i32, TRACE_DEPTH_GLOBAL).result
    trace = util.GlobalLoadOp(ir.Type.parse("!util.list<?>"), TRACE_GLOBAL).result
    index = arith.index_castui(ir.IndexType.get(), depth)  # depth -1: past any size
    size = util.ListSizeOp(trace).result
    room = arith.cmpi(arith.CmpIPredicate.ult, index, size)
    fast = scf.IfOp(room, [], has_else=True)
    with ir.InsertionPoint(fast.then_block):
        util.ListSetOp(trace, index, site)
        util.GlobalStoreOp(arith.addi(depth, _i32(1)), TRACE_DEPTH_GLOBAL)
        scf.YieldOp([])
    with ir.InsertionPoint(fast.else_block):
        func.CallOp([], TRACE_PUSH, [site])
        scf.YieldOp([])
    # marked, so native code (pydm/native/), which keeps no trace, can drop them
    for value in (site, depth, trace, index, size, room):
        value.owner.attributes[TRACE_MARK] = ir.UnitAttr.get()
    fast.operation.attributes[TRACE_MARK] = ir.UnitAttr.get()
    return []


def _keeps_trace(ctx, op) -> bool:
    """Does this op's function keep the trace? (A module with calls that can
    raise; the runtime library's own handlers leave it alone: its calls add no lines.)"""
    return ctx.uses_trace and not ctx.in_runtime_library(op)


@rule(d.TRACE_SAVE)
def lower_trace_save(ctx, op, operands):
    """Take the trace aside (depth, list) and start an empty one (a new list:
    the handler's own exceptions must not write over the saved lines)."""
    from .rules_object import list_type
    from .support import TRACE_DEPTH_GLOBAL, TRACE_GLOBAL
    i64 = ir.IntegerType.get_signless(64)
    if not _keeps_trace(ctx, op):
        return [arith.constant(i64, -1), util.NullOp(list_type()).result]
    ctx.support.add("trace")
    i32 = ir.IntegerType.get_signless(32)
    depth = util.GlobalLoadOp(i32, TRACE_DEPTH_GLOBAL).result
    trace = util.GlobalLoadOp(list_type(), TRACE_GLOBAL).result
    c16 = arith.constant(ir.IndexType.get(), 16)
    fresh = util.ListCreateOp(list_type(), initial_capacity=c16).result
    util.ListResizeOp(fresh, c16)
    util.GlobalStoreOp(fresh, TRACE_GLOBAL)
    util.GlobalStoreOp(_i32(0), TRACE_DEPTH_GLOBAL)
    # a barrier: IREE folds `store(load @g) -> @g` away although @g was stored
    # in between (PLATFORM.md; tests/platform/test_platform_globals.py)
    kept = util.OptimizationBarrierOp([i64, trace.type], [arith.extsi(i64, depth), trace]).results
    return [kept[0], kept[1]]


@rule(d.TRACE_RESTORE)
def lower_trace_restore(ctx, op, operands):
    """Re-raising: the trace taken aside is current again."""
    from .support import TRACE_DEPTH_GLOBAL, TRACE_GLOBAL
    if not _keeps_trace(ctx, op):
        return []
    ctx.support.add("trace")
    depth, trace = operands
    util.GlobalStoreOp(trace, TRACE_GLOBAL)
    util.GlobalStoreOp(arith.trunci(ir.IntegerType.get_signless(32), depth), TRACE_DEPTH_GLOBAL)
    return []


def _set_trace_depth(ctx, op, depth: int) -> None:
    """A handler took the exception (0: a new trace starts) or re-raises it
    (-1: its trace is not kept). The runtime library's own handlers leave
    the trace alone (its calls add no lines)."""
    from .support import TRACE_DEPTH_GLOBAL
    if _keeps_trace(ctx, op):
        ctx.support.add("trace")
        util.GlobalStoreOp(_i32(depth), TRACE_DEPTH_GLOBAL)


@rule(d.EXCEPTION_MATCHES)
def lower_exception_matches(ctx, op, operands):
    """``except (E1, ...)``: the exception's class code (a raise site's code
    mapped by ``class_of_site``) compared with each class code the clause
    catches. ``BaseException`` catches every code."""
    from iree.compiler.dialects import func
    from .support import CLASS_OF_SITE
    names = [ir.StringAttr(a).value for a in ir.ArrayAttr(op.attributes["classes"])]
    if "BaseException" in names:
        return [arith.constant(ir.IntegerType.get_signless(1), 1)]
    ctx.support.add("class_of_site")
    cls = func.CallOp([ir.IntegerType.get_signless(32)], CLASS_OF_SITE, [operands[0]]).results[0]
    hit = None
    for code in ctx.sites.classes.caught_by(names):
        eq = arith.cmpi(arith.CmpIPredicate.eq, cls, _i32(code))
        hit = eq if hit is None else arith.ori(hit, eq)
    return [hit if hit is not None else arith.constant(ir.IntegerType.get_signless(1), 0)]


@rule(d.EXCEPTION_CAUGHT)
def lower_exception_caught(ctx, op, operands):
    """Save what names the caught exception: its exception object (the
    module's exception slot), and for a builtin class's code (a public
    callee's) the raise site waiting in the site slot, if it is of that
    class. Forget the origin a library failure recorded."""
    from iree.compiler.dialects import func
    from .driver import ORIGIN_GLOBAL
    from .rules_object import list_type
    from .support import CLASS_OF_SITE, EXCEPTION_GLOBAL, SITE_GLOBAL
    ctx.support.update(("exception", "site", "class_of_site"))
    code = operands[0]
    if ctx.uses_origin:
        util.GlobalStoreOp(_ok(), ORIGIN_GLOBAL)
    _set_trace_depth(ctx, op, 0)
    i32 = ir.IntegerType.get_signless(32)
    site = util.GlobalLoadOp(i32, SITE_GLOBAL).result
    site_class = func.CallOp([i32], CLASS_OF_SITE, [site]).results[0]
    named = arith.andi(arith.cmpi(arith.CmpIPredicate.slt, code, _ok()),
                       arith.andi(arith.cmpi(arith.CmpIPredicate.sgt, site, _ok()),
                                  arith.cmpi(arith.CmpIPredicate.eq, site_class, code)))
    saved = util.GlobalLoadOp(list_type(), EXCEPTION_GLOBAL).result
    # a barrier: IREE folds `store(load @g) -> @g` away even when a call in
    # between stores @g (PLATFORM.md; tests/platform/test_platform_globals.py)
    saved = util.OptimizationBarrierOp([saved.type], [saved]).results[0]
    return [arith.select(named, site, code), saved]


@rule(d.EXCEPTION_RESTORE)
def lower_exception_restore(ctx, op, operands):
    from .support import EXCEPTION_GLOBAL
    ctx.support.add("exception")
    util.GlobalStoreOp(operands[0], EXCEPTION_GLOBAL)
    _set_trace_depth(ctx, op, -1)
    return []


@rule(d.EXCEPTION_CLASS)
def lower_exception_class(ctx, op, operands):
    """A raise site's code (> 0) becomes its class's code; the site is kept
    in the context's site slot, where the runtime reads the message."""
    from iree.compiler.dialects import func, scf
    from .support import CLASS_OF_SITE, SITE_GLOBAL
    ctx.support.add("class_of_site")
    code = operands[0]
    site = scf.IfOp(arith.cmpi(arith.CmpIPredicate.sgt, code, _ok()), [], has_else=False)
    with ir.InsertionPoint(site.then_block):
        util.GlobalStoreOp(code, SITE_GLOBAL)
        scf.YieldOp([])
    return [func.CallOp([ir.IntegerType.get_signless(32)], CLASS_OF_SITE, [code]).results[0]]


@rule(d.POLL)
def lower_poll(ctx, op, operands):
    """Let the host run pending signal handlers (Ctrl-C stops the call there),
    and restart the calls' poll budget (poll_tick)."""
    from iree.compiler.dialects import func
    from ..frontend.loops import POLL_INTERVAL
    from .support import POLL_BUDGET_GLOBAL, POLL_IMPORT
    ctx.support.update(("poll", "poll_budget"))
    i64 = ir.IntegerType.get_signless(64)
    util.GlobalStoreOp(arith.constant(i64, POLL_INTERVAL), POLL_BUDGET_GLOBAL)
    return [func.CallOp([ir.IntegerType.get_signless(32)], POLL_IMPORT, []).results[0]]


@rule(d.POLL_TICK)
def lower_poll_tick(ctx, op, operands):
    """One call off the module's budget (a global); true while some is left.
    Five VM ops on every call of a function that calls others (load, sub,
    store, cmp.nz, branch): the poll (lower_poll) restarts the budget."""
    from .support import POLL_BUDGET_GLOBAL
    ctx.support.add("poll_budget")
    i64 = ir.IntegerType.get_signless(64)
    left = arith.subi(util.GlobalLoadOp(i64, POLL_BUDGET_GLOBAL).result, arith.constant(i64, 1))
    util.GlobalStoreOp(left, POLL_BUDGET_GLOBAL)
    return [arith.cmpi(arith.CmpIPredicate.ne, left, arith.constant(i64, 0))]


def zero_of(t: PyType) -> ir.Value:
    """The all-zero value of ``t``'s representation (null for a reference)."""
    from .driver import lowered_type
    ty = lowered_type(d.ir_type(t))
    if str(ty).startswith("!util."):
        return util.NullOp(ty).result
    if isinstance(ty, ir.F64Type) or str(ty) == "f64":
        return arith.constant(ty, 0.0)
    return arith.constant(ty, 0)


@rule(d.UNDEF)
def lower_undef(ctx, op, operands):
    return [zero_of(ctx.result_type(op, 0))]


@rule(d.STATIC_CAST)
def lower_static_cast(ctx, op, operands):
    return [operands[0]]  # the same representation


@rule(d.RAW_INT)
def lower_raw_int(ctx, op, operands):
    fn = _attr_str(op, "fn")
    if fn == "float_bits":
        return [arith.bitcast(ir.IntegerType.get_signless(64), operands[0])]
    if fn == "bits_float":
        return [arith.bitcast(ir.F64Type.get(), operands[0])]
    if fn == "rotl":  # (x << k) | (x >>> (64 - k)), k taken mod 64
        x, k = operands
        k = arith.andi(k, num.int_const(63))
        back = arith.andi(arith.subi(num.int_const(64), k), num.int_const(63))
        return [arith.ori(arith.shli(x, k), arith.shrui(x, back))]
    raise NotImplementedError(f"raw_int {fn}")


@rule(d.BOOL_TO_PRED)
def lower_bool_to_pred(ctx, op, operands):
    return [operands[0]]


@rule(d.SELECT)
def lower_select(ctx, op, operands):
    return [arith.select(*operands)]


@rule(d.NOT)
def lower_not(ctx, op, operands):
    # The barrier keeps MLIR from folding not(cmpf une) into a predicate the
    # VM lowers as ``cmp.eq.f64.u`` (true for NaN): ``not nan`` must be False.
    x = util.OptimizationBarrierOp([operands[0].type], [operands[0]]).results[0]
    return [arith.xori(x, num.bool_const(True))]


@rule(d.AS_BOOL)
def lower_as_bool(ctx, op, operands):
    t = ctx.operand_type(op, 0)
    x = operands[0]
    if t is T.BOOL:
        return [x]
    if t is T.NONE:
        return [num.bool_const(False)]
    if t is T.INT:
        return [num.int_cmp("ne", x, num.int_const(0))]
    if t is T.FLOAT:
        return [num.float_cmp("ne", x, num.float_const(0.0))]
    raise NotImplementedError(f"truth of {t}")


@rule(d.RANGE_NEXT)
def lower_range_next(ctx, op, operands):
    i, stop, step = operands
    if num.const_int(step) in (1, -1):
        # the loop runs only while i < stop (i > stop), so i ± 1 stays in range
        return [arith.addi(i, step)]
    err, nxt = num.int_add(i, step, lambda cls, msg: 1)
    overflowed = arith.cmpi(arith.CmpIPredicate.ne, err, _ok())
    return [arith.select(overflowed, stop, nxt)]


# ---- numbers ---------------------------------------------------------------------
_INT_BINARY = {
    "add": num.int_add, "sub": num.int_sub, "mul": num.int_mul,
    "floordiv": num.int_floordiv, "mod": num.int_mod, "truediv": num.int_truediv,
    "lshift": num.int_lshift, "rshift": num.int_rshift,
}
_INT_BITWISE = {"and": num.int_and, "or": num.int_or, "xor": num.int_xor}
# int ops the importer proved cannot overflow (frontend/ranges.py)
_INT_UNCHECKED = {"add": arith.addi, "sub": arith.subi, "mul": arith.muli}
# int ops whose operands the importer proved >= 0: cheaper checks
_INT_NONNEG = {"add": num.int_add_nonneg, "mul": num.int_mul_nonneg,
               "mod": num.int_mod_nonneg, "floordiv": num.int_floordiv_nonneg}
_FLOAT_INFALLIBLE = {"add": num.float_add, "sub": num.float_sub, "mul": num.float_mul}
_FLOAT_BINARY = {"truediv": num.float_truediv, "floordiv": num.float_floordiv,
                 "mod": num.float_mod, "pow": num.float_pow}
_BOOL_BITWISE = {"and": arith.andi, "or": arith.ori, "xor": arith.xori}


@rule(d.APPLY_BINARY)
def lower_apply_binary(ctx, op, operands):
    name = _attr_str(op, "dunder_name")
    t = ctx.operand_type(op, 0)
    result = ctx.result_type(op, 1)
    a, b = operands
    if t is T.INT:
        if name in _INT_BITWISE:
            return [_ok(), _INT_BITWISE[name](a, b)]
        if name in _INT_UNCHECKED and "infallible" in op.attributes:
            return [_ok(), _INT_UNCHECKED[name](a, b)]
        if name in _INT_NONNEG and "nonneg" in op.attributes:
            return list(_INT_NONNEG[name](a, b, ctx.raise_code))
        if name in ("add", "sub") and "known_sign" in op.attributes:
            return list(_INT_BINARY[name](a, b, ctx.raise_code, _attr_str(op, "known_sign")))
        if name == "pow":
            fn = num.int_pow if result is T.INT else num.int_pow_negative
            return list(fn(a, b, ctx.raise_code))
        return list(_INT_BINARY[name](a, b, ctx.raise_code))
    if t is T.FLOAT:
        if name in _FLOAT_INFALLIBLE:
            return [_ok(), _FLOAT_INFALLIBLE[name](a, b)]
        if name == "truediv" and "infallible" in op.attributes:  # divisor proven nonzero
            return [_ok(), num.float_div_nonzero(a, b)]
        return list(_FLOAT_BINARY[name](a, b, ctx.raise_code))
    if t is T.BOOL and name in _BOOL_BITWISE:
        return [_ok(), _BOOL_BITWISE[name](a, b)]
    raise NotImplementedError(f"{name} on {t}")


@rule(d.APPLY_COMPARE)
def lower_apply_compare(ctx, op, operands):
    pred = _attr_str(op, "dunder_name")
    lt, rt = ctx.operand_type(op, 0), ctx.operand_type(op, 1)
    a, b = operands
    if lt is T.INT and rt is T.INT:
        out = num.int_cmp(pred, a, b)
    elif lt is T.FLOAT and rt is T.FLOAT:
        out = num.float_cmp(pred, a, b)
    elif lt is T.INT and rt is T.FLOAT:
        out = num.int_float_cmp(pred, a, b)
    elif lt is T.FLOAT and rt is T.INT:
        out = num.float_int_cmp(pred, a, b)
    else:
        raise NotImplementedError(f"compare {lt} {pred} {rt}")
    return [_ok(), out]


@rule(d.APPLY_UNARY)
def lower_apply_unary(ctx, op, operands):
    name = _attr_str(op, "dunder_name")
    t = ctx.operand_type(op, 0)
    x = operands[0]
    if t is T.INT:
        if name == "neg":
            return list(num.int_neg(x, ctx.raise_code))
        if name == "abs":
            return list(num.int_abs(x, ctx.raise_code))
        if name == "invert":
            return [_ok(), num.int_invert(x)]
        if name == "pos":
            return [_ok(), x]
    if t is T.FLOAT:
        if name == "neg":
            return [_ok(), num.float_neg(x)]
        if name == "abs":
            return [_ok(), num.float_abs(x)]
        if name == "pos":
            return [_ok(), x]
    raise NotImplementedError(f"unary {name} on {t}")


@rule(d.CONVERT)
def lower_convert(ctx, op, operands):
    src, dst = ctx.operand_type(op, 0), ctx.result_type(op, 1)
    x = operands[0]
    if src is dst:
        return [_ok(), x]
    if src is T.BOOL and dst is T.INT:
        return [_ok(), num.bool_to_int(x)]
    if src is T.BOOL and dst is T.FLOAT:
        return [_ok(), num.int_to_float(num.bool_to_int(x))]
    if src is T.INT and dst is T.FLOAT:
        return [_ok(), num.int_to_float(x)]
    if src is T.FLOAT and dst is T.INT:
        return list(num.float_to_int(x, ctx.raise_code))
    raise NotImplementedError(f"convert {src} to {dst}")
