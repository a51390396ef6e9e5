"""Static Python types the compiler reasons about.

A value's static type is what pydm knows about it at compile time:

* scalars ``none``, ``bool``, ``integer``, ``real`` — unboxed at run time;
* ``tuple<integer,real>`` (fixed length, one type per position) and
  ``tuple<integer,...>`` (any length, every element of one type);
* ``list<object>`` — a list (mutable, shared by reference; its elements are
  dynamic values, so any value can be stored into any list);
* ``str`` — a string (immutable; a heap value of codepoints);
* ``range`` — a range object; ``iterator`` — an iterator object (what
  ``enumerate``, ``zip``, ``reversed`` and ``iter`` return when kept as values);
* ``dict`` — a dict (its keys and values are dynamic values); ``set`` — a set;
* ``exception`` — an exception instance (``except E as e``, ``ValueError(1)``),
  of a class known only at run time;
* ``object`` — any Python value, known only at run time;
* ``object<scalar>`` — a value known only at run time to be None, a bool, an
  int or a float (what a variable that holds ints and floats is): dynamic,
  but never a heap value, so it needs no heap reference at run time;
* ``bottom`` — "no value yet" during inference (a function that never returns).

Types are interned: build them with the constructors here and compare with
``is`` or ``==``. Each has a text form (``t.value``) that is also its IR type
(``!iree_pydm.<text>``) and its form in exported signatures, and
:func:`parse_type` reads it back.

How each type is represented at run time is decided in one place,
``pydm/representation.py``.
"""
from __future__ import annotations


class PyType:
    """A static type (interned). ``value`` is its text form."""

    __slots__ = ("value", "__weakref__")
    _interned: dict[str, "PyType"] = {}
    _sealed = False

    # scalar singletons, set below
    BOTTOM: "PyType"
    NONE: "PyType"
    BOOL: "PyType"
    INT: "PyType"
    FLOAT: "PyType"
    OBJECT: "PyType"
    SCALAR_OBJECT: "PyType"
    REF: "PyType"
    RANGE: "PyType"
    ITERATOR: "PyType"
    EXCEPTION: "PyType"
    STR: "PyType"
    DICT: "PyType"
    SET: "PyType"
    FROZENSET: "PyType"
    DICT_KEYS: "PyType"
    DICT_VALUES: "PyType"
    DICT_ITEMS: "PyType"

    def __new__(cls, value: str, *args):
        found = PyType._interned.get(value)
        if found is not None:
            return found
        if cls is PyType and PyType._sealed:
            return parse_type(value)  # PyType("tuple<integer>") reads a text form
        self = object.__new__(cls)
        self.value = value
        PyType._interned[value] = self
        return self

    def __reduce__(self):
        return (parse_type, (self.value,))

    def __repr__(self) -> str:
        return f"<pydm type {self.value}>"

    @property
    def python_name(self) -> str:
        """The name CPython's messages use for values of this type."""
        if isinstance(self, TupleType):
            return "tuple"
        if isinstance(self, ListType):
            return "list"
        if isinstance(self, FunctionType):
            return "function"
        return _PY_NAMES.get(self.value, "object")

    @property
    def is_numeric(self) -> bool:
        return self in (PyType.BOOL, PyType.INT, PyType.FLOAT)

    @property
    def is_scalar(self) -> bool:
        return self in _SCALARS

    @property
    def is_tuple(self) -> bool:
        return isinstance(self, TupleType)

    @property
    def is_list(self) -> bool:
        return isinstance(self, ListType)

    @property
    def is_sequence(self) -> bool:
        """A tuple or a list (a heap sequence of dynamic values)."""
        return isinstance(self, (TupleType, ListType))

    @property
    def is_dynamic(self) -> bool:
        """Known only at run time: ``object`` or ``object<scalar>``."""
        return self is PyType.OBJECT or self is PyType.SCALAR_OBJECT


class TupleType(PyType):
    """``tuple<T1,...,Tn>`` (``elts`` known) or ``tuple<T,...>`` (``elt`` for every element)."""

    __slots__ = ("elts", "elt")

    def __new__(cls, elts: tuple | None, elt: PyType | None = None):
        if elts is not None:
            text = "tuple<" + ",".join(t.value for t in elts) + ">"
        else:
            text = f"tuple<{elt.value},...>"
        found = PyType._interned.get(text)
        if found is not None:
            return found
        self = PyType.__new__(cls, text)
        self.elts = tuple(elts) if elts is not None else None
        self.elt = elt
        return self

    @property
    def length(self) -> int | None:
        """The number of elements if every value of this type has it."""
        return len(self.elts) if self.elts is not None else None

    def element(self, i: int | None) -> PyType:
        """The static type of element ``i`` (None: an index known only at run time)."""
        if self.elts is None:
            return self.elt
        if i is not None and -len(self.elts) <= i < len(self.elts):
            return self.elts[i]
        return self.any_element()

    def any_element(self) -> PyType:
        """The join of every element's type (BOTTOM for the empty tuple)."""
        if self.elts is None:
            return self.elt
        out = PyType.BOTTOM
        for t in self.elts:
            out = join(out, t)
        return out


class ListType(PyType):
    """``list<T>``: a list whose elements all have static type ``T``: ``object``
    (a list of dynamic values), or - typed storage - ``integer``, ``real`` or
    ``bool``, only for a list whose every alias the typing pass sees
    (``frontend/list_storage.py``); ``list<bottom>`` exists only while the
    types are being inferred."""

    __slots__ = ("elt",)
    elts = None    # no fixed length (as ``tuple<T,...>``)
    length = None

    def __new__(cls, elt: PyType):
        text = f"list<{elt.value}>"
        found = PyType._interned.get(text)
        if found is not None:
            return found
        self = PyType.__new__(cls, text)
        self.elt = elt
        return self

    def any_element(self) -> PyType:
        return self.elt

    def element(self, i: int | None) -> PyType:
        return self.elt


class FunctionType(PyType):
    """``function<key>``: a function value made by a ``def`` or ``lambda``
    inside a compiled function. Each definition, in each specialization of
    the function that runs it, is a type of its own, so a call of the value
    is a direct call (the VM has no indirect call). The value itself is its
    closure: a record of the cells of its free variables.

    ``func``: the nested function (a FunctionInfo); ``outer``: the
    specialization that made it, where its free variables' types are read."""

    __slots__ = ("func", "outer")

    def __new__(cls, key: str, func=None, outer=None):
        text = f"function<{key}>"
        found = PyType._interned.get(text)
        if found is not None:
            if func is not None:  # a new compile of the same source: its own specializations
                found.func, found.outer = func, outer
            return found
        self = PyType.__new__(cls, text)
        self.func = func
        self.outer = outer
        return self


_SCALARS = {}
for _name in ("bottom", "none", "bool", "integer", "real", "object", "object<scalar>", "ref", "range",
              "iterator", "exception", "str", "dict", "set", "frozenset", "dict_keys", "dict_values",
              "dict_items"):
    _SCALARS[_name] = PyType(_name)
PyType.BOTTOM = _SCALARS["bottom"]
PyType.NONE = _SCALARS["none"]
PyType.BOOL = _SCALARS["bool"]
PyType.INT = _SCALARS["integer"]
PyType.FLOAT = _SCALARS["real"]
PyType.OBJECT = _SCALARS["object"]
PyType.SCALAR_OBJECT = _SCALARS["object<scalar>"]
#: not a Python type: the heap reference inside a dynamic value (split-objects)
PyType.REF = _SCALARS["ref"]
#: a ``range`` object (immutable: start, stop, step)
PyType.RANGE = _SCALARS["range"]
#: an iterator object: ``enumerate(...)``, ``zip(...)``, ``reversed(...)``, ``iter(...)``
PyType.ITERATOR = _SCALARS["iterator"]
#: an exception instance: its class is known only at run time
PyType.EXCEPTION = _SCALARS["exception"]
#: a ``str`` (immutable; its elements are always codepoints)
PyType.STR = _SCALARS["str"]
#: a ``dict`` (keys and values are dynamic values; a hash table of the runtime
#: library, ``runtime_lib/dicts.py``), shared by reference as a list is
PyType.DICT = _SCALARS["dict"]
#: a ``set`` (its elements are dynamic values; a table of the runtime library
#: whose values are None, ``runtime_lib/sets.py``), shared by reference
PyType.SET = _SCALARS["set"]
#: a ``frozenset``: a set's table that no operation changes (``runtime_lib/sets.py``)
PyType.FROZENSET = _SCALARS["frozenset"]
#: a dict's views, only inside the runtime library (``runtime_lib/views.py`` makes
#: them and boxes them at once: compiled code holds a view as an ``object``)
PyType.DICT_KEYS = _SCALARS["dict_keys"]
PyType.DICT_VALUES = _SCALARS["dict_values"]
PyType.DICT_ITEMS = _SCALARS["dict_items"]
_SCALARS = set(_SCALARS.values()) - {PyType.OBJECT, PyType.SCALAR_OBJECT, PyType.BOTTOM, PyType.REF, PyType.RANGE,
                                     PyType.ITERATOR, PyType.EXCEPTION, PyType.STR, PyType.DICT, PyType.SET,
                                     PyType.FROZENSET, PyType.DICT_KEYS, PyType.DICT_VALUES, PyType.DICT_ITEMS}
PyType._sealed = True

_PY_NAMES = {"bottom": "<nothing>", "none": "NoneType", "bool": "bool", "integer": "int",
             "real": "float", "object": "object", "object<scalar>": "object", "ref": "object",
             "range": "range", "iterator": "iterator", "exception": "exception", "str": "str", "dict": "dict", "set": "set",
             "frozenset": "frozenset", "dict_keys": "dict_keys", "dict_values": "dict_values",
             "dict_items": "dict_items"}


def tuple_of(*elts: PyType) -> TupleType:
    return TupleType(tuple(elts))


def list_of(elt: PyType | None = None) -> "ListType":
    """``list<object>``: the static type of a list of dynamic values (an
    argument, an annotation, any list not proven homogeneous)."""
    return ListType(PyType.OBJECT)


def tuple_any(elt: PyType = PyType.OBJECT) -> TupleType:
    """``tuple<elt,...>``: a tuple of any length."""
    return TupleType(None, elt)


#: nesting deeper than this widens to ``object`` (so inference reaches a fixed point)
MAX_DEPTH = 4


def depth(t: PyType) -> int:
    if isinstance(t, TupleType):
        inner = t.elts if t.elts is not None else (t.elt,)
        return 1 + max((depth(e) for e in inner), default=0)
    return 0


def widen(t: PyType, budget: int = MAX_DEPTH) -> PyType:
    """``t`` with tuples nested deeper than ``budget`` replaced by ``object``."""
    if not isinstance(t, TupleType):
        return t
    if budget <= 0:
        return PyType.OBJECT
    if t.elts is not None:
        return TupleType(tuple(widen(e, budget - 1) for e in t.elts))
    return TupleType(None, widen(t.elt, budget - 1))


def is_scalar_like(t: PyType) -> bool:
    """A scalar type or ``object<scalar>``: its values are never heap values."""
    return t.is_scalar or t is PyType.SCALAR_OBJECT


def dynamic_of(*types: PyType) -> PyType:
    """The dynamic type for values of these types: ``object<scalar>`` if none
    can be a heap value, else ``object``."""
    return PyType.SCALAR_OBJECT if all(is_scalar_like(t) or t is PyType.BOTTOM for t in types) \
        else PyType.OBJECT


def join(a: PyType, b: PyType) -> PyType:
    """The type of a variable that may hold an ``a`` or a ``b``: keeps what
    both have in common (two tuples stay a tuple, ints and floats stay
    scalars: ``object<scalar>``), else ``object``."""
    if a is PyType.BOTTOM:
        return widen(b)
    if b is PyType.BOTTOM or a is b:
        return widen(a)
    if isinstance(a, ListType) and isinstance(b, ListType):
        return list_of()
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        if a.elts is not None and b.elts is not None and len(a.elts) == len(b.elts):
            return widen(TupleType(tuple(join(x, y) for x, y in zip(a.elts, b.elts))))
        return widen(TupleType(None, join(a.any_element(), b.any_element())))
    return dynamic_of(a, b)


def is_subtype(a: PyType, b: PyType) -> bool:
    """Every value of static type ``a`` is a value of static type ``b``."""
    return join(a, b) == b


def parse_type(text: str) -> PyType:
    """The type whose text form is ``text`` (``tuple<integer,real>``, ``object``, ...)."""
    found = PyType._interned.get(text)
    if found is not None:
        return found
    t, rest = _parse(text.replace(" ", ""))
    if rest:
        raise ValueError(f"bad pydm type {text!r}")
    return t


def _parse(s: str):
    if s.startswith("function<"):
        end = s.index(">")
        found = PyType._interned.get(s[:end + 1])
        if found is None:
            raise ValueError(f"unknown pydm function type {s[:end + 1]!r}")
        return found, s[end + 1:]
    if s.startswith("list<"):
        t, s = _parse(s[len("list<"):])
        if not s.startswith(">"):
            raise ValueError(f"bad pydm list type near {s!r}")
        return ListType(t), s[1:]
    if s.startswith("tuple<"):
        s = s[len("tuple<"):]
        elts = []
        if s.startswith(">"):
            return TupleType(()), s[1:]
        while True:
            t, s = _parse(s)
            if s.startswith(",...>"):
                return TupleType(None, t), s[len(",...>"):]
            elts.append(t)
            if s.startswith(","):
                s = s[1:]
                continue
            if s.startswith(">"):
                return TupleType(tuple(elts)), s[1:]
            raise ValueError(f"bad pydm tuple type near {s!r}")
    for name in ("bottom", "none", "bool", "integer", "real", "object<scalar>", "object", "ref", "range",
                 "iterator", "exception", "str", "dict", "set", "frozenset", "dict_keys", "dict_values",
              "dict_items"):
        if s.startswith(name):
            return PyType._interned[name], s[len(name):]
    raise ValueError(f"bad pydm type near {s!r}")


#: Python classes a boundary value maps to (scalars; tuples are read element by element).
OF_PYTHON_CLASS = {type(None): PyType.NONE, bool: PyType.BOOL, int: PyType.INT, float: PyType.FLOAT,
                   str: PyType.STR}
PYTHON_CLASS = {PyType.NONE: type(None), PyType.BOOL: bool, PyType.INT: int, PyType.FLOAT: float,
                PyType.STR: str}
