"""The program fuzzer's kinds for item-by-item consumers, ``zip(*rows)``, ``round`` and
subscripts of object values (``generator.py`` imports this module at its end, after
``strdict.py``: hypothesis shrinks towards the earlier kinds).

* ``lazy_reduce``: ``sum``/``min``/``max``/``any``/``all`` of a generator expression whose
  items may be of mixed classes (a None or a str among ints) or raise when made (``7 // x``
  with a zero ``x``, an index out of range, ``chr`` of a negative int): CPython pulls item
  by item, so which exception wins (the TypeError of adding a None, or the
  ZeroDivisionError of a later item) depends on the order; pydm's reductions
  (``pydm/frontend/reductions.py``) must follow it.
* ``lazy_consume``: ``set(g)``, ``frozenset(g)``, ``dict(pairs)`` (a pair of the wrong
  length: ValueError), ``sep.join(g)`` (a non-str item: TypeError) of a generator expression
  or of ``map``/``filter``/``zip``, seen through ``len`` or ``in`` (set items and keys are
  never floats: pydm's NaNs have no identity); ``lazy_extend``: ``xs.extend(g)``,
  ``s.update(g)``, ``d.update(g)`` of a new container inside a ``try`` (the items made
  before the raise stay: the container is a variable later kinds read).
* ``zip_star`` / ``for_zip_star``: ``zip(*rows)`` of a list of lists, tuples or strs (ragged,
  empty), in ``list()``, ``len(list(...))``, comprehensions, ``for`` loops (``for a, b in``
  when the rows are two).
* ``round_call``: ``round(x)``, ``round(x, n)`` of ints, bools, floats (ties: ``0.5``, ``2.5``,
  ``2.675``, ``-1.5``; negative ``n``) and values of mixed classes (objects); the reference
  (``reference._round``) applies pydm's 64-bit limits.
* ``object_index`` / ``object_setitem``: ``o[i]``, ``o[i] = v``, ``o[i] += v`` where ``o`` holds a
  list or a tuple (a variable of both types, so pydm holds it as an object), indices out of
  range and negative.
"""
from __future__ import annotations

import os

from hypothesis import strategies as st

from .generator import (
    LIST_TRIPS, T_ANY, T_BOOL, T_EMPTY, T_FLOAT, T_INT, T_INTLIKE, T_NONE, T_NUM, T_STR, Expr, Gen, _InLoop,
    _can_loop, _display, _index_text, _iterable, _list_operand, _sum_type, _with_lists, dict_tag, expr_kind,
    fits, float_text, int_text, items_of, list_tag, list_tags, quiet_arg, set_tag, stmt_kind, var_tag,
)

#: ``PYDM_FUZZ_ITER_BOOST=n`` draws these kinds n times as often (a run that hunts bugs here)
BOOST = int(os.environ.get("PYDM_FUZZ_ITER_BOOST", "1"))
#: the comprehension's iterable has at most this many items (``_iterable``'s bound)
_TRIPS = LIST_TRIPS
#: floats ``round`` is drawn with: ties of every kind, values beyond 2**53 and 2**63
ROUND_FLOATS = [0.5, 1.5, 2.5, -0.5, -2.5, 2.675, 0.125, 1.005, 5e-324, 1e16 + 1, 123.456, -0.0, 1e300,
                9.5e18, float("inf"), float("nan")]
ROUND_DIGITS = ["0", "1", "2", "-1", "-2", "3", "None", "-20", "400", "True", "-400"]


# ----------------------------------------------------------------------------- items that may raise
def _item(g: Gen, x: str, depth: int, want: frozenset) -> tuple[str, frozenset]:
    """An item of a generator expression over ints ``x``: an expression of ``want`` (mixed
    classes) or one that raises for some ``x`` (a division by it, an index by it, a None or
    a str for one value of it)."""
    form = g.draw(st.integers(0, 7))
    c = int_text(g.pick([0, 1, 3, -1, 2]))
    if form == 1:
        return f"{g.pick(['7', '1', '-3', '100'])} // {x}", T_INT
    if form == 2 and "n" in want:
        return f"({x} if {x} != {c} else None)", T_INT | T_NONE
    if form == 3 and "s" in want:
        return f"({x} if {x} < {c} else 'a')", T_INT | T_STR
    if form == 4:
        return f"{_display([int_text(v) for v in (5, -2, 9)])}[{x}]", T_INT
    if form == 5 and "f" in want:
        return f"{x} / ({x} - {c})", T_FLOAT
    e = g.expr(want, max(depth - 1, 0))
    return e.text, e.type


class _Genexp:
    """``item for x in src [if cond]``: a generator expression over ints or bools, with its
    own scope (``with _Genexp(g, depth) as ge: text = ge.text(item)``)."""

    def __init__(self, g: Gen, depth: int):
        self.g = g
        saved, g.no_chain = g.no_chain, True  # (iterables: no comparison chains)
        self.src, _, self.trips = _iterable(g, max(depth - 1, 0), T_INTLIKE, mapped=True)
        g.no_chain = saved
        self.ok = g.affordable(self.trips + 1)

    def __enter__(self):
        g = self.g
        self.saved = g.no_maybe_unbound
        g.no_maybe_unbound = True
        g.scopes.append({})
        g.in_comprehension += 1
        self.loop = _InLoop(g, self.trips)
        self.loop.__enter__()
        self.x = g.fresh("x")
        g.declare(self.x, T_INT)
        return self

    def text(self, item: str) -> str:
        cond = ""
        if self.g.flag(20):
            cond = f" if {self.x} % 2" if self.g.flag(50) else f" if {self.x} != 2"
        return f"{item} for {self.x} in {self.src}{cond}"

    def __exit__(self, *exc):
        g = self.g
        self.loop.__exit__(None, None, None)
        g.scopes.pop()
        g.in_comprehension -= 1
        g.no_maybe_unbound = self.saved


def _genexp(g: Gen, depth: int, want: frozenset, item=None) -> tuple[str, frozenset] | None:
    """A generator expression of items of ``want`` or raising ones (``item(g, x, depth)``:
    another item maker): its text (without parentheses) and the items' classes."""
    ge = _Genexp(g, depth)
    if not ge.ok:
        return None
    with ge:
        text, t = (item or _item)(g, ge.x, depth, want)
        return ge.text(text), t


def _item_classes(g: Gen) -> frozenset:
    """The classes a mixed item may have: scalars, strs in the programs that have them."""
    return T_ANY | (T_STR if g.heap else T_EMPTY)


# ----------------------------------------------------------------------------- reductions
@expr_kind("lazy_reduce", weight=2 * BOOST, can=_with_lists(lambda g, want: bool(want & (T_NUM | T_STR))))
def lazy_reduce(g: Gen, want, depth):
    """``sum``/``min``/``max``/``any``/``all`` of items of mixed classes or that raise."""
    forms = (["any", "all"] if "b" in want else []) + (["sum"] if "i" in want else []) + ["min", "max"]
    form = g.pick(forms)
    gen = _genexp(g, depth, g.pick([_item_classes(g), T_NUM, T_INT | T_NONE, T_INTLIKE]))
    if gen is None:
        return None
    text, items = gen
    if form in ("any", "all"):
        return Expr(f"{form}({text})", T_BOOL)
    if form == "sum":
        t = _sum_type(items & T_NUM, "")
        return Expr(f"sum({text})", t) if t <= want else None
    if fits(items, want):
        if g.flag(30):
            d = quiet_arg(g, g.expr(frozenset(x for x in want if len(x) == 1) or T_INT, max(depth - 1, 0)))
            if fits(d.type, want):
                return Expr(f"{form}(({text}), default={d.text})", items | d.type)
        return Expr(f"{form}({text})", items)
    if "b" in want:
        return Expr(f"({form}({text}) is None)", T_BOOL)
    return None


# ----------------------------------------------------------------------------- set, dict, join
def _key_item(g: Gen, x: str, depth: int, want: frozenset) -> tuple[str, frozenset]:
    """An item that may be a set item or a key: never a float (no NaN)."""
    text, t = _item(g, x, depth, want - T_FLOAT)
    if "f" in t:
        return f"{x} * 3", T_INT
    return text, t


def _str_item(g: Gen, x: str, depth: int, want: frozenset) -> tuple[str, frozenset]:
    """An item of a ``join``: a str made from the int ``x`` (``chr`` of a negative: ValueError),
    rarely the int itself (TypeError)."""
    form = g.pick(["str", "hex", "chr", "repr", "bin", "oct", "raw"])
    if form == "raw" and g.flag(30):
        return x, T_INT
    if form == "chr":
        return f"chr({x} + {g.pick(['97', '0', '1114100'])})", T_STR
    return f"{form if form != 'raw' else 'str'}({x})", T_STR


def _container_source(g: Gen, depth: int, item) -> tuple[str, frozenset] | None:
    """What ``set()``/``join``/... consume: a generator expression (mostly), ``map`` of a
    builtin by name over ints, ``filter(None, ...)``, ``zip`` of two iterables."""
    form = g.draw(st.integers(0, 5))
    if form == 4:
        src = _iterable(g, max(depth - 1, 0), T_INTLIKE)[0]
        name = g.pick(["str", "hex", "chr", "bin", "oct", "repr"] if item is _str_item else ["abs", "round", "int"])
        if g.flag(20) and item is not _str_item and g.heap:
            name = g.pick(["chr", "hex"])  # (strs in a set or as keys)
        return f"map({name}, {src})", T_STR if name not in ("abs", "round", "int") else T_INT
    gen = _genexp(g, depth, _item_classes(g) - T_FLOAT, item)
    if gen is None:
        return None
    return f"({gen[0]})", gen[1]


def _pairs(g: Gen, depth: int) -> tuple[str, frozenset, frozenset] | None:
    """Pairs for ``dict(...)``/``d.update(...)``: ``(k, v) for x in xs`` (sometimes a pair of the
    wrong length: ValueError), ``zip(xs, ys)``: text, key classes, value classes."""
    if g.flag(20):
        a = _iterable(g, max(depth - 1, 0), T_INTLIKE)[0]
        b = _iterable(g, max(depth - 1, 0), T_INTLIKE)[0]
        return f"zip({a}, {b})", T_INTLIKE, T_INTLIKE

    def pair(g, x, depth, want):
        k, kt = _key_item(g, x, depth, want)
        v = g.expr(T_NUM, max(depth - 1, 0))
        form = g.draw(st.integers(0, 9))
        if form == 0:
            return f"({k},)", kt  # (ValueError: a sequence of length 1)
        if form == 1:
            return f"[{x}, {k}]", T_INT | frozenset(["|" + t for t in kt])
        return f"({k}, {v.text})", kt | frozenset(["|" + t for t in v.type])

    gen = _genexp(g, depth, _item_classes(g) - T_FLOAT, pair)
    if gen is None:
        return None
    keys = frozenset(t for t in gen[1] if t[0] != "|")
    values = frozenset(t[1:] for t in gen[1] if t[0] == "|")
    return f"({gen[0]})", keys, values


@expr_kind("lazy_consume", weight=2 * BOOST, can=_with_lists(lambda g, want: bool(want & T_INTLIKE)))
def lazy_consume(g: Gen, want, depth):
    """``len(set(g))``, ``len(frozenset(g))``, ``len(dict(pairs))``, ``len(sep.join(g))``, ``k in
    set(g)``, ``k in dict(pairs)`` (``g`` a generator expression, ``map``, ``zip``)."""
    form = g.pick(["set", "frozenset", "dict", "join"])
    if form == "dict":
        p = _pairs(g, depth)
        if p is None:
            return None
        made = f"dict({p[0]})"
    else:
        src = _container_source(g, depth, _str_item if form == "join" else _key_item)
        if src is None:
            return None
        text = src[0][1:-1] if src[0].startswith("(") else src[0]
        made = f"{g.pick(['-', ''])!r}.join({text})" if form == "join" else f"{form}({text})"
    if "b" in want and (form == "join" or g.flag(40)):
        needle = g.pick(["'1'", "'a'", "'-'"]) if form == "join" else g.pick(["1", "0", "'a'", "-1"])
        return Expr(f"({needle} in {made})", T_BOOL)
    if "i" not in want:
        return None
    return Expr(f"len({made})", T_INT)


@stmt_kind("lazy_extend", weight=2 * BOOST, can=_with_lists(lambda g: True))
def lazy_extend(g: Gen):
    """``v = [...]; try: v.extend(g) except ...: pass`` (or a set's or dict's ``update``): the
    items made before the raise stay in ``v``, which later kinds read."""
    forms = ["list", "list"] + (["set", "dict"] if g.heap else [])
    form = g.pick(forms)
    name = g.fresh("v")
    handler = g.pick(["(TypeError, ValueError, ZeroDivisionError, IndexError)", "Exception", "ArithmeticError"])
    if form == "dict":
        p = _pairs(g, 1)
        if p is None or not p[0] or not p[1] <= T_ANY | T_STR or not p[2] <= T_ANY | T_STR:
            return None
        keys, values = p[1] or T_INT, p[2] or T_INT
        line = f"{name}.update({p[0][1:-1] if p[0].startswith('(') else p[0]})"
        start, tag = "{}", dict_tag(sorted(keys), sorted(values))
    else:
        src = _container_source(g, 1, _key_item)
        if src is None:
            return None
        text = src[0][1:-1] if src[0].startswith("(") else src[0]
        items = src[1] or T_INT
        if form == "set":
            line, start, tag = f"{name}.update({text})", "set()", set_tag(sorted(items))
        else:
            first = g.expr(items, 1).text if g.flag(40) else ""
            line, start, tag = f"{name}.extend({text})", f"[{first}]", list_tag(items)
    g.declare(name, frozenset([tag]))
    return [f"{name} = {start}", "try:", f"    {line}", f"except {handler}:", "    pass"]


# ----------------------------------------------------------------------------- zip(*rows)
def _rows(g: Gen) -> tuple[str, frozenset, int | None]:
    """Rows for ``zip(*rows)``: a list of 0-3 lists, tuples or strs (ragged), or a variable
    holding lists of lists: text, the rows' item classes, the number of rows (None: unknown)."""
    nested = [v for v in g.visible().values() if len(v.type) == 1 and len(list_tags(v.type)) == 1
              and items_of(list_tags(v.type)[0])
              and all(x[0] in "{[(" for x in items_of(list_tags(v.type)[0]))]
    if nested and g.flag(30):
        v = g.pick(nested)
        inner = frozenset(y for x in items_of(list_tags(v.type)[0]) for y in items_of(x))
        if inner <= T_ANY | T_STR:
            return v.name, inner, None
    n = g.pick([2, 3, 1, 0, 2])
    rows, items = [], set()
    for _ in range(n):
        k = g.draw(st.integers(0, 9))
        length = g.pick([2, 3, 1, 0, 2])
        if k == 0:
            rows.append(repr(g.pick(["ab", "", "xyz", "a"])))
            items.add("s")
            continue
        vals = [g.expr(g.pick([T_INT, T_INTLIKE, T_NUM]), 0) for _ in range(length)]
        items.update(t for e in vals for t in e.type)
        body = [e.text for e in vals]
        rows.append(_display(body) if k < 4 else "[" + ", ".join(body) + "]")
    return "[" + ", ".join(rows) + "]", frozenset(items), n


@expr_kind("zip_star", weight=BOOST, can=_with_lists(lambda g, want: bool(want & T_INTLIKE) or bool(list_tags(want))))
def zip_star(g: Gen, want, depth):
    """``len(list(zip(*rows)))``, ``sum(len(t) for t in zip(*rows))``, ``[t[0] for t in zip(*rows)]``,
    ``list(zip(*rows))``."""
    rows, items, n = _rows(g)
    for tag in list_tags(want) if items and ("s" not in items or g.heap) else []:
        inner = items_of(tag)
        if items <= inner and g.flag(60):
            item = "t[0]" if g.flag(50) else "max(t)"
            return Expr(f"[{item} for t in zip(*{rows})]", frozenset([tag]))
        if any(x[0] == "[" and items <= items_of(x) for x in inner):
            return Expr(f"list(zip(*{rows}))", frozenset([tag]))
    if "i" not in want:
        return None
    return Expr(g.pick([f"len(list(zip(*{rows})))", f"sum(len(t) for t in zip(*{rows}))",
                        f"len([t for t in zip(*{rows})])"]), T_INT)


@stmt_kind("for_zip_star", weight=BOOST, can=_with_lists(_can_loop))
def for_zip_star(g: Gen):
    """``for t in zip(*rows):`` (``t`` a tuple), ``for a, b in zip(*rows):`` (two rows)."""
    rows, items, n = _rows(g)
    if not items or ("s" in items and not g.heap):
        return None
    if not g.affordable(4):
        return None
    g.scopes.append({})
    if n == 2 and g.flag(60):
        a, b = g.fresh("x"), g.fresh("x")
        target, decls = f"{a}, {b}", [(a, items), (b, items)]
    else:
        target = g.fresh("x")
        decls = [(target, frozenset([var_tag(items)]))]
    for name, t in decls:
        g.declare(name, t)
    with _InLoop(g, 3 if n is not None else _TRIPS):
        lines = [f"for {target} in zip(*{rows}):"] + g.block()
    g.scopes.pop()
    return lines


# ----------------------------------------------------------------------------- round
@expr_kind("round_call", weight=BOOST, can=lambda g, want: bool(want & frozenset("if")))
def round_call(g: Gen, want, depth):
    """``round(x)`` (an int), ``round(x, n)`` (an int for ints and bools, a float for floats):
    ties, huge and non-finite floats, negative digits, objects (values of mixed classes)."""
    k = g.draw(st.integers(0, 3))
    if k == 0:
        x = Expr(float_text(g.pick(ROUND_FLOATS)), T_FLOAT)
    elif k == 1:
        x = Expr(f"{g.expr(T_FLOAT, 0).text} * {g.pick(['0.5', '1.5', '100.0', '1e-3'])}", T_FLOAT)
    else:
        x = g.expr(g.pick([T_NUM, T_FLOAT, T_INT, T_INTLIKE, T_ANY]), max(depth - 1, 0))
    if g.flag(40):
        return Expr(f"round({x.text})", T_INT) if "i" in want else None
    n = g.pick(ROUND_DIGITS) if g.flag(80) else g.expr(T_INT, 0).text
    t = (T_INT if x.type & T_INTLIKE else T_EMPTY) | (T_FLOAT if "f" in x.type else T_EMPTY)
    if n == "None":
        t = T_INT
    if not t or not t <= want:
        return None
    return Expr(f"round({x.text}, {n})", t)


# ----------------------------------------------------------------------------- object subscripts
def _both(g: Gen) -> tuple[str, frozenset] | None:
    """``xs if c else t``: a list or a tuple of the same items (an object in pydm)."""
    lt = _list_operand(g, None, pure=True)
    tags = list_tags(lt)
    if not tags:
        return None
    items = items_of(tags[0])
    if not items or not items <= T_ANY | (T_STR if g.heap else T_EMPTY):
        return None
    xs = g.expr(frozenset([tags[0]]), 1).text
    t = _display([g.expr(frozenset([g.pick(sorted(items))]), 0).text for _ in range(g.pick([2, 0, 3, 1]))])
    c = g.expr(T_BOOL, 1).text
    first, second = (xs, t) if g.flag(50) else (t, xs)
    return f"({first} if {c} else {second})", frozenset([tags[0], var_tag(items)])


def _objects(g: Gen) -> list:
    return [v for v in g.visible().values() if any(x[0] == "{" for x in v.type)
            and any(x[0] in "[(" for x in v.type)]


@expr_kind("object_index", weight=BOOST, can=_with_lists(lambda g, want: bool(want & T_ANY)))
def object_index(g: Gen, want, depth):
    """``o[k]`` of a value that is a list or a tuple (IndexError out of range)."""
    objs = [v for v in _objects(g)
            if frozenset(y for x in v.type for y in items_of(x)) <= want]
    if objs and g.flag(60):
        v = g.pick(objs)
        text, t = v.name, v.type
    else:
        both = _both(g)
        if both is None:
            return None
        text, t = both
    items = frozenset(y for x in t for y in items_of(x))
    if not items <= want:
        return None
    index = g.pick(["0", "-1", "1", "5", "-4", _index_text(g, text if text.isidentifier() else "", depth)])
    return Expr(f"{text}[{index}]", items)


@stmt_kind("object_setitem", weight=2 * BOOST, can=_with_lists(lambda g: True))
def object_setitem(g: Gen):
    """``o = xs if c else t`` then ``o[k] = v`` / ``o[k] += v`` (a tuple: TypeError; out of range:
    IndexError); the item keeps the list's classes."""
    objs = _objects(g)
    lines = []
    if objs and g.flag(50):
        v = g.pick(objs)
        name, t = v.name, v.type
    else:
        both = _both(g)
        if both is None:
            return None
        text, t = both
        name = g.fresh("o")
        lines.append(f"{name} = {text}")
        g.declare(name, t)
    # (the list's own classes: a tuple shape of the same variable may have others)
    items = frozenset(y for x in list_tags(t) for y in items_of(x))
    if not items:
        return None
    index = g.pick(["0", "-1", "1", "5", "-4", _index_text(g, name, 1)])
    if "i" in items and items <= T_NUM and g.flag(50):
        lines.append(f"{name}[{index}] {g.pick(['+', '-', '*'])}= {g.expr(T_INTLIKE, 1).text}")
    elif ("f" in items or not items & T_NUM) and g.flag(30):
        # (a float item stays a float; a str, list or tuple item raises CPython's own TypeError)
        lines.append(f"{name}[{index}] += {g.expr(T_FLOAT, 1).text}")
    else:
        lines.append(f"{name}[{index}] = {g.expr(items, 1).text}")
    return lines
