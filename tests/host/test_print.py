"""``print`` through the host module (pydm/runtime/host.py): the same text
as CPython, written in order with the host's own output, also from callees,
inside loops and when the function raises afterwards; CPython's TypeErrors
for bad keywords; a CompileError for what cannot be printed.

Each case runs the function under CPython and under pydm, capturing
``sys.stdout`` (pytest's ``capsys``) around each run, and compares the text
and the outcome (``eharness.check``-style: value, or exception class and str)."""
from __future__ import annotations

import math

import iree.runtime as rt
import pytest

import pydm
from conformance.harness import reference
from exceptions.eharness import compare_outcomes, run


def printed(capsys, fn, *args):
    capsys.readouterr()
    outcome = run(fn, args)
    return outcome, capsys.readouterr().out


def agree(capsys, jit_fn, *args):
    r, r_text = printed(capsys, reference(jit_fn), *args)
    p, p_text = printed(capsys, jit_fn, *args)
    assert p_text == r_text, f"{jit_fn.py_func.__name__}{args!r}: CPython wrote {r_text!r}, pydm {p_text!r}"
    d = compare_outcomes(r, p)
    assert d is None, d
    return r_text


def twice(i):
    print(i, i + i)
    return i * 2


@pydm.jit
def numbers(n: int, x: float):
    print(n, x, -n, x * 3, n / 7, n > 2, None)
    print()
    print(n, x, sep=None, end=None)
    print(0.1, 1e16, 1e-05, -0.0, 1e300 * 1e10, 123456789.0, flush=True)
    return n


@pydm.jit
def containers(n: int):
    t = (n, (n * 0.5, None), ())
    xs = [n, [t], 2.5, True]
    print(t, xs)
    print([], (1,), [[], [[]]])
    return xs


@pydm.jit
def in_loop_and_callee(n: int) -> int:
    s = 0
    for i in range(n):
        print(i)
        s += twice(i)
    print(s)
    return s


@pydm.jit
def dynamic(x):
    print(x, [x], (x,))
    return x


@pydm.jit
def then_raise(n: int) -> int:
    print(n)
    if n > 1:
        raise ValueError("after the print")
    return n


@pydm.jit
def exception_values(n: int):
    try:
        raise KeyError(n)
    except KeyError as e:
        print(e, (e,), [e, ValueError(n, 2.5)])
    return n


@pydm.jit
def flush_value(n: int):
    print(n, flush=n)
    print(n, flush=[n])
    return n


@pydm.jit
def object_sep(x):
    print(1, 2, sep=x)
    return 3


@pydm.jit
def bad_keyword(n: int):
    print(n, color=n)


@pydm.jit
def bad_sep(n: int):
    print(n, n, sep=n)


@pydm.jit
def bad_end(n: int):
    print(n, end=2.5)


def test_numbers(capsys):
    text = agree(capsys, numbers, 5, 0.1)
    assert "0.1 1e+16 1e-05 -0.0 inf 123456789.0" in text
    agree(capsys, numbers, -3, math.nan)
    agree(capsys, numbers, 0, -math.inf)


def test_tuples_and_lists(capsys):
    agree(capsys, containers, 3)


def test_order_with_loops_and_callees(capsys):
    assert agree(capsys, in_loop_and_callee, 4).count("\n") == 9


@pytest.mark.parametrize("x", [None, True, 7, -2.5, (1, (2.5, None)), [1, [2]]])
def test_dynamic_values(capsys, x):
    agree(capsys, dynamic, x)


def test_text_is_written_before_the_exception(capsys):
    assert agree(capsys, then_raise, 5) == "5\n"
    agree(capsys, then_raise, 1)


def test_exception_values(capsys):
    agree(capsys, exception_values, 7)


def test_flush_takes_any_value(capsys):
    agree(capsys, flush_value, 0)
    agree(capsys, flush_value, 3)


@pytest.mark.parametrize("fn", [bad_keyword, bad_sep, bad_end])
def test_bad_keywords_raise_cpythons_type_error(capsys, fn):
    agree(capsys, fn, 1)


def test_interleaves_with_the_hosts_output(capsys):
    capsys.readouterr()
    print("host 1")
    in_loop_and_callee(2)
    print("host 2")
    numbers(1, 1.5)
    assert capsys.readouterr().out == ("host 1\n0\n0 0\n1\n1 2\n2\nhost 2\n"
                                       "1 1.5 -1 4.5 0.14285714285714285 False None\n\n1 1.5\n"
                                       "0.1 1e+16 1e-05 -0.0 inf 123456789.0\n")


@pydm.jit
def print_to_file(n: int):
    print(n, file=None)


@pydm.jit
def print_a_function(n: int):
    print(lambda: n)


@pytest.mark.parametrize("fn, message", [(print_to_file, "print(file=...) is not supported"),
                                         (print_a_function, "print() of a function value is not supported")])
def test_what_cannot_be_printed_is_a_compile_error(fn, message):
    with pytest.raises(pydm.CompileError) as info:
        fn(1)
    assert message in str(info.value) and "test_print.py" in str(info.value)


@pytest.mark.parametrize("x", [None, 5, 2.5])
def test_a_sep_held_in_an_object_is_checked_by_the_host(capsys, x):
    agree(capsys, object_sep, x)


@pydm.jit
def strings(s: str, n: int):
    print("n =", n, s, sep=" | ", end="!\n")
    print(s + "é", [s, "ü"], ("x", n), sep=s)
    print(s, end="")
    print()
    return s * 2


@pydm.jit
def object_sep_str(x, s):
    print(1, 2, sep=s, end=x)
    return 0


def test_strings(capsys):
    assert agree(capsys, strings, "ab", 3).startswith("n = | 3 | ab!\n")
    agree(capsys, strings, "", -1)
    agree(capsys, strings, "\U0001f600\n\t'\"", 0)


@pytest.mark.parametrize("x, s", [("\n", ", "), (None, "-"), ("", 5), (5, None)])
def test_sep_and_end_from_objects(capsys, x, s):
    agree(capsys, object_sep_str, x, s)
