"""Every operator over every pair of operand types, CPython vs pydm (issue #3).

Operands are None, bools, ints and floats (edge values included); results must
agree in value and type (``True & False`` is the bool ``False``, ``True + True``
the int ``2``), and errors in class and message:
``unsupported operand type(s) for +: 'int' and 'NoneType'``,
``'<' not supported between instances of 'int' and 'NoneType'``,
``bad operand type for unary ~: 'float'``, ``float division by zero``, ...

Four shapes per operator (see ``opfuncs.py``): both operands dynamic (``dyn``),
only the left/right one dynamic (``side`` with left=True/False: object op
static value), and the plain ``a OP b`` specialized on the argument types
(``spec``). The dynamic shapes are also called with ``c=False`` (an operand is
then None).

The one documented divergence: an int result outside 64 bits is OverflowError.
"""
import math

import pytest

from . import opfuncs
from .dynharness import check_all
from .opfuncs import shape_call

VALUES = [None, False, True, 0, 1, -3, 2**62, 1.5, -0.0, float("nan"), float("inf")]
PAIRS = [(a, b) for a in VALUES for b in VALUES]
# one value per type, for the c=False calls (the operands are then fixed)
ONE_PER_TYPE = [None, True, 1, 1.5]

BIN_AND_CMP = opfuncs.BINARY + opfuncs.COMPARE
OPS = {name: op for name, op in BIN_AND_CMP}


def _ids(items):
    return [f"{name}({op})" for name, op in items]


def _guard_operands(args):
    # with c=False an operand is None (never an astronomic int power/shift)
    return args[-2:] if args[0] else (None, None)


@pytest.mark.parametrize("shape", ["dyn", "left", "right"])
@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_binary_dynamic(shape, name, op):
    fn, _ = shape_call(shape, name, 0, 0)
    cases = [shape_call(shape, name, a, b)[1] for a, b in PAIRS]
    cases += [shape_call(shape, name, a, b, c=False)[1] for a in ONE_PER_TYPE for b in ONE_PER_TYPE]
    check_all(fn, cases, op=op, operands_of=_guard_operands)


@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_binary_specialized(name, op):
    fn = opfuncs.by_name("spec", name)
    check_all(fn, PAIRS, op=op, operands_of=lambda args: args)


@pytest.mark.parametrize("name,op", opfuncs.UNARY, ids=_ids(opfuncs.UNARY))
def test_unary_dynamic(name, op):
    fn = opfuncs.by_name("dyn", name)
    cases = [(True, a) for a in VALUES] + [(False, 0)]
    check_all(fn, cases)


@pytest.mark.parametrize("name,op", opfuncs.UNARY, ids=_ids(opfuncs.UNARY))
def test_unary_specialized(name, op):
    fn = opfuncs.by_name("spec", name)
    check_all(fn, [(a,) for a in VALUES])


TRUTH_VALUES = VALUES + [-1, 2**63 - 1, -(2**63), 0.0, -1.5, 5e-324, -float("inf")]


@pytest.mark.parametrize("name", ["truth", "truth_while", "truth_ifexp", "truth_bool"])
def test_truthiness_dynamic(name):
    fn = opfuncs.by_name("dyn", name)
    check_all(fn, [(True, a) for a in TRUTH_VALUES] + [(False, 0)])


def test_truthiness_specialized():
    check_all(opfuncs.spec_truth, [(a,) for a in TRUTH_VALUES])


@pytest.mark.parametrize("name", ["truth_and", "truth_or"])
def test_and_or_return_deciding_operand(name):
    """``x and y`` / ``x or y`` return one of the operands, with its type."""
    fn = opfuncs.by_name("dyn", name)
    cases = [(True, a, b) for a, b in PAIRS] + [(False, 0, 0)]
    check_all(fn, cases)


# A few exact expectations (independent of the reference run), so that a wrong
# reference could not hide a wrong result.
EXACT = [
    (opfuncs.dyn_and, (True, True, False), False),
    (opfuncs.dyn_or, (True, True, False), True),
    (opfuncs.dyn_xor, (True, True, True), False),
    (opfuncs.dyn_and, (True, True, 3), 1),
    (opfuncs.dyn_add, (True, True, True), 2),
    (opfuncs.dyn_mul, (True, True, 1.5), 1.5),
    (opfuncs.dyn_truediv, (True, 1, True), 1.0),
    (opfuncs.dyn_floordiv, (True, -3, 1.5), -2.0),
    (opfuncs.dyn_mod, (True, -3, float("inf")), float("inf")),
    (opfuncs.dyn_pow, (True, -3, -1), -1 / 3),
    (opfuncs.dyn_pow, (True, True, -3), 1.0),
    (opfuncs.dyn_lshift, (True, True, 1), 2),
    (opfuncs.dyn_rshift, (True, -3, True), -2),
    (opfuncs.dyn_lt, (True, False, True), True),
    (opfuncs.dyn_eq, (True, 1, True), True),
    (opfuncs.dyn_eq, (True, None, None), True),
    (opfuncs.dyn_ne, (True, 0, None), True),
    (opfuncs.dyn_eq, (True, -0.0, False), True),
    (opfuncs.dyn_neg, (True, True), -1),
    (opfuncs.dyn_pos, (True, True), 1),
    (opfuncs.dyn_invert, (True, False), -1),
    (opfuncs.dyn_not, (True, float("nan")), False),
]


@pytest.mark.parametrize("fn,args,expected", EXACT,
                         ids=[f"{f.py_func.__name__}{a[1:]}" for f, a, _ in EXACT])
def test_exact_results(fn, args, expected):
    from conformance.harness import check_result
    check_result(fn, expected, *args)


ERRORS = [
    (opfuncs.dyn_add, (True, 1, None), TypeError, "unsupported operand type(s) for +: 'int' and 'NoneType'"),
    (opfuncs.dyn_add, (False, 1, 1), TypeError, "unsupported operand type(s) for +: 'NoneType' and 'float'"),
    (opfuncs.dyn_lshift, (True, 1.5, 1), TypeError, "unsupported operand type(s) for <<: 'float' and 'int'"),
    (opfuncs.dyn_pow, (True, None, 2), TypeError,
     "unsupported operand type(s) for ** or pow(): 'NoneType' and 'int'"),
    (opfuncs.dyn_lt, (True, 1, None), TypeError, "'<' not supported between instances of 'int' and 'NoneType'"),
    (opfuncs.dyn_ge, (True, None, None), TypeError,
     "'>=' not supported between instances of 'NoneType' and 'NoneType'"),
    (opfuncs.dyn_invert, (True, 1.5), TypeError, "bad operand type for unary ~: 'float'"),
    (opfuncs.dyn_neg, (True, None), TypeError, "bad operand type for unary -: 'NoneType'"),
    (opfuncs.dyn_truediv, (True, 1, False), ZeroDivisionError, "division by zero"),
    (opfuncs.dyn_mod, (True, 1.5, 0), ZeroDivisionError, "float modulo"),
    (opfuncs.dyn_floordiv, (True, True, -0.0), ZeroDivisionError, "float floor division by zero"),
    (opfuncs.dyn_rshift, (True, 1, -3), ValueError, "negative shift count"),
]


@pytest.mark.parametrize("fn,args,exc,msg", ERRORS,
                         ids=[f"{f.py_func.__name__}{a[1:]}" for f, a, _, _ in ERRORS])
def test_exact_errors(fn, args, exc, msg):
    """The messages, pinned literally (CPython 3.11)."""
    with pytest.raises(exc) as info:
        fn(*args)
    assert type(info.value) is exc and str(info.value) == msg


def test_overflow_is_the_documented_divergence():
    from conformance.harness import check_overflow
    check_overflow(opfuncs.dyn_mul, True, 2**62, -3)
    check_overflow(opfuncs.dyn_add, True, 2**62, 2**62)
    check_overflow(opfuncs.dyn_lshift, True, 2**62, True)
    check_overflow(opfuncs.dyn_pow, True, -3, 40)


def test_nan_comparisons_are_false():
    nan = float("nan")
    for name in ("lt", "le", "gt", "ge", "eq"):
        assert opfuncs.by_name("dyn", name)(True, nan, nan) is False
    assert opfuncs.dyn_ne(True, nan, 1) is True
    assert math.isnan(opfuncs.dyn_add(True, nan, True))


PRECISION_VALUES = [2**53 + 1, 2**53, 9007199254740992.0, 2**63 - 1, 9.223372036854775808e18,
                    -(2**63), -9.223372036854775808e18, 3, 0.1, True]


@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_int_float_precision_dynamic(name, op):
    """int/float mixes where converting the int to float loses precision:
    comparisons are exact in CPython (2**53 + 1 > 2.0**53), arithmetic rounds
    the int correctly; same type signatures as above, so no new compiles."""
    pairs = [(a, b) for a in PRECISION_VALUES for b in PRECISION_VALUES]
    check_all(opfuncs.by_name("dyn", name),
              [(True, a, b) for a, b in pairs], op=op, operands_of=_guard_operands)
