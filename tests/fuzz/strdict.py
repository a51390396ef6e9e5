"""The program fuzzer's str, dict and set kinds (``generator.py`` imports this module at
its end, which registers them after the others: hypothesis shrinks towards the earlier ones).

Tags (``generator.py`` parses them): ``"s"`` a str, ``"d<K:V>"`` a dict whose keys have the
classes ``K`` and values the classes ``V`` (``"d<i|s:(i,f)|n>"``), ``"S<K>"`` a set of items of
the classes ``K``. About a third of the programs have them (``Gen.heap``: their compiles link
more of the runtime library). There they are declared (``heap_type``), passed as arguments
(``heap_param``, ``heap_values``), returned, held in tuples and lists, and used by the kinds
below.

* Sizes stay bounded: like lists, a variable of these types is written only where it is
  declared (``Gen.declare``: ``_growable``), a str is rebound only by ``str_rebind`` under
  ``if len(s) < STR_CAP:``, a dict or set grows only under ``if len(d) < DICT_CAP:`` or by a
  key drawn from a small pool (``_key_text``), repetition counts are ``% 3`` and widths small.
* Keys and set items are never NaN (pydm's NaNs have no identity: a documented divergence)
  and have few values (``KEY_POOL``), so lookups hit, miss and collide across classes (``1``,
  ``1.0`` and ``True`` are one key); now and then a list key (``TypeError: unhashable``).
* Sets iterate in another order than CPython's (documented): no kind here depends on a
  set's order (no ``for`` over a set, no ``list(s)``, ``s.pop()`` only of a one-item set);
  ``sorted(s)`` and ``sum(s)`` of int sets only.
* ``==`` of dicts only where no value is a float (CPython compares values by identity
  first: a NaN computed twice is unequal there, equal by bits in pydm).
"""
from __future__ import annotations

import os

from hypothesis import strategies as st

from .generator import (
    T_BOOL, T_FLOAT, T_INT, T_INTLIKE, T_NONE, T_NUM, T_ANY, T_STR, Expr, Gen, Param, NO_DEFAULT,
    _InLoop, _can_loop, _display, _index_text, _simple, _slice_text, dict_parts, dict_tag, dict_tags, elems_of,
    expr_kind, float_args, int_args, is_dict_tag, is_set_tag, is_tuple_tag, items_of, list_tag, list_tags,
    set_tag, set_tags, shape_tag, stmt_kind, tag_values,
)

#: percentage of programs with strs, dicts and sets (``PYDM_FUZZ_HEAP=100``: all of them, for a
#: run that hunts bugs in the string and dict code)
HEAP_PROGRAMS = int(os.environ.get("PYDM_FUZZ_HEAP", "35"))
#: a str variable is rebound (``str_rebind``) only while shorter than this
STR_CAP = 24
#: a dict or set grows under a guard only while smaller than this
DICT_CAP = 8
#: trips assumed for a loop over a dict or a str (the cost estimate)
HEAP_TRIPS = 24

#: str values: empty, ASCII, spaces, non-ASCII (case mappings by the host), non-BMP, numbers
#: that ``int``/``float`` parse and that they reject
STR_POOL = ["", "a", "ab", "ba", "abc", "A b", " x ", "a,b", "\u00e9", "\U0001F600", "a\U0001F600b", "12", "-3",
            " 7 ", "1_0", "0x1f", "1.5", "1e3", "inf", "-nan", "x\ny", "\u00df", "A1", "  ", "\u0663"]
#: the keys of each class (few values: lookups hit and keys of different classes collide)
KEY_POOL = {"i": [0, 1, 2, -1, 3, 10], "b": [True, False], "f": [1.0, 0.0, -0.0, 2.5, 1e16],
            "s": ["", "a", "b", "ab", "\u00e9"], "n": [None]}
#: key classes of dicts and item classes of sets
KEY_CLASSES = [["i"], ["s"], ["i", "s"], ["i", "f", "b"], ["(i,s)"], ["n", "i"], ["i"], ["s"]]
VALUE_CLASSES = [["i"], ["s"], ["f"], ["i", "s"], ["n", "i"], ["(i,s)"], ["i"], ["b", "i"]]


# ----------------------------------------------------------------------------- types and values
def _key_ok(tag: str) -> bool:
    """A class whose values may be keys (hashable, never NaN)."""
    if is_tuple_tag(tag):
        return tag[0] == "(" and all(_key_ok(e) for e in elems_of(tag))
    return tag in KEY_POOL


def random_dict_tag(g: Gen) -> str:
    values = g.pick(VALUE_CLASSES)
    if g.lists and g.flag(10):
        values = [list_tag(["i"])]
    return dict_tag(g.pick(KEY_CLASSES), values)


def random_set_tag(g: Gen) -> str:
    return set_tag(g.pick(KEY_CLASSES))


def _known(g: Gen, pred) -> list:
    out = {t for v in g.visible().values() for t in v.type if pred(t)} if hasattr(g, "scopes") else set()
    out |= {t for f in g.functions for t in f.ret if pred(t)}
    return sorted(out)


def heap_type(g: Gen, pure: bool = False) -> frozenset:
    """A type holding strs (mostly), dicts or sets: often one of a visible variable's."""
    k = g.draw(st.integers(0, 9))
    if k == 9 and g.lists and not pure:
        return frozenset([list_tag(["s"])])  # (``split``'s list)
    if k < 4:
        return T_STR if pure or k < 3 else T_STR | T_NONE
    if k < 7:
        known = _known(g, is_dict_tag)
        return frozenset([g.pick(known) if known and g.flag(40) else random_dict_tag(g)])
    known = _known(g, is_set_tag)
    return frozenset([g.pick(known) if known and g.flag(40) else random_set_tag(g)])


def heap_param(g: Gen, k: int, annotated: bool) -> Param:
    t = heap_type(g, pure=annotated)
    ann = None
    if annotated:
        tag = next(iter(t))
        ann = "str" if tag == "s" else "dict" if is_dict_tag(tag) else "set"
    return Param(f"p{k}", ann, t, NO_DEFAULT)


def _key_values(tag: str):
    if is_tuple_tag(tag):
        return st.tuples(*(_key_values(e) for e in elems_of(tag)))
    pool = st.sampled_from(KEY_POOL[tag])
    if tag == "i":
        return st.one_of(pool, int_args)
    if tag == "f":
        return st.one_of(pool, float_args.filter(lambda v: v == v))
    if tag == "s":
        return st.one_of(pool, st.text(max_size=3))
    return pool


def heap_values(tag: str):
    """Arguments of the class ``tag`` (a dict's keys in the order drawn)."""
    if tag == "s":
        return st.one_of(st.sampled_from(STR_POOL), st.text(max_size=8))
    if is_dict_tag(tag):
        keys, values = dict_parts(tag)
        if not keys or not values:
            return st.builds(dict)
        pairs = st.tuples(st.one_of(*(_key_values(k) for k in sorted(keys))),
                          st.one_of(*(tag_values(v) for v in sorted(values))))
        return st.lists(pairs, max_size=4).map(dict)
    items = sorted(items_of_set(tag))
    if not items:
        return st.builds(set)
    return st.lists(st.one_of(*(_key_values(k) for k in items)), max_size=4).map(set)


def items_of_set(tag: str) -> frozenset:
    return items_of("[" + tag[2:-1] + "]")


def _str_text(v: str) -> str:
    return repr(v)


def _key_text(g: Gen, tag: str) -> str:
    """A key literal from ``KEY_POOL`` (a tuple of them for a tuple class)."""
    if is_tuple_tag(tag):
        return _display([_key_text(g, e) for e in elems_of(tag)])
    v = g.pick(KEY_POOL[tag])
    return f"({v!r})" if repr(v).startswith("-") else repr(v)


def _pooled(text: str) -> bool:
    """A key literal (from the pool: storing it cannot grow a dict past the pool's size)."""
    return _simple(text) and not text.isidentifier()


def _key_expr(g: Gen, keys: frozenset, depth: int) -> str:
    """A key of one of the classes ``keys`` (a literal mostly, an int or str expression, rarely
    a list: unhashable)."""
    keys = sorted(keys) or ["i"]
    tag = g.pick(keys)
    k = g.draw(st.integers(0, 19))
    if k == 19:
        return f"[{_key_text(g, tag)}]"  # TypeError: unhashable type: 'list'
    if k >= 14 and tag in ("i", "s") and depth > 0:
        return g.expr(frozenset(tag), depth - 1).text
    return _key_text(g, tag)


def heap_literal(g: Gen, tag: str) -> Expr:
    if tag == "s":
        return Expr(_str_text(g.pick(STR_POOL)), T_STR)
    if is_dict_tag(tag):
        keys, values = dict_parts(tag)
        n = g.pick([2, 1, 3, 0]) if keys and values else 0
        from .generator import _literal_of
        parts = [f"{_key_text(g, g.pick(sorted(keys)))}: {_literal_of(g, g.pick(sorted(values))).text}"
                 for _ in range(n)]
        return Expr("{" + ", ".join(parts) + "}", frozenset([tag]))
    items = sorted(items_of_set(tag))
    n = g.pick([2, 1, 3, 0]) if items else 0
    if n == 0:
        return Expr("set()", frozenset([tag]))
    return Expr("{" + ", ".join(_key_text(g, g.pick(items)) for _ in range(n)) + "}", frozenset([tag]))


# ----------------------------------------------------------------------------- helpers
def _vars(g: Gen, pred) -> list:
    return [v for v in g.visible().values() if v.type and all(pred(t) for t in v.type)]


def _str_vars(g: Gen) -> list:
    return _vars(g, lambda t: t == "s")


def _dict_vars(g: Gen, pred=lambda keys, values: True) -> list:
    return _vars(g, lambda t: is_dict_tag(t) and pred(*dict_parts(t)))


def _set_vars(g: Gen, pred=lambda items: True) -> list:
    return _vars(g, lambda t: is_set_tag(t) and pred(items_of_set(t)))


def _s(g: Gen, depth: int) -> str:
    """A str operand: a variable (mostly, where one is visible) or an expression."""
    vs = _str_vars(g)
    if vs and g.flag(60):
        return g.pick(vs).name
    return g.expr(T_STR, max(depth - 1, 0)).text


def _small_int(g: Gen, depth: int, choices=(0, 1, 3, 7, 12, -1, 2)) -> str:
    if g.flag(70) or depth <= 0:
        v = g.pick(list(choices))
        return f"({v})" if v < 0 else str(v)
    return f"({g.expr(T_INT, depth - 1).text} % 9)"


def _dict_operand(g: Gen, depth: int, pred=lambda keys, values: True) -> Expr | None:
    vs = _dict_vars(g, pred)
    if vs and g.flag(75):
        v = g.pick(vs)
        return Expr(v.name, v.type)
    tags = [t for t in _known(g, is_dict_tag) if pred(*dict_parts(t))]
    if not tags:
        tag = random_dict_tag(g)
        if not pred(*dict_parts(tag)):
            return None
        tags = [tag]
    tag = g.pick(tags)
    return _typed(g.expr(frozenset([tag]), max(depth - 1, 0)), tag)


def _typed(e: Expr, tag: str) -> Expr:
    """``e`` with the type ``{tag}`` where it has none (an expression that never makes a value:
    it always raises)."""
    return e if e.type else Expr(e.text, frozenset([tag]))


def _set_operand(g: Gen, depth: int, tag: str | None = None) -> Expr:
    vs = _set_vars(g) if tag is None else [v for v in _set_vars(g) if v.type == frozenset([tag])]
    if vs and g.flag(70):
        v = g.pick(vs)
        return Expr(v.name, v.type)
    tag = tag or random_set_tag(g)
    return _typed(g.expr(frozenset([tag]), max(depth - 1, 0)), tag)


def _heap(can=lambda g, want: True):
    return lambda g, want: g.heap and can(g, want)


def _fits(g: Gen, classes: frozenset, want: frozenset) -> bool:
    return bool(classes) and classes <= want


# ----------------------------------------------------------------------------- str expressions
_NO_ARG_METHODS = ["upper", "lower", "strip", "lstrip", "rstrip", "title", "capitalize", "swapcase", "casefold"]
_WIDTH_METHODS = ["zfill", "center", "ljust", "rjust"]
_FILLS = ["'*'", "' '", "'\u00e9'", "'ab'"]  # (the last: TypeError, not one character)
_INT_SPECS = ["", "d", ">6", "<4", "^7", "+", ",", "_", "x", "#X", "o", "b", "08", "+,", "e", ".2f", "%", "c"]
_FLOAT_SPECS = ["", ".2f", ">10.3f", "e", ".3e", "g", ".1%", ",", "+.1f", "010.2f", "^9", "d", ".0f", "_.2f"]
_STR_SPECS = ["", ">5", "<6", "^7", "*^8", ".2", "d", "=5"]


@expr_kind("str_value", weight=4, can=_heap(lambda g, want: "s" in want))
def str_value(g: Gen, want, depth):
    """A new str: ``+``, ``*``, an index, a slice, the str methods, ``join``, an f-string or
    ``format`` with a spec, ``str()``/``repr()`` of any value, ``chr``, ``partition``."""
    form = g.draw(st.integers(0, 13))
    a = _s(g, depth)
    if form == 0:
        return Expr(f"({a} + {_s(g, depth)})", T_STR)
    if form == 1:
        n = _small_int(g, depth, (0, 1, 2, -1, 3))
        return Expr(f"({a} * ({n} % 3))" if not n.isdigit() else f"({a} * {n})", T_STR)
    if form == 2:
        return Expr(f"{a}[{_index_text(g, a, depth)}]", T_STR)
    if form == 3:
        return Expr(f"{a}[{_slice_text(g, depth)}]", T_STR)
    if form == 4:
        return Expr(f"{a}.{g.pick(_NO_ARG_METHODS)}()", T_STR)
    if form == 5:
        m = g.pick(["strip", "replace", "replace", "removeprefix", "removesuffix", "lstrip", "rstrip"])
        b = _s(g, 1)
        if m == "replace":
            count = "" if g.flag(60) else f", {_small_int(g, depth, (0, 1, -1, 2))}"
            return Expr(f"{a}.replace({b}, {_s(g, 1)}{count})", T_STR)
        return Expr(f"{a}.{m}({b})", T_STR)
    if form == 6:
        m = g.pick(_WIDTH_METHODS)
        fill = f", {g.pick(_FILLS)}" if m != "zfill" and g.flag(40) else ""
        return Expr(f"{a}.{m}({_small_int(g, depth)}{fill})", T_STR)
    if form == 7:
        return Expr(f"{a}.join({_str_iterable(g, depth)})", T_STR)
    if form == 8:
        return _formatted(g, depth)
    if form == 9:
        fn = g.pick(["str", "repr"])
        t = g.pick([T_ANY, T_STR, T_NUM] + [frozenset([t]) for t in _known(g, is_dict_tag)][:1]
                   + [frozenset([t]) for t in _known(g, lambda t: t[0] in "({")][:1])
        return Expr(f"{fn}({g.expr(t, max(depth - 1, 0)).text})", T_STR)
    if form == 10:
        n = g.expr(T_INT, max(depth - 1, 0)).text
        return Expr(g.pick([f"chr({n} % 300 + 32)", f"chr({n} % 1200)", f"chr({n} % 1114113)",
                            f"chr(({n}) & 0x1FFFFF)"]), T_STR)
    if form == 11:
        m = g.pick(["partition", "rpartition"])
        return Expr(f"{a}.{m}({_s(g, 1)})[{g.pick(['0', '1', '2', '-1'])}]", T_STR)
    if form == 12:
        m = g.pick(["split", "rsplit"])
        sep = g.pick(["", _s(g, 1), "None"])
        return Expr(f"({a}.{m}({sep}) or ['-'])[{g.pick(['0', '-1'])}]", T_STR)
    return Expr(f"{a}.expandtabs({g.pick(['', '2', '0'])})", T_STR)


def _str_iterable(g: Gen, depth: int) -> str:
    """What ``join`` takes: a list of strs, a str, ``split``'s list, a tuple; rarely ints."""
    k = g.draw(st.integers(0, 9))
    if k < 4:
        return "[" + ", ".join(_s(g, 1) for _ in range(g.pick([2, 1, 3, 0]))) + "]"
    if k < 6:
        return _s(g, depth)
    if k < 8:
        return f"{_s(g, depth)}.split({g.pick(['', repr(','), repr(' ')])})"
    if k == 8:
        return _display([_s(g, 1) for _ in range(g.pick([2, 1]))])
    return f"[{g.expr(T_INT, 0).text}]"  # TypeError: sequence item 0: expected str instance


def _formatted(g: Gen, depth: int) -> Expr:
    """An f-string of names with specs (ints, floats, strs; a spec wrong for the value:
    ValueError), else ``format(e, spec)``."""
    names = [(v.name, "s") for v in _str_vars(g)]
    names += [(v.name, "i") for v in g.visible().values() if v.type == T_INT and not v.fn]
    names += [(v.name, "f") for v in g.visible().values() if v.type == T_FLOAT and not v.fn]
    if names and g.flag(70):
        parts = []
        for _ in range(g.pick([1, 2, 1, 3])):
            name, cls = g.pick(names)
            specs = {"s": _STR_SPECS, "i": _INT_SPECS, "f": _FLOAT_SPECS}[cls]
            conv = g.pick(["", "", "", "!r", "!s"])
            spec = g.pick(specs) if not conv or g.flag(30) else ""
            parts.append(g.pick(["", "<", " = ", "|"]) + "{" + name + conv + (":" + spec if spec else "") + "}")
        return Expr("f'" + "".join(parts) + "'", T_STR)
    cls = g.pick(["i", "f", "s"])
    spec = g.pick({"s": _STR_SPECS, "i": _INT_SPECS, "f": _FLOAT_SPECS}[cls])
    return Expr(f"format({g.expr(frozenset(cls), max(depth - 1, 0)).text}, {spec!r})", T_STR)


@expr_kind("str_int", weight=2, can=_heap(lambda g, want: "i" in want))
def str_int(g: Gen, want, depth):
    """``len``, ``find``/``rfind``/``index``/``count`` (with start/end), ``ord`` (TypeError
    unless one character), ``int(s)`` and ``int(s, base)`` (ValueError where it does not parse)."""
    a = _s(g, depth)
    form = g.draw(st.integers(0, 8))
    if form == 7:  # a str that parses: the round trip of an int
        return Expr(f"int({g.pick(['str', 'repr', 'hex', 'bin'])}({g.expr(T_INT, max(depth - 1, 0)).text}), 0)"
                    if g.flag(30) else f"int(str({g.expr(T_INT, max(depth - 1, 0)).text}))", T_INT)
    if form in (0, 8):
        return Expr(f"len({a})", T_INT)
    if form == 1:
        m = g.pick(["find", "rfind", "count", "index", "rindex"])
        extra = "" if g.flag(70) else f", {_small_int(g, depth, (0, 1, -1, 2, -2))}"
        return Expr(f"{a}.{m}({_s(g, 1)}{extra})", T_INT)
    if form == 2:
        return Expr(g.pick([f"ord({a})", f"ord({a}[0])", f"ord(({a} + 'z')[0])"]), T_INT)
    if form == 3:
        return Expr(f"int({a})", T_INT)
    if form == 4:
        return Expr(f"int({a}, {g.pick(['0', '16', '2', '36', '10', '1'])})", T_INT)
    if form == 5:
        return Expr(f"int({g.pick([repr(v) for v in STR_POOL])})", T_INT)
    return Expr(f"len({a}.split({g.pick(['', repr(','), repr('a')])}))", T_INT)


@expr_kind("str_float", can=_heap(lambda g, want: "f" in want))
def str_float(g: Gen, want, depth):
    """``float(s)`` (``inf``, ``-nan``, ``1_0``, whitespace; ValueError where it does not parse),
    and round trips ``float(repr(x))``, ``float(f'{x:.3e}')``."""
    if g.flag(50):
        x = g.expr(T_NUM, max(depth - 1, 0)).text
        return Expr(g.pick([f"float(repr({x}))", f"float(str({x}))", f"float(format({x}, '.3e'))"]), T_FLOAT)
    return Expr(f"float({_s(g, depth)})", T_FLOAT)


_PREDICATES = ["isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "istitle"]


@expr_kind("str_bool", weight=2, can=_heap(lambda g, want: "b" in want))
def str_bool(g: Gen, want, depth):
    """``== != < <= in``, ``startswith``/``endswith`` (a tuple too), the ``is...`` predicates,
    truth."""
    a = _s(g, depth)
    form = g.draw(st.integers(0, 4))
    if form == 0:
        return Expr(f"({a} {g.pick(['==', '!=', '<', '<=', '>', 'in', 'not in'])} {_s(g, depth)})", T_BOOL)
    if form == 1:
        m = g.pick(["startswith", "endswith"])
        arg = _s(g, 1) if g.flag(70) else _display([_s(g, 1), _s(g, 1)])
        return Expr(f"{a}.{m}({arg})", T_BOOL)
    if form == 2:
        return Expr(f"{a}.{g.pick(_PREDICATES)}()", T_BOOL)
    if form == 3:
        return Expr(f"({a} == {g.expr(T_ANY, 0).text})", T_BOOL)  # a str equals only a str
    return Expr(g.pick([f"(not {a})", f"bool({a})"]), T_BOOL)


@expr_kind("str_list", weight=3, can=_heap(lambda g, want: list_tag(["s"]) in want))
def str_list(g: Gen, want, depth):
    """``split``/``rsplit`` (sep, maxsplit; ValueError: empty separator), ``splitlines``,
    ``list(s)``, ``sorted(s)``."""
    a = _s(g, depth)
    form = g.draw(st.integers(0, 4))
    if form < 2:
        m = g.pick(["split", "rsplit"])
        args = g.pick(["", repr(","), "None, 1", repr(" ") + ", 0", repr(""), repr("a") + ", -1"])
        return Expr(f"{a}.{m}({args})", frozenset([list_tag(["s"])]))
    if form == 2:
        return Expr(f"{a}.splitlines({g.pick(['', 'True'])})", frozenset([list_tag(["s"])]))
    return Expr(f"{g.pick(['list', 'sorted'])}({a})", frozenset([list_tag(["s"])]))


# ----------------------------------------------------------------------------- dict expressions
def _wants_dict(g, want):
    return bool(dict_tags(want))


@expr_kind("dict_new", weight=3, can=_heap(_wants_dict))
def dict_new(g: Gen, want, depth):
    """A display of expressions (keys may collide), ``{}``, a comprehension, ``d.copy()``,
    ``dict(d)``, ``d | e``, ``{**d, k: v}``."""
    tag = g.pick(dict_tags(want))
    keys, values = dict_parts(tag)
    if not keys or not values:
        return Expr("{}", frozenset([tag]))
    form = g.draw(st.integers(0, 5))
    t = frozenset([tag])
    if form == 0 or depth <= 0:
        parts = [f"{_key_expr(g, keys, depth)}: {g.expr(values, max(depth - 1, 0)).text}"
                 for _ in range(g.pick([2, 1, 3, 0]))]
        return Expr("{" + ", ".join(parts) + "}", t)
    if form == 1:
        return _dict_comprehension(g, tag, depth)
    same = [v.name for v in _dict_vars(g) if v.type == t]
    src = g.pick(same) if same and g.flag(70) else g.expr(t, depth - 1).text
    if form == 2:
        return Expr(g.pick([f"{src}.copy()", f"dict({src})"]), t)
    if form == 3:
        other = g.pick(same) if same and g.flag(50) else g.expr(t, depth - 1).text
        return Expr(f"({src} | {other})", t)
    if form == 4:
        return Expr(f"{{**{src}, {_key_expr(g, keys, depth)}: {g.expr(values, depth - 1).text}}}", t)
    return Expr(f"dict.fromkeys({_key_iterable(g, keys, depth)}, {g.expr(values, depth - 1).text})", t)


def _key_iterable(g: Gen, keys: frozenset, depth: int) -> str:
    """An iterable whose items are of the classes ``keys``."""
    if "s" in keys and g.flag(50):
        return _s(g, depth)
    cls = sorted(keys)
    return "[" + ", ".join(_key_text(g, g.pick(cls)) for _ in range(g.pick([2, 3, 1, 0]))) + "]"


def _dict_comprehension(g: Gen, tag: str, depth: int) -> Expr | None:
    """``{x: v for x in xs if c}`` over a range, a str, a list or a dict (its keys)."""
    keys, values = dict_parts(tag)
    source = g.draw(st.integers(0, 3))
    if source == 0 and "i" in keys:
        it, items, trips = f"range({g.pick(['3', '5', '0'])})", T_INT, 5
    elif source == 1 and "s" in keys:
        it, items, trips = _s(g, depth), T_STR, HEAP_TRIPS
    elif source == 2:
        d = _dict_operand(g, depth, lambda k, v: k <= keys)
        if d is None:
            return None
        it, items, trips = d.text, dict_parts(next(iter(d.type)))[0], DICT_CAP + 4
    else:
        cls = sorted(keys)
        it = "[" + ", ".join(_key_text(g, g.pick(cls)) for _ in range(g.pick([3, 2, 4]))) + "]"
        items, trips = frozenset(cls), 4
    if not g.affordable(trips + 1):
        return None
    saved = g.no_maybe_unbound
    g.no_maybe_unbound = True
    x = g.fresh("x")
    g.scopes.append({})
    g.declare(x, items)
    g.in_comprehension += 1
    try:
        with _InLoop(g, trips):
            key = x if g.flag(70) else _key_expr(g, keys, 1)
            value = g.expr(values, max(depth - 1, 0)).text
            cond = f" if {g.expr(T_BOOL, 1).text}" if g.flag(30) else ""
    finally:
        g.scopes.pop()
        g.in_comprehension -= 1
        g.no_maybe_unbound = saved
    return Expr(f"{{{key}: {value} for {x} in {it}{cond}}}", frozenset([tag]))


@expr_kind("dict_value", weight=5, can=_heap(lambda g, want: bool(_dict_vars(g, lambda k, v: v <= want))))
def dict_value(g: Gen, want, depth):
    """``d[k]`` (KeyError), ``d.get(k)``/``d.get(k, e)``, ``d.pop(k, e)``, ``d.setdefault(k, v)``,
    ``d[k] if k in d else e``, ``d.popitem()[1]`` (KeyError on an empty dict)."""
    v = g.pick(_dict_vars(g, lambda k, vals: vals <= want))
    keys, values = dict_parts(next(iter(v.type)))
    k = _key_expr(g, keys, depth)
    form = g.draw(st.integers(0, 6))
    if form == 0:
        return Expr(f"{v.name}[{k}]", values)
    if form == 1 and "n" in want:
        return Expr(f"{v.name}.get({k})", values | T_NONE)
    if form <= 2:
        return Expr(f"{v.name}.get({k}, {g.expr(values, max(depth - 1, 0)).text})", values)
    if form == 3:
        return Expr(f"{v.name}.pop({k}, {g.expr(values, max(depth - 1, 0)).text})", values)
    if form == 4:
        if not g.affordable(2):
            return None
        return Expr(f"{v.name}.setdefault({k}, {g.expr(values, max(depth - 1, 0)).text})", values)
    if form == 5 and _simple(k):
        return Expr(f"({v.name}[{k}] if {k} in {v.name} else {g.expr(values, max(depth - 1, 0)).text})", values)
    return Expr(f"{v.name}.popitem()[1]", values)


@expr_kind("dict_key", weight=4, can=_heap(lambda g, want: bool(_dict_vars(g, lambda k, v: bool(k) and k <= want))))
def dict_key(g: Gen, want, depth):
    """A key read back: ``d.popitem()[0]``, ``list(d)[-1]``, ``list(d.keys())[0]`` (the first key
    inserted keeps its class: ``{1: a, 1.0: b}`` has the key ``1``)."""
    v = g.pick(_dict_vars(g, lambda k, vals: bool(k) and k <= want))
    keys, _ = dict_parts(next(iter(v.type)))
    return Expr(g.pick([f"{v.name}.popitem()[0]", f"list({v.name})[-1]", f"list({v.name}.keys())[0]",
                        f"({v.name} or {{{_key_text(g, g.pick(sorted(keys)))}: 0}}).popitem()[0]"]), keys)


@expr_kind("dict_int", weight=2, can=_heap(lambda g, want: "i" in want))
def dict_int(g: Gen, want, depth):
    """``len(d)``, ``len`` of a view, ``sum(d.values())`` of ints, ``len(d | e)``."""
    d = _dict_operand(g, depth)
    if d is None:
        return None
    keys, values = dict_parts(next(iter(d.type)))
    form = g.draw(st.integers(0, 3))
    if form == 1:
        return Expr(f"len({d.text}.{g.pick(['keys', 'values', 'items'])}())", T_INT)
    if form == 2 and values and values <= T_INTLIKE:
        return Expr(f"sum({d.text}.values())", T_INT)
    if form == 3:
        return Expr(f"len(list({d.text}.items()))", T_INT)
    return Expr(f"len({d.text})", T_INT)


@expr_kind("dict_bool", weight=2, can=_heap(lambda g, want: "b" in want))
def dict_bool(g: Gen, want, depth):
    """``k in d`` (a key of another class: equal numbers are one key; a list: TypeError),
    ``d == e`` (no float values), ``v in d.values()``, ``(k, v) in d.items()``, truth."""
    d = _dict_operand(g, depth)
    if d is None:
        return None
    tag = next(iter(d.type))
    keys, values = dict_parts(tag)
    form = g.draw(st.integers(0, 4))
    if form == 0:
        return Expr(f"({_key_expr(g, keys | {'i'}, depth)} {g.pick(['in', 'not in'])} {d.text})", T_BOOL)
    if form == 1 and "f" not in values and not any("f" in x for x in values):
        e = g.expr(d.type, max(depth - 1, 0)).text
        return Expr(f"({d.text} {g.pick(['==', '!='])} {e})", T_BOOL)
    if form == 2 and values and "f" not in "".join(values):
        return Expr(f"({g.expr(values, max(depth - 1, 0)).text} in {d.text}.values())", T_BOOL)
    if form == 3 and keys and values and "f" not in "".join(values):
        pair = f"({_key_expr(g, keys, depth)}, {g.expr(values, max(depth - 1, 0)).text})"
        return Expr(f"({pair} in {d.text}.items())", T_BOOL)
    return Expr(g.pick([f"(not {d.text})", f"bool({d.text})"]), T_BOOL)


@expr_kind("dict_list", weight=2, can=_heap(lambda g, want: g.lists and bool(list_tags(want))))
def dict_list(g: Gen, want, depth):
    """``list(d)``, ``list(d.values())``, ``list(d.items())``, ``[k for k in d]`` in insertion
    order, where the list's tag covers the items."""
    for tag in list_tags(want):
        items = items_of(tag)
        for d in _dict_vars(g):
            keys, values = dict_parts(next(iter(d.type)))
            forms = []
            if keys and keys <= items:
                forms += [f"list({d.name})", f"[k for k in {d.name}]", f"list({d.name}.keys())"]
            if values and values <= items:
                forms += [f"list({d.name}.values())"]
            if len(keys) == 1 and len(values) == 1 and shape_tag([*keys, *values]) in items:
                forms += [f"list({d.name}.items())"]
            if forms:
                return Expr(g.pick(forms), frozenset([tag]))
    return None


# ----------------------------------------------------------------------------- set expressions
def _wants_set(g, want):
    return bool(set_tags(want))


@expr_kind("set_new", weight=3, can=_heap(_wants_set))
def set_new(g: Gen, want, depth):
    """A display, ``set()``, a comprehension (over a range, a str, a list: never over a set,
    whose order is not CPython's), ``set(xs)``, ``| & - ^`` and their methods, ``s.copy()``."""
    tag = g.pick(set_tags(want))
    items = items_of_set(tag)
    t = frozenset([tag])
    form = g.draw(st.integers(0, 5))
    if not items:
        return Expr("set()", t)
    if form == 0 or depth <= 0:
        n = g.pick([2, 1, 3])
        return Expr("{" + ", ".join(_key_expr(g, items, depth) for _ in range(n)) + "}", t)
    if form == 1:
        it = _key_iterable(g, items, depth) if g.flag(60) else f"range({g.pick(['4', '2', '0'])})"
        if it.startswith("range") and "i" not in items:
            it = _key_iterable(g, items, depth)
        if g.flag(50):
            return Expr(f"set({it})", t)
        x = g.fresh("x")
        return Expr(f"{{{x} for {x} in {it}}}", t)
    a = _set_operand(g, depth, tag)
    if form == 2:
        return Expr(f"{a.text}.copy()", t)
    b = _set_operand(g, depth, tag)
    if form == 3:
        return Expr(f"({a.text} {g.pick(['|', '&', '-', '^'])} {b.text})", t)
    if form == 4:
        m = g.pick(["union", "intersection", "difference", "symmetric_difference"])
        return Expr(f"{a.text}.{m}({b.text})", t)
    d = _dict_operand(g, depth, lambda k, v: bool(k) and k <= items)
    if d is not None:
        return Expr(f"set({d.text})", t)  # a dict's keys
    return Expr(f"({a.text} | {b.text})", t)


@expr_kind("set_bool", weight=2, can=_heap(lambda g, want: "b" in want))
def set_bool(g: Gen, want, depth):
    """``x in s`` (a list: TypeError), ``<= >= < ==`` between sets, ``isdisjoint``, truth."""
    a = _set_operand(g, depth)
    tag = next(iter(a.type))
    form = g.draw(st.integers(0, 3))
    if form == 0:
        return Expr(f"({_key_expr(g, items_of_set(tag) | {'i'}, depth)} {g.pick(['in', 'not in'])} {a.text})",
                    T_BOOL)
    if form == 1:
        b = _set_operand(g, depth, tag)
        return Expr(f"({a.text} {g.pick(['<=', '>=', '<', '>', '==', '!='])} {b.text})", T_BOOL)
    if form == 2:
        b = _set_operand(g, depth, tag)
        return Expr(f"{a.text}.{g.pick(['isdisjoint', 'issubset', 'issuperset'])}({b.text})", T_BOOL)
    return Expr(g.pick([f"(not {a.text})", f"bool({a.text})"]), T_BOOL)


@expr_kind("set_int", can=_heap(lambda g, want: "i" in want))
def set_int(g: Gen, want, depth):
    """``len(s)``, ``len(a | b)``, ``sum`` and ``sorted`` of an int set."""
    a = _set_operand(g, depth)
    items = items_of_set(next(iter(a.type)))
    if items == T_INT and g.flag(40):
        return Expr(g.pick([f"sum({a.text})", f"(sorted({a.text}) or [0])[-1]", f"max({a.text}, default=-1)"]),
                    T_INT)
    return Expr(f"len({a.text})", T_INT)


# ----------------------------------------------------------------------------- statements
def _rebindable_strs(g: Gen) -> list:
    return [v for v in g.visible().values() if v.type == T_STR and not (v.free or v.glob or v.caught)]


@stmt_kind("str_rebind", weight=2, can=lambda g: g.heap and bool(_rebindable_strs(g)))
def str_rebind(g: Gen):
    """``if len(s) < STR_CAP: s = <str>`` / ``s += <str>`` (a str grows only under the cap)."""
    v = g.pick(_rebindable_strs(g))
    e = g.expr(T_STR, 2).text
    op = g.pick(["+=", "="])
    if g.flag(20):
        return [f"{v.name} = {v.name}[:{STR_CAP}]"]
    return [f"if len({v.name}) < {STR_CAP}:", f"    {v.name} {op} {e}"]


@stmt_kind("for_str", can=lambda g: g.heap and _can_loop(g))
def for_str(g: Gen):
    """``for c in s:`` and ``for i, c in enumerate(s):``."""
    if not g.affordable(HEAP_TRIPS + 1):
        return None
    s = _s(g, 2)
    c = g.fresh("c")
    g.scopes.append({})
    if g.flag(30):
        i = g.fresh("i")
        head = f"for {i}, {c} in enumerate({s}):"
        g.declare(i, T_INT)
    else:
        head = f"for {c} in {s}:"
    g.declare(c, T_STR)
    with _InLoop(g, HEAP_TRIPS):
        lines = [head] + g.block()
    g.scopes.pop()
    return lines


def _mutable_dicts(g: Gen) -> list:
    return _dict_vars(g, lambda k, v: bool(k) and bool(v))


@stmt_kind("dict_store", weight=3, can=lambda g: g.heap and bool(_mutable_dicts(g)))
def dict_store(g: Gen):
    """``d[k] = v`` (a pool key; another key under the cap), ``d[k] += v`` (KeyError),
    ``del d[k]`` (KeyError), ``d.pop(k)``, ``d.popitem()``, ``d.clear()``, ``d.update(e)``,
    ``d |= e``, ``d.setdefault(k, v)``."""
    d = g.pick(_mutable_dicts(g))
    tag = next(iter(d.type))
    keys, values = dict_parts(tag)
    k = _key_expr(g, keys, 2)
    pool = _pooled(k)
    form = g.draw(st.integers(0, 8))
    if form < 3:
        line = f"{d.name}[{k}] = {g.expr(values, 2).text}"
        return [line] if pool else [f"if len({d.name}) < {DICT_CAP}:", "    " + line]
    if form == 3 and values <= T_INTLIKE:
        return [f"{d.name}[{k}] += {g.expr(T_INT, 1).text}"]
    if form == 3 and values == T_STR:
        return [f"{d.name}[{k}] += {_s(g, 1)}"]
    if form <= 4:
        return [g.pick([f"del {d.name}[{k}]", f"{d.name}.pop({k})"])]
    if form == 5:
        return [g.pick([f"{d.name}.popitem()", f"{d.name}.clear()"])]
    if form == 6:
        e = g.expr(d.type, 1).text
        return [f"if len({d.name}) < {DICT_CAP}:", f"    {d.name}{g.pick(['.update(' + e + ')', ' |= ' + e])}"]
    line = f"{d.name}.setdefault({k}, {g.expr(values, 1).text})"
    return [line] if pool else [f"if len({d.name}) < {DICT_CAP}:", "    " + line]


@stmt_kind("for_dict", weight=2, can=lambda g: g.heap and _can_loop(g) and bool(_dict_vars(g)))
def for_dict(g: Gen):
    """``for k in d:``, ``for v in d.values():``, ``for k, v in d.items():`` in insertion
    order; the body may change the dict (a new key or ``del``: RuntimeError, changed size;
    an existing key's value: no error)."""
    if not g.affordable(DICT_CAP + 5):
        return None
    d = g.pick(_dict_vars(g))
    keys, values = dict_parts(next(iter(d.type)))
    g.scopes.append({})
    form = g.draw(st.integers(0, 2))
    k, v = g.fresh("k"), g.fresh("x")
    if form == 0:
        head, decls = f"for {k} in {d.name}:", [(k, keys)]
    elif form == 1:
        head, decls = f"for {v} in {d.name}.values():", [(v, values)]
    else:
        head, decls = f"for {k}, {v} in {d.name}.items():", [(k, keys), (v, values)]
    for name, t in decls:
        g.declare(name, t or T_INT)
    with _InLoop(g, DICT_CAP + 4):
        body = []
        if g.flag(25) and keys and values:
            key = k if form != 1 and g.flag(50) else _key_text(g, g.pick(sorted(keys)))
            body = [g.pick([f"{d.name}[{key}] = {g.expr(values, 1).text}", f"{d.name}.pop({key}, None)"])]
            if g.flag(50):
                body = [f"if {g.expr(T_BOOL, 1).text}:", "    " + body[0]]
        lines = [head] + ["    " + line for line in body] + g.block()
    g.scopes.pop()
    return lines


def _mutable_sets(g: Gen) -> list:
    return _set_vars(g, lambda items: bool(items))


@stmt_kind("set_store", weight=3, can=lambda g: g.heap and bool(_mutable_sets(g)))
def set_store(g: Gen):
    """``s.add(x)`` (under the cap for a computed ``x``), ``discard``, ``remove`` (KeyError),
    ``pop`` of a one-item set, ``clear``, ``|= &= -= ^=`` and ``update``."""
    s = g.pick(_mutable_sets(g))
    tag = next(iter(s.type))
    items = items_of_set(tag)
    x = _key_expr(g, items, 2)
    pool = _pooled(x)
    form = g.draw(st.integers(0, 6))
    if form < 2:
        line = f"{s.name}.add({x})"
        return [line] if pool else [f"if len({s.name}) < {DICT_CAP}:", "    " + line]
    if form == 2:
        return [f"{s.name}.{g.pick(['discard', 'remove'])}({x})"]
    if form == 3:
        return [f"if len({s.name}) == 1:", f"    {s.name}.pop()"]
    if form == 4:
        return [f"{s.name}.clear()"]
    e = _set_operand(g, 1, tag).text
    op = g.pick(["|=", "&=", "-=", "^=", ".update", ".difference_update", ".intersection_update"])
    line = f"{s.name}{op}({e})" if op[0] == "." else f"{s.name} {op} {e}"
    return [f"if len({s.name}) < {DICT_CAP}:", "    " + line]
