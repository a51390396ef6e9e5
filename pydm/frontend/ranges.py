"""Integer intervals known from the syntax (so checks can be dropped).

Every ``int`` ``+ - *`` is checked for 64-bit overflow, a compare and a
branch each time it runs. Where the operands' intervals prove the result
fits, the importer marks the operation ``infallible`` and the lowering emits
the bare VM op (likewise a float division whose divisor's sign is known
positive, see ``sign``). Facts come from int literals, from assignments of known
intervals, from ``range()`` loop variables, and from the edge a comparison
branched on: after ``if n < 2: return n`` the importer knows ``n >= 2``, so
``n - 1`` needs no check. The importer keeps a name's interval with its
current value (``Var.range``) and merges intervals at joins.
"""
from __future__ import annotations

import math

from astroid import nodes

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1
FULL = (INT64_MIN, INT64_MAX)
_SQRT_MAX = math.isqrt(INT64_MAX)

Interval = tuple  # (lo, hi), inclusive, Python ints


def fits(iv) -> bool:
    return iv is not None and INT64_MIN <= iv[0] and iv[1] <= INT64_MAX


def hull(a, b):
    if a is None or b is None:
        return None
    return (min(a[0], b[0]), max(a[1], b[1]))


def meet(a, b):
    """The intersection (``None`` if it is empty: keep what was known)."""
    if a is None:
        return b
    if b is None:
        return a
    lo, hi = max(a[0], b[0]), min(a[1], b[1])
    return (lo, hi) if lo <= hi else None


def _clip(iv):
    """The part of ``iv`` inside 64 bits: a result's interval once its
    operation did not raise OverflowError."""
    if iv is None:
        return None
    lo, hi = max(iv[0], INT64_MIN), min(iv[1], INT64_MAX)
    return (lo, hi) if lo <= hi else None


def raw(op: str, a, b):
    """The exact interval of ``a <op> b`` for ``+ - *`` (may leave 64 bits)."""
    if a is None or b is None:
        return None
    if op == "+":
        return (a[0] + b[0], a[1] + b[1])
    if op == "-":
        return (a[0] - b[1], a[1] - b[0])
    if op == "*":
        products = [x * y for x in a for y in b]
        return (min(products), max(products))
    return None


def binary(op: str, a, b):
    """Interval of the value of ``a <op> b`` for int operands, if it does not
    raise (``None``: unknown). Some operators bound their result whatever the
    left operand: ``x % 7`` is in [0, 6], ``x & 255`` in [0, 255]."""
    c = b[0] if b is not None and b[0] == b[1] else None
    if op == "%" and c:
        return (0, c - 1) if c > 0 else (c + 1, 0)
    if op == "&" and c is not None and c >= 0:
        return (0, c)
    if a is None or b is None:
        return None
    if op in ("+", "-", "*"):
        return _clip(raw(op, a, b))
    if op == "//" and c:
        ends = (a[0] // c, a[1] // c)
        return _clip((min(ends), max(ends)))
    if op == ">>" and c is not None and 0 <= c < 64:
        return (a[0] >> c, a[1] >> c)
    return None


def of_node(node, lookup):
    """Interval of an int expression's value (if it does not raise);
    ``lookup(name)`` gives a name's."""
    if isinstance(node, nodes.Const) and type(node.value) in (int, bool):
        v = int(node.value)
        return (v, v) if fits((v, v)) else None
    if isinstance(node, nodes.Name):
        return lookup(node.name)
    if isinstance(node, nodes.UnaryOp):
        x = of_node(node.operand, lookup)
        if x is None:
            return None
        out = {"-": (-x[1], -x[0]), "+": x, "~": (-x[1] - 1, -x[0] - 1)}.get(node.op)
        return _clip(out)
    if isinstance(node, nodes.BinOp):
        if _is_square(node):  # x * x: never negative, and if it fits, |x| <= isqrt(MAX)
            x = of_node(node.left, lookup)
            if x is None:
                return (0, _SQRT_MAX * _SQRT_MAX)
            top = min(max(x[0] * x[0], x[1] * x[1]), _SQRT_MAX * _SQRT_MAX)
            low = 0 if x[0] <= 0 <= x[1] else min(x[0] * x[0], x[1] * x[1])
            return _clip((low, top))
        return binary(node.op, of_node(node.left, lookup), of_node(node.right, lookup))
    return None


def _is_square(node) -> bool:
    return (node.op == "*" and isinstance(node.left, nodes.Name) and isinstance(node.right, nodes.Name)
            and node.left.name == node.right.name)


def op_fits(node, lookup) -> bool:
    """Can this ``+ - *`` not overflow, whatever its operands' values?"""
    if not isinstance(node, nodes.BinOp):
        return False
    return fits(raw(node.op, of_node(node.left, lookup), of_node(node.right, lookup)))


def nonneg(node, lookup) -> bool:
    iv = of_node(node, lookup)
    return iv is not None and iv[0] >= 0


def carried_intervals(loop, names, entry: dict) -> dict:
    """Intervals of loop-carried names at the loop header, from the syntax:
    the hull of the value entering the loop (``entry``: only names bound
    there) and of every assignment in the body, where each assignment's value
    is bounded whatever the other names hold (``s = (s + i * i) % 1000003``
    keeps ``s`` in [0, 1000002])."""
    values: dict = {name: [entry[name]] if name in entry else [] for name in names}
    if isinstance(loop, nodes.For):  # the loop's own target: set from the counter
        _note(values, loop.target, None)
    assignments = (nodes.Assign, nodes.AnnAssign, nodes.AugAssign, nodes.For)
    for n in (n for stmt in loop.body for n in stmt.nodes_of_class(assignments)):
        if isinstance(n, nodes.Assign):
            for target in n.targets:
                if isinstance(target, nodes.Tuple) and isinstance(n.value, nodes.Tuple):
                    for t, v in zip(target.elts, n.value.elts):
                        _note(values, t, of_node(v, _unknown))
                elif isinstance(target, nodes.Tuple):  # unpacking a value we cannot see into
                    _note(values, target, None)
                else:
                    _note(values, target, of_node(n.value, _unknown))
        elif isinstance(n, nodes.AnnAssign):
            _note(values, n.target, of_node(n.value, _unknown) if n.value is not None else None)
        else:  # augmented assignment, inner for loop
            _note(values, n.target, None)
    out = {}
    for name, ivs in values.items():
        if not ivs:
            continue
        iv = ivs[0]
        for other in ivs[1:]:
            iv = hull(iv, other)
        if iv is not None:
            out[name] = iv
    return out


def _unknown(_name):
    """A lookup that knows nothing: other names may hold anything in the loop."""
    return None


def _note(values: dict, target, iv) -> None:
    for n in target.nodes_of_class(nodes.AssignName):
        if n.name in values:
            values[n.name].append(iv)


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def _bound(op: str, r):
    """Interval of x given ``x <op> y`` holds with ``y`` in ``r``."""
    lo, hi = r
    return {"<": (INT64_MIN, hi - 1), "<=": (INT64_MIN, hi), ">": (lo + 1, INT64_MAX),
            ">=": (lo, INT64_MAX), "==": (lo, hi)}.get(op)


def narrow(test, lookup, int_name, int_expr):
    """Facts on each edge of a branch on ``test``: two dicts name → interval.

    ``int_name(name)``: the name holds an int; ``int_expr(node)``: the node
    is an int expression (its interval is then at worst ``FULL``)."""
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        t, f = narrow(test.operand, lookup, int_name, int_expr)
        return f, t
    if isinstance(test, nodes.BoolOp):
        parts = [narrow(v, lookup, int_name, int_expr) for v in test.values]
        if test.op == "and":  # true: every operand was true
            return _meet_all([p[0] for p in parts]), {}
        return {}, _meet_all([p[1] for p in parts])  # or, false: every one was false
    if not isinstance(test, nodes.Compare):
        return {}, {}
    true: dict = {}
    false: dict = {}
    left = test.left
    single = len(test.ops) == 1
    for op, right in test.ops:
        if op not in _FLIP:  # is, is not, in: no interval
            left = right
            continue
        for x, y, o in ((left, right, op), (right, left, _FLIP[op])):
            if o is None or not (isinstance(x, nodes.Name) and int_name(x.name) and int_expr(y)):
                continue
            r = of_node(y, lookup) or FULL
            fact = _bound(o, r)
            if fact is not None:
                true[x.name] = meet(true.get(x.name), fact) or true.get(x.name)
            if single:  # a chain that is false says only that some link failed
                fact = _bound(_NEGATE[o], r)
                if fact is not None:
                    false[x.name] = meet(false.get(x.name), fact) or false.get(x.name)
        left = right
    return true, false


def _meet_all(dicts):
    out: dict = {}
    for d in dicts:
        for name, iv in d.items():
            out[name] = meet(out.get(name), iv) or out.get(name)
    return out


# ---- signs (for divisors) ---------------------------------------------------------
# A division checks its divisor for zero on every run. A divisor known to be
# positive (or NaN, which is not zero either) needs no check: `4.0 / (1.0 + x*x)`.
POS = "pos"        # > 0, or NaN
NONNEG = "nonneg"  # >= 0 (-0.0 included), or NaN


def sign(node, lookup):
    """``POS``, ``NONNEG`` or ``None`` for a numeric expression (ints raise
    on overflow and floats round monotonically, so these rules hold for both)."""
    if isinstance(node, nodes.Const) and type(node.value) in (int, float, bool):
        v = node.value
        return POS if v > 0 else NONNEG if v == 0 else None
    if isinstance(node, nodes.Name):
        iv = lookup(node.name)
        if iv is None:
            return None
        return POS if iv[0] > 0 else NONNEG if iv[0] >= 0 else None
    if isinstance(node, nodes.UnaryOp) and node.op == "+":
        return sign(node.operand, lookup)
    if isinstance(node, nodes.BinOp):
        if node.op == "*":
            left, right = node.left, node.right
            if isinstance(left, nodes.Name) and isinstance(right, nodes.Name) and left.name == right.name:
                return NONNEG  # a square (the same value twice)
            a, b = sign(left, lookup), sign(right, lookup)
            return NONNEG if a and b else None  # a product of positives may underflow to 0
        if node.op == "+":
            a, b = sign(node.left, lookup), sign(node.right, lookup)
            if a and b:
                return POS if POS in (a, b) else NONNEG
    return None
