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

The binary operations follow CPython's choice of which operand's element
is kept when two are equal but of different types (``{1} | {1.0}`` keeps
``1``; ``&`` walks the smaller set and keeps its elements).
"""
from .intrinsics import (as_list, as_set, as_dict, dict_state, fail, int_value, is_dict, is_none,  # noqa: F401
                         is_set, item, list_new, set_new, set_state, seq_set)


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


def set_contains(s: set, x: object) -> bool:
    if is_set(x):  # CPython looks a set up as a frozenset; pydm's sets hold none
        return False
    h = hash_of(x)
    return find(ready(set_state(s)), x, h) >= 0


def set_remove(s: set, x: object) -> None:
    """``s.remove(x)``: KeyError(x) when missing."""
    if not set_discard_found(s, x):
        if is_set(x):  # CPython's KeyError holds frozenset(x)
            fail("NotImplementedError", "pydm: frozenset is not supported yet")
        raise KeyError(x)


def set_discard(s: set, x: object) -> None:
    set_discard_found(s, x)


def set_discard_found(s: set, x: object) -> bool:
    """Remove ``x`` if present; was it?"""
    if is_set(x):  # (see set_contains)
        return False
    h = hash_of(x)
    state = ready(set_state(s))
    slot = find(state, x, h)
    if slot < 0:
        return False
    remove_at(state, slot)
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


def set_binary(a: set, b: set, op: int, inplace: bool) -> set:
    """``a <op> b`` of two sets (``a <op>= b`` updates ``a``): op 0 ``|``,
    1 ``&``, 2 ``-``, 3 ``^``."""
    if not inplace:
        a = set_copy(a)
    if op == 0:
        set_update(a, b)
    elif op == 1:
        set_intersection_update(a, b)
    elif op == 2:
        set_difference_update(a, b)
    else:
        set_symmetric_difference_update(a, b)
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
