"""Regressions of type inference and of typed twins: (o), (c) and (e).

(o) Assigning the result of a call that always raises, then assigning the
same name a value of another type, crashed the compiler (``AssertionError:
pydm internal: cannot coerce ...``) instead of raising the callee's error at
run time.

(c) Local type inference stopped after 50 rounds. In a loop with a long chain
of assignments written so that a float reaches the end of the chain one
assignment per round (``x130 = x129; ...; x1 = x0; x0 = 1.5``), the last
variables stayed typed ``int`` while they held floats, and the call raised
``TypeError: pydm: expected int, got 'float'`` where CPython returns a value.

(e) A generic function's typed twin may be left out only when its body is
not compilable for its types (a ``TypeSpecificError``, e.g. ``x is y`` on
two ints); a twin that fails for an internal reason must make the compile
fail, never silently fall back to the generic code.
"""
import re

import pytest

import pydm
from pydm.errors import CompileError, InternalError, TypeSpecificError, error_at
from pydm.frontend import importer
from conformance.harness import check_many
from shared import import_source


# ---------------------------------------------------------------- (o) a call that always raises

@pydm.jit
def div_zero(x: int):
    return x // 0


@pydm.jit
def generic_raises(x):
    return x + None


@pydm.jit
def recursive_raises(x: int):
    return recursive_raises(x - 1) if x > 0 else x // 0


@pydm.jit
def raises_then_float(p: int):
    v = div_zero(p)
    v = 1.5
    return v


@pydm.jit
def float_then_raises(p: int):
    v = 1.5
    v = div_zero(p)
    return v


@pydm.jit
def raises_or_float(p: int):
    if p:
        v = div_zero(p)
    else:
        v = 2.5
    return v


@pydm.jit
def generic_raises_then_none(p: int):
    v = generic_raises(p)
    v = None
    return v


@pydm.jit
def recursion_raises_then_float(p: int):
    v = recursive_raises(p)
    v = 0.5
    return v


@pydm.jit
def raises_then_float_in_loop(n: int):
    v = 0.5
    for i in range(n):
        v = div_zero(i)
        v = 2.5
    return v


@pydm.jit
def raises_then_bool_in_tuple(p: int):
    v = div_zero(p)
    v = True
    return v, 1


@pydm.jit
def raises_into_object(p: object):
    v = generic_raises(p)
    v = p
    v = 0.25
    return v


@pytest.mark.parametrize("fn, cases", [
    (raises_then_float, [(0,), (1,)]),
    (float_then_raises, [(0,), (1,)]),
    (raises_or_float, [(0,), (1,)]),
    (generic_raises_then_none, [(3,)]),
    (recursion_raises_then_float, [(0,), (3,)]),
    (raises_then_float_in_loop, [(0,), (2,)]),
    (raises_then_bool_in_tuple, [(1,)]),
    (raises_into_object, [(1,), (1.5,), (None,)]),
], ids=lambda v: getattr(getattr(v, "py_func", None), "__name__", ""))
def test_reassigning_the_result_of_a_call_that_always_raises(fn, cases):
    check_many(fn, cases)


# ---------------------------------------------------------------- (c) long assignment chains

def chain_source(n: int, ascending: bool) -> str:
    """x0..x{n-1} start as ints; each trip of the loop copies x{i} into x{i+1}
    and then sets x0 = 1.5. In descending order (x{n-1} = x{n-2} first) the
    float moves one variable per trip in CPython - x{n-1} is a float only after
    n trips - and one variable per round of a source-order inference."""
    order = range(n - 1) if ascending else reversed(range(n - 1))
    lines = ["import pydm", "", "", "@pydm.jit", "def chain(k: int):"]
    lines += [f"    x{i} = 0" for i in range(n)]
    lines += ["    for it in range(k):"]
    lines += [f"        x{i + 1} = x{i}" for i in order]
    lines += ["        x0 = 1.5"]
    lines += [f"    return x{n - 1}, x{n - 1} * 2, x{n // 2}"]
    return "\n".join(lines) + "\n"


def load_source(tmp_path, name: str, source: str):
    return import_source(tmp_path, name, source)


@pytest.mark.parametrize("ascending", [False, True], ids=["descending", "ascending"])
@pytest.mark.parametrize("n", [130, 300])
def test_long_assignment_chain_in_a_loop(tmp_path, n, ascending):
    mod = load_source(tmp_path, f"regr_chain_{n}_{int(ascending)}", chain_source(n, ascending))
    ks = [0, 1, 2, n // 2, n - 2, n - 1, n, n + 3]
    check_many(mod.chain, [(k,) for k in ks])
    # not vacuous: the last variable holds an int, then a float
    first_float = 2 if ascending else n
    assert type(mod.chain.py_func(first_float - 1)[0]) is int
    assert type(mod.chain.py_func(first_float)[0]) is float


# ---------------------------------------------------------------- (e) typed twins

def symbols(ir_text: str) -> set:
    return set(re.findall(r"func\.func\s+(?:public\s+|private\s+)?@([\w$]+)", ir_text))


@pydm.jit
def identity_test(x: object, y: object):
    if x is y:
        return 1
    return x - y


def test_twin_not_compilable_for_its_types_is_dropped():
    """``x is y`` on two numbers is rejected for those static types (a
    TypeSpecificError), so every numeric twin is left out: the generic code
    alone answers, like CPython."""
    check_many(identity_test, [(1, 2), (1, 1), (1.5, 2), (3, 0.5), (2.5, 2.5), (None, None),
                               (True, 1), (True, True), (None, 1), (1, None)])
    funcs = symbols(identity_test.inspect("pydm"))
    assert "identity_test$oo" in funcs, funcs
    assert not funcs & {"identity_test$ii", "identity_test$if", "identity_test$fi", "identity_test$ff"}, funcs


IDENTITY_SOURCE = '''\
import pydm


@pydm.jit
def same(x, y):
    if x is y:
        return 1
    return x - y
'''


def test_twin_not_compilable_is_dropped_ahead_of_time(tmp_path):
    src = tmp_path / "regr_identity.py"
    src.write_text(IDENTITY_SOURCE)
    out = tmp_path / "regr_identity.vmfb"
    pydm.compile_file(str(src), str(out))
    m = pydm.load(str(out))
    ns = {}
    exec(IDENTITY_SOURCE.replace("import pydm\n", "").replace("@pydm.jit\n", ""), ns)
    for args in [(1, 2), (1, 1), (1.5, 2), (None, None), (2.5, 0.5)]:
        assert m.same(*args) == ns["same"](*args) and type(m.same(*args)) is type(ns["same"](*args))
    with pytest.raises(TypeError) as got:
        m.same(None, 1)
    with pytest.raises(TypeError) as want:
        ns["same"](None, 1)
    assert str(got.value) == str(want.value)


# One function per test below: the JIT caches a compiled program per function.

@pydm.jit
def twin_control(x: object, y: object):
    return x * 2 - y


@pydm.jit
def twin_internal_a(x: object, y: object):
    return x * 2 - y


@pydm.jit
def twin_internal_b(x: object, y: object):
    return x * 2 - y


@pydm.jit
def twin_type_specific(x: object, y: object):
    return x * 2 - y


def fail_in_twin(monkeypatch, symbol: str, make_exc):
    """Make ``FunctionImporter.stmt_Return`` raise ``make_exc(node)`` while
    building the specialization ``symbol`` (and only it)."""
    original = importer.FunctionImporter.stmt_Return
    hits = []

    def stmt_Return(self, s):
        if self.root.symbol == symbol:
            hits.append(symbol)
            raise make_exc(s)
        return original(self, s)

    monkeypatch.setattr(importer.FunctionImporter, "stmt_Return", stmt_Return)
    return hits


def test_twins_exist_without_injected_failures():
    """The control for the tests below: the function has an (int, float) twin."""
    funcs = symbols(twin_control.inspect("pydm"))
    assert {"twin_control$oo", "twin_control$ii", "twin_control$if", "twin_control$fi",
            "twin_control$ff"} <= funcs, funcs
    check_many(twin_control, [(1, 2), (1, 2.5), (1.5, 2), (None, 1)])


def test_internal_error_in_a_twin_is_not_hidden(monkeypatch):
    """A stray Python exception while building one twin (a pydm bug) becomes an
    InternalError and the compile fails; the twin is not dropped."""
    hits = fail_in_twin(monkeypatch, "twin_internal_a$if", lambda s: RuntimeError("injected pydm bug"))
    with pytest.raises(CompileError) as info:
        twin_internal_a(1, 2.5)
    assert hits, "the injected failure was never reached"
    assert isinstance(info.value, InternalError) and not isinstance(info.value, TypeSpecificError), info.value
    assert "injected pydm bug" in str(info.value)


def test_internal_compile_error_in_a_twin_is_not_hidden(monkeypatch):
    hits = fail_in_twin(monkeypatch, "twin_internal_b$fi",
                        lambda s: error_at(s, "injected internal error", cls=InternalError))
    with pytest.raises(InternalError, match="injected internal error"):
        twin_internal_b.inspect("pydm")
    assert hits, "the injected failure was never reached"


def test_type_specific_error_in_a_twin_drops_only_that_twin(monkeypatch):
    """The same injection as a TypeSpecificError: the twin is left out and
    the function still answers like CPython through the generic code."""
    hits = fail_in_twin(monkeypatch, "twin_type_specific$if",
                        lambda s: error_at(s, "not for these types", cls=TypeSpecificError))
    funcs = symbols(twin_type_specific.inspect("pydm"))
    assert hits, "the injected failure was never reached"
    assert "twin_type_specific$if" not in funcs, funcs
    assert {"twin_type_specific$oo", "twin_type_specific$ii", "twin_type_specific$fi",
            "twin_type_specific$ff"} <= funcs, funcs
    check_many(twin_type_specific, [(1, 2), (1, 2.5), (1.5, 2), (2.5, 0.5), (None, 1), (True, 0.5)])
