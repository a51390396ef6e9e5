"""Native functions that call functions (issue 12), differential: every case
runs under CPython (``py_func``), pydm's VM path (``native=False``) and the
native path; the two pydm paths must agree exactly (value, type, float bits,
exception class, message and line), and with CPython as pydm promises
(``test_native_loops._check``).

* calls of scalar helpers (int, float and bool results), a chain of calls,
  a helper with a loop of its own, helpers that raise: the callees' bodies
  go into the entry's native module (``native-decision`` names them);
* a recursive helper keeps its caller on the VM (``native=None``: the reason
  in ``native-decision``; ``native=True``: a CompileError at the recursive
  call's line);
* the cost model (``native=None``, ``PYDM_NATIVE=1``): a helper with a loop
  called from an entry that stays on the VM goes native by itself; a small
  constant trip count stays on the VM.

pydm expands small leaf helpers into their callers (``frontend/inlining.py``):
this module turns that off while its functions compile, so that its calls
stay calls. Few compiles (a native compile is ~1-2 s cold): one function per
result type, its paths selected by ``k``.
"""
from __future__ import annotations

import inspect
import math

import astroid
import re

import pytest

import pydm
import pydm.frontend.inlining as inlining
from pydm import native as nat
from pydm.native import eligibility
from pydm.errors import CompileError
from test_native_loops import _check, _outcome


@pytest.fixture(autouse=True, scope="module")
def _calls_stay_calls():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(inlining, "MAX_LEAF_NODES", 0)
        yield


def sq_int(i: int) -> int:
    return i * i - 3 * i  # OverflowError once i * i leaves 64 bits


def floor_div(a: int, b: int) -> int:
    return a // b + a % b  # ZeroDivisionError when b == 0


def has_divisor(i: int) -> bool:  # a helper with a loop of its own, a bool result
    d = 2
    while d * d <= i:
        if i % d == 0:
            return True
        d += 1
    return False


def int_calls(k: int, n: int, m: int) -> int:
    acc = 0
    if k == 0:
        for i in range(n):
            acc += sq_int(i + m)
    elif k == 1:
        for i in range(n):
            acc += floor_div(i * 7, m - i)
    elif k == 2:
        for i in range(2, n):
            if not has_divisor(i + m):
                acc += 1
    return acc


def sq_float(x: float) -> float:
    return x * x - 2.0


def newton(x: float) -> float:  # sqrt(x) by Newton's iteration: a loop of its own
    y = x if x > 1.0 else 1.0
    i = 0
    while i < 30:
        y = 0.5 * (y + x / y)  # ZeroDivisionError once y is 0.0
        i += 1
    return y


def h3(x: float) -> float:
    return 1.0 / (x - 1.0)  # ZeroDivisionError at x == 1.0


def h2(x: float) -> float:
    return h3(x) * 0.5 + x


def h1(x: float) -> float:
    return h2(x) - h3(x + 0.25)


def float_calls(k: int, n: int, x: float) -> float:
    acc = 0.0
    if k == 0:  # the midpoint rule over a scalar helper
        h = x / n
        for i in range(n):
            acc += sq_float((i + 0.5) * h) * h
    elif k == 1:
        for i in range(n):
            acc += newton(x * i)
    elif k == 2:  # a chain float_calls -> h1 -> h2 -> h3
        for i in range(n):
            acc += h1(x + 0.125 * i)
    return acc


def _pair(fn):
    return pydm.jit(native=False)(fn), pydm.jit(native=True)(fn)


INT_VM, INT_NATIVE = _pair(int_calls)
FLOAT_VM, FLOAT_NATIVE = _pair(float_calls)

INT_CASES = [
    (0, 0, 0), (0, 100, 5), (0, 10, -7), (0, 3, 3037000499), (0, 3, 3037000500), (0, 5, -3037000503),
    (1, 20, 100), (1, 20, 7), (1, 1, 0), (1, 0, 0), (1, 50, -9),
    (2, 100, 0), (2, 500, 1000), (2, 0, 0),
]


@pytest.mark.parametrize("case", INT_CASES)
def test_int_calls(case):
    _check(int_calls, INT_VM, INT_NATIVE, *case)


FLOAT_CASES = [
    (0, 1000, 3.0), (0, 1, 0.5), (0, 7, -2.0), (0, 100, math.inf), (0, 10, math.nan),
    (1, 20, 2.0), (1, 0, 1.0), (1, 5, -0.0), (1, 5, -1.0), (1, 10, 1e300),
    (2, 10, 0.0), (2, 10, 0.5), (2, 3, 0.75), (2, 10, -3.0), (2, 4, math.nan),
]


@pytest.mark.parametrize("case", FLOAT_CASES)
def test_float_calls(case):
    _check(float_calls, FLOAT_VM, FLOAT_NATIVE, *case)


def test_callees_went_native():
    """The callees' bodies are in the native module (they stayed calls)."""
    text = INT_NATIVE.inspect("native-decision", 0, 0, 0)
    assert "native, the whole function, with" in text, text
    for name in ("sq_int", "floor_div", "has_divisor"):
        assert name in text, text
    text = FLOAT_NATIVE.inspect("native-decision", 0, 0, 0.0)
    for name in ("sq_float", "newton", "h1", "h2", "h3"):
        assert name in text, text
    native = FLOAT_NATIVE.inspect("native", 0, 0, 0.0)
    assert "func.func private @h3" in native and "call @h3" in native


def fact(n: int) -> int:
    if n <= 1:
        return 1
    return n * fact(n - 1)  # <- recursive


def with_recursion(n: int) -> int:
    acc = 0
    for i in range(n):
        acc += fact(i % 25)  # OverflowError from fact(21) on
    return acc


def test_recursion_stays_on_the_vm(monkeypatch):
    monkeypatch.setenv("PYDM_NATIVE", "1")
    jf = pydm.jit(with_recursion)
    for n in (0, 5, 21, 22, 30):  # fact(21) leaves 64 bits: pydm's OverflowError
        _check(with_recursion, jf, jf, n)
    text = jf.inspect("native-decision", 5)
    assert "with_recursion$i: VM (a recursive call (fact -> fact))" in text, text
    assert "fact$i: VM" in text, text


def test_recursion_forced_native_names_the_call():
    lines, first = inspect.getsourcelines(fact)
    line = next(first + i for i, text in enumerate(lines) if "# <- recursive" in text)
    with pytest.raises(CompileError) as info:
        pydm.jit(native=True)(with_recursion)(5)
    e = info.value
    assert e.lineno == line, f"error at line {e.lineno}, expected {line}:\n{e}"
    assert "cannot run natively" in e.message and "recursive call" in e.message


def collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def small_trips(x: float) -> float:
    for _ in range(4):
        x = x * 0.5 + 1.0
    return x


def from_vm(n: int) -> float:
    xs = [n, n + 1, n + 2]  # a list: this function stays on the VM
    total = collatz_steps(n) + collatz_steps(2 * n + 1)
    return small_trips(total * 1.0 + len(xs))


def few_calls(n: int) -> int:
    acc = 0
    for k in range(3):  # a constant trip count, but the callee's loop is unknown
        acc += collatz_steps(n + k)
    return acc


def test_cost_model(monkeypatch):
    """A helper with a loop of unknown trip count, called from VM code, goes
    native by itself; a small constant trip count stays on the VM."""
    monkeypatch.setenv("PYDM_NATIVE", "1")
    jf = pydm.jit(from_vm)
    plain = pydm.jit(native=False)(from_vm)
    for n in (1, 7, 27, 97, 871, 10**15):
        assert _outcome(jf, n) == _outcome(plain, n) == _outcome(from_vm, n)
    text = jf.inspect("native-decision", 7)
    assert "from_vm$i: VM" in text, text
    # the helper's loop runs natively: outlined (native/outline.py: a callee's loops are
    # outlined first), or the helper as a whole (native.vm_callee_plans)
    assert re.search(r"in collatz_steps: loop at line \d+: native", text) \
        or "collatz_steps$i: native, the whole function (called from VM code" in text, text
    assert "small_trips$f: VM (constant trip counts" in text, text
    # a caller whose own loops are not worth it takes a callee that is with it
    jf = pydm.jit(few_calls)
    for n in (1, 27, 10**15):
        assert _outcome(jf, n) == _outcome(few_calls, n)
    text = jf.inspect("native-decision", 7)
    assert "few_calls$i: native, the whole function, with collatz_steps$i (calls collatz_steps: " \
        "a loop of unknown trip count" in text, text


def _decision(src: str) -> tuple[bool, str]:
    return nat.cost_decision(astroid.parse(src).body[0])


def test_cost_rule():
    """The rule on syntax alone: no loop, unknown trip counts, constant
    trip counts by their work."""
    assert _decision("def f(x):\n    return x + 1\n") == (False, "no loop")
    go, why = _decision("def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n")
    assert go and "unknown trip count at line 3" in why
    go, why = _decision("def f(n):\n    while n > 1:\n        n //= 2\n    return n\n")
    assert go and "unknown" in why
    small = "def f(x):\n    for i in range(4):\n        x = x * 0.5 + 1.0\n    return x\n"
    assert _decision(small)[0] is False
    big = small.replace("range(4)", "range(100_000)")
    assert _decision(big)[0] is True
    nested = "def f(x):\n    for i in range(100):\n        for j in range(-50, 50, 1):\n            x += i * j\n    return x\n"
    go, why = _decision(nested)
    assert go and "work" in why


def mod_helper(x: float) -> float:
    return x % 3.0  # <- callee error


def mod_middle(x: float) -> float:
    return mod_helper(x) * 2.0


def calls_mod(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc += mod_middle(x + i)
    return acc


def test_callee_forced_native_names_its_line():
    """``native=True`` on a function whose callee cannot go native: a
    CompileError at the callee's construct, naming the chain of calls."""
    lines, first = inspect.getsourcelines(mod_helper)
    line = next(first + i for i, text in enumerate(lines) if "# <- callee error" in text)
    with pytest.raises(CompileError) as info:
        pydm.jit(native=True)(calls_mod)(5, 1.5)
    e = info.value
    assert e.lineno == line, f"error at line {e.lineno}, expected {line}:\n{e}"
    assert "it calls mod_middle, which calls mod_helper, which cannot run natively" in e.message, e.message
    for args in ((5, 1.5), (3, -0.5), (0, 0.0)):
        assert _outcome(pydm.jit(native=False)(calls_mod), *args) == _outcome(calls_mod, *args)


def chain_sum(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc += h1(x - i)
    return acc


def test_expanded_size_limit(monkeypatch):
    """A dispatch takes no calls: the callees are expanded at every call
    site; past ``MAX_INLINED_OPS`` operations the function stays on the VM."""
    monkeypatch.setattr(eligibility, "MAX_INLINED_OPS", 50)
    monkeypatch.setenv("PYDM_NATIVE", "1")
    jf = pydm.jit(chain_sum)
    for args in ((10, 0.5), (3, 2.0), (4, 0.0)):
        assert _outcome(jf, *args) == _outcome(chain_sum, *args)
    text = jf.inspect("native-decision", 10, 0.5)
    assert "chain_sum$if: VM (its body with its callees expanded at every call would be" in text, text


# a call of a multi-block function inside a dispatch region (platform trap)
CALL_IN_DISPATCH = """
module @m {
  func.func private @sq(%x: i64) -> i64 {
    %c = arith.constant 0 : i64
    %neg = arith.cmpi slt, %x, %c : i64
    cf.cond_br %neg, ^a, ^b
  ^a:
    %n = arith.subi %c, %x : i64
    return %n : i64
  ^b:
    %y = arith.muli %x, %x : i64
    return %y : i64
  }
  func.func @run(%a: i64) -> i64 {
    %t = flow.dispatch.region -> (tensor<1xi64>) {
      %r = scf.execute_region -> (i64) {
        %c = func.call @sq(%a) : (i64) -> i64
        scf.yield %c : i64
      }
      %tt = tensor.from_elements %r : tensor<1xi64>
      flow.return %tt : tensor<1xi64>
    }
    %i0 = arith.constant 0 : index
    %v = tensor.extract %t[%i0] : tensor<1xi64>
    return %v : i64
  }
}
"""


def test_platform_call_in_a_dispatch_needs_inlining():
    """IREE's standard pipeline does not take a call inside a dispatch region
    (iree-compile crashes in it; in process it takes the process down): the
    native module's callees are expanded by the ``inline`` pass first
    (``compile_native``), after which the module compiles and runs."""
    import iree.runtime as rt
    from iree.compiler.tools import CompilerToolError, compile_str
    with pytest.raises(CompilerToolError):
        compile_str(CALL_IN_DISPATCH, extra_args=list(nat.NATIVE_FLAGS))
    vmfb = nat.compile_native(CALL_IN_DISPATCH)
    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    assert [ctx.modules.m["run"](v) for v in (-7, 0, 9)] == [7, 0, 81]
