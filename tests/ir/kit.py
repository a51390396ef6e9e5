"""Helpers for the IR-level tests: parse hand-written iree_pydm IR, run
passes on it by name, inspect the result, compile it through the rest of
pydm's pipeline and call it.

Everything reuses pydm's own entry points: the pass registry
(``pydm.passes.PASSES`` / ``run_pipeline``), the lowering
(``pydm.lowering.lower_module``), the backend (``pydm.backend.compile_module``)
and the runtime (``pydm.runtime.program.LoadedProgram``).

Hand-written IR may use these type aliases (prepended by :func:`parse`)::

    !int = !iree_pydm.integer      !float = !iree_pydm.real
    !bool = !iree_pydm.bool        !none = !iree_pydm.none
    !exc = !iree_pydm.exception_result
    !obj = !iree_pydm.object       !ref = !iree_pydm.ref
"""
from __future__ import annotations

import re
from collections import Counter

from iree.compiler import ir

import pydm.dialect as d
from pydm.backend import compile_module, session
from pydm.exceptions import RaiseSiteTable
from pydm.lowering import LoweringContext, lower_module
from pydm.passes import PASSES, PIPELINE, run_pipeline
from pydm.runtime.program import LoadedProgram
from pydm.types import parse_type

PRELUDE = """
!int = !iree_pydm.integer
!float = !iree_pydm.real
!bool = !iree_pydm.bool
!none = !iree_pydm.none
!exc = !iree_pydm.exception_result
!obj = !iree_pydm.object
!ref = !iree_pydm.ref
"""

import shared
from shared import INT64_MAX, INT64_MIN, has_big_int


def context():
    """(context, location) managers every IR operation here runs under."""
    return session().context


def parse(text: str) -> ir.Module:
    """Hand-written iree_pydm IR (generic op form; aliases of PRELUDE allowed),
    checked by MLIR's verifier and pydm's dialect verifier."""
    with context(), ir.Location.unknown():
        module = ir.Module.parse(PRELUDE + text)
        d.verify(module)
    return module


def run(module_or_text, *passes: str) -> ir.Module:
    """Run the named passes (pydm.passes registry) in order; returns the module."""
    module = parse(module_or_text) if isinstance(module_or_text, str) else module_or_text
    for name in passes:
        assert name in PASSES, f"no pass {name!r}; known: {sorted(PASSES)}"
    with context(), ir.Location.unknown():
        run_pipeline(module, pipeline=list(passes))
        module.operation.verify()
    return module


def after(pass_name: str) -> list[str]:
    """The passes of the default pipeline after ``pass_name``."""
    return PIPELINE[PIPELINE.index(pass_name) + 1:]


def text(module: ir.Module) -> str:
    with context():
        return str(module)


def walk(module: ir.Module, name: str | None = None) -> list:
    """All operations (optionally only those named ``name``), in walk order."""
    found = []

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if name is None or op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    with context():
        module.operation.walk(visit)
    return found


def counts(module: ir.Module) -> Counter:
    """How many operations of each name the module holds."""
    return Counter(op.name for op in walk(module))


def func(module: ir.Module, symbol: str):
    for op in module.body.operations:
        op = op.operation
        if op.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return op
    raise KeyError(symbol)


def func_names(module: ir.Module) -> list[str]:
    return [ir.StringAttr(op.operation.attributes["sym_name"]).value for op in module.body.operations
            if op.operation.name == "func.func"]


def signature(module: ir.Module, symbol: str) -> tuple[list[str], list[str]]:
    """(input types, result types) of a function, as text."""
    t = ir.FunctionType(ir.TypeAttr(func(module, symbol).attributes["function_type"]).value)
    return [str(x) for x in t.inputs], [str(x) for x in t.results]


def blocks_of(module: ir.Module, symbol: str) -> list:
    return list(func(module, symbol).regions[0].blocks)


def attr_names(op) -> set[str]:
    return {a if isinstance(a, str) else a.name for a in op.attributes}


def value_types(module: ir.Module) -> list[str]:
    """The type of every value: block arguments and op results (as text)."""
    out = []
    for op in walk(module):
        out += [str(r.type) for r in op.results]
        for region in op.regions:
            for block in region.blocks:
                out += [str(a.type) for a in block.arguments]
    return out


def strip_locations(s: str) -> str:
    return re.sub(r" loc\((?:[^()]|\([^()]*\))*\)", "", s)


# ---------------------------------------------------------------- end to end

class Compiled:
    """A hand-written module compiled to VM bytecode and loaded; ``call(symbol,
    *args)`` runs an export as pydm's runtime does (argument marshalling,
    exceptions with CPython's class and message)."""

    def __init__(self, vmfb: bytes, sites: RaiseSiteTable, iree_text: str):
        self.program = LoadedProgram(vmfb, sites)
        self.sites = sites
        self.iree_text = iree_text
        self.vm_text = ""

    def fn(self, symbol: str, param_types: list[str], ret: str):
        """A Python callable for export ``symbol`` (types as pydm type text:
        ``integer``, ``real``, ``bool``, ``object``, ``tuple<integer,real>``)."""
        params = [f"a{i}" for i in range(len(param_types))]
        return self.program.function(symbol, symbol.split("$")[0], params,
                                     [parse_type(t) for t in param_types], parse_type(ret))


def compile_ir(module_or_text, passes=None) -> Compiled:
    """Run ``passes`` (default: the whole pydm pipeline) on iree_pydm IR, lower
    it, compile it with the VM backend and load it."""
    module = parse(module_or_text) if isinstance(module_or_text, str) else module_or_text
    with context(), ir.Location.unknown():
        run_pipeline(module, pipeline=PIPELINE if passes is None else list(passes))
        sites = RaiseSiteTable()
        lower_module(module, LoweringContext(sites))
        iree_text = str(module)
        stages: dict = {}
        vmfb = compile_module(module, stages=stages)
    out = Compiled(vmfb, sites, iree_text)
    out.vm_text = stages.get("vm", "")
    return out


def lower(module_or_text, passes=()) -> ir.Module:
    """Run ``passes`` then convert-iree-pydm-to-iree; returns the lowered module."""
    module = parse(module_or_text) if isinstance(module_or_text, str) else module_or_text
    with context(), ir.Location.unknown():
        run_pipeline(module, pipeline=list(passes))
        lower_module(module, LoweringContext(RaiseSiteTable()))
        module.operation.verify()
    return module


def same(a, b) -> bool:
    """Python equality that also tells the types apart and NaN from NaN (bitwise
    floats, NaN payloads included: unlike the conformance harness)."""
    return shared.same_value(a, b, nested=True, any_nan=False)


def outcome(fn, *args):
    """('ok', value) or ('raise', class, message) of calling fn."""
    try:
        return ("ok", fn(*args))
    except Exception as exc:  # noqa: BLE001 - compared with CPython's
        return ("raise", type(exc), str(exc))


def int64(x: int) -> int:
    """``x``, or pydm's OverflowError where it does not fit in 64 bits (for
    intermediate results in the Python twin of a hand-written function)."""
    if not INT64_MIN <= x <= INT64_MAX:
        raise OverflowError("beyond 64 bits")
    return x


def expected(py_fn, *args):
    """CPython's outcome, with pydm's one documented divergence: an int result
    beyond 64 bits (also inside a tuple) is an OverflowError."""
    want = outcome(py_fn, *args)
    if (want[0] == "ok" and has_big_int(want[1])) or want[:2] == ("raise", OverflowError):
        return ("raise", OverflowError)
    return want


def assert_like_cpython(compiled_fn, py_fn, args_list):
    """The compiled function gives CPython's value (same type, same float bits)
    or raises CPython's exception (same class and message) on every args tuple."""
    for args in args_list:
        got, want = outcome(compiled_fn, *args), expected(py_fn, *args)
        if want == ("raise", OverflowError):
            assert got[:2] == want, (args, got, want)
        elif want[0] == "ok":
            assert got[0] == "ok" and same(got[1], want[1]), (args, got, want)
        else:
            assert got == want, (args, got, want)
