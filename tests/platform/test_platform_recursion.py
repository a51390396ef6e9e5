"""PLATFORM.md §6/§7 and DESIGN.md §6: recursion and long call chains.

The stock iree-compile pipeline hangs forever on a recursive function, and the
stock VM pipeline inlines a call chain without limit.  The programs run in a
subprocess (``run_cases``: one interpreter for all, a generous timeout per
case, a new interpreter after a case that crashed or hung) so a hang fails
its test instead of stalling CI.  No compile time is asserted.
"""
from __future__ import annotations

import pytest

N_CHAIN = 200

DEFS = '''
import pydm

@pydm.jit
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

@pydm.jit
def is_even(n: int) -> bool:
    if n == 0:
        return True
    return is_odd(n - 1)

@pydm.jit
def is_odd(n: int) -> bool:
    if n == 0:
        return False
    return is_even(n - 1)

@pydm.jit
def depth(n: int) -> int:
    if n == 0:
        return 0
    return 1 + depth(n - 1)

''' + "@pydm.jit\ndef f_0(x: int) -> int:\n    return x + 3\n\n" + "".join(
    # distinct per-function constants so a wrong link shows in the value
    f"@pydm.jit\ndef f_{i}(x: int) -> int:\n    return f_{i - 1}(x) + {i % 7 + 1}\n\n" for i in range(1, N_CHAIN))

CASES = {
    "fib": '''
        report("fib", got=outcome(fib, 23))
        report("fib0", got=outcome(fib, 0))
        report("fib1", got=outcome(fib, 1))
        ''',
    "mutual": '''
        for k in (0, 7, 10, 331):
            report(f"even{k}", got=outcome(is_even, k))
            report(f"odd{k}", got=outcome(is_odd, k))
        ''',
    "chain": f'''
        report('chain', got=outcome(f_{N_CHAIN - 1}, 11))
        report('mid', got=outcome(f_57, 2))
        ''',
    "deep": '''
        def attempt(case, n):
            try:
                v = depth(n)
            except BaseException as e:
                report(case, kind="raise", type=type(e).__name__, msg=str(e),
                       length=len(str(e)))
            else:
                report(case, kind="value", value=v)

        attempt("shallow_before", 900)
        attempt("deep1", 100000)
        attempt("after", 77)
        attempt("deep2", 1000000)
        attempt("after2", 901)
        ''',
}


@pytest.fixture(scope="module")
def recursion_results(run_cases, tmp_path_factory):
    return run_cases(tmp_path_factory.mktemp("recursion"), DEFS, CASES, name="recursion_cases.py")


def test_recursive_function(recursion_results):
    r = recursion_results["fib"]
    r.assert_ok()
    # expectations computed here, not via py_func (which calls the jit fib)
    for case, want in (("fib", 28657), ("fib0", 0), ("fib1", 1)):
        assert r.results[case]["got"] == {"kind": "value", "type": "int", "repr": repr(want)}, (
            case, r.results[case])


def test_mutual_recursion(recursion_results):
    r = recursion_results["mutual"]
    r.assert_ok()
    assert len(r.results) == 8, r.describe()
    for k in (0, 7, 10, 331):
        assert r.results[f"even{k}"]["got"] == {"kind": "value", "type": "bool",
                                                "repr": repr(k % 2 == 0)}, r.results[f"even{k}"]
        assert r.results[f"odd{k}"]["got"] == {"kind": "value", "type": "bool",
                                               "repr": repr(k % 2 == 1)}, r.results[f"odd{k}"]


def test_200_function_call_chain(recursion_results):
    n = N_CHAIN
    r = recursion_results["chain"]
    r.assert_ok()
    expected = 11 + 3 + sum(i % 7 + 1 for i in range(1, n))
    expected_mid = 2 + 3 + sum(i % 7 + 1 for i in range(1, 58))
    assert r.results["chain"]["got"] == {"kind": "value", "type": "int",
                                         "repr": repr(expected)}, r.results["chain"]
    assert r.results["mid"]["got"] == {"kind": "value", "type": "int",
                                       "repr": repr(expected_mid)}, r.results["mid"]


def test_deep_recursion_raises_recursion_error(recursion_results):
    r = recursion_results["deep"]
    r.assert_ok()
    res = r.results
    assert res["shallow_before"] == {"case": "shallow_before", "kind": "value", "value": 900}
    for case in ("deep1", "deep2"):
        rec = res[case]
        assert rec["kind"] == "raise" and rec["type"] == "RecursionError", rec
        assert rec["length"] < 500, f"message too long ({rec['length']} chars): {rec['msg'][:600]}"
        assert "maximum recursion depth exceeded" in rec["msg"], rec["msg"]
        assert "RESOURCE_EXHAUSTED" not in rec["msg"], rec["msg"]
    assert res["after"]["kind"] == "value" and res["after"]["value"] == 77, res["after"]
    assert res["after2"]["kind"] == "value" and res["after2"]["value"] == 901, res["after2"]
