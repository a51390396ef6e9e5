"""Pass ``tuple-sroa``: tuples of known length travel as their elements.

A tuple is a heap value: building one allocates a VM list (about as much
time as a dozen scalar operations). Most tuples in numeric code are built,
passed around a loop and unpacked: ``a, b = p; p = (b, a + b)``. This pass
replaces such tuples by their elements (scalar replacement of aggregates):

* a *web* is a set of SSA values of one fixed-length tuple type connected by
  branch edges: ``make_tuple`` results and block arguments all of whose
  incoming values are in the web;
* each block argument of a web becomes one block argument per element, each
  edge passing the elements of its incoming value;
* ``t[k]`` with a constant ``k`` (unpacking, literal indices) reads the
  element value; ``len(t)`` is the constant length;
* every other use (a call, a return, a dynamic index, boxing) gets the tuple
  built right before it, from the elements (``make_tuple``): the allocation
  moves from every iteration to the places the tuple leaves the function.

Identity is the one thing this changes (a tuple built twice is two objects),
so a web any of whose values reaches ``is`` is left alone.
"""
from __future__ import annotations

from iree.compiler import ir

from .. import dialect as d
from ..types import PyType
from . import register, successor_operands

T = PyType


def _tuple_type(v):
    name = d.type_name(v.type)
    if name is None or not name.startswith("tuple<"):
        return None
    t = d.py_type(v.type)
    return t if t.elts is not None else None


def _owner(v):
    o = v.owner
    return o.operation if hasattr(o, "operation") else (o if hasattr(o, "name") else None)


@register("tuple-sroa")
def run(module: ir.Module) -> None:
    for op in module.body.operations:
        if op.operation.name == "func.func" and len(op.operation.regions[0].blocks):
            done: set = set()  # webs left alone, by a make_tuple or block argument in them
            while _Function(op.operation).split_one(done):
                pass  # each split rebuilds branches: look at the function afresh


class _Function:
    def __init__(self, fop):
        self.blocks = list(fop.regions[0].blocks)
        self.preds: dict = {b: [] for b in self.blocks}
        for block in self.blocks:
            ops = list(block.operations)
            if ops:
                term = ops[-1].operation
                for i, succ in enumerate(term.successors):
                    self.preds[succ].append((term, i))

    def split_one(self, done: set) -> bool:
        """Split one splittable web not seen before; False when none is left."""
        candidates = self._candidates()
        if not candidates:
            return False
        names = ir.AsmState(candidates[0])  # one naming of the module for every key
        for web in self._webs(candidates):
            key = _key(web, names)
            if key in done:
                continue
            done.add(key)
            if self._splittable(web):
                self._split(web)
                return True
        return False

    # ---- finding webs -------------------------------------------------------------------
    def _candidates(self) -> list:
        out = []
        for block in self.blocks:
            for arg in block.arguments:
                if _tuple_type(arg) is not None:
                    out.append(arg)
            for op in block.operations:
                op = op.operation
                if op.name == d.MAKE_TUPLE:
                    out.append(op.results[0])
        return out

    def _incoming(self, arg):
        """The values every edge passes to block argument ``arg``."""
        block, k = arg.owner, arg.arg_number
        return [successor_operands(term)[i][k] for term, i in self.preds[block]]

    def _webs(self, candidates) -> list:
        """Connected sets of tuple values linked by branch edges (union-find)."""
        parent = {v: v for v in candidates}

        def find(v):
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for v in candidates:
            if _owner(v) is None:  # a block argument
                for u in self._incoming(v):
                    if u in parent:
                        parent[find(u)] = find(v)
        groups: dict = {}
        for v in candidates:
            groups.setdefault(find(v), []).append(v)
        return list(groups.values())

    def _splittable(self, web) -> bool:
        """Split only what cannot change a result: a tuple built again where it
        escapes is a new object, so a web may escape (be used other than by a
        constant index, ``len`` or an edge inside the web) at one place only,
        outside any loop, and not from a ``make_tuple`` (that one keeps its own
        object); with two escapes ``p is p`` could compare two objects."""
        t0 = _tuple_type(web[0])
        members = set(web)
        escapes = []
        for v in web:
            t = _tuple_type(v)
            if len(t.elts) != len(t0.elts):
                return False
            if _owner(v) is None:
                if v.owner == self.blocks[0]:
                    return False  # a function argument: it arrives built
                if any(u not in members for u in self._incoming(v)):
                    return False  # some edge passes a tuple from elsewhere
            for use in v.uses:
                user = use.owner
                user = user.operation if hasattr(user, "operation") else user
                leaves = self._leaves(v, user, members) if user.name in ("cf.br", "cf.cond_br") \
                    else _escapes(user)
                if leaves:
                    if _owner(v) is not None:
                        return False  # the built tuple itself leaves: keep the web whole
                    escapes.append(user)
        if len(escapes) > 1:
            return False
        return not escapes or not self._reaches_itself(escapes[0].block)

    def _reaches_itself(self, block) -> bool:
        """Is ``block`` in a loop (can control come back to it)?"""
        ops = list(block.operations)
        return any(self._reaches(succ, block) for succ in ops[-1].operation.successors) if ops else False

    @staticmethod
    def _leaves(v, term, members) -> bool:
        """Does branch ``term`` pass ``v`` to a block argument outside the web?"""
        for i, succ in enumerate(term.successors):
            for k, x in enumerate(successor_operands(term)[i]):
                if x == v and succ.arguments[k] not in members:
                    return True
        return False

    def _reaches(self, start, goal) -> bool:
        """Can control get from block ``start`` back to block ``goal``?"""
        seen, work = set(), [start]
        while work:
            b = work.pop()
            if b == goal:
                return True
            if b in seen:
                continue
            seen.add(b)
            ops = list(b.operations)
            if ops:
                work.extend(ops[-1].operation.successors)
        return False

    # ---- splitting ----------------------------------------------------------------------
    def _split(self, web) -> None:
        members = set(web)
        built = [(v, _owner(v)) for v in web if _owner(v) is not None]  # the make_tuple ops
        self.replaced: dict = {}  # a read element's old value → the element (ops erased at the end)
        self.retired: list = []
        elements: dict = {}
        new_args: dict = {}  # block → [(old arg, [new element args])]
        for v in web:
            t = _tuple_type(v)
            op = _owner(v)
            if op is not None:  # make_tuple: its operands are the elements
                elements[v] = list(op.operands)
            else:
                block = v.owner
                parts = [block.add_argument(d.ir_type(e), ir.Location.unknown()) for e in t.elts]
                elements[v] = parts
                new_args.setdefault(block, []).append((v, parts))
        # edges: drop the tuple operands of split arguments, pass their elements
        edits: dict = {}  # terminator → {successor index: (indices to drop, values to add)}
        for block, args in new_args.items():
            for term, i in self.preds[block]:
                drop, add = edits.setdefault(term, {}).setdefault(i, (set(), []))
                operands = successor_operands(term)[i]
                for old, parts in args:
                    incoming = operands[old.arg_number]
                    drop.add(old.arg_number)
                    with term.location, ir.InsertionPoint(term):
                        add.extend(_coerce(self.resolve(x), p.type) for x, p in zip(elements[incoming], parts))
        for term, by_edge in edits.items():
            _rebuild_edges(term, by_edge)
        # uses: constant indices read elements, the rest get the tuple built again
        for v in web:
            for use in list(v.uses):
                user = use.owner
                if user.name in ("cf.br", "cf.cond_br"):
                    continue  # an edge to another member (rebuilt above) or to elsewhere (below)
                self._replace_use(v, user, [self.resolve(x) for x in elements[v]], members)
        for v in web:  # edges to blocks outside the web pass the tuple built
            if _owner(v) is not None:
                continue  # the make_tuple itself
            for use in list(v.uses):
                user = use.owner
                if user.name in ("cf.br", "cf.cond_br"):
                    with user.location, ir.InsertionPoint(user):
                        again = d.make_tuple([self.resolve(x) for x in elements[v]], _tuple_type(v))
                    _replace_operand(user, use.operand_number, again)
        for op in self.retired:
            op.erase()
        for block, args in new_args.items():
            for old, _ in sorted(args, key=lambda a: -a[0].arg_number):
                users = [u.owner.name for u in old.uses]
                if users:
                    raise AssertionError(f"tuple-sroa: a split block argument is still used by {users}")
                block.erase_argument(old.arg_number)
        for v, op in built:
            if not any(True for _ in v.uses):
                op.erase()

    def resolve(self, x):
        """An element value, after the reads this pass replaced."""
        while x in self.replaced:
            x = self.replaced[x]
        return x

    def _replace_use(self, v, user, parts, members) -> None:
        t = _tuple_type(v)
        if _owner(v) is not None and _escapes(user):
            return  # a use of the built tuple keeps it (no new allocation)
        with user.location, ir.InsertionPoint(user):
            if user.name == d.TUPLE_GET and "in_range" in user.attributes:
                k = _constant(user.operands[1])
                if k is not None and 0 <= k < len(parts):
                    new = _coerce(parts[k], user.results[1].type)
                    user.results[1].replace_all_uses_with(new)
                    user.results[0].replace_all_uses_with(d.success())
                    self.replaced[user.results[1]] = new
                    self.retired.append(user)
                    return
            if user.name == d.TUPLE_LEN:
                user.results[0].replace_all_uses_with(d.constant(len(parts), T.INT))
                self.retired.append(user)
                return
            built = d.make_tuple(parts, t)
        for i, operand in enumerate(user.operands):
            if operand == v:
                user.operands[i] = built


def _key(web, names) -> tuple:
    """A name of a web that survives rebuilding the function's branches: its
    values' printed forms (a split web has no tuple values left). ``names``: an
    AsmState of the module, made once (``v.get_name()`` alone numbers the whole
    module again for every value)."""
    return tuple(sorted(v.get_name(names) for v in web))


def _escapes(user) -> bool:
    """Does this use need the tuple itself (not a constant index or its length)?"""
    if user.name == d.TUPLE_GET and "in_range" in user.attributes and _constant(user.operands[1]) is not None:
        return False
    return user.name != d.TUPLE_LEN


def _constant(v):
    op = _owner(v)
    if op is not None and op.name == d.CONSTANT and d.type_name(v.type) == "integer":
        return ir.IntegerAttr(op.attributes["value"]).value
    return None


def _coerce(x, ty):
    """``x`` as a value of pydm type ``ty`` (an element read as a wider type)."""
    if x.type == ty:
        return x
    want = d.py_type(ty)
    if want.is_dynamic:
        return d.box(x, want)
    return d.static_cast(x, want)


def _rebuild_edges(term, by_edge) -> None:
    """Rebuild branch ``term``: per successor, drop some operands and append others."""
    from iree.compiler.dialects import cf
    operands = list(term.operands)
    edges = []
    for i in range(len(term.successors)):
        current = successor_operands(term)[i]
        drop, add = by_edge.get(i, (set(), []))
        edges.append([x for k, x in enumerate(current) if k not in drop] + list(add))
    with term.location, ir.InsertionPoint(term):
        if term.name == "cf.br":
            cf.BranchOp(edges[0], term.successors[0])
        else:
            cf.CondBranchOp(operands[0], edges[0], edges[1], term.successors[0], term.successors[1])
    term.erase()


def _replace_operand(op, index: int, value) -> None:
    op.operands[index] = value

