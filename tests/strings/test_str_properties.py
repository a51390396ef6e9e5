"""Hypothesis: random strings (any codepoint, surrogates included) through
``+``, ``==``, ``<``, ``in``, indexing and slicing agree with CPython. Uses the
dispatchers of test_str_ops.py (compiled once per session)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .sharness import check
from .test_str_ops import BOTH, M

TEXT = st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF,
                                      blacklist_categories=()), max_size=12)
SMALL = st.text(alphabet="ab\u00e9\U0001F600", max_size=5)  # many equal prefixes and substrings
EXPRS = [BOTH.index(e) for e in ("a + b", "a == b", "a != b", "a < b", "a <= b", "a >= b", "a in b", "b in a",
                                 "a[-1]", "a[::-1]", "a[1:]", "(a, b) == (b, a)", "len(a + b)")]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(st.one_of(TEXT, SMALL), st.one_of(TEXT, SMALL))
def test_typed_ops(a, b):
    for k in EXPRS:
        check(M.typed, k, a, b, where=f"typed {BOTH[k]}: ")


@SETTINGS
@given(SMALL, SMALL)
def test_dynamic_ops(a, b):
    for k in EXPRS:
        check(M.dynamic, k, a, b, where=f"object {BOTH[k]}: ")


@SETTINGS
@given(TEXT, st.integers(min_value=-20, max_value=20))
def test_index_and_repeat(s, i):
    for k in range(7):
        check(M.with_int, k, s, i, where=f"with_int {k}: ")
