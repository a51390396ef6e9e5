"""The ``pydm_host`` VM module: what compiled code may ask of the Python host.

``pydm_host.poll() -> i32`` (cconv ``0v_i``) is called by long-running
compiled loops every ~million iterations. It returns 0. Its purpose is to run
Python code on the calling thread now and then, so that CPython gets a chance
to run pending signal handlers (Ctrl-C's ``KeyboardInterrupt``, a user's
``SIGALRM`` handler) while the VM runs: CPython runs them at the next check
point of its evaluation loop, which is the first bytecode run in the main
thread after the VM calls back into Python.

``pydm_host.print(record) -> i32`` (cconv ``0r_i``) is ``print``: the record
of the tuple ``(args, sep, end, flush)``, converted as a call's result is, and
written by CPython's own ``print`` (so the text is CPython's, in order with
the host's output).

``pydm_host.format(record) -> record`` (cconv ``0r_r``) is CPython's ``format``
of a tuple of pieces (f-strings, ``str()``, ``repr()``, ``str.format``);
``pydm_host.float(record) -> record`` is ``float()`` of a str that
runtime_lib/parsing.py validated but cannot round exactly itself;
``pydm_host.libm(i64, f64) -> f64`` a ``math`` function no VM op computes
(``math.tan``...), CPython's own.

Compiled code declares the imports ``optional`` with a local fallback, so a
``.vmfb`` also runs without this module (any IREE host: ``poll`` returns 0,
``print`` writes nothing); pydm registers one instance first in every context
it creates (one per program and thread: ``print`` needs the program's
raise-site table to make the exception values it prints).

Keeping the exception. An exception that escapes a host function reaches the
caller of ``VmContext.invoke`` only as a ``RuntimeError`` holding its
traceback text. To re-raise the real object, ``poll`` is a generator resumed
with ``send`` through ``operator.methodcaller`` — no Python frame is entered
before the generator's own, so the handler's exception is raised at the
generator's resume point, *inside* its ``try``. The generator stores it on the
thread's :class:`HostState` and yields ``None`` instead of an int; the binding
cannot convert that to an i32 and fails the call, the VM unwinds, and the
caller (:meth:`HostState.take`) re-raises the stored exception.
"""
from __future__ import annotations

import operator
import weakref

from .binding import rt

MODULE_NAME = "pydm_host"


class HostState:
    """Per program and thread: the host module of the program's context in
    the thread, and the exception a host function caught (re-raised by the
    caller of ``invoke``). ``sites``: the program's raise-site table (what an
    exception value that ``print`` receives is)."""

    def __init__(self, sites=None):
        self.pending: BaseException | None = None
        self.sites = sites
        self._start_poller()
        # The module's state in each context is this object. The constructor holds
        # it weakly: the interface object is kept alive by the module (in C++,
        # invisible to the garbage collector), so a strong reference would be an
        # uncollectable cycle state -> module -> interface -> state.
        me = weakref.ref(self)
        iface = rt.PyModuleInterface(MODULE_NAME, lambda _iface: me())
        # the binding calls ``callable(state)``: methodcaller("poll", None)(state)
        # is state.poll(None), i.e. the generator's send(None), all in C
        iface.export("poll", "0v_i", operator.methodcaller("poll", None))
        iface.export("print", "0r_i", _print)
        iface.export("format", "0r_r", _format)
        iface.export("float", "0r_r", _float)
        iface.export("libm", "0IF_F", _libm)
        self.module = iface.create()

    def _start_poller(self) -> None:
        gen = _poller(self)
        next(gen)
        self.poll = gen.send
        self._gen = gen

    def take(self) -> BaseException | None:
        """The exception a host function caught during the failed invoke, if any."""
        exc, self.pending = self.pending, None
        if self._gen.gi_frame is None:  # an exception escaped the generator: restart it
            self._start_poller()
        return exc


def _poller(state: HostState):
    value = 0
    while True:
        try:
            while True:
                yield value  # CPython runs pending signal handlers when this resumes
                value = 0
        except GeneratorExit:
            return
        except BaseException as exc:  # noqa: BLE001 - every exception is handed to the caller
            state.pending = exc
            value = None  # not an i32: the call fails and the VM unwinds


#: a piece's conversion, by its character code (an f-string's ``!s``, ``!r``, ``!a``; -1: none)
_CONVERSIONS = {-1: lambda v: v, ord("s"): str, ord("r"): repr, ord("a"): ascii}


#: str methods compiled code asks the host for (a non-ASCII str's case mappings and classes)
_STR_METHODS = frozenset(("upper", "lower", "casefold", "swapcase", "title", "capitalize",
                          "isdigit", "isalpha", "isalnum", "isupper", "islower", "istitle"))


def _piece(value, conversion: int, spec):
    """One piece's text: ``format(conversion(value), spec)``; conversion 37
    (``%``): ``value % spec``; conversion 123 (``{``): ``value.format(*args,
    **kwargs)`` for spec ``(args, keyword names, keyword values)``; conversion
    46 (``.``): ``str.spec(value)`` (a bool as "1" or "")."""
    if conversion == ord("%"):
        return value % spec
    if conversion == ord("{"):
        args, names, values = spec
        return value.format(*args, **dict(zip(names, values)))
    if conversion == ord("."):
        if spec not in _STR_METHODS or type(value) is not str:
            raise ValueError(f"pydm host: no str method {spec!r}")
        out = getattr(str, spec)(value)
        return out if type(out) is str else "1" if out else ""
    return format(_CONVERSIONS[conversion](value), spec)


def _format(state: HostState, ref):
    """``pydm_host.format(record) -> record``: the record of a tuple of pieces,
    each a str or ``(value, conversion, spec)`` (conversion 37: ``value % spec``,
    printf-style; 123: ``str.format``; 46, ``.``: the str method ``spec`` of
    ``value``; see :func:`_piece`); the answer is the record of
    the str CPython makes: the pieces, each value ``format(conversion(value),
    spec)``, joined (so ``str(x)``, ``repr(x)``, ``format(x, spec)`` and every
    f-string are CPython's own). An exception (a bad format spec) is kept for
    the caller, as ``print`` does: the compiled code cannot catch it."""
    try:
        from .values import ListSession, from_record, to_record  # noqa: PLC0415
        pieces = from_record(ref.deref(rt.VmVariantList), ListSession(state.sites))
        text = "".join(p if type(p) is str else _piece(*p) for p in pieces)
        return to_record(text).ref
    except BaseException as exc:  # noqa: BLE001 - every exception is handed to the caller
        state.pending = exc
        return None


def _float(state: HostState, ref):
    """``pydm_host.float(record) -> record``: the record of a str (a float
    literal that runtime_lib/parsing.py has validated but cannot round
    exactly by itself), answered with the record of CPython's ``float()`` of
    it: correctly rounded, as CPython's own parser is. An exception is kept
    for the caller, as ``format`` does."""
    try:
        from .values import from_record, to_record  # noqa: PLC0415
        return to_record(float(from_record(ref.deref(rt.VmVariantList)))).ref
    except BaseException as exc:  # noqa: BLE001 - every exception is handed to the caller
        state.pending = exc
        return None


def _libm(state: HostState, code: int, x: float):
    """``pydm_host.libm(code, x) -> f64``: CPython's ``math`` function
    ``dialect.HOST_LIBM[code]`` of ``x`` (one no VM op computes), its
    ValueError answered as NaN and its OverflowError as infinity - the
    runtime library raises them again (runtime_lib/mathfns.py)."""
    import math  # noqa: PLC0415
    from ..typecodes import HOST_MATH  # noqa: PLC0415
    try:
        return float(getattr(math, HOST_MATH[code])(x))
    except ValueError:
        return math.nan
    except OverflowError:
        return math.inf
    except BaseException as exc:  # noqa: BLE001 - every exception is handed to the caller
        state.pending = exc
        return None


def _print(state: HostState, ref) -> int | None:
    """``pydm_host.print(record) -> i32``: the record of the tuple ``(args,
    sep, end, flush)`` (pydm/frontend/printing.py); CPython's own ``print``
    writes them, so the text and its order with the host's output are
    CPython's. An exception (a closed stdout) is kept for the caller, as
    ``poll`` does: returning None fails the call."""
    try:
        from .values import ListSession, from_record  # noqa: PLC0415 - values imports this module's users
        record = ref.deref(rt.VmVariantList)
        args, sep, end, flush = from_record(record, ListSession(state.sites))
        print(*args, sep=sep, end=end, flush=flush)
        return 0
    except BaseException as exc:  # noqa: BLE001 - every exception is handed to the caller
        state.pending = exc
        return None
