"""``d[k] = <... d.get(k, c) ...>`` and ``d[k] += v``: the key found once.

CPython hashes and probes ``d`` for the read and again for the store (its str
caches the hash; a probe is a few C steps). In pydm each is a library call of
~0.1 µs plus the table's slot reads, so a counting loop's ``counts[w] =
counts.get(w, 0) + 1`` paid three calls. Here the read asks the library for the
key's entry number (``dict_entry_hashed``: -1 when missing) and reads the value
from the entry inline; the store replaces the value in that entry inline when
the key was there, else files the key (``dict_setitem_hashed``). That is
exact because nothing between the read and the store can change the dict:
the statement's other parts are constants, variables and operators (the
pattern below), and an exception between them skips the store, as in CPython.
"""
from __future__ import annotations

from astroid import nodes

from .. import dialect as d
from ..types import PyType, list_of

T = PyType
LIST = list_of()


def assign_read(s, type_of):
    """The one read of ``d[k]`` (``d.get(k)``, ``d.get(k, c)`` or ``d[k]``) in
    the assignment ``d[k] = <value>`` that its store can reuse, else None:
    ``d`` a ``dict`` variable, ``k`` a variable or a constant, and the rest of
    the value constants, variables and operators (nothing that can change ``d``)."""
    if len(s.targets) != 1 or not _dict_item(s.targets[0], type_of):
        return None
    target = s.targets[0]
    reads = []
    if not _pure(s.value, target.value.name, target.slice, reads) or len(reads) != 1:
        return None
    return reads[0]


def augassign_fused(s, type_of) -> bool:
    """``d[k] op= v`` with ``d`` a ``dict`` variable, ``k`` a variable or a
    constant and ``v`` made of constants, variables and operators (no read of
    ``d[k]`` itself): the item read and stored by one lookup."""
    reads = []
    return (_dict_item(s.target, type_of) and _pure(s.value, s.target.value.name, s.target.slice, reads)
            and not reads)


def _dict_item(target, type_of) -> bool:
    return (isinstance(target, nodes.Subscript) and isinstance(target.value, nodes.Name)
            and type_of(target.value) is T.DICT and isinstance(target.slice, (nodes.Name, nodes.Const)))


def _same_key(a, b) -> bool:
    if isinstance(a, nodes.Name) and isinstance(b, nodes.Name):
        return a.name == b.name
    return (isinstance(a, nodes.Const) and isinstance(b, nodes.Const) and type(a.value) is type(b.value)
            and a.value == b.value)


def _pure(e, dname: str, key, reads: list) -> bool:
    """Is ``e`` made of constants, variables, operators and reads of
    ``dname[key]`` (collected in ``reads``)?"""
    if isinstance(e, (nodes.Const, nodes.Name)):
        return True
    if isinstance(e, nodes.BinOp):
        return _pure(e.left, dname, key, reads) and _pure(e.right, dname, key, reads)
    if isinstance(e, nodes.UnaryOp):
        return _pure(e.operand, dname, key, reads)
    if isinstance(e, nodes.Subscript) and isinstance(e.value, nodes.Name) and e.value.name == dname \
            and _same_key(e.slice, key):
        reads.append(e)
        return True
    if (isinstance(e, nodes.Call) and isinstance(e.func, nodes.Attribute) and e.func.attrname == "get"
            and isinstance(e.func.expr, nodes.Name) and e.func.expr.name == dname and not e.keywords
            and 1 <= len(e.args) <= 2 and _same_key(e.args[0], key)
            and all(isinstance(a, (nodes.Const, nodes.Name)) for a in e.args)):
        reads.append(e)
        return True
    return False


class DictUpdates:
    """Mixed into the Emitter: the read and the store of one key's entry."""

    def entry_read(self, d_, key, default, raises: bool):
        """``d[key]`` (``raises``) or ``d.get(key, default)`` by the key's entry
        number: ``(value, entry, hash)`` for :meth:`entry_store`, or None if it
        always raises."""
        b, fb = self.b, self.fb
        h = self.key_hash(key)
        e = None if h is None else self.call_library("dict_entry_hashed", [d_, key, h], T.INT)
        if e is None:
            return None
        hit, miss = fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(T.OBJECT))
        _, found = b.apply_compare("ge", e, b.constant(0, T.INT))
        fb.cond_br(b.bool_to_pred(found), [], [], hit, miss)
        fb.block = hit
        _, v = b.tuple_get(self._entries(d_), self._value_slot(e), T.OBJECT, in_range=True)
        fb.br([v], merge)
        fb.block = miss
        if raises:  # the library raises KeyError(key)
            v = self.call_library("dict_lookup_hashed", [d_, key, h, b.constant(None, T.NONE),
                                                         b.constant(True, T.BOOL)], T.OBJECT)
        else:
            v = self.coerce(default, T.OBJECT)
        if fb.block is not None:
            fb.br([v], merge)
        return fb.enter_merge(merge), e, h

    def entry_store(self, d_, key, h, e, value) -> None:
        """``d[key] = value`` where :meth:`entry_read` found ``key``'s entry ``e``
        (-1: missing) and nothing has changed ``d`` since."""
        b, fb = self.b, self.fb
        hit, miss, done = fb.new_block(), fb.new_block(), fb.new_block()
        _, found = b.apply_compare("ge", e, b.constant(0, T.INT))
        fb.cond_br(b.bool_to_pred(found), [], [], hit, miss)
        fb.block = hit
        b.seq_set(self._entries(d_), self._value_slot(e), self.coerce(value, T.OBJECT))
        fb.br([], done)
        fb.block = miss
        self.call_library("dict_setitem_hashed", [d_, key, h, value])
        if fb.block is not None:
            fb.br([], done)
        fb.block = done

    def _entries(self, d_):
        """The dict's entries list (its table ``[used, entries, index, fill]``, runtime_lib/dicts.py)."""
        _, entries = self.b.tuple_get(self.b.static_cast(d_, LIST), self.b.constant(1, T.INT), LIST, in_range=True)
        return entries

    def _value_slot(self, e):
        b = self.b
        _, three = b.apply_binary("mul", e, b.constant(3, T.INT), T.INT, infallible=True)
        _, slot = b.apply_binary("add", three, b.constant(2, T.INT), T.INT, infallible=True)
        return slot
