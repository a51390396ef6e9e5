"""Tuples and the builtins around them, in the pydm subset.

pydm builds the tuple operations that static types decide inline (literals,
``t[i]``, ``len(t)``, unpacking); the rest are these functions, linked by
symbol (``pydmrtl$tuple_concat`` ...) when a program uses them. They use the
intrinsics of ``pydm/frontend/intrinsics.py`` (see ``numbers.py``) and
these for building a tuple:

* ``seq_new(n)`` — a new tuple of ``n`` elements, filled with ``seq_set``;
* ``seq_set(t, i, x)`` — element ``i`` of a tuple being built;
* ``seq_done(t)`` — the finished tuple (an identity when compiled);

and, for ``hash``, wrapping 64-bit arithmetic (``wrap_add``, ``wrap_mul``,
``rotl``) and ``float_bits``/``bits_float`` (a float's IEEE bits and back).
Module constants are not in the subset yet, so numbers are spelled out.
"""
from .intrinsics import (as_str, is_str, str_code, as_list, as_range, as_tuple, bits_float, fail, fail_types, float_bits, float_value, int_value,  # noqa: F401
                         is_float, is_intlike, is_iterator, is_list, is_none, is_number, is_range, is_tuple, item, rotl, seq_done, seq_new,
                         seq_set, type_error, wrap_add, wrap_mul)


# ---- building -----------------------------------------------------------------------------
def tuple_concat(a: tuple, b: tuple) -> tuple:
    """``a + b`` (an empty operand gives the other tuple itself, as CPython)."""
    n = len(a)
    if len(b) == 0:
        return a
    if n == 0:
        return b
    out = seq_new(n + len(b))
    i = 0
    for x in a:
        seq_set(out, i, x)
        i += 1
    for x in b:
        seq_set(out, i, x)
        i += 1
    return seq_done(out)


def tuple_repeat(t: tuple, n: int) -> tuple:
    """``t * n``: empty for ``n <= 0``; ``t`` itself for ``n == 1``."""
    size = len(t)
    if n <= 0 or size == 0:
        return seq_done(seq_new(0))
    if n == 1:
        return t
    if n > 1073741823 // size:  # a VM list holds at most 2**31 - 1 slots, two per element
        fail("MemoryError", "")
    out = seq_new(size * n)
    i = 0
    for _ in range(n):
        for x in t:
            seq_set(out, i, x)
            i += 1
    return seq_done(out)


# ---- slicing ------------------------------------------------------------------------------
def slice_index(x: object) -> int:
    if is_intlike(x):
        return int_value(x)
    type_error("slice indices must be integers or None or have an __index__ method", x)


def span_clip(i: int, n: int, step: int) -> int:
    """A slice bound given, clipped to a sequence of length ``n`` (CPython's
    PySlice_AdjustIndices; an absent one is ``n - 1`` or ``-1`` for a
    negative step, ``0`` or ``n`` otherwise: the callers say so)."""
    if i < 0:
        i += n
        if i < 0:
            return -1 if step < 0 else 0
        return i
    if i >= n:
        return n - 1 if step < 0 else n
    return i


def tuple_slice(t: tuple, start: object, stop: object, step: object) -> tuple:
    """``t[start:stop:step]`` with CPython's rules for None, negative and huge bounds."""
    given = slice_given(start, stop, step)
    return tuple_slice_span(t, bound_int(start), bound_int(stop), bound_int(step), given)


def tuple_slice_span(t: tuple, start: int, stop: int, step: int, given: int) -> tuple:
    """``t[start:stop:step]`` with int bounds (``given``: see slices.py)."""
    n = len(t)
    st = span_step(step, given)
    if st == 0:
        fail("ValueError", "slice step cannot be zero")
    lo = span_clip(start, n, st) if given & 1 else (n - 1 if st < 0 else 0)
    hi = span_clip(stop, n, st) if given & 2 else (-1 if st < 0 else n)
    count = span_count(lo, hi, st)
    if st == 1 and count == n:
        return t
    out = seq_new(count)
    k = lo
    for i in range(count):
        seq_set(out, i, item(t, k))
        k = wrap_add(k, st)
    return seq_done(out)


# ---- comparisons and membership -------------------------------------------------------------
def tuple_compare(a: tuple, b: tuple, op: int) -> bool:
    """``a <op> b`` for op 0 ``<``, 1 ``<=``, 2 ``==``, 3 ``!=``, 4 ``>``, 5 ``>=``:
    the first elements that differ decide, else the lengths (CPython's order;
    an element is equal to itself)."""
    na = len(a)
    nb = len(b)
    n = na if na < nb else nb
    i = 0
    while i < n:
        x = a[i]
        y = b[i]
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


def tuple_contains(t: tuple, x: object) -> bool:
    """``x in t``: identity first, then ``==``."""
    for e in t:
        if e is x or e == x:
            return True
    return False


def tuple_count(t: tuple, x: object) -> int:
    """``t.count(x)``: identity first, then ``==``, as ``in``."""
    n = 0
    for e in t:
        if e is x or e == x:
            n += 1
    return n


def tuple_index(t: tuple, x: object, start: object, stop: object) -> int:
    """``t.index(x, start, stop)``: the first position in the clipped bounds
    holding ``x`` (bounds as list_index's)."""
    n = len(t)
    i = index_bound(start, n)
    hi = index_bound(stop, n)
    while i < hi and i < n:
        e = item(t, i)
        if e is x or e == x:
            return i
        i += 1
    fail("ValueError", "tuple.index(x): x not in tuple")
    return -1


# ---- builtins and methods on any value ----
def count_of(c: object, x: object) -> int:
    """``c.count(x)`` for a receiver whose type is known only at run time."""
    if is_tuple(c):
        return tuple_count(as_tuple(c), x)
    if is_list(c):
        return list_count(as_list(c), x)
    if is_range(c):
        return range_count(as_range(c), x)
    if is_str(c):
        if is_str(x):
            return str_count(as_str(c), as_str(x))
        fail_types("TypeError", "must be str, not {}", x)
    fail_types("AttributeError", "'{}' object has no attribute 'count'", c)
    return 0


def index_of(c: object, x: object) -> int:
    """``c.index(x)`` for a receiver whose type is known only at run time."""
    if is_tuple(c):
        return tuple_index(as_tuple(c), x, 0, 9223372036854775807)
    if is_list(c):
        return list_index(as_list(c), x, 0, 9223372036854775807)
    if is_range(c):
        return range_index(as_range(c), x)
    if is_str(c):
        return str_find_at(as_str(c), x, None, None, 2)
    fail_types("AttributeError", "'{}' object has no attribute 'index'", c)
    return 0


def length(x: object) -> int:
    if is_tuple(x):
        return len(as_tuple(x))
    if is_list(x):
        return len(as_list(x))
    if is_range(x):
        return range_len(as_range(x))
    if is_str(x):
        return len(as_str(x))
    if is_dict(x):
        return dict_len(as_dict(x))
    if is_set(x):
        return set_len(as_set(x))
    if is_view(x):
        return view_len(x)
    type_error("object of type '{}' has no len()", x)


def contains(c: object, x: object) -> bool:
    if is_tuple(c):
        return tuple_contains(as_tuple(c), x)
    if is_list(c):
        return list_contains(as_list(c), x)
    if is_range(c):
        return range_contains(as_range(c), x)
    if is_iterator(c):
        return iter_contains(c, x)
    if is_str(c):
        return str_contains(as_str(c), x)
    if is_dict(c):
        return dict_contains(as_dict(c), x)
    if is_set(c):
        return set_contains(as_set(c), x)
    if is_view(c):
        return view_contains(c, x)
    type_error("argument of type '{}' is not iterable", c)


def getitem(c: object, i: object) -> object:
    if is_tuple(c):
        if is_intlike(i):
            return as_tuple(c)[int_value(i)]
        type_error("tuple indices must be integers or slices, not {}", i)
    if is_list(c):
        if is_intlike(i):
            return as_list(c)[int_value(i)]
        type_error("list indices must be integers or slices, not {}", i)
    if is_range(c):
        if is_intlike(i):
            return range_item(as_range(c), int_value(i))
        type_error("range indices must be integers or slices, not {}", i)
    if is_str(c):
        if is_intlike(i):
            return str_item(as_str(c), int_value(i))
        type_error("string indices must be integers, not '{}'", i)
    if is_dict(c):
        return dict_getitem(as_dict(c), i)
    type_error("'{}' object is not subscriptable", c)


def getslice(c: object, start: object, stop: object, step: object) -> object:
    if is_tuple(c):
        return tuple_slice(as_tuple(c), start, stop, step)
    if is_list(c):
        return list_slice(as_list(c), start, stop, step)
    if is_range(c):
        return range_slice(as_range(c), start, stop, step)
    if is_str(c):
        return str_slice(as_str(c), start, stop, step)
    type_error("'{}' object is not subscriptable", c)


def to_tuple(x: object) -> tuple:
    """``tuple(x)``: a tuple is returned itself."""
    if is_tuple(x):
        return as_tuple(x)
    if is_list(x):
        return tuple_of_list(as_list(x))
    if is_range(x):
        return tuple_of_list(range_list(as_range(x)))
    if is_iterator(x):
        return tuple_of_list(drain(x))
    if is_str(x):
        return tuple_of_list(str_items(as_str(x)))
    if is_dict(x):
        return tuple_of_list(dict_keys(as_dict(x)))
    if is_set(x):
        return tuple_of_list(set_items(as_set(x)))
    if is_view(x):
        return tuple_of_list(view_list(x))
    type_error("'{}' object is not iterable", x)


def divmod_of(a: object, b: object) -> object:
    if is_intlike(a) and is_intlike(b):
        x = int_value(a)
        y = int_value(b)
        return (x // y, x % y)
    if is_number(a) and is_number(b):
        x = float_value(a)
        y = float_value(b)
        if y == 0.0:
            fail("ZeroDivisionError", "float divmod()")
        return (x // y, x % y)
    type_error("unsupported operand type(s) for divmod(): '{}' and '{}'", a, b)


# ---- pow(a, b, m) --------------------------------------------------------------------------
def add_mod(a: int, b: int, m: int) -> int:
    """(a + b) % m for 0 <= a, b < m, without overflow."""
    if a >= m - b:
        return a - (m - b)
    return a + b


def mul_mod(a: int, b: int, m: int) -> int:
    """(a * b) % m for 0 <= a, b < m, without overflow."""
    if a < 3037000499 and b < 3037000499:
        return (a * b) % m
    r = 0
    while b > 0:
        if b & 1:
            r = add_mod(r, a, m)
        a = add_mod(a, a, m)
        b >>= 1
    return r


def inverse_mod(a: int, m: int) -> int:
    """The x in [0, m) with a * x % m == 1 (m > 0), else CPython's ValueError."""
    r0 = a % m
    r1 = m
    x0 = 1
    x1 = 0
    while r1 != 0:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        x0, x1 = x1, x0 - q * x1
    if r0 != 1:
        fail("ValueError", "base is not invertible for the given modulus")
    return x0 % m


def pow_mod_2_63(a: int, b: int) -> int:
    """``pow(a, b, -2**63)``: arithmetic modulo 2**63 is 64-bit wrapping
    arithmetic with the top bit cleared."""
    low = 9223372036854775807
    base = a & low
    if b < 0:
        if base & 1 == 0:
            fail("ValueError", "base is not invertible for the given modulus")
        x = base  # Newton's iteration for the inverse modulo 2**64: 6 steps double the bits
        for _ in range(6):
            x = wrap_mul(x, wrap_add(2, wrap_mul(wrap_mul(base, x), -1)))  # x * (2 - base * x)
        base = x & low
        b = -(b + 1)
        result = base
    else:
        result = 1
    while b > 0:
        if b & 1:
            result = wrap_mul(result, base) & low
        base = wrap_mul(base, base) & low
        b >>= 1
    if result != 0:
        result = result - low - 1
    return result


def pow_mod(a: int, b: int, m: int) -> int:
    """``pow(a, b, m)`` for ints, as CPython: a negative exponent inverts the
    base; the result has the sign of ``m``."""
    if m == 0:
        fail("ValueError", "pow() 3rd argument cannot be 0")
    if m == -9223372036854775807 - 1:
        return pow_mod_2_63(a, b)
    mm = -m if m < 0 else m
    base = a % mm
    extra = 1 % mm
    if b < 0:
        base = inverse_mod(base, mm)
        b = -(b + 1)  # a ** -b == a ** -(b + 1) * a, without negating INT64_MIN
        extra = base
    result = extra
    while b > 0:
        if b & 1:
            result = mul_mod(result, base, mm)
        base = mul_mod(base, base, mm)
        b >>= 1
    if m < 0 and result != 0:
        result -= mm
    return result


def pow3(a: object, b: object, c: object) -> object:
    """``pow(a, b, c)``: ints only (a float's pow() is reached first, and it
    refuses a modulus); ``pow(a, b, None)`` is ``a ** b``."""
    if is_none(c):
        return a ** b
    if is_float(a) or is_float(b) or is_float(c):
        type_error("pow() 3rd argument not allowed unless all arguments are integers")
    if is_intlike(a) and is_intlike(b) and is_intlike(c):
        return pow_mod(int_value(a), int_value(b), int_value(c))
    type_error("unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'", a, b, c)


# ---- hash ------------------------------------------------------------------------------------
def hash_int(v: int) -> int:
    """CPython's hash of an int: v modulo 2**61 - 1, keeping the sign; -1 becomes -2."""
    if v >= 0:
        h = v % 2305843009213693951
    else:
        h = -(((-(v + 1)) % 2305843009213693951 + 1) % 2305843009213693951)
    return -2 if h == -1 else h


def hash_float(f: float) -> int:
    """CPython's hash of a float (equal to the hash of an equal int)."""
    if f != f:
        return 0  # CPython hashes a NaN by identity; pydm's floats have none
    if f == 1e309:
        return 314159
    if f == -1e309:
        return -314159
    if f == 0.0:
        return 0
    sign = 1
    if f < 0.0:
        sign = -1
        f = -f
    bits = float_bits(f)
    exponent = (bits >> 52) & 2047
    if exponent == 0:  # subnormal: scale by 2**54 first
        bits = float_bits(f * 18014398509481984.0)
        exponent = ((bits >> 52) & 2047) - 54
    e = exponent - 1022  # f == m * 2**e with 0.5 <= m < 1
    m = bits_float((bits & 4503599627370495) | 4602678819172646912)
    x = 0
    while m != 0.0:
        x = ((x & 8589934591) << 28) | (x >> 33)
        m *= 268435456.0
        e -= 28
        y = int(m)
        m -= y
        x += y
        if x >= 2305843009213693951:
            x -= 2305843009213693951
    if e >= 0:
        e = e % 61
    else:
        e = 60 - ((-1 - e) % 61)
    x = ((x & ((1 << (61 - e)) - 1)) << e) | (x >> (61 - e))
    x = x * sign
    return -2 if x == -1 else x


def hash_tuple(t: tuple) -> int:
    """CPython's tuple hash (xxHash-based, 64-bit wrapping arithmetic) of
    its elements' ``hash_of``."""
    acc = 2870177450012600261
    for x in t:
        lane = hash_of(x)
        acc = wrap_add(acc, wrap_mul(lane, -4417276706812531889))
        acc = rotl(acc, 31)
        acc = wrap_mul(acc, -7046029288634856825)
    acc = wrap_add(acc, len(t) ^ 2870177450013471926)
    if acc == -1:
        return 1546275796
    return acc


def hash_of(x: object) -> int:
    """``hash(x)``: equal values hash equal (1, 1.0 and True alike)."""
    if is_intlike(x):
        return hash_int(int_value(x))
    if is_float(x):
        return hash_float(float_value(x))
    if is_tuple(x):
        return hash_tuple(as_tuple(x))
    if is_none(x):
        return 4238894112  # CPython 3.12's hash(None) (3.11 hashes None by address)
    if is_str(x):
        return hash_str(as_str(x))
    if is_frozenset(x):
        return hash_frozenset(as_set(x))
    if is_values_view(x):  # CPython hashes it by identity; pydm has no identity hash
        fail("NotImplementedError", "pydm: hash() of a dict_values view is not supported")
    type_error("unhashable type: '{}'", x)


def hash_str(s: str) -> int:
    """A str's hash: FNV-1a over its codepoints. CPython's own is randomized per
    process (PYTHONHASHSEED), so no program can rely on its value; what must hold
    (and does) is that equal strs hash equal, and no str equals a number."""
    h = -3750763034362895579  # FNV-1a offset basis, as a signed 64-bit int
    for i in range(len(s)):
        h = wrap_mul(h ^ str_code(s, i), 1099511628211)
    return -2 if h == -1 else h


# (last: runtime_lib/lists.py imports this module too)
from .lists import index_bound, list_contains, list_count, list_index, tuple_of_list  # noqa: E402,F401
from .slices import bound_int, list_slice, slice_given, slice_range, span_count, span_step  # noqa: E402,F401
from .ranges import (range_contains, range_count, range_index, range_item, range_len,  # noqa: E402,F401
                     range_list, range_slice)
from .iterators import drain, iter_contains  # noqa: E402,F401
from .strings import str_contains, str_count, str_item, str_items, str_slice  # noqa: E402,F401
from .str_methods import str_find_at  # noqa: E402,F401
from .dicts import dict_contains, dict_getitem, dict_keys, dict_len  # noqa: E402,F401
from .intrinsics import as_dict, is_dict  # noqa: E402,F401
from .sets import hash_frozenset, set_contains, set_items, set_len  # noqa: E402,F401
from .intrinsics import as_set, is_frozenset, is_set  # noqa: E402,F401
from .intrinsics import is_values_view, is_view  # noqa: E402,F401
from .views import view_contains, view_len, view_list  # noqa: E402,F401
