"""How math is reached and called: ``import math``, ``import math as m``,
``from math import f as g``, the constants, ``object`` arguments,
CPython's messages for wrong argument counts and keywords, the order in
which arguments are evaluated and converted, and keyword arguments."""
import pytest

from shared import import_source

from .mharness import check


SOURCE = '''
import math as m
from math import sqrt, floor as fl, pi, e, tau, inf, nan, gcd
import pydm


@pydm.jit
def constants():
    return [math.pi, math.e, math.tau, math.inf, math.nan, m.pi, pi, e, tau, inf, nan, -math.inf]


@pydm.jit
def imported(x: float, n: int):
    return [sqrt(x), fl(x), m.sqrt(x), m.ceil(x), gcd(n, 12), m.isclose(x, 1.0, abs_tol=0.5)]


def trace(log, tag, v):
    log.append(tag)
    return v


@pydm.jit
def order(x, y):
    """both arguments are evaluated before either is converted"""
    log = []
    try:
        math.atan2(trace(log, "a", x), trace(log, "b", y))
    except TypeError as exc:
        log.append(str(exc))
    try:
        math.log(trace(log, "c", x), trace(log, "d", y))
    except (TypeError, ValueError) as exc:
        log.append(str(exc))
    return log


@pydm.jit
def miscalled(k: int, x: float):
    out = []
    for i in range(k):
        try:
            if i == 0:
                out.append(math.sqrt())
            elif i == 1:
                out.append(math.sqrt(x, x))
            elif i == 2:
                out.append(math.atan2(x))
            elif i == 3:
                out.append(math.log())
            elif i == 4:
                out.append(math.log(x, x, x))
            elif i == 5:
                out.append(math.perm())
            elif i == 6:
                out.append(math.perm(3, 2, 1))
            elif i == 7:
                out.append(math.isclose(x))
            elif i == 8:
                out.append(math.isclose(x, x, x))
            elif i == 9:
                out.append(math.isclose(x, x, tol=x))
            elif i == 10:
                out.append(math.sqrt(x=x))
            elif i == 11:
                out.append(math.log(x, base=x))
            elif i == 12:
                out.append(math.prod())
            elif i == 13:
                out.append(math.prod([x], begin=2))
            elif i == 14:
                out.append(math.fsum())
            elif i == 15:
                out.append(math.comb(5))
            elif i == 16:
                out.append(math.factorial(x))
        except TypeError as exc:
            out.append(("TypeError", str(exc)))
    return out


@pydm.jit
def iterables(xs: list[float], n: int):
    return [math.fsum(xs), math.fsum(x * x for x in xs), math.fsum(range(n)), math.fsum((1, 2.5, True)),
            math.prod(xs), math.prod(range(1, n)), math.prod(xs, start=n), math.prod([]), math.prod([], start=2.5),
            math.prod(["ab", 2, 3])]


@pydm.jit
def iterable_errors(k: int):
    out = []
    for i in range(k):
        try:
            if i == 0:
                out.append(math.fsum(i))
            elif i == 1:
                out.append(math.fsum([1.0, "x"]))
            elif i == 2:
                out.append(math.fsum([1e308, 1e308, -1e308]))
            elif i == 3:
                out.append(math.fsum([math.inf, 1.0, -math.inf]))
            elif i == 4:
                out.append(math.fsum([math.inf, math.nan]))
            elif i == 5:
                out.append(math.prod(i))
            elif i == 6:
                out.append(math.prod([2**40, 2**30]))
            elif i == 7:
                out.append(math.fsum([math.inf, 1.0, math.inf]))
        except TypeError as exc:
            out.append(("TypeError", str(exc)))
        except ValueError as exc:
            out.append(("ValueError", str(exc)))
        except OverflowError as exc:
            out.append(("OverflowError", str(exc)))
    return out
'''


@pytest.fixture(scope="module")
def m(tmp_path_factory):
    return import_source(tmp_path_factory.mktemp("math_calls"), "math_calls_case", "import math\n" + SOURCE)


def test_constants(m):
    check(m.constants)


@pytest.mark.parametrize("x, n", [(2.25, 18), (-0.0, 0), (1e15 + 0.5, -8), (float("nan"), 5)])
def test_imported_names_and_alias(m, x, n):
    got = outcome_list(m.imported, x, n)
    assert got == outcome_list(m.imported.py_func, x, n)


def outcome_list(fn, *args):
    try:
        return [repr(v) for v in fn(*args)]
    except Exception as exc:  # noqa: BLE001 - class and message compared
        return [type(exc).__name__, str(exc)]


@pytest.mark.parametrize("x, y", [(1.0, "y"), ("x", 2.0), ("x", "y"), (-1.0, "y"), (8, 2), (True, 0.0)])
def test_evaluation_order(m, x, y):
    assert m.order(x, y) == m.order.py_func(x, y)


def test_argument_count_and_keyword_messages(m):
    check(m.miscalled, 17, 2.0)


def test_iterables(m):
    check(m.iterables, [0.1] * 10 + [1e100, -1e100], 6)


def test_iterable_errors(m):
    check(m.iterable_errors, 8)
