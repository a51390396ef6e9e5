"""Lowering rules for exception values (``except E as e``, ``ValueError(x)``,
``raise e``, ``e.args``, ``isinstance(e, E)``).

An exception value is an exception object (``pydm/representation.py``): a VM
list ``[class code i64, raise site i64, args tuple]``, the same record a
raise with run-time args stores in the context's exception slot. What
``e.args`` is depends on the site: its args (``cls(*args)``, ``cls()``), or
its message: a one-str tuple built from the site's message
(NotImplementedError for a message completed at run time - its object's
args are then the values the message is formatted with).
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, func, scf, util

from .. import dialect as d
from .driver import rule
from .rules_object import _i32, _i64, list_type, null


def _index(v: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), v)


def _i64_type() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def _i32_type() -> ir.Type:
    return ir.IntegerType.get_signless(32)


def empty_tuple() -> ir.Value:
    return util.ListCreateOp(list_type(), initial_capacity=_index(0)).result


def make_object(cls, site, args) -> ir.Value:
    """A new exception object [cls i64, site i64, args tuple]."""
    three = _index(3)
    obj = util.ListCreateOp(list_type(), initial_capacity=three).result
    util.ListResizeOp(obj, three)
    util.ListSetOp(obj, _index(0), cls)
    util.ListSetOp(obj, _index(1), site)
    util.ListSetOp(obj, _index(2), args)
    return obj


def _class_of(code32) -> ir.Value:
    from .support import CLASS_OF_SITE
    return func.CallOp([_i32_type()], CLASS_OF_SITE, [code32]).results[0]


@rule(d.EXCEPTION_VALUE)
def lower_exception_value(ctx, op, operands):
    """The caught exception's object if the exception slot held it when the
    handler took it (its site is the caught code), else a new one: the class
    of the code, the site (a raise site's code; 0 for a bare class code)."""
    ctx.support.update(("exception", "class_of_site"))
    code, saved = operands
    i64 = _i64_type()
    is_null = util.CmpEQOp(saved, null()).result
    branch = scf.IfOp(is_null, [i64], has_else=True)
    with ir.InsertionPoint(branch.then_block):
        scf.YieldOp([_i64(-1)])
    with ir.InsertionPoint(branch.else_block):
        scf.YieldOp([util.ListGetOp(i64, saved, _index(1)).result])
    code64 = arith.extsi(i64, code)
    same = arith.cmpi(arith.CmpIPredicate.eq, branch.results[0], code64)
    # a host function's exception: a token (< -1; -1: no object) for its site, its class's code raised
    hosted = scf.IfOp(arith.cmpi(arith.CmpIPredicate.slt, branch.results[0], _i64(-1)), [ir.IntegerType.get_signless(1)],
                      has_else=True)
    with ir.InsertionPoint(hosted.then_block):
        scf.YieldOp([arith.cmpi(arith.CmpIPredicate.eq, util.ListGetOp(i64, saved, _index(0)).result, code64)])
    with ir.InsertionPoint(hosted.else_block):
        scf.YieldOp([arith.constant(ir.IntegerType.get_signless(1), 0)])
    same = arith.ori(same, hosted.results[0])
    pick = scf.IfOp(same, [list_type()], has_else=True)
    with ir.InsertionPoint(pick.then_block):
        scf.YieldOp([saved])
    with ir.InsertionPoint(pick.else_block):
        is_site = arith.cmpi(arith.CmpIPredicate.sgt, code, _i32(0))
        site = arith.select(is_site, code64, _i64(0))
        cls = arith.extsi(i64, _class_of(code))
        scf.YieldOp([make_object(cls, site, empty_tuple())])
    return [pick.results[0]]


@rule(d.EXCEPTION_NEW)
def lower_exception_new(ctx, op, operands):
    """``cls(...)`` as a value: a raise site here names its class and message."""
    cls = ir.StringAttr(op.attributes["cls"]).value
    message = ir.StringAttr(op.attributes["message"]).value
    fmt = ir.StringAttr(op.attributes["fmt"]).value
    site = ctx.raise_code(cls, message, fmt)
    args = operands[0] if operands else empty_tuple()
    return [make_object(_i64(ctx.sites.classes.code(cls)), _i64(site), args)]


@rule(d.EXCEPTION_RAISE)
def lower_exception_raise(ctx, op, operands):
    """``raise e``: ``e`` becomes the context's current exception object; the
    code raised is its site's (its class's if it has no site)."""
    from .support import EXCEPTION_GLOBAL
    ctx.support.add("exception")
    e = operands[0]
    i64 = _i64_type()
    util.GlobalStoreOp(e, EXCEPTION_GLOBAL)
    cls = util.ListGetOp(i64, e, _index(0)).result
    site = util.ListGetOp(i64, e, _index(1)).result
    has_site = arith.cmpi(arith.CmpIPredicate.sgt, site, _i64(0))
    return [arith.trunci(_i32_type(), arith.select(has_site, site, cls))]


@rule(d.EXCEPTION_ARGS)
def lower_exception_args(ctx, op, operands):
    """``e.args``: the object's args, unless the site's exception has its
    message as its one arg: then the tuple of that str (the site's message;
    NotImplementedError for a message completed at run time, which would
    need the formatting of values in compiled code)."""
    from .support import SITE_HAS_MESSAGE, SITE_MESSAGE
    from .. import typecodes as tc
    ctx.support.update(("site_has_message", "site_message"))
    e = operands[0]
    site = arith.trunci(_i32_type(), util.ListGetOp(_i64_type(), e, _index(1)).result)
    has = func.CallOp([ir.IntegerType.get_signless(1)], SITE_HAS_MESSAGE, [site]).results[0]
    text = func.CallOp([list_type()], SITE_MESSAGE, [site]).results[0]
    missing = util.CmpEQOp(text, null()).result
    code = arith.select(arith.andi(has, missing), _i32(ctx.raise_code(
        "NotImplementedError", "pydm: the args of this exception hold a message completed at run time; "
                               "pydm cannot rebuild it as a str yet")), _i32(0))
    pick = scf.IfOp(missing, [list_type()], has_else=True)
    with ir.InsertionPoint(pick.then_block):
        scf.YieldOp([util.ListGetOp(list_type(), e, _index(2)).result])
    with ir.InsertionPoint(pick.else_block):
        two = _index(2)
        args = util.ListCreateOp(list_type(), initial_capacity=two).result
        util.ListResizeOp(args, two)
        util.ListSetOp(args, _index(0), _i64(tc.STR))
        util.ListSetOp(args, _index(1), text)
        scf.YieldOp([args])
    return [code, pick.results[0]]


@rule(d.EXCEPTION_ISINSTANCE)
def lower_exception_isinstance(ctx, op, operands):
    """``isinstance(e, (E1, ...))``: the object's class code is one the
    classes cover (subclasses included)."""
    names = [ir.StringAttr(a).value for a in ir.ArrayAttr(op.attributes["classes"])]
    if "BaseException" in names:
        return [arith.constant(ir.IntegerType.get_signless(1), 1)]
    cls = util.ListGetOp(_i64_type(), operands[0], _index(0)).result
    hit = arith.constant(ir.IntegerType.get_signless(1), 0)
    for code in ctx.sites.classes.caught_by(names):
        hit = arith.ori(hit, arith.cmpi(arith.CmpIPredicate.eq, cls, _i64(code)))
    return [hit]


@rule(d.EXCEPTION_SET_CAUSE)
def lower_exception_set_cause(ctx, op, operands):
    """``raise e from c``: the object grows a fourth slot, its cause."""
    e, cause = operands
    four = _index(4)
    util.ListResizeOp(e, four)
    util.ListSetOp(e, _index(3), cause)
    return []
