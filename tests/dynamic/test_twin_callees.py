"""A generic function's typed twins call helpers with the twin's types; a
helper's body that does not compile for those types (``a is b`` between two
numbers, which pydm rejects when the types are static) drops the twins whose
calls alone reach it - the generic path runs those values instead - rather
than failing the whole compile (found while batching the test suite: the
call from a twin made ``inner`` a float specialization of its own)."""
import pytest

import pydm
from shared import outcome


def inner(k, a, b):
    if k == 0:
        return a is a
    if k == 1:
        return a is None
    return middle(a, b)


def middle(a, b):
    return a is b or a == b


@pydm.jit
def outer(g: int, k: int, x: object, y: object):
    if g == 0:
        return inner(k, x, y)
    return [x, y]


CASES = [(0, 0, 1.5, 2), (0, 1, 1.5, None), (0, 0, "s", [1]), (1, 0, 1, 1), (0, 2, 2.5, 2.5),
         (0, 2, 3, 3), (0, 2, True, 1), (0, 2, "a", "a"), (0, 2, (1,), [1])]


@pytest.mark.parametrize("args", CASES, ids=repr)
def test_twins_reaching_a_type_specific_body_are_dropped(args):
    assert outcome(outer, *args, show=repr) == outcome(outer.py_func, *args, show=repr)


@pydm.jit
def direct(x: float):
    return middle(x, x)


def test_an_entry_reaching_it_is_still_a_compile_error():
    """Only twins are dropped: a typed entry whose own call reaches the body
    that does not compile keeps pydm's CompileError."""
    with pytest.raises(pydm.CompileError, match="'is' between float and float"):
        direct(1.5)
