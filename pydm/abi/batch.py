"""The batch entry ``<symbol>$map``: many calls of a scalar export in one VM invoke.

A call from Python costs about a microsecond of ``iree.runtime``'s own API
(a fresh argument list, the invoke, the result reads) however small the
function; ``fn.map(xs)`` pays it once for the whole batch instead
(``pydm/runtime/batch.py`` is the Python side). The entry takes one flat
variant list of arguments (``n`` rows of ``k`` scalars, row-major, as
``push_int``/``push_float`` store them) and the row count, calls the export
once per row in order and stores each result in a list of its own; the first
row whose call raises stops the loop, and the entry returns that call's
exception code and the row's index (the raise site and the exception object
are in the module's globals, exactly as after a plain call that raised)::

    @inc$i$map(%args: !util.list<?>, %n: i64) -> (i32 code, i64 rows done, !util.list<?> results)

Only exports whose parameters and result are ``int``, ``float`` or ``bool``
get one (their boundary types ``i64``, ``f64``, ``i1``), and only when the
JIT asks for them (the first ``fn.map`` of a signature compiles the function
again with its batch entry): a plain call pays nothing for the feature.
"""
from __future__ import annotations

import contextlib
import contextvars

SUFFIX = "$map"
#: does the compile in progress add batch entries (the JIT asks on the first ``fn.map``)
_requested = contextvars.ContextVar("pydm_batch_entries", default=False)


@contextlib.contextmanager
def requested(on: bool):
    """Within: compiles add a batch entry to each eligible export."""
    token = _requested.set(on)
    try:
        yield
    finally:
        _requested.reset(token)


def is_requested() -> bool:
    """Does the compile in progress add batch entries?"""
    return _requested.get()


_SCALARS = ("i64", "f64", "i1")


def eligible(inputs: list[str], results: list[str]) -> bool:
    """Does an export of these boundary types (text) get a batch entry?"""
    return (len(results) == 2 and results[0] == "i32" and results[1] in _SCALARS
            and all(t in _SCALARS for t in inputs))


def variant_text(symbol: str, inputs: list[str], results: list[str]) -> str:
    """The MLIR of ``symbol$map`` (func, arith, cf and util ops, before IREE's pipeline)."""
    k = len(inputs)
    ret = results[1]
    lines = [
        f"func.func @{symbol}{SUFFIX}(%args: !util.list<?>, %count: i64) -> (i32, i64, !util.list<?>) {{",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        f"  %ck = arith.constant {k} : index",
        "  %ok = arith.constant 0 : i32",
        "  %n = arith.index_cast %count : i64 to index",
        "  %out = util.list.create %n : !util.list<?>",
        "  util.list.resize %out, %n : !util.list<?>",
        "  cf.br ^loop(%c0 : index)",
        "^loop(%i: index):",
        "  %more = arith.cmpi ult, %i, %n : index",
        "  cf.cond_br %more, ^body, ^exit(%ok, %i : i32, index)",
        "^body:",
        "  %row = arith.muli %i, %ck : index",
    ]
    args = []
    for j, ty in enumerate(inputs):
        base = "%row" if j == 0 else f"%at{j - 1}"
        lines.append(f"  %at{j} = arith.addi {base}, {'%c0' if j == 0 else '%c1'} : index")
        if ty == "i1":  # a bool is pushed as the int 0 or 1
            lines.append(f"  %raw{j} = util.list.get %args[%at{j}] : !util.list<?> -> i64")
            lines.append(f"  %a{j} = arith.trunci %raw{j} : i64 to i1")
        else:
            lines.append(f"  %a{j} = util.list.get %args[%at{j}] : !util.list<?> -> {ty}")
        args.append(f"%a{j}")
    lines += [
        f"  %r:2 = func.call @{symbol}({', '.join(args)}) : ({', '.join(inputs)}) -> (i32, {ret})",
        "  %failed = arith.cmpi ne, %r#0, %ok : i32",
        "  cf.cond_br %failed, ^exit(%r#0, %i : i32, index), ^store",
        "^store:",
    ]
    if ret == "i1":
        lines.append("  %value = arith.extui %r#1 : i1 to i64")
        lines.append("  util.list.set %out[%i], %value : i64 -> !util.list<?>")
    else:
        lines.append(f"  util.list.set %out[%i], %r#1 : {ret} -> !util.list<?>")
    lines += [
        "  %next = arith.addi %i, %c1 : index",
        "  cf.br ^loop(%next : index)",
        "^exit(%code: i32, %done: index):",
        "  %rows = arith.index_cast %done : index to i64",
        "  return %code, %rows, %out : i32, i64, !util.list<?>",
        "}",
    ]
    return "\n".join(lines) + "\n"
