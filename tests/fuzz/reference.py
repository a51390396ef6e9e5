"""The CPython reference of a generated program, with pydm's documented divergences.

The reference is the program's own syntax tree run by CPython, rewritten so that:

* every operation that can make an int (``+ - * // % ** << & | ^ >> ~``,
  unary ``- +``, ``abs()``, ``int()``, ``math.floor()``..., augmented assignments) checks its result:
  an int outside [-2**63, 2**63-1] raises ``Int64Escape`` (an ``OverflowError``).
  pydm's ints are 64-bit and it raises ``OverflowError`` exactly where CPython
  makes such an int, intermediate results included (README, Numbers);
* ``a ** b`` and ``a << b`` with int operands refuse a result that is surely out
  of range *before* computing it (``3 ** 2**62`` would never finish in CPython);
* a negative number to a fractional power (complex in CPython) raises
  ``ComplexPower`` (a ``ValueError``), as pydm does (README, Numbers).

* comparisons (``== != < <= > >=``, ``in``, ``.count(x)``, ``.index(x)``,
  ``.remove(x)``) that meet tuples or lists compare their elements as CPython
  does (an identical element is equal without being compared) with pydm's
  identity of floats: the same bits (README, "Identity of pairs"). CPython's
  own answer for ``(x,) == (y,)`` or ``[x] == [y]`` with NaNs depends on
  whether ``x`` and ``y`` happen to be one object, which a compiled program
  cannot reproduce (a NaN computed twice is two objects);
* ``min``/``max`` compare as CPython's (``item < best``) but through the same
  element comparison as above;
* ``sum(...)`` adds left to right as CPython does, checking every int it makes
  (so an int sum that leaves 64 bits midway is an ``Int64Escape`` even if
  the total fits again, as pydm raises ``OverflowError`` there);
* ``xs[i] += v`` evaluates ``xs`` and ``i`` once and checks the stored int;
* a bare ``except:`` is ``except Exception:`` (the programs raise no other
  BaseException; the reference's time limit is one and must not be caught);
* ``map(int, xs)``, ``map(abs, xs)`` (and ``filter``) call checked versions of
  the builtin (an int beyond 64 bits is an ``Int64Escape``, as ``int(x)``).

``Int64Escape`` is an ``OverflowError`` and ``ComplexPower`` a ``ValueError``, so
the handlers of a program catch them as they catch pydm's exceptions.

Everything else is plain CPython, including exception messages (an augmented
assignment stays an augmented assignment: ``+=`` appears in CPython's
TypeError message).
"""
from __future__ import annotations

import ast
import builtins
import itertools
import operator
import struct
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


def _float_bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def same_item(x, y) -> bool:
    """``PyObject_RichCompareBool(x, y, Py_EQ)`` where floats are identical when
    their bits are (pydm's identity), other values as in CPython."""
    if type(x) is float and type(y) is float and _float_bits(x) == _float_bits(y):
        return True
    return x is y or bool(rich(operator.eq, x, y))


def _sequences(a, b) -> bool:
    return type(a) is type(b) and type(a) in (tuple, list)


def rich(op, a, b):
    """``a op b``; tuples and lists element by element as CPython's
    tuple_richcompare / list_richcompare (with ``same_item`` for identity)."""
    if not _sequences(a, b):
        return op(a, b)
    if op in (operator.eq, operator.ne) and len(a) != len(b):
        return op is operator.ne
    k = 0
    while k < len(a) and k < len(b):  # (a list may change meanwhile; ours do not)
        x, y = a[k], b[k]
        if not same_item(x, y):
            if op is operator.eq:
                return False
            if op is operator.ne:
                return True
            return rich(op, x, y)
        k += 1
    return op(len(a), len(b))


def contains(container, x) -> bool:
    if type(container) not in (tuple, list):
        return x in container
    return any(same_item(item, x) for item in container)


def _not_contains(container, x) -> bool:
    return not contains(container, x) if type(container) in (tuple, list) else x not in container


def _method(obj, name):
    getattr(obj, name)  # CPython's AttributeError
    return obj


def in_(x, container) -> bool:
    """``x in container`` (operands evaluated in that order, as CPython does)."""
    return contains(container, x)


def not_in(x, container) -> bool:
    return _not_contains(container, x)


def count(obj, x):
    if type(obj) not in (tuple, list):
        return obj.count(x)
    return sum(1 for item in obj if same_item(item, x))


def index(obj, x):
    if type(obj) not in (tuple, list):
        return obj.index(x)
    for k, item in enumerate(obj):
        if same_item(item, x):
            return k
    type(obj)().index(x)  # CPython's own ValueError and message
    raise AssertionError("unreachable")


def remove(obj, x):
    if type(obj) is not list:
        return obj.remove(x)
    for k, item in enumerate(obj):
        if same_item(item, x):
            del obj[k]
            return None
    [].remove(x)  # CPython's own ValueError and message
    raise AssertionError("unreachable")


_MISSING = object()


def _min_max(name, op, args, default, key=None):
    """CPython's ``min``/``max`` (``item < best`` / ``item > best``, the first of equal
    items wins; with ``key``, each item's key computed as the walk reaches it and
    compared with the best key) with ``rich`` for the comparison, so tuples and lists
    held in the iterable compare their elements with pydm's identity of floats too."""
    if len(args) == 1:
        items = iter(args[0])
    else:
        if default is not _MISSING:
            return getattr(builtins, name)(*args, default=default)  # CPython's TypeError
        items = iter(args)
    best = best_key = _MISSING
    for x in items:
        k = x if key is None else key(x)
        if best is _MISSING or rich(op, k, best_key):
            best, best_key = x, k
    if best is _MISSING:
        if default is not _MISSING:
            return default
        return getattr(builtins, name)(())  # CPython's ValueError and message
    return best


def min_(*args, key=None, default=_MISSING):
    return _min_max("min", operator.lt, args, default, key)


def max_(*args, key=None, default=_MISSING):
    return _min_max("max", operator.gt, args, default, key)


def sum_(iterable, start=0):
    """CPython's ``sum`` (left to right, item by item: an item that cannot be added raises
    before the next one is made), refusing an int it makes beyond 64 bits on the way."""
    items = []
    acc = start
    for x in iterable:
        items.append(x)
        if _intlike(acc) and _intlike(x):
            acc = ck(acc + x)
        else:
            acc = None  # a float (or an error): no more ints on the way
            sum(items, start)  # (CPython's TypeError, at this item; floats: the exact total below)
    return sum(items, start)


def round_(x, *n):
    """``round(x[, n])`` within pydm's limits: an int beyond 64 bits raises ``Int64Escape``,
    ``round(float, n < 0)`` of a finite float beyond 64-bit ints NotImplementedError (README)."""
    if type(x) is float and n and _intlike(n[0]) and -308 <= n[0] < 0 and x - x == 0.0 \
            and not -2.0**63 < x < 2.0**63:
        raise NotImplementedError("pydm: round(x, ndigits) with ndigits < 0 of a float beyond 64-bit ints")
    if _intlike(x) and n and _intlike(n[0]) and n[0] <= -20 and INT64_MIN <= x <= INT64_MAX:
        return 0  # (CPython's answer for a 64-bit int, without its 10 ** -n: round(5, -2**62) never ends)
    return ck(round(x, *n))


_COMPARE_OPS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
                ast.Gt: operator.gt, ast.GtE: operator.ge}
HELPERS = {"_rich": rich, "_in": in_, "_not_in": not_in, "_count": count, "_index": index,
           "_remove": remove, "_sum": sum_, "_min": min_, "_max": max_, "_method": _method,
           "_op_eq": operator.eq, "_op_ne": operator.ne, "_op_lt": operator.lt, "_op_le": operator.le,
           "_op_gt": operator.gt, "_op_ge": operator.ge}
HELPERS.update({"_ck": ck, "_pow": pow_, "_ipow": ipow, "_lshift": lshift, "_ilshift": ilshift,
                "_ck_int": lambda x: ck(int(x)), "_ck_abs": lambda x: ck(abs(x)), "_round": round_,
                "_ck_round": round_})
_INT_BUILTINS = {"abs", "int", "round"}
#: the math functions that make ints (checked as ``int()`` is)
_INT_MATH = {"floor", "ceil", "trunc", "gcd", "lcm", "isqrt", "factorial", "comb", "perm", "prod"}


def _call(name: str, *args) -> ast.Call:
    return ast.Call(func=ast.Name(name, ast.Load()), args=list(args), keywords=[])


def _compare_call(op, left, right) -> ast.expr:
    if isinstance(op, ast.In):
        return _call("_in", left, right)
    if isinstance(op, ast.NotIn):
        return _call("_not_in", left, right)
    if isinstance(op, ast.Is):
        return ast.Compare(left, [ast.Is()], [right])
    if isinstance(op, ast.IsNot):
        return ast.Compare(left, [ast.IsNot()], [right])
    name = "_op_" + _COMPARE_OPS[type(op)].__name__
    return _call("_rich", ast.Name(name, ast.Load()), left, right)


class _Rewrite(ast.NodeTransformer):
    temps = itertools.count()

    def visit_Compare(self, node):
        """``a < b <= c`` as ``_rich(lt, a, (_cN := b)) and _rich(le, _cN, c)`` (the same
        evaluation order, the middle operand once, the same short circuit)."""
        self.generic_visit(node)
        if all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            return node
        parts, left = [], node.left
        for k, (op, right) in enumerate(zip(node.ops, node.comparators)):
            if k < len(node.ops) - 1:
                name = f"_c{next(self.temps)}"
                right_value = ast.NamedExpr(ast.Name(name, ast.Store()), right)
                parts.append(_compare_call(op, left, right_value))
                left = ast.Name(name, ast.Load())
            else:
                parts.append(_compare_call(op, left, right))
        return parts[0] if len(parts) == 1 else ast.BoolOp(ast.And(), parts)

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        node.decorator_list = []
        return node

    def visit_Import(self, node):
        if [alias.name for alias in node.names] == ["math"]:
            return node
        return None  # ``import pydm``: the reference is pure CPython

    def visit_ExceptHandler(self, node):
        """A bare ``except:`` catches ``Exception`` only: the programs raise nothing else, and
        so the reference's time limit (``runner.ReferenceTimeout``, a BaseException) is never
        caught."""
        self.generic_visit(node)
        if node.type is None:
            node.type = ast.Name("Exception", ast.Load())
        return node

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
        if isinstance(node.func, ast.Name) and node.func.id == "round" and not node.keywords:
            node.func = ast.Name("_round", ast.Load())
            return node
        if isinstance(node.func, ast.Name) and node.func.id in _INT_BUILTINS:
            return _call("_ck", node)
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "math" and node.func.attr in _INT_MATH:
            return _call("_ck", node)
        if isinstance(node.func, ast.Name) and node.func.id in ("map", "filter") and node.args \
                and isinstance(node.args[0], ast.Name) and node.args[0].id in _INT_BUILTINS:
            node.args[0] = ast.Name("_ck_" + node.args[0].id, ast.Load())  # (the builtin as a value)
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("count", "index", "remove") \
                and len(node.args) == 1 and not node.keywords:
            # (the method is looked up before the argument is evaluated: AttributeError first)
            obj = _call("_method", node.func.value, ast.Constant(node.func.attr))
            return _call("_" + node.func.attr, obj, node.args[0])
        if isinstance(node.func, ast.Name) and node.func.id in ("sum", "min", "max"):
            node.func = ast.Name("_" + node.func.id, ast.Load())
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Subscript):
            return self._aug_item(node)
        assert isinstance(node.target, ast.Name), "augmented assignment to a non-name"
        name = node.target.id
        load = ast.Name(name, ast.Load())
        if isinstance(node.op, (ast.Pow, ast.LShift)):
            helper = "_ipow" if isinstance(node.op, ast.Pow) else "_ilshift"
            return ast.Assign(targets=[ast.Name(name, ast.Store())], value=_call(helper, load, node.value))
        check = ast.Assign(targets=[ast.Name(name, ast.Store())], value=_call("_ck", load))
        return [node, check]

    def _aug_item(self, node):
        """``e[k] op= v`` as ``_sN = e; _kN = k; _sN[_kN] op= v; _sN[_kN] = _ck(_sN[_kN])`` (the
        same order of evaluation: ``e``, ``k``, the item, ``v``)."""
        assert not isinstance(node.op, (ast.Pow, ast.LShift)), "e[k] **= / <<= are not generated"
        n = next(self.temps)
        seq, key = f"_s{n}", f"_k{n}"

        def item(ctx):
            return ast.Subscript(ast.Name(seq, ast.Load()), ast.Name(key, ast.Load()), ctx)
        return [ast.Assign(targets=[ast.Name(seq, ast.Store())], value=node.target.value),
                ast.Assign(targets=[ast.Name(key, ast.Store())], value=node.target.slice),
                ast.AugAssign(item(ast.Store()), node.op, node.value),
                ast.Assign(targets=[item(ast.Store())], value=_call("_ck", item(ast.Load())))]


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
