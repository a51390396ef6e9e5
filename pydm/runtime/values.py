"""Python values at the module boundary: their static types and seed-002 records.

A parameter of a scalar type crosses as itself; one of type ``object``, a
tuple type or ``list`` crosses as a seed-002 record (``pydm/representation.py``).
These helpers are what the JIT's specialization and the callers of exports share.

**Lists keep their identity across the boundary.** A Python list goes in as
a record ``[LIST, records of its elements]``, one record per distinct list
(a :class:`ListSession` remembers them, so ``f(a, a)`` and a list holding
itself arrive as one VM list). The module converts each such record once
into its own list and writes that list back into the record
(``[LIST_CONVERTED, list]``). After the call — also when it raised — the
session reads every list the caller passed and writes its final contents
into the caller's Python list in place (``xs[:] = ...``): a list the
compiled code mutated is mutated for the caller, and a list the function
returns that the caller passed in comes back as the caller's own object.
The cost is one conversion of every element of every list passed, each way.

**Dicts likewise**: a Python dict goes in as ``[DICT, its table]``, the
table in the module's layout (``runtime_lib/dicts.py``: ``[used, entries,
index, fill]``) with every hash "not computed" (-1) and no index, which
the module builds at its first lookup (so the host never hashes). After
the call the caller's dict gets the table's final entries in place
(``clear`` + ``update``: same object, the module's order).

**Sets the same way**: ``[SET, its table]``, each entry's value None
(``runtime_lib/sets.py``); after the call the caller's set gets the
table's final elements in place. A set the module makes comes out as a
new Python set (so its printed order is CPython's own). A frozenset crosses
as ``[FROZENSET, its table]`` and comes back as a new frozenset (or the
caller's own, when the module returns one it was given); nothing is written
back into it.
"""
from __future__ import annotations

import gc
from collections import deque
from itertools import chain, repeat

from .binding import rt

from .. import typecodes as tc
import struct

from ..types import MAX_DEPTH, PyType, list_of, tuple_any, tuple_of

T = PyType
INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
#: the type code of each kind of table a record holds (``runtime_lib/dicts.py``)
_TABLE_CODES = {dict: tc.DICT, set: tc.SET, frozenset: tc.FROZENSET}
#: a dict's view types and their codes: a view crosses as ``[code, [its dict's record]]``
#: (the dict by reference), a view of the caller's dict both ways
_VIEW_CODES = {type({}.keys()): tc.DICT_KEYS, type({}.values()): tc.DICT_VALUES,
               type({}.items()): tc.DICT_ITEMS}


#: the JIT specializes on a tuple argument's element types up to this length
#: (and the nesting of types.MAX_DEPTH); a longer tuple is a ``tuple<object,...>``
MAX_PRECISE_TUPLE = 8


def view_dict(view) -> dict:
    """The dict a dict view shows (``view.mapping`` is only a read-only proxy of
    it; the view holds the dict itself, its one referent in CPython)."""
    (d,) = gc.get_referents(view)
    assert type(d) is dict, "a dict view's referent is its dict"
    return d


def static_type_of(value, depth: int = 0) -> PyType | None:
    """The static type the JIT specializes a parameter on for this argument
    (a short tuple: its element types; a long one ``tuple<object,...>``;
    a list: ``list<object>``); None if pydm cannot pass the value."""
    cls = type(value)
    if cls is list:
        return list_of()
    if cls is dict:
        return T.DICT
    if cls is set:
        return T.SET
    if cls is frozenset:
        return T.FROZENSET
    if cls is range:
        return T.RANGE
    if cls is str:
        return T.STR
    if cls in _VIEW_CODES:  # compiled code holds a view as an object
        return T.OBJECT
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
    if isinstance(value, str):
        return T.STR
    return None


def passable(value) -> bool:
    """Can pydm pass ``value`` (None, bool, int, float, range, tuples of them,
    lists)? A list's elements are checked when it is converted (they may be
    many, and a list may hold itself)."""
    cls = type(value)
    if cls in (int, float, bool, range, list, str, dict, set, frozenset) or cls in _VIEW_CODES or value is None:
        return True
    if cls is tuple:
        return all(passable(x) for x in value)
    return isinstance(value, (int, float, tuple, str)) and (not isinstance(value, tuple) or all(
        passable(x) for x in value))


def conforms(value, t: PyType) -> bool:
    """Is ``value`` a value of static type ``t`` (an int is a float, PEP 484)?"""
    if t is T.OBJECT:
        return passable(value)
    if t.is_list:
        return type(value) is list
    if t is T.RANGE:
        return type(value) is range
    if t is T.STR:
        return isinstance(value, str)
    if t is T.DICT:
        return type(value) is dict
    if t is T.SET:
        return type(value) is set
    if t is T.FROZENSET:
        return type(value) is frozenset
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
    if t.is_list:
        return "list"
    if t.is_tuple:
        if t.elts is None:
            return f"tuple[{describe(t.elt)}, ...]"
        return "tuple[" + ", ".join(describe(e) for e in t.elts) + "]" if t.elts else "tuple[()]"
    return {T.NONE: "None"}.get(t, t.python_name)


def to_record(value, where: str = "", t: PyType | None = None, session=None) -> rt.VmVariantList:
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
        if session is not None:
            session._filling += 1  # a list or dict inside a tuple is nested (ListSession.scalars_only)
        try:
            for x, e in zip(value, elts):
                items.push_list(to_record(x, where, e, session))
        finally:
            if session is not None:
                session._filling -= 1
        record.push_int(tc.TUPLE)
        record.push_list(items)
    elif isinstance(value, str):
        record.push_int(tc.STR)
        record.push_list(str_list(value))
    elif cls is range:
        items = rt.VmVariantList(3)
        for x in (value.start, value.stop, value.step):
            items.push_list(to_record(x, where))
        record.push_int(tc.RANGE)
        record.push_list(items)
    elif isinstance(value, list):
        if session is None:
            raise TypeError(f"{where}pydm cannot pass a list here")
        return session.record(value, where)
    elif cls is dict or cls is set or cls is frozenset:
        if session is None:
            raise TypeError(f"{where}pydm cannot pass a {cls.__name__} here")
        return session.dict_record(value, where)
    elif cls in _VIEW_CODES:
        items = rt.VmVariantList(1)
        if session is not None:
            session.scalars_only = False  # (a view holds its dict)
        items.push_list(to_record(view_dict(value), where, None, session))
        record.push_int(_VIEW_CODES[cls])
        record.push_list(items)
    else:
        raise TypeError(f"{where}pydm cannot pass a {cls.__name__} value")
    return record


def from_record(record: rt.VmVariantList, session=None, nested: bool = False):
    """The Python value of a seed-002 record (a tuple's payload is a list of
    records; a list's is the module's list itself, read by ``session``).
    An iterator or function object is not handed to Python: at the top a
    placeholder (its type name serves an exception's message), inside a
    value a TypeError."""
    code = record.get_variant(0)
    if code == tc.NONE:
        return None
    if code == tc.TUPLE:
        items = record.get_as_list(1)
        return tuple(from_record(items.get_as_list(i), session, True) for i in range(len(items)))
    if code in (tc.SEQUENCE_ITERATOR, tc.FUNCTION):
        if nested:
            not_passed(code)
        return IteratorValue() if code == tc.SEQUENCE_ITERATOR else FunctionValue()
    if code == tc.RANGE:
        items = record.get_as_list(1)
        return range(*(from_record(items.get_as_list(i)) for i in range(3)))
    if code == tc.EXCEPTION_RESULT:  # [class, site, records of the args, the object]
        fields = record.get_as_list(1)
        session = session or ListSession()
        records = fields.get_as_list(2)
        exc = session.exception(fields.get_as_list(3), lambda: tuple(
            from_record(records.get_as_list(i), session, True) for i in range(len(records))))
        if len(fields) > 4:
            cause = rt.VmVariantList(2)
            cause.push_int(tc.EXCEPTION_RESULT)
            cause.push_list(fields.get_as_list(4))
            exc.__cause__ = from_record(cause, session, True)
        return exc
    if code == tc.LIST or code == tc.LIST_CONVERTED:
        return (session or ListSession()).python_list(record.get_as_list(1))
    if code == tc.STR:
        return str_of_list(record.get_as_list(1))
    if code == tc.DICT:
        return (session or ListSession()).python_dict(record.get_as_list(1))
    if code == tc.SET:
        return (session or ListSession()).python_set(record.get_as_list(1))
    if code == tc.FROZENSET:
        return (session or ListSession()).python_frozenset(record.get_as_list(1))
    if code in tc.DICT_VIEWS:  # [code, [the dict's record]]: that dict's own view
        return _view(from_record(record.get_as_list(1).get_as_list(0), session, True), code)
    value = record.get_variant(1)
    if code == tc.BOOL:
        return bool(value)
    if code == tc.INTEGER:
        return int(value)
    if code == tc.REAL:
        return float(value)
    raise ValueError(f"pydm: object record with unknown type code {code}")


def _view(d: dict, code: int):
    """The Python view of dict ``d`` that a view record of ``code`` stands for
    (live: the caller's own dict's view when the dict came from the caller)."""
    return (d.keys, d.values, d.items)[tc.DICT_VIEWS.index(code)]()


def str_list(value: str) -> rt.VmVariantList:
    """A str in the module's layout: a VM list of its codepoints, one i64
    each (any Unicode; a lone surrogate is a codepoint like any other)."""
    vm = rt.VmVariantList(len(value))
    push_int = vm.push_int
    for c in value:
        push_int(ord(c))
    return vm


def str_of_list(vm) -> str:
    """The Python str of a module's str (its list of codepoints)."""
    get = vm.get_variant
    return "".join([chr(get(i)) for i in range(len(vm))])


class IteratorValue:
    """An iterator object of the module met at the boundary (an exception's
    argument); pydm does not hand iterators to Python."""


IteratorValue.__name__ = "iterator"  # the name a message gives its type


class FunctionValue:
    """A function value made by compiled code, met at the boundary (an
    exception's argument); pydm does not hand compiled functions to Python."""


FunctionValue.__name__ = "function"


def not_passed(code: int):
    """Raise the TypeError for a value pydm does not hand to Python."""
    if code == tc.FUNCTION:
        raise TypeError("pydm cannot hand a function made by compiled code (def or lambda) to Python")
    raise TypeError("pydm cannot return an iterator object (enumerate, zip, reversed, iter) to Python; "
                    "return list(...) of it")

_BITS = struct.Struct("<q")
_FLOAT = struct.Struct("<d")

#: lists longer than this are first tried as all floats (in) or all ints or floats (out: ListSession)
_BULK = 16
_INTS, _FLOATS = {tc.INTEGER}, {tc.REAL}


def _push_uniform(push_int, items) -> bool:
    """Push a list of only floats in one sweep, as (type code, payload bits)
    pairs; False (nothing pushed) for any other list. Packing each float to
    its bits is most of what the element loop of ``_fill`` spends on a float
    (for ints the two ``push_int`` calls per element are: ~no gain, not done)."""
    if type(items[0]) is not float or set(map(type, items)) != {float}:
        return False
    bits = struct.unpack(f"<{len(items)}q", struct.pack(f"<{len(items)}d", *items))
    deque(map(push_int, chain.from_iterable(zip(repeat(tc.REAL), bits))), maxlen=0)
    return True


def _unpack_floats(bits: list):
    return struct.unpack(f"<{len(bits)}d", struct.pack(f"<{len(bits)}q", *bits))


class ListSession:
    """The lists of one call (see the module docstring): the module list made
    for each of the caller's lists, and the Python list of each module list
    met so far."""

    def __init__(self, sites=None):
        self._made: dict[int, tuple] = {}      # id(python list) -> (list, vm list)
        self._known: dict[tuple, list] = {}    # bucket -> [(vm list, python list)]
        #: the module's raise-site table: what an exception value handed out becomes
        self.sites = sites
        self._exceptions: list = []  # (exception object of the module, Python exception)
        self._filling = 0  # conversions under way (a list, dict or set met inside another is nested)
        #: no list, dict or set passed is held inside another value passed (read_only.py:
        #: the items of what was passed cannot change unless the function changed it itself)
        self.scalars_only = True

    def exception(self, obj, args_of) -> BaseException:
        """The Python exception of the module's exception object ``obj`` (a
        VM list [class, site, ...]; ``args_of()`` reads its args): one per
        object, so ``[e, e]`` arrives as one exception twice."""
        for other, exc in self._exceptions:
            if other == obj:  # the same VM list (pointer identity)
                return exc
        if self.sites is None:
            raise SystemError("pydm: an exception value without its module's raise sites")
        exc = self.sites.exception_value(obj.get_variant(0), obj.get_variant(1), args_of())
        self._exceptions.append((obj, exc))
        return exc

    def exception_of_object(self, obj) -> BaseException:
        """The Python exception of an exception object in the module's own
        layout (an element of a list): [class, site, args tuple (, cause)]."""
        exc = self.exception(obj, lambda: tuple(self._elements(obj.get_as_list(2))))
        if len(obj) > 3 and exc.__cause__ is None:
            exc.__cause__ = self.exception_of_object(obj.get_as_list(3))
        return exc

    def record(self, value: list, where: str) -> rt.VmVariantList:
        """The record of a caller's list: ``[LIST_CONVERTED, the list in the
        module's own layout]`` (one VM list per distinct Python list)."""
        record = rt.VmVariantList(2)
        record.push_int(tc.LIST_CONVERTED)
        record.push_list(self.vm_list(value, where))
        return record

    def dict_record(self, value, where: str) -> rt.VmVariantList:
        """The record of a caller's dict (set): ``[DICT (SET), its table]`` (one per distinct one)."""
        record = rt.VmVariantList(2)
        record.push_int(_TABLE_CODES[type(value)])
        record.push_list(self.vm_dict(value, where))
        return record

    def vm_dict(self, value, where: str) -> rt.VmVariantList:
        """A dict's (a set's) table ``[used, entries, index, fill]`` with the hashes
        and the index left for the module to compute (``runtime_lib/dicts.py``)."""
        hit = self._made.get(id(value))
        if self._filling:
            self.scalars_only = False
        if hit is not None:
            return hit[1]
        state = rt.VmVariantList(8)
        self._made[id(value)] = (value, state)  # before the entries: a dict may hold itself
        entries = rt.VmVariantList(6 * len(value))
        pairs = value.items() if type(value) is dict else ((x, None) for x in value)
        self._filling += 1
        try:
            self._fill(entries, [x for k, v in pairs for x in (-1, k, v)], where)
        finally:
            self._filling -= 1
        index = rt.VmVariantList(0)
        state.push_int(tc.INTEGER)
        state.push_int(len(value))
        state.push_int(tc.LIST)
        state.push_list(entries)
        state.push_int(tc.LIST)
        state.push_list(index)
        state.push_int(tc.INTEGER)
        state.push_int(0)
        return state

    def python_dict(self, vm) -> dict:
        """The Python dict for module table ``vm`` (as :meth:`python_list`)."""
        for other, value in self._known.get(self._bucket(vm), ()):
            if other == vm:
                return value
        out: dict = {}
        self._remember(vm, out)
        out.update(self._dict_items(vm))
        return out

    def python_set(self, vm) -> set:
        """The Python set for module table ``vm`` (as :meth:`python_dict`)."""
        for other, value in self._known.get(self._bucket(vm), ()):
            if other == vm:
                return value
        out: set = set()
        self._remember(vm, out)
        out.update(k for k, _ in self._dict_items(vm))
        return out

    def python_frozenset(self, vm) -> frozenset:
        """The Python frozenset for module table ``vm``: the caller's own if it
        passed this one, else a new one (a frozenset cannot hold itself)."""
        for other, value in self._known.get(self._bucket(vm), ()):
            if other == vm:
                return value
        out = frozenset(k for k, _ in self._dict_items(vm))
        self._remember(vm, out)
        return out

    def _dict_items(self, vm) -> list:
        """The (key, value) pairs of a table, in order (deleted entries skipped)."""
        entries = self._elements(vm.get_as_list(3))
        return [(entries[i + 1], entries[i + 2]) for i in range(0, len(entries), 3) if entries[i] is not None]

    def vm_list(self, value: list, where: str) -> rt.VmVariantList:
        hit = self._made.get(id(value))
        if self._filling:
            self.scalars_only = False
        if hit is not None:
            return hit[1]
        vm = rt.VmVariantList(2 * len(value))
        self._made[id(value)] = (value, vm)  # before the elements: a list may hold itself
        self._filling += 1
        try:
            self._fill(vm, value, where)
        finally:
            self._filling -= 1
        return vm

    def _fill(self, vm, items, where: str) -> None:
        """Push ``items`` in the inside layout: (type code, payload) per element."""
        push_int, push_list = vm.push_int, vm.push_list
        if len(items) > _BULK and type(items) is list and _push_uniform(push_int, items):
            return
        for x in items:
            cls = type(x)
            if cls is int:
                if not INT64_MIN <= x <= INT64_MAX:
                    raise OverflowError(f"{where}int {x} does not fit in 64 bits")
                push_int(tc.INTEGER)
                push_int(x)
            elif cls is float:
                push_int(tc.REAL)
                push_int(_BITS.unpack(_FLOAT.pack(x))[0])
            elif cls is bool:
                push_int(tc.BOOL)
                push_int(1 if x else 0)
            elif x is None:
                push_int(tc.NONE)
                push_int(0)
            elif cls is list:
                push_int(tc.LIST)
                push_list(self.vm_list(x, where))
            elif cls is str:
                push_int(tc.STR)
                push_list(str_list(x))
            elif cls is dict or cls is set or cls is frozenset:
                push_int(_TABLE_CODES[cls])
                push_list(self.vm_dict(x, where))
            elif cls in _VIEW_CODES:  # the tuple (its dict,)
                inner = rt.VmVariantList(2)
                self._fill(inner, [view_dict(x)], where)
                push_int(_VIEW_CODES[cls])
                push_list(inner)
            elif cls is tuple or cls is range:
                inner = rt.VmVariantList(6 if cls is range else 2 * len(x))
                self._fill(inner, (x.start, x.stop, x.step) if cls is range else x, where)
                push_int(tc.TUPLE if cls is tuple else tc.RANGE)
                push_list(inner)
            elif isinstance(x, bool):
                self._fill(vm, [bool(x)], where)
            elif isinstance(x, int):
                self._fill(vm, [int(x)], where)
            elif isinstance(x, float):
                self._fill(vm, [float(x)], where)
            elif isinstance(x, tuple):
                self._fill(vm, [tuple(x)], where)
            elif isinstance(x, str):
                self._fill(vm, [str(x)], where)
            else:
                raise TypeError(f"{where}pydm cannot pass a {cls.__name__} value")

    def sync(self) -> None:
        """Write the final contents of every list the caller passed into the
        caller's own list (the module changed the VM lists in place)."""
        pairs = list(self._made.values())
        for value, vm in pairs:
            self._remember(vm, value)
        for value, vm in pairs:
            if type(value) is dict:
                items = self._dict_items(vm)
                value.clear()
                value.update(items)
            elif type(value) is set:
                items = self._dict_items(vm)
                value.clear()
                value.update(k for k, _ in items)
            elif type(value) is frozenset:  # never changed
                pass
            else:
                value[:] = self._elements(vm)

    @staticmethod
    def _bucket(vm) -> tuple:
        n = len(vm)
        return (n,) + tuple(vm.get_variant(i) for i in range(0, min(n, 8), 2))

    def module_values(self) -> list:
        """``(module object, Python value)`` of every Python list, dict and set
        this session made of (or matched to) a module's own."""
        return [pair for pairs in self._known.values() for pair in pairs]

    def adopt(self) -> None:
        """From now on each Python value made of a module's list, dict or set
        crosses back as that object itself (a host function returning the
        list compiled code passed it returns the same list)."""
        for vm, value in self.module_values():
            self._made[id(value)] = (value, vm)

    def contents(self, value, where: str = "") -> rt.VmVariantList:
        """A fresh VM list of ``value``'s contents in the module's layout: a
        list's elements (type code, payload per element), a dict's (set's)
        table; the module object of :meth:`adopt`'s values stays theirs."""
        if type(value) is list:
            vm = rt.VmVariantList(2 * len(value))
            self._fill(vm, value, where)
            return vm
        own = self._made.pop(id(value), None)
        try:
            return self.vm_dict(value, where)
        finally:
            if own is not None:
                self._made[id(value)] = own

    def _remember(self, vm, value: list) -> None:
        self._known.setdefault(self._bucket(vm), []).append((vm, value))

    def python_list(self, vm) -> list:
        """The Python list for module list ``vm``: the caller's own list if it
        came from the caller, the one already made if met before, else new."""
        for other, value in self._known.get(self._bucket(vm), ()):
            if other == vm:  # the same VM list (pointer identity)
                return value
        out: list = []
        self._remember(vm, out)
        out.extend(self._elements(vm))
        return out

    def _elements(self, vm) -> list:
        get = vm.get_variant
        n = len(vm)
        if n > 2 * _BULK and len(set(map(get, range(0, 2 * _BULK, 2)))) == 1:
            codes = set(map(get, range(0, n, 2)))  # all ints, or all floats: the payloads in one sweep
            if codes == _INTS:
                return list(map(get, range(1, n, 2)))
            if codes == _FLOATS:
                return list(_unpack_floats(list(map(get, range(1, n, 2)))))
        out = []
        for k in range(0, len(vm), 2):
            code = get(k)
            if code == tc.INTEGER:
                out.append(get(k + 1))
            elif code == tc.REAL:
                out.append(_FLOAT.unpack(_BITS.pack(get(k + 1)))[0])
            elif code == tc.BOOL:
                out.append(get(k + 1) != 0)
            elif code == tc.NONE:
                out.append(None)
            else:
                inner = vm.get_as_list(k + 1)
                if code == tc.LIST:
                    out.append(self.python_list(inner))
                elif code == tc.DICT:
                    out.append(self.python_dict(inner))
                elif code == tc.SET:
                    out.append(self.python_set(inner))
                elif code == tc.FROZENSET:
                    out.append(self.python_frozenset(inner))
                elif code == tc.TUPLE:
                    out.append(tuple(self._elements(inner)))
                elif code == tc.RANGE:
                    out.append(range(*self._elements(inner)))
                elif code == tc.STR:
                    out.append(str_of_list(inner))
                elif code == tc.EXCEPTION_RESULT:  # its object: [class, site, args tuple (, cause)]
                    out.append(self.exception_of_object(inner))
                elif code in tc.DICT_VIEWS:  # the tuple (d,)
                    out.append(_view(self._elements(inner)[0], code))
                elif code in (tc.SEQUENCE_ITERATOR, tc.FUNCTION):
                    not_passed(code)
                else:
                    raise SystemError(f"pydm: list element with unknown type code {code}")
        return out
