"""The first-slot fast paths of ``d[k]``, ``d.get(k)``, ``d[k] = v`` and
``del d[k]`` (``runtime_lib/dicts.py`` ``dict_lookup_hashed``,
``dict_setitem_hashed``, ``dict_delitem_hashed``): taken only when the key's
first index slot holds this very key (or, for a store, is empty); every other
case must go on to ``find`` and agree with CPython. The cases aim at the
edges of that test: a first slot taken by another key with the same low bits
(``k`` and ``k + 8 * 2**j``), by a deleted key, by an equal key of another type
(1, 1.0, True; 0.0 and -0.0), by a key of the same hash (-1 and -2), a str
equal to the one filed but not the same object (from ``split``), a dict from
the caller (no index yet), growth with deletions between, KeyError's args and
the size check of iteration. Each function is compiled once (its keys typed
``int``, ``str`` or held in objects) and run on every case."""
import pytest

import pydm

from .dharness import check

# op codes of a script: (op, key, value)
SET, GET, GETITEM, DEL, IN, POP = range(6)


@pydm.jit
def run_script(d: dict, script: list):
    """Each op's result logged (an exception as its class name and args)."""
    log = []
    for op, k, v in script:
        try:
            if op == 0:
                d[k] = v
                log.append(len(d))
            elif op == 1:
                log.append(d.get(k, "absent"))
            elif op == 2:
                log.append(d[k])
            elif op == 3:
                del d[k]
                log.append(len(d))
            elif op == 4:
                log.append(k in d)
            else:
                log.append(d.pop(k, "none"))
        except KeyError as e:
            log.append(("KeyError", e.args))
    return d, log, list(d.keys())


@pydm.jit
def int_keys(n: int, step: int, drop: int):
    """Keys ``j * step`` (one low-bits class when ``step`` is a power of two
    above the table), every ``drop``-th deleted as they go, then each looked
    up, read, stored again and deleted; typed int keys (hash inline)."""
    d = {}
    for j in range(n):
        d[j * step] = j
        if drop > 0 and j % drop == 0:
            del d[(j // 2) * step]
    found = 0
    missing = []
    for j in range(n + 3):
        k = j * step
        if k in d:
            found += d[k]
            d[k] = d.get(k, 0) + 1
        else:
            missing.append(d.get(k, -1))
    for j in range(0, n, 3):
        k = j * step
        try:
            del d[k]
        except KeyError as e:
            missing.append(e.args)
    return d, found, missing


@pydm.jit
def str_keys(text: str, probes: list):
    """Words counted (each word a new str, equal to the kept ones but not
    them), then looked up by kept literals and by the caller's strs."""
    counts = {"the": 0, "fox": 0}
    for w in text.split():
        counts[w] = counts.get(w, 0) + 1
    out = [counts["the"], counts.get("fox"), counts.get("dog", "no dog")]
    for p in probes:
        s = str(p)
        out.append(counts.get(s, -1))
        if s in counts:
            del counts[s]
    try:
        out.append(counts["the"])
    except KeyError as e:
        out.append(e.args)
    return counts, out


@pydm.jit
def grow_while_iterating(d: dict, k: int):
    out = []
    try:
        for key in d:
            out.append(key)
            d[k] = key
    except RuntimeError as e:
        out.append(str(e))
    return d, out


def script(*ops):
    return [tuple(op) for op in ops]


SCRIPTS = [
    # a first slot held by another key of the same low bits, then by a deleted key
    script((SET, 0, "a"), (SET, 8, "b"), (SET, 16, "c"), (GET, 8, 0), (GETITEM, 16, 0), (DEL, 0, 0),
           (GET, 8, 0), (GETITEM, 0, 0), (SET, 0, "again"), (DEL, 8, 0), (DEL, 8, 0), (GETITEM, 16, 0)),
    # equal keys of other types: one key, the first key object kept
    script((SET, 1, "int"), (SET, 1.0, "float"), (SET, True, "bool"), (GET, 1.0, 0), (GETITEM, True, 0),
           (DEL, 1.0, 0), (IN, 1, 0), (SET, True, "t"), (GETITEM, 1, 0), (SET, 0.0, "z"), (GET, -0.0, 0),
           (DEL, -0.0, 0), (IN, 0, 0), (SET, False, "f"), (GETITEM, 0.0, 0)),
    # -1 and -2 share a hash; big ints and their floats
    script((SET, -1, "m1"), (SET, -2, "m2"), (GET, -1, 0), (GET, -2, 0), (DEL, -2, 0), (GET, -1, 0),
           (GETITEM, -2, 0), (SET, -2.0, "m2f"), (GETITEM, -2, 0), (SET, 2 ** 61, "big"),
           (GETITEM, 2.0 ** 61, 0), (SET, 2 ** 63 - 1, "max"), (GET, 2 ** 63 - 1, 0)),
    # NaN (one key in pydm only when the same object: bits equal here), None, tuples, strs
    script((SET, None, 0), (SET, (1, 2), "t"), (GETITEM, (1.0, 2), 0), (SET, "s", "str"),
           (GETITEM, "s", 0), (DEL, (1, 2), 0), (GETITEM, (1, 2), 0), (POP, None, 0), (POP, None, 0)),
    # many keys: growth (a rebuild under a store whose first slot was empty), deletes between
    script(*[(SET, j * 5 % 37, j) for j in range(60)], *[(DEL, j, 0) for j in range(0, 37, 2)],
           *[(SET, j * 64, j) for j in range(30)], *[(GET, j, 0) for j in range(0, 40, 3)],
           *[(GETITEM, j * 64, 0) for j in range(0, 33, 4)]),
    # an unhashable key: TypeError before anything (not caught by the script)
]


@pytest.mark.parametrize("i", range(len(SCRIPTS)))
def test_scripts_on_a_new_dict(i):
    check(run_script, {}, SCRIPTS[i])


@pytest.mark.parametrize("i", range(len(SCRIPTS)))
def test_scripts_on_a_callers_dict(i):
    # the caller's dict arrives with no index: the first op builds it
    check(run_script, {8: "x", 1.0: "one", "s": None, -2: "m2", 64: 1}, SCRIPTS[i])


def test_unhashable_key():
    check(run_script, {1: 2}, [(GET, [1], 0)])
    check(run_script, {1: 2}, [(SET, {}, 0)])


@pytest.mark.parametrize("n, step, drop", [(0, 1, 0), (5, 1, 0), (40, 1, 0), (40, 8, 0), (40, 64, 3),
                                           (100, 1024, 2), (100, 2 ** 40, 5), (70, -1, 4), (28, 2 ** 58, 0)])
def test_int_keys(n, step, drop):
    check(int_keys, n, step, drop)


@pytest.mark.parametrize("text, probes", [
    ("the quick brown fox jumps over the lazy dog the end", ["the", "fox", "cat", 7]),
    ("", ["the"]),
    ("the\u3000the\xa0fox", ["the", "fox"]),
    ("é é ü the", ["é", "ü", "the"]),
    (" ".join(str(i % 17) for i in range(200)), [str(i) for i in range(20)]),
])
def test_str_keys(text, probes):
    check(str_keys, text, probes)


@pytest.mark.parametrize("d, k", [({1: 1}, 1), ({1: 1}, 2), ({}, 0), ({0: 0, 8: 8}, 16)])
def test_size_change_during_iteration(d, k):
    check(grow_while_iterating, d, k)
