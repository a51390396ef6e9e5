"""``for … in range(…)`` on the VM: i64 wraps silently (PLATFORM.md §1) and
integer division by zero kills the process, so a naive loop lowering can

* divide by the step to get a trip count (``range(a, b, 0)`` → SIGFPE
  instead of ValueError),
* overflow ``stop - start`` for wide ranges (wrong trip count), or
* step the induction variable past INT64_MAX/INT64_MIN, wrap around and keep
  looping (hang or wrong result).

The cases run in one subprocess (``run_cases``) with a timeout per case: a
legit loop here has at most a few dozen iterations, so 30 s only trips on a
runaway loop; after a crash or a hang the next case starts a new interpreter.
"""
from __future__ import annotations

import pytest

MAX = 2**63 - 1
MIN = -(2**63)

LOOP = '''
import pydm

@pydm.jit
def count(start: int, stop: int, step: int) -> int:
    n = 0
    for i in range(start, stop, step):  # SITE
        n += 1
        if n > 1000:
            return -1
    return n

@pydm.jit
def last(start: int, stop: int, step: int) -> int:
    v = 12345
    for i in range(start, stop, step):
        v = i
    return v
'''

CASES = {
    "step_zero": (5, 10, 0),
    "step_zero_empty": (10, 5, 0),
    "near_max_up": (MAX - 5, MAX, 4),           # MAX-5, MAX-1; next would wrap
    "up_to_max": (MAX - 3, MAX, 1),
    "near_min_down": (MIN + 5, MIN, -4),        # MIN+5, MIN+1; next would wrap
    "down_to_min": (MIN + 2, MIN, -1),
    "full_width_up": (MIN, MAX, 2**62),         # stop - start overflows
    "full_width_down": (MAX, MIN, -(2**62)),
    "huge_step": (0, 10, MAX),
    "huge_neg_step": (0, -10, MIN),
    "empty": (7, 7, 1),
    "wrong_direction": (3, 9, -1),
}


@pytest.fixture(scope="module")
def range_results(run_cases, tmp_path_factory):
    calls = {case: f'''
        report("count", got=outcome(count, *{args!r}), want=outcome(count.py_func, *{args!r}))
        report("last", got=outcome(last, *{args!r}), want=outcome(last.py_func, *{args!r}))
        report("alive", got=outcome(count, 0, 3, 1))
        ''' for case, args in CASES.items()}
    return run_cases(tmp_path_factory.mktemp("range"), LOOP, calls, name="range_cases.py", timeout=300)


@pytest.mark.parametrize("case", list(CASES))
def test_range_edges(range_results, line_of, notes_name_line, case):
    r = range_results[case]
    r.assert_ok()
    for which in ("count", "last"):
        got, want = r.results[which]["got"], r.results[which]["want"]
        if want["kind"] == "raise":
            assert got["kind"] == "raise" and (got["type"], got["msg"]) == (
                want["type"], want["msg"]), (which, got, want)
        else:
            assert got == want, (which, got, want)
    got = r.results["count"]["got"]
    if got["kind"] == "raise":
        site = line_of(r.text, "# SITE")
        assert notes_name_line(got["notes"], r.path, site), got["notes"]
    assert r.results["alive"]["got"]["repr"] == "3"
