"""Native loops (issue 12): traps of IREE's llvm-cpu pipeline for a scalar
body in a ``flow.dispatch.region`` (pydm/native/), each pinned here.

1. IREE marks every float multiply and add ``contract``: on a CPU with FMA
   (``--iree-llvmcpu-target-cpu=host`` on this machine) LLVM fuses
   ``acc * x + y`` into one ``vfmadd`` (rounded once), so the result differs
   from CPython's. ``x86-64-v2`` has no FMA: the two roundings stay.
2. ``--iree-input-demote-f64-to-f32`` is on by default: f64 values inside
   the dispatch become f32 unless it is turned off (a bitcast of the i64
   argument to f64 then fails to compile: "cast incompatible").
3. A multi-block (cf) body directly in the ``flow.dispatch.region`` crashes
   iree-compile (CollapseDimensions, ``DispatchRegionOp::getResultDynamicDims``);
   wrapped in ``scf.execute_region`` it compiles and runs. The ``inline``
   pass's default canonicalize merges the execute_region into the dispatch
   region (back to case 3): pydm inlines with ``inline{default-pipeline=''}``.

Each compile takes ~1 s (iree-compile, no cache here).
"""
from __future__ import annotations

import re
import struct

import pytest

BASE = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"]
NO_DEMOTE = ["--iree-input-demote-f64-to-f32=false"]

# acc = acc * x + y, n times, in a dispatch; the f64 bits cross as i64
FMA_LOOP = """
module @m {
  func.func @run(%n: i64, %xb: i64, %yb: i64) -> i64 {
    %t = flow.dispatch.region -> (tensor<1xi64>) {
      %x = arith.bitcast %xb : i64 to f64
      %y = arith.bitcast %yb : i64 to f64
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %init = arith.constant 0.1 : f64
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f64) : i64 {
        %m = arith.mulf %acc, %x : f64
        %a = arith.addf %m, %y : f64
        scf.yield %a : f64
      }
      %b = arith.bitcast %r : f64 to i64
      %tt = tensor.from_elements %b : tensor<1xi64>
      flow.return %tt : tensor<1xi64>
    }
    %i0 = arith.constant 0 : index
    %v = tensor.extract %t[%i0] : tensor<1xi64>
    return %v : i64
  }
}
"""

# a counting loop as cf blocks; BODY_OPEN/BODY_CLOSE wrap it (or not)
CF_LOOP = """
module @m {
  func.func @run(%n: i64) -> i64 {
    %t = flow.dispatch.region -> (tensor<1xi64>) {
      %%OPEN%%
      %c0 = arith.constant 0 : i64
      %c3 = arith.constant 3 : i64
      cf.br ^loop(%c0, %c0 : i64, i64)
    ^loop(%i: i64, %acc: i64):
      %c = arith.cmpi slt, %i, %n : i64
      cf.cond_br %c, ^body, ^exit(%acc : i64)
    ^body:
      %a = arith.addi %acc, %i : i64
      %i2 = arith.addi %i, %c3 : i64
      cf.br ^loop(%i2, %a : i64, i64)
    ^exit(%v: i64):
      %%CLOSE%%
    }
    %i0 = arith.constant 0 : index
    %v = tensor.extract %t[%i0] : tensor<1xi64>
    return %v : i64
  }
}
"""


def _bits(x: float) -> int:
    return struct.unpack("<q", struct.pack("<d", x))[0]


def _float(b: int) -> float:
    return struct.unpack("<d", struct.pack("<q", b))[0]


def _compile(text: str, flags: list[str]) -> bytes:
    from iree.compiler.tools import compile_str
    return compile_str(text, extra_args=BASE + flags)


def _call(vmfb: bytes, *args):
    import iree.runtime as rt
    config = rt.Config("local-sync")
    ctx = rt.SystemContext(config=config)
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    return ctx.modules.m["run"](*args)


def _python_fma_loop(n: int, x: float, y: float) -> float:
    acc = 0.1
    for _ in range(n):
        acc = acc * x + y
    return acc


def _host_has_fma() -> bool:
    try:
        with open("/proc/cpuinfo") as f:
            return bool(re.search(r"^flags\s*:.*\bfma\b", f.read(), re.M))
    except OSError:
        return False


N, X, Y = 60, 1.1, 0.3


def test_x86_64_v2_keeps_two_roundings():
    vmfb = _compile(FMA_LOOP, NO_DEMOTE + ["--iree-llvmcpu-target-cpu=x86-64-v2"])
    got = _float(_call(vmfb, N, _bits(X), _bits(Y)))
    assert _bits(got) == _bits(_python_fma_loop(N, X, Y))


@pytest.mark.skipif(not _host_has_fma(), reason="the host CPU has no FMA")
def test_host_cpu_fuses_multiply_add():
    """The trap itself: with FMA available the contract flags fuse."""
    vmfb = _compile(FMA_LOOP, NO_DEMOTE + ["--iree-llvmcpu-target-cpu=host"])
    got = _float(_call(vmfb, N, _bits(X), _bits(Y)))
    assert _bits(got) != _bits(_python_fma_loop(N, X, Y))


def test_f64_demoted_by_default():
    """With the default demotion the f64 ops become f32: the bitcast of the
    i64 argument to f64 turns into an invalid i64 -> f32 cast."""
    from iree.compiler.tools import CompilerToolError
    with pytest.raises(CompilerToolError, match="cast incompatible"):
        _compile(FMA_LOOP, ["--iree-llvmcpu-target-cpu=x86-64-v2"])


def test_multi_block_body_needs_execute_region():
    from iree.compiler.tools import CompilerToolError
    bare = CF_LOOP.replace("%%OPEN%%", "").replace(
        "%%CLOSE%%", "%tt = tensor.from_elements %v : tensor<1xi64>\n      flow.return %tt : tensor<1xi64>")
    with pytest.raises(CompilerToolError):
        _compile(bare, NO_DEMOTE + ["--iree-llvmcpu-target-cpu=x86-64-v2"])
    wrapped = CF_LOOP.replace("%%OPEN%%", "%r = scf.execute_region -> (i64) {").replace(
        "%%CLOSE%%", "scf.yield %v : i64\n      }\n      %tt = tensor.from_elements %r : tensor<1xi64>\n"
                     "      flow.return %tt : tensor<1xi64>")
    vmfb = _compile(wrapped, NO_DEMOTE + ["--iree-llvmcpu-target-cpu=x86-64-v2"])
    assert _call(vmfb, 100) == sum(range(0, 100, 3))
