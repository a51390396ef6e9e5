"""``@pydm.host`` functions (pydm/hostfn.py, pydm/runtime/user_host.py):
each program of ``host_programs.py`` runs under CPython (``py_func``, the
real host functions) and under pydm (the same functions through the host
module), comparing the outcome (value and type at every level, or the
exception's class, str and args), what ``print`` wrote and what the host
functions recorded, in order."""
from __future__ import annotations

import os

import pytest

import pydm
from conformance.harness import reference
from exceptions.eharness import compare_outcomes, run
from shared import error_markers, run_threads

from . import bad_host_programs as bad
from . import host_programs as hp


def outcome(capsys, fn, args):
    hp.LOG.clear()
    capsys.readouterr()
    result = run(fn, args)
    return result, capsys.readouterr().out, list(hp.LOG)


def cpython(jit_fn):
    """``reference(jit_fn)`` calling the host functions themselves (the harness
    copies every global with a ``py_func`` into the jit module's globals, which
    would run another module's host function with the wrong globals)."""
    ref = reference(jit_fn)
    for name, value in jit_fn.py_func.__globals__.items():
        if isinstance(value, pydm.HostFunction):
            ref.__globals__[name] = value
    return ref


def agree(capsys, jit_fn, *args):
    r, r_text, r_log = outcome(capsys, cpython(jit_fn), args)
    p, p_text, p_log = outcome(capsys, jit_fn, args)
    where = f"{jit_fn.py_func.__name__}{args!r}"
    assert p_text == r_text, f"{where}: CPython wrote {r_text!r}, pydm {p_text!r}"
    assert p_log == r_log and [type(x) for x in p_log] == [type(x) for x in r_log], \
        f"{where}: CPython's host saw {r_log!r}, pydm's {p_log!r}"
    d = compare_outcomes(r, p)
    assert d is None, f"{where}: {d}"
    return r


@pytest.mark.parametrize("args", [(2, 2.5, "ab"), (7, -0.0, ""), (-3, 1e300, "z\u00e9")])
def test_values_of_each_type(capsys, args):
    agree(capsys, hp.values, *args)


@pytest.mark.parametrize("n, x", [(2, 2.5), (-3, -0.0), (11, 1e300), (12, 0.5)])
def test_keyword_arguments(capsys, n, x):
    agree(capsys, hp.keywords, n, x)


@pytest.mark.parametrize("n, x", [(2, 2.5), (-3, -0.0), (0, 1e300)])
def test_star_and_keyword_only_parameters(capsys, n, x):
    agree(capsys, hp.star_parameters, n, x)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_side_effects_in_order(capsys, n):
    agree(capsys, hp.effects, n)


@pytest.mark.parametrize("kind", range(7))
def test_exception_caught_in_compiled_code(capsys, kind):
    agree(capsys, hp.catches, kind, "bad {thing}")


@pytest.mark.parametrize("kind", [0, 1, 2, 3, 4, 5, 6])
def test_exception_escapes_as_its_class(capsys, kind):
    for fn in (hp.escapes, hp.reraises):
        kind_, value = agree(capsys, fn, kind, "[1, ")
        if kind_ != "ok" and kind in (4, 5):  # a class the module does not compile arrives as itself
            assert type(run(fn, (kind, "[1, "))[1]).__name__ in ("HostError", "JSONDecodeError")


@pytest.mark.parametrize("n", [3, 0, -1])
def test_typed_call_raises(capsys, n):
    agree(capsys, hp.typed_raises, n)


@pytest.mark.parametrize("n", [0, 1, 30])
def test_host_function_calling_compiled_code(capsys, n):
    agree(capsys, hp.ping, n)


@pytest.mark.parametrize("n", [0, 2, 3, 7])
def test_host_changes_what_it_was_passed(capsys, n):
    agree(capsys, hp.mutated, n)


@pytest.mark.parametrize("n", [5, 3])
def test_host_function_of_another_module(capsys, n):
    agree(capsys, hp.imported, n)


def test_system_exit_escapes_as_itself():
    """(eharness.run lets SystemExit through: compared here by hand)"""
    outcomes = []
    for fn in (cpython(hp.imported), hp.imported):
        with pytest.raises(SystemExit) as ei:
            fn(1)
        outcomes.append((type(ei.value), ei.value.args))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("kind", [1, 2, 4, 5])
def test_caught_exception_printed_and_chained(capsys, kind):
    r = agree(capsys, hp.wraps, kind)
    p = run(hp.wraps, (kind,))
    assert type(p[1].__cause__) is type(r[1].__cause__) and str(p[1].__cause__) == str(r[1].__cause__)
    capsys.readouterr()


def test_threads():
    """Each thread has its own host module (and kept exceptions): calls from
    four threads at once, raising and not, agree with CPython's."""
    cases = [(hp.typed_raises, (n,)) for n in (3, 0, -1)] + [(hp.catches, (k, "t")) for k in range(7)]
    expected = [run(cpython(fn), args) for fn, args in cases]

    def work(_):
        for _round in range(20):
            for (fn, args), r in zip(cases, expected):
                d = compare_outcomes(r, run(fn, args))
                assert d is None, f"{fn.py_func.__name__}{args!r}: {d}"
    run_threads(4, work)
    hp.RAISED.clear()  # (their tracebacks' frames hold VM objects, reported as leaked at exit)


def test_escaped_exception_is_the_object_raised():
    """Not a copy: the exception the host function raised, with its traceback."""
    with pytest.raises(hp.HostError) as ei:
        hp.escapes(4, "x")
    assert ei.value is hp.RAISED[-1]
    assert any(t.tb_frame.f_code is hp.fail.py_func.__code__ for t in _frames(ei.value.__traceback__))
    hp.RAISED.clear()
    ei.value.__traceback__ = None  # (its frames hold VM objects, reported as leaked at exit)


def _frames(tb):
    while tb is not None:
        yield tb
        tb = tb.tb_next


_PATH = os.path.abspath(bad.__file__)
marked_line = error_markers(_PATH)


@pytest.mark.parametrize("fname, marked, message", [
    ("too_many", "too_many", "takes 1 positional argument but 2 were given"),
    ("wrong_type", "wrong_type", "argument 'x' must be int, not str"),
    ("by_keyword", "by_keyword", "got an unexpected keyword argument 'y'"),
    ("twice", "twice", "got multiple values for argument 'x'"),
    ("missing", "missing", "missing 1 required positional argument: 'x'"),
    ("positional_by_keyword", "positional_by_keyword",
     "pos_only() got some positional-only arguments passed as keyword arguments: 'x'"),
    ("wrong_extra_keyword", "wrong_extra_keyword", "keyword_only() argument 'more' must be int, not str"),
    ("keyword_only_by_position", "keyword_only_by_position",
     "keyword_only() takes 1 positional argument but 2 were given"),
    ("calls_bad_default", "bad_default", "a default of the host function 'bad_default' is not a constant"),
    ("calls_unannotated", "unannotated", "needs an annotation"),
    ("calls_wrong_fallback", "calls_wrong_fallback", "returns str, not int"),
])
def test_compile_error(fname, marked, message):
    with pytest.raises(pydm.CompileError) as ei:
        getattr(bad, fname)(1)
    e = ei.value
    assert os.path.realpath(e.filename) == os.path.realpath(_PATH), e.filename
    assert e.lineno == marked_line(marked), f"error at line {e.lineno}, expected {marked_line(marked)}:\n{e}"
    assert message in str(e), str(e)
