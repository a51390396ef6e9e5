"""Native parts in ahead-of-time ``.vmfb`` files (issue 12, README "Native
loops" and "Exports (AOT)").

One source with native functions (forced, and chosen by pydm), VM functions
(recursive, ``native=False``) and a VM function calling a native one is
compiled once by ``pydm compile`` into one ``.vmfb``. Differential against
CPython: through ``pydm.load`` (value, type, float bits, exception class and
message) and through the stock ``iree-run-module --device=local-sync`` (its
printed int results and exception codes, its float results as raw bits); a
damaged native part is rejected by ``pydm.load`` as any damaged file is.
"""
from __future__ import annotations

import math
import os
import struct
import subprocess
import sys
import textwrap
import types

import pytest

import pydm
from pydm.runtime import digest
from shared import float_bits

SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit(native=True)
    def grow(n: int, m: int) -> int:
        acc = 1
        for i in range(n):
            acc = acc * 3 + i % m
        return acc


    @pydm.jit(native=True)
    def midpoint(n: int, a: float) -> float:
        h = 1.0 / n
        s = 0.0
        for i in range(n):
            x = a + (i + 0.5) * h
            s += 4.0 / (1.0 + x * x)
        return s * h


    @pydm.jit
    def lattice(r: int) -> int:
        count = 0
        for x in range(-r, r + 1):
            for y in range(-r, r + 1):
                if x * x + y * y <= r * r:
                    count += 1
        return count


    @pydm.jit(native=False)
    def squares(n: int) -> int:
        acc = 0
        for i in range(n):
            acc += i * i
        return acc


    @pydm.jit
    def fib(n: int) -> int:
        return n if n < 2 else fib(n - 1) + fib(n - 2)


    @pydm.jit
    def mixed(n: int) -> int:
        return fib(n % 20) + grow(n, 5)
''')

#: (function, arguments): values, -0.0, overflow at a step, division by zero (int and float)
CALLS = [
    ("grow", (0, 3)), ("grow", (20, 7)), ("grow", (39, 7)), ("grow", (40, 7)), ("grow", (100, 3)),
    ("grow", (5, 0)), ("grow", (0, 0)), ("grow", (-5, 0)),
    ("midpoint", (1000, 0.0)), ("midpoint", (7, -0.25)), ("midpoint", (1, -0.5)), ("midpoint", (0, 1.0)),
    ("midpoint", (3, math.inf)), ("midpoint", (3, math.nan)), ("midpoint", (-4, 0.5)),
    ("lattice", (0,)), ("lattice", (30,)), ("lattice", (-1,)),
    ("squares", (100,)), ("squares", (-3,)),
    ("fib", (15,)), ("mixed", (12,)), ("mixed", (50,)),
]

IREE_RUN = os.path.join(os.path.dirname(sys.executable), "iree-run-module")


def run(cmd, cwd, timeout=300, env=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


def outcome(fn, args):
    try:
        value = fn(*args)
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return ("raise", type(exc).__name__, str(exc))
    bits = float_bits(value) if type(value) is float else None
    return ("value", type(value).__name__, value if bits is None else bits)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(folder, .vmfb path, the plain-Python module, the native decisions)."""
    from pydm.aot import compile_path
    from pydm.cli import main
    d = tmp_path_factory.mktemp("native_aot")
    src = d / "native_prog.py"
    src.write_text(SOURCE)
    out = d / "native_prog.vmfb"
    saved = os.environ.get("PYDM_NATIVE")
    os.environ["PYDM_NATIVE"] = "1"  # tests/conftest.py turns pydm's own choice off
    try:
        assert main(["compile", str(src), "-o", str(out)]) == 0
        decisions = compile_path(str(src), keep_stages=True).stages["native-decision"]
    finally:
        os.environ["PYDM_NATIVE"] = saved if saved is not None else "1"
        if saved is None:
            del os.environ["PYDM_NATIVE"]
    plain = types.ModuleType("native_prog_plain")
    exec(compile(SOURCE.replace("import pydm\n", "").replace("@pydm.jit(native=True)\n", "")
                 .replace("@pydm.jit(native=False)\n", "").replace("@pydm.jit\n", ""), str(src), "exec"),
         plain.__dict__)
    return d, out, plain, decisions


def test_decisions(built):
    """The JIT's rules: forced native, chosen by pydm (a loop, all scalar),
    native=False and loop-free functions on the VM."""
    decisions = dict(line.split(": ", 1) for line in built[3].strip().splitlines())
    assert decisions["grow"].startswith("native") and decisions["midpoint"].startswith("native")
    assert decisions["lattice"].startswith("native"), decisions
    assert decisions["squares"] == "VM (native=False)" and decisions["fib"] == "VM (no loop)"
    assert decisions["mixed"] == "VM (no loop)"


def test_loaded_agrees_with_cpython(built):
    d, out, plain, _ = built
    m = pydm.load(str(out))
    for name, args in CALLS:
        want = outcome(getattr(plain, name), args)
        got = outcome(getattr(m, name), args)
        if want[0] == "value" and want[1] == "int" and not -2**63 <= want[2] < 2**63:
            assert got[:2] == ("raise", "OverflowError"), (name, args, got)  # pydm's int is 64 bits
            continue
        assert got == want, (name, args)


def test_loaded_native_is_fast(built):
    """The loaded function runs natively, not on the VM (3M steps: the VM path
    takes ~100 ms, the native one ~10 ms)."""
    import time
    m = pydm.load(str(built[1]))
    m.squares(10), m.midpoint(10, 0.0)
    best_native = best_vm = math.inf
    for _ in range(3):
        t = time.perf_counter()
        m.midpoint(3_000_000, 0.0)
        best_native = min(best_native, time.perf_counter() - t)
        t = time.perf_counter()
        m.squares(3_000_000)
        best_vm = min(best_vm, time.perf_counter() - t)
    assert best_native * 3 < best_vm, (best_native, best_vm)


def _iree_run(d, out, name, args, bits_file=None):
    cmd = [IREE_RUN, f"--module={out}", "--device=local-sync", f"--function={name}"]
    cmd += [f"--input={a!r}" for a in args]
    if bits_file:
        cmd += ["--output=-", f"--output=@{bits_file}"]
    p = run(cmd, d)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


@pytest.mark.skipif(not os.path.exists(IREE_RUN), reason="no iree-run-module beside this Python")
def test_iree_run_module(built):
    """The stock tool runs the one file on local-sync: int results as printed,
    float results by their raw bits, exceptions as their code (the module's
    raise-site table names the class and, for a positive code, the message;
    README "Using pydm from other IREE hosts")."""
    from pydm.aot import read_program
    d, out, plain, _ = built
    sites = read_program(out.read_bytes()).sites
    for name, args in [("grow", (20, 7)), ("grow", (40, 7)), ("grow", (5, 0)), ("mixed", (12,)),
                       ("lattice", (30,)), ("midpoint", (7, -0.25)), ("midpoint", (0, 1.0))]:
        want = outcome(getattr(plain, name), args)
        bits_file = d / f"{name}.bin" if name == "midpoint" else None
        text = _iree_run(d, out, name, args, bits_file)
        code = int(text.split("i32=")[1].split()[0])
        if code:
            exc = sites.make_exception(code)
            got = ("raise", type(exc).__name__, str(exc))
            if code < 0 and want[0] == "raise":  # a builtin class by its code; its message's site
                want = want[:2] + ("",)          # is in a module global
        elif bits_file is not None:
            got = ("value", "float", struct.unpack("<q", bits_file.read_bytes()[-8:])[0])
        else:
            got = ("value", "int", int(text.split("i64=")[1].split()[0]))
        if want[0] == "value" and want[1] == "int" and not -2**63 <= want[2] < 2**63:
            assert got[:2] == ("raise", "OverflowError"), (name, args, got)
            continue
        assert got == want, (name, args, text)


def test_damaged_native_part_is_rejected(built, tmp_path):
    """The native part's code (the ELF inside the file) is covered by the
    file's digest: one flipped byte there is a ValueError at load, before IREE
    sees the bytes; so is a device this pydm does not know (re-sealed)."""
    data = built[1].read_bytes()
    elf = data.find(b"\x7fELF")
    assert elf > 0 and data.find(b"\x7fELF", elf + 1) > 0  # one per native function
    for where in (elf + 4, elf + 200, elf + 1000):
        damaged = tmp_path / "damaged.vmfb"
        damaged.write_bytes(data[:where] + bytes([data[where] ^ 0x10]) + data[where + 1:])
        with pytest.raises(ValueError, match="not a valid pydm module.*digest does not match"):
            pydm.load(str(damaged))
    start, end = digest._digest_span(data)
    unsealed = data[:start] + b"0" * 64 + data[end:]
    assert unsealed.count(b"local-sync") == 1
    other = tmp_path / "other.vmfb"
    other.write_bytes(digest.seal(unsealed.replace(b"local-sync", b"local-task")))
    with pytest.raises(ValueError, match="HAL device 'local-task'"):
        pydm.load(str(other))


def test_no_native_flag(built, tmp_path):
    """``pydm compile --no-native``: every function on the VM, a file that
    needs no HAL device, and the same results."""
    from pydm.cli import main
    d, _, plain, _ = built
    out = tmp_path / "vm_only.vmfb"
    assert main(["compile", str(d / "native_prog.py"), "-o", str(out), "--no-native"]) == 0
    data = out.read_bytes()
    assert b"\x7fELF" not in data and b"pydm.device" not in data
    m = pydm.load(str(out))
    for name, args in [("grow", (20, 7)), ("midpoint", (7, -0.25)), ("grow", (5, 0))]:
        assert outcome(getattr(m, name), args) == outcome(getattr(plain, name), args)


@pytest.mark.parametrize("decorator, body, line, message", [
    ("@pydm.jit(native=True)", "    xs = [0]\n    for i in range(n):\n        xs[0] += i\n    return xs[0]\n",
     4, "'f' cannot run natively (native=True)"),
    ("@pydm.jit(native=1 > 0)", "    return n\n", 2, "jit(native=...) takes True, False or None"),
    ("@pydm.jit(cache=False, native=1)", "    return n\n", 2, "jit(native=...) takes True, False or None"),
])
def test_compile_errors(tmp_path, capsys, decorator, body, line, message):
    """``pydm compile`` keeps the JIT's rule: native=True that cannot go native
    is a CompileError at the offending line (exit 1, stderr); ``native=``
    must be a constant (the file is never run)."""
    from pydm.cli import main
    src = tmp_path / "bad.py"
    src.write_text(f"import pydm\n{decorator}\ndef f(n: int) -> int:\n{body}")
    assert main(["compile", str(src), "-o", str(tmp_path / "bad.vmfb")]) == 1
    err = capsys.readouterr().err
    assert message in err and f"bad.py:{line}:" in err, err
    assert not (tmp_path / "bad.vmfb").exists()


MIXED = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def report(n: int, k: int) -> int:
        xs = [k, k + 1]
        total = 0
        for i in range(n):
            total += i * i % 7 + 10 // (k - i)
        xs.append(total)
        return xs[-1] + len(xs)
''')


def test_outlined_loop_ahead_of_time(tmp_path, monkeypatch):
    """A loop outlined from a function that stays on the VM is embedded in
    the .vmfb too: pydm.load runs it natively with CPython's results and
    exceptions."""
    from pydm.aot import compile_path
    monkeypatch.setenv("PYDM_NATIVE", "1")
    src = tmp_path / "mixed_prog.py"
    src.write_text(MIXED)
    compiled = compile_path(str(src), keep_stages=True)
    assert "loop at line 8: native" in compiled.stages["native-decision"]
    out = tmp_path / "mixed_prog.vmfb"
    out.write_bytes(compiled.vmfb)
    loaded = pydm.load(str(out))
    plain = types.ModuleType("mixed_prog")
    exec(compile(MIXED, str(src), "exec"), plain.__dict__)
    for args in ((100_000, -1), (0, 3), (10, 5)):
        assert outcome(loaded.report, args) == outcome(plain.report.py_func, args)
