"""Ctrl-C interrupts a long-running compiled call (pydm/runtime/host.py).

Compiled loops call the optional VM import ``pydm_host.poll`` now and then;
pydm registers the ``pydm_host`` module in every context, so CPython runs the
SIGINT handler during the call and the call raises its exception. Each case
runs in a subprocess (ctrlc_child.py) that sends itself SIGINT after 0.5 s; the
loop would otherwise run for decades. No timing is asserted beyond a generous
timeout."""
import os
import signal
import subprocess
import sys

import pytest

CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ctrlc_child.py")


def run_child(mode: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([sys.executable, CHILD, mode], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the compiled loop ignored SIGINT ({mode}): still running after 300 s")


def test_ctrl_c_raises_keyboard_interrupt():
    p = run_child("default")
    assert p.returncode == 0, p.stdout + p.stderr
    lines = [l for l in p.stdout.splitlines() if l.startswith("RESULT")]
    assert lines[0].startswith("RESULT KeyboardInterrupt KeyboardInterrupt after"), p.stdout + p.stderr
    assert lines[1] == "RESULT alive", p.stdout + p.stderr


def test_uncaught_ctrl_c_ends_the_process_like_python():
    p = run_child("uncaught")
    assert "RESULT returned" not in p.stdout
    assert p.returncode in (-signal.SIGINT, 130, 1), (p.returncode, p.stderr)
    assert "KeyboardInterrupt" in p.stderr, p.stderr
    assert "RuntimeError" not in p.stderr and "pydm: the VM failed" not in p.stderr, p.stderr


def test_signal_handler_exception_is_reraised_as_the_same_object():
    p = run_child("handler")
    assert p.returncode == 0, p.stdout + p.stderr
    lines = [l for l in p.stdout.splitlines() if l.startswith("RESULT")]
    assert lines[0].startswith("RESULT Custom same=True after"), p.stdout + p.stderr
    assert lines[1] == "RESULT alive", p.stdout + p.stderr
