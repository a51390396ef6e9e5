"""Static Python types the compiler reasons about.

A value's static type is what pydm knows about it at compile time. Known
primitive types stay *unboxed*; OBJECT means "any Python value", carried as an
object record at run time. BOTTOM is "no value yet" during inference.
"""
from __future__ import annotations

import enum


class PyType(enum.Enum):
    BOTTOM = "bottom"
    NONE = "none"
    BOOL = "bool"
    INT = "integer"
    FLOAT = "real"
    OBJECT = "object"

    @property
    def python_name(self) -> str:
        return _PY_NAMES[self]

    @property
    def is_numeric(self) -> bool:
        return self in (PyType.BOOL, PyType.INT, PyType.FLOAT)


_PY_NAMES = {PyType.BOTTOM: "<nothing>", PyType.NONE: "NoneType", PyType.BOOL: "bool",
             PyType.INT: "int", PyType.FLOAT: "float", PyType.OBJECT: "object"}

#: Python classes a boundary value maps to.
OF_PYTHON_CLASS = {type(None): PyType.NONE, bool: PyType.BOOL, int: PyType.INT, float: PyType.FLOAT}
PYTHON_CLASS = {PyType.NONE: type(None), PyType.BOOL: bool, PyType.INT: int, PyType.FLOAT: float}


def join(a: PyType, b: PyType) -> PyType:
    """The type of a variable that may hold an ``a`` or a ``b``."""
    if a is PyType.BOTTOM:
        return b
    if b is PyType.BOTTOM or a is b:
        return a
    return PyType.OBJECT
