"""What pydm does not compile on dicts is a CompileError naming the line:
a view kept as a value or passed to ``len`` on an ``object`` (a
dict method called with a wrong number of arguments raises CPython's
TypeError: tests/dicts/test_basics.py)."""
import pytest

import pydm


@pydm.jit
def view_value(d):
    v = d.keys()
    return v


@pydm.jit
def view_len(d):
    o = [d][0]  # an object: len(d.items()) of a dict is len(d)
    return len(o.items())


@pytest.mark.parametrize("fn,line,what", [
    (view_value, "v = d.keys()", "d.keys() is supported only where it is iterated"),
    (view_len, "return len(o.items())", "d.items() is supported only where it is iterated"),
])
def test_compile_error(fn, line, what):
    with pytest.raises(pydm.CompileError) as ei:
        fn({1: 2})
    text = str(ei.value)
    assert what in text and line in text and "test_errors.py:" in text, text
