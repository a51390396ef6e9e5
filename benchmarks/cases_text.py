"""Strings, dicts and formatting benchmark kernels (issue 10). Loaded by run.py.

What a user writes: counting words with a dict (the words taken from a tuple,
as when this row was written pydm had no ``str.split``), a dict of int keys
(insert, look up, delete), formatting floats with an f-string, splitting
lines into words with ``str.split`` and joining a list of words with
``str.join``. Where each one's time goes: README, "Benchmarks", the text rows."""
import pydm

WORDS = ("the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "cat", "sat", "on", "mat")


@pydm.jit
def word_count(n: int) -> int:
    # n words of a small vocabulary, counted in a dict (str keys)
    counts = {}
    for i in range(n):
        w = WORDS[(i * 7 + i // 13) % 13]
        counts[w] = counts.get(w, 0) + 1
    return len(counts) * 1000003 + counts["the"]


@pydm.jit
def dict_ints(n: int) -> int:
    # insert n int keys, look each one up, delete half of them
    d = {}
    for i in range(n):
        d[i * 7919 % n] = i
    s = 0
    for i in range(n):
        s += d[i]
    for i in range(0, n, 2):
        del d[i]
    return s + len(d)


@pydm.jit
def format_floats(n: int) -> int:
    # format n floats with an f-string, keep the lengths
    total = 0
    for i in range(n):
        x = i * 0.37 - 1000.0
        total += len(f"{x:.3f}|{i}")
    return total


LINE = " the quick  brown fox\tjumps over the lazy dog\n"


@pydm.jit
def split_words(n: int) -> int:
    # split n lines into words (str.split by whitespace), count the words' letters
    total = 0
    for i in range(n):
        for w in LINE.split():
            total += len(w)
    return total


@pydm.jit
def join_pieces(n: int) -> int:
    # join a list of n words with a space (str.join), keep the length
    parts = []
    for i in range(n):
        parts.append(WORDS[i % 13])
    return len(" ".join(parts))
