"""Which reads of a local variable may find it unbound (facts before IR).

CPython raises UnboundLocalError when a local is read before any assignment
reached it. Most reads are provably bound (parameters; a name assigned on
every path before the read); only the others need a run-time check, so the
importer asks :func:`maybe_unbound` for each ``Name`` it loads.

The analysis is a forward "definitely assigned" dataflow over the syntax.
The state is the set of names bound on every path so far (``None``: no path
reaches here). An assignment adds its names; a read that is checked adds
its name too (after the check the name is bound, or the read raised). Joins
intersect. Names are unbound again by ``del x`` and at the end of ``except E
as x`` (:func:`_deleted`): a loop's body is entered with the state entering
the loop less the names its body deletes (a body can otherwise only add
names); a handler starts with the names bound before the try less those the
try's body deletes. Operands that may
not be evaluated (the right side of ``and``/``or``, the branches of a
conditional expression, later links of a comparison chain) add nothing
beyond what every path adds.

It must be sound: a read it calls bound is never unbound at run time.
"""
from __future__ import annotations

from astroid import nodes


def maybe_unbound(fn_node: nodes.FunctionDef, params) -> frozenset:
    """The ``Name`` load nodes of ``fn_node``'s body that may find their variable unbound."""
    a = _Analysis()
    if isinstance(fn_node, nodes.Lambda):
        a.expr(fn_node.body, frozenset(params))
    else:
        a.block(fn_node.body, frozenset(params))
    return frozenset(a.unbound)


def _meet(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a & b


def _targets(node) -> set:
    return {n.name for n in node.nodes_of_class(nodes.AssignName)}


_SCOPES = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef, nodes.ListComp, nodes.SetComp, nodes.DictComp,
           nodes.GeneratorExp)


def _deleted(body) -> set:
    """The names statements ``body`` may unbind: ``del x`` and the names of
    ``except E as x`` (nested scopes excluded)."""
    out = set()
    for s in body:
        for n in s.nodes_of_class((nodes.DelName, nodes.ExceptHandler), skip_klass=_SCOPES):
            if isinstance(n, nodes.DelName):
                out.add(n.name)
            elif n.name is not None:
                out.add(n.name.name)
    return out


class _Analysis:
    def __init__(self):
        self.unbound: set = set()
        self.loops: list[list] = []  # per loop: the states at its breaks

    # ---- statements -------------------------------------------------------------------
    def block(self, body, state):
        for stmt in body:
            if state is None:
                return None
            state = self.stmt(stmt, state)
        return state

    def stmt(self, s, state):
        method = getattr(self, "stmt_" + type(s).__name__, None)
        if method is not None:
            return method(s, state)
        for child in s.get_children():  # an expression-like statement
            state = self.expr(child, state)
            if state is None:
                return None
        return state | _targets(s)

    def stmt_Assign(self, s, state):
        state = self.expr(s.value, state)
        if state is None:
            return None
        for t in s.targets:
            state = self.target(t, state)
        return state

    def stmt_AnnAssign(self, s, state):
        if s.value is None:
            return state
        state = self.expr(s.value, state)
        return None if state is None else self.target(s.target, state)

    def stmt_AugAssign(self, s, state):
        state = self.expr(s.target, state)  # reads the target first
        state = self.expr(s.value, state)
        return None if state is None else self.target(s.target, state)

    def target(self, t, state):
        """Bind an assignment target (its subscripts and the like are read first)."""
        if isinstance(t, nodes.AssignName):
            return state | {t.name}
        if isinstance(t, (nodes.Tuple, nodes.List)):
            for e in t.elts:
                state = self.target(e, state)
            return state
        if isinstance(t, nodes.Starred):
            return self.target(t.value, state)
        for child in t.get_children():
            state = self.expr(child, state)
        return state

    def stmt_Return(self, s, state):
        if s.value is not None:
            self.expr(s.value, state)
        return None

    def stmt_Break(self, s, state):
        if self.loops:
            self.loops[-1].append(state)
        return None

    def stmt_Continue(self, s, state):
        return None

    def stmt_If(self, s, state):
        state = self.expr(s.test, state)
        if state is None:
            return None
        return _meet(self.block(s.body, state), self.block(s.orelse, state))

    def stmt_While(self, s, state):
        head = self.expr(s.test, state - _deleted(s.body))
        if head is None:
            return None
        self.loops.append([])
        self.block(s.body, head)
        breaks = self.loops.pop()
        infinite = isinstance(s.test, nodes.Const) and bool(s.test.value)
        out = None if infinite else self.block(s.orelse, head)
        for b in breaks:
            out = _meet(out, b)
        return out

    def stmt_For(self, s, state):
        state = self.expr(s.iter, state)
        if state is None:
            return None
        state = state - _deleted(s.body)
        self.loops.append([])
        self.block(s.body, self.target(s.target, state))
        breaks = self.loops.pop()
        out = self.block(s.orelse, state)
        for b in breaks:
            out = _meet(out, b)
        return out

    def stmt_Raise(self, s, state):
        state = self.expr(s.exc, state)  # raise e reads e; raise E(x) reads x
        self.expr(s.cause, state)
        return None

    def stmt_Assert(self, s, state):
        state = self.expr(s.test, state)
        self.expr(s.fail, state)  # evaluated only when the test fails
        return state

    def stmt_Try(self, s, state):
        """A handler may start after any prefix of the body, so only the names
        bound before the try are sure in it; so too on the final body's
        exception path. What follows the try is reached by the body and
        else, or by a handler, then the final body."""
        out = self.block(s.orelse, self.block(s.body, state))
        caught = state - _deleted(s.body)
        for h in s.handlers:
            if h.name is None:
                out = _meet(out, self.block(h.body, caught))
            else:  # except E as x: x is bound in the handler, unbound after it
                end = self.block(h.body, caught | {h.name.name})
                out = _meet(out, end - {h.name.name} if end is not None else None)
        if s.finalbody:
            # the exception path (its reads): from anywhere in the body, else or a handler
            self.block(s.finalbody, state - _deleted(s.body + s.orelse + s.handlers))
            out = self.block(s.finalbody, out) if out is not None else None
        return out

    def stmt_FunctionDef(self, s, state):
        for default in s.args.defaults or []:
            state = self.expr(default, state)
        return None if state is None else state | {s.name}

    def stmt_Delete(self, s, state):
        for t in s.targets:
            if isinstance(t, nodes.DelName):
                if t.name not in state:
                    self.unbound.add(t)  # checked: unbound raises UnboundLocalError
                state = state - {t.name}
            else:
                for child in t.get_children():
                    state = self.expr(child, state)
        return state

    def stmt_Expr(self, s, state):
        return self.expr(s.value, state)

    def stmt_Pass(self, s, state):
        return state

    # ---- expressions ------------------------------------------------------------------
    def expr(self, e, state):
        """The state after evaluating ``e`` (None: it never completes)."""
        if state is None or e is None:
            return state
        if isinstance(e, nodes.Name):
            if e.name not in state:
                self.unbound.add(e)
                return state | {e.name}  # checked: bound from here on
            return state
        if isinstance(e, nodes.BoolOp):
            first = self.expr(e.values[0], state)
            for v in e.values[1:]:
                self.expr(v, first)  # maybe not evaluated
            return first
        if isinstance(e, nodes.IfExp):
            s = self.expr(e.test, state)
            return _meet(self.expr(e.body, s), self.expr(e.orelse, s))
        if isinstance(e, nodes.Compare):
            s = self.expr(e.left, state)
            s = self.expr(e.ops[0][1], s)
            for _, v in e.ops[1:]:
                self.expr(v, s)  # maybe not evaluated
            return s
        if isinstance(e, (nodes.ListComp, nodes.SetComp, nodes.DictComp, nodes.GeneratorExp)):
            # the first iterable is read here; the rest runs in the comprehension's
            # own scope, where its targets are bound (and do not leak out)
            first = self.expr(e.generators[0].iter, state)
            if first is None:
                return None
            inner = first
            for i, g in enumerate(e.generators):
                if i:
                    inner = self.expr(g.iter, inner)
                inner = self.target(g.target, inner)
                for cond in g.ifs:
                    inner = self.expr(cond, inner)
            for part in ("elt", "key", "value"):
                if getattr(e, part, None) is not None:
                    self.expr(getattr(e, part), inner)
            return first
        if isinstance(e, nodes.Lambda):
            return state  # its own scope
        if isinstance(e, nodes.NamedExpr):  # (y := v): v is read first, then y is bound
            return self.target(e.target, self.expr(e.value, state))
        for child in e.get_children():
            state = self.expr(child, state)
        return state
