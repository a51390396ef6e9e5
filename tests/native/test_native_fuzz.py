"""Native on/off agreement on random scalar loop programs (issue 12).

A seeded generator writes loops with random int or float bodies (``+ - *
// % /``, ``abs``/``min``/``max``, ``if``/``break``, ``for`` and ``while``)
as the branches of two functions (one returning int, one float: two compiles
per path); each runs with several arguments under CPython, ``native=False``
and ``native=True``. The two pydm paths must agree exactly (value, type,
float bits, exception class, message and line); with CPython they agree
unless pydm raised ``OverflowError`` (an int that left 64 bits somewhere
along the way, pydm's documented divergence).

``PYDM_NATIVE_FUZZ_SEED`` chooses another seed.
"""
from __future__ import annotations

import importlib.util
import math
import os
import random

import pytest

import pydm
from test_native_loops import _outcome

SEED = int(os.environ.get("PYDM_NATIVE_FUZZ_SEED", "12"))
BRANCHES = 8


def _int_expr(r: random.Random, depth: int) -> str:
    if depth == 0 or r.random() < 0.3:
        return r.choice(["i", "acc", "a", "b", str(r.randint(-3, 9))])
    kind = r.randrange(6)
    x, y = _int_expr(r, depth - 1), _int_expr(r, depth - 1)
    if kind == 0:
        return f"abs({x})"
    if kind == 1:
        return f"{r.choice(['min', 'max'])}({x}, {y})"
    return f"({x} {r.choice(['+', '-', '*', '//', '%', '+'])} {y})"


def _float_expr(r: random.Random, depth: int) -> str:
    if depth == 0 or r.random() < 0.3:
        return r.choice(["x", "acc", "float(i)", "0.5", "-0.0", "3.0", "1e300", "y"])
    kind = r.randrange(6)
    x, y = _float_expr(r, depth - 1), _float_expr(r, depth - 1)
    if kind == 0:
        return f"abs({x})"
    if kind == 1:
        return f"{r.choice(['min', 'max'])}({x}, {y})"
    return f"({x} {r.choice(['+', '-', '*', '/', '*'])} {y})"


def _loop(r: random.Random, expr, init: str, cmp_zero: str) -> list[str]:
    body = [f"acc = {expr(r, 3)}"]
    if r.random() < 0.5:
        body.insert(r.randrange(2), f"if {expr(r, 2)} < {expr(r, 2)}:\n    acc = {expr(r, 2)}")
    if r.random() < 0.3:
        body.append(f"if {expr(r, 1)} > {cmp_zero}:\n    break")
    body = "\n".join(body).splitlines()
    if r.random() < 0.5:
        head = ["i = 0", "while i < n:"]
        body = body + ["i += 1"]
    else:
        head = ["for i in range(n):"]
    return [f"acc = {init}"] + head + ["    " + line for line in body] + ["return acc"]


def _program(seed: int) -> str:
    r = random.Random(seed)
    out = []
    for name, ret, expr, init, zero in (("ints", "int", _int_expr, "a", "b"),
                                        ("floats", "float", _float_expr, "x", "y")):
        params = "k: int, n: int, a: int, b: int" if ret == "int" else "k: int, n: int, x: float, y: float"
        out.append(f"def {name}({params}) -> {ret}:")
        for k in range(BRANCHES):
            out.append(f"    if k == {k}:")
            out += ["        " + line for line in _loop(r, expr, init, zero)]
        out.append("    return " + ("0" if ret == "int" else "0.0"))
        out.append("")
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("native_fuzz") / f"native_fuzz_{SEED}.py"
    path.write_text(_program(SEED))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _agree(fn, cases):
    vm, native = pydm.jit(native=False)(fn), pydm.jit(native=True)(fn)
    for args in cases:
        want, got_vm, got_native = _outcome(fn, *args), _outcome(vm, *args), _outcome(native, *args)
        assert got_native == got_vm, f"{fn.__name__}{args}: native {got_native} != VM {got_vm}"
        if got_vm[:2] == ("raise", OverflowError):
            continue
        assert got_vm == want, f"{fn.__name__}{args}: pydm {got_vm} != CPython {want}"
    assert "native, the whole function" in native.inspect("native-decision", *cases[0])


def test_int_programs(program):
    cases = [(k, n, a, b) for k in range(BRANCHES) for n, a, b in ((0, 1, 2), (7, 3, -2), (40, -5, 11))]
    _agree(program.ints, cases)


def test_float_programs(program):
    cases = [(k, n, x, y) for k in range(BRANCHES)
             for n, x, y in ((0, 1.5, 2.0), (9, -0.75, 0.1), (30, 1.1, -0.0), (5, math.nan, math.inf))]
    _agree(program.floats, cases)
