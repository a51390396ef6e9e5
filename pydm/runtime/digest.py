"""Integrity of a ``.vmfb`` written by ``pydm compile``.

IREE's loader and bytecode verifier accept many damaged files (one flipped
byte in a function body passes both, then crashes the process when the
function runs), so ``pydm.load`` checks a digest before IREE sees the bytes.

The compiler puts a fixed-length placeholder under the reflection key
``pydm.digest`` of the ``__pydm_meta`` export (see ``_add_meta_function``).
Sealing (:func:`seal`) computes the SHA-256 of the whole file with the
placeholder in place and writes the hex digest over the placeholder — same
length, so the flatbuffer stays valid and any IREE host still loads the file.
:func:`verify` finds that span, puts the placeholder back and compares.
"""
from __future__ import annotations

import hashlib
import hmac
import re

DIGEST_KEY = "pydm.digest"
PREFIX = "pydm-sha256:"
PLACEHOLDER = PREFIX + "0" * 64
_SPAN = re.compile(re.escape(PREFIX.encode()) + rb"([0-9a-f]{64})")
_ZEROS = b"0" * 64


class DamagedModule(ValueError):
    """A ``.vmfb`` that is not a sealed pydm module, or has been altered."""


def _digest_span(data: bytes) -> tuple[int, int]:
    spans = [m.span(1) for m in _SPAN.finditer(data)]
    if len(spans) != 1:
        raise DamagedModule("no pydm digest found" if not spans else "more than one pydm digest found")
    return spans[0]


def _sha256_with_placeholder(data: bytes, start: int, end: int) -> str:
    h = hashlib.sha256()
    h.update(data[:start])
    h.update(_ZEROS)
    h.update(data[end:])
    return h.hexdigest()


def seal(vmfb: bytes) -> bytes:
    """``vmfb`` (compiled with the placeholder) with its digest written in."""
    start, end = _digest_span(vmfb)
    if vmfb[start:end] != _ZEROS:
        raise ValueError("pydm: module already sealed")
    digest = _sha256_with_placeholder(vmfb, start, end).encode()
    return vmfb[:start] + digest + vmfb[end:]


def verify(data: bytes) -> None:
    """Raise :class:`DamagedModule` unless ``data`` is a sealed, unaltered pydm module."""
    start, end = _digest_span(data)
    stored = data[start:end]
    if stored == _ZEROS:
        raise DamagedModule("the module was never sealed by pydm compile")
    if not hmac.compare_digest(stored, _sha256_with_placeholder(data, start, end).encode()):
        raise DamagedModule("its SHA-256 digest does not match its contents")
