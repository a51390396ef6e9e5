"""User-facing compile errors with file, line, column and the source line.

Every frontend error goes through :func:`error_at`, the one place that turns an
astroid node's position into a :class:`CompileError` (lines are absolute in the
file, columns 1-based, as CPython reports them).
"""
from __future__ import annotations

import linecache


DEFAULT_HINT = "see the README for the Python subset pydm compiles"


class CompileError(Exception):
    """A construct outside the pydm subset, or a program pydm cannot type.

    Attributes: ``filename``, ``lineno``, ``col`` (1-based), ``end_lineno``,
    ``end_col`` (1-based, inclusive), ``source_line``, ``message``, ``hint``.
    """

    def __init__(self, message: str, filename: str = "<unknown>", lineno: int = 0,
                 col: int = 0, end_lineno: int | None = None, end_col: int | None = None,
                 source_line: str = "", hint: str = ""):
        self.message = message
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.end_lineno = end_lineno if end_lineno is not None else lineno
        self.end_col = end_col if end_col is not None else col
        self.source_line = source_line
        self.hint = hint or DEFAULT_HINT
        super().__init__(self._render())

    def _render(self) -> str:
        text = f"{self.filename}:{self.lineno}:{self.col}: error: {self.message}"
        if self.source_line:
            line = self.source_line.rstrip("\n")
            stripped = line.lstrip()
            indent = len(line) - len(stripped)
            start = max(self.col - 1 - indent, 0)
            if self.end_lineno == self.lineno and self.end_col >= self.col:
                width = self.end_col - self.col + 1
            else:
                width = max(len(stripped) - start, 1)
            text += f"\n    {stripped}\n    {' ' * start}^{'~' * (width - 1)}"
        if self.hint:
            text += f"\nhint: {self.hint}"
        return text

    def __reduce__(self):
        return (_rebuild, (self.message, self.filename, self.lineno, self.col, self.end_lineno,
                           self.end_col, self.source_line, self.hint))


def _rebuild(*args):
    return CompileError(*args)


class TierWarning(RuntimeWarning):
    """The JIT's second-tier compile of a function failed (an internal error):
    its first-tier program, which is correct, stays in use (README "Tiers")."""


class TypeSpecificError(CompileError):
    """A construct pydm compiles for some static types only (``x is y`` on two
    ints): a generic function's typed twin that meets one is left out."""


class InternalError(CompileError):
    """pydm failed on a construct it should compile (a bug in pydm, located
    at the user's node): never hidden, never a reason to drop a twin."""


def node_position(node) -> tuple[str, int, int, int, int]:
    """(file, line, col, end_line, end_col) of an astroid node; columns 1-based."""
    module = node.root()
    filename = getattr(module, "file", None) or "<unknown>"
    pos = getattr(node, "position", None)  # a def/class: the "def name" part, not its decorators
    src = pos if pos is not None else node
    line = getattr(src, "lineno", None) or 0
    col = (getattr(src, "col_offset", None) or 0) + 1
    end_line = getattr(src, "end_lineno", None) or line
    end_col = getattr(src, "end_col_offset", None)
    end_col = end_col if end_col is not None else col
    return filename, line, col, end_line, end_col


def error_at(node, message: str, hint: str = "", cls=None) -> CompileError:
    """A CompileError located at ``node`` (raise the result)."""
    filename, line, col, end_line, end_col = node_position(node)
    source_line = _line_from_tree(node, line) or (linecache.getline(filename, line) if line else "")
    # astroid (like ast) counts columns in UTF-8 bytes; users count characters
    col = _char_column(source_line, col - 1) + 1
    if end_line == line:
        end_col = _char_column(source_line, end_col)
    return (cls or CompileError)(message, filename, line, col, end_line, end_col, source_line, hint)


def note_call_site(exc: CompileError, call) -> CompileError:
    """Name the call that reached a callee which cannot be compiled (once:
    the innermost call site is the one a user needs)."""
    if call is not None and not getattr(exc, "_pydm_call_noted", False):
        filename, line, col, _, _ = node_position(call)
        text = (_line_from_tree(call, line) or "").strip()
        exc.add_note(f"pydm: called at {filename}:{line}:{col}: {text}")
        exc._pydm_call_noted = True
    return exc


def char_column(node, line: int, byte_offset: int) -> int:
    """The 0-based character column of a byte offset on ``line`` of ``node``'s
    file (astroid, like ast, counts columns in UTF-8 bytes)."""
    text = _line_from_tree(node, line)
    if not text or text.isascii():
        return byte_offset
    return _char_column(text, byte_offset)


def _char_column(line: str, byte_offset: int) -> int:
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def _line_from_tree(node, line: int) -> str:
    root = node.root()
    lines = getattr(root, "_pydm_lines", None)
    if lines is None:
        src = getattr(root, "_pydm_source", None)
        lines = src.splitlines() if src else []
        try:
            root._pydm_lines = lines
        except AttributeError:  # pragma: no cover - astroid nodes accept attributes
            pass
    if 0 < line <= len(lines):
        return lines[line - 1]
    return ""
