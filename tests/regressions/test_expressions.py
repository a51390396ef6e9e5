"""Regressions (g), (h) and (m): calls and type tests inside expressions.

(g) A call of a compiled function inside ``range(...)``'s arguments (``for i
in range(h(p))``) failed with an internal MLIR error (the callee's
specialization was never built).

(h) ``type(<expression that always raises>) is int`` was rejected at compile
time ("type(x) is supported only in comparisons like type(x) is int") instead
of raising the expression's error when it runs; ``isinstance`` of the same
expression worked.

(m) ``range(a, b)`` tested ``a``'s type before evaluating ``b``; CPython
evaluates every argument first, so an exception raised by a later argument
wins over the TypeError of an earlier one.
"""
import pytest

import pydm
from conformance.harness import check_many


# ---------------------------------------------------------------- (g) calls in range() arguments

@pydm.jit
def succ(p):
    return p + 1


@pydm.jit
def two(a: float):
    return 2


@pydm.jit
def dbl(x: int) -> int:
    return x * 2


@pydm.jit
def call_in_stop(p: int):
    s = 0
    for i in range(succ(p)):
        s += i
    return s


@pydm.jit
def call_only_in_range():
    s = 0
    for i in range(two(1)):  # two() is called nowhere else
        s += 1
    return s


@pydm.jit
def calls_in_every_argument(p: int):
    s = 0
    for i in range(succ(p), dbl(p * 3), succ(p - 2)):
        s = s * 3 + i
    return s


@pydm.jit
def call_in_nested_range(p: float):
    s = 0
    for i in range(two(p)):
        for j in range(succ(i), dbl(succ(i))):
            s += j
    return s


@pydm.jit
def call_raising_in_range(p: int):
    s = 0
    for i in range(dbl(p), succ(None)):
        s += i
    return s


@pydm.jit
def call_in_range_object(p: object):
    s = 0
    for i in range(succ(p)):
        s += i
    return s


@pytest.mark.parametrize("fn, cases", [
    (call_in_stop, [(0,), (3,), (-5,)]),
    (call_only_in_range, [()]),
    (calls_in_every_argument, [(1,), (2,), (3,)]),
    (call_in_nested_range, [(1.5,)]),
    (call_raising_in_range, [(1,)]),
    (call_in_range_object, [(4,), (True,), (2.5,), (None,)]),
], ids=lambda v: getattr(getattr(v, "py_func", None), "__name__", ""))
def test_call_in_range_arguments(fn, cases):
    check_many(fn, cases)


RANGE_CALL_SOURCE = '''\
import pydm


@pydm.jit
def h(a: float):
    return 2


@pydm.jit
def f(p: int) -> int:
    s = 0
    for i in range(h(1), h(p) + p):
        s += i
    return s
'''


def test_call_in_range_arguments_ahead_of_time(tmp_path):
    src = tmp_path / "regr_range_call.py"
    src.write_text(RANGE_CALL_SOURCE)
    out = tmp_path / "regr_range_call.vmfb"
    pydm.compile_file(str(src), str(out))
    m = pydm.load(str(out))
    assert [m.f(p) for p in (0, 1, 5)] == [sum(range(2, 2 + p)) for p in (0, 1, 5)]


# ---------------------------------------------------------------- (h) type() of a raising expression

@pydm.jit
def boom(x: int):
    return x // 0


@pydm.jit
def type_of_division_by_zero(x: int):
    return type(x // 0) is int


@pydm.jit
def type_of_call_that_raises(x: int):
    return type(boom(x)) is int


@pydm.jit
def type_of_literal_division(x: int):
    return type(1 // 0) == float


@pydm.jit
def isinstance_of_raising_expression(x: int):
    return isinstance(x + None, int)


@pydm.jit
def type_of_unbound(p: int):
    if p:
        v = 1
    return type(v) is not int


def test_type_of_an_expression_that_may_raise():
    check_many(type_of_division_by_zero, [(1,), (0,)])
    check_many(type_of_call_that_raises, [(1,)])
    check_many(type_of_literal_division, [(1,)])
    check_many(isinstance_of_raising_expression, [(1,)])
    check_many(type_of_unbound, [(0,), (1,)])


# Statically always raising (the type rules know the operand raises): the
# expression ends the block, and the type test was not recognized any more.

@pydm.jit
def type_of_int_plus_none(x: int):
    return type(x + None) is int


@pydm.jit
def type_of_object_plus_none(x: object):
    return type(x + None) == int


@pydm.jit
def type_of_negated_none(x: None):
    return type(-x) is not float


@pydm.jit
def type_of_tuple_index_out_of_range(x: int):
    t = (1, x)
    return type(t[5]) is int


@pydm.jit
def type_of_raising_in_a_branch(x: int):
    if x:
        return type(x + None) != int
    return 5


@pytest.mark.parametrize("fn, cases", [
    (type_of_int_plus_none, [(1,)]),
    (type_of_object_plus_none, [(1,), (2.5,), (None,)]),
    (type_of_negated_none, [(None,)]),
    (type_of_tuple_index_out_of_range, [(1,)]),
    (type_of_raising_in_a_branch, [(1,), (0,)]),
], ids=lambda v: getattr(getattr(v, "py_func", None), "__name__", ""))
def test_type_of_an_expression_that_always_raises(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- (m) range() evaluates every argument first

@pydm.jit
def range_float_start_raising_stop(x: float, y: int):
    s = 0
    for i in range(x, 10 // y):
        s += i
    return s


@pydm.jit
def range_float_stop_raising_step(x: float, y: int):
    s = 0
    for i in range(0, x, 1 // y):
        s += i
    return s


@pydm.jit
def range_float_start_zero_step(x: float, y: int):
    s = 0
    for i in range(x, 5, y):
        s += i
    return s


@pydm.jit
def range_raising_call_after_float(x: float, y: int):
    s = 0
    for i in range(x, boom(y)):
        s += i
    return s


@pydm.jit
def range_objects(x: object, y: object, z: object):
    s = 0
    for i in range(x, y, z):
        s = s * 2 + i
    return s


@pydm.jit
def range_objects_raising_last(x: object, y: object, z: int):
    s = 0
    for i in range(x, y, 6 // z):
        s += i
    return s


def test_range_evaluates_every_argument_before_testing_types():
    check_many(range_float_start_raising_stop, [(1.5, 0), (1.5, 1), (2, 1), (2, 0)])
    check_many(range_float_stop_raising_step, [(1.5, 0), (1.5, 1), (4, 1)])
    check_many(range_float_start_zero_step, [(1.5, 0), (2, 0), (1, 1), (1.5, 1)])
    check_many(range_raising_call_after_float, [(1.5, 0), (1, 3)])
    check_many(range_objects, [(1.5, None, 0), (1, 2.5, None), (None, 1, 0), (True, 5, 2), (0, 5, 0),
                               (1, 9, 3), (9, 1, -2)])
    check_many(range_objects_raising_last, [(1.5, None, 0), (None, 2.5, 0), (1.5, 3, 1), (1, 7, 3)])
