"""The str methods (issue 10) against CPython: each expression compiled once
with ``str`` parameters and once with ``object`` ones (so the arguments'
run-time checks and a non-str receiver's AttributeError are exercised too),
over strs with empty parts, every kind of whitespace and line break,
non-ASCII (whose case mappings the host computes), non-BMP and a lone
surrogate; errors compared by class and message."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pydm

from .sharness import check, dispatchers

WHITESPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000"
STRS = ["", " ", "a", "abc", "a,b,,c,", "  hello  world  ", "Hello World", "hELLO wORLD 42", "x\r\ny\rz\n\nw",
        "+42", "-7", "ab12", "123", "AbC", "\u00c9t\u00e9 \u00e0 Paris", "stra\u00dfe", "\u0130stanbul",
        "\u01c5a \u01c4b", "\u0661\u0662", "\U0001F600 x\U0001F600y", "\ud800a", WHITESPACE,
        "a" + WHITESPACE + "b" + WHITESPACE, "tab\tbed\t\tx\ny\tz", "aaa", "\u03a3\u03b9\u03c3"]
SUBS = ["", "a", ",", " ", "ab", "\u00e9", "\n", "aa", "\U0001F600", "z"]

#: expressions of a receiver ``s`` and a str ``t``
EXPRS = [
    "s.upper()", "s.lower()", "s.casefold()", "s.swapcase()", "s.title()", "s.capitalize()",
    "s.isdigit()", "s.isalpha()", "s.isalnum()", "s.isspace()", "s.isupper()", "s.islower()", "s.istitle()",
    "s.strip()", "s.lstrip()", "s.rstrip()", "s.strip(t)", "s.lstrip(t)", "s.rstrip(t)", "s.strip(None)",
    "s.split()", "s.rsplit()", "s.split(t)", "s.rsplit(t)", "s.split(t, 1)", "s.rsplit(t, 1)", "s.split(t, 0)",
    "s.split(None, 1)", "s.rsplit(None, 2)", "s.split(maxsplit=1)", "s.rsplit(sep=t, maxsplit=-5)",
    "s.split(sep=None)", "s.splitlines()", "s.splitlines(True)", "s.splitlines(keepends=True)",
    "t.join([s, s, 'x'])", "t.join(s)", "t.join((s,))", "t.join([])", "t.join(s.split())", "s.join({t: 1, 'k': 2})",
    "t.join([s, 1])", "t.join(1)", "t.join(['a', None])", "t.join((s, 'x', 2.5))",
    "s.startswith(t)", "s.endswith(t)", "s.startswith((t, 'x'))", "s.endswith(('\\n', t))", "s.startswith(t, 1)",
    "s.endswith(t, 0, -1)", "s.startswith(())", "s.startswith(t, 9)", "s.endswith(t, -3, None)",
    "s.find(t)", "s.rfind(t)", "s.index(t)", "s.rindex(t)", "s.count(t)", "s.find(t, 1)", "s.rfind(t, 1, -1)",
    "s.find(t, None, None)", "s.rindex(t, -4)", "s.find(t, 99)",
    "s.replace(t, 'X')", "s.replace(t, '')", "s.replace(t, 'ab', 1)", "s.replace('', t)", "s.replace('', t, 2)",
    "s.replace(t, t + t, -1)", "s.replace(t, 'Q', 0)",
    "s.zfill(6)", "s.zfill(-1)", "s.center(7)", "s.center(8, '*')", "s.ljust(6, t)", "s.rjust(12, '\\u00e9')",
    "s.center(len(s) + 3, '\\U0001F600')",
    "s.partition(t)", "s.rpartition(t)", "s.removeprefix(t)", "s.removesuffix(t)", "s.expandtabs()",
    "s.expandtabs(4)", "s.expandtabs(tabsize=1)", "s.expandtabs(0)",
    "len(s.split())", "[w.upper() for w in s.split()]", "s.partition(t)[2] + 'x'", "s.upper().lower()",
    "s.lower() == t.lower()", "t.join(s.split(t)) == s if t else True", "sorted(s.split())",
    "s.split('')", "s.rsplit('')", "s.partition('')", "s.rpartition('')", "s.center(5, '')", "s.ljust(5, 'ab')",
    "s.find(t, 1.5)", "s.replace(t, 1)", "s.replace(1, t)", "s.replace(t, t, 'x')", "s.startswith(1)",
    "s.endswith((t, 1))", "s.split(1)", "s.split(None, 'x')", "s.split(None, 1.5)", "s.strip(1)",
    "s.lstrip(1)", "s.rstrip(2)", "s.center(5, 1)", "s.zfill('x')", "s.removeprefix(1)", "s.removesuffix(None)",
    "s.find(1)", "s.rfind(None)", "s.partition(1)", "s.rpartition((1,))", "s.index(None)", "s.expandtabs(1.5)",
    "s.splitlines(2)", "s.splitlines(1.5)", "s.endswith(t, 'x')", "s.find(x=t)",
    "s.split(t, maxsplit=True)", "s.index(t, 0, 2)", "s.rindex(t, 1, 2)",
]
#: only where ``s`` is a str: a method call with start/end on an object ``count`` is not compiled
TYPED_ONLY = ["s.count(t, -3)", "s.count(t, 1, 2)", "s.count(t, None, -1)", "s.count(t, 5)"]

M = dispatchers("str_methods_dispatch", {
    "typed": ("s: str, t: str", EXPRS + TYPED_ONLY),
    "dynamic": ("s: object, t: object", EXPRS),
    "with_int": ("s: str, t: str, i: int", [
        "s.split(t or None, i)", "s.rsplit(t or None, i)", "s.find(t, i)", "s.rfind(t, 0, i)", "s.count(t, i)",
        "s.startswith(t, i)", "s.endswith(t, i, -i)", "s.replace(t, '_', i)", "s.center(i, '.')", "s.ljust(i)",
        "s.rjust(i, 'x')", "s.zfill(i)", "s.expandtabs(i)", "s.splitlines(i)", "s.index(t, i)", "s.rindex(t, -i)",
        "s.split(maxsplit=i)"]),
    "object_receivers": ("o: object", [
        "o.upper()", "o.split()", "o.strip()", "o.isdigit()", "o.index('b')", "o.index('b', 1)", "o.count('b')",
        "o.index(2, 1)", "o.join(['a'])", "o.partition('b')", "o.zfill(4)", "[x.title() for x in o]"]),
})


@pytest.mark.parametrize("k,expr", list(enumerate(EXPRS + TYPED_ONLY)))
def test_typed(k, expr):
    for s in STRS:
        for t in SUBS[:5] if k % 2 else SUBS[5:] + SUBS[:1]:
            check(M.typed, k, s, t, where=f"typed: {expr} with s, t = ")


@pytest.mark.parametrize("k,expr", list(enumerate(EXPRS)))
def test_dynamic(k, expr):
    for s in STRS[::2]:
        for t in SUBS[::3]:
            check(M.dynamic, k, s, t, where=f"object: {expr} with s, t = ")
    for s, t in [(1, "a"), (None, "a"), ("ab", None), ("ab", 1), ("ab", ("a", "b")), (["a"], "a"), ("a b", 2.5)]:
        check(M.dynamic, k, s, t, where=f"object: {expr} with s, t = ")


def test_with_int():
    for k in range(17):
        for s in ["", "abcabc", " a b  c ", "\u00e9t\u00e9\tx\ny", "-5"]:
            for t in ["", "b", "bc"]:
                for i in [-100, -3, -1, 0, 1, 2, 4, 7, 100]:
                    check(M.with_int, k, s, t, i, where=f"with_int {k}: ")


def test_object_receivers():
    for k in range(12):
        for o in ["abcb", "", "\u00dfb", 5, None, ["a", "b"], ("a", "b", "c"), [1, 2, 3], {"b": 1}, 2.5]:
            check(M.object_receivers, k, o, where=f"object receiver {k}: ")


@pydm.jit
def _classes(lo: int, hi: int) -> list:
    """The codepoints in ``lo .. hi - 1`` that are whitespace, line breaks, and
    whose character classes or case mappings differ from plain ones."""
    out = []
    for c in range(lo, hi):
        ch = chr(c)
        out.append((ch.isspace(), len(("a" + ch + "b").splitlines()), len(("a" + ch + "b").split()),
                    ch.upper(), ch.isalpha() or ch.isdigit()))
    return out


def test_character_tables():
    """isspace, split()'s and splitlines' tables are exact: every codepoint up to
    U+3100 (the last whitespace is U+3000) and samples beyond."""
    for lo, hi in [(0, 0x3100), (0xFEF0, 0xFF10), (0x10FFF0, 0x110000), (0x1F5F0, 0x1F610)]:
        assert _classes(lo, hi) == _classes.py_func(lo, hi)


TEXT = st.text(alphabet=st.sampled_from(list("ab ,\t\n\r\u00e9\u3000\U0001F600") + ["\x85", "\u2028"]), max_size=12)

P = dispatchers("str_methods_properties", {"prop": ("s: str, t: str, u: str, i: int", [
    "(s.split(t, i), s.rsplit(t, i), s.split(None, i), s.rsplit(None, i), s.splitlines(), s.splitlines(True))",
    "(s.strip(), s.lstrip(t), s.rstrip(t), s.strip(t + u), s.replace(t, u), s.replace(t, u, i))",
    "(t.join(s.split(t)) == s, u.join([s, t, u]), s.partition(t), s.rpartition(t), s.count(t), s.rfind(t))",
])})


@settings(max_examples=120, deadline=None)
@given(TEXT, TEXT.filter(bool), TEXT, st.integers(-2, 4))
def test_property_round_trips(s, t, u, i):
    for k in range(3):
        check(P.prop, k, s, t, u, i, where=f"property {k}: ")
