"""Strs as dict keys (and inside tuple keys), once the str and dict branches
met: a str is filed under a hash of its codepoints (``hash_of``), so equal
strs are one key, a str is never a number's key, and order stays insertion
order; the caller's dict with str keys crosses both ways. ``hash(s)`` itself
stays unsupported (CPython randomizes it per process)."""
import pytest

import pydm

from .dharness import P, Batch


@pydm.jit
def word_counts(text: str):
    counts = {}
    w = ""
    for c in text + " ":
        if c == " ":
            if w:
                counts[w] = counts.get(w, 0) + 1
            w = ""
        else:
            w += c
    return counts


@pydm.jit
def mixed_keys(s: str):
    d = {s: 1, (s, 1): 2, 1: 3, "1": 4, "": 5}
    d[s + s] = 6
    d[(s, 1)] += 10
    return d, s in d, "1" in d, 1 in d, (s, 1.0) in d, d.get(s * 3, "none")


@pydm.jit
def delete_and_reinsert(keys: list):
    d = {}
    for k in keys:
        d[k] = len(d)
    for k in keys[::2]:
        if k in d:
            del d[k]
    for k in keys[::3]:
        d[k] = -1
    return d, list(d), [v for v in d.values()]


@pydm.jit
def mutate_callers(d: dict, k: str):
    d[k] = d.get(k, 0) + 1
    d[k + "!"] = None
    return len(d)


@pydm.jit
def str_hash(s: str):
    return hash(s)


@pydm.jit
def str_keys_group(k: int, a0, a1, a2, a3, b3):
    # the checked functions in one compile (a Batch): each compile of a str-keyed
    # dict links most of the runtime library's dict and str code
    if k == 0:
        return word_counts(a0)
    if k == 1:
        return mixed_keys(a1)
    if k == 2:
        return delete_and_reinsert(a2)
    return mutate_callers(a3, b3)


BATCH = Batch(str_keys_group, [P(word_counts, [("a",)]), P(mixed_keys, [("a",)]),
                               P(delete_and_reinsert, [(["a"],)]), P(mutate_callers, [({}, "a")])])


@pytest.mark.parametrize("text", ["the cat the dog the end", "", "a", "héllo wörld héllo \U0001f600 \U0001f600",
                                  "x x x x y"])
def test_word_counts(text):
    BATCH.check(word_counts, text)


@pytest.mark.parametrize("s", ["", "a", "1", "\U0001f600", "ab"])
def test_mixed_keys(s):
    BATCH.check(mixed_keys, s)


def test_many_str_keys_grow_delete_and_reinsert():
    keys = [f"k{i}" for i in range(300)] + ["", "é", ("t", 1), 7, 7.0]
    BATCH.check(delete_and_reinsert, keys)


def test_a_callers_dict_with_str_keys():
    BATCH.check(mutate_callers, {"a": 1, "b": 2, 3: "c"}, "a")
    BATCH.check(mutate_callers, {}, "new")


def test_hash_of_a_str_agrees_with_equality():
    """``hash(s)`` is the hash a dict files ``s`` under: an int, equal for equal
    strs (CPython's own value is randomized per process: only this can hold)."""
    words = ["", "a", "b", "ab", "ba", "\u00e9", "e\u0301", "\U0001f600", "k1", "k10"]
    hashes = {w: str_hash(w) for w in words}
    assert all(type(h) is int for h in hashes.values())
    assert str_hash("a" * 3) == str_hash("aaa") and len(set(hashes.values())) == len(words)
