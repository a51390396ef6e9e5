"""``int.bit_length``, ``int.bit_count``, ``float.is_integer`` against
CPython, on typed values (a bool has an int's methods) and on ``object``s
(the method of the number held, else CPython's AttributeError)."""
import math

import pydm

from shared import INT64_MAX, INT64_MIN, outcome


@pydm.jit
def typed(n: int, f: float, b: bool):
    return n.bit_length(), n.bit_count(), f.is_integer(), b.bit_length(), b.bit_count()


@pydm.jit
def held(x, k: int):
    if k == 0:
        return x.bit_length()
    if k == 1:
        return x.bit_count()
    return x.is_integer()


INTS = [0, 1, -1, 2, 255, -256, 1234, INT64_MAX, INT64_MIN, INT64_MIN + 1, 2**32]
FLOATS = [0.0, -0.0, 2.5, -3.0, 1e300, 4503599627370495.5, 2.0**53, math.inf, -math.inf, math.nan, 5e-324]


def test_typed_receivers():
    for n, f in zip(INTS, FLOATS):
        for b in (True, False):
            assert outcome(typed, n, f, b, show=repr) == outcome(typed.py_func, n, f, b, show=repr), (n, f, b)


def test_object_receivers():
    for x in INTS + FLOATS + [True, False, None, "s", [1], (1,)]:
        for k in range(3):
            assert outcome(held, x, k, show=repr) == outcome(held.py_func, x, k, show=repr), (x, k)
