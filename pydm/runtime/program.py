"""Loading a compiled program and calling its exports from Python.

One VM instance per process; one bare ``VmContext`` per program (no HAL
device is needed for host code). Each export becomes a Python callable that
checks and marshals its arguments by the export's signature, invokes the VM
function directly (``VmContext.invoke``; the convenience invoker silently turns
a float into 0 for an int parameter) and turns a non-zero exception code into
the Python exception it stands for.
"""
from __future__ import annotations

import atexit
import gc
import threading
import weakref

import iree.runtime as rt

from .. import typecodes as tc
from ..exceptions import RaiseSiteTable
from ..types import PyType
from .values import conforms, describe, from_record, to_record

_instance = None
_lock = threading.Lock()

T = PyType
INT64_MIN, INT64_MAX = -2**63, 2**63 - 1


def vm_instance() -> rt.VmInstance:
    global _instance
    with _lock:
        if _instance is None:
            _instance = rt.VmInstance()
        return _instance


_LOADED: "weakref.WeakSet[LoadedProgram]" = weakref.WeakSet()


def _release_at_exit() -> None:
    """Drop VM contexts and modules before interpreter teardown, so the runtime's
    bindings do not print "leaked instance" warnings for live VM objects."""
    for program in list(_LOADED):
        program.__dict__.clear()
    gc.collect()


atexit.register(_release_at_exit)


class LoadedProgram:
    """A VM module in its own context, with its raise-site table."""

    def __init__(self, vmfb: bytes, sites: RaiseSiteTable):
        _LOADED.add(self)
        inst = vm_instance()
        self.module = rt.VmModule.copy_buffer(inst, vmfb)
        self.context = rt.VmContext(inst, modules=[self.module])
        self.sites = sites
        origin = self.module.lookup_function("__pydm_origin")
        if origin is not None:
            context, empty, out = self.context, rt.VmVariantList(0), rt.VmVariantList(1)

            def read_origin() -> int:
                context.invoke(origin, empty, out)
                return out.get_variant(0)
            sites.origin_reader = read_origin
        exception = self.module.lookup_function("__pydm_exception")
        if exception is not None:
            def read_exception_args() -> tuple:
                out = rt.VmVariantList(1)
                self.context.invoke(exception, rt.VmVariantList(0), out)
                records = out.get_variant(0).deref(rt.VmVariantList)
                return tuple(from_record(records.get_as_list(i)) for i in range(len(records)))
            sites.exception_reader = read_exception_args

    def function(self, symbol: str, name: str, params, param_types, ret, defaults=None):
        fn = self.module.lookup_function(symbol)
        if fn is None:
            raise LookupError(f"export {symbol} not found")
        return make_caller(self, fn, name, list(params), list(param_types), ret, defaults or {})


def _arg_error(fname: str, pname: str, expected: str, value) -> TypeError:
    return TypeError(f"{fname}() argument '{pname}' must be {expected}, not {type(value).__name__}")


def marshal_arg(fname: str, pname: str, t: PyType, value, args: rt.VmVariantList) -> None:
    """Check one argument against its parameter's type and push it."""
    cls = type(value)
    if t is T.INT:
        if cls is int or cls is bool:
            if not INT64_MIN <= value <= INT64_MAX:
                raise OverflowError(f"{fname}() argument '{pname}': int {value} does not fit in 64 bits")
            args.push_int(int(value))
            return
        if isinstance(value, int):
            return marshal_arg(fname, pname, t, int(value), args)
        raise _arg_error(fname, pname, "int", value)
    if t is T.FLOAT:
        if cls is float:
            args.push_float(value)
            return
        if isinstance(value, (int, float)):
            args.push_float(float(value))
            return
        raise _arg_error(fname, pname, "float", value)
    if t is T.BOOL:
        if cls is bool:
            args.push_int(1 if value else 0)
            return
        raise _arg_error(fname, pname, "bool", value)
    if t is T.NONE:
        if value is None:
            args.push_int(0)
            return
        raise _arg_error(fname, pname, "None", value)
    if t is T.OBJECT or t.is_tuple:
        if not conforms(value, t):
            raise TypeError(f"{fname}() argument '{pname}' must be {describe(t)}, not {type(value).__name__}")
        args.push_list(box_value(fname, pname, value))
        return
    raise TypeError(f"{fname}(): parameter '{pname}' of type {t.python_name} cannot be passed yet")


def box_value(fname: str, pname: str, value) -> rt.VmVariantList:
    """A Python value as a seed-002 record."""
    return to_record(value, f"{fname}() argument '{pname}': ")


unbox_record = from_record


_RESULT = {T.INT: int, T.FLOAT: float, T.BOOL: bool, T.NONE: lambda v: None, T.BOTTOM: lambda v: None,
           T.OBJECT: lambda ref: unbox_record(ref.deref(rt.VmVariantList))}


def _result_converter(t: PyType):
    return _RESULT.get(t) or (lambda ref: unbox_record(ref.deref(rt.VmVariantList)))


def make_caller(program: LoadedProgram, fn, name, params, param_types, ret, defaults):
    """A Python callable for one export."""
    context = program.context
    sites = program.sites
    convert = _result_converter(ret)
    nparams = len(params)
    pairs = list(zip(params, param_types))
    results = rt.VmVariantList(2)

    def call(*args, **kwargs):
        if kwargs or len(args) != nparams:
            args = bind(name, params, defaults, args, kwargs)
        vargs = rt.VmVariantList(nparams)
        for (pname, t), value in zip(pairs, args):
            marshal_arg(name, pname, t, value, vargs)
        try:
            context.invoke(fn, vargs, results)
        except RuntimeError as exc:
            raise translate_vm_error(exc) from None
        code = results.get_variant(0)
        if code:
            raise sites.make_exception(code)
        return convert(results.get_variant(1))

    call.__name__ = name
    return call


def bind(name, params, defaults, args, kwargs):
    """Positional + keyword arguments → the full positional list (Python's rules)."""
    if len(args) > len(params):
        raise TypeError(f"{name}() takes {len(params)} positional arguments but {len(args)} were given")
    out = list(args)
    missing = []
    for p in params[len(args):]:
        if p in kwargs:
            out.append(kwargs.pop(p))
        elif p in defaults:
            out.append(defaults[p])
        else:
            missing.append(p)
    if missing:  # CPython's wording
        names = ", ".join(f"'{m}'" for m in missing[:-1])
        names = f"{names} and '{missing[-1]}'" if names else f"'{missing[-1]}'"
        plural = "s" if len(missing) > 1 else ""
        raise TypeError(f"{name}() missing {len(missing)} required positional argument{plural}: {names}")
    for k in kwargs:
        if k in params:
            raise TypeError(f"{name}() got multiple values for argument '{k}'")
        raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
    return out


def translate_vm_error(exc: RuntimeError) -> BaseException:
    """A VM failure as the Python exception it means (stack exhaustion → RecursionError)."""
    text = str(exc)
    if "RESOURCE_EXHAUSTED" in text and "stack" in text:
        return RecursionError("maximum recursion depth exceeded")
    first = text.splitlines()[0] if text else ""
    return RuntimeError(f"pydm: the VM failed: {first[:300]}")


# One generated line per parameter type. ``push_int`` itself rejects an int
# outside int64 with a TypeError (pybind's int64 caster; checked by
# tests/lowering/test_numeric.py), so the range check costs nothing on the
# fast path: the except clause turns that TypeError into pydm's OverflowError.
_PUSH = {
    T.INT: "_push_int(_l, {a})",
    T.BOOL: "_push_int(_l, {a})",
    T.FLOAT: "_push_float(_l, {a})",
    T.NONE: "_push_int(_l, 0)",
}

# Result conversion: ``get_variant`` already returns an exact ``int`` for an
# i64 and an exact ``float`` for an f64, so those need no call.
_RETURN = {
    T.INT: "return _get(1)",
    T.FLOAT: "return _get(1)",
    T.BOOL: "return _get(1) != 0",
    T.NONE: "return None",
    T.BOTTOM: "return None",
}


def make_exact_caller(program: LoadedProgram, symbol: str, name: str, params, param_types, ret):
    """A caller for arguments already known to have exactly ``param_types``
    (the JIT's specialization key guarantees it): straight-line generated code,
    no per-argument dispatch. Ints are still range-checked (by ``push_int``).

    Per call it does only what the VM API forces: one fresh argument list
    (``VmVariantList`` has no way to empty a list), one push per argument, the
    invoke, and one or two reads of the reused result list. Everything it
    uses is a closure cell (bound methods looked up once)."""
    fn = program.module.lookup_function(symbol)
    n = len(params)
    args = ", ".join(f"a{i}" for i in range(n))
    pushes = [_PUSH[t].format(a=f"a{i}") for i, t in enumerate(param_types)]
    int_args = [i for i, t in enumerate(param_types) if t is T.INT]
    lines = [f"def call({args}):"]
    if n:
        lines.append(f"    _l = _List({n})")
    else:
        lines.append("    _l = _empty")  # never modified: invoke only reads it
    if int_args:
        lines.append("    try:")
        lines += [f"        {p}" for p in pushes]
        lines.append("    except TypeError:")
        lines.append(f"        raise _overflow(({args},), {int_args!r}) from None")
    else:
        lines += [f"    {p}" for p in pushes]
    lines += [
        "    try:",
        "        _invoke(_fn, _l, _r)",
        "    except RuntimeError as exc:",
        "        raise _translate(exc) from None",
        "    code = _get(0)",
        "    if code:",
        "        raise _sites.make_exception(code)",
        f"    {_RETURN[ret]}",
    ]
    src = ("def _make(_List, _empty, _push_int, _push_float, _invoke, _fn, _r, _get,"
           " _translate, _sites, _overflow):\n"
           + "".join(f"    {line}\n" for line in lines)
           + "    return call\n")

    def _overflow(values, int_args):
        for i in int_args:
            if not INT64_MIN <= values[i] <= INT64_MAX:
                return OverflowError(f"{name}() argument '{params[i]}' does not fit in 64 bits")
        return TypeError(f"{name}(): cannot pass the arguments {values!r}")  # pragma: no cover

    namespace: dict = {}
    exec(compile(src, f"<pydm caller {name}>", "exec"), namespace)
    results = rt.VmVariantList(2)
    call = namespace["_make"](
        rt.VmVariantList, rt.VmVariantList(0), rt.VmVariantList.push_int,
        rt.VmVariantList.push_float, program.context.invoke, fn, results,
        results.get_variant, translate_vm_error, program.sites, _overflow)
    call.__name__ = name
    return call
