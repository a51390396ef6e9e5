"""Run a generated program under CPython (the reference) and pydm, and compare.

pydm runs in a child process (``worker.py``), kept alive across programs: a
compile that hangs or a crash of the VM becomes a failure of that program.
The CPython reference (``reference.py``) runs in this process.

Outcomes agree when (as ``tests/conformance/harness.py`` and ``tests/lists/lharness.py``):

* both return values of the same type (``True`` is not ``1``, ``1.0`` is not
  ``1``), floats bit for bit (``-0.0`` is not ``0.0``; any NaN equals any NaN:
  CPython does not define a NaN's sign or payload); tuples and lists of the
  same length whose elements agree by these rules, recursively (``(1,)`` is
  not ``(1.0,)``, ``[1]`` is not ``(1,)``); exceptions of exactly the same
  class whose ``args`` agree by these rules (an ``Int64Escape`` of the
  reference is pydm's ``OverflowError``, a ``ComplexPower`` its ``ValueError``,
  args not compared: documented divergences);
* or both raise the same exception class with the same message;
* and, either way, the arguments agree *after* the call (a compiled function
  mutates the caller's lists), and so does the aliasing: the arguments, the
  lists reachable from them before the call and the result are walked in
  parallel and each list on one side must pair with exactly one list on the
  other (``[a, a]`` repeats one list, a returned argument is the caller's
  list, a fresh list is not an argument); exceptions are paired the same way
  (``[e, e]`` holds one exception twice, ``[e, e2]`` two). Each side calls on
  its own deep copy of the arguments;
* or CPython made an int outside 64 bits (``reference.Int64Escape``) and pydm
  raises ``OverflowError`` (message not compared: documented divergence);
* or CPython made a complex number and pydm raises ``ValueError`` (documented).

(In the last two cases nothing else is compared.)
"""
from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import math
import os
import pickle
import selectors
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from shared import INT64_MAX, INT64_MIN, float_bits

from .reference import ComplexPower, Int64Escape, reference_namespace

WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "worker.py")
#: seconds a program may take in pydm (all its compiles and calls)
PROGRAM_TIMEOUT = float(os.environ.get("PYDM_FUZZ_TIMEOUT", "120"))
#: PYDM_FUZZ_NATIVE=1: every jit call is made again through ``pydm.jit(native=True)``
#: of its function where that goes native, and must agree with the VM path exactly
#: (issue 12; off by default: a native compile costs ~1-2 s)
NATIVE = os.environ.get("PYDM_FUZZ_NATIVE") == "1"
#: programs per worker process (compiled programs stay loaded: bound the memory)
REQUESTS_PER_WORKER = 150


class WorkerFailure(Exception):
    pass


class Worker:
    def __init__(self):
        self.proc = None
        self.served = 0
        self.stderr = None

    def _start(self):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr)
        self.served = 0

    def close(self):
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.stderr.close()
            self.proc = None

    def _stderr_tail(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")[-3000:]

    def _read(self, n: int, deadline: float) -> bytes:
        buf = b""
        fd = self.proc.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while len(buf) < n:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(timeout=left):
                    raise TimeoutError
                chunk = os.read(fd, n - len(buf))
                if not chunk:
                    raise EOFError
                buf += chunk
        return buf

    def request(self, req: dict, timeout: float | None = None) -> dict:
        timeout = timeout or PROGRAM_TIMEOUT
        if self.proc is None or self.served >= REQUESTS_PER_WORKER:
            self.close()
            self._start()
        self.served += 1
        data = pickle.dumps(req)
        deadline = time.monotonic() + timeout
        try:
            self.proc.stdin.write(struct.pack("<I", len(data)) + data)
            self.proc.stdin.flush()
            (n,) = struct.unpack("<I", self._read(4, deadline))
            return pickle.loads(self._read(n, deadline))
        except TimeoutError:
            self.close()
            raise WorkerFailure(f"no result within {timeout:.0f} s: a compile or a call does not terminate")
        except (EOFError, BrokenPipeError):
            rc = self.proc.wait()
            tail = self._stderr_tail()
            self.close()
            raise WorkerFailure(f"the pydm process died (exit code {rc}); its stderr ends with:\n{tail}")


_worker: Worker | None = None


def worker() -> Worker:
    global _worker
    if _worker is None:
        import atexit
        _worker = Worker()
        atexit.register(_worker.close)
    return _worker


# ----------------------------------------------------------------------------- comparing
def compare(a, b, path: str = "value", fwd=None, back=None) -> str | None:
    """None if ``a`` (CPython) and ``b`` (pydm) agree, else the first difference:
    the same type, floats bit for bit (any NaN equal to any NaN), tuples and lists
    element by element. ``fwd``/``back`` map the ids of lists CPython -> pydm and
    back (pass the same dicts to compare aliasing across several values): a list
    met again must pair with the list it paired with before."""
    fwd = {} if fwd is None else fwd
    back = {} if back is None else back
    if isinstance(a, BaseException) and isinstance(b, BaseException):
        return _compare_exceptions(a, b, path, fwd, back)
    if type(a) is not type(b):
        return f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)}"
    t = type(a)
    if t is float:
        if (math.isnan(a) and math.isnan(b)) or float_bits(a) == float_bits(b):
            return None
        return f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)}"
    if t in (list, dict, set):
        if id(a) in fwd or id(b) in back:
            if fwd.get(id(a)) == id(b) and back.get(id(b)) == id(a):
                return None  # the same pair again: compared already
            return f"{path}: aliasing differs (a {t.__name__} met before on one side only): CPython " \
                f"{typed_repr(a)}, pydm {typed_repr(b)}"
        fwd[id(a)], back[id(b)] = id(b), id(a)
    if t is list or t is tuple:
        if len(a) != len(b):
            return f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)} (lengths {len(a)} and {len(b)})"
        for k, (x, y) in enumerate(zip(a, b)):
            d = compare(x, y, f"{path}[{k}]", fwd, back)
            if d:
                return d
        return None
    if t is dict:  # keys in insertion order (keyword arguments: the order they were passed)
        if len(a) != len(b):
            return f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)} (lengths {len(a)} and {len(b)})"
        for k, ((ka, va), (kb, vb)) in enumerate(zip(a.items(), b.items())):
            d = compare(ka, kb, f"{path}.keys()[{k}]", fwd, back) or compare(va, vb, f"{path}[{ka!r}]", fwd, back)
            if d:
                return d
        return None
    if t in (set, frozenset):  # in no order (pydm iterates a set in insertion order: documented)
        if len(a) != len(b):
            return f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)} (lengths {len(a)} and {len(b)})"
        for k, (x, y) in enumerate(zip(sorted(a, key=_set_order), sorted(b, key=_set_order))):
            d = compare(x, y, f"{path}(sorted)[{k}]", fwd, back)
            if d:
                return d
        return None
    return None if a == b else f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)}"


def _set_order(v):
    """A total order of set items (of any classes) that tells equal items of other types apart."""
    return (type(v).__name__, repr(v) if type(v) is not float else float_bits(v))


def _compare_exceptions(a, b, path, fwd, back) -> str | None:
    """Exceptions: the same class (pydm's OverflowError for the reference's Int64Escape, its
    ValueError for ComplexPower: their args are not compared), paired like lists (an exception
    met again must pair with the one it paired with before), args element by element."""
    escaped = {Int64Escape: OverflowError, ComplexPower: ValueError}.get(type(a))
    if type(b) is not (escaped or type(a)):
        return f"{path}: CPython {typed_repr(a)}, pydm {typed_repr(b)}"
    if id(a) in fwd or id(b) in back:
        if fwd.get(id(a)) == id(b) and back.get(id(b)) == id(a):
            return None
        return f"{path}: aliasing differs (an exception met before on one side only): CPython {typed_repr(a)}, " \
            f"pydm {typed_repr(b)}"
    fwd[id(a)], back[id(b)] = id(b), id(a)
    if escaped:
        return None
    return compare(a.args, b.args, f"{path}.args", fwd, back)


def same_value(a, b) -> bool:
    """The same type (tuples and lists: the same length and, element by element, the
    same value by these rules), floats bit for bit, any NaN equal to any NaN."""
    return compare(a, b) is None


def lists_in(v, out=None, seen=None) -> list:
    """Every list, dict and set reachable from ``v`` (through lists, tuples and dicts), each once,
    in walk order (the mutable values whose sharing ``compare`` checks)."""
    out = [] if out is None else out
    seen = set() if seen is None else seen
    if type(v) in (list, dict, set):
        if id(v) in seen:
            return out
        seen.add(id(v))
        out.append(v)
    if type(v) in (list, tuple):
        for x in v:
            lists_in(x, out, seen)
    elif isinstance(v, BaseException):
        if id(v) not in seen:
            seen.add(id(v))
            lists_in(v.args, out, seen)
    elif type(v) is dict:
        for x in v.values():
            lists_in(x, out, seen)
    return out


def has_big_int(v, seen=None) -> bool:
    """``v`` is, or holds in tuples and lists at any depth, an int outside 64 bits."""
    if type(v) is int:
        return not INT64_MIN <= v <= INT64_MAX
    if type(v) in (list, tuple, dict, set, frozenset) or isinstance(v, BaseException):
        seen = set() if seen is None else seen
        if id(v) in seen:
            return False
        seen.add(id(v))
        items = v.args if isinstance(v, BaseException) else [*v, *v.values()] if type(v) is dict else v
        return any(has_big_int(x, seen) for x in items)
    return False


def typed_repr(v, seen=frozenset()) -> str:
    """``v`` with the type of every scalar: ``[1:int, (-0.0:float[0x8000000000000000],)]``."""
    if type(v) is list:
        if id(v) in seen:
            return "[...]"
        return "[" + ", ".join(typed_repr(x, seen | {id(v)}) for x in v) + "]"
    if type(v) is tuple:
        return "(" + ", ".join(typed_repr(x, seen) for x in v) + ("," if len(v) == 1 else "") + ")"
    if type(v) is dict:
        if id(v) in seen:
            return "{...}"
        return "{" + ", ".join(f"{typed_repr(k)}: {typed_repr(x, seen | {id(v)})}" for k, x in v.items()) + "}"
    if type(v) in (set, frozenset):
        return type(v).__name__ + "({" + ", ".join(typed_repr(x) for x in sorted(v, key=_set_order)) + "})"
    if type(v) is float:
        return f"{v!r}:float[{float_bits(v) & (2**64 - 1):#x}]"
    if isinstance(v, BaseException):
        if id(v) in seen:
            return f"{type(v).__name__}(...)"
        return f"{type(v).__name__}{typed_repr(v.args, seen | {id(v)})}"
    return f"{v!r}:{type(v).__name__}"


def describe(outcome) -> str:
    if outcome[0] == "exc":
        return f"raised {outcome[1]}({outcome[2]!r})"
    v = outcome[1]
    if type(v) is float:
        return f"returned {v!r} (float, bits {float_bits(v) & (2**64 - 1):#018x})"
    if type(v) in (list, tuple, dict, set, frozenset) or isinstance(v, BaseException):
        return f"returned {typed_repr(v)}"
    return f"returned {v!r} ({type(v).__name__})"


def call_key(fname: str, args: tuple, kwargs: dict) -> tuple:
    """A call's arguments by value and by the sharing of their lists (``f(a, a)`` is not
    ``f(a, list(a))``)."""
    ids = {}
    for v in lists_in((args, kwargs)):
        ids[id(v)] = len(ids)
    seen = []

    def walk(v):
        if type(v) is list:
            first = ids[id(v)] not in seen
            seen.append(ids[id(v)])
            return f"L{ids[id(v)]}[" + (", ".join(walk(x) for x in v) if first else "...") + "]"
        if type(v) is tuple:
            return "(" + ", ".join(walk(x) for x in v) + ")"
        if type(v) is dict:
            tag = f"D{ids[id(v)]}" if id(v) in ids else ""
            return tag + "{" + ", ".join(f"{k!r}: {walk(x)}" for k, x in v.items()) + "}"
        if type(v) is set:
            return f"S{ids[id(v)]}{sorted(map(repr, v))}"
        return repr(v)
    return (fname, walk(tuple(args)), walk(dict(kwargs or {})))


def call_copy(args: tuple, kwargs: dict) -> tuple:
    """A side's own arguments: one deep copy of both (lists shared between them stay
    shared) and the lists reachable from them before the call, for ``after_call``."""
    args, kwargs = copy.deepcopy((tuple(args), dict(kwargs or {})))
    return args, kwargs, lists_in((args, kwargs))


#: seconds a CPython reference call may take (generated programs take milliseconds)
REFERENCE_TIMEOUT = 20.0


class ReferenceTimeout(BaseException):
    """The CPython reference does not terminate (a generator bug, or a reduction step
    that removed a loop counter); not an Exception, so the program cannot catch it."""


def _alarm(signum, frame):
    raise ReferenceTimeout


def run_reference(ns: dict, fname: str, args: tuple, timeout: float | None = None, kwargs=None):
    """CPython's outcome: ("ok", value) or ("exc", class name, message, exception).
    Raises ReferenceTimeout after ``timeout`` seconds (in the main thread)."""
    import signal
    import threading
    timed = threading.current_thread() is threading.main_thread()
    if timed:
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout or REFERENCE_TIMEOUT)
    try:
        v = ns[fname](*args, **(kwargs or {}))
    except Exception as exc:  # noqa: BLE001
        return ("exc", type(exc).__name__, str(exc), exc)
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return ("ok", v)


#: disagreements ``run_program(tolerate=...)`` can accept because they are a known bug
#: (each has a strict xfail in test_fuzz_regressions.py): name -> (CPython, pydm) -> bool
TOLERABLE = {
    "complex_overflow": lambda ref, got: ref[:3] == ("exc", "OverflowError", "complex exponentiation")
    and got[:2] == ("exc", "ValueError"),
    "type_of_raising": lambda ref, got: got[:2] == ("exc", "pydm.errors.CompileError")
    and "type(x) is supported only in comparisons" in got[2],
    "tuple_libcall": lambda ref, got: got[0] == "exc" and "MLIRError" in got[1] and "pydmrtl$" in got[2]
    and "does not reference a valid function" in got[2],
    "range_arg_order": lambda ref, got: ref[0] == got[0] == "exc" and got[1] == "TypeError"
    and got[2].endswith("object cannot be interpreted as an integer"),
    "sort_key_dynamic": lambda ref, got: got[:2] == ("exc", "pydm.errors.CompileError")
    and "sort(key=...) is not supported yet" in got[2],
}


def disagreement(ref, got, tolerate=frozenset(), ref_after=None, got_after=None) -> str | None:
    """Why pydm's outcome ``got`` is wrong given CPython's ``ref``, or None if it agrees.
    ``ref_after``/``got_after``: each side's ``(args, kwargs, lists in the arguments
    before the call)`` after the call (``call_copy``), compared with the result."""
    if any(TOLERABLE[name](ref, got) for name in tolerate):
        return None
    if ref[0] == "exc":
        exc = ref[3]
        if isinstance(exc, Int64Escape):
            return None if got[:2] == ("exc", "OverflowError") else "CPython makes an int beyond 64 bits: " \
                "pydm must raise OverflowError"
        if isinstance(exc, ComplexPower):
            return None if got[:2] == ("exc", "ValueError") else "CPython makes a complex number: pydm must " \
                "raise ValueError"
        if got[0] == "exc" and got[1] == ref[1] and got[2] == ref[2]:
            return _after_call(None, None, ref_after, got_after, "both raise, but ")
        return "different exception" if got[0] == "exc" else "pydm does not raise"
    if has_big_int(ref[1]) or (ref_after is not None and has_big_int(ref_after[:2])):
        # (the reference checks every int already)
        return None if got[:2] == ("exc", "OverflowError") else "int beyond 64 bits: pydm must raise OverflowError"
    if got[0] == "ok" and same_value(ref[1], got[1]):
        return _after_call(ref[1], got[1], ref_after, got_after, "")
    if got[0] == "exc" and got[1] == "pydm.errors.CompileError":
        return "pydm rejects the program (generator outside the subset, or a pydm bug)"
    return "different result" if got[0] == "ok" else "pydm raises, CPython does not"


def _after_call(ref_value, got_value, ref_after, got_after, prefix) -> str | None:
    if ref_after is None or got_after is None:
        return None
    if len(ref_after) > 3 and len(got_after) > 3 and ref_after[3] != got_after[3]:
        return f"{prefix}the printed text differs: CPython {ref_after[3]!r}, pydm {got_after[3]!r}"
    d = compare((ref_after, ref_value), (got_after, got_value), "((args, kwargs, lists in args before), result)")
    return None if d is None else f"{prefix}the arguments after the call or the aliasing differ: {d}"


def ref_describe(ref) -> str:
    if ref[0] == "exc" and isinstance(ref[3], Int64Escape):
        return f"makes an int beyond 64 bits ({ref[2]}): pydm must raise OverflowError"
    if ref[0] == "exc" and isinstance(ref[3], ComplexPower):
        return f"makes a complex number ({ref[2]}): pydm must raise ValueError"
    return describe(ref)


# ----------------------------------------------------------------------------- running a case
@dataclass
class Mismatch:
    mode: str  # "jit" or "aot"
    function: str
    args: tuple
    cpython: str
    pydm: str
    why: str
    kwargs: dict = field(default_factory=dict)

    def call_text(self) -> str:
        parts = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.function}({', '.join(parts)})"

    def render(self) -> str:
        return (f"[{self.mode}] {self.call_text()}: {self.why}\n"
                f"    CPython: {self.cpython}\n    pydm:    {self.pydm}")


@dataclass
class Report:
    source: str
    path: str
    mismatches: list[Mismatch] = field(default_factory=list)
    outcomes: dict = field(default_factory=dict)  # CPython outcome kind -> count

    def message(self) -> str:
        lines = [f"pydm disagrees with CPython on {len(self.mismatches)} call(s):"]
        lines += [m.render() for m in self.mismatches[:12]]
        if len(self.mismatches) > 12:
            lines.append(f"... and {len(self.mismatches) - 12} more")
        lines += ["", f"program ({self.path}):", "-" * 72, self.source.rstrip(), "-" * 72,
                  "as a regression test (tests/fuzz/test_fuzz_regressions.py):"]
        seen = set()
        for m in self.mismatches[:4]:
            if (m.mode, m.call_text()) not in seen:
                seen.add((m.mode, m.call_text()))
                kw = f", kwargs={m.kwargs!r}" if m.kwargs else ""
                lines.append(f"    check_program(SOURCE, {m.function!r}, {m.args!r}, mode={m.mode!r}{kw})")
        return "\n".join(lines)


def module_path(source: str, directory: str) -> tuple[str, str]:
    """A file named after the program's hash (pydm reads a function's source from its file)."""
    name = "fz_" + hashlib.sha1(source.encode()).hexdigest()[:16]
    path = os.path.join(directory, name + ".py")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write(source)
    return name, path


def _normal(call) -> tuple:
    fname, args, *rest = call
    return (fname, tuple(args), dict(rest[0]) if rest and rest[0] else {})


def run_program(source: str, jit_calls, aot_calls, directory: str, tolerate=frozenset(),
                timeout: float | None = None) -> Report:
    """Run calls ``(function, args)`` or ``(function, args, kwargs)`` under CPython and
    pydm (``jit_calls`` through ``@pydm.jit``, ``aot_calls`` through one ahead-of-time
    compile of the module). ``tolerate``: names from TOLERABLE; ``timeout``: seconds
    pydm may take (default ``PROGRAM_TIMEOUT``)."""
    jit_calls, aot_calls = [_normal(c) for c in jit_calls], [_normal(c) for c in aot_calls]
    name, path = module_path(source, directory)
    report = Report(source, path)
    ns = reference_namespace(source, path + " (reference)")
    refs = {}  # call -> (CPython's outcome, its arguments after the call)
    for fname, args, kwargs in jit_calls + aot_calls:
        key = call_key(fname, args, kwargs)
        if key not in refs:
            a, kw, before = call_copy(args, kwargs)
            printed = io.StringIO()
            try:
                with contextlib.redirect_stdout(printed):
                    out = run_reference(ns, fname, a, kwargs=kw)
            except ReferenceTimeout:
                report.mismatches.append(Mismatch("reference", fname, args, f"no result within "
                                                  f"{REFERENCE_TIMEOUT:.0f} s", "-", "CPython does not terminate",
                                                  kwargs))
                return report
            refs[key] = (out, (a, kw, before, printed.getvalue()))
            kind = out[1] if out[0] == "exc" else "ok"
            report.outcomes[kind] = report.outcomes.get(kind, 0) + 1
    req = {"path": path, "name": name, "jit": list(jit_calls), "aot": list(aot_calls), "native": NATIVE}
    try:
        got = worker().request(req, timeout)
    except WorkerFailure as err:
        fname, args, kwargs = (jit_calls + aot_calls)[0]
        report.mismatches.append(Mismatch("process", fname, args, "-", str(err), "pydm hangs or crashes", kwargs))
        return report
    for mode, calls in (("jit", jit_calls), ("aot", aot_calls)):
        afters = got.get(mode + "_after") or [None] * len(calls)
        for (fname, args, kwargs), outcome, got_after in zip(calls, got[mode], afters):
            key = call_key(fname, args, kwargs)
            ref, ref_after = refs[key]
            why = disagreement(ref, outcome, tolerate, ref_after, got_after)
            if why:
                if "..." in key[1] + key[2]:  # (repr does not show it)
                    why += f" [the arguments share lists: {key[1]} {key[2]}]"
                cpython, pydm = ref_describe(ref), describe(outcome)
                if "arguments after the call" in why:
                    cpython += f"; arguments after: {typed_repr(ref_after[:2])}"
                    pydm += f"; arguments after: {typed_repr(got_after[:2])}"
                report.mismatches.append(Mismatch(mode, fname, args, cpython, pydm, why, kwargs))
    for fname, indices, outcome in got.get("map") or []:
        why = map_disagreement([got["jit"][i] for i in indices], outcome)
        if why:
            rows = [jit_calls[i][1] for i in indices]
            report.mismatches.append(Mismatch("map", fname, rows[0], f"(the calls one by one, rows {rows})",
                                              describe(outcome), why, {}))
    for (fname, args, kwargs), vm, native in zip(jit_calls, got["jit"], got.get("native") or []):
        if native is None:
            continue
        same = compare(vm[1], native[1]) is None if vm[0] == native[0] == "ok" else vm == native
        if not same:
            report.mismatches.append(Mismatch("native", fname, args, "(VM path) " + describe(vm), describe(native),
                                              "native=True disagrees with the VM path", kwargs))
    return report


def map_disagreement(calls, mapped) -> str | None:
    """``fn.map`` over some calls' rows against those calls' own pydm outcomes:
    the list of their values, or the first call's exception that raised."""
    raised = next((c for c in calls if c[0] != "ok"), None)
    if raised is not None:
        return None if mapped == raised else f"fn.map gave {describe(mapped)}, the first raising call {describe(raised)}"
    if mapped[0] != "ok":
        return f"fn.map raised {describe(mapped)} where every call returned"
    why = compare(mapped[1], [c[1] for c in calls])
    return None if why is None else f"fn.map disagrees with the calls: {why}"


_directory = None


def session_directory() -> str:
    """This process's directory for program files, removed at exit. (Not pytest's
    tmp_path: pytest removes all but the last three session directories, also
    those of a session still running, e.g. a long fuzzer run.)"""
    global _directory
    if _directory is None:
        import atexit
        import shutil
        _directory = tempfile.mkdtemp(prefix="pydm_fuzz_")
        atexit.register(shutil.rmtree, _directory, True)
    return _directory


def check_program(source: str, function: str, args: tuple, mode: str = "jit", kwargs=None,
                  timeout: float | None = None) -> None:
    """Assert that pydm agrees with the reference on one call (for regression tests;
    ``timeout``: seconds before a compile or call that does not end counts as a failure)."""
    source = source.strip("\n") + "\n"
    calls = [(function, tuple(args), kwargs or {})]
    report = run_program(source, calls if mode == "jit" else [], calls if mode == "aot" else [],
                         session_directory(), timeout=timeout)
    assert not report.mismatches, report.message()
