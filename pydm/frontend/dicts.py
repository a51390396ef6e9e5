"""The semantic layer's dict operations (part of :class:`emitter.Emitter`).

A dict is a hash table of the runtime library (``runtime_lib/dicts.py``),
shared by reference as a list is; every operation on one is a library call.
This mixin comes first in the Emitter's bases: each method handles a dict
operand (static type ``dict``, or an ``object`` that holds a dict where the
other kinds have no inline path) and hands anything else on (``super()``).
"""
from __future__ import annotations

from iree.compiler import ir

from .. import dialect as d
from ..errors import error_at
from ..types import PyType, list_of, tuple_any
from . import semantics as sem
from .callees import view_escapes

T = PyType
DICT = T.DICT

_VIEWS = {"keys": 0, "values": 1, "items": 2}
#: CPython hashes an int ``v`` with ``-HASH_MODULUS < v < HASH_MODULUS`` to ``v``
#: itself (``-1``: ``-2``); others modulo it (``runtime_lib/tuples.py`` ``hash_int``)
HASH_MODULUS = 2**61 - 1
#: the library's hash of a key of these static types (skipping ``hash_of``'s dispatch)
_KEY_HASHES = {T.STR: "hash_str", T.FLOAT: "hash_float"}
#: a str key of at most this many codepoints is hashed inline (``hash_str``'s FNV-1a:
#: a few VM ops a codepoint, where the call costs ~0.1 µs); a longer one by the call
#: (whose loop polls for Ctrl-C)
INLINE_HASH_LENGTH = 32
FNV_OFFSET, FNV_PRIME = -3750763034362895579, 1099511628211


class DictOps:
    """Mixed into the Emitter (it uses ``self.fb``, ``self.b``, ``call_library``...)."""

    def make_dict(self, pairs, out=None):
        """``{k0: v0, ...}``: the keys and values already evaluated, in order
        (``out``: the dict they go into, else a new one)."""
        if out is None:
            out = self.call_library("dict_empty", [], DICT)
        for k, v in pairs:
            if out is None or self.fb.block is None:
                return None
            self.call_library("dict_setitem", [out, k, v])
        return out if self.fb.block is not None else None

    def is_dict_value(self, x):
        """i1: does the object ``x`` hold a dict?"""
        return self.b.bool_to_pred(self.type_test(x, ("dict",)))

    def on_dict_or(self, x, on_dict, otherwise, result: PyType | None):
        """Branch on an object holding a dict: ``on_dict(x as dict)`` or
        ``otherwise()``; their results (coerced to ``result``) joined."""
        return self.on_kind_or(x, DICT, on_dict, otherwise, result)

    def on_kind_or(self, x, kind: PyType, on_kind, otherwise, result: PyType | None):
        """Branch on an object holding a value of ``kind`` (dict, set, str):
        ``on_kind(x as kind)`` or ``otherwise()``; their results (coerced to
        ``result``) joined."""
        fb = self.fb
        yes, no = fb.new_block(), fb.new_block()
        merge = fb.new_block(*([d.ir_type(result)] if result is not None else []))
        fb.cond_br(self.b.bool_to_pred(self.type_test(x, (kind.python_name,))), [], [], yes, no)
        for block, arm in ((yes, lambda: on_kind(self.b.unbox(x, kind, checked=False)[1])), (no, otherwise)):
            fb.block = block
            out = arm()
            if fb.block is not None:
                fb.br([self.coerce(out, result)] if result is not None else [], merge)
        if not any(True for _ in merge.predecessors):
            fb.block = None
            return None
        if result is None:
            fb.block = merge
            return None
        return fb.enter_merge(merge)

    def key_hash(self, key):
        """``hash(key)`` as an int, for the library's ``*_hashed`` dict functions:
        an int's inline (no call in the common case), a str's or a float's by
        its own library function, any other by ``hash_of`` (which raises
        CPython's ``unhashable type`` TypeError). A str key read from a local
        variable whose hash was computed before, on every path to here, with
        no store to the variable and no loop since, reuses that hash
        (``_known_hash``): ``d[w] = d.get(w, 0) + 1`` and ``if w in d: d[w] += 1``
        hash ``w`` once, as CPython's str caches its hash."""
        t = self.type(key)
        if t not in (T.INT, T.BOOL):
            known = self._known_hash(key) if t is T.STR else None
            if known is not None:
                return known
            h = self.str_hash(key) if t is T.STR else self.call_library(_KEY_HASHES.get(t, "hash_of"), [key], T.INT)
            if t is T.STR and h is not None and self.fb.block is not None:
                self._remember_hash(key, h)
            return h
        b, fb = self.b, self.fb
        v = self.promote(key, T.INT)
        check_hi, small, big = fb.new_block(), fb.new_block(), fb.new_block()
        merge = fb.new_block(d.ir_type(T.INT))
        _, above = b.apply_compare("gt", v, b.constant(-HASH_MODULUS, T.INT))
        fb.cond_br(b.bool_to_pred(above), [], [], check_hi, big)
        fb.block = check_hi
        _, below = b.apply_compare("lt", v, b.constant(HASH_MODULUS, T.INT))
        fb.cond_br(b.bool_to_pred(below), [], [], small, big)
        fb.block = small
        return self._join_hash(v, big, "hash_int", v, merge)

    def str_hash(self, s):
        """``hash_str(s)``: inline for a str of at most INLINE_HASH_LENGTH
        codepoints (the same FNV-1a over the codepoints, -1 made -2), else the call."""
        b, fb = self.b, self.fb
        i64 = d.ir_type(T.INT)
        n = b.str_len(s)
        loop, body, done, call = fb.new_block(i64, i64), fb.new_block(), fb.new_block(), fb.new_block()
        merge = fb.new_block(i64)
        _, short = b.apply_compare("le", n, b.constant(INLINE_HASH_LENGTH, T.INT))
        fb.cond_br(b.bool_to_pred(short), [b.constant(0, T.INT), b.constant(FNV_OFFSET, T.INT)], [], loop, call)
        fb.block = loop
        i, h = loop.arguments
        _, more = b.apply_compare("lt", i, n)
        fb.cond_br(b.bool_to_pred(more), [], [], body, done)
        fb.block = body
        _, mixed = b.apply_binary("xor", h, b.str_code(s, i), T.INT, infallible=True)
        _, h2 = b.apply_binary("mul", mixed, b.constant(FNV_PRIME, T.INT), T.INT, infallible=True)
        _, i2 = b.apply_binary("add", i, b.constant(1, T.INT), T.INT, infallible=True)
        fb.br([i2, h2], loop)
        fb.block = done
        return self._join_hash(h, call, "hash_str", s, merge)

    def _join_hash(self, h, other, fn: str, arg, merge):
        """End the current block with the hash ``h`` (-1 made -2, as CPython's
        hashes are) into ``merge``, block ``other`` with the library's
        ``fn(arg)``; the joined hash."""
        b, fb = self.b, self.fb
        _, minus_one = b.apply_compare("eq", h, b.constant(-1, T.INT))
        fb.br([b.select(b.bool_to_pred(minus_one), b.constant(-2, T.INT), h)], merge)
        fb.block = other
        called = self.call_library(fn, [arg], T.INT)
        if fb.block is not None:
            fb.br([called], merge)
        return fb.enter_merge(merge)

    def _hash_memo(self) -> dict:
        """This function's remembered str-key hashes: ``slot -> (hash, block, stores)``
        (``stores``: ``_stores`` when the hash was made)."""
        memo = getattr(self, "_key_hashes", None)
        if memo is None or memo[0] is not self.fb:
            memo = (self.fb, {})
            self._key_hashes = memo
        return memo[1]

    def _remember_hash(self, key, h) -> None:
        slot = _variable_read(key)
        if slot is not None:
            self._hash_memo()[slot] = (h, self.fb.block, _stores(self.fb, slot))

    def _known_hash(self, key):
        """The hash of ``key`` (a str read from a local variable) computed
        before, if it holds here: its block dominates the current one (every
        path from the entry passes through it), no store to the variable was
        emitted since, and no loop was entered since. The last because a
        loop's back edge is built after its body: a store later in the body
        reaches an earlier read on the next iteration, unseen yet. Every loop
        stores a hidden variable (``$i``, ``$poll``... ``loops.py``) before its
        first iteration, so a new hidden store means a loop may have begun."""
        slot = _variable_read(key)
        if slot is None:
            return None
        hit = self._hash_memo().get(slot)
        if hit is None:
            return None
        h, block, stores = hit
        if _stores(self.fb, slot) != stores or not _dominates(self.fb, block, self.fb.block):
            return None
        return h

    # ---- operations the other kinds also have --------------------------------------------
    def subscript(self, seq, index, const_index=None):
        if self.type(seq) is DICT:
            return self.call_library("dict_lookup_hashed", [seq, index, self.key_hash(index),
                                                            self.b.constant(None, T.NONE),
                                                            self.b.constant(True, T.BOOL)], T.OBJECT)
        return super().subscript(seq, index, const_index)

    def store_item(self, container, index, value):
        ct = self.type(container)
        if ct is DICT:
            self.call_library("dict_setitem_hashed", [container, index, self.key_hash(index), value])
            return None
        if ct.is_dynamic:
            return self.on_dict_or(container, lambda x: self.call_library("dict_setitem", [x, index, value]),
                                   lambda: super(DictOps, self).store_item(container, index, value), None)
        return super().store_item(container, index, value)

    def delete_item(self, container, index=None, slice_parts=None):
        ct = self.type(container)
        if ct is DICT:
            if slice_parts is not None:
                return self.raise_always(sem.Raises("TypeError", "unhashable type: 'slice'"))
            self.call_library("dict_delitem_hashed", [container, index, self.key_hash(index)])
            return None
        if ct.is_dynamic and slice_parts is None:
            return self.on_dict_or(container, lambda x: self.call_library("dict_delitem", [x, index]),
                                   lambda: super(DictOps, self).delete_item(container, index), None)
        return super().delete_item(container, index, slice_parts)

    def contains(self, item, container):
        if self.type(container) is DICT:
            return self.call_library("dict_contains_hashed", [container, item, self.key_hash(item)], T.BOOL)
        return super().contains(item, container)

    def length(self, x):
        t = self.type(x)
        if t is DICT:
            return self.call_library("dict_len", [x], T.INT)
        if t is T.OBJECT:  # a str's length inline (its list's size), any other kind's by the library
            return self.on_kind_or(x, T.STR, self.b.str_len, lambda: super(DictOps, self).length(x), T.INT)
        return super().length(x)

    def unpack(self, value, n, node):
        if self.type(value) in (DICT, T.SET, T.FROZENSET):  # its keys (elements), as they are now
            value = self.call_library("to_tuple", [value], tuple_any(T.OBJECT))
            if value is None:
                return None
        return super().unpack(value, n, node)

    def unpack_starred(self, value, n, star):
        if self.type(value) in (DICT, T.SET, T.FROZENSET):
            value = self.call_library("to_tuple", [value], tuple_any(T.OBJECT))
            if value is None:
                return None
        return super().unpack_starred(value, n, star)

    # ---- hooks of the Emitter's own operators (called when an operand is a dict) ----------
    def dict_truth(self, v):
        _, out = self.b.apply_compare("ne", self.length(v), self.b.constant(0, T.INT))
        return out

    def iteration(self, seq):
        if self.type(seq) is DICT:  # an iterator over the keys (it checks the size before each)
            it = self.call_library("dict_iter", [seq, self.b.constant(0, T.INT)], T.ITERATOR)
            return (it, "iterator") if it is not None else None
        return super().iteration(seq)

    def dict_compare(self, token, lhs, rhs):
        """``==``/``!=`` with a dict operand."""
        lt, rt = self.type(lhs), self.type(rhs)
        if lt is DICT and rt is DICT:
            same = self.call_library("dict_eq", [lhs, rhs], T.BOOL)
        elif lt.is_dynamic or rt.is_dynamic:
            exc, same = self.b.apply_compare("eq", self.as_dynamic(lhs), self.as_dynamic(rhs))
            self.check_library(exc)
        else:
            same = self.b.constant(False, T.BOOL)  # a dict never equals a value of another type
        if same is None:
            return None
        return self.b.not_(same) if token == "!=" else same

    def dict_binary(self, token, lhs, rhs, rhs_const=None, inplace=False, lhs_const=None):
        """A binary operator with a dict operand: ``|``, ``|=``, else CPython's TypeError."""
        lt, rt = self.type(lhs), self.type(rhs)
        name = sem.BINARY[token]
        result = sem.binary_type(name, lt, rt, rhs_const, inplace, lhs_const)
        if isinstance(result, sem.Raises):
            return self.raise_always(result)
        if result is DICT:
            if inplace:
                return self.call_library("dict_ior", [lhs, rhs], DICT)
            return self.call_library("dict_or", [lhs, rhs], DICT)
        exc, out = self.b.apply_binary(name, self.as_dynamic(lhs), self.as_dynamic(rhs), T.OBJECT, inplace)
        self.check_library(exc)
        return out

    def dict_builtin(self, args, node, keywords=None):
        """``dict()``, ``dict(d)``, ``dict(pairs)``, each with ``key=value``
        keywords (str keys, set after the argument's items, as CPython's)."""
        if len(args) > 1:
            raise error_at(node, f"dict expected at most 1 argument, got {len(args)}")
        r = sem.builtin_type("dict", [self.type(a) for a in args])
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if not args:
            out = self.call_library("dict_empty", [], DICT)
        elif self.type(args[0]) is DICT:
            out = self.call_library("dict_copy", args, DICT)
        else:
            out = self.call_library("dict_of", args, DICT)
        for name, value in (keywords or {}).items():
            if out is None or self.fb.block is None:
                return None
            self.call_library("dict_setitem", [out, self.str_literal(name), value])
        return out if self.fb.block is not None else None

    def dict_fromkeys(self, args, node, keywords=None):
        """``dict.fromkeys(keys[, value])``: every key maps to ``value`` (None)."""
        if keywords:
            return self.raise_always(sem.Raises("TypeError", "dict.fromkeys() takes no keyword arguments"))
        r = sem.builtin_type("dict.fromkeys", [self.type(a) for a in args])
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        value = args[1] if len(args) > 1 else self.b.constant(None, T.NONE)
        return self.call_library("dict_fromkeys", [args[0], value], DICT)

    # ---- methods ---------------------------------------------------------------------------
    def method(self, name, receiver, args, node, keywords=None):
        rt = self.type(receiver)
        if rt.is_dynamic and name in sem.DICT_METHODS and name not in sem.DICT_ONLY_METHODS and not keywords:
            return self.shared_method(name, receiver, args, node)
        if rt is not DICT and not (rt.is_dynamic and name in sem.DICT_ONLY_METHODS):
            return super().method(name, receiver, args, node, keywords)
        r = sem.method_type(name, rt, [self.type(a) for a in args])
        if r is None:
            raise error_at(node, f"this call of .{name}() is not supported", "check the number of arguments")
        if isinstance(r, sem.Raises):
            return self.raise_always(r)
        if keywords and name != "update":  # d.update(other, k=v): the pairs, then the keywords
            raise error_at(node, f".{name}() takes no keyword arguments")
        if rt.is_dynamic:  # a dict, else CPython's AttributeError
            hit = self.type_test(receiver, ("dict",))
            bad, ok = self.fb.new_block(), self.fb.new_block()
            self.fb.cond_br(self.b.bool_to_pred(hit), [], [], ok, bad)
            self.fb.block = bad
            self.fb.raise_here("AttributeError", f"'{{}}' object has no attribute '{name}'", [receiver], "types")
            self.fb.block = ok
            _, receiver = self.b.unbox(receiver, DICT, checked=False)
        if name in _VIEWS and view_escapes(node):  # a view object (runtime_lib/views.py)
            return self.call_library("view_of", [receiver, self.b.constant(_VIEWS[name], T.INT)], T.OBJECT)
        if keywords:
            if args:
                self.dict_method(name, receiver, args)
            for key, value in keywords.items():
                if self.fb.block is None:
                    return None
                self.call_library("dict_setitem", [receiver, self.str_literal(key), value])
            return None if self.fb.block is None else self.b.constant(None, T.NONE)
        return self.dict_method(name, receiver, args)

    def shared_method(self, name, receiver, args, node):
        """``o.pop(...)``, ``o.clear()``, ``o.copy()`` on an object: a dict's
        method if it holds a dict, else a list's (or CPython's errors)."""
        r = sem.method_type(name, self.type(receiver), [self.type(a) for a in args])
        if r is None:
            raise error_at(node, f"this call of .{name}() is not supported", "check the number of arguments")
        n = len(args)

        def on_dict(x):
            if name == "pop" and n == 0:
                self.fb.raise_here("TypeError", "pop expected at least 1 argument, got 0")
                return None
            return self.dict_method(name, x, args)

        def other():
            if name == "pop" and n == 2:  # a list's pop takes one argument; other kinds have none
                is_list = self.type_test(receiver, ("list",))
                yes, no = self.fb.new_block(), self.fb.new_block()
                self.fb.cond_br(self.b.bool_to_pred(is_list), [], [], yes, no)
                self.fb.block = yes
                self.fb.raise_here("TypeError", "pop expected at most 1 argument, got 2")
                self.fb.block = no
                self.fb.raise_here("AttributeError", "'{}' object has no attribute 'pop'", [receiver], "types")
                return None
            return super(DictOps, self).method(name, receiver, args, node)
        return self.on_dict_or(receiver, on_dict, other, r)

    def dict_method(self, name, d_, args):
        """``d.name(*args)`` on a dict (the type rule accepted the call)."""
        none = self.b.constant(None, T.NONE)
        if name in _VIEWS:
            return self.call_library("dict_iter", [d_, self.b.constant(_VIEWS[name], T.INT)], T.ITERATOR)
        if name == "get":
            return self.call_library("dict_lookup_hashed", [d_, args[0], self.key_hash(args[0]),
                                                            args[1] if len(args) > 1 else none,
                                                            self.b.constant(False, T.BOOL)], T.OBJECT)
        if name == "setdefault":
            return self.call_library("dict_setdefault", [d_, args[0], args[1] if len(args) > 1 else none],
                                     T.OBJECT)
        if name == "pop":
            has = self.b.constant(len(args) > 1, T.BOOL)
            return self.call_library("dict_pop", [d_, args[0], has, args[1] if len(args) > 1 else none], T.OBJECT)
        if name == "popitem":
            return self.call_library("dict_popitem", [d_], sem.DICT_METHODS["popitem"][0])
        if name == "copy":
            return self.call_library("dict_copy", [d_], DICT)
        if name == "clear":
            self.call_library("dict_clear", [d_])
            return none
        if args:
            self.call_library("dict_update", [d_, args[0]])
        return none


def _variable_read(value) -> str | None:
    """The local variable slot ``value`` was read from (a ``load_var``), else None."""
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name != d.LOAD_VAR:
        return None
    return ir.StringAttr(owner.attributes["name"]).value


def _stores(fb, slot: str) -> tuple[int, int]:
    """How many stores (and ``del``) the function has so far of variable
    ``slot``, and of hidden variables (names beginning with ``$``)."""
    mine = hidden = 0
    for block in fb.region.blocks:
        for op in block.operations:
            if op.name in _VARIABLE_WRITES:
                name = ir.StringAttr(op.attributes["name"]).value
                mine += name == slot
                hidden += name.startswith("$")
    return mine, hidden


def _dominates(fb, a, b) -> bool:
    """Does block ``a`` dominate block ``b`` in the function's CFG as built so
    far: no path from the entry reaches ``b`` without passing ``a``?"""
    if a == b:
        return True
    entry = fb.region.blocks[0]
    seen, work = {a}, [entry]
    while work:
        block = work.pop()
        if block in seen:
            continue
        if block == b:
            return False
        seen.add(block)
        ops = list(block.operations)
        if ops:
            work.extend(ops[-1].operation.successors)
    return True


_VARIABLE_WRITES = (d.STORE_VAR, d.DEL_VAR)

__all__ = ["DictOps", "list_of"]
