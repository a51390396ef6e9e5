"""The ``math`` module in compiled code: which calls and reads name it, and
one small rule per function (``RULES``: adding a function touches one place).

A function is reached as ``math.f(...)`` where the global ``math`` (or an
alias, ``import math as m``) is the module, or as ``f(...)`` where the
global ``f`` is the module's function (``from math import f``); its float
constants (``pi``, ``e``, ``tau``, ``inf``, ``nan``) are read either way.
JIT: the function's globals decide; ahead of time, the module's ``import``
statements. A function pydm does not have is a compile error naming it.

Every argument is evaluated first, then converted in order as CPython does
(``must be real number, not str``; ``'float' object cannot be interpreted as
an integer``); the work is the runtime library's (``runtime_lib/mathfns.py``),
whose C library calls are VM ops calling the host's libm, CPython's results
bit for bit. The messages of wrong argument counts are CPython's, raised
where the call runs.
"""
from __future__ import annotations

import math as _pymath
from dataclasses import dataclass
from typing import Callable

from astroid import nodes

from .. import dialect as d
from ..errors import error_at
from ..types import PyType
from . import semantics as sem

T = PyType

#: the module's float constants
CONSTANTS = {"pi": _pymath.pi, "e": _pymath.e, "tau": _pymath.tau, "inf": _pymath.inf, "nan": _pymath.nan}


# ---- what a name or an attribute names -----------------------------------------------------
def _global_binding(node, fn, program):
    """``(True, value)`` JIT (the global's value), ``(False, the one import
    statement binding it)`` ahead of time, or None: not a name, a local, or
    not bound so."""
    if not isinstance(node, nodes.Name):
        return None
    name = node.name
    if fn is not None and (name in fn.locals or name in fn.frees):
        return None
    values = getattr(program, "global_values", None)
    if values is not None:
        return (True, values[name]) if name in values else None
    bound = node.root().locals.get(name, [])
    if len(bound) == 1 and isinstance(bound[0], (nodes.Import, nodes.ImportFrom)):
        return False, bound[0]
    return None


def is_module(node, fn, program) -> bool:
    """Is ``node`` a read of the global holding the module ``math``?"""
    found = _global_binding(node, fn, program)
    if found is None:
        return False
    jit, value = found
    if jit:
        return value is _pymath
    return isinstance(value, nodes.Import) and any(
        module == "math" and (alias or module) == node.name for module, alias in value.names)


def imported_name(node, fn, program) -> str | None:
    """The math name (function or constant) the global ``node`` holds
    (``from math import sqrt as root``: ``sqrt``), else None."""
    found = _global_binding(node, fn, program)
    if found is None:
        return None
    jit, value = found
    if jit:
        name = getattr(value, "__name__", None)
        if callable(value) and name is not None and getattr(_pymath, name, None) is value:
            return name
        return None
    if isinstance(value, nodes.ImportFrom) and value.modname == "math" and not value.level:
        for original, alias in value.names:
            if (alias or original) == node.name and original != "*":
                return original
    return None


def callee(f, fn, program) -> str | None:
    """The math function a call's ``f`` names (checked: one pydm has), else None."""
    if isinstance(f, nodes.Attribute) and is_module(f.expr, fn, program):
        name = f.attrname
    elif isinstance(f, nodes.Name):
        name = imported_name(f, fn, program)
        if name is None:
            return None
    else:
        return None
    if name not in RULES:
        raise error_at(f, f"math.{name} is not supported",
                       "pydm compiles math." + ", math.".join(sorted(RULES)) + " and the constants "
                       + ", ".join(CONSTANTS))
    return name


def constant(e, fn, program):
    """``(True, value)`` if ``e`` reads a math constant (``math.pi``; ahead of
    time also ``pi`` after ``from math import pi``), else ``(False, None)``;
    a math function or another attribute as a value is a compile error."""
    if isinstance(e, nodes.Attribute) and is_module(e.expr, fn, program):
        name = e.attrname
    elif isinstance(e, nodes.Name) and getattr(program, "global_values", None) is None:
        name = imported_name(e, fn, program)
        if name is None:
            return False, None
    else:
        return False, None
    if name in CONSTANTS:
        return True, CONSTANTS[name]
    if name in RULES:
        raise error_at(e, f"math.{name} as a value is not supported", f"call it, or wrap it: lambda x: math.{name}(x)")
    raise error_at(e, f"math.{name} is not supported")


# ---- the rules ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Rule:
    """How ``math.<name>(...)`` is built: ``emit(emitter, args, keywords, node)``
    on evaluated arguments; ``arity(n)`` is CPython's TypeError message for
    ``n`` positional arguments (None: the count fits)."""
    result: PyType
    arity: Callable[[int], str | None]
    emit: Callable
    keywords: tuple = ()


RULES: dict[str, Rule] = {}


def _one(name):
    return lambda n: None if n == 1 else f"math.{name}() takes exactly one argument ({n} given)"


def _two(name):
    return lambda n: None if n == 2 else f"{name} expected 2 arguments, got {n}"


def _any(n):
    return None


def real(em, x):
    """A float argument: CPython's ``PyFloat_AsDouble`` (ints convert exactly as ``float()``)."""
    if em.type(x) in (T.FLOAT, T.INT, T.BOOL):
        return em.promote(x, T.FLOAT)
    return em.call_library("math_real", [x], T.FLOAT)


def index(em, x):
    """An int argument: CPython's ``__index__`` (a bool is an int, a float is not)."""
    if em.type(x) in (T.INT, T.BOOL):
        return em.promote(x, T.INT)
    return em.call_library("math_index", [x], T.INT)


def _converted(em, args, convert):
    out = []
    for a in args:
        out.append(convert(em, a))
        if em.fb.block is None:
            return None
    return out


def _library(library: str, result: PyType, convert=real):
    """A rule's ``emit``: the arguments converted in order, then the library function."""
    def emit(em, args, keywords, node):
        values = _converted(em, args, convert)
        return None if values is None else em.call_library(library, values, result)
    return emit


def _libm(fn: str, check: str, *flags):
    """A C function of one float: the raw VM op (or host call) here; a finite
    result is never an error, any other goes to the library's check of
    CPython's errors (``math_checked``: ``math_1``; ``math_hosted``: the
    host's NaN/inf answers), which raises or returns it."""
    def emit(em, args, keywords, node):
        x = real(em, args[0])
        if em.fb.block is None:
            return None
        r = em.b.libm(fn, [x])
        _, magnitude = em.b.apply_unary("abs", r, T.FLOAT)
        _, finite = em.b.apply_compare("lt", magnitude, em.const(_pymath.inf))
        return em.either(em.b.bool_to_pred(finite), lambda: r,
                         lambda: em.call_library(check, [x, r] + [em.const(f) for f in flags], T.FLOAT), T.FLOAT)
    return emit


#: the functions that can overflow (CPython's ``math_1(..., can_overflow=1)``)
_OVERFLOWING = ("exp", "expm1")
for _name in ("sqrt", "exp", "expm1", "log2", "log10", "log1p", "sin", "cos", "atan", "tanh", "erf"):
    RULES[_name] = Rule(T.FLOAT, _one(_name), _libm(_name, "math_checked", _name in _OVERFLOWING))
for _name in ("degrees", "radians"):
    RULES[_name] = Rule(T.FLOAT, _one(_name), _library(f"math_{_name}", T.FLOAT))


def _fabs(em, args, keywords, node):
    """``fabs(x)``: ``abs()`` of the float, inline."""
    x = real(em, args[0])
    return None if em.fb.block is None else em.b.apply_unary("abs", x, T.FLOAT)[1]


RULES["fabs"] = Rule(T.FLOAT, _one("fabs"), _fabs)
for _name in d.HOST_LIBM:  # CPython's own, called by the host (pydm_host.libm)
    RULES[_name] = Rule(T.FLOAT, _one(_name), _libm(_name, "math_hosted"))
for _name in ("isnan", "isinf", "isfinite"):
    RULES[_name] = Rule(T.BOOL, _one(_name), _library(f"math_{_name}", T.BOOL))
for _name in ("atan2", "pow", "copysign", "fmod"):
    RULES[_name] = Rule(T.FLOAT, _two(_name), _library(f"math_{_name}", T.FLOAT))
for _name in ("isqrt", "factorial"):
    RULES[_name] = Rule(T.INT, _one(_name), _library(f"math_{_name}", T.INT, index))
RULES["comb"] = Rule(T.INT, _two("comb"), _library("math_comb", T.INT, index))


def _log(em, args, keywords, node):
    """``log(x)``, or ``log(x, base)``: CPython divides the two logarithms,
    the first computed (or its error raised) before the base is converted."""
    num = em.call_library("math_log", [real(em, args[0])], T.FLOAT)
    if len(args) == 1 or em.fb.block is None:
        return num
    base = real(em, args[1])
    return None if em.fb.block is None else em.call_library("math_log_base", [num, base], T.FLOAT)


RULES["log"] = Rule(T.FLOAT, lambda n: None if 1 <= n <= 2 else "math.log requires 1 to 2 arguments", _log)


def _integral(library: str):
    """``floor``/``ceil``/``trunc``: an int (or bool) is its own result, as an
    int; a float is rounded to an int; an ``object`` decides at run time."""
    def emit(em, args, keywords, node):
        (x,) = args
        t = em.type(x)
        if t in (T.INT, T.BOOL):
            return em.promote(x, T.INT)
        if t is T.FLOAT:  # the C function (trunc: none), then int()'s conversion and errors
            whole = x if library == "math_trunc" else em.b.libm(library[len("math_"):], [x])
            return em.to_number(whole, T.INT)
        return em.call_library(library + "_object", [x], T.INT)
    return emit


for _name in ("floor", "ceil", "trunc"):
    RULES[_name] = Rule(T.INT, _one(_name), _integral(f"math_{_name}"))


def _variadic(library: str, convert, result: PyType):
    """``gcd``/``lcm``/``hypot`` of any number of arguments: converted in
    order, then one library call on their tuple."""
    def emit(em, args, keywords, node):
        values = _converted(em, args, convert)
        return None if values is None else em.call_library(library, [em.make_tuple(values)], result)
    return emit


RULES["hypot"] = Rule(T.FLOAT, _any, _variadic("math_hypot", real, T.FLOAT))


def _items(em, x, node):
    """The items of an iterable as a new list (``list(x)``: CPython's
    ``'int' object is not iterable`` for a non-iterable)."""
    return em.builtin("list", [x], node, [None], {})


def _fsum(em, args, keywords, node):
    xs = _items(em, args[0], node)
    return None if em.fb.block is None else em.call_library("math_fsum", [xs], T.FLOAT)


def _prod(em, args, keywords, node):
    """``prod(xs, *, start=1)``: ``*`` of objects (an int or a float, or a str...)."""
    xs = _items(em, args[0], node)
    if em.fb.block is None:
        return None
    return em.call_library("math_prod", [xs, keywords.get("start") or em.const(1)], T.OBJECT)


RULES["fsum"] = Rule(T.FLOAT, _one("fsum"), _fsum)
RULES["prod"] = Rule(T.OBJECT, lambda n: None if n == 1 else f"prod() takes exactly 1 positional argument ({n} given)",
                     _prod, ("start",))
#: the functions whose first argument is an iterable (a generator expression is walked into a list)
ITERABLE_FIRST = ("fsum", "prod")

RULES["gcd"] = Rule(T.INT, _any, _variadic("math_gcd", index, T.INT))
RULES["lcm"] = Rule(T.INT, _any, _variadic("math_lcm", index, T.INT))


def _perm_arity(n):
    if n < 1:
        return f"perm expected at least 1 argument, got {n}"
    return None if n <= 2 else f"perm expected at most 2 arguments, got {n}"


def _perm(em, args, keywords, node):
    """``perm(n)`` is ``factorial(n)``; ``perm(n, None)`` too."""
    n = index(em, args[0])
    if em.fb.block is None:
        return None
    if len(args) == 1 or em.type(args[1]) is T.NONE:
        return em.call_library("math_factorial", [n], T.INT)
    if em.type(args[1]).is_dynamic:
        return em.call_library("math_perm_object", [n, args[1]], T.INT)
    k = index(em, args[1])
    return None if em.fb.block is None else em.call_library("math_perm", [n, k], T.INT)


RULES["perm"] = Rule(T.INT, _perm_arity, _perm)


def _isclose_arity(n):
    if n < 2:
        return f"isclose() missing required argument '{'ab'[n]}' (pos {n + 1})"
    return None if n == 2 else f"isclose() takes exactly 2 positional arguments ({n} given)"


def _isclose(em, args, keywords, node):
    """``isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)``."""
    given = list(args) + [keywords.get("rel_tol", em.const(1e-09)), keywords.get("abs_tol", em.const(0.0))]
    values = _converted(em, given, real)
    return None if values is None else em.call_library("math_isclose", values, T.BOOL)


RULES["isclose"] = Rule(T.BOOL, _isclose_arity, _isclose, ("rel_tol", "abs_tol"))


# ---- typing and building a call ------------------------------------------------------------
def call_error(name: str, n: int, keywords) -> str | None:
    """CPython's TypeError for ``math.<name>`` called with ``n`` positional
    arguments and the keywords ``keywords`` (names), or None."""
    rule = RULES[name]
    for k in keywords:
        if k not in rule.keywords:
            if rule.keywords:
                return f"'{k}' is an invalid keyword argument for {name}()"
            return f"{'log' if name == 'log' else f'math.{name}'}() takes no keyword arguments"
    return rule.arity(n)


def result_type(name: str, n: int, keywords) -> PyType:
    """The static type of the call's result (BOTTOM: it always raises)."""
    return T.BOTTOM if call_error(name, n, keywords) is not None else RULES[name].result


class MathOps:
    """``math.<name>(...)`` on evaluated arguments (a mixin of ``Emitter``)."""

    def math_call(self, name: str, args, keywords: dict, node):
        message = call_error(name, len(args), list(keywords))
        if message is not None:
            return self.raise_always(sem.Raises("TypeError", message))
        return RULES[name].emit(self, args, keywords, node)


def check_call(e) -> None:
    """A call of a math function takes no ``*xs`` / ``**kw``."""
    if any(isinstance(a, nodes.Starred) for a in e.args) or any(k.arg is None for k in e.keywords or []):
        raise error_at(e, "star-arguments in calls of math functions are not supported")
