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
from .sets import set_items  # noqa: E402,F401
from .sorting import binary_insertion, count_run, sort_key_array, sorted_order, timsort  # noqa: E402,F401
from .intrinsics import as_set, is_set  # noqa: E402,F401
from .intrinsics import is_view  # noqa: E402,F401
from .views import view_list  # noqa: E402,F401
