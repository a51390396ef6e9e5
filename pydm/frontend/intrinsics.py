"""Low-level intrinsics available to the runtime library (``runtime_lib/``) only.

They expose the object record to Python-subset code: type-code tests, the
payload as a typed value, an unchecked int power, and a TypeError whose
message names run-time types. Each is one small builder on the emitter.
"""
from __future__ import annotations

from astroid import nodes

from .. import typecodes as tc
from ..errors import error_at
from ..types import PyType

T = PyType

#: name → static result type
RESULT_TYPES = {
    "is_none": T.BOOL, "is_bool": T.BOOL, "is_int": T.BOOL, "is_float": T.BOOL,
    "is_intlike": T.BOOL, "is_number": T.BOOL,
    "int_value": T.INT, "float_value": T.FLOAT, "int_power": T.INT, "type_error": T.BOTTOM,
}

_CODE_SETS = {
    "is_none": (tc.NONE,), "is_bool": (tc.BOOL,), "is_int": (tc.INTEGER,), "is_float": (tc.REAL,),
    "is_intlike": (tc.BOOL, tc.INTEGER), "is_number": (tc.BOOL, tc.INTEGER, tc.REAL),
}


def is_terminating(stmt) -> bool:
    """``type_error(...)`` as a statement never falls through."""
    return (isinstance(stmt, nodes.Expr) and isinstance(stmt.value, nodes.Call)
            and isinstance(stmt.value.func, nodes.Name) and stmt.value.func.name == "type_error")


def emit(emitter, name: str, args, node):
    """Build intrinsic ``name`` on already-emitted pydm values ``args``."""
    b = emitter.b
    if name in _CODE_SETS:
        (x,) = args
        if emitter.type(x) is not T.OBJECT:
            return b.constant(tc.of_type(emitter.type(x)) in _CODE_SETS[name], T.BOOL)
        code = b.get_type_code(x)
        out = None
        for want in _CODE_SETS[name]:
            _, hit = b.apply_compare("eq", code, b.constant(want, T.INT))
            out = hit if out is None else b.select(b.bool_to_pred(hit), hit, out)
        return out
    if name in ("int_value", "float_value"):
        (x,) = args
        want = T.INT if name == "int_value" else T.FLOAT
        if emitter.type(x) is not T.OBJECT:
            return emitter.promote(x, want)
        # unchecked: the library tests the type first (runtime_lib/intrinsics.py
        # asserts it when the library runs as plain Python)
        _, out = b.unbox(x, want, checked=False)
        return out
    if name == "int_power":
        a, e = args
        exc, out = b.apply_binary("pow", a, e, T.INT)
        emitter.f.check(exc)
        return out
    if name == "type_error":
        template = node.args[0]
        if not (isinstance(template, nodes.Const) and isinstance(template.value, str)):
            raise error_at(node, "type_error() needs a literal message template")
        exc = b.raise_type_error(template.value, [emitter.coerce(a, T.OBJECT) for a in args])
        emitter.f.br([exc], emitter.f.raise_block)
        emitter.f.block = None
        return None
    raise error_at(node, f"unknown intrinsic {name}()")
