"""A specialization: a jit function with the static types of its arguments
(its typed locals, expressions and result, filled in by ``typing.py``), and
its VM symbol. The bounds that keep the set of specializations finite (tuple
widening, the generic fallback, twins of mixed int/float signatures) are here.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from ..types import FunctionType, PyType, tuple_any, tuple_of, widen
from .source import FunctionInfo

T = PyType


@dataclass(eq=False)
class Specialization:
    """A function compiled for given argument types."""

    func: FunctionInfo
    arg_types: tuple[PyType, ...]
    symbol: str
    var_types: dict[str, PyType] = field(default_factory=dict)
    ret: PyType = PyType.BOTTOM
    #: the static type of every expression node of the body (after inference)
    expr_types: dict = field(default_factory=dict)
    #: for a generic (object-argument) specialization: (types, typed twin) pairs —
    #: when the object arguments hold these types (in order), the twin runs instead
    fast_paths: list = field(default_factory=list)
    #: only a generic function's typed twin (nothing calls it): if its body does
    #: not compile for these types (e.g. ``x is y`` on ints), the twin is dropped
    twin_only: bool = False
    #: the first call that reached this specialization (None: an entry point);
    #: a compile error in its body names it
    call_site: object = None
    #: the symbols of the specializations that call this one (a twin's body
    #: that does not compile may drop the twins that reach it: importer.py)
    callers: set = field(default_factory=set)
    #: the element type of each typed-storage candidate group of lists
    #: (``list_storage.py``): the join of every value stored into them
    list_elts: dict = field(default_factory=dict)

    def type_of(self, node) -> PyType:
        """The inferred static type of an expression node."""
        t = self.expr_types.get(node, T.BOTTOM)
        return t


#: a function called with more argument-type signatures than this gets
#: generic (``object``) specializations for further ones
MAX_SPECIALIZATIONS = 12
#: a tuple argument longer than this specializes its callee as ``tuple<T,...>``
MAX_ARGUMENT_TUPLE = 8


def widen_argument(t: PyType) -> PyType:
    """A call's argument type as its callee is specialized on."""
    if not t.is_tuple:
        return t
    if t.elts is not None and len(t.elts) > MAX_ARGUMENT_TUPLE:
        return widen(tuple_any(t.any_element()))
    if t.elts is not None:
        return widen(tuple_of(*(widen_argument(e) for e in t.elts)))
    return widen(t)


#: a generic function with up to this many object parameters gets a typed
#: twin for every int/float combination of them; with more, all-int and all-float
MAX_MIXED_TWIN_PARAMS = 3


def twin_signatures(n_objects: int) -> list[tuple]:
    """The object-argument types a generic specialization dispatches to typed
    twins on entry (int and float: the types numeric code is called with)."""
    if n_objects <= MAX_MIXED_TWIN_PARAMS:
        return list(itertools.product((T.INT, T.FLOAT), repeat=n_objects))
    return [(T.INT,) * n_objects, (T.FLOAT,) * n_objects]


_MANGLE = {T.NONE: "n", T.BOOL: "b", T.INT: "i", T.FLOAT: "f", T.OBJECT: "o", T.SCALAR_OBJECT: "s",
           T.BOTTOM: "n", T.RANGE: "r", T.ITERATOR: "I", T.STR: "S", T.DICT: "D", T.SET: "E",
           T.FROZENSET: "F"}


def _mangle_type(t: PyType) -> str:
    if isinstance(t, FunctionType):
        return f"F{function_serial(t)}_"
    if t.is_list:  # typed storage: l and its element's letter
        return "L" if t.elt is T.OBJECT else "l" + _MANGLE[t.elt]
    if t.is_tuple:
        if t.elts is None:
            return f"T{_mangle_type(t.elt)}_"
        return "t" + "".join(_mangle_type(e) for e in t.elts) + "_"
    return _MANGLE[t]


def mangle(name: str, arg_types) -> str:
    name = re.sub(r"[^A-Za-z0-9_.]", "_", name)  # a nested function's key: outer.inner@5.4
    return f"{name}${''.join(_mangle_type(t) for t in arg_types)}"


_SERIALS: dict = {}


def function_serial(t: FunctionType) -> int:
    """The number that names a function value's function (in its record and
    in the symbols of specializations that take it)."""
    return _SERIALS.setdefault(t.value, len(_SERIALS))
