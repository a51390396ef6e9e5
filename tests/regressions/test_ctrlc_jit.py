"""Regression (s): Ctrl-C during a long compiled loop was ignored until the
call returned. End to end: a subprocess runs ``@pydm.jit`` loops (``for ...
in range``, ``while``, ``while True``, nested, float, generic; a recursion and
a mutual recursion without any loop) one after the
other; before each long call it arms a timer that sends the process SIGINT
after 0.5 s, and each call must end with KeyboardInterrupt; the function
still works afterwards. No timing is asserted beyond a generous timeout.
(tests/api/test_ctrlc.py pins the mechanism with hand-written MLIR.)"""
import os
import subprocess
import sys

import pytest

CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ctrlc_jit_child.py")
LOOPS = ["spin_for", "spin_while", "spin_while_true", "spin_nested", "spin_float", "spin_generic",
         "spin_recursive", "spin_mutual"]


def test_ctrl_c_interrupts_compiled_loops():
    try:
        p = subprocess.run([sys.executable, CHILD, *LOOPS], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        pytest.fail(f"a compiled loop ignored SIGINT (still running after 90 s); finished so far:\n{out}")
    results = [line for line in p.stdout.splitlines() if line.startswith("RESULT")]
    want = [line for fn in LOOPS for line in (f"RESULT {fn} KeyboardInterrupt", f"RESULT {fn} alive")]
    assert p.returncode == 0 and results == want, (p.returncode, p.stdout, p.stderr[-3000:])
