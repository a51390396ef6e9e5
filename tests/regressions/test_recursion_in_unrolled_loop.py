"""Compile-time blowup (found while typing lists across calls): a self-recursive
function whose recursive call sits in a ``for i in range(n)`` loop did not
compile in 60 s. The loop is unrolled (8 copies of a small body), and each
copy held a copy of the expanded recursion, whose loop was unrolled again:
8^depth bodies, while the expansion budget counted one call site. The budget
now counts each call once per copy the unrolling of its loops makes
(``inlining.unrolled_copies``). The structural check runs first, so a
regression fails here instead of hanging the compile below."""
import pydm
from pydm.frontend import inlining
from pydm.frontend.source import load_module


def count_placements(row, n):
    if row == n:
        return 1
    count = 0
    for c in range(n):
        count += count_placements(row + 1, n)
    return count


def walk(depth: int, width: int) -> int:
    """The same shape under two loops, the call in the inner one."""
    if depth == 0:
        return 1
    total = 0
    for i in range(width):
        for j in range(1, 3):
            total += walk(depth - 1, width) + i * j
    return total


@pydm.jit
def placements(n: int):
    return count_placements(0, n)


@pydm.jit
def walks(depth: int, width: int):
    return walk(depth, width)


def _node(name):
    return load_module(__file__).functions[name].node


def test_a_call_in_an_unrolled_loop_counts_once_per_copy():
    node = _node("count_placements")
    (call,) = [c for c in node.nodes_of_class(__import__("astroid").nodes.Call)
               if getattr(c.func, "name", None) == "count_placements"]
    copies = inlining.unrolled_copies(call, node)
    assert copies > 1  # the loop is unrolled: the call is copied with its body
    depth = inlining.expansion_depth(node, "count_placements")
    # the expanded copies stay within the budget once each unrolled copy is counted
    size = inlining.body_size(node)
    assert sum(copies ** k for k in range(depth + 1)) * size <= inlining.MAX_EXPANDED_NODES


def test_recursion_in_a_loop_compiles_and_agrees():
    for n in (0, 1, 3, 4):
        assert placements(n) == placements.py_func(n)
    for args in ((0, 3), (2, 2), (3, 3)):
        assert walks(*args) == walks.py_func(*args)
