"""Strings across the module boundary: a Python str in (annotated ``str``,
``object``, unannotated, inside tuples and lists) and out, as the record
``[4, list of codepoints]``; any Unicode round-trips, lone surrogates
included (a codepoint like any other). Ahead of time too: ``pydm.compile_file``
then ``pydm.load``."""
from __future__ import annotations

import textwrap
import types

import pytest

import pydm

TEXTS = ["", "a", "h\u00e9llo w\u00f6rld", "\U0001F600\U0001F680", "\ud800", "a\udfffb", "\x00\n\t",
         "\U0010FFFF", "x" * 1000]


@pydm.jit
def ident(x):
    return x


@pydm.jit
def ident_str(s: str) -> str:
    return s


@pydm.jit
def ident_obj(x: object):
    return x


@pydm.jit
def swap(t: tuple[str, int]):
    return (t[1], t[0] + "!")


@pydm.jit
def push(xs: list, s: str):
    xs.append(s)
    xs[0] = s + "/" + xs[0]
    return len(xs)


@pydm.jit
def nested(s: str):
    return [s, (s, [s + s]), s[:1]]


@pytest.mark.parametrize("fn", [ident, ident_str, ident_obj])
def test_round_trip(fn):
    for s in TEXTS:
        out = fn(s)
        assert type(out) is str and out == s, (fn.__name__, s, out)
        assert fn((s, 1)) == (s, 1) if fn is not ident_str else True


def test_in_tuples_and_lists():
    assert swap(("ab", 3)) == (3, "ab!")
    xs = ["x", 1]
    assert push(xs, "\u00e9") == 3
    assert xs == ["\u00e9/x", 1, "\u00e9"] and all(type(v) in (str, int) for v in xs)
    assert nested("q\U0001F600") == ["q\U0001F600", ("q\U0001F600", ["q\U0001F600q\U0001F600"]), "q"]
    assert ident(["a", ("b", ["c"])]) == ["a", ("b", ["c"])]


def test_str_subclass_crosses_as_a_str():
    class Name(str):
        pass
    out = ident_str(Name("abc"))
    assert type(out) is str and out == "abc"


def test_wrong_types_are_rejected():
    with pytest.raises(TypeError, match="argument 's' must be str, not int"):
        ident_str(1)
    with pytest.raises(TypeError):
        ident(b"bytes")
    with pytest.raises(TypeError):
        swap((1, 2))


SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def greet(name: str) -> str:
        return "hello " + name + "!"


    @pydm.jit
    def count(s: str, c: str):
        n = 0
        for x in s:
            if x == c:
                n += 1
        return n


    @pydm.jit
    def ident(x):
        return x


    @pydm.jit
    def fail(s: str):
        raise ValueError(s + "?")


    @pydm.jit
    def args_of(s: str):
        try:
            raise KeyError("k\\u00e9y")
        except KeyError as e:
            return e.args + (s,)
''')


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    d = tmp_path_factory.mktemp("aot_str")
    src, out = d / "strs.py", d / "strs.vmfb"
    src.write_text(SOURCE, encoding="utf-8")
    pydm.compile_file(str(src), str(out))
    plain = types.ModuleType("plain")
    exec(compile(SOURCE.replace("import pydm\n", ""), str(src), "exec"),
         {**plain.__dict__, "pydm": types.SimpleNamespace(jit=lambda f: f)}, plain.__dict__)
    return pydm.load(str(out)), plain


@pytest.mark.parametrize("name,args", [("greet", ("w\u00f6rld",)), ("greet", ("",)), ("count", ("abcab", "b")),
                                       ("count", ("\U0001F600a\U0001F600", "\U0001F600")), ("ident", ("\ud800",)),
                                       ("ident", (("a", ["b"]),)), ("fail", ("why",)), ("args_of", ("z",))])
def test_aot_agrees(modules, name, args):
    loaded, plain = modules
    want = got = None
    try:
        want = ("ok", getattr(plain, name)(*args))
    except Exception as e:  # noqa: BLE001
        want = ("raise", type(e).__name__, e.args)
    try:
        got = ("ok", getattr(loaded, name)(*args))
    except Exception as e:  # noqa: BLE001
        got = ("raise", type(e).__name__, e.args)
    assert got == want


def test_aot_rejects_a_non_str(modules):
    loaded, _ = modules
    with pytest.raises(TypeError):
        loaded.greet(5)
