"""An ``int`` key's hash is computed inline by compiled code (``d[k]``, ``d[k] = v``,
``del d[k]``, ``k in d``, ``d.get(k)`` on a ``dict``: ``pydm/frontend/dicts.py``
``key_hash``), CPython's own only below ``2**61 - 1`` in magnitude and the
library's ``hash_int`` beyond: the keys around those edges, ``-1`` (which hashes
to ``-2``, like ``-2``), and floats and bools equal to them (one key with the int)
must be found, replaced and deleted as CPython's dict does, in a dict from the
caller (indexed at the first lookup) and in one built inside."""
import pytest

import pydm

from .dharness import check

M61 = 2 ** 61 - 1
KEYS = [0, 1, -1, -2, 2, 12345, M61 - 1, M61, M61 + 1, 2 ** 61, 2 ** 62, 2 ** 63 - 1,
        -(M61 - 1), -M61, -M61 - 1, -2 ** 61, -2 ** 63]


@pydm.jit
def int_key_ops(k: int, d: dict):
    out = [k in d, d.get(k, "missing")]
    d[k] = "set"
    out.append(d[k])
    d[k * 1] = "again"
    out.append(len(d))
    del d[k]
    out.append(k in d)
    out.append(d.get(k))
    d[k] = len(d)
    return out


@pydm.jit
def built_inside(k: int):
    step = -1 if k > 0 else 1  # towards 0: every key fits in 64 bits
    d = {}
    for j in range(40):
        d[k + step * j] = j
        d[j] = -j
    for j in range(0, 40, 3):
        del d[k + step * j]
    return d, [d.get(k + step * j, "gone") for j in range(40)], k in d, (k + step) in d


MIXED = {1.0: "one", True: "true", -2.0: "minus two", 2.0 ** 61: "2**61 as float", 0.0: "zero",
         -1: "minus one", M61: "P", -M61: "-P", 2 ** 63 - 1: "max", -2 ** 63: "min", 2 ** 62: "2**62"}


@pytest.mark.parametrize("k", KEYS)
def test_int_key_in_a_callers_dict(k):
    check(int_key_ops, k, dict(MIXED))
    check(int_key_ops, k, {})


@pytest.mark.parametrize("k", KEYS)
def test_int_keys_in_a_dict_built_inside(k):
    check(built_inside, k)
