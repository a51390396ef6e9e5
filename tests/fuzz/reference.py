"""The CPython reference of a generated program, with pydm's documented divergences.

The reference is the program's own syntax tree run by CPython, rewritten so that:

* every operation that can make an int (``+ - * // % ** << & | ^ >> ~``,
  unary ``- +``, ``abs()``, ``int()``, augmented assignments) checks its result:
  an int outside [-2**63, 2**63-1] raises ``Int64Escape`` (an ``OverflowError``).
  pydm's ints are 64-bit and it raises ``OverflowError`` exactly where CPython
  makes such an int, intermediate results included (README, Numbers);
* ``a ** b`` and ``a << b`` with int operands refuse a result that is surely out
  of range *before* computing it (``3 ** 2**62`` would never finish in CPython);
* a negative number to a fractional power (complex in CPython) raises
  ``ComplexPower`` (a ``ValueError``), as pydm does (README, Numbers).

Everything else is plain CPython, including exception messages (an augmented
assignment stays an augmented assignment: ``+=`` appears in CPython's
TypeError message).
"""
from __future__ import annotations

import ast
import operator
import warnings

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


class Int64Escape(OverflowError):
    """CPython made an int that does not fit in 64 bits: pydm must raise OverflowError."""


class ComplexPower(ValueError):
    """CPython made a complex number: pydm must raise ValueError."""


def _intlike(v) -> bool:
    return type(v) is int or type(v) is bool


def ck(v):
    if type(v) is int and not INT64_MIN <= v <= INT64_MAX:
        raise Int64Escape(f"int result {v} does not fit in 64 bits")
    return v


def _pow_result(r):
    if type(r) is complex:
        raise ComplexPower(f"complex result {r!r}")
    return ck(r)


def _too_big_power(a, b) -> bool:
    # |a| >= 2 and b >= 64: |a ** b| >= 2**64
    return _intlike(a) and _intlike(b) and b >= 64 and a not in (0, 1, -1)


def pow_(a, b):
    if _too_big_power(a, b):
        raise Int64Escape("int power does not fit in 64 bits")
    return _pow_result(a ** b)


def ipow(a, b):
    if _too_big_power(a, b):
        raise Int64Escape("int power does not fit in 64 bits")
    return _pow_result(operator.ipow(a, b))


def _too_big_shift(a, b) -> bool:
    return _intlike(a) and _intlike(b) and b >= 64 and a != 0


def lshift(a, b):
    if _too_big_shift(a, b):
        raise Int64Escape("int shift does not fit in 64 bits")
    return ck(a << b)


def ilshift(a, b):
    if _too_big_shift(a, b):
        raise Int64Escape("int shift does not fit in 64 bits")
    return ck(operator.ilshift(a, b))


HELPERS = {"_ck": ck, "_pow": pow_, "_ipow": ipow, "_lshift": lshift, "_ilshift": ilshift}
_INT_BUILTINS = {"abs", "int"}


def _call(name: str, *args) -> ast.Call:
    return ast.Call(func=ast.Name(name, ast.Load()), args=list(args), keywords=[])


class _Rewrite(ast.NodeTransformer):
    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        node.decorator_list = []
        return node

    def visit_Import(self, node):
        return None  # ``import pydm``: the reference is pure CPython

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Pow):
            return _call("_pow", node.left, node.right)
        if isinstance(node.op, ast.LShift):
            return _call("_lshift", node.left, node.right)
        return _call("_ck", node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return node
        return _call("_ck", node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in _INT_BUILTINS:
            return _call("_ck", node)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        assert isinstance(node.target, ast.Name), "augmented assignment to a non-name"
        name = node.target.id
        load = ast.Name(name, ast.Load())
        if isinstance(node.op, (ast.Pow, ast.LShift)):
            helper = "_ipow" if isinstance(node.op, ast.Pow) else "_ilshift"
            return ast.Assign(targets=[ast.Name(name, ast.Store())], value=_call(helper, load, node.value))
        check = ast.Assign(targets=[ast.Name(name, ast.Store())], value=_call("_ck", load))
        return [node, check]


def reference_source(source: str) -> str:
    tree = _Rewrite().visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def reference_namespace(source: str, filename: str = "<pydm fuzz reference>") -> dict:
    """The module's functions as plain CPython (calls between them stay in CPython)."""
    ns = dict(HELPERS)
    ns["__name__"] = "pydm_fuzz_reference"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # ``5 is None``: valid, and meant
        code = compile(reference_source(source), filename, "exec")
    exec(code, ns)
    return ns
