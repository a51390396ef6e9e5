"""The syntax walker's rules for slice assignments of typed lists (part of
``FunctionImporter``): statement shapes whose general path would build a list
only to read it back, done in place instead, with CPython's order of
evaluation and results (``lists.py`` emits them; tests in
``tests/lists/test_slice_rules.py``)."""
from __future__ import annotations

from astroid import nodes

from ..types import PyType
from .literals import const_value

T = PyType


class SliceRuleWalker:
    def self_slice_assign(self, target, value) -> bool:
        """``xs[a:b:c] = xs[d:e:f]`` (fannkuch's ``perm[:k + 1] = perm[k::-1]``) of
        a typed list, whose bounds are int arithmetic on names and constants (they
        cannot change ``xs``) and whose source step is absent or a nonzero
        constant (reading the source cannot raise): the bounds are evaluated in
        CPython's order, then the slots move in place where that gives CPython's
        result (``lists.py`` ``store_self_slice``). False: not this shape."""
        if not (_slice_of_name(target) and _slice_of_name(value) and target.value.name == value.value.name
                and self.emit.typed_type(self.type_of(value.value))):
            return False
        step = value.slice.step
        if step is not None and (type(const_value(step)) not in (int, bool) or const_value(step) == 0):
            return False
        slices = (value.slice, target.slice)
        if not all(self.int_arithmetic(p) for sl in slices for p in (sl.lower, sl.upper, sl.step) if p is not None):
            return False
        evaluated = []
        for node in (value, target):
            evaluated.append(self.expr(node.value))
            for p in (node.slice.lower, node.slice.upper, node.slice.step):
                evaluated.append(self.expr(p) if p is not None else None)
                if self.fb.block is None:
                    return True
        flip = (target.slice.lower is None and target.slice.step is None and value.slice.upper is None
                and const_value(step) == -1)
        self.emit.store_self_slice(evaluated[4], evaluated[5:], evaluated[1:4], flip)
        return True

    def fill_slice_assign(self, target, value) -> bool:
        """``xs[a:b:c] = [v] * m`` (or ``m * [v]``; the sieve's ``flags[i * i::i] =
        [False] * ...``) of a typed list with int bounds: ``v`` and ``m`` first,
        ``[v] * m``'s MemoryError, then the target and its bounds, as CPython
        evaluates them, and one library call that fills the slice with ``v``
        (``lists.py`` ``store_fill_slice``: no list of m items). False: not this shape."""
        if not (isinstance(target, nodes.Subscript) and isinstance(target.slice, nodes.Slice)
                and isinstance(value, nodes.BinOp) and value.op == "*"
                and self.emit.typed_type(self.type_of(target.value))):
            return False
        one, count = (value.left, value.right) if isinstance(value.left, nodes.List) else (value.right, value.left)
        if not (isinstance(one, nodes.List) and len(one.elts) == 1 and not isinstance(one.elts[0], nodes.Starred)
                and self.type_of(count) in (T.INT, T.BOOL)):
            return False
        parts = [p for p in (target.slice.lower, target.slice.upper, target.slice.step) if p is not None]
        if not all(self.type_of(p) in (T.INT, T.BOOL, T.NONE) for p in parts):
            return False
        evaluated = {}
        for node in (value.left, value.right):
            evaluated[node] = self.expr(one.elts[0] if node is one else node)
            if self.fb.block is None:
                return True
        m = self.emit.promote(evaluated[count], T.INT)
        self.emit.check_repeat_size(m)
        xs = self.expr(target.value)
        bounds = []
        for p in (target.slice.lower, target.slice.upper, target.slice.step):
            bounds.append(self.expr(p) if p is not None else None)
            if self.fb.block is None:
                return True
        self.emit.store_fill_slice(xs, bounds, evaluated[one], m)
        return True

    def int_arithmetic(self, node) -> bool:
        """Is ``node`` int/bool arithmetic on names and constants (or None), which
        reads no list and calls nothing?"""
        if isinstance(node, nodes.BinOp):
            parts = [node.left, node.right]
        elif isinstance(node, nodes.UnaryOp):
            parts = [node.operand]
        elif isinstance(node, (nodes.Name, nodes.Const)):
            parts = []
        else:
            return False
        return self.type_of(node) in (T.INT, T.BOOL, T.NONE) and all(map(self.int_arithmetic, parts))


def _slice_of_name(node) -> bool:
    """``name[a:b:c]``."""
    return (isinstance(node, nodes.Subscript) and isinstance(node.value, nodes.Name)
            and isinstance(node.slice, nodes.Slice))
