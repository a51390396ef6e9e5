"""PLATFORM.md §4: the Python boundary.  iree.runtime's own invoker silently
turns a float into 0 for an i64 parameter (and an int into 0.0 for f64),
rejects bool, fails on ints beyond int64 with ``std::bad_cast``, and returns
i1 as int.  pydm's callables must behave like the Python function instead.
"""
from __future__ import annotations

import pytest

import pydm


@pydm.jit
def add_seven(n: int) -> int:
    return n + 7


@pydm.jit
def scaled(x: float) -> float:
    return x * 1.5


@pydm.jit
def ident_float(x: float) -> float:
    return x


@pydm.jit
def is_big(n: int) -> bool:
    return n > 1000


@pydm.jit
def negate(b: bool) -> bool:
    return not b


@pydm.jit
def mixed(n: int, x: float, b: bool) -> float:
    if b:
        return n + x
    return n - x


@pydm.jit
def nothing(n: int) -> None:
    k = n + 1


@pydm.jit
def bool_as_int(b: bool) -> int:
    return b + 3


# ---- float -> int parameter ----------------------------------------------------

@pytest.mark.parametrize("bad", [2.0, 2.75, -0.5, float("nan")], ids=repr)
def test_float_to_int_param_raises_type_error(bad):
    with pytest.raises(TypeError):
        add_seven(bad)


def test_float_to_int_param_never_silently_zero():
    try:
        r = add_seven(123.0)
    except TypeError:
        return
    pytest.fail(f"add_seven(123.0) returned {r!r} instead of raising TypeError")


@pytest.mark.parametrize("bad", ["5", None, [5], 3 + 0j], ids=repr)
def test_non_number_to_int_param_raises_type_error(bad):
    with pytest.raises(TypeError):
        add_seven(bad)


def test_str_to_float_param_raises_type_error():
    with pytest.raises(TypeError):
        scaled("2.0")


# ---- int -> float parameter ------------------------------------------------------

def test_int_to_float_param_is_accepted_like_cpython():
    """An int for a ``float`` parameter is accepted (PEP 484) and, as in CPython,
    stays an int inside the function (the JIT specializes on the argument type)."""
    r = scaled(3)
    assert type(r) is float and r == 4.5
    for v in (7, -(2**53) - 1):
        r = ident_float(v)
        assert type(r) is type(ident_float.py_func(v)) and r == ident_float.py_func(v)


def test_bool_to_float_param():
    r = ident_float(True)
    assert type(r) is bool and r is ident_float.py_func(True)


def test_int_and_bool_mixed_params():
    r = mixed(4, 0.25, True)
    assert type(r) is float and r == 4.25
    r = mixed(4, 0.25, False)
    assert type(r) is float and r == 3.75
    assert mixed(2, 1, 1 == 1) == 3.0


# ---- int range ----------------------------------------------------------------

@pytest.mark.parametrize("big", [2**63, 2**64 + 5, -(2**63) - 1, 10**30], ids=repr)
def test_int_outside_int64_raises_overflow_error(big):
    with pytest.raises(OverflowError):
        add_seven(big)


def test_int64_extremes_accepted():
    assert add_seven(2**63 - 8) == 2**63 - 1
    assert add_seven(-(2**63)) == -(2**63) + 7


# ---- results --------------------------------------------------------------------

def test_bool_result_is_bool():
    assert is_big(5000) is True
    assert is_big(17) is False
    assert negate(True) is False
    assert negate(False) is True


def test_int_result_is_int_not_bool():
    r = add_seven(-7)
    assert type(r) is int and r == 0


def test_none_result():
    assert nothing(9) is None


def test_bool_to_int_param():
    assert add_seven(True) == 8
    assert type(add_seven(False)) is int
    assert bool_as_int(True) == 4 and type(bool_as_int(True)) is int


# ---- arity -------------------------------------------------------------------------

def test_wrong_number_of_arguments_raises_type_error():
    with pytest.raises(TypeError):
        add_seven()
    with pytest.raises(TypeError):
        add_seven(1, 2)


# ---- public API bits used by the other tests ------------------------------------------

def test_py_func_is_original():
    assert add_seven.py_func(1) == 8
    assert add_seven.py_func.__name__ == "add_seven"
    assert add_seven.py_func is not add_seven
    assert type(add_seven.py_func).__name__ == "function"


@pytest.mark.parametrize("stage", ["pydm", "iree", "vm"])
def test_inspect_stages_return_text(stage):
    text = add_seven.inspect(stage)
    assert isinstance(text, str) and text.strip()
    if stage == "vm":
        assert "vm." in text
