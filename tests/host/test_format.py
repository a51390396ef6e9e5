"""``str(x)``, ``repr(x)``, ``format(x, spec)`` and f-strings: the host (CPython)
makes the str, so every value pydm has - numbers (float reprs, ``-0.0``,
``inf``, ``nan``), None, bools, strs (quotes and escapes), tuples, lists,
exception values, objects - and every format spec and conversion give
CPython's text. A bad spec raises CPython's exception in the caller.

Each case runs the function under CPython and under pydm (``eharness``-style
outcome comparison: value, or exception class and message)."""
from __future__ import annotations

import math

import pytest

import pydm
from conformance.harness import reference
from exceptions.eharness import compare_outcomes, run

VALUES = [None, True, False, 0, -7, 2**63 - 1, 0.1, -0.0, 1e16, 1e-5, math.inf, -math.inf, math.nan, 123456789.0,
          "", "hé", "a'b\"c\n\t\\", "\U0001f600", (1, "a", (2.5, None)), [1.0, ["x"]], ()]


def agree(jit_fn, *args):
    r, p = run(reference(jit_fn), args), run(jit_fn, args)
    d = compare_outcomes(r, p)
    assert d is None, f"{jit_fn.py_func.__name__}{args!r}: {d}"
    return r


@pydm.jit
def conversions(v):
    return str(v), repr(v), format(v), f"{v}", f"{v!r}", f"{v!s}", f"{v!a}", f"<{v}>"


@pydm.jit
def typed(n: int, x: float, s: str, b: bool):
    return (str(n), repr(x), str(s), repr(s), str(b), f"{n}{x}{s}{b}",
            f"{n:+d} {n:x} {n:#o} {n:,} {n:_b} {x:e} {x:.2f} {x:g} {x:%} {x:>10.3} {s:*^9} {b:d}")


@pydm.jit
def nested_spec(x: float, width: int, precision: int):
    return f"[{x:{width}.{precision}f}] [{x:>{width}}] [{'left':<{width}}]"


@pydm.jit
def containers(n: int):
    xs = [n, 2.5]
    t = (xs, "s", None)
    xs.append(t[1])
    return str(t), repr(xs), f"{t!r:>40}", f"{xs}"


@pydm.jit
def exception_text(n: int):
    try:
        raise ValueError("bad", n)
    except ValueError as e:
        return str(e), repr(e), f"{e}", f"{e!r}", str(KeyError(n)), repr(KeyError("k"))


@pydm.jit
def vm_made(n: int, s: str):
    # every piece an int, a str or None without spec: made in the VM, not by the host
    return (str(n), repr(n), f"{n}", f"{n!s}|{s}|{None}", f"{s}{s}{n}{n}", f"{n!r}", str(None), f"<{s}>",
            f"{-n if n > -9223372036854775807 else n}")


@pydm.jit
def with_spec(v, spec):
    return format(v, spec)


@pydm.jit
def bad_spec(x: float):
    return f"{x:q}"


@pydm.jit
def spec_not_str(x: float, n: int):
    return format(x, n)


@pydm.jit
def in_a_loop(n: int):
    out = []
    for i in range(n):
        out.append(f"{i:03d}:{i / 4}")
    return out


@pydm.jit
def percent(n: int, x: float, s: str):
    a = "%d items, %.2f each, %s" % (n, x, s)
    b = "%5s|%-4d|%r|%x|%e" % (s, n, s, n, x)
    c = "%%|%c" % (65,)
    d = "%s" % [n, (s,)]
    e = "%(a)s-%(b)r" % {"a": n, "b": s}
    t = "<%s>"
    t %= s
    return a, b, c, d, e, t


@pydm.jit
def percent_of(fmt: str, v):
    return fmt % v


@pydm.jit
def repr_of_function(n: int):
    return repr(lambda: n)


@pydm.jit
def fstring_of_function(n: int):
    return f"{(lambda: n)}"


@pytest.mark.parametrize("v", VALUES, ids=repr)
def test_conversions_of_every_kind_of_value(v):
    agree(conversions, v)


@pytest.mark.parametrize("args", [(3, 0.1, "hé", True), (-1234567, -0.0, "", False), (0, math.nan, "x", True),
                                  (2**62, 1e300, "\U0001f600", False), (5, math.inf, "ab", True)])
def test_typed_values_and_format_specs(args):
    agree(typed, *args)


def test_ints_and_strs_formatted_in_the_vm():
    """The pieces the VM formats itself (``vm_text``): decimal digits at every
    length and both 64-bit edges, strs, None."""
    for n in [0, -1, 9, 10, -10, 99, 100, 2**63 - 1, -2**63, -2**63 + 1, 1234567890, -1000000]:
        for s in ["", "\u00e9\U0001f600"]:
            agree(vm_made, n, s)
    ir = vm_made.inspect("pydm")
    assert "host_format" not in ir and "int_decimal" in ir, "made by the host, not in the VM"
    assert "host_format" in typed.inspect("pydm", 1, 0.5, "s", True)  # floats and specs: the host's


def test_nested_format_specs():
    for args in ((3.14159, 10, 3), (-2.5, 0, 0), (1e10, 4, 1), (1.5, 3, -1)):
        agree(nested_spec, *args)


def test_containers_and_exception_values():
    agree(containers, 4)
    agree(exception_text, 7)


@pytest.mark.parametrize("v, spec", [(5, "x"), (5, "q"), (2.5, ".1f"), ("s", "d"), (None, ""), (None, "x"),
                                     ((1,), ""), (True, "5"), (-0.0, "+"), (10**18, ",")])
def test_specs_from_objects_and_their_errors(v, spec):
    agree(with_spec, v, spec)


def test_errors_reach_the_caller():
    assert agree(bad_spec, 1.5)[0] == "exc"
    assert agree(spec_not_str, 1.5, 3)[0] == "exc"


def test_in_a_loop():
    agree(in_a_loop, 12)


@pytest.mark.parametrize("fn, message", [(repr_of_function, "repr() of a function value is not supported"),
                                         (fstring_of_function, "formatting a function value is not supported")])
def test_a_function_value_is_a_compile_error(fn, message):
    with pytest.raises(pydm.CompileError) as info:
        fn(1)
    assert message in str(info.value) and "test_format.py" in str(info.value)


def test_printf_style_formatting():
    for args in [(3, 0.5, "hé"), (-1, 1e300, ""), (0, -0.0, "\U0001f600"), (255, math.nan, "%s")]:
        agree(percent, *args)


@pytest.mark.parametrize("fmt, v", [("%d", 1.5), ("%d", "x"), ("%s %s", (1,)), ("%s", None), ("%x", 255),
                                    ("%s", (1, 2)), ("%(k)s", {"k": 1}), ("%(k)s", {}), ("%q", 1), ("", ())])
def test_printf_style_errors_and_objects(fmt, v):
    agree(percent_of, fmt, v)
