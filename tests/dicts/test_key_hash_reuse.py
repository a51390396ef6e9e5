"""A str key read from a local variable is hashed once where an earlier hash
of it holds (``pydm/frontend/dicts.py`` ``key_hash``): these functions read a
key again after a store to it, in a loop that changes it, after a hash made
only on one branch, after a loop, and around ``del``; each must agree with
CPython (a stale hash would file a key under another key's hash: a missing
key or a duplicate; so each also looks every key up again, hashed afresh
through ``object``), and through ``try``/``except`` and ``continue``. One compile (a Batch) for all of them."""
import pydm

from .dharness import P, Batch


@pydm.jit
def counted_twice(text: str, n: int):
    # hashed once per statement: d.get then d[w] =; w in d then d[w] += 1
    d = {}
    for i in range(len(text) - n + 1):
        w = text[i:i + n]
        d[w] = d.get(w, 0) + 1
        if w in d:
            d[w] += 10
        else:
            d[w] = -1
    return d, [k in d for k in list(d)]


@pydm.jit
def stored_between(text: str, n: int):
    # a store to the key's variable between two reads: a new hash
    d = {}
    w = text
    d[w] = d.get(w, 0) + 1
    w = w + "!"
    d[w] = d.get(w, 0) + 2
    w = text[:n]
    d[w] = w in d
    return d, [k in d for k in list(d)]


@pydm.jit
def changed_in_loop(text: str, n: int):
    # hashed before the loop; the loop stores the key after reading it
    d = {}
    w = text
    d[w] = 0
    for i in range(n):
        d[w] = d.get(w, 0) + i
        w = w + "a"
    k = text
    d[k] = -5
    while n > 0:
        d[k] = len(d)
        k = k[1:] + "b"
        n -= 1
    return d, [k in d for k in list(d)]


@pydm.jit
def hashed_on_one_branch(text: str, n: int):
    # the hash of the first read is made on one branch only
    d = {text: 1}
    if n > 1:
        x = d.get(text, 0)
    else:
        x = 5
    d[text] = x + 1
    y = d[text] if n > 2 else 0
    d[text + text] = y
    d[text] = d[text] * 2 if text in d else 0
    return d, [k in d for k in list(d)]


@pydm.jit
def hashed_in_loop_read_after(text: str, n: int):
    # the hash is made in a loop body; the read after the loop is not covered by it
    d = {}
    w = text
    for i in range(n):
        d[w] = i
        w = text[:i]
    d[w] = d.get(w, -1) - 1
    return d, [k in d for k in list(d)]


@pydm.jit
def deleted_and_rebound(text: str, n: int):
    # del of the variable, then a new value in it
    d = {text: 0}
    w = text
    d[w] = 1
    del w
    w = text * n
    d[w] = d.get(w, 7)
    return d, [k in d for k in list(d)]


@pydm.jit
def through_handlers(text: str, n: int):
    # a hash made inside try: the handler is reached from before it too
    d = {text[:1]: 0}
    w = text[:n]
    try:
        if n > 2:
            raise ValueError("skip")
        x = d[w]
    except KeyError:
        x = -1
    except ValueError:
        w = text[1:]
        x = -2
    d[w] = x + 1
    i = 0
    while i < n:
        i += 1
        if w in d:
            w = w + "+"
            continue
        d[w] = i
    return d, [k in d for k in list(d)]


@pydm.jit
def reuse_group(k: int, a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6):
    if k == 0:
        return counted_twice(a0, b0)
    if k == 1:
        return stored_between(a1, b1)
    if k == 2:
        return changed_in_loop(a2, b2)
    if k == 3:
        return hashed_on_one_branch(a3, b3)
    if k == 4:
        return hashed_in_loop_read_after(a4, b4)
    if k == 5:
        return deleted_and_rebound(a5, b5)
    return through_handlers(a6, b6)


FUNCTIONS = (counted_twice, stored_between, changed_in_loop, hashed_on_one_branch, hashed_in_loop_read_after,
             deleted_and_rebound, through_handlers)
BATCH = Batch(reuse_group, [P(f, [("ab", 1)]) for f in FUNCTIONS])
CASES = [("", 0), ("", 1), ("a", 1), ("ab", 2), ("abcab", 2), ("héllo héllo", 3), ("\U0001f600ab\U0001f600", 1),
         ("xyz", 4)]


def test_key_hash_reuse():
    for fn in FUNCTIONS:
        BATCH.check_many(fn, CASES)
