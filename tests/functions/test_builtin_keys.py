"""``key=`` naming a builtin (``key=len``, ``key=abs``, ``key=str``...) for
``sorted``, ``list.sort``, ``min`` and ``max`` (of a list, of a generator
expression, of a ``map``): each key is the builtin's call on the item
(``frontend/closures.py`` ``BuiltinKey``), with CPython's values, stability and
errors (a key that raises, keys that do not compare). Value, type and
exception class and message compared with CPython."""
import copy

import pytest

import pydm

from shared import outcome


@pydm.jit
def keyed(words, k: int):
    if k == 0:
        return min(words, key=len), max(words, key=len)
    if k == 1:
        return sorted(words, key=len), sorted(words, key=len, reverse=True)
    if k == 2:
        ws = list(words)
        ws.sort(key=len)
        return ws
    if k == 3:
        return max((w for w in words), key=len), min(map(str, words), key=len)
    if k == 4:
        return sorted(words, key=abs)
    if k == 5:
        return max(words, key=str), min(words, key=repr, default=None)
    return sorted(words, key=hash) == sorted(words, key=lambda w: hash(w))


WORDS = [["bb", "a", "ccc", "dd"], [3, -5, 2.5, -1, True], [], ["x", 1], [(1, 2), (), (3,)], ["é", "ab", ""]]


@pytest.mark.parametrize("k", range(7))
def test_builtin_keys(k):
    for words in WORDS:
        want = outcome(keyed.py_func, copy.deepcopy(words), k, show=repr)
        got = outcome(keyed, copy.deepcopy(words), k, show=repr)
        assert got == want, (words, k, want, got)
