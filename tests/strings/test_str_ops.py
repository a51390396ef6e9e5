"""Operators, indexing, builtins and methods on str: each expression compiled
with ``str`` parameters (static paths) and with ``object`` parameters
(through dynamic values), against CPython on the same arguments: empty
strings, non-ASCII, non-BMP and a lone surrogate."""
from __future__ import annotations

import itertools

import pytest

import pydm

from .sharness import check, dispatchers

STRS = ["", "a", "ab", "ba", "abc", "b", "h\u00e9llo", "\U0001F600", "a\U0001F600b", "\ud800", "ll"]
PAIRS = [(a, b) for a, b in itertools.product(STRS, STRS)
         if len(a) + len(b) <= 8][::3] + [("abcabc", "bc"), ("aaa", "aa"), ("", ""), ("x", "x")]

#: expressions of two strs, typed or dynamic alike
BOTH = [
    "a + b", "a == b", "a != b", "a < b", "a <= b", "a > b", "a >= b", "a in b", "a not in b", "b in a",
    "hash(a) == hash(b)", "hash((a, 1)) == hash((b, 1))", "type(hash(a)) is int", "hash(a) == hash(a[:])",
    "len(a)", "len(a + b)", "bool(a)", "not a", "a and b", "a or b", "a * 2", "3 * b", "a * -1", "a * 0",
    "a is a", "a is None", "a is not None", "(a, b) == (b, a)", "[a, b] < [b, a]", "(a, 1) < (b, 2)",
    "a in [b, 'x']", "a in (b, 'ab')", "(a, b)", "[a, b]", "[c for c in a]", "tuple(a)", "list(b)",
    "sorted(a + b)", "a[0]", "a[-1]", "b[1]", "a[-2]", "a[::-1]", "a[1:]", "a[:-1]", "a[::2]", "a[5:1:-1]",
    "str(a)", "str()", "ord(a)", "a + 1", "1 + a", "a < 1", "1 < a", "1 in a", "None in a", "a[1.5]",
    "a[None]", "a * 1.5", "1.5 * a", "a * a", "a - b", "-a", "a == 1", "1 == a", "a != None", "a + (1,)",
    "(1,) + a", "[1] + a", "a + [1]", "max(a + 'z')", "a == b == a",
    "a < b < 'z'", "'' in a", "'\\U0001F600' in a", "len('')", "'' == a", "a + '' is a",
    "'\\u00e9' * 3", "ord(1)", "ord(a[:1] + 'x')",
    "chr(65) + a", "isinstance(a, str)", "isinstance(1, str)", "isinstance(a, (int, str))", "type(a) is str",
    "type(b) is int",
]
#: str methods on a str receiver (only typed: a method call on an object is not compiled)
TYPED_ONLY = ["a.startswith(b)", "a.endswith(b)", "a.find(b)", "a.count(b)", "b.count(a)"]

M = dispatchers("str_ops_dispatch", {
    "typed": ("a: str, b: str", BOTH + TYPED_ONLY),
    "dynamic": ("a: object, b: object", BOTH),
    "unannotated": ("a, b", BOTH[:20]),
    "with_int": ("s: str, i: int", ["s[i]", "s * i", "i * s", "s + i", "i + s", "s < i", "i in s", "chr(i)",
                                    "s[i:]", "s[:i]", "s[::i]", "s[i::-1]", "s[i] + s", "chr(i) in s"]),
    "int_object": ("s: object, i: object", ["s[i]", "s * i", "i * s", "s + i", "s[i:]", "chr(i)", "ord(s)"]),
})


@pytest.mark.parametrize("k,expr", list(enumerate(BOTH + TYPED_ONLY)))
def test_typed(k, expr):
    for a, b in PAIRS:
        check(M.typed, k, a, b, where=f"typed: {expr} with a, b = ")


@pytest.mark.parametrize("k,expr", list(enumerate(BOTH)))
def test_dynamic(k, expr):
    for a, b in PAIRS:
        check(M.dynamic, k, a, b, where=f"object: {expr} with a, b = ")


@pytest.mark.parametrize("k,expr", list(enumerate(BOTH[:20])))
def test_unannotated(k, expr):
    for a, b in PAIRS[:10]:
        check(M.unannotated, k, a, b, where=f"unannotated: {expr} with a, b = ")


def test_dynamic_with_other_types():
    for k, expr in enumerate(BOTH):
        for a, b in [("ab", 1), (1, "ab"), ("ab", None), ((1,), "a"), ("a", 2.5), ("a", [1]), ("a", (1,))]:
            check(M.dynamic, k, a, b, where=f"object: {expr} with a, b = ")


@pytest.mark.parametrize("s", ["", "a", "abc", "h\u00e9\U0001F600"])
def test_with_int(s):
    for k in range(14):
        for i in [0, 1, -1, 2, -3, 5, 0x1F600, -2**63, 2**63 - 1, 0x110000]:
            check(M.with_int, k, s, i, where=f"with_int {k}: ")


def test_object_with_int():
    for k in range(7):
        for s, i in [("abc", 1), ("abc", -1), ("abc", 9), ("abc", 1.5), ("abc", None), ("abc", True),
                     ((1, 2), 0), ("a", "b"), (97, 98), ("ab", 2)]:
            check(M.int_object, k, s, i, where=f"int_object {k}: ")


def test_str_of_other_values_through_object():
    """``str()`` of any value through ``object``: CPython's text (made by the
    host, tests/host/test_format.py)."""
    k = BOTH.index("str(a)")
    for a in [1, 2.5, None, (1,), [1], -0.0, True]:
        check(M.dynamic, k, a, "x", where="str(object): ")


@pydm.jit
def percent_of_object(x: object, y: object):
    return x % y


def test_percent_of_a_str_in_an_object():
    """``%`` through ``object``: printf-style formatting when the left operand
    holds a str (by the host, as a typed ``fmt % args``), numbers otherwise;
    CPython's values and errors either way."""
    for x, y in [(7, 3), (7.5, 2), ("%s!", "a"), ("x=%d", 5), ("%s-%r", (1, "a")), ("%(k)r", {"k": 2.5}),
                 ("%d", "s"), ("%d %d", (1,)), ("no fields", ()), ("no fields", 1), ("%5.2f|%-4s|", (3.14159, "ab")),
                 ("%c", 0x1F600), ("%%", ()), (3, "s"), ([1], 2), (None, 1), ("%s", [1, "x"])]:
        check(percent_of_object, x, y)
