"""Literal values read from the source at compile time: a constant, a
negated one, a tuple of them (default arguments, module constants ahead of
time)."""
from __future__ import annotations

from astroid import nodes


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
