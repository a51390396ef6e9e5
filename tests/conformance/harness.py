"""Differential harness: run a function under CPython and under pydm, compare.

``check(jit_fn, *args)`` runs the *pure CPython* version of ``jit_fn`` and the
compiled one on the same arguments and asserts that they agree:

* same value and the same ``type`` (``True`` is not ``1``, ``1.0`` is not ``1``);
* floats bit for bit: ``-0.0`` differs from ``0.0``; every NaN equals every
  other NaN (the sign/payload of a NaN is not compared — CPython itself does
  not define it, e.g. ``inf - inf`` is a negative NaN on x86);
* or the same exception class and the same ``str(exc)``.

The one documented divergence (DESIGN.md, Numbers): pydm's ``int`` is 64-bit,
so where CPython returns an ``int`` outside ``[-2**63, 2**63-1]`` pydm must
raise ``OverflowError``.  ``check`` accepts exactly that (and asserts both
halves); ``check_overflow`` additionally insists that the case *is* such an
overflow, so a test meant to exercise overflow cannot pass by accident.

The CPython reference is the function's own code run with a copy of its
module globals in which every ``@pydm.jit`` object is replaced by its plain
Python function, so calls (recursion included) never reach compiled code on
the reference side.
"""
from __future__ import annotations

import math
import types

import shared
from shared import INT64_MAX, INT64_MIN, float_bits

_OK = "ok"
_EXC = "exc"

_reference_cache: dict[int, tuple] = {}  # id(jit_fn) -> (jit_fn, reference)


def _is_jit(obj) -> bool:
    return isinstance(getattr(obj, "py_func", None), types.FunctionType)


def reference(jit_fn) -> types.FunctionType:
    """The pure-CPython version of ``jit_fn`` (callees are pure CPython too)."""
    # keyed by id, so the entry keeps ``jit_fn`` alive: a function of a module
    # a test dropped could otherwise free its id for a new one, which then got
    # the old function's reference (a flaky "CPython returned" from another test)
    key = id(jit_fn)
    hit = _reference_cache.get(key)
    if hit is not None and hit[0] is jit_fn:
        return hit[1]
    py = jit_fn.py_func
    g = dict(py.__globals__)
    for name, value in list(g.items()):
        if _is_jit(value):
            f = value.py_func
            g[name] = types.FunctionType(f.__code__, g, f.__name__, f.__defaults__, f.__closure__)
    for name, value in py.__globals__.items():
        if value is jit_fn:  # bound at module level: reuse the copy, recursion stays in `g`
            ref = g[name]
            break
    else:
        ref = types.FunctionType(py.__code__, g, py.__name__, py.__defaults__, py.__closure__)
    _reference_cache[key] = (jit_fn, ref)
    return ref


def _run(fn, args):
    try:
        return _OK, fn(*args)
    except Exception as exc:  # noqa: BLE001 - we compare whatever is raised
        return _EXC, exc


def _fits_int64(v) -> bool:
    return INT64_MIN <= v <= INT64_MAX


def _is_big_int(v) -> bool:
    return type(v) is int and not _fits_int64(v)


def same_value(a, b) -> bool:
    """Same type and same value; floats bit for bit, any NaN equal to any NaN;
    a tuple is compared with ``==`` (tests/tuples/tharness.py compares tuples
    element by element)."""
    return shared.same_value(a, b, nested=False, any_nan=True)


def _describe(kind, v, *, typed_tuples: bool = False) -> str:
    if kind == _EXC:
        return f"raised {type(v).__name__}({str(v)!r})"
    return shared.describe_value(v, typed_tuples=typed_tuples)


def _name(jit_fn) -> str:
    return getattr(jit_fn.py_func, "__qualname__", repr(jit_fn))


def run_both(jit_fn, *args):
    """((kind, value) of CPython, (kind, value) of pydm)."""
    return _run(reference(jit_fn), args), _run(jit_fn, args)


def check(jit_fn, *args):
    """Assert pydm agrees with CPython on ``jit_fn(*args)``; returns CPython's result.

    An int result outside 64 bits is the documented divergence: pydm must
    raise ``OverflowError`` there.
    """
    (rk, rv), (pk, pv) = run_both(jit_fn, *args)
    where = f"{_name(jit_fn)}{args!r}"
    if rk == _OK and _is_big_int(rv):
        assert pk == _EXC and type(pv) is OverflowError, (
            f"{where}: CPython returned {rv!r} (does not fit int64), pydm must raise "
            f"OverflowError but {_describe(pk, pv)}")
        return rv
    if rk == _EXC:
        assert pk == _EXC and type(pv) is type(rv) and str(pv) == str(rv), (
            f"{where}: CPython {_describe(rk, rv)}, pydm {_describe(pk, pv)}")
        return rv
    assert pk == _OK and same_value(rv, pv), (
        f"{where}: CPython {_describe(rk, rv)}, pydm {_describe(pk, pv)}")
    return rv


def check_overflow(jit_fn, *args, intermediate: bool = False):
    """The documented divergence: CPython gives an int that does not fit 64 bits,
    pydm raises ``OverflowError``.

    With ``intermediate=True`` the *final* CPython result may fit (an
    intermediate int result did not), so only pydm's ``OverflowError`` and
    CPython's success are asserted.
    """
    (rk, rv), (pk, pv) = run_both(jit_fn, *args)
    where = f"{_name(jit_fn)}{args!r}"
    assert rk == _OK, f"{where}: test bug, CPython {_describe(rk, rv)}"
    if not intermediate:
        assert _is_big_int(rv), f"{where}: test bug, CPython result {rv!r} fits int64"
    assert pk == _EXC and type(pv) is OverflowError, (
        f"{where}: CPython returned {rv!r}, pydm must raise OverflowError but {_describe(pk, pv)}")


def check_raises(jit_fn, exc_type, *args):
    """pydm raises exactly ``exc_type`` (message not compared); returns the exception."""
    kind, v = _run(jit_fn, args)
    assert kind == _EXC and type(v) is exc_type, (
        f"{_name(jit_fn)}{args!r}: expected {exc_type.__name__}, pydm {_describe(kind, v)}")
    return v


def check_result(jit_fn, expected, *args):
    """pydm returns exactly ``expected`` (type and bits included)."""
    kind, v = _run(jit_fn, args)
    assert kind == _OK and same_value(v, expected), (
        f"{_name(jit_fn)}{args!r}: expected {_describe(_OK, expected)}, pydm {_describe(kind, v)}")
    return v


# Edge values shared by the topic modules and the property tests.
INT_EDGES = [
    0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 31, 32, 63, 64, 65, -64,
    2**31 - 1, 2**31, -(2**31), 2**32, -(2**32),
    2**53 - 1, 2**53, 2**53 + 1, -(2**53) - 1,
    2**62, -(2**62), 3037000499, 3037000500, -3037000500,
    INT64_MAX, INT64_MAX - 1, INT64_MIN, INT64_MIN + 1,
]
FLOAT_EDGES = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -3.0, 0.1, -0.1,
    math.inf, -math.inf, math.nan,
    5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
    2.0**53, 2.0**53 + 2, -(2.0**53), 9007199254740993.0, 1e16, 1e300, -1e300, 1e-300,
    2.0**63, -(2.0**63), 9.223372036854775e18, 2.0**64,
]


def check_many(jit_fn, cases, *, limit: int = 40):
    """``check`` every argument tuple in ``cases``; report all disagreements at once."""
    failures = []
    for args in cases:
        try:
            check(jit_fn, *args)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, (f"{len(failures)} of {len(cases)} cases disagree:\n  "
                          + "\n  ".join(failures[:limit]))
