"""Differential harness for exceptions.

``check(jit_fn, *args)`` runs ``jit_fn`` under CPython (``reference``: callees
pure CPython too) and under pydm, each on its own ``copy.deepcopy`` of the
arguments, and asserts that they agree on

* the outcome: the same value (``lists.lharness.compare``: exact types at every
  position, recursively through lists and tuples, floats bit for bit, list
  aliasing), or the same exception class (exactly), the same ``str()`` and the
  same ``.args`` (compared like values: ``ValueError(1)`` is not
  ``ValueError(1.0)`` nor ``ValueError(True)``, ``ValueError()`` is not
  ``ValueError('')``);
* the arguments after the call (a ``log`` list passed in and appended to by
  each block must hold the same entries on both sides, also when the call
  raised).

Any ``BaseException`` is compared (``raise BaseException`` is supported), except
``KeyboardInterrupt``/``SystemExit``, and ``pydm.CompileError`` propagates (a
construct that should compile fails the test loudly).

``check`` returns CPython's outcome ``(kind, value)`` so a test can also assert
that a case exercises the path it was written for (``expect=``).
"""
from __future__ import annotations

import copy

import pytest

import pydm
from conformance.harness import reference
from lists.lharness import compare, show

OK = "ok"
EXC = "exc"


def run(fn, args):
    """(OK, value) or (EXC, exception) of ``fn(*args)``."""
    try:
        return OK, fn(*args)
    except pydm.CompileError:
        raise
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # noqa: BLE001 - class, str and args are compared
        return EXC, exc


def describe(kind, v) -> str:
    if kind == EXC:
        try:
            args = show(v.args)
        except Exception:  # noqa: BLE001
            args = repr(v.args)
        return f"raised {type(v).__name__}({str(v)!r}) args={args}"
    return f"returned {show(v)}"


def compare_outcomes(r, p) -> str | None:
    """None if CPython's outcome ``r`` and pydm's ``p`` agree, else the difference."""
    (rk, rv), (pk, pv) = r, p
    if rk != pk:
        return f"CPython {describe(rk, rv)}, pydm {describe(pk, pv)}"
    if rk == OK:
        d = compare(rv, pv, "result")
        return None if d is None else f"CPython {describe(rk, rv)}, pydm {describe(pk, pv)}; {d}"
    if type(rv) is not type(pv) or str(rv) != str(pv):
        return f"CPython {describe(rk, rv)}, pydm {describe(pk, pv)}"
    d = compare(rv.args, pv.args, "exception.args")
    if d is not None:
        return f"CPython {describe(rk, rv)}, pydm {describe(pk, pv)}; {d}"
    return None


def _expect_ok(kind, v, expect) -> str | None:
    """``expect``: None (anything), OK (a return), or an exception class (exactly)."""
    if expect is None:
        return None
    if expect == OK:
        return None if kind == OK else f"test bug: expected CPython to return, it {describe(kind, v)}"
    if kind == EXC and type(v) is expect:
        return None
    return f"test bug: expected CPython to raise {expect.__name__}, it {describe(kind, v)}"


def where(jit_fn, args) -> str:
    """How ``check`` names a call in a failure."""
    return f"{jit_fn.py_func.__name__}{args!r}"


def check(jit_fn, *args, expect=None):
    """pydm agrees with CPython on ``jit_fn(*args)``: value, or exception class,
    ``str`` and ``.args``; and on the arguments after the call."""
    where = f"{jit_fn.py_func.__name__}{args!r}"
    ref_args = copy.deepcopy(args)
    pydm_args = copy.deepcopy(args)
    r = run(reference(jit_fn), ref_args)
    bad = _expect_ok(*r, expect)
    assert bad is None, f"{where}: {bad}"
    p = run(jit_fn, pydm_args)
    d = compare_outcomes(r, p)
    assert d is None, f"{where}: {d}"
    d = compare(ref_args, pydm_args, "args after the call")
    assert d is None, f"{where}: {d}"
    return r


def check_many(jit_fn, cases, *, expect=None, limit: int = 30):
    """``check`` every argument tuple of ``cases``; one assertion lists every
    disagreement. ``expect`` applies to every case."""
    failures = []
    for args in cases:
        try:
            check(jit_fn, *args, expect=expect)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, (f"{len(failures)} of {len(cases)} cases disagree:\n  "
                          + "\n  ".join(failures[:limit]))


def P(fn, cases, **kw):
    """A parametrize entry ``(fn, cases)`` named after ``fn``."""
    return pytest.param(fn, cases, id=fn.py_func.__name__, **kw)


def Batch(dispatcher, params):  # noqa: N802 - tests/batching.py's class, bound to this harness
    """``batching.Batch`` with this harness's ``check``; ``batch.expect(fn, *case,
    expect=...)`` is ``check(fn, *case, expect=...)`` through the dispatcher."""
    import batching
    batch = batching.Batch(dispatcher, params, check=check, where=where)

    def expect(fn, *case, expect):
        return check(dispatcher, *batch.args(fn, case), expect=expect)
    batch.expect = expect
    return batch
