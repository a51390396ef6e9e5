"""Helpers used by several test folders (``tests/conftest.py`` puts ``tests/``
on ``sys.path``, so a test module imports them with ``from shared import ...``).

* comparing values as pydm promises (``same_value``, ``float_bits``,
  ``typed_repr``, ``has_big_int``, ``describe_value``);
* calling from many threads at once (``run_threads``, ``outcome``);
* emitting and running hand-written VM-dialect modules (``vm_bytecode``,
  ``call_vm``);
* the line marked ``# <- error`` in a function of a file of bad programs
  (``error_markers``);
* a module made from source text in a test's folder (``import_source``).

Where the folders' harnesses differ in semantics (NaN payloads, tuples
compared element by element or with ``==``), the difference is a parameter
that every caller states.
"""
from __future__ import annotations

import importlib.util
import math
import struct
import sys
import textwrap
import threading

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


# ----------------------------------------------------------------------------- values

def float_bits(x: float) -> int:
    """The IEEE-754 bits of ``x`` as a signed 64-bit int (``& (2**64 - 1)`` to show them)."""
    return struct.unpack("<q", struct.pack("<d", x))[0]


def same_value(a, b, *, nested: bool, any_nan: bool = True) -> bool:
    """Same type and same value; floats bit for bit (``-0.0`` is not ``0.0``).

    ``any_nan``: every NaN equals every other NaN (CPython does not define a
    NaN's sign or payload); with ``any_nan=False`` NaNs are compared by their
    bits too.  ``nested``: tuples are compared element by element by these
    rules (same length, ``(1,)`` is not ``(1.0,)``); with ``nested=False`` a
    tuple is compared with ``==`` once its type matches.
    """
    if type(a) is not type(b):
        return False
    if type(a) is float:
        if any_nan and math.isnan(a) and math.isnan(b):
            return True
        return float_bits(a) == float_bits(b)
    if nested and type(a) is tuple:
        return len(a) == len(b) and all(same_value(x, y, nested=True, any_nan=any_nan)
                                        for x, y in zip(a, b))
    return a == b


def has_big_int(v) -> bool:
    """``v`` is, or holds in a tuple at any depth, an int outside 64 bits."""
    if type(v) is tuple:
        return any(has_big_int(x) for x in v)
    return type(v) is int and not INT64_MIN <= v <= INT64_MAX


def typed_repr(v) -> str:
    """``v`` with the type of every scalar: ``(1:int, (-0.0:float[0x8000000000000000],))``."""
    if type(v) is tuple:
        return "(" + ", ".join(typed_repr(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if type(v) is float:
        return f"{v!r}:float[{float_bits(v) & (2**64 - 1):#x}]"
    return f"{v!r}:{type(v).__name__}"


def describe_value(v, *, typed_tuples: bool) -> str:
    """``returned ...`` for a failure message: floats with their bits; tuples with
    the type of every element when ``typed_tuples``."""
    if type(v) is float:
        return f"returned {v!r} (float, bits {float_bits(v) & (2**64 - 1):#018x})"
    if typed_tuples and type(v) is tuple:
        return f"returned {typed_repr(v)}"
    return f"returned {v!r} ({type(v).__name__})"


# ----------------------------------------------------------------------------- threads

def run_threads(n_threads, work):
    """Run ``work(k)`` in ``n_threads`` threads started together; re-raise the first failure."""
    start = threading.Barrier(n_threads)
    failures = []

    def body(k):
        try:
            start.wait()
            work(k)
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=body, args=(k,)) for k in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]


def outcome(fn, *args, show=None):
    """``("value", type, v)`` or ``("raise", exception class, message)`` of ``fn(*args)``;
    ``show(v)`` replaces the value (e.g. ``repr``, which tells ``-0.0`` from ``0.0``
    and ``(1,)`` from ``(1.0,)``)."""
    try:
        v = fn(*args)
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return ("raise", type(exc), str(exc))
    return ("value", type(v), v if show is None else show(v))


# ----------------------------------------------------------------------------- VM modules

def vm_bytecode(module, session=None) -> bytes:
    """Emit ``module`` (an ``ir.Module`` already in the VM dialect) as VM bytecode."""
    from iree.compiler.api import Output

    from pydm.backend import session as default_session

    inv = (session or default_session()).invocation()
    try:
        inv.import_module(module.operation)
        out = Output.open_membuffer()
        inv.output_vm_bytecode(out)
        return bytes(out.map_memory())
    finally:
        inv.close()


def call_vm(bytecode: bytes, calls, name: str = "f") -> list[tuple]:
    """Load ``bytecode`` and call export ``name`` on each args tuple (floats pushed
    as f64, everything else as i64); the results of each call, as a tuple."""
    import iree.runtime as rt

    instance = rt.VmInstance()
    vmmod = rt.VmModule.copy_buffer(instance, bytecode)
    ctx = rt.VmContext(instance, modules=[vmmod])
    fn = vmmod.lookup_function(name)
    results = []
    for args in calls:
        a = rt.VmVariantList(len(args))
        for x in args:
            if isinstance(x, float):
                a.push_float(x)
            else:
                a.push_int(x)
        r = rt.VmVariantList(2)
        ctx.invoke(fn, a, r)
        results.append(tuple(r.get_variant(i) for i in range(len(r))))
    return results


# ----------------------------------------------------------------------------- compile errors
def error_markers(path: str):
    """A function ``marked_line(fname)``: the one line of the module-level
    function ``fname`` in the file ``path`` marked ``# <- error``."""
    import ast
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    funcs = {n.name: n for n in ast.parse("\n".join(lines)).body if isinstance(n, ast.FunctionDef)}

    def marked_line(fname: str) -> int:
        fn = funcs[fname]
        found = [i + 1 for i in range(fn.lineno - 1, fn.end_lineno) if "# <- error" in lines[i]]
        assert len(found) == 1, f"test bug: {fname} needs exactly one marker"
        return found[0]
    return marked_line


# ----------------------------------------------------------------------------- source modules

def import_source(folder, name: str, source: str):
    """Write ``source`` (dedented) to ``folder/name.py`` and import it as the
    module ``name`` (registered in ``sys.modules``, as an imported module is:
    pydm reads a jit function's source from its file)."""
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
