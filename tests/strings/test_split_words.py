"""``s.split()`` / ``s.split(None, m)`` by whitespace (``runtime_lib/str_methods.py``
``split_whitespace``: a loop over whitespace, a loop over a word, each word
copied inline): against CPython on strings that put every kind of whitespace
(the ASCII ones, the separators 0x1c-0x1f, and Unicode's: 0x85, 0xa0, 0x2028,
0x3000...) and every kind of word codepoint (ASCII, Latin-1, non-BMP, lone
surrogates, the codepoints next to the whitespace ranges) at the start, the end,
in runs and alone, with every maxsplit (negative: no limit, 0, 1, more than
the words). One compiled dispatcher."""
from __future__ import annotations

import itertools

import pytest

from .sharness import check, dispatchers

SPLIT = ['s.split()', 's.split(None, m)', 's.split(maxsplit=m)', '[len(w) for w in s.split(None, m)]',
         's.rsplit(None, m)', 'len(s.split())']
M = dispatchers("split_words", {"split": ("s: str, m: int", SPLIT)})

SPACES = [" ", "\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u1680",
          "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000"]
# word codepoints, among them the neighbours of the whitespace ranges
LETTERS = ["a", "Z", "!", "~", "\x7f", "\x08", "\x0e", "\x1b", "\x20\u0301"[1:], "\x21", "\x84", "\x86", "\x9f",
           "\xe9", "\u1681", "\u200b", "\u3001", "\U0001f600", "\ud800", "\x00"]


def texts():
    out = ["", " ", "a", "  a  ", "a b", " the quick  brown fox\tjumps over the lazy dog\n"]
    for sp, le in zip(SPACES, itertools.cycle(LETTERS)):
        out += [sp, sp + le, le + sp, sp + le + sp + sp + le + le, le + sp + le + sp]
    for le in LETTERS:
        out += [le, " " + le * 3 + "\u3000" + le]
    out.append("".join(a + b for a, b in zip(LETTERS, SPACES)))
    out.append("x" * 40 + " " + "y" * 9)
    return out


TEXTS = texts()
MAXSPLITS = [-1, -5, -2 ** 63, 0, 1, 2, 3, 100, 2 ** 63 - 1]


@pytest.mark.parametrize("m", MAXSPLITS)
def test_split_by_whitespace(m):
    for s in TEXTS:
        for k, e in enumerate(SPLIT):
            check(M.split, k, s, m, where=f"{e} of {s!r}, m={m}: ")
