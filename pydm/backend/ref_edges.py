"""The VM fix-ups for refs passed on one edge of a two-way branch (a leak in
IREE 3.13) and for one ref passed twice on one branch (the second is null),
see below, and ``is_ref``, the test of a VM ref type that the
driver's ref-discard step uses too."""
from __future__ import annotations

from iree.compiler import ir

from .vm_fixups import _copy_before, _edge_ranges, _split_edge, _walk_funcs

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


# ---- one ref passed twice on one branch ------------------------------------------------
# ``vm.br ^b(%r, %r)`` where the branch is ``%r``'s last use: IREE 3.13 encodes
# both operands as moves of the same register, so the first block argument
# takes the reference and the second reads the emptied register (a null list:
# "INVALID_ARGUMENT; list is null" at its first use). Calls and returns that
# pass one ref twice are not affected. Found by pydm: ``(a + b, b + a)`` with
# ``a == ()`` is ``(b, b)``, and two branches merged into one passed ``%b``
# twice (tests/regressions/test_empty_tuple_slots.py). Each repeated occurrence
# gets a copy (``vm.select.ref``, which the emitter keeps) made right before the
# branch; the copy dies at the branch, so it is moved too. Runs after
# ``split_ref_edges``: every edge that passes a ref is then a ``vm.br``.


def copy_repeated_ref_operands(module: ir.Module) -> int:
    """Replace every repeated ref operand of a ``vm.br`` by a copy (see above);
    return how many operands were replaced."""
    count = 0
    for fop in _walk_funcs(module):
        for b in fop.regions[0].blocks:
            ops = b.operations
            n = len(ops)
            if not n or ops[n - 1].operation.name != "vm.br":
                continue
            term = ops[n - 1].operation
            seen: set = set()
            for k, v in enumerate(list(term.operands)):
                if not is_ref(v.type):
                    continue
                if v in seen:
                    term.operands[k] = _copy_before(v, term)
                    count += 1
                seen.add(v)
    return count
