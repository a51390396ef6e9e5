"""Differential checks for dicts: ``check(jit_fn, *args)`` runs ``jit_fn``
under CPython (``reference``) and under pydm, each on its own deep copy of
the arguments, and asserts that they agree on

* the outcome: the same value (dicts compared item by item *in order*, keys
  and values with their exact types, floats bit for bit, any NaN equal to
  any NaN), or the same exception class, ``str`` and ``args``;
* the arguments after the call (a dict or list the function mutated must be
  mutated for the caller exactly as CPython's);
* the aliasing structure: every dict and list reachable from the arguments
  (before the call), the arguments after it and the result is numbered in
  walk order on each side, so a returned argument must be the caller's
  object, and a dict held twice must be one dict on both sides.

The comparison works on a normalized form (``norm``): containers become
tagged tuples and a container met again becomes a reference to its number.
"""
from __future__ import annotations

import copy

import pytest

from conformance.harness import reference
from pydm.runtime.values import view_dict
from lists.lharness import compare, has_big_int, show  # noqa: F401

NAN = float("nan")
#: the dict view types (a view is compared as its type and its dict)
VIEWS = (type({}.keys()), type({}.values()), type({}.items()))
INF = float("inf")


def norm(v, memo=None):
    """``v`` with dicts and lists as tagged tuples (in order), sets and
    frozensets as sorted tagged tuples, and repeated containers as references."""
    memo = {} if memo is None else memo
    t = type(v)
    if t in (dict, list):
        if id(v) in memo:
            return ("<ref>", memo[id(v)])
        memo[id(v)] = len(memo)
        if t is dict:
            return ("<dict>",) + tuple((norm(k, memo), norm(x, memo)) for k, x in v.items())
        return ("<list>",) + tuple(norm(x, memo) for x in v)
    if t is set:  # in no order (CPython's is its table's); each element typed
        if id(v) in memo:
            return ("<ref>", memo[id(v)])
        memo[id(v)] = len(memo)
        return ("<set>",) + tuple(sorted((type(x).__name__, repr(norm(x, {}))) for x in v))
    if t is frozenset:  # in no order, each element typed (a frozenset cannot hold itself)
        return ("<frozenset>",) + tuple(sorted((type(x).__name__, repr(norm(x, {}))) for x in v))
    if t in VIEWS:  # the view's type, and its dict (a reference when met before: the caller's own)
        return ("<" + t.__name__ + ">", norm(view_dict(v), memo))
    if t is tuple:
        return tuple(norm(x, memo) for x in v)
    if isinstance(v, BaseException):
        return ("<exc>", type(v).__name__, str(v), norm(v.args, memo))
    return v


def containers(v, out=None, seen=None) -> list:
    """Every dict, list and set reachable from ``v``, each once, in walk order."""
    out = [] if out is None else out
    seen = set() if seen is None else seen
    if type(v) is set:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    elif type(v) in (dict, list):
        if id(v) in seen:
            return out
        seen.add(id(v))
        out.append(v)
        for x in (v.values() if type(v) is dict else v):
            containers(x, out, seen)
    elif type(v) is tuple:
        for x in v:
            containers(x, out, seen)
    elif type(v) in VIEWS:
        containers(view_dict(v), out, seen)
    return out


def _run(fn, args):
    try:
        return "ok", fn(*args)
    except Exception as exc:  # noqa: BLE001 - class, message and args are compared
        return "exc", exc


def _outcome(kind, v) -> str:
    return f"raised {type(v).__name__}({str(v)!r})" if kind == "exc" else f"returned {v!r}"


def where(jit_fn, args) -> str:
    r = repr(args)
    return jit_fn.py_func.__name__ + (r if len(r) < 300 else r[:300] + "...)")


def check(jit_fn, *args):
    """pydm agrees with CPython on ``jit_fn(*args)``; returns CPython's outcome."""
    res = []
    for fn in (reference(jit_fn), jit_fn):
        mine = copy.deepcopy(args)
        before = tuple(containers(mine))
        kind, v = _run(fn, mine)
        res.append((kind, v, mine, before))
    (rk, rv, rargs, rbefore), (pk, pv, pargs, pbefore) = res
    at = where(jit_fn, args)
    if rk == "ok" and (has_big_int(rv) or has_big_int(rargs)):
        assert pk == "exc" and type(pv) is OverflowError, f"{at}: CPython {_outcome(rk, rv)}, pydm {_outcome(pk, pv)}"
        return rv
    if rk == "exc":
        assert pk == "exc" and type(pv) is type(rv) and str(pv) == str(rv), (
            f"{at}: CPython {_outcome(rk, rv)}, pydm {_outcome(pk, pv)}")
        d = compare(norm(rv.args), norm(pv.args), "exception args")
        assert d is None, f"{at}: {d}"
        rv = pv = None
    else:
        assert pk == "ok", f"{at}: CPython {_outcome(rk, rv)}, pydm {_outcome(pk, pv)}"
    d = compare(norm((rbefore, rargs, rv)), norm((pbefore, pargs, pv)), "(containers before, args after, result)")
    assert d is None, f"{at}: CPython {_outcome(rk, rv)}, pydm {_outcome(pk, pv)}; {d}"
    return rv


def P(fn, cases):
    """A parametrize entry ``(fn, cases)`` for ``check_many``, named after ``fn``."""
    return pytest.param(fn, cases, id=fn.py_func.__name__)


def Batch(dispatcher, params):  # noqa: N802 - tests/batching.py's class, bound to this harness
    import batching
    return batching.Batch(dispatcher, params, check=check, where=where)
