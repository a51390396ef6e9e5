"""IREE's runtime binding (``VmInstance``, ``VmContext``, ``VmModule``,
``VmVariantList``, ``PyModuleInterface``, ``create_hal_module``): the native
extension itself, imported the way ``iree.runtime`` imports it (through its
``iree._runtime.libs`` trampoline, which honours ``IREE_PY_RUNTIME``) but
without the ``iree.runtime`` package's own Python modules (array interop,
benchmarking, flags, the function invoker: ~25-35 ms of a fresh process that
pydm never uses; benchmarks/latency.py). The classes are the very ones
``iree.runtime`` exports. Falls back to ``iree.runtime`` if the layout differs.
"""
from __future__ import annotations

try:
    from iree._runtime.libs import _runtime as rt
    rt.VmVariantList, rt.VmContext, rt.VmModule, rt.PyModuleInterface, rt.create_hal_module  # noqa: B018
except (ImportError, AttributeError):  # pragma: no cover - another IREE layout
    import iree.runtime as rt  # type: ignore[no-redef]


def get_driver(name: str):
    """``iree.runtime.get_driver`` (a HAL driver: native parts only, so the
    Python package is imported only then)."""
    import iree.runtime
    return iree.runtime.get_driver(name)


__all__ = ["rt", "get_driver"]
