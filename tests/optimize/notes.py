"""Checks that an exception from compiled code carries pydm's note naming the
marked source line (``# <marker>`` at the end of a line of the test file)."""
from __future__ import annotations

import os
import re

from conformance.harness import check


def line_of(path: str, marker: str) -> int:
    """1-based line of the unique line of ``path`` ending in ``# <marker>``."""
    with open(path) as f:
        hits = [i for i, text in enumerate(f, 1) if text.rstrip().endswith("# " + marker)]
    assert len(hits) == 1, (marker, hits)
    return hits[0]


def assert_note(exc: BaseException, path: str, marker: str) -> None:
    """``exc`` carries pydm's note naming ``path``'s marked line."""
    line, name = line_of(path, marker), os.path.basename(path)
    notes = getattr(exc, "__notes__", None) or []
    pattern = re.compile(rf"{re.escape(name)}:{line}:\d+")
    assert any(pattern.search(n) for n in notes), (
        f"{type(exc).__name__}({exc}) should carry a note naming {name} line {line}; notes: {notes!r}")


def raised(fn, *args) -> BaseException:
    """Call pydm's ``fn``; return what it raised (CPython agrees on class and
    message, or it is the documented 64-bit overflow)."""
    check(fn, *args)
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001
        return exc
    raise AssertionError(f"{fn.__name__}{args!r} did not raise")
