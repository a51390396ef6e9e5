"""Dict views kept as values (``ks = d.keys()``), in the pydm subset.

A view is the one-element tuple ``(d,)`` of its dict under its own type code
(``keys_new``, ``values_new``, ``items_new``; ``view_state`` reads the tuple
back): it holds no copy, so every operation reads the dict's table as it is
then (a view is live, as CPython's). ``which`` numbers the views as the
dict's iterator does (``dicts.py``): 0 keys, 1 values, 2 items.

CPython's rules: keys and items views are set-like (``==`` and ``<``...
against sets, frozensets and keys/items views, ``| & - ^`` with any iterable
giving a new set); a values view equals only itself and has no set
operations. A view in a loop, ``len(d.keys())`` or ``x in d.keys()`` on a
``dict`` never comes here: the frontend keeps those direct.
"""
from .intrinsics import (as_dict, as_tuple, fail_types, is_items_view, is_set, is_tuple, is_values_view, is_view,  # noqa: F401
                         item, items_new, keys_new, values_new, view_state)


def view_of(d: dict, which: int) -> object:
    """``d.keys()`` (``which`` 0), ``d.values()`` (1), ``d.items()`` (2) as a value."""
    t = (d,)
    if which == 0:
        return keys_new(t)
    if which == 1:
        return values_new(t)
    return items_new(t)


def view_dict(v: object) -> dict:
    return as_dict(item(view_state(v), 0))


def view_which(v: object) -> int:
    if is_values_view(v):
        return 1
    if is_items_view(v):
        return 2
    return 0


def view_len(v: object) -> int:
    return dict_len(view_dict(v))


def view_iter(v: object) -> object:
    """A new iterator over the view (it checks the dict's size before each step)."""
    return dict_iter(view_dict(v), view_which(v))


def view_list(v: object) -> list:
    """``list(v)``: the view's items as they are now."""
    return drain(view_iter(v))


def view_contains(v: object, x: object) -> bool:
    """``x in v``: a key lookup (keys), an ``==`` scan (values), a ``(k, v)``
    pair's key looked up and its value compared (items; anything but a pair
    is not in it)."""
    d = view_dict(v)
    which = view_which(v)
    if which == 0:
        return dict_contains(d, x)
    if which == 1:
        return list_contains(view_list(v), x)
    if not is_tuple(x):
        return False
    pair = as_tuple(x)
    if len(pair) != 2:
        return False
    k = item(pair, 0)
    if not dict_contains(d, k):
        return False
    found = dict_getitem(d, k)
    value = item(pair, 1)
    return found is value or found == value


def is_set_like(x: object) -> bool:
    """A set, a frozenset, a keys or an items view (what a view compares with)."""
    return is_set(x) or is_set_view(x)


def is_set_view(x: object) -> bool:
    """A keys or an items view (the views with set operations)."""
    return is_view(x) and not is_values_view(x)


def all_contained(a: object, b: object) -> bool:
    """Is every item of ``a`` in ``b``?"""
    xs = as_items(a)
    for i in range(len(xs)):
        if not contains(b, item(xs, i)):
            return False
    return True


def view_eq(a: object, b: object) -> bool:
    """``a == b`` where one side is a view: a values view is equal only to
    itself; keys and items views compare as sets with set-like values."""
    if is_values_view(a) or is_values_view(b):
        return a is b
    if not (is_set_like(a) and is_set_like(b)):
        return False
    return length(a) == length(b) and all_contained(a, b)


def view_compare(a: object, b: object, op: int) -> bool:
    """``a <op> b`` with a set-like view on one side and a set-like value on
    the other: op 0 ``<``, 1 ``<=``, 4 ``>``, 5 ``>=`` (numbers.py's codes)."""
    if op == 0:
        return length(a) < length(b) and all_contained(a, b)
    if op == 1:
        return length(a) <= length(b) and all_contained(a, b)
    if op == 4:
        return length(a) > length(b) and all_contained(b, a)
    return length(a) >= length(b) and all_contained(b, a)


def view_binary(a: object, b: object, op: int) -> set:
    """``a <op> b`` with a keys or items view on either side: a new set of
    ``a``'s items (any iterable) combined with ``b`` (any iterable): op 0
    ``|``, 1 ``&``, 2 ``-``, 3 ``^``."""
    s = set_of(a)
    set_combine(s, b, op)
    return s


def view_isdisjoint(v: object, other: object) -> bool:
    """``v.isdisjoint(other)`` of a keys or items view (any other object:
    CPython's AttributeError): no item of ``other`` (any iterable) is in ``v``;
    a bigger set-like ``other`` is looked up instead, as CPython's."""
    if not is_set_view(v):
        fail_types("AttributeError", "'{}' object has no attribute 'isdisjoint'", v)
    if is_set_like(other) and length(other) > view_len(v):
        mine = view_list(v)
        for i in range(len(mine)):
            if contains(other, item(mine, i)):
                return False
        return True
    xs = as_items(other)
    for i in range(len(xs)):
        if view_contains(v, item(xs, i)):
            return False
    return True


# (last: the library's modules import each other)
from .dicts import dict_contains, dict_getitem, dict_iter, dict_len  # noqa: E402,F401
from .iterators import drain  # noqa: E402,F401
from .lists import as_items, list_contains  # noqa: E402,F401
from .sets import set_combine, set_of  # noqa: E402,F401
from .tuples import contains, length  # noqa: E402,F401
