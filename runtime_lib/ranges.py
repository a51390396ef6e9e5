"""``range`` objects, in the pydm subset.

A range is laid out as the tuple ``(start, stop, step)`` with its own type
code (``range_new`` builds one, ``range_parts`` reads it). ``for i in
range(...)`` never builds one: it is a counted loop. The object exists when a
range is stored, passed, returned, indexed, sliced or tested with ``in``.
Ints are 64-bit: a length or element beyond that raises OverflowError (the
documented divergence).
"""
from .intrinsics import (as_range, fail, int_value, is_float, is_intlike, is_range,  # noqa: F401
                         range_new, range_parts, type_error, wrap_add, wrap_mul)


def make_range(start: int, stop: int, step: int) -> range:
    """``range(start, stop, step)`` (the arguments are ints already)."""
    if step == 0:
        fail("ValueError", "range() arg 3 must not be zero")
    return range_new(start, stop, step)


def floor_diff(a: int, b: int, s: int) -> int:
    """``(a - b) // s`` for ``a >= b`` and ``s > 0``, without overflow in ``a - b``
    (OverflowError only if the quotient itself does not fit)."""
    q = a // s - b // s
    if a % s < b % s:  # the remainders (in [0, s))
        q -= 1
    return q


def range_len(r: range) -> int:
    start, stop, step = range_parts(r)
    if step > 0:
        if start >= stop:
            return 0
        return floor_diff(stop - 1, start, step) + 1
    if start <= stop:
        return 0
    if step == -9223372036854775807 - 1:  # -step does not fit: one or two items
        if start >= 0 and stop < start - 9223372036854775807 - 1:
            return 2
        return 1
    return floor_diff(start, stop + 1, -step) + 1


def range_item(r: range, i: int) -> int:
    """``r[i]`` (negative counts from the end)."""
    n = range_len(r)
    if i < 0:
        i += n
    if i < 0 or i >= n:
        fail("IndexError", "range object index out of range")
    start, stop, step = range_parts(r)
    return wrap_add(start, wrap_mul(i, step))  # the item fits, the product may not


def range_slice(r: range, start: object, stop: object, step: object) -> range:
    """``r[a:b:c]``: a range again."""
    lo, hi, st, count = slice_indices(range_len(r), start, stop, step)
    first, last, by = range_parts(r)
    # as CPython: the items at the clipped bounds (a bound may lie past the end)
    n = range_len(r)
    new_start = wrap_add(first, wrap_mul(lo, by)) if 0 <= lo < n else first + lo * by  # an item fits
    new_stop = wrap_add(first, wrap_mul(hi, by)) if 0 <= hi < n else first + hi * by
    return range_new(new_start, new_stop, by * st)


def range_contains(r: range, x: object) -> bool:
    """``x in r``: arithmetic for ints and bools, ``==`` on each item otherwise."""
    if is_intlike(x):
        v = int_value(x)
        start, stop, step = range_parts(r)
        if step > 0:
            if v < start or v >= stop:
                return False
        elif v > start or v <= stop:
            return False
        return v % step == start % step
    n = range_len(r)
    for i in range(n):
        if range_item(r, i) == x:
            return True
    return False


def range_index(r: range, x: object) -> int:
    if is_intlike(x):
        if range_contains(r, x):
            start, stop, step = range_parts(r)
            v = int_value(x)
            if step > 0:
                return floor_diff(v, start, step)
            if step == -9223372036854775807 - 1:
                return 0 if v == start else 1
            return floor_diff(start, v, -step)
        fail("ValueError", "{!r} is not in range", x)
    n = range_len(r)
    for i in range(n):
        if range_item(r, i) == x:
            return i
    fail("ValueError", "sequence.index(x): x not in sequence")
    return -1


def range_count(r: range, x: object) -> int:
    if is_intlike(x):
        return 1 if range_contains(r, x) else 0
    c = 0
    n = range_len(r)
    for i in range(n):
        if range_item(r, i) == x:
            c += 1
    return c


def range_eq(a: range, b: range) -> bool:
    """Equal as sequences: the same length, and the same items."""
    n = range_len(a)
    if n != range_len(b):
        return False
    if n == 0:
        return True
    sa, ea, pa = range_parts(a)
    sb, eb, pb = range_parts(b)
    if sa != sb:
        return False
    return n == 1 or pa == pb


def range_list(r: range) -> list:
    """The items of ``r`` as a new list (``list(r)``, iteration of an object)."""
    n = range_len(r)
    out = list_new(n)
    start, stop, step = range_parts(r)
    for i in range(n):
        seq_set(out, i, wrap_add(start, wrap_mul(i, step)))
    return out


# (last: the library's modules import each other)
from .lists import list_new, seq_set  # noqa: E402,F401
from .slices import slice_indices  # noqa: E402,F401
