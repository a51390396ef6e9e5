"""Sets at the boundary: a set argument crosses by reference (the caller's
set shows the function's changes, also when it raises; a returned argument
is the caller's object; a set held twice is one set), sets inside lists,
tuples and dicts, printing and formatting (the host's CPython sets), and the
AOT round trip (``pydm compile`` + ``pydm.load``) with ``set`` in the
signature."""
import subprocess
import sys
import textwrap

import pydm

from .sharness import check


@pydm.jit
def boundary_group(k: int, s, x, xs):
    if k == 0:
        return add_then_fail(s, x)
    if k == 1:
        return same_twice(s, xs)
    if k == 2:
        return nested(xs)
    if k == 3:
        return returns_new()
    return shown(s)


@pydm.jit
def add_then_fail(s, x):
    s.add(x)
    s.discard(1)
    s.remove(x + 1)
    return s


@pydm.jit
def same_twice(a, xs):
    b = xs[0]
    a.add(-1)
    return (a is b, len(b), b)


@pydm.jit
def nested(xs):
    xs[0].add(5)
    xs[1][0] = xs[0]
    return xs


@pydm.jit
def returns_new():
    return {1, (2, 3.5), None, "s", -0.0}


@pydm.jit
def shown(s):
    print(s, {1, 2}, set())
    return (str(s), repr({(1, 2)}), f"{s}|{set()!r}", str([s]))


@pydm.jit
def mutate(s: set, x: int) -> None:
    s.add(x)
    s.discard(-x)


def test_mutation_seen_by_caller():
    s = {1, -2}
    assert mutate(s, 2) is None
    assert s == {1, 2} and type(s) is set


def test_cases(capfd):
    for args in [(0, {1, 2}, 5, []), (0, {1, 6}, 5, []), (0, set(), 0, []), (2, set(), 0, [{1}, [0]]),
                 (3, set(), 0, []), (4, {1, 2, 3}, 0, []), (4, set(), 0, [])]:
        check(boundary_group, *args)
    s = {3}
    check(boundary_group, 1, s, 0, [s])
    out = capfd.readouterr().out.splitlines()
    assert len(out) == 4 and out[0::2] == out[1::2], out  # CPython's lines, then pydm's


SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def distinct(xs: list) -> set:
        return set(xs)


    @pydm.jit
    def grow(s: set, x: object) -> int:
        s.add(x)
        return len(s)


    @pydm.jit
    def common(a: set[int], b: set[int]) -> set[int]:
        return a & b
''')


def test_aot_round_trip(tmp_path):
    src = tmp_path / "set_prog.py"
    src.write_text(SOURCE)
    out = tmp_path / "set_prog.vmfb"
    p = subprocess.run([sys.executable, "-m", "pydm", "compile", str(src), "-o", str(out)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    m = pydm.load(str(out))
    got = m.distinct([1, 2, 1, 1.0, (1, 2)])
    assert type(got) is set and got == {1, 2, (1, 2)}
    s = {5}
    assert m.grow(s, (1, 2)) == 2 and s == {5, (1, 2)}
    assert m.common({1, 2, 3}, {2, 3, 4}) == {2, 3}
    try:
        m.grow([1], 2)
    except TypeError as e:
        assert "must be set, not list" in str(e), e
    else:
        raise AssertionError("no TypeError")  # the .vmfb's signature names set (pydm/compiler.py)
