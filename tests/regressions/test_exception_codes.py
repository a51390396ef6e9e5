"""Regression (p): exception codes of exported functions (seed 002).

A public function of a ``.vmfb`` returns, as its first result, ``0`` or the
*negative code* of a builtin exception class (pydm/exceptions.py
``NEGATIVE_CODES``: ValueError -4, IndexError -7, TypeError -9,
UnboundLocalError -10, ZeroDivisionError -11, OverflowError -12), so a plain
IREE host sees the class; ``pydm.load`` still raises the exact class with
CPython's message and the note naming the Python line.

Checked three ways: ``iree-run-module`` (skipped when not installed), plain
``iree.runtime`` without any pydm helper, and ``pydm.load``.
"""
import os
import re
import subprocess
import sys

import pytest

import pydm
from pydm.exceptions import NEGATIVE_CODES

SOURCE = '''\
import pydm


@pydm.jit
def zde(x: int) -> int:
    return 10 // x  # site zde


@pydm.jit
def zero_step(n: int) -> int:
    s = 0
    for i in range(0, 10, n):  # site zero_step
        s += i
    return s


@pydm.jit
def unbound(p: int) -> int:
    if p:
        v = 1
    return v  # site unbound


@pydm.jit
def square(x: int) -> int:
    return x * x  # site square


@pydm.jit
def to_int(x: float) -> int:
    return int(x * 1e300)  # site to_int


@pydm.jit
def index(i: int) -> int:
    t = (1, 2, 3)
    return t[i]  # site index


@pydm.jit
def float_range(x: float) -> int:
    s = 0
    for i in range(x):  # site float_range
        s += i
    return s


@pydm.jit
def unpack(n: int) -> int:
    t = (1, 2) if n == 2 else ((1, 2, 3) if n == 3 else (1, 2, 3, 4))
    a, b, c = t  # site unpack
    return a + b + c


@pydm.jit
def inner(x: float) -> float:
    return x / 0.0  # site inner


@pydm.jit
def outer(x: float) -> float:
    return inner(x) + 1.0
'''

# (function, argument as iree-run-module reads it, Python argument, expected class)
CASES = [
    ("zde", "0", 0, "ZeroDivisionError"),
    ("zero_step", "0", 0, "ValueError"),
    ("unbound", "0", 0, "UnboundLocalError"),
    ("square", "4294967296", 2**32, "OverflowError"),  # the documented divergence: CPython's int is exact
    ("to_int", "1e10", 1e10, "OverflowError"),
    ("index", "5", 5, "IndexError"),
    ("index", "-4", -4, "IndexError"),
    ("float_range", "1.5", 1.5, "TypeError"),
    ("unpack", "2", 2, "ValueError"),
    ("unpack", "4", 4, "ValueError"),
    ("outer", "2.0", 2.0, "ZeroDivisionError"),
]
SUCCESSES = [("zde", "5", 5, 2), ("zero_step", "3", 3, 18), ("unbound", "1", 1, 1), ("index", "-1", -1, 3),
             ("to_int", "3e-300", 3e-300, 3), ("unpack", "3", 3, 6)]
CODE = {name: code for code, name in NEGATIVE_CODES.items()}


def test_the_contract():
    assert [CODE[c] for c in ("ValueError", "IndexError", "TypeError", "UnboundLocalError",
                              "ZeroDivisionError", "OverflowError")] == [-4, -7, -9, -10, -11, -12]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("regr_codes")
    src = d / "regr_codes.py"
    src.write_text(SOURCE)
    out = d / "regr_codes.vmfb"
    pydm.compile_file(str(src), str(out))
    plain = {}
    exec(compile(SOURCE.replace("import pydm\n", "").replace("@pydm.jit\n", ""), str(src), "exec"), plain)
    return src, out, plain


def site_line(name: str) -> int:
    return next(k for k, line in enumerate(SOURCE.splitlines(), 1) if line.endswith(f"# site {name}"))


@pytest.mark.parametrize("fn, text, arg, cls", CASES, ids=[f"{c[0]}({c[1]})" for c in CASES])
def test_iree_run_module_returns_the_negative_code(built, fn, text, arg, cls):
    _, out, _ = built
    tool = os.path.join(os.path.dirname(sys.executable), "iree-run-module")
    if not os.path.exists(tool):
        pytest.skip("iree-run-module not installed")
    p = subprocess.run([tool, f"--module={out}", f"--function={fn}", f"--input={text}"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    m = re.search(r"result\[0\]: i32=(-?\d+)", p.stdout)
    assert m, p.stdout
    assert int(m.group(1)) == CODE[cls], p.stdout


def test_iree_run_module_success_code(built):
    _, out, _ = built
    tool = os.path.join(os.path.dirname(sys.executable), "iree-run-module")
    if not os.path.exists(tool):
        pytest.skip("iree-run-module not installed")
    p = subprocess.run([tool, f"--module={out}", "--function=zde", "--input=5"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and "result[0]: i32=0" in p.stdout and "result[1]: i64=2" in p.stdout, p.stdout


def test_plain_iree_runtime_sees_the_negative_code(built):
    import iree.runtime as rt
    _, out, _ = built
    instance = rt.VmInstance()
    bound = rt.load_vm_module(rt.VmModule.copy_buffer(instance, out.read_bytes()))
    for fn, _, arg, cls in CASES:
        result = getattr(bound, fn)(arg)
        assert isinstance(result, (tuple, list)) and len(result) == 2, (fn, result)
        assert result[0] == CODE[cls], (fn, arg, result)
    for fn, _, arg, want in SUCCESSES:
        result = getattr(bound, fn)(arg)
        assert result[0] == 0, (fn, arg, result)
        assert result[1] == want, (fn, arg, result)


@pytest.mark.parametrize("fn, text, arg, cls", CASES, ids=[f"{c[0]}({c[1]})" for c in CASES])
def test_pydm_load_raises_the_exact_exception(built, fn, text, arg, cls):
    src, out, plain = built
    m = pydm.load(str(out))
    with pytest.raises(Exception) as got:
        getattr(m, fn)(arg)
    if fn == "square":  # CPython returns an int beyond 64 bits; pydm raises OverflowError (README, Numbers)
        assert plain[fn](arg) == 2**64 and type(got.value) is OverflowError
        assert str(got.value) == "integer overflow: result of '*' does not fit in a 64-bit int"
    else:
        with pytest.raises(Exception) as want:
            plain[fn](arg)
        assert type(want.value).__name__ == cls
        assert type(got.value) is type(want.value) and str(got.value) == str(want.value)
    site = "inner" if fn == "outer" else fn
    func = "inner" if fn == "outer" else fn
    notes = got.value.__notes__
    # (ahead of time the path is relative to the compiled file's directory: no build-machine path)
    assert len(notes) == 1 and re.fullmatch(rf"pydm: raised at {re.escape(src.name)}:{site_line(site)}:\d+ in {func}",
                                            notes[0]), notes


def test_pydm_load_after_a_failure_still_works(built):
    _, out, _ = built
    m = pydm.load(str(out))
    for fn, _, arg, want in SUCCESSES:
        assert getattr(m, fn)(arg) == want
    with pytest.raises(ZeroDivisionError):
        m.zde(0)
    assert m.zde(5) == 2
