"""The on-disk cache of JIT compilations (issue 11: a second process pays no compile).

An entry is a compiled specialization: the ``.vmfb`` bytes (which carry the
export signatures and the raise-site table, as any pydm module does) and a
JSON header. Its key is a digest of everything the compilation read:

- the toolchain: pydm's own sources, the runtime library's sources and the
  IREE compiler and runtime versions (``toolchain_digest``);
- the user's source file (its path and text), the function's name and the
  argument types;
- the module globals the compilation read (constants are frozen at compile
  time): stored in the header as fingerprints, and compared with the
  function's live globals before an entry is used. A global whose value has
  no fingerprint (not a constant) makes the compilation uncacheable.

The function's signature facts (parameters, annotations) are cached by
(source, name) too, so a cached call needs neither astroid nor the compiler.
A missing, stale, damaged or unreadable entry is a miss, never an error:
the function is compiled again. ``PYDM_CACHE=0`` turns the cache off;
``PYDM_JIT_CACHE_DIR`` moves it (default ``~/.cache/pydm/jit``).
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile

_FORMAT = b"pydm-jit-2\n"
_toolchain: str | None = None
ABSENT = "<absent>"  # the fingerprint of a global that did not exist


def enabled() -> bool:
    return os.environ.get("PYDM_CACHE", "1") != "0"


def root_dir() -> str:
    """pydm's cache folder (``PYDM_CACHE_DIR``, else ``~/.cache/pydm``): the
    runtime library's IR (``rtl-*.mlir``) and VM module (``rtl-*.vmfb``), native modules (``native-*.vmfb``,
    ``native-hal-*.mlirbc``)
    and, in ``jit/``, compiled functions."""
    return os.environ.get("PYDM_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pydm")


def cache_dir() -> str:
    """Where compiled functions are kept: ``PYDM_JIT_CACHE_DIR``, else ``jit/`` of the root."""
    return os.environ.get("PYDM_JIT_CACHE_DIR") or os.path.join(root_dir(), "jit")


def _iree_versions() -> bytes:
    """The IREE packages' version files, read as text (importing
    ``iree.compiler`` to ask would cost the 150 ms the cache saves)."""
    import importlib.util
    out = b""
    for package in ("iree.compiler", "iree.runtime"):
        try:
            spec = importlib.util.find_spec(package)
            path = os.path.join(os.path.dirname(spec.origin), "version.py")
            with open(path, "rb") as f:
                out += f.read()
        except (ImportError, OSError, AttributeError, TypeError):
            out += package.encode() + b"?"
    return out


def toolchain_digest() -> str:
    """A digest of pydm's and the runtime library's sources and the IREE versions."""
    global _toolchain
    if _toolchain is None:
        from .. import __version__
        h = hashlib.sha256(__version__.encode())
        h.update(_iree_versions())
        pkg = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        for folder in (pkg, os.path.join(os.path.dirname(pkg), "runtime_lib")):
            for root, dirs, files in os.walk(folder):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".py"):
                        h.update(name.encode())
                        with open(os.path.join(root, name), "rb") as f:
                            h.update(f.read())
        _toolchain = h.hexdigest()
    return _toolchain


def source_digest(filename: str) -> str | None:
    """The digest of a source file, its path (a compiled module names it in
    its raise sites) and the toolchain; None when unreadable."""
    try:
        with open(filename, "rb") as f:
            text = f.read()
    except OSError:
        return None
    path = os.path.abspath(filename).encode("utf-8", "surrogateescape")
    return hashlib.sha256(toolchain_digest().encode() + b"\0" + path + b"\0" + text).hexdigest()


def fingerprint(value) -> str | None:
    """A text that is equal for two global values exactly when compiled code
    would read them the same: the type at every level and the value (``1``,
    ``1.0`` and ``True`` differ; ``-0.0`` and ``0.0`` differ; NaNs are equal).
    None: a value with no fingerprint (a compilation that read it is not cached)."""
    if value is None or type(value) in (bool, int, str):
        return f"{type(value).__name__}:{value!r}"
    if type(value) is float:
        return f"float:{value.hex()}"
    if type(value) is tuple:
        items = [fingerprint(v) for v in value]
        return None if None in items else "tuple:(" + ",".join(items) + ")"
    return None


def _path(digest: str, kind: str) -> str:
    return os.path.join(cache_dir(), digest[:2], f"{digest}.{kind}")


def _entry_digest(source: str, name: str, types_text: str) -> str:
    return hashlib.sha256(f"{source}\0{name}\0{types_text}".encode()).hexdigest()


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def write_atomically(path: str, data: bytes) -> None:
    """Write atomically (a reader sees the old file or the whole new one); a
    read-only or full disk leaves the cache as it was."""
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        pass


def load_facts(source: str, name: str) -> dict | None:
    data = _read(_path(_entry_digest(source, name, ""), "facts"))
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


def store_facts(source: str, name: str, facts: dict) -> None:
    write_atomically(_path(_entry_digest(source, name, ""), "facts"), json.dumps(facts).encode())


def load_program(source: str, name: str, types_text: str, live_globals: dict) -> list[bytes] | None:
    """The cached vmfbs of this specialization - its VM module, then its
    native modules (issue 12) -, if its globals still hold the values it was
    compiled with."""
    data = _read(_path(_entry_digest(source, name, types_text), "vmfb"))
    if not data or not data.startswith(_FORMAT):
        return None
    header_end = data.find(b"\n", len(_FORMAT))
    try:
        header = json.loads(data[len(_FORMAT):header_end])
        sizes, digests = list(header["sizes"]), list(header["sha256"])
    except (ValueError, KeyError, TypeError):
        return None
    for global_name, expected in header.get("globals", {}).items():
        actual = fingerprint(live_globals[global_name]) if global_name in live_globals else ABSENT
        if actual != expected:
            return None
    body, parts, at = data[header_end + 1:], [], 0
    if len(sizes) != len(digests) or sum(sizes) != len(body) or not sizes:
        return None
    for size, digest in zip(sizes, digests):
        part = body[at:at + size]
        at += size
        # IREE's loader trusts its input: a damaged file must never reach it
        if hashlib.sha256(part).hexdigest() != digest:
            return None
        parts.append(part)
    return parts


def store_program(source: str, name: str, types_text: str, vmfbs: list[bytes], globals_read: dict) -> None:
    """Cache a compiled specialization: ``vmfbs``, its VM module then its
    native modules; ``globals_read``: name -> fingerprint (a None
    fingerprint: not cacheable, nothing is stored)."""
    if any(v is None for v in globals_read.values()):
        return
    header = json.dumps({"globals": globals_read, "sizes": [len(v) for v in vmfbs],
                         "sha256": [hashlib.sha256(v).hexdigest() for v in vmfbs]},
                        separators=(",", ":")).encode()
    write_atomically(_path(_entry_digest(source, name, types_text), "vmfb"),
                     _FORMAT + header + b"\n" + b"".join(vmfbs))


#: the kinds of files the cache holds: (name, folder, test of a file name)
KINDS = (("compiled functions", cache_dir, lambda n: n.endswith((".vmfb", ".facts", ".tmp"))),
         # native-*.vmfb (the JIT's), native-hal-*.mlirbc (a .vmfb's embedded parts, pydm/native/embed.py)
         ("native modules", root_dir, lambda n: n.startswith("native-") and n.endswith((".vmfb", ".mlirbc", ".tmp"))),
         # rtl-*.mlir: the library's IR; rtl-*.vmfb: its VM module (pydm/library_module.py)
         ("runtime library", root_dir, lambda n: n.startswith("rtl-") and n.endswith((".mlir", ".vmfb"))))


def _entries(kind):
    _, folder, wanted = kind
    top = folder()
    for root, dirs, files in os.walk(top):
        if root == top and folder is root_dir:
            dirs[:] = []  # the root's own files only (jit/ is its own kind)
        for name in files:
            if wanted(name):
                yield os.path.join(root, name)


def usage() -> list[tuple[str, str, int, int]]:
    """Per kind: (name, folder, number of files, bytes)."""
    out = []
    for kind in KINDS:
        count = size = 0
        for path in _entries(kind):
            try:
                size += os.path.getsize(path)
                count += 1
            except OSError:
                pass
        out.append((kind[0], kind[1](), count, size))
    return out


def clear() -> int:
    """Delete every file of every kind (a process using one keeps its copy in
    memory); the number removed."""
    removed = 0
    for kind in KINDS:
        for path in list(_entries(kind)):
            try:
                os.remove(path)
                removed += 1
            except OSError:
                pass
    return removed
