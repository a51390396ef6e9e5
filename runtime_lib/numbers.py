"""Dynamic number semantics: Python's operators on values whose type is only
known at run time (None, bool, int, float as object records).

This is ordinary Python in the pydm subset, compiled by pydm's own frontend and
linked into programs by symbol (``pydmrtl$add`` …) when they use an operator on
an ``object``. Besides the subset it uses a few intrinsics (see
``pydm/frontend/intrinsics.py``):

* ``is_none(x)``, ``is_bool(x)``, ``is_int(x)`` (exactly int), ``is_float(x)``,
  ``is_intlike(x)`` (bool or int), ``is_number(x)`` — tests of the type code;
* ``int_value(x)`` — a bool/int record's value as an int; ``float_value(x)`` —
  a number record's value as a float (ints convert exactly like ``float()``);
* ``int_power(a, b)`` — ``a ** b`` for ints with ``b >= 0``;
* ``type_error(template, *values)`` — raise ``TypeError(template.format(type
  names of values))``, CPython's message for the run-time types.

Binary operators take ``inplace`` (``x += y`` names ``+=`` in its TypeError).
Each function checks the operand types the way CPython's number protocol does
(bool < int < float) and otherwise raises CPython's TypeError. Typed operations
inside (``int_value(a) + int_value(b)``) carry the exact semantics: overflow,
division by zero, float rounding.
"""
# Under CPython the intrinsics are these plain functions (pydm compiles the
# names itself and ignores this import).
from .intrinsics import (as_str, fail, fail_types, float_bits, is_str, as_list, as_range, as_tuple, float_value, int_power, int_value, is_bool, is_float,  # noqa: F401
                         is_int, is_intlike, is_list, is_none, is_number, is_range, is_tuple, type_error)


# ---- arithmetic -------------------------------------------------------------------
def add(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) + int_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) + float_value(b)
    if is_tuple(a):
        if is_tuple(b):
            return tuple_concat(as_tuple(a), as_tuple(b))
        type_error('can only concatenate tuple (not "{}") to tuple', b)
    if is_str(a):
        if is_str(b):
            return str_concat(as_str(a), as_str(b))
        type_error('can only concatenate str (not "{}") to str', b)
    if is_list(a):
        if inplace:
            return list_iadd(as_list(a), b)
        if is_list(b):
            return list_concat(as_list(a), as_list(b))
        type_error('can only concatenate list (not "{}") to list', b)
    if inplace:
        type_error("unsupported operand type(s) for +=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for +: '{}' and '{}'", a, b)


def sub(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) - int_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) - float_value(b)
    if is_set(a) and is_set(b):
        return set_binary_objects(a, b, 2, inplace)
    if is_set_view(a) or is_set_view(b):  # a new set, also for |= (a view has no in-place form)
        return view_binary(a, b, 2)
    if inplace:
        type_error("unsupported operand type(s) for -=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for -: '{}' and '{}'", a, b)


def mul(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) * int_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) * float_value(b)
    if is_tuple(a):
        if is_intlike(b):
            return tuple_repeat(as_tuple(a), int_value(b))
        type_error("can't multiply sequence by non-int of type '{}'", b)
    if is_tuple(b):
        if is_intlike(a):
            return tuple_repeat(as_tuple(b), int_value(a))
        type_error("can't multiply sequence by non-int of type '{}'", a)
    if is_list(a):
        if is_intlike(b):
            if inplace:
                return list_imul(as_list(a), int_value(b))
            return list_repeat(as_list(a), int_value(b))
        type_error("can't multiply sequence by non-int of type '{}'", b)
    if is_list(b):
        if is_intlike(a):
            return list_repeat(as_list(b), int_value(a))
        type_error("can't multiply sequence by non-int of type '{}'", a)
    if is_str(a):
        if is_intlike(b):
            return str_repeat(as_str(a), int_value(b))
        type_error("can't multiply sequence by non-int of type '{}'", b)
    if is_str(b):
        if is_intlike(a):
            return str_repeat(as_str(b), int_value(a))
        type_error("can't multiply sequence by non-int of type '{}'", a)
    if inplace:
        type_error("unsupported operand type(s) for *=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for *: '{}' and '{}'", a, b)


def truediv(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) / int_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) / float_value(b)
    if inplace:
        type_error("unsupported operand type(s) for /=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for /: '{}' and '{}'", a, b)


def floordiv(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) // int_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) // float_value(b)
    if inplace:
        type_error("unsupported operand type(s) for //=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for //: '{}' and '{}'", a, b)


def mod(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) % int_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) % float_value(b)
    if is_str(a):  # printf-style formatting, by the host (as a typed ``fmt % args``)
        return as_str(a) % b
    if inplace:
        type_error("unsupported operand type(s) for %=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for %: '{}' and '{}'", a, b)


def power(a: object, b: object, inplace: bool) -> object:
    """``a ** b``: an int for int ** non-negative int, else a float (as CPython,
    which computes int ** negative int in floating point)."""
    if is_intlike(a) and is_intlike(b):
        exponent = int_value(b)
        if exponent >= 0:
            return int_power(int_value(a), exponent)
        return float_value(a) ** float_value(b)
    if is_number(a) and is_number(b):
        return float_value(a) ** float_value(b)
    if inplace:
        type_error("unsupported operand type(s) for **=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for ** or pow(): '{}' and '{}'", a, b)


# ---- bitwise (ints and bools only; bool op bool stays a bool) -------------------------
def bit_and(a: object, b: object, inplace: bool) -> object:
    if is_bool(a) and is_bool(b):
        return (int_value(a) & int_value(b)) != 0
    if is_intlike(a) and is_intlike(b):
        return int_value(a) & int_value(b)
    if is_set(a) and is_set(b):
        return set_binary_objects(a, b, 1, inplace)
    if is_set_view(a) or is_set_view(b):  # a new set, also for |= (a view has no in-place form)
        return view_binary(a, b, 1)
    if inplace:
        type_error("unsupported operand type(s) for &=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for &: '{}' and '{}'", a, b)


def bit_or(a: object, b: object, inplace: bool) -> object:
    if is_bool(a) and is_bool(b):
        return (int_value(a) | int_value(b)) != 0
    if is_intlike(a) and is_intlike(b):
        return int_value(a) | int_value(b)
    if is_dict(a) and inplace:
        return dict_ior(as_dict(a), b)
    if is_dict(a) and is_dict(b):
        return dict_or(as_dict(a), as_dict(b))
    if is_set(a) and is_set(b):
        return set_binary_objects(a, b, 0, inplace)
    if is_set_view(a) or is_set_view(b):  # a new set, also for |= (a view has no in-place form)
        return view_binary(a, b, 0)
    if inplace:
        type_error("unsupported operand type(s) for |=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for |: '{}' and '{}'", a, b)


def bit_xor(a: object, b: object, inplace: bool) -> object:
    if is_bool(a) and is_bool(b):
        return (int_value(a) ^ int_value(b)) != 0
    if is_intlike(a) and is_intlike(b):
        return int_value(a) ^ int_value(b)
    if is_set(a) and is_set(b):
        return set_binary_objects(a, b, 3, inplace)
    if is_set_view(a) or is_set_view(b):  # a new set, also for |= (a view has no in-place form)
        return view_binary(a, b, 3)
    if inplace:
        type_error("unsupported operand type(s) for ^=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for ^: '{}' and '{}'", a, b)


def lshift(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) << int_value(b)
    if inplace:
        type_error("unsupported operand type(s) for <<=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for <<: '{}' and '{}'", a, b)


def rshift(a: object, b: object, inplace: bool) -> object:
    if is_intlike(a) and is_intlike(b):
        return int_value(a) >> int_value(b)
    if inplace:
        type_error("unsupported operand type(s) for >>=: '{}' and '{}'", a, b)
    type_error("unsupported operand type(s) for >>: '{}' and '{}'", a, b)


# ---- comparisons (int against float compares exactly) -----------------------------------
def lt(a: object, b: object) -> bool:
    if is_intlike(a):
        if is_intlike(b):
            return int_value(a) < int_value(b)
        if is_float(b):
            return int_value(a) < float_value(b)
    elif is_float(a):
        if is_intlike(b):
            return float_value(a) < int_value(b)
        if is_float(b):
            return float_value(a) < float_value(b)
    elif is_tuple(a) and is_tuple(b):
        return tuple_compare(as_tuple(a), as_tuple(b), 0)  # lt
    elif is_list(a) and is_list(b):
        return list_compare(as_list(a), as_list(b), 0)
    elif is_str(a) and is_str(b):
        return str_compare(as_str(a), as_str(b), 0)
    elif is_set(a) and is_set(b):
        return set_compare(as_set(a), as_set(b), 0)
    elif is_set_view(a) and is_set_like(b) or is_set_like(a) and is_set_view(b):
        return view_compare(a, b, 0)
    type_error("'<' not supported between instances of '{}' and '{}'", a, b)


def le(a: object, b: object) -> bool:
    if is_intlike(a):
        if is_intlike(b):
            return int_value(a) <= int_value(b)
        if is_float(b):
            return int_value(a) <= float_value(b)
    elif is_float(a):
        if is_intlike(b):
            return float_value(a) <= int_value(b)
        if is_float(b):
            return float_value(a) <= float_value(b)
    elif is_tuple(a) and is_tuple(b):
        return tuple_compare(as_tuple(a), as_tuple(b), 1)  # le
    elif is_list(a) and is_list(b):
        return list_compare(as_list(a), as_list(b), 1)
    elif is_str(a) and is_str(b):
        return str_compare(as_str(a), as_str(b), 1)
    elif is_set(a) and is_set(b):
        return set_compare(as_set(a), as_set(b), 1)
    elif is_set_view(a) and is_set_like(b) or is_set_like(a) and is_set_view(b):
        return view_compare(a, b, 1)
    type_error("'<=' not supported between instances of '{}' and '{}'", a, b)


def gt(a: object, b: object) -> bool:
    if is_intlike(a):
        if is_intlike(b):
            return int_value(a) > int_value(b)
        if is_float(b):
            return int_value(a) > float_value(b)
    elif is_float(a):
        if is_intlike(b):
            return float_value(a) > int_value(b)
        if is_float(b):
            return float_value(a) > float_value(b)
    elif is_tuple(a) and is_tuple(b):
        return tuple_compare(as_tuple(a), as_tuple(b), 4)  # gt
    elif is_list(a) and is_list(b):
        return list_compare(as_list(a), as_list(b), 4)
    elif is_str(a) and is_str(b):
        return str_compare(as_str(a), as_str(b), 4)
    elif is_set(a) and is_set(b):
        return set_compare(as_set(a), as_set(b), 4)
    elif is_set_view(a) and is_set_like(b) or is_set_like(a) and is_set_view(b):
        return view_compare(a, b, 4)
    type_error("'>' not supported between instances of '{}' and '{}'", a, b)


def ge(a: object, b: object) -> bool:
    if is_intlike(a):
        if is_intlike(b):
            return int_value(a) >= int_value(b)
        if is_float(b):
            return int_value(a) >= float_value(b)
    elif is_float(a):
        if is_intlike(b):
            return float_value(a) >= int_value(b)
        if is_float(b):
            return float_value(a) >= float_value(b)
    elif is_tuple(a) and is_tuple(b):
        return tuple_compare(as_tuple(a), as_tuple(b), 5)  # ge
    elif is_list(a) and is_list(b):
        return list_compare(as_list(a), as_list(b), 5)
    elif is_str(a) and is_str(b):
        return str_compare(as_str(a), as_str(b), 5)
    elif is_set(a) and is_set(b):
        return set_compare(as_set(a), as_set(b), 5)
    elif is_set_view(a) and is_set_like(b) or is_set_like(a) and is_set_view(b):
        return view_compare(a, b, 5)
    type_error("'>=' not supported between instances of '{}' and '{}'", a, b)


def eq(a: object, b: object) -> bool:
    """``a == b``: numbers compare by value, tuples, lists and ranges element
    by element; any other object (None, a function, an exception) equals
    only itself."""
    if is_intlike(a):
        if is_intlike(b):
            return int_value(a) == int_value(b)
        if is_float(b):
            return int_value(a) == float_value(b)
        return False
    if is_float(a):
        if is_intlike(b):
            return float_value(a) == int_value(b)
        if is_float(b):
            return float_value(a) == float_value(b)
        return False
    if is_tuple(a):
        return is_tuple(b) and tuple_compare(as_tuple(a), as_tuple(b), 2)  # ==
    if is_list(a):
        return is_list(b) and list_compare(as_list(a), as_list(b), 2)
    if is_range(a):
        return is_range(b) and range_eq(as_range(a), as_range(b))
    if is_str(a):
        return is_str(b) and str_compare(as_str(a), as_str(b), 2)
    if is_view(a) or is_view(b):
        return view_eq(a, b)
    if is_dict(a):
        return is_dict(b) and dict_eq(as_dict(a), as_dict(b))
    if is_set(a):
        return is_set(b) and set_eq(as_set(a), as_set(b))
    return a is b  # None, functions, exceptions, iterators: identity


def ne(a: object, b: object) -> bool:
    if is_intlike(a):
        if is_intlike(b):
            return int_value(a) != int_value(b)
        if is_float(b):
            return int_value(a) != float_value(b)
        return True
    if is_float(a):
        if is_intlike(b):
            return float_value(a) != int_value(b)
        if is_float(b):
            return float_value(a) != float_value(b)
        return True
    return not eq(a, b)


# ---- unary operators, truth and conversions --------------------------------------------
def neg(a: object) -> object:
    if is_intlike(a):
        return -int_value(a)
    if is_float(a):
        return -float_value(a)
    type_error("bad operand type for unary -: '{}'", a)


def pos(a: object) -> object:
    if is_intlike(a):
        return int_value(a)
    if is_float(a):
        return float_value(a)
    type_error("bad operand type for unary +: '{}'", a)


def invert(a: object) -> object:
    if is_intlike(a):
        return ~int_value(a)
    type_error("bad operand type for unary ~: '{}'", a)


def absolute(a: object) -> object:
    if is_intlike(a):
        return abs(int_value(a))
    if is_float(a):
        return abs(float_value(a))
    type_error("bad operand type for abs(): '{}'", a)


def truth(a: object) -> bool:
    """``bool(a)``: None is false, numbers are true unless zero (NaN is true),
    tuples, lists and ranges unless empty, any other object true."""
    if is_intlike(a):
        return int_value(a) != 0
    if is_float(a):
        return float_value(a) != 0.0
    if is_tuple(a):
        return len(as_tuple(a)) != 0
    if is_list(a):
        return len(as_list(a)) != 0
    if is_range(a):
        return range_len(as_range(a)) != 0
    if is_str(a):
        return len(as_str(a)) != 0
    if is_dict(a):
        return dict_len(as_dict(a)) != 0
    if is_set(a):
        return set_len(as_set(a)) != 0
    if is_view(a):
        return view_len(a) != 0
    return not is_none(a)  # functions, exceptions, iterators are true


def to_int(a: object) -> int:
    """``int(a)``: truncates floats; NaN and infinities raise as in CPython."""
    if is_intlike(a):
        return int_value(a)
    if is_float(a):
        return int(float_value(a))
    if is_str(a):
        return str_to_int(as_str(a), 10)
    type_error("int() argument must be a string, a bytes-like object or a real number, not '{}'", a)


def to_float(a: object) -> float:
    if is_number(a):
        return float_value(a)
    if is_str(a):
        return str_to_float(as_str(a))
    type_error("float() argument must be a string or a real number, not '{}'", a)


# ---- round() --------------------------------------------------------------------------------
def round_int(x: int, n: int) -> int:
    """``round(x, n)`` of an int (CPython's ``int.__round__``): ``x`` for
    ``n >= 0``, else the nearest multiple of ``10 ** -n``, a tie to the even one."""
    if n >= 0:
        return x
    if n <= -19:  # 10 ** 19 > 2 ** 63 > |x|: the multiples in reach are 0 and +-10 ** 19
        if n == -19 and (x > 5000000000000000000 or x < -5000000000000000000):
            fail("OverflowError", "integer overflow: result of round() does not fit in a 64-bit int")
        return 0
    p = 10 ** (-n)
    r = x % p  # 0 <= r < p: x - r is the multiple below x (no overflow on the way)
    if 2 * r > p or (2 * r == p and (x // p) % 2 == 1):
        return x + (p - r)
    return x - r


def round_float(x: float) -> int:
    """``round(x)`` of a float: the nearest int, a tie to the even one
    (NaN, infinities and ints beyond 64 bits raise as ``int(x)`` does)."""
    if not (-4503599627370496.0 < x < 4503599627370496.0):  # |x| >= 2 ** 52 (or not finite): an integer already
        return int(x)
    t = int(x)  # truncated: x - t is exact
    f = x - float(t)
    if f > 0.5 or (f == 0.5 and t % 2 == 1):
        return t + 1
    if f < -0.5 or (f == -0.5 and t % 2 == 1):
        return t - 1
    return t


def round_keeps(x: float, n: int) -> bool:
    """Is ``round(x, n)`` (``n >= 0``) ``x`` itself? A NaN, an infinity, a zero,
    a float that is an integer (``|x| >= 2 ** 52``), or ``n`` past every digit
    a float has (CPython's ``NDIGITS_MAX``, 323)."""
    return x - x != 0.0 or x == 0.0 or n > 323 or not (-4503599627370496.0 < x < 4503599627370496.0)


def round_float_fixed(x: float, n: int) -> object:
    """``round(x, n)`` for ``n >= 0``: ``x``'s exact ``.{n}f`` digits ``D``
    (``fixed_digits``) read back as ``D / 10**n``, one correctly rounded
    division of two exact floats while ``D < 2**53`` (the digits' str read
    exactly beyond); None where the digits need the host (too many)."""
    if round_keeps(x, n):
        return x
    if n > 18:
        return None
    digits = fixed_digits(x, n)
    if digits < 0:
        return None
    if digits >= 9007199254740992:
        return str_to_float(as_str(format_fixed(x, n, 0, 32, 0, 0)))
    value = float(digits) / float(10 ** n)
    return -value if float_bits(x) < 0 else value


def round_float_negative(x: float, n: int) -> float:
    """``round(x, n)`` of a float for ``n < 0``: the nearest multiple of
    ``10 ** -n`` to the exact value of ``x``, a tie to the even one, as a float
    (CPython rounds the exact decimal value too: ``_Py_dg_dtoa`` mode 3)."""
    if x - x != 0.0:  # NaN and infinities round to themselves
        return x
    if n < -308:  # CPython's NDIGITS_MIN: +-0.0
        return 0.0 * x
    if not (-9223372036854775808.0 < x < 9223372036854775808.0):
        fail("NotImplementedError", "pydm: round(x, ndigits) with ndigits < 0 of a float beyond 64-bit ints")
    a = int(x)  # the integer part, exact; f the fraction, exact
    f = x - float(a)
    negative = x < 0.0
    if negative:
        a = -a
        f = -f
    if n <= -19:
        if n == -19 and (a > 5000000000000000000 or (a == 5000000000000000000 and f > 0.0)):
            return -1e19 if negative else 1e19
        return 0.0 * x
    p = 10 ** (-n)
    q = a // p
    r = a - q * p
    h = p // 2
    if r > h or (r == h and (f > 0.0 or q % 2 == 1)):
        q += 1
    if q == 0:
        return 0.0 * x
    out = float(q * p)
    return -out if negative else out


def round_object(x: object) -> int:
    """``round(x)`` of an object: an int for an int, a bool or a float."""
    if is_intlike(x):
        return int_value(x)
    if is_float(x):
        return round_float(float_value(x))
    type_error("type {} doesn't define __round__ method", x)
    return 0


# ---- methods of numbers -----------------------------------------------------------------------
def int_bit_length(x: int) -> int:
    """``x.bit_length()``: the bits of ``abs(x)``."""
    if x < 0:
        if x == -9223372036854775807 - 1:
            return 64
        x = -x
    n = 0
    while x:
        x >>= 1
        n += 1
    return n


def int_bit_count(x: int) -> int:
    """``x.bit_count()``: the ones of ``abs(x)``."""
    if x < 0:
        if x == -9223372036854775807 - 1:
            return 1
        x = -x
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def float_is_integer(x: float) -> bool:
    """``x.is_integer()``: finite and without a fraction."""
    if x - x != 0.0:
        return False
    if not (-4503599627370496.0 < x < 4503599627370496.0):
        return True
    return float(int(x)) == x


def number_method(x: object, which: int) -> object:
    """Method ``which`` (0 ``bit_length``, 1 ``bit_count``, 2 ``is_integer``:
    ``NUMBER_METHODS``' order) of the number ``x`` holds, else CPython's AttributeError."""
    if which < 2 and is_intlike(x):
        if which == 0:
            return int_bit_length(int_value(x))
        return int_bit_count(int_value(x))
    if which == 2 and is_float(x):
        return float_is_integer(float_value(x))
    if which == 0:
        fail_types("AttributeError", "'{}' object has no attribute 'bit_length'", x)
    if which == 1:
        fail_types("AttributeError", "'{}' object has no attribute 'bit_count'", x)
    fail_types("AttributeError", "'{}' object has no attribute 'is_integer'", x)
    return None


# (last: runtime_lib/tuples.py imports this module too)
from .tuples import tuple_compare, tuple_concat, tuple_repeat  # noqa: E402,F401
from .lists import list_compare, list_concat, list_iadd, list_imul, list_repeat  # noqa: E402,F401
from .ranges import range_eq, range_len  # noqa: E402,F401
from .strings import fixed_digits, format_fixed, str_compare, str_concat, str_repeat  # noqa: E402,F401
from .dicts import dict_eq, dict_ior, dict_len, dict_or  # noqa: E402,F401
from .intrinsics import as_dict, is_dict  # noqa: E402,F401
from .parsing import str_to_float, str_to_int  # noqa: E402,F401
from .sets import set_binary_objects, set_compare, set_eq, set_len  # noqa: E402,F401
from .intrinsics import as_set, is_set  # noqa: E402,F401
from .intrinsics import is_view  # noqa: E402,F401
from .views import is_set_like, is_set_view, view_binary, view_compare, view_eq, view_len  # noqa: E402,F401
