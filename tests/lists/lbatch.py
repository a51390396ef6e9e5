"""``tests/batching.py`` with the lists harness: ``Batch(dispatcher, params)``
and ``check_batched(batch_fn, fn, cases)`` run ``lharness.check`` (outcome,
arguments after the call, aliasing) through a dispatcher, so that the
functions of a test file share one compile (a list function's compile links
the runtime library's list code: about a second, whatever the function);
the slots not called get deep copies of fixed cases, which never alias a
case's own arguments."""
from __future__ import annotations

import batching
from batching import signature, source  # noqa: F401 - re-exported

from .lharness import _args_repr, _name, check


def _where(jit_fn, args) -> str:
    return f"{_name(jit_fn)}{_args_repr(args)}"  # as lharness.check names a call


def Batch(dispatcher, params):  # noqa: N802 - a class of tests/batching.py, bound to this harness
    return batching.Batch(dispatcher, params, check=check, where=_where)


def check_batched(batch_fn, fn, cases, *, limit: int = 30):
    batching.check_batched(batch_fn, fn, cases, check=check, where=_where, limit=limit)
