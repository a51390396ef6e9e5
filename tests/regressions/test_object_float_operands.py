"""Regressions found while growing the program fuzzer (``tests/fuzz/iterators.py``:
subscripts of object values and ``round``), reduced by hand.

* ``o + f``, ``o += f``, ``o % f`` with ``o`` an object (an item of a list of mixed
  items) and ``f`` a float: pydm typed the result a float ("a float operand makes any
  successful result a float") and raised ``unsupported operand type(s) for +: 'str' and
  'float'`` for any object that is not a number, where CPython's str, list and tuple
  answer first (``can only concatenate str (not "float") to str``, ``'float' object is
  not iterable`` for ``xs += f``) and ``'%d' % 2.5`` is a str, not an error. Now an
  object on the left of ``+`` or ``%`` with a float goes through the library's
  operator (``pydm/frontend/semantics.py`` ``float_with_object``).
* ``round(o, 2.5)`` with ``o`` an object holding a tuple: pydm raised the ndigits
  error (``'float' object cannot be interpreted as an integer``) before CPython's
  ``type tuple doesn't define __round__ method`` (CPython looks up ``__round__``
  first). Now the object's check comes first (``pydm/frontend/rounding.py``).
"""
import copy

import pytest

import pydm
from shared import outcome, same_value


@pydm.jit
def ops(k: int, first, v):
    o = [first, 1, None][0]  # an object: the list's items have several classes
    if k == 0:
        return o + v
    if k == 1:
        o += v
        return o
    if k == 2:
        return o % v
    if k == 3:
        return v + o
    if k == 4:
        return o - v
    if k == 5:
        xs = [first, 2.5]
        xs[0] += v
        return xs
    if k == 6:
        return round(o, v)
    return round(o)


OBJECTS = ["ab", "%s", "%d", "%.1f %s", [1], (1,), None, 2, 2.5, True, {1: 2}]
CASES = [pytest.param(k, o, v, id=f"{k}-{o!r}-{v!r}")
         for k in range(8) for o in OBJECTS for v in ([2.5, 0.5] if k < 6 else [2.5, 1, None])]


@pytest.mark.parametrize("k, o, v", CASES)
def test_object_with_a_float_operand(k, o, v):
    got = outcome(ops, k, copy.deepcopy(o), v)
    want = outcome(ops.py_func, k, copy.deepcopy(o), v)
    assert got[:2] == want[:2] and same_value(got[2], want[2], nested=True), (got, want)
