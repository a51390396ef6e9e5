"""Calls from many threads at once (pydm/runtime/program.py, "Threading model").

Each thread calling a program has its own VM context and result list, so no
call sees another thread's result, and an error's origin note (a module
global, per context) names the line of the calling thread's own failing call.
Every result and every exception is compared with CPython's."""
import threading

import pydm
from shared import outcome, run_threads


@pydm.jit
def affine(x: int) -> int:
    return x * 3 + 1


@pydm.jit
def generic(x: object, y: object):
    return x * 2 + y


@pydm.jit
def two_sites(k: bool, x: object, y: object):
    if k:
        return x + y
    return x - y


def test_results_are_never_exchanged():
    affine(1), generic(1, 2), generic(0.5, 2)  # compiled before the threads start
    n_threads, n_calls = 8, 400
    wrong = []

    def work(k):
        for i in range(n_calls):
            x = k * 1_000_003 + i
            got = (affine(x), generic(x, k), generic(x + 0.5, k), affine.py_func(x))
            want = (x * 3 + 1, x * 2 + k, (x + 0.5) * 2 + k, x * 3 + 1)
            if got != want or type(got[2]) is not float:
                wrong.append((k, i, got, want))

    run_threads(n_threads, work)
    assert not wrong, f"{len(wrong)} of {n_threads * n_calls} calls returned a wrong value: {wrong[:5]}"


def test_error_origin_is_the_calling_threads():
    """Half the threads fail at the ``+`` line, half at the ``-`` line, at the
    same time, in the same program: each exception is CPython's, and its note
    names the thread's own line (the origin global is per thread)."""
    lines = two_sites.py_func.__code__.co_firstlineno
    plus_line, minus_line = lines + 3, lines + 4
    expected = {}
    for k in (True, False):
        try:
            two_sites.py_func(k, None, 1)
        except TypeError as exc:
            expected[k] = str(exc)
    assert two_sites(True, 1, 2) == 3  # compiled before the threads start
    wrong = []

    def work(t):
        k = t % 2 == 0
        for i in range(300):
            try:
                two_sites(k, None, i)
                wrong.append((t, i, "no exception"))
                continue
            except TypeError as exc:
                note = " ".join(getattr(exc, "__notes__", []))
                line = plus_line if k else minus_line
                if str(exc) != expected[k] or f":{line}:" not in note:
                    wrong.append((t, i, str(exc), note))
            v = two_sites(k, i, t)
            if v != (i + t if k else i - t):
                wrong.append((t, i, v))

    run_threads(8, work)
    assert not wrong, f"{len(wrong)} wrong outcomes: {wrong[:5]}"


def test_new_threads_after_the_loading_thread_ended():
    out = []
    t = threading.Thread(target=lambda: out.append(affine(10)))
    t.start(), t.join()
    threads = [threading.Thread(target=lambda v=v: out.append((v, affine(v)))) for v in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out[0] == 31 and sorted(out[1:]) == [(v, 3 * v + 1) for v in range(20)]


def test_first_calls_from_many_threads_compile_once():
    """Threads racing on the first call of fresh specializations all get the right value."""
    results = {}

    def work(k):
        results[k] = (outcome(generic, k % 2 == 0, k),   # a (bool, int) specialization
                      outcome(generic, None, k),         # raises TypeError, as CPython
                      outcome(affine, 2.5))              # the annotation's TypeError

    run_threads(6, work)
    for k in range(6):
        assert results[k] == (outcome(generic.py_func, k % 2 == 0, k), outcome(generic.py_func, None, k),
                              ("raise", TypeError, "affine() argument 'x' must be int, not float"))
