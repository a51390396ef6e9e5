"""Low-level intrinsics available to the runtime library (``runtime_lib/``) only.

They expose what Python code cannot say by itself: type-code tests, a
dynamic value's payload as a typed value, filling a new tuple or str, wrapping
64-bit arithmetic (for ``hash``), and exceptions whose message is completed
at run time. Each is one small builder here; ``runtime_lib/intrinsics.py``
gives each its CPython meaning, so the library also runs as plain Python.
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from .. import typecodes as tc
from ..errors import error_at
from ..types import PyType, list_of, tuple_any, tuple_of

T = PyType
ANY_TUPLE = tuple_any(T.OBJECT)
LIST = list_of()
RANGE_PARTS = tuple_of(T.INT, T.INT, T.INT)

_CODE_SETS = {
    "is_none": (tc.NONE,), "is_bool": (tc.BOOL,), "is_int": (tc.INTEGER,), "is_float": (tc.REAL,),
    "is_intlike": (tc.BOOL, tc.INTEGER), "is_number": (tc.BOOL, tc.INTEGER, tc.REAL),
    "is_tuple": (tc.TUPLE,), "is_list": (tc.LIST,), "is_sequence": (tc.TUPLE, tc.LIST),
    "is_range": (tc.RANGE,), "is_iterator": (tc.SEQUENCE_ITERATOR,), "is_str": (tc.STR,), "is_exception": (tc.EXCEPTION_RESULT,),
    "is_dict": (tc.DICT,), "is_set": (tc.SET, tc.FROZENSET), "is_frozenset": (tc.FROZENSET,),
    "is_view": tc.DICT_VIEWS, "is_values_view": (tc.DICT_VALUES,), "is_items_view": (tc.DICT_ITEMS,),
}
#: the intrinsics that make a dict's view of a tuple ``(d,)`` (runtime_lib/views.py)
_VIEW_NEW = {"keys_new": T.DICT_KEYS, "values_new": T.DICT_VALUES, "items_new": T.DICT_ITEMS}

_RESULT_TYPES = {
    **{name: T.BOOL for name in _CODE_SETS},
    "int_value": T.INT, "float_value": T.FLOAT, "as_tuple": ANY_TUPLE, "int_power": T.INT,
    "type_error": T.BOTTOM, "fail": T.BOTTOM, "fail_types": T.BOTTOM, "seq_new": ANY_TUPLE, "seq_set": T.NONE,
    "as_list": LIST, "list_new": LIST, "seq_resize": T.NONE,
    "as_range": T.RANGE, "range_new": T.RANGE, "range_parts": RANGE_PARTS, "item": T.OBJECT,
    "iter_new": T.ITERATOR, "iter_state": LIST,
    "as_str": T.STR, "str_new": T.STR, "str_set": T.NONE, "str_resize": T.NONE, "str_done": T.STR, "str_code": T.INT,
    "dict_new": T.DICT, "dict_state": LIST, "as_dict": T.DICT,
    "set_new": T.SET, "set_state": LIST, "as_set": T.SET, "frozenset_new": T.FROZENSET,
    "wrap_add": T.INT, "wrap_mul": T.INT, "rotl": T.INT, "float_bits": T.INT, "bits_float": T.FLOAT,
    "host_float": T.FLOAT, "libm": T.FLOAT, **_VIEW_NEW, "view_state": ANY_TUPLE,
    "ints_new": T.STR, "ints_get": T.INT, "ints_set": T.NONE, "as_ints": T.STR,
}
#: an array of ints (a dict's index, runtime_lib/dicts.py) is laid out as a str
#: is, one i64 slot each: these are the str intrinsics under their own names
#: (their CPython meanings differ: ``str_code`` is ``ord``)
_INT_ARRAY = {"ints_new": "str_new", "ints_get": "str_code", "ints_set": "str_set", "as_ints": "as_str"}

#: unchecked casts whose argument ``item(xs, i)`` is read as one slot: the payload
#: (an int) or the reference (a heap value), not the type code first and then the
#: slot it names (a variant slot read costs ~25 ns; a dict probe made ~9 of them)
_SLOT_READS = {"int_value": T.INT, "as_list": LIST, "as_ints": T.STR, "as_str": T.STR, "as_tuple": ANY_TUPLE,
               "as_dict": T.DICT, "as_set": T.SET, "as_range": T.RANGE}

#: intrinsics whose first argument is a literal string (not a value)
_TEMPLATED = ("type_error", "fail", "fail_types")
_WRAPPING = {"wrap_add": "add", "wrap_mul": "mul"}


def is_intrinsic(name: str) -> bool:
    return name in _RESULT_TYPES or name == "seq_done"


def result_type(name: str, arg_types) -> PyType:
    if name == "seq_done":
        return arg_types[0] if arg_types else T.BOTTOM
    return _RESULT_TYPES[name]


def is_terminating(stmt) -> bool:
    """``type_error(...)``/``fail(...)`` as a statement never falls through."""
    return (isinstance(stmt, nodes.Expr) and isinstance(stmt.value, nodes.Call)
            and isinstance(stmt.value.func, nodes.Name) and stmt.value.func.name in _TEMPLATED)


def _literal(node, i: int) -> str:
    arg = node.args[i]
    if not (isinstance(arg, nodes.Const) and isinstance(arg.value, str)):
        raise error_at(node, f"{node.func.name}() needs a literal string here")
    return arg.value


def slot_read(name: str, node):
    """The inner ``item(xs, i)`` call of ``name(item(xs, i))`` when ``name`` is an
    unchecked cast that can read the one slot it needs (else None)."""
    if name not in _SLOT_READS or len(node.args) != 1:
        return None
    inner = node.args[0]
    if isinstance(inner, nodes.Call) and isinstance(inner.func, nodes.Name) and inner.func.name == "item" \
            and len(inner.args) == 2 and not inner.keywords:
        return inner
    return None


def emit_slot_read(emitter, name: str, args):
    """``name(item(xs, i))`` on the emitted ``xs`` and ``i``: one slot read as
    the cast's type (the library has tested the element's type first, as for
    ``item`` followed by the unchecked cast); a sequence of typed storage takes
    the two steps."""
    seq, i = args
    if emitter.type(seq).any_element() is not T.OBJECT:
        return emit(emitter, name, [emit(emitter, "item", args, None)], None)
    _, out = emitter.b.tuple_get(seq, emitter.promote(i, T.INT), _SLOT_READS[name], in_range=True)
    return out


def emit(emitter, name: str, args, node):
    """Build intrinsic ``name`` on already-emitted pydm values ``args`` (the
    literal string arguments are read from ``node``)."""
    b, fb = emitter.b, emitter.fb
    name = _INT_ARRAY.get(name, name)
    if name in _CODE_SETS:
        (x,) = args
        return emitter.type_test(x, tuple(tc.NAMES[c] for c in _CODE_SETS[name]))
    if name in ("int_value", "float_value", "as_tuple", "as_list", "as_range", "as_str", "as_dict", "as_set"):
        (x,) = args
        want = {"int_value": T.INT, "float_value": T.FLOAT, "as_tuple": ANY_TUPLE, "as_list": LIST,
                "as_range": T.RANGE, "as_str": T.STR, "as_dict": T.DICT, "as_set": T.SET}[name]
        if not emitter.type(x).is_dynamic:
            return emitter.coerce(x, want) if name.startswith("as_") else emitter.promote(x, want)
        # unchecked: the library tests the type first (runtime_lib/intrinsics.py
        # asserts it when the library runs as plain Python)
        _, out = b.unbox(x, want, checked=False)
        return out
    if name == "int_power":
        a, e = args
        exc, out = b.apply_binary("pow", a, e, T.INT)
        fb.check(exc)
        return out
    if name == "type_error":
        fb.raise_here("TypeError", _literal(node, 0), [emitter.coerce(a, T.OBJECT) for a in args], "types")
        return None
    if name == "fail":
        cls, template = _literal(node, 0), _literal(node, 1)
        fmt = "values" if args else ("none" if not template else "")  # fail(cls, ""): cls(), as CPython's
        fb.raise_here(cls, template, [emitter.coerce(a, T.OBJECT) for a in args], fmt)
        return None
    if name == "fail_types":
        cls, template = _literal(node, 0), _literal(node, 1)
        fb.raise_here(cls, template, [emitter.coerce(a, T.OBJECT) for a in args], "types")
        return None
    if name == "seq_new":
        (n,) = args
        return b.seq_new(emitter.promote(n, T.INT), ANY_TUPLE)
    if name == "seq_set":
        t, i, x = args
        seq = t if emitter.type(t).is_list else emitter.coerce(t, ANY_TUPLE)
        b.seq_set(seq, emitter.promote(i, T.INT), emitter.coerce(x, T.OBJECT))
        return b.constant(None, T.NONE)
    if name == "list_new":
        (n,) = args
        return b.seq_new(emitter.promote(n, T.INT), LIST)
    if name == "item":  # xs[i] for 0 <= i < len(xs), which the library has made sure of
        seq, i = args
        _, out = b.tuple_get(seq, emitter.promote(i, T.INT), emitter.type(seq).any_element(), in_range=True)
        return emitter.coerce(out, T.OBJECT)
    if name == "range_new":  # a range is laid out as the tuple (start, stop, step)
        parts = emitter.make_tuple([emitter.promote(a, T.INT) for a in args])
        return b.static_cast(parts, T.RANGE)
    if name == "range_parts":
        (r,) = args
        return b.static_cast(r, RANGE_PARTS)
    if name in ("iter_new", "iter_state"):  # an iterator is laid out as a list (runtime_lib/iterators.py)
        (x,) = args
        want = T.ITERATOR if name == "iter_new" else LIST
        if emitter.type(x).is_dynamic:
            _, x = b.unbox(x, T.ITERATOR if name == "iter_state" else LIST, checked=False)
        return b.static_cast(x, want)
    if name in ("dict_new", "dict_state", "set_new", "set_state", "frozenset_new"):  # a table: a list (dicts.py)
        (x,) = args
        kind = T.DICT if name.startswith("dict") else T.SET
        want = (T.FROZENSET if name == "frozenset_new" else kind) if name.endswith("_new") else LIST
        if emitter.type(x).is_dynamic:
            _, x = b.unbox(x, kind if name.endswith("_state") else LIST, checked=False)
        return b.static_cast(x, want)
    if name in _VIEW_NEW:  # the tuple (d,) under the view's code
        (x,) = args
        return b.static_cast(emitter.coerce(x, ANY_TUPLE), _VIEW_NEW[name])
    if name == "view_state":
        (x,) = args
        if emitter.type(x).is_dynamic:
            _, x = b.unbox(x, ANY_TUPLE, checked=False)
        return b.static_cast(x, ANY_TUPLE)
    if name == "seq_resize":
        xs, n = args
        b.seq_resize(xs, emitter.promote(n, T.INT))
        return b.constant(None, T.NONE)
    if name == "seq_done":
        return args[0]
    if name == "str_new":
        (n,) = args
        return b.str_new(emitter.promote(n, T.INT))
    if name == "str_set":
        s, i, c = args
        b.str_set(s, emitter.promote(i, T.INT), emitter.promote(c, T.INT))
        return b.constant(None, T.NONE)
    if name == "str_resize":
        s, n = args
        b.seq_resize(s, emitter.promote(n, T.INT))
        return b.constant(None, T.NONE)
    if name == "str_done":
        return args[0]
    if name == "str_code":
        s, i = args
        return b.str_code(s, emitter.promote(i, T.INT))
    if name in _WRAPPING:
        a, c = args
        _, out = b.apply_binary(_WRAPPING[name], a, c, T.INT, infallible=True)  # two's complement
        return out
    if name == "rotl":
        x, k = args
        return b.raw_int("rotl", [emitter.promote(x, T.INT), emitter.promote(k, T.INT)])
    if name == "float_bits":
        (x,) = args
        return b.raw_int("float_bits", [emitter.promote(x, T.FLOAT)])
    if name == "bits_float":
        (x,) = args
        return b.raw_int("bits_float", [emitter.promote(x, T.INT)], T.FLOAT)
    if name == "host_float":  # CPython's float() of a str, by the host (runtime_lib/parsing.py)
        (x,) = args
        return b.host_float(emitter.coerce(x, T.STR))
    if name == "libm":  # the C library's function, raw (runtime_lib/mathfns.py adds CPython's errors)
        fn = _literal(node, 0)
        if d.LIBM_FUNCTIONS.get(fn) != len(args):
            raise error_at(node, f"libm() has no function '{fn}' of {len(args)} arguments")
        return b.libm(fn, [emitter.promote(a, T.FLOAT) for a in args])
    raise error_at(node, f"unknown intrinsic {name}()")
