"""``str.split()`` must not keep its result alive after the caller dropped it.
Without a separator it did (~1.5 KB a call for ``"abc".split()``): IREE released
a ref passed on one edge of a two-way branch nowhere (README "Platform traps",
``split_ref_edges`` in pydm/backend/ref_edges.py)."""
import os

import pytest

import pydm


@pydm.jit
def split_words(n: int, text: str, sep: object) -> int:
    total = 0
    for i in range(n):
        total += len(text.split(sep))
    return total


def resident_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def growth_kb(sep) -> int:
    split_words(10, "abc de", sep)
    before = resident_kb()
    split_words(20_000, "abc de", sep)
    return resident_kb() - before


needs_proc = pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads /proc/self/statm")


@needs_proc
def test_split_by_a_separator_frees_its_result():
    assert growth_kb(" ") < 4096


@needs_proc
def test_split_by_whitespace_frees_its_result():
    assert growth_kb(None) < 4096
