"""Lists and the builtins over iterables, in the pydm subset.

pydm builds inline what is one or two VM list operations (``[a, b]``,
``xs[i]``, ``xs[i] = v``, ``len(xs)``, ``xs.append(v)``, iteration); the rest
are these functions, linked by symbol (``pydmrtl$list_insert`` ...) when a
program uses them. Besides the tuple intrinsics (see ``tuples.py``) they use:

* ``list_new(n)`` — a new list of ``n`` elements, each set with ``seq_set``
  before anything reads it;
* ``seq_set(xs, i, x)`` — element ``i`` (``0 <= i < len(xs)``) := ``x``;
* ``seq_resize(xs, n)`` — the list's length becomes ``n`` (new elements are
  set before they are read);
* ``is_list(x)`` / ``as_list(x)`` — the type test and the unchecked view;
* ``item(xs, i)`` — ``xs[i]`` without the bounds check, where the loop has
  made sure ``0 <= i < len(xs)`` (the hot loops use it).

CPython's order of checks and its messages are kept; ``==`` on elements
tests identity first (so a list holding a NaN object contains it).
"""
from .intrinsics import (as_str, is_str, as_list, as_range, as_tuple, bits_float, fail, fail_types,  # noqa: F401
                         float_bits, float_value, int_value, is_float, is_int, is_intlike, is_iterator, is_list,
                         is_none, is_range, is_sequence, is_tuple, item, ints_get, ints_new, ints_set, list_new,
                         seq_resize, seq_set, type_error, wrap_add)


# ---- building --------------------------------------------------------------------------------
def list_copy(xs: list) -> list:
    """``xs.copy()``, ``xs[:]``, ``list(xs)``: a new list of the same elements."""
    n = len(xs)
    out = list_new(n)
    for i in range(n):
        seq_set(out, i, item(xs, i))
    return out


def list_of_tuple(t: tuple) -> list:
    n = len(t)
    out = list_new(n)
    for i in range(n):
        seq_set(out, i, item(t, i))
    return out


def tuple_of_list(xs: list) -> tuple:
    """``tuple(xs)``: the elements as they are now."""
    n = len(xs)
    out = seq_new(n)
    for i in range(n):
        seq_set(out, i, item(xs, i))
    return seq_done(out)


def to_list(x: object) -> list:
    """``list(x)`` for a value whose type is known only at run time."""
    if is_list(x):
        return list_copy(as_list(x))
    return as_items(x)


def list_concat(a: list, b: list) -> list:
    """``a + b``: always a new list."""
    na = len(a)
    nb = len(b)
    out = list_new(na + nb)
    for i in range(na):
        seq_set(out, i, item(a, i))
    for i in range(nb):
        seq_set(out, na + i, item(b, i))
    return out


def list_repeat(xs: list, n: int) -> list:
    """``xs * n``: the same elements (not copies) ``n`` times; empty for ``n <= 0``."""
    size = len(xs)
    if n <= 0 or size == 0:
        return list_new(0)
    if n > 1073741823 // size:  # a VM list holds at most 2**31 - 1 slots, two per element
        fail("MemoryError", "")
    out = list_new(size * n)
    if size == 1:  # [x] * n
        x = item(xs, 0)
        for k in range(n):
            seq_set(out, k, x)
        return out
    k = 0
    for _ in range(n):
        for i in range(size):
            seq_set(out, k, item(xs, i))
            k += 1
    return out


def list_extend(xs: list, items: object) -> None:
    """``xs.extend(items)`` / ``xs += items`` for any iterable pydm knows
    (a list extended by itself doubles: its length is read first)."""
    if is_list(items):
        src = as_list(items)
        n = len(src)
        start = len(xs)
        seq_resize(xs, start + n)
        for i in range(n):
            seq_set(xs, start + i, item(src, i))
        return
    if is_tuple(items):
        t = as_tuple(items)
        n = len(t)
        start = len(xs)
        seq_resize(xs, start + n)
        for i in range(n):
            seq_set(xs, start + i, item(t, i))
        return
    list_extend(xs, as_items(items))  # a range's or an iterator's items, or the TypeError


def list_iadd(xs: list, items: object) -> list:
    """``xs += items``: ``xs`` itself, extended."""
    list_extend(xs, items)
    return xs


def list_imul(xs: list, n: int) -> list:
    """``xs *= n``: ``xs`` itself, repeated in place."""
    size = len(xs)
    if n <= 0 or size == 0:
        seq_resize(xs, 0)
        return xs
    if n > 1073741823 // size:
        fail("MemoryError", "")
    seq_resize(xs, size * n)
    k = size
    for _ in range(n - 1):
        for i in range(size):
            seq_set(xs, k, item(xs, i))
            k += 1
    return xs


# ---- methods ---------------------------------------------------------------------------------
def list_insert(xs: list, i: int, x: object) -> None:
    """``xs.insert(i, x)``: ``i`` is clamped to the list (negative counts from the end)."""
    n = len(xs)
    if i < 0:
        i += n
        if i < 0:
            i = 0
    elif i > n:
        i = n
    seq_resize(xs, n + 1)
    k = n
    while k > i:
        seq_set(xs, k, item(xs, k - 1))
        k -= 1
    seq_set(xs, i, x)


def list_pop(xs: list, i: int) -> object:
    """``xs.pop(i)``."""
    n = len(xs)
    if n == 0:
        fail("IndexError", "pop from empty list")
    if i < 0:
        i += n
    if i < 0 or i >= n:
        fail("IndexError", "pop index out of range")
    x = item(xs, i)
    for k in range(i, n - 1):
        seq_set(xs, k, item(xs, k + 1))
    seq_resize(xs, n - 1)
    return x


def list_pop_last(xs: list) -> object:
    """``xs.pop()``."""
    n = len(xs)
    if n == 0:
        fail("IndexError", "pop from empty list")
    x = item(xs, n - 1)
    seq_resize(xs, n - 1)
    return x


def list_remove(xs: list, x: object) -> None:
    """``xs.remove(x)``: the first element that is ``x`` or equals it."""
    n = len(xs)
    for i in range(n):
        if i >= len(xs):
            break
        e = item(xs, i)
        if e is x or e == x:
            list_pop(xs, i)
            return
    fail("ValueError", "list.remove(x): x not in list")


def list_index(xs: list, x: object, start: object, stop: object) -> int:
    """``xs.index(x, start, stop)``: bounds clipped as slices are. A bound the
    call leaves out comes as CPython's default (0, sys.maxsize); None is no
    default here (CPython's TypeError, unlike str.find's)."""
    n = len(xs)
    i = index_bound(start, n)
    hi = index_bound(stop, n)
    while i < hi and i < len(xs):
        e = item(xs, i)
        if e is x or e == x:
            return i
        i += 1
    fail("ValueError", "{!r} is not in list", x)
    return -1


def index_bound(b: object, n: int) -> int:
    """A start/stop argument of ``index``: an int (a bool counts as 0/1), clipped."""
    if not is_intlike(b):
        type_error("slice indices must be integers or have an __index__ method", b)
    k = int_value(b)
    if k < 0:
        k += n
        if k < 0:
            k = 0
    return k


def list_count(xs: list, x: object) -> int:
    c = 0
    i = 0
    while i < len(xs):
        e = item(xs, i)
        if e is x or e == x:
            c += 1
        i += 1
    return c


def list_contains(xs: list, x: object) -> bool:
    """``x in xs``: identity first, then ``==`` (the list may change meanwhile)."""
    i = 0
    while i < len(xs):
        e = item(xs, i)
        if e is x or e == x:
            return True
        i += 1
    return False


def list_reverse(xs: list) -> None:
    i = 0
    j = len(xs) - 1
    while i < j:
        a = item(xs, i)
        seq_set(xs, i, item(xs, j))
        seq_set(xs, j, a)
        i += 1
        j -= 1


def list_clear(xs: list) -> None:
    seq_resize(xs, 0)


# ---- sorting -----------------------------------------------------------------------------------
def list_sort(xs: list, reverse: bool) -> None:
    """``xs.sort(reverse=...)``: CPython's result, also where ``<`` is not a
    consistent order (a NaN) or raises midway: below 64 items CPython's own
    one-run case (``small_sort``); from 64 on, a list of only ints (and bools)
    or only non-NaN floats (a consistent order: any stable sort gives CPython's
    result) by a radix sort of their values (``sorting.py``: on i64 slots, no
    comparisons), any other by CPython's algorithm comparison for comparison
    (``sorting.timsort``). ``reverse``
    keeps equal elements in order: the list is reversed before and after, also
    when a comparison raises."""
    if reverse:
        list_reverse(xs)
    try:
        sort_items(xs)
    finally:
        if reverse:
            list_reverse(xs)


def sort_items(xs: list) -> None:
    """The stable ascending sort of ``list_sort``."""
    n = len(xs)
    if n < 64:  # CPython's timsort on a short list: one run, then binary insertion
        small_sort(xs, n)
        return
    kind = sort_kind(xs)
    if kind == 3 or kind == 2:  # only ints, or only floats: sorted as i64 slots (sorting.py)
        sort_as_slots(xs, n, kind)
    elif kind != 0:  # ints and bools (1 == True: their order counts): by their positions
        sort_by_number_keys(xs, xs, n, kind)
    else:
        timsort(xs, xs, n)  # runtime_lib/sorting.py


def sort_as_slots(xs: list, n: int, kind: int) -> None:
    """Only ints (3) or only floats but NaN (2): their values (a float's bits)
    sorted as a typed list's slots are (``sorting.sort_key_array``), then put
    back. An int is equal only to itself here (no bool among them) and the
    floats keep 0.0 and -0.0 in order, so the result is CPython's."""
    keys = ints_new(n)
    for i in range(n):
        x = item(xs, i)
        ints_set(keys, i, int_value(x) if kind == 3 else float_bits(float_value(x)))
    sort_key_array(keys, n, 1 if kind == 3 else 2, False)
    for i in range(n):
        if kind == 3:
            seq_set(xs, i, ints_get(keys, i))
        else:
            seq_set(xs, i, bits_float(ints_get(keys, i)))


def small_sort(xs: list, n: int) -> None:
    """CPython's timsort for fewer than 64 items, comparison for comparison
    (so a NaN or a TypeError ends up where CPython's does): the leading run
    (a strictly descending one is reversed), then binary insertion of the rest."""
    small_sort_by(xs, xs, n)


def sort_kind(xs: list) -> int:
    """3: every element an int (no bool); 1: every element an int or a bool;
    2: every element a float and none a NaN; 0: else (the order may not be
    consistent, or a comparison raise)."""
    n = len(xs)
    if n == 0:
        return 0
    ints = True
    bools = False
    floats = True
    for i in range(n):
        x = item(xs, i)
        if not is_intlike(x):
            ints = False
        elif not is_int(x):
            bools = True
        if not is_float(x):
            floats = False
        elif float_value(x) != float_value(x):  # NaN
            floats = False
    if ints:
        return 1 if bools else 3
    if floats:
        return 2
    return 0


def keyed_sort(xs: list, keys: list, reverse: bool) -> None:
    """``xs.sort(key=f, reverse=...)`` once the keys ``f(x)`` are computed:
    only keys are compared, with ``<``; the items move with their keys,
    comparison for comparison as CPython (so a comparison that raises leaves
    the items where CPython's are). ``reverse`` reverses before and after,
    also when a comparison raises."""
    n = len(xs)
    if reverse:
        list_reverse(xs)
        list_reverse(keys)
    try:
        kind = sort_kind(keys) if n >= 64 else 0
        if n < 64:
            small_sort_by(keys, xs, n)
        elif kind != 0:  # numbers in a consistent order: any stable sort is CPython's
            sort_by_number_keys(xs, keys, n, kind)
        else:
            timsort(keys, xs, n)
    finally:
        if reverse:
            list_reverse(xs)


def sort_by_number_keys(xs: list, keys: list, n: int, kind: int) -> None:
    """``xs`` (``n >= 2`` items) in the stable order of ``keys`` (``sort_kind``
    ``kind`` 1, 2 or 3: all numbers, a consistent order): the positions sorted
    by the keys' values (``sorting.sorted_order``), then the items put in that order."""
    values = ints_new(n)
    for i in range(n):
        k = item(keys, i)
        ints_set(values, i, float_bits(float_value(k)) if kind == 2 else int_value(k))
    at = sorted_order(values, n, 2 if kind == 2 else 1)
    if len(at) == 0:
        return
    items = list_copy(xs)
    for m in range(n):
        seq_set(xs, m, item(items, ints_get(at, m)))


def small_sort_by(keys: list, xs: list, n: int) -> None:
    """``small_sort`` of ``keys``, each move made in ``xs`` too (unless ``xs``
    is ``keys``: a sort without a key function): CPython's one-run case, the
    leading run (``sorting.count_run``), then binary insertion of the rest."""
    if n < 2:
        return
    apart = xs is not keys
    binary_insertion(keys, xs, apart, 0, n, count_run(keys, xs, apart, 0, n))


def sorted_of(x: object, reverse: bool) -> list:
    """``sorted(x, reverse=...)``: a new sorted list."""
    out = to_list(x)
    list_sort(out, reverse)
    return out


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
    shift = m - count if st == 1 else 0  # the tail after the slice moves first
    if shift > 0:
        seq_resize(xs, n + shift)
        for k in range(n - 1, lo + count - 1, -1):
            ints_set(xs, k + shift, ints_get(xs, k))
    elif shift < 0:
        for k in range(lo + count, n):
            ints_set(xs, k + shift, ints_get(xs, k))
        seq_resize(xs, n + shift)
    k = lo
    for i in range(m):
        ints_set(xs, k, ints_get(src, i))
        k = wrap_add(k, st)


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


# ---- comparisons -------------------------------------------------------------------------------
def list_compare(a: list, b: list, op: int) -> bool:
    """``a <op> b`` for op 0 ``<``, 1 ``<=``, 2 ``==``, 3 ``!=``, 4 ``>``, 5 ``>=``
    (CPython's order: the first elements that differ decide, else the lengths)."""
    if op == 2 and len(a) != len(b):
        return False
    if op == 3 and len(a) != len(b):
        return True
    i = 0
    while i < len(a) and i < len(b):
        x = item(a, i)
        y = item(b, i)
        if not (x is y or x == y):
            if op == 2:
                return False
            if op == 3:
                return True
            if op == 0:
                return x < y
            if op == 1:
                return x <= y
            if op == 4:
                return x > y
            return x >= y
        i += 1
    na = len(a)
    nb = len(b)
    if op == 0:
        return na < nb
    if op == 1:
        return na <= nb
    if op == 2:
        return na == nb
    if op == 3:
        return na != nb
    if op == 4:
        return na > nb
    return na >= nb


# ---- builtins over iterables ----------------------------------------------------------------------
def as_items(x: object) -> list:
    """The items of an iterable pydm knows, as a list (a list itself: no copy)."""
    if is_list(x):
        return as_list(x)
    if is_tuple(x):
        return list_of_tuple(as_tuple(x))
    if is_range(x):
        return range_list(as_range(x))
    if is_iterator(x):
        return drain(x)
    if is_str(x):
        return str_items(as_str(x))
    if is_dict(x):
        return dict_keys(as_dict(x))
    if is_set(x):
        return set_items(as_set(x))
    if is_view(x):
        return view_list(x)
    type_error("'{}' object is not iterable", x)
    return list_new(0)


def star_middle(t: tuple, start: int, after: int) -> list:
    """The starred target of ``a, *b, c = t``: elements start .. len(t) - after, as a list."""
    stop = len(t) - after
    out = list_new(stop - start)
    for i in range(start, stop):
        seq_set(out, i - start, item(t, i))
    return out


def unpack_items(x: object) -> tuple:
    """The items ``a, b = x`` unpacks when ``x`` is not a tuple."""
    if not (is_list(x) or is_range(x) or is_iterator(x) or is_str(x) or is_dict(x) or is_set(x)
            or is_view(x)):
        type_error("cannot unpack non-iterable {} object", x)
    return tuple_of_list(as_items(x))


def sum_of(x: object, start: object) -> object:
    """``sum(x, start)``: added left to right, as CPython's ``sum``."""
    if is_str(start):
        fail("TypeError", "sum() can't sum strings [use ''.join(seq) instead]")
    items = as_items(x)
    total = start
    i = 0
    while i < len(items):
        total = total + item(items, i)
        i += 1
    return total


def min_of(x: object, has_default: bool, default: object) -> object:
    items = as_items(x)
    if len(items) == 0:
        if has_default:
            return default
        fail("ValueError", "min() arg is an empty sequence")
    best = item(items, 0)
    i = 1
    while i < len(items):
        e = item(items, i)
        if e < best:
            best = e
        i += 1
    return best


def max_of(x: object, has_default: bool, default: object) -> object:
    items = as_items(x)
    if len(items) == 0:
        if has_default:
            return default
        fail("ValueError", "max() arg is an empty sequence")
    best = item(items, 0)
    i = 1
    while i < len(items):
        e = item(items, i)
        if e > best:
            best = e
        i += 1
    return best


def any_of(x: object) -> bool:
    items = as_items(x)
    i = 0
    while i < len(items):
        if item(items, i):
            return True
        i += 1
    return False


def all_of(x: object) -> bool:
    items = as_items(x)
    i = 0
    while i < len(items):
        if not item(items, i):
            return False
        i += 1
    return True


from .tuples import seq_done, seq_new  # noqa: E402,F401
# (last: the library's modules import each other)
from .iterators import drain  # noqa: E402,F401
from .dicts import dict_keys  # noqa: E402,F401
from .intrinsics import as_dict, is_dict  # noqa: E402,F401
from .ranges import range_list  # noqa: E402,F401
from .strings import str_items  # noqa: E402,F401
from .tuples import slice_index, span_clip  # noqa: E402,F401
from .sets import set_items  # noqa: E402,F401
from .sorting import binary_insertion, count_run, sort_key_array, sorted_order, timsort  # noqa: E402,F401
from .intrinsics import as_set, is_set  # noqa: E402,F401
from .intrinsics import is_view  # noqa: E402,F401
from .views import view_list  # noqa: E402,F401
