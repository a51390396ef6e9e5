"""The VM fix-up for refs passed on one edge of a two-way branch (a leak in
IREE 3.13, see below), and ``is_ref``, the test of a VM ref type that the
driver's ref-discard step uses too."""
from __future__ import annotations

from iree.compiler import ir

from .vm_fixups import _edge_ranges, _split_edge, _walk_funcs

_REF_PREFIXES = ("!vm.ref", "!vm.list", "!vm.buffer", "!vm.opaque")
_ref_types: dict = {}


def is_ref(t) -> bool:
    """Is this VM type a ref (list, buffer, ref, opaque)? (Cached by type.)"""
    r = _ref_types.get(t)
    if r is None:
        r = _ref_types[t] = str(t).startswith(_REF_PREFIXES)
    return r


# ---- refs passed on a two-way branch -----------------------------------------------------
# ``vm.cond_br %c, ^a, ^b(%r)`` with a ref ``%r`` that is still live on the
# other edge (a list made before a loop, passed out of the loop's exit test)
# copies ``%r`` into ^b's argument with a retain (not a move: it is live
# elsewhere), and IREE 3.13 then releases the original nowhere: neither
# ``iree-vm-materialize-ref-discards`` (it sees ^b's argument, not ``%r``,
# live in ^b) nor the frame's exit. Found by pydm: ``str.split()`` kept every
# result list alive (~1.5 KB a call, tests/strings/test_split_memory.py). On an
# unconditional ``vm.br`` the last use of ``%r`` is the branch itself, which
# the bytecode encodes as a move; so each such edge gets a block of its own.


def split_ref_edges(module: ir.Module) -> int:
    """Give every ``vm.cond_br`` edge that passes a ref its own block ending in
    a ``vm.br`` (see above); return how many edges were split."""
    count = 0
    for fop in _walk_funcs(module):
        region = fop.regions[0]
        terms = []
        for b in region.blocks:
            ops = b.operations
            n = len(ops)
            if n and ops[n - 1].operation.name == "vm.cond_br":
                terms.append(ops[n - 1].operation)
        for term in terms:
            for edge in (1, 0):  # edge 1 first: the rebuilt branch keeps edge 0's operands in place
                lo, hi = _edge_ranges(term)[edge]
                if any(is_ref(v.type) for v in list(term.operands)[lo:hi]):
                    term = _split_edge(region, term, edge, [])
                    count += 1
    return count
