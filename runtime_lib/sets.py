"""Sets: the dict's table (``dicts.py``) whose entries have no value, in the pydm subset.

A set is laid out as a dict's table ``[used, entries, index, fill]``
(``set_state`` is the unchecked view of it, ``set_new`` makes a set of
one) whose entries are ``hash, element, None``: the probing, the lazy
index, growth, deletion and iteration (kind 5, ``which`` 3: its size check
says "Set changed size during iteration") are the dict's own functions.

Elements iterate in insertion order (deleted ones skipped). CPython's
order is its table's slot order, an implementation detail that differs
(``list({3, 1, 2})`` is ``[1, 2, 3]`` there, ``[3, 1, 2]`` here); printing
and the boundary give CPython's own sets, so those match.

A frozenset is a set's table under another type code (``frozenset_new``);
``is_set`` and ``as_set`` take both, so every function here that does not
change its set serves frozensets too, and ``frozen`` re-labels a new set's
table as a frozenset (a result of ``frozenset | set``...).

The binary operations follow CPython's choice of which operand's element
is kept when two are equal but of different types (``{1} | {1.0}`` keeps
``1``; ``&`` walks the smaller set and keeps its elements).
"""
from .intrinsics import (as_list, as_set, as_dict, dict_state, fail, frozenset_new, int_value, is_dict,  # noqa: F401
                         is_frozenset, is_none, is_set, item, list_new, set_new, set_state, seq_set, wrap_add,
                         wrap_mul)


def set_empty() -> set:
    """``set()`` and the start of ``{a, b}``."""
    return set_new(empty_table())


def set_len(s: set) -> int:
    return int_value(item(set_state(s), 0))


def has(state: list, x: object) -> bool:
    """Is ``x`` in the table ``state`` (its index built)?"""
    return find(state, x, hash_of(x)) >= 0


def add_to(state: list, x: object) -> None:
    """Add ``x`` to the table ``state`` (an equal element stays as it is)."""
    h = hash_of(x)
    ready(state)
    slot = find(state, x, h)
    if slot < 0:
        insert(state, slot, x, h, None)


def set_add(s: set, x: object) -> None:
    add_to(set_state(s), x)


def lookup_hash(x: object) -> int:
    """The hash ``x in s``, ``s.remove(x)`` and ``s.discard(x)`` look ``x`` up
    by: a set is looked up as the frozenset of its elements (CPython's retry)."""
    if is_set(x):
        return hash_frozenset(as_set(x))
    return hash_of(x)


def set_contains(s: set, x: object) -> bool:
    h = lookup_hash(x)
    return find(ready(set_state(s)), x, h) >= 0


def set_remove(s: set, x: object) -> None:
    """``s.remove(x)``: KeyError(x) when missing (a set ``x`` too, as CPython 3.11's)."""
    if not set_discard_found(s, x):
        raise KeyError(x)


def set_discard(s: set, x: object) -> None:
    set_discard_found(s, x)


def set_discard_found(s: set, x: object) -> bool:
    """Remove ``x`` if present; was it?"""
    h = lookup_hash(x)
    state = ready(set_state(s))
    found = find(state, x, h)
    if found < 0:
        return False
    remove_at(state, found)
    return True


def set_pop(s: set) -> object:
    """``s.pop()``: an element (pydm's: the last one added)."""
    state = ready(set_state(s))
    e = last_entry(state)
    if e < 0:
        fail("KeyError", "pop from an empty set")
    x = item(as_list(item(state, 1)), 3 * e + 1)
    drop_last(state, e)
    return x


def set_clear(s: set) -> None:
    clear_table(set_state(s))


def set_copy(s: set) -> set:
    return set_new(copy_table(set_state(s)))


def elements(x: object) -> list:
    """The elements an iterable gives, as a list: a set's or a dict's keys
    from its table, any other iterable as ``list(x)`` does."""
    if is_set(x):
        return table_keys(set_state(as_set(x)))
    if is_dict(x):
        return table_keys(dict_state(as_dict(x)))
    return as_items(x)


def table_keys(state: list) -> list:
    """The live keys of a table, in order."""
    entries = as_list(item(state, 1))
    out = list_new(int_value(item(state, 0)))
    j = 0
    for e in range(len(entries) // 3):
        if not is_none(item(entries, 3 * e)):
            seq_set(out, j, item(entries, 3 * e + 1))
            j += 1
    return out


def set_update(s: set, other: object) -> None:
    """``s.update(other)``, ``s |= other``."""
    state = set_state(s)
    xs = elements(other)
    for i in range(len(xs)):
        add_to(state, item(xs, i))


def set_of(x: object) -> set:
    """``set(x)`` of any iterable."""
    out = set_empty()
    set_update(out, x)
    return out


def set_intersection(s: set, other: object) -> set:
    """``s.intersection(other)``, ``s & other``: as CPython's, a set operand
    that is larger than ``s`` is probed while ``s``'s elements are kept, else
    the other's elements are walked and kept."""
    out = set_empty()
    if is_set(other) and set_len(as_set(other)) > set_len(s):
        probe = ready(set_state(as_set(other)))
        xs = table_keys(set_state(s))
    else:
        probe = ready(set_state(s))
        xs = elements(other)
    state = set_state(out)
    for i in range(len(xs)):
        x = item(xs, i)
        if has(probe, x):
            add_to(state, x)
    return out


def set_intersection_update(s: set, other: object) -> None:
    """``s &= other``, ``s.intersection_update(other)``: ``s`` takes the result's elements."""
    kept = set_intersection(s, other)
    state = set_state(s)
    clear_table(state)
    xs = table_keys(set_state(kept))
    for i in range(len(xs)):
        add_to(state, item(xs, i))


def set_difference_update(s: set, other: object) -> None:
    xs = elements(other)
    for i in range(len(xs)):
        set_discard_found(s, item(xs, i))


def set_symmetric_difference_update(s: set, other: object) -> None:
    """``s ^= other``: each element of ``other`` (once; ``s ^= s`` empties
    ``s``) leaves ``s`` if there, else joins it."""
    if is_set(other):
        xs = table_keys(set_state(as_set(other)))
    else:
        xs = table_keys(set_state(set_of(other)))
    for i in range(len(xs)):
        x = item(xs, i)
        if not set_discard_found(s, x):
            set_add(s, x)


def set_symmetric_difference(s: set, other: object) -> set:
    out = set_copy(s)
    set_symmetric_difference_update(out, other)
    return out


def set_issubset(s: set, other: object) -> bool:
    """``s.issubset(other)``, ``s <= other`` (other: any iterable)."""
    o = as_set(other) if is_set(other) else set_of(other)
    if set_len(s) > set_len(o):
        return False
    probe = ready(set_state(o))
    xs = table_keys(set_state(s))
    for i in range(len(xs)):
        if not has(probe, item(xs, i)):
            return False
    return True


def set_issuperset(s: set, other: object) -> bool:
    """``s.issuperset(other)``, ``s >= other``."""
    probe = ready(set_state(s))
    xs = elements(other)
    for i in range(len(xs)):
        if not has(probe, item(xs, i)):
            return False
    return True


def set_isdisjoint(s: set, other: object) -> bool:
    probe = ready(set_state(s))
    xs = elements(other)
    for i in range(len(xs)):
        if has(probe, item(xs, i)):
            return False
    return True


def set_eq(a: set, b: set) -> bool:
    return set_len(a) == set_len(b) and set_issubset(a, b)


def set_combine(s: set, other: object, op: int) -> None:
    """``s <op>= other`` (``other``: any iterable): op 0 ``|``, 1 ``&``,
    2 ``-``, 3 ``^``."""
    if op == 0:
        set_update(s, other)
    elif op == 1:
        set_intersection_update(s, other)
    elif op == 2:
        set_difference_update(s, other)
    else:
        set_symmetric_difference_update(s, other)


def set_binary(a: set, b: set, op: int, inplace: bool) -> set:
    """``a <op> b`` of two sets (``a <op>= b`` updates ``a``): op as ``set_combine``."""
    if not inplace:
        a = set_copy(a)
    set_combine(a, b, op)
    return a


def set_compare(a: set, b: set, op: int) -> bool:
    """``a <op> b`` for two sets: op 0 ``<``, 1 ``<=``, 4 ``>``, 5 ``>=``
    (numbers.py's codes): the subset order."""
    if op == 0:
        return set_len(a) < set_len(b) and set_issubset(a, b)
    if op == 1:
        return set_issubset(a, b)
    if op == 4:
        return set_len(a) > set_len(b) and set_issubset(b, a)
    return set_issubset(b, a)


def frozen(s: set) -> frozenset:
    """A new set's table as a frozenset (the set is not used again)."""
    return frozenset_new(set_state(s))


def frozenset_of(x: object) -> frozenset:
    """``frozenset(x)`` of any iterable but a frozenset (which is itself)."""
    return frozen(set_of(x))


def frozenset_empty() -> frozenset:
    return frozen(set_empty())


def set_binary_objects(a: object, b: object, op: int, inplace: bool) -> object:
    """``a <op> b`` (``a <op>= b``) of two objects that hold sets or
    frozensets: the result is of ``a``'s type, and a frozenset ``a`` is never
    changed in place (``fs |= s`` makes a new frozenset, as CPython's)."""
    if is_frozenset(a):
        return frozen(set_binary(as_set(a), as_set(b), op, False))
    return set_binary(as_set(a), as_set(b), op, inplace)


def lshr(x: int, k: int) -> int:
    """``x >> k`` of ``x`` read as an unsigned 64-bit int (0 < k < 64)."""
    return (x >> k) & ((1 << (64 - k)) - 1)


def shuffle_bits(h: int) -> int:
    """CPython's ``_shuffle_bits`` (setobject.c), in 64-bit wrapping arithmetic."""
    return wrap_mul((h ^ 89869747) ^ wrap_mul(h, 65536), 3644798167)


def hash_frozenset(s: set) -> int:
    """CPython's frozenset hash (setobject.c ``frozenset_hash``) of the
    elements' ``hash_of``: their shuffled hashes xor-ed (so the order does not
    matter), then the size and a final dispersal. Equal to CPython's
    ``hash(frozenset(...))`` where the elements' hashes are CPython's (not for
    strs: see ``hash_str``)."""
    state = set_state(s)
    entries = as_list(item(state, 1))
    h = 0
    for e in range(len(entries) // 3):
        if not is_none(item(entries, 3 * e)):
            h = h ^ shuffle_bits(hash_of(item(entries, 3 * e + 1)))
    h = h ^ wrap_mul(set_len(s) + 1, 1927868237)
    h = h ^ lshr(h, 11) ^ lshr(h, 25)
    h = wrap_add(wrap_mul(h, 69069), 907133923)
    if h == -1:
        return 590923713
    return h


def set_iter(s: set) -> object:
    """``iter(s)``: its elements, checking the size before each."""
    return table_iter(set_state(s), 3)


def set_items(s: set) -> list:
    """``list(s)``: the elements in order."""
    return table_keys(set_state(s))


# (last: the library's modules import each other)
from .dicts import (clear_table, copy_table, drop_last, empty_table, find, insert,  # noqa: E402,F401
                    last_entry, ready, remove_at, table_iter)
from .lists import as_items  # noqa: E402,F401
from .tuples import hash_of  # noqa: E402,F401
