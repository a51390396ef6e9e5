"""Differential checks for tuples, on top of ``tests/conformance/harness.py``.

``conformance.harness.same_value`` compares a tuple result with ``==`` once its
type matches, which cannot see ``(1,)`` vs ``(1.0,)``, ``(True,)`` vs ``(1,)``,
``(-0.0,)`` vs ``(0.0,)`` and calls ``(nan,)`` different from itself when the
NaNs are different objects. Here values are compared recursively: the same
type at every position, floats bit for bit (any NaN equals any NaN), the
same length.

The documented int divergence extends to tuples: where CPython's result holds
an int outside 64 bits anywhere, pydm must raise ``OverflowError``.

``check``/``check_many`` have the same contract as the conformance harness's.
``bug(reason)`` marks a test, ``P(fn, cases, reason)`` a parametrized group of
cases, as a known pydm bug: a strict xfail, so the test fails as soon as the
bug is fixed and the mark must go.
"""
from __future__ import annotations

import pytest

import batching
import shared
from conformance.harness import _describe, _run, reference
from shared import INT64_MAX, INT64_MIN, has_big_int

NAN = float("nan")
INF = float("inf")


def bug(reason: str):
    """The mark of a test (or a parametrized case) that fails because of a pydm bug."""
    return pytest.mark.xfail(strict=True, reason=f"pydm bug: {reason}")


def same(a, b) -> bool:
    """Same type at every level; floats bit for bit, any NaN equal to any NaN."""
    return shared.same_value(a, b, nested=True, any_nan=True)


def show(kind, v) -> str:
    """``_describe`` with the type of every element of a tuple."""
    return _describe(kind, v, typed_tuples=True)


def outcomes(jit_fn, args):
    """((kind, value) under CPython, (kind, value) under pydm)."""
    return _run(reference(jit_fn), args), _run(jit_fn, args)


def check(jit_fn, *args, where: str | None = None):
    """pydm agrees with CPython on ``jit_fn(*args)``: value and types recursively,
    or exception class and message. Returns CPython's outcome. ``where`` names
    the call in a failure (default: ``jit_fn`` and ``args``)."""
    (rk, rv), (pk, pv) = outcomes(jit_fn, args)
    where = where or f"{jit_fn.py_func.__name__}{args!r}"
    if rk == "ok" and has_big_int(rv):
        assert pk == "exc" and type(pv) is OverflowError, (
            f"{where}: CPython returned {rv!r} (an int beyond 64 bits), pydm must raise "
            f"OverflowError but {show(pk, pv)}")
        return rv
    if rk == "exc":
        assert pk == "exc" and type(pv) is type(rv) and str(pv) == str(rv), (
            f"{where}: CPython {show(rk, rv)}, pydm {show(pk, pv)}")
        return rv
    assert pk == "ok" and same(rv, pv), f"{where}: CPython {show(rk, rv)}, pydm {show(pk, pv)}"
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


def _where(jit_fn, args) -> str:
    return f"{jit_fn.py_func.__name__}{args!r}"  # as ``check`` names a call


def check_batched(batch_fn, fn, cases, *, limit: int = 30):
    """``check_many(fn, cases)`` through ``batch_fn(k, *args_0, ..., *args_{n-1})``,
    which returns ``fn(*args_k)`` (``tests/batching.py``): a compile serves ``n``
    combinations of argument types (tuples are specialized on their element
    types, and a compile per combination was most of this folder's time).
    Failures name ``fn`` and the case."""
    batching.check_batched(batch_fn, fn, cases, check=check, where=_where, limit=limit)


def Batch(dispatcher, params):  # noqa: N802 - a class of tests/batching.py, bound to this harness
    """``batching.Batch`` with this harness's ``check``: the functions of a test
    file in one compile."""
    return batching.Batch(dispatcher, params, check=check, where=_where)


def check_hash_consistent(jit_fn, args_a, args_b):
    """For values CPython hashes by identity (NaN; None before 3.12): pydm hashes
    equal values equally (``jit_fn`` returns a hash or a tuple of hashes)."""
    ha, hb = jit_fn(*args_a), jit_fn(*args_b)
    ints = all(type(h) is int for h in (ha if type(ha) is tuple else (ha,)))
    assert ints and same(ha, hb), f"{args_a!r} and {args_b!r} hash {ha!r} and {hb!r}"


#: the root cause behind most failures at the time of writing
LIBCALL = ("a tuple operation that calls the runtime library by name (getitem, length, to_tuple, "
           "tuple_slice, tuple_concat, tuple_repeat, tuple_contains, hash_of, divmod_of, pow_mod...) "
           "does not compile: MLIRError \"'func.call' op 'pydmrtl$<name>' does not reference a valid "
           "function\" (compile_program verifies the module before link-runtime links the library)")


def P(fn, cases, reason: str | None = None):
    """A parametrize entry ``(fn, cases)`` for ``check_many``; ``reason``: a known pydm bug."""
    return pytest.param(fn, cases, marks=bug(reason) if reason else (), id=fn.py_func.__name__)
