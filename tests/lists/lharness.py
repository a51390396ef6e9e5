"""Differential checks for lists, on top of ``tests/conformance/harness.py``.

``check(jit_fn, *args)`` runs ``jit_fn`` under CPython (``reference``) and
under pydm and asserts that they agree on

* the outcome: the same value recursively (lists, tuples, exact types at every
  position, floats bit for bit, any NaN equal to any NaN; an exception object
  in a value: the same class exactly, the same ``str`` and the same ``args``
  compared like values, not its identity), or the same exception class and
  ``str``;
* the arguments *after* the call: every side gets its own ``copy.deepcopy`` of
  the arguments (one deepcopy of the whole argument tuple, so ``f(a, a)`` and
  lists shared inside the arguments stay shared), and a function that mutates
  a list argument must leave the caller's list exactly as CPython does, also
  when the call raises;
* the aliasing structure: the arguments (with every list reachable from them
  *before* the call) and the result are walked in parallel on both sides and
  the ``id()`` of each list on the CPython side is mapped to the ``id()`` of
  the list at the same place on the pydm side. The map must be a bijection, so
  ``[[0] * 2] * 3`` must repeat one inner list, a returned argument must be
  the caller's object (``is``), an inner list the function mutated must still
  be the caller's inner list, and a fresh list must not be an argument.

Tuples are compared element by element, but their identity is not compared
(CPython may or may not share them). Cycles (``a.append(a)``) are fine: a
list already mapped is not walked again.

The documented int divergence (pydm's ``int`` is 64-bit): where CPython's
result, or an argument after the call, holds an int outside 64 bits anywhere,
pydm must raise ``OverflowError``; nothing else is compared then.
"""
from __future__ import annotations

import copy
import math

import pytest

from conformance.harness import reference
from shared import INT64_MAX, INT64_MIN, float_bits

NAN = float("nan")
INF = float("inf")

_OK = "ok"
_EXC = "exc"


def _run(fn, args):
    try:
        return _OK, fn(*args)
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return _EXC, exc


def has_big_int(v, _seen=None) -> bool:
    """``v`` is, or holds in lists/tuples at any depth, an int outside 64 bits."""
    if type(v) is int:
        return not INT64_MIN <= v <= INT64_MAX
    if type(v) in (list, tuple):
        seen = set() if _seen is None else _seen
        if id(v) in seen:
            return False
        seen.add(id(v))
        return any(has_big_int(x, seen) for x in v)
    return False


def show(v, _seen=None) -> str:
    """``v`` with the type of every scalar, floats with their bits."""
    if type(v) is list:
        seen = set() if _seen is None else _seen
        if id(v) in seen:
            return "[...]"
        seen = seen | {id(v)}
        return "[" + ", ".join(show(x, seen) for x in v) + "]"
    if type(v) is tuple:
        return "(" + ", ".join(show(x, _seen) for x in v) + ("," if len(v) == 1 else "") + ")"
    if type(v) is float:
        return f"{v!r}:float[{float_bits(v) & (2**64 - 1):#x}]"
    return f"{v!r}:{type(v).__name__}"


def _show_outcome(kind, v) -> str:
    if kind == _EXC:
        return f"raised {type(v).__name__}({str(v)!r})"
    return f"returned {show(v)}"


def lists_in(v, out=None, seen=None) -> list:
    """Every list reachable from ``v`` (depth first, each once), in walk order."""
    out = [] if out is None else out
    seen = set() if seen is None else seen
    if type(v) is list:
        if id(v) in seen:
            return out
        seen.add(id(v))
        out.append(v)
        for x in v:
            lists_in(x, out, seen)
    elif type(v) is tuple:
        for x in v:
            lists_in(x, out, seen)
    return out


def compare(a, b, path="value", fwd=None, back=None) -> str | None:
    """None if ``a`` (CPython) and ``b`` (pydm) agree, else the first difference.

    ``fwd``/``back`` map list ids CPython -> pydm and back; pass the same dicts
    to several calls to compare aliasing across them."""
    fwd = {} if fwd is None else fwd
    back = {} if back is None else back
    if type(a) is not type(b):
        return f"{path}: CPython {show(a)}, pydm {show(b)}"
    t = type(a)
    if t is float:
        if (math.isnan(a) and math.isnan(b)) or float_bits(a) == float_bits(b):
            return None
        return f"{path}: CPython {show(a)}, pydm {show(b)}"
    if t is list:
        ia, ib = id(a), id(b)
        if ia in fwd or ib in back:
            if fwd.get(ia) == ib and back.get(ib) == ia:
                return None  # the same pair met again: aliasing agrees, already compared
            return (f"{path}: aliasing differs (this list is, on one side only, a list met "
                    f"before): CPython {show(a)}, pydm {show(b)}")
        fwd[ia] = ib
        back[ib] = ia
    if t is list or t is tuple:
        if len(a) != len(b):
            return f"{path}: CPython {show(a)}, pydm {show(b)} (lengths {len(a)} and {len(b)})"
        for i, (x, y) in enumerate(zip(a, b)):
            d = compare(x, y, f"{path}[{i}]", fwd, back)
            if d:
                return d
        return None
    if t is range:
        if (a.start, a.stop, a.step) == (b.start, b.stop, b.step):
            return None
        return f"{path}: CPython {a!r}, pydm {b!r}"
    if isinstance(a, BaseException):
        # exceptions as values (tests/exceptions/test_values.py): the exact class (above),
        # the same str() and the same args, compared like values; not their identity. The
        # args get aliasing maps of their own, as a raised exception's args in
        # tests/exceptions/eharness.py (documented: lists in args reach Python as copies)
        if str(a) != str(b):
            return f"{path}: CPython {show(a)} (str {str(a)!r}), pydm {show(b)} (str {str(b)!r})"
        return compare(a.args, b.args, f"{path}.args")
    if a == b:
        return None
    return f"{path}: CPython {show(a)}, pydm {show(b)}"


def same(a, b) -> bool:
    return compare(a, b) is None


def outcomes(jit_fn, args):
    """Run both sides on their own deep copies of ``args``:
    ((kind, value, args after, lists of the args before) for CPython, ... for pydm)."""
    res = []
    for fn in (reference(jit_fn), jit_fn):
        mine = copy.deepcopy(args)
        before = tuple(lists_in(mine))
        kind, v = _run(fn, mine)
        res.append((kind, v, mine, before))
    return res


def _name(jit_fn) -> str:
    return jit_fn.py_func.__name__


def _args_repr(args) -> str:
    r = repr(args)
    return r if len(r) < 300 else r[:300] + "...)"


def check(jit_fn, *args):
    """pydm agrees with CPython on ``jit_fn(*args)`` (value or exception, the
    arguments after the call, aliasing). Returns CPython's result (or exception)."""
    (rk, rv, rargs, rbefore), (pk, pv, pargs, pbefore) = outcomes(jit_fn, args)
    where = f"{_name(jit_fn)}{_args_repr(args)}"
    if rk == _OK and (has_big_int(rv) or has_big_int(rargs)):
        assert pk == _EXC and type(pv) is OverflowError, (
            f"{where}: CPython returned {rv!r} (an int beyond 64 bits), pydm must raise "
            f"OverflowError but {_show_outcome(pk, pv)}")
        return rv
    if rk == _EXC:
        assert pk == _EXC and type(pv) is type(rv) and str(pv) == str(rv), (
            f"{where}: CPython {_show_outcome(rk, rv)}, pydm {_show_outcome(pk, pv)}")
        d = compare((rargs, rbefore), (pargs, pbefore), "(args, lists in args before the call)")
        assert d is None, f"{where}: both raised {type(rv).__name__}, but the arguments differ after: {d}"
        return rv
    assert pk == _OK, f"{where}: CPython {_show_outcome(rk, rv)}, pydm {_show_outcome(pk, pv)}"
    d = compare(rv, pv, "result")
    assert d is None, f"{where}: CPython {_show_outcome(rk, rv)}, pydm {_show_outcome(pk, pv)}; {d}"
    # arguments after the call and aliasing between arguments, their old inner lists and the result
    d = compare((rargs, rbefore, rv), (pargs, pbefore, pv), "(args, lists in args before the call, result)")
    assert d is None, f"{where}: {d}"
    return rv


def check_many(jit_fn, cases, *, limit: int = 30):
    """``check`` every argument tuple in ``cases``; one assertion lists every disagreement."""
    failures = []
    for args in cases:
        try:
            check(jit_fn, *args)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, (f"{len(failures)} of {len(cases)} cases disagree:\n  "
                          + "\n  ".join(failures[:limit]))


def P(fn, cases):
    """A parametrize entry ``(fn, cases)`` for ``check_many``, named after ``fn``."""
    return pytest.param(fn, cases, id=fn.py_func.__name__)
