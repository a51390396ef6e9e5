"""Loading a compiled program and calling its exports from Python.

One VM instance per process; one bare ``VmContext`` per program (no HAL
device is needed for host code). Each export becomes a Python callable that
checks and marshals its arguments by the export's signature, invokes the VM
function directly (``VmContext.invoke``; the convenience invoker silently turns
a float into 0 for an int parameter) and turns a non-zero exception code into
the Python exception it stands for.
"""
from __future__ import annotations

import threading

import iree.runtime as rt

from ..exceptions import RaiseSiteTable
from ..types import PyType

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


class LoadedProgram:
    """A VM module in its own context, with its raise-site table."""

    def __init__(self, vmfb: bytes, sites: RaiseSiteTable):
        inst = vm_instance()
        self.module = rt.VmModule.copy_buffer(inst, vmfb)
        self.context = rt.VmContext(inst, modules=[self.module])
        self.sites = sites

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
    raise TypeError(f"{fname}(): parameter '{pname}' of type {t.python_name} cannot be passed yet")


_RESULT = {T.INT: int, T.FLOAT: float, T.BOOL: bool, T.NONE: lambda v: None, T.BOTTOM: lambda v: None}


def make_caller(program: LoadedProgram, fn, name, params, param_types, ret, defaults):
    """A Python callable for one export."""
    context = program.context
    sites = program.sites
    convert = _RESULT[ret]
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
    for p in params[len(args):]:
        if p in kwargs:
            out.append(kwargs.pop(p))
        elif p in defaults:
            out.append(defaults[p])
        else:
            raise TypeError(f"{name}() missing required argument: '{p}'")
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


_PUSH = {
    T.INT: "    if not {MIN} <= {a} <= {MAX}: raise _overflow({i})\n    _l.push_int({a})\n",
    T.BOOL: "    _l.push_int({a})\n",
    T.FLOAT: "    _l.push_float({a})\n",
    T.NONE: "    _l.push_int(0)\n",
}


def make_exact_caller(program: LoadedProgram, symbol: str, name: str, params, param_types, ret):
    """A caller for arguments already known to have exactly ``param_types``
    (the JIT's specialization key guarantees it): straight-line generated code,
    no per-argument dispatch. Ints are still range-checked."""
    fn = program.module.lookup_function(symbol)
    args = ", ".join(f"a{i}" for i in range(len(params)))
    body = [f"def call({args}):\n", f"    _l = _List({len(params)})\n"]
    for i, t in enumerate(param_types):
        body.append(_PUSH[t].format(a=f"a{i}", i=i, MIN=INT64_MIN, MAX=INT64_MAX))
    body.append("    try:\n        _invoke(_fn, _l, _r)\n    except RuntimeError as exc:\n"
                "        raise _translate(exc) from None\n")
    body.append("    code = _r.get_variant(0)\n    if code:\n        raise _sites.make_exception(code)\n")
    body.append("    return _convert(_r.get_variant(1))\n")

    def _overflow(i):
        return OverflowError(f"{name}() argument '{params[i]}' does not fit in 64 bits")
    namespace = {"_List": rt.VmVariantList, "_invoke": program.context.invoke, "_fn": fn,
                 "_r": rt.VmVariantList(2), "_translate": translate_vm_error, "_sites": program.sites,
                 "_convert": _RESULT[ret], "_overflow": _overflow}
    exec(compile("".join(body), f"<pydm caller {name}>", "exec"), namespace)
    call = namespace["call"]
    call.__name__ = name
    return call
