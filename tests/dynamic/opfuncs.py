"""The jit functions of the operator tests (shared by test_operators.py and
test_properties_dynamic.py so that each specialization compiles once per session).

Every ``dyn_*`` function routes its operands through variables whose static type
is mixed: ``x = 0.5 if c else None`` already joins float and None, and the
``if c: x = a`` merges the argument into it, so ``x`` is an object whatever the
argument types are (also under SSA/flow-sensitive typing). With ``c=True`` the
operands are exactly the arguments; with ``c=False`` they are None and 0.5.

``side_*`` makes only one operand dynamic (object op statically-typed value):
the left one if ``left`` else the right one (one function for both sides, so
each argument-type signature compiles once for the two shapes). ``spec_*`` is the plain ``a OP b``, which the JIT
specializes on the argument types (no object needed, but the same results).
"""
import pydm

BINARY = [("add", "+"), ("sub", "-"), ("mul", "*"), ("truediv", "/"), ("floordiv", "//"),
          ("mod", "%"), ("pow", "**"), ("lshift", "<<"), ("rshift", ">>"), ("and", "&"),
          ("or", "|"), ("xor", "^")]
COMPARE = [("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="), ("eq", "=="), ("ne", "!=")]
UNARY = [("neg", "-"), ("pos", "+"), ("invert", "~"), ("not", "not")]

@pydm.jit
def dyn_add(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x + y


@pydm.jit
def side_add(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x + b
    return a + x


@pydm.jit
def spec_add(a, b):
    return a + b

@pydm.jit
def dyn_sub(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x - y


@pydm.jit
def side_sub(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x - b
    return a - x


@pydm.jit
def spec_sub(a, b):
    return a - b

@pydm.jit
def dyn_mul(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x * y


@pydm.jit
def side_mul(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x * b
    return a * x


@pydm.jit
def spec_mul(a, b):
    return a * b

@pydm.jit
def dyn_truediv(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x / y


@pydm.jit
def side_truediv(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x / b
    return a / x


@pydm.jit
def spec_truediv(a, b):
    return a / b

@pydm.jit
def dyn_floordiv(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x // y


@pydm.jit
def side_floordiv(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x // b
    return a // x


@pydm.jit
def spec_floordiv(a, b):
    return a // b

@pydm.jit
def dyn_mod(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x % y


@pydm.jit
def side_mod(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x % b
    return a % x


@pydm.jit
def spec_mod(a, b):
    return a % b

@pydm.jit
def dyn_pow(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x ** y


@pydm.jit
def side_pow(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x ** b
    return a ** x


@pydm.jit
def spec_pow(a, b):
    return a ** b

@pydm.jit
def dyn_lshift(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x << y


@pydm.jit
def side_lshift(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x << b
    return a << x


@pydm.jit
def spec_lshift(a, b):
    return a << b

@pydm.jit
def dyn_rshift(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x >> y


@pydm.jit
def side_rshift(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x >> b
    return a >> x


@pydm.jit
def spec_rshift(a, b):
    return a >> b

@pydm.jit
def dyn_and(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x & y


@pydm.jit
def side_and(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x & b
    return a & x


@pydm.jit
def spec_and(a, b):
    return a & b

@pydm.jit
def dyn_or(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x | y


@pydm.jit
def side_or(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x | b
    return a | x


@pydm.jit
def spec_or(a, b):
    return a | b

@pydm.jit
def dyn_xor(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x ^ y


@pydm.jit
def side_xor(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x ^ b
    return a ^ x


@pydm.jit
def spec_xor(a, b):
    return a ^ b

@pydm.jit
def dyn_lt(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x < y


@pydm.jit
def side_lt(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x < b
    return a < x


@pydm.jit
def spec_lt(a, b):
    return a < b

@pydm.jit
def dyn_le(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x <= y


@pydm.jit
def side_le(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x <= b
    return a <= x


@pydm.jit
def spec_le(a, b):
    return a <= b

@pydm.jit
def dyn_gt(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x > y


@pydm.jit
def side_gt(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x > b
    return a > x


@pydm.jit
def spec_gt(a, b):
    return a > b

@pydm.jit
def dyn_ge(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x >= y


@pydm.jit
def side_ge(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x >= b
    return a >= x


@pydm.jit
def spec_ge(a, b):
    return a >= b

@pydm.jit
def dyn_eq(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x == y


@pydm.jit
def side_eq(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x == b
    return a == x


@pydm.jit
def spec_eq(a, b):
    return a == b

@pydm.jit
def dyn_ne(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x != y


@pydm.jit
def side_ne(c, left, a, b):
    x = 0.5 if c else None
    if c:
        x = a if left else b
    if left:
        return x != b
    return a != x


@pydm.jit
def spec_ne(a, b):
    return a != b

@pydm.jit
def dyn_neg(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return -x


@pydm.jit
def spec_neg(a):
    return -a

@pydm.jit
def dyn_pos(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return +x


@pydm.jit
def spec_pos(a):
    return +a

@pydm.jit
def dyn_invert(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return ~x


@pydm.jit
def spec_invert(a):
    return ~a

@pydm.jit
def dyn_not(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return not x


@pydm.jit
def spec_not(a):
    return not a


# ---------------------------------------------------------------- truthiness

@pydm.jit
def dyn_truth(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    if x:
        return 1
    return 0


@pydm.jit
def dyn_truth_while(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    n = 0
    while x:
        n += 1
        x = None
    return n


@pydm.jit
def dyn_truth_ifexp(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return 10 if x else 20


@pydm.jit
def dyn_truth_bool(c, a):
    x = 0.5 if c else None
    if c:
        x = a
    return bool(x)


@pydm.jit
def dyn_truth_and(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x and y


@pydm.jit
def dyn_truth_or(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x or y


@pydm.jit
def spec_truth(a):
    if a:
        return 1
    return 0


def by_name(prefix: str, name: str):
    return globals()[f"{prefix}_{name}"]


def shape_call(shape, name, a, b, c=True):
    """(jit function, argument tuple) evaluating ``a OP b`` in ``shape``
    (``dyn``: both operands objects; ``left``/``right``: only that one)."""
    if shape == "dyn":
        return by_name("dyn", name), (c, a, b)
    return by_name("side", name), (c, shape == "left", a, b)
