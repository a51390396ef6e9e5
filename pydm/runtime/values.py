"""Python values at the module boundary: their static types and seed-002 records.

A parameter of a scalar type crosses as itself; one of type ``object`` or a
tuple type crosses as a seed-002 record (``pydm/representation.py``). These
helpers are what the JIT's specialization and the callers of exports share.
"""
from __future__ import annotations

import iree.runtime as rt

from .. import typecodes as tc
from ..types import MAX_DEPTH, PyType, tuple_any, tuple_of

T = PyType
INT64_MIN, INT64_MAX = -2**63, 2**63 - 1


#: the JIT specializes on a tuple argument's element types up to this length
#: (and the nesting of types.MAX_DEPTH); a longer tuple is a ``tuple<object,...>``
MAX_PRECISE_TUPLE = 8


def static_type_of(value, depth: int = 0) -> PyType | None:
    """The static type the JIT specializes a parameter on for this argument
    (a short tuple: its element types; a long one ``tuple<object,...>``);
    None if pydm cannot pass the value."""
    cls = type(value)
    if cls is tuple:
        if len(value) > MAX_PRECISE_TUPLE or depth >= MAX_DEPTH:
            return tuple_any(T.OBJECT) if all(static_type_of(x, depth + 1) for x in value) else None
        elts = [static_type_of(x, depth + 1) for x in value]
        return None if None in elts else tuple_of(*elts)
    if cls is int:
        return T.INT
    if cls is float:
        return T.FLOAT
    if cls is bool:
        return T.BOOL
    if value is None:
        return T.NONE
    if cls is tuple:
        return tuple_any(T.OBJECT)
    if isinstance(value, bool):
        return T.BOOL
    if isinstance(value, int):
        return T.INT
    if isinstance(value, float):
        return T.FLOAT
    if isinstance(value, tuple):
        return tuple_any(T.OBJECT)
    return None


def conforms(value, t: PyType) -> bool:
    """Is ``value`` a value of static type ``t`` (an int is a float, PEP 484)?"""
    if t is T.OBJECT:
        return static_type_of(value) is not None and (not isinstance(value, tuple) or all(
            conforms(x, T.OBJECT) for x in value))
    if t is T.INT:
        return isinstance(value, int)
    if t is T.FLOAT:
        return isinstance(value, (int, float))
    if t is T.BOOL:
        return isinstance(value, bool)
    if t is T.NONE:
        return value is None
    if t.is_tuple:
        if not isinstance(value, tuple):
            return False
        if t.elts is not None:
            return len(value) == len(t.elts) and all(conforms(x, e) for x, e in zip(value, t.elts))
        return all(conforms(x, t.elt) for x in value)
    return False


def describe(t: PyType) -> str:
    """How an error message names a static type: ``int``, ``tuple[int, float]``."""
    if t.is_tuple:
        if t.elts is None:
            return f"tuple[{describe(t.elt)}, ...]"
        return "tuple[" + ", ".join(describe(e) for e in t.elts) + "]" if t.elts else "tuple[()]"
    return {T.NONE: "None"}.get(t, t.python_name)


def to_record(value, where: str = "", t: PyType | None = None) -> rt.VmVariantList:
    """A Python None/bool/int/float/tuple as a seed-002 record ``[type code, payload]``;
    with a static type ``t`` (an annotated parameter of a loaded module) the
    value is first converted to it as a scalar argument would be (an int for
    a float element becomes a float, a bool for an int element an int)."""
    if t is T.FLOAT and isinstance(value, (int, float)) and type(value) is not float:
        value = float(value)
    elif t is T.INT and type(value) is bool:
        value = int(value)
    record = rt.VmVariantList(2)
    cls = type(value)
    if value is None:
        record.push_int(tc.NONE)
        record.push_int(0)
    elif cls is bool:
        record.push_int(tc.BOOL)
        record.push_int(1 if value else 0)
    elif isinstance(value, float):
        record.push_int(tc.REAL)
        record.push_float(float(value))
    elif isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise OverflowError(f"{where}int {value} does not fit in 64 bits")
        record.push_int(tc.INTEGER)
        record.push_int(int(value))
    elif isinstance(value, tuple):
        items = rt.VmVariantList(len(value))
        elts = [None] * len(value)
        if t is not None and t.is_tuple:
            elts = list(t.elts) if t.elts is not None else [t.elt] * len(value)
        for x, e in zip(value, elts):
            items.push_list(to_record(x, where, e))
        record.push_int(tc.TUPLE)
        record.push_list(items)
    else:
        raise TypeError(f"{where}pydm cannot pass a {cls.__name__} value")
    return record


def from_record(record: rt.VmVariantList):
    """The Python value of a seed-002 record (a tuple's payload is a list of records)."""
    code = record.get_variant(0)
    if code == tc.NONE:
        return None
    if code == tc.TUPLE:
        items = record.get_as_list(1)
        return tuple(from_record(items.get_as_list(i)) for i in range(len(items)))
    value = record.get_variant(1)
    if code == tc.BOOL:
        return bool(value)
    if code == tc.INTEGER:
        return int(value)
    if code == tc.REAL:
        return float(value)
    raise SystemError(f"pydm: object record with unknown type code {code}")
