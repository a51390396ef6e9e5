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
(``try``/``except``) will read the same slot.
"""
from __future__ import annotations

import ast
import builtins
import json
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


def codes_caught_by(names) -> list[int]:
    """The class codes an ``except`` clause naming the classes ``names``
    catches: each class with a code that is one of them or a subclass."""
    bases = tuple(builtin_exception_class(n) for n in names)
    return sorted((c for c, n in NEGATIVE_CODES.items() if issubclass(builtin_exception_class(n), bases)),
                  reverse=True)


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


class RaiseSiteTable:
    """Positive exception codes of one module: slot i+1 is ``sites[i]``.

    Identical sites share a slot, so a code is stable for a given source.
    """

    def __init__(self, sites: list[RaiseSite] | None = None):
        self.sites: list[RaiseSite] = list(sites or [])
        self._index = {s: i + 1 for i, s in enumerate(self.sites)}
        #: set by the runtime: returns (and clears) the program's origin site —
        #: the user line whose runtime-library call raised — or 0
        self.origin_reader = None
        #: set by the runtime: return (and clear) the calling thread's last raise
        #: site behind a class code (0: none), and the args of its last exception
        #: object (a tuple of Python values, or None)
        self.site_reader = None
        self.args_reader = None

    def code_for(self, site: RaiseSite) -> int:
        code = self._index.get(site)
        if code is None:
            self.sites.append(site)
            code = self._index[site] = len(self.sites)
        return code

    def to_json(self) -> str:
        return json.dumps([asdict(s) for s in self.sites], separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "RaiseSiteTable":
        return cls([RaiseSite(**d) for d in json.loads(text)])

    def message(self, site: RaiseSite) -> str:
        """The site's message, completed with its exception object's args."""
        if not site.fmt:
            return site.message
        args = (self.args_reader() if self.args_reader is not None else None) or ()
        if site.fmt == "types":
            args = [type_name(a) for a in args]
        return site.message.format(*args)

    def instance(self, site: RaiseSite) -> BaseException:
        """The exception a site raises: ``cls(message)``; ``cls()`` for no
        message; ``cls(*args)`` for a ``raise`` with run-time arguments."""
        cls = getattr(builtins, site.cls)
        if site.fmt == "args":
            return cls(*((self.args_reader() if self.args_reader is not None else None) or ()))
        if site.fmt == "none":
            return cls()
        if not site.fmt and site.message in LITERAL_ARGS:
            return cls(*ast.literal_eval(site.message))
        return cls(self.message(site))

    def make_exception(self, code: int) -> BaseException:
        """The Python exception a non-zero code stands for: a builtin class's
        code (< 0) with the detail the context recorded (its raise site and
        exception object), or a raise site's code (> 0)."""
        origin = self.origin_reader() if self.origin_reader is not None else 0
        site_code = code
        if code < 0:
            site_code = self.site_reader() if self.site_reader is not None else 0
        if 0 < site_code <= len(self.sites):
            site = self.sites[site_code - 1]
            exc = self.instance(site)
            if 0 < origin <= len(self.sites):
                where = self.sites[origin - 1]
                lib = site.file.replace("\\", "/").rsplit("/", 1)[-1]
                exc.add_note(f"{where.note()} (in the runtime library: {lib}:{site.line} {site.function})")
            else:
                exc.add_note(site.note())
            return exc
        name = NEGATIVE_CODES.get(code)
        if name is None:
            return SystemError(f"pydm: unknown exception code {code}")
        return getattr(builtins, name)()
