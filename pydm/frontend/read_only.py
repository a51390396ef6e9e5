"""Which parameters a function never changes, nor lets anything else change.

A Python list (dict, set) passed to a compiled function is converted into
the module's layout, and after the call the caller's object gets the
module's changes written back (``runtime/values.py``, ``ListSession.sync``):
a second pass over every element. When the function only reads a parameter
— every use of its name is one of the reads below — and the object holds no
list, dict or set (checked while it is converted), nothing can have changed
it, and the write-back is skipped (``runtime/program.py``).

A read: ``len(p)`` and the other builtins that only read their argument
(``sum``, ``sorted``, ``list``, ``enumerate``, ...), ``p[i]`` and ``p[a:b]``
read, ``for x in p`` and comprehension clauses, ``x in p``, comparisons, a
truth test, ``p + q`` and ``p * n`` (new lists), and the methods that only
read (``count``, ``index``, ``copy``, ``get``, ``keys``, ``values``,
``items``). Anything else — a store or ``del`` of an item, any other method,
``p += q``, passing ``p`` to a function, storing, returning or binding it to
another name, a closure capturing it — may change it or let it escape.
"""
from __future__ import annotations

from astroid import nodes
from astroid.const import Context

#: builtins that only read their arguments' items
READING_BUILTINS = frozenset({
    "len", "sum", "min", "max", "sorted", "list", "tuple", "set", "frozenset", "any", "all", "enumerate",
    "zip", "reversed", "str", "repr", "bool", "dict", "map", "filter", "print", "isinstance",
})
#: methods that only read their receiver
READING_METHODS = frozenset({"count", "index", "copy", "get", "keys", "values", "items"})


def read_only_params(fn) -> list[str]:
    """The parameters of ``fn`` (a FunctionInfo) that its body only reads."""
    node = fn.node
    if not isinstance(node, nodes.FunctionDef):
        return []
    out = []
    for name in fn.params:
        if name.startswith("$") or name in fn.cells:
            continue
        uses = [n for n in node.nodes_of_class((nodes.Name, nodes.AssignName))
                if n.name == name and not isinstance(n.parent, nodes.Arguments)]
        if all(isinstance(n, nodes.Name) and _reads(n, fn) for n in uses):
            out.append(name)
    return out


def _reads(n: nodes.Name, fn) -> bool:
    """Does this use of the name only read the object it holds?"""
    p = n.parent
    if isinstance(p, nodes.Call) and n in p.args and isinstance(p.func, nodes.Name):
        name = p.func.name
        return name in READING_BUILTINS and name not in fn.locals and name not in fn.module.functions \
            and not (name in ("map", "filter") and p.args and p.args[0] is n)
    if isinstance(p, nodes.Call) and n in p.args and isinstance(p.func, nodes.Attribute):
        return p.func.attrname in READING_METHODS  # compared with the items, or a key looked up
    if isinstance(p, nodes.Subscript) and p.value is n:
        return p.ctx == Context.Load  # (astroid: Store for any target, Del for del)
    if isinstance(p, nodes.Subscript) and p.slice is n or isinstance(p, nodes.Slice):
        return True  # an index, a key (only a hashable value is kept as one), a slice bound
    if isinstance(p, nodes.Attribute) and p.expr is n:
        return p.attrname in READING_METHODS and isinstance(p.parent, nodes.Call) and p.parent.func is p
    if isinstance(p, (nodes.For, nodes.Comprehension)) and p.iter is n:
        return True
    if isinstance(p, nodes.Compare):
        return True
    if isinstance(p, nodes.BinOp) and p.op in ("+", "*"):
        return True
    return _tested(n)


def _tested(n) -> bool:
    """Is the value of ``n`` used only for its truth (``if n``, ``not n``, ``n and x`` tested)?"""
    p = n.parent
    if isinstance(p, (nodes.If, nodes.While, nodes.IfExp, nodes.Assert)) and p.test is n:
        return True
    if isinstance(p, nodes.UnaryOp) and p.op == "not":
        return True
    if isinstance(p, nodes.Comprehension) and n in p.ifs:
        return True
    if isinstance(p, nodes.BoolOp):  # its value may be n itself: only if it is tested too
        return _tested(p)
    return False
