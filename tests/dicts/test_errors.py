"""What pydm does not compile on dicts is a CompileError naming the line:
``dict(**m)`` and the class's methods other than ``fromkeys`` (a dict method
called with a wrong number of arguments raises CPython's TypeError:
tests/dicts/test_basics.py; views kept as values work:
tests/dicts/test_views.py)."""
import pytest

import pydm


@pydm.jit
def double_star(d):
    e = dict(**d)
    return e


@pydm.jit
def class_method(d):
    return dict.get(d, 1)


@pytest.mark.parametrize("fn,line,what", [
    (double_star, "e = dict(**d)", "star-arguments in calls are not supported"),
    (class_method, "return dict.get(d, 1)", "the builtin 'dict' as a value is not supported"),
])
def test_compile_error(fn, line, what):
    with pytest.raises(pydm.CompileError) as ei:
        fn({1: 2})
    text = str(ei.value)
    assert what in text and line in text and "test_errors.py:" in text, text
