"""Hypothesis strategies for random pydm programs (the program fuzzer's generator).

``programs()`` draws a module of 1-4 functions (``@pydm.jit`` ones, and sometimes
undecorated helpers ``h0``... that later functions call) after 0-3 module
constants ``K0 = <literal>``; ``fuzz_cases()`` a program plus the calls to make on
its jit functions. Every program is inside pydm's supported subset (README "What
is supported" / "Dynamic code" / "Exceptions and functions"), so it must compile,
and it terminates: loops are bounded (``range`` arguments are literals or clamped,
``while`` loops carry a counter), recursion goes through a depth parameter that
every self-call decreases, and a cost estimate bounds how much work calls inside
loops can multiply (a ``continue`` or ``break`` in a ``finally`` body cannot
unbound a loop: the ``while`` counter's increment and exit test come first in
the body, outside any ``try``).

How it is organised
-------------------
* Value types are frozensets of class tags: ``"b"`` bool, ``"i"`` int, ``"f"``
  float, ``"n"`` None (``T_NUM`` = bool|int|float, ``T_ANY`` = all scalars), and
  tuple tags: ``"(i,f)"`` a tuple of exactly an int and a float (``"(i,)"``,
  ``"()"``, nested ``"((i,),n)"``), ``"[f|i]"`` a tuple of any (small) length
  whose items have those classes, and list tags: ``"{f|i}"`` a list whose items
  have those classes (``"{(i,f)|{i}}"``: pairs and lists of ints). They only
  steer the generator towards programs that compute something (most operations
  well typed); a program whose static types say "TypeError" is still a valid
  test, since pydm raises CPython's TypeError at run time. They are sound,
  though: an expression drawn for a type holds values of that type, so a
  tuple appears only where a tuple tag was asked for (``t * n`` and
  ``t = t + t`` could otherwise grow without bound).
* Tuples: only tuple kinds (``tuple_*``, ``for_tuple``, ...) take tuple
  operands; the scalar operators never see one. Tuple lengths stay small: a
  variable of a ``"[...]"`` type is written only where it is declared (and by
  ``tuple_aug`` with a literal), repetition counts are literals or ``% 3``.
* Lists (``list_*``, ``for_list``, ``star_unpack``, ``range_value``, ...): about
  half the programs have them (``Gen.lists``: their compiles link the runtime
  library's list functions and take longer). Lists are mutable and shared, so
  a list tag is invariant: every list object keeps the tag it was made with
  (an expression of type ``"{i}"`` is never used where ``"{f|i}"`` is wanted,
  but a *new* list, from a display, ``+``, a slice, ``sorted``, ..., may be
  made for any tag whose classes cover its items), and the kinds that change
  a list in place write only items of its tag. A variable holding lists is
  never rebound (like a variable-length tuple); a list grows only in
  ``list_grow`` statements guarded by ``if len(xs) < LIST_CAP:`` whose operands
  are leaves, so a list passes the cap at most once and by little; repetition
  counts are literals or ``% 3``. A comprehension is its own scope (its
  iterables have no comparison chains: the reference's ``:=`` temporaries are
  a SyntaxError there). Lists are passed as arguments (the harness compares
  them after the call), returned, and held in lists and tuples.
* What an operator returns for which operand classes is not a hand-written
  table: ``result_type`` evaluates the operator in CPython on sample values of
  each class (``SAMPLES``), so a new operator or value class needs no table.
* Expression kinds live in ``EXPR_KINDS``, statement kinds in ``STMT_KINDS``.
  Adding one is one function registered with ``@expr_kind(...)`` /
  ``@stmt_kind(...)``: it receives the generator ``g`` (``g.draw`` draws from a
  strategy, ``g.expr(want, depth)`` a sub-expression whose classes are a subset
  of ``want``, ``g.block()`` a nested statement list) and returns an ``Expr``
  (source text, value type) or a list of source lines. ``None`` means "not
  possible here" (a literal, or ``pass``, takes its place). ``can(g, want)`` /
  ``can(g)`` says when a kind applies, ``weight`` how often it is drawn. A kind
  that runs code repeatedly uses ``_InLoop`` (loop depth and the cost
  multiplier) and ``g.affordable``/``g.charge`` (the cost budget).
* Kinds registered first are what hypothesis shrinks towards (literals and
  variables first, so a failing program shrinks to a small one).
* A new value class (tuples, lists, ...) is a new tag: ``_literal_of``,
  ``tag_of`` and ``tag_values`` (arguments) cases, a ``SAMPLES`` entry if the
  scalar operators take it (so ``result_type`` knows them; tuples and lists
  have their own kinds instead), and declaration types (``_decl_type``); the
  worker's outcomes and ``runner.compare`` must then compare such values.
* Exceptions (``raise_if``, ``raise``, ``reraise``, ``try``, ``assert``,
  ``raising_op``): raises of builtin classes with any value, a string literal, no
  argument, two arguments, ``from None``; ``try`` with except clauses (a class, a
  tuple, a bare ``except:``), ``else``, ``finally``, nested, with ``return``/
  ``break``/``continue`` anywhere; a bare ``raise`` inside an except clause (or,
  rarely, a finally body). In try bodies, operations that raise for some values
  (division, an index, an int overflow, ``[].pop()``, a call) are drawn more often.
  Variables assigned in a try body or a handler are possibly unbound after it (the
  usual block rule). ``Gen.handler``/``in_finally``/``in_try`` say what is around.
* Nested functions and lambdas (``nested_def``, ``lambda_def``, ``function_choice``,
  ``key=`` of sorted/sort/min/max): ``_Body`` draws a body with the visible
  variables as free variables (read only: their types are invariant, so late
  binding changes no type; a list is still changed in place, never rebound), its
  parameters its own, its cost its own (charged per call). A function value is a
  ``Var`` of type ``T_FUNC`` (no kind asks for it) with ``Var.fn``: calls go
  through ``_callees`` like calls of module functions. A nested function is
  visible in its block only, so it is called only where it is bound, and it reads
  only variables that were bound when it was made (reading a free variable never
  raises NameError). ``nonlocal`` assigns a writable variable of the enclosing
  function (with its type). Defaults of nested functions and lambdas are constants
  or expressions of the enclosing function (``k=n + 1``, ``acc=[]``, ``z=[k]``,
  drawn where the ``def`` is, evaluated when it runs; a list default is shared by
  that function value's calls and grown by them); the last ones may be
  keyword-only (``*, z=...``: calls pass them by keyword).
* Exception values (``Gen.exc``, about a third of the programs): tags ``"x"`` (an
  exception whose args are not known: a caught one, one made with a message) and
  ``"x" + shape`` (``"x(i,f)"``: args of that shape, so ``e.args`` is that tuple;
  ``fits`` lets such a value stand where ``"x"`` is asked for). They are made as
  values (``ValueError(a, b)``: ``exc_new``, literals), caught (``try`` binds
  ``except E as e`` to an ``"x"``; ``try_value`` raises only exceptions of known
  args, from leaves that cannot raise on the way, so its ``e`` has their shapes),
  stored (``errs.append(e)``, ``last = e``), raised again (``raise e``,
  ``raise last`` after the handler), compared (``is``, ``==``: identity),
  tested (``isinstance(e, (KeyError, ArithmeticError))``), returned (the harness
  compares exceptions by class, args and identity). ``e.args`` only for known
  shapes (the args of an exception made with a message are its str, but a
  message pydm completes at run time cannot be read back as a str yet). The name of an except clause is unbound after it (a
  read: UnboundLocalError) and read by no nested function (``Var.caught``);
  exceptions never reach parameters (arguments come from Python).
* Strings (``str_len``, ``str_compare``): small str expressions (literals, f-strings,
  ``str()``/``repr()`` of values, ``+``, ``*`` by a clamped int, an index or a slice by
  an int) inside ``len``, ``.find``, ``==``, ``!=``, ``<``, ``in`` and truth, in every program.
* Dict views (``dict_view``): a view of a small dict display kept as a value (an
  operand of ``| & - ^ ==``, a list's element, the right side of ``in`` through a list)
  inside ``len``/``int``, in every program.
* strs, dicts and sets as values (``strdict.py``, about a third of the programs:
  ``Gen.heap``): tags ``"s"``, ``"d<K:V>"`` (keys of the classes ``K``, values of ``V``:
  ``"d<i|s:(i,s)>"``) and ``"S<K>"``; variables, parameters (``str``, ``dict``, ``set``
  or unannotated), results, items of tuples and lists. Kinds: the str methods, indexing,
  slicing, ``+ * in``, f-strings and ``format`` with specs, ``str()``/``repr()``,
  ``int(s)``/``float(s)`` of strs that parse and that do not, ``ord``/``chr``, ``split``,
  ``join``, ``for c in s``; dict displays and comprehensions, ``d[k]``, ``d[k] = v``,
  ``del``, ``get pop popitem setdefault update clear copy``, ``|``, ``==``, ``in``, ``len``,
  loops over keys/values/items (changing the dict there: RuntimeError); set displays and
  comprehensions, ``add remove discard pop``, ``| & - ^ <= >=``, ``in``, ``len``. Keys of
  mixed classes (``1``, ``1.0``, ``True`` are one key; tuples; rarely a list: TypeError).
  Like lists they grow only under caps, and nothing depends on a set's iteration order
  (pydm's is insertion order: documented). ``runner.compare`` compares dicts in insertion
  order, sets in no order, and the sharing of dicts and sets like that of lists.
* ``del x`` (``del_local``): the variable leaves its scope and becomes possibly
  unbound; never a variable a nested function uses (``Gen.pinned``: pydm deletes no such one),
  and in a loop only one the loop body binds before (comprehensions in the body
  read it again on the next trip, which would otherwise be a NameError).
* ``map(f, xs)``, ``map(f, xs, ys)``, ``filter(f, xs)``, ``filter(None, xs)``
  (``_map_iterable``; ``f`` a lambda, a nested function in scope, a builtin's name)
  only where pydm takes them: ``for_map``, a comprehension's first iterable, the
  argument of ``list``/``tuple``/``sorted``/``sum``/``min``/``max``/``any``/``all``
  (``_iterable(mapped=True)``), never in a variable. A lambda goes nowhere inside a
  comprehension but in its first iterable (``Gen.in_comprehension``).
* Item-by-item consumers, ``zip(*rows)``, ``round``, subscripts of objects (``iterators.py``,
  in the programs with lists): ``sum``/``min``/``max``/``any``/``all``, ``set``, ``frozenset``,
  ``dict``, ``sep.join``, ``xs.extend``, ``s.update``, ``d.update`` of generator expressions
  whose items are of mixed classes or raise for some values (so the order in which CPython
  pulls them decides which exception wins), ``map`` of ``str``, ``repr``, ``ord``, ``chr``,
  ``hex``, ``bin``, ``oct``, ``round`` by name, ``round(x[, n])`` (ties, negative ``n``),
  ``o[i]``, ``o[i] = v``, ``o[i] += v`` of a value holding a list or a tuple.
  ``PYDM_FUZZ_ITER_BOOST=n`` draws them n times as often.
* ``AVOIDABLE`` names constructs of known pydm bugs that ``fuzz_cases(avoid=...)``
  leaves out, so the fuzzer keeps finding new bugs while those are open.

The generated text is parsed and unparsed with ``ast`` (so the program is
canonically formatted and parenthesised only where needed); ``reference.py``
derives the CPython reference from the same tree.
"""
from __future__ import annotations

import ast
import functools
import itertools
import math
import operator
from dataclasses import dataclass, field
from typing import Callable

from hypothesis import strategies as st

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

# ----------------------------------------------------------------------------- types
T_BOOL = frozenset("b")
T_INT = frozenset("i")
T_FLOAT = frozenset("f")
T_NONE = frozenset("n")
T_INTLIKE = frozenset("bi")
T_NUM = frozenset("bif")
T_ANY = frozenset("bifn")
T_EMPTY = frozenset()
#: a function value (a nested def or a lambda): no kind ever asks for it, so it is only called
T_FUNC = frozenset(["F"])
#: an exception value whose ``args`` are not known (a caught one: its args may be a message
#: string, whose ``e.args`` pydm cannot make yet); ``"x" + shape``, e.g. ``"x(i,f)"``: an
#: exception whose ``args`` is a tuple of that shape (made by ``ValueError(1, 2.5)``, or
#: caught where only such raises can reach the handler: ``e.args`` is allowed)
T_EXC = frozenset(["x"])
#: a str (``strdict.py``: the str, dict and set kinds); dicts are ``"d<K:V>"`` (keys of the
#: classes K, values of the classes V, each ``|``-separated: ``"d<i|s:(i,f)|n>"``), sets
#: ``"S<K>"`` (``"S<i|s>"``)
T_STR = frozenset("s")

#: operand types an operator kind may ask for (first = preferred when shrinking)
REQUESTS = [T_INT, T_FLOAT, T_BOOL, T_INTLIKE, T_NUM, T_ANY, T_NONE]
#: types a new local variable may be declared with
DECL_TYPES = [T_INT, T_FLOAT, T_BOOL, T_NUM, T_INTLIKE, T_ANY, T_NONE | T_INT, T_NONE | T_FLOAT]
#: types a function may return
RET_TYPES = [T_INT, T_FLOAT, T_BOOL, T_NUM, T_FLOAT, T_INT, T_ANY, T_NONE | T_INT, T_INTLIKE, T_NONE]

ANNOTATION = {T_INT: "int", T_FLOAT: "float", T_BOOL: "bool"}
RET_ANNOTATION = {T_INT: "int", T_FLOAT: "float", T_BOOL: "bool", T_NONE: "None"}

SAMPLES = {"b": [False, True], "i": [0, 1, -2, 3], "f": [0.0, -1.5, 2.5], "n": [None]}
SCALAR_TAGS = "bifn"


def tag_of(v) -> str:
    if v is None:
        return "n"
    if isinstance(v, BaseException):
        return "x" + tag_of(v.args)
    if type(v) is tuple:
        return shape_tag(tuple(tag_of(x) for x in v))
    if type(v) is list:
        return list_tag(tag_of(x) for x in v)
    if type(v) is dict:
        return dict_tag((tag_of(k) for k in v), (tag_of(x) for x in v.values()))
    if type(v) in (set, frozenset):
        return set_tag(tag_of(x) for x in v)
    return {bool: "b", int: "i", float: "f", str: "s"}[type(v)]


# ----------------------------------------------------------------------------- tuple and list tags
def is_tuple_tag(tag: str) -> bool:
    return tag[0] in "(["


def is_list_tag(tag: str) -> bool:
    return tag[0] == "{"


def is_exc_tag(tag: str) -> bool:
    """An exception value (``"x"``, or ``"x(i,)"`` with known args)."""
    return tag[0] == "x"


def exc_shape(tag: str) -> str | None:
    """The tuple tag of an exception tag's ``args`` (None: not known)."""
    return tag[1:] or None


def has_exc(t) -> bool:
    """An exception tag in ``t`` (a type or one tag), also inside a tuple, list or args tag."""
    return any("x" in x for x in ([t] if isinstance(t, str) else t))


def exc_tags(t: frozenset) -> list:
    return sorted(x for x in t if x[0] == "x")


def args_known(t: frozenset) -> bool:
    """Every value of type ``t`` is an exception whose args have a known shape (``e.args``)."""
    return bool(t) and all(x[0] == "x" and len(x) > 1 for x in t)


def is_dict_tag(tag: str) -> bool:
    return tag[:2] == "d<"


def is_set_tag(tag: str) -> bool:
    return tag[:2] == "S<"


def dict_tag(keys, values) -> str:
    """The tag of a dict whose keys have the classes ``keys``, its values ``values``."""
    return "d<" + "|".join(sorted(set(keys))) + ":" + "|".join(sorted(set(values))) + ">"


def set_tag(items) -> str:
    return "S<" + "|".join(sorted(set(items))) + ">"


def dict_parts(tag: str) -> tuple[frozenset, frozenset]:
    """The key classes and the value classes of a dict tag."""
    inner, level = tag[2:-1], 0
    for k, ch in enumerate(inner):
        level += (ch in "([{<") - (ch in ")]}>")
        if ch == ":" and level == 0:
            return frozenset(_split_top(inner[:k], "|")), frozenset(_split_top(inner[k + 1:], "|"))
    raise ValueError(tag)


def dict_tags(t: frozenset) -> list:
    return sorted(x for x in t if is_dict_tag(x))


def set_tags(t: frozenset) -> list:
    return sorted(x for x in t if is_set_tag(x))


def has_mutable(t) -> bool:
    """A list, dict or set tag in ``t`` (a type or one tag), also inside another tag."""
    return any("{" in x or "d<" in x or "S<" in x for x in ([t] if isinstance(t, str) else t))


def list_tag(items) -> str:
    """The tag of a list whose items have these tags (``"{f|i}"``)."""
    return "{" + "|".join(sorted(set(items))) + "}"


def shape_tag(elems) -> str:
    """The tag of a tuple of exactly these element tags (``"(i,)"`` for a 1-tuple)."""
    return "(" + ",".join(elems) + ("," if len(elems) == 1 else "") + ")"


def var_tag(items) -> str:
    """The tag of a tuple of any small length whose items have these tags."""
    return "[" + "|".join(sorted(items)) + "]"


@functools.lru_cache(maxsize=None)
def _split_top(text: str, sep: str) -> tuple:
    out, level, cur = [], 0, ""
    for ch in text:
        if ch in "([{<":
            level += 1
        elif ch in ")]}>":
            level -= 1
        if ch == sep and level == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return tuple(out)


def elems_of(tag: str) -> tuple:
    """The element tags of an exact tuple tag."""
    assert tag[0] == "("
    return _split_top(tag[1:-1], ",")


def items_of(tag: str) -> frozenset:
    """The tags any item of a tuple or list tag may have."""
    return frozenset(elems_of(tag)) if tag[0] == "(" else frozenset(_split_top(tag[1:-1], "|"))


def tuple_tags(t: frozenset) -> list:
    return sorted(x for x in t if is_tuple_tag(x))


def exact_tags(t: frozenset) -> list:
    return sorted(x for x in t if x[0] == "(")


def list_tags(t: frozenset) -> list:
    return sorted(x for x in t if x[0] == "{")


def has_list(t) -> bool:
    """A list tag in ``t`` (a type or one tag), also inside a tuple tag."""
    return any("{" in x for x in ([t] if isinstance(t, str) else t))


def list_items(t: frozenset) -> frozenset:
    """The tags any item of a list of type ``t`` may have."""
    out = frozenset()
    for x in list_tags(t):
        out |= items_of(x)
    return out


def all_items(t: frozenset) -> frozenset:
    out = frozenset()
    for x in tuple_tags(t):
        out |= items_of(x)
    return out


def nest_of(tag: str) -> int:
    level = best = 0
    for ch in tag:
        level += ch in "([{<"
        level -= ch in ")]}>"
        best = max(best, level)
    return best


def leaves_of(tag: str) -> frozenset:
    return frozenset(ch for ch in tag if ch in SCALAR_TAGS)


def _tag_order(tag: str):
    if tag in ("i", "b", "f", "n", "s"):
        return ("ibfns".index(tag), "")
    return (5 if is_tuple_tag(tag) else 6 if is_list_tag(tag) else 7, tag)


def tuple_annotation(tag: str) -> str:
    """``tuple[int, tuple[float], None]`` for ``"(i,(f,),n)"`` (``list`` for a list element)."""
    names = {"i": "int", "f": "float", "b": "bool", "n": "None", "s": "str"}
    elems = elems_of(tag)
    if not elems:
        return "tuple[()]"
    return "tuple[" + ", ".join(tuple_annotation(e) if is_tuple_tag(e) else "list" if is_list_tag(e)
                                else "dict" if is_dict_tag(e) else "set" if is_set_tag(e) else names[e]
                                for e in elems) + "]"


@functools.lru_cache(maxsize=None)
def _tag_table(key: str, arity: int) -> dict:
    """For each tuple of class tags: the set of result tags (empty: TypeError)."""
    fn = OPS[key].fn
    table = {}
    for tags in itertools.product("bifn", repeat=arity):
        out = set()
        type_error = False
        for vals in itertools.product(*(SAMPLES[t] for t in tags)):
            try:
                r = fn(*vals)
            except TypeError:
                type_error = True
                break
            except (ArithmeticError, ValueError):
                continue  # depends on the value, not the type
            if type(r) is complex:
                continue  # pydm raises ValueError (documented)
            out.add(tag_of(r))
        table[tags] = frozenset() if type_error else frozenset(out)
    return table


@functools.lru_cache(maxsize=None)
def result_type(key: str, arg_types: tuple) -> frozenset:
    """Classes ``OPS[key]`` can return for operands of the given types (errors excluded)."""
    table = _tag_table(key, len(arg_types))
    out = set()
    for tags in itertools.product(*(sorted(t) for t in arg_types)):
        out |= table[tags]
    return frozenset(out)


@functools.lru_cache(maxsize=None)
def feasible_requests(key: str, want: frozenset) -> tuple:
    """Operand type requests for which ``OPS[key]`` returns something inside ``want``."""
    arity = OPS[key].arity
    out = []
    for reqs in itertools.product(REQUESTS, repeat=arity):
        r = result_type(key, reqs)
        if r and r <= want:
            out.append(reqs)
    return tuple(out)


@dataclass(frozen=True)
class Op:
    fn: Callable
    arity: int
    render: Callable[..., str]


def _bin(sym):
    return lambda a, b: f"({a} {sym} {b})"


OPS: dict[str, Op] = {}
for _sym, _fn in [("+", operator.add), ("-", operator.sub), ("*", operator.mul), ("/", operator.truediv),
                  ("//", operator.floordiv), ("%", operator.mod), ("**", operator.pow),
                  ("&", operator.and_), ("|", operator.or_), ("^", operator.xor),
                  ("<<", operator.lshift), (">>", operator.rshift)]:
    OPS[_sym] = Op(_fn, 2, _bin(_sym))
OPS["neg"] = Op(operator.neg, 1, lambda a: f"(-{a})")
OPS["pos"] = Op(operator.pos, 1, lambda a: f"(+{a})")
OPS["inv"] = Op(operator.invert, 1, lambda a: f"(~{a})")
for _name, _fn in [("abs", abs), ("int", int), ("float", float), ("bool", bool), ("round", round)]:
    OPS[_name] = Op(_fn, 1, (lambda n: lambda a: f"{n}({a})")(_name))
OPS["round2"] = Op(round, 2, lambda a, b: f"round({a}, {b})")
for _name, _fn in [("min", min), ("max", max)]:
    OPS[_name + "2"] = Op(_fn, 2, (lambda n: lambda a, b: f"{n}({a}, {b})")(_name))
    OPS[_name + "3"] = Op(_fn, 3, (lambda n: lambda a, b, c: f"{n}({a}, {b}, {c})")(_name))
#: exponents and shift counts of the "small power / shift" kinds (literal right operands)
POW_EXPONENTS = [2, 0, 1, 3, -1, 5, -2, 0.5, 2.0, 63, 64, -0.5]
SHIFT_COUNTS = [1, 0, 3, 31, 62, 63, 64, -1]
for _k in POW_EXPONENTS:
    OPS[f"pow{_k!r}"] = Op((lambda k: lambda a: a ** k)(_k), 1, (lambda k: lambda a: f"({a} ** {k!r})")(_k))
for _k in SHIFT_COUNTS:
    OPS[f"shl{_k}"] = Op((lambda k: lambda a: a << k)(_k), 1, (lambda k: lambda a: f"({a} << {k})")(_k))

#: math functions (``import math`` is added to a program that calls one); no factorial/comb/perm:
#: ``result_type`` evaluates each on the sample values, some of them huge ints
MATH_CALLS = [("sqrt", 1), ("floor", 1), ("ceil", 1), ("trunc", 1), ("exp", 1), ("log", 1), ("log", 2),
              ("sin", 1), ("atan2", 2), ("hypot", 2), ("fabs", 1), ("isfinite", 1), ("copysign", 2),
              ("fmod", 2), ("gcd", 2), ("pow", 2), ("isclose", 2)]
for _name, _n in MATH_CALLS:
    OPS[f"math.{_name}{_n}"] = Op(getattr(math, _name), _n,
                                  (lambda n: lambda *a: f"math.{n}({', '.join(a)})")(_name))

ARITH = ["+", "-", "*", "+", "-", "*", "/", "//", "%", "&", "|", "^", ">>", "<<", "**"]
COMPARE = ["<", "<=", ">", ">=", "==", "!="]
AUG_OPS = ["+", "-", "*", "/", "//", "%", "&", "|", "^", ">>", "<<", "**"]

# ----------------------------------------------------------------------------- literals
INT_LITERALS = [0, 1, -1, 2, 3, 5, 7, 10, -7, 31, 63, 64, 100, 255, 1000, -1000, 2**31 - 1, 2**31,
                2**32, 2**53, 2**53 + 1, 3037000499, 3037000500, 2**62, -(2**62), INT64_MAX, INT64_MIN,
                INT64_MAX - 1, INT64_MIN + 1]
FLOAT_LITERALS = [0.0, -0.0, 0.5, 1.0, -1.0, 1.5, -2.25, 2.5, 3.0, 0.1, 1e16, 2.0**53, 2.0**63, 1e308,
                  -1e308, 1.7976931348623157e308, 2.2250738585072014e-308, 1e-310, 5e-324, math.inf,
                  -math.inf, math.nan]

int_literals = st.one_of(st.sampled_from(INT_LITERALS), st.integers(1, 20), st.integers(-20, 20),
                         st.integers(INT64_MIN, INT64_MAX))
float_literals = st.one_of(st.sampled_from(FLOAT_LITERALS), st.floats(-100, 100),
                           st.floats(allow_nan=False, allow_infinity=False))


def int_text(v: int) -> str:
    return f"({v})" if v < 0 else str(v)


def float_text(v: float) -> str:
    """Source text for a float (no float('inf'): pydm does not parse strs into numbers)."""
    if math.isnan(v):
        return "(1e309 - 1e309)"
    if math.isinf(v):
        return "1e309" if v > 0 else "(-1e309)"
    r = repr(v)
    return f"({r})" if r.startswith("-") else r


# Arguments the fuzzer passes from outside (edge values plus random ones).
INT_ARGS = [0, 1, -1, 2, 3, -3, 7, 10, 31, 32, 63, 64, -64, 100, 2**31 - 1, 2**31, -(2**31), 2**32,
            2**53, 2**53 + 1, 2**62, -(2**62), 3037000499, 3037000500, INT64_MAX, INT64_MIN,
            INT64_MAX - 1, INT64_MIN + 1]
FLOAT_ARGS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 0.1, math.inf, -math.inf, math.nan,
              5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e300, -1e300, 2.0**53,
              9007199254740993.0, 2.0**63, -(2.0**63), 1e16]
int_args = st.one_of(st.sampled_from(INT_ARGS), st.integers(-100, 100), st.integers(INT64_MIN, INT64_MAX))
float_args = st.one_of(st.sampled_from(FLOAT_ARGS), st.floats(-1e3, 1e3), st.floats())


# ----------------------------------------------------------------------------- program model
@dataclass
class Expr:
    text: str
    type: frozenset


@dataclass
class Var:
    name: str
    type: frozenset
    readonly: bool = False
    fn: Function | None = None  # a nested function or lambda (type T_FUNC): what calling it means
    free: bool = False  # a free variable of the function being drawn (read only: no rebinding)
    glob: bool = False  # a module-level constant
    caught: bool = False  # the name of an ``except ... as e`` clause (no nested function reads it)


@dataclass
class Param:
    name: str
    annotation: str | None  # "int", "float", "bool" or None (untyped)
    type: frozenset
    default: object = None  # a literal value, or NO_DEFAULT, or EXPR_DEFAULT (``default_text``)
    depth: bool = False  # the depth counter of a recursive function
    kwonly: bool = False  # keyword-only (after ``*``; nested functions and lambdas only)
    default_text: str | None = None  # an expression evaluated when the ``def`` runs (EXPR_DEFAULT)
    star: bool = False  # ``**name``: collects the extra keywords of a call (nothing reads it)


NO_DEFAULT = object()
EXPR_DEFAULT = object()
STAR_KWARGS = object()  # the "default" of a ``**kw`` parameter: may be left out


@dataclass
class Function:
    name: str
    params: list[Param]
    ret: frozenset
    recursive: bool = False
    cost: int = 0
    source: str = ""
    style: str = "typed"  # "typed", "untyped" or "mixed" parameters
    helper: bool = False  # a module-level function without @pydm.jit (called by the others only)
    called: bool = False  # (a helper: some function calls it)
    closure: str = ""  # "def" (a nested def) or "lambda": a function made by the one being drawn

    @property
    def depth_param(self) -> Param | None:
        return self.params[0] if self.recursive else None


@dataclass
class Program:
    source: str  # the module, with ``import pydm``, constants, helpers and ``@pydm.jit`` functions
    functions: list[Function]  # (helpers included: ``Function.helper``)
    kinds: frozenset = frozenset()  # the expression and statement kinds it contains


@dataclass
class Call:
    function: str
    args: tuple
    exact: bool  # every argument has exactly its parameter's annotated type (AOT-callable)
    kwargs: dict = field(default_factory=dict)


@dataclass
class Case:
    program: Program
    calls: list[Call]


# ----------------------------------------------------------------------------- kind registries
@dataclass(frozen=True)
class ExprKind:
    name: str
    fn: Callable
    can: Callable
    leaf: bool
    weight: int


@dataclass(frozen=True)
class StmtKind:
    name: str
    fn: Callable
    can: Callable
    weight: int
    terminal: bool  # control never reaches the next statement (return, break, continue)


EXPR_KINDS: list[ExprKind] = []
STMT_KINDS: list[StmtKind] = []
#: other constructs the generator reports in ``Program.kinds`` (its coverage: test_generator.py)
OTHER_KINDS = ["mutual_recursion", "module_constant", "module_helper", "nonlocal", "call_def", "call_lambda",
               "call_choice", "key_lambda", "key_closure", "bare_except", "try_else", "try_finally",
               # exception values, non-constant defaults, map and filter
               "except_as", "except_as_rebinds", "raise_variable", "exc_args_read", "raise_kept", "exc_after_handler", "exc_result",
               "default_expr", "default_list", "kwonly_default", "star_kwargs", "call_star_tuple", "map_builtin", "map_lambda", "map_closure",
               "map_two", "map_comprehension", "filter_none", "filter_builtin", "filter_function"]


def expr_kind(name, *, leaf=False, weight=1, can=lambda g, want: True):
    """Register ``fn(g, want, depth) -> Expr | None`` as an expression kind."""
    def deco(fn):
        EXPR_KINDS.append(ExprKind(name, fn, can, leaf, weight))
        return fn
    return deco


def stmt_kind(name, *, weight=1, can=lambda g: True, terminal=False):
    """Register ``fn(g) -> list[str] | None`` (source lines) as a statement kind."""
    def deco(fn):
        STMT_KINDS.append(StmtKind(name, fn, can, weight, terminal))
        return fn
    return deco


#: the kinds of ``strdict.py`` (registered at the end of this module), drawn ``HEAP_BOOST``
#: times as often in the programs that have strs, dicts and sets (``Gen.heap``)
HEAP_KINDS: set = set()
HEAP_BOOST = 3

#: constructs ``fuzz_cases(avoid=...)`` can leave out because they trigger a known
#: bug (each has a strict xfail in test_fuzz_regressions.py)
AVOIDABLE = {
    "tuple_libcall": "tuple operations pydm does through the runtime library (in, hash, run-time slice bounds "
                     "and repeat counts, concat/len/index of object-held or variable-length tuples, tuples in "
                     "unannotated parameters)",
    "tuple_methods": "t.count(x) and t.index(x)",
    "for_empty_tuple": "for x in () with x read in the body (InternalError: cannot coerce none to integer)",
    "tuple_default": "tuple default values of parameters",
    "tuple_param_tower": "a bool for an int or an int for a float element of an annotated tuple parameter",
    "call_in_range": "calls in range() arguments",
    "type_of_unbound": "type(v) of a possibly unbound variable",
    "float_two_to_the_63": "the float literal 2.0**63 (-2.0**63 is taken for an int)",
    "unbound_after_short_circuit": "possibly unbound variables in operands that and/or/if-else/chains may skip",
    "nonlocal_type": "a nonlocal assignment in a nested function of a parameter of the outer function with "
                     "another type than the argument's (the compile hung: type inference never ended; fixed in "
                     "efaff2b); left out, nonlocal is a counter of the nested function's own",
    "closure_specializations": "a nested function or lambda in a function with more than 12 specializations "
                               "(a recursion over growing tuples): AttributeError 'PyType' object has no "
                               "attribute 'outer' (the generic specialization dropped the closure's type; fixed "
                               "in efaff2b); left out: none in recursive functions",
    "minmax_key_snapshot": "min/max(xs, key=f) walk a snapshot of xs: a key function that changes xs (pop, "
                           "append, xs[k] = v) is not seen (CPython's iterator reads the live list); left out: "
                           "min/max with key= walk a copy",
    "sort_order": "sort/sorted of items that may be NaN or not ordered (fixed for lists under 64 items, which "
                  "follow CPython's timsort; longer ones merge-sort and compare other pairs)",
    "reduce_args_first": "sum/min/max/sorted of a generator expression or map with a start, default= or reverse= "
                         "that is not a constant or a variable: pydm makes the items first, then evaluates it "
                         "(CPython: before any item; tests/regressions/test_reduction_argument_order.py); "
                         "left out: such arguments are literals or variables",
    "raise_unbound": "raise v of an unbound variable (the name of an except clause after it, a deleted one): "
                     "SystemError 'object record with unknown type code 0' instead of UnboundLocalError; fixed in "
                     "e4bb358); left out: a caught name after its handler is read, not raised",
}


def fits(t: frozenset, want: frozenset) -> bool:
    """A value of type ``t`` may be used where ``want`` is asked for: ``t <= want``, where
    ``"x"`` (any exception) takes an exception of known args (``"x(i,)"``) too."""
    return t <= want or ("x" in want and all(x in want or x[0] == "x" for x in t))


def _growable(t: frozenset) -> bool:
    """A variable of type ``t`` could grow if rebound in a loop (``v = v + v``)."""
    return any(x[0] in "[{" or "s" in x or is_dict_tag(x) or is_set_tag(x) for x in t)


# ----------------------------------------------------------------------------- limits
MAX_EXPR_DEPTH = 3
MAX_TOP_STATEMENTS = 5  # statements of a function body (nested blocks: 1-3)
MAX_STATEMENTS = 20  # statements of a function, nested blocks and functions included
MAX_NEST = 3  # statement nesting (if/for/while bodies)
MAX_LOOP_NEST = 2
COST_BUDGET = 20_000  # estimated executed statements per call of a function
MAX_DEPTH_ARG = 5  # recursive functions are called with depth <= this
MAX_SELF_CALLS = 2
RECURSION_FACTOR = 2 ** (MAX_DEPTH_ARG + 1)  # calls a depth-5 binary recursion makes at most
CLAMP_LO, CLAMP_HI = -4, 6  # clamped range() arguments


class Gen:
    """The state of one program being drawn."""

    def __init__(self, draw, avoid=frozenset()):
        self.draw = draw
        self.avoid = avoid
        self.functions: list[Function] = []
        self.counter = itertools.count()
        self.used: set[str] = set()  # names of the kinds drawn (the generator's own coverage)
        self.no_calls = False  # (PYDM_FUZZ_AVOID)
        self.no_maybe_unbound = False
        # no comparison chains (the reference's ``:=`` temporaries are a SyntaxError in a
        # comprehension's iterable)
        self.no_chain = False
        # the program uses lists (drawn per program: a compile that links the runtime
        # library's list functions takes longer, so about half the programs have none)
        self.lists = True
        self.constants: list[Var] = []  # module-level constants (read-only in every function)
        self.def_depth = 0  # nested defs and lambdas being drawn around the current code
        self.no_closures = False  # (known bug closure_specializations: none in a recursive function)
        # the program uses exception values (``except E as e``, ``ValueError(x)`` as a value, ...;
        # drawn per program, as ``lists``)
        self.exc = False
        # comprehension elements, conditions and later clauses being drawn around the current
        # code: no lambda there (pydm: a lambda only in a comprehension's first iterable)
        self.in_comprehension = 0
        # the program holds strs, dicts and sets in variables (drawn per program, as ``lists``:
        # their compiles link more of the runtime library)
        self.heap = False

    # -- drawing helpers
    def flag(self, percent: int) -> bool:
        """True with roughly ``percent`` % probability (shrinks to False)."""
        return self.draw(st.integers(0, 99)) >= 100 - percent

    def pick(self, seq):
        """One element (shrinks towards the first); an integer draw, as strategies
        over integer ranges are cached by hypothesis and ``sampled_from`` is not."""
        seq = seq if isinstance(seq, (list, tuple)) else list(seq)
        return seq[self.draw(st.integers(0, len(seq) - 1))] if len(seq) > 1 else seq[0]

    @property
    def strict(self) -> bool:
        """Only tuple operations that pydm compiles without the runtime library (known bug)."""
        return "tuple_libcall" in self.avoid

    def fresh(self, prefix: str) -> str:
        return f"{prefix}{next(self.counter)}"

    # -- per-function state
    def begin_function(self, fn: Function, partners=()):
        self.fn = fn
        self.partners = list(partners)
        self.scopes: list[dict[str, Var]] = [{v.name: v for v in self.constants},
                                             {p.name: Var(p.name, p.type, readonly=p.depth or _growable(p.type))
                                              for p in fn.params}]
        self.maybe: dict[str, Var] = {}  # assigned on some paths only: reading may raise UnboundLocalError
        self.loop_depth = 0
        self.loop_scope = 0  # index in ``scopes`` of the innermost loop body's first scope
        # names a nested function may read or assign (pydm deletes only variables no nested
        # function uses: never ``del`` them, wherever the function is)
        self.pinned: set[str] = set()
        self.nest = 0
        self.mult = 1  # how often the current statement runs per call (loop trip bounds multiplied)
        self.cost = 0
        self.self_calls = 0
        self.self_call_ok = fn.recursive
        self.budget = COST_BUDGET // (RECURSION_FACTOR if fn.recursive else 1)
        self.handler = 0  # except clauses around the statement (a bare ``raise`` re-raises)
        self.in_finally = 0  # finally bodies around it (a bare ``raise`` may find no exception)
        self.in_try = 0  # try bodies around it (operations that may raise are drawn more often)
        self.statement_count = 0  # statements drawn in the function (nested functions included)

    def visible(self) -> dict[str, Var]:
        out = {}
        for scope in self.scopes:
            out.update(scope)
        return out

    def vars_within(self, want: frozenset, writable=False) -> list[Var]:
        return [v for v in self.visible().values() if fits(v.type, want) and not (writable and v.readonly)]

    def closures(self) -> list[Function]:
        """The nested functions and lambdas that can be called here."""
        return [v.fn for v in self.visible().values() if v.fn is not None]

    def declare(self, name: str, type_: frozenset, readonly=False) -> Var:
        # a variable-length tuple or a list is written only here (``v = v + v`` in a loop would
        # grow without bound; a list is changed in place by the list kinds, which bound its length)
        v = Var(name, type_, readonly or _growable(type_))
        self.scopes[-1][name] = v
        return v

    # -- expressions
    def expr(self, want: frozenset, depth: int | None = None) -> Expr:
        if depth is None:
            depth = self.draw(st.integers(1, MAX_EXPR_DEPTH))
        kinds = []
        for k in EXPR_KINDS:
            if (k.leaf or depth > 0) and k.can(self, want):
                kinds += [k] * (k.weight * (HEAP_BOOST if self.heap and k.name in HEAP_KINDS else 1))
        k = self.pick(kinds)
        e = k.fn(self, want, depth)
        if e is None:
            return literal(self, want, 0)
        self.used.add(k.name)
        return e

    def charge(self, units: int) -> None:
        self.cost += self.mult * units

    def affordable(self, units: int) -> bool:
        return self.cost + self.mult * units <= self.budget

    # -- statements
    def block(self, lo: int = 1, hi: int = 3, *, new_scope=True) -> list[str]:
        """A nested statement list, indented by four spaces."""
        if new_scope:
            self.scopes.append({})
        self.nest += 1
        lines = self.statements(lo, hi)
        self.nest -= 1
        if new_scope:
            closed = self.scopes.pop()
            for v in closed.values():
                if not v.readonly:
                    self.maybe[v.name] = v
        return ["    " + line for line in lines]

    def statements(self, lo: int, hi: int) -> list[str]:
        n = self.draw(st.integers(lo, hi))
        lines: list[str] = []
        for _ in range(n):
            if self.statement_count >= MAX_STATEMENTS:
                break  # (the compile time grows with the function's size)
            self.statement_count += 1
            kinds = []
            for k in STMT_KINDS:
                if k.can(self):
                    kinds += [k] * (k.weight * (HEAP_BOOST if self.heap and k.name in HEAP_KINDS else 1))
            k = self.pick(kinds)
            out = k.fn(self)
            if out is None:
                out = ["pass"]
            else:
                self.used.add(k.name)
            self.charge(1)
            lines += out
            if k.terminal:
                break
        return lines or ["pass"]


# ----------------------------------------------------------------------------- expression kinds
def _literal_of(g: Gen, tag: str) -> Expr:
    if tag == "s" or is_dict_tag(tag) or is_set_tag(tag):
        from .strdict import heap_literal
        return heap_literal(g, tag)
    if is_exc_tag(tag):  # ValueError(1, 2.5): an exception made as a value
        return Expr(_exc_text(g, tag, lambda t: _literal_of(g, t).text), frozenset([tag]))
    if is_list_tag(tag):  # a list display of literals
        items = sorted(items_of(tag), key=_tag_order)
        n = g.pick([2, 1, 3, 0]) if items else 0
        return Expr("[" + ", ".join(_literal_of(g, g.pick(items)).text for _ in range(n)) + "]", frozenset([tag]))
    if is_tuple_tag(tag):  # a tuple display of literals
        if tag[0] == "(":
            elems = elems_of(tag)
        else:
            items = sorted(items_of(tag))
            elems = [g.pick(items) for _ in range(g.draw(st.integers(0, 3)))]
        return Expr(_display([_literal_of(g, e).text for e in elems]), frozenset([tag]))
    if tag == "b":
        return Expr(g.pick(["True", "False"]), T_BOOL)
    if tag == "n":
        return Expr("None", T_NONE)
    if tag == "i":
        return Expr(int_text(g.draw(int_literals)), T_INT)
    v = g.draw(float_literals)
    if abs(v) == 2.0**63 and "float_two_to_the_63" in g.avoid:
        v = math.copysign(2.0**62, v)
    return Expr(float_text(v), T_FLOAT)


def _display(parts) -> str:
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


@expr_kind("literal", leaf=True, weight=4)
def literal(g: Gen, want, depth):
    tags = sorted(want, key=_tag_order)
    if len(tags) > 1 and "n" in tags and not g.flag(15):
        tags.remove("n")  # None where a number would do: mostly a TypeError
    return _literal_of(g, g.pick(tags))


@expr_kind("variable", leaf=True, weight=8, can=lambda g, want: bool(g.vars_within(want)))
def variable(g: Gen, want, depth):
    v = g.pick(g.vars_within(want))
    return Expr(v.name, v.type)


def _walrus_targets(g, want):
    """Variables ``(v := e)`` may rebind here: writable ones of a type within
    ``want``; none in a comprehension (its own variable may not be a target)
    or its iterable (a SyntaxError there)."""
    if g.in_comprehension or g.no_chain:
        return []
    return [v for v in g.visible().values() if not v.readonly and fits(v.type, want)]


@expr_kind("walrus", can=lambda g, want: bool(_walrus_targets(g, want)))
def walrus(g: Gen, want, depth):
    """``(v := e)``: rebinds a variable to a value of its type; the value is the result."""
    v = g.pick(_walrus_targets(g, want))
    e = g.expr(v.type, max(depth - 1, 0))
    return Expr(f"({v.name} := {e.text})", e.type)


def _maybe_vars(g, want):
    if g.no_maybe_unbound:
        return []
    visible = g.visible()
    return [v for v in g.maybe.values() if v.type <= want and v.name not in visible]


@expr_kind("maybe_unbound", leaf=True, can=lambda g, want: bool(_maybe_vars(g, want)))
def maybe_unbound(g: Gen, want, depth):
    """A variable assigned on some paths only (UnboundLocalError where it is not)."""
    if not g.flag(30):
        return None  # (rarely: most reads of such a variable would raise)
    v = g.pick(_maybe_vars(g, want))
    return Expr(v.name, v.type)


def operator_expr(g: Gen, key: str, want, depth) -> Expr | None:
    """``OPS[key]`` on operands whose types make its result fall inside ``want``
    (mostly operand types that cannot raise TypeError)."""
    options = feasible_requests(key, want)
    if not options:
        return None
    safe = [r for r in options if type_safe(key, r)]
    reqs = g.pick(safe if safe and not g.flag(15) else options)
    args = [g.expr(r, depth - 1) for r in reqs]
    return Expr(OPS[key].render(*(a.text for a in args)), result_type(key, tuple(a.type for a in args)))


@functools.lru_cache(maxsize=None)
def type_safe(key: str, reqs: tuple) -> bool:
    """No combination of operand classes raises TypeError."""
    table = _tag_table(key, len(reqs))
    return all(table[tags] for tags in itertools.product(*(sorted(t) for t in reqs)))


def _ops_for(keys, want):
    return [k for k in keys if feasible_requests(k, want)]


@expr_kind("binop", weight=4, can=lambda g, want: bool(_ops_for(ARITH, want)))
def binop(g: Gen, want, depth):
    return operator_expr(g, g.pick(_ops_for(ARITH, want)), want, depth)


_SMALL_POW = [f"pow{k!r}" for k in POW_EXPONENTS] + [f"shl{k}" for k in SHIFT_COUNTS]


@expr_kind("pow_or_shift_literal", can=lambda g, want: bool(_ops_for(_SMALL_POW, want)))
def pow_or_shift_literal(g: Gen, want, depth):
    """``e ** k`` / ``e << k`` with a literal ``k`` (pydm types ``int ** literal`` statically)."""
    return operator_expr(g, g.pick(_ops_for(_SMALL_POW, want)), want, depth)


@expr_kind("unary", can=lambda g, want: bool(_ops_for(["neg", "pos", "inv"], want)))
def unary(g: Gen, want, depth):
    return operator_expr(g, g.pick(_ops_for(["neg", "pos", "inv"], want)), want, depth)


_BUILTINS = ["abs", "int", "float", "bool", "min2", "max2", "min3", "max3", "round", "round2"]


@expr_kind("builtin", weight=2, can=lambda g, want: bool(_ops_for(_BUILTINS, want)))
def builtin(g: Gen, want, depth):
    return operator_expr(g, g.pick(_ops_for(_BUILTINS, want)), want, depth)


_MATH_KEYS = [f"math.{name}{n}" for name, n in MATH_CALLS]


@expr_kind("math_call", can=lambda g, want: bool(_ops_for(_MATH_KEYS, want)))
def math_call(g: Gen, want, depth):
    """A ``math`` function of operands of any number class (CPython's errors included)."""
    e = operator_expr(g, g.pick(_ops_for(_MATH_KEYS, want)), want, depth)
    if e is not None:
        g.used.add("math")
    return e


def _wants_bool(g, want):
    return "b" in want


_COMPARE_OPERANDS = [T_INT, T_FLOAT, T_NUM, T_ANY, T_INTLIKE, T_BOOL]


@expr_kind("compare", weight=3, can=_wants_bool)
def compare(g: Gen, want, depth):
    """A comparison or a chain ``a < b <= c`` (the middle operand evaluated once)."""
    n = g.draw(st.integers(1, 3))
    if g.no_chain:
        n = 1
    parts = [g.expr(g.pick(_COMPARE_OPERANDS), depth - 1).text]
    for k in range(n):
        with _MaySkip(g, k > 0):
            parts += [g.pick(COMPARE), g.expr(g.pick(_COMPARE_OPERANDS), depth - 1).text]
    return Expr("(" + " ".join(parts) + ")", T_BOOL)


@expr_kind("not", can=_wants_bool)
def not_(g: Gen, want, depth):
    return Expr(f"(not {g.expr(g.pick(REQUESTS), depth - 1).text})", T_BOOL)


@expr_kind("is_singleton", can=_wants_bool)
def is_singleton(g: Gen, want, depth):
    e = g.expr(g.pick([T_ANY, T_NONE | T_INT, T_NUM, T_BOOL]), depth - 1)
    return Expr(f"({e.text} {g.pick(['is', 'is not'])} {g.pick(['None', 'True', 'False'])})", T_BOOL)


_ISINSTANCE_CLASSES = ["int", "float", "bool", "object", "(int, float)", "(bool, float)", "(float, int, bool)"]


@expr_kind("isinstance", can=_wants_bool)
def isinstance_(g: Gen, want, depth):
    e = g.expr(g.pick([T_ANY, T_NUM, T_INT, T_FLOAT]), depth - 1)
    return Expr(f"isinstance({e.text}, {g.pick(_ISINSTANCE_CLASSES)})", T_BOOL)


@expr_kind("type_is", can=_wants_bool)
def type_is(g: Gen, want, depth):
    saved, g.no_maybe_unbound = g.no_maybe_unbound, g.no_maybe_unbound or "type_of_unbound" in g.avoid
    e = g.expr(g.pick([T_ANY, T_NUM, T_INTLIKE]), depth - 1)
    g.no_maybe_unbound = saved
    op = g.pick(["is", "is not", "==", "!="])
    return Expr(f"(type({e.text}) {op} {g.pick(['int', 'float', 'bool'])})", T_BOOL)


class _MaySkip:
    """Operands evaluated on some paths only (known bug ``unbound_after_short_circuit``:
    a skipped read of a possibly unbound variable counts as a check)."""

    def __init__(self, g: Gen, active: bool = True):
        self.g, self.active = g, active and "unbound_after_short_circuit" in g.avoid

    def __enter__(self):
        self.saved = self.g.no_maybe_unbound
        self.g.no_maybe_unbound = self.saved or self.active

    def __exit__(self, *exc):
        self.g.no_maybe_unbound = self.saved


def _sub_request(g: Gen, want) -> frozenset:
    subs = [r for r in REQUESTS if r <= want]
    return g.pick(subs) if subs and g.flag(50) else want


@expr_kind("and_or", weight=2)
def and_or(g: Gen, want, depth):
    """``a and b`` / ``a or b``: the value of the deciding operand."""
    op = g.pick(["and", "or"])
    items = [g.expr(_sub_request(g, want), depth - 1)]
    with _MaySkip(g):
        items += [g.expr(_sub_request(g, want), depth - 1) for _ in range(g.draw(st.integers(1, 2)))]
    return Expr("(" + f" {op} ".join(e.text for e in items) + ")", frozenset().union(*(e.type for e in items)))


@expr_kind("conditional", weight=2)
def conditional(g: Gen, want, depth):
    cond = g.expr(g.pick([T_BOOL, T_BOOL, T_ANY, T_INT, T_FLOAT]), depth - 1)
    with _MaySkip(g):
        a, b = g.expr(_sub_request(g, want), depth - 1), g.expr(_sub_request(g, want), depth - 1)
    return Expr(f"({a.text} if {cond.text} else {b.text})", a.type | b.type)


# ----------------------------------------------------------------------------- tuples
MAX_TUPLE_NEST = 3  # tuple tags nest at most this deep
_ELEM_TAGS = ["i", "f", "b", "i", "f", "n"]


def random_shape(g: Gen, nest: int = 2, elem: str | None = None, leaves=None) -> str:
    """An exact tuple tag: 0-4 elements (scalars, or tuples while ``nest`` > 1),
    with ``elem`` at some position if given; ``leaves``: the scalar tags allowed."""
    leaves = leaves or _ELEM_TAGS
    elems = []
    for _ in range(g.pick([2, 1, 3, 0, 4])):
        elems.append(random_shape(g, nest - 1, leaves=leaves) if nest > 1 and g.flag(20) else g.pick(leaves))
    if elem is not None:
        elems.insert(g.draw(st.integers(0, len(elems))), elem)
    return shape_tag(elems)


def _known_tuple_tags(g: Gen) -> list:
    """Tuple tags of the visible variables and of the functions' results (so new
    variables and operands often have the type of existing ones)."""
    out = {t for v in g.visible().values() for t in tuple_tags(v.type)} if hasattr(g, "scopes") else set()
    out |= {t for f in g.functions for t in tuple_tags(f.ret)}
    # (no exceptions inside: these types become parameter types, and arguments are no exceptions)
    return sorted(t for t in out if not has_exc(t))


def tuple_type(g: Gen, pure: bool = False) -> frozenset:
    """A type holding tuples: one shape (mostly), a shape or a scalar (the variable's
    type changes: ``t = (1, 2) if p else 3``), two shapes, or a variable-length tuple."""
    known = _known_tuple_tags(g)
    base = g.pick(known) if known and g.flag(40) else random_shape(g)
    k = g.draw(st.integers(0, 9))
    if pure or k < 5:
        return frozenset([base])
    if k < 7:
        return frozenset([base, g.pick(["i", "n", "f", "b"])])
    if k < 8 or g.strict:
        return frozenset([base, random_shape(g)])
    return frozenset([var_tag(items_of(base) or {"i"})])


def _source_type(g: Gen, ok=lambda t: True, pure: bool = False) -> frozenset:
    """A type to draw a tuple operand from: a visible variable's (mostly) or a new one."""
    cands = [v.type for v in g.visible().values() if tuple_tags(v.type) and ok(v.type)]
    if cands and g.flag(60):
        return g.pick(cands)
    for _ in range(3):
        t = tuple_type(g, pure)
        if ok(t):
            return t
    return frozenset([random_shape(g)])


def _plain(t: frozenset) -> bool:
    """Only exact tuple shapes (what pydm indexes without the runtime library)."""
    return bool(t) and all(x[0] == "(" for x in t)


def _single(t: frozenset) -> bool:
    return len(t) == 1 and _plain(t)


def _wants_tuple(g, want):
    return bool(tuple_tags(want))


def _lib(g, want):
    return not g.strict


def _index_type(t: frozenset, k: int) -> frozenset:
    """What ``e[k]`` holds for ``e`` of type ``t`` (nothing where it raises)."""
    out = set()
    for tag in tuple_tags(t):
        if tag[0] == "[":
            out |= items_of(tag)
        else:
            elems = elems_of(tag)
            if -len(elems) <= k < len(elems):
                out.add(elems[k])
    return frozenset(out)


def _lengths(t: frozenset) -> list:
    return [len(elems_of(x)) for x in exact_tags(t)]


@expr_kind("tuple_literal", weight=3, can=_wants_tuple)
def tuple_literal(g: Gen, want, depth):
    """``(e1, e2)``, ``(e,)``, ``()`` and nested displays of sub-expressions."""
    tag = g.pick(tuple_tags(want))
    if tag[0] == "(":
        elems = elems_of(tag)
    else:
        items = sorted(items_of(tag))
        elems = [g.pick(items) for _ in range(g.draw(st.integers(0, 3)))]
    return Expr(_display([g.expr(frozenset([e]), depth - 1).text for e in elems]), frozenset([tag]))


@expr_kind("tuple_index", weight=2, can=lambda g, want: bool(want))
def tuple_index(g: Gen, want, depth):
    """``t[k]`` (constant, negative, out of range, bool) or ``t[e % n]`` / ``t[e]``."""
    ok = _plain if g.strict else (lambda t: True)
    cands = [v.type for v in g.visible().values() if tuple_tags(v.type) and ok(v.type) and all_items(v.type) & want]
    if cands and g.flag(60):
        src_t = g.pick(cands)
    else:
        elem = g.pick(sorted(want, key=_tag_order))
        if nest_of(elem) >= MAX_TUPLE_NEST:
            return None
        src_t = frozenset([random_shape(g, 1, elem)])
    src = g.expr(src_t, depth - 1)
    text = f"({src.text})"
    lengths = _lengths(src.type)
    variable = any(x[0] == "[" for x in src.type)
    form = g.draw(st.integers(0, 14))
    if form < 10:  # a constant index whose element fits
        top = max(lengths + [2 if variable else 0])
        ks = [k for k in range(-top, top) if _index_type(src.type, k) and _index_type(src.type, k) <= want]
        if ks:
            k = g.pick(ks)
            if k == 1 and g.flag(10):
                return Expr(f"{text}[True]", _index_type(src.type, 1))
            return Expr(f"{text}[{int_text(k)}]", _index_type(src.type, k))
    if form == 10 and lengths and not variable:  # out of range: IndexError
        n = max(lengths)
        return Expr(f"{text}[{g.pick([n, -n - 1, n + 3])}]", _index_type(src.type, n))
    items = _index_type(src.type, 0) | all_items(src.type)
    if not items <= want:
        return None
    n = min(lengths) if lengths else 2
    if n == 0:
        return None
    e = g.expr(g.pick([T_INT, T_INTLIKE, T_INT]), max(depth - 1, 0)).text
    if g.flag(10):
        index = e  # mostly out of range
    elif g.flag(30) and src.text.isidentifier():
        index = f"{e} % len({src.text})"  # (pydm proves this in range)
    else:
        index = g.pick([f"{e} % {n}", f"-({e} % {n}) - 1"])
    return Expr(f"{text}[{index}]", items)


@expr_kind("tuple_len", can=lambda g, want: "i" in want)
def tuple_len(g: Gen, want, depth):
    src = g.expr(_source_type(g, _plain if g.strict else (lambda t: True)), depth - 1)
    return Expr(f"len({src.text})", T_INT)


def _filler(g: Gen, n: int) -> list:
    return [g.pick(_ELEM_TAGS) for _ in range(n)]


@expr_kind("tuple_slice", weight=2, can=_wants_tuple)
def tuple_slice(g: Gen, want, depth):
    """Constant slices of a longer tuple that give exactly the wanted shape (plain,
    negative, open, reversed, with a step), ``tuple(t)``, and (runtime library)
    slices with computed bounds and steps of variable-length tuples."""
    tag = g.pick(tuple_tags(want))
    if tag[0] == "[":
        if g.strict:
            return None
        src = g.expr(frozenset([tag]), depth - 1).text
        e = lambda: g.expr(g.pick([T_INT, T_INTLIKE]), max(depth - 2, 0)).text  # noqa: E731
        bounds = g.pick([f"{e()}:", f":{e()}", f"{e()}:{e()}", f"::{e()} % 3 - 1", f"{e()}::-1", "::2"])
        return Expr(f"({src})[{bounds}]", frozenset([tag]))
    elems = list(elems_of(tag))
    form = g.draw(st.integers(0, 4))
    if form == 4 or nest_of(tag) >= MAX_TUPLE_NEST:
        return Expr(f"tuple({g.expr(frozenset([tag]), depth - 1).text})", frozenset([tag]))
    if form == 1:  # reversed
        pre = _filler(g, g.draw(st.integers(0, 1)))
        src_elems = pre + elems[::-1]
        stop = "" if not pre else g.pick([str(len(pre) - 1), "-" + str(len(src_elems) - len(pre) + 1)]) \
            if len(pre) else ""
        sl = f"::-1" if not pre else f":{stop}:-1"
    elif form == 2:  # every second element
        src_elems = [x for e in elems for x in (e, g.pick(_ELEM_TAGS))]
        sl = "::2"
    else:
        pre, post = _filler(g, g.draw(st.integers(0, 2))), _filler(g, g.draw(st.integers(0, 2)))
        src_elems = pre + elems + post
        n, a, b = len(src_elems), len(pre), len(pre) + len(elems)
        start = g.pick(["" if a == 0 else str(a), str(a - n) if a - n < 0 else str(a)])
        stop = g.pick(["" if b == n else str(b), str(b - n) if b < n else str(n + 5)])
        if elems == [] and g.flag(30):
            start, stop = str(b), str(max(a - 1, 0))  # empty: start after stop
        sl = f"{start}:{stop}"
    assert tuple(src_elems)[_slice_of(sl)] == tuple(elems), (src_elems, sl, elems)
    src = g.expr(frozenset([shape_tag(src_elems)]), depth - 1)
    return Expr(f"({src.text})[{sl}]", frozenset([tag]))


def _slice_of(text: str) -> slice:
    parts = [int(x) if x else None for x in text.split(":")]
    return slice(*parts)


@expr_kind("tuple_concat", weight=2, can=_wants_tuple)
def tuple_concat(g: Gen, want, depth):
    """``a + b`` giving the wanted shape (or a TypeError: ``t + 1``)."""
    tag = g.pick(tuple_tags(want))
    if tag[0] == "[":
        a, b = g.expr(frozenset([tag]), depth - 1), g.expr(frozenset([tag]), depth - 1)
        return Expr(f"({a.text} + {b.text})", frozenset([tag]))
    elems = elems_of(tag)
    if g.flag(4):
        a = g.expr(frozenset([tag]), depth - 1)
        return Expr(f"({a.text} + {g.expr(T_INT, depth - 1).text})", T_EMPTY)
    p = g.draw(st.integers(0, len(elems)))
    a = g.expr(frozenset([shape_tag(elems[:p])]), depth - 1)
    b = g.expr(frozenset([shape_tag(elems[p:])]), depth - 1)
    return Expr(f"({a.text} + {b.text})", frozenset([tag]))


@expr_kind("tuple_repeat", can=_wants_tuple)
def tuple_repeat(g: Gen, want, depth):
    """``t * k`` / ``k * t`` with a literal ``k`` (bool, zero, negative) giving the
    wanted shape, or (runtime library) a computed count ``e % 3``."""
    tag = g.pick(tuple_tags(want))
    if tag[0] == "[":
        if g.strict:
            return None
        base = g.expr(frozenset([tag]), depth - 1).text
        e = g.expr(g.pick([T_INT, T_INTLIKE, T_BOOL]), max(depth - 1, 0)).text
        count = g.pick([f"({e} % 3)", f"min({e}, 2)"])
    else:
        elems = elems_of(tag)
        if not elems:
            base = g.expr(frozenset([random_shape(g, 2)]), depth - 1).text
            count = g.pick(["0", "(-1)", "False", "(-7)"])
        else:
            ks = [k for k in (1, 2, 3) if len(elems) % k == 0 and elems[:len(elems) // k] * k == elems]
            k = g.pick(ks)
            base = g.expr(frozenset([shape_tag(elems[:len(elems) // k])]), depth - 1).text
            count = "True" if k == 1 and g.flag(20) else str(k)
    text = f"({base} * {count})" if g.flag(70) else f"({count} * {base})"
    return Expr(text, frozenset([tag]))


@expr_kind("tuple_compare", weight=2, can=_wants_bool)
def tuple_compare(g: Gen, want, depth):
    """``a < b`` etc. of tuples: the same shape, a prefix or an extension, another
    shape, a scalar; sometimes a chain ``a <= b < c``."""
    src_t = _source_type(g)
    a = g.expr(src_t, depth - 1)
    parts = [a.text]
    for k in range(2 if g.flag(15) and not g.no_chain else 1):
        form = g.draw(st.integers(0, 9))
        shapes = exact_tags(src_t)
        if form < 5 or not shapes:
            other = src_t
        elif form < 8:
            elems = elems_of(g.pick(shapes))
            cut = g.draw(st.integers(0, len(elems)))
            other = frozenset([shape_tag(elems[:cut] if g.flag(50) else elems + tuple(_filler(g, 1)))])
        elif form < 9:
            other = frozenset([random_shape(g)])
        else:
            other = g.pick([T_INT, T_NONE, T_FLOAT])
        with _MaySkip(g, k > 0):
            parts += [g.pick(COMPARE), g.expr(other, depth - 1).text]
    return Expr("(" + " ".join(parts) + ")", T_BOOL)


@expr_kind("tuple_in", can=lambda g, want: _wants_bool(g, want) and not g.strict)
def tuple_in(g: Gen, want, depth):
    """``x in t`` / ``x not in t`` (runtime library)."""
    t = g.expr(_source_type(g), depth - 1)
    items = sorted(all_items(t.type), key=_tag_order)
    x_t = frozenset([g.pick(items)]) if items and g.flag(80) else g.pick([T_INT, T_FLOAT, T_ANY])
    x = g.expr(x_t, depth - 1)
    return Expr(f"({x.text} {g.pick(['in', 'not in'])} {t.text})", T_BOOL)


_TUPLE_CLASSES = ["tuple", "tuple", "(tuple, int)", "(int, float)", "(bool, tuple)", "object"]


@expr_kind("tuple_isinstance", can=_wants_bool)
def tuple_isinstance(g: Gen, want, depth):
    """``isinstance(e, tuple)`` and ``type(e) is tuple`` of values that may be tuples."""
    saved, g.no_maybe_unbound = g.no_maybe_unbound, g.no_maybe_unbound or "type_of_unbound" in g.avoid
    e = g.expr(_source_type(g), depth - 1)
    g.no_maybe_unbound = saved
    if g.flag(35):
        return Expr(f"(type({e.text}) {g.pick(['is', 'is not', '==', '!='])} tuple)", T_BOOL)
    return Expr(f"isinstance({e.text}, {g.pick(_TUPLE_CLASSES)})", T_BOOL)


@expr_kind("tuple_truth", can=_wants_bool)
def tuple_truth(g: Gen, want, depth):
    e = g.expr(_source_type(g), depth - 1)
    return Expr(g.pick([f"(not {e.text})", f"bool({e.text})"]), T_BOOL)


@expr_kind("tuple_hash", can=lambda g, want: "i" in want and not g.strict)
def tuple_hash(g: Gen, want, depth):
    """``hash(t)`` of tuples of ints and bools (CPython hashes None and NaN by identity)."""
    ok = lambda t: tuple_tags(t) and all(leaves_of(x) <= {"i", "b"} and "{" not in x and not has_exc(x)  # noqa: E731
                                         for x in t)
    cands = [v.type for v in g.visible().values() if ok(v.type)]
    src_t = g.pick(cands) if cands and g.flag(50) else frozenset([random_shape(g, 2, leaves=["i", "b", "i"])])
    return Expr(f"hash({g.expr(src_t, depth - 1).text})", T_INT)


@expr_kind("tuple_method", can=lambda g, want: "i" in want and not g.strict and "tuple_methods" not in g.avoid)
def tuple_method(g: Gen, want, depth):
    """``t.count(x)`` and ``t.index(x)`` (ValueError when ``x`` is missing)."""
    t = g.expr(_source_type(g), depth - 1)
    items = sorted(all_items(t.type), key=_tag_order)
    x = g.expr(frozenset([g.pick(items)]) if items and g.flag(80) else T_INT, depth - 1)
    return Expr(f"({t.text}).{g.pick(['count', 'index'])}({x.text})", T_INT)


# ----------------------------------------------------------------------------- lists
#: a statement that makes a list longer runs only while ``len(xs) < LIST_CAP`` (so a list
#: grows past it at most once, by at most the length of a leaf operand)
LIST_CAP = 8
#: trips assumed for a loop or comprehension over a list (the cost estimate)
LIST_TRIPS = 16
#: percentage of programs with lists
LIST_PROGRAMS = 50


def random_list_tag(g: Gen, nest: int = 2) -> str:
    """A list tag: 1-3 item classes (scalars; tuples or lists too while ``nest`` > 1)."""
    items = set()
    for _ in range(g.pick([1, 2, 1, 3])):
        k = g.draw(st.integers(0, 9))
        if nest > 1 and k == 0:
            items.add(random_list_tag(g, nest - 1))
        elif nest > 1 and k == 1:
            items.add(random_shape(g, 1))
        else:
            items.add(g.pick(_ELEM_TAGS))
    return list_tag(items)


def _known_list_tags(g: Gen) -> list:
    out = {t for v in g.visible().values() for t in list_tags(v.type)} if hasattr(g, "scopes") else set()
    out |= {t for f in g.functions for t in list_tags(f.ret)}
    return sorted(t for t in out if not has_exc(t))


def list_type(g: Gen, pure: bool = False) -> frozenset:
    """A type holding lists: one list tag (mostly), or a list or None, or a list or a number."""
    known = _known_list_tags(g)
    base = g.pick(known) if known and g.flag(40) else random_list_tag(g)
    k = g.draw(st.integers(0, 9))
    if pure or k < 7:
        return frozenset([base])
    if k < 9:
        return frozenset([base, "n"])
    return frozenset([base, g.pick(["i", "f"])])


def _sub_tag(g: Gen, items) -> str:
    """A list tag whose item classes are ``items`` (mostly) or some of them."""
    items = sorted((x for x in items if nest_of(x) < MAX_TUPLE_NEST), key=_tag_order)
    if not items or g.flag(60):
        return list_tag(items)
    return list_tag({g.pick(items) for _ in range(g.draw(st.integers(1, 2)))})


def _list_operand(g: Gen, items=None, pure: bool | None = None) -> frozenset:
    """A type to draw a list operand from: a visible variable's (mostly) or a new one.
    ``items``: the operand's items must have these classes (its items go into a new
    list of that class, or are the value); ``pure``: lists only (mostly: else None or a
    number now and then, a TypeError)."""
    if pure is None:
        pure = not g.flag(8)

    def ok(t):
        if pure and len(list_tags(t)) != len(t):
            return False
        return items is None or list_items(t) <= items

    cands = [v.type for v in g.visible().values() if list_tags(v.type) and ok(v.type)]
    if cands and g.flag(60):
        return g.pick(cands)
    if items is None:
        return list_type(g, pure)
    return frozenset([_sub_tag(g, items)])


def _with_lists(can=lambda g, *want: True):
    """``can`` of a list kind: only in programs with lists (``Gen.lists``)."""
    return lambda g, *want: g.lists and can(g, *want)


def _wants_list(g, want):
    return bool(list_tags(want))


def _sortable(g: Gen, items) -> bool:
    """Items ``sort``/``sorted`` may meet (known bug ``sort_order``: ints and bools only)."""
    return "sort_order" not in g.avoid or all(leaves_of(x) <= T_INTLIKE for x in items)


def _simple(text: str) -> bool:
    """A variable or a literal: evaluating it twice changes nothing."""
    if text.isidentifier():
        return True
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _index_text(g: Gen, seq: str, depth: int) -> str:
    """An index: a small constant (negative too), ``e % len(xs)``, a bool, a computed int."""
    form = g.draw(st.integers(0, 19))
    if form < 12 or (form < 15 and not seq.isidentifier()):
        return int_text(g.pick([0, -1, 1, 0, -1, 2, -2, 3]))
    if form == 15:
        return g.pick(["True", "False"])
    e = g.expr(g.pick([T_INT, T_INTLIKE]), max(depth - 1, 0)).text
    if form < 15:
        return f"{e} % len({seq})"  # (ZeroDivisionError on an empty list)
    if form < 18:
        return f"{e} % 2"
    return e  # mostly out of range


def _slice_text(g: Gen, depth: int) -> str:
    """Slice bounds: omitted, None, small, negative, huge or computed; steps of either sign
    (rarely zero: ValueError)."""
    def bound():
        k = g.draw(st.integers(0, 9))
        if k < 3:
            return ""
        if k < 7:
            return int_text(g.pick([1, 0, -1, 2, -2, 5, -7, INT64_MAX, INT64_MIN]))
        if k == 7:
            return "None"
        return g.expr(g.pick([T_INT, T_INTLIKE]), max(depth - 1, 0)).text

    form = g.draw(st.integers(0, 4))
    if form < 3:
        return f"{bound()}:{bound()}"
    step = g.pick(["-1", "2", "(-1)", "-2", "3", "1", "None", "0"])
    if step == "0" and not g.flag(30):
        step = "2"
    if g.flag(15):
        step = f"({g.expr(g.pick([T_INT, T_INTLIKE]), max(depth - 1, 0)).text} % 3 + 1)"
    return f"{bound()}:{bound()}:{step}"


def _range_text(g: Gen) -> tuple[str, int]:
    """``range(...)`` (literal or clamped arguments) and a bound on its length."""
    saved, g.no_calls = g.no_calls, g.no_calls or "call_in_range" in g.avoid
    args, trips = _range_args(g)
    g.no_calls = saved
    return f"range({args})", trips


def _iterable(g: Gen, depth: int, items=None, mapped: bool = False) -> tuple[str, frozenset, int]:
    """An iterable (a list mostly, a tuple, a range; ``mapped``: sometimes ``map(f, ...)`` or
    ``filter(f, ...)``, where pydm takes them: the iterable of a consumer or of a comprehension's
    first clause) whose items have the classes ``items`` if given: its text, its items' classes
    and a bound on its length."""
    if mapped and g.flag(MAP_PERCENT):
        m = _map_iterable(g, depth, items)
        if m is not None:
            return m
    form = g.draw(st.integers(0, 9))
    if form == 8 and (items is None or "i" in items):
        text, trips = _range_text(g)
        return text, T_INT, trips
    if form == 9:
        t = _source_type(g, lambda t: items is None or all_items(t) <= items)
        if items is None or all_items(t) <= items:
            e = g.expr(t, depth)
            trips = max(_lengths(e.type) + [30 if any(x[0] == "[" for x in e.type) else 0])
            return e.text, all_items(e.type), trips
    e = g.expr(_list_operand(g, items), depth)
    return e.text, list_items(e.type), LIST_TRIPS


@expr_kind("list_display", weight=3, can=_with_lists(_wants_list))
def list_display(g: Gen, want, depth):
    """``[e1, e2]``, ``[]``, nested displays of sub-expressions (mixed classes too)."""
    tag = g.pick(list_tags(want))
    items = sorted(items_of(tag), key=_tag_order)
    n = g.pick([2, 1, 3, 0, 4]) if items else 0
    parts = [g.expr(frozenset([g.pick(items)]) if g.flag(70) else frozenset(items), depth - 1).text
             for _ in range(n)]
    return Expr("[" + ", ".join(parts) + "]", frozenset([tag]))


def _guarded(g: Gen, src: Expr, op: str, want, depth) -> Expr:
    """``xs[0]``, ``xs.pop()``, ... (``op``: the text after the list) where the list is not
    empty, else an alternative: ``xs[0] if xs else e`` or ``(xs or [e])[0]``."""
    alt = g.expr(_sub_request(g, want), depth - 1)
    if src.text.isidentifier() and g.flag(50):
        text = f"({src.text}{op} if {src.text} else {alt.text})"
    else:
        text = f"({src.text} or [{alt.text}]){op}"
    return Expr(text, list_items(src.type) | alt.type)


@expr_kind("list_index", can=_with_lists(lambda g, want: bool(want)))
def list_index(g: Gen, want, depth):
    """``xs[k]`` (IndexError out of range; TypeError for a float index, rarely), often as
    ``xs[0] if xs else e``."""
    items = frozenset(x for x in want if nest_of(x) < MAX_TUPLE_NEST)
    if not items:
        return None
    src = g.expr(_list_operand(g, items), depth - 1)
    if g.flag(40):
        return _guarded(g, src, f"[{g.pick(['0', '-1'])}]", want, depth)
    index = "1.0" if g.flag(2) else _index_text(g, src.text, depth)
    return Expr(f"({src.text})[{index}]", list_items(src.type))


@expr_kind("list_len", can=_with_lists(lambda g, want: "i" in want))
def list_len(g: Gen, want, depth):
    src = g.expr(_list_operand(g), depth - 1)
    return Expr(f"len({src.text})", T_INT)


@expr_kind("list_slice", weight=2, can=_with_lists(_wants_list))
def list_slice(g: Gen, want, depth):
    """``xs[a:b:c]``: a new list."""
    tag = g.pick(list_tags(want))
    src = g.expr(_list_operand(g, items_of(tag)), depth - 1)
    return Expr(f"({src.text})[{_slice_text(g, depth)}]", frozenset([tag]))


@expr_kind("list_concat", weight=2, can=_with_lists(_wants_list))
def list_concat(g: Gen, want, depth):
    """``a + b`` (a new list; rarely ``xs + t``: TypeError)."""
    tag = g.pick(list_tags(want))
    items = items_of(tag)
    a = g.expr(_list_operand(g, items), depth - 1)
    if g.flag(4):
        b = g.expr(g.pick([T_INT, _source_type(g)]), depth - 1)
        return Expr(f"({a.text} + {b.text})", T_EMPTY)
    b = g.expr(_list_operand(g, items), depth - 1)
    return Expr(f"({a.text} + {b.text})", frozenset([tag]))


@expr_kind("list_repeat", can=_with_lists(_wants_list))
def list_repeat(g: Gen, want, depth):
    """``xs * k`` / ``k * xs`` with a literal ``k`` (zero, negative, bool) or ``e % 3``."""
    tag = g.pick(list_tags(want))
    base = g.expr(_list_operand(g, items_of(tag)), depth - 1).text
    if g.flag(25):
        count = f"({g.expr(g.pick([T_INT, T_INTLIKE, T_BOOL]), max(depth - 1, 0)).text} % 3)"
    else:
        count = g.pick(["2", "0", "1", "3", "(-1)", "True", "False"])
    return Expr(f"({base} * {count})" if g.flag(70) else f"({count} * {base})", frozenset([tag]))


@expr_kind("list_compare", weight=2, can=_with_lists(_wants_bool))
def list_compare(g: Gen, want, depth):
    """``a < b`` etc. of lists (of one class, of two, a list and a tuple or a number);
    sometimes a chain ``a <= b < c``."""
    src_t = _list_operand(g)
    parts = [g.expr(src_t, depth - 1).text]
    for k in range(2 if g.flag(15) and not g.no_chain else 1):
        form = g.draw(st.integers(0, 9))
        if form < 6:
            other = src_t
        elif form < 8:
            other = _list_operand(g)
        elif form < 9:
            other = _source_type(g)
        else:
            other = g.pick([T_INT, T_NONE])
        with _MaySkip(g, k > 0):
            parts += [g.pick(COMPARE), g.expr(other, depth - 1).text]
    return Expr("(" + " ".join(parts) + ")", T_BOOL)


@expr_kind("list_in", can=_with_lists(_wants_bool))
def list_in(g: Gen, want, depth):
    """``x in xs`` / ``x not in xs``."""
    xs = g.expr(_list_operand(g), depth - 1)
    items = sorted(list_items(xs.type), key=_tag_order)
    x_t = frozenset([g.pick(items)]) if items and g.flag(80) else g.pick([T_INT, T_FLOAT, T_ANY])
    x = g.expr(x_t, depth - 1)
    return Expr(f"({x.text} {g.pick(['in', 'not in'])} {xs.text})", T_BOOL)


_LIST_CLASSES = ["list", "list", "tuple", "(list, tuple)", "(int, list)", "object"]


@expr_kind("list_truth", can=_with_lists(_wants_bool))
def list_truth(g: Gen, want, depth):
    """``not xs``, ``bool(xs)``, ``isinstance(xs, list)``."""
    e = g.expr(_list_operand(g), depth - 1)
    if g.flag(25):
        return Expr(f"isinstance({e.text}, {g.pick(_LIST_CLASSES)})", T_BOOL)
    return Expr(g.pick([f"(not {e.text})", f"bool({e.text})"]), T_BOOL)


@expr_kind("list_method", can=_with_lists(lambda g, want: bool(want)))
def list_method(g: Gen, want, depth):
    """``xs.index(x)``, ``xs.count(x)`` (ValueError when missing), ``xs.pop()``, ``xs.pop(k)``
    (IndexError on an empty list or out of range)."""
    if "i" in want and g.flag(50):
        xs = g.expr(_list_operand(g), depth - 1)
        items = sorted(list_items(xs.type), key=_tag_order)
        x = g.expr(frozenset([g.pick(items)]) if items and g.flag(80) else T_INT, depth - 1)
        method = g.pick(['index', 'count'])
        if method == "index" and _simple(x.text) and _simple(xs.text) and g.flag(60):
            return Expr(f"({xs.text}.index({x.text}) if {x.text} in {xs.text} else -1)", T_INT)
        return Expr(f"({xs.text}).{method}({x.text})", T_INT)
    items = frozenset(x for x in want if nest_of(x) < MAX_TUPLE_NEST)
    if not items:
        return None
    xs = g.expr(_list_operand(g, items), depth - 1)
    if g.flag(60):
        return _guarded(g, xs, f".pop({g.pick(['', '0', '-1'])})", want, depth)
    k = "" if g.flag(50) else _index_text(g, xs.text, depth)
    return Expr(f"({xs.text}).pop({k})", list_items(xs.type))


def quiet_arg(g: Gen, e: Expr) -> Expr:
    """``e`` as the start, ``default=`` or ``reverse=`` of a consumer of a generator expression or
    map (known bug ``reduce_args_first``: a literal or a variable only, else a literal of its type)."""
    if "reduce_args_first" not in g.avoid or _simple(e.text):
        return e
    # (a constant, or a list or tuple display of constants: no dict, set or exception value)
    tags = sorted((t for t in e.type if t in "bifns" or t[0] in "([{"), key=_tag_order)
    if not e.type:
        return Expr("0", T_INT)
    lit = _literal_of(g, tags[0]) if tags else None
    return lit if lit is not None and _simple(lit.text) else e


def _sum_type(items: frozenset, start: str) -> frozenset:
    if not items <= T_NUM:
        return T_EMPTY  # (TypeError, or ints when the iterable is empty)
    return (T_FLOAT if start != "" else T_INT) | (T_FLOAT if "f" in items else T_EMPTY)


@expr_kind("list_reduce", weight=2, can=_with_lists(lambda g, want: bool(want & T_NUM)))
def list_reduce(g: Gen, want, depth):
    """``sum(x)`` (``sum(x, 0.0)``), ``min(x)``/``max(x)`` (``default=``; ValueError when
    empty), ``any(x)``, ``all(x)`` of a list, a tuple or a range."""
    forms = (["any", "all"] if "b" in want else []) + (["sum"] if "i" in want or "f" in want else []) \
        + ["min", "max"]
    form = g.pick(forms)
    if form in ("any", "all"):
        return Expr(f"{form}({_iterable(g, depth - 1, mapped=True)[0]})", T_BOOL)
    if form == "sum":
        start = "" if "i" in want and not g.flag(20) else g.pick(["0.0", "-0.0"])
        ok = T_NUM if ("f" in want or start) else T_INTLIKE
        if start and "f" not in want:
            return None
        text, items, _ = _iterable(g, depth - 1, ok, mapped=True)
        if not _sum_type(items, start) <= want:
            return None
        return Expr(f"sum({text}, {start})" if start else f"sum({text})", _sum_type(items, start))
    items = frozenset(x for x in want if nest_of(x) < MAX_TUPLE_NEST)
    text, got, _ = _iterable(g, depth - 1, items, mapped=True)
    key = _key_function(g, got) if g.flag(25) else None
    if key is not None:
        text = _key_walk(g, text) + f", key={key}"
    if g.flag(50):
        d = quiet_arg(g, g.expr(_sub_request(g, want), depth - 1))
        return Expr(f"{form}({text}, default={d.text})", got | d.type)
    return Expr(f"{form}({text})", got)


@expr_kind("list_convert", weight=2, can=_with_lists(_wants_list))
def list_convert(g: Gen, want, depth):
    """A new list: ``list(x)``, ``list()``, ``sorted(x)`` (``reverse=``), ``xs.copy()``
    (``x`` a list, a tuple or a range)."""
    tag = g.pick(list_tags(want))
    items = items_of(tag)
    form = g.draw(st.integers(0, 5))
    if form == 0:
        return Expr("list()", frozenset([tag]))
    if form == 1:
        return Expr(f"({g.expr(_list_operand(g, items), depth - 1).text}).copy()", frozenset([tag]))
    text, got, _ = _iterable(g, depth - 1, items, mapped=True)
    if form >= 4 and g.flag(35):
        key = _key_function(g, got)
        if key is not None:
            rev = f", reverse={g.pick(['True', 'False'])}" if g.flag(30) else ""
            return Expr(f"sorted({text}, key={key}{rev})", frozenset([tag]))
    if form < 4 or not _sortable(g, got):
        return Expr(f"list({text})", frozenset([tag]))
    if form == 4:
        return Expr(f"sorted({text})", frozenset([tag]))
    rev = g.pick(["True", "False", quiet_arg(g, g.expr(g.pick([T_BOOL, T_INT]), max(depth - 1, 0))).text])
    return Expr(f"sorted({text}, reverse={rev})", frozenset([tag]))


def _comprehension(g: Gen, elt_want: frozenset, depth: int) -> tuple[str, frozenset] | None:
    """``e for x in xs if c`` (``for i, x in enumerate(xs)``, a second ``for`` clause, over
    lists, tuples and ranges): the text inside the brackets and the element's type.
    Its own scope; None where the cost budget does not allow it."""
    saved_chain, g.no_chain = g.no_chain, True  # (iterables: no comparison chains)
    # (the first iterable runs in the enclosing scope: a lambda in it, ``map(lambda a: ..., xs)``,
    # is allowed)
    text, items, trips = _iterable(g, max(depth - 1, 0), mapped=True)
    g.no_chain = saved_chain
    if not g.affordable(trips + 1):
        return None
    mapped = text.startswith(("map(", "filter("))
    if mapped:
        g.used.add("map_comprehension")
    saved_unbound, g.no_maybe_unbound = g.no_maybe_unbound, True  # (CPython 3.11: NameError)
    outer = [v.name for v in g.visible().values() if not v.readonly]
    g.scopes.append({})
    g.in_comprehension += 1
    loops = [_InLoop(g, trips)]
    loops[0].__enter__()
    try:
        # (sometimes the name of a variable outside: the comprehension's own shadows it there)
        x = g.pick(outer) if outer and g.flag(15) else g.fresh("x")
        if g.flag(20) and not mapped:
            i = g.fresh("i")
            clauses = [f"for {i}, {x} in enumerate({text})"]
            g.declare(i, T_INT)
        else:
            clauses = [f"for {x} in {text}"]
        g.declare(x, items or T_INT)
        if g.flag(30):
            clauses.append(f"if {g.expr(g.pick(_CONDITIONS), max(depth - 1, 0)).text}")
        if g.flag(20):  # a second clause: over the first one's item (a list) or a small iterable
            inner = [v for v in g.scopes[-1].values() if list_tags(v.type) and len(list_tags(v.type)) == len(v.type)]
            if inner and g.flag(50):
                v = g.pick(inner)
                text2, items2, trips2 = v.name, list_items(v.type), LIST_TRIPS
            else:
                g.no_chain = True
                text2, items2, trips2 = _iterable(g, 0)
                g.no_chain = saved_chain
            if g.affordable(trips2 + 1):
                y = g.fresh("x")
                clauses.append(f"for {y} in {text2}")
                loops.append(_InLoop(g, trips2))
                loops[-1].__enter__()
                g.declare(y, items2 or T_INT)
        elt = g.expr(elt_want, max(depth - 1, 0))
    finally:
        for loop in reversed(loops):
            loop.__exit__(None, None, None)
        g.scopes.pop()
        g.in_comprehension -= 1
        g.no_maybe_unbound = saved_unbound
    return " ".join([elt.text] + clauses), elt.type


@expr_kind("list_comprehension", weight=2, can=_with_lists(_wants_list))
def list_comprehension(g: Gen, want, depth):
    """``[e for x in xs if c]`` and the same generator expression in ``list()`` / ``sorted()``."""
    tag = g.pick(list_tags(want))
    items = items_of(tag)
    if not items:
        return None
    comp = _comprehension(g, items, depth)
    if comp is None:
        return None
    form = g.draw(st.integers(0, 5))
    if form < 4:
        return Expr(f"[{comp[0]}]", frozenset([tag]))
    return Expr(f"{'sorted' if form == 5 and _sortable(g, comp[1]) else 'list'}({comp[0]})", frozenset([tag]))


@expr_kind("generator_reduce", can=_with_lists(lambda g, want: bool(want & T_NUM)))
def generator_reduce(g: Gen, want, depth):
    """``sum(e for x in xs)``, ``min``/``max`` (``default=``), ``any``, ``all`` of a
    generator expression."""
    forms = (["any", "all"] if "b" in want else []) + (["sum"] if "i" in want else []) + ["min", "max"]
    form = g.pick(forms)
    if form in ("any", "all"):
        comp = _comprehension(g, g.pick(_CONDITIONS), depth)
        return None if comp is None else Expr(f"{form}({comp[0]})", T_BOOL)
    if form == "sum":
        comp = _comprehension(g, T_NUM if "f" in want else g.pick([T_INT, T_INTLIKE]), depth)
        return None if comp is None else Expr(f"sum({comp[0]})", _sum_type(comp[1], ""))
    items = frozenset(x for x in want if len(x) == 1)
    comp = _comprehension(g, _sub_request(g, items), depth)
    if comp is None:
        return None
    if g.flag(50):
        d = quiet_arg(g, g.expr(_sub_request(g, want), depth - 1))
        return Expr(f"{form}(({comp[0]}), default={d.text})", comp[1] | d.type)
    return Expr(f"{form}({comp[0]})", comp[1])


@expr_kind("list_to_tuple", weight=2, can=_with_lists(_wants_tuple))
def list_to_tuple(g: Gen, want, depth):
    """``tuple(x)`` of a list, tuple or range, or of a generator expression (a tuple of
    any length); ``tuple([e1, e2])`` (a tuple of that shape)."""
    tag = g.pick(tuple_tags(want))
    if tag[0] == "(":
        parts = [g.expr(frozenset([e]), depth - 1).text for e in elems_of(tag)]
        return Expr(f"tuple([{', '.join(parts)}])", frozenset([tag]))
    items = items_of(tag)
    if g.flag(25):
        comp = _comprehension(g, items, depth)
        return None if comp is None else Expr(f"tuple({comp[0]})", frozenset([tag]))
    return Expr(f"tuple({_iterable(g, depth - 1, items, mapped=True)[0]})", frozenset([tag]))


def _wants_range_value(g, want):
    return bool(want & T_INTLIKE) or any("i" in items_of(x) for x in list_tags(want))


@expr_kind("range_value", can=_with_lists(_wants_range_value))
def range_value(g: Gen, want, depth):
    """A range object where pydm keeps it: ``len(r)``, ``r[k]`` (IndexError), ``r[a:b:c]``
    (a range) in ``list()``/``len()``, ``r.index(x)`` (ValueError), ``r.count(x)``,
    ``x in r`` (ints, bools, floats), ``r == r2``."""
    r, _ = _range_text(g)
    if g.flag(25):
        r = f"{r}[{_slice_text(g, 1)}]"
    forms = []
    if "i" in want:
        forms += ["len", "index", "item", "count", "find"]
    if "b" in want:
        forms += ["in", "eq"]
    if any("i" in items_of(x) for x in list_tags(want)):
        forms += ["list"]
    form = g.pick(forms)
    if form == "len":
        return Expr(f"len({r})", T_INT)
    if form == "item":
        return Expr(f"{r}[{_index_text(g, '', depth)}]", T_INT)
    if form in ("index", "count", "find", "in"):
        x = g.expr(g.pick([T_INT, T_INTLIKE, T_NUM, T_ANY]), max(depth - 1, 0)).text
        if form == "in":
            return Expr(f"({x} {g.pick(['in', 'not in'])} {r})", T_BOOL)
        return Expr(f"{r}.{'count' if form == 'count' else 'index'}({x})", T_INT)
    if form == "eq":
        return Expr(f"({r} {g.pick(['==', '!='])} {_range_text(g)[0]})", T_BOOL)
    tag = g.pick([x for x in list_tags(want) if "i" in items_of(x)])
    return Expr(f"list({r})", frozenset([tag]))


def _callees(g: Gen, want) -> list[Function]:
    if g.no_calls:
        return []
    out = [f for f in g.functions + g.closures() if f.ret <= want and g.affordable(f.cost)]
    if g.fn.recursive and g.self_call_ok and g.loop_depth == 0 and g.self_calls < MAX_SELF_CALLS:
        out += [f for f in [g.fn] + g.partners if f.ret <= want]
    return out


@expr_kind("call", weight=3, can=lambda g, want: bool(_callees(g, want)))
def call(g: Gen, want, depth):
    """A call of an earlier function of the module, or a recursive call (of itself or a
    mutually recursive partner) with a smaller depth."""
    callee = g.pick(_callees(g, want))
    is_self = callee is g.fn or any(callee is p for p in g.partners)
    if is_self:
        g.self_calls += 1
    else:
        g.charge(callee.cost)
    _note_call(g, callee)
    return Expr(call_text(g, callee, depth, is_self), callee.ret)


def call_text(g: Gen, callee: Function, depth: int, is_self: bool) -> str:
    parts, keywords, n_positional = [], False, 0
    for p in callee.params:
        if p.star:
            for i in range(g.pick([0, 0, 1, 2])):  # extra keywords, evaluated in order with the others
                keywords = True
                parts.append(f"{p.name}_{i}={g.expr(g.pick([T_INT, T_FLOAT, T_ANY]), max(depth - 1, 0)).text}")
            continue
        if p.depth:
            value = f"({p.name} - {g.pick([1, 2])})" if is_self else str(g.draw(st.integers(0, MAX_DEPTH_ARG)))
        elif p.default is not NO_DEFAULT and g.flag(30):
            keywords = True  # skip it: the default applies, later arguments go by keyword
            continue
        else:
            value = g.expr(p.type, max(depth - 1, 0)).text
        if keywords or p.kwonly or (g.flag(15) and not p.depth):
            keywords = True
            parts.append(f"{p.name}={value}")
        else:
            parts.append(value)
            n_positional += 1
    if n_positional and g.flag(12):  # some of the positional ones from a tuple: ``f(*(a, b), c)``
        k = g.draw(st.integers(1, n_positional))
        parts[:k] = ["*(" + ", ".join(parts[:k]) + ",)"]
        g.used.add("call_star_tuple")
    return f"{callee.name}({', '.join(parts)})"


# ----------------------------------------------------------------------------- statement kinds
def _writable(g: Gen):
    return [v for v in g.visible().values() if not v.readonly]


def _decl_type(g: Gen) -> frozenset:
    if g.heap and g.flag(45):
        from .strdict import heap_type
        return heap_type(g)
    if g.exc and g.flag(12):
        return exc_type(g)
    if g.flag(35):
        return tuple_type(g)
    if g.lists and g.flag(35):
        return list_type(g)
    return g.pick(DECL_TYPES)


@stmt_kind("assign_new", weight=4)
def assign_new(g: Gen):
    t = _decl_type(g)
    e = g.expr(t)
    name = g.fresh("v")
    g.declare(name, t)
    return [f"{name} = {e.text}"]


@stmt_kind("assign", weight=3, can=lambda g: bool(_writable(g)))
def assign(g: Gen):
    v = g.pick(_writable(g))
    return [f"{v.name} = {g.expr(v.type).text}"]


@stmt_kind("annotated_assign")
def annotated_assign(g: Gen):
    t = g.pick([T_INT, T_FLOAT, T_BOOL])
    name = g.fresh("v")
    text = g.expr(t).text
    g.declare(name, t)
    return [f"{name}: {ANNOTATION[t]} = {text}"]


@stmt_kind("chained_assign")
def chained_assign(g: Gen):
    t = _decl_type(g)
    text = g.expr(t).text
    names = [g.fresh("v") for _ in range(2)]
    for n in names:
        g.declare(n, t)
    return [" = ".join(names) + f" = {text}"]


@stmt_kind("tuple_assign", weight=2, can=lambda g: len(_writable(g)) >= 2)
def tuple_assign(g: Gen):
    """``a, b = e1, e2`` (both sides evaluated first), e.g. ``a, b = b, a + b``."""
    a, b = g.draw(st.permutations(_writable(g)))[:2]
    if g.flag(30) and a.type == b.type:
        return [f"{a.name}, {b.name} = {b.name}, {a.name}"]
    return [f"{a.name}, {b.name} = {g.expr(a.type, 2).text}, {g.expr(b.type, 2).text}"]


def _aug_options(g: Gen):
    """(variable, operator, operand request) whose result stays within the variable's type."""
    out = []
    for v in _writable(g):
        if tuple_tags(v.type) or has_exc(v.type):
            continue  # (tuple_aug; exceptions take no operator)
        for op in AUG_OPS:
            for r in REQUESTS:
                res = result_type(op, (v.type, r))
                if res and res <= v.type:
                    out.append((v, op, r))
    return out


@stmt_kind("aug_assign", weight=3, can=lambda g: bool(_writable(g)))
def aug_assign(g: Gen):
    options = _aug_options(g)
    if not options:
        return None
    v, op, req = g.pick(options)
    return [f"{v.name} {op}= {g.expr(req, 2).text}"]


_CONDITIONS = [T_BOOL, T_BOOL, T_BOOL, T_ANY, T_INT, T_FLOAT, T_NONE | T_INT]


def _can_nest(g: Gen):
    return g.nest < MAX_NEST


def _condition(g: Gen, depth: int | None = None) -> str:
    """The condition of an ``if`` or ``while``: mostly a scalar, in programs with lists
    sometimes a list (``if xs:``)."""
    if g.lists and g.flag(12):
        return g.expr(_list_operand(g), depth).text
    return g.expr(g.pick(_CONDITIONS), depth).text


@stmt_kind("if", weight=2, can=_can_nest)
def if_(g: Gen):
    lines = [f"if {_condition(g)}:"] + g.block()
    for _ in range(g.draw(st.integers(0, 1))):
        lines += [f"elif {_condition(g)}:"] + g.block()
    if g.flag(50):
        lines += ["else:"] + g.block()
    return lines


class _InLoop:
    """Inside a loop run at most ``trips`` times: statements and calls cost that much more."""

    def __init__(self, g: Gen, trips: int):
        self.g, self.trips = g, trips

    def __enter__(self):
        self.saved = self.g.mult, self.g.loop_scope
        self.g.loop_depth += 1
        self.g.loop_scope = len(self.g.scopes) - 1  # (the loop's own scope: its target, its body)
        self.g.mult *= max(self.trips, 1) + 1

    def __exit__(self, *exc):
        self.g.mult, self.g.loop_scope = self.saved
        self.g.loop_depth -= 1


def _can_loop(g: Gen):
    return g.nest < MAX_NEST and g.loop_depth < MAX_LOOP_NEST and g.affordable(30)


def _clamped(g: Gen) -> str:
    e = g.expr(g.pick([T_INT, T_INTLIKE, T_ANY, T_INT]), 1).text
    return f"min(max({e}, {CLAMP_LO}), {CLAMP_HI})"


def _range_args(g: Gen) -> tuple[str, int]:
    """``range(...)`` argument text and a bound on its trip count."""
    form = g.draw(st.integers(0, 4))
    span = CLAMP_HI - CLAMP_LO
    if form == 0:
        stop = g.draw(st.integers(0, 20))
        return str(stop), stop
    if form == 1:
        start, stop = g.draw(st.integers(-5, 5)), g.draw(st.integers(-5, 12))
        step = g.pick([1, 2, 3, -1, -2, -3, 0])
        trips = len(range(start, stop, step)) if step else 0
        return f"{int_text(start)}, {int_text(stop)}, {int_text(step)}", trips
    if form == 2:
        return _clamped(g), CLAMP_HI
    if form == 3:
        return f"{_clamped(g)}, {_clamped(g)}", span
    # a computed step: never zero (1..3, or its negation), or -1..1 (zero raises ValueError)
    e = g.expr(g.pick([T_INT, T_INTLIKE, T_ANY]), 1).text
    step = g.pick([f"({e} % 3 + 1)", f"(-({e} % 3) - 1)", f"({e} % 3 - 1)"])
    return f"{_clamped(g)}, {_clamped(g)}, {step}", span


@stmt_kind("for_range", weight=2, can=_can_loop)
def for_range(g: Gen):
    g.no_calls = "call_in_range" in g.avoid
    args, trips = _range_args(g)
    g.no_calls = False
    if not g.affordable(trips + 1):
        args, trips = str(g.draw(st.integers(0, 3))), 3
    name = g.fresh("i")
    g.scopes.append({})
    g.declare(name, T_INT)
    with _InLoop(g, trips):
        lines = [f"for {name} in range({args}):"] + g.block()
    g.scopes.pop()
    g.maybe[name] = Var(name, T_INT)  # unbound after a loop that ran zero times
    if g.flag(20):
        lines += ["else:"] + g.block()
    return lines


@stmt_kind("while", can=_can_loop)
def while_(g: Gen):
    """A while loop with a counter (incremented first, so ``continue`` cannot skip it)."""
    w = g.fresh("w")
    limit = g.draw(st.integers(1, 5))
    form = g.draw(st.integers(0, 3))
    g.scopes.append({})
    with _InLoop(g, limit):
        cond = _condition(g, 2)  # evaluated on every trip
        g.declare(w, T_INT, readonly=True)
        if form == 0:
            head = [f"{w} = 0", f"while {w} < {limit} and {cond}:", f"    {w} += 1"]
        elif form == 3:  # ``while True`` left only by ``return``
            head = [f"{w} = 0", "while True:", f"    {w} += 1", f"    if {w} > {limit}:",
                    f"        return {g.expr(g.fn.ret, 2).text}"]
        else:
            head = [f"{w} = 0", "while True:" if form == 1 else f"while {cond}:",
                    f"    {w} += 1", f"    if {w} > {limit}:", "        break"]
        lines = head + g.block()
    g.scopes.pop()
    if g.flag(20):
        lines += ["else:"] + g.block()
    return lines


@stmt_kind("break", can=lambda g: g.loop_depth > 0, terminal=True)
def break_(g: Gen):
    return ["break"]


@stmt_kind("continue", can=lambda g: g.loop_depth > 0, terminal=True)
def continue_(g: Gen):
    return ["continue"]


@stmt_kind("return", can=lambda g: g.nest > 0, terminal=True)
def return_(g: Gen):
    if "n" in g.fn.ret and g.flag(20):
        return ["return"]
    return [f"return {g.expr(g.fn.ret).text}"]


def _any_result(g: Gen) -> frozenset:
    return T_ANY.union(*(f.ret for f in g.functions + [g.fn] + g.partners + g.closures()))


@stmt_kind("call_statement", can=lambda g: bool(_callees(g, _any_result(g))))
def call_statement(g: Gen):
    """A call whose value is dropped (its exceptions and its changes to lists still count)."""
    return [call(g, _any_result(g), 2).text]


@stmt_kind("expression_statement")
def expression_statement(g: Gen):
    return [g.expr(g.pick(REQUESTS), 2).text]


@stmt_kind("pass")
def pass_(g: Gen):
    return ["pass"]


def _position_types(t: frozenset, n: int) -> list:
    """What each of ``n`` unpacking targets receives from a value of type ``t``."""
    out = []
    for k in range(n):
        ts = set()
        for tag in tuple_tags(t):
            if tag[0] == "[":
                ts |= items_of(tag)
            elif len(elems_of(tag)) == n:
                ts.add(elems_of(tag)[k])
        out.append(frozenset(ts) or T_INT)  # (nothing: the unpacking always raises)
    return out


def _targets(g: Gen, types: list, nest: int = 0) -> tuple[str, list]:
    """Target text for values of ``types`` (new names, existing variables, nested
    targets) and the declarations to make once the value is evaluated."""
    parts, decls = [], []
    for t in types:
        if _single(t) and 2 <= len(elems_of(next(iter(t)))) <= 3 and nest < 2 and g.flag(30):
            text, more = _targets(g, [frozenset([e]) for e in elems_of(next(iter(t)))], nest + 1)
            parts.append(f"({text})")
            decls += more
            continue
        reuse = [v for v in _writable(g) if t <= v.type and v.name not in (n for n, _ in decls)]
        if reuse and g.flag(25):
            parts.append(g.pick(reuse).name)
        else:
            name = g.fresh("v")
            parts.append(name)
            decls.append((name, t))
    return ", ".join(parts) + ("," if len(parts) == 1 else ""), decls


@stmt_kind("tuple_unpack", weight=2)
def tuple_unpack(g: Gen):
    """``a, (b, c) = t`` (sometimes the wrong count: ValueError)."""
    cands = [v.type for v in g.visible().values() if exact_tags(v.type) or any(x[0] == "[" for x in v.type)]
    if cands and g.flag(50):
        src_t = g.pick(cands)
    else:
        src_t = frozenset([shape_tag([g.pick(_ELEM_TAGS) if g.flag(75) else random_shape(g, 1)
                                      for _ in range(g.draw(st.integers(1, 3)))])])
    src = g.expr(src_t, 2)
    lengths = _lengths(src.type)
    n = g.pick(lengths) if lengths else g.draw(st.integers(1, 3))
    if g.flag(8):
        n = n + 1 if n <= 1 or g.flag(50) else n - 1
    if n == 0:
        return None
    text, decls = _targets(g, _position_types(src.type, n))
    for name, t in decls:
        g.declare(name, t)
    return [f"{text} = {src.text}"]


@stmt_kind("for_tuple", weight=2, can=_can_loop)
def for_tuple(g: Gen):
    """``for x in t:`` (also ``for a, b in pairs:``) over a tuple or a value that may be one."""
    src = g.expr(_source_type(g), 2)
    items = all_items(src.type)
    if not items and "for_empty_tuple" in g.avoid:
        return None
    trips = max(_lengths(src.type) + [30 if any(x[0] == "[" for x in src.type) else 0])
    if not g.affordable(trips + 1):
        return None
    g.scopes.append({})
    pairs = [len(elems_of(x)) for x in items if x[0] == "("]
    if items and pairs and len(pairs) == len(items) and len(set(pairs)) == 1 and pairs[0] >= 2 and g.flag(40):
        target, decls = _targets(g, _position_types(items, pairs[0]), 1)
    else:
        target, decls = g.fresh("x"), []
        decls.append((target, items or T_INT))
    for name, t in decls:
        g.declare(name, t)
    with _InLoop(g, trips):
        lines = [f"for {target} in {src.text}:"] + g.block()
    g.scopes.pop()
    for name, t in decls:
        if not any(x[0] == "[" for x in t):
            g.maybe[name] = Var(name, t)  # unbound after a loop that ran zero times
    if g.flag(20):
        lines += ["else:"] + g.block()
    return lines


def _tuple_aug_vars(g: Gen):
    return [v for v in g.visible().values() if len(v.type) == 1 and tuple_tags(v.type)
            and (not g.strict or _plain(v.type)) and not v.free and not v.glob]


@stmt_kind("tuple_aug", can=lambda g: bool(_tuple_aug_vars(g)))
def tuple_aug(g: Gen):
    """``t += (x, y)`` on a variable-length tuple (a display: linear growth only),
    ``t += ()`` / ``t *= 1`` on a tuple of one shape."""
    v = g.pick(_tuple_aug_vars(g))
    tag = next(iter(v.type))
    if tag[0] == "[":
        return [f"{v.name} += {tuple_literal(g, frozenset([tag]), 2).text}"]
    return [g.pick([f"{v.name} += ()", f"{v.name} *= 1", f"{v.name} *= True", f"{v.name} += {v.name}[:0]"])]


def _mutable_lists(g: Gen) -> list[Var]:
    """Variables holding lists of one class (a list kind changes them in place: the items
    it writes have that class, so every list keeps the class it was made with)."""
    return [v for v in g.visible().values() if len(list_tags(v.type)) == 1]


def _pick_list_var(g: Gen) -> tuple[Var, frozenset]:
    cands = _mutable_lists(g)
    pure = [v for v in cands if len(v.type) == 1]
    v = g.pick(pure if pure and not g.flag(10) else cands)
    return v, items_of(list_tags(v.type)[0])


_ITEM_AUG_OPS = ["+", "-", "*", "+", "/", "//", "%", "&", "|", "^", ">>"]


@stmt_kind("list_setitem", weight=2, can=_with_lists(lambda g: bool(_mutable_lists(g))))
def list_setitem(g: Gen):
    """``xs[k] = e``, ``xs[k] += e`` (numbers: the item keeps its class), ``xs[k][j] = e``."""
    v, items = _pick_list_var(g)
    if not items:
        return None
    k = _index_text(g, v.name, 2)
    form = g.draw(st.integers(0, 9))
    if form < 3 and items <= T_ANY:
        options = [(op, r) for op in _ITEM_AUG_OPS for r in REQUESTS
                   if result_type(op, (items, r)) and result_type(op, (items, r)) <= items]
        if options:
            op, r = g.pick(options)
            return [f"{v.name}[{k}] {op}= {g.expr(r, 2).text}"]
    inner = list_tags(items)
    if form == 3 and len(inner) == 1 and items_of(inner[0]):
        e = g.expr(frozenset(items_of(inner[0])), 2)
        return [f"{v.name}[{k}][{_index_text(g, '', 1)}] = {e.text}"]
    return [f"{v.name}[{k}] = {g.expr(frozenset(items), 2).text}"]


@stmt_kind("list_grow", weight=3, can=_with_lists(lambda g: bool(_mutable_lists(g))))
def list_grow(g: Gen):
    """``xs.append(e)``, ``xs.insert(k, e)``, ``xs.extend(x)``, ``xs += x`` (``x`` a list, a
    tuple or a range), ``xs *= k``, ``xs[a:b] = x``: run only while ``len(xs) < LIST_CAP``
    (operands are leaves: a list grows past the cap at most once, by little)."""
    v, items = _pick_list_var(g)
    form = g.draw(st.integers(0, 6))
    if v.free and form in (3, 5):
        form = 4  # (``xs *= k`` and ``xs += x`` rebind: a free variable is only read)
    if form < 2 and items:
        line = f"{v.name}.append({g.expr(frozenset(items), 1).text})"
    elif form == 2 and items:
        line = f"{v.name}.insert({_index_text(g, v.name, 1)}, {g.expr(frozenset(items), 1).text})"
    elif form == 3:
        count = g.pick(["2", "0", "1", "3", "True", f"({g.expr(g.pick([T_INT, T_INTLIKE]), 1).text} % 3)"])
        line = f"{v.name} *= {count}"
    else:
        text = _iterable(g, 0, items)[0]
        if form == 4:
            line = f"{v.name}.extend({text})"
        elif form == 5:
            line = f"{v.name} += {text}"
        else:
            line = f"{v.name}[{_slice_text(g, 1)}] = {text}"
    cap = LIST_CAP if g.flag(80) else g.pick([2, 4])
    return [f"if len({v.name}) < {cap}:", "    " + line]


@stmt_kind("list_shrink", weight=2, can=_with_lists(lambda g: bool(_mutable_lists(g))))
def list_shrink(g: Gen):
    """``xs.pop()``, ``xs.pop(k)``, ``xs.remove(e)`` (ValueError), ``del xs[k]``,
    ``del xs[a:b]``, ``xs.clear()``."""
    v, items = _pick_list_var(g)
    form = g.draw(st.integers(0, 5))
    if form == 0:
        return [f"{v.name}.pop()"]
    if form == 1:
        return [f"{v.name}.pop({_index_text(g, v.name, 1)})"]
    if form == 2:
        x_t = frozenset(items) if items and g.flag(85) else g.pick([T_INT, T_ANY])
        return [f"{v.name}.remove({g.expr(x_t, 2).text})"]
    if form == 3:
        return [f"del {v.name}[{_index_text(g, v.name, 1)}]"]
    if form == 4:
        return [f"del {v.name}[{_slice_text(g, 1)}]"]
    return [f"{v.name}.clear()"]


@stmt_kind("list_reorder", can=_with_lists(lambda g: bool(_mutable_lists(g))))
def list_reorder(g: Gen):
    """``xs.reverse()``, ``xs.sort()``, ``xs.sort(reverse=...)``, ``xs.sort(key=...)``."""
    v, items = _pick_list_var(g)
    form = g.draw(st.integers(0, 4))
    if form == 4:
        key = _key_function(g, items)
        if key is not None:
            rev = f", reverse={g.pick(['True', 'False'])}" if g.flag(30) else ""
            return [f"{v.name}.sort(key={key}{rev})"]
    if form in (0, 4) or not _sortable(g, items):
        return [f"{v.name}.reverse()"]
    if form == 1:
        return [f"{v.name}.sort()"]
    rev = g.pick(["True", "False", g.expr(g.pick([T_BOOL, T_INT]), 1).text])
    return [f"{v.name}.sort(reverse={rev})"]


@stmt_kind("for_list", weight=2, can=_with_lists(_can_loop))
def for_list(g: Gen):
    """``for x in xs:`` (the body may change ``xs``: iteration is by index), ``for i, x in
    enumerate(xs)``, ``for x in reversed(xs)``, ``for a, b in zip(xs, ys)``, unpacking
    targets for lists of pairs."""
    if not g.affordable(LIST_TRIPS + 1):
        return None
    src = g.expr(_list_operand(g), 2)
    items = list_items(src.type) or T_INT
    form = g.draw(st.integers(0, 5))
    g.scopes.append({})
    decls = []
    if form == 2:
        i, x = g.fresh("i"), g.fresh("x")
        start = "" if g.flag(70) else ", " + int_text(g.pick([1, -1, 10]))
        head = f"for {i}, {x} in enumerate({src.text}{start}):"
        decls += [(i, T_INT), (x, items)]
    elif form == 3:
        x = g.fresh("x")
        head = f"for {x} in reversed({src.text}):"
        decls.append((x, items))
    elif form == 4:
        text2, items2, _ = _iterable(g, 1)
        a, b = g.fresh("x"), g.fresh("x")
        head = f"for {a}, {b} in zip({src.text}, {text2}):"
        decls += [(a, items), (b, items2 or T_INT)]
    else:
        pairs = [len(elems_of(x)) for x in items if x[0] == "("]
        if pairs and len(pairs) == len(items) and len(set(pairs)) == 1 and pairs[0] >= 2 and g.flag(50):
            target, decls = _targets(g, _position_types(items, pairs[0]), 1)
        else:
            target = g.fresh("x")
            decls.append((target, items))
        head = f"for {target} in {src.text}:"
    for name, t in decls:
        g.declare(name, t)
    with _InLoop(g, LIST_TRIPS):
        lines = [head] + g.block()
    g.scopes.pop()
    for name, t in decls:
        if not _growable(t):
            g.maybe[name] = Var(name, t)  # unbound after a loop that ran zero times
    if g.flag(20):
        lines += ["else:"] + g.block()
    return lines


@stmt_kind("star_unpack", can=_with_lists())
def star_unpack(g: Gen):
    """``a, *rest = xs``, ``*rest, a = t``, ``a, *rest, b = x`` (``rest`` a new list;
    ValueError when ``x`` is too short)."""
    before, after = g.pick([1, 0, 1, 2]), g.pick([0, 0, 1])
    if g.flag(70):
        src = g.expr(_list_operand(g), 2)
        items = list_items(src.type) or T_INT
        types, rest = [items] * (before + after), items
    else:
        src = g.expr(_source_type(g), 2)
        shapes = exact_tags(src.type)
        if len(shapes) == 1 and len(src.type) == 1 and len(elems_of(shapes[0])) >= before + after:
            elems = [frozenset([e]) for e in elems_of(shapes[0])]
            types = elems[:before] + elems[len(elems) - after:]
            rest = frozenset().union(*elems[before:len(elems) - after])
        else:
            items = all_items(src.type) or T_INT
            types, rest = [items] * (before + after), items
    names = [g.fresh("v") for _ in range(before + after + 1)]
    rest_name = names[before]
    targets = names[:before] + ["*" + rest_name] + names[before + 1:]
    for name, t in zip(names[:before] + names[before + 1:], types):
        g.declare(name, t)
    g.declare(rest_name, frozenset([list_tag(rest)]))
    text = ", ".join(targets) + ("," if len(targets) == 1 else "")
    return [f"{text} = {src.text}"]


# ----------------------------------------------------------------------------- exceptions
#: classes ``raise`` statements raise (builtins that pydm raises and catches)
RAISE_CLASSES = ["ValueError", "IndexError", "KeyError", "ZeroDivisionError", "OverflowError", "TypeError",
                 "ArithmeticError", "LookupError", "Exception", "AssertionError", "RuntimeError",
                 "NotImplementedError", "AttributeError", "UnboundLocalError", "StopIteration"]
#: classes of ``except`` clauses (alone, or two or three in a tuple)
EXCEPT_CLASSES = ["ValueError", "ZeroDivisionError", "IndexError", "Exception", "ArithmeticError", "LookupError",
                  "OverflowError", "TypeError", "KeyError", "AssertionError", "UnboundLocalError", "NameError",
                  "RuntimeError", "StopIteration"]
#: string literals of exception messages (the only place the programs have strings)
MESSAGES = ["bad value", "", "index out of range", "x", "it's \"quoted\"", "caf\u00e9 \u2713", "a\nb"]


def _raise_value(g: Gen) -> str:
    """An exception's argument: a scalar mostly, a tuple or a list now and then."""
    k = g.draw(st.integers(0, 9))
    if k == 8:
        return g.expr(_source_type(g), 2).text
    if k == 9 and g.lists:
        return g.expr(_list_operand(g), 2).text
    return g.expr(g.pick([T_INT, T_ANY, T_FLOAT, T_NUM, T_BOOL]), 2).text


def _raise_text(g: Gen) -> str:
    """``raise E(e)`` (any value: the message is ``str(e)``, ``repr(e)`` for a KeyError),
    ``raise E("literal")``, ``raise E``, ``raise E()``, ``raise E(a, b)``, ``... from None``;
    ``raise e`` of a variable holding an exception."""
    values = _exc_vars(g) if g.exc else []
    if values and g.flag(50):
        g.used.add("raise_variable")
        return f"raise {g.pick(values).name}"
    cls = g.pick(RAISE_CLASSES)
    form = g.draw(st.integers(0, 9))
    if form < 4:
        exc = f"{cls}({_raise_value(g)})"
    elif form < 6:
        exc = f"{cls}({g.pick(MESSAGES)!r})"
    elif form == 6:
        exc = cls
    elif form == 7:
        exc = f"{cls}()"
    elif form == 8:
        exc = f"{cls}({_raise_value(g)}, {_raise_value(g)})"
    else:
        exc = (f"{cls}({_raise_value(g)})" if g.flag(70) else cls) + " from None"
    return f"raise {exc}"


@stmt_kind("raise_if")
def raise_if(g: Gen):
    """``if c: raise E(...)`` (``if c and d:``: most calls go on)."""
    cond = _condition(g, 2) if g.flag(50) else f"{_condition(g, 1)} and {_condition(g, 1)}"
    return [f"if {cond}:", "    " + _raise_text(g)]


@stmt_kind("raise", can=lambda g: g.nest > 0, terminal=True)
def raise_(g: Gen):
    return [_raise_text(g)]


@stmt_kind("reraise", can=lambda g: g.handler > 0 or g.in_finally > 0, terminal=True)
def reraise(g: Gen):
    """A bare ``raise`` (sometimes under a condition) in an except clause: the exception being
    handled; rarely in a finally body: the exception passing through, the one an enclosing
    except clause handles, else RuntimeError('No active exception to reraise')."""
    if g.handler == 0 and not g.flag(30):
        return None
    if g.flag(50):
        return [f"if {_condition(g, 2)}:", "    raise"]
    return ["raise"]


def _except_classes(g: Gen, first: list | None = None) -> str:
    """An except clause's class or tuple of classes (``first``: classes to take the first one
    from, mostly)."""
    def one():
        return g.pick(first) if first and g.flag(75) else g.pick(EXCEPT_CLASSES)
    if g.flag(70):
        return one()
    names = []
    for _ in range(g.pick([2, 3])):
        c = one() if not names else g.pick(EXCEPT_CLASSES)
        if c not in names:
            names.append(c)
    return _display(names)


def _except_head(g: Gen) -> str:
    cls = _except_classes(g)
    return f"except {cls}{' as ' + g.fresh('e') if g.flag(8) else ''}:"  # (the name unused: supported)


def _bound_handler(g: Gen, classes: str, etype: frozenset, first=lambda name: []) -> list[str]:
    """``except C as e:`` and its block: ``e`` (of type ``etype``) is visible there, read only
    (``first(e)``: the block's first lines, drawn with ``e`` visible), no nested function
    reads it, and it is unbound after the clause (a read raises UnboundLocalError)."""
    name, old = g.fresh("e"), None
    reuse = _deletable(g)
    if reuse and g.flag(20):
        # the name of a local bound before: the clause binds it, and unbinds it at its end
        # (possibly unbound after the try, where it held its old value if the clause did not run)
        old = g.pick(reuse)
        name = old.name
        for scope in g.scopes:
            if scope.get(name) is old:
                del scope[name]
        g.used.add("except_as_rebinds")
    g.handler += 1
    g.scopes.append({})
    v = g.declare(name, etype, readonly=True)
    v.caught = True
    lines = first(name)
    if lines and lines[-1] == f"del {name}":
        g.scopes[-1].pop(name)  # (``del e`` in its own handler: the end of the clause deletes it again)
    body = [] if lines and lines[-1] == f"raise {name}" else g.block()
    for w in g.scopes.pop().values():
        if not w.readonly:
            g.maybe[w.name] = w  # (bound in the clause only)
    g.handler -= 1
    g.maybe[name] = Var(name, etype | (old.type if old else T_EMPTY), caught=True)
    g.used.add("except_as")
    return [f"except {classes} as {name}:"] + ["    " + x for x in lines] + body


@stmt_kind("try", weight=2, can=_can_nest)
def try_(g: Gen):
    """``try:`` with except clauses (a class, a tuple of classes, a bare ``except:`` last),
    ``else:`` and ``finally:``. Operations that may raise are drawn more often in the body;
    ``return``/``break``/``continue`` anywhere leave through the final body, and in the final
    body they discard what was pending (an exception, a return value)."""
    g.in_try += 1
    lines = ["try:"] + g.block()
    g.in_try -= 1
    form = g.draw(st.integers(0, 9))
    if form < 8:
        n = g.pick([1, 2, 1, 3])
        for k in range(n):
            bare = k == n - 1 and g.flag(15)
            if bare:
                g.used.add("bare_except")
            if not bare and g.exc and g.flag(30):  # ``except E as e:`` using ``e`` (its args unknown)
                lines += _bound_handler(g, _except_classes(g), T_EXC)
                continue
            g.handler += 1
            lines += ["except:" if bare else _except_head(g)] + g.block()
            g.handler -= 1
        if g.flag(30):
            g.used.add("try_else")
            lines += ["else:"] + g.block()
    if form >= 6:
        g.used.add("try_finally")
        g.in_finally += 1
        lines += ["finally:"] + g.block()
        g.in_finally -= 1
    return lines


@stmt_kind("assert")
def assert_(g: Gen):
    """``assert c`` and ``assert c, e`` (AssertionError(e))."""
    cond = _condition(g, 2)
    if g.flag(50):
        return [f"assert {cond}, {g.expr(g.pick([T_INT, T_INT, T_ANY, T_FLOAT]), 2).text}"]
    return [f"assert {cond}"]


@stmt_kind("print")
def print_(g: Gen):
    """``print(...)`` of numbers, None, tuples, lists, strs and dicts (the printed text is compared),
    with ``sep=None``/``end=None``/``flush=`` now and then."""
    kinds = [T_INT, T_FLOAT, T_ANY, T_NUM]
    args = []
    for _ in range(g.draw(st.integers(0, 3))):
        form = g.draw(st.integers(0, 5))
        t = tuple_type(g) if form == 4 else _list_operand(g) if form == 5 else g.pick(kinds)
        if g.heap and form == 3:  # a str or a dict (no set: CPython prints its own order)
            from .strdict import heap_type
            t = heap_type(g, pure=True)
            t = t if not set_tags(t) else T_STR
        args.append(g.expr(t, 2).text)
    if g.flag(20):
        args.append(g.pick(["sep=None", "end=None", "flush=True"]))
    return [f"print({', '.join(args)})"]


#: int operations that leave 64 bits for some operands (``{}``: an int expression)
_OVERFLOWS = ["{} * 3037000500", "{0} * {0}", "{} + 9223372036854775807", "{} - 9223372036854775807 - 2",
              "2 ** ({} % 70)", "{} << 40", "abs({})", "-{}"]


def _list_vars(g: Gen) -> list[Var]:
    return [v for v in g.visible().values() if list_tags(v.type) and len(list_tags(v.type)) == len(v.type)]


@stmt_kind("raising_op", weight=4, can=lambda g: g.in_try > 0)
def raising_op(g: Gen):
    """In a try body: an operation that raises for some values, so that the handlers run:
    a division by a value that may be zero, an index out of range, an int overflow,
    ``[].pop()``, ``int()`` of an infinity or a NaN, a float overflow, a call of a function
    that may raise (a helper, a nested function)."""
    form = g.draw(st.integers(0, 6))
    e = lambda: g.expr(g.pick([T_INT, T_INTLIKE]), 1).text  # noqa: E731
    text, t = None, T_EMPTY
    if form == 0:
        a = g.expr(g.pick([T_INT, T_NUM, T_FLOAT]), 1)
        b, bt = g.pick([("0", T_INT), (f"({e()} % 2)", T_INT), (f"({e()} % 3 - 1)", T_INT), ("0.0", T_FLOAT),
                        (f"({e()} > 0)", T_BOOL)])
        op = g.pick(["//", "%", "/"])
        text, t = f"{a.text} {op} {b}", result_type(op, (a.type, bt))
    elif form == 1:
        lists = _list_vars(g) if g.lists else []
        if lists and g.flag(70):
            v = g.pick(lists)
            index = g.pick([f"len({v.name})", "5", "-6", e(), f"{e()} % (len({v.name}) + 1)"])
            text, t = f"{v.name}[{index}]", list_items(v.type)
        else:
            tag = random_shape(g, 1)
            n = len(elems_of(tag))
            if n:
                text, t = f"({g.expr(frozenset([tag]), 1).text})[{e()} % {n + 1}]", items_of(tag)
    elif form == 2:
        text, t = g.pick(_OVERFLOWS).format(g.expr(T_INT, 1).text), T_INT
    elif form == 3 and g.lists:
        lists = _list_vars(g)
        if lists and g.flag(60):
            v = g.pick(lists)
            text, t = f"{v.name}.pop({g.pick(['', '0', '-1', e()])})", list_items(v.type)
        else:
            return ["[].pop()"]
    elif form == 4:
        f = g.expr(g.pick([T_FLOAT, T_NUM]), 1).text
        text, t = g.pick([f"int({f} * 1e308)", f"int({f} / 0.0)", f"int({f})"]), T_INT
    elif form == 5:
        f = g.expr(g.pick([T_FLOAT, T_NUM]), 1).text
        text, t = f"(abs({f}) + 1.5) ** {g.pick(['1000.0', '2.0', '700.5', '1e10'])}", T_FLOAT
    else:
        callees = _callees(g, _any_result(g))
        if callees:
            c = call(g, _any_result(g), 2)
            text, t = c.text, c.type
    if text is None:
        return None
    if not t or not g.flag(70):
        return [text]
    name = g.fresh("v")
    g.declare(name, t)
    return [f"{name} = {text}"]


# ----------------------------------------------------------------------------- exception values
#: percentage of programs with exception values (``except E as e`` used, ``ValueError(x)`` made
#: as a value, ``e.args``, ``raise e``, exceptions in lists and results)
EXC_PROGRAMS = 35


def exc_type(g: Gen) -> frozenset:
    """A type holding exceptions: of known args (mostly), any exception, or one or None."""
    k = g.draw(st.integers(0, 9))
    if k < 5:
        return frozenset(["x" + random_shape(g, 1)])
    if k < 7:
        return T_EXC
    return T_EXC | T_NONE


def _exc_text(g: Gen, tag: str, arg) -> str:
    """``Cls(a, b)`` making an exception of the tag ``tag`` (``arg(t)``: the text of an argument
    of the tag ``t``); for ``"x"`` (args not known) any arguments, a message string too."""
    cls = g.pick(RAISE_CLASSES)
    shape = exc_shape(tag)
    if shape is None:
        if g.flag(30):
            return f"{cls}({g.pick(MESSAGES)!r})"
        shape = random_shape(g, 1)
    return f"{cls}({', '.join(arg(e) for e in elems_of(shape))})"


def _exc_vars(g: Gen, none: bool = False) -> list[Var]:
    """Visible variables holding exceptions (``none``: or None)."""
    return [v for v in g.visible().values()
            if exc_tags(v.type) and all(is_exc_tag(x) or (none and x == "n") for x in v.type)]


def _wants_exc(g, want):
    return bool(exc_tags(want))


def _exc_operand(g: Gen) -> frozenset:
    """A type to draw an exception operand from: a visible variable's (mostly) or a new one."""
    cands = [v.type for v in _exc_vars(g, True)]
    if cands and g.flag(75):
        return g.pick(cands)
    return g.pick([T_EXC, frozenset(["x" + random_shape(g, 1)]), T_EXC | T_NONE])


@expr_kind("exc_new", weight=2, can=_wants_exc)
def exc_new(g: Gen, want, depth):
    """``ValueError(e1, e2)``, ``KeyError()``, ``IndexError("message")``: an exception made as a
    value (its args sub-expressions)."""
    tag = g.pick(exc_tags(want))
    return Expr(_exc_text(g, tag, lambda t: g.expr(frozenset([t]), depth - 1).text), frozenset([tag]))


def _args_vars(g: Gen) -> list[Var]:
    return [v for v in g.visible().values() if args_known(v.type)]


@expr_kind("exc_args", weight=3, can=lambda g, want: g.exc and bool(want) and bool(_args_vars(g)))
def exc_args(g: Gen, want, depth):
    """``e.args`` (a wanted tuple shape), ``e.args[k]`` (an item of a wanted class),
    ``len(e.args)`` of a variable holding an exception whose args have a known shape; rarely
    of a new one, ``ValueError(x).args``. Never of a caught exception whose args may be a
    message: pydm has no strings yet."""
    vs = _args_vars(g)
    whole = [v for v in vs if {exc_shape(x) for x in v.type} <= want]
    if whole and g.flag(60):
        v = g.pick(whole)
        return Expr(f"{v.name}.args", frozenset(exc_shape(x) for x in v.type))
    items = []
    for v in vs:
        shapes = [elems_of(exc_shape(x)) for x in v.type]
        for k in range(-2, 4):
            if all(-len(e) <= k < len(e) and e[k] in want for e in shapes):
                items.append((v, k))
    if items and g.flag(80):
        v, k = g.pick(items)
        return Expr(f"{v.name}.args[{int_text(k)}]", frozenset(elems_of(exc_shape(x))[k] for x in v.type))
    if "i" in want and g.flag(50):
        return Expr(f"len({g.pick(vs).name}.args)", T_INT)
    shapes = exact_tags(want)
    if not shapes or not g.flag(30):
        return None
    shape = g.pick(shapes)
    if nest_of(shape) >= MAX_TUPLE_NEST:
        return None
    src = g.expr(frozenset(["x" + shape]), depth - 1)
    if not args_known(src.type):
        return None
    return Expr(f"({src.text}).args", frozenset(exc_shape(x) for x in src.type))


#: classes ``isinstance`` tests exception values against
_EXC_TEST_CLASSES = EXCEPT_CLASSES + ["BaseException", "AttributeError", "NotImplementedError", "object", "int"]


@expr_kind("exc_isinstance", can=lambda g, want: g.exc and _wants_bool(g, want))
def exc_isinstance(g: Gen, want, depth):
    """``isinstance(e, ValueError)``, ``isinstance(e, (KeyError, ArithmeticError))`` (CPython's
    class hierarchy) of an exception value (or None)."""
    e = g.expr(_exc_operand(g), depth - 1)
    if g.flag(60):
        cls = g.pick(_EXC_TEST_CLASSES)
    else:
        names = []
        for _ in range(g.pick([2, 3])):
            c = g.pick(_EXC_TEST_CLASSES)
            if c not in names:
                names.append(c)
        cls = _display(names)
    return Expr(f"isinstance({e.text}, {cls})", T_BOOL)


@expr_kind("exc_identity", can=lambda g, want: g.exc and _wants_bool(g, want))
def exc_identity(g: Gen, want, depth):
    """``e is e2``, ``is not``, ``==``/``!=`` (identity for exceptions), ``e is None``, the
    truth of an exception (true)."""
    a = g.expr(_exc_operand(g), depth - 1)
    form = g.draw(st.integers(0, 9))
    if form < 6:
        b = g.expr(_exc_operand(g), depth - 1)
        return Expr(f"({a.text} {g.pick(['is', 'is not', '==', '!='])} {b.text})", T_BOOL)
    if form < 8:
        return Expr(f"({a.text} {g.pick(['is', 'is not'])} None)", T_BOOL)
    return Expr(g.pick([f"(not {a.text})", f"bool({a.text})"]), T_BOOL)


#: str literals of the string kinds (empty, ASCII, non-ASCII, non-BMP)
_STR_LITERALS = ["''", "'a'", "'ab'", "'ba'", "'\\u00e9'", "'\\U0001F600'", "'a\\U0001F600b'"]


def _str_operand(g: Gen, depth) -> str:
    """A small str expression: a literal, a concatenation, a repetition by a
    clamped int, an index or a slice by an int, in any program (``strdict.py``:
    strs held in variables, in the programs with ``Gen.heap``)."""
    form = g.draw(st.integers(0, 11)) if depth > 0 else 0
    if form == 10:  # str()/repr() of any value (the host formats: issue #10)
        return f"{g.pick(['str', 'repr'])}({g.expr(g.pick([T_ANY, T_NUM, T_FLOAT]), 1).text})"
    if form == 11:
        # an f-string of leaves (a name or a constant: Python 3.11 allows no backslash
        # and no reused quote inside one), a value with a conversion and a number with
        # a spec valid for every number; deeper values go through format()
        a, b = g.expr(T_ANY, 0).text, g.expr(T_NUM, 0).text
        spec = g.pick(['', '>6', '+', '^7', ','])
        if g.flag(50):
            return f"f'<{{{a}{g.pick(['', '!r', '!s'])}}}|{{{b}:{spec}}}>'"
        return f"format({g.expr(T_NUM, 1).text}, {spec!r})"
    if form < 4:
        return g.pick(_STR_LITERALS)
    if form < 6:
        return f"({_str_operand(g, depth - 1)} + {_str_operand(g, depth - 1)})"
    if form < 8:
        return f"({_str_operand(g, depth - 1)} * ({g.expr(T_INT, 1).text} % 3))"
    s = _str_operand(g, depth - 1)
    return f"({s} + 'xyz')[{g.expr(T_INT, 1).text} % 3]" if form == 8 else f"{s}[{g.expr(T_INT, 1).text} % 4:]"


@expr_kind("str_len", can=lambda g, want: "i" in want)
def str_len(g: Gen, want, depth):
    """``len`` and ``find`` of small str expressions (strings: issue #10)."""
    s = _str_operand(g, 2)
    if g.flag(70):
        return Expr(f"len({s})", T_INT)
    return Expr(f"{s}.find({g.pick(_STR_LITERALS)})", T_INT)


@expr_kind("str_compare", can=_wants_bool)
def str_compare(g: Gen, want, depth):
    """``==``, ``!=``, ``<``, ``in`` and the truth of small str expressions."""
    a, b = _str_operand(g, 2), _str_operand(g, 1)
    form = g.draw(st.integers(0, 5))
    if form < 4:
        return Expr(f"({a} {['==', '!=', '<', 'in'][form]} {b})", T_BOOL)
    return Expr(g.pick([f"(not {a})", f"bool({a})"]), T_BOOL)


@expr_kind("dict_view", can=lambda g, want: "i" in want)
def dict_view(g: Gen, want, depth):
    """A dict's view kept as a value (issue #10): set operations, ``==``, ``in`` and a
    view taken from a list, of a small dict display with int keys (no NaN key: pydm's
    NaNs have no identity), inside ``len``/``int``."""
    k1, k2, v = g.expr(T_INT, 1).text, g.expr(T_INT, 1).text, g.expr(T_ANY, 1).text
    d = f"{{{k1}: {v}, {k2}: {k1}}}"
    form = g.draw(st.integers(0, 4))
    if form == 0:
        return Expr(f"len({d}.keys() {g.pick(['|', '&', '-', '^'])} {{{k2} + 1, {k1}}})", T_INT)
    if form == 1:
        return Expr(f"len({d}.items() - {{({k1}, {k2})}})", T_INT)
    if form == 2:
        return Expr(f"len([{d}.values(), {d}.keys()][{k1} % 2])", T_INT)
    if form == 3:
        return Expr(f"int({d}.keys() == {{{k2}, {k1}}})", T_INT)
    return Expr(f"int({k2} in [{d}.values()][0])", T_INT)


@stmt_kind("raise_value", weight=2, can=lambda g: g.exc and bool(_exc_vars(g, True)))
def raise_value(g: Gen):
    """``if c: raise e`` of a variable holding an exception: a caught one (in its handler, or
    kept after it), one made as a value (``err = ValueError(n)``), one taken from a list;
    rarely one that may be None (``TypeError: exceptions must derive from BaseException``)."""
    pure = _exc_vars(g)
    v = g.pick(pure) if pure and not g.flag(10) else g.pick(_exc_vars(g, True))
    if "n" in v.type and g.flag(60):
        return [f"if {v.name} is not None:", f"    raise {v.name}"]
    return [f"if {_condition(g, 2)}:", f"    raise {v.name}"]


def _leaf(g: Gen) -> Expr:
    """A bound variable (no function) or a literal: evaluating it cannot raise."""
    vs = [v for v in g.visible().values() if v.fn is None and v.type and "F" not in v.type]
    if vs and g.flag(55):
        v = g.pick(vs)
        return Expr(v.name, v.type)
    return _literal_of(g, g.pick(_ELEM_TAGS))


def _known_raise(g: Gen) -> tuple[str, frozenset, str | None]:
    """A ``raise`` whose exception has args of a known shape, with nothing on the way that may
    raise another one (leaves only): its text, the exception's type and its class (None: a
    variable's)."""
    values = [v for v in g.visible().values() if args_known(v.type)]
    form = g.draw(st.integers(0, 9))
    if form == 9 and values:
        v = g.pick(values)
        return f"raise {v.name}", v.type, None
    cls = g.pick(RAISE_CLASSES)
    if form == 8:
        return f"raise {cls}", frozenset(["x()"]), cls  # (no call: args is ())
    for _ in range(2):
        args = [_leaf(g) for _ in range(g.pick([1, 2, 0, 3]))]
        shapes = list(itertools.islice(itertools.product(*(sorted(a.type) for a in args)), 7))
        if len(shapes) <= 6:
            break
    else:
        args = [_literal_of(g, "i")]
        shapes = [("i",)]
    tags = frozenset("x" + shape_tag(s) for s in shapes)
    return f"raise {cls}({', '.join(a.text for a in args)})", tags, cls


def _leaf_condition(g: Gen) -> str:
    """A condition that cannot raise: a bound variable's truth (a literal if there is none)."""
    vs = [v for v in g.visible().values() if v.fn is None and v.type and "F" not in v.type]
    if vs and g.flag(85):
        v = g.pick(vs).name
        return v if g.flag(60) else f"not {v}"
    return g.pick(["True", "False"])


def _mro_names(cls: str) -> list[str]:
    """The classes an except clause may name to catch ``cls``: itself and its bases (not
    BaseException: the reference's time limit must stay uncaught)."""
    import builtins
    return [c.__name__ for c in getattr(builtins, cls).__mro__ if c not in (object, BaseException)]


@stmt_kind("try_value", weight=2, can=lambda g: g.exc and _can_nest(g))
def try_value(g: Gen):
    """``try:`` raising only exceptions whose args have a known shape (``raise ValueError(x,
    1)`` of leaves, ``raise KeyError``, ``raise err``), ``except C as e:`` (mostly a class that
    catches one of them) using ``e``: ``e.args``, ``errs.append(e)``, ``last = e``,
    ``isinstance(e, ...)``, ``raise e``, ``del e``, returning it; after the try, ``raise last``
    and (rarely) a read of ``e``: UnboundLocalError."""
    lines = []
    errs = last = None
    if g.lists and g.flag(30):
        errs = g.fresh("v")
        lines.append(f"{errs} = []")
        g.declare(errs, frozenset([list_tag(["x"])]))
    if g.flag(35):
        last = g.fresh("v")
        lines.append(f"{last} = None")
        g.declare(last, T_EXC | T_NONE)
    body, etype, classes = [], frozenset(), []
    for k in range(g.pick([1, 2, 1, 0])):
        text, t, cls = _known_raise(g)
        body += [f"if {_leaf_condition(g)}:", f"    {text}"]
        etype, classes = etype | t, classes + [cls]
    if not body or g.flag(60):
        text, t, cls = _known_raise(g)
        body.append(text)
        etype, classes = etype | t, classes + [cls]
    lines += ["try:"] + ["    " + x for x in body]
    first = sorted({m for c in classes if c for m in _mro_names(c)})
    for _ in range(g.pick([1, 1, 2])):

        def handler_start(e):
            out = []
            if errs and g.flag(70):
                out.append(f"{errs}.append({e})")
            if last and g.flag(70):
                out.append(f"{last} = {e}")
            if args_known(etype) and g.flag(50):
                v = g.fresh("v")
                out.append(f"{v} = {e}.args")
                g.declare(v, frozenset(exc_shape(x) for x in etype))
                g.used.add("exc_args_read")
            if g.flag(8):
                out.append(f"del {e}")
            elif g.flag(12):
                out.append(f"raise {e}")  # (the clause ends there)
                g.used.add("raise_variable")
            return out
        lines += _bound_handler(g, _except_classes(g, first), etype, handler_start)
    if g.flag(25):
        lines += ["else:"] + g.block()
    if g.flag(20):
        g.in_finally += 1
        lines += ["finally:"] + g.block()
        g.in_finally -= 1
    if last and g.flag(30):
        lines += [f"if {last} is not None:", f"    raise {last}"]
        g.used.add("raise_kept")
    elif g.flag(25):
        # the name of an except clause after it: unbound (UnboundLocalError)
        caught = [v for v in g.maybe.values() if v.caught]
        if caught:
            name = g.pick(caught).name
            # (known bug raise_unbound: ``raise e`` of the unbound name; a plain read instead)
            read = f"{g.fresh('v')} = {name}" if "raise_unbound" in g.avoid or g.flag(30) else f"raise {name}"
            lines += [f"if {_leaf_condition(g)}:", f"    {read}"]
            g.used.add("exc_after_handler")
    return lines


def _deletable(g: Gen) -> list[Var]:
    """Locals ``del`` may unbind: written by this function (no parameter of a recursion, no
    free variable, constant, function or caught exception), used by no nested function (``Gen.pinned``:
    pydm deletes only those), and in a loop only those its body binds (so the next trip binds
    them again before it reads them)."""
    base = g.loop_scope if g.loop_depth else 0
    return [v for scope in g.scopes[base:] for v in scope.values()
            if not (v.readonly or v.free or v.glob or v.caught or v.name in g.pinned) and v.fn is None]


@stmt_kind("del_local", can=lambda g: bool(_deletable(g)))
def del_local(g: Gen):
    """``del x`` of a local: unbound from there on (reading it, or deleting it again, raises
    UnboundLocalError: rarely ``del`` of a variable that may be unbound already)."""
    visible = g.visible()
    maybe = [v for v in g.maybe.values() if v.name not in visible and v.name not in g.pinned] \
        if not g.no_maybe_unbound and g.loop_depth == 0 else []
    if maybe and g.flag(15):
        return [f"del {g.pick(maybe).name}"]
    cands = _deletable(g)
    picked = [g.pick(cands)]
    if len(cands) > 1 and g.flag(15):
        other = g.pick(cands)
        if other is not picked[0]:
            picked.append(other)
    for v in picked:
        for scope in g.scopes:
            if scope.get(v.name) is v:
                del scope[v.name]
        g.maybe[v.name] = v
    return [f"del {', '.join(v.name for v in picked)}"]


# ----------------------------------------------------------------------------- nested functions and lambdas
MAX_DEF_NEST = 2  # nested defs and lambdas inside each other
CLOSURE_BUDGET = COST_BUDGET // 40  # estimated statements per call of a nested function or lambda
#: what a ``key=`` function returns (scalars: a tuple key with a NaN would compare by
#: CPython's object identity, which pydm does not have)
KEY_TYPES = [T_INT, T_FLOAT, T_NUM, T_INTLIKE, T_BOOL, T_ANY]

_FUNCTION_STATE = ("fn", "partners", "scopes", "maybe", "loop_depth", "loop_scope", "nest", "mult", "cost",
                   "self_calls", "self_call_ok", "budget", "handler", "in_finally", "in_try", "pinned")


class _Body:
    """While the body of the nested function or lambda ``fn`` is drawn: the variables
    visible here are its free variables (read only, ``nonlocal_vars`` writable), its
    parameters are its own, its cost is its own (``fn.cost``, charged per call), and
    no loop, except clause, try or possibly unbound variable is around it."""

    def __init__(self, g: Gen, fn: Function, nonlocal_vars=()):
        self.g, self.fn, self.nonlocal_vars = g, fn, list(nonlocal_vars)

    def __enter__(self):
        g = self.g
        self.saved = {k: getattr(g, k) for k in _FUNCTION_STATE}
        # (a caught exception that a nested function reads: not supported by pydm)
        free = {name: Var(name, v.type, readonly=True, fn=v.fn, free=not v.glob, glob=v.glob)
                for name, v in g.visible().items() if not v.caught}
        # (the function may read any of them: pydm deletes no variable a nested function uses)
        g.pinned |= {name for name, v in g.visible().items() if not v.glob and not v.free}
        for v in self.nonlocal_vars:
            free[v.name] = Var(v.name, v.type)
        g.fn, g.partners = self.fn, []
        g.scopes = [free, {p.name: Var(p.name, p.type, readonly=_growable(p.type)) for p in self.fn.params
                           if not p.star}]
        g.maybe = {}
        g.pinned = {v.name for v in self.nonlocal_vars}
        g.loop_depth = g.loop_scope = g.self_calls = g.cost = g.handler = g.in_finally = g.in_try = 0
        g.nest = self.saved["nest"] + 1
        g.mult = 1
        g.self_call_ok = False
        g.budget = CLOSURE_BUDGET
        g.def_depth += 1
        return self

    def __exit__(self, *exc):
        g = self.g
        self.fn.cost = max(g.cost, 1)
        for k, v in self.saved.items():
            setattr(g, k, v)
        g.def_depth -= 1


def _closure_params(g: Gen, n: int, annotations: bool = True, defaults: bool = False) -> list[Param]:
    """Parameters of a nested function or lambda (scalars mostly; tuples, lists), the last
    ones sometimes with a constant default."""
    params = []
    for _ in range(n):
        k = g.draw(st.integers(0, 9))
        if k < 7:
            t = g.pick([T_INT, T_FLOAT, T_NUM, T_ANY, T_INT, T_BOOL])
        elif k < 9 or not g.lists:
            t = tuple_type(g, pure=True)
        else:
            t = frozenset([random_list_tag(g)])
        annotation = ANNOTATION[t] if annotations and t in ANNOTATION and g.flag(25) else None
        params.append(Param(g.fresh("a"), annotation, t, NO_DEFAULT))
    n_defaults = g.draw(st.integers(0, len(params))) if params and g.flag(40) else 0
    if g.lists and g.flag(20):  # a list default shared by the calls (``def g(a, acc=[])``)
        params.append(Param(g.fresh("a"), None, frozenset([random_list_tag(g)]), NO_DEFAULT))
        n_defaults += 1
    if defaults:
        n_defaults = len(params)
    while n_defaults and any(tuple_tags(p.type) and "tuple_default" in g.avoid
                             for p in params[len(params) - n_defaults:]):
        n_defaults -= 1
    for p in params[len(params) - n_defaults:]:
        if has_mutable(p.type) or has_exc(p.type) or g.flag(30):
            _expr_default(g, p)
        else:
            p.default = _default_value(g, p.type)
    if n_defaults and g.flag(25):  # the last ones keyword-only: ``def g(a, *, z=[k])``
        for p in params[len(params) - g.draw(st.integers(1, n_defaults)):]:
            p.kwonly = True
        g.used.add("kwonly_default")
    if g.flag(20):  # ``**kw`` last: calls may pass extra keywords
        params.append(Param(g.fresh("a"), None, T_ANY, STAR_KWARGS, kwonly=True, star=True))
        g.used.add("star_kwargs")
    return params


def _expr_default(g: Gen, p: Param) -> None:
    """A default that is no constant: an expression of the enclosing function (``k=n + 1``,
    ``acc=[]``, ``z=[k]``, ``acc=xs``), evaluated each time the ``def`` or ``lambda`` runs and
    kept in that function value (a list default is shared by its calls)."""
    p.default = EXPR_DEFAULT
    p.default_text = g.expr(p.type, g.pick([1, 0, 2])).text
    g.used.add("default_list" if has_list(p.type) else "default_expr")


def _closure_ret(g: Gen) -> frozenset:
    if g.exc and g.flag(8):
        return exc_type(g)
    k = g.draw(st.integers(0, 9))
    if k < 7:
        return g.pick(RET_TYPES)
    if k < 9 or not g.lists:
        return tuple_type(g)
    return list_type(g)


def param_text(p: Param) -> str:
    if p.star:
        return "**" + p.name
    s = p.name + (f": {p.annotation}" if p.annotation else "")
    if p.default is EXPR_DEFAULT:
        s += (" = " if p.annotation else "=") + p.default_text
    elif p.default is not NO_DEFAULT:
        s += (" = " if p.annotation else "=") + value_text(p.default)
    return s


def params_text(params) -> str:
    """A parameter list (``*`` before the keyword-only ones)."""
    out = []
    for p in params:
        if p.kwonly and not p.star and "*" not in out:
            out.append("*")
        out.append(param_text(p))
    return ", ".join(out)


def _note_call(g: Gen, callee: Function) -> None:
    callee.called = True
    if callee.helper:
        g.used.add("module_helper")
    elif callee.closure:
        g.used.add("call_" + callee.closure)


def _calls_after(g: Gen, fn: Function, counts=(1, 2, 1, 0)) -> list[str]:
    """Calls of a new nested function or lambda right after it (none, one, two)."""
    out = []
    for _ in range(g.pick(counts)):
        if not g.affordable(fn.cost):
            break
        g.charge(fn.cost)
        _note_call(g, fn)
        text = call_text(g, fn, 2, False)
        if g.flag(60):
            name = g.fresh("v")
            out.append(f"{name} = {text}")
            g.declare(name, fn.ret)
        else:
            out.append(text)
    return out


#: how a nested function changes its counter (an int stays an int: no ``/``, ``**``)
_COUNTER_OPS = ["+", "-", "*", "|", "^", "&", "//", "%"]


def _can_define(g: Gen) -> bool:
    return g.def_depth < MAX_DEF_NEST and g.nest < MAX_NEST and not g.no_closures


@stmt_kind("nested_def", weight=2, can=_can_define)
def nested_def(g: Gen):
    """``def g(a, b=<const>):`` reading the variables around it (closures: they are read
    when it is called), sometimes ``nonlocal x`` assigning one; called right after it,
    later, or both."""
    key_like = g.flag(25)
    if key_like:  # one parameter that takes any scalar or item of a visible list (a key= function, ...)
        t = T_ANY.union(*(list_items(v.type) for v in _list_vars(g)))
        params = [Param(g.fresh("a"), None, t, NO_DEFAULT)] + _closure_params(g, g.pick([0, 1]), defaults=True)
        for p in params[1:]:
            if p.default is NO_DEFAULT:
                p.default = _default_value(g, p.type) if not has_list(p.type) else 0
    else:
        params = _closure_params(g, g.pick([1, 2, 0, 1]))
    fn = Function(g.fresh("g"), params, _closure_ret(g), closure="def", style="untyped")
    lines, counter = [], None
    writable = [v for v in _writable(g) if not v.glob and v.fn is None]
    if "nonlocal_type" in g.avoid:
        # (known bug: a nonlocal assignment of another type than the outer function's own)
        # a counter of its own: an int the outer function only reads, the nested one only adds to
        writable = []
        if g.flag(35):
            counter = g.fresh("c")
            lines.append(f"{counter} = {int_text(g.pick([0, 1, -3, INT64_MAX]))}")
    nonlocal_vars = [g.pick(writable)] if writable and g.flag(35) else []
    with _Body(g, fn, nonlocal_vars):
        if counter:
            g.scopes[0][counter] = Var(counter, T_INT, readonly=True, free=True)
            count = f"{counter} {g.pick(_COUNTER_OPS)}= {g.expr(g.pick([T_INT, T_INTLIKE]), 1).text}"
        shared = [p for p in fn.params if p.default is EXPR_DEFAULT and len(list_tags(p.type)) == 1
                  and len(p.type) == 1 and items_of(list_tags(p.type)[0])]
        body = []
        if shared and g.flag(60):  # ``acc.append(x)``: the list the calls share grows
            p = g.pick(shared)
            item = g.expr(frozenset(items_of(list_tags(p.type)[0])), 1).text
            body += [f"if len({p.name}) < {LIST_CAP}:", f"    {p.name}.append({item})"]
        body += g.statements(1, 3)
        if not body[-1].startswith("return"):
            body.append(f"return {g.expr(fn.ret, 2).text}")
    if counter:
        body.insert(len(body) - 1 if g.flag(50) else 0, count)
        g.declare(counter, T_INT, readonly=True)
    for v in nonlocal_vars + ([Var(counter, T_INT)] if counter else []):
        g.used.add("nonlocal")
        body.insert(0, f"nonlocal {v.name}")
    lines += [f"def {fn.name}({params_text(fn.params)}):"] + ["    " + x for x in body]
    g.scopes[-1][fn.name] = Var(fn.name, T_FUNC, readonly=True, fn=fn)
    if key_like and g.lists and g.flag(70) and g.affordable(LIST_TRIPS * fn.cost):
        lines.append(_sort_by(g, fn))
    return lines + _calls_after(g, fn) + _map_after(g, fn)


def _sort_by(g: Gen, fn: Function) -> str:
    """``fn`` (of one parameter taking any scalar and the items of the visible lists) as the
    ``key=`` of a sort, min or max of a visible list or a new one."""
    g.charge(LIST_TRIPS * fn.cost)
    g.used.add("key_closure")
    keyed = [v for v in _list_vars(g) if list_items(v.type) <= fn.params[0].type]
    if keyed and g.flag(70):
        v = g.pick(keyed)
        text, items = v.name, list_items(v.type)
        if g.flag(40):
            return f"{v.name}.sort(key={fn.name})"
    else:
        tag = list_tag(g.pick(_ELEM_TAGS) for _ in range(g.pick([1, 2])))
        text, items = _literal_of(g, tag).text, items_of(tag)
    name = g.fresh("v")
    if g.flag(50):
        g.declare(name, frozenset([list_tag(items)]))
        return f"{name} = sorted({text}, key={fn.name})"
    g.declare(name, items | T_NONE)
    return f"{name} = {g.pick(['min', 'max'])}({_key_walk(g, text)}, key={fn.name}, default=None)"


def _key_walk(g: Gen, text: str) -> str:
    """The iterable of ``min``/``max`` with ``key=`` (known bug ``minmax_key_snapshot``: a
    copy, so that a key function changing the list cannot show pydm's snapshot)."""
    return f"list({text})" if "minmax_key_snapshot" in g.avoid else text


@stmt_kind("lambda_def", weight=2, can=_can_define)
def lambda_def(g: Gen):
    """``f = lambda a, b=1: e`` reading the variables around it; called right after it, later, or both."""
    fn = Function(g.fresh("lam"), _closure_params(g, g.pick([1, 2, 0, 1]), annotations=False), T_EMPTY,
                  closure="lambda", style="untyped")
    want = _closure_ret(g)
    with _Body(g, fn):
        body = g.expr(want, g.draw(st.integers(1, 2)))
    fn.ret = body.type or want
    g.scopes[-1][fn.name] = Var(fn.name, T_FUNC, readonly=True, fn=fn)
    return [f"{fn.name} = lambda {params_text(fn.params)}: {body.text}"] + _calls_after(g, fn) + _map_after(g, fn)


def _choices(g: Gen) -> list[tuple[Function, Function]]:
    fns = [f for f in g.closures() if not any(p.kwonly for p in f.params)]
    return [(a, b) for a in fns for b in fns if a is not b and len(a.params) == len(b.params)
            and all(p.type & q.type for p, q in zip(a.params, b.params))]


@stmt_kind("function_choice", weight=2, can=lambda g: _can_define(g) and bool(g.closures()))
def function_choice(g: Gen):
    """``f = g1 if c else g2`` or ``f = g1 if c else (lambda a: e)``: a value holding one of
    two functions (calls dispatch on it; a keyword argument named after ``g1``'s
    parameter is CPython's TypeError for the other one)."""
    pairs = _choices(g)
    if pairs and g.flag(50):
        a, b = g.pick(pairs)
        other = b.name
    else:
        plain = [f for f in g.closures() if not any(p.kwonly for p in f.params)]
        if not plain:
            return None
        a = g.pick(plain)
        b = Function("<lambda>", [Param(g.fresh("a"), None, p.type, NO_DEFAULT) for p in a.params], a.ret,
                     closure="lambda")
        with _Body(g, b):
            body = g.expr(a.ret, g.draw(st.integers(1, 2)))
        b.ret = body.type or a.ret
        other = f"(lambda {', '.join(p.name for p in b.params)}: {body.text})"
    params = [Param(p.name, None, p.type & q.type, NO_DEFAULT) for p, q in zip(a.params, b.params)]
    fn = Function(g.fresh("fc"), params, a.ret | b.ret, cost=max(a.cost, b.cost), closure="choice")
    first, second = (a.name, other) if g.flag(50) else (other, a.name)
    g.scopes[-1][fn.name] = Var(fn.name, T_FUNC, readonly=True, fn=fn)
    # (one call at least: the dispatch is what this kind is for)
    return [f"{fn.name} = {first} if {_condition(g, 2)} else {second}"] + _calls_after(g, fn, (1, 2))


def _key_function(g: Gen, items: frozenset) -> str | None:
    """The ``key=`` of sorted/sort/min/max for items of the classes ``items``: a lambda of
    the item, or a nested function or lambda of one required parameter taking such items."""
    items = items or T_INT
    if g.def_depth >= MAX_DEF_NEST or g.no_closures:
        return None
    named = [f for f in g.closures() if f.params and not f.params[0].kwonly
             and all(p.default is not NO_DEFAULT for p in f.params[1:])
             and items <= f.params[0].type and _sortable(g, f.ret) and g.affordable(LIST_TRIPS * f.cost)]
    if named and g.flag(70):
        f = g.pick(named)
        g.charge(LIST_TRIPS * f.cost)
        g.used.add("key_closure")
        return f.name
    if g.in_comprehension:
        return None  # (pydm: a lambda inside a comprehension is a CompileError)
    fn = Function("<key>", [Param(g.fresh("a"), None, items, NO_DEFAULT)], T_EMPTY, closure="lambda")
    want = g.pick(KEY_TYPES if "sort_order" not in g.avoid else [T_INT, T_INTLIKE, T_BOOL])
    with _Body(g, fn):
        body = g.expr(want, g.draw(st.integers(1, 2)))
    if not g.affordable(LIST_TRIPS * fn.cost):
        return None
    g.charge(LIST_TRIPS * fn.cost)
    g.used.add("key_lambda")
    return f"lambda {fn.params[0].name}: {body.text}"


# ----------------------------------------------------------------------------- map and filter
#: percentage of the iterables of consumers (``list()``, ``sum()``, ``sorted()``, ...) and of
#: comprehensions' first clauses that are ``map(...)`` or ``filter(...)``
MAP_PERCENT = 25
#: builtins ``map`` and ``filter`` take by name
_MAP_BUILTINS = ["abs", "int", "float", "bool", "len", "round", "str", "repr", "ord", "chr", "hex", "bin", "oct"]
#: what a lambda given to ``map`` returns (when nothing asks for a type)
_MAP_RESULTS = [T_INT, T_FLOAT, T_NUM, T_INT, T_BOOL, T_ANY, T_INTLIKE]


def _builtin_result(name: str, items: frozenset) -> frozenset:
    """What the builtin ``name`` returns for items of the classes ``items`` (empty: not for
    these: ``len`` of numbers, ``abs`` of tuples)."""
    if name == "len":
        return T_INT if items and all(is_tuple_tag(x) or is_list_tag(x) for x in items) else T_EMPTY
    if name in ("str", "repr"):
        return T_STR if items and items <= T_ANY | T_STR else T_EMPTY
    if name in ("chr", "hex", "bin", "oct"):  # (chr: ValueError out of range)
        return T_STR if items and items <= T_INTLIKE else T_EMPTY
    if name == "ord":  # (TypeError for a str of another length than 1)
        return T_INT if items == T_STR else T_EMPTY
    if not items or not items <= T_ANY:
        return T_EMPTY
    return result_type(name, (items,))


def _takes(f: Function, n: int, types) -> bool:
    """``f`` can be called with ``n`` positional arguments of these types."""
    positional = [p for p in f.params if not p.kwonly]
    required = [p for p in positional if p.default is NO_DEFAULT]
    return len(required) <= n <= len(positional) and all(t <= p.type for t, p in zip(types, positional))


def _function_arg(g: Gen, types: list, want, trips: int) -> tuple[str, frozenset, str] | None:
    """The function ``map``/``filter`` calls on items of ``types`` (one per iterable): a visible
    nested function or lambda whose positional parameters take them, or a new lambda; its text,
    what it returns (within ``want`` if given) and ``"closure"`` or ``"lambda"``. Charges
    ``trips`` calls; None where the budget or the place does not allow it."""
    n = len(types)
    named = [f for f in g.closures() if _takes(f, n, types) and f.ret and (want is None or f.ret <= want)
             and g.affordable(trips * f.cost)]
    if named and g.flag(40):
        f = g.pick(named)
        g.charge(trips * f.cost)
        _note_call(g, f)
        return f.name, f.ret, "closure"
    if g.in_comprehension or g.def_depth >= MAX_DEF_NEST or g.no_closures:
        return None  # (a lambda inside a comprehension: CompileError)
    fn = Function("<lambda>", [Param(g.fresh("a"), None, t or T_INT, NO_DEFAULT) for t in types], T_EMPTY,
                  closure="lambda")
    ret_want = _sub_request(g, want) if want is not None else g.pick(_MAP_RESULTS)
    with _Body(g, fn):
        body = g.expr(ret_want, g.draw(st.integers(1, 2)))
    if not g.affordable(trips * fn.cost):
        return None
    g.charge(trips * fn.cost)
    return f"lambda {', '.join(p.name for p in fn.params)}: {body.text}", body.type or ret_want, "lambda"


def _map_iterable(g: Gen, depth: int, items=None) -> tuple[str, frozenset, int] | None:
    """``map(f, xs)``, ``map(f, xs, ys)`` (as far as the shortest), ``filter(f, xs)``,
    ``filter(None, xs)``; ``f`` a lambda, a nested function or lambda in scope, or a builtin's
    name (``abs``, ``int``, ``float``, ``bool``, ``len``): the text, the items' classes (within
    ``items`` if given) and a bound on the length. Only where pydm takes a map or filter
    object: a ``for`` loop, a comprehension's first iterable, ``list()``, ``tuple()``,
    ``sorted()``, ``sum()``, ``min()``, ``max()``, ``any()``, ``all()`` (never a variable)."""
    closures = [f for f in g.closures() if _mappable(f) and (items is None or (f.ret and f.ret <= items))]
    if closures and g.flag(30):
        m = _map_with(g, g.pick(closures), depth, items)
        if m is not None:
            return m
    if g.flag(45):
        text, got, trips = _iterable(g, depth, items)
        form = g.draw(st.integers(0, 5))
        f = "None"
        if form in (2, 3):
            f = g.pick(["bool"] + [b for b in _MAP_BUILTINS if b != "bool" and _builtin_result(b, got)])
            g.used.add("filter_builtin")
        elif form >= 4:
            fa = _function_arg(g, [got], None, trips)
            if fa is not None:
                f = fa[0]
                g.used.add("filter_function")
        if f == "None":
            g.used.add("filter_none")
        return f"filter({f}, {text})", got, trips
    srcs = [_iterable(g, depth) for _ in range(2 if g.flag(25) else 1)]
    trips = min(t for _, _, t in srcs)
    if len(srcs) == 1 and g.flag(35):
        names = [b for b in _MAP_BUILTINS
                 if _builtin_result(b, srcs[0][1]) and (items is None or _builtin_result(b, srcs[0][1]) <= items)]
        if names:
            b = g.pick(names)
            g.used.add("map_builtin")
            return f"map({b}, {srcs[0][0]})", _builtin_result(b, srcs[0][1]), trips
    fa = _function_arg(g, [it for _, it, _ in srcs], items, trips)
    if fa is None:
        return None
    text, ret, how = fa
    g.used.add("map_" + how)
    if len(srcs) == 2:
        g.used.add("map_two")
    return f"map({text}, {', '.join(s[0] for s in srcs)})", ret, trips


def _mappable(f: Function) -> bool:
    """``f`` takes one or two positional arguments (the others have defaults)."""
    positional = [p for p in f.params if not p.kwonly]
    return bool(positional) and len([p for p in positional if p.default is NO_DEFAULT]) <= 2


def _map_with(g: Gen, f: Function, depth: int, items=None) -> tuple[str, frozenset, int] | None:
    """``map(f, xs)`` / ``map(f, xs, ys)`` / ``filter(f, xs)`` of a function in scope over
    iterables its parameters take: text, items' classes (``map``: what ``f`` returns, which
    the caller checked against ``items``; ``filter``: within ``items``), trip bound (None:
    over the budget)."""
    positional = [p for p in f.params if not p.kwonly]
    n = max(1, len([p for p in positional if p.default is NO_DEFAULT]))
    filtering = n == 1 and g.flag(40) and (items is None or bool(positional[0].type & items))
    srcs = [_iterable(g, depth, frozenset(x for x in (p.type & items if filtering and items else p.type)
                                          if nest_of(x) < MAX_TUPLE_NEST) or T_INT)
            for p in positional[:n]]
    trips = min(t for _, _, t in srcs)
    if not g.affordable(trips * f.cost) or not _takes(f, n, [it for _, it, _ in srcs]):
        return None
    g.charge(trips * f.cost)
    _note_call(g, f)
    g.used.add("filter_function" if filtering else "map_closure")
    if filtering:
        return f"filter({f.name}, {srcs[0][0]})", srcs[0][1], trips
    if n == 2:
        g.used.add("map_two")
    return f"map({f.name}, {', '.join(t for t, _, _ in srcs)})", f.ret, trips


def _map_after(g: Gen, fn: Function) -> list[str]:
    """``v = list(map(fn, xs))`` (or ``filter``; or ``tuple``, ``any``, ``all``, ``min``, ``max``
    of it) right after a new nested function or lambda."""
    if not (g.lists and _mappable(fn) and g.flag(20)):
        return []
    m = _map_with(g, fn, 1)
    if m is None:
        return []
    text, items, _ = m
    name = g.fresh("v")
    shallow = all(nest_of(x) < MAX_TUPLE_NEST for x in items)
    if shallow and g.flag(70):
        g.declare(name, frozenset([list_tag(items)]))
        return [f"{name} = list({text})"]
    form = g.pick(["any", "all", "tuple", "min", "max"])
    if form == "tuple" and not shallow:
        form = "any"
    if form == "tuple":
        g.declare(name, frozenset([var_tag(items or {"i"})]))  # (no items: an empty tuple)
        return [f"{name} = tuple({text})"]
    if form in ("min", "max"):
        g.declare(name, items | T_NONE)
        return [f"{name} = {form}({text}, default=None)"]
    g.declare(name, T_BOOL)
    return [f"{name} = {form}({text})"]


@stmt_kind("for_map", can=_with_lists(_can_loop))
def for_map(g: Gen):
    """``for x in map(f, xs):`` / ``for x in filter(f, xs):`` (``f`` called as the loop reaches
    each item)."""
    if not g.affordable(LIST_TRIPS + 1):
        return None
    m = _map_iterable(g, 2)
    if m is None:
        return None
    text, items, trips = m
    items = items or T_INT
    g.scopes.append({})
    x = g.fresh("x")
    g.declare(x, items)
    with _InLoop(g, trips):
        lines = [f"for {x} in {text}:"] + g.block()
    g.scopes.pop()
    if not _growable(items):
        g.maybe[x] = Var(x, items)  # unbound after a loop that ran zero times
    if g.flag(20):
        lines += ["else:"] + g.block()
    return lines


# ----------------------------------------------------------------------------- functions
def _default_value(g: Gen, t: frozenset):
    tag = g.pick(sorted(t, key=_tag_order))
    if tag[0] == "[":
        items = items_of(tag)
        return tuple(_default_value(g, items) for _ in range(g.draw(st.integers(0, 2))))
    if is_tuple_tag(tag):
        return tuple(_default_value(g, frozenset([e])) for e in elems_of(tag))
    return {"b": lambda: g.draw(st.booleans()), "n": lambda: None, "s": lambda: g.pick(["", "a", "x y"]),
            "i": lambda: g.pick([0, 1, -1, 2, 10, INT64_MAX]),
            "f": lambda: g.pick([0.0, -0.0, 1.5, math.inf, -2.0])}[tag]()


def value_text(v) -> str:
    if isinstance(v, tuple):
        return _display([value_text(x) for x in v])
    if isinstance(v, (bool, str)) or v is None:
        return repr(v)
    return int_text(v) if isinstance(v, int) else float_text(v)


def signature(g: Gen, index: int, recursive: bool) -> Function:
    """A function's name, parameters (annotated or not, constant defaults) and return type."""
    style = g.pick(["typed", "untyped", "mixed"])
    params = []
    if recursive:
        params.append(Param("n", "int" if style == "typed" else None, T_INT, NO_DEFAULT, depth=True))
    for k in range(g.draw(st.integers(0, 3 if recursive else 4))):
        annotated = style == "typed" or (style == "mixed" and g.flag(50))
        if annotated and g.flag(18):  # p: tuple[int, tuple[float, None]]
            tag = random_shape(g)
            params.append(Param(f"p{k}", tuple_annotation(tag), frozenset([tag]), NO_DEFAULT))
        elif g.heap and g.flag(30):  # p: str, p: dict, p: set (or unannotated)
            from .strdict import heap_param
            params.append(heap_param(g, k, annotated))
        elif annotated and g.lists and g.flag(20):  # p: list
            params.append(Param(f"p{k}", "list", frozenset([random_list_tag(g)]), NO_DEFAULT))
        elif annotated:
            t = g.pick([T_INT, T_FLOAT, T_BOOL])
            params.append(Param(f"p{k}", ANNOTATION[t], t, NO_DEFAULT))
        elif g.flag(6 if g.strict else 15):
            # tuples (or scalars) in an unannotated parameter (known bug tuple_libcall: the
            # ahead-of-time compile, where it is an object, fails; the JIT specializes on tuples)
            params.append(Param(f"p{k}", None, tuple_type(g), NO_DEFAULT))
        elif g.lists and g.flag(25):  # lists (or a list or None, ...) in an unannotated parameter
            params.append(Param(f"p{k}", None, list_type(g), NO_DEFAULT))
        else:
            params.append(Param(f"p{k}", None, T_ANY, NO_DEFAULT))
    n_defaults = g.draw(st.integers(0, 2)) if params and g.flag(25) else 0
    if "tuple_default" in g.avoid:  # (known bug: a tuple default is None inside the function)
        while n_defaults and any(tuple_tags(p.type) for p in params[len(params) - n_defaults:]):
            n_defaults -= 1
    # no list defaults (one list shared by every call: not in the fuzzed subset)
    while n_defaults and any(has_mutable(p.type) for p in params[len(params) - n_defaults:]):
        n_defaults -= 1
    for p in params[len(params) - n_defaults:]:
        if not p.depth:
            p.default = _default_value(g, p.type)
    ret = tuple_type(g) if g.flag(25) else list_type(g) if g.lists and g.flag(15) else g.pick(RET_TYPES)
    if g.heap and g.flag(40):
        from .strdict import heap_type
        ret = heap_type(g)
    if g.exc and g.flag(15):  # exceptions returned to Python (instances of the right class, CPython's args)
        ret = g.pick([T_EXC | T_NONE, exc_type(g), frozenset([shape_tag(["x", "i"])])]
                     + ([frozenset([list_tag(["x"])])] if g.lists else []))
        g.used.add("exc_result")
    return Function(f"f{index}", params, ret, recursive, style=style)


def define(g: Gen, fn: Function, partners=()) -> None:
    """Draw ``fn``'s body (``partners``: functions it may call recursively, with a
    smaller depth, besides itself) and set its source and cost."""
    g.begin_function(fn, partners)
    g.no_closures = fn.recursive and "closure_specializations" in g.avoid
    body = []
    if fn.recursive:
        g.self_call_ok = False  # the base case must not recurse
        base = g.expr(fn.ret, 2).text
        g.self_call_ok = True
        body += [f"if n {g.pick(['<=', '<'])} {g.pick(['0', '1'])}:", f"    return {base}"]
    if g.partners and g.flag(70):  # make sure the recursion is mutual
        partner = g.pick(g.partners)
        g.self_calls += 1
        name = g.fresh("v")
        body.append(f"{name} = {call_text(g, partner, 2, True)}")
        g.declare(name, partner.ret)
    for h in [f for f in g.functions if f.helper and not f.called]:
        if g.flag(60) and g.affordable(h.cost):
            body += _helper_call(g, h)
    body += g.statements(1, MAX_TOP_STATEMENTS)
    if not body[-1].startswith("return") and not ("n" in fn.ret and g.flag(30)):
        body.append(f"return {g.expr(fn.ret).text}")
    fn.cost = max(g.cost, 1) * (RECURSION_FACTOR if fn.recursive else 1)

    ret = ""
    if fn.style == "typed" and fn.ret in RET_ANNOTATION:
        ret = f" -> {RET_ANNOTATION[fn.ret]}"
    elif fn.style == "typed" and _single(fn.ret) and not has_list(fn.ret) and not has_exc(fn.ret):
        ret = f" -> {tuple_annotation(next(iter(fn.ret)))}"
    elif fn.style == "typed" and len(fn.ret) == 1 and list_tags(fn.ret):
        ret = " -> list"
    elif fn.style == "typed" and fn.ret == T_STR:
        ret = " -> str"
    elif fn.style == "typed" and len(fn.ret) == 1 and (dict_tags(fn.ret) or set_tags(fn.ret)):
        ret = " -> dict" if dict_tags(fn.ret) else " -> set"
    head = f"{'' if fn.helper else '@pydm.jit' + chr(10)}def {fn.name}({', '.join(param_text(p) for p in fn.params)}){ret}:"
    fn.source = head + "\n" + "\n".join("    " + line for line in body) + "\n"


def _helper_call(g: Gen, h: Function) -> list[str]:
    """A call of the module-level helper ``h`` (which may raise), often caught:
    ``try: v = h(...)`` ``except E: v = e``."""
    g.charge(h.cost)
    _note_call(g, h)
    text = call_text(g, h, 2, False)
    name = g.fresh("v")
    if g.flag(50):
        alt = g.expr(h.ret, 1).text
        head = _except_head(g) if g.flag(80) else "except:"
        lines = ["try:", f"    {name} = {text}", head, f"    {name} = {alt}"]
    else:
        lines = [f"{name} = {text}"]
    g.declare(name, h.ret)
    return lines


#: percentage of programs with module-level constants, of functions (not the last) that are helpers
CONSTANT_PROGRAMS = 35
HELPER_FUNCTIONS = 30


def _constant_value(g: Gen, tag: str):
    """A module constant's value: a literal (no NaN: its text ``(1e309 - 1e309)`` is no literal,
    and ahead of time pydm reads literals only)."""
    if is_tuple_tag(tag):
        return tuple(_constant_value(g, e) for e in elems_of(tag))
    if tag == "i":
        return g.draw(int_literals)
    if tag == "f":
        v = g.draw(float_literals)
        if abs(v) == 2.0**63 and "float_two_to_the_63" in g.avoid:
            v = math.copysign(2.0**62, v)
        return 0.5 if math.isnan(v) else v
    return {"b": lambda: g.draw(st.booleans()), "n": lambda: None}[tag]()


def module_constant(g: Gen, k: int) -> tuple[str, Var]:
    """``K0 = <literal>`` (int, float, bool, None, a tuple of them): read by every function."""
    t = g.pick([T_INT, T_FLOAT, T_INT, frozenset([random_shape(g, 2, leaves=["i", "f", "b", "i", "f", "n"])]),
                T_BOOL, T_NONE])
    name = f"K{k}"
    return f"{name} = {value_text(_constant_value(g, next(iter(t))))}", Var(name, t, readonly=True, glob=True)


def canonical(source: str) -> str:
    """The module as ``ast.unparse`` prints it (parentheses only where needed), two blank
    lines before each function."""
    parts = []
    for node in ast.parse(source).body:
        text = ast.unparse(node).strip("\n")
        parts.append(("\n\n\n" if isinstance(node, ast.FunctionDef) else "\n") + text)
    return "".join(parts).lstrip("\n") + "\n"


@st.composite
def programs(draw, max_functions: int = 4, avoid=frozenset()) -> Program:
    """A module of 1..max_functions jit functions (``avoid``: names from AVOIDABLE)."""
    g = Gen(draw, frozenset(avoid))
    g.lists = g.flag(LIST_PROGRAMS)
    g.exc = g.flag(EXC_PROGRAMS)
    from .strdict import HEAP_PROGRAMS
    g.heap = g.flag(HEAP_PROGRAMS)
    constants = []
    if g.flag(CONSTANT_PROGRAMS):
        for k in range(g.draw(st.integers(1, 3))):
            line, v = module_constant(g, k)
            constants.append(line)
            g.constants.append(v)
        g.used.add("module_constant")
    n = draw(st.integers(1, min(max_functions, 3) if g.lists else max_functions))
    k = 0
    while k < n:
        if k + 1 < n and g.flag(12):
            # mutual recursion: each calls the other (and itself) with a smaller depth only;
            # neither calls a later function, so no cycle resets the depth
            a, b = signature(g, k, True), signature(g, k + 1, True)
            define(g, a, [b])
            define(g, b, [a])
            a.cost = b.cost = max(a.cost, b.cost)
            g.used.add("mutual_recursion")
            g.functions += [a, b]
            k += 2
        else:
            fn = signature(g, k, g.flag(20))
            if k + 1 < n and g.flag(HELPER_FUNCTIONS):  # (the last function is a jit one)
                fn.helper, fn.name = True, f"h{k}"
            define(g, fn)
            g.functions.append(fn)
            k += 1
    imports = ["import math"] * ("math" in g.used) + ["import pydm"]
    text = "\n".join(imports + constants) + "\n\n\n" + "\n\n".join(f.source for f in g.functions)
    return Program(canonical(text), g.functions, frozenset(g.used))


# ----------------------------------------------------------------------------- arguments
def _arg_class(draw, p: Param, avoid=frozenset()) -> str:
    """The class of an argument: exact (the annotation's own) or one the JIT admits;
    ``"t:"`` + a tuple tag: a tuple of that shape (``"tt:"``: with bools for ints and
    ints for floats, for annotated tuple parameters)."""
    if p.depth:
        return "depth"
    k = draw(st.integers(0, 99))
    if p.annotation in ("list", "str", "dict", "set"):
        return "l:" + next(iter(p.type))
    heap = [x for x in p.type if x == "s" or is_dict_tag(x) or is_set_tag(x)]
    if heap and p.annotation is None and k < 85:
        return "l:" + sorted(heap)[k % len(heap)]
    if tuple_tags(p.type) or list_tags(p.type):
        if p.annotation is not None:
            tower = k >= 85 and "tuple_param_tower" not in avoid
            return ("tt:" if tower else "t:") + next(iter(p.type))
        tags = sorted(p.type, key=_tag_order)
        tag = tags[draw(st.integers(0, len(tags) - 1))]
        if is_list_tag(tag) or tag == "s" or is_dict_tag(tag) or is_set_tag(tag):
            return "l:" + tag
        return "t:" + tag if is_tuple_tag(tag) else {"i": "int", "f": "float", "b": "bool", "n": "None"}[tag]
    if p.annotation == "int":
        return "bool" if k >= 85 else "int"  # bool is an int
    if p.annotation == "float":
        return "int" if k >= 88 else "float"  # PEP 484 numeric tower
    if p.annotation == "bool":
        return "bool"
    return "int" if k < 40 else "float" if k < 75 else "bool" if k < 90 else "None"


_ARG_VALUES = {"depth": st.integers(-1, MAX_DEPTH_ARG), "int": int_args, "float": float_args,
               "bool": st.booleans(), "None": st.none()}


def tuple_values(tag: str, tower: bool = False):
    """Tuples of the shape ``tag`` (``tower``: bools for ints, ints for floats too)."""
    if tag[0] == "[":
        items = sorted(items_of(tag))
        return st.lists(st.sampled_from(items), max_size=4).flatmap(
            lambda tags: st.tuples(*(tag_values(t, tower) for t in tags)))
    return st.tuples(*(tag_values(e, tower) for e in elems_of(tag)))


MAX_ARG_LIST = 5  # items of a list argument


def tag_values(tag: str, tower: bool = False):
    """Values of the class ``tag``: scalars, tuples, lists (each a separate object)."""
    if is_list_tag(tag):
        items = sorted(items_of(tag))
        if not items:
            return st.builds(list)
        return st.lists(st.sampled_from(items), max_size=MAX_ARG_LIST).flatmap(
            lambda tags: st.tuples(*(tag_values(t) for t in tags)).map(list))
    if is_tuple_tag(tag):
        return tuple_values(tag, tower)
    if tag == "s" or is_dict_tag(tag) or is_set_tag(tag):
        from .strdict import heap_values
        return heap_values(tag)
    return _scalar_values(tag, tower)


def _scalar_values(tag: str, tower: bool):
    base = {"i": int_args, "f": float_args, "b": st.booleans(), "n": st.none()}[tag]
    if tower and tag == "i":
        return st.one_of(base, st.booleans())
    if tower and tag == "f":
        return st.one_of(base, int_args)
    return base


def _arg_values(cls: str):
    if cls.startswith("l:"):
        return tag_values(cls[2:])
    if cls.startswith("t:") or cls.startswith("tt:"):
        tower, tag = cls.split(":", 1)
        return tuple_values(tag, tower == "tt")
    return _ARG_VALUES[cls]


def _exact(p: Param, cls: str) -> bool:
    if cls.startswith("tt:"):
        return False
    return p.annotation is None or p.annotation == cls or p.depth or cls.startswith("t:") or cls.startswith("l:")


@st.composite
def fuzz_cases(draw, max_functions: int = 4, max_calls_per_function: int = 3, avoid=frozenset()) -> Case:
    """A program and calls of each of its functions. A function's calls share one or
    two argument-class profiles (each profile is one JIT specialization to compile)."""
    prog = draw(programs(max_functions, avoid))
    calls = []
    for fn in prog.functions:
        if fn.helper:
            continue  # (called by the jit functions only)
        profiles = [[_arg_class(draw, p, avoid) for p in fn.params] for _ in range(draw(st.integers(1, 2)))]
        for _ in range(draw(st.integers(1, max_calls_per_function))):
            prof = profiles[draw(st.integers(0, len(profiles) - 1))]
            values = [draw(_arg_values(c)) for c in prof]
            shared = [(i, j) for j in range(len(prof)) for i in range(j) if prof[i] == prof[j] and prof[i][:2] == "l:"]
            if shared and draw(st.integers(0, 9)) >= 7:  # f(a, a): one list for two parameters
                i, j = shared[draw(st.integers(0, len(shared) - 1))]
                values[j] = values[i]
            args, kwargs = _call_form(draw, fn, tuple(values))
            calls.append(Call(fn.name, args, all(_exact(p, c) for p, c in zip(fn.params, prof)), kwargs))
    return Case(prog, calls)


def _call_form(draw, fn: Function, args: tuple) -> tuple[tuple, dict]:
    """How the arguments are passed: mostly positionally; else a suffix by keyword (in
    any order, a defaulted parameter sometimes left out); rarely a call CPython
    rejects (missing, extra, unknown or repeated argument: TypeError)."""
    k = draw(st.integers(0, 99))
    if k < 75 or not fn.params:
        return args, {}
    if k < 93:
        split = draw(st.integers(0, len(args)))
        items = [(p.name, v) for p, v in zip(fn.params[split:], args[split:])
                 if p.default is NO_DEFAULT or draw(st.booleans())]
        return args[:split], dict(draw(st.permutations(items)))
    bad = draw(st.integers(0, 3))
    if bad == 0:
        return args[:-1], {}
    if bad == 1:
        return args + (1,), {}
    if bad == 2:
        return args, {"zz": 1}
    return args, {fn.params[0].name: args[0]}


# the str, dict and set kinds (registered after the others: shrinking prefers the earlier ones)
from . import strdict  # noqa: E402,F401

HEAP_KINDS.update(k.name for k in EXPR_KINDS + STMT_KINDS if k.fn.__module__ == strdict.__name__)

# item-by-item consumers, zip(*rows), round, subscripts of objects
from . import iterators  # noqa: E402,F401
