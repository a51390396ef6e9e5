"""Run in a subprocess by test_ctrlc_jit.py: a ``@pydm.jit`` function with a
loop that would run for decades, interrupted by SIGINT after 0.5 s.

argv[1:] name the functions, run one after the other. For each it prints
``RESULT <name> <what happened>``: the outcome of the long call, then
``RESULT <name> alive`` when a short call still gives CPython's value.
"""
import os
import signal
import sys
import threading

import pydm


@pydm.jit
def spin_for(n: int) -> int:
    s = 0
    for i in range(n):
        s = (s + (i % 1000) * (i % 1000)) % 1000003
    return s


@pydm.jit
def spin_while(n: int) -> int:
    s = 0
    i = 0
    while i < n:
        s = (s + i) % 1000003
        i += 1
    return s


@pydm.jit
def spin_while_true(n: int) -> int:
    s = 0
    i = 0
    while True:
        i += 1
        if i >= n:
            break
        s = (s ^ i) % 7919
    return s


@pydm.jit
def spin_nested(n: int) -> int:
    s = 0
    for i in range(n):
        for j in range(3):
            s = (s + i + j) % 1000003
    return s


@pydm.jit
def spin_float(n: int) -> float:
    x = 0.0
    i = 0
    while i < n:
        x = x * 0.5 + 1.0
        i += 1
    return x


@pydm.jit
def spin_generic(n):
    s = 0
    for i in range(n):
        s = s + (1.5 if i % 3 == 0 else i) - i
    return s


@pydm.jit
def tree(d: int) -> int:
    return 1 if d < 2 else (tree(d - 1) + tree(d - 2)) % 1000003


@pydm.jit
def spin_recursive(n: int) -> int:
    # no loop at all: a recursion of 2**48 calls that never goes deeper than 70
    return tree(12 if n < 100000 else 70)


@pydm.jit
def ping(d: int, k: int) -> int:
    return 1 if d < 2 else (pong(d - 1, k) + pong(d - 2, k)) % 1000003


@pydm.jit
def pong(d: int, k: int) -> int:
    return ping(d, k) + k


@pydm.jit
def spin_mutual(n: int) -> int:
    return ping(12 if n < 100000 else 70, 1)


def interrupt(name):
    fn = globals()[name]
    short = 1000
    want = fn.py_func(short)
    assert fn(short) == want, "compiled before the timer starts"
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        fn(2**62)  # decades of work
        print(f"RESULT {name} returned", flush=True)
    except KeyboardInterrupt as exc:
        print(f"RESULT {name} {type(exc).__name__}", flush=True)
    timer.join()
    got = fn(short)
    print(f"RESULT {name} alive" if got == want and type(got) is type(want) else f"RESULT {name} wrong {got!r}",
          flush=True)


def main():
    for name in sys.argv[1:]:
        interrupt(name)


if __name__ == "__main__":
    main()
