"""The str methods (issue 10), in the pydm subset: ``split``, ``join``,
``replace``, ``strip``, ``find``, padding, case... The frontend fills in the
arguments a call leaves out; arguments arrive as objects and are checked
here, with CPython's messages. The str operations themselves (concatenation,
comparison, slicing) are in ``strings.py``."""
from .intrinsics import (as_str, as_tuple, fail, fail_types, int_value, is_bool, is_dict, is_float, is_int,
                         is_intlike, is_iterator, is_list, is_none, is_range, is_str, is_tuple, item, str_code,
                         str_done, str_new, str_set)


# ---- the str methods (issue 10): the frontend fills in the arguments a call leaves out --------------
# Arguments arrive as objects and are checked here, with CPython's messages.
def substr(s: str, lo: int, hi: int) -> str:
    """``s[lo:hi]`` for ``0 <= lo <= hi <= len(s)``."""
    if lo == 0 and hi == len(s):
        return s
    out = str_new(hi - lo)
    for i in range(lo, hi):
        str_set(out, i - lo, str_code(s, i))
    return str_done(out)


def matches_at(s: str, i: int, sub: str) -> bool:
    """``s[i:i + len(sub)] == sub`` for ``0 <= i <= len(s) - len(sub)``."""
    for j in range(len(sub)):
        if str_code(s, i + j) != str_code(sub, j):
            return False
    return True


def is_space_code(c: int) -> bool:
    """``chr(c).isspace()``: Unicode's whitespace is these 29 codepoints (checked
    against CPython over all codepoints in tests/strings/test_str_methods.py)."""
    if c < 128:
        return (c >= 9 and c <= 13) or (c >= 28 and c <= 32)
    if c == 133 or c == 160 or c == 5760 or c == 8232 or c == 8233 or c == 8239 or c == 8287 or c == 12288:
        return True
    return c >= 8192 and c <= 8202


def is_line_break(c: int) -> bool:
    """A line boundary of ``str.splitlines`` (``\r\n`` is one, handled by the caller)."""
    if c < 128:
        return (c >= 10 and c <= 13) or (c >= 28 and c <= 30)
    return c == 133 or c == 8232 or c == 8233


def too_long(n: int) -> None:
    """A str of ``n`` codepoints, more than 32 GiB of slots: CPython's MemoryError
    (as ``str_repeat``), not the VM's allocator failure."""
    if n > 4294967296:
        fail("MemoryError", "")


def str_arg(x: object) -> str:
    """A str argument: CPython's ``must be str, not int`` otherwise."""
    if not is_str(x):
        fail_types("TypeError", "must be str, not {}", x)
    return as_str(x)


def int_arg(x: object) -> int:
    """An int argument (a bool counts): CPython's TypeError otherwise."""
    if not is_intlike(x):
        fail_types("TypeError", "'{}' object cannot be interpreted as an integer", x)
    return int_value(x)


def slice_bound(x: object, n: int, default: int) -> int:
    """A start/end argument of find, count, startswith...: None is ``default``;
    negative counts from the end (clipped at 0); past the end is ``n`` for
    an end (the caller clips) - CPython's ADJUST_INDICES."""
    if is_none(x):
        return default
    if not is_intlike(x):
        fail("TypeError", "slice indices must be integers or None or have an __index__ method")
    return index_bound(x, n)


def find_in(s: str, sub: str, lo: int, hi: int, reverse: bool) -> int:
    """The first (last) index in ``lo .. hi - len(sub)`` where ``sub`` occurs, else -1."""
    m = len(sub)
    if hi > len(s):
        hi = len(s)
    if hi - lo < m:
        return -1
    if m == 0:
        return hi if reverse else lo
    first = str_code(sub, 0)  # tested here: a call per position costs more than the test
    if reverse:
        i = hi - m
        while i >= lo:
            if str_code(s, i) == first and matches_at(s, i, sub):
                return i
            i -= 1
        return -1
    for i in range(lo, hi - m + 1):
        if str_code(s, i) == first and matches_at(s, i, sub):
            return i
    return -1


def str_find_at(s: str, sub: object, start: object, end: object, kind: int) -> int:
    """``find`` (kind 0), ``rfind`` (1), ``index`` (2), ``rindex`` (3)."""
    n = len(s)
    lo = slice_bound(start, n, 0)
    hi = slice_bound(end, n, n)
    i = find_in(s, str_arg(sub), lo, hi, kind == 1 or kind == 3)
    if i < 0 and kind >= 2:
        fail("ValueError", "substring not found")
    return i


def str_count_in(s: str, sub: object, start: object, end: object) -> int:
    """``s.count(sub, start, end)``: non-overlapping occurrences in the slice."""
    n = len(s)
    t = str_arg(sub)
    lo = slice_bound(start, n, 0)
    hi = slice_bound(end, n, n)
    if hi > n:
        hi = n
    m = len(t)
    if hi - lo < m:
        return 0
    if m == 0:
        return hi - lo + 1
    count = 0
    i = find_in(s, t, lo, hi, False)
    while i >= 0:
        count += 1
        i = find_in(s, t, i + m, hi, False)
    return count


def tail_match(s: str, fix: str, lo: int, hi: int, at_end: bool) -> bool:
    m = len(fix)
    if hi > len(s):
        hi = len(s)
    if hi - m < lo:
        return False
    return matches_at(s, hi - m if at_end else lo, fix)


def str_tailmatch(s: str, fix: object, start: object, end: object, at_end: bool) -> bool:
    """``startswith`` / ``endswith`` (``at_end``): a str or a tuple of strs."""
    n = len(s)
    lo = slice_bound(start, n, 0)
    hi = slice_bound(end, n, n)
    if is_tuple(fix):
        t = as_tuple(fix)
        for i in range(len(t)):
            x = item(t, i)
            if not is_str(x):
                if at_end:
                    fail_types("TypeError", "tuple for endswith must only contain str, not {}", x)
                fail_types("TypeError", "tuple for startswith must only contain str, not {}", x)
            if tail_match(s, as_str(x), lo, hi, at_end):
                return True
        return False
    if not is_str(fix):
        if at_end:
            fail_types("TypeError", "endswith first arg must be str or a tuple of str, not {}", fix)
        fail_types("TypeError", "startswith first arg must be str or a tuple of str, not {}", fix)
    return tail_match(s, as_str(fix), lo, hi, at_end)


def str_replace(s: str, old: object, new: object, count: object) -> str:
    """``s.replace(old, new, count)`` (count < 0: all); ``''`` is found before
    every codepoint and at the end."""
    if not is_str(old):
        if is_none(old):  # CPython's argument clinic names None itself
            fail("TypeError", "replace() argument 1 must be str, not None")
        fail_types("TypeError", "replace() argument 1 must be str, not {}", old)
    if not is_str(new):
        if is_none(new):  # CPython's argument clinic names None itself
            fail("TypeError", "replace() argument 2 must be str, not None")
        fail_types("TypeError", "replace() argument 2 must be str, not {}", new)
    a = as_str(old)
    b = as_str(new)
    k = int_arg(count)
    n = len(s)
    m = len(a)
    if k < 0:
        k = n + 1
    # first pass: how many replacements
    hits = 0
    if m == 0:
        hits = n + 1 if k > n + 1 else k
    else:
        i = find_in(s, a, 0, n, False)
        while i >= 0 and hits < k:
            hits += 1
            i = find_in(s, a, i + m, n, False)
    if hits == 0:
        return s
    out = str_new(n + hits * (len(b) - m))
    w = 0
    i = 0
    done = 0
    while i < n or (m == 0 and done < hits):
        if done < hits and (m == 0 or (i <= n - m and matches_at(s, i, a))):
            for j in range(len(b)):
                str_set(out, w + j, str_code(b, j))
            w += len(b)
            done += 1
            if m > 0:
                i += m
                continue
        if i < n:
            str_set(out, w, str_code(s, i))
            w += 1
        i += 1
    return str_done(out)


def str_split(s: str, sep: object, maxsplit: object, reverse: bool) -> list:
    """``split`` / ``rsplit`` (``reverse``): by runs of whitespace for a None ``sep``."""
    k = int_arg(maxsplit)
    n = len(s)
    if k < 0:
        k = n + 1
    if is_none(sep):
        if reverse:
            return rsplit_whitespace(s, k)
        return split_whitespace(s, k)
    if not is_str(sep):
        fail_types("TypeError", "must be str or None, not {}", sep)
    t = as_str(sep)
    m = len(t)
    if m == 0:
        fail("ValueError", "empty separator")
    out = []
    if reverse:
        j = n
        while k > 0:
            pos = find_in(s, t, 0, j, True)
            if pos < 0:
                break
            out.append(substr(s, pos + m, j))
            j = pos
            k -= 1
        out.append(substr(s, 0, j))
        list_reverse(out)
        return out
    i = 0
    while k > 0:
        pos = find_in(s, t, i, n, False)
        if pos < 0:
            break
        out.append(substr(s, i, pos))
        i = pos + m
        k -= 1
    out.append(substr(s, i, n))
    return out


def split_whitespace(s: str, k: int) -> list:
    """``s.split(None, k)``: one pass of two tight loops, over whitespace, then
    over a word (``j`` its start), whose text is copied inline (a call of
    ``substr`` per word was a sixth of the time). The whitespace test is
    inline for ASCII; ``is_space_code`` is called only above it (a call per
    codepoint was most of the time once)."""
    n = len(s)
    out = []
    i = 0
    while True:
        while i < n:  # whitespace
            c = str_code(s, i)
            if c > 32:
                if c < 128 or not is_space_code(c):
                    break
            elif c < 28 and (c < 9 or c > 13):
                break
            i += 1
        if i >= n:
            return out
        if k == 0:  # maxsplit reached: the rest, its leading whitespace dropped
            out.append(substr(s, i, n))
            return out
        j = i
        i += 1
        while i < n:  # a word
            c = str_code(s, i)
            if c <= 32:
                if c >= 28 or (c >= 9 and c <= 13):
                    break
            elif c >= 128 and is_space_code(c):
                break
            i += 1
        word = str_new(i - j)
        for t in range(i - j):
            str_set(word, t, str_code(s, j + t))
        out.append(str_done(word))
        if k > 0:  # (a negative k: no limit)
            k -= 1


def rsplit_whitespace(s: str, k: int) -> list:
    out = []
    i = len(s) - 1
    while k > 0:
        while i >= 0 and is_space_code(str_code(s, i)):
            i -= 1
        if i < 0:
            break
        j = i
        i -= 1
        while i >= 0 and not is_space_code(str_code(s, i)):
            i -= 1
        out.append(substr(s, i + 1, j + 1))
        k -= 1
    if i >= 0:
        while i >= 0 and is_space_code(str_code(s, i)):
            i -= 1
        if i >= 0:
            out.append(substr(s, 0, i + 1))
    list_reverse(out)
    return out


def str_splitlines(s: str, keepends: object) -> list:
    keep = int_arg(keepends) != 0
    n = len(s)
    out = []
    i = 0
    while i < n:
        j = i
        while i < n and not is_line_break(str_code(s, i)):
            i += 1
        eol = i
        if i < n:
            if str_code(s, i) == 13 and i + 1 < n and str_code(s, i + 1) == 10:
                i += 2
            else:
                i += 1
            if keep:
                eol = i
        out.append(substr(s, j, eol))
    return out


def str_join(sep: str, items: object) -> str:
    """``sep.join(items)``: every item a str (CPython's TypeError names the first other)."""
    if not (is_list(items) or is_tuple(items) or is_range(items) or is_iterator(items) or is_str(items)
            or is_dict(items) or is_set(items) or is_view(items)):
        fail("TypeError", "can only join an iterable")
    xs = as_items(items)
    count = len(xs)
    if count == 1 and is_str(item(xs, 0)):
        return as_str(item(xs, 0))
    total = 0
    for i in range(count):
        x = item(xs, i)
        if not is_str(x):
            kind = kind_name(x)
            if len(kind) == 0:
                fail("NotImplementedError", "pydm: join of a sequence with an item of this kind (not a str)")
            fail("TypeError", "sequence item {}: expected str instance, {} found", i, kind)
        total += len(as_str(x))
    if count > 1:
        total += len(sep) * (count - 1)
    out = str_new(total)
    w = 0
    one = len(sep) == 1  # (the common separator: one codepoint, set without a loop)
    c = str_code(sep, 0) if one else 0
    for i in range(count):
        if i > 0:
            if one:
                str_set(out, w, c)
                w += 1
            else:
                w = str_into(out, w, sep)
        w = str_into(out, w, as_str(item(xs, i)))
    return str_done(out)


def kind_name(x: object) -> str:
    """``type(x).__name__`` for the kinds of values a join meets ('' for others)."""
    if is_bool(x):
        return "bool"
    if is_int(x):
        return "int"
    if is_float(x):
        return "float"
    if is_none(x):
        return "NoneType"
    if is_tuple(x):
        return "tuple"
    if is_list(x):
        return "list"
    if is_dict(x):
        return "dict"
    if is_range(x):
        return "range"
    return ""


def str_strip(s: str, chars: object, which: int) -> str:
    """``strip`` (which 0), ``lstrip`` (1), ``rstrip`` (2): whitespace for None."""
    if not is_none(chars) and not is_str(chars):
        if which == 1:
            fail("TypeError", "lstrip arg must be None or str")
        if which == 2:
            fail("TypeError", "rstrip arg must be None or str")
        fail("TypeError", "strip arg must be None or str")
    n = len(s)
    lo = 0
    hi = n
    if which != 2:
        while lo < hi and strip_hit(str_code(s, lo), chars):
            lo += 1
    if which != 1:
        while hi > lo and strip_hit(str_code(s, hi - 1), chars):
            hi -= 1
    return substr(s, lo, hi)


def strip_hit(c: int, chars: object) -> bool:
    if is_none(chars):
        return is_space_code(c)
    cs = as_str(chars)
    for i in range(len(cs)):
        if str_code(cs, i) == c:
            return True
    return False


def str_pad(s: str, width: object, fill: object, how: int) -> str:
    """``center`` (how 0), ``ljust`` (1), ``rjust`` (2) with a one-codepoint fill."""
    w = int_arg(width)
    if not is_str(fill):
        fail_types("TypeError", "The fill character must be a unicode character, not {}", fill)
    f = as_str(fill)
    if len(f) != 1:
        fail("TypeError", "The fill character must be exactly one character long")
    n = len(s)
    marg = w - n
    if marg <= 0:
        return s
    too_long(w)
    left = 0
    if how == 0:
        left = marg // 2 + (marg & w & 1)
    elif how == 2:
        left = marg
    c = str_code(f, 0)
    out = str_new(w)
    for i in range(w):
        if i < left or i >= left + n:
            str_set(out, i, c)
        else:
            str_set(out, i, str_code(s, i - left))
    return str_done(out)


def str_zfill(s: str, width: object) -> str:
    w = int_arg(width)
    n = len(s)
    if w <= n:
        return s
    fill = w - n
    too_long(w)
    out = str_new(w)
    for i in range(fill):
        str_set(out, i, 48)
    for i in range(n):
        str_set(out, fill + i, str_code(s, i))
    if n > 0:
        c = str_code(s, 0)
        if c == 43 or c == 45:  # a sign goes first
            str_set(out, 0, c)
            str_set(out, fill, 48)
    return str_done(out)


def str_partition(s: str, sep: object, reverse: bool) -> tuple:
    """``partition`` / ``rpartition`` (``reverse``): a tuple of three strs."""
    t = str_arg(sep)
    m = len(t)
    if m == 0:
        fail("ValueError", "empty separator")
    n = len(s)
    i = find_in(s, t, 0, n, reverse)
    empty = substr(s, 0, 0)
    if i < 0:
        if reverse:
            return (empty, empty, s)
        return (s, empty, empty)
    return (substr(s, 0, i), t, substr(s, i + m, n))


def str_removefix(s: str, fix: object, suffix: bool) -> str:
    """``removeprefix`` / ``removesuffix`` (``suffix``)."""
    if not is_str(fix):
        if suffix:
            if is_none(fix):  # CPython's argument clinic names None itself
                fail("TypeError", "removesuffix() argument must be str, not None")
            fail_types("TypeError", "removesuffix() argument must be str, not {}", fix)
        if is_none(fix):  # CPython's argument clinic names None itself
            fail("TypeError", "removeprefix() argument must be str, not None")
        fail_types("TypeError", "removeprefix() argument must be str, not {}", fix)
    f = as_str(fix)
    n = len(s)
    m = len(f)
    if m == 0 or m > n:
        return s
    if suffix:
        if matches_at(s, n - m, f):
            return substr(s, 0, n - m)
        return s
    if matches_at(s, 0, f):
        return substr(s, m, n)
    return s


def str_expandtabs(s: str, tabsize: object) -> str:
    """Tabs to spaces up to the next multiple of ``tabsize`` (the column restarts after \n and \r)."""
    size = int_arg(tabsize)
    if size < -2147483648 or size > 2147483647:
        fail("OverflowError", "Python int too large to convert to C int")
    n = len(s)
    total = 0
    col = 0
    tabs = False
    for i in range(n):
        c = str_code(s, i)
        if c == 9:
            tabs = True
            if size > 0:
                total += size - col % size
                col += size - col % size
        else:
            total += 1
            col += 1
            if c == 10 or c == 13:
                col = 0
    if not tabs:
        return s
    too_long(total)
    out = str_new(total)
    w = 0
    col = 0
    for i in range(n):
        c = str_code(s, i)
        if c == 9:
            if size > 0:
                k = size - col % size
                for j in range(k):
                    str_set(out, w + j, 32)
                w += k
                col += k
        else:
            str_set(out, w, c)
            w += 1
            col += 1
            if c == 10 or c == 13:
                col = 0
    return str_done(out)


def str_isspace(s: str) -> bool:
    n = len(s)
    if n == 0:
        return False
    for i in range(n):
        if not is_space_code(str_code(s, i)):
            return False
    return True


# ---- case and character classes: ASCII here, other strs by the host (the frontend tests first) ------
def str_is_ascii(s: str) -> bool:
    for i in range(len(s)):
        if str_code(s, i) >= 128:
            return False
    return True


def ascii_upper(c: int) -> bool:
    return c >= 65 and c <= 90


def ascii_lower(c: int) -> bool:
    return c >= 97 and c <= 122


def ascii_digit(c: int) -> bool:
    return c >= 48 and c <= 57


def str_ascii_case(s: str, op: int) -> str:
    """An ASCII str's ``upper`` (op 0), ``lower`` / ``casefold`` (1), ``swapcase``
    (2), ``title`` (3), ``capitalize`` (4)."""
    n = len(s)
    out = str_new(n)
    after_cased = False
    for i in range(n):
        c = str_code(s, i)
        up = ascii_upper(c)
        low = ascii_lower(c)
        make_upper = op == 0 or (op == 2 and low) or (op == 3 and not after_cased) or (op == 4 and i == 0)
        if make_upper and low:
            c -= 32
        elif not make_upper and up and op != 2 or op == 2 and up:
            c += 32
        after_cased = up or low
        str_set(out, i, c)
    return str_done(out)


def str_ascii_test(s: str, op: int) -> bool:
    """An ASCII str's ``isdigit`` (op 0), ``isalpha`` (1), ``isalnum`` (2),
    ``isupper`` (3), ``islower`` (4), ``istitle`` (5)."""
    n = len(s)
    if n == 0:
        return False
    cased = False
    after_cased = False
    for i in range(n):
        c = str_code(s, i)
        up = ascii_upper(c)
        low = ascii_lower(c)
        digit = ascii_digit(c)
        if op == 0 and not digit or op == 1 and not (up or low) or op == 2 and not (up or low or digit):
            return False
        if op == 3 and low or op == 4 and up:
            return False
        if op == 5:
            if up and after_cased or low and not after_cased:
                return False
            after_cased = up or low
        cased = cased or up or low
    return op <= 2 or cased


from .lists import as_items, index_bound, list_reverse  # noqa: E402,F401
from .intrinsics import is_set, is_view  # noqa: E402,F401
from .strings import str_into  # noqa: E402,F401
