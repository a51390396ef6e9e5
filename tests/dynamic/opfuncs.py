"""The jit functions of the operator tests (shared by test_operators.py and
test_properties_dynamic.py so that each specialization compiles once per session).

Every dynamic function routes its operands through variables whose static type
is mixed: ``x = 0.5 if c else None`` already joins float and None, and the
``if c: x = a`` merges the argument into it, so ``x`` is an object whatever the
argument types are (also under SSA/flow-sensitive typing). With ``c=True`` the
operands are exactly the arguments; with ``c=False`` they are None and 0.5.

A compile costs far more than a call (suite time), so the binary operators are
selected by an argument ``op`` (the index in ``OPS``) and the operands that are
objects anyway are ``object`` parameters (passed boxed: one compile covers
every pair of operand types):

* ``dyn_binary(c, a, b, op)``: both operands objects; one compile in all;
* ``side_left(c, a, b, op)`` / ``side_right(c, a, b, op)``: only the left/right
  operand is an object (object op statically-typed value); one compile per
  type of the static operand;
* ``spec_arith(a, b, op)`` / ``spec_compare(a, b, op)``: the plain ``a OP b``,
  which the JIT specializes on the argument types (no object needed, but the
  same results); one compile per pair of argument types, comparisons apart so
  that their result stays a static bool.

``dyn_<name>(c, a, b)`` has one operator and untyped parameters: a statically
typed argument boxed where it merges into the object (the operator tests call
each with one pair of argument types, every pair with some operator, all of
them through the dispatcher ``dyn_static``: one compile).
"""
import pydm

BINARY = [("add", "+"), ("sub", "-"), ("mul", "*"), ("truediv", "/"), ("floordiv", "//"),
          ("mod", "%"), ("pow", "**"), ("lshift", "<<"), ("rshift", ">>"), ("and", "&"),
          ("or", "|"), ("xor", "^")]
COMPARE = [("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="), ("eq", "=="), ("ne", "!=")]
UNARY = [("neg", "-"), ("pos", "+"), ("invert", "~"), ("not", "not")]
OPS = BINARY + COMPARE
#: the selector argument of the ``op``-taking functions
OP = {name: i for i, (name, _) in enumerate(OPS)}


@pydm.jit
def dyn_binary(c, a: object, b: object, op: int):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    if op == 0:
        return x + y
    if op == 1:
        return x - y
    if op == 2:
        return x * y
    if op == 3:
        return x / y
    if op == 4:
        return x // y
    if op == 5:
        return x % y
    if op == 6:
        return x ** y
    if op == 7:
        return x << y
    if op == 8:
        return x >> y
    if op == 9:
        return x & y
    if op == 10:
        return x | y
    if op == 11:
        return x ^ y
    if op == 12:
        return x < y
    if op == 13:
        return x <= y
    if op == 14:
        return x > y
    if op == 15:
        return x >= y
    if op == 16:
        return x == y
    return x != y  # 17


@pydm.jit
def side_left(c, a: object, b, op: int):
    x = 0.5 if c else None
    if c:
        x = a
    if op == 0:
        return x + b
    if op == 1:
        return x - b
    if op == 2:
        return x * b
    if op == 3:
        return x / b
    if op == 4:
        return x // b
    if op == 5:
        return x % b
    if op == 6:
        return x ** b
    if op == 7:
        return x << b
    if op == 8:
        return x >> b
    if op == 9:
        return x & b
    if op == 10:
        return x | b
    if op == 11:
        return x ^ b
    if op == 12:
        return x < b
    if op == 13:
        return x <= b
    if op == 14:
        return x > b
    if op == 15:
        return x >= b
    if op == 16:
        return x == b
    return x != b  # 17


@pydm.jit
def side_right(c, a, b: object, op: int):
    x = 0.5 if c else None
    if c:
        x = b
    if op == 0:
        return a + x
    if op == 1:
        return a - x
    if op == 2:
        return a * x
    if op == 3:
        return a / x
    if op == 4:
        return a // x
    if op == 5:
        return a % x
    if op == 6:
        return a ** x
    if op == 7:
        return a << x
    if op == 8:
        return a >> x
    if op == 9:
        return a & x
    if op == 10:
        return a | x
    if op == 11:
        return a ^ x
    if op == 12:
        return a < x
    if op == 13:
        return a <= x
    if op == 14:
        return a > x
    if op == 15:
        return a >= x
    if op == 16:
        return a == x
    return a != x  # 17


@pydm.jit
def spec_arith(a, b, op: int):
    if op == 0:
        return a + b
    if op == 1:
        return a - b
    if op == 2:
        return a * b
    if op == 3:
        return a / b
    if op == 4:
        return a // b
    if op == 5:
        return a % b
    if op == 6:
        return a ** b
    if op == 7:
        return a << b
    if op == 8:
        return a >> b
    if op == 9:
        return a & b
    if op == 10:
        return a | b
    return a ^ b  # 11


@pydm.jit
def spec_compare(a, b, op: int):
    if op == 12:
        return a < b
    if op == 13:
        return a <= b
    if op == 14:
        return a > b
    if op == 15:
        return a >= b
    if op == 16:
        return a == b
    return a != b  # 17


@pydm.jit
def dyn_add(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x + y


@pydm.jit
def dyn_sub(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x - y


@pydm.jit
def dyn_mul(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x * y


@pydm.jit
def dyn_truediv(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x / y


@pydm.jit
def dyn_floordiv(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x // y


@pydm.jit
def dyn_mod(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x % y


@pydm.jit
def dyn_pow(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x ** y


@pydm.jit
def dyn_lshift(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x << y


@pydm.jit
def dyn_rshift(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x >> y


@pydm.jit
def dyn_and(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x & y


@pydm.jit
def dyn_or(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x | y


@pydm.jit
def dyn_xor(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x ^ y


@pydm.jit
def dyn_lt(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x < y


@pydm.jit
def dyn_le(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x <= y


@pydm.jit
def dyn_gt(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x > y


@pydm.jit
def dyn_ge(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x >= y


@pydm.jit
def dyn_eq(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x == y


@pydm.jit
def dyn_ne(c, a, b):
    x = 0.5 if c else None
    y = None if c else 0.5
    if c:
        x = a
        y = b
    return x != y


@pydm.jit
def dyn_static(k: int, c0, a0, b0, c1, a1, b1, c2, a2, b2, c3, a3, b3, c4, a4, b4, c5, a5, b5, c6,
                       a6, b6, c7, a7, b7, c8, a8, b8, c9, a9, b9, c10, a10, b10, c11, a11, b11,
                       c12, a12, b12, c13, a13, b13, c14, a14, b14, c15, a15, b15, c16, a16, b16,
                       c17, a17, b17):
    # ``dyn_<name>`` of the k-th operator (OPS order) on the k-th argument triple: the
    # one-operator functions in one compile (test_binary_dynamic_static_arguments)
    if k == 0:
        return dyn_add(c0, a0, b0)
    if k == 1:
        return dyn_sub(c1, a1, b1)
    if k == 2:
        return dyn_mul(c2, a2, b2)
    if k == 3:
        return dyn_truediv(c3, a3, b3)
    if k == 4:
        return dyn_floordiv(c4, a4, b4)
    if k == 5:
        return dyn_mod(c5, a5, b5)
    if k == 6:
        return dyn_pow(c6, a6, b6)
    if k == 7:
        return dyn_lshift(c7, a7, b7)
    if k == 8:
        return dyn_rshift(c8, a8, b8)
    if k == 9:
        return dyn_and(c9, a9, b9)
    if k == 10:
        return dyn_or(c10, a10, b10)
    if k == 11:
        return dyn_xor(c11, a11, b11)
    if k == 12:
        return dyn_lt(c12, a12, b12)
    if k == 13:
        return dyn_le(c13, a13, b13)
    if k == 14:
        return dyn_gt(c14, a14, b14)
    if k == 15:
        return dyn_ge(c15, a15, b15)
    if k == 16:
        return dyn_eq(c16, a16, b16)
    return dyn_ne(c17, a17, b17)


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
    (``dyn``: both operands objects; ``left``/``right``: only that one;
    ``spec``: neither, specialized on the types of ``a`` and ``b``)."""
    op = OP[name]
    if shape == "dyn":
        return dyn_binary, (c, a, b, op)
    if shape == "spec":
        return (spec_arith if op < len(BINARY) else spec_compare), (a, b, op)
    return (side_left if shape == "left" else side_right), (c, a, b, op)
