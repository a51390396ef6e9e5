"""Helpers on top of ``tests/conformance/harness.py`` for the dynamic-object tests.

``check_case`` is ``harness.check`` plus the cases where CPython itself cannot be
used as the reference:

* ``int ** int`` / ``int << int`` whose result is astronomically large
  (``2**62 ** 2**62`` never finishes in CPython, ``1 << 2**62`` is a
  MemoryError): the result does not fit 64 bits, so pydm must raise
  OverflowError (the documented divergence, as in ``harness.check_overflow``);
* a negative number to a fractional power is ``complex`` in CPython (or
  ``OverflowError('complex exponentiation')`` when that complex overflows, e.g.
  ``(-1e300) ** 2.5``); pydm has no complex numbers and raises ValueError
  (README, Numbers).

``check_all`` runs many cases and reports every disagreement at once;
``check_all_batched`` does the same through a dispatcher of ``n`` slots
(``tests/batching.py``): a compile serves ``n`` combinations of argument
types, and most of them pull in the runtime library's object code, which a
compile per combination linked and compiled again.
"""
from __future__ import annotations

import batching
from conformance.harness import _run, check, check_raises, reference

_INTLIKE = (int, bool)


def astronomic(op: str | None, a, b) -> bool:
    """``a op b`` is an int far outside 64 bits (do not ask CPython)."""
    if type(a) not in _INTLIKE or type(b) not in _INTLIKE:
        return False
    if op == "**":
        return abs(a) > 1 and b > 64  # |a| >= 2, b >= 65: |result| >= 2**65
    if op == "<<":
        return a != 0 and b > 64  # |result| >= 2**65
    return False


def check_case(jit_fn, args, op: str | None = None, operands: tuple | None = None):
    """Assert pydm agrees with CPython on ``jit_fn(*args)`` (see module doc).

    ``op``/``operands``: the binary operator the call evaluates and its operands,
    so that astronomically large int results are not computed by CPython.
    """
    if op is not None and operands is not None and astronomic(op, *operands):
        check_raises(jit_fn, OverflowError, *args)
        return
    kind, value = _run(reference(jit_fn), args)
    complex_overflow = (kind == "exc" and type(value) is OverflowError
                        and str(value) == "complex exponentiation")
    if (kind == "ok" and type(value) is complex) or complex_overflow:
        check_raises(jit_fn, ValueError, *args)
        return
    check(jit_fn, *args)


def check_all(jit_fn, cases, *, op: str | None = None, operands_of=None, limit: int = 60):
    """``check_case`` every argument tuple; one assertion listing all disagreements.

    ``operands_of(args)`` gives the operands of ``op`` for the astronomic guard."""
    failures = []
    for args in cases:
        try:
            check_case(jit_fn, args, op, operands_of(args) if operands_of else None)
        except AssertionError as err:
            failures.append(_short(str(err).splitlines()[0]))
        except Exception as err:  # noqa: BLE001 - e.g. CompileError escaping the harness
            failures.append(f"{jit_fn.py_func.__name__}{args!r}: {type(err).__name__}: "
                            f"{str(err).splitlines()[0] if str(err) else ''}")
    assert not failures, (f"{len(failures)} of {len(cases)} cases disagree:\n  "
                          + "\n  ".join(failures[:limit]))


def _short(line: str, width: int = 400) -> str:
    return line if len(line) <= width else line[:width] + " ..."


def _where(jit_fn, args) -> str:
    return f"{jit_fn.py_func.__name__}{args!r}"  # as ``check`` names a call


def check_all_batched(batch_fn, fn, cases, *, op: str | None = None, operands_of=None, limit: int = 60):
    """``check_all(fn, cases)`` through ``batch_fn(k, *args_0, ..., *args_{n-1})``,
    which returns ``fn(*args_k)`` (``batching.check_batched``); each case is
    still its own differential check, its failure named by ``fn`` and the case."""
    width = len(cases[0])

    def one(jit_fn, *args):
        k = args[0]
        case = args[1 + k * width:1 + (k + 1) * width]
        check_case(jit_fn, args, op, operands_of(case) if operands_of else None)

    batching.check_batched(batch_fn, fn, cases, check=one, where=_where, limit=limit)
