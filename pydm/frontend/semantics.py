"""Semantics of Python operators and builtins: static types and op building.

The importer walks syntax; everything that decides a *type* or builds an
operator's ops lives here (the Triton split: code_generator vs semantic).
Type rules are plain functions over :class:`PyType` so that type inference
(``typing.py``) and IR building use the same rules.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..types import PyType, join

T = PyType

#: Python operator token → dunder name used by iree_pydm ops.
BINARY = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod",
          "**": "pow", "<<": "lshift", ">>": "rshift", "&": "and", "|": "or", "^": "xor"}
COMPARE = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
UNARY = {"-": "neg", "+": "pos", "~": "invert"}
SYMBOL = {v: k for k, v in BINARY.items()}
CMP_SYMBOL = {v: k for k, v in COMPARE.items()}

ARITH = ("add", "sub", "mul", "floordiv", "mod")
BITWISE = ("and", "or", "xor")
SHIFTS = ("lshift", "rshift")


@dataclass(frozen=True)
class Raises:
    """A type rule's verdict that the operation always raises ``cls(message)``."""

    cls: str
    message: str


def _unsupported(name: str, lt: PyType, rt: PyType, inplace: bool = False) -> Raises:
    symbol = binary_symbol(name, inplace)
    return Raises("TypeError", f"unsupported operand type(s) for {symbol}: "
                               f"'{lt.python_name}' and '{rt.python_name}'")


def binary_symbol(name: str, inplace: bool = False) -> str:
    """How CPython's TypeError names the operator: ``+``, ``+=``, ``** or pow()``."""
    if inplace:
        return SYMBOL[name] + "="
    return "** or pow()" if name == "pow" else SYMBOL[name]


def binary_type(name: str, lt: PyType, rt: PyType, rhs_const=None, inplace: bool = False) -> PyType | Raises:
    """Static result type of ``lt <op> rt``; ``rhs_const`` is the right operand's
    value when it is a literal (it decides whether ``int ** k`` is an int)."""
    if T.BOTTOM in (lt, rt):
        return T.BOTTOM
    if T.OBJECT in (lt, rt):
        if float_with_object(name, lt, rt):
            return T.FLOAT  # a float operand makes any successful result a float
        return T.OBJECT
    if not (lt.is_numeric and rt.is_numeric):
        return _unsupported(name, lt, rt, inplace)
    has_float = T.FLOAT in (lt, rt)
    if name in ARITH:
        return T.FLOAT if has_float else T.INT
    if name == "truediv":
        return T.FLOAT
    if name == "pow":
        if has_float:
            return T.FLOAT
        if isinstance(rhs_const, (int, bool)):
            return T.INT if rhs_const >= 0 else T.FLOAT
        # int ** n is an int for n >= 0 and a float for n < 0: dynamic
        return T.OBJECT
    if has_float:
        return _unsupported(name, lt, rt, inplace)
    if name in BITWISE and lt is T.BOOL and rt is T.BOOL:
        return T.BOOL
    return T.INT


def float_with_object(name: str, lt: PyType, rt: PyType) -> bool:
    """``float <op> object`` (either order) for an arithmetic op: the result is a
    float or the op raises — so pydm keeps it unboxed (progressive typing)."""
    return {lt, rt} == {T.FLOAT, T.OBJECT} and name in ARITH + ("truediv", "pow")


def operand_type(name: str, lt: PyType, rt: PyType, result: PyType) -> PyType:
    """The type both operands are promoted to before a binary op: float if
    either is a float, bool for bool-only bitwise ops, else int (so int / int
    and int ** -k are lowered from the exact int operands)."""
    if T.FLOAT in (lt, rt):
        return T.FLOAT
    if result is T.BOOL:
        return T.BOOL
    return T.INT


def unary_type(name: str, t: PyType) -> PyType | Raises:
    if t in (T.BOTTOM, T.OBJECT):
        return t
    if name == "invert" and t is T.FLOAT or not t.is_numeric:
        sym = {"neg": "unary -", "pos": "unary +", "invert": "unary ~", "abs": "abs()"}[name]
        return Raises("TypeError", f"bad operand type for {sym}: '{t.python_name}'")
    return T.FLOAT if t is T.FLOAT else T.INT


def compare_type(name: str, lt: PyType, rt: PyType) -> PyType | Raises:
    if T.BOTTOM in (lt, rt):
        return T.BOTTOM
    if T.OBJECT in (lt, rt):
        return T.BOOL
    if name in ("eq", "ne") or lt.is_numeric and rt.is_numeric:
        return T.BOOL
    return Raises("TypeError", f"'{CMP_SYMBOL[name]}' not supported between instances of "
                               f"'{lt.python_name}' and '{rt.python_name}'")


def minmax_type(types: list[PyType]) -> PyType:
    """``min``/``max`` of values of these types: one type, or dynamic."""
    out = T.BOTTOM
    for t in types:
        out = join(out, t)
    return out


def builtin_type(name: str, arg_types: list[PyType], const_args=None) -> PyType | Raises | None:
    """Result type of a builtin call; None if pydm does not know the builtin."""
    if name == "abs" and len(arg_types) == 1:
        return unary_type("abs", arg_types[0])
    if name in ("min", "max") and len(arg_types) >= 2:
        return minmax_type(arg_types)
    if name == "int" and len(arg_types) <= 1:
        return T.INT
    if name == "float" and len(arg_types) <= 1:
        return T.FLOAT
    if name == "bool" and len(arg_types) <= 1:
        return T.BOOL
    if name == "isinstance" and len(arg_types) == 1:  # the class argument is not a value
        return T.BOOL
    return None


#: classes a type test can name, with the type codes they match
#: (isinstance: bool is an int; type(x) is int: exactly int)
ISINSTANCE_CODES = {"int": ("bool", "int"), "float": ("float",), "bool": ("bool",), "object": (
    "NoneType", "bool", "int", "float")}
EXACT_TYPE_CODES = {"int": ("int",), "float": ("float",), "bool": ("bool",)}
