"""What pydm does not compile on sets is a CompileError naming the line:
``frozenset`` (not yet), ``set()`` with keywords, a set method on an
``object`` called with a number of arguments no set method takes (a set
method called on a set with a wrong number of arguments raises CPython's
TypeError: tests/sets/test_basics.py)."""
import pytest

import pydm


@pydm.jit
def frozen(s):
    return frozenset(s)


@pydm.jit
def keywords(s):
    return set(iterable=s)


@pydm.jit
def object_arity(s):
    o = [s][0]
    return o.add(1, 2)


@pytest.mark.parametrize("fn,line,what", [
    (frozen, "return frozenset(s)", "call to 'frozenset' is not supported"),
    (keywords, "return set(iterable=s)", "set() takes no keyword arguments"),
    (object_arity, "return o.add(1, 2)", "this call of .add() is not supported"),
])
def test_compile_error(fn, line, what):
    with pytest.raises(pydm.CompileError) as ei:
        fn({1, 2})
    text = str(ei.value)
    assert what in text and line in text and "test_errors.py:" in text, text
