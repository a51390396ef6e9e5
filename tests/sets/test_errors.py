"""What pydm does not compile on sets is a CompileError naming the line:
``set()`` with keywords, a set method on an ``object`` called with a number
of arguments no set method takes (or two iterables for ``update``, which a
dict's takes at most one of). (A set method called on a set with a wrong
number of arguments raises CPython's TypeError: tests/sets/test_basics.py;
frozensets: tests/sets/test_frozenset.py.)"""
import pytest

import pydm


@pydm.jit
def keywords(s):
    return set(iterable=s)


@pydm.jit
def object_update_many(s):
    o = [s][0]
    o.update([1], [2])
    return o


@pytest.mark.parametrize("fn,line,what", [
    (keywords, "return set(iterable=s)", "set() takes no keyword arguments"),
    (object_update_many, "o.update([1], [2])", "this call of .update() is not supported"),
])
def test_compile_error(fn, line, what):
    with pytest.raises(pydm.CompileError) as ei:
        fn({1, 2})
    text = str(ei.value)
    assert what in text and line in text and "test_errors.py:" in text, text

