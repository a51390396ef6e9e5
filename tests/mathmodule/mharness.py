"""Shared by the math tests: jit functions generated from one template -
each applies many math calls to each item of a list and collects every
result, or ``(exception class name, message)`` for a call that raised - and
their comparison with the same functions run by CPython.

One compiled function covers a family of math functions (a selector picks
the call), so the whole module is checked in a few compiles."""
from __future__ import annotations

import itertools
import math

from shared import has_big_int, import_source, same_value

#: the exceptions a math call may raise, each caught by its own clause
CAUGHT = ("ValueError", "OverflowError", "TypeError", "ZeroDivisionError")

FLOATS = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, 2.5, -2.5, 3.0, 0.1, 1e-300, 5e-324, -5e-324, 2.2250738585072014e-308,
          1e-310, 1e16, 1e300, -1e300, 1.7976931348623157e308, 709.0, 710.0, -745.5, 171.5, 4503599627370496.5,
          9.2e18, math.pi, -math.pi / 2, math.inf, -math.inf, math.nan]
INTS = [0, 1, -1, 2, 7, 10, 20, 21, 36, -36, 97, 2**31, 2**53 + 1, 2**62, 2**63 - 1, -2**63]
#: values of other types: CPython's TypeError, or an int's meaning for a bool
OTHERS = [True, False, "x", None, (1.0,)]


def _call_lines(calls, indent):
    """``if k == 0: out.append(<call 0>)`` ... for each call text."""
    pad = " " * indent
    lines = []
    for i, call in enumerate(calls):
        lines.append(f"{pad}{'if' if i == 0 else 'elif'} k == {i}:")
        lines.append(f"{pad}    out.append({call})")
    return lines


def applier(name: str, params: str, calls: list[str]) -> str:
    """The source of ``name(<params>)``: for each item ``x`` of ``xs`` (and
    ``y`` of ``ys`` in step), each call in ``calls``, its result or error."""
    loop = "for x, y in zip(xs, ys):" if "ys" in params else "for x in xs:"
    body = [f"@pydm.jit", f"def {name}({params}):", "    out = []", f"    {loop}",
            f"        for k in range({len(calls)}):", "            try:"]
    body += _call_lines(calls, 16)
    for cls in CAUGHT:
        body += [f"            except {cls} as e:", f"                out.append(('{cls}', str(e)))"]
    body.append("    return out")
    return "\n".join(body) + "\n"


def build(folder, module: str, functions: list[str], header: str = "import math\n"):
    """Import the generated ``functions`` (source texts) as ``module``."""
    return import_source(folder, module, header + "import pydm\n\n\n" + "\n\n".join(functions))


def beyond_64_bits(want) -> bool:
    return type(want) is int and has_big_int(want)


def check(fn, *args):
    """``fn`` compiled and run by CPython give the same list: floats bit for
    bit (any NaN is any NaN), the same types and error messages; where
    CPython's int needs more than 64 bits, pydm raises OverflowError."""
    want = fn.py_func(*args)
    got = fn(*args)
    assert len(got) == len(want)
    bad = []
    for i, (g, w) in enumerate(zip(got, want)):
        if beyond_64_bits(w):
            ok = type(g) is tuple and g[0] == "OverflowError"
        else:
            ok = same_value(g, w, nested=True)
        if not ok:
            bad.append((i, w, g))
    assert not bad, f"{len(bad)} differ (index, CPython, pydm): {bad[:8]}"


def pairs(xs, ys):
    """Every ``(x, y)`` as two lists in step."""
    both = list(itertools.product(xs, ys))
    return [a for a, _ in both], [b for _, b in both]
