"""Which calls the importer expands in place (pydm's own inlining).

IREE's inliner is unbounded (PLATFORM.md), so the backend never inlines; this
is the only place that does. A VM call and return costs more than CPython's
whole frame for a small function (``benchmarks/vm_floor.py``), so the
importer expands *self-recursive* calls of small functions a few levels deep:
``fib`` at depth 2 runs seven bodies per VM call instead of one. The copies
are built from the same syntax with the same types (one specialization), so
values, exceptions and their source lines are unchanged; only the VM stack
depth per Python call level shrinks.
"""
from __future__ import annotations

from astroid import nodes

#: levels of self-recursion expanded into one VM function
SELF_RECURSION_DEPTH = 3
#: functions larger than this many syntax nodes are never expanded
MAX_BODY_NODES = 120
#: at most this many syntax nodes are expanded into one VM function
MAX_EXPANDED_NODES = 1200

def body_size(fn_node: nodes.FunctionDef) -> int:
    """Syntax nodes in a function's body (a proxy for the code one copy adds)."""
    size = 0
    work = list(fn_node.body)
    while work:
        n = work.pop()
        size += 1
        work.extend(n.get_children())
    return size


def expand_self_call(root_spec, callee_spec, depth: int, expanded: int) -> bool:
    """Expand this call in place? ``depth``: copies already open around the
    call site; ``expanded``: syntax nodes expanded so far in this function."""
    if callee_spec is not root_spec or depth >= SELF_RECURSION_DEPTH:
        return False
    size = body_size(callee_spec.func.node)
    return size <= MAX_BODY_NODES and expanded + size <= MAX_EXPANDED_NODES
