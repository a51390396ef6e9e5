"""Argument binding and compile errors at the JIT boundary.

* A function that fails to compile raises the same CompileError on every call
  (nothing half-cached after the first failure), whatever the arguments.
* Every argument-binding TypeError (too many, missing, unexpected keyword,
  multiple values) is CPython's, message included: compared with calling the
  plain Python function (``fn.py_func``) with the same arguments."""
import pytest

import pydm

from .binding_cases import CALLS, kwonly, many, no_params, one, star_kw, three, two, bad_return, bad_body


def outcome(fn, args, kwargs):
    try:
        return ("value", fn(*args, **kwargs))
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return ("raise", type(exc).__name__, str(exc))


@pytest.mark.parametrize("name,args,kwargs", CALLS, ids=[f"{n}{a}{k}" for n, a, k in CALLS])
def test_binding_matches_cpython(name, args, kwargs):
    fn = {"no_params": no_params, "one": one, "two": two, "three": three, "many": many, "star_kw": star_kw}[name]
    want = outcome(fn.py_func, args, kwargs)
    assert outcome(fn, args, kwargs) == want
    assert outcome(fn, args, kwargs) == want  # the second call takes the cached path
    assert outcome(fn.jit, args, kwargs) == want  # the JitFunction object binds the same way


def test_two_takes_from_1_to_2_positional_arguments():
    with pytest.raises(TypeError) as info:
        two(1, 2, 3)
    assert str(info.value) == "two() takes from 1 to 2 positional arguments but 3 were given"


@pytest.mark.parametrize("fn", [bad_return, bad_body], ids=["annotation", "body"])
def test_compile_error_every_call(fn):
    with pytest.raises(pydm.CompileError) as first:
        fn(1)
    for args, kwargs in [((1,), {}), ((2,), {}), ((), {"x": 1}), ((2.5,), {})]:
        with pytest.raises(pydm.CompileError) as again:
            fn(*args, **kwargs)
        assert str(again.value) == str(first.value)


def test_keyword_only_parameter_binds_like_cpython():
    """Keyword-only parameters are supported since issue 9: every binding, and
    every binding error, is CPython's."""
    for args, kwargs in [((1,), {"k": 2}), ((1,), {}), ((), {"a": 1, "k": 2}), ((1, 2), {}), ((), {}),
                         ((1,), {"j": 2})]:
        assert outcome(kwonly, args, kwargs) == outcome(kwonly.py_func, args, kwargs), (args, kwargs)