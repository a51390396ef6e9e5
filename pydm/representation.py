"""The representation table: how a value of each static type exists at run time.

This is the one place that knows it. The lowering's type converter, the pass
``split-objects``, the public wrappers at the module boundary, the export
signatures (``iree.abi``) and the Python-side marshalling all read it.

=================  ==============================  ==============================
static type        inside a module                 at the module boundary
=================  ==============================  ==============================
``none``           ``i32`` (always 0)              ``i32``
``bool``           ``i1``                          ``i32`` (0/1) [#bool]_
``integer``        ``i64``                         ``i64``
``real``           ``f64``                         ``f64``
``tuple<...>``     heap ref ``!util.list<?>``      seed-002 record
``list<object>``   heap ref ``!util.list<?>``      seed-002 record
``list<integer>``  heap ref ``!util.list<?>``:     (not passed: a
``list<real>``     one i64 slot per element        ``list<object>`` copy,
``list<bool>``                                     ``list_box``)
``range``          heap ref ``!util.list<?>``      seed-002 record
``str``            heap ref ``!util.list<?>``:     seed-002 record ``[4, the
                   one i64 slot per codepoint      list itself]``
                   (typed i64 storage when made
                   by the str ops)
``dict``           heap ref ``!util.list<?>``:     record ``[11, the table]``
                   its hash table                  (by reference)
``set``            heap ref ``!util.list<?>``:     record ``[12, the table]``
                   a dict's table, values None     (by reference)
``iterator``       heap ref ``!util.list<?>``      (not passed)
``dict_keys``...   heap ref ``!util.list<?>``:     record ``[14, [record of the
                   tuple ``(d,)``              dict]]`` (15 values, 16 items)
``function<k>``    heap ref ``!util.list<?>``:     (not passed)
                   its closure, a tuple of cells
``exception``      heap ref ``!util.list<?>``:     seed-002 record (out only)
                   its exception object
``object``         dynamic value: three values     seed-002 record
                   (type code ``i64``, payload
                   bits ``i64``, heap ref)
``object<scalar>`` dynamic value without the heap   seed-002 record
                   ref: (code ``i64``, bits ``i64``)
=================  ==============================  ==============================

.. [#bool] the VM returns an i1 as an integer; the ABI record says ``i32``.

**Dynamic values** (``object``): the type code (``pydm/typecodes.py``), the
payload bits (an int itself, a float's IEEE bits, a bool 0/1, None 0; 0 for
heap values) and a heap reference (null for scalars). Scalars allocate
nothing; a heap value is its reference, so ``is`` compares references.

**Heap values** are VM lists (``!util.list<?>``). A tuple of n elements is a
list of 2n slots: element i is its type code (i64) in slot 2i and its payload
in slot 2i+1: the bits (i64) of a scalar, the reference of a heap value
(the code tells which: heap codes are 2 ..< 0x40). Any element can be read
without knowing the tuple's static type, a typed element with one read. A list has
the same layout; it is mutable (``xs[i] = v`` sets the two slots of element
i, ``append`` resizes the VM list), and every alias holds the same reference.

**Typed lists** (``list<integer>``, ``list<real>``, ``list<bool>``; type code 3
as any list) hold **one i64 slot per element** and no type codes: an int
itself, a float's IEEE bits, a bool 0/1, in a VM list of i64 storage (made
as a str's, ``lowering/rules_typed_list.py`` ``new_typed``: a third of a
variant list's memory, its slots cleared when reserved). ``len`` is the VM
list's size and an element one slot read. The typing pass gives this storage only to a list whose
every alias it sees and whose every stored value has the element type
(``frontend/list_storage.py``), so the layout is never read as another: any
other use gets a ``list<object>`` copy (``list_box``: the same bits under
their type code), and a typed list never crosses a module boundary; between
compiled functions it is passed and returned as it is, where the typing pass
proves both sides see it typed (``frontend/list_typing.py``).

**Strings** (``str``, type code 4) are VM lists with **one i64 slot per
codepoint** and no per-element type codes (a str's elements are always
codepoints): ``len(s)`` is the list's size, ``s[i]`` one slot read. A str is
immutable: nothing writes a list after the operation that made it, so
aliases and literals can share it; ``is`` compares references. A str made by
the str operations (``str_new``, literals) has typed storage (a VM list of
element type i64, held as the ``!util.list<?>`` every heap value is;
``lowering/rules_str.py`` ``new_str``); one from the host (a
``VmVariantList`` of ints) or a raise site's message has variant storage.
The VM's ``vm.list.get.i64`` reads both alike, so nothing else tells them
apart. Why a list of
i64 and not a ``!util.buffer`` of bytes: a buffer cannot cross the module
boundary through the Python bindings (``VmVariantList.push_ref(VmBuffer)``
stores None and the process crashes at exit: tests/platform), and a list
slot is read with the VM's typed access in one op. A narrower storage can
come later behind the same ops (``str_len``, ``str_code``, ``str_new``,
``str_set``, ``str_literal``). At the boundary a str is ``[4, the list
itself]`` both ways (the same list: nothing to convert).
**Dict values** (type code 11) are the hash table of ``runtime_lib/dicts.py``:
a VM list in the list layout ``[used, entries, index, fill]`` (entries: ``hash,
key, value`` triples in insertion order; index: open addressing, built lazily
when empty). It is mutable and shared by reference, as a list.
**Dict views** (type codes 14 ``dict_keys``, 15 ``dict_values``, 16 ``dict_items``)
are the one-element tuple ``(d,)`` of their dict, in the tuple layout, under their
own code: live (every operation reads the dict's table then), made only where a
view is kept as a value (``runtime_lib/views.py``; ``for k in d.keys()`` stays a
direct loop). Compiled code holds a view as an ``object``.
**Set values** (type code 12) are the same table with every value None
(``runtime_lib/sets.py``), shared by reference likewise.

**Exception values** (type code 6, seed 002's boxed ``ExceptionResult``) are
the exception object of ``pydm/exceptions.py``: a VM list ``[class code i64,
raise site i64, args]`` — the args a tuple (inside layout), or null when they
are the site's message (or none, for a site of ``cls()``). Raising one stores
it in the context's exception slot and returns its site's code; ``except E
as e`` reads it back from there (or builds it from the code alone).

**Seed-002 records** (the boundary form of ``object`` and heap values): a VM
list ``[i32 type code, payload]``: None ``[1, i32 0]``, bool ``[0x40, i32 0/1]``,
int ``[0x4F, i64]``, float ``[0x5B, f64]``, tuple ``[2, list of records]``,
range ``[9, records of start, stop, step]``, str ``[4, list of i64 codepoints]``, exception ``[6, [class, site,
records of the args or null]]`` (out of a module only), list ``[3, records]`` or ``[0x83, the list itself]``: a list crosses *by
reference*, in its inside layout, so the host and the module share one VM list
and the module's mutations are seen by the host (``pydm/runtime/values.py``
reflects them into the caller's Python list); a dict ``[11, its table]`` and a
set ``[12, its table]`` likewise (the host leaves the hashes and the index to the
module); a dict view ``[14, [the dict's record]]`` (15, 16), its tuple ``(d,)``.

**V1 ABI** (seed 000): :func:`abi_record` describes each boundary form for
``iree.abi`` — a scalar as itself, a record as ``["slist", "i32", payload]``
(a tuple's payload a ``stuple`` of its elements' records, a str's a
``py_homogeneous_list`` of ``i64``), ``"unknown"`` where the form is known only
at run time (``object``) or is the module's own layout (list, dict, set).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import typecodes as tc
from .types import FunctionType, ListType, PyType, TupleType

T = PyType

SCALAR = "scalar"
DYNAMIC = "dynamic"
HEAP = "heap"

#: MLIR type of every heap reference (and of a seed-002 record)
HEAP_REF = "!util.list<?>"
#: slots per element in a heap sequence (code, payload)
SLOTS_PER_ELEMENT = 2


@dataclass(frozen=True)
class Representation:
    kind: str                 # SCALAR, DYNAMIC or HEAP
    inside: tuple[str, ...]   # MLIR types inside a module (after split-objects)
    boundary: str             # MLIR type of an argument/result of a public function
    abi: object               # scalars: the V1-ABI type record (seed 000) of that argument/result;
                              # heap values: how their record's payload is described (abi_record)
    code: int | None          # the type code of every value of this type (None: run time)


_SCALARS = {
    T.NONE: Representation(SCALAR, ("i32",), "i32", "i32", tc.NONE),
    T.BOTTOM: Representation(SCALAR, ("i32",), "i32", "i32", tc.NONE),
    T.BOOL: Representation(SCALAR, ("i1",), "i1", "i32", tc.BOOL),
    T.INT: Representation(SCALAR, ("i64",), "i64", "i64", tc.INTEGER),
    T.FLOAT: Representation(SCALAR, ("f64",), "f64", "f64", tc.REAL),
}
#: the ``abi`` of a heap representation describes the *payload* of its
#: seed-002 record (``[i32 code, payload]``): ELEMENTS (a list of the
#: elements' records, one per element, as ``stuple``; for ``tuple<T,...>`` a
#: ``py_homogeneous_list`` of records), a V1 record itself (a
#: str's codepoints), or OPAQUE (``"unknown"``: a list or dict crosses by
#: reference in the module's own layout); NOT_PASSED: no record (the value
#: never crosses), ``"unknown"``
ELEMENTS = "elements"
OPAQUE = "unknown"
NOT_PASSED = None
_DYNAMIC = Representation(DYNAMIC, ("i64", "i64", HEAP_REF), HEAP_REF, NOT_PASSED, None)
_DYNAMIC_SCALAR = Representation(DYNAMIC, ("i64", "i64"), HEAP_REF, NOT_PASSED, None)
_TUPLE = Representation(HEAP, (HEAP_REF,), HEAP_REF, ELEMENTS, tc.TUPLE)
_LIST = Representation(HEAP, (HEAP_REF,), HEAP_REF, OPAQUE, tc.LIST)
#: typed storage (one i64 slot per element); never crosses a boundary
_TYPED_LIST = Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, tc.LIST)
#: the element types a list may be stored typed for
TYPED_LIST_ELEMENTS = (T.INT, T.FLOAT, T.BOOL)
_RANGE = Representation(HEAP, (HEAP_REF,), HEAP_REF, ELEMENTS, tc.RANGE)
_ITERATOR = Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, tc.SEQUENCE_ITERATOR)
_REF = Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, None)
_FUNCTION = Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, tc.FUNCTION)
_EXCEPTION = Representation(HEAP, (HEAP_REF,), HEAP_REF, OPAQUE, tc.EXCEPTION_RESULT)
_STR = Representation(HEAP, (HEAP_REF,), HEAP_REF, ["py_homogeneous_list", "i64"], tc.STR)
_DICT = Representation(HEAP, (HEAP_REF,), HEAP_REF, OPAQUE, tc.DICT)
_SET = Representation(HEAP, (HEAP_REF,), HEAP_REF, OPAQUE, tc.SET)
_FROZENSET = Representation(HEAP, (HEAP_REF,), HEAP_REF, OPAQUE, tc.FROZENSET)
#: a dict's views: the tuple ``(d,)`` under their own codes (only the library names
#: these types; compiled code holds a view boxed, and it crosses as the tuple's record, both ways)
_VIEWS = {T.DICT_KEYS: Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, tc.DICT_KEYS),
          T.DICT_VALUES: Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, tc.DICT_VALUES),
          T.DICT_ITEMS: Representation(HEAP, (HEAP_REF,), HEAP_REF, NOT_PASSED, tc.DICT_ITEMS)}


def of(t: PyType) -> Representation:
    """The representation of values of static type ``t``."""
    r = _SCALARS.get(t)
    if r is not None:
        return r
    if t is T.OBJECT:
        return _DYNAMIC
    if t is T.SCALAR_OBJECT:
        return _DYNAMIC_SCALAR
    if t is T.REF:
        return _REF
    if t is T.RANGE:
        return _RANGE
    if t is T.ITERATOR:
        return _ITERATOR
    if t is T.EXCEPTION:
        return _EXCEPTION
    if t is T.STR:
        return _STR
    if t is T.DICT:
        return _DICT
    if t is T.SET:
        return _SET
    if t is T.FROZENSET:
        return _FROZENSET
    if t in _VIEWS:
        return _VIEWS[t]
    if isinstance(t, TupleType):
        return _TUPLE
    if isinstance(t, ListType):
        return _TYPED_LIST if t.elt in TYPED_LIST_ELEMENTS else _LIST
    if isinstance(t, FunctionType):
        return _FUNCTION
    raise ValueError(f"pydm: no run-time representation for {t.value}")


def abi_record(t: PyType) -> object:
    """The V1-ABI type record (seed 000) of a parameter or result of static
    type ``t`` at the module boundary: a scalar is itself (``i64``, ``f64``,
    ``i32`` for bool and None); any other value its seed-002 record."""
    r = of(t)
    return r.abi if r.kind == SCALAR else _record_abi(t)


def _record_abi(t: PyType) -> object:
    """The V1 record of ``t``'s seed-002 record ``[i32 code, payload]``:
    ``["slist", "i32", payload]``; ``"unknown"`` where the code (and so the
    payload's form) is known only at run time (``object``) or the value
    never crosses."""
    r = of(t)
    if r.code is None or r.abi is NOT_PASSED:
        return OPAQUE
    if r.kind == SCALAR:
        payload = r.abi
    elif r.abi == ELEMENTS:
        elts = (T.INT,) * 3 if t is T.RANGE else t.elts
        payload = (["stuple"] + [_record_abi(e) for e in elts] if elts is not None
                   else ["py_homogeneous_list", _record_abi(t.elt)])
    else:
        payload = r.abi
    return ["slist", "i32", payload]


def type_code(t: PyType) -> int | None:
    """The type code every value of ``t`` has (None: known only at run time)."""
    return of(t).code


def is_heap(t: PyType) -> bool:
    return of(t).kind == HEAP


def same_representation(a: PyType, b: PyType) -> bool:
    """Can a value of static type ``a`` serve as one of ``b`` unchanged?"""
    return of(a) == of(b)


def crosses_as_record(t: PyType) -> bool:
    """Does a public function take/return ``t`` as a seed-002 record (so its
    wrapper converts between the record and the inside form)?"""
    return of(t).kind != SCALAR


#: type codes whose payload is a heap reference
HEAP_CODES = frozenset({tc.TUPLE, tc.LIST, tc.STR, tc.BYTES, tc.EXCEPTION_RESULT, tc.TYPE,
                        tc.SEQUENCE_ITERATOR, tc.RANGE, tc.FUNCTION, tc.DICT, tc.SET,
                        tc.FROZENSET}) | frozenset(tc.DICT_VIEWS)
