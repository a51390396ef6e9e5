"""Dicts: an insertion-ordered hash table, in the pydm subset.

A dict is laid out as a list (``dict_state`` is the unchecked view of it as
one, ``dict_new`` makes a dict of one) of four elements
``[used, entries, index, fill]``:

* ``used`` — the number of keys;
* ``entries`` — a list of triples ``hash, key, value`` in insertion order;
  a deleted entry has hash ``None`` (and key and value ``None``); a hash of
  ``-1`` (never a hash, see ``hash_of``) means "not computed yet": what the
  host sends (``pydm/runtime/values.py``);
* ``index`` — the open-addressing table (CPython's probing: ``i = 5 * i + 1
  + perturb``), a power of two of ints: ``0`` empty, ``-1`` a deleted
  entry's slot, else the entry's number plus one (so a new index needs no
  filling: a new VM list's slots are zeros); the code reads a slot minus one
  (-1 empty, -2 deleted, else the entry's number). It is an array of ints
  (``ints_new``: one i64 slot each, laid out as a str is; a read is one typed
  slot read). An empty index (length 0) means "build it before the next
  lookup" (``find`` does): a new dict, a copy, a cleared dict and a dict from
  the host (whose empty index is a list) get theirs on first use;
* ``fill`` — the index slots not empty (keys and deleted keys' slots).

The index has at most 2/3 of its slots filled; when an insertion would pass that,
``rebuild`` makes a new index (compacting the entries first, dropping deleted
ones, if there are any). Keys are found by hash, then identity or ``==`` (so
1, 1.0 and True are one key); ``hash_of`` (``tuples.py``) is the one place that
knows which types are hashable. The functions named ``*_hashed`` take the
key's hash from the caller (compiled code computes an int key's inline,
``pydm/frontend/dicts.py``); the others hash the key themselves. Iteration
(``dict_iter``) is an iterator object of kind 5 (``iterators.py``) that checks
the size before each item.
"""
from .intrinsics import (as_dict, as_ints, as_list, as_tuple, dict_new, dict_state, fail, fail_types,  # noqa: F401
                         int_value, ints_get, ints_new, ints_set, is_dict, is_iterator, is_list, is_none, is_range,
                         is_set, is_str, is_tuple, is_view, item, iter_new, list_new, seq_resize, seq_set, type_error)

def empty_table() -> list:
    """A table with no entries (its index built on first use); a set's too."""
    state = list_new(4)
    seq_set(state, 0, 0)
    seq_set(state, 1, list_new(0))
    seq_set(state, 2, ints_new(0))
    seq_set(state, 3, 0)
    return state


def dict_empty() -> dict:
    """``{}`` and ``dict()``."""
    return dict_new(empty_table())


def ready(state: list) -> list:
    """The table ``state`` with its index built."""
    if len(as_ints(item(state, 2))) == 0:
        rebuild(state)
    return state


def table(d: dict) -> list:
    """The state of ``d`` with its index built."""
    return ready(dict_state(d))


def rebuild(state: list) -> None:
    """Compact the entries (when some were deleted) and index them anew, with
    room to grow."""
    entries = as_list(item(state, 1))
    used = int_value(item(state, 0))
    if len(entries) == 3 * used:  # none deleted: the same entries
        index_entries(state, entries, used)
        return
    fresh = list_new(3 * used)
    j = 0
    for e in range(len(entries) // 3):
        hv = item(entries, 3 * e)
        if is_none(hv):
            continue
        seq_set(fresh, 3 * j, hv)
        seq_set(fresh, 3 * j + 1, item(entries, 3 * e + 1))
        seq_set(fresh, 3 * j + 2, item(entries, 3 * e + 2))
        j += 1
    index_entries(state, fresh, used)


def index_entries(state: list, fresh: list, used: int) -> None:
    """Make ``fresh`` (``used`` entries, none deleted) the table's entries, with a
    new index of room to grow; a hash not computed yet (-1: the host's) is
    computed here, in the one pass that reads every hash."""
    cap = 8
    while cap < used * 3:
        cap *= 2
    index = ints_new(cap)  # every slot 0: empty (a new VM list's slots are zeros)
    mask = cap - 1
    for e in range(used):
        h = int_value(item(fresh, 3 * e))
        if h == -1:
            h = hash_of(item(fresh, 3 * e + 1))
            seq_set(fresh, 3 * e, h)
        i = h & mask
        perturb = h & 9223372036854775807
        while ints_get(index, i) != 0:
            perturb >>= 5
            i = (i * 5 + 1 + (perturb & mask)) & mask
        ints_set(index, i, e + 1)
    seq_set(state, 1, fresh)
    seq_set(state, 2, index)
    seq_set(state, 3, used)


def find(state: list, key: object, h: int) -> int:
    """Where ``key`` (hash ``h``) is: its entry number and index slot in one
    int, ``entry << 32 | slot`` (so the caller reads no index slot again), or
    ``-1 - slot`` of the empty slot where it would go (the index built first
    if it is not). Both numbers are below 2**31 (an index of 2**31 slots would
    be 16 GiB)."""
    index = as_ints(item(state, 2))
    if len(index) == 0:
        rebuild(state)
        index = as_ints(item(state, 2))
    entries = as_list(item(state, 1))
    mask = len(index) - 1
    i = h & mask
    perturb = h & 9223372036854775807
    while True:
        ix = ints_get(index, i) - 1
        if ix == -1:  # empty
            return -1 - i
        if ix >= 0 and int_value(item(entries, 3 * ix)) == h:
            k = item(entries, 3 * ix + 1)
            if k is key or k == key:
                return (ix << 32) | i
        perturb >>= 5
        i = (i * 5 + 1 + (perturb & mask)) & mask


def entry_of(state: list, key: object, h: int) -> int:
    """The entry number of ``key``, or -1."""
    found = find(state, key, h)
    if found < 0:
        return -1
    return found >> 32


# ---- reading ---------------------------------------------------------------------------------
def dict_len(d: dict) -> int:
    return int_value(item(dict_state(d), 0))


def dict_getitem(d: dict, key: object) -> object:
    """``d[key]``: KeyError(key) when missing."""
    return dict_lookup_hashed(d, key, hash_of(key), None, True)


def dict_lookup_hashed(d: dict, key: object, h: int, default: object, raises: bool) -> object:
    """``d[key]`` (``raises``: KeyError(key) when missing) or ``d.get(key,
    default)``, compiled code's entry for both. The fast paths: the key's first
    index slot holds this very key (an int, a kept str, ...: most lookups), read
    without calling ``find`` (a VM call and its frame cost more than the probe),
    or is empty (the key is missing)."""
    state = dict_state(d)
    index = as_ints(item(state, 2))
    entries = as_list(item(state, 1))  # (read once: each read of a slot costs ~30 ns)
    ix = -2  # no index yet: find builds it
    if len(index) > 0:
        ix = ints_get(index, h & (len(index) - 1)) - 1
        if ix >= 0 and item(entries, 3 * ix + 1) is key:
            return item(entries, 3 * ix + 2)
    if ix != -1:  # (the first slot empty: the key is missing, no need to probe on)
        found = find(state, key, h)
        if found >= 0:
            return item(as_list(item(state, 1)), 3 * (found >> 32) + 2)
    if raises:
        raise KeyError(key)
    return default


def dict_entry_hashed(d: dict, key: object, h: int) -> int:
    """The entry number of ``key`` (hash ``h``) in ``d``, or -1: compiled code
    reads the value there and replaces it in place (``d[k] = d.get(k, 0) + 1``,
    ``d[k] += 1``: ``pydm/frontend/dict_updates.py``). The fast paths of
    ``dict_lookup_hashed`` first."""
    state = dict_state(d)
    index = as_ints(item(state, 2))
    if len(index) > 0:
        ix = ints_get(index, h & (len(index) - 1)) - 1
        if ix == -1 or (ix >= 0 and item(as_list(item(state, 1)), 3 * ix + 1) is key):
            return ix
    return entry_of(state, key, h)


def dict_contains(d: dict, key: object) -> bool:
    return find(dict_state(d), key, hash_of(key)) >= 0


def dict_contains_hashed(d: dict, key: object, h: int) -> bool:
    return find(dict_state(d), key, h) >= 0


def dict_get(d: dict, key: object, default: object) -> object:
    """``d.get(key[, default])``."""
    return dict_lookup_hashed(d, key, hash_of(key), default, False)


# ---- writing ---------------------------------------------------------------------------------
def dict_setitem(d: dict, key: object, value: object) -> None:
    """``d[key] = value``: a new key goes last; an existing one keeps its place
    (and its first key object, as CPython's)."""
    dict_setitem_hashed(d, key, hash_of(key), value)


def dict_setitem_hashed(d: dict, key: object, h: int, value: object) -> None:
    """The fast paths (no ``find``): the key's first index slot holds this very
    key (its value replaced) or is empty (a new key: ``insert`` files it)."""
    state = dict_state(d)
    index = as_ints(item(state, 2))
    if len(index) > 0:
        slot = h & (len(index) - 1)
        ix = ints_get(index, slot) - 1
        if ix == -1:
            insert(state, -1 - slot, key, h, value)
            return
        entries = as_list(item(state, 1))
        if ix >= 0 and item(entries, 3 * ix + 1) is key:
            seq_set(entries, 3 * ix + 2, value)
            return
    found = find(state, key, h)
    if found >= 0:
        seq_set(as_list(item(state, 1)), 3 * (found >> 32) + 2, value)
        return
    insert(state, found, key, h, value)


def insert(state: list, slot: int, key: object, h: int, value: object) -> None:
    """File a new entry: ``key`` (hash ``h``) is not in the table, and
    ``slot`` is what ``find`` answered for it (``-1 - empty slot``)."""
    entries = as_list(item(state, 1))
    index = as_ints(item(state, 2))
    fill = int_value(item(state, 3))
    if (fill + 1) * 3 > len(index) * 2:
        rebuild(state)
        slot = find(state, key, h)
        entries = as_list(item(state, 1))
        index = as_ints(item(state, 2))
        fill = int_value(item(state, 3))
    n = len(entries) // 3
    seq_resize(entries, 3 * n + 3)
    seq_set(entries, 3 * n, h)
    seq_set(entries, 3 * n + 1, key)
    seq_set(entries, 3 * n + 2, value)
    ints_set(index, -1 - slot, n + 1)
    seq_set(state, 0, int_value(item(state, 0)) + 1)
    seq_set(state, 3, fill + 1)


def remove_at(state: list, found: int) -> object:
    """Delete the entry ``find`` found (``found``: entry and slot); its value."""
    entries = as_list(item(state, 1))
    e = found >> 32
    value = item(entries, 3 * e + 2)
    ints_set(as_ints(item(state, 2)), found & 4294967295, -1)  # a deleted key's slot
    seq_set(entries, 3 * e, None)
    seq_set(entries, 3 * e + 1, None)
    seq_set(entries, 3 * e + 2, None)
    seq_set(state, 0, int_value(item(state, 0)) - 1)
    return value


def dict_delitem(d: dict, key: object) -> None:
    """``del d[key]``: KeyError(key) when missing."""
    dict_delitem_hashed(d, key, hash_of(key))


def dict_delitem_hashed(d: dict, key: object, h: int) -> None:
    """The fast path (no ``find``): the key's first index slot holds this very key."""
    state = dict_state(d)
    index = as_ints(item(state, 2))
    if len(index) > 0:
        slot = h & (len(index) - 1)
        ix = ints_get(index, slot) - 1
        if ix >= 0 and item(as_list(item(state, 1)), 3 * ix + 1) is key:
            remove_at(state, (ix << 32) | slot)
            return
    found = find(state, key, h)
    if found < 0:
        raise KeyError(key)
    remove_at(state, found)


def dict_pop(d: dict, key: object, has_default: bool, default: object) -> object:
    """``d.pop(key[, default])``."""
    h = hash_of(key)
    state = table(d)
    found = find(state, key, h)
    if found < 0:
        if has_default:
            return default
        raise KeyError(key)
    return remove_at(state, found)


def dict_popitem(d: dict) -> tuple:
    """``d.popitem()``: the last entry, as ``(key, value)``."""
    state = table(d)
    e = last_entry(state)
    if e < 0:
        fail("KeyError", "popitem(): dictionary is empty")
    key = item(as_list(item(state, 1)), 3 * e + 1)
    return (key, drop_last(state, e))


def last_entry(state: list) -> int:
    """The number of the table's last live entry, or -1."""
    entries = as_list(item(state, 1))
    e = len(entries) // 3 - 1
    while e >= 0 and is_none(item(entries, 3 * e)):
        e -= 1
    return e


def drop_last(state: list, e: int) -> object:
    """Delete the last live entry ``e`` (index built); its value."""
    entries = as_list(item(state, 1))
    value = remove_at(state, find(state, item(entries, 3 * e + 1), int_value(item(entries, 3 * e))))
    seq_resize(entries, 3 * e)  # CPython forgets the popped entry's place too
    return value


def dict_setdefault(d: dict, key: object, default: object) -> object:
    """``d.setdefault(key[, default])``."""
    h = hash_of(key)
    state = table(d)
    e = entry_of(state, key, h)
    if e >= 0:
        return item(as_list(item(state, 1)), 3 * e + 2)
    dict_setitem(d, key, default)
    return default


def dict_clear(d: dict) -> None:
    clear_table(dict_state(d))


def clear_table(state: list) -> None:
    seq_set(state, 0, 0)
    seq_set(state, 1, list_new(0))
    seq_set(state, 2, ints_new(0))
    seq_set(state, 3, 0)


def dict_copy(d: dict) -> dict:
    """``d.copy()``, ``dict(d)``: the same entries (the index is built on first use)."""
    return dict_new(copy_table(dict_state(d)))


def copy_table(state: list) -> list:
    """A new table with ``state``'s entries (the index is built on first use)."""
    entries = as_list(item(state, 1))
    n = len(entries)
    fresh = list_new(n)
    for i in range(n):
        seq_set(fresh, i, item(entries, i))
    out = list_new(4)
    seq_set(out, 0, item(state, 0))
    seq_set(out, 1, fresh)
    seq_set(out, 2, ints_new(0))
    seq_set(out, 3, 0)
    return out


def dict_update(d: dict, other: object) -> None:
    """``d.update(other)``: a dict's entries, or an iterable of pairs."""
    if is_dict(other):
        src = dict_state(as_dict(other))
        entries = as_list(item(src, 1))
        n = len(entries) // 3
        for e in range(n):
            if not is_none(item(entries, 3 * e)):
                dict_setitem(d, item(entries, 3 * e + 1), item(entries, 3 * e + 2))
        return
    pairs = as_items(other)
    for i in range(len(pairs)):
        dict_add_pair(d, item(pairs, i), i)


def dict_add_pair(d: dict, pair: object, i: int) -> None:
    """Element ``i`` of ``d.update(pairs)`` or ``dict(pairs)``: any iterable of
    two items (CPython's ``PySequence_Fast``: ``dict(["ab"])`` is ``{'a': 'b'}``)."""
    if not (is_tuple(pair) or is_list(pair) or is_str(pair) or is_range(pair) or is_iterator(pair)
            or is_dict(pair) or is_set(pair) or is_view(pair)):
        fail("TypeError", "cannot convert dictionary update sequence element #{} to a sequence", i)
    kv = as_items(pair)
    if len(kv) != 2:
        fail("ValueError", "dictionary update sequence element #{} has length {}; 2 is required", i, len(kv))
    dict_setitem(d, item(kv, 0), item(kv, 1))


def dict_merge(d: dict, other: object) -> None:
    """``{**other}`` in a display: ``other`` must be a mapping (a dict)."""
    if not is_dict(other):
        fail_types("TypeError", "'{}' object is not a mapping", other)
    dict_update(d, other)


def dict_of(other: object) -> dict:
    """``dict(other)``."""
    out = dict_empty()
    dict_update(out, other)
    return out


def dict_fromkeys(keys: object, value: object) -> dict:
    """``dict.fromkeys(keys, value)``: each key of the iterable, in order,
    maps to the one ``value``."""
    out = dict_empty()
    xs = elements(keys)
    for i in range(len(xs)):
        dict_setitem(out, item(xs, i), value)
    return out


def dict_or(a: dict, b: dict) -> dict:
    """``a | b``: a new dict."""
    out = dict_copy(a)
    dict_update(out, b)
    return out


def dict_ior(a: dict, b: object) -> dict:
    """``a |= b``: ``a`` itself, updated."""
    dict_update(a, b)
    return a


def dict_eq(a: dict, b: dict) -> bool:
    """``a == b``: the same keys, each with an equal (or the same) value."""
    if dict_len(a) != dict_len(b):
        return False
    sa = dict_state(a)
    sb = table(b)
    entries = as_list(item(sa, 1))
    for e in range(len(entries) // 3):
        hv = item(entries, 3 * e)
        if is_none(hv):
            continue
        k = item(entries, 3 * e + 1)
        v = item(entries, 3 * e + 2)
        f = entry_of(sb, k, hash_of(k))
        if f < 0:
            return False
        w = item(as_list(item(sb, 1)), 3 * f + 2)
        if not (w is v or w == v):
            return False
    return True


# ---- iteration -------------------------------------------------------------------------------
def dict_iter(d: dict, which: int) -> object:
    """An iterator over ``d``'s keys (``which`` 0), values (1) or items (2)."""
    return table_iter(dict_state(d), which)


def table_iter(table: list, which: int) -> object:
    """An iterator over a table: ``[5, position, size when made, the table,
    which]`` (``which`` 3: a set's elements, whose size check says "Set")."""
    state = list_new(5)
    seq_set(state, 0, 5)
    seq_set(state, 1, 0)
    seq_set(state, 2, int_value(item(table, 0)))
    seq_set(state, 3, table)
    seq_set(state, 4, which)
    return iter_new(state)


def dict_iter_next(it: list) -> tuple:
    """The next item of a dict iterator's state ``it`` (see ``iter_next``)."""
    state = as_list(item(it, 3))
    size = int_value(item(it, 2))
    if int_value(item(state, 0)) != size:
        seq_set(it, 2, -1)  # as CPython's: it keeps failing
        if int_value(item(it, 4)) == 3:
            fail("RuntimeError", "Set changed size during iteration")
        fail("RuntimeError", "dictionary changed size during iteration")
    entries = as_list(item(state, 1))
    i = int_value(item(it, 1))
    n = len(entries) // 3
    while i < n:
        if not is_none(item(entries, 3 * i)):
            seq_set(it, 1, i + 1)
            which = int_value(item(it, 4))
            if which == 0 or which == 3:
                return (True, item(entries, 3 * i + 1))
            if which == 1:
                return (True, item(entries, 3 * i + 2))
            return (True, (item(entries, 3 * i + 1), item(entries, 3 * i + 2)))
        i += 1
    seq_set(it, 1, n)
    seq_set(it, 0, 4)  # exhausted
    return (False, None)


def dict_keys(d: dict) -> list:
    """``list(d)``: the keys in order."""
    return drain(dict_iter(d, 0))


# (last: the library's modules import each other)
from .iterators import drain  # noqa: E402,F401
from .lists import as_items  # noqa: E402,F401
from .sets import elements  # noqa: E402,F401
from .tuples import hash_of  # noqa: E402,F401
