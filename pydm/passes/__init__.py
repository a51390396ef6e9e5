"""Passes on iree_pydm IR: one file per pass, a registry, a pipeline of names.

Each pass is ``run(module) -> None`` and documents what holds after it runs.
"""
from __future__ import annotations

from typing import Callable

from iree.compiler import ir

PASSES: dict[str, Callable[[ir.Module], None]] = {}


def register(name: str):
    def deco(fn):
        PASSES[name] = fn
        return fn
    return deco


def successor_operands(term, operands=None) -> list[list]:
    """The operands branch ``term`` passes to each successor (``cf.br``: one
    list, ``cf.cond_br``: two); ``operands`` overrides ``term.operands``."""
    operands = list(term.operands if operands is None else operands)
    if term.name == "cf.br":
        return [operands]
    n_true = ir.DenseI32ArrayAttr(term.attributes["operandSegmentSizes"])[1]
    return [operands[1:1 + n_true], operands[1 + n_true:]]


#: The default pipeline on iree_pydm IR, in order.
PIPELINE: list[str] = ["promote-vars", "tuple-sroa", "int-ranges", "link-runtime", "split-objects"]


def run_pipeline(module: ir.Module, stages: dict | None = None, pipeline=None, text=str) -> None:
    """Run the passes in order; with ``stages``, keep ``text(module)`` after each."""
    for name in pipeline if pipeline is not None else PIPELINE:
        PASSES[name](module)
        if stages is not None:
            stages[f"after:{name}"] = text(module)


from . import int_ranges, link_runtime, promote_vars, split_objects, tuple_sroa  # noqa: E402,F401
