"""Outlined native loops (issue 12, README "Native loops"), differential.

A hot scalar loop inside a larger function (one that builds a list, takes a
str or an ``object``, prints) is outlined into a native dispatch while the
rest of the function stays on the VM (``pydm/native/outline.py``). Every case
runs under CPython (``py_func``), pydm's VM path (``native=False``) and with
outlining (``native=True``): value and type at every level (float bits), the
printed text, exception class, message and source line must agree.

Each loop's line carries the decision it must get, ``# native`` or
``# vm: <part of the reason>``; ``test_decisions`` reads them and compares
them with ``fn.inspect("native-decision")``.

Few compiles (a native compile is ~1 s cold): one function holding every loop,
its paths selected by ``k``, one with an ``object`` parameter.
"""
from __future__ import annotations

import inspect
import math
import re
import traceback

import pytest

import pydm
from shared import float_bits


def mixed(k: int, n: int, m: int, x: float, flag: bool, label: str) -> list:
    if k == 0:  # int live-ins and live-outs; a print after the loop
        total = 0
        for i in range(n):  # native
            total += i * i % 7
        print(label, total)
        return [label, total]
    if k == 1:  # float and bool live-ins, a float live-out
        acc = 0.5
        for j in range(1, n + 1):  # native
            if flag:
                acc += x / j
            else:
                acc = acc * x - j
        return [label, acc]
    if k == 2:  # while with break and continue: bool and int live-outs
        found = False
        step = 0
        while step < n:  # native
            step += 1
            if step % 3 == 0:
                continue
            if step * step > m:
                found = True
                break
        return [found, step, label]
    if k == 3:  # nested loops: the outer one is outlined
        count = 0
        for a in range(-n, n + 1):  # native
            for b in range(-n, n + 1):
                if a * a + b * b <= n * n:
                    count += 1
        return [count]
    if k == 4:  # two loops in one function, a list built between them
        lo = 0
        for p in range(n):  # native
            lo = lo + p * m
        parts = [lo]
        hi = 1
        for q in range(n):  # native
            hi = (hi * 31 + q) % 1000003
        parts.append(hi)
        return parts
    if k == 5:  # division by m - c inside the loop: ZeroDivisionError at c == m
        z = 0
        for c in range(n):  # native
            z += 100 // (m - c) + c % (m - c)
        return [z, label]
    if k == 6:  # an unbounded accumulator: OverflowError at the step leaving 64 bits
        big = 1
        for e in range(n):  # native
            big = big * 3 + e
        return [big]
    if k == 7:  # a float division by zero
        fz = 1.0
        for g in range(n):  # native
            fz += x / (g - m)
        return [fz]
    if k == 8:  # a live-out unbound after a zero-trip loop: stays on the VM
        for h in range(n):  # vm: unbound if the loop runs zero times
            last = h * 2
        return [last]
    if k == 9:  # a list append inside the loop
        xs = [label]
        for r in range(n):  # vm: a call of .append()
            xs.append(label)
        return xs
    if k == 10:  # a print inside the loop
        for s in range(n):  # vm: a call of print()
            print(s)
        return []
    if k == 11:  # a return inside the loop
        for t in range(n):  # vm: a return of other than an int, float or bool
            if t * t > m:
                return [t]
        return [label]
    if k == 12:  # a small constant trip count: not worth a dispatch
        tiny = 0
        for u in range(10):  # vm: a constant trip count
            tiny += u * m
        return [tiny]
    if k == 13:  # a variable that becomes a float in the loop
        v = 0
        for w in range(n):  # vm: not an int, float or bool
            v = v + x
        return [v]
    if k == 14:  # a tuple assignment: two int live-outs (OverflowError past fib(92))
        fa, fb = 0, 1
        for y in range(n):  # native
            fa, fb = fb, fa + fb
        return [fa, fb]
    if k == 15:  # a name bound before the loop only on one path
        if flag:
            maybe = 7
        for y2 in range(n):  # vm: maybe may be unbound when the loop starts
            maybe = y2 + maybe
        return [label]
    if k == 16:  # the loop's ZeroDivisionError caught by the function around it
        caught = 0
        try:
            for y3 in range(n):  # vm: inside the try
                caught += 10 // (y3 - m)
        except ZeroDivisionError as exc:
            return [str(exc), caught]
        return [caught]
    if k == 17:  # a module-level constant read in the loop (frozen when compiled)
        glob = 0
        for y4 in range(n):  # native
            glob += y4 % LIMIT
        return [glob]
    if k == 19:  # returns of a scalar from inside the loop, a live-out after it
        seen = 0
        lim = 0.5
        while seen < n:  # native
            seen += 1
            if seen * seen > m:
                return seen * 2  # a comment after the value
            if seen == m // 2 + 7:
                return -seen
            lim = lim * 1.5
        return [seen, lim, label]
    if k == 20:  # a float returned from a nested loop, a ZeroDivisionError in the return
        for r1 in range(n):  # native
            for r2 in range(n):
                if r1 * r2 == m:
                    return x / (r1 - r2)
        return [label]
    if k == 21:  # a loop in a function this one calls (a scalar function: its loop goes native)
        return [label, summed(n, m), summed(m, n)]
    if k == 23:  # a function called in a loop keeps its loop on the VM (a dispatch per call)
        many = 0
        for y7 in range(n):
            many += counted(y7 + m)
        return [label, many]
    if k == 22:  # a del after the loop reads the name: unbound after zero trips
        for y6 in range(n):  # vm: unbound if the loop runs zero times
            dl = y6 * 2
        del dl
        return [label]
    if k == 18:  # a module-level tuple: not a scalar
        gl = 0
        for y5 in range(n):  # vm: a subscript
            gl += TABLE[y5 % 3]
        return [gl]
    return [label]


def summed(n: int, m: int) -> int:
    acc = 0
    for i in range(n):  # native
        acc += i % m
    return acc


def counted(x: int) -> int:
    c = 0
    while x > 0:  # vm: counted is called in a loop
        x //= 10
        c += 1
    return c


LIMIT = 13
TABLE = (1, 2, 3)


def with_object(o: object, n: int, m: int = 5) -> list:
    total = 0
    for i in range(n):  # native
        total += i * 3 % m
    return [o, total, "total=" + str(total)]


VM = pydm.jit(native=False)(mixed)
NATIVE = pydm.jit(native=True)(mixed)
OBJ_VM = pydm.jit(native=False)(with_object)
OBJ_NATIVE = pydm.jit(native=True)(with_object)


def _shape(v):
    """``v`` with the type of every element; floats by their bits."""
    if type(v) in (list, tuple):
        return (type(v).__name__, tuple(_shape(e) for e in v))
    if type(v) is float:
        return ("float", "nan" if math.isnan(v) else float_bits(v))
    return (type(v).__name__, v)


def _outcome(fn, capsys, *args, notes=None):
    """(result or exception, printed text); pydm's note (file:line:col in
    function) into ``notes``."""
    capsys.readouterr()
    try:
        got = ("value", _shape(fn(*args)))
    except Exception as exc:  # noqa: BLE001 - class, message and line are compared
        note = getattr(exc, "__notes__", None)
        line = note[0].split(" in ")[0].rsplit(":", 2)[1] if note else \
            str(traceback.extract_tb(exc.__traceback__)[-1].lineno)
        got = ("raise", type(exc), str(exc), line)
        if notes is not None:
            notes.append(note)
    return got, capsys.readouterr().out


def _check(py, vm, native, capsys, *args):
    expected = _outcome(py, capsys, *args)
    notes_vm, notes_native = [], []
    on_vm = _outcome(vm, capsys, *args, notes=notes_vm)
    outlined = _outcome(native, capsys, *args, notes=notes_native)
    assert outlined == on_vm, f"{args}: outlined {outlined} != VM {on_vm}"
    assert notes_native == notes_vm  # the same file:line:col and function
    if expected[0][0] == "value" and args[0] in (6, 14) and on_vm[0][1] is OverflowError:
        return  # CPython's int leaves 64 bits: pydm's OverflowError (checked equal above)
    assert on_vm == expected, f"{args}: pydm {on_vm} != CPython {expected}"


CASES = [
    (0, 0, 0, 0.0, False, "z"), (0, 1000, 0, 0.0, False, "t"),
    (1, 0, 0, 1.5, True, "f"), (1, 200, 0, 0.1, True, "f"), (1, 30, 0, 1.0000001, False, "g"),
    (1, 10, 0, math.nan, True, "n"), (1, 10, 0, -0.0, False, "m"),
    (2, 0, 0, 0.0, False, "w"), (2, 100, 50, 0.0, False, "w"), (2, 5, 1000, 0.0, False, "w"),
    (3, 0, 0, 0.0, False, ""), (3, 30, 0, 0.0, False, ""),
    (4, 0, 3, 0.0, False, ""), (4, 500, -7, 0.0, False, ""),
    (5, 10, 20, 0.0, False, "d"), (5, 10, 4, 0.0, False, "d"), (5, 0, 0, 0.0, False, "d"),
    (6, 30, 0, 0.0, False, ""), (6, 39, 0, 0.0, False, ""), (6, 41, 0, 0.0, False, ""),
    (7, 10, 20, 1.0, False, ""), (7, 10, 3, 1.0, False, ""),
    (8, 0, 0, 0.0, False, ""), (8, 5, 0, 0.0, False, ""),
    (9, 3, 0, 0.0, False, "a"), (10, 3, 0, 0.0, False, ""),
    (11, 10, 20, 0.0, False, "r"), (11, 3, 100, 0.0, False, "r"),
    (12, 0, 5, 0.0, False, ""), (13, 4, 0, 0.25, False, ""), (13, 0, 0, 0.25, False, ""),
    (14, 0, 0, 0.0, False, ""), (14, 92, 0, 0.0, False, ""), (14, 93, 0, 0.0, False, ""),
    (15, 3, 0, 0.0, True, ""), (15, 3, 0, 0.0, False, ""), (15, 0, 0, 0.0, False, ""),
    (16, 10, 4, 0.0, False, ""), (16, 10, 40, 0.0, False, ""),
    (17, 100, 0, 0.0, False, ""), (18, 10, 0, 0.0, False, ""),
    (19, 0, 5, 0.0, False, "a"), (19, 100, 50, 0.0, False, "b"), (19, 100, 10**6, 0.0, False, "c"),
    (19, 100, 8, 0.0, False, "d"), (19, 3, 100, 0.0, False, "e"),
    (20, 10, 12, 3.0, False, ""), (20, 10, 0, -1.0, False, ""), (20, 10, 16, 1.0, False, ""),
    (20, 10, 1000, 1.0, False, ""),
    (21, 50, 7, 0.0, False, "s"), (21, 0, 0, 0.0, False, "s"), (21, 5, 0, 0.0, False, "s"),
    (22, 0, 0, 0.0, False, ""), (22, 3, 0, 0.0, False, ""),
    (23, 50, 95, 0.0, False, ""),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"k{c[0]}-n{c[1]}-m{c[2]}")
def test_mixed(case, capsys):
    _check(mixed, VM, NATIVE, capsys, *case)


@pytest.mark.parametrize("o", [None, "s", 2.5, (1, "x")])
def test_object_parameter(o, capsys):
    for n, m in ((0, 5), (7, 5), (1000, 5), (3, 0), (0, 0), (5, -2)):
        _check(with_object, OBJ_VM, OBJ_NATIVE, capsys, o, n, m)


def _markers(fn) -> dict[int, str]:
    lines, first = inspect.getsourcelines(fn)
    out = {}
    for i, text in enumerate(lines):
        m = re.search(r"# (native|vm: .*)$", text)
        if m and re.match(r"\s*(for|while) ", text):
            out[first + i] = m.group(1)
    return out


def test_decisions():
    """Each loop's decision is the one its line is marked with."""
    NATIVE(0, 1, 0, 0.0, False, "")
    decision = NATIVE.inspect("native-decision", 0, 1, 0, 0.0, False, "")
    for line, want in _markers(mixed).items():
        m = re.search(rf"loop at line {line}: (native|VM[^\n]*)", decision)
        assert m, f"no decision for the loop at line {line}:\n{decision}"
        if want == "native":
            assert m.group(1) == "native", f"line {line}: {m.group(0)}"
        else:
            assert m.group(1).startswith("VM") and want[len("vm: "):] in m.group(1), f"line {line}: {m.group(0)}"
    for line, want in _markers(summed).items():
        assert f"in summed: loop at line {line}: native" in decision, decision
    for line, want in _markers(counted).items():
        assert f"in counted: loop at line {line}: VM (counted is called in a loop" in decision, decision
    assert "flow.dispatch.region" in NATIVE.inspect("native", 0, 1, 0, 0.0, False, "")
    assert "loop at line" not in VM.inspect("native-decision", 0, 1, 0, 0.0, False, "")


def scalar_tail(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):  # native
        acc += x * i - 0.25
    return acc % 7.0  # float %: the whole function cannot go native


def test_forced_scalar_function_outlines(capsys):
    """``native=True`` on a scalar function that cannot go native as a whole:
    its loop is outlined instead of a CompileError."""
    vm, native = pydm.jit(native=False)(scalar_tail), pydm.jit(native=True)(scalar_tail)
    for n, x in ((0, 1.5), (100, 0.3), (1000, -2.75), (10, math.inf), (5, math.nan)):
        _check(scalar_tail, vm, native, capsys, n, x)
    decision = native.inspect("native-decision", 10, 0.5)
    (line,) = _markers(scalar_tail)
    assert f"loop at line {line}: native" in decision, decision


def test_default_scalar_function_outlines(monkeypatch, capsys):
    """``native=None``: a scalar function pydm would send native as a whole
    but whose body cannot go (the float ``%`` after its loop) gets its loop
    outlined, as under ``native=True``."""
    monkeypatch.setenv("PYDM_NATIVE", "1")
    vm, auto = pydm.jit(native=False)(scalar_tail), pydm.jit(scalar_tail)
    for n, x in ((0, 1.5), (1000, -2.75), (5, math.nan)):
        _check(scalar_tail, vm, auto, capsys, n, x)
    decision = auto.inspect("native-decision", 10, 0.5)
    (line,) = _markers(scalar_tail)
    assert f"loop at line {line}: native" in decision, decision


def test_default_and_off(monkeypatch, capsys):
    """``native=None`` outlines when ``PYDM_NATIVE`` is not ``0``; ``0`` keeps the VM path."""
    monkeypatch.setenv("PYDM_NATIVE", "1")
    auto = pydm.jit(with_object)
    _check(with_object, OBJ_VM, auto, capsys, "o", 100, 3)
    assert re.search(r"loop at line \d+: native", auto.inspect("native-decision", "o", 100, 3))
    monkeypatch.setenv("PYDM_NATIVE", "0")
    off = pydm.jit(with_object)
    _check(with_object, OBJ_VM, off, capsys, "o", 100, 3)
    assert "loop at line" not in off.inspect("native-decision", "o", 100, 3)


# -- random loops (tests/native/test_native_fuzz.py's generator), each in a
# function that also takes a str and returns a list: only the loop is outlined

FUZZ_BRANCHES = 4


def _mixed_program(seed: int) -> str:
    import random
    from test_native_fuzz import _float_expr, _int_expr, _loop
    r = random.Random(seed)
    out = []
    for name, expr, init, zero, params in (
            ("ints", _int_expr, "a", "b", "k: int, n: int, a: int, b: int"),
            ("floats", _float_expr, "x", "y", "k: int, n: int, x: float, y: float")):
        out.append(f"def {name}({params}, label: str) -> list:")
        for k in range(FUZZ_BRANCHES):
            out.append(f"    if k == {k}:")
            lines = _loop(r, expr, init, zero)
            assert lines[-1] == "return acc"
            out += ["        " + line for line in lines[:-1] + ["return [label, acc, label + '!']"]]
        out.append("    return [label]")
        out.append("")
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def fuzz_program(tmp_path_factory):
    import importlib.util
    import os
    seed = int(os.environ.get("PYDM_NATIVE_FUZZ_SEED", "12"))
    path = tmp_path_factory.mktemp("outline_fuzz") / f"outline_fuzz_{seed}.py"
    path.write_text(_mixed_program(seed))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("which", ["ints", "floats"])
def test_random_loops_outlined(fuzz_program, which, capsys):
    fn = getattr(fuzz_program, which)
    vm, native = pydm.jit(native=False)(fn), pydm.jit(native=True)(fn)
    values = ((0, 1, 2), (7, 3, -2), (40, -5, 11)) if which == "ints" else \
        ((0, 1.5, 2.0), (9, -0.75, 0.1), (30, 1.1, -0.0), (5, math.nan, math.inf))
    cases = [(k, *v, "L") for k in range(FUZZ_BRANCHES) for v in values]
    for args in cases:
        expected = _outcome(fn, capsys, *args)
        notes_vm, notes_native = [], []
        on_vm = _outcome(vm, capsys, *args, notes=notes_vm)
        outlined = _outcome(native, capsys, *args, notes=notes_native)
        assert outlined == on_vm and notes_native == notes_vm, f"{which}{args}: outlined {outlined} != VM {on_vm}"
        if on_vm[0][:2] != ("raise", OverflowError):
            assert on_vm == expected, f"{which}{args}: pydm {on_vm} != CPython {expected}"
    decision = native.inspect("native-decision", *cases[0])
    assert decision.count(": native (") == FUZZ_BRANCHES, decision
