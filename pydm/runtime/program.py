"""Loading a compiled program and calling its exports from Python.

One VM instance per process. Each export becomes a Python callable that checks
and marshals its arguments by the export's signature, invokes the VM function
directly (``VmContext.invoke``; the convenience invoker silently turns a float
into 0 for an int parameter) and turns a non-zero exception code into the
Python exception it stands for.

Threading model. A program's ``VmModule`` (immutable bytecode) is shared, but
**each Python thread that calls a program gets its own ``VmContext`` for it**
— created on the thread's first call, dropped when the thread ends — and its
own result list. ``VmContext.invoke`` releases the GIL, so calls from several
threads run in parallel on the VM; module globals (such as ``pydm$origin``,
the call site of a failing runtime-library call, read through the
``__pydm_origin`` export for an error's note) live in a context, so each
thread sees only its own. The per-call cost of this is one ``threading.local``
attribute read. Every context pydm creates has the ``pydm_host`` module
(``host.py``) registered first: compiled loops poll it so that Ctrl-C (and any
Python signal handler's exception) interrupts a long-running call, and the
exception the handler raised is re-raised from the call. (A signal handler
that itself calls compiled code which polls, while its thread is inside a
poll, gets a RuntimeError: the thread's poller is busy.)
"""
from __future__ import annotations

import atexit
import gc
import threading
import weakref

from .binding import get_driver, rt

from .. import typecodes as tc
from ..exceptions import RaiseSiteTable
from ..types import PyType
from .host import HostState
from .user_host import UserHost, release_all
from .values import FunctionValue, IteratorValue, ListSession, not_passed, conforms, describe, from_record, to_record

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


_hal = threading.local()


def hal_module() -> rt.VmModule:
    """The HAL module on the calling thread's own ``local-sync`` device
    (created on the thread's first program with native parts): a local-sync
    device runs its work on the calling thread and is not shared."""
    module = getattr(_hal, "module", None)
    if module is None:
        device = get_driver("local-sync").create_default_device()
        module = rt.create_hal_module(vm_instance(), device)
        _hal.device, _hal.module = device, module
    return module


_LOADED: "weakref.WeakSet[LoadedProgram]" = weakref.WeakSet()


def _release_at_exit() -> None:
    """Drop VM contexts and modules before interpreter teardown, so the runtime's
    bindings do not print "leaked instance" warnings for live VM objects."""
    release_all()  # the exceptions host functions raised, kept for their tokens
    for program in list(_LOADED):
        program.__dict__.clear()
    gc.collect()


atexit.register(_release_at_exit)


class _ThreadState:
    """A program's VM state for one thread: its context and result list."""

    __slots__ = ("host", "user", "context", "invoke")

    def __init__(self, module: rt.VmModule, sites=None, host_functions=None, native=(), hal=False,
                 library=None):
        self.host = HostState(sites)
        modules = [self.host.module]
        #: the ``@pydm.host`` functions' module (pydm/runtime/user_host.py)
        self.user = UserHost(host_functions, sites) if host_functions else None
        if self.user is not None:
            modules.append(self.user.module)
        # native parts (issue 12): the HAL module on the local-sync device and
        # the native modules, registered before the VM module that imports them
        # (``hal``: a .vmfb holding its native parts imports the HAL module alone)
        if native or hal:
            modules += [hal_module(), *native]
        if library is not None:  # the runtime library's VM module, which the program imports
            modules.append(library)
        self.context = rt.VmContext(vm_instance(), modules=[*modules, module])
        results = rt.VmVariantList(2)
        #: what a caller needs per call, read with one attribute access
        self.invoke = (self.context.invoke, results, results.get_variant)


def _exception_of(ref, sites=None):
    """The exception object ``__pydm_exception`` returned: (its site, its args
    tuple, the Python exception of its cause or None); None if there is none."""
    if ref is None:
        return None
    fields = ref.deref(rt.VmVariantList)
    records = fields.get_as_list(2)
    session = ListSession(sites)
    args = tuple(from_record(records.get_as_list(i), session) for i in range(len(records)))
    cause = None
    if len(fields) > 4:
        cause_record = rt.VmVariantList(2)
        cause_record.push_int(tc.EXCEPTION_RESULT)
        cause_record.push_list(fields.get_as_list(4))
        cause = from_record(cause_record, session)
    return fields.get_variant(1), args, cause


def _weak_method(method):
    """``method`` without a strong reference to its program: the raise-site
    table keeps these readers, and a cycle from the table back to the program
    through the VM context (a native object the collector cannot see into)
    would keep every dropped program alive. Called only while a call of the
    program runs, so the program is alive."""
    ref = weakref.WeakMethod(method)
    return lambda *args: ref()(*args)


class LoadedProgram:
    """A VM module with one context per calling thread, and its raise-site table."""

    def __init__(self, vmfb: bytes, sites: RaiseSiteTable, host_functions: dict | None = None, native=(),
                 hal: bool = False, library: str | None = None):
        """``host_functions``: ``{name: (python function, parameter types, return type)}``, the
        ``@pydm.host`` functions the module imports; ``native``: the vmfbs of
        its native modules (issue 12); ``hal``: the module itself imports IREE's
        HAL module (a ``.vmfb`` with native parts inside, ``pydm/native/embed.py``);
        ``library``: the key of the runtime library's VM module the program
        imports (``pydm/runtime/library.py``; LookupError when it is not at hand)."""
        _LOADED.add(self)
        self.host_functions = dict(host_functions or {})
        self.module = rt.VmModule.copy_buffer(vm_instance(), vmfb)
        self.native = [rt.VmModule.copy_buffer(vm_instance(), data) for data in native]
        self.hal = hal
        if library is not None:
            from .library import module as library_module
            self.library = library_module(library)
        else:
            self.library = None
        self.sites = sites
        #: per thread: ``invoke`` (the tuple of :class:`_ThreadState`) and ``state``;
        #: a plain ``threading.local`` read is the cheapest (a subclass is slower)
        self.local = threading.local()
        self.thread_state()  # the loading thread's context now: a bad module fails here
        for attr, export, convert in (("origin_reader", "__pydm_origin", None),
                                      ("site_reader", "__pydm_site", None),
                                      ("exception_reader", "__pydm_exception",
                                       lambda ref: _exception_of(ref, sites))):
            reader = self._global_reader(export, convert)
            if reader is not None:
                setattr(sites, attr, reader)
        if self.module.lookup_function("__pydm_trace") is not None:
            sites.trace_reader = _weak_method(self._read_trace)
        if self.host_functions:
            sites.host_reader = _weak_method(self._host_original)

    def _read_trace(self):
        """The calling thread's trace of the last exception that left the
        module (``__pydm_trace``, then cleared): the site codes of the lines of
        the compiled calls it left, innermost first; None if it was not kept."""
        out = rt.VmVariantList(2)
        self.thread_state().context.invoke(self.module.lookup_function("__pydm_trace"), rt.VmVariantList(0), out)
        depth = out.get_variant(0)
        if depth < 0:
            return None
        if depth == 0:
            return []
        trace = out.get_as_list(1)
        return [trace.get_variant(i) for i in range(depth)]

    def _host_original(self, token: int):
        """The Python exception a host function raised, by its token (< 0)."""
        user = self.thread_state().user
        return user.original(token) if user is not None else None

    def _global_reader(self, export: str, convert=None):
        """A function reading the no-argument export ``export`` (a module
        global, cleared as it is read) in the *calling* thread's context, its
        result passed through ``convert``; None if the module has no such export."""
        fn = self.module.lookup_function(export)
        if fn is None:
            return None
        thread_state = _weak_method(self.thread_state)

        def read():
            out = rt.VmVariantList(1)
            thread_state().context.invoke(fn, rt.VmVariantList(0), out)
            value = out.get_variant(0)
            return value if convert is None else convert(value)
        return read

    def thread_state(self) -> _ThreadState:
        """The calling thread's state (created on the thread's first call)."""
        local = self.local
        try:
            return local.state
        except AttributeError:
            state = local.state = _ThreadState(self.module, self.sites, self.host_functions, self.native,
                                               self.hal, self.library)
            local.invoke = state.invoke
            return state

    def thread_invoke(self) -> tuple:
        """``(invoke, results, results.get_variant)`` of the calling thread (slow path)."""
        return self.thread_state().invoke

    @property
    def context(self) -> rt.VmContext:
        """The calling thread's context."""
        return self.thread_state().context

    def translate(self, exc: RuntimeError) -> BaseException:
        """A failed ``invoke`` of the calling thread as the Python exception it means."""
        return translate_vm_error(exc, self.thread_state().host)

    def function(self, symbol: str, name: str, params, param_types, ret, defaults=None, read_only=()):
        fn = self.module.lookup_function(symbol)
        if fn is None:
            raise LookupError(f"export {symbol} not found")
        return make_caller(self, fn, name, list(params), list(param_types), ret, defaults or {}, read_only)


def _arg_error(fname: str, pname: str, expected: str, value) -> TypeError:
    return TypeError(f"{fname}() argument '{pname}' must be {expected}, not {type(value).__name__}")


def marshal_arg(fname: str, pname: str, t: PyType, value, args: rt.VmVariantList, session=None) -> None:
    """Check one argument against its parameter's type and push it."""
    cls = type(value)
    if t is T.INT:
        if cls is int or cls is bool:
            if not INT64_MIN <= value <= INT64_MAX:
                raise OverflowError(f"{fname}() argument '{pname}': int {value} does not fit in 64 bits")
            args.push_int(int(value))
            return
        if isinstance(value, int):
            return marshal_arg(fname, pname, t, int(value), args, session)
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
    if t is T.OBJECT or t.is_tuple or t.is_list or t in (T.RANGE, T.STR, T.DICT, T.SET, T.FROZENSET):
        if not conforms(value, t):
            raise TypeError(f"{fname}() argument '{pname}' must be {describe(t)}, not {type(value).__name__}")
        args.push_list(box_value(fname, pname, value, t if t.is_tuple else None, session))
        return
    raise TypeError(f"{fname}(): parameter '{pname}' of type {t.python_name} cannot be passed yet")


def box_value(fname: str, pname: str, value, t: PyType | None = None, session=None) -> rt.VmVariantList:
    """A Python value as a seed-002 record (converted to the static type ``t``'s
    element types where the numeric tower allows, as a scalar argument is;
    lists through ``session``, see ``values.ListSession``)."""
    return to_record(value, f"{fname}() argument '{pname}': ", t, session)


unbox_record = from_record


_RESULT = {T.INT: int, T.FLOAT: float, T.BOOL: bool, T.NONE: lambda v, s=None: None,
           T.BOTTOM: lambda v, s=None: None}


def _result_converter(t: PyType):
    """(the converter of a result of type ``t``, does it take the call's list session)."""
    if t in _RESULT:
        return _RESULT[t], False
    def convert(ref, session):
        value = unbox_record(ref.deref(rt.VmVariantList), session)
        if isinstance(value, IteratorValue):
            not_passed(tc.SEQUENCE_ITERATOR)
        if isinstance(value, FunctionValue):
            not_passed(tc.FUNCTION)
        return value
    return convert, True


def make_caller(program: LoadedProgram, fn, name, params, param_types, ret, defaults, read_only=()):
    """A Python callable for one export. When the function only reads every
    parameter that may hold a list, dict or set (``read_only``:
    frontend/read_only.py), the caller's objects are not written back after
    the call unless one held a container (whose items could be changed)."""
    local = program.local
    thread_invoke = program.thread_invoke
    translate = program.translate
    sites = program.sites
    convert, with_session = _result_converter(ret)
    nparams = len(params)
    pairs = list(zip(params, param_types))
    binder = make_binder(name, params, defaults)
    lists = with_session or any(not t.is_scalar for t in param_types)
    reads_only = all(t.is_scalar or p in read_only for p, t in zip(params, param_types))

    def call(*args, **kwargs):
        if kwargs or len(args) != nparams:
            args = binder(*args, **kwargs)
        vargs = rt.VmVariantList(nparams)
        session = ListSession(sites) if lists else None
        for (pname, t), value in zip(pairs, args):
            marshal_arg(name, pname, t, value, vargs, session)
        try:
            invoke, results, get = local.invoke
        except AttributeError:  # the thread's first call
            invoke, results, get = thread_invoke()
        try:
            invoke(fn, vargs, results)
        except RuntimeError as exc:
            raise translate(exc) from None
        finally:
            if session is not None and not (reads_only and session.scalars_only):
                session.sync()  # the caller's lists get the module's changes, also on failure
        code = get(0)
        if code:
            raise sites.make_exception(code)
        if with_session:
            return convert(get(1), session)
        return convert(get(1))

    call.__name__ = name
    return call


def make_binder(name: str, params, defaults: dict, posonly=(), vararg=None, kwonly=(), kwarg=None):
    """A function that binds positional and keyword arguments to ``params`` as
    CPython binds a call of ``def name(params...)`` with these defaults, and
    returns the tuple of all arguments (``*args`` as one tuple, ``**kwargs``
    as one dict) — CPython
    itself does the binding, so every TypeError (too many, missing,
    unexpected keyword, multiple values) has CPython's exact message.
    ``params`` lists them all in order; ``posonly``, ``vararg``,
    ``kwonly`` and ``kwarg`` name those of each kind."""
    params = list(params)
    for p in params:
        if not p.isidentifier():
            raise ValueError(f"pydm: bad parameter name {p!r}")
    if not name.isidentifier():
        raise ValueError(f"pydm: bad function name {name!r}")
    positional = [p for p in params if p != vararg and p != kwarg and p not in kwonly]
    first_default = len(positional)
    while first_default > 0 and positional[first_default - 1] in defaults:
        first_default -= 1
    parts = []
    for i, p in enumerate(positional):
        parts.append(f"{p}=_d[{p!r}]" if i >= first_default else p)
        if posonly and p == posonly[-1]:
            parts.append("/")
    if vararg:
        parts.append(f"*{vararg}")
    elif kwonly:
        parts.append("*")
    parts += [f"{p}=_d[{p!r}]" if p in defaults else p for p in kwonly]
    if kwarg:
        parts.append(f"**{kwarg}")
    listed = ", ".join(params)
    src = (f"def _make(_d):\n    def {name}({', '.join(parts)}):\n"
           f"        return ({listed}{',' if params else ''})\n    return {name}\n")
    namespace: dict = {}
    exec(compile(src, f"<pydm binder {name}>", "exec"), namespace)
    binder = namespace["_make"](dict(defaults))
    binder.__qualname__ = name  # CPython's messages name the function by its qualified name
    return binder


def translate_vm_error(exc: RuntimeError, host=None) -> BaseException:
    """A VM failure as the Python exception it means: the exception a Python
    signal handler raised during the call (Ctrl-C), stack exhaustion →
    RecursionError, else a RuntimeError naming the VM's message."""
    pending = host.take() if host is not None else None
    if pending is not None:
        return pending.with_traceback(None)
    text = str(exc)
    if "KeyboardInterrupt" in text and "Exception raised from Python module" in text:
        return KeyboardInterrupt()
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

    Per call it does only what the VM API and the threading model force: one
    fresh argument list (``VmVariantList`` has no way to empty a list), one
    push per argument, one thread-local read (the calling thread's bound
    ``invoke``, result list and its ``get_variant``), the invoke, and one or
    two reads of the result list. Everything else is a closure cell."""
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
        "        _invoke, _r, _get = _local.invoke",
        "    except AttributeError:",  # the thread's first call
        "        _invoke, _r, _get = _thread_invoke()",
        "    try:",
        "        _invoke(_fn, _l, _r)",
        "    except RuntimeError as exc:",
        "        raise _translate(exc) from None",
        "    code = _get(0)",
        "    if code:",
        "        raise _sites.make_exception(code)",
        f"    {_RETURN[ret]}",
    ]
    src = ("def _make(_List, _empty, _push_int, _push_float, _local, _thread_invoke, _fn,"
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
    call = namespace["_make"](
        rt.VmVariantList, rt.VmVariantList(0), rt.VmVariantList.push_int,
        rt.VmVariantList.push_float, program.local, program.thread_invoke, fn,
        program.translate, program.sites, _overflow)
    call.__name__ = name
    return call
