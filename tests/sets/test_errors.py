"""What pydm does not compile on sets is a CompileError naming the line:
``frozenset`` (not yet), ``set()`` with keywords, a set method on an
``object`` called with a number of arguments no set method takes (or two
iterables for ``update``, which a dict's takes at most one of); and
``s.remove(a_set)``, whose KeyError holds a frozenset: NotImplementedError (a set
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
def object_update_many(s):
    o = [s][0]
    o.update([1], [2])
    return o


@pydm.jit
def remove_a_set(s):
    s.remove({5})


@pytest.mark.parametrize("fn,line,what", [
    (frozen, "return frozenset(s)", "call to 'frozenset' is not supported"),
    (keywords, "return set(iterable=s)", "set() takes no keyword arguments"),
    (object_update_many, "o.update([1], [2])", "this call of .update() is not supported"),
])
def test_compile_error(fn, line, what):
    with pytest.raises(pydm.CompileError) as ei:
        fn({1, 2})
    text = str(ei.value)
    assert what in text and line in text and "test_errors.py:" in text, text


def test_remove_a_missing_set():
    """CPython's KeyError would hold frozenset({5}), which pydm does not have yet."""
    with pytest.raises(KeyError):
        remove_a_set.py_func({1})
    with pytest.raises(NotImplementedError, match="frozenset is not supported yet"):
        remove_a_set({1})
