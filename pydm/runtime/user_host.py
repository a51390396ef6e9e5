"""The ``pydm_user`` VM module: the ``@pydm.host`` functions compiled code calls.

One export per host function, cconv ``0r_r``: the record of the tuple of
its arguments in, an *answer* out - a VM list ``[code, records, token]``:

* code 0: the function returned; ``records`` holds the one record of its
  result (checked against the return annotation, exactly: a value of
  another class - also an int for ``-> float`` - is a TypeError, raised in
  compiled code as if the function had raised it: CPython would hand the
  value on, but compiled code holds a value of the annotated type);
* code < 0: the function raised; the code is the class the compiled module
  knows the exception by (its own class, else its nearest base the module
  knows: a host's ``class HostError(ValueError)`` is a ValueError there),
  ``records`` its args, and ``token`` (< -1) the raise site its exception
  object carries, by which :meth:`UserHost.original` finds the Python
  exception itself again: it is what reaches the caller when the compiled
  code does not catch it (same class, same object), and what ``str(e)``
  formats.

Lists, dicts and sets keep their identity: where the host function changed
one compiled code passed it (also before raising), the answer has a fourth
slot, the pairs ``[module object, new contents]`` compiled code copies in
(:func:`_write_back`), and one it returns is compiled code's own object.

A function whose parameters and result are all int, float, bool or None
also has the export ``NAME$typed`` (cconv ``0<I/F per argument>_II<I/F>``),
which compiled code calls where every argument has exactly its parameter's
type: the arguments as themselves (a bool or None as an i64), answered
``(code, token, value)``; after a raise, compiled code reads the records of
the exception's args from ``$args`` (cconv ``0I_r``) by its token.

Keeping the answer in a value (and not failing the call, as PLATFORM.md §5
describes) is what lets compiled code catch the exception.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict

from .binding import rt

from .. import typecodes as tc
from ..types import PyType
from .values import ListSession, conforms, describe, from_record, to_record

MODULE_NAME = "pydm_user"
#: exceptions kept for their tokens, oldest dropped first (a kept one is
#: only needed while compiled code may still hand its value out)
KEPT = 256


_ALL: "weakref.WeakSet[UserHost]" = weakref.WeakSet()


def release_all() -> None:
    """Forget every kept exception (at exit: a kept traceback's frames hold VM
    references the bindings would report as leaked)."""
    for user in list(_ALL):
        user.kept.clear()


class UserHost:
    """Per program and thread: the ``pydm_user`` module of these host
    functions (``{name: (python function, param types, return type)}``; param
    types None: a call hands over ``(positional, keywords)``)."""

    def __init__(self, functions: dict, sites):
        self.sites = sites
        self.kept: OrderedDict[int, BaseException] = OrderedDict()
        _ALL.add(self)
        #: the records of no args, made beforehand (only read by compiled code; not a
        #: module global: a VM object alive at interpreter teardown crashes the process)
        self.no_items = rt.VmVariantList(0)
        self._next = -1  # tokens from -2 down (-1 means "no object" to the handlers)
        me = weakref.ref(self)  # (see HostState: the module must not keep its state alive)
        iface = rt.PyModuleInterface(MODULE_NAME, lambda _iface: me())
        for name, (fn, params, ret) in functions.items():
            iface.export(name, "0r_r", _export(name, fn, ret, spread=params is None))
            if params is not None and ret in _LETTERS and all(p in _LETTERS for p in params):
                cconv = "0" + ("".join(_LETTERS[p] for p in params) or "v") + "_II" + _LETTERS[ret]
                iface.export(name + "$typed", cconv, _export_typed(name, fn, params, ret))
        iface.export("$args", "0I_r", UserHost.args_of)
        self.module = iface.create()

    def args_of(self, token: int):
        """``$args``: the records of the args of the exception behind ``token``
        (the typed calls' way to build its exception object)."""
        exc = self.kept.get(token)
        return (_args_items(exc, self.no_items) if exc is not None else self.no_items).ref

    def original(self, token: int) -> BaseException | None:
        """The Python exception behind a host raise site (token < 0), or None."""
        return self.kept.get(token)

    def answer(self, code: int, records: rt.VmVariantList, token: int = 0, back=None):
        """``[code, records, token]``, and the write-back pairs if any."""
        out = rt.VmVariantList(4)
        out.push_int(code)
        out.push_list(records)
        out.push_int(token)
        if back is not None:
            out.push_list(back)
        return out.ref

    def raised(self, exc: BaseException, back=None):
        """The answer of a host function that raised ``exc``."""
        code, token = self.keep(exc)
        return self.answer(code, _args_items(exc, self.no_items), token, back)

    def keep(self, exc: BaseException) -> tuple[int, int]:
        """Keep ``exc``: (the class code compiled code knows it by, its token)."""
        classes = self.sites.classes
        code = 0
        for cls in type(exc).__mro__:
            c = classes.code(cls.__name__)
            # the module's own class: the same object (JIT), or ahead of time, where the
            # module was never imported, a class of the same name
            if c and (classes.python_class(cls.__name__) is cls or
                      classes.namespace is None and cls.__name__ in classes.user):
                code = c
                break
        tb = exc.__traceback__
        if tb is not None and tb.tb_frame.f_code in _EXPORT_CODES:
            # the host function's own frames stay; the export's (holding VM references and
            # this object: a cycle the VM's bindings report as leaked at exit) goes
            exc.with_traceback(tb.tb_next)
        self._next -= 1
        token = self._next
        self.kept[token] = exc
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return code, token


def _contents(x) -> list:
    """What a list, dict or set holds, to tell later whether it changed."""
    return list(x.items()) if type(x) is dict else list(x)


def _same(a, b) -> bool:
    return a is b or type(a) is type(b) and (a == b if not isinstance(a, tuple) else
                                             len(a) == len(b) and all(map(_same, a, b)))


def _write_back(session, before) -> rt.VmVariantList | None:
    """The pairs ``[module object, its new contents]`` of every list, dict or
    set compiled code passed that the host function changed (the host's
    contents compared before and after the call), for compiled code to copy
    in (the VM's lists cannot be resized from Python); None if none changed."""
    changed = []
    for vm, x, old in before:
        new = _contents(x)
        if len(new) != len(old) or not all(map(_same, new, old)):
            changed.append((vm, x))
    if not changed:
        return None
    session.adopt()
    out = rt.VmVariantList(2 * len(changed))
    for vm, x in changed:
        out.push_list(vm)
        out.push_list(session.contents(x, "a value the host function stored: "))
    return out


#: results converted without a list session (the common, fast case)
_SCALARS = frozenset((int, float, bool, type(None)))


def scalar_args(record: rt.VmVariantList) -> list | None:
    """The arguments of an args tuple's record when each is an int, float,
    bool or None (read directly: the common, fast case), else None."""
    items = record.get_as_list(1)
    out = []
    for i in range(len(items)):
        item = items.get_as_list(i)
        code = item.get_variant(0)
        if code == tc.INTEGER or code == tc.REAL:
            out.append(item.get_variant(1))
        elif code == tc.BOOL:
            out.append(item.get_variant(1) != 0)
        elif code == tc.NONE:
            out.append(None)
        else:
            return None
    return out


def _args_items(exc: BaseException, none: rt.VmVariantList) -> rt.VmVariantList:
    """The records of ``exc.args`` (of ``(str(exc),)`` where pydm cannot hold
    them; none where even that fails: a RecursionError deep in host and
    compiled calls calling each other leaves no room to convert anything)."""
    try:
        try:
            return to_record(tuple(exc.args)).get_as_list(1)
        except (TypeError, ValueError, OverflowError):
            return to_record((str(exc),)).get_as_list(1)
    except BaseException:  # noqa: BLE001 - the exception itself still crosses
        return none


#: scalars that cross a typed export as themselves: their cconv letters
_LETTERS = {PyType.INT: "I", PyType.BOOL: "I", PyType.NONE: "I", PyType.FLOAT: "F"}
#: a typed export's argument as the Python value (a bool from 0/1, None from 0)
_FROM_VM = {PyType.BOOL: lambda v: v != 0, PyType.NONE: lambda v: None}


def _export_typed(name: str, fn, params, ret: PyType):
    """The export ``NAME$typed`` (cconv ``0<params>_II<ret>``): scalar
    arguments and result as themselves, answered ``(code, token, value)``."""
    converts = [_FROM_VM.get(p) for p in params]
    plain = not any(converts)
    zero = 0.0 if ret is PyType.FLOAT else 0

    def call(host: UserHost, *args):
        try:
            if not plain:
                args = [v if c is None else c(v) for c, v in zip(converts, args)]
            value = fn(*args)
            if not exactly(value, ret):
                raise TypeError(f"pydm: the host function {name}() returned {type(value).__name__}, "
                                f"not {describe(ret)} (its return annotation)")
            return 0, 0, (0 if value is None else int(value) if ret is PyType.BOOL else value)
        except BaseException as exc:  # noqa: BLE001 - compiled code receives it
            code, token = host.keep(exc)
            return code, token, zero
    return call


_EXACT = {PyType.INT: int, PyType.FLOAT: float, PyType.BOOL: bool}


def exactly(value, t: PyType) -> bool:
    """Is ``value`` of static type ``t`` with no conversion (an int is no
    float here: compiled code would hold it as one, and its type would differ
    from CPython's)?"""
    if t in _EXACT:
        return type(value) is _EXACT[t]
    if t.is_tuple and type(value) is tuple:
        elts = t.elts if t.elts is not None else (t.elt,) * len(value)
        return len(elts) == len(value) and all(exactly(x, e) for x, e in zip(value, elts))
    return conforms(value, t)


def _export(name: str, fn, ret: PyType, spread: bool = False):
    """The export calling ``fn`` with the arguments' values (``spread``: they
    are ``(positional, keywords)``, the call ``fn(*positional, **keywords)``)."""
    def call(host: UserHost, ref):
        session, before = None, ()
        try:
            record = ref.deref(rt.VmVariantList)
            args = scalar_args(record)
            if args is None:
                session = ListSession(host.sites)
                args = from_record(record, session)
                before = [(vm, x, _contents(x)) for vm, x in session.module_values()]
            value = fn(*args[0], **args[1]) if spread else fn(*args)
            if not exactly(value, ret):
                raise TypeError(f"pydm: the host function {name}() returned {type(value).__name__}, "
                                f"not {describe(ret)} (its return annotation)")
            back = _write_back(session, before) if session is not None else None
            items = rt.VmVariantList(1)
            if type(value) in _SCALARS:
                items.push_list(to_record(value))
            else:
                if session is None:
                    session = ListSession(host.sites)
                session.adopt()  # an argument's list returned: that very list
                items.push_list(to_record(value, t=ret, session=session))
            return host.answer(0, items, 0, back)
        except BaseException as exc:  # noqa: BLE001 - compiled code receives it (SystemExit too)
            try:  # what it changed before it raised stays changed, as under CPython
                back = _write_back(session, before) if session is not None else None
            except Exception:  # noqa: BLE001 - a value it stored that cannot cross: the exception wins
                back = None
            return host.raised(exc, back)
    return call


#: the exports' own code (their frame is dropped from a kept exception's traceback)
_EXPORT_CODES = frozenset((_export("", None, PyType.OBJECT).__code__,
                           _export_typed("", None, (), PyType.INT).__code__))
