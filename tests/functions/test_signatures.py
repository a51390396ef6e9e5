"""``*args``, keyword-only and positional-only parameters of callees, nested
functions and lambdas. They were being implemented while these tests were
written: each case must either behave as CPython (values and argument
TypeErrors) or raise a CompileError at the line marked ``# <- signature`` in
``programs.py`` (the function's first such line)."""
import ast
import os

import pytest

import pydm
from exceptions.eharness import P, check_many

from . import programs as p

_PATH = os.path.abspath(p.__file__)
with open(_PATH, encoding="utf-8") as _f:
    _LINES = _f.read().splitlines()
_TREE = ast.parse("\n".join(_LINES))
_FUNCS = {n.name: n for n in _TREE.body if isinstance(n, ast.FunctionDef)}


def _marked_lines(names):
    out = set()
    for name in names:
        fn = _FUNCS[name]
        out |= {i + 1 for i in range(fn.lineno - 1, fn.end_lineno) if "# <- signature" in _LINES[i]}
    return out


def S(fn, cases, *where):
    """A case: ``fn`` with argument tuples ``cases``; ``where``: the functions
    whose ``# <- signature`` line a CompileError may point at."""
    return pytest.param(fn, cases, where, id=fn.py_func.__name__)


@pytest.mark.parametrize("fn, cases, where", [
    S(p.calls_star_args, [(k, n) for k in range(4) for n in (0, 3)], "callee_star_args"),
    S(p.calls_keyword_only, [(k, n) for k in range(5) for n in (0, 3)], "callee_keyword_only"),
    S(p.calls_positional_only, [(k, n) for k in range(4) for n in (0, 3)], "callee_positional_only"),
    S(p.nested_star_args, [(k, n) for k in range(3) for n in (0, 3)], "nested_star_args"),
    S(p.nested_keyword_only, [(k, n) for k in range(3) for n in (0, 3)], "nested_keyword_only"),
    S(p.lambda_star_and_keyword_only, [(k, n) for k in range(3) for n in (0, 3)],
      "lambda_star_and_keyword_only"),
])
def test_signature(fn, cases, where):
    try:
        check_many(fn, cases)
    except pydm.CompileError as e:
        assert os.path.realpath(e.filename) == os.path.realpath(_PATH), e
        assert e.lineno in _marked_lines(where), f"rejected at an unexpected line:\n{e}"


@pytest.mark.parametrize("fn, cases", [
    P(p.calls_star_kwargs, [(k, n) for k in range(9) for n in (0, 3)]),
    P(p.nested_star_kwargs, [(k, n) for k in range(3) for n in (0, 3)]),
    P(p.kwargs_values_through_calls, [(0,), (3,)]),
    P(p.kwargs_function_values, [(0,), (5,)]),
    P(p.calls_with_star_tuples, [(k, n) for k in range(5) for n in (0, 3)]),
])
def test_star_kwargs(fn, cases):
    """``**kwargs`` parameters of callees, nested functions and lambdas: the
    extra keywords in a dict in the order given (a positional-only name passed
    by keyword too), CPython's TypeErrors for the rest; ``f(*t)`` of tuples of
    known length; no CompileError."""
    check_many(fn, cases)
