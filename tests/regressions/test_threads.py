"""Regression (i): calls from several threads at once never exchange results.

Beyond tests/api/test_threads.py (scalar results): tuple results, and
exceptions whose message is completed at run time from the exception
object's arguments (``not enough values to unpack (expected 3, got N)`` with
each thread's own N; TypeErrors naming each thread's own operand types).
Every outcome is compared with CPython's.
"""

import pydm
import shared
from shared import run_threads


@pydm.jit
def as_tuple(x: int):
    return x, x * 2.5, x % 2 == 0, (x - 1, None)


@pydm.jit
def swap_scale(x: object, y: object):
    return y, x, x * y, (x,)


@pydm.jit
def unpack3(t: object):
    a, b, c = t
    return a + b + c


@pydm.jit
def add(x: object, y: object):
    return x + y


def outcome(fn, *args):
    """The value by its ``repr`` (tells ``-0.0`` from ``0.0``, ``(1,)`` from ``(1.0,)``)."""
    return shared.outcome(fn, *args, show=repr)


def test_tuple_results_are_never_exchanged():
    as_tuple(1), swap_scale(1, 2), swap_scale(1.5, 2)  # compiled before the threads start
    n_threads, n_calls = 8, 300
    wrong = []

    def work(k):
        for i in range(n_calls):
            x = k * 1_000_003 + i
            y = 0.5 if (i + k) % 2 else k
            got = (outcome(as_tuple, x), outcome(swap_scale, x, y), outcome(swap_scale, y, None))
            want = (outcome(as_tuple.py_func, x), outcome(swap_scale.py_func, x, y),
                    outcome(swap_scale.py_func, y, None))
            if got != want:
                wrong.append((k, i, got, want))

    run_threads(n_threads, work)
    assert not wrong, f"{len(wrong)} wrong outcomes: {wrong[:3]}"


def test_run_time_messages_are_the_calling_threads():
    """Each thread unpacks tuples of its own lengths (0, 1 or 2 items: "got N";
    4 or more: "too many values"), at the same time, through the same program."""
    unpack3((1, 2, 3))  # compiled before the threads start
    n_threads, n_calls = 8, 300
    wrong = []

    def work(k):
        for i in range(n_calls):
            n = (k + i) % 6
            t = tuple(range(k, k + n))
            got, want = outcome(unpack3, t), outcome(unpack3.py_func, t)
            if got != want:
                wrong.append((k, i, got, want))

    run_threads(n_threads, work)
    assert not wrong, f"{len(wrong)} wrong outcomes: {wrong[:3]}"


def test_type_error_messages_name_the_calling_threads_types():
    values = [None, 1, 2.5]  # each pair of argument types is compiled once, before the threads start
    for x in values:
        for y in values:
            outcome(add, x, y)
    wrong = []

    def work(k):
        for i in range(300):
            x, y = values[k % len(values)], values[(k + i) % len(values)]
            got, want = outcome(add, x, y), outcome(add.py_func, x, y)
            if got != want:
                wrong.append((k, i, x, y, got, want))

    run_threads(9, work)
    assert not wrong, f"{len(wrong)} wrong outcomes: {wrong[:3]}"


def test_the_cases_raise_in_cpython():
    """Not vacuous: the unpacking messages differ by thread, and so do the TypeErrors."""
    msgs = {outcome(unpack3.py_func, tuple(range(n)))[2] for n in range(6) if n != 3}
    assert {"not enough values to unpack (expected 3, got 0)", "not enough values to unpack (expected 3, got 2)",
            "too many values to unpack (expected 3)"} <= msgs
    raised = {o[2] for x in (None, 1, 2.5) for y in (None, 1, 2.5) if (o := outcome(add.py_func, x, y))[0] == "raise"}
    assert len(raised) == 5, raised
