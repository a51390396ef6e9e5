"""Exception codes: the `exception_result` contract (DESIGN.md, Contracts).

An `exception_result` is an i32 at run time:

* ``0`` — success.
* ``< 0`` — a predefined exception class without details. -1..-10 are exactly
  seed 002's list; pydm continues the numbering downward for further builtin
  classes in :data:`NEGATIVE_CODES`.
* ``> 0`` — an index (1-based) into the module's *raise-site table*: every
  place in a module that can raise a specific exception with a message gets a
  slot holding ``(class name, message, file, line, col, function, fmt)``. The
  table is built by the lowering (see :class:`RaiseSiteTable`) and travels
  with the module (JIT: in memory; AOT: in the ``__pydm_meta`` export's
  reflection), so the runtime raises the right class with CPython's message
  and a note naming the Python line.

**Exception objects.** A site whose message is completed at run time
(``fmt``: ``"values"`` formats the template with the args, ``"types"`` with
their Python type names — ``not enough values to unpack (expected 3, got
{})``) raises an *exception object*: a heap record ``[class code, site code,
args tuple]`` stored in the module's exception slot (a global; each thread
has its own VM context, so its own slot) next to the returned i32 code. The
runtime reads the args through the ``__pydm_exception`` export. Handlers
(``try``/``except``) read the same slot: ``except E as e`` binds that object
as the exception *value* (type code 6), ``raise e`` stores it back. An
exception value handed to Python becomes the Python exception of its site
(:meth:`RaiseSiteTable.exception_value`).
"""
from __future__ import annotations

import ast
import builtins
import json
import os
import types
from dataclasses import dataclass, asdict

#: Predefined negative codes. -1..-10 follow seed 002 exactly; the rest extend it.
NEGATIVE_CODES: dict[int, str] = {
    -1: "StopIteration",
    -2: "StopAsyncIteration",
    -3: "RuntimeError",
    -4: "ValueError",
    -5: "NotImplementedError",
    -6: "KeyError",
    -7: "IndexError",
    -8: "AttributeError",
    -9: "TypeError",
    -10: "UnboundLocalError",
    # pydm extensions, continuing downward.
    -11: "ZeroDivisionError",
    -12: "OverflowError",
    -13: "AssertionError",
    -14: "RecursionError",
    -15: "NameError",
    -16: "LookupError",
    -17: "ArithmeticError",
    -18: "Exception",
    -19: "BaseException",
}
CODE_OF_CLASS: dict[str, int] = {name: code for code, name in NEGATIVE_CODES.items()}

SUCCESS = 0

#: messages that are the repr of CPython's args tuple (``10.0 ** 400``'s
#: OverflowError has the args ``(34, 'Numerical result out of range')``)
LITERAL_ARGS = frozenset({"(34, 'Numerical result out of range')"})


def builtin_exception_class(name: str):
    """The builtin exception class called ``name``, or None."""
    cls = getattr(builtins, name, None)
    return cls if isinstance(cls, type) and issubclass(cls, BaseException) else None


#: the code of a module's first exception class of its own; the next ones count down
FIRST_USER_CODE = -20


class ExceptionClasses:
    """The exception classes a module's code can raise and catch: the builtin
    ones of :data:`NEGATIVE_CODES`, and the module's own (``class
    MyError(ValueError): pass``; ``user``: name -> base name, in definition
    order), with codes counting down from FIRST_USER_CODE."""

    def __init__(self, user: dict | None = None):
        self.user = dict(user or {})
        self.codes = dict(CODE_OF_CLASS)
        for i, name in enumerate(self.user):
            self.codes[name] = FIRST_USER_CODE - i
        self.names = {c: n for n, c in self.codes.items()}
        #: where the runtime finds a user class by name (a JIT function's globals)
        self.namespace: dict | None = None
        self._made: dict = {}

    def code(self, name: str) -> int:
        """A class's code (0: a class without one)."""
        return self.codes.get(name, 0)

    def ancestors(self, name: str) -> list[str]:
        """``name`` and the names of its bases, nearest first (through the
        module's classes, then the builtin class's own MRO)."""
        out = []
        while name in self.user:
            out.append(name)
            name = self.user[name]
        cls = builtin_exception_class(name)
        return out + ([c.__name__ for c in cls.__mro__] if cls is not None else [name])

    def caught_by(self, names) -> list[int]:
        """The class codes an ``except`` clause naming the classes ``names``
        catches: each class with a code that is one of them or a subclass."""
        wanted = set(names)
        return sorted((c for n, c in self.codes.items() if wanted & set(self.ancestors(n))), reverse=True)

    def python_class(self, name: str):
        """The Python class of a raise site's class name: a builtin, the
        user's own class (JIT), or - ahead of time, where the module is not
        imported - a class of that name and base made here."""
        cls = builtin_exception_class(name)
        if cls is not None:
            return cls
        found = (self.namespace or {}).get(name)
        if isinstance(found, type) and issubclass(found, BaseException):
            return found
        if name not in self._made:
            self._made[name] = type(name, (self.python_class(self.user.get(name, "Exception")),), {})
        return self._made[name]




def type_name(value) -> str:
    """The name CPython's messages give the type of ``value``."""
    return type(value).__name__


@dataclass(frozen=True)
class RaiseSite:
    """One place in the program that raises ``cls(message)``."""

    cls: str
    message: str
    file: str = "<unknown>"
    line: int = 0
    col: int = 0
    function: str = ""
    #: "" - ``message`` is the message; "values"/"types" - a template completed
    #: at run time with the exception object's args (their values, or their
    #: Python type names)
    fmt: str = ""

    def note(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}"
        fn = f" in {self.function}" if self.function else ""
        return f"pydm: raised at {where}{fn}"


def _relative_path(path: str, base: str) -> str:
    if not os.path.isabs(path):
        return path
    from .runtime_library import SOURCES
    name = os.path.basename(path)
    # the library by its folder and file names: its cached IR may name the
    # checkout that compiled it first, not this installation's LIB_DIR
    if os.path.basename(os.path.dirname(path)) == "runtime_lib" and (name in SOURCES or name == "intrinsics.py"):
        return "runtime_lib/" + name
    return os.path.relpath(path, base).replace(os.sep, "/")


_FRAME_CODES: dict = {}


def _site_code(site: RaiseSite):
    """(code object, the name it raises) of a one-statement code placed at
    ``site``'s file and line, under its function's name: raising through it
    makes a traceback entry that shows that line as CPython shows its own."""
    key = (site.file, site.line, site.function)
    found = _FRAME_CODES.get(key)
    if found is None:
        import linecache
        # the statement spans the source line's text exactly (its indentation
        # under an ``if``), so the traceback shows the line without carets
        text = linecache.getline(site.file, site.line).rstrip()
        indent = len(text) - len(text.lstrip()) if site.line > 1 else 0
        variable = "_pydm_exception".ljust(len(text) - indent - len("raise "), "_")
        statement = " " * indent + "raise " + variable
        prefix = "\n" * (site.line - 2) + "if 1:\n" if indent else "\n" * (site.line - 1)
        name = (site.function or "<pydm>").rsplit(".", 1)[-1]
        code = compile(prefix + statement, site.file, "exec")
        found = _FRAME_CODES[key] = (code.replace(co_name=name, co_qualname=site.function or name), variable)
    return found


def _site_entry(exc: BaseException, site: RaiseSite):
    """(frame, lasti, line) of a traceback entry for ``site``: its code raises
    ``exc`` once (the exec's own frame is left out)."""
    code, variable = _site_code(site)
    try:
        exec(code, {variable: exc})
    except BaseException as raised:  # noqa: BLE001 - it is exc itself
        tb = raised.__traceback__.tb_next
        return tb.tb_frame, tb.tb_lasti, tb.tb_lineno
    raise AssertionError("pydm: a traceback entry's code did not raise")  # pragma: no cover


def with_frames(exc: BaseException, sites: list) -> BaseException:
    """``exc`` with a traceback entry per compiled frame it left, outermost
    first (``File "x.py", line N, in f`` and the source line): the lines of
    the compiled calls it passed, then the line that raised. The Python
    frames that re-raise it are added in front, as for any exception."""
    if not sites or any(s.line <= 0 or not os.path.isabs(s.file) for s in sites):
        # ahead of time a site names its file relative to the compiled file's
        # folder: looked up from here it could show another file's line
        return exc
    tb = None
    for site in reversed(sites):
        frame, lasti, line = _site_entry(exc, site)
        tb = types.TracebackType(tb, frame, lasti, line)
    return exc.with_traceback(tb)


class RaiseSiteTable:
    """Positive exception codes of one module: slot i+1 is ``sites[i]``.

    Identical sites share a slot, so a code is stable for a given source.
    """

    def __init__(self, sites: list[RaiseSite] | None = None, classes: ExceptionClasses | None = None):
        self.sites: list[RaiseSite] = list(sites or [])
        self.classes = classes or ExceptionClasses()
        self._index = {s: i + 1 for i, s in enumerate(self.sites)}
        #: how many of the first sites are the runtime library module's (a program
        #: importing it, pydm/library_module.py): the JSON leaves them out
        self.library_sites = 0
        #: set by the runtime: returns (and clears) the program's origin site —
        #: the user line whose runtime-library call raised — or 0
        self.origin_reader = None
        #: set by the runtime: return (and clear) the calling thread's last raise
        #: site behind a class code (0: none), and its last exception object:
        #: (its site, its args - a tuple of Python values -, the Python exception
        #: of its cause or None), or None
        self.site_reader = None
        self.exception_reader = None
        #: set by the runtime for a module calling ``@pydm.host`` functions: the
        #: Python exception one raised, by the token its exception object carries
        #: as its raise site (< 0), or None
        self.host_reader = None
        #: set by the runtime for a module whose calls can raise: returns (and
        #: clears) the calling thread's trace of the last exception - the site
        #: codes of the compiled calls' lines it left, innermost first - or
        #: None when it was not kept (a re-raise)
        self.trace_reader = None

    def code_for(self, site: RaiseSite) -> int:
        code = self._index.get(site)
        if code is None:
            self.sites.append(site)
            code = self._index[site] = len(self.sites)
        return code

    def to_json(self, relative_to: str | None = None) -> str:
        """The table as JSON; ``relative_to`` (a directory: ahead of time, the
        compiled file's) makes every source path relative to it, and the runtime
        library's ``runtime_lib/NAME.py``, so a ``.vmfb`` holds no path of the
        machine that built it (the same source compiles to the same bytes anywhere)."""
        sites = [asdict(s) for s in self.sites[self.library_sites:]]
        if relative_to is not None:
            for site in sites:
                site["file"] = _relative_path(site["file"], relative_to)
        data = {"sites": sites, "classes": self.classes.user}
        if self.library_sites:
            data["library_sites"] = self.library_sites
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, library=None) -> "RaiseSiteTable":
        """``library``: the runtime library module's sites, which come first
        in a table that says it starts with them (``library_sites``)."""
        data = json.loads(text)
        if isinstance(data, list):  # a module compiled before exception classes of its own
            data = {"sites": data, "classes": {}}
        shared = data.get("library_sites", 0)
        if shared and (library is None or len(library) != shared):
            raise ValueError(f"pydm: the raise-site table starts with {shared} sites of the runtime "
                             "library module, which is not at hand")
        table = cls(list(library or ())[:shared] + [RaiseSite(**d) for d in data["sites"]],
                    ExceptionClasses(data["classes"]))
        table.library_sites = shared
        return table

    def message(self, site: RaiseSite, args=None) -> str:
        """The site's message, completed with its exception object's args."""
        if not site.fmt:
            return site.message
        args = args or ()
        if site.fmt == "types":
            args = [type_name(a) for a in args]
        return site.message.format(*args)

    def instance(self, site: RaiseSite, args=None) -> BaseException:
        """The exception a site raises: ``cls(message)``; ``cls()`` for no
        message; ``cls(*args)`` for a ``raise`` with run-time arguments
        (``args``: its exception object's, a tuple of Python values, or None)."""
        cls = self.classes.python_class(site.cls)
        if site.fmt == "args":
            return cls(*(args or ()))
        if site.fmt == "none":
            return cls()
        if not site.fmt and site.message in LITERAL_ARGS:
            return cls(*ast.literal_eval(site.message))
        return cls(self.message(site, args))

    def exception_value(self, class_code: int, site_code: int, args) -> BaseException:
        """The Python exception of an exception value a module hands out (its
        object: class code, raise site, args)."""
        if 0 < site_code <= len(self.sites):
            return self.instance(self.sites[site_code - 1], args)
        if site_code < 0 and self.host_reader is not None:
            original = self.host_reader(site_code)
            if original is not None:
                return original
        name = self.classes.names.get(class_code)
        if name is None:
            return SystemError(f"pydm: unknown exception class code {class_code}")
        return self.classes.python_class(name)(*(args or ()))

    def _callers(self) -> list:
        """The sites of the compiled calls the last exception left, outermost
        first ([] when it left none or its trace was not kept)."""
        trace = self.trace_reader() if self.trace_reader is not None else None
        return [self.sites[c - 1] for c in reversed(trace or ()) if 0 < c <= len(self.sites)]

    def make_exception(self, code: int) -> BaseException:
        """The Python exception a non-zero code stands for: a builtin class's
        code (< 0) with the detail the context recorded (its raise site and
        exception object), or a raise site's code (> 0)."""
        origin = self.origin_reader() if self.origin_reader is not None else 0
        callers = self._callers()  # read (and so cleared) whichever way the exception is made
        site_code = code
        if code < 0:
            site_code = self.site_reader() if self.site_reader is not None else 0
        if 0 < site_code <= len(self.sites):
            site = self.sites[site_code - 1]
            obj = self.exception_reader() if self.exception_reader is not None else None
            if obj is not None and obj[0] != site_code:
                obj = None  # an earlier exception's object (this one has none)
            exc = self.instance(site, obj[1] if obj is not None else None)
            if obj is not None and obj[2] is not None:
                exc.__cause__ = obj[2]
            if 0 < origin <= len(self.sites):
                where = self.sites[origin - 1]
                lib = site.file.replace("\\", "/").rsplit("/", 1)[-1]
                exc.add_note(f"{where.note()} (in the runtime library: {lib}:{site.line} {site.function})")
            else:
                where = site
                exc.add_note(site.note())
            return with_frames(exc, callers + [where])
        if code < 0 and self.host_reader is not None and self.exception_reader is not None:
            obj = self.exception_reader()  # a host function's exception: the object it raised
            original = self.host_reader(obj[0]) if obj is not None and obj[0] < 0 else None
            if original is not None:
                return original
        name = self.classes.names.get(code)
        if name is None:
            return SystemError(f"pydm: unknown exception code {code}")
        return self.classes.python_class(name)()
