"""``for i, x in enumerate(d)`` over a dict, a set or a frozenset (walked by
their iterator objects, which check the size before each item), against CPython;
``zip`` of them in a loop is a CompileError (it was an internal error)."""
import pytest

import pydm
from strings.sharness import check


@pydm.jit
def numbered(o, k):
    out = []
    for i, x in enumerate(o, k):
        out.append((i, x))
    for i, x in enumerate(o):
        out.append((i, x))
    return out


@pydm.jit
def grows_while_numbered(d: dict):
    for i, k in enumerate(d):
        d[str(i) + "x"] = 1
    return d


@pydm.jit
def zipped_in_a_loop(d: dict, s: str):
    return [p for p in zip(d, s)]


def test_enumerate_of_dicts_and_sets_in_a_loop():
    for o in [{"k": 1, "j": 2.5}, {5, 6}, frozenset([7]), {}, set(), [1, 2], "ab", (3,)]:
        for k in (0, 2, True, -3):
            check(numbered, o, k)
    check(numbered, {1: 2}, 1.5)
    check(grows_while_numbered, {"a": 1})
    check(grows_while_numbered, {})


def test_zip_of_a_dict_in_a_loop_is_a_compile_error():
    with pytest.raises(pydm.CompileError, match="zip"):
        zipped_in_a_loop({"a": 1}, "xy")
    assert zipped_in_a_loop.py_func({"a": 1}, "xy") == [("a", "x")]
