"""Static types written as annotations: ``int``, ``float``, ``bool``, ``None``, ``str``,
``object``, ``tuple``, ``tuple[int, float]``, ``tuple[int, ...]``, ``list``
(``list[int]`` too: a list's elements are dynamic values whatever its annotation
says, see ``pydm/types.py``)."""
from __future__ import annotations

from astroid import nodes

from ..errors import error_at
from ..types import PyType, list_of, tuple_any, tuple_of

T = PyType
_NAMES = {"int": T.INT, "float": T.FLOAT, "bool": T.BOOL, "object": T.OBJECT, "tuple": tuple_any(T.OBJECT),
          "list": list_of(), "range": T.RANGE, "str": T.STR, "dict": T.DICT, "set": T.SET,
          "frozenset": T.FROZENSET}
HINT = "annotate with int, float, bool, None, str, object, list, tuple, dict, set, frozenset, tuple[int, float] or tuple[int, ...]"


def annotation_type(node) -> PyType | None:
    """The static type an annotation names, or None for no annotation."""
    if node is None:
        return None
    if isinstance(node, nodes.Name) and node.name in _NAMES:
        return _NAMES[node.name]
    if isinstance(node, nodes.Const) and node.value is None:
        return T.NONE
    if isinstance(node, nodes.Subscript) and isinstance(node.value, nodes.Name) and node.value.name == "list":
        _element(node.slice)  # checked, then forgotten: every list is list<object>
        return list_of()
    if isinstance(node, nodes.Subscript) and isinstance(node.value, nodes.Name) and node.value.name in ("dict", "set", "frozenset"):
        args = node.slice.elts if isinstance(node.slice, nodes.Tuple) else [node.slice]
        for a in args:
            _element(a)  # checked, then forgotten: keys, values and elements are dynamic values
        return _NAMES[node.value.name]
    if isinstance(node, nodes.Subscript) and isinstance(node.value, nodes.Name) and node.value.name == "tuple":
        args = node.slice.elts if isinstance(node.slice, nodes.Tuple) else [node.slice]
        if len(args) == 2 and isinstance(args[1], nodes.Const) and args[1].value is Ellipsis:
            return tuple_any(_element(args[0]))
        if len(args) == 1 and isinstance(args[0], nodes.Tuple) and not args[0].elts:
            return tuple_of()  # tuple[()]
        return tuple_of(*(_element(a) for a in args))
    raise error_at(node, f"unsupported annotation '{node.as_string()}'", HINT)


def _element(node) -> PyType:
    t = annotation_type(node)
    return T.OBJECT if t is None else t
