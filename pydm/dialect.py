"""The ``iree_pydm`` dialect: types, op names, one builder per op, a verifier.

The ops are real MLIR operations in the compiler session's context (the
dialect is unregistered, so they print in generic form). Builders take the
location and insertion point from the surrounding ``with`` context.

Types: ``!iree_pydm.none``, ``.bool``, ``.integer``, ``.real``, ``.object``
and ``.exception_result`` (an i32 code at run time, see pydm/exceptions.py).
Every op that can raise returns an ``exception_result`` as its first result.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler._mlir_libs import _mlir

from .types import PyType

NS = "iree_pydm"

if "pydm.mlir_modules" not in _mlir.globals.dialect_search_modules:
    _mlir.globals.append_dialect_search_prefix("pydm.mlir_modules")  # see that package
EXC = "exception_result"

# ---- op names --------------------------------------------------------------
CONSTANT = "iree_pydm.constant"          # literal of a primitive type
APPLY_BINARY = "iree_pydm.apply_binary"  # l <op> r, Python binary operator (dunder_name: add, floordiv, ...)
APPLY_COMPARE = "iree_pydm.apply_compare"  # l <cmp> r (dunder_name: lt, le, gt, ge, eq, ne)
APPLY_UNARY = "iree_pydm.apply_unary"    # neg, pos, invert, abs
CONVERT = "iree_pydm.convert"            # int()/float()/bool() and numeric promotion
AS_BOOL = "iree_pydm.as_bool"            # truthiness: bool(x)
NOT = "iree_pydm.not"                    # logical not of a bool
BOOL_TO_PRED = "iree_pydm.bool_to_pred"  # bool -> i1 for branches
SELECT = "iree_pydm.select"              # i1 ? a : b
IS = "iree_pydm.is"                      # identity comparison
FAILED = "iree_pydm.failed"              # exception_result -> i1 (non-zero)
SUCCESS = "iree_pydm.success"            # the exception_result 0
RAISE = "iree_pydm.raise"                # the exception_result of raising cls(message) here
BOX = "iree_pydm.box"                    # primitive -> object record
UNBOX = "iree_pydm.unbox"                # object -> (exc, primitive); TypeError if the type differs
RANGE_NEXT = "iree_pydm.range_next"      # next counter of a range loop, saturating at stop
GET_TYPE_CODE = "iree_pydm.get_type_code"  # object -> integer: slot 0 of the record
RAISE_TYPE_ERROR = "iree_pydm.raise_type_error"  # TypeError whose message names the operands' types
# dynamic values as (type code, payload bits) pairs (pass split-objects)
PAIR_OF = "iree_pydm.pair_of"            # primitive -> (code, bits): a box without a record
PAIR_UNBOX = "iree_pydm.pair_unbox"      # (code, bits) -> (exc, primitive), as unbox
PAIR_IS = "iree_pydm.pair_is"            # identity of two pairs
RECORD_OF = "iree_pydm.record_of"        # (code, bits) -> object record (module boundary)
RECORD_SPLIT = "iree_pydm.record_split"  # object record -> (code, bits) (module boundary)

ALL_OPS = (CONSTANT, APPLY_BINARY, APPLY_COMPARE, APPLY_UNARY, CONVERT, AS_BOOL, NOT,
           BOOL_TO_PRED, SELECT, IS, FAILED, SUCCESS, RAISE, BOX, UNBOX, RANGE_NEXT,
           GET_TYPE_CODE, RAISE_TYPE_ERROR, PAIR_OF, PAIR_UNBOX, PAIR_IS, RECORD_OF, RECORD_SPLIT)

BINARY_NAMES = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
                "lshift", "rshift", "and", "or", "xor")
COMPARE_NAMES = ("lt", "le", "gt", "ge", "eq", "ne")
UNARY_NAMES = ("neg", "pos", "invert", "abs")


# ---- types -----------------------------------------------------------------
def ir_type(t: PyType | str) -> ir.Type:
    """The ``!iree_pydm.<name>`` type for a static type (cached by MLIR's uniquing)."""
    name = t.value if isinstance(t, PyType) else t
    if name == PyType.BOTTOM.value:
        name = PyType.NONE.value
    return ir.Type.parse(f"!{NS}.{name}")


def exc_type() -> ir.Type:
    return ir.Type.parse(f"!{NS}.{EXC}")


def type_name(t: ir.Type) -> str | None:
    """``"integer"`` for ``!iree_pydm.integer``; None for a non-pydm type."""
    try:
        o = ir.OpaqueType(t)
    except (ValueError, TypeError):
        return None
    return o.data if o.dialect_namespace == NS else None


def py_type(t: ir.Type) -> PyType:
    """Static type of a pydm-typed value."""
    return PyType(type_name(t))


def value_type(v: ir.Value) -> PyType:
    return py_type(v.type)


def i1() -> ir.Type:
    return ir.IntegerType.get_signless(1)


# ---- builders ----------------------------------------------------------------
def _op(name, operands, results, ip=None, **attrs) -> ir.Operation:
    return ir.Operation.create(name, results=results, operands=list(operands),
                               attributes={k: v for k, v in attrs.items() if v is not None}, ip=ip)


def constant(value, t: PyType, ip=None) -> ir.Value:
    """A literal: ``None``, ``True``, ``3``, ``2.5``."""
    if t is PyType.NONE or t is PyType.BOTTOM:
        attr = ir.UnitAttr.get()
    elif t is PyType.BOOL:
        attr = ir.BoolAttr.get(bool(value))
    elif t is PyType.INT:
        attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), int(value))
    elif t is PyType.FLOAT:
        attr = ir.FloatAttr.get(ir.F64Type.get(), float(value))
    else:
        raise ValueError(f"no constant of type {t}")
    return _op(CONSTANT, [], [ir_type(t)], value=attr, ip=ip).result


def apply_binary(name: str, lhs, rhs, result: PyType, inplace: bool = False, infallible: bool = False,
                 nonneg: bool = False, ip=None) -> tuple[ir.Value, ir.Value]:
    """Python ``lhs <op> rhs`` with both operands already of the operation's type
    (``inplace``: written ``lhs <op>= rhs``, which only changes error messages;
    ``infallible``: proven not to raise - an int add/sub/mul that fits, a float
    division by a nonzero divisor - so lowered without a check; ``nonneg``:
    both int operands proven >= 0, which makes some checks cheaper)."""
    unit = ir.UnitAttr.get()
    op = _op(APPLY_BINARY, [lhs, rhs], [exc_type(), ir_type(result)], dunder_name=ir.StringAttr.get(name),
             inplace=unit if inplace else None, infallible=unit if infallible else None,
             nonneg=unit if nonneg else None, ip=ip)
    return op.results[0], op.results[1]


def apply_compare(name: str, lhs, rhs, ip=None) -> tuple[ir.Value, ir.Value]:
    """Python ``lhs <cmp> rhs`` → bool (mixed int/float compares exactly)."""
    op = _op(APPLY_COMPARE, [lhs, rhs], [exc_type(), ir_type(PyType.BOOL)], dunder_name=ir.StringAttr.get(name), ip=ip)
    return op.results[0], op.results[1]


def apply_unary(name: str, x, result: PyType, ip=None) -> tuple[ir.Value, ir.Value]:
    """Python ``-x``, ``+x``, ``~x`` or ``abs(x)``."""
    op = _op(APPLY_UNARY, [x], [exc_type(), ir_type(result)], dunder_name=ir.StringAttr.get(name), ip=ip)
    return op.results[0], op.results[1]


def convert(x, result: PyType, ip=None) -> tuple[ir.Value, ir.Value]:
    """``int(x)``, ``float(x)``, ``bool(x)``, or promotion bool→int→float."""
    op = _op(CONVERT, [x], [exc_type(), ir_type(result)], ip=ip)
    return op.results[0], op.results[1]


def as_bool(x, ip=None) -> ir.Value:
    """Truthiness of ``x`` as a pydm bool."""
    return _op(AS_BOOL, [x], [ir_type(PyType.BOOL)], ip=ip).result


def not_(x, ip=None) -> ir.Value:
    return _op(NOT, [x], [ir_type(PyType.BOOL)], ip=ip).result


def bool_to_pred(x, ip=None) -> ir.Value:
    """A pydm bool as the ``i1`` that ``cf.cond_br`` needs."""
    return _op(BOOL_TO_PRED, [x], [i1()], ip=ip).result


def select(pred, a, b, ip=None) -> ir.Value:
    return _op(SELECT, [pred, a, b], [a.type], ip=ip).result


def is_(a, b, ip=None) -> ir.Value:
    return _op(IS, [a, b], [ir_type(PyType.BOOL)], ip=ip).result


def failed(exc, ip=None) -> ir.Value:
    """i1: did the operation that produced ``exc`` raise?"""
    return _op(FAILED, [exc], [i1()], ip=ip).result


def success(ip=None) -> ir.Value:
    return _op(SUCCESS, [], [exc_type()], ip=ip).result


def raise_(cls: str, message: str, ip=None) -> ir.Value:
    """The exception_result of raising ``cls(message)`` at the current location."""
    return _op(RAISE, [], [exc_type()], cls=ir.StringAttr.get(cls), message=ir.StringAttr.get(message), ip=ip).result


def box(x, ip=None) -> ir.Value:
    return _op(BOX, [x], [ir_type(PyType.OBJECT)], ip=ip).result


def unbox(x, t: PyType, message: str = "pydm: expected {want}, got '{}'", checked: bool = True,
          ip=None) -> tuple[ir.Value, ir.Value]:
    """The value of object ``x`` as ``t``: int accepts bool and int records,
    float accepts any number (ints convert exactly as float() does). Otherwise
    TypeError(message), ``{}`` standing for the record's type name; with
    ``checked=False`` the caller has tested the type and nothing is checked."""
    op = _op(UNBOX, [x], [exc_type(), ir_type(t)], message=ir.StringAttr.get(
        message.replace("{want}", t.python_name)), unchecked=None if checked else ir.UnitAttr.get(), ip=ip)
    return op.results[0], op.results[1]


def get_type_code(x, ip=None) -> ir.Value:
    """The type code (pydm/typecodes.py) of object ``x``."""
    return _op(GET_TYPE_CODE, [x], [ir_type(PyType.INT)], ip=ip).result


def raise_type_error(template: str, operands, ip=None) -> ir.Value:
    """The exception_result of TypeError(template.format(*type names of operands));
    the operands are objects or (after split-objects) their integer type codes."""
    return _op(RAISE_TYPE_ERROR, list(operands), [exc_type()], template=ir.StringAttr.get(template), ip=ip).result


def range_next(i, stop, step, ip=None) -> ir.Value:
    """``i + step`` for a ``range`` loop counter; past ``stop`` it saturates at
    ``stop`` instead of overflowing (the loop then ends, as in CPython)."""
    return _op(RANGE_NEXT, [i, stop, step], [ir_type(PyType.INT)], ip=ip).result


# ---- (type code, payload bits) pairs ---------------------------------------------
def pair_of(x, ip=None) -> tuple[ir.Value, ir.Value]:
    """The (type code, payload bits) of primitive ``x`` (no allocation)."""
    t = ir_type(PyType.INT)
    op = _op(PAIR_OF, [x], [t, t], ip=ip)
    return op.results[0], op.results[1]


def pair_unbox(code, bits, t: PyType, message: str, checked: bool = True, ip=None) -> tuple[ir.Value, ir.Value]:
    """``unbox`` of a pair: the value as ``t`` or TypeError(message)."""
    op = _op(PAIR_UNBOX, [code, bits], [exc_type(), ir_type(t)], message=ir.StringAttr.get(message),
             unchecked=None if checked else ir.UnitAttr.get(), ip=ip)
    return op.results[0], op.results[1]


def pair_is(a_code, a_bits, b_code, b_bits, ip=None) -> ir.Value:
    return _op(PAIR_IS, [a_code, a_bits, b_code, b_bits], [ir_type(PyType.BOOL)], ip=ip).result


def record_of(code, bits, ip=None) -> ir.Value:
    """A seed-002 object record holding the pair (for the module's boundary)."""
    return _op(RECORD_OF, [code, bits], [ir_type(PyType.OBJECT)], ip=ip).result


def record_split(x, ip=None) -> tuple[ir.Value, ir.Value]:
    t = ir_type(PyType.INT)
    op = _op(RECORD_SPLIT, [x], [t, t], ip=ip)
    return op.results[0], op.results[1]


# ---- verifier ------------------------------------------------------------------
class VerifyError(Exception):
    pass


def verify(module: ir.Module) -> None:
    """Structural checks of iree_pydm ops beyond what MLIR's generic verifier does."""
    module.operation.verify()

    def check(op):
        op = op.operation if hasattr(op, "operation") else op
        name = op.name
        if not name.startswith(NS + "."):
            return ir.WalkResult.ADVANCE
        if name not in ALL_OPS:
            raise VerifyError(f"unknown op {name} at {op.location}")
        attrs = op.attributes
        if name == APPLY_BINARY and ir.StringAttr(attrs["dunder_name"]).value not in BINARY_NAMES:
            raise VerifyError(f"bad binary op at {op.location}")
        if name == APPLY_COMPARE and ir.StringAttr(attrs["dunder_name"]).value not in COMPARE_NAMES:
            raise VerifyError(f"bad compare op at {op.location}")
        if name == APPLY_UNARY and ir.StringAttr(attrs["dunder_name"]).value not in UNARY_NAMES:
            raise VerifyError(f"bad unary op at {op.location}")
        if name in (APPLY_BINARY, APPLY_UNARY, CONVERT, APPLY_COMPARE, UNBOX, PAIR_UNBOX):
            if type_name(op.results[0].type) != EXC:
                raise VerifyError(f"{name} must return an exception_result first at {op.location}")
        return ir.WalkResult.ADVANCE

    module.operation.walk(check)
