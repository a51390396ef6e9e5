"""CPython meanings of the runtime library's intrinsics.

pydm compiles these names to operations on object records; importing them here
makes ``runtime_lib`` ordinary Python as well, so each library function can run
under CPython and be compared with its compiled self (tests/rtl/).
"""


def is_none(x) -> bool:
    return x is None


def is_bool(x) -> bool:
    return type(x) is bool


def is_int(x) -> bool:
    return type(x) is int


def is_float(x) -> bool:
    return type(x) is float


def is_intlike(x) -> bool:
    return type(x) in (bool, int)


def is_number(x) -> bool:
    return type(x) in (bool, int, float)


def int_value(x) -> int:
    # compiled, the payload is read unchecked: the library tests the type first
    assert type(x) in (bool, int), "int_value of a non-int"
    return int(x)


def float_value(x) -> float:
    assert type(x) in (bool, int, float), "float_value of a non-number"
    return float(x)


def int_power(a: int, b: int) -> int:
    return a ** b


def type_error(template: str, *values) -> None:
    raise TypeError(template.format(*(type(v).__name__ for v in values)))


def is_tuple(x) -> bool:
    return type(x) is tuple


def as_tuple(x) -> tuple:
    assert type(x) is tuple, "as_tuple of a non-tuple"
    return x


def is_list(x) -> bool:
    return type(x) is list


def is_sequence(x) -> bool:
    return type(x) in (tuple, list)


def as_list(x) -> list:
    assert type(x) is list, "as_list of a non-list"
    return x


def list_new(n: int) -> list:
    """A list of ``n`` elements that the caller sets (seq_set) before reading."""
    return [None] * n


def seq_resize(xs: list, n: int) -> None:
    """``xs`` with length ``n``: cut, or grown by elements set before read
    (the slots a *new* typed list grows by are 0: compiled, the VM clears the
    storage it reserves; ``list_repeat_slots`` counts on it)."""
    if n < len(xs):
        del xs[n:]
    else:
        xs.extend([0] * (n - len(xs)))


def item(xs, i: int):
    """``xs[i]`` where the caller knows ``0 <= i < len(xs)`` (compiled: no check)."""
    assert 0 <= i < len(xs), "item() out of range"
    return xs[i]


class _Stateful:
    """Under CPython, a heap object of the library that compiled code keeps
    as one reference to its state list (``*_state`` reads it back)."""

    def __init__(self, state):
        self.state = state


class _Iterator(_Stateful):
    """An iterator object: its state list."""


def is_iterator(x) -> bool:
    return type(x) is _Iterator


def iter_new(state: list):
    return _Iterator(state)


def iter_state(it) -> list:
    assert type(it) is _Iterator, "iter_state of a non-iterator"
    return it.state


class _Dict(_Stateful):
    """A dict: its state list (runtime_lib/dicts.py)."""


def is_dict(x) -> bool:
    return type(x) is _Dict


def as_dict(x):
    assert type(x) is _Dict, "as_dict of a non-dict"
    return x


def dict_new(state: list):
    return _Dict(state)


def dict_state(d) -> list:
    assert type(d) is _Dict, "dict_state of a non-dict"
    return d.state


class _Set(_Stateful):
    """A set: its table (runtime_lib/sets.py)."""


class _FrozenSet(_Set):
    """Under CPython, a frozenset of the library: a set's table, never changed."""


def is_set(x) -> bool:
    """A set or a frozenset (``is_frozenset`` tells them apart)."""
    return isinstance(x, _Set)


def is_frozenset(x) -> bool:
    return type(x) is _FrozenSet


def as_set(x):
    """A set or a frozenset, as the table the set functions take."""
    assert isinstance(x, _Set), "as_set of a non-set"
    return x


def set_new(state: list):
    return _Set(state)


def frozenset_new(state: list):
    return _FrozenSet(state)


def set_state(s) -> list:
    assert isinstance(s, _Set), "set_state of a non-set"
    return s.state


class _View:
    """Under CPython, a dict's view of the library: the tuple ``(d,)`` and which view."""

    def __init__(self, state: tuple, which: int):
        self.state = state
        self.which = which


def is_view(x) -> bool:
    return type(x) is _View


def is_values_view(x) -> bool:
    return type(x) is _View and x.which == 1


def is_items_view(x) -> bool:
    return type(x) is _View and x.which == 2


def keys_new(state: tuple):
    return _View(state, 0)


def values_new(state: tuple):
    return _View(state, 1)


def items_new(state: tuple):
    return _View(state, 2)


def view_state(v) -> tuple:
    assert type(v) is _View, "view_state of a non-view"
    return v.state


def is_range(x) -> bool:
    return type(x) is range


def as_range(x) -> range:
    assert type(x) is range, "as_range of a non-range"
    return x


def range_new(start: int, stop: int, step: int) -> range:
    return range(start, stop, step)


def range_parts(r: range) -> tuple:
    return (r.start, r.stop, r.step)


def fail_types(cls: str, template: str, *values) -> None:
    """Raise ``cls(template.format(type names of values))``."""
    import builtins
    raise getattr(builtins, cls)(template.format(*(type(v).__name__ for v in values)))


def fail(cls: str, template: str, *values) -> None:
    import builtins
    raise getattr(builtins, cls)(template.format(*values) if values else template)


# A tuple being built is a list until seq_done (compiled, all three are tuple ops).
def seq_new(n: int) -> list:
    return [None] * n


def seq_set(t: list, i: int, x) -> None:
    t[i] = x


def seq_done(t) -> tuple:
    return tuple(t)


_MASK = (1 << 64) - 1


def _signed(x: int) -> int:
    x &= _MASK
    return x - (1 << 64) if x >> 63 else x


def wrap_add(a: int, b: int) -> int:
    return _signed(a + b)


def wrap_mul(a: int, b: int) -> int:
    return _signed(a * b)


def rotl(x: int, k: int) -> int:
    u = x & _MASK
    k &= 63
    return _signed((u << k) | (u >> (64 - k)))


def float_bits(x: float) -> int:
    import struct
    return struct.unpack("<q", struct.pack("<d", x))[0]


def bits_float(x: int) -> float:
    import struct
    return struct.unpack("<d", struct.pack("<q", x))[0]


# A str being built is a list of codepoints until str_done (compiled: one VM list).
def is_str(x) -> bool:
    return type(x) is str


def is_exception(x) -> bool:
    return isinstance(x, BaseException)


def as_str(x) -> str:
    assert type(x) is str
    return x


def str_new(n: int) -> list:
    return [0] * n


def str_set(s: list, i: int, c: int) -> None:
    s[i] = c


def str_resize(s: list, n: int) -> None:
    """A str being made holds ``n`` codepoints (the new ones set before it is done)."""
    del s[n:]
    s.extend([0] * (n - len(s)))


def str_done(s) -> str:
    return "".join(map(chr, s))


def str_code(s: str, i: int) -> int:
    return ord(s[i])


# An array of ints (a dict's index) is laid out as a str is (compiled: one i64 slot each).
def ints_new(n: int) -> list:
    return [0] * n


def ints_get(xs: list, i: int) -> int:
    return xs[i]


def ints_set(xs: list, i: int, v: int) -> None:
    xs[i] = v


def as_ints(x) -> list:
    assert type(x) is list, "as_ints of a non-list"
    return x


def host_float(s: str) -> float:
    """Compiled: the host's ``float(s)`` (pydm_host.float), for a literal the
    library has validated."""
    return float(s)


def libm(fn: str, *args: float) -> float:
    """Compiled: the VM's op calling the C library's ``fn`` (raw: inf and nan,
    no Python errors), or for a function no VM op computes the host's
    ``math.fn`` (NaN for its ValueError, inf for its OverflowError); here the
    same C function through ctypes, or the same ``math`` function."""
    import math
    from pydm.typecodes import HOST_MATH
    if fn in HOST_MATH:
        try:
            return getattr(math, fn)(*args)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf
    import ctypes
    import ctypes.util
    f = getattr(ctypes.CDLL(ctypes.util.find_library("m")), fn)
    f.restype = ctypes.c_double
    f.argtypes = [ctypes.c_double] * len(args)
    return f(*[float(a) for a in args])
