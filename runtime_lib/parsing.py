"""Parsing and base formatting: ``int(s)``, ``int(s, base)``, ``float(s)``,
``bin``/``oct``/``hex``, ``str()`` of an int, in the pydm subset.

CPython's parsers see a str through one translation
(``_PyUnicode_TransformDecimalAndSpaceToASCII``): a codepoint below 127 is
itself, a Unicode whitespace character is a space, a Unicode decimal digit
(category Nd) is its ASCII digit, anything else is ``?`` (never valid).
:func:`ascii_code` is that translation, one codepoint at a time; the parsers
below then follow CPython's grammar over ASCII (leading and trailing
``' \\t\\n\\v\\f\\r'`` stripped, ``_`` only between digits).

``int`` results are pydm's 64-bit ints: a valid literal whose value does not
fit raises ``OverflowError`` (after the whole literal was validated, so a bad
literal still raises CPython's ``ValueError``). ``float`` is exact: a literal
of at most 15 significant digits and a decimal exponent within 22 is an
exact integer times or divided by an exact power of ten, one correctly
rounded IEEE operation (the classic fast path); any other valid literal is
handed to the host's ``float()`` (``host_float``), which rounds correctly.
"""
from .intrinsics import (as_str, bits_float, fail, host_float, is_str, str_code, str_done,  # noqa: F401
                         str_new, str_set)

def ascii_code(c: int) -> int:
    """The ASCII code CPython's number parsers read for codepoint ``c``."""
    if c < 127:
        return c
    if c == 0x85 or c == 0xa0 or c == 0x1680 or 0x2000 <= c <= 0x200a or c == 0x2028 or c == 0x2029 \
            or c == 0x202f or c == 0x205f or c == 0x3000:
        return 32
    # the zero of each run of ten Unicode decimal digits above ASCII (Unicode 14.0,
    # CPython 3.11's unicodedata; tests/strings/test_str_parsing.py checks every
    # digit against the running CPython)
    zeros = ("\u0660\u06f0\u07c0\u0966\u09e6\u0a66\u0ae6\u0b66\u0be6\u0c66\u0ce6\u0d66\u0de6\u0e50"
             "\u0ed0\u0f20\u1040\u1090\u17e0\u1810\u1946\u19d0\u1a80\u1a90\u1b50\u1bb0\u1c40\u1c50"
             "\ua620\ua8d0\ua900\ua9d0\ua9f0\uaa50\uabf0\uff10\U000104a0\U00010d30\U00011066"
             "\U000110f0\U00011136\U000111d0\U000112f0\U00011450\U000114d0\U00011650\U000116c0"
             "\U00011730\U000118e0\U00011950\U00011c50\U00011d50\U00011da0\U00016a60\U00016ac0"
             "\U00016b50\U0001d7ce\U0001d7d8\U0001d7e2\U0001d7ec\U0001d7f6\U0001e140\U0001e2f0"
             "\U0001e950\U0001fbf0")
    for k in range(len(zeros)):
        z = str_code(zeros, k)
        if c < z:
            return 63
        if c < z + 10:
            return 48 + c - z
    return 63


def code_at(s: str, i: int) -> int:
    return ascii_code(str_code(s, i))


def is_space(c: int) -> bool:
    """CPython's ``Py_ISSPACE`` of an ASCII code."""
    return c == 32 or 9 <= c <= 13


def is_digit(c: int) -> bool:
    return 48 <= c <= 57


def digit_value(c: int) -> int:
    """The value of an ASCII digit or letter (36 for anything else)."""
    if 48 <= c <= 57:
        return c - 48
    if 97 <= c <= 122:
        return c - 87
    if 65 <= c <= 90:
        return c - 55
    return 36


def first_char(s: str) -> int:
    """The index of the first character after leading whitespace."""
    i = 0
    n = len(s)
    while i < n and is_space(code_at(s, i)):
        i += 1
    return i


def end_char(s: str, start: int) -> int:
    """One past the last character before trailing whitespace."""
    end = len(s)
    while end > start and is_space(code_at(s, end - 1)):
        end -= 1
    return end


def bad_int(s: str, base: int) -> int:
    fail("ValueError", "invalid literal for int() with base {}: {!r:.200}", base, s)
    return 0


def str_to_int(s: str, base: int) -> int:
    """``int(s, base)`` (CPython's ``PyLong_FromString``), as a 64-bit int."""
    if base != 0 and (base < 2 or base > 36):
        fail("ValueError", "int() base must be >= 2 and <= 36, or 0")
    given = base
    i = first_char(s)
    end = end_char(s, i)
    negative = False
    if i < end and (code_at(s, i) == 43 or code_at(s, i) == 45):
        negative = code_at(s, i) == 45
        i += 1
    zero_literal = False  # base 0 and a leading 0 without a prefix: only zeros may follow
    prefix = 0
    if i + 1 < end and code_at(s, i) == 48:
        prefix = code_at(s, i + 1) | 32  # lower case
    if base == 0:
        if prefix == 120:
            base = 16
        elif prefix == 111:
            base = 8
        elif prefix == 98:
            base = 2
        else:
            base = 10
            zero_literal = i < end and code_at(s, i) == 48
    if base == 16 and prefix == 120 or base == 8 and prefix == 111 or base == 2 and prefix == 98:
        i += 2
        if i < end and code_at(s, i) == 95:  # one underscore may follow the prefix
            i += 1
    acc = 0  # minus the magnitude so far (INT64_MIN's magnitude fits)
    cutoff = -9223372036854775808 // base
    digits = 0
    nonzero = False
    overflow = False
    underscore = False
    while i < end:  # the run of digits and single underscores
        c = code_at(s, i)
        if c == 95:
            if underscore or digits == 0:
                return bad_int(s, given)
            underscore = True
        else:
            d = digit_value(c)
            if d >= base:
                break
            underscore = False
            digits += 1
            if d != 0:
                nonzero = True
            if not overflow:
                if acc < cutoff:
                    overflow = True
                else:
                    acc = acc * base
                    if acc < -9223372036854775808 + d:
                        overflow = True
                    else:
                        acc = acc - d
        i += 1
    if underscore:
        return bad_int(s, given)
    if digits > 4300 and base & (base - 1) != 0:  # CPython's default sys.get_int_max_str_digits()
        fail("ValueError", "Exceeds the limit (4300 digits) for integer string conversion: value has {} digits; "
                           "use sys.set_int_max_str_digits() to increase the limit", digits)
    if digits == 0 or i != end or zero_literal and nonzero:
        return bad_int(s, given)
    if negative:
        if overflow:
            fail("OverflowError", "int too large to convert to 64-bit int")
        return acc
    if overflow or acc == -9223372036854775808:
        fail("OverflowError", "int too large to convert to 64-bit int")
    return -acc


def to_int_base(x: object, base: int) -> int:
    """``int(x, base)`` of an object (or a value that is no str)."""
    if base != 0 and (base < 2 or base > 36):
        fail("ValueError", "int() base must be >= 2 and <= 36, or 0")
    if not is_str(x):
        fail("TypeError", "int() can't convert non-string with explicit base")
    return str_to_int(as_str(x), base)


def matches_word(s: str, i: int, end: int, word: str) -> bool:
    """``s[i:end]`` is ``word`` (lower case ASCII) in any case."""
    n = len(word)
    if end - i != n:
        return False
    for k in range(n):
        if code_at(s, i + k) | 32 != str_code(word, k):
            return False
    return True


def bad_float(s: str) -> float:
    fail("ValueError", "could not convert string to float: {!r}", s)
    return 0.0


def power_of_ten(k: int) -> float:
    """``10.0 ** k`` for ``0 <= k <= 22`` (every such power is exact in binary64,
    so every product below is exact too)."""
    p = 1.0
    for _ in range(k):
        p = p * 10.0
    return p


def str_to_float(s: str) -> float:
    """``float(s)`` (CPython's ``float_from_string``): correctly rounded."""
    i = first_char(s)
    end = end_char(s, i)
    for j in range(i, end):  # '_' only between two digits
        if code_at(s, j) == 95 and not (j > i and is_digit(code_at(s, j - 1))
                                        and j + 1 < end and is_digit(code_at(s, j + 1))):
            return bad_float(s)
    negative = False
    if i < end and (code_at(s, i) == 43 or code_at(s, i) == 45):
        negative = code_at(s, i) == 45
        i += 1
    if matches_word(s, i, end, "inf") or matches_word(s, i, end, "infinity"):
        return bits_float(-4503599627370496) if negative else bits_float(9218868437227405312)
    if matches_word(s, i, end, "nan"):
        return bits_float(-2251799813685248) if negative else bits_float(9221120237041090560)
    mantissa = 0  # the significant digits, while there are at most 15 of them
    count = 0  # digits in mantissa
    zeros = 0  # zeros after the last nonzero digit, not yet in mantissa
    long = False  # more than 15 significant digits: the host rounds
    fraction = 0  # digits after the point
    digits = 0
    point = False
    while i < end:
        c = code_at(s, i)
        if c == 46 and not point:
            point = True
        elif is_digit(c):
            digits += 1
            if point:
                fraction += 1
            if c == 48:
                if mantissa != 0:
                    zeros += 1
            elif count + zeros + 1 > 15:
                long = True
            else:
                for _ in range(zeros):
                    mantissa = mantissa * 10
                mantissa = mantissa * 10 + (c - 48)
                count += zeros + 1
                zeros = 0
        elif c != 95:
            break
        i += 1
    if digits == 0:
        return bad_float(s)
    exponent = 0
    if i < end and code_at(s, i) | 32 == 101:  # e or E
        i += 1
        minus = False
        if i < end and (code_at(s, i) == 43 or code_at(s, i) == 45):
            minus = code_at(s, i) == 45
            i += 1
        if i >= end or not is_digit(code_at(s, i)):
            return bad_float(s)
        while i < end and (is_digit(code_at(s, i)) or code_at(s, i) == 95):
            if code_at(s, i) != 95 and exponent < 100000:
                exponent = exponent * 10 + code_at(s, i) - 48
            i += 1
        if minus:
            exponent = -exponent
    if i != end:
        return bad_float(s)
    if mantissa == 0 and not long:
        return -0.0 if negative else 0.0
    scale = exponent + zeros - fraction
    if long or scale < -22 or scale > 22:
        return host_float(s)
    x = float(mantissa)
    if scale >= 0:
        x = x * power_of_ten(scale)
    else:
        x = x / power_of_ten(-scale)
    return -x if negative else x


def int_to_base(x: int, base: int, prefix: str) -> str:
    """``x``'s digits in ``base`` (lower case) after its sign and ``prefix``:
    ``bin``/``oct``/``hex`` (prefix ``0b``...), ``str(x)`` (base 10, no prefix)."""
    if base == 10 and len(prefix) == 0:
        return int_decimal(x)
    m = x if x < 0 else -x  # minus the magnitude (INT64_MIN's fits)
    count = 1
    t = m // base if m % base == 0 else m // base + 1  # the quotient towards zero
    while t != 0:
        count += 1
        t = t // base if t % base == 0 else t // base + 1
    sign = 1 if x < 0 else 0
    lead = sign + len(prefix)
    out = str_new(lead + count)
    if x < 0:
        str_set(out, 0, 45)
    for i in range(len(prefix)):
        str_set(out, sign + i, str_code(prefix, i))
    k = lead + count - 1
    while True:
        d = -(m % -base)
        str_set(out, k, d + 48 if d < 10 else d + 87)
        m = (m + d) // base
        k -= 1
        if m == 0:
            break
    return str_done(out)


def int_decimal(x: int) -> str:
    """``str(x)``: the digits counted by comparisons with powers of ten, then
    made by division by the constant 10 (no zero or overflow checks, unlike a
    division by a variable base: a third of ``int_to_base``'s time)."""
    if x == -9223372036854775808:
        return "-9223372036854775808"
    u = -x if x < 0 else x
    size = decimal_count(u) + (1 if x < 0 else 0)
    out = str_new(size)
    put_decimal(out, size, u, x < 0)
    return str_done(out)


def int_into(out: str, at: int, x: int) -> int:
    """Write ``str(x)`` into the str ``out`` being made, from slot ``at``
    (``out`` grows as needed); the slot after it (an f-string's int piece)."""
    if x == -9223372036854775808:
        return str_into(out, at, "-9223372036854775808")
    u = -x if x < 0 else x
    end = at + decimal_count(u) + (1 if x < 0 else 0)
    room(out, end)
    put_decimal(out, end, u, x < 0)
    return end


def decimal_count(u: int) -> int:
    """The number of decimal digits of ``u >= 0``: compares with powers of ten (19 at most)."""
    count = 1
    p = 10
    while u >= p:  # 10**count <= u: one more digit
        count += 1
        if count == 19:
            break
        p *= 10
    return count


def put_decimal(out: str, end: int, u: int, minus: bool) -> None:
    """The digits of ``u >= 0`` in ``out`` up to slot ``end`` (the last digit
    first, by division by the constant 10), then a '-' before them if ``minus``."""
    k = end - 1
    while True:
        str_set(out, k, 48 + u % 10)
        u //= 10
        if u == 0:
            break
        k -= 1
    if minus:
        str_set(out, k - 1, 45)


from .strings import room, str_into  # noqa: E402,F401
