"""Native parts inside an ahead-of-time ``.vmfb`` (issue 12): one file.

The JIT links a native module (``pydm/native/``) with the VM module at run
time: two vmfbs. A ``.vmfb`` written by ``pydm compile`` must be one file
that ``iree-run-module --device=local-sync`` runs, so there the native module
stops short of the VM: IREE's standard pipeline (the native module alone, as
for the JIT) runs only up to its ``hal`` phase, and what it leaves —
``util.global``s for the device and the executable, ``util.initializer``s that
create them, the ``hal.executable`` holding the compiled ELF, and ``@run``
recording and submitting the dispatch — is moved into pydm's own module before
pydm's VM pipeline (``backend/driver.py``), which converts it to the VM with
the rest. The VM module thus never goes through the standard pipeline (it
hangs on recursion, PLATFORM.md), and the file imports IREE's ``hal`` module:
any host that registers a HAL device first runs it.

Each embedded part's symbols are renamed ``<native module>$<symbol>``;
``@run`` becomes ``@<native module>.run``, the very name the VM function
already calls (``native.replace_with_call``), so the import declaration is
simply replaced by the function.
"""
from __future__ import annotations

from iree.compiler import ir

#: the standard pipeline's last phase run on an embedded native module
HAL_PHASE = "hal"


def embed(mod: ir.Module, name: str, hal: bytes) -> None:
    """Move the native module ``name`` (``hal``: ``native.compile_native(text, HAL_PHASE)``)
    into ``mod`` (in the current context), in place of the declaration of its
    import ``@<name>.run``."""
    part = ir.Module.parse(hal)
    body = part.operation
    renames = []
    for op in part.body.operations:
        if "sym_name" in op.attributes:
            old = ir.StringAttr(op.attributes["sym_name"]).value
            renames.append((op, old, f"{name}.run" if old == "run" else f"{name}${old}"))
    for op, old, new in renames:
        ir.SymbolTable.replace_all_symbol_uses(old, new, body)
        ir.SymbolTable.set_symbol_name(op, new)
        if new == f"{name}.run":  # an internal function now, not an export
            op.attributes["sym_visibility"] = ir.StringAttr.get("private")
            for key in ("iree.abi.stub", "iree.reflection"):
                if key in op.attributes:
                    del op.attributes[key]
    target = f"{name}.run"
    for op in list(mod.body.operations):
        if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == target:
            op.operation.erase()  # the import's declaration
        elif op.operation.name == "func.func":
            _calls_to_util(op.operation, target)
    last = list(mod.body.operations)[-1]
    for op in list(part.body.operations):
        op.operation.move_before(last)


def _calls_to_util(fop, target: str) -> None:
    """Each ``func.call @target`` in ``fop`` as a ``util.call`` (``func.call``
    must name a ``func.func``; the embedded ``@run`` is a ``util.func``)."""
    for region in fop.regions:
        for block in region.blocks:
            for op in list(block.operations):
                op = op.operation
                if op.regions:
                    _calls_to_util(op, target)
                if op.name != "func.call" or ir.FlatSymbolRefAttr(op.attributes["callee"]).value != target:
                    continue
                new = ir.Operation.create("util.call", results=[r.type for r in op.results],
                                          operands=list(op.operands),
                                          attributes={"callee": op.attributes["callee"]},
                                          loc=op.location, ip=ir.InsertionPoint(op))
                for old, value in zip(op.results, new.results):
                    old.replace_all_uses_with(value)
                op.erase()
