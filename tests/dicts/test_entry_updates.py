"""``d[k] = <... d.get(k, c) ...>`` and ``d[k] op= v`` read and store the item
by the key's entry (``pydm/frontend/dict_updates.py``: one ``dict_entry_hashed``
call, the value read and replaced inline; a missing key filed by
``dict_setitem_hashed``). Against CPython: keys equal across types (1, 1.0,
True; 0.0 and -0.0), keys sharing their first index slot, strs equal but not
the same object (from ``split``), deleted keys filed again, growth between
updates, a dict from the caller (no index yet), KeyError and its args for a
missing ``d[k]``, an unhashable key, an operator that raises between the read
and the store (the dict unchanged), and statements that are not fused (a call
in the value) must agree as well. Each function is compiled once."""
import pytest

import pydm

from .dharness import check


@pydm.jit
def counts(d: dict, keys: list):
    """Every update form on each key, logging a KeyError or TypeError."""
    log = []
    for k in keys:
        try:
            d[k] = d.get(k, 0) + 1
            d[k] = 2 * d.get(k) - 1
            d[k] += 3
            d[k] = -d[k] + d[k] * 2
            d[k] -= len(log)
        except KeyError as e:
            log.append(("KeyError", e.args))
        except TypeError as e:
            log.append(("TypeError", str(e)))
    return d, log


@pydm.jit
def strict(d: dict, keys: list, step):
    """``d[k] += step`` (KeyError when missing) and ``d[k] = d[k] * step``."""
    log = []
    for k in keys:
        try:
            d[k] += step
            log.append(d[k])
            d[k] = d[k] * step
        except TypeError as e:  # (a str or list times a str...)
            log.append(("bad operand", str(e)))
        except KeyError as e:
            log.append(("missing", e.args))
    return log, d


@pydm.jit
def words(text: str, drop: str) -> dict:
    """str keys from split (equal strs, other objects), deleted and counted again."""
    d = {}
    for w in text.split():
        d[w] = d.get(w, 0) + 1
        if w == drop:
            del d[w]
            d[w] = d.get(w, 10) + 1
    return d


@pydm.jit
def grow(n: int, step: int) -> dict:
    """Many int keys sharing low bits, updated while the table grows, deleted and updated again."""
    d = {}
    for j in range(n):
        k = (j % 7) * step + j // 7
        d[k] = d.get(k, 0) + j
        d[k] += 1
        if j % 5 == 0:
            del d[k]
    for j in range(n):
        d[j * step] = d.get(j * step, -1) * 2
    return d


@pydm.jit
def constants() -> dict:
    """Constant keys, and statements that are not fused (a call or another key in the value)."""
    d = {"a": 1, 3: 2.5}
    d["a"] = d.get("a", 0) + 1
    d[3] += 1
    d[3.0] = d.get(3, 0) * 2
    d["b"] = d.get("a") + len(d)
    d["a"] = d.get("b", 0) + d.get("a", 0)
    d[True] = d.get(1.0, "x")
    return d


@pydm.jit
def str_probe(d: dict, s: str):
    """A typed str key (hashed inline up to 32 codepoints, by ``hash_str`` above)
    in a dict from the caller (its keys hashed by the library when indexed)."""
    hit = s in d
    d[s] = d.get(s, 0) + 1
    d[s + "!"] = 0
    return hit, d.get(s), len(d), s + "!" in d


STRS = ["", "a", "the", "x" * 31, "y" * 32, "z" * 33, "w" * 100, "h\u00e9llo", "\U0001f600" * 20, "\ud800",
        "a\x00b", "\uffff" * 32]

KEYS = [1, 1.0, True, 0, 0.0, -0.0, False, -1, -2, 8, 16, 24, 2 ** 61, "a", "b", "a", (1, 2), (1.0, 2), None,
        2.5, -2.5, 1, "a"]


def test_every_form():
    check(counts, {}, list(KEYS))
    check(counts, {1: 10, "a": "s", None: 2.5, 8: [1]}, list(KEYS))  # a str value: TypeError between
    check(counts, {}, [[1], "ok", {}, "ok"])  # unhashable keys
    check(counts, dict.fromkeys(range(40), 0), list(range(-5, 45)) + [3.0, True])


@pytest.mark.parametrize("step", [1, -1, 2.5, "x", [7]])
def test_missing_and_typed(step):
    check(strict, {1: 1, 2.0: 2, "s": "t", (1,): [0]}, [1, 1.0, True, 2, 3, "s", (1,), None, 1], step)


def test_str_keys_from_split():
    check(words, "the cat the dog  the\tcat a b a", "cat")
    check(words, "x " * 40 + "y z " * 9, "y")
    check(words, "", "a")


@pytest.mark.parametrize("n, step", [(60, 8), (200, 64), (30, 1)])
def test_growth_and_collisions(n, step):
    check(grow, n, step)


def test_str_hash_inline_agrees_with_the_library():
    for s in STRS:
        check(str_probe, {k: 5 for k in STRS}, s)
        check(str_probe, {}, s)


def test_constant_keys_and_unfused():
    check(constants)


def test_fused_statements_use_one_lookup():
    ir = counts.inspect("pydm")
    assert "dict_entry_hashed" in ir and "dict_lookup_hashed" in ir  # (d[k]'s KeyError path)
