"""Run in a subprocess by test_ctrlc.py: a compiled loop that polls
``pydm_host.poll`` every 2**20 iterations, interrupted by SIGINT after 0.5 s.

argv[1]: "default" (Ctrl-C's KeyboardInterrupt, caught), "uncaught" (the
process must die of it, as a Python loop would) or "handler" (a SIGINT handler
raising a custom exception, which must come back as the same object).
Prints ``RESULT <what happened>`` lines.
"""
import os
import signal
import sys
import threading
import time

from iree.compiler import ir

from pydm.backend import compile_module, session
from pydm.exceptions import RaiseSiteTable
from pydm.runtime.program import LoadedProgram, make_exact_caller
from pydm.types import PyType

LOOP = """
func.func private @pydm_host.poll() -> i32 attributes {vm.fallback = @no_poll}
func.func private @no_poll() -> i32 {
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func @spin(%n: i64) -> (i32, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %mask = arith.constant 1048575 : i64
  %z = arith.constant 0 : i32
  cf.br ^head(%c0, %c0 : i64, i64)
^head(%i: i64, %s: i64):
  %more = arith.cmpi slt, %i, %n : i64
  cf.cond_br %more, ^body, ^done
^body:
  %s2 = arith.addi %s, %i : i64
  %i2 = arith.addi %i, %c1 : i64
  %m = arith.andi %i2, %mask : i64
  %p = arith.cmpi eq, %m, %c0 : i64
  cf.cond_br %p, ^poll, ^head(%i2, %s2 : i64, i64)
^poll:
  %r = call @pydm_host.poll() : () -> i32
  %bad = arith.cmpi ne, %r, %z : i32
  cf.cond_br %bad, ^stop(%r : i32), ^head(%i2, %s2 : i64, i64)
^stop(%e: i32):
  return %e, %s : i32, i64
^done:
  return %z, %s : i32, i64
}
"""


class Custom(Exception):
    pass


def main():
    mode = sys.argv[1]
    with session().context:
        vmfb = compile_module(ir.Module.parse(LOOP))
    program = LoadedProgram(vmfb, RaiseSiteTable())
    spin = make_exact_caller(program, "spin", "spin", ["n"], [PyType.INT], PyType.INT)
    assert spin(10) == 45  # a short call runs (and polls never)
    assert spin(3 * 2**20) == sum(range(3 * 2**20))  # polls three times, returns normally
    raised = Custom("from the handler")
    if mode == "handler":
        def handler(signum, frame):
            raise raised
        signal.signal(signal.SIGINT, handler)
    threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    t0 = time.perf_counter()
    if mode == "uncaught":
        spin(2**62)
        print("RESULT returned", flush=True)
        return
    try:
        spin(2**62)  # decades of work
        print("RESULT returned", flush=True)
    except KeyboardInterrupt as exc:
        print(f"RESULT KeyboardInterrupt {type(exc).__name__} after {time.perf_counter() - t0:.2f}s", flush=True)
    except Custom as exc:
        print(f"RESULT Custom same={exc is raised} after {time.perf_counter() - t0:.2f}s", flush=True)
    # the program still works after the interruption
    assert spin(3 * 2**20) == sum(range(3 * 2**20))
    print("RESULT alive", flush=True)


if __name__ == "__main__":
    main()
