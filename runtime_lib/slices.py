"""Slices of lists and tuples, in the pydm subset: ``xs[a:b:c]``,
``xs[a:b:c] = items``, ``del xs[a:b:c]`` and ``del xs[i]`` with CPython's
rules for None, negative, huge and bool bounds, its order of checks and its
messages (``ValueError: attempt to assign sequence of size 3 to extended slice
of size 2``); on ``list[object]`` and on typed lists' slots. The intrinsics
are those of ``lists.py``.
"""
from .intrinsics import (as_str, is_str, as_list, as_range, as_tuple, fail, fail_types,  # noqa: F401
                         float_value, int_value, is_float, is_int, is_intlike, is_iterator, is_list,
                         is_none, is_range, is_sequence, is_tuple, item, ints_get, ints_new, ints_set, list_new,
                         seq_resize, seq_set, type_error, wrap_add)


# ---- slicing -----------------------------------------------------------------------------------
# A slice's bounds reach the ``*_span`` functions as ints and a mask of the
# ones given (1 start, 2 stop, 4 step; an absent bound's int is 0): the
# frontend passes them so when their static types are int, bool or None, and
# the functions taking objects check them (``slice_given``) and pass them on.
# Each ``*_span`` function opens with the same few lines (step, its ValueError,
# clipped start, stop, count) on purpose: a helper returning the three would
# return a tuple, and one returning each would be a VM call (~70 ns) apiece;
# ``span_step``, ``span_clip`` and ``span_count`` are leaves the importer expands.
def slice_range(n: int, start: object, stop: object, step: object) -> tuple:
    """CPython's slice arithmetic on a sequence of length ``n``: (first index,
    step, count of selected elements)."""
    lo, hi, st, count = slice_indices(n, start, stop, step)
    return (lo, st, count)


def slice_indices(n: int, start: object, stop: object, step: object) -> tuple:
    """(start, stop, step, count) of a slice of a sequence of length ``n``,
    each bound clipped as CPython's PySlice_AdjustIndices does."""
    given = slice_given(start, stop, step)
    st = span_step(bound_int(step), given)
    lo = span_clip(bound_int(start), n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(bound_int(stop), n, st) if given & 2 else (-1 if st < 0 else n)
    return (lo, hi, st, span_count(lo, hi, st))


def slice_given(start: object, stop: object, step: object) -> int:
    """The mask of the bounds given, each checked in CPython's order (the
    step and its ValueError first, then start, then stop)."""
    given = 0
    if not is_none(step):
        if slice_index(step) == 0:
            fail("ValueError", "slice step cannot be zero")
        given = 4
    if not is_none(start):
        slice_index(start)
        given += 1
    if not is_none(stop):
        slice_index(stop)
        given += 2
    return given


def bound_int(x: object) -> int:
    """A bound ``slice_given`` has checked, as an int (0 when None)."""
    if is_none(x):
        return 0
    return int_value(x)


def span_step(step: int, given: int) -> int:
    """The step (1 when absent; -2**63 taken as -(2**63 - 1)); 0 stays 0: the
    caller raises CPython's ValueError (this stays a leaf the importer expands)."""
    if given & 4 == 0:
        return 1
    if step < -9223372036854775807:
        return -9223372036854775807
    return step


def span_count(lo: int, hi: int, st: int) -> int:
    """How many indices ``lo, lo + st, ...`` lie before ``hi`` (clipped bounds)."""
    if st < 0:
        if hi < lo:
            return (lo - hi - 1) // (-st) + 1
        return 0
    if lo < hi:
        return (hi - lo - 1) // st + 1
    return 0


def list_slice(xs: list, start: object, stop: object, step: object) -> list:
    """``xs[start:stop:step]``: always a new list."""
    given = slice_given(start, stop, step)
    return list_slice_span(xs, bound_int(start), bound_int(stop), bound_int(step), given)


def list_slice_span(xs: list, start: int, stop: int, step: int, given: int) -> list:
    """``xs[start:stop:step]`` with int bounds (``given``: see above)."""
    n = len(xs)
    st = span_step(step, given)
    if st == 0:
        fail("ValueError", "slice step cannot be zero")
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    count = span_count(lo, hi, st)
    out = list_new(count)
    k = lo
    for i in range(count):
        seq_set(out, i, item(xs, k))
        k = wrap_add(k, st)
    return out


def as_sequence_copy(xs: list, items: object, extended: bool) -> list:
    """The elements of the right-hand side of a slice assignment, as a list that
    is not ``xs`` (so ``xs[a:b] = xs`` reads them before anything moves)."""
    if is_list(items):
        if items is xs:
            return list_copy(xs)
        return as_list(items)
    if not (is_tuple(items) or is_range(items) or is_iterator(items) or is_str(items) or is_dict(items)
            or is_set(items) or is_view(items)):  # the iterables as_items knows
        if extended:
            fail("TypeError", "must assign iterable to extended slice")
        fail("TypeError", "can only assign an iterable")
    return as_items(items)


def list_setslice(xs: list, start: object, stop: object, step: object, items: object) -> None:
    """``xs[start:stop:step] = items`` (the slice is checked before the items)."""
    given = slice_given(start, stop, step)
    list_setslice_span(xs, bound_int(start), bound_int(stop), bound_int(step), given, items)


def list_setslice_span(xs: list, start: int, stop: int, step: int, given: int, items: object) -> None:
    """``xs[start:stop:step] = items`` with int bounds (``given``: see above)."""
    n = len(xs)
    st = span_step(step, given)
    if st == 0:
        fail("ValueError", "slice step cannot be zero")
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    count = span_count(lo, hi, st)
    src = as_sequence_copy(xs, items, st != 1)
    m = len(src)
    n = len(xs)
    if st == 1:
        grow = m - count  # an empty slice inserts at lo (clipped to [0, n] already)
        if grow > 0:
            seq_resize(xs, n + grow)
            k = n - 1
            while k >= lo + count:
                seq_set(xs, k + grow, item(xs, k))
                k -= 1
        elif grow < 0:
            for k in range(lo + count, n):
                seq_set(xs, k + grow, item(xs, k))
            seq_resize(xs, n + grow)
        for i in range(m):
            seq_set(xs, lo + i, item(src, i))
        return
    if m != count:
        fail("ValueError", "attempt to assign sequence of size {} to extended slice of size {}", m, count)
    k = lo
    for i in range(count):
        seq_set(xs, k, item(src, i))
        k = wrap_add(k, st)


# Typed lists (list<integer>, list<real>, list<bool>: one i64 slot per element,
# cast to ``list[int]`` by the frontend) are copied slot by slot with the
# unchecked ``ints_get``/``ints_set``: every index is in range by construction.
def list_repeat_slots(out: list[int], xs: list[int], n: int) -> None:
    """``xs * n`` into ``out``, a new empty list of ``xs``'s typed storage (slots
    copied, as ``list_setslice_slots``); the size limit is ``list_repeat``'s."""
    size = len(xs)
    if n <= 0 or size == 0:
        return
    if n > 1073741823 // size:
        fail("MemoryError", "")
    total = size * n
    seq_resize(out, total)
    if size == 1:
        x = ints_get(xs, 0)
        if x == 0:  # [0] * n, [False] * n, [0.0] * n: a new list's slots are 0 already (seq_resize)
            return
        for k in range(total):
            ints_set(out, k, x)
        return
    for i in range(size):
        ints_set(out, i, ints_get(xs, i))
    for k in range(size, total):  # each slot repeats the one a period earlier
        ints_set(out, k, ints_get(out, k - size))


def list_slice_slots(out: list[int], xs: list[int], start: object, stop: object, step: object) -> None:
    """``xs[start:stop:step]`` into ``out``, a new empty list of ``xs``'s typed storage."""
    given = slice_given(start, stop, step)
    list_slice_span_slots(out, xs, bound_int(start), bound_int(stop), bound_int(step), given)


def list_slice_span_slots(out: list[int], xs: list[int], start: int, stop: int, step: int, given: int) -> None:
    """``xs[start:stop:step]`` (int bounds) into ``out``, a new empty list of ``xs``'s typed storage."""
    n = len(xs)
    st = span_step(step, given)
    if st == 0:
        fail("ValueError", "slice step cannot be zero")
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    count = span_count(lo, hi, st)
    seq_resize(out, count)
    k = lo
    for i in range(count):
        ints_set(out, i, ints_get(xs, k))
        k = wrap_add(k, st)


def list_setslice_slots(xs: list[int], start: object, stop: object, step: object, src: list[int]) -> None:
    """``xs[start:stop:step] = src`` on typed storage (see ``list_setslice_span_slots``)."""
    given = slice_given(start, stop, step)
    list_setslice_span_slots(xs, bound_int(start), bound_int(stop), bound_int(step), given, src)


def list_setslice_span_slots(xs: list[int], start: int, stop: int, step: int, given: int, src: list[int]) -> None:
    """``xs[start:stop:step] = src`` on typed storage: ``src`` is a new list of
    ``xs``'s own type (the frontend casts any typed list to ``list[int]``: the
    slots are moved, never read as values)."""
    n = len(xs)
    st = span_step(step, given)
    if st == 0:
        fail("ValueError", "slice step cannot be zero")
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    count = span_count(lo, hi, st)
    m = len(src)
    if st != 1 and m != count:
        fail("ValueError", "attempt to assign sequence of size {} to extended slice of size {}", m, count)
    if st == 1:
        move_tail_slots(xs, lo + count, m - count)
    k = lo
    for i in range(m):
        ints_set(xs, k, ints_get(src, i))
        k = wrap_add(k, st)


def move_tail_slots(xs: list[int], end: int, shift: int) -> None:
    """The slots from ``end`` on move by ``shift`` (the list grows or shrinks
    by it): a step-1 slice ending at ``end`` is replaced by ``shift`` more slots."""
    n = len(xs)
    if shift > 0:
        seq_resize(xs, n + shift)
        for k in range(n - 1, end - 1, -1):
            ints_set(xs, k + shift, ints_get(xs, k))
    elif shift < 0:
        for k in range(end, n):
            ints_set(xs, k + shift, ints_get(xs, k))
        seq_resize(xs, n + shift)


def list_setslice_fill_slots(xs: list[int], start: int, stop: int, step: int, given: int, one: list[int],
                             m: int) -> None:
    """``xs[start:stop:step] = [v] * m`` on typed storage (``one``: ``[v]``, its
    slot): the sieve's ``flags[i * i::i] = [False] * ...`` with no list of m
    items built. The frontend raised ``[v] * m``'s MemoryError already (before
    the target's bounds, as CPython makes the list first); the rest is
    ``list_setslice_span_slots``'s, with m copies of one slot as the source."""
    n = len(xs)
    st = span_step(step, given)
    if st == 0:
        fail("ValueError", "slice step cannot be zero")
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    count = span_count(lo, hi, st)
    if m < 0:
        m = 0
    if st != 1 and m != count:
        fail("ValueError", "attempt to assign sequence of size {} to extended slice of size {}", m, count)
    if st == 1:
        move_tail_slots(xs, lo + count, m - count)
    x = ints_get(one, 0)
    k = lo
    for i in range(m):
        ints_set(xs, k, x)
        k = wrap_add(k, st)


def list_setslice_self_slots(xs: list[int], start: int, stop: int, step: int, given: int,
                             fstart: int, fstop: int, fstep: int, fgiven: int) -> bool:
    """``xs[start:stop:step] = xs[fstart:fstop:fstep]`` on typed storage, in
    place, when that is CPython's result: the target selects the source's slots
    in reverse order (``perm[:k + 1] = perm[k::-1]``: swapped pairwise) or in
    the same order (nothing moves). Returns False, having changed nothing,
    otherwise (other slots, other sizes, a zero step): the frontend then copies
    the source first and assigns it, as CPython does."""
    n = len(xs)
    fst = span_step(fstep, fgiven)
    st = span_step(step, given)
    if st == 0 or fst == 0:
        return False
    flo = span_clip(fstart, n, fst) if fgiven & 1 else (n - 1 if fst < 0 else 0)
    fhi = span_clip(fstop, n, fst) if fgiven & 2 else (-1 if fst < 0 else n)
    m = span_count(flo, fhi, fst)
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    if span_count(lo, hi, st) != m:
        return False
    if m < 2:
        return lo == flo or m == 0
    if lo == flo and st == fst:
        return True
    if st != -fst or lo != flo + (m - 1) * fst:  # (in range: the source's last index)
        return False
    k = lo
    j = flo
    for i in range(m // 2):  # slot lo + i*st takes slot flo + i*fst, and the other way round
        x = ints_get(xs, k)
        ints_set(xs, k, ints_get(xs, j))
        ints_set(xs, j, x)
        k = wrap_add(k, st)
        j = wrap_add(j, fst)
    return True


def list_delslice(xs: list, start: object, stop: object, step: object) -> None:
    """``del xs[start:stop:step]``."""
    n = len(xs)
    lo, st, count = slice_range(n, start, stop, step)
    if count == 0:
        return
    if st < 0:  # the same elements, walked upwards
        lo = lo + (count - 1) * st
        st = -st
    k = lo
    nxt = 0  # how many of the selected elements are behind
    for i in range(lo, n):
        if nxt < count and i == lo + nxt * st:
            nxt += 1
        else:
            seq_set(xs, k, item(xs, i))
            k += 1
    seq_resize(xs, k)


def list_delitem(xs: list, i: int) -> None:
    """``del xs[i]``."""
    n = len(xs)
    if i < 0:
        i += n
    if i < 0 or i >= n:
        fail("IndexError", "list assignment index out of range")
    list_pop(xs, i)  # in range now: the same shift down as pop's


# (last: the library's modules import each other)
from .intrinsics import is_dict, is_set, is_view  # noqa: E402,F401
from .lists import as_items, list_copy, list_pop  # noqa: E402,F401
from .tuples import slice_index, span_clip  # noqa: E402,F401
