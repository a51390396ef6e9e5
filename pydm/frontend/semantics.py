"""Type rules of Python's operators and builtins.

Each rule is a plain function over static types (``pydm/types.py``) that
returns the result type, or :class:`Raises` when every execution raises
(CPython's class and message). Type inference (``typing.py``) and the op
builders (``emitter.py``, ``tuples.py``) use the same rules, so the types
inferred before any IR exists are the types of the ops built afterwards.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..types import PyType, TupleType, dynamic_of, join, list_of, tuple_any, tuple_of

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

#: a repeated tuple keeps its element types position by position up to this length
MAX_FIXED_REPEAT = 16


@dataclass(frozen=True)
class NotCompiled:
    """A type rule's verdict that pydm does not compile this operation (a
    CompileError at its line): CPython would do something pydm cannot yet."""

    message: str
    hint: str = ""


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


def _is_int(t: PyType) -> bool:
    return t in (T.INT, T.BOOL)


def binary_type(name: str, lt: PyType, rt: PyType, rhs_const=None, inplace: bool = False,
                lhs_const=None) -> PyType | Raises:
    """Static result type of ``lt <op> rt``; ``rhs_const``/``lhs_const`` are the
    operands' values when they are literals (``int ** k`` and ``t * k`` use them)."""
    if T.BOTTOM in (lt, rt):
        return T.BOTTOM
    if lt is T.STR or rt is T.STR and not (lt.is_tuple or lt.is_list):  # the left operand's rule first
        return _str_binary_type(name, lt, rt, inplace)
    if (lt in SETS or rt in SETS) and T.DICT not in (lt, rt):
        return set_binary_type(name, lt, rt, inplace)
    if T.DICT in (lt, rt):
        return dict_binary_type(name, lt, rt, inplace)
    if lt.is_tuple or rt.is_tuple and not lt.is_list:  # the left operand's rule speaks first
        return _tuple_binary_type(name, lt, rt, rhs_const, lhs_const, inplace)
    if lt.is_list or rt.is_list:
        return _list_binary_type(name, lt, rt, inplace)
    if lt.is_dynamic or rt.is_dynamic:
        if float_with_object(name, lt, rt):
            return T.FLOAT  # a float operand makes any successful result a float
        return dynamic_of(lt, rt)  # numbers give numbers
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
        return T.SCALAR_OBJECT
    if has_float:
        return _unsupported(name, lt, rt, inplace)
    if name in BITWISE and lt is T.BOOL and rt is T.BOOL:
        return T.BOOL
    return T.INT


def _tuple_binary_type(name, lt, rt, rhs_const, lhs_const, inplace):
    """``+`` concatenates two tuples, ``*`` repeats one by an int; nothing else."""
    if name == "add":
        if lt.is_tuple and rt.is_tuple:
            if lt.elts is not None and rt.elts is not None:
                return tuple_of(*lt.elts, *rt.elts)
            return tuple_any(join(lt.any_element(), rt.any_element()))
        if lt.is_tuple and not rt.is_dynamic:
            return Raises("TypeError", f'can only concatenate tuple (not "{rt.python_name}") to tuple')
        if lt.is_dynamic or rt.is_dynamic:
            return T.OBJECT
        return _unsupported(name, lt, rt, inplace)
    if name == "mul":
        seq, count, k = (lt, rt, rhs_const) if lt.is_tuple else (rt, lt, lhs_const)
        if count.is_dynamic:
            return T.OBJECT
        if not _is_int(count):
            return Raises("TypeError", f"can't multiply sequence by non-int of type '{count.python_name}'")
        if seq.elts is not None and isinstance(k, (int, bool)) and len(seq.elts) * max(int(k), 0) <= MAX_FIXED_REPEAT:
            return tuple_of(*(seq.elts * max(int(k), 0)))
        return tuple_any(seq.any_element()) if seq.elts != () else tuple_of()
    if lt.is_dynamic or rt.is_dynamic:
        return T.OBJECT
    return _unsupported(name, lt, rt, inplace)


def _str_binary_type(name, lt, rt, inplace):
    """``+`` concatenates two strs, ``*`` repeats one by an int; ``%`` formats
    (not compiled yet); nothing else."""
    if name == "add":
        if lt is T.STR and rt is T.STR:
            return T.STR
        if lt.is_dynamic or rt.is_dynamic:
            return T.OBJECT
        if lt is T.STR:
            return Raises("TypeError", f'can only concatenate str (not "{rt.python_name}") to str')
        return _unsupported(name, lt, rt, inplace)
    if name == "mul":
        count = rt if lt is T.STR else lt
        if count.is_dynamic:
            return T.OBJECT
        if not _is_int(count):
            return Raises("TypeError", f"can't multiply sequence by non-int of type '{count.python_name}'")
        return T.STR
    if name == "mod" and lt is T.STR:
        if rt.python_name in ("function", "iterator"):
            return NotCompiled(f"formatting a {rt.python_name} value with % is not supported",
                               "a function or iterator made by compiled code has no Python object")
        return T.STR  # printf-style formatting, by the host (frontend/printing.py)
    if lt.is_dynamic or rt.is_dynamic:
        return T.OBJECT
    return _unsupported(name, lt, rt, inplace)


def _list_binary_type(name, lt, rt, inplace):
    """``+`` concatenates two lists (``+=`` extends by any iterable), ``*``
    repeats one by an int; nothing else."""
    if name == "add":
        if lt.is_list and inplace:
            if rt.is_sequence or rt.is_dynamic or rt is T.RANGE:
                return lt  # xs += iterable: xs itself, extended
            return Raises("TypeError", f"'{rt.python_name}' object is not iterable")
        if lt.is_list and rt.is_list:
            return list_of()
        if lt.is_list and not rt.is_dynamic:
            return Raises("TypeError", f'can only concatenate list (not "{rt.python_name}") to list')
        if lt.is_dynamic or rt.is_dynamic:
            return T.OBJECT
        return _unsupported(name, lt, rt, inplace)
    if name == "mul":
        count = rt if lt.is_list else lt
        if count.is_dynamic:
            return T.OBJECT
        if not _is_int(count):
            return Raises("TypeError", f"can't multiply sequence by non-int of type '{count.python_name}'")
        return list_of()
    if lt.is_dynamic or rt.is_dynamic:
        return T.OBJECT
    return _unsupported(name, lt, rt, inplace)


def dict_binary_type(name, lt, rt, inplace):
    """``|`` merges two dicts (``|=`` updates by any iterable of pairs); nothing else."""
    if name == "or":
        if lt is T.DICT and (rt is T.DICT or inplace):
            return T.DICT
        if lt.is_dynamic or rt.is_dynamic:
            return T.OBJECT
    if (lt.is_dynamic or rt.is_dynamic) and not (lt.is_tuple or lt.is_list or rt.is_tuple or rt.is_list):
        return T.OBJECT
    return _unsupported(name, lt, rt, inplace)


#: the set operators: ``a | b``, ``&``, ``-``, ``^`` (both sets; in place too)
SET_OPERATORS = ("or", "and", "sub", "xor")
#: the set types: ``set`` and ``frozenset`` (one layout; a frozenset is never changed)
SETS = (T.SET, T.FROZENSET)


def set_binary_type(name, lt, rt, inplace):
    """``| & - ^`` of two sets or frozensets is of the left operand's type
    (``fs |= s`` too: a new frozenset); no other iterable (CPython's TypeError)."""
    if name in SET_OPERATORS and lt in SETS and rt in SETS:
        return lt
    if (lt.is_dynamic or rt.is_dynamic) and not (lt.is_tuple or lt.is_list or rt.is_tuple or rt.is_list):
        return T.OBJECT
    return _unsupported(name, lt, rt, inplace)


def float_with_object(name: str, lt: PyType, rt: PyType) -> bool:
    """``float <op> object`` (either order) for an arithmetic op: the result is a
    float or the op raises — so pydm keeps it unboxed (progressive typing)."""
    other = rt if lt is T.FLOAT else lt
    if name == "mul" and other is T.OBJECT:
        return False  # a tuple times a float raises "can't multiply sequence": the library's message
    if name in ("add", "mod") and lt is T.OBJECT:
        return False  # str/list/tuple + float: their own messages; "%d" % 2.5 is a str
    return (lt is T.FLOAT and rt.is_dynamic or rt is T.FLOAT and lt.is_dynamic) and name in ARITH + ("truediv", "pow")


def operand_type(name: str, lt: PyType, rt: PyType, result: PyType) -> PyType:
    """The type both operands are promoted to before a binary op: float if
    either is a float, bool for bool-only bitwise ops, else int (so int / int
    and int ** -k are lowered from the exact int operands)."""
    if T.FLOAT in (lt, rt):
        return T.FLOAT
    if result is T.BOOL:
        return T.BOOL
    return T.INT


_UNARY_SYMBOL = {"neg": "unary -", "pos": "unary +", "invert": "unary ~", "abs": "abs()"}


def unary_type(name: str, t: PyType) -> PyType | Raises:
    if t is T.BOTTOM or t.is_dynamic:
        return t
    if name == "invert" and t is T.FLOAT or not t.is_numeric:
        return Raises("TypeError", f"bad operand type for {_UNARY_SYMBOL[name]}: '{t.python_name}'")
    return T.FLOAT if t is T.FLOAT else T.INT


def compare_type(name: str, lt: PyType, rt: PyType) -> PyType | Raises:
    if T.BOTTOM in (lt, rt):
        return T.BOTTOM
    if lt.is_dynamic or rt.is_dynamic or name in ("eq", "ne"):
        return T.BOOL
    if lt.is_numeric and rt.is_numeric or lt.is_tuple and rt.is_tuple or lt.is_list and rt.is_list \
            or lt is T.STR and rt is T.STR or lt in SETS and rt in SETS:
        return T.BOOL  # sequences: may still raise when two elements do not order
    return Raises("TypeError", f"'{CMP_SYMBOL[name]}' not supported between instances of "
                               f"'{lt.python_name}' and '{rt.python_name}'")


def contains_type(item: PyType, container: PyType) -> PyType | Raises:
    """``item in container``."""
    if container is T.STR:
        if item is T.STR or item.is_dynamic or item is T.BOTTOM:
            return T.BOOL
        return Raises("TypeError", f"'in <string>' requires string as left operand, not {item.python_name}")
    if container.is_sequence or container.is_dynamic or container in (T.BOTTOM, T.RANGE, T.ITERATOR, T.DICT,
                                                                      T.SET, T.FROZENSET):
        return T.BOOL
    return Raises("TypeError", f"argument of type '{container.python_name}' is not iterable")


#: attributes pydm reads: of an exception value (a dynamic value of type code 6)
ATTRIBUTES = ("args",)


def attribute_type(name: str, receiver: PyType) -> PyType | Raises | None:
    """``x.name`` (not a method call). Exception values are dynamic values
    (so operators on them name their real class at run time): ``e.args`` is
    a tuple, or AttributeError for a value of another class. None: pydm does
    not read this attribute."""
    if name not in ATTRIBUTES:
        return None
    if receiver.is_dynamic:
        return tuple_any(T.OBJECT)
    return Raises("AttributeError", f"'{receiver.python_name}' object has no attribute '{name}'")


def minmax_type(types: list[PyType]) -> PyType:
    """``min``/``max`` of values of these types: one type, or dynamic."""
    out = T.BOTTOM
    for t in types:
        out = join(out, t)
    return out


# ---- subscripts and iteration -------------------------------------------------------------
def index_type(seq: PyType, index: PyType, const_index=None) -> PyType | Raises:
    """``seq[index]`` with an integer index (``const_index``: a literal's value)."""
    if seq is T.BOTTOM or index is T.BOTTOM:
        return T.BOTTOM
    if seq.is_dynamic or seq is T.DICT:
        return T.OBJECT
    if seq is T.STR:
        if index.is_dynamic or _is_int(index):
            return T.STR
        return Raises("TypeError", f"string indices must be integers, not '{index.python_name}'")
    if seq is T.RANGE:
        if index.is_dynamic or _is_int(index):
            return T.INT
        return Raises("TypeError", f"range indices must be integers or slices, not {index.python_name}")
    if seq.is_list:
        if index.is_dynamic or _is_int(index):
            return seq.elt  # object, or a typed list's element type
        return Raises("TypeError", f"list indices must be integers or slices, not {index.python_name}")
    if seq.is_tuple:
        if index.is_dynamic or _is_int(index):
            if seq.elts is not None and isinstance(const_index, (int, bool)) and not (
                    -len(seq.elts) <= const_index < len(seq.elts)):
                return Raises("IndexError", "tuple index out of range")
            t = seq.element(const_index if isinstance(const_index, (int, bool)) else None)
            if t is T.BOTTOM:  # the empty tuple
                return Raises("IndexError", "tuple index out of range")
            return t
        return Raises("TypeError", f"tuple indices must be integers or slices, not {index.python_name}")
    return Raises("TypeError", f"'{seq.python_name}' object is not subscriptable")


def slice_type(seq: PyType, bounds=None) -> PyType | Raises:
    """``seq[a:b:c]``; ``bounds``: the (start, stop, step) literal values if all
    three are literals or absent (a fixed tuple then keeps its element types)."""
    if seq is T.BOTTOM:
        return T.BOTTOM
    if seq.is_dynamic:
        return T.OBJECT
    if seq is T.DICT:
        return Raises("TypeError", "unhashable type: 'slice'")
    if seq.is_list or seq is T.RANGE or seq is T.STR:
        if bounds is not None and bounds[2] == 0:
            return Raises("ValueError", "slice step cannot be zero")
        return list_of() if seq.is_list else seq  # a new list<object> (list_storage.py)
    if seq.is_tuple:
        if seq.elts is not None and bounds is not None:
            if bounds[2] == 0:
                return Raises("ValueError", "slice step cannot be zero")
            return tuple_of(*seq.elts[slice(*bounds)])
        return tuple_any(seq.any_element()) if seq.elts != () else tuple_of()
    return Raises("TypeError", f"'{seq.python_name}' object is not subscriptable")


def iter_type(seq: PyType) -> PyType | Raises:
    """The type of the items ``for x in seq`` binds."""
    if seq is T.BOTTOM:
        return seq
    if seq.is_dynamic:
        return T.OBJECT
    if seq.is_sequence:
        return seq.any_element()
    if seq is T.RANGE:
        return T.INT
    if seq is T.STR:
        return T.STR
    if seq is T.ITERATOR or seq is T.DICT or seq in SETS:
        return T.OBJECT
    return Raises("TypeError", f"'{seq.python_name}' object is not iterable")


def unpack_types(seq: PyType, n: int, star: int | None = None) -> list[PyType] | Raises:
    """The types of the targets of ``a, b, ... = seq`` (``n`` targets; ``star``:
    the position of a starred target, which binds a new list)."""
    if seq is T.BOTTOM:
        return [T.BOTTOM] * n
    if seq.is_dynamic or seq.is_list or seq is T.ITERATOR or seq is T.DICT or seq in SETS:
        return [list_of() if i == star else T.OBJECT for i in range(n)]
    if seq is T.RANGE:
        return [list_of() if i == star else T.INT for i in range(n)]
    if seq is T.STR:
        return [list_of() if i == star else T.STR for i in range(n)]
    if not seq.is_tuple:
        return Raises("TypeError", f"cannot unpack non-iterable {seq.python_name} object")
    if seq.elts is None:
        elt = seq.elt
        return [list_of() if i == star else elt for i in range(n)]
    m = len(seq.elts)
    if star is None:
        if m > n:
            return Raises("ValueError", f"too many values to unpack (expected {n})")
        if m < n:
            return Raises("ValueError", f"not enough values to unpack (expected {n}, got {m})")
        return list(seq.elts)
    if m < n - 1:
        return Raises("ValueError", f"not enough values to unpack (expected at least {n - 1}, got {m})")
    after = n - 1 - star
    return list(seq.elts[:star]) + [list_of()] + list(seq.elts[m - after:])


# ---- builtins ---------------------------------------------------------------------------
_INT_MESSAGE = "int() argument must be a string, a bytes-like object or a real number, not '{}'"
_FLOAT_MESSAGE = "float() argument must be a string or a real number, not '{}'"


#: list methods: name -> (result type, fewest and most positional arguments)
LIST_METHODS = {
    "append": (T.NONE, 1, 1), "extend": (T.NONE, 1, 1), "insert": (T.NONE, 2, 2), "pop": (T.OBJECT, 0, 1),
    "remove": (T.NONE, 1, 1), "index": (T.INT, 1, 3), "count": (T.INT, 1, 1), "reverse": (T.NONE, 0, 0),
    "clear": (T.NONE, 0, 0), "copy": (list_of(), 0, 0), "sort": (T.NONE, 0, 0),
}
TUPLE_METHODS = {"index": (T.INT, 1, 3), "count": (T.INT, 1, 1)}
#: str methods pydm compiles: result type, least number of arguments, parameter names
#: (their count is the most), whether CPython takes them by keyword. The arguments'
#: types are checked at run time by the library, with CPython's messages.
_FIND = ("sub", "start", "end")
STR_METHODS = {
    "startswith": (T.BOOL, 1, ("prefix", "start", "end"), False),
    "endswith": (T.BOOL, 1, ("suffix", "start", "end"), False),
    "find": (T.INT, 1, _FIND, False), "rfind": (T.INT, 1, _FIND, False), "index": (T.INT, 1, _FIND, False),
    "rindex": (T.INT, 1, _FIND, False), "count": (T.INT, 1, _FIND, False),
    "replace": (T.STR, 2, ("old", "new", "count"), False),
    "split": (list_of(), 0, ("sep", "maxsplit"), True), "rsplit": (list_of(), 0, ("sep", "maxsplit"), True),
    "splitlines": (list_of(), 0, ("keepends",), True), "join": (T.STR, 1, ("iterable",), False),
    "strip": (T.STR, 0, ("chars",), False), "lstrip": (T.STR, 0, ("chars",), False),
    "rstrip": (T.STR, 0, ("chars",), False),
    "center": (T.STR, 1, ("width", "fillchar"), False), "ljust": (T.STR, 1, ("width", "fillchar"), False),
    "rjust": (T.STR, 1, ("width", "fillchar"), False), "zfill": (T.STR, 1, ("width",), False),
    "partition": (tuple_of(T.STR, T.STR, T.STR), 1, ("sep",), False),
    "rpartition": (tuple_of(T.STR, T.STR, T.STR), 1, ("sep",), False),
    "removeprefix": (T.STR, 1, ("prefix",), False), "removesuffix": (T.STR, 1, ("suffix",), False),
    "expandtabs": (T.STR, 0, ("tabsize",), True),
    **{m: (T.STR, 0, (), False) for m in ("upper", "lower", "casefold", "swapcase", "title", "capitalize")},
    **{m: (T.BOOL, 0, (), False) for m in ("isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower",
                                             "istitle")},
}
#: str methods no list, tuple or dict has: on an object, they test for a str at run time
STR_ONLY_METHODS = tuple(m for m in STR_METHODS if m not in ("count", "index"))


def str_method_call(name: str, n: int, keywords: tuple[str, ...]) -> list[str | None] | Raises | None:
    """Which parameter each of ``n`` positional and the keyword arguments of
    ``s.name(...)`` fills (None: a call pydm does not compile)."""
    _, least, params, by_keyword = STR_METHODS[name]
    if keywords and not by_keyword:
        return Raises("TypeError", f"str.{name}() takes no keyword arguments")
    if n > len(params) or any(k not in params[n:] for k in keywords) or len(set(keywords)) != len(keywords):
        return None
    filled = list(params[:n]) + list(keywords)
    if any(p not in filled for p in params[:least]):
        return None
    return filled
#: dict methods (``keys``/``values``/``items`` only where they are iterated: an iterator)
DICT_METHODS = {
    "keys": (T.ITERATOR, 0, 0), "values": (T.ITERATOR, 0, 0), "items": (T.ITERATOR, 0, 0),
    "get": (T.OBJECT, 1, 2), "pop": (T.OBJECT, 1, 2), "popitem": (tuple_of(T.OBJECT, T.OBJECT), 0, 0),
    "setdefault": (T.OBJECT, 1, 2), "clear": (T.NONE, 0, 0), "copy": (T.DICT, 0, 0), "update": (T.NONE, 0, 1),
}
#: dict methods a list does not have: on an object, they test for a dict at run time
DICT_ONLY_METHODS = tuple(m for m in DICT_METHODS if m not in LIST_METHODS)
#: set methods: (result, least, most arguments; None: any number of iterables)
SET_METHODS = {
    "add": (T.NONE, 1, 1), "remove": (T.NONE, 1, 1), "discard": (T.NONE, 1, 1), "pop": (T.OBJECT, 0, 0),
    "clear": (T.NONE, 0, 0), "copy": (T.SET, 0, 0), "update": (T.NONE, 0, None),
    "union": (T.SET, 0, None), "intersection": (T.SET, 0, None), "difference": (T.SET, 0, None),
    "symmetric_difference": (T.SET, 1, 1), "intersection_update": (T.NONE, 0, None),
    "difference_update": (T.NONE, 0, None), "symmetric_difference_update": (T.NONE, 1, 1),
    "issubset": (T.BOOL, 1, 1), "issuperset": (T.BOOL, 1, 1), "isdisjoint": (T.BOOL, 1, 1),
}
#: set methods neither a list nor a dict has: on an object, they test for a set at run time
SET_ONLY_METHODS = tuple(m for m in SET_METHODS if m not in LIST_METHODS and m not in DICT_METHODS)
#: the set methods a frozenset has (those that change nothing); a new set they return is a frozenset
FROZENSET_METHODS = {name: (T.FROZENSET if r is T.SET else r, least, most)
                     for name, (r, least, most) in SET_METHODS.items()
                     if name in ("copy", "union", "intersection", "difference", "symmetric_difference",
                                 "issubset", "issuperset", "isdisjoint")}
#: the kinds an object holds that have methods, by CPython's type name
_METHOD_KINDS = {"list": list, "tuple": tuple, "range": range, "str": str, "bytes": bytes, "dict": dict, "set": set,
                 "frozenset": frozenset, "dict_keys": type({}.keys()), "dict_items": type({}.items())}


def method_kinds(name: str) -> tuple[str, ...] | None:
    """The kinds (type names) that have method ``name``, a list, tuple, dict or
    set method called on an ``object`` (CPython looks the attribute up, and
    raises its AttributeError, before it evaluates the arguments); None for
    other methods."""
    if not any(name in table for table in (LIST_METHODS, TUPLE_METHODS, DICT_METHODS, SET_METHODS)):
        return None
    return tuple(kind for kind, cls in _METHOD_KINDS.items() if hasattr(cls, name))


_BUILTIN_CLASSES = {**_METHOD_KINDS, "int": int, "float": float, "bool": bool, "NoneType": type(None)}


def missing_method(receiver: PyType, name: str) -> Raises | None:
    """CPython's AttributeError for ``x.name(...)`` when ``x``'s static type (a
    builtin one) has no attribute ``name``: raised before the arguments are
    evaluated."""
    cls = None if receiver.is_dynamic else _BUILTIN_CLASSES.get(receiver.python_name)
    if cls is None or hasattr(cls, name):
        return None
    return Raises("AttributeError", f"'{receiver.python_name}' object has no attribute '{name}'")


def _set_arity(name: str, most: int, n: int, cls: str = "set") -> str:
    """CPython's TypeError for a set (frozenset) method called with ``n`` arguments."""
    if most == 0:
        return f"{cls}.{name}() takes no arguments ({n} given)"
    return f"{cls}.{name}() takes exactly one argument ({n} given)"


def _dict_arity(name: str, least: int, most: int, n: int) -> str:
    """CPython's TypeError for a dict method called with ``n`` arguments."""
    if most == 0:
        return f"dict.{name}() takes no arguments ({n} given)"
    if n < least:
        return f"{name} expected at least {least} argument{'s' if least > 1 else ''}, got {n}"
    return f"{name} expected at most {most} argument{'s' if most > 1 else ''}, got {n}"


#: methods of numbers pydm compiles (none takes arguments): the class that
#: defines it (a bool has an int's), the result
NUMBER_METHODS = {"bit_length": ("int", T.INT), "bit_count": ("int", T.INT), "is_integer": ("float", T.BOOL)}


def number_method_type(name: str, receiver: PyType, n: int) -> PyType | Raises | None:
    """``x.bit_length()``, ``x.bit_count()``, ``x.is_integer()`` (None: not one of them)."""
    if name not in NUMBER_METHODS or not (receiver.is_dynamic or receiver.python_name in ("int", "bool", "float")):
        return None
    cls, result = NUMBER_METHODS[name]
    if not receiver.is_dynamic and receiver.python_name != cls and not (cls == "int" and receiver is T.BOOL):
        return Raises("AttributeError", f"'{receiver.python_name}' object has no attribute '{name}'")
    if n:
        return Raises("TypeError", f"{cls}.{name}() takes no arguments ({n} given)")
    return result


def method_type(name: str, receiver: PyType, arg_types: list[PyType]) -> PyType | Raises | None:
    """``receiver.name(*args)``: list methods, ``t.count(x)`` and ``t.index(x)``
    on tuples, and these on values whose type is known only at run time
    (None: a call pydm does not compile)."""
    n = len(arg_types)
    number = number_method_type(name, receiver, n)
    if number is not None:
        return number
    if name == "format" and (receiver is T.STR or receiver.is_dynamic):  # any arguments (frontend/printing.py)
        return T.STR
    if receiver is T.STR or receiver.is_dynamic and name in STR_ONLY_METHODS:
        if name in STR_METHODS:  # the arguments' count: str_method_call
            return STR_METHODS[name][0]
        if receiver is T.STR and not hasattr(str, name):  # a method CPython has but pydm not: None
            return Raises("AttributeError", f"'str' object has no attribute '{name}'")
        return None
    if receiver is T.FROZENSET:
        result, least, most = FROZENSET_METHODS.get(name, (None, 0, 0))
        if result is None:
            return Raises("AttributeError", f"'frozenset' object has no attribute '{name}'")
        if n < least or most is not None and n > most:
            return Raises("TypeError", _set_arity(name, most, n, "frozenset"))
        return result
    if receiver is T.SET or receiver.is_dynamic and name in SET_ONLY_METHODS:
        result, least, most = SET_METHODS.get(name, (None, 0, 0))
        if result is None:
            return Raises("AttributeError", f"'set' object has no attribute '{name}'")
        if n < least or most is not None and n > most:
            return Raises("TypeError", _set_arity(name, most, n)) if receiver is T.SET else None
        return result
    if receiver is T.DICT or receiver.is_dynamic and name in DICT_ONLY_METHODS:
        known = DICT_METHODS.get(name)
    elif receiver.is_dynamic and name in DICT_METHODS:  # pop, clear, copy: a list's or a dict's
        (lr, ll, lm), (dr, dl, dm) = LIST_METHODS[name], DICT_METHODS[name]
        known = (lr if lr is dr else T.OBJECT, min(ll, dl), max(lm, dm))
    elif receiver.is_list or receiver.is_dynamic:
        known = LIST_METHODS.get(name)
    elif receiver is T.RANGE and name in TUPLE_METHODS and n != 1:
        return Raises("TypeError", f"range.{name}() takes exactly one argument ({n} given)")
    elif receiver.is_tuple or receiver is T.RANGE:
        known = TUPLE_METHODS.get(name)
    else:
        known = None
    if known is not None:
        result, least, most = known
        if not least <= n <= most and receiver is T.DICT:
            return Raises("TypeError", _dict_arity(name, least, most, n))
        if not least <= n <= most:
            return None
        if name == "insert" and not (arg_types[0].is_dynamic or _is_int(arg_types[0])):
            return Raises("TypeError", f"'{arg_types[0].python_name}' object cannot be interpreted as an integer")
        if name == "pop" and receiver.is_list:
            return receiver.elt  # object, or a typed list's element type
        return result
    if receiver is not T.BOTTOM and not receiver.is_dynamic:
        return Raises("AttributeError", f"'{receiver.python_name}' object has no attribute '{name}'")
    return None


def builtin_type(name: str, arg_types: list[PyType], const_args=None) -> PyType | Raises | None:
    """Result type of a builtin call; None if pydm does not know the builtin."""
    n = len(arg_types)
    if name == "abs" and n == 1:
        return unary_type("abs", arg_types[0])
    if name in ("min", "max") and n >= 2:
        return minmax_type(arg_types)
    if name == "int" and n == 2:
        return int_base_type(*arg_types)
    if name in ("bin", "oct", "hex") and n == 1:
        return index_argument_type(arg_types[0], T.STR)
    if name in ("int", "float") and n <= 1:
        want = T.INT if name == "int" else T.FLOAT
        if n and not (arg_types[0].is_numeric or arg_types[0].is_dynamic or arg_types[0] is T.BOTTOM
                      or arg_types[0] is T.STR):
            template = _INT_MESSAGE if name == "int" else _FLOAT_MESSAGE
            return Raises("TypeError", template.format(arg_types[0].python_name))
        return want
    if name == "bool" and n <= 1:
        return T.BOOL
    if name == "len" and n == 1:
        t = arg_types[0]
        if t.is_sequence or t.is_dynamic or t is T.BOTTOM or t is T.RANGE or t is T.STR or t is T.DICT or t in SETS:
            return T.INT
        return Raises("TypeError", f"object of type '{t.python_name}' has no len()")
    if name == "hash" and n == 1:
        return T.INT
    if name == "print":
        return T.NONE
    if name in ("str", "repr") and n == 1 and arg_types[0].python_name in ("function", "iterator"):
        return NotCompiled(f"{name}() of a {arg_types[0].python_name} value is not supported",
                           "a function or iterator made by compiled code has no Python object")
    if name == "str" and n <= 1 or name == "repr" and n == 1:
        return T.STR  # CPython's own str()/repr(), by the host (frontend/printing.py)
    if name == "format" and n in (1, 2):
        if n == 2 and not (arg_types[1] in (T.STR, T.BOTTOM) or arg_types[1].is_dynamic):
            return Raises("TypeError", f"format() argument 2 must be str, not {arg_types[1].python_name}")
        return T.STR
    if name == "ord" and n == 1:
        t = arg_types[0]
        if t is T.STR or t.is_dynamic or t is T.BOTTOM:
            return T.INT
        return Raises("TypeError", f"ord() expected string of length 1, but {t.python_name} found")
    if name == "chr" and n == 1:
        t = arg_types[0]
        if _is_int(t) or t.is_dynamic or t is T.BOTTOM:
            return T.STR
        if t is T.FLOAT:
            return Raises("TypeError", "'float' object cannot be interpreted as an integer")
        return Raises("TypeError", f"'{t.python_name}' object cannot be interpreted as an integer")
    if name == "tuple" and n <= 1:
        if n == 0:
            return tuple_of()
        t = iter_type(arg_types[0])
        if isinstance(t, Raises):
            return t
        return arg_types[0] if arg_types[0].is_tuple else tuple_any(t)
    if name == "range" and 1 <= n <= 3:
        for t in arg_types:
            if not (t.is_dynamic or _is_int(t)):
                return Raises("TypeError", f"'{t.python_name}' object cannot be interpreted as an integer")
        if n == 3 and const_args and const_args[2] == 0:
            return Raises("ValueError", "range() arg 3 must not be zero")
        return T.RANGE
    if name in ("list", "sorted") and n <= 1:
        if n == 0:
            return list_of() if name == "list" else None
        t = iter_type(arg_types[0])
        return t if isinstance(t, Raises) else list_of()
    if name == "iter" and n == 1:
        t = iter_type(arg_types[0])
        return t if isinstance(t, Raises) else T.ITERATOR
    if name == "next" and n in (1, 2):
        t = arg_types[0]
        if t is T.ITERATOR or t.is_dynamic or t is T.BOTTOM:
            return T.OBJECT
        return Raises("TypeError", f"'{t.python_name}' object is not an iterator")
    if name in ("any", "all") and n == 1:
        t = iter_type(arg_types[0])
        return t if isinstance(t, Raises) else T.BOOL
    if name in ("sum", "min", "max") and n in (1, 2) and (name == "sum" or n == 1):
        t = iter_type(arg_types[0])
        if isinstance(t, Raises):
            return t
        return T.OBJECT
    if name == "round" and n in (1, 2):
        x = arg_types[0]
        if not (x.is_dynamic or x.is_numeric or x is T.BOTTOM):
            return Raises("TypeError", f"type {x.python_name} doesn't define __round__ method")
        if n == 1 or arg_types[1] is T.NONE:
            return T.INT
        digits = index_argument_type(arg_types[1], T.INT)
        if isinstance(digits, Raises):
            return digits
        if arg_types[1].is_dynamic or x.is_dynamic:
            return T.OBJECT
        return T.FLOAT if x is T.FLOAT else T.INT
    if name == "divmod" and n == 2:
        a, b = arg_types
        if a.is_dynamic or b.is_dynamic:
            return T.OBJECT
        if not (a.is_numeric and b.is_numeric):
            return Raises("TypeError", f"unsupported operand type(s) for divmod(): "
                                       f"'{a.python_name}' and '{b.python_name}'")
        t = T.FLOAT if T.FLOAT in (a, b) else T.INT
        return tuple_of(t, t)
    if name == "pow" and (n == 2 or n == 3 and arg_types[2] is T.NONE):  # pow(a, b, None) is a ** b
        return binary_type("pow", arg_types[0], arg_types[1], rhs_const=(const_args or [None, None])[1])
    if name == "pow" and n == 3:
        if T.FLOAT in arg_types:  # a float's pow() is reached first, and refuses a modulus
            return Raises("TypeError", "pow() 3rd argument not allowed unless all arguments are integers")
        if any(t.is_dynamic for t in arg_types):
            return dynamic_of(*arg_types)
        if all(_is_int(t) for t in arg_types):
            return T.INT
        a, b, c = arg_types
        return Raises("TypeError", f"unsupported operand type(s) for ** or pow(): "
                                   f"'{a.python_name}', '{b.python_name}', '{c.python_name}'")
    if name == "dict" and n <= 1:
        if n and not (arg_types[0].is_dynamic or arg_types[0] is T.BOTTOM):
            t = iter_type(arg_types[0])
            if isinstance(t, Raises):
                return t
        return T.DICT
    if name == "dict.fromkeys":
        if n == 0 or n > 2:
            return Raises("TypeError", f"fromkeys expected at {'least 1 argument' if n == 0 else 'most 2 arguments'}"
                                       f", got {n}")
        if not (arg_types[0].is_dynamic or arg_types[0] is T.BOTTOM):
            t = iter_type(arg_types[0])
            if isinstance(t, Raises):
                return t
        return T.DICT
    if name in ("set", "frozenset") and n <= 1:
        if n and not (arg_types[0].is_dynamic or arg_types[0] is T.BOTTOM):
            t = iter_type(arg_types[0])
            if isinstance(t, Raises):
                return t
        return T.SET if name == "set" else T.FROZENSET
    if name == "isinstance" and n == 1:  # the class argument is not a value
        return T.BOOL
    return None


def index_argument_type(t: PyType, result: PyType) -> PyType | Raises:
    """A builtin whose argument must be an integer (``__index__``): ``bin(x)``..."""
    if _is_int(t) or t.is_dynamic or t is T.BOTTOM:
        return result
    return Raises("TypeError", f"'{t.python_name}' object cannot be interpreted as an integer")


def int_base_type(x: PyType, base: PyType) -> PyType | Raises:
    """``int(x, base)``: the base is checked first (an integer, then its
    range), then ``x`` (a str; runtime_lib/parsing.py)."""
    return index_argument_type(base, T.INT)  # x: a str, else TypeError after the base's range


#: classes a type test can name, with the type codes they match
#: (isinstance: bool is an int; type(x) is int: exactly int)
ISINSTANCE_CODES = {"int": ("bool", "int"), "float": ("float",), "bool": ("bool",), "tuple": ("tuple",),
                    "list": ("list",), "range": ("range",), "str": ("str",), "dict": ("dict",),
                    "set": ("set",), "frozenset": ("frozenset",),
                    "object": ("NoneType", "bool", "int", "float", "tuple", "list", "range", "str", "dict", "set",
                               "frozenset")}
EXACT_TYPE_CODES = {"int": ("int",), "float": ("float",), "bool": ("bool",), "tuple": ("tuple",),
                    "list": ("list",), "range": ("range",), "str": ("str",), "dict": ("dict",), "set": ("set",),
                    "frozenset": ("frozenset",)}


def static_python_name(t: PyType) -> str | None:
    """The class name every value of ``t`` has (None: known only at run time)."""
    if t.is_dynamic or t is T.BOTTOM:
        return None
    return t.python_name


def host_argument_fits(arg: PyType, param: PyType) -> bool:
    """May a value of static type ``arg`` be passed to a ``@pydm.host``
    parameter annotated ``param``? Its class is one the annotation names (an
    int or a bool for a float, a bool for an int, PEP 484), or it is known
    only at run time (then it crosses as it is: the host function gets the
    value itself, as under CPython)."""
    if arg.is_dynamic or arg is T.BOTTOM or param is T.OBJECT:
        return True
    if param is T.FLOAT and arg in (T.INT, T.BOOL) or param is T.INT and arg is T.BOOL:
        return True
    return arg.python_name == param.python_name
