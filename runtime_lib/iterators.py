"""Iterator objects: what ``enumerate``, ``zip``, ``reversed`` and ``iter``
return when a program keeps one as a value, in the pydm subset.

``for x in enumerate(xs)`` written directly is a loop over ``xs`` and builds
none of these. An iterator is laid out as a list (``iter_state`` is the
unchecked view of it as one): ``[kind, position, extra, source...]``:

* kind 0 — over a sequence (a list, walked by index while ``position <
  len``, as CPython's list iterator; a tuple's or range's items as a list);
* kind 1 — ``enumerate``: ``extra`` is the next count, the source an iterator;
* kind 2 — ``zip``: the sources are iterators, the first exhausted ends it;
* kind 3 — ``reversed``: a sequence walked down from ``position``;
* kind 4 — exhausted (CPython's iterators never resume once they have ended);
* kind 5 — over a dict's keys, values or items (``dicts.py``, ``dict_iter``).

``iter_next(it)`` returns ``(True, item)`` or ``(False, None)``.
"""
from .intrinsics import (as_list, as_range, as_tuple, fail, int_value, is_intlike, is_iterator,  # noqa: F401
                         is_list, is_range, is_tuple, item, iter_new, iter_state, list_new, seq_resize,
                         seq_set, type_error)


def sequence_items(x: object) -> list:
    """A list walked by index: the list itself, a tuple's, a range's or a str's
    items, a dict's keys, a set's elements."""
    if is_list(x):
        return as_list(x)
    if is_tuple(x):
        return list_of_tuple(as_tuple(x))
    if is_range(x):
        return range_list(as_range(x))
    if is_dict(x):
        return dict_keys(as_dict(x))
    if is_set(x):
        return set_items(as_set(x))
    if is_str(x):
        return str_items(as_str(x))
    if is_view(x):
        return view_list(x)
    type_error("'{}' object is not iterable", x)
    return list_new(0)


def make_state(kind: int, position: int, extra: int, n: int) -> list:
    state = list_new(3 + n)
    seq_set(state, 0, kind)
    seq_set(state, 1, position)
    seq_set(state, 2, extra)
    return state


def to_iter(x: object) -> object:
    """``iter(x)``: an iterator is itself; a sequence gets a new one."""
    if is_iterator(x):
        return x
    if is_dict(x):
        return dict_iter(as_dict(x), 0)
    if is_set(x):
        return set_iter(as_set(x))
    if is_view(x):
        return view_iter(x)
    state = make_state(0, 0, 0, 1)
    seq_set(state, 3, sequence_items(x))
    return iter_new(state)


def loop_iter(x: object) -> object:
    """How ``for`` walks an object ``x``: a dict, a set or a dict's view by a
    new iterator (None: by index over ``loop_items(x)``)."""
    if is_dict(x) or is_set(x) or is_view(x):
        return to_iter(x)
    return None


def loop_items(x: object) -> list:
    """The list a ``for`` over object ``x`` walks by index (``loop_iter``
    gave None), else an empty one."""
    if is_dict(x) or is_set(x) or is_view(x):
        return list_new(0)
    return as_items(x)


def make_enumerate(x: object, start: int) -> object:
    state = make_state(1, 0, start, 1)
    seq_set(state, 3, to_iter(x))
    return iter_new(state)


def make_zip(sources: tuple) -> object:
    n = len(sources)
    state = make_state(2, 0, 0, n)
    for i in range(n):
        seq_set(state, 3 + i, to_iter(item(sources, i)))
    return iter_new(state)


def make_reversed(x: object) -> object:
    if is_iterator(x):
        type_error("'{}' object is not reversible", x)
    items = sequence_items(x)
    state = make_state(3, len(items) - 1, 0, 1)
    seq_set(state, 3, items)
    return iter_new(state)


def iter_next(it: object) -> tuple:
    """The next item of iterator ``it``: ``(True, item)``, or ``(False, None)``
    once it is exhausted (and from then on)."""
    state = iter_state(it)
    kind = int_value(item(state, 0))
    if kind == 0:
        seq = as_list(item(state, 3))
        i = int_value(item(state, 1))
        if i < len(seq):
            seq_set(state, 1, i + 1)
            return (True, item(seq, i))
    elif kind == 1:
        got = iter_next(item(state, 3))
        if got[0]:
            count = int_value(item(state, 2))
            seq_set(state, 2, count + 1)
            return (True, (count, got[1]))
    elif kind == 2:
        n = len(state) - 3
        if n > 0:
            out = seq_new(n)
            for k in range(n):
                got = iter_next(item(state, 3 + k))
                if not got[0]:
                    seq_set(state, 0, 4)  # exhausted
                    return (False, None)
                seq_set(out, k, got[1])
            return (True, seq_done(out))
    elif kind == 5:
        return dict_iter_next(state)
    elif kind == 3:
        seq = as_list(item(state, 3))
        i = int_value(item(state, 1))
        if 0 <= i < len(seq):
            seq_set(state, 1, i - 1)
            return (True, item(seq, i))
    seq_set(state, 0, 4)  # exhausted
    return (False, None)


def next_of(it: object, has_default: bool, default: object) -> object:
    """``next(it[, default])``."""
    if not is_iterator(it):
        type_error("'{}' object is not an iterator", it)
    got = iter_next(it)
    if got[0]:
        return got[1]
    if has_default:
        return default
    fail("StopIteration", "")
    return None


def iter_contains(it: object, x: object) -> bool:
    """``x in it``: consumes the iterator up to the first item that is ``x`` or equals it."""
    while True:
        got = iter_next(it)
        if not got[0]:
            return False
        e = got[1]
        if e is x or e == x:
            return True


def drain(it: object) -> list:
    """The rest of iterator ``it``, as a new list."""
    out = list_new(0)
    while True:
        got = iter_next(it)
        if not got[0]:
            return out
        n = len(out)
        seq_resize(out, n + 1)
        seq_set(out, n, got[1])


# (last: the library's modules import each other)
from .lists import as_items, list_of_tuple  # noqa: E402,F401
from .ranges import range_list  # noqa: E402,F401
from .tuples import seq_done, seq_new  # noqa: E402,F401
from .dicts import dict_iter, dict_iter_next, dict_keys  # noqa: E402,F401
from .intrinsics import as_dict, is_dict  # noqa: E402,F401
from .sets import set_items, set_iter  # noqa: E402,F401
from .intrinsics import as_set, is_set  # noqa: E402,F401
from .strings import str_items  # noqa: E402,F401
from .intrinsics import as_str, is_str  # noqa: E402,F401
from .intrinsics import is_view  # noqa: E402,F401
from .views import view_iter, view_list  # noqa: E402,F401
