"""Ahead of time: ``pydm.compile_file`` on a module of tuple-typed functions,
``pydm.load`` it, call the loaded functions with tuples. The same source run
as plain Python (``pydm.jit`` as the identity) is the reference."""
import textwrap
import types

import pytest

import pydm

from .tharness import INF, INT64_MIN, NAN, same, show

SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def pair_sum(t: tuple[int, float]) -> float:
        a, b = t
        return a + b


    @pydm.jit
    def swap(t: tuple[int, float]):
        return (t[1], t[0])


    @pydm.jit
    def stats(t: tuple[float, ...]):
        n = 0
        s = 0.0
        for x in t:
            n += 1
            s += x
        return (n, s)


    @pydm.jit
    def dot(t: tuple[tuple[int, int], ...]):
        s = 0
        for a, b in t:
            s += a * b
        return s


    @pydm.jit
    def ident(x):
        return x


    @pydm.jit
    def make(n: int):
        return (n, n * 0.5, (n > 0, None), ())


    @pydm.jit
    def first(t: tuple):
        return t[0]


    @pydm.jit
    def qr(a: int, b: int):
        return divmod(a, b)


    @pydm.jit
    def pairs(n: int):
        acc = (0, 1)
        for i in range(n):
            a, b = acc
            acc = (b, (a + b) % 1000003)
        return acc


    @pydm.jit
    def unpack3(t):
        a, b, c = t
        return (c, b, a)
''')


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    d = tmp_path_factory.mktemp("tuples_aot")
    src = d / "tuple_prog.py"
    src.write_text(SOURCE)
    out = d / "tuple_prog.vmfb"
    pydm.compile_file(str(src), str(out))
    plain = types.ModuleType("tuple_prog_plain")
    plain.pydm = types.SimpleNamespace(jit=lambda f: f)
    exec(compile(SOURCE.replace("import pydm\n", ""), str(src), "exec"), plain.__dict__)
    return pydm.load(str(out)), plain


def outcome(fn, args):
    try:
        return "ok", fn(*args)
    except Exception as exc:  # noqa: BLE001 - compared below
        return "exc", exc


CALLS = [
    ("pair_sum", ((1, 2.5),)), ("pair_sum", ((-3, -0.0),)),
    ("swap", ((1, 2.5),)), ("swap", ((INT64_MIN, NAN),)),
    ("stats", ((),)), ("stats", ((1.5, -0.0, INF),)),
    ("dot", ((),)), ("dot", (((1, 2), (3, 4)),)),
    ("ident", ((1, (2.5, (None, True)), ()),)), ("ident", (7,)), ("ident", (None,)),
    ("make", (3,)), ("make", (-1,)),
    ("first", ((1.5, 2),)), ("first", (((1,), 2),)), ("first", ((),)),
    ("qr", (7, -2)), ("qr", (7, 0)), ("qr", (INT64_MIN, -1)),
    ("pairs", (0,)), ("pairs", (1000,)),
    ("unpack3", ((1, 2.5, None),)), ("unpack3", ((1, 2),)), ("unpack3", ((1, 2, 3, 4),)), ("unpack3", (5,)),
]


@pytest.mark.parametrize("name,args", CALLS, ids=[f"{n}{i}" for i, (n, _) in enumerate(CALLS)])
def test_loaded_functions_agree(modules, name, args):
    loaded, plain = modules
    rk, rv = outcome(getattr(plain, name), args)
    pk, pv = outcome(getattr(loaded, name), args)
    where = f"{name}{args!r}: CPython {show(rk, rv)}, pydm {show(pk, pv)}"
    if rk == "ok" and type(rv) is tuple and any(type(x) is int and not -2**63 <= x < 2**63 for x in rv):
        assert pk == "exc" and type(pv) is OverflowError, where  # the documented int divergence
    elif rk == "exc":
        assert pk == "exc" and type(pv) is type(rv) and str(pv) == str(rv), where
    else:
        assert pk == "ok" and same(rv, pv), where


@pytest.mark.parametrize("name,arg", [("pair_sum", (1, "x")), ("pair_sum", (1,)), ("pair_sum", (1.5, 2.5)),
                                      ("swap", 5), ("stats", (1.5, None)), ("dot", ((1, 2, 3),)),
                                      ("first", 1), ("ident", (b"x",))])
def test_loaded_functions_reject(modules, name, arg):
    loaded, _ = modules
    with pytest.raises(TypeError):
        getattr(loaded, name)(arg)


def test_loaded_numeric_tower_in_tuples(modules):
    loaded, _ = modules
    assert loaded.pair_sum((1, 2)) == 3
    n, s = loaded.stats((1, 2))
    assert (n, s) == (2, 3)
