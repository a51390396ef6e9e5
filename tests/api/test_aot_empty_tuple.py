"""Ahead of time, an export that returns or takes ``()`` (a tuple with no
scalar inside) gets no SIP variant - there is nothing to flatten - and
compiles (found by the program fuzzer: the variant's text had an ``scf.if``
with zero results, an MLIR parse error inside ``pydm compile``)."""
import types

import pytest

import pydm
from shared import outcome

SOURCE = '''\
import pydm


@pydm.jit
def empty(p0: int):
    def g(a):
        a = ()[2]
    if p0 > 0:
        g(0)
    return ()


@pydm.jit
def takes(t: tuple[()], n: int) -> tuple[int, tuple[()]]:
    return (n + len(t), t)
'''


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    from pydm.aot import compile_path
    folder = tmp_path_factory.mktemp("empty_tuple")
    src = folder / "empty_tuple_prog.py"
    src.write_text(SOURCE)
    out = folder / "empty_tuple_prog.vmfb"
    out.write_bytes(compile_path(str(src)).vmfb)
    plain = types.ModuleType("empty_tuple_prog")
    exec(compile(SOURCE, str(src), "exec"), plain.__dict__)
    return pydm.load(str(out)), plain


@pytest.mark.parametrize("name, args", [("empty", (1,)), ("empty", (0,)), ("takes", ((), 4))])
def test_empty_tuple_exports_against_cpython(loaded, name, args):
    module, plain = loaded
    assert outcome(getattr(module, name), *args, show=repr) == outcome(getattr(plain, name).py_func, *args, show=repr)
