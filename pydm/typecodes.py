"""Type codes: slot 0 of an object record (DESIGN.md, Contracts).

They follow the original PyDM ``BuiltinTypeCode``. Numeric codes are
``0x40 | category << 2 | subtype``: category 0 bool, 3 signed integer,
6 real; subtype 3 is the 64-bit variant.
"""

NOT_ASSIGNED = 0
NONE = 1
TUPLE = 2
LIST = 3
STR = 4
BYTES = 5
EXCEPTION_RESULT = 6
TYPE = 7
SEQUENCE_ITERATOR = 8
RANGE = 9
#: a function value (a closure: the record of its cells), never boxed across the boundary
FUNCTION = 10
#: a dict: its payload is the hash table of runtime_lib/dicts.py (a VM list);
#: it crosses the boundary by reference, as a list (pydm/runtime/values.py)
DICT = 11
#: a set: its payload is a table of runtime_lib/dicts.py whose values are None
#: (runtime_lib/sets.py); it crosses the boundary by reference, as a dict
SET = 12
#: a frozenset: the payload of a set (the same table), never changed; it crosses the
#: boundary by value
FROZENSET = 13
#: a dict's views (``d.keys()``, ``d.values()``, ``d.items()`` kept as values): the
#: payload is the tuple ``(d,)`` in the tuple layout, so the view is live (it reads the
#: dict's table at each use; runtime_lib/views.py); it crosses the boundary as
#: ``[code, [the dict's record]]``, the Python dict's own view (pydm/runtime/values.py)
DICT_KEYS = 14
DICT_VALUES = 15
DICT_ITEMS = 16
#: the view codes, by ``which`` (0 keys, 1 values, 2 items: runtime_lib/dicts.py's iterator kinds)
DICT_VIEWS = (DICT_KEYS, DICT_VALUES, DICT_ITEMS)
#: a list's boundary record after the module converted it: [LIST_CONVERTED, the
#: list itself] (so a list reached twice converts once, and the caller can
#: read the list's final contents after the call; see pydm/runtime/values.py)
LIST_CONVERTED = 0x83
BOOL = 0x40
INTEGER = 0x4F  # 0x40 | 3 << 2 | 3: signed 64-bit integer
REAL = 0x5B  # 0x40 | 6 << 2 | 3: IEEE fp64
OBJECT = 0x100
FIRST_USER_TYPE = 0x101

NAMES = {NONE: "NoneType", TUPLE: "tuple", LIST: "list", STR: "str", BYTES: "bytes",
         BOOL: "bool", INTEGER: "int", REAL: "float", RANGE: "range", TYPE: "type",
         SEQUENCE_ITERATOR: "iterator", FUNCTION: "function", EXCEPTION_RESULT: "exception",
         DICT: "dict", SET: "set", FROZENSET: "frozenset",
         DICT_KEYS: "dict_keys", DICT_VALUES: "dict_values", DICT_ITEMS: "dict_items"}

#: the type codes of the scalar values an object record can hold, by static type
#: and by Python type name (the names CPython's messages use)
SCALAR_NAMES = {NONE: "NoneType", BOOL: "bool", INTEGER: "int", REAL: "float"}
CODE_OF_NAME = {name: code for code, name in NAMES.items()}


def of_type(t) -> int:
    """The type code of a value of static type ``t`` (a PyType; -1 for object)."""
    return CODE_OF_NAME.get(t.python_name, -1)


#: the ``math`` functions no VM op computes, by their code in ``pydm_host.libm``
#: (compiled code and the host agree on it; runtime_lib/mathfns.py)
HOST_MATH = ("tan", "asin", "acos", "sinh", "cosh", "asinh", "acosh", "atanh", "erfc", "exp2", "cbrt",
             "gamma", "lgamma")
