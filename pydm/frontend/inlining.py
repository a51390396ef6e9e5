"""What the importer expands in place: calls (pydm's own inlining) and loops.

IREE's inliner is unbounded (PLATFORM.md), so the backend never inlines; this
is the only place that does. A VM call and return costs more than CPython's
whole frame for a small function (``benchmarks/vm_floor.py``), so the
importer expands *self-recursive* calls of small functions a few levels deep
(``fib``: three levels, 15 bodies per VM call) and, where the expansion stops,
tests the function's base cases before calling; and it expands calls of small
*leaf* functions (no calls of their own) in place, within a budget per function. The copies are built from
the same syntax with the same types (one specialization), so values,
exceptions and their source lines are unchanged; only the VM stack depth per
Python call level shrinks. Small ``for … in range`` bodies are unrolled.
"""
from __future__ import annotations

import contextlib

from astroid import nodes

#: at most this many levels of self-recursion are expanded into one VM function
SELF_RECURSION_DEPTH = 4
#: functions larger than this many syntax nodes are never expanded
MAX_BODY_NODES = 120
#: the copies of one function hold at most this many syntax nodes: the budget
#: weighs what a level buys against what it costs. Each level multiplies the
#: copies (and the compile time, linear in the code) by the number of call
#: sites, while it removes a shrinking share of the VM calls; a small body
#: (where a call's ~60 ns matter most) fits more levels. Measured on ``fib``
#: (17 nodes, 2 sites; CPU time in one process, CPython's fib(30) 130 ms),
#: depth: warm compile / fib(30): 2 (7 bodies): 67 ms / 71.4 ms (1.82x);
#: 3 (15 bodies): 125 / 61.7 (2.11x); 4 (31 bodies): 242 / 62.4 (2.09x). The
#: fourth level buys nothing and doubles the compile; the third keeps fib at
#: 2x CPython (benchmarks/run.py's target). n-queens' ``place`` (81 nodes, one
#: site, its call in a loop): depth 4 under the old budget of 600, now 2:
#: compile (the whole program) 651 -> 411 ms, queens(8) 3.0 -> 3.1 ms.
#: The budget also bounds the VM frame: a frame's registers grow with the
#: code in it, and a recursion that takes one path through the copies (two
#: call sites in exclusive branches) must still reach CPython's default depth
#: of 1000 in the VM's 1 MiB stack (tests/optimize/test_inlining.py).
MAX_EXPANDED_NODES = 300
#: the budget of the JIT's *first* compile of a function (``fib``: two levels,
#: 7 bodies, 67 ms): the JIT compiles again with MAX_EXPANDED_NODES once the
#: function's calls have taken as long as twice that first compile, so the
#: deeper expansion is paid for by functions that run long enough to gain
#: from it (``pydm/jit.py``, "tiers")
FIRST_EXPANDED_NODES = 160
#: the budget of the compile in progress (None: MAX_EXPANDED_NODES); set by
#: :func:`expansion_budget` around one compile (compiles run one at a time,
#: ``pydm.compiler``)
_budget: int | None = None


@contextlib.contextmanager
def expansion_budget(nodes: int | None):
    """Expand self-recursion within ``nodes`` syntax nodes during the block
    (None: MAX_EXPANDED_NODES)."""
    global _budget
    saved, _budget = _budget, nodes
    try:
        yield
    finally:
        _budget = saved


def body_size(fn_node: nodes.FunctionDef) -> int:
    """Syntax nodes in a function's body (a proxy for the code one copy adds)."""
    body = [fn_node.body] if isinstance(fn_node, nodes.Lambda) else fn_node.body
    return sum(1 for stmt in body for _ in stmt.nodes_of_class(nodes.NodeNG))


#: a generic function's typed twins (one copy of the body each) hold at most
#: this many syntax nodes together: compile time grows faster than the code
#: (register allocation), so big functions get fewer twins, or none
MAX_TWIN_NODES = 2400
#: operators on dynamic values with inline int/float paths per function; the
#: rest call the runtime library directly (each inline path is a few blocks)
MAX_INLINE_DYNAMIC_OPS = 64
#: ... and behind typed twins: numbers given as arguments run the twins, so the
#: generic body sees them only when a value turns into one on the way; its
#: inline paths cost compile time (a few blocks each, register allocation
#: grows faster than the code) for calls that rarely take them
MAX_INLINE_DYNAMIC_OPS_BEHIND_TWINS = 8


def twin_count(fn_node: nodes.FunctionDef, wanted: int) -> int:
    """How many of the ``wanted`` typed twins a generic function gets."""
    size = max(body_size(fn_node), 1)
    return max(0, min(wanted, MAX_TWIN_NODES // size))


#: copies of a ``for`` body per trip of an unrolled range loop, by body size:
#: (at most this many syntax nodes, copies); larger bodies are not unrolled
UNROLL_BY_SIZE = ((16, 8), (40, 4))

FULL = "full"
GUARDS = "guards"


#: a small callee is expanded at its call sites when it calls nothing but
#: builtins (a *leaf*), or only such small callees, up to this many levels
#: (``f`` calls ``g`` calls ``h``: a copy of ``g`` holds a copy of ``h``) ...
MAX_SMALL_LEVELS = 2
#: ... and has at most this many syntax nodes ...
MAX_LEAF_NODES = 40
#: ... while the copies in one function hold at most this many nodes
MAX_LEAF_COPY_NODES = 400


def is_leaf(fn, levels: int = MAX_SMALL_LEVELS) -> bool:
    """A small module-level function that calls nothing but builtins and, up
    to ``levels`` deep, other such small functions: a copy of it in its
    caller cannot recurse (each level is one shallower), and the VM call it
    saves (~70 ns, more for a big frame) costs more than its whole body often
    does. The runtime library's helpers call each other this way (a slice's
    bounds through ``slice_range`` -> ``slice_indices`` -> ``slice_index``)."""
    if levels < 1 or fn.outlined or fn.has_nested_scopes or fn.outer is not None or fn.vararg or fn.kwonly \
            or fn.posonly or fn.kwarg:
        return False
    if body_size(fn.node) > MAX_LEAF_NODES:
        return False
    from . import intrinsics
    from .handlers import exception_class_of
    from .callees import BUILTINS
    functions = fn.module.functions
    library = fn.module.runtime_lib
    for call in fn.node.nodes_of_class(nodes.Call):
        f = call.func
        if isinstance(f, nodes.Attribute) or exception_class_of(f, fn) is not None:
            continue  # a method of a list or tuple; an exception made or raised
        if not isinstance(f, nodes.Name) or f.name in fn.locals:
            return False
        if f.name in functions:
            callee = functions[f.name]
            if callee is fn or not is_leaf(callee, levels - 1):
                return False
        elif f.name not in BUILTINS and not (library and intrinsics.is_intrinsic(f.name)):
            return False  # (an intrinsic of the runtime library is an op, not a call)
    return True


def expansion(root_spec, callee_spec, depth: int, leaf_nodes: int = 0) -> str | None:
    """How to expand this call: ``FULL`` (the whole body), ``GUARDS`` (only
    its leading guards, then the real call) or ``None`` (a plain call).
    ``depth``: copies already open around the call site. Every path is
    expanded to the same depth, so each VM frame covers as many Python levels
    as any other. A leaf callee (:func:`is_leaf`) is expanded while the
    function's leaf copies (``leaf_nodes`` so far) stay within their budget."""
    if callee_spec is not root_spec:
        fn = callee_spec.func
        if (not callee_spec.fast_paths and is_leaf(fn)
                and leaf_nodes + body_size(fn.node) <= MAX_LEAF_COPY_NODES):
            return FULL
        return None
    fn = callee_spec.func
    if fn.has_nested_scopes or fn.outer is not None:  # closures are made and read in one frame
        return None
    if depth < expansion_depth(fn.node, fn.name):
        return FULL
    return GUARDS if leading_guards(fn.node.body) else None


def expansion_depth(fn_node: nodes.FunctionDef, name: str, budget: int | None = None) -> int:
    """Levels of self-recursion to expand: the most, up to SELF_RECURSION_DEPTH,
    whose copies (1 + s + s^2 + ... for s call sites) fit ``budget`` (else the
    compile's budget, :func:`expansion_budget`, else MAX_EXPANDED_NODES)."""
    if budget is None:
        budget = _budget if _budget is not None else MAX_EXPANDED_NODES
    size = body_size(fn_node)
    if size > MAX_BODY_NODES:
        return 0
    # a call inside an unrolled loop is copied with the loop's body: each counts once per copy
    sites = sum(unrolled_copies(n, fn_node) for stmt in fn_node.body for n in stmt.nodes_of_class(nodes.Call)
                if isinstance(n.func, nodes.Name) and n.func.name == name)
    if sites == 0:
        return 0
    depth, copies, level = 0, 1, 1
    while depth < SELF_RECURSION_DEPTH:
        level *= sites
        if (copies + level) * size > budget:
            break
        copies += level
        depth += 1
    return depth


def leading_guards(body) -> list:
    """The base cases a recursive function starts with, as (test, value)
    node pairs: the leading ``if <test>: return <value>`` statements (no
    ``else``), or a body ``return <value> if <test> else ...`` - tests and
    values without calls. Where the expansion stops, a call site tests them
    in place and calls only when none holds: most calls of a recursive
    function are its base cases (half of ``fib``'s), each a whole VM call for
    a compare and a return."""
    out = []
    for stmt in body:
        if isinstance(stmt, nodes.Expr) and isinstance(stmt.value, nodes.Const) \
                and isinstance(stmt.value.value, str) and not out:
            continue  # the docstring
        if isinstance(stmt, nodes.If) and not stmt.orelse and len(stmt.body) == 1 \
                and isinstance(stmt.body[0], nodes.Return) and stmt.body[0].value is not None:
            test, value = stmt.test, stmt.body[0].value
        elif isinstance(stmt, nodes.Return) and isinstance(stmt.value, nodes.IfExp):
            test, value = stmt.value.test, stmt.value.body
        else:
            break
        if any(True for part in (test, value) for _ in part.nodes_of_class((nodes.Call, nodes.NamedExpr))):
            break  # (a walrus binds a variable of the callee's frame, which a guard tested in place has not)
        out.append((test, value))
        if isinstance(stmt, nodes.Return):
            break
    return out


def unrolled_copies(node, fn_node) -> int:
    """How many copies of ``node`` the unrolling of its enclosing loops (up to
    ``fn_node``) makes: the product of their :func:`unroll_factor` (a loop
    over ``range`` with one or two arguments has step 1)."""
    copies = 1
    parent = node.parent
    while parent is not None and parent is not fn_node:
        it = getattr(parent, "iter", None)
        if isinstance(parent, nodes.For) and isinstance(it, nodes.Call) and isinstance(it.func, nodes.Name) \
                and it.func.name == "range" and 1 <= len(it.args) <= 2:
            copies *= unroll_factor(parent, 1, it)
        parent = parent.parent
    return copies


def unroll_factor(loop: nodes.For, step_sign, it: nodes.Call) -> int:
    """Copies per trip for this ``for i in range(...)`` (1: not unrolled).
    Only with step 1 (no third argument), a small body without loops (so the
    growth does not multiply with nesting), and no ``break``/``continue`` (a
    copy could not leave the trip in the middle).
    Each trip then pays one compare and branch for all its iterations - the
    loop overhead is a third of a small body's VM ops."""
    if step_sign != 1 or len(it.args) > 2:
        return 1
    return body_unroll_factor(loop)


def body_unroll_factor(loop: nodes.For) -> int:
    """Copies per trip for the body of a counted loop by 1 (a ``range`` above,
    or a list whose length the body cannot change: ``loops.py``)."""
    if any(True for stmt in loop.body for _ in stmt.nodes_of_class((nodes.Break, nodes.Continue))):
        return 1
    if any(True for stmt in loop.body for _ in stmt.nodes_of_class((nodes.For, nodes.While))):
        return 1  # only innermost loops: copies must not multiply level by level
    if any(True for stmt in loop.body for _ in stmt.nodes_of_class(nodes.Yield)):
        return 1  # a generator's loop: each yield holds a copy of the body of the loop walking it
    size = sum(1 for stmt in loop.body for _ in stmt.nodes_of_class(nodes.NodeNG))
    for limit, copies in UNROLL_BY_SIZE:
        if size <= limit:
            return copies
    return 1
