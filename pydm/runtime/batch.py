"""``fn.map(*iterables)``: many calls of a compiled scalar function in one invoke.

A single call from Python costs what ``iree.runtime``'s API costs (about a
microsecond: a fresh argument list, the invoke, the result reads), however
small the function. The batch entry (``pydm/abi/batch.py``) runs the calls in
a VM loop, so per call only a push per argument and a read of the result are
left in Python.

``fn.map(*iterables)`` returns ``list(map(fn, *iterables))``: the same
values, and the same exception, raised by the first call that raises (the
calls before it have run). The difference is *when* the arguments are read:
all of them, before the first call (so an iterable's own side effects, or an
exception it raises, come before any call's); the shortest iterable still
ends the batch, as in ``map``. Rows whose arguments are not all of one exact
scalar type per position (``int``, ``float``, ``bool``), or a function whose
parameters do not match the iterables one for one, are called one by one
through the function itself — the same results, at the price of a call each.
"""
from __future__ import annotations

from .binding import rt

_SCALAR_TYPES = (int, float, bool)


def columns_of(iterables: tuple) -> list[list]:
    """The argument columns of ``map(f, *iterables)``: read to the end of the
    shortest iterable, as ``map`` reads them (``zip``)."""
    if len(iterables) == 1:
        return [list(iterables[0])]
    rows = list(zip(*iterables))
    return [list(c) for c in zip(*rows)] if rows else [[] for _ in iterables]


def column_type(column: list):
    """The one exact scalar type of every value of ``column``, or None."""
    if not column:
        return None
    first = type(column[0])
    if first not in _SCALAR_TYPES:
        return None
    for x in column:
        if type(x) is not first:
            return None
    return first


class ArgumentOutOfRange(Exception):
    """An int argument does not fit in 64 bits (``push_int`` rejected it): no call has run."""


def make_map_caller(program, symbol: str, name: str, param_types, ret):
    """A function ``(columns) -> list`` calling export ``symbol`` once per row
    through its batch entry, or None if the program has none."""
    fn = program.module.lookup_function(symbol + "$map")
    if fn is None:
        return None
    pushes = [rt.VmVariantList.push_float if t.value == "real" else rt.VmVariantList.push_int
              for t in param_types]
    as_bool = ret.value == "bool"
    sites = program.sites

    def call_map(columns: list[list]) -> list:
        n = len(columns[0])
        args = rt.VmVariantList(n * len(columns))
        try:
            if len(columns) == 1:
                push = pushes[0]
                for x in columns[0]:
                    push(args, x)
            else:
                for row in zip(*columns):
                    for push, x in zip(pushes, row):
                        push(args, x)
        except TypeError:
            raise ArgumentOutOfRange() from None
        results = rt.VmVariantList(3)
        inputs = rt.VmVariantList(2)
        inputs.push_list(args)
        inputs.push_int(n)
        try:
            program.thread_state().context.invoke(fn, inputs, results)
        except RuntimeError as exc:
            raise program.translate(exc) from None
        code = results.get_variant(0)
        if code:
            raise sites.make_exception(code)
        out = results.get_as_list(2)
        values = list(map(out.get_variant, range(n)))
        if as_bool:
            return [v != 0 for v in values]
        return values

    call_map.__name__ = f"{name}.map"
    return call_map
