"""Binding a call's arguments to the callee's parameters at compile time, as
CPython binds them when the call runs (``initialize_locals``): positional,
keyword, positional-only, ``*args``, keyword-only, ``**kwargs``, defaults;
a call that does not fit is CPython's TypeError (:class:`ArgumentError`).
The typer and the importer both bind through here, so they agree."""
from __future__ import annotations

from astroid import nodes

from ..errors import CompileError, error_at
from ..types import PyType, TupleType
from .literals import _NO_VALUE, literal_value
from .source import FunctionInfo

T = PyType


class Packed:
    """The argument nodes a ``*args`` parameter collects (a tuple at run time)."""

    def __init__(self, nodes_):
        self.nodes = list(nodes_)


class StarItem:
    """Item ``index`` of the tuple a call's ``*xs`` argument unpacks (its
    length is known from its type, so it binds like a positional argument)."""
    parent = None  # (no default's node)
    runtime = False  # an item of a *xs whose length only the call knows (star_cases)

    def __init__(self, star: nodes.Starred, index: int):
        self.star = star
        self.index = index


def call_operands(call: nodes.Call) -> list:
    """The expressions a call evaluates for its arguments, in source order
    (a ``*xs`` argument's ``xs``)."""
    return [a.value if isinstance(a, nodes.Starred) else a for a in call.args] + \
        [kw.value for kw in call.keywords or []]


#: the length of a ``*xs`` argument that only the call knows (a list, a str, a range...)
RUNTIME = -1


def star_lengths(call: nodes.Call, type_of) -> dict | None:
    """The length of each ``*xs`` argument of ``call``, by node id (``type_of``
    gives an expression's type): a tuple of known length binds item by item;
    any other value's length is ``RUNTIME`` (:func:`star_cases`); None while a
    type is not known yet."""
    out = {}
    for a in call.args:
        if not isinstance(a, nodes.Starred):
            continue
        t = type_of(a.value)
        if t is T.BOTTOM:
            return None
        n = t.length if isinstance(t, TupleType) else None
        if n is None and not (t.is_dynamic or t.is_scalar or t.is_list or t.is_tuple or t in _ITERABLES):
            raise error_at(a, f"*-unpacking a {t.python_name} in a call is not supported",
                           "unpack a tuple, a list, a str, a range, a dict or a set")
        out[id(a)] = RUNTIME if n is None else n
    return out


_ITERABLES = (T.STR, T.RANGE, T.DICT, T.SET, T.FROZENSET, T.ITERATOR)


def star_cases(call: nodes.Call, callee, lengths: dict):
    """A call whose one ``*xs`` has a length only the call knows: ``(star,
    fixed, cases, longer)``: ``fixed`` positional arguments besides it;
    ``cases``: (n, its binding or ArgumentError) for each length ``n`` of
    ``xs`` up to one more than the callee takes; ``longer``: CPython's
    message for a longer one, ``{}`` standing for the number given - or for a
    callee with ``*args`` the binding of any longer one (its ``*args`` a
    :class:`StarRest`)."""
    stars = [a for a in call.args if isinstance(a, nodes.Starred) and lengths.get(id(a)) == RUNTIME]
    if len(stars) > 1:
        raise error_at(stars[1], "a second *-unpacking of a value whose length only the call knows is not "
                                 "supported", "make all but one of them tuples")
    star = stars[0]
    fixed = sum(1 if not isinstance(a, nodes.Starred) else lengths[id(a)] for a in call.args if a is not star)
    names = len(callee.posonly) + len(callee.positional)
    if callee.vararg and call.args[-1] is not star:
        raise error_at(star, "*-unpacking a value whose length only the call knows into a function with *args "
                             "is supported as the last positional argument only", "unpack a tuple of known length")
    top = max(names - fixed, 0) + (0 if callee.vararg else 1)

    def case(n):
        try:
            bound = bind_arguments(call, callee, {**lengths, id(star): n})
        except ArgumentError as exc:
            return exc
        for _, node in bound:
            if isinstance(node, StarItem) and node.star is star:
                node.runtime = True  # an item of a tuple of unknown length (typed as the iterable's items)
        return bound
    cases = [(n, case(n)) for n in range(top + 1)]
    if callee.vararg:  # any longer: the items past the parameters are the *args tuple
        n, bound = cases.pop()
        if isinstance(bound, ArgumentError):
            return star, fixed, cases, bound.message.replace("{", "{{").replace("}", "}}")
        return star, fixed, cases, [(name, StarRest(a.nodes, star, n) if name == callee.vararg else a)
                                    for name, a in bound]
    longer = case(top + 1)
    message = longer.message.replace("{", "{{").replace("}", "}}")
    too_many = message.replace(f"but {fixed + top + 1} ", "but {} ")
    return star, fixed, cases, too_many


class StarRest(Packed):
    """What a ``*args`` parameter collects of a call with a ``*xs`` (its last
    positional argument) whose length only the call knows: the arguments
    ``nodes`` before it, then its items from ``start`` on (a tuple of any length)."""

    def __init__(self, nodes_, star: nodes.Starred, start: int):
        super().__init__(nodes_)
        self.star = star
        self.start = start


def runtime_star(lengths) -> bool:
    """Does a ``*xs`` of the call have a length only the call knows?"""
    return lengths is not None and RUNTIME in lengths.values()


class PackedKeywords(Packed):
    """The keyword arguments a ``**kwargs`` parameter collects, in the order
    given (a dict of str keys at run time)."""

    def __init__(self, names, nodes_):
        super().__init__(nodes_)
        self.names = list(names)


def bind_arguments(call: nodes.Call, callee: FunctionInfo, lengths: dict | None = None):
    """Map a call's positional/keyword arguments onto the callee's parameters,
    as CPython binds them (positional-only, ``*args``, keyword-only).

    Returns a list of (param name, argument node, default node, or a
    :class:`Packed` for ``*args``), in parameter order; an
    :class:`ArgumentError` (CPython's TypeError when the call runs) if they do
    not fit. ``lengths``: of the ``*xs`` arguments (:func:`star_lengths`)."""
    positional = []
    for a in call.args:
        if not isinstance(a, nodes.Starred):
            positional.append(a)
        elif lengths is None or lengths.get(id(a), RUNTIME) == RUNTIME:
            raise error_at(a, "*-unpacking a value whose length only the call knows is not supported here",
                           "pydm binds these arguments at compile time: unpack a tuple of known length "
                           "(a *args parameter, a tuple display), or pass the items one by one")
        else:
            positional += [StarItem(a, i) for i in range(lengths[id(a)])]
    for kw in call.keywords or []:
        if kw.arg is None:
            raise error_at(kw, "**-unpacking in a call is not supported",
                           "pydm binds arguments at compile time: pass the keywords by name")
    return _bind(callee, positional, {kw.arg: kw.value for kw in call.keywords or []},
                 call, {kw.arg: kw for kw in call.keywords or []})


def bind_positional(callee: FunctionInfo, n: int):
    """A call of ``callee`` with ``n`` positional values (a key function's
    one item): the binding, the values standing as ``None`` (the k-th None
    met, also inside a Packed, is the k-th value); or an ArgumentError."""
    return _bind(callee, [None] * n, {}, callee.node, {})


def _bind(callee: FunctionInfo, positional: list, keywords: dict, where, kw_nodes: dict):
    """CPython's binding (``initialize_locals``), checks in its order:
    keywords, too many positional, missing positional, missing keyword-only."""
    callee.check()  # a callee outside the subset is its compile error, whatever the call
    if getattr(callee, "method", None) is not None:  # a method value: the builtin method's own TypeError
        from .methods import call_error
        message = call_error(callee.method, len(positional), keywords, where)
        if message is not None:
            raise ArgumentError(where, message)
    args = callee.node.args
    names = list(callee.posonly) + list(callee.positional)
    defaults = args.defaults or []
    first_default = len(names) - len(defaults)
    who = callee.qualname + "()"
    bound: dict = dict(zip(names, positional))
    by_keyword = [k for k in keywords if k in callee.posonly]
    extra: dict = {}  # what **kwargs collects
    for name, value in keywords.items():
        if callee.kwarg and (name in callee.posonly or name not in names and name not in callee.kwonly):
            extra[name] = value  # a positional-only name passed by keyword too, as CPython
            continue
        if name in callee.posonly or name not in names and name not in callee.kwonly:
            if by_keyword:  # CPython names every positional-only one passed by keyword
                raise ArgumentError(kw_nodes.get(name, where), f"{who} got some positional-only arguments "
                                                               f"passed as keyword arguments: "
                                                               f"'{', '.join(by_keyword)}'")
            raise ArgumentError(kw_nodes.get(name, where), f"{who} got an unexpected keyword argument '{name}'")
        if name in bound:
            raise ArgumentError(kw_nodes.get(name, where), f"{who} got multiple values for argument '{name}'")
        bound[name] = value
    if len(positional) > len(names) and not callee.vararg:
        takes = f"from {first_default} to {len(names)}" if defaults else str(len(names))
        plural = "s" if defaults or len(names) != 1 else ""
        given = len(positional)
        kwonly_given = sum(1 for k in keywords if k in callee.kwonly)
        if kwonly_given:
            what = (f"{given} positional argument{'s' if given != 1 else ''} (and {kwonly_given} keyword-only "
                    f"argument{'s' if kwonly_given != 1 else ''}) were")
        else:
            what = f"{given} {'was' if given == 1 else 'were'}"
        raise ArgumentError(where, f"{who} takes {takes} positional argument{plural} but {what} given")
    missing = [n for i, n in enumerate(names) if n not in bound and i < first_default]
    if missing:
        raise ArgumentError(where, f"{who} missing {len(missing)} required positional argument"
                                   f"{'s' if len(missing) > 1 else ''}: {listed_names(missing)}")
    kw_defaults = dict(zip(callee.kwonly, args.kw_defaults or []))
    missing = [n for n in callee.kwonly if n not in bound and kw_defaults.get(n) is None]
    if missing:
        raise ArgumentError(where, f"{who} missing {len(missing)} required keyword-only argument"
                                   f"{'s' if len(missing) > 1 else ''}: {listed_names(missing)}")
    out = []
    for i, n in enumerate(names):
        out.append((n, bound[n] if n in bound else _constant_default(defaults[i - first_default], n, callee,
                                                                       where)))
    if callee.vararg:
        out.append((callee.vararg, Packed(positional[len(names):])))
    for n in callee.kwonly:
        out.append((n, bound[n] if n in bound else _constant_default(kw_defaults[n], n, callee, where)))
    if callee.kwarg:
        out.append((callee.kwarg, PackedKeywords(extra, extra.values())))
    return out


def listed_names(names) -> str:
    """CPython's list of names in a message: 'a', 'a' and 'b', 'a', 'b', and 'c'."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"


def _constant_default(default, name: str, callee: FunctionInfo, where):
    if literal_value(default, _NO_VALUE) is _NO_VALUE and callee.outer is None:
        # evaluated once, at definition (a shared list): not the same as evaluating it here
        raise error_at(where, f"the default value of '{name}' of {callee.name}() is not a constant; "
                              "a call of a module-level function that relies on it is not supported",
                       "pass the argument, or use a constant default (int, float, bool, None, tuples)")
    return default


class ArgumentError(CompileError):
    """A call whose arguments do not fit the callee: CPython's TypeError when
    the call runs (``message``), so compiling it is no error."""

    def __init__(self, node, message: str):
        e = error_at(node, message)
        super().__init__(message, e.filename, e.lineno, e.col, e.end_lineno, e.end_col, e.source_line)
