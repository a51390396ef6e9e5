"""PLATFORM.md §1 "Division hazard": integer divsi/remsi/floordivsi by 0 or
INT64_MIN / -1 kill the Python process with SIGFPE.  pydm must guard every
division and raise ZeroDivisionError / OverflowError instead.

The cases run in a subprocess (``run_cases``: a new interpreter after a case
that crashed): a SIGFPE shows up as return code -8 (or 136) of its case
instead of taking the test run down.  After the failing call the case makes
another call, to show the process and module are still usable.
"""
from __future__ import annotations

import textwrap

import pytest

INT64_MIN = -(2**63)

# name -> (function source with a "# SITE" marker on the raising line, args,
#          expected: "cpython" = same outcome as CPython, or an exception name)
CASES = {
    "int_floordiv_by_zero": ("""
        def f(a: int, b: int) -> int:
            return a // b  # SITE
        """, (7, 0), "cpython"),
    "int_mod_by_zero": ("""
        def f(a: int, b: int) -> int:
            return a % b  # SITE
        """, (-13, 0), "cpython"),
    "int_truediv_by_zero": ("""
        def f(a: int, b: int) -> float:
            return a / b  # SITE
        """, (19, 0), "cpython"),
    "int_floordiv_aug_by_zero": ("""
        def f(a: int, b: int) -> int:
            c = a + 1
            c //= b  # SITE
            return c
        """, (23, 0), "cpython"),
    "int_mod_aug_by_zero": ("""
        def f(a: int, b: int) -> int:
            c = a + 2
            c %= b  # SITE
            return c
        """, (29, 0), "cpython"),
    "int_floordiv_literal_zero": ("""
        def f(a: int, b: int) -> int:
            return a // 0  # SITE
        """, (31, 5), "cpython"),
    "int_mod_literal_zero": ("""
        def f(a: int, b: int) -> int:
            return (a + b) % 0  # SITE
        """, (37, 5), "cpython"),
    "int64_min_floordiv_minus_one": ("""
        def f(a: int, b: int) -> int:
            return a // b  # SITE
        """, (INT64_MIN, -1), "OverflowError"),
    "int64_min_floordiv_minus_one_constants": ("""
        def f(a: int, b: int) -> int:
            return (-9223372036854775807 - 1) // -1  # SITE
        """, (41, 43), "OverflowError"),
    "int64_min_mod_minus_one": ("""
        def f(a: int, b: int) -> int:
            return a % b  # SITE
        """, (INT64_MIN, -1), "cpython"),          # 0 in CPython: no SIGFPE, no error
    "float_truediv_by_zero": ("""
        def f(a: float, b: float) -> float:
            return a / b  # SITE
        """, (2.5, 0.0), "cpython"),
    "float_floordiv_by_zero": ("""
        def f(a: float, b: float) -> float:
            return a // b  # SITE
        """, (2.5, -0.0), "cpython"),
    "float_mod_by_zero": ("""
        def f(a: float, b: float) -> float:
            return a % b  # SITE
        """, (-4.5, 0.0), "cpython"),
}


def _fname(case: str) -> str:
    return f"f_{case}"


FLOOR_PAIRS = [(-7, 2), (7, -2), (-7, -2), (7, 2), (0, -3), (INT64_MIN, 1),
               (INT64_MIN, 3), (INT64_MIN, -3), (2**63 - 1, -1), (2**63 - 1, INT64_MIN),
               (INT64_MIN, INT64_MIN), (-1, INT64_MIN), (5, 2**63 - 1)]


@pytest.fixture(scope="module")
def division_results(run_cases, tmp_path_factory):
    """Every case's function (``f_<case>``, its raising line marked ``# SITE [<case>]``)
    in one script, and the floor-semantics loop as one more case."""
    defs = ["import pydm\n\n"]
    calls = {}
    for case, (src, args, _) in CASES.items():
        src = textwrap.dedent(src).lstrip("\n").replace("def f(", f"def {_fname(case)}(", 1)
        defs.append("@pydm.jit\n" + src.replace("# SITE", f"# SITE [{case}]") + "\n\n")
        calls[case] = (f"report('call', got=outcome({_fname(case)}, *{args!r}), "
                       f"want=outcome({_fname(case)}.py_func, *{args!r}))\n"
                       f"report('again', got=outcome({_fname(case)}, *{args!r}))\n"
                       "report('alive', got=outcome(still_alive, 20))\n")
    defs.append('''@pydm.jit
def still_alive(n: int) -> int:
    return n * 2 + 1


@pydm.jit
def fdiv(a: int, b: int) -> int:
    return a // b


@pydm.jit
def fmod(a: int, b: int) -> int:
    return a % b
''')
    calls["floor semantics"] = f'''
        for a, b in {FLOOR_PAIRS!r}:
            report(f"div {{a}} {{b}}", got=outcome(fdiv, a, b), want=outcome(fdiv.py_func, a, b))
            report(f"mod {{a}} {{b}}", got=outcome(fmod, a, b), want=outcome(fmod.py_func, a, b))
        '''
    return run_cases(tmp_path_factory.mktemp("division"), "".join(defs), calls, name="division_cases.py")


@pytest.mark.parametrize("case", sorted(CASES))
def test_division_trap(division_results, line_of, notes_name_line, case):
    _, _, expected = CASES[case]
    r = division_results[case]
    r.assert_ok()
    got = r.results["call"]["got"]
    want = r.results["call"]["want"]
    if expected == "cpython":
        if want["kind"] == "raise":
            assert got["kind"] == "raise", f"expected {want['type']}, got {got}"
            assert (got["type"], got["msg"]) == (want["type"], want["msg"]), (got, want)
        else:
            assert got == want, (got, want)
    else:
        assert got["kind"] == "raise" and got["type"] == expected, (
            f"expected {expected}, got {got} (CPython: {want})")
    if got["kind"] == "raise":
        site = line_of(r.text, f"# SITE [{case}]")
        assert notes_name_line(got["notes"], r.path, site), (
            f"no note naming {r.path}:{site}: {got['notes']}")
        again = r.results["again"]["got"]
        assert (again["kind"], again["type"]) == ("raise", got["type"]), again
    assert r.results["alive"]["got"] == {"kind": "value", "type": "int", "repr": "41"}


def test_floor_division_semantics(division_results):
    """Non-trapping // and % follow Python's floor semantics (sign of the
    divisor), including the INT64 extremes that are adjacent to the trap."""
    r = division_results["floor semantics"]
    r.assert_ok()
    assert len(r.results) == 2 * len(FLOOR_PAIRS), r.describe()
    bad = {c: rec for c, rec in r.results.items() if rec["got"] != rec["want"]}
    assert not bad, bad
