"""CPython's list sort for 64 items or more, comparison for comparison.

Any stable sort gives CPython's order when ``<`` is a consistent order; when it
is not (a NaN among floats, in a tuple, as a key) or when a comparison raises
midway (the list is left partly sorted), only CPython's own sequence of
comparisons and moves gives CPython's result. So this is the algorithm of
CPython 3.11's ``listsort`` (Objects/listsort.txt), written here in the pydm
subset: runs (a strictly descending one reversed) extended to ``minrun`` by
binary insertion, merged by the powersort policy (each run's "power" on a
stack), every merge first galloping over the elements already in place, then
one element at a time until one side wins ``min_gallop`` times in a row, then
galloping (``min_gallop`` adapts, shared by all the merges of one sort).

The items are ``keys`` and, for a sort with a key function, the values ``xs``
moved in step with them (``xs is keys`` without one). A comparison that raises
leaves every item in the list (a merge puts back what it held aside), as
CPython does. Shorter lists: ``small_sort_by`` (lists.py), the same
algorithm's one-run case.
"""
from .intrinsics import (bits_float, float_bits, float_value, ints_get, ints_new, ints_set, item,  # noqa: F401
                         list_new, seq_set, wrap_add)


def min_run(n: int) -> int:
    """The run length below which runs are extended: ``n``'s six leading bits,
    plus one if any bit below them is set."""
    r = 0
    while n >= 64:
        r |= n & 1
        n >>= 1
    return n + r


def timsort(keys: list, xs: list, n: int) -> None:
    """Sort ``keys[0:n]`` (``n >= 2``), moving ``xs`` with them."""
    apart = keys is not xs
    tk = list_new(n // 2 + 1)  # a merge holds the shorter run aside (at most half)
    tv = list_new(n // 2 + 1) if apart else tk
    base = zeros(90)  # the pending runs: start, length, power (at most 85 in CPython)
    size = zeros(90)
    power = zeros(90)
    state = [0, 7]  # the number of pending runs, min_gallop (CPython's MIN_GALLOP: 7)
    minrun = min_run(n)
    lo = 0
    remaining = n
    while remaining > 0:
        run = count_run(keys, xs, apart, lo, remaining)
        if run < minrun:
            force = remaining if remaining <= minrun else minrun
            binary_insertion(keys, xs, apart, lo, lo + force, lo + run)
            run = force
        pending = state[0]
        if pending > 0:
            p = run_power(base[pending - 1], size[pending - 1], run, n)
            while state[0] > 1 and power[state[0] - 2] > p:
                merge_at(keys, xs, tk, tv, apart, base, size, power, state, state[0] - 2)
            power[state[0] - 1] = p
        pending = state[0]
        base[pending] = lo
        size[pending] = run
        state[0] = pending + 1
        lo += run
        remaining -= run
    while state[0] > 1:
        i = state[0] - 2
        if i > 0 and size[i - 1] < size[i + 1]:
            i -= 1
        merge_at(keys, xs, tk, tv, apart, base, size, power, state, i)


def zeros(n: int) -> list:
    out = []
    for _ in range(n):
        out.append(0)
    return out


def count_run(keys: list, xs: list, apart: bool, lo: int, remaining: int) -> int:
    """The length of the run at ``lo`` (a strictly descending one is reversed in place)."""
    if remaining == 1:
        return 1
    hi = lo + remaining
    k = lo + 2
    if item(keys, lo + 1) < item(keys, lo):
        while k < hi and item(keys, k) < item(keys, k - 1):
            k += 1
        i = lo
        j = k - 1
        while i < j:
            a = item(keys, i)
            seq_set(keys, i, item(keys, j))
            seq_set(keys, j, a)
            if apart:
                a = item(xs, i)
                seq_set(xs, i, item(xs, j))
                seq_set(xs, j, a)
            i += 1
            j -= 1
    else:
        while k < hi and not (item(keys, k) < item(keys, k - 1)):
            k += 1
    return k - lo


def binary_insertion(keys: list, xs: list, apart: bool, lo: int, hi: int, start: int) -> None:
    """``keys[lo:hi]`` sorted, ``keys[lo:start]`` being sorted already."""
    if start == lo:
        start += 1
    while start < hi:
        pivot_key = item(keys, start)
        pivot = item(xs, start)
        left = lo
        right = start
        while left < right:
            mid = left + ((right - left) >> 1)
            if pivot_key < item(keys, mid):
                right = mid
            else:
                left = mid + 1
        k = start
        while k > left:
            seq_set(keys, k, item(keys, k - 1))
            if apart:
                seq_set(xs, k, item(xs, k - 1))
            k -= 1
        seq_set(keys, left, pivot_key)
        if apart:
            seq_set(xs, left, pivot)
        start += 1


def run_power(s1: int, n1: int, n2: int, n: int) -> int:
    """The powersort power of the boundary between the runs ``[s1, s1 + n1)``
    and ``[s1 + n1, s1 + n1 + n2)`` in a list of ``n``: the first bit where
    the binary fractions of their midpoints (over ``n``) differ."""
    result = 0
    a = 2 * s1 + n1
    b = a + n1 + n2
    while True:
        result += 1
        if a >= n:
            a -= n
            b -= n
        elif b >= n:
            break
        a <<= 1
        b <<= 1
    return result


def merge_at(keys: list, xs: list, tk: list, tv: list, apart: bool, base: list, size: list, power: list,
             state: list, i: int) -> None:
    """Merge the pending runs ``i`` and ``i + 1``."""
    a0 = base[i]
    na = size[i]
    b0 = base[i + 1]
    nb = size[i + 1]
    size[i] = na + nb
    pending = state[0]
    if i == pending - 3:
        base[i + 1] = base[i + 2]
        size[i + 1] = size[i + 2]
        power[i + 1] = power[i + 2]
    state[0] = pending - 1
    k = gallop_right(item(keys, b0), keys, a0, na, 0)
    a0 += k
    na -= k
    if na == 0:
        return
    nb = gallop_left(item(keys, a0 + na - 1), keys, b0, nb, nb - 1)
    if nb <= 0:
        return
    if na <= nb:
        merge_lo(keys, xs, tk, tv, apart, a0, na, b0, nb, state)
    else:
        merge_hi(keys, xs, tk, tv, apart, a0, na, b0, nb, state)


def gallop_left(key: object, a: list, start: int, n: int, hint: int) -> int:
    """Where ``key`` goes in the sorted ``a[start:start + n]``, left of its
    equals (the offset ``k``: ``a[k - 1] < key <= a[k]``), searched from ``hint``."""
    lastofs = 0
    ofs = 1
    at = start + hint
    if item(a, at) < key:
        maxofs = n - hint
        while ofs < maxofs:
            if item(a, at + ofs) < key:
                lastofs = ofs
                ofs = (ofs << 1) + 1
            else:
                break
        if ofs > maxofs:
            ofs = maxofs
        lastofs += hint
        ofs += hint
    else:
        maxofs = hint + 1
        while ofs < maxofs:
            if item(a, at - ofs) < key:
                break
            lastofs = ofs
            ofs = (ofs << 1) + 1
        if ofs > maxofs:
            ofs = maxofs
        k = lastofs
        lastofs = hint - ofs
        ofs = hint - k
    lastofs += 1
    while lastofs < ofs:
        m = lastofs + ((ofs - lastofs) >> 1)
        if item(a, start + m) < key:
            lastofs = m + 1
        else:
            ofs = m
    return ofs


def gallop_right(key: object, a: list, start: int, n: int, hint: int) -> int:
    """Where ``key`` goes in the sorted ``a[start:start + n]``, right of its
    equals (the offset ``k``: ``a[k - 1] <= key < a[k]``), searched from ``hint``."""
    lastofs = 0
    ofs = 1
    at = start + hint
    if key < item(a, at):
        maxofs = hint + 1
        while ofs < maxofs:
            if key < item(a, at - ofs):
                lastofs = ofs
                ofs = (ofs << 1) + 1
            else:
                break
        if ofs > maxofs:
            ofs = maxofs
        k = lastofs
        lastofs = hint - ofs
        ofs = hint - k
    else:
        maxofs = n - hint
        while ofs < maxofs:
            if key < item(a, at + ofs):
                break
            lastofs = ofs
            ofs = (ofs << 1) + 1
        if ofs > maxofs:
            ofs = maxofs
        lastofs += hint
        ofs += hint
    lastofs += 1
    while lastofs < ofs:
        m = lastofs + ((ofs - lastofs) >> 1)
        if key < item(a, start + m):
            ofs = m
        else:
            lastofs = m + 1
    return ofs


def copy_items(dk: list, dv: list, d0: int, sk: list, sv: list, s0: int, count: int, apart: bool) -> None:
    """``count`` items from ``s0`` on to ``d0`` on (forward, or backward when
    the ranges overlap with the destination after the source)."""
    if d0 > s0 and dk is sk:
        m = count - 1
        while m >= 0:
            seq_set(dk, d0 + m, item(sk, s0 + m))
            if apart:
                seq_set(dv, d0 + m, item(sv, s0 + m))
            m -= 1
        return
    for m in range(count):
        seq_set(dk, d0 + m, item(sk, s0 + m))
        if apart:
            seq_set(dv, d0 + m, item(sv, s0 + m))


def merge_lo(keys: list, xs: list, tk: list, tv: list, apart: bool, a0: int, na: int, b0: int, nb: int,
             state: list) -> None:
    """Merge the runs at ``a0`` (``na`` items, the shorter, held aside) and
    ``b0 = a0 + na`` (``nb``), from the left."""
    copy_items(tk, tv, 0, keys, xs, a0, na, apart)
    dest = a0
    pa = 0
    pb = b0
    copy_b = False
    try:
        seq_set(keys, dest, item(keys, pb))
        if apart:
            seq_set(xs, dest, item(xs, pb))
        dest += 1
        pb += 1
        nb -= 1
        if nb == 0:
            return
        if na == 1:
            copy_b = True
            return
        min_gallop = state[1]
        while True:
            acount = 0
            bcount = 0
            while True:
                if item(keys, pb) < item(tk, pa):
                    seq_set(keys, dest, item(keys, pb))
                    if apart:
                        seq_set(xs, dest, item(xs, pb))
                    dest += 1
                    pb += 1
                    bcount += 1
                    acount = 0
                    nb -= 1
                    if nb == 0:
                        return
                    if bcount >= min_gallop:
                        break
                else:
                    seq_set(keys, dest, item(tk, pa))
                    if apart:
                        seq_set(xs, dest, item(tv, pa))
                    dest += 1
                    pa += 1
                    acount += 1
                    bcount = 0
                    na -= 1
                    if na == 1:
                        copy_b = True
                        return
                    if acount >= min_gallop:
                        break
            min_gallop += 1
            while True:
                if min_gallop > 1:
                    min_gallop -= 1
                state[1] = min_gallop
                k = gallop_right(item(keys, pb), tk, pa, na, 0)
                acount = k
                if k > 0:
                    copy_items(keys, xs, dest, tk, tv, pa, k, apart)
                    dest += k
                    pa += k
                    na -= k
                    if na == 1:
                        copy_b = True
                        return
                    if na == 0:
                        return
                seq_set(keys, dest, item(keys, pb))
                if apart:
                    seq_set(xs, dest, item(xs, pb))
                dest += 1
                pb += 1
                nb -= 1
                if nb == 0:
                    return
                k = gallop_left(item(tk, pa), keys, pb, nb, 0)
                bcount = k
                if k > 0:
                    copy_items(keys, xs, dest, keys, xs, pb, k, apart)
                    dest += k
                    pb += k
                    nb -= k
                    if nb == 0:
                        return
                seq_set(keys, dest, item(tk, pa))
                if apart:
                    seq_set(xs, dest, item(tv, pa))
                dest += 1
                pa += 1
                na -= 1
                if na == 1:
                    copy_b = True
                    return
                if acount < 7 and bcount < 7:  # MIN_GALLOP
                    break
            min_gallop += 1
            state[1] = min_gallop
    finally:
        if copy_b:  # the last item held aside belongs after what is left of b
            copy_items(keys, xs, dest, keys, xs, pb, nb, apart)
            seq_set(keys, dest + nb, item(tk, pa))
            if apart:
                seq_set(xs, dest + nb, item(tv, pa))
        elif na > 0:  # done, or a comparison raised: what is held aside goes back
            copy_items(keys, xs, dest, tk, tv, pa, na, apart)


def merge_hi(keys: list, xs: list, tk: list, tv: list, apart: bool, a0: int, na: int, b0: int, nb: int,
             state: list) -> None:
    """Merge the runs at ``a0`` (``na``) and ``b0 = a0 + na`` (``nb`` items,
    the shorter, held aside), from the right."""
    copy_items(tk, tv, 0, keys, xs, b0, nb, apart)
    dest = b0 + nb - 1
    pa = a0 + na - 1  # a's last item, in place
    pb = nb - 1  # b's last item, held aside
    copy_a = False
    try:
        seq_set(keys, dest, item(keys, pa))
        if apart:
            seq_set(xs, dest, item(xs, pa))
        dest -= 1
        pa -= 1
        na -= 1
        if na == 0:
            return
        if nb == 1:
            copy_a = True
            return
        min_gallop = state[1]
        while True:
            acount = 0
            bcount = 0
            while True:
                if item(tk, pb) < item(keys, pa):
                    seq_set(keys, dest, item(keys, pa))
                    if apart:
                        seq_set(xs, dest, item(xs, pa))
                    dest -= 1
                    pa -= 1
                    acount += 1
                    bcount = 0
                    na -= 1
                    if na == 0:
                        return
                    if acount >= min_gallop:
                        break
                else:
                    seq_set(keys, dest, item(tk, pb))
                    if apart:
                        seq_set(xs, dest, item(tv, pb))
                    dest -= 1
                    pb -= 1
                    bcount += 1
                    acount = 0
                    nb -= 1
                    if nb == 1:
                        copy_a = True
                        return
                    if bcount >= min_gallop:
                        break
            min_gallop += 1
            while True:
                if min_gallop > 1:
                    min_gallop -= 1
                state[1] = min_gallop
                k = na - gallop_right(item(tk, pb), keys, a0, na, na - 1)
                acount = k
                if k > 0:
                    dest -= k
                    pa -= k
                    copy_items(keys, xs, dest + 1, keys, xs, pa + 1, k, apart)
                    na -= k
                    if na == 0:
                        return
                seq_set(keys, dest, item(tk, pb))
                if apart:
                    seq_set(xs, dest, item(tv, pb))
                dest -= 1
                pb -= 1
                nb -= 1
                if nb == 1:
                    copy_a = True
                    return
                k = nb - gallop_left(item(keys, pa), tk, 0, nb, nb - 1)
                bcount = k
                if k > 0:
                    dest -= k
                    pb -= k
                    copy_items(keys, xs, dest + 1, tk, tv, pb + 1, k, apart)
                    nb -= k
                    if nb == 1:
                        copy_a = True
                        return
                    if nb == 0:
                        return
                seq_set(keys, dest, item(keys, pa))
                if apart:
                    seq_set(xs, dest, item(xs, pa))
                dest -= 1
                pa -= 1
                na -= 1
                if na == 0:
                    return
                if acount < 7 and bcount < 7:  # MIN_GALLOP
                    break
            min_gallop += 1
            state[1] = min_gallop
    finally:
        if copy_a:  # b's first item belongs before what is left of a
            dest -= na
            pa -= na
            copy_items(keys, xs, dest + 1, keys, xs, pa + 1, na, apart)
            seq_set(keys, dest, item(tk, pb))
            if apart:
                seq_set(xs, dest, item(tv, pb))
        elif nb > 0:  # done, or a comparison raised: what is held aside goes back
            copy_items(keys, xs, dest - (nb - 1), tk, tv, 0, nb, apart)


# ---- sorts on i64 slots ------------------------------------------------------------------------
# Ints (and bools, 0/1) compare as their slots, so equal items are the same
# value and any sort gives CPython's result; floats compare as their keys
# (``float_keys``: the IEEE bits made to order as signed ints), equal only for
# 0.0 and -0.0, which keep their order (their signs are noted in order), and a
# NaN (no consistent order) sends the list to CPython's algorithm on objects.
# The slots are "ints arrays" here (``str``: ``ints_get``/``ints_set``, one
# unchecked VM list access each): a typed list as the frontend passes it, or
# an ``ints_new`` copy of a list's values. A list in order, or strictly
# descending, costs one scan; any other is sorted by an LSD radix sort: one
# counting pass per digit whose bits differ between the items, no comparisons.
FLOAT_KEYS = 2  # the ``kind`` of a list of floats (1: ints or bools)
LOW_BITS = 9223372036854775807  # every bit but the sign
INF_BITS = 9218868437227405312  # float_bits(inf): above it (low bits), a NaN


def sort_slots(xs: str, kind: int, reverse: bool) -> None:
    """``xs.sort(reverse=...)`` of a typed list (``kind`` 1: ``list<integer>`` or
    ``list<bool>``; 2: ``list<real>``), on its slots."""
    n = len(xs)
    if n < 2:
        return
    if kind == FLOAT_KEYS and has_nan(xs, n):
        sort_float_objects(xs, n, reverse)
    else:
        sort_key_array(xs, n, kind, reverse)


def has_nan(xs: str, n: int) -> bool:
    for i in range(n):
        if ints_get(xs, i) & LOW_BITS > INF_BITS:
            return True
    return False


def sort_float_objects(xs: str, n: int, reverse: bool) -> None:
    """Floats with a NaN among them: CPython's algorithm on a list of the floats."""
    ys = list_new(n)
    for i in range(n):
        seq_set(ys, i, bits_float(ints_get(xs, i)))
    list_sort(ys, reverse)  # lists.py
    for i in range(n):
        ints_set(xs, i, float_bits(float_value(item(ys, i))))


def sort_key_array(keys: str, n: int, kind: int, reverse: bool) -> None:
    """Sort the ints array ``keys`` (``n >= 2`` ints, or for ``kind`` 2 floats'
    bits, no NaN) in place, as ``list.sort(reverse=...)``: ascending, then
    reversed (equal keys are equal ints, or zeros, whose signs are put back
    in order after the sort)."""
    signs = float_keys(keys, n) if kind == FLOAT_KEYS else keys
    differ, order = key_order(keys, n)
    if not (order < 0 and reverse):  # (else it is in the order wanted: no two equal)
        if order < 0:
            reverse_keys(keys, n)
        elif order == 0:
            if n < 64:
                insertion_sort(keys, n)
            else:
                radix_sort(keys, n, differ, ints_new(0))
        if reverse:
            reverse_keys(keys, n)
    if kind == FLOAT_KEYS:
        float_bits_of_keys(keys, n, signs)


def sorted_order(keys: str, n: int, kind: int) -> str:
    """The positions of the ``n >= 64`` items whose keys (ints, or for ``kind``
    2 floats' bits, no NaN) are the ints array ``keys``, in a stable ascending
    order of their keys (an empty array: they are in order already). ``keys``
    is used up."""
    if kind == FLOAT_KEYS:
        float_keys(keys, n)  # (the keys are not put back: the zeros' signs do not matter)
    differ, order = key_order(keys, n)
    if order > 0:
        return ints_new(0)
    at = ints_new(n)
    for i in range(n):
        ints_set(at, i, n - 1 - i if order < 0 else i)
    if order == 0:
        radix_sort(keys, n, differ, at)
    return at


def key_order(keys: str, n: int) -> tuple:
    """``(the bits that differ between the keys, 1 if they ascend (equal ones
    allowed), -1 if they strictly descend, else 0)``."""
    first = ints_get(keys, 0)
    ones = first  # the bits set in every key, and in some key
    some = first
    ascending = True
    descending = True
    last = first
    for i in range(1, n):
        k = ints_get(keys, i)
        ones &= k
        some |= k
        if k < last:
            ascending = False
        else:
            descending = False
        last = k
    return ones ^ some, 1 if ascending else (-1 if descending else 0)


def reverse_keys(keys: str, n: int) -> None:
    i = 0
    j = n - 1
    while i < j:
        a = ints_get(keys, i)
        ints_set(keys, i, ints_get(keys, j))
        ints_set(keys, j, a)
        i += 1
        j -= 1


def float_keys(keys: str, n: int) -> str:
    """Each float's bits (no NaN) in ``keys`` made its key, ordered as the
    floats are: negative ones' low bits flipped (the more magnitude, the lower),
    0.0 and -0.0 both 0. The zeros' signs in order (1: -0.0): the array returned."""
    signs = ints_new(n)
    z = 0
    for i in range(n):
        k = ints_get(keys, i)
        if k < 0:
            k ^= LOW_BITS
            if k == -1:  # -0.0
                ints_set(signs, z, 1)
                z += 1
                k = 0
            ints_set(keys, i, k)
        elif k == 0:
            ints_set(signs, z, 0)
            z += 1
    return signs


def float_bits_of_keys(keys: str, n: int, signs: str) -> None:
    """``float_keys`` undone: each key back to its float's bits (the zeros,
    all key 0, take the signs in order: equal items keep their order)."""
    z = 0
    for i in range(n):
        k = ints_get(keys, i)
        if k < 0:
            ints_set(keys, i, k ^ LOW_BITS)
        elif k == 0:
            if ints_get(signs, z) != 0:
                ints_set(keys, i, float_bits(-0.0))
            z += 1


def insertion_sort(keys: str, n: int) -> None:
    """Sort the ints array ``keys`` (``n`` items) in place, by insertion:
    below 64 items, where a radix sort's passes over its counts cost more."""
    for i in range(1, n):
        k = ints_get(keys, i)
        j = i
        while j > 0 and ints_get(keys, j - 1) > k:
            ints_set(keys, j, ints_get(keys, j - 1))
            j -= 1
        ints_set(keys, j, k)


def radix_sort(keys: str, n: int, differ: int, values: str) -> None:
    """Sort the ints array ``keys`` (``n`` items) in place, stably, moving
    ``values`` (an ints array of ``n``, or empty) with them. ``differ``: the
    bits that differ between keys; only the span from its lowest to its
    highest bit is sorted on, in as few digits as counts of at most about
    ``n`` allow (each pass costs ``n`` items and ``2 ** width`` counts)."""
    lo = 0
    while (differ >> lo) & 1 == 0:
        lo += 1
    hi = 63
    while (differ >> hi) & 1 == 0:
        hi -= 1
    most = 4
    while most < 16 and (2 << most) <= n:
        most += 1
    span = hi - lo + 1
    passes = (span + most - 1) // most
    width = (span + passes - 1) // passes
    mask = (1 << width) - 1
    counts = ints_new(mask + 1)
    carry = len(values) > 0
    src = keys
    dst = ints_new(n)
    vsrc = values
    vdst = ints_new(n if carry else 0)
    shift = lo
    for _ in range(passes):
        flip = (mask + 1) >> 1 if shift + width > 63 else 0  # the sign bit's digit: negatives first
        radix_pass(src, dst, vsrc, vdst, n, shift, mask, flip, counts)
        src, dst = dst, src
        vsrc, vdst = vdst, vsrc
        shift += width
    if src is not keys:
        for i in range(n):
            ints_set(keys, i, ints_get(src, i))
        if carry:
            for i in range(n):
                ints_set(values, i, ints_get(vsrc, i))


def radix_pass(src: str, dst: str, vsrc: str, vdst: str, n: int, shift: int, mask: int, flip: int,
               counts: str) -> None:
    """The keys of ``src`` into ``dst`` (and the values of ``vsrc``, unless
    empty, into ``vdst``), stably ordered by their digit ``(k >> shift) & mask
    ^ flip`` (the counts never pass ``n``: no overflow)."""
    for d in range(mask + 1):
        ints_set(counts, d, 0)
    for i in range(n):
        d = ((ints_get(src, i) >> shift) & mask) ^ flip
        ints_set(counts, d, wrap_add(ints_get(counts, d), 1))
    total = 0
    for d in range(mask + 1):
        c = ints_get(counts, d)
        ints_set(counts, d, total)
        total = wrap_add(total, c)
    if len(vsrc) == 0:
        for i in range(n):
            k = ints_get(src, i)
            d = ((k >> shift) & mask) ^ flip
            at = ints_get(counts, d)
            ints_set(dst, at, k)
            ints_set(counts, d, wrap_add(at, 1))
        return
    for i in range(n):
        k = ints_get(src, i)
        d = ((k >> shift) & mask) ^ flip
        at = ints_get(counts, d)
        ints_set(dst, at, k)
        ints_set(vdst, at, ints_get(vsrc, i))
        ints_set(counts, d, wrap_add(at, 1))


from .lists import list_sort  # noqa: E402,F401 (last: the library's modules import each other)
