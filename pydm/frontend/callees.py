"""What a call or a loop's iterable names, read from the syntax (no types):
the callee kind of a call (a module function, a builtin, a method, a host
function, a closure...), the builtins and methods pydm compiles, the loop
forms (``range``, ``enumerate``...), whether a dict view escapes into a
value, and whether a body always returns. The typer (``typing.py``) and the
importer both ask here, so they agree."""
from __future__ import annotations

from astroid import nodes

from ..errors import CompileError, error_at, note_call_site
from . import intrinsics, math_module
from . import semantics as sem
from .handlers import exception_class_of
from .scopes import variable_key
from .source import FunctionInfo, ModuleInfo

#: the methods pydm compiles (on lists; count and index on tuples too)
METHODS = (tuple(sem.LIST_METHODS) + tuple(m for m in sem.STR_METHODS if m not in sem.LIST_METHODS)
           + tuple(m for m in sem.DICT_ONLY_METHODS if m not in sem.STR_METHODS) + sem.SET_ONLY_METHODS)
METHODS += ("format",) + tuple(sem.NUMBER_METHODS)  # str.format (frontend/printing.py); int/float methods

BUILTINS = ("abs", "min", "max", "int", "float", "bool", "range", "isinstance", "type", "len", "hash",
            "tuple", "divmod", "pow", "list", "sorted", "any", "all", "sum", "enumerate", "zip", "reversed",
            "iter", "next", "map", "filter", "print", "str", "ord", "chr", "repr", "format", "dict", "set",
            "bin", "oct", "hex", "frozenset", "round")



def resolve_call(module: ModuleInfo, call: nodes.Call, fn: FunctionInfo, program=None):
    """What a call's callee is: ('jit', FunctionInfo), ('builtin', name),
    ('math', name) - a function of the module math -,
    ('intrinsic', name), ('exception_class', name) - ``ValueError(x)`` makes
    an exception value - or ('undefined', name) - a name no scope defines
    (a NameError when the call runs, as CPython)."""
    f = call.func
    name = math_module.callee(f, fn, program)
    if name is not None:
        return "math", name
    if isinstance(f, nodes.Name) and exception_class_of(f, fn) is not None:
        return "exception_class", f.name
    if isinstance(f, nodes.Name):
        if module.runtime_lib and intrinsics.is_intrinsic(f.name):
            return "intrinsic", f.name
        if f.name in fn.locals or f.name in fn.frees or "@" in variable_key(f):
            return "closure", f.name
        if f.name in module.host_functions:
            decl = module.host_functions[f.name]
            if isinstance(decl, CompileError):
                raise note_call_site(decl, call)
            return "host", decl
        if f.name in module.functions:
            return "jit", module.functions[f.name]
        if program is not None and f.name not in fn.locals:
            decl = program.imported_host(f)
            if decl is not None:
                return "host", decl
        if f.name in BUILTINS and not _shadowed(module, f.name):
            return "builtin", f.name
        if program is not None and f.name not in fn.locals and program.is_undefined(f):
            return "undefined", f.name
        raise error_at(f, f"call to '{f.name}' is not supported",
                       "pydm calls the functions of the same module and the builtins "
                       + ", ".join(b for b in BUILTINS if b != "range"))
    if (isinstance(f, nodes.Attribute) and f.attrname == "fromkeys" and isinstance(f.expr, nodes.Name)
            and f.expr.name == "dict" and f.expr.name not in fn.locals and f.expr.name not in fn.frees
            and not _shadowed(module, "dict")):
        return "builtin", "dict.fromkeys"  # a method of the class: a builtin of its own
    if isinstance(f, nodes.Attribute) and f.attrname in METHODS:
        return "method", f.attrname
    if not isinstance(f, nodes.Attribute):  # f(...)(...), fs[0](...), (lambda: 1)(): a function value
        return "closure", None
    raise error_at(f, f"method calls are not supported ('.{f.attrname}')",
                   "call module-level functions or supported builtins")


def dict_view_call(node):
    """``(receiver node, name)`` when ``node`` is ``x.keys()``, ``x.values()``
    or ``x.items()`` (``len`` of one on a dict is the dict's length), else None."""
    if (isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute) and not node.args
            and not node.keywords and node.func.attrname in ("keys", "values", "items")):
        return node.func.expr, node.func.attrname
    return None


#: builtins whose argument may be a view (``d.keys()``...) without making a view
#: object: they iterate it once, or make an iterator of it (which CPython's iterates once too)
_VIEW_CONSUMERS = ("list", "tuple", "sorted", "sum", "min", "max", "any", "all", "dict", "enumerate", "zip",
                   "map", "filter", "iter")


def view_escapes(node) -> bool:
    """Is the call ``node`` (``d.keys()``...) a view kept as a value (a view
    object, ``runtime_lib/views.py``)? Not where it is iterated once: a
    ``for``'s or a comprehension's iterable, the argument of a builtin that
    consumes it, or the right side of ``in`` (there it stays a direct loop)."""
    parent = node.parent
    if isinstance(parent, (nodes.For, nodes.Comprehension)):
        return parent.iter is not node
    if isinstance(parent, nodes.Call) and isinstance(parent.func, nodes.Name):
        return not (parent.func.name in _VIEW_CONSUMERS and node in parent.args)
    if isinstance(parent, nodes.Compare) and len(parent.ops) == 1:
        return not (parent.ops[0][0] in ("in", "not in") and parent.ops[0][1] is node)
    return True


def _shadowed(module: ModuleInfo, name: str) -> bool:
    return name in module.tree.locals


def _is_range_call(it, fn) -> bool:
    return loop_form(it, fn) == "range"


#: builtins that take ``key=``
KEYED = ("sorted", "min", "max")

#: builtins that make iterators: compiled as loop forms of ``for`` and comprehensions
LOOP_FORMS = ("range", "enumerate", "zip", "reversed", "map", "filter")

#: builtins ``map(f, xs)`` may apply by name (``map(abs, xs)``)
MAPPABLE = ("abs", "int", "float", "bool", "str", "repr", "ord", "chr", "len", "hash", "tuple", "list", "sorted",
            "sum", "min", "max", "set", "frozenset", "dict", "bin", "hex", "oct", "round",
            "any", "all")


def builtin_function(node, fn) -> str | None:
    """The builtin a ``map``/``filter`` function argument names, if it is
    one pydm applies by name; else None."""
    if (isinstance(node, nodes.Name) and node.name in MAPPABLE and node.name not in fn.locals
            and node.name not in fn.frees and node.name not in fn.module.tree.locals):
        return node.name
    return None


def loop_form(it, fn) -> str | None:
    """``range``/``enumerate``/``zip``/``reversed`` if ``it`` calls that builtin;
    ``generator`` if it calls a module-level generator function (generators.py)."""
    if (isinstance(it, nodes.Call) and isinstance(it.func, nodes.Name) and it.func.name in LOOP_FORMS
            and it.func.name not in fn.locals and it.func.name not in fn.module.tree.locals):
        return it.func.name
    from .generators import generator_callee
    if generator_callee(it, fn) is not None:
        return "generator"
    return None


def is_range_loop(s: nodes.For, fn) -> bool:
    """``for ... in range(...)`` with the builtin range."""
    return _is_range_call(s.iter, fn)


def always_returns(body) -> bool:
    """Does control never fall off the end of ``body``? (Conservative.)"""
    for s in body:
        if isinstance(s, (nodes.Return, nodes.Raise)) or intrinsics.is_terminating(s):
            return True
        if isinstance(s, nodes.Try) and (always_returns(s.finalbody) or (
                (always_returns(s.body) or always_returns(s.orelse))
                and all(always_returns(h.body) for h in s.handlers))):
            return True
        if isinstance(s, nodes.If) and s.orelse and always_returns(s.body) and always_returns(s.orelse):
            return True
        if isinstance(s, (nodes.While, nodes.For)):
            has_break = any(isinstance(b, nodes.Break) for b in _own_breaks(s.body))
            if has_break:
                continue
            if isinstance(s, nodes.While) and isinstance(s.test, nodes.Const) and s.test.value is True:
                return True
            if s.orelse and always_returns(s.orelse):
                return True
    return False


def _own_breaks(body):
    for s in body:
        if isinstance(s, nodes.Break):
            yield s
        elif isinstance(s, (nodes.While, nodes.For)):
            continue
        else:
            for child in s.get_children():
                if isinstance(child, nodes.NodeNG) and not isinstance(child, (nodes.While, nodes.For)):
                    yield from _own_breaks([child])
