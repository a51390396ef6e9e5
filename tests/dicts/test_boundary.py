"""Dicts at the boundary: a dict argument crosses by reference (the caller's
dict shows the function's changes, also when it raises; a returned argument
is the caller's object; a dict held twice is one dict), dicts inside lists
and tuples, and the AOT round trip (``pydm compile`` + ``pydm.load``)."""
import subprocess
import sys
import textwrap

import pydm

from .dharness import check


@pydm.jit
def bump(d: dict, k: int) -> None:
    d[k] = d.get(k, 0) + 1


@pydm.jit
def bump_then_fail(d, k):
    d[k] = 1
    del d[0]
    return d[k + 1]


@pydm.jit
def same_twice(a, b):
    a[1] = 2
    return (a is b, len(b), b)


@pydm.jit
def nested(xs):
    xs[0][5] = 6
    xs[1].append(xs[0])
    return xs


@pydm.jit
def holds_itself(d):
    d[0] = d
    return len(d)


@pydm.jit
def returns_new():
    return {1: [2], (3, 4.5): {5: None}, True: -0.0}


def test_mutation_seen_by_caller():
    d = {1: 1}
    assert bump(d, 1) is None and bump(d, 2) is None
    assert d == {1: 2, 2: 1} and list(d) == [1, 2]


def test_cases():
    for fn, args in [(bump_then_fail, ({0: 0, 1: 1}, 5)), (bump_then_fail, ({1: 1}, 5)),
                     (bump_then_fail, ({0: 1, 6: 7}, 5)), (same_twice, ({}, {})), (nested, ([{}, []],)),
                     (returns_new, ())]:
        check(fn, *args)
    d = {}
    check(same_twice, d, d)


def test_dict_holding_itself():
    d = {1: 2}
    assert holds_itself(d) == 2 and d[0] is d


SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def count(xs: list) -> dict:
        out = {}
        for x in xs:
            out[x] = out.get(x, 0) + 1
        return out


    @pydm.jit
    def put(d: dict, k: object, v: object) -> int:
        d[k] = v
        return len(d)


    @pydm.jit
    def lookup(d: dict[int, float], k: object) -> object:
        return d[k]
''')


def test_aot_round_trip(tmp_path):
    src = tmp_path / "dict_prog.py"
    src.write_text(SOURCE)
    out = tmp_path / "dict_prog.vmfb"
    p = subprocess.run([sys.executable, "-m", "pydm", "compile", str(src), "-o", str(out)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    m = pydm.load(str(out))
    assert m.count([1, 2, 1, 1.0, (1, 2)]) == {1: 3, 2: 1, (1, 2): 1}
    d = {5: 6}
    assert m.put(d, (1, 2), [3]) == 2 and d == {5: 6, (1, 2): [3]}
    assert m.lookup(d, 5) == 6
    try:
        m.lookup(d, 7)
    except KeyError as e:
        assert e.args == (7,)
    else:
        raise AssertionError("no KeyError")
