"""Which lists of a function may use typed storage (``list<integer>``,
``list<real>``, ``list<bool>``: one slot per element, ``representation.py``).

A list may be typed only if every alias of it is known. This module finds,
from the syntax alone, the *groups* of local variables that hold lists no
other place can see: each variable of a group is only ever assigned a new
list (a display, a comprehension, ``[v] * n``, ``list(a)``, ``sorted(a)``,
``a[i:j]``, ``a.copy()``, ``f(...)`` of a module function: what it returns)
or another variable of the group (``ys = xs``, ``a = b = []``), or is a
parameter never assigned (the caller's list), and every read of it is one of
the uses below. The typing
pass (``list_typing.py``) then gives a group its element type: the join of every
value stored into its lists (the items a new list starts with, too); a group
whose stored values are all ``int`` (or all ``float``, or all ``bool``) is
typed, any other - or one nothing is ever stored into - stays ``list<object>``.

Uses that keep a group (anything else demotes it, with every variable it is
assigned to or from):

- *in place* (built on the typed storage): ``xs[i]``, ``xs[i] = v``,
  ``xs[i] op= v``, ``del xs[i]``, ``len(xs)``, ``xs.append(v)``, ``insert``,
  ``pop``, ``clear``, ``remove``, ``reverse``, ``sort(reverse=...)`` (the last
  ones on a copy written back: ``ListOps.on_copy``), ``for x in xs`` and ``for
  .. in enumerate/zip/reversed(xs, ...)`` (also in a comprehension: index-based
  walks; an argument that makes it an iterator object demotes them), truth
  (``if xs``, ``while xs``, ``not xs``), ``f(.., xs, ..)`` as a positional
  argument of a module function by its name (the typing pass demotes it unless
  the call is compiled and the callee keeps that parameter typed);
- *snapshot* (the operation only reads the list and keeps no reference to
  it, so it runs on a ``list<object>`` copy made on the spot, ``list_box``):
  ``return xs`` and ``return a, xs`` (the function ends: no later change to
  miss; one list twice in the tuple demotes), ``xs[a:b]``, ``xs == ys`` and
  the other comparisons but ``is``, ``x in xs``, ``xs + ys``, ``xs * n``,
  ``sum``, ``min``, ``max``, ``sorted``, ``list``, ``tuple``, ``any``, ``all`` of
  it, ``xs.copy()``, ``xs.count(v)``, ``xs.index(v, ...)``.

What demotes: a call that passes it otherwise (host or library function,
``print``, a closure, by keyword, ``*xs``...), storing it into another container or an attribute, a
closure capturing it, ``global``/``nonlocal``, an assigned parameter, ``return``
of a parameter's group (it must be the caller's list), ``del xs``, ``is``,
any other method (``extend``, ``sort(key=...)``...), slice assignment,
``del xs[i:j]``, ``xs += ...``, ``a, b = xs``, a ``for`` target, holding it in
an expression whose value flows on (``xs or ys``, ``ys if c else xs``).
"""
from __future__ import annotations

from astroid import nodes
from astroid.const import Context

from .scopes import variable_key

#: builtins that take a list and only read it (the snapshot uses)
_READING_BUILTINS = frozenset({"sum", "min", "max", "sorted", "list", "tuple", "any", "all"})
#: methods that only read the list
_READING_METHODS = frozenset({"copy", "count", "index"})
#: methods that change the list and store nothing but its own elements (and
#: ``insert``'s value, which the typing pass sees): typed in place or on a copy
_CHANGING_METHODS = frozenset({"append", "pop", "clear", "insert", "remove", "reverse", "sort"})


def is_creation(value, fn) -> bool:
    """Does this expression make a new list whose items the typing pass sees?
    A display, a comprehension, ``[v, ...] * n``, ``list(a)``, ``sorted(a)``,
    ``a[i:j]``, ``a.copy()`` (if ``a`` turns out not to be a list, or its items
    not to be of one scalar type, the typing pass makes the group ``list<object>``)."""
    if isinstance(value, nodes.Call) and isinstance(value.func, nodes.Name) and \
            value.func.name in ("list", "sorted") and len(value.args) == 1 and \
            not isinstance(value.args[0], nodes.Starred) and not _shadowed(value.func.name, fn):
        return all(k.arg == "reverse" for k in value.keywords or []) and \
            (value.func.name == "sorted" or not value.keywords)
    if isinstance(value, nodes.Call) and is_module_call(value, fn):  # a list a compiled callee returns
        return True
    if isinstance(value, nodes.Subscript) and isinstance(value.slice, nodes.Slice):
        return True
    if isinstance(value, nodes.Call) and isinstance(value.func, nodes.Attribute) and \
            value.func.attrname == "copy" and not value.args and not value.keywords:
        return True
    if isinstance(value, (nodes.List, nodes.ListComp)):
        return not any(isinstance(x, nodes.Starred) for x in getattr(value, "elts", ()))
    if isinstance(value, nodes.BinOp) and value.op == "*":
        lists = [s for s in (value.left, value.right) if isinstance(s, nodes.List)]
        return len(lists) == 1 and not any(isinstance(x, nodes.Starred) for x in lists[0].elts)
    return False


class ListGroups:
    """The typed-storage candidates of one function: ``group_of`` maps a
    variable key to its group (an int), ``site_of`` a creation expression
    (assigned to such a variable) to its group."""

    def __init__(self, fn):
        self.fn = fn
        self.group_of: dict[str, int] = {}
        self.site_of: dict = {}
        self.param_groups: dict[str, int] = {}
        if fn.module.runtime_lib or isinstance(fn.node, nodes.Lambda):
            return
        parent: dict[str, str] = {}

        def find(k):
            while parent[k] != k:
                k = parent[k]
            return k

        excluded = set(fn.cells) | set(fn.frees)
        loads, stores = {}, {}
        for node in _walk(fn.node.body):
            if isinstance(node, (nodes.Global, nodes.Nonlocal)):
                excluded.update(node.names)
            elif isinstance(node, nodes.Name):
                loads.setdefault(variable_key(node), []).append(node)
            elif isinstance(node, (nodes.AssignName, nodes.DelName)):
                stores.setdefault(variable_key(node), []).append(node)
        candidates = {k for k, s in stores.items() if k not in excluded and k not in fn.params
                      and all(_creation_or_alias(n, fn) is not None for n in s)}
        # a parameter never assigned: its group holds the caller's list (typed
        # if the caller's is: list_typing.py)
        candidates |= {k for k in fn.params if k not in excluded and k not in stores}
        for k in candidates:
            parent[k] = k
        bad = set()
        for k in candidates:
            for n in stores.get(k, ()):
                source = _creation_or_alias(n, fn)
                if isinstance(source, nodes.Name):
                    other = variable_key(source)
                    if other in candidates:
                        parent[find(k)] = find(other)
                    else:
                        bad.add(k)
            if not all(_keeps(n, fn) for n in loads.get(k, ())):
                bad.add(k)
        made_by = {}  # a = b = []: one list, one group
        for k in candidates:
            for n in stores.get(k, ()):
                source = _creation_or_alias(n, fn)
                if not isinstance(source, nodes.Name):
                    if source in made_by:
                        parent[find(k)] = find(made_by[source])
                    made_by[source] = k
        for node in _walk(fn.node.body):  # return xs, ys: two copies, so never one list twice
            if isinstance(node, nodes.Return) and isinstance(node.value, nodes.Tuple):
                keys = [variable_key(e) for e in node.value.elts if isinstance(e, nodes.Name)]
                roots = [find(k) for k in keys if k in candidates]
                twice = {r for r in roots if roots.count(r) > 1}
                bad.update(k for k in keys if k in candidates and find(k) in twice)
        # a parameter's list is the caller's: returned, it must be that list, not a copy
        returned = {k for k in candidates for n in loads.get(k, ()) if _returned(n)}
        with_params = {find(k) for k in candidates if k in fn.params}
        bad.update(k for k in returned if find(k) in with_params)
        bad_roots = {find(k) for k in bad}
        for k in candidates:
            root = find(k)
            if root not in bad_roots:
                self.group_of[k] = sorted(candidates).index(root)
        #: the parameters that are in a group: name -> group
        self.param_groups = {k: g for k, g in self.group_of.items() if k in fn.params}
        for k, g in self.group_of.items():
            for n in stores.get(k, ()):
                source = _creation_or_alias(n, fn)
                if not isinstance(source, nodes.Name):
                    self.site_of[source] = g
            for n in loads.get(k, ()):
                if isinstance(n.parent, nodes.Subscript) and isinstance(n.parent.slice, nodes.Slice) and \
                        getattr(n.parent, "ctx", None) == Context.Store:
                    self.site_of[_slice_source(n.parent, fn)] = g


def _walk(body):
    """Every node of these statements, nested function bodies excluded (a
    name they read is a free variable, so its owner's list is demoted); their
    defaults and decorators are evaluated here, so they are walked."""
    stack = list(body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)):
            args = getattr(node, "args", None)
            here = list(getattr(args, "defaults", None) or []) + list(getattr(args, "kw_defaults", None) or [])
            decorators = getattr(node, "decorators", None)
            stack.extend(x for x in here + ([decorators] if decorators is not None else []) if x is not None)
            continue
        stack.extend(node.get_children())


def _in_finally_try(node, fn) -> bool:
    """Is ``node`` inside the body of a ``try`` with a ``finally`` (which runs after
    the returned copy is made, and may change the list)?"""
    while node is not None and node is not fn.node:
        parent = node.parent
        if isinstance(parent, nodes.Try) and parent.finalbody and node not in parent.finalbody:
            return True
        node = parent
    return False


def _slice_source(target, fn):
    """The new list ``xs[i:j] = <value>`` stores, if it makes one (else None)."""
    stmt = target.parent
    if isinstance(stmt, nodes.Assign) and stmt.targets == [target] and is_creation(stmt.value, fn):
        return stmt.value
    return None


def _shadowed(name: str, fn) -> bool:
    return name in fn.locals or name in fn.frees or name in fn.module.tree.locals


def _creation_or_alias(store, fn):
    """For a store ``v = <value>`` (a plain one-name target): the value if it
    makes a new list or is a variable; otherwise None (the store demotes)."""
    if not isinstance(store, nodes.AssignName):
        return None
    stmt = store.parent
    if isinstance(stmt, nodes.Assign) and store in stmt.targets or \
            isinstance(stmt, nodes.AnnAssign) and stmt.target is store and stmt.value is not None:
        value = stmt.value
        if is_creation(value, fn) or isinstance(value, nodes.Name):
            return value
    return None


def _returned(name) -> bool:
    """Is this read ``return xs`` or ``return a, xs``?"""
    p = name.parent
    return isinstance(p, nodes.Return) or isinstance(p, nodes.Tuple) and isinstance(p.parent, nodes.Return)


def is_module_call(call, fn) -> bool:
    """Is ``call`` a call of a function of the module by its name?"""
    f = call.func
    return isinstance(f, nodes.Name) and f.name in fn.module.functions and f.name not in fn.locals and \
        f.name not in fn.frees


def passed_to_module_function(name, fn) -> bool:
    """Is this read a positional argument of a call of a function of the module
    by its name (``place(row + 1, cols)``)? The typing pass keeps the group
    typed only if the call is a compiled call whose callee keeps the parameter
    typed (``list_typing.py``), and demotes it for any other."""
    p = name.parent
    return isinstance(p, nodes.Call) and name in p.args and is_module_call(p, fn)


def _keeps(name, fn) -> bool:
    """Is this read of a candidate variable one of the uses that keep it typed?"""
    p = name.parent
    if isinstance(p, nodes.Subscript) and p.value is name:
        if isinstance(p.slice, nodes.Slice):
            if getattr(p, "ctx", None) == Context.Store:  # xs[i:j] = <a new list>: made in xs's group
                return _slice_source(p, fn) is not None
            return getattr(p, "ctx", None) == Context.Load and not isinstance(p.parent, nodes.Delete)
        return True  # xs[i], xs[i] = v, xs[i] += v, del xs[i]
    if isinstance(p, nodes.Call) and name in p.args and isinstance(p.func, nodes.Name) and \
            p.func.name in ("enumerate", "zip", "reversed") and not _shadowed(p.func.name, fn):
        # a loop over them walks the lists by index (loops.py); the typing pass
        # demotes them if another argument makes it an iterator object
        loop = p.parent
        return isinstance(loop, (nodes.For, nodes.Comprehension)) and loop.iter is p
    if passed_to_module_function(name, fn):
        return True
    if isinstance(p, nodes.Call) and name in p.args and isinstance(p.func, nodes.Name):
        f = p.func.name
        if _shadowed(f, fn) or p.args[0] is not name or p.keywords and f not in ("sum", "sorted", "min", "max"):
            return False
        return f in _READING_BUILTINS and len(p.args) == 1 or f in ("len", "sum") and len(p.args) <= 2 - (f == "len")
    if isinstance(p, nodes.Attribute) and p.expr is name:
        call = p.parent
        if not (isinstance(call, nodes.Call) and call.func is p):
            return False
        if p.attrname == "sort":  # key= needs the items as objects
            return all(k.arg == "reverse" for k in call.keywords or [])
        return p.attrname in _CHANGING_METHODS or p.attrname in _READING_METHODS
    if isinstance(p, (nodes.For, nodes.Comprehension)) and p.iter is name:
        return True
    if isinstance(p, (nodes.If, nodes.While, nodes.IfExp, nodes.Assert)) and p.test is name:
        return True
    if isinstance(p, nodes.UnaryOp) and p.op == "not":
        return True
    if isinstance(p, nodes.Return) and p.value is name:
        return not _in_finally_try(p, fn)
    if isinstance(p, nodes.Tuple) and isinstance(p.parent, nodes.Return):  # return a, xs: a copy in the tuple
        return not _in_finally_try(p.parent, fn)
    if isinstance(p, nodes.Compare):
        return not any(op in ("is", "is not") for op, _ in p.ops)
    if isinstance(p, nodes.BinOp) and p.op in ("+", "*"):
        return True
    if isinstance(p, nodes.Assign) and p.value is name:  # ys = xs: an alias (the store decides)
        return all(isinstance(t, nodes.AssignName) for t in p.targets)
    return False


def storage_of(jit_fn, *example_args) -> dict[str, str]:
    """An inspection hook (tests, curious users): the static type of every list
    variable of every function the call ``jit_fn(*example_args)`` reaches,
    as ``{"function.variable": "list<integer>"}`` - typing only, no IR."""
    from ..compiler import _typed_program
    jf = getattr(jit_fn, "jit", jit_fn)  # the dispatcher @pydm.jit returns, or its JitFunction
    program, _ = _typed_program(jf.info.module, [(jf.info, jf._arg_types(example_args))], False,
                                jit_fn.py_func.__globals__)
    out = {}
    for spec in program.specs.values():
        for name, t in spec.var_types.items():
            if t.is_list:
                out[f"{spec.func.name}.{name}"] = t.value
    return out
