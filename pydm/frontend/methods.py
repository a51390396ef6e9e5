"""Methods as values: ``m = xs.append``, ``key=d.get``, ``key=str.lower``.

A method read without being called is a function value like a lambda's
(``closures.py``), so it goes wherever one goes (a variable, ``key=``,
``map``, an argument, a list of functions). Its function is a small
synthetic lambda made for the site and the receiver's static type:

* a *bound* method ``x.name``: ``lambda *args: $self.name(*args)``, whose
  ``$self`` is the receiver, read once where the attribute is read (CPython
  binds it there: ``m = xs.append; xs = []; m(1)`` appends to the old list)
  and kept in the value's record after the function's number;
* an *unbound* method of a builtin class ``str.lower``: ``lambda $self, /,
  *args: $self.name(*args)``, whose first argument must be of that class
  (CPython's ``descriptor 'lower' for 'str' objects doesn't apply to a 'int'
  object`` otherwise).

Each call binds ``args`` as a tuple of known length, so the body is the
method's usual direct call. A call with a number of arguments the method
does not take is CPython's ``TypeError``, with the message CPython itself
gives (asked once, at compile time, of the real method).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from astroid import nodes

from ..errors import error_at
from ..types import PyType
from . import semantics as sem
from .callees import METHODS

T = PyType

#: the receiver's name in a method's synthetic lambda (no Python name can clash)
RECEIVER = "$self"

#: builtin classes whose methods may be named unbound (``str.lower``)
CLASSES = {"str": str, "list": list, "tuple": tuple, "dict": dict, "set": set, "frozenset": frozenset,
           "int": int, "float": float}
#: an empty value of each kind a receiver may be (asked for CPython's messages)
_SAMPLES = {"str": "", "list": [], "tuple": (), "dict": {}, "set": set(), "frozenset": frozenset(),
            "int": 0, "bool": False, "float": 0.0, "range": range(0), "dict_keys": {}.keys(),
            "dict_values": {}.values(), "dict_items": {}.items()}
#: CPython's messages for a builtin method called with a wrong number of arguments
_ARITY = re.compile(r"\b(takes|expected|needs)\b.*\barguments?\b")


@dataclass(frozen=True)
class Method:
    """What a method value's synthetic function calls: ``name`` on a receiver
    of class ``cls``; ``unbound``: the receiver is the first argument
    (``str.lower``), else it is kept in the value (of static type
    ``receiver``: an ``object`` holding a ``cls``, or ``cls`` itself)."""

    name: str
    cls: str
    unbound: bool
    receiver: PyType | None = None


def method_value(node, fn) -> str | None:
    """``"bound"`` or ``"unbound"`` if ``node`` reads a method pydm compiles
    as a value (an attribute not called right there), else None."""
    if not isinstance(node, nodes.Attribute) or node.attrname not in METHODS:
        return None
    parent = node.parent
    if isinstance(parent, nodes.Call) and parent.func is node:
        return None
    x = node.expr
    if isinstance(x, nodes.Name) and x.name in CLASSES and x.name not in fn.locals and x.name not in fn.frees \
            and x.name not in fn.module.tree.locals:
        return "unbound" if hasattr(CLASSES[x.name], node.attrname) else None
    return "bound"


def _kind_types() -> dict:
    from ..types import list_of, tuple_any
    return {"list": list_of(), "tuple": tuple_any(T.OBJECT), "str": T.STR, "dict": T.DICT, "set": T.SET,
            "frozenset": T.FROZENSET, "int": T.INT, "bool": T.BOOL, "float": T.FLOAT}


def receiver_kinds(name: str, receiver: PyType) -> list[tuple[str, PyType]]:
    """The kinds of receiver a bound ``x.name`` may hold, each with the
    static type its function takes it as: its static type's, or for an
    ``object`` each kind that has the method (the value is then one of
    several functions, picked when it is read; the receiver unboxed to the
    kind's type, so each body is the kind's own method call)."""
    if not receiver.is_dynamic:
        return [(receiver.python_name, receiver)]
    kinds = sem.method_kinds(name)
    if kinds is None and name in sem.NUMBER_METHODS:
        kinds = ("int", "bool") if sem.NUMBER_METHODS[name][0] == "int" else ("float",)
    elif kinds is None:
        kinds = ("str",)
    types = _kind_types()
    return [(k, types.get(k, receiver)) for k in kinds if k in _SAMPLES]


def method_function(outer, node, receiver: PyType | None, cls: str | None = None):
    """The FunctionInfo of the method value ``node`` reads in ``outer``: of
    the receiver kind ``cls`` (``receiver``: the bound receiver's static type;
    None when unbound), one per site, receiver type and kind."""
    from .source import FunctionInfo
    from . import scopes
    unbound = receiver is None
    cls = node.expr.name if unbound else cls
    key = (node, receiver, cls)
    info = outer._nested.get(key)
    if info is not None:
        return info
    name = node.attrname
    params = "__pydm_self, /, *args" if unbound else "*args"
    lam = _parse_lambda(f"lambda {params}: __pydm_self.{name}(*args)", node)
    tag = cls if unbound else cls + "_" + re.sub(r"\W", "_", receiver.value)
    info = FunctionInfo(f"{name}[{tag}]", lam, outer.module, outer=outer)
    info.method = Method(name, cls, unbound, receiver)
    scopes.analyze_method(info)
    outer._nested[key] = info
    return info


def method_value_type(typer, e) -> PyType:
    """The typing pass's verdict on ``x.name`` or ``str.name`` read as a value:
    its function type (an ``object`` if the receiver's kind picks one of
    several); BOTTOM if reading it raises (no such method)."""
    from .typing import function_type
    if method_value(e, typer.fn) == "unbound":
        return function_type(method_function(typer.fn, e, None), typer.spec, typer.program)
    receiver = typer.expr(e.expr)
    if receiver is T.BOTTOM or sem.missing_method(receiver, e.attrname) is not None:
        return T.BOTTOM
    types = [function_type(method_function(typer.fn, e, kt, k), typer.spec, typer.program)
             for k, kt in receiver_kinds(e.attrname, receiver)]
    return types[0] if len(types) == 1 else T.OBJECT


def method_arg_types(call, type_of) -> list:
    """The types of a method call's arguments (``type_of``: the typer's); a
    ``*t`` of a tuple of known length gives its items (a method value's body
    is ``$self.name(*args)``)."""
    out = []
    for a in call.args:
        if not isinstance(a, nodes.Starred):
            out.append(type_of(a))
            continue
        t = type_of(a.value)
        out += [t.element(i) for i in range(t.length)] if t.is_tuple and t.length is not None else [T.BOTTOM]
    return out


def _parse_lambda(text: str, site):
    """The lambda of ``text``, placed at ``site`` (its positions, errors and
    IR locations are the site's; ``__pydm_self`` renamed ``$self``)."""
    import astroid
    lam = astroid.extract_node(text)
    for n in [lam] + list(lam.nodes_of_class(nodes.NodeNG)):
        n.lineno, n.col_offset = site.lineno, site.col_offset
        n.end_lineno, n.end_col_offset = site.end_lineno, site.end_col_offset
        if isinstance(n, (nodes.Name, nodes.AssignName)) and n.name == "__pydm_self":
            n.name = RECEIVER
    lam.parent = site
    return lam


def call_error(method: Method, n: int, keywords, where) -> str | None:
    """CPython's TypeError message for a call of ``method``'s value with ``n``
    positional arguments and these keywords; None if it fits. Keywords for a
    method that takes some (``split(sep=...)``) are a CompileError."""
    if method.unbound:
        if n == 0:
            return f"unbound method {method.cls}.{method.name}() needs an argument"
        n -= 1
    if keywords:
        said = _message(method.cls, method.name, 0, True)
        if said is not None and said.endswith("takes no keyword arguments"):
            return said
        raise error_at(where, f"keyword arguments in a call of the method value .{method.name} are not supported",
                       "pass the arguments by position, or call the method on its object")
    return _message(method.cls, method.name, n, False)


_messages: dict = {}


def _message(kind: str, name: str, n: int, keyword: bool) -> str | None:
    """What CPython says when ``kind.name`` gets ``n`` arguments (a keyword
    too): its arity TypeError's message, or None if it takes them (asked of
    the real method, on an empty sample: an arity error comes before any work)."""
    key = (kind, name, n, keyword)
    if key not in _messages:
        import copy
        out = None
        try:
            sample = _SAMPLES[kind]
            getattr(type(sample), name)(copy.copy(sample), *[None] * n,
                                         **({"pydm_keyword": None} if keyword else {}))
        except TypeError as exc:
            text = str(exc)
            out = text if _ARITY.search(text) or "keyword" in text else None
        except Exception:  # noqa: BLE001 - any other error: the arguments fit
            pass
        _messages[key] = out
    return _messages[key]


def receiver_check(walker, x, method: Method):
    """An unbound method's first argument must be of its class (CPython's
    TypeError otherwise); False if it never is."""
    kinds = (method.cls, "bool") if method.cls == "int" else (method.cls,)
    hit = walker.emit.type_test(x, kinds)
    walker.fb.raise_if(walker.b.bool_to_pred(hit), "TypeError",
                       f"descriptor '{method.name}' for '{method.cls}' objects doesn't apply to a '{{}}' object",
                       when=False, args=[x], fmt="types")
    return walker.fb.block is not None


__all__ = ["Method", "RECEIVER", "method_value", "method_function", "method_value_type", "method_arg_types",
           "receiver_kinds", "call_error", "receiver_check"]
