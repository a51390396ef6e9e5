"""The typing of typed list storage (``list_storage.py`` finds the groups of
list variables no other place can see; this gives each group its element
type). A mixin of the function typer (``typing.py``): ``spec.list_elts[g]``
is the join of every value stored into the lists of group ``g`` (BOTTOM while
nothing is known, None once a creation of it made something else than a
list); the group's lists are ``list<integer>``/``list<real>``/``list<bool>``
if that join is ``int``/``float``/``bool``, else ``list<object>``.
"""
from __future__ import annotations

from astroid import nodes

from ..types import ListType, PyType, join, list_of
from . import list_storage
from .literals import const_value
from . import semantics as sem
from .scopes import variable_key

T = PyType


def settle_empty_groups(specs) -> bool:
    """After a fixed point: a group nothing is ever stored into (its element
    type still unknown) becomes ``list<object>``; True if there was one (the
    fixed point is then sought again)."""
    empty = [(spec, g) for spec in specs for g, t in spec.list_elts.items() if t is T.BOTTOM]
    for spec, g in empty:
        spec.list_elts[g] = T.OBJECT
    return bool(empty)


class ListTyping:
    """The list-group part of ``_FunctionTyper`` (``self.spec``, ``self.fn``,
    ``self.vars`` are the typer's)."""

    def init_list_groups(self) -> None:
        groups = getattr(self.fn, "_list_groups", None)
        if groups is None:
            groups = self.fn._list_groups = list_storage.ListGroups(self.fn)
        self.groups = groups
        #: group -> the element type its parameters' lists arrive with
        self.param_elts: dict[int, PyType] = {}
        elts = self.spec.list_elts
        new = [g for g in set(groups.group_of.values()) if g not in elts]
        for g in new:
            elts[g] = T.BOTTOM
        for name, t in zip(self.fn.params, self.spec.arg_types):
            g = groups.param_groups.get(name)
            if g is None or elts[g] is None:
                continue
            if not isinstance(t, ListType):  # not (only) a list: its variables are plain ones
                elts[g] = None
                continue
            self.param_elts[g] = join(self.param_elts.get(g, T.BOTTOM), t.elt)
            if g in new:
                elts[g] = join(elts[g], t.elt)

    def group_type(self, g: int) -> PyType:
        """The type of the lists of group ``g``: typed storage for ints,
        floats or bools; ``list<bottom>`` while nothing stored is known yet.
        A group that holds a parameter's list is typed only with the element
        type the list arrives with (a wider one is stored into it: the caller
        makes its own list ``list<object>``, see ``passed_lists``; this
        specialization is then not called)."""
        elt = self.spec.list_elts[g]
        if g in self.param_elts and elt is not self.param_elts[g]:
            return list_of()
        return ListType(elt) if elt in (T.INT, T.FLOAT, T.BOOL, T.BOTTOM) else list_of()

    def passed_lists(self, e, bound, callee) -> list:
        """The list variables of live groups the compiled call ``e`` passes, as
        (position, parameter, group); one the callee does not keep typed for its
        parameter (``list_storage.passed_to_module_function``), or that goes
        into its ``*args``, is demoted here, before the argument's type is read."""
        groups = getattr(callee, "_list_groups", None)
        if groups is None:
            groups = callee._list_groups = list_storage.ListGroups(callee)
        out = [(i, name, self.group_of_node(a)) for i, (name, a) in enumerate(bound)
               if isinstance(a, nodes.Name) and name in groups.param_groups and self.group_of_node(a) is not None]
        kept = {id(bound[i][1]) for i, _, _ in out}
        for a in e.args:
            if id(a) not in kept:
                self.store_into(self.group_of_node(a), T.OBJECT)
        return out

    def returned_from_callee(self, passed, spec) -> None:
        """After a compiled call: what the callee stores into a list passed
        to it is stored into the caller's group (a callee that got it as
        something else than a typed list - a generic specialization - demotes it)."""
        for i, name, g in passed:
            t = spec.arg_types[i]
            q = spec.func._list_groups.param_groups.get(name)
            elt = spec.list_elts.get(q, T.BOTTOM) if isinstance(t, ListType) else T.OBJECT
            self.store_into(g, T.OBJECT if elt is None else elt)

    def demote_passed(self, e) -> None:
        """A call of a module function by its name that is not a compiled call
        (a host function...) passes its list variables to something that may
        keep them: their groups become ``list<object>``."""
        for a in e.args:
            if isinstance(a, nodes.Name) and list_storage.passed_to_module_function(a, self.fn):
                self.store_into(self.group_of_node(a), T.OBJECT)

    def store_into(self, g: int | None, t: PyType) -> None:
        """A value of type ``t`` is stored into the lists of group ``g``."""
        if g is not None:
            self.spec.list_elts[g] = join(self.spec.list_elts[g], t)

    def group(self, key: str) -> int | None:
        """The live group of variable ``key`` (None: not a candidate, or its group died)."""
        g = self.groups.group_of.get(key)
        return g if g is not None and self.spec.list_elts[g] is not None else None

    def group_of_node(self, node) -> int | None:
        """The group of the list variable ``node`` reads (None: not a candidate)."""
        if isinstance(node, nodes.Name):
            return self.group(variable_key(node))
        return None

    def kill(self, g: int) -> None:
        """A creation of group ``g`` made something else than a list (``s[i:j]`` of
        a range or an object, ``[v] * obj``): its variables are plain variables
        from now on, typed again from their assignments."""
        self.spec.list_elts[g] = None
        for key, h in self.groups.group_of.items():
            if h == g:
                self.vars.pop(key, None)

    def stored_by_augassign(self, s, value: PyType) -> None:
        """``xs[i] op= v`` stores the result of ``xs[i] op v`` into ``xs``'s group."""
        g = self.group_of_node(s.target.value) if isinstance(s.target, nodes.Subscript) else None
        if g is not None:
            elt = self.spec.list_elts[g]
            r = sem.binary_type(sem.BINARY.get(s.op[:-1]), elt, value, const_value(s.value), inplace=True)
            self.store_into(g, _verdict(r))

    def typed_creation(self, e, t: PyType) -> PyType:
        """The type of expression ``e`` (``t`` as typed without groups): a new
        list of a live group is of the group's type."""
        g = self.groups.site_of.get(e)
        if g is not None and self.spec.list_elts[g] is not None and t is not T.BOTTOM:
            return self.made_list(g, e, t)
        if isinstance(e, nodes.Call) and t.is_list and t.elt is not T.OBJECT:
            return list_of()  # a typed list a callee returned, used as a list<object> copy (no one else holds it)
        return t

    def returned(self, t: PyType) -> PyType:
        """The type ``return <t>`` gives the function's result: a typed list is
        returned as it is to a compiled caller (it was the callee's own: no
        alias survives the return), as a ``list<object>`` copy from an entry
        point (its caller is Python, or another entry's twin)."""
        if t.is_list and t.elt is not T.OBJECT:
            return list_of() if self.spec.call_site is None else t
        return t

    def made_list(self, g: int, e, t: PyType) -> PyType:
        """The type of a new list of group ``g`` made by ``e`` (of type ``t`` as a
        list<object>): its items are stored into the group."""
        types = self.spec.expr_types
        if not t.is_list:  # [v] * obj, d.copy(), range(n)[i:j]: not (only) a list
            self.kill(g)
            return t
        if isinstance(e, nodes.List):
            items = [types[x] for x in e.elts]
        elif isinstance(e, nodes.ListComp):
            items = [types.get(e.elt, T.BOTTOM)]
        elif isinstance(e, nodes.Call) and list_storage.is_module_call(e, self.fn):
            items = [t.elt]  # what the callee returns: its typed list's items, or objects
        elif isinstance(e, nodes.BinOp):  # [v, ...] * n
            items = [types[x] for x in (e.left if isinstance(e.left, nodes.List) else e.right).elts]
        else:  # list(a), sorted(a), a[i:j], a.copy(): a's items
            source = e.args[0] if isinstance(e, nodes.Call) and e.args else \
                e.value if isinstance(e, nodes.Subscript) else e.func.expr
            items = [_verdict(sem.iter_type(types.get(source, T.BOTTOM)))]
        for item in items:
            self.store_into(g, item)
        return self.group_type(g)


def _verdict(r) -> PyType:
    from .typing import _t  # (typing.py imports this module)
    return _t(r)

