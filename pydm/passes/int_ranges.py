"""Pass ``int-ranges``: interval facts on SSA values drop checks that cannot fail.

Every ``int`` ``+ - *`` is checked for 64-bit overflow, a compare and a
branch each time it runs. This pass computes, for every integer SSA value,
an interval that contains it (``ranges.py`` holds the arithmetic), by
abstract interpretation over the control-flow graph:

* constants, operators (``x % 7`` is in [0, 6] whatever ``x``), ``x * x``
  (never negative), ``len``, range-loop counters;
* a branch on ``a < b`` narrows ``a`` and ``b`` in the blocks its edges lead
  to (after ``if n < 2: return n``, ``n >= 2`` below);
* a block argument takes the hull of what its predecessors pass; loops are
  iterated to a fixed point, widening a bound that keeps moving to the
  64-bit limit.

Then an int ``+ - *`` whose result provably fits is marked ``infallible``
(lowered without a check), one whose operands are provably >= 0 ``nonneg``
(cheaper checks), and a float division whose divisor is provably positive
``infallible``. Last, ``float(i + k)`` of an integer known to lie within
+-2**53 becomes ``float(i) + k`` (exact there), so the copies of an
unrolled loop share one int-to-float conversion per trip.
"""
from __future__ import annotations

from fractions import Fraction

from iree.compiler import ir

from .. import dialect as d
from ..frontend import ranges
from ..frontend.semantics import SYMBOL
from ..types import PyType
from . import register, successor_operands

T = PyType
FULL = ranges.FULL
POS, NONNEG = ranges.POS, ranges.NONNEG
EXACT_FLOAT = 2 ** 53
#: a bound that changed this many times jumps to the 64-bit limit
WIDEN_AFTER = 3
#: rounds after the fixed point that may tighten what widening loosened
NARROWING_ROUNDS = 3
#: a fact that cannot hold: the edge (or select side) it is on never runs
EMPTY = "empty"


def _name(op) -> str:
    return op.name


def _tname(v) -> str | None:
    return d.type_name(v.type)


def _owner(v):
    o = v.owner
    return o.operation if hasattr(o, "operation") else o if hasattr(o, "name") else None


def _const_int(v):
    op = _owner(v)
    if op is not None and op.name == d.CONSTANT and _tname(v) == "integer":
        return ir.IntegerAttr(op.attributes["value"]).value
    return None


def _const_float(v):
    op = _owner(v)
    if op is not None and op.name == d.CONSTANT and _tname(v) == "real":
        return ir.FloatAttr(op.attributes["value"]).value
    return None


def _known_sign(dunder: str, x, y) -> str | None:
    """The operand of ``a + b`` / ``a - b`` whose sign is known ("b>=0", ...):
    the result can then overflow one way only (one compare, numeric/ints.py).
    For ``-`` only b's sign says which way."""
    sides = (("b", y), ("a", x)) if dunder == "add" else (("b", y),)
    for name, iv in sides:
        if iv is not None and iv[0] >= 0:
            return name + ">=0"
        if iv is not None and iv[1] <= 0:
            return name + "<=0"
    return None


def _hull(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), max(a[1], b[1]))


def _meet(a, b):
    if a is None or b is None:
        return a if b is None else b
    lo, hi = max(a[0], b[0]), min(a[1], b[1])
    return (lo, hi) if lo <= hi else a


def _sign_meet(a, b):
    """The sign fact of a value that is either ``a`` or ``b``."""
    if a == POS and b == POS:
        return POS
    if a in (POS, NONNEG) and b in (POS, NONNEG):
        return NONNEG
    return None


@register("int-ranges")
def run(module: ir.Module) -> None:
    for op in module.body.operations:
        if op.operation.name == "func.func" and len(op.operation.regions[0].blocks):
            analysis = _Analysis(op.operation)
            analysis.solve()
            mark(analysis)
            share_float_conversions(analysis)


class _Analysis:
    def __init__(self, fop):
        self.blocks = list(fop.regions[0].blocks)
        self.preds: dict = {b: [] for b in self.blocks}
        #: each block's ops (``Operation``s), read once: the fixed point visits
        #: every block several times, and each read of ``block.operations``
        #: makes a Python object per op
        self.ops: dict = {}
        #: per terminator: the operands it passes to each successor
        self.passed: dict = {}
        for block in self.blocks:
            ops = self.ops[block] = [op.operation for op in block.operations]
            if not ops:
                continue
            term = ops[-1]
            if len(term.successors):
                self.passed[term] = successor_operands(term)
            for i, succ in enumerate(term.successors):
                self.preds[succ].append((term, i, block))
        #: per block: its ops that may give an int or float result a fact
        #: (``_transfer`` ignores the others)
        self.transfers: dict = {b: [op for op in ops if len(op.results) and op.name.startswith("iree_pydm.")]
                                for b, ops in self.ops.items()}
        self.tnames: dict = {}   # value → its pydm type's name (``_tn``)
        self.iv: dict = {}       # int value → interval (absent: unknown/full)
        self.sign: dict = {}     # float value → POS / NONNEG
        self.refine: dict = {b: {} for b in self.blocks}  # facts on entry to a block
        self.changes: dict = {}
        self.visited: set = set()  # blocks visited once: their values are no longer bottom
        self.narrowing = False
        self.order = self._reverse_postorder()
        self.live_in = self._live_in()

    def _reverse_postorder(self):
        seen, out = set(), []
        stack = [(self.blocks[0], False)]
        while stack:
            block, done = stack.pop()
            if done:
                out.append(block)
                continue
            if block in seen:
                continue
            seen.add(block)
            stack.append((block, True))
            ops = self.ops[block]
            if ops:
                for succ in ops[-1].successors:
                    if succ not in seen:
                        stack.append((succ, False))
        return list(reversed(out))

    def _live_in(self) -> dict:
        """The values each block (or a block after it) reads that it does not
        define. A branch fact about a value matters only where the value is
        still read: keeping just those keeps the fact tables the size of the
        live set, not of everything refined so far (straight-line code with one
        test per statement was quadratic)."""
        uses, defs = {}, {}
        for block in self.blocks:
            defined = set(block.arguments)
            used = set()
            for op in self.ops[block]:
                for v in op.operands:
                    if v not in defined:
                        used.add(v)
                defined.update(op.results)
            uses[block], defs[block] = used, defined
        succs = {b: [] for b in self.blocks}
        for block, edges in self.preds.items():
            for _, _, pred in edges:
                succs[pred].append(block)
        live = {b: set(uses[b]) for b in self.blocks}
        ordered = set(self.order)
        postorder = list(reversed(self.order)) + [b for b in self.blocks if b not in ordered]
        changed = True
        while changed:
            changed = False
            for block in postorder:
                out = set()
                for succ in succs[block]:
                    out |= live[succ]
                new = uses[block] | (out - defs[block])
                if len(new) != len(live[block]):
                    live[block] = new
                    changed = True
        return live

    def _tn(self, v) -> str | None:
        """``_tname(v)``, read once per value (each read of ``v.type`` makes an object)."""
        t = self.tnames.get(v, False)
        if t is False:
            t = self.tnames[v] = _tname(v)
        return t

    # ---- reading facts -------------------------------------------------------------------
    def interval(self, v, block=None):
        """The interval of int value ``v`` as seen in ``block`` (None: unknown)."""
        base = self.iv.get(v)
        if block is not None:
            r = self.refine[block].get(v)
            if r is not None and r is not EMPTY:
                return _meet(base, r) if base is not None else r
        return base

    def _set(self, table, v, value) -> bool:
        old = table.get(v)
        if value == old:
            return False
        if self.narrowing:  # recomputed from a sound state: sound, and may shrink
            table[v] = value
            return True
        if table is self.iv and old is not None and value is not None:
            count = self.changes.get(v, 0) + 1
            self.changes[v] = count
            value = _hull(old, value)
            if count >= WIDEN_AFTER:  # keeps growing: jump to the limit
                value = (ranges.INT64_MIN if value[0] < old[0] else value[0],
                         ranges.INT64_MAX if value[1] > old[1] else value[1])
            if value == old:
                return False
        table[v] = value
        return True

    # ---- the fixed point -------------------------------------------------------------------
    def solve(self) -> None:
        for _ in range(64):
            changed = False
            for block in self.order:
                changed |= self._visit(block)
            if not changed:
                break
        # widening overshoots (a loop counter bounded by its test jumped to the
        # limit); a few more rounds from the sound state recover the bounds
        self.narrowing = True
        for _ in range(NARROWING_ROUNDS):
            changed = False
            for block in self.order:
                changed |= self._visit(block)
            if not changed:
                break
        self.narrowing = False

    def _edge_facts(self, term, index, pred):
        """Facts that hold on the edge ``term`` → successor ``index``: the
        predecessor's facts and what the branch condition says on that edge."""
        facts = dict(self.refine[pred])
        if term.name == "cf.cond_br":
            self._narrow(facts, term.operands[0], index == 0, pred)
        keep = self.live_in[term.successors[index]].union(self.passed[term][index])
        return {v: r for v, r in facts.items() if v in keep or r is EMPTY}

    def _narrow(self, facts: dict, pred, holds: bool, block) -> None:
        """Add to ``facts`` what the i1 ``pred`` being ``holds`` says of int values."""
        cond = _condition(pred)
        if cond is None:
            return
        op, a, b, negate = cond
        if holds == negate:
            op = _NEGATE[op]
        for x, y, o in ((a, b, op), (b, a, _FLIP[op])):
            # only an int compared with an int: ``n < 1e19`` bounds nothing
            # (a float's interval is unknown, not the int range)
            if self._tn(x) != "integer" or self._tn(y) != "integer":
                continue
            bound = _bound(o, self.interval(y, block) or FULL)
            if bound is not None:
                current = facts.get(x) or self.interval(x, block) or FULL
                if current is EMPTY:
                    continue
                met = ranges.meet(current, bound)
                facts[x] = met if met is not None else EMPTY

    def _edge_value(self, term, index, k, pred, facts):
        """The interval the edge passes to the successor's argument ``k``."""
        v = self.passed[term][index][k]
        base = self.iv.get(v)
        r = facts.get(v)
        if r is not None and r is not EMPTY:
            return _meet(base, r) if base is not None else r
        return base

    def _visit(self, block) -> bool:
        # an edge from a block not visited yet passes nothing yet (bottom), and
        # an edge whose condition cannot hold never runs
        edges = [e for e in self.preds[block] if e[2] in self.visited]
        per_edge = [e for e in ((t, i, p, self._edge_facts(t, i, p)) for t, i, p in edges)
                    if EMPTY not in e[3].values()]
        if block is not self.blocks[0] and not per_edge:
            return False  # not reached (yet)
        changed = block not in self.visited
        self.visited.add(block)
        if per_edge:
            # facts on entry: what every edge agrees on
            keys = set(per_edge[0][3])
            for e in per_edge[1:]:
                keys &= set(e[3])
            merged = {}
            for key in keys:
                hull = None
                for e in per_edge:
                    hull = _hull(hull, e[3][key])
                merged[key] = hull
            if merged != self.refine[block]:
                self.refine[block] = merged
                changed = True
            for k, arg in enumerate(block.arguments):
                t = self._tn(arg)
                if t == "integer":
                    values = [self._edge_value(tm, i, k, p, f) for tm, i, p, f in per_edge]
                    if any(v is None for v in values):
                        new = None
                    else:
                        new = values[0]
                        for v in values[1:]:
                            new = _hull(new, v)
                    if new is None:
                        changed |= self.iv.pop(arg, None) is not None
                    else:
                        changed |= self._set(self.iv, arg, new)
                elif t == "real":
                    signs = [self.sign.get(self.passed[tm][i][k]) for tm, i, p, f in per_edge]
                    new = signs[0]
                    for s in signs[1:]:
                        new = _sign_meet(new, s)
                    if new != self.sign.get(arg):
                        if new is None:
                            self.sign.pop(arg, None)
                        else:
                            self.sign[arg] = new
                        changed = True
        for op in self.transfers[block]:
            changed |= self._transfer(op, block)
        return changed

    def _transfer(self, op, block) -> bool:
        name = op.name
        if not name.startswith("iree_pydm.") or not len(op.results):
            return False
        result = op.results[-1]
        t = self._tn(result)
        if t == "integer":
            iv = self._int_result(op, name, block)
            if iv is None:
                return self.iv.pop(result, None) is not None
            return self._set(self.iv, result, ranges._clip(iv) or FULL)
        if t == "real":
            s = self._float_sign(op, name, block)
            if s != self.sign.get(result):
                if s is None:
                    self.sign.pop(result, None)
                else:
                    self.sign[result] = s
                return True
        return False

    def _int_result(self, op, name, block):
        if name == d.CONSTANT:
            v = _const_int(op.results[0])
            return (v, v)
        operands = list(op.operands)
        if name == d.APPLY_BINARY:
            a, b = (self.interval(x, block) for x in operands)
            dunder = ir.StringAttr(op.attributes["dunder_name"]).value
            if dunder == "mul" and operands[0] == operands[1]:
                return _square_result(a)
            symbol = SYMBOL.get(dunder)
            if symbol in ("+", "-", "*"):
                return ranges.raw(symbol, a, b)
            return ranges.binary(symbol, a or FULL, b) if symbol else None
        if name == d.APPLY_UNARY:
            x = self.interval(operands[0], block)
            if x is None:
                return None
            dunder = ir.StringAttr(op.attributes["dunder_name"]).value
            return {"neg": (-x[1], -x[0]), "pos": x, "invert": (-x[1] - 1, -x[0] - 1),
                    "abs": (0 if x[0] <= 0 <= x[1] else min(abs(x[0]), abs(x[1])),
                            max(abs(x[0]), abs(x[1])))}.get(dunder)
        if name == d.CONVERT:
            return (0, 1) if self._tn(operands[0]) == "bool" else None
        if name == d.SELECT:  # each side as narrowed by the condition that picks it
            out = []
            for value, holds in ((operands[1], True), (operands[2], False)):
                facts: dict = {}
                self._narrow(facts, operands[0], holds, block)
                if EMPTY in facts.values():
                    continue  # this side is never picked
                x = self.interval(value, block)
                out.append(_meet(x, facts[value]) if value in facts and x is not None else facts.get(value, x))
            if not out or None in out:
                return None
            return _hull(*out) if len(out) == 2 else out[0]
        if name == d.RANGE_NEXT:
            i, stop, step = operands
            x, k = self.interval(i, block), self.interval(step, block)
            if x is None or k is None or k[0] != k[1]:
                return None
            k = k[0]
            if k in (1, -1):  # the counter moves towards its stop: no overflow
                return (x[0] + k, x[1] + k)
            moved = ranges._clip((x[0] + k, x[1] + k))
            s = self.interval(stop, block)
            return None if moved is None or s is None else _hull(moved, s)
        if name == d.TUPLE_LEN:
            return (0, 2 ** 31)
        return None

    def _float_sign(self, op, name, block):
        if name == d.CONSTANT:
            v = _const_float(op.results[0])
            return POS if v != v or v > 0 else NONNEG if v == 0 else None
        operands = list(op.operands)
        if name == d.CONVERT:
            x = self.interval(operands[0], block) if self._tn(operands[0]) == "integer" else (
                (0, 1) if self._tn(operands[0]) == "bool" else None)
            return None if x is None else POS if x[0] > 0 else NONNEG if x[0] >= 0 else None
        if name == d.APPLY_BINARY and len(operands) == 2 and all(self._tn(x) == "real" for x in operands):
            dunder = ir.StringAttr(op.attributes["dunder_name"]).value
            a, b = (self.sign.get(x) for x in operands)
            if dunder == "mul":
                if operands[0] == operands[1]:
                    return NONNEG  # a square (the same value twice)
                return NONNEG if a and b else None  # a product of positives may underflow to 0
            if dunder == "add" and a and b:
                return POS if POS in (a, b) else NONNEG
        if name == d.SELECT:
            return _sign_meet(self.sign.get(operands[1]), self.sign.get(operands[2]))
        return None


# ---- using the facts --------------------------------------------------------------------
def mark(facts: _Analysis) -> None:
    """Attributes that drop checks the facts prove unneeded: ``in_range`` on a
    tuple read, ``infallible``/``nonneg``/``known_sign`` on int arithmetic,
    ``infallible`` on a float division by a positive value."""
    unit = ir.UnitAttr.get()
    for block in facts.blocks:
        for op in facts.ops[block]:  # (only attributes change here)
            if op.name == d.TUPLE_GET and "in_range" not in op.attributes:
                t = d.py_type(op.operands[0].type)
                iv = facts.interval(op.operands[1], block)
                if t.elts is not None and iv is not None and 0 <= iv[0] and iv[1] < len(t.elts):
                    op.attributes["in_range"] = unit  # t[i % len(t)]: no bounds check
                elif iv is not None and 0 <= iv[0]:
                    op.attributes["nonneg"] = unit  # xs[i] for i >= 0: no negative index to count from the end
                continue
            if op.name == d.LIST_SET:
                iv = facts.interval(op.operands[1], block)
                if iv is not None and 0 <= iv[0]:
                    op.attributes["nonneg"] = unit
                continue
            if op.name != d.APPLY_BINARY or "infallible" in op.attributes:
                continue
            dunder = ir.StringAttr(op.attributes["dunder_name"]).value
            a, b = op.operands
            if facts._tn(a) == "integer" and facts._tn(b) == "integer":
                x, y = facts.interval(a, block), facts.interval(b, block)
                if dunder in ("add", "sub", "mul"):
                    out = _square(x) if dunder == "mul" and a == b else ranges.raw(SYMBOL[dunder], x, y)
                    if ranges.fits(out):
                        op.attributes["infallible"] = unit
                if x is not None and y is not None and x[0] >= 0 and y[0] >= 0:
                    op.attributes["nonneg"] = unit
                elif "infallible" not in op.attributes and dunder in ("add", "sub"):
                    known = _known_sign(dunder, x, y)
                    if known is not None:
                        op.attributes["known_sign"] = ir.StringAttr.get(known)
            elif dunder == "truediv" and facts._tn(b) == "real" and facts.sign.get(b) == POS:
                op.attributes["infallible"] = unit

def share_float_conversions(facts: _Analysis) -> None:
    """``float(i + k)`` → ``float(i) + k`` where both lie within +-2**53
    (exact), and ``(float(i) + k) + c`` → ``float(i) + (k + c)`` where
    ``k + c`` is exact: one conversion per base value ``i``."""
    offsets: dict = {}

    def offset(v):
        got = offsets.get(v)
        if got is not None:
            return got
        op = _owner(v)
        out = (v, 0)
        if op is not None and op.name in (d.RANGE_NEXT, d.APPLY_BINARY):
            if op.name == d.RANGE_NEXT:
                k, base = _const_int(op.operands[2]), op.operands[0]
                ok = k in (1, -1)
            else:
                dunder = ir.StringAttr(op.attributes["dunder_name"]).value
                base, k = op.operands[0], _const_int(op.operands[1])
                ok = dunder == "add" and "infallible" in op.attributes and k is not None
            if ok:
                b, j = offset(base)
                out = (b, j + k)
        offsets[v] = out
        return out

    # int->float conversions of one base value plus constant offsets, where
    # every value involved lies within +-2**53: shared where there are several
    groups: dict = {}
    for block in facts.blocks:
        for op in block.operations:
            op = op.operation
            if op.name == d.CONVERT and _tname(op.operands[0]) == "integer" and _tname(op.results[1]) == "real":
                base, k = offset(op.operands[0])
                if _within(facts.interval(base, block)) and _within(facts.interval(op.operands[0], block)):
                    groups.setdefault(base, []).append((op, k))
    converted: dict = {}
    exact: dict = {}  # float value → (conversion of the base, integer offset)
    for base, members in groups.items():
        if len(members) < 2:
            continue
        cb = _conversion_of(base, converted)
        for op, k in members:
            if k == 0:
                out = cb
            else:
                with op.location, ir.InsertionPoint(op):
                    _, out = d.apply_binary("add", cb, d.constant(float(k), T.FLOAT), T.FLOAT)
                exact[out] = (cb, k)
            op.results[1].replace_all_uses_with(out)
            op.results[0].replace_all_uses_with(d.success(ip=ir.InsertionPoint(op)))
            op.erase()
    for block in facts.blocks:
        for op in list(block.operations):
            op = op.operation
            if op.name != d.APPLY_BINARY or ir.StringAttr(op.attributes["dunder_name"]).value != "add":
                continue
            x, c = op.operands
            c_value = _const_float(c)
            if x not in exact or c_value is None:
                continue
            cb, k = exact[x]
            total = float(k) + c_value
            if Fraction(total) != Fraction(k) + Fraction(c_value):
                continue
            with op.location, ir.InsertionPoint(op):
                _, out = d.apply_binary("add", cb, d.constant(total, T.FLOAT), T.FLOAT)
            op.results[1].replace_all_uses_with(out)
            _erase_if_dead(op)
            owner = _owner(x)
            if owner is not None:
                _erase_if_dead(owner)

def _conversion_of(base, converted):
    owner = _owner(base)
    if owner is None:  # a block argument: convert at the top of its block
        ip = ir.InsertionPoint.at_block_begin(base.owner)
    else:
        ip = ir.InsertionPoint.after(owner) if hasattr(ir.InsertionPoint, "after") else ir.InsertionPoint(owner)
    with ir.Location.unknown():
        _, cb = d.convert(base, T.FLOAT, ip=ip)
    converted[base] = cb
    return cb


def _erase_if_dead(op) -> None:
    """Erase a pure pydm op nothing uses any more (a float add's exception
    result is never checked: it cannot fail)."""
    if all(not any(True for _ in r.uses) for r in op.results):
        op.erase()


def _within(iv) -> bool:
    return iv is not None and -EXACT_FLOAT <= iv[0] and iv[1] <= EXACT_FLOAT


def _square(x):
    """The exact interval of ``x * x`` (never negative); None if ``x`` is unknown."""
    if x is None:
        return None
    hi = max(x[0] * x[0], x[1] * x[1])
    lo = 0 if x[0] <= 0 <= x[1] else min(x[0] * x[0], x[1] * x[1])
    return (lo, hi)


def _square_result(x):
    """Where ``x * x`` lies if it did not overflow: at most isqrt(MAX)**2."""
    top = ranges._SQRT_MAX * ranges._SQRT_MAX
    sq = _square(x)
    return (0, top) if sq is None else (sq[0], min(sq[1], top))


_FLIP = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}
_NEGATE = {"lt": "ge", "le": "gt", "gt": "le", "ge": "lt", "eq": "ne", "ne": "eq"}
_SYMBOL = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}


def _condition(pred):
    """(compare name, a, b, negated) of a branch condition ``bool_to_pred(a <cmp> b)``."""
    negate = False
    op = _owner(pred)
    if op is None or op.name != d.BOOL_TO_PRED:
        return None
    v = op.operands[0]
    while True:
        op = _owner(v)
        if op is None:
            return None
        if op.name == d.NOT:
            negate = not negate
            v = op.operands[0]
            continue
        if op.name == d.APPLY_COMPARE:
            return ir.StringAttr(op.attributes["dunder_name"]).value, op.operands[0], op.operands[1], negate
        return None


def _bound(op: str, iv):
    """Interval of x given ``x <op> y`` holds with ``y`` in ``iv`` (op: lt, le, ...)."""
    return ranges._bound(_SYMBOL[op], iv)
