"""Literal values read from the source at compile time: a constant, a
negated one, a tuple of them (default arguments, module constants ahead of
time, constant slice bounds), and the static types of constants."""
from __future__ import annotations

from astroid import nodes

from ..errors import error_at
from ..types import PyType, tuple_of

T = PyType


def const_value(node):
    """The Python value of a literal (incl. a negated one), else None."""
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, nodes.UnaryOp) and node.op in ("-", "+") and isinstance(node.operand, nodes.Const):
        v = node.operand.value
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return -v if node.op == "-" else v
    return None


NO_VALUE = _NO_VALUE = object()


def literal_value(node, missing=None):
    """The Python value of a literal, a negated literal or a tuple of them
    (a default argument's value), else ``missing``."""
    if isinstance(node, nodes.Tuple):
        items = [literal_value(e, _NO_VALUE) for e in node.elts]
        return missing if _NO_VALUE in items else tuple(items)
    if isinstance(node, nodes.Const) and not isinstance(node.value, (str, bytes)) and node.value is not Ellipsis:
        return node.value
    v = const_value(node)
    return missing if v is None else v


def _carried_constant(value) -> bool:
    if type(value) is tuple:
        return all(map(_carried_constant, value))
    return value is None or type(value) in (bool, float, str) or type(value) is int and -2**63 <= value < 2**63


def constant_type(value) -> PyType:
    """The static type of a constant (a scalar, or a tuple of constants)."""
    if type(value) is tuple:
        return tuple_of(*map(constant_type, value))
    return const_type(None, value)


def const_type(node, value) -> PyType:
    if value is None:
        return T.NONE
    if isinstance(value, bool):
        return T.BOOL
    if isinstance(value, int):
        if not -2**63 <= value < 2**63:
            raise error_at(node, "integer literal does not fit in 64 bits",
                           "pydm ints are 64-bit; results that do not fit raise OverflowError")
        return T.INT
    if isinstance(value, float):
        return T.FLOAT
    if isinstance(value, str):
        return T.STR
    raise error_at(node, f"{type(value).__name__} literals are not supported",
                   "pydm compiles int, float, bool and None values and tuples of them")


def slice_bounds(s: nodes.Slice):
    """The (start, stop, step) of a slice whose parts are all literals or absent, else None."""
    out = []
    for part in (s.lower, s.upper, s.step):
        if part is None:
            out.append(None)
            continue
        v = const_value(part)
        if not isinstance(v, int):
            return None
        out.append(int(v))
    return tuple(out)
