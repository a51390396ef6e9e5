"""Strings: Python's ``str`` operations, in the pydm subset.

A str is a VM list of codepoints, one i64 slot each (``pydm/representation.py``).
Besides the subset these functions use the intrinsics ``str_new(n)`` (a new
str of ``n`` codepoints), ``str_set(s, i, c)`` (set codepoint ``i`` of a str
being built), ``str_done(s)`` (the str is built) and ``str_code(s, i)``
(codepoint ``i``, ``0 <= i < len(s)``); ``len(s)`` is the number of
codepoints. Under CPython these are plain functions over a list
(``runtime_lib/intrinsics.py``), so the library also runs as Python.
"""
from .intrinsics import as_str, fail, fail_types, float_bits, is_str, str_code, str_done, str_new, str_resize, str_set


def str_concat(a: str, b: str) -> str:
    n = len(a)
    m = len(b)
    if m == 0:
        return a
    if n == 0:
        return b
    out = str_new(n + m)
    for i in range(n):
        str_set(out, i, str_code(a, i))
    for i in range(m):
        str_set(out, n + i, str_code(b, i))
    return str_done(out)


def str_repeat(s: str, k: int) -> str:
    """``s * k``: '' for ``k <= 0``; ``s`` itself for 1 (as CPython)."""
    n = len(s)
    if k == 1:
        return s
    if k <= 0 or n == 0:
        return str_done(str_new(0))
    if k > 9223372036854775807 // n:
        fail("OverflowError", "repeated string is too long")
    total = n * k
    if total > 4294967296:  # 32 GiB of slots: CPython's MemoryError, not the VM's allocator failure
        fail("MemoryError", "")
    out = str_new(total)
    for i in range(total):
        str_set(out, i, str_code(s, i % n))
    return str_done(out)


def str_compare(a: str, b: str, op: int) -> bool:
    """``a <op> b`` by codepoints (op: 0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >=)."""
    n = len(a)
    m = len(b)
    if op == 2 or op == 3:
        same = n == m
        if same:
            for i in range(n):
                if str_code(a, i) != str_code(b, i):
                    same = False
                    break
        return same if op == 2 else not same
    k = n if n < m else m
    for i in range(k):
        x = str_code(a, i)
        y = str_code(b, i)
        if x != y:
            if op == 0 or op == 1:
                return x < y
            return x > y
    if op == 0:
        return n < m
    if op == 1:
        return n <= m
    if op == 4:
        return n > m
    return n >= m


def str_eq(a: str, b: str) -> bool:
    return str_compare(a, b, 2)


def str_char(s: str, i: int) -> str:
    """``s[i]`` for ``0 <= i < len(s)``: a str of one codepoint."""
    out = str_new(1)
    str_set(out, 0, str_code(s, i))
    return str_done(out)


def str_item(s: str, i: int) -> str:
    """``s[i]``: negative counts from the end; IndexError outside."""
    n = len(s)
    if i < 0:
        i += n
    if i < 0 or i >= n:
        fail("IndexError", "string index out of range")
    return str_char(s, i)


def str_find(s: str, sub: str, start: int) -> int:
    """The first index >= ``start`` where ``sub`` occurs in ``s``, else -1."""
    n = len(s)
    m = len(sub)
    for i in range(start, n - m + 1):
        found = True
        for j in range(m):
            if str_code(s, i + j) != str_code(sub, j):
                found = False
                break
        if found:
            return i
    return -1


def str_contains(s: str, x: object) -> bool:
    """``x in s``: a substring test; TypeError for an ``x`` that is no str."""
    if not is_str(x):
        fail_types("TypeError", "'in <string>' requires string as left operand, not {}", x)
    return str_find(s, as_str(x), 0) >= 0


def str_items(s: str) -> list:
    """The one-codepoint strs of ``s``, as a new list (iteration through ``object``)."""
    n = len(s)
    out = []
    for i in range(n):
        out.append(str_char(s, i))
    return out


def str_slice(s: str, start: object, stop: object, step: object) -> str:
    n = len(s)
    first, by, count = slice_range(n, start, stop, step)
    if count == n and by == 1:
        return s  # s[:] is s, as in CPython
    out = str_new(count)
    for k in range(count):
        str_set(out, k, str_code(s, first + k * by))
    return str_done(out)


def str_ord(x: object) -> int:
    """``ord(x)``: the codepoint of a str of length 1; CPython's TypeError otherwise."""
    if not is_str(x):
        fail_types("TypeError", "ord() expected string of length 1, but {} found", x)
    s = as_str(x)
    n = len(s)
    if n != 1:
        fail("TypeError", "ord() expected a character, but string of length {} found", n)
    return str_code(s, 0)


def str_chr(c: int) -> str:
    """``chr(c)``: the str of codepoint ``c``; ValueError outside 0 .. 0x10FFFF
    (OverflowError outside a C int, as CPython)."""
    if c < -2147483648 or c > 2147483647:
        fail("OverflowError", "Python int too large to convert to C int")
    if c < 0 or c > 0x10FFFF:
        fail("ValueError", "chr() arg not in range(0x110000)")
    out = str_new(1)
    str_set(out, 0, c)
    return str_done(out)


def str_startswith(s: str, prefix: str) -> bool:
    n = len(prefix)
    if n > len(s):
        return False
    for i in range(n):
        if str_code(s, i) != str_code(prefix, i):
            return False
    return True


def str_endswith(s: str, suffix: str) -> bool:
    n = len(suffix)
    k = len(s) - n
    if k < 0:
        return False
    for i in range(n):
        if str_code(s, k + i) != str_code(suffix, i):
            return False
    return True


def str_count(s: str, sub: str) -> int:
    """Non-overlapping occurrences (``''`` occurs ``len(s) + 1`` times)."""
    m = len(sub)
    if m == 0:
        return len(s) + 1
    count = 0
    i = str_find(s, sub, 0)
    while i >= 0:
        count += 1
        i = str_find(s, sub, i + m)
    return count


# ---- formatting in the VM (pydm/frontend/printing.py: what the host need not do) -------------


def fixed_digits(x: float, prec: int) -> int:
    """The digits of ``format(x, '.{prec}f')`` as an int: ``abs(x) * 10**prec``
    rounded to even, exactly from the float's bits (``x`` is ``m * 2**shift``:
    ``round(m * 10**prec / 2**-shift)``, in 63-bit integers); -1 where that does
    not fit (a large ``x``, or many digits of a long mantissa) or ``x`` is not
    finite."""
    bits = float_bits(x)
    e = (bits >> 52) & 2047
    m = bits & 4503599627370495
    if e == 2047 or prec > 18:
        return -1
    if e == 0:
        e = 1  # subnormal
    else:
        m += 4503599627370496
    shift = e - 1075
    p = 1
    for _ in range(prec):
        p *= 10
    most = 9223372036854775807 // p  # the largest m with m * p in 63 bits
    q = 0
    if m != 0:
        if shift < 0 and m > most:  # too long: drop the mantissa's trailing zero bits
            while m & 255 == 0 and shift <= -8:
                m >>= 8
                shift += 8
            while m & 1 == 0 and shift < 0:
                m >>= 1
                shift += 1
        if shift >= 0:
            if shift > 62 or m > (9223372036854775807 >> shift) // p:
                return -1
            q = (m * p) << shift
        else:
            if m > most:
                return -1
            num = m * p
            k = -shift
            if k < 64:
                q = num >> k
                rem = num - (q << k)
                half = 1 << (k - 1)
                if rem > half or (rem == half and q & 1 == 1):
                    q += 1
    return q


def format_fixed(x: float, prec: int, sign: int, fill: int, align: int, width: int) -> object:
    """``format(x, spec)`` for a spec ``[[fill]align][sign][width].{prec}f``
    (``sign``, ``fill``, ``align``: codepoints, ``align`` 0 for none): the text
    ``fixed_into`` writes, or None where it does not fit (the host formats those)."""
    out = str_new(21 if width < 21 else width)  # (room for any text fixed_into makes)
    end = fixed_into(out, 0, x, prec, sign, fill, align, width)
    if end < 0:
        return None
    str_resize(out, end)
    return str_done(out)


def fixed_into(out: str, at: int, x: float, prec: int, sign: int, fill: int, align: int, width: int) -> int:
    """Write ``format(x, spec)`` (``format_fixed``'s spec) into the str ``out``
    being made, from slot ``at`` (``out`` grows as needed); the slot after it.
    The digits are made exactly from the float's bits: ``x`` is ``m * 2**shift``,
    and the digits are ``round(m * 10**prec / 2**-shift)`` to even, in 63-bit
    integers. -1 (nothing written) where that does not fit (a large ``x``, or
    many digits of a long mantissa) or ``x`` is not finite."""
    q = fixed_digits(x, prec)
    if q < 0:
        return -1
    bits = float_bits(x)
    digits = 1
    p = 10
    while q >= p:  # 10**digits <= q: one more digit (19 at most; compares, not divisions)
        digits += 1
        if digits == 19:
            break
        p *= 10
    if digits < prec + 1:
        digits = prec + 1
    body = digits + 1 if prec > 0 else digits
    lead = 0
    if bits < 0:
        lead = 45
    elif sign == 43 or sign == 32:
        lead = sign
    size = body + 1 if lead != 0 else body
    pad = width - size if width > size else 0
    before = pad  # fill before the sign (align '>', the default for numbers)
    inside = 0  # fill between the sign and the digits (align '=')
    if align == 60:  # '<'
        before = 0
    elif align == 94:  # '^'
        before = pad // 2
    elif align == 61:  # '='
        before = 0
        inside = pad
    start = at
    end = at + size + pad
    room(out, end)
    at += before
    if lead != 0:
        str_set(out, at, lead)
        at += 1
    if pad > 0:  # (no padding, the common case: no loops)
        for i in range(before):
            str_set(out, start + i, fill)
        for i in range(inside):
            str_set(out, at + i, fill)
        for i in range(at + inside + body, end):
            str_set(out, i, fill)
    at += inside + body - 1
    for j in range(digits):  # the last digit first; the point before the prec-th
        str_set(out, at, 48 + q % 10)
        q //= 10
        at -= 1
        if j + 1 == prec:
            str_set(out, at, 46)  # '.'
            at -= 1
    return end


def room(out: str, need: int) -> None:
    """The str ``out`` being made holds at least ``need`` codepoints (it grows
    to that: the writers' callers size it for every piece they know of)."""
    if need > len(out):
        str_resize(out, need)


def str_into(out: str, at: int, s: str) -> int:
    """Copy ``s`` into the str ``out`` being made, from slot ``at`` (``out``
    grows as needed); the slot after it. An f-string's pieces are written into
    one str this way, not made as strs and then concatenated."""
    n = len(s)
    room(out, at + n)
    for i in range(n):
        str_set(out, at + i, str_code(s, i))
    return at + n


from .slices import slice_range  # noqa: E402,F401
