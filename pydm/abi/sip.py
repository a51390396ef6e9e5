"""SIP — structured index paths (seed 001), the ``sip`` ABI, version 1.

A function's raw arguments and results are flat (one VM value each); SIP
describes how they nest into the structure a Python caller sees::

    signature        ::= 'I' length-prefixed(structured-value)
                         'R' length-prefixed(structured-value)
    structured-value ::= raw-fn-index | sequence | dict
    raw-fn-index     ::= '_' integer
    sequence         ::= 'S' length-prefixed((integer-key structured-value)*)
    integer-key      ::= 'k' integer
    dict             ::= 'D' length-prefixed((string-key structured-value)*)
    string-key       ::= 'K' length-prefixed(any-byte-sequence)
    integer          ::= -?[0-9]+
    length           ::= [0-9]+
    length-prefixed(p) ::= length '!' p      # length = bytes of p, plus 1 for '!'

For example ``((a, b), {"x": c})`` flattened to raw values ``[a, b, c]`` is
``S25!k0S9!k0_0k1_1k1D7!K2!x_2``: the leaf ``_1`` is reached through the
index path ``[0, 1]``, the leaf ``_2`` through ``[1, "x"]``.

Three layers, each usable alone:

- the **tree** (``SeqNode``, ``DictNode``, an ``int`` raw index at a leaf) with
  ``mangle_structure``/``parse_structure`` and the function-level
  ``mangle_signature``/``parse_signature`` (``Signature``);
- **index paths** (``index_paths``, ``from_index_paths``): the spec's own view,
  one (path, raw index) pair per leaf, as the reference mangler is fed;
- **flattening** (``flatten``, ``unflatten``): a nested Python value to its
  raw leaves and tree, and back.

Lengths and error positions count **bytes** of the UTF-8 text (the grammar's
unit; a dict key may be any str). Malformed text raises ``SipError`` (a
``ValueError``) naming the 0-based byte position.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Union

ABI = "sip"
ABI_VERSION = 1

#: deepest nesting accepted, parsing or flattening: a hostile signature of
#: thousands of nested spans must give a SipError, not a RecursionError
MAX_DEPTH = 200


class SipError(ValueError):
    """Malformed SIP text; ``position`` is the 0-based byte offset of the fault."""

    def __init__(self, message: str, text: bytes, position: int):
        shown = text[:60].decode("utf-8", "replace") + ("..." if len(text) > 60 else "")
        super().__init__(f"SIP signature {shown!r}: {message} at position {position}")
        self.position = position


# ---------------------------------------------------------------- the tree

@dataclass(frozen=True)
class SeqNode:
    """A sequence level (``S``): integer keys, each to a sub-structure, in the
    order written (a Python tuple or list has keys 0..n-1)."""

    items: tuple[tuple[int, "Node"], ...] = ()


@dataclass(frozen=True)
class DictNode:
    """A dict level (``D``): string keys, each to a sub-structure, in the order
    written (``flatten`` writes a dict's own insertion order)."""

    items: tuple[tuple[str, "Node"], ...] = ()


#: a structured value: a raw index (``_``, an int) or a sequence or dict level
Node = Union[int, SeqNode, DictNode]


@dataclass(frozen=True)
class Signature:
    """A function's SIP signature. ``None`` is an empty ``I``/``R`` span, which
    the reference mangler writes for a function without inputs or results."""

    inputs: Node | None
    results: Node | None


# ---------------------------------------------------------------- mangling

def _integer(tag: bytes, value: int) -> bytes:
    """A tagged integer component: the tag, then the decimal digits."""
    return tag + str(value).encode("ascii")


def _span(tag: bytes, content: bytes) -> bytes:
    """A tagged span: the length (content plus its '!') makes any content,
    even one starting with digits or '!', unambiguous."""
    return tag + str(len(content) + 1).encode("ascii") + b"!" + content


def _check_int(value: Any, what: str) -> int:
    """An int that is no bool: ``True`` as a raw index would mangle as ``_True``."""
    if type(value) is not int:
        raise TypeError(f"a SIP {what} is an int, not {type(value).__name__}")
    return value


def _mangle(node: Node, depth: int = 0) -> bytes:
    """The bytes of one structured value."""
    if depth > MAX_DEPTH:
        raise ValueError(f"SIP structure nested deeper than {MAX_DEPTH} levels")
    if isinstance(node, SeqNode):
        return _span(b"S", b"".join(_integer(b"k", _check_int(k, "sequence key")) + _mangle(v, depth + 1)
                                    for k, v in node.items))
    if isinstance(node, DictNode):
        return _span(b"D", b"".join(_span(b"K", _key_bytes(k)) + _mangle(v, depth + 1) for k, v in node.items))
    if type(node) is int:
        return _integer(b"_", node)
    raise TypeError(f"a SIP structure is SeqNode, DictNode or an int raw index, not {type(node).__name__}")


def _key_bytes(key: Any) -> bytes:
    """A dict key's UTF-8 bytes (a lone surrogate has none: no SIP key for it)."""
    if type(key) is not str:
        raise TypeError(f"a SIP dict key is a str, not {type(key).__name__}")
    try:
        return key.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"SIP dict key {key!r} is not encodable as UTF-8") from e


def mangle_structure(node: Node) -> str:
    """The text of one structured value (what an ``I`` or ``R`` span holds)."""
    return _mangle(node).decode("utf-8")


def mangle_signature(inputs: Node | None, results: Node | None) -> str:
    """A function's signature: its inputs' structure, then its results'."""
    def root(node):
        return b"" if node is None else _mangle(node)
    return (_span(b"I", root(inputs)) + _span(b"R", root(results))).decode("utf-8")


# ---------------------------------------------------------------- parsing

class _Reader:
    """A cursor over ``text[start:end]``; positions stay absolute so that an
    error deep in a nested span names its place in the whole signature."""

    def __init__(self, text: bytes, start: int = 0, end: int | None = None):
        self.text, self.pos, self.end = text, start, len(text) if end is None else end

    def at_end(self) -> bool:
        return self.pos >= self.end

    def fail(self, message: str, position: int | None = None):
        raise SipError(message, self.text, self.pos if position is None else position)

    def peek(self) -> str:
        """The next byte as a one-character str ('' at the end)."""
        return "" if self.at_end() else chr(self.text[self.pos])

    def found(self) -> str:
        """What stands at the position, for an error message."""
        c = self.peek()
        return repr(c) if c else ("the end" if self.end == len(self.text) else "the end of its span")

    def tag(self, allowed: str, what: str) -> str:
        """Consume one tag byte from ``allowed``."""
        c = self.peek()
        if not c or c not in allowed:
            self.fail(f"expected {what} ({' or '.join(repr(a) for a in allowed)}), found {self.found()}")
        self.pos += 1
        return c

    def digits(self, signed: bool) -> int:
        """``-?[0-9]+`` (``[0-9]+`` unsigned); leading zeros are grammatical."""
        start = self.pos
        if signed and self.peek() == "-":
            self.pos += 1
        first = self.pos
        while self.peek() and self.peek() in "0123456789":
            self.pos += 1
        if self.pos == first:
            self.fail(f"expected {'an integer (-?[0-9]+)' if signed else 'digits'}, found {self.found()}")
        try:
            return int(self.text[start:self.pos])
        except ValueError:  # more digits than int() converts
            self.fail(f"a number of {self.pos - first} digits", start)

    def span(self) -> "_Reader":
        """``length '!' content``: a reader over the content, skipped here."""
        start = self.pos
        length = self.digits(signed=False)
        if length == 0:
            self.fail("a span length of 0 (the length counts its '!', so it is at least 1)", start)
        if self.peek() != "!":
            self.fail("expected '!' after a span length")
        stop = self.pos + length  # '!' included
        if stop > self.end:
            self.fail(f"a span of length {length} runs past the end of its enclosing span "
                      f"({self.end - self.pos} bytes left)", start)
        inner = _Reader(self.text, self.pos + 1, stop)
        self.pos = stop
        return inner


def _as_bytes(text: str | bytes) -> bytes:
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    raise TypeError(f"a SIP signature is str or bytes, not {type(text).__name__}")


def _value(r: _Reader, depth: int) -> Node:
    """One structured value at the reader's position."""
    if depth > MAX_DEPTH:
        r.fail(f"nesting deeper than {MAX_DEPTH} levels")
    tag = r.tag("_SD", "a structured value")
    if tag == "_":
        return r.digits(signed=True)
    body = r.span()
    if tag == "S":
        return SeqNode(_items(body, "k", depth))
    return DictNode(_items(body, "K", depth))


def _items(r: _Reader, key_tag: str, depth: int) -> tuple:
    """The (key, value) pairs of a sequence (``k`` keys) or dict (``K`` keys).
    A key written twice is an error: its index path would name two leaves."""
    items, seen = [], set()
    while not r.at_end():
        at = r.pos
        r.tag(key_tag, "an integer key" if key_tag == "k" else "a string key")
        if key_tag == "k":
            key = r.digits(signed=True)
        else:
            body = r.span()
            try:
                key = r.text[body.pos:body.end].decode("utf-8")
            except UnicodeDecodeError:
                r.fail("a dict key that is not UTF-8 text", body.pos)
        if key in seen:
            r.fail(f"key {key!r} repeated in one {'sequence' if key_tag == 'k' else 'dict'}", at)
        seen.add(key)
        if r.at_end():
            r.fail(f"key {key!r} without a value")
        items.append((key, _value(r, depth + 1)))
    return tuple(items)


def _whole(r: _Reader) -> Node:
    """Exactly one structured value filling the reader."""
    node = _value(r, 0)
    if not r.at_end():
        r.fail("unexpected data after a complete structured value")
    return node


def parse_structure(text: str | bytes) -> Node:
    """Parse one structured value (the content of an ``I`` or ``R`` span)."""
    return _whole(_Reader(_as_bytes(text)))


def parse_signature(text: str | bytes) -> Signature:
    """Parse ``I…R…``: both spans, in that order, and nothing after them."""
    r = _Reader(_as_bytes(text))
    roots = []
    for tag, what in (("I", "the inputs span"), ("R", "the results span")):
        r.tag(tag, what)
        body = r.span()
        roots.append(None if body.at_end() else _whole(body))
    if not r.at_end():
        r.fail("unexpected data after the results span")
    return Signature(*roots)


# ---------------------------------------------------------------- index paths

Key = Union[int, str]


def index_paths(node: Node | None) -> list[tuple[tuple[Key, ...], int]]:
    """Every leaf as (index path, raw index), depth first in written order:
    the spec's reading of a structure (an empty container has no leaf, so
    it has no path either)."""
    out: list = []

    def walk(n, path):
        if isinstance(n, (SeqNode, DictNode)):
            for k, v in n.items:
                walk(v, path + (k,))
        elif n is not None:
            out.append((path, n))
    walk(node, ())
    return out


def from_index_paths(pairs: Iterable[tuple[Iterable[Key], int]]) -> Node | None:
    """The structure assigning each raw index to its path, as the reference
    ``SipSignatureMangler`` builds it: a level indexed by ints is a sequence,
    by strs a dict (mixing them is an error), keys sorted (ints by value,
    strs by code point, which is UTF-8 byte order). Like the reference, it
    takes no negative raw index or int key. No pairs: ``None``."""
    root: dict = {}
    LEAF = object()  # the key under which a level holds its raw index
    for path, raw in pairs:
        path = tuple(path)
        _check_int(raw, "raw index")
        if raw < 0:
            raise ValueError(f"raw index {raw} at path {list(path)} is negative")
        level = root
        for depth, key in enumerate(path):
            if type(key) not in (int, str):
                raise TypeError(f"a SIP key is an int or a str, not {type(key).__name__}")
            if type(key) is int and key < 0:
                raise ValueError(f"path {list(path)} has the negative key {key}")
            if LEAF in level:
                raise ValueError(f"path {list(path)} goes through the leaf at {list(path[:depth])}")
            if any(type(k) is not type(key) for k in level):
                raise ValueError(f"path {list(path)} mixes int and str keys at {list(path[:depth])}")
            level = level.setdefault(key, {})
        if level:
            raise ValueError(f"path {list(path)} is already {'a leaf' if LEAF in level else 'a container'}")
        level[LEAF] = raw

    def build(level):
        if LEAF in level:
            return level[LEAF]
        items = tuple((k, build(level[k])) for k in sorted(level))
        return SeqNode(items) if items and type(items[0][0]) is int else DictNode(items)
    return build(root) if root else None


# ---------------------------------------------------------------- flattening

_CONTAINERS = (tuple, list, dict)


def flatten(value: Any, first: int = 0) -> tuple[list, Node]:
    """A nested value (tuples, lists, dicts of str keys; anything else is a
    leaf) → its leaves in depth-first order and the structure numbering them
    from ``first``. A dict keeps its insertion order (the grammar allows any
    order), so ``unflatten`` rebuilds it with CPython's iteration order."""
    leaves: list = []
    active: set[int] = set()  # ids of the containers being walked: a cycle has no flat form

    def walk(v, path):
        t = type(v)
        if t in _CONTAINERS:
            if len(path) >= MAX_DEPTH:
                raise ValueError(f"value nested deeper than {MAX_DEPTH} levels at path {list(path)}")
            if id(v) in active:
                raise ValueError(f"value contains itself at path {list(path)}")
            active.add(id(v))
            if t is dict:
                for k in v:
                    if type(k) is not str:
                        raise TypeError(f"a SIP dict key is a str: key {k!r} at path {list(path)}")
                node = DictNode(tuple((k, walk(x, path + (k,))) for k, x in v.items()))
            else:
                node = SeqNode(tuple((i, walk(x, path + (i,))) for i, x in enumerate(v)))
            active.discard(id(v))
            return node
        if isinstance(v, _CONTAINERS):
            raise TypeError(f"SIP describes plain tuples, lists and dicts, not {t.__name__} "
                            f"(at path {list(path)})")
        leaves.append(v)
        return first + len(leaves) - 1
    return leaves, walk(value, ())


def container_record(value: Any) -> Any:
    """The V1-ABI type record (seed 000) of a value's containers — ``stuple``,
    ``slist``, ``sdict`` — with ``"unknown"`` for every leaf: what tells
    ``unflatten`` a tuple from a list, which SIP alone cannot."""
    t = type(value)
    if t is tuple:
        return ["stuple", *(container_record(x) for x in value)]
    if t is list:
        return ["slist", *(container_record(x) for x in value)]
    if t is dict:
        return ["sdict", *([k, container_record(x)] for k, x in value.items())]
    return "unknown"


def _record_kind(record: Any, path: tuple) -> tuple[str | None, list]:
    """A V1 record's compound kind and fields, through ``named`` wrappers;
    ``(None, [])`` for no record, ``"unknown"`` or a primitive. A record read
    from a damaged file is a ValueError here, not an IndexError later."""
    while isinstance(record, (list, tuple)) and record and record[0] == "named":
        if len(record) != 3 or not isinstance(record[1], str):
            raise ValueError(f"malformed record {record!r} at path {list(path)}")
        record = record[2]
    if not isinstance(record, (list, tuple)):
        return None, []
    if not record or not isinstance(record[0], str):
        raise ValueError(f"malformed record {record!r} at path {list(path)}")
    kind, fields = record[0], list(record[1:])
    if kind == "py_homogeneous_list" and len(fields) != 1:
        raise ValueError(f"malformed record {record!r} at path {list(path)}")
    if kind == "sdict" and not all(isinstance(f, (list, tuple)) and len(f) == 2 and isinstance(f[0], str)
                                   for f in fields):
        raise ValueError(f"malformed record {record!r} at path {list(path)}")
    return kind, fields


def _slot_records(record: Any, node: Node, path: tuple) -> tuple[type, dict]:
    """For a container node: the Python type the V1 record asks for, and each
    key's own record. No record (or ``"unknown"``): a sequence is a tuple."""
    kind, fields = _record_kind(record, path)
    keys = [k for k, _ in node.items]
    untyped = kind is None and record in (None, "unknown")
    if isinstance(node, DictNode):
        if untyped:
            return dict, {}
        if kind != "sdict":
            raise ValueError(f"record {record!r} at path {list(path)} does not describe a dict")
        slots = dict(fields)
        if set(slots) != set(keys):
            raise ValueError(f"dict keys {sorted(keys)} at path {list(path)} are not the record's "
                             f"{sorted(slots)}")
        return dict, slots
    if untyped:
        return tuple, {}
    if kind == "py_homogeneous_list":
        return list, {k: fields[0] for k in keys}
    if kind in ("stuple", "slist"):
        if len(fields) != len(keys):
            raise ValueError(f"a sequence of {len(keys)} at path {list(path)} against a record "
                             f"of {len(fields)} slots")
        return (tuple if kind == "stuple" else list), dict(enumerate(fields))
    raise ValueError(f"record {record!r} at path {list(path)} does not describe a sequence")


def unflatten(values: list, node: Node, record: Any = None, first: int = 0) -> Any:
    """The nested value whose leaves are ``values`` (raw index ``first + i``
    is ``values[i]``), shaped by ``node``; the inverse of ``flatten``.

    ``record`` (a V1-ABI type record, as in ``iree.abi``) tells tuples from
    lists; without one a sequence is a tuple. Every raw value must be used
    exactly once and a sequence's keys must be 0..n-1: anything else is a
    ``ValueError``, never a value with a hole or a dropped leaf."""
    used = [False] * len(values)

    def build(n, rec, path):
        if type(n) is int:
            i = n - first
            if not 0 <= i < len(values):
                raise ValueError(f"raw index {n} at path {list(path)} is out of range "
                                 f"({len(values)} values from {first})")
            if used[i]:
                raise ValueError(f"raw index {n} at path {list(path)} is used twice")
            used[i] = True
            return values[i]
        if not isinstance(n, (SeqNode, DictNode)):
            raise TypeError(f"a SIP structure is SeqNode, DictNode or an int raw index, not {type(n).__name__}")
        kind, slots = _slot_records(rec, n, path)
        if kind is dict:
            return {k: build(v, slots.get(k), path + (k,)) for k, v in n.items}
        by_key = dict(n.items)
        if sorted(by_key) != list(range(len(by_key))):
            raise ValueError(f"sequence keys {sorted(by_key)} at path {list(path)} are not 0..{len(by_key) - 1}")
        return kind(build(by_key[i], slots.get(i), path + (i,)) for i in range(len(by_key)))

    value = build(node, record, ())
    if not all(used):
        raise ValueError(f"raw index {first + used.index(False)} is not in the structure")
    return value
