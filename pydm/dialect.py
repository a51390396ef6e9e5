"""The ``iree_pydm`` dialect: types, op names, one builder per op, a verifier.

The ops are real MLIR operations in the compiler session's context (the
dialect is unregistered, so they print in generic form). Builders take the
location from the surrounding ``with`` context and an explicit insertion
point (``ip``).

Types: ``!iree_pydm.<static type>`` for every static type of
``pydm/types.py`` (``none``, ``bool``, ``integer``, ``real``, ``object``,
``tuple<integer,real>``, ``tuple<object,...>``; ``ref`` is the heap
reference inside a split dynamic value) and ``!iree_pydm.exception_result``
(an i32 code at run time, see pydm/exceptions.py). Every op that can raise
returns an ``exception_result`` as its first result.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler._mlir_libs import _mlir

from . import typecodes as tc
from .types import PyType, list_of, parse_type

NS = "iree_pydm"

if "pydm.mlir_modules" not in _mlir.globals.dialect_search_modules:
    _mlir.globals.append_dialect_search_prefix("pydm.mlir_modules")  # see that package
EXC = "exception_result"

# ---- op names --------------------------------------------------------------
# numbers, truth, identity
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
RANGE_NEXT = "iree_pydm.range_next"      # next counter of a range loop, saturating at stop
RAW_INT = "iree_pydm.raw_int"            # runtime library: bit-level ops (fn: rotl, float_bits, bits_float)
# exceptions
FAILED = "iree_pydm.failed"              # exception_result -> i1 (non-zero)
SUCCESS = "iree_pydm.success"            # the exception_result 0
RAISE = "iree_pydm.raise"                # the exception_result of raising cls(message) here
POLL = "iree_pydm.poll"                  # let the host interrupt a long-running call (Ctrl-C)
POLL_TICK = "iree_pydm.poll_tick"        # count a call down: false when the host is due a poll
EXCEPTION_CLASS = "iree_pydm.exception_class"  # the code a public function returns: a builtin class's (< 0)
ORIGIN = "iree_pydm.origin"              # this location, as the origin of a runtime-library failure
RECORD_ORIGIN = "iree_pydm.record_origin"  # remember (once) where a runtime-library call failed
TRACE_PUSH = "iree_pydm.trace_push"      # an exception leaves a call here: this line joins its traceback
TRACE_SAVE = "iree_pydm.trace_save"      # a handler that may re-raise takes the trace aside: (depth, list)
TRACE_RESTORE = "iree_pydm.trace_restore"  # it re-raises: the trace it took aside is current again
EXCEPTION_MATCHES = "iree_pydm.exception_matches"  # i1: is the exception an instance of one of `classes`
EXCEPTION_CAUGHT = "iree_pydm.exception_caught"  # a handler took the exception: (its site, its object)
EXCEPTION_RESTORE = "iree_pydm.exception_restore"  # bare raise: the handled exception's object is current again
# exception values (an exception object: class, site, args)
EXCEPTION_VALUE = "iree_pydm.exception_value"  # except E as e: the caught exception as a value
EXCEPTION_NEW = "iree_pydm.exception_new"  # cls(args...) as a value (not raised)
EXCEPTION_RAISE = "iree_pydm.exception_raise"  # raise e: the exception_result of raising a value
EXCEPTION_ARGS = "iree_pydm.exception_args"  # e.args -> (exc, tuple)
EXCEPTION_ISINSTANCE = "iree_pydm.exception_isinstance"  # isinstance(e, classes) -> bool
EXCEPTION_SET_CAUSE = "iree_pydm.exception_set_cause"  # raise e from c: e.__cause__ = c
# variables (pass promote-vars turns them into SSA values)
LOAD_VAR = "iree_pydm.load_var"          # (value, i1 bound) of a local variable slot
STORE_VAR = "iree_pydm.store_var"        # bind a local variable slot
DEL_VAR = "iree_pydm.del_var"            # unbind a local variable slot (del x; the name of except E as x)
UNDEF = "iree_pydm.undef"                # a placeholder value (never observed)
STATIC_CAST = "iree_pydm.static_info_cast"  # the same value as another static type of the same representation
# objects
BOX = "iree_pydm.box"                    # any value -> object
UNBOX = "iree_pydm.unbox"                # object -> (exc, primitive); TypeError if the type differs
GET_TYPE_CODE = "iree_pydm.get_type_code"  # object -> integer type code
# tuples
MAKE_TUPLE = "iree_pydm.make_tuple"      # (a, b, ...) from element values
TUPLE_GET = "iree_pydm.tuple_get"        # t[i] -> (exc, element); IndexError when out of range
TUPLE_LEN = "iree_pydm.tuple_len"        # len(t)
SEQ_NEW = "iree_pydm.seq_new"            # runtime library: a tuple of n unset elements
SEQ_SET = "iree_pydm.seq_set"            # set element i (0 <= i < len) of a list, or of a new tuple
SEQ_RESIZE = "iree_pydm.seq_resize"      # a list's length := n (new elements unset until seq_set)
# lists
LIST_SET = "iree_pydm.list_set"          # xs[i] = v -> exc; IndexError when out of range
LIST_BOX = "iree_pydm.list_box"          # a typed list's elements as a new list<object> (a snapshot)
LIST_UNBOX = "iree_pydm.list_unbox"      # a new list<object> known to hold only T's, as a new list<T>
LIST_REFILL = "iree_pydm.list_refill"    # typed list xs := the elements of ys, a list<object> of T's
LIST_FLIP = "iree_pydm.list_flip"        # typed xs[:stop] = xs[first::-1] in place when the sizes match -> i1
LIST_SLICE = "iree_pydm.list_slice"      # typed xs[start:stop] (step 1): a new list of its type
# dynamic values as (type code, payload bits, heap ref) (pass split-objects)
STR_LITERAL = "iree_pydm.str_literal"    # a str literal (attribute ``value``)
STR_NEW = "iree_pydm.str_new"            # runtime library: a str of n codepoints, to be set with str_set
STR_SET = "iree_pydm.str_set"            # codepoint i (0 <= i < len) of a new str := c
STR_LEN = "iree_pydm.str_len"            # len(s): the number of codepoints
STR_CODE = "iree_pydm.str_code"          # codepoint i (0 <= i < len, unchecked) of s, an int
# immutable heap constants kept per module instance (a module-level tuple read in a loop)
KEPT_GET = "iree_pydm.kept_get"          # (present: bool, value) of the constant kept under ``name``
KEPT_SET = "iree_pydm.kept_set"          # keep ``value`` under ``name``

DYN_OF = "iree_pydm.dyn_of"              # value -> (code, bits, ref): a box without a record
DYN_UNBOX = "iree_pydm.dyn_unbox"        # (code, bits, ref) -> (exc, value), as unbox
DYN_IS = "iree_pydm.dyn_is"              # identity of two dynamic values
RECORD_OF = "iree_pydm.record_of"        # (code, bits, ref) -> seed-002 record (module boundary)
RECORD_SPLIT = "iree_pydm.record_split"  # seed-002 record -> (code, bits, ref) (module boundary)
# the host
HOST_PRINT = "iree_pydm.host_print"      # print: the tuple (args, sep, end, flush) to the host's print
HOST_FORMAT = "iree_pydm.host_format"    # str of a tuple of pieces (str, or (value, conversion, spec)) by the host
HOST_CALL = "iree_pydm.host_call"        # a @pydm.host function: (exc, present i1, tuple of its result)
HOST_CALL_TYPED = "iree_pydm.host_call_typed"  # a scalar-only call: (exc, present i1, the result)
HOST_FLOAT = "iree_pydm.host_float"      # float(s) by the host, for a str the runtime library has validated
LIBM = "iree_pydm.libm"                  # a C libm function (attribute ``fn``) of floats, no error checks

ALL_OPS = (CONSTANT, APPLY_BINARY, APPLY_COMPARE, APPLY_UNARY, CONVERT, AS_BOOL, NOT,
           BOOL_TO_PRED, SELECT, IS, RANGE_NEXT, RAW_INT, FAILED, SUCCESS, RAISE, POLL, POLL_TICK, EXCEPTION_CLASS,
           ORIGIN, RECORD_ORIGIN, TRACE_PUSH, TRACE_SAVE, TRACE_RESTORE, EXCEPTION_MATCHES, EXCEPTION_CAUGHT, EXCEPTION_RESTORE,
           EXCEPTION_VALUE, EXCEPTION_NEW, EXCEPTION_RAISE, EXCEPTION_ARGS, EXCEPTION_ISINSTANCE, EXCEPTION_SET_CAUSE,
           LOAD_VAR, STORE_VAR, DEL_VAR, UNDEF, STATIC_CAST, BOX, UNBOX, GET_TYPE_CODE,
           MAKE_TUPLE, TUPLE_GET, TUPLE_LEN, SEQ_NEW, SEQ_SET, SEQ_RESIZE, LIST_SET, LIST_BOX, LIST_UNBOX, LIST_REFILL,
           LIST_FLIP, LIST_SLICE,
           STR_LITERAL, STR_NEW, STR_SET, STR_LEN, STR_CODE, KEPT_GET, KEPT_SET,
           DYN_OF, DYN_UNBOX, DYN_IS, RECORD_OF, RECORD_SPLIT, HOST_PRINT, HOST_FORMAT,
           HOST_FLOAT, HOST_CALL, HOST_CALL_TYPED, LIBM)

BINARY_NAMES = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
                "lshift", "rshift", "and", "or", "xor")
COMPARE_NAMES = ("lt", "le", "gt", "ge", "eq", "ne")
UNARY_NAMES = ("neg", "pos", "invert", "abs")
#: how a raise op's operands complete its message (see pydm/exceptions.py)
RAISE_FORMATS = ("", "types", "values", "args", "none")


# ---- types -----------------------------------------------------------------
#: (type text, context) -> the parsed type: a type is uniqued in its context
#: and lives as long as it; parsing the text again costs more than the lookup
_PARSED: dict = {}


def _parsed(text: str) -> ir.Type:
    key = (text, ir.Context.current)
    t = _PARSED.get(key)
    if t is None:
        t = _PARSED[key] = ir.Type.parse(text)
    return t


def ir_type(t: PyType | str) -> ir.Type:
    """The ``!iree_pydm.<text>`` type for a static type."""
    name = t.value if isinstance(t, PyType) else t
    if name == PyType.BOTTOM.value:
        name = PyType.NONE.value
    return _parsed(f"!{NS}.{name}")


def exc_type() -> ir.Type:
    return _parsed(f"!{NS}.{EXC}")


#: type -> its pydm name (or None): types are uniqued in the one process-wide
#: context (pydm/backend/driver.py ``session``) and never freed, so a type
#: object's hash and equality name it for good; the lowering asks ~20 times an op
_TYPE_NAMES: dict = {}


def type_name(t: ir.Type) -> str | None:
    """``"integer"`` for ``!iree_pydm.integer``; None for a non-pydm type."""
    try:
        return _TYPE_NAMES[t]
    except KeyError:
        pass
    try:
        o = ir.OpaqueType(t)
        name = o.data if o.dialect_namespace == NS else None
    except (ValueError, TypeError):
        name = None
    _TYPE_NAMES[t] = name
    return name


def py_type(t: ir.Type) -> PyType:
    """Static type of a pydm-typed value."""
    return parse_type(type_name(t))


def value_type(v: ir.Value) -> PyType:
    return py_type(v.type)


def i1() -> ir.Type:
    return ir.IntegerType.get_signless(1)


# ---- builders ----------------------------------------------------------------
def _op(op_name, operands, results, ip=None, successors=None, **attrs) -> ir.Operation:
    return ir.Operation.create(op_name, results=results, operands=list(operands), successors=successors,
                               attributes={k: v for k, v in attrs.items() if v is not None}, ip=ip)


def _str(s: str) -> ir.StringAttr:
    return ir.StringAttr.get(s)


def _unit(flag: bool):
    return ir.UnitAttr.get() if flag else None


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
    op = _op(APPLY_BINARY, [lhs, rhs], [exc_type(), ir_type(result)], dunder_name=_str(name),
             inplace=_unit(inplace), infallible=_unit(infallible), nonneg=_unit(nonneg), ip=ip)
    return op.results[0], op.results[1]


def apply_compare(name: str, lhs, rhs, ip=None) -> tuple[ir.Value, ir.Value]:
    """Python ``lhs <cmp> rhs`` → bool (mixed int/float compares exactly)."""
    op = _op(APPLY_COMPARE, [lhs, rhs], [exc_type(), ir_type(PyType.BOOL)], dunder_name=_str(name), ip=ip)
    return op.results[0], op.results[1]


def apply_unary(name: str, x, result: PyType, ip=None) -> tuple[ir.Value, ir.Value]:
    """Python ``-x``, ``+x``, ``~x`` or ``abs(x)``."""
    op = _op(APPLY_UNARY, [x], [exc_type(), ir_type(result)], dunder_name=_str(name), ip=ip)
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


def range_next(i, stop, step, ip=None) -> ir.Value:
    """``i + step`` for a ``range`` loop counter; past ``stop`` it saturates at
    ``stop`` instead of overflowing (the loop then ends, as in CPython)."""
    return _op(RANGE_NEXT, [i, stop, step], [ir_type(PyType.INT)], ip=ip).result


def raw_int(fn: str, operands, result: PyType = PyType.INT, ip=None) -> ir.Value:
    """A bit-level operation for the runtime library: ``rotl`` (x, k) rotates
    the 64 bits of x left by k; ``float_bits`` (x) is a float's IEEE bits,
    ``bits_float`` (n) the float with those bits."""
    return _op(RAW_INT, list(operands), [ir_type(result)], fn=_str(fn), ip=ip).result


# ---- exceptions ----------------------------------------------------------------
def failed(exc, ip=None) -> ir.Value:
    """i1: did the operation that produced ``exc`` raise?"""
    return _op(FAILED, [exc], [i1()], ip=ip).result


def success(ip=None) -> ir.Value:
    return _op(SUCCESS, [], [exc_type()], ip=ip).result


def raise_(cls: str, message: str, args=(), fmt: str = "", ip=None) -> ir.Value:
    """The exception_result of raising ``cls(message)`` at the current location.

    With ``args`` the message is completed at run time: ``fmt="values"``
    formats ``message.format(*values)``, ``fmt="types"`` formats it with the
    Python type names of the args (objects, or their type codes after
    split-objects), ``fmt="args"`` calls the class with them. The args travel
    in an exception object (pydm/exceptions.py). ``fmt="none"`` (no args):
    ``cls()``, no message at all."""
    return _op(RAISE, list(args), [exc_type()], cls=_str(cls), message=_str(message),
               fmt=_str(fmt) if args or fmt == "none" else None, ip=ip).result


def exception_class(exc, ip=None) -> ir.Value:
    """The exception_result a public function returns for ``exc``: a raise
    site's code (> 0, internal) becomes its builtin class's negative code
    (seed 002), the site being recorded in the context for the runtime."""
    return _op(EXCEPTION_CLASS, [exc], [exc_type()], ip=ip).result


def exception_matches(exc, classes, ip=None) -> ir.Value:
    """i1: is the raised ``exc`` an instance of one of the builtin exception
    classes named in ``classes`` (``except (E1, E2)``; subclasses included)?"""
    return _op(EXCEPTION_MATCHES, [exc], [i1()], classes=ir.ArrayAttr.get([_str(c) for c in classes]), ip=ip).result


def exception_caught(exc, ip=None) -> tuple[ir.Value, ir.Value]:
    """A handler took the exception ``exc``: (the code that names it for a
    re-raise - a builtin class's code from a public callee becomes its raise
    site -, its exception object, saved: a later exception replaces the
    current one). The origin a runtime-library failure recorded on its way
    out is stale from here on."""
    op = _op(EXCEPTION_CAUGHT, [exc], [exc_type(), ir_type(PyType.REF)], ip=ip)
    return op.results[0], op.results[1]


def exception_restore(saved, ip=None) -> ir.Operation:
    """Bare ``raise``: the saved object of the handled exception is current again."""
    return _op(EXCEPTION_RESTORE, [saved], [], ip=ip)


def exception_value(code, saved, ip=None) -> ir.Value:
    """``except E as e``: the caught exception (``code`` and ``saved`` of
    ``exception_caught``) as a value: its exception object if it has one,
    else one made from the code (its class and raise site)."""
    return _op(EXCEPTION_VALUE, [code, saved], [ir_type(PyType.EXCEPTION)], ip=ip).result


def exception_new(cls: str, message: str, fmt: str, args=None, ip=None) -> ir.Value:
    """``cls(...)`` as a value: its raise site is here (``cls(message)`` for
    ``fmt=""``, ``cls()`` for ``"none"``); ``fmt="args"``: ``args`` (a tuple)
    are the exception's args."""
    return _op(EXCEPTION_NEW, [args] if args is not None else [], [ir_type(PyType.EXCEPTION)],
               cls=_str(cls), message=_str(message), fmt=_str(fmt), ip=ip).result


def exception_raise(e, ip=None) -> ir.Value:
    """``raise e``: the exception_result of raising the exception value ``e``."""
    return _op(EXCEPTION_RAISE, [e], [exc_type()], ip=ip).result


def exception_args(e, ip=None) -> tuple[ir.Value, ir.Value]:
    """``e.args``: (exc, the args tuple)."""
    from .types import tuple_any
    op = _op(EXCEPTION_ARGS, [e], [exc_type(), ir_type(tuple_any(PyType.OBJECT))], ip=ip)
    return op.results[0], op.results[1]


def exception_isinstance(e, classes, ip=None) -> ir.Value:
    """bool: is the exception value ``e`` an instance of one of ``classes``?"""
    return _op(EXCEPTION_ISINSTANCE, [e], [ir_type(PyType.BOOL)],
               classes=ir.ArrayAttr.get([_str(c) for c in classes]), ip=ip).result


def exception_set_cause(e, cause, ip=None) -> ir.Operation:
    """``raise e from cause``: the exception value ``e`` gets its ``__cause__``."""
    return _op(EXCEPTION_SET_CAUSE, [e, cause], [], ip=ip)


def origin(ip=None) -> ir.Value:
    """This location, for a runtime-library call's failure to name the user's
    line (an exception_result-typed site code; ``success`` means no origin)."""
    return _op(ORIGIN, [], [exc_type()], ip=ip).result


def record_origin(exc, origin_site, ip=None) -> ir.Operation:
    """If ``exc`` failed and ``origin_site`` names a call site, remember it as
    the origin of the failure (the first one recorded wins)."""
    return _op(RECORD_ORIGIN, [exc, origin_site], [], ip=ip)


def trace_push(ip=None) -> ir.Operation:
    """An exception is leaving a call of a compiled function made here: this
    location (the caller's line) joins the exception's traceback, innermost
    first (``pydm$trace``; the runtime turns it into traceback entries)."""
    return _op(TRACE_PUSH, [], [], ip=ip)


def trace_save(ip=None) -> tuple[ir.Value, ir.Value]:
    """A handler that may re-raise (a ``finally``, an ``except`` with a bare
    ``raise``) takes the caught exception's trace aside - (its depth, its
    list) - and starts an empty one for the exceptions its body raises."""
    op = _op(TRACE_SAVE, [], [ir_type(PyType.INT), ir_type(PyType.REF)], ip=ip)
    return op.results[0], op.results[1]


def trace_restore(depth, trace, ip=None) -> ir.Operation:
    """The handler re-raises: the trace ``trace_save`` took aside is current again."""
    return _op(TRACE_RESTORE, [depth, trace], [], ip=ip)


def poll(ip=None) -> ir.Value:
    """Let the host run pending signal handlers (Ctrl-C); returns its exception_result."""
    return _op(POLL, [], [exc_type()], ip=ip).result


def poll_tick(ip=None) -> ir.Value:
    """Count one call down on the module's poll budget; a bool, true while
    budget is left (false once every ``POLL_INTERVAL`` calls: poll then)."""
    return _op(POLL_TICK, [], [ir_type(PyType.BOOL)], ip=ip).result


# ---- variables ---------------------------------------------------------------------
def load_var(name: str, t: PyType, checked: bool = False, ip=None) -> tuple[ir.Value, ir.Value]:
    """(value, i1 bound) of local variable ``name`` (of static type ``t``).
    ``checked``: the reader tests ``bound`` (the variable may be unbound here)."""
    op = _op(LOAD_VAR, [], [ir_type(t), i1()], name=_str(name), checked=_unit(checked), ip=ip)
    return op.results[0], op.results[1]


def store_var(name: str, value, ip=None) -> ir.Operation:
    return _op(STORE_VAR, [value], [], name=_str(name), ip=ip)


def del_var(name: str, ip=None) -> ir.Operation:
    """Unbind local variable ``name``: a checked load after it raises UnboundLocalError."""
    return _op(DEL_VAR, [], [], name=_str(name), ip=ip)


def undef(t: PyType | ir.Type, ip=None) -> ir.Value:
    """A value of type ``t`` that no execution observes (unbound variables,
    results of paths that raised)."""
    ty = t if isinstance(t, ir.Type) else ir_type(t)
    return _op(UNDEF, [], [ty], ip=ip).result


def static_cast(x, t: PyType, ip=None) -> ir.Value:
    """``x`` seen as static type ``t`` (same representation, e.g. a
    ``tuple<integer,integer>`` as a ``tuple<integer,...>``): no run-time effect."""
    return _op(STATIC_CAST, [x], [ir_type(t)], ip=ip).result


# ---- objects -----------------------------------------------------------------------
def box(x, t: PyType = PyType.OBJECT, ip=None) -> ir.Value:
    """``x`` as a dynamic value of type ``t`` (``object``, or ``object<scalar>``
    for a scalar): a scalar boxed, or ``object<scalar>`` widened to ``object``."""
    return _op(BOX, [x], [ir_type(t)], ip=ip).result


def unbox(x, t: PyType, message: str = "pydm: expected {want}, got '{}'", checked: bool = True,
          ip=None) -> tuple[ir.Value, ir.Value]:
    """The value of dynamic ``x`` as ``t``: int accepts bool and int records,
    float accepts any number (ints convert exactly as float() does), a tuple
    type accepts a tuple. Otherwise TypeError(message), ``{}`` standing for
    the value's type name; with ``checked=False`` the caller has tested the
    type and nothing is checked (``t`` = ``object<scalar>`` narrows an
    ``object`` the type rules know holds a scalar)."""
    op = _op(UNBOX, [x], [exc_type(), ir_type(t)], message=_str(message.replace("{want}", t.python_name)),
             unchecked=_unit(not checked), ip=ip)
    return op.results[0], op.results[1]


def get_type_code(x, ip=None) -> ir.Value:
    """The type code (pydm/typecodes.py) of object ``x``."""
    return _op(GET_TYPE_CODE, [x], [ir_type(PyType.INT)], ip=ip).result


# ---- tuples --------------------------------------------------------------------------
def make_tuple(elements, t: PyType, ip=None) -> ir.Value:
    """The tuple ``(e0, e1, ...)`` of static type ``t`` (element i of type ``t.elts[i]``)."""
    return _op(MAKE_TUPLE, list(elements), [ir_type(t)], ip=ip).result


def tuple_get(t, index, result: PyType, in_range: bool = False, ip=None) -> tuple[ir.Value, ir.Value]:
    """``t[index]`` as ``result`` (the element's static type, or object):
    IndexError when out of range, negative indices counting from the end.
    ``in_range``: the index is known to be in [0, len(t)) (no check)."""
    op = _op(TUPLE_GET, [t, index], [exc_type(), ir_type(result)], in_range=_unit(in_range), ip=ip)
    return op.results[0], op.results[1]


def tuple_len(t, ip=None) -> ir.Value:
    return _op(TUPLE_LEN, [t], [ir_type(PyType.INT)], ip=ip).result


def seq_new(n, t: PyType, ip=None) -> ir.Value:
    """A tuple or list (static type ``t``) of ``n`` elements, to be filled with seq_set."""
    return _op(SEQ_NEW, [n], [ir_type(t)], ip=ip).result


def seq_set(t, index, value, ip=None) -> ir.Operation:
    """Element ``index`` (known to be in range) := ``value`` (any static type)."""
    return _op(SEQ_SET, [t, index, value], [], ip=ip)


def host_print(payload, ip=None) -> ir.Operation:
    """Hand the tuple ``(args, sep, end, flush)`` to the host's ``print``."""
    return _op(HOST_PRINT, [payload], [], ip=ip)


def host_format(pieces, ip=None) -> ir.Value:
    """The str the host makes of ``pieces`` (frontend/printing.py)."""
    return _op(HOST_FORMAT, [pieces], [ir_type(PyType.STR)], ip=ip).result


def host_call(args, name: str, answer: PyType, optional: bool, ip=None):
    """Call the host function ``name`` (``pydm_user.NAME``) with the tuple
    ``args``: its exception code, whether the host has the function (an
    ``optional`` one may be absent: then the caller runs its fallback), and
    the 1-tuple ``answer`` holding its result."""
    op = _op(HOST_CALL, [args], [exc_type(), ir.IntegerType.get_signless(1), ir_type(answer)],
             name=_str(name), optional=_unit(optional), ip=ip)
    return tuple(op.results)


def host_call_typed(args, name: str, result: PyType, optional: bool, ip=None):
    """``host_call`` of scalar arguments and a scalar result, each crossing as
    itself (``pydm_user.NAME$typed``)."""
    op = _op(HOST_CALL_TYPED, list(args), [exc_type(), ir.IntegerType.get_signless(1), ir_type(result)],
             name=_str(name), optional=_unit(optional), ip=ip)
    return tuple(op.results)


def host_float(s, ip=None) -> ir.Value:
    """CPython's ``float(s)`` of a str (runtime_lib/parsing.py calls it only for
    a valid literal its exact fast path does not cover)."""
    return _op(HOST_FLOAT, [s], [ir_type(PyType.FLOAT)], ip=ip).result


#: the C functions ``libm`` computes (VM ops calling the host's libm, bit for bit CPython's;
#: ``remainder`` is ``arith.remf``, IEEE's exact remainder; ``HOST_LIBM``'s, CPython's own
#: ``math`` function called by the host, pydm_host.libm)
LIBM_FUNCTIONS = {"exp": 1, "expm1": 1, "log": 1, "log2": 1, "log10": 1, "log1p": 1, "sin": 1, "cos": 1,
                  "atan": 1, "tanh": 1, "erf": 1, "sqrt": 1, "floor": 1, "ceil": 1, "atan2": 2, "pow": 2,
                  "remainder": 2}
#: the math functions no VM op computes: CPython's own, by the host (code: the index here)
HOST_LIBM = tc.HOST_MATH
LIBM_FUNCTIONS.update({name: 1 for name in HOST_LIBM})


def libm(fn: str, args, ip=None) -> ir.Value:
    """The C library's ``fn`` (``LIBM_FUNCTIONS``) of floats: its raw result
    (inf, nan) - the runtime library's ``math`` functions add CPython's errors."""
    return _op(LIBM, list(args), [ir_type(PyType.FLOAT)], fn=_str(fn), ip=ip).result


def seq_resize(xs, n, ip=None) -> ir.Operation:
    """A list's length becomes ``n`` (elements past the old length are unset:
    the caller sets them before anything reads them)."""
    return _op(SEQ_RESIZE, [xs, n], [], ip=ip)


def list_set(xs, index, value, ip=None) -> ir.Value:
    """``xs[index] = value`` (negative indices count from the end); IndexError
    ``list assignment index out of range`` otherwise."""
    return _op(LIST_SET, [xs, index, value], [exc_type()], ip=ip).result


def list_box(xs, ip=None) -> ir.Value:
    """A new ``list<object>`` of the elements of typed list ``xs``
    (``list<integer>``, ``list<real>``, ``list<bool>``)."""
    return _op(LIST_BOX, [xs], [ir_type(list_of())], ip=ip).result


def list_refill(xs, ys, ip=None) -> ir.Operation:
    """Typed list ``xs`` (in place: every alias sees it) := the elements of
    ``ys``, a ``list<object>`` whose elements all have ``xs``'s element type."""
    return _op(LIST_REFILL, [xs, ys], [], ip=ip)


def list_flip(xs, first, stop, ip=None) -> ir.Value:
    """``xs[:stop] = xs[first::-1]`` of a typed list (ints; an absent bound is
    2**63 - 1), in place when the source and the target have the same length:
    an i1, true when done (nothing changed otherwise)."""
    return _op(LIST_FLIP, [xs, first, stop], [i1()], ip=ip).result


def list_slice(xs, start, stop, ip=None) -> ir.Value:
    """``xs[start:stop]`` of a typed list (ints; an absent start is 0, an absent
    stop 2**63 - 1): a new list of the same type."""
    return _op(LIST_SLICE, [xs, start, stop], [xs.type], ip=ip).result


def list_unbox(xs, t: PyType, ip=None) -> ir.Value:
    """A new list of static type ``t`` (typed storage) of the elements of
    ``xs``, a ``list<object>`` whose elements all have ``t``'s element type."""
    return _op(LIST_UNBOX, [xs], [ir_type(t)], ip=ip).result


# ---- strings (one i64 slot per codepoint: pydm/representation.py) ------------------
def str_literal(value: str, ip=None) -> ir.Value:
    """The str ``value`` (any Unicode; the attribute holds its codepoints, so
    lone surrogates survive MLIR's UTF-8 text)."""
    codes = ir.DenseI64ArrayAttr.get([ord(c) for c in value])
    return _op(STR_LITERAL, [], [ir_type(PyType.STR)], value=codes, ip=ip).result


def kept_get(name: str, t: PyType, ip=None) -> tuple[ir.Value, ir.Value]:
    """(present, value) of the immutable heap constant kept under ``name``
    (value: unset until present)."""
    op = _op(KEPT_GET, [], [ir_type(PyType.BOOL), ir_type(t)], name=_str(name), ip=ip)
    return op.results[0], op.results[1]


def kept_set(name: str, value, ip=None) -> ir.Operation:
    """Keep ``value`` (an immutable heap value) under ``name`` for later kept_get."""
    return _op(KEPT_SET, [value], [], name=_str(name), ip=ip)


def str_new(n, ip=None) -> ir.Value:
    """A str of ``n`` codepoints (an int), each set with ``str_set`` before any read."""
    return _op(STR_NEW, [n], [ir_type(PyType.STR)], ip=ip).result


def str_set(s, index, code, ip=None) -> ir.Operation:
    """Codepoint ``index`` (in range) of a str being built := ``code`` (an int)."""
    return _op(STR_SET, [s, index, code], [], ip=ip)


def str_len(s, ip=None) -> ir.Value:
    return _op(STR_LEN, [s], [ir_type(PyType.INT)], ip=ip).result


def str_code(s, index, ip=None) -> ir.Value:
    """Codepoint ``index`` of ``s`` as an int (the caller made sure 0 <= index < len(s))."""
    return _op(STR_CODE, [s, index], [ir_type(PyType.INT)], ip=ip).result


# ---- dynamic values as (type code, payload bits, heap ref) ---------------------------
def _parts():
    return [ir_type(PyType.INT), ir_type(PyType.INT), ir_type(PyType.REF)]


def dyn_of(x, ip=None) -> tuple[ir.Value, ir.Value, ir.Value]:
    """The (type code, payload bits, heap ref) of a typed value (no allocation)."""
    op = _op(DYN_OF, [x], _parts(), ip=ip)
    return tuple(op.results)


def dyn_unbox(code, bits, ref, t: PyType, message: str, checked: bool = True, ip=None):
    """``unbox`` of a split dynamic value: the value as ``t`` or TypeError(message)."""
    op = _op(DYN_UNBOX, [code, bits, ref], [exc_type(), ir_type(t)], message=_str(message),
             unchecked=_unit(not checked), ip=ip)
    return op.results[0], op.results[1]


def dyn_is(a, b, ip=None) -> ir.Value:
    """Identity of two split dynamic values (each a (code, bits, ref) triple)."""
    return _op(DYN_IS, [*a, *b], [ir_type(PyType.BOOL)], ip=ip).result


def record_of(code, bits, ref, ip=None) -> ir.Value:
    """A seed-002 object record holding the dynamic value (for the module's boundary)."""
    return _op(RECORD_OF, [code, bits, ref], [ir_type(PyType.OBJECT)], ip=ip).result


def record_split(x, ip=None) -> tuple[ir.Value, ir.Value, ir.Value]:
    op = _op(RECORD_SPLIT, [x], _parts(), ip=ip)
    return tuple(op.results)


# ---- verifier ------------------------------------------------------------------
class VerifyError(Exception):
    pass


_FALLIBLE = (APPLY_BINARY, APPLY_UNARY, CONVERT, APPLY_COMPARE, UNBOX, DYN_UNBOX, TUPLE_GET, LIST_SET,
             EXCEPTION_ARGS, HOST_CALL, HOST_CALL_TYPED)


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
        if name == RAISE and "fmt" in attrs and ir.StringAttr(attrs["fmt"]).value not in RAISE_FORMATS:
            raise VerifyError(f"bad raise format at {op.location}")
        if name in _FALLIBLE and type_name(op.results[0].type) != EXC:
            raise VerifyError(f"{name} must return an exception_result first at {op.location}")
        if name == LIBM and (ir.StringAttr(attrs["fn"]).value not in LIBM_FUNCTIONS
                             or LIBM_FUNCTIONS[ir.StringAttr(attrs["fn"]).value] != len(op.operands)):
            raise VerifyError(f"bad libm op at {op.location}")
        if name == MAKE_TUPLE:
            t = py_type(op.results[0].type)
            if not t.is_tuple or t.elts is None or len(t.elts) != len(op.operands):
                raise VerifyError(f"make_tuple of {len(op.operands)} values as {t.value} at {op.location}")
        return ir.WalkResult.ADVANCE

    module.operation.walk(check)
