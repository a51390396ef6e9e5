"""Every operator over every pair of operand types, CPython vs pydm (issue #3).

Operands are None, bools, ints and floats (edge values included); results must
agree in value and type (``True & False`` is the bool ``False``, ``True + True``
the int ``2``), and errors in class and message:
``unsupported operand type(s) for +: 'int' and 'NoneType'``,
``'<' not supported between instances of 'int' and 'NoneType'``,
``bad operand type for unary ~: 'float'``, ``float division by zero``, ...

Four shapes per operator (see ``opfuncs.py``): both operands dynamic (``dyn``),
only the left/right one dynamic (``left``/``right``: object op static value),
and the plain ``a OP b`` specialized on the argument types (``spec``). The
dynamic shapes are also called with ``c=False`` (an operand is then None).
The operator is an argument of the jit function and the dynamic operands are
``object`` parameters, so a compile serves every operator and every pair of
operand types it can (suite time); ``test_binary_dynamic_static_arguments``
keeps statically typed arguments merging into the objects.

The one documented divergence: an int result outside 64 bits is OverflowError.
"""
import math

import batching
import pytest

from . import opfuncs
from .dynharness import check_all, check_case
from .opfuncs import shape_call

VALUES = [None, False, True, 0, 1, -3, 2**62, 1.5, -0.0, float("nan"), float("inf")]
PAIRS = [(a, b) for a in VALUES for b in VALUES]
# one value per type, for the c=False calls (the operands are then fixed)
ONE_PER_TYPE = [None, True, 1, 1.5]

BIN_AND_CMP = opfuncs.BINARY + opfuncs.COMPARE
OPS = {name: op for name, op in BIN_AND_CMP}


def _ids(items):
    return [f"{name}({op})" for name, op in items]


def _operands(args):
    # (c, a, b, op): with c=False an operand is None (never an astronomic int power/shift)
    return args[1:3] if args[0] else (None, None)


@pytest.mark.parametrize("shape", ["dyn", "left", "right"])
@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_binary_dynamic(shape, name, op):
    fn, _ = shape_call(shape, name, 0, 0)
    cases = [shape_call(shape, name, a, b)[1] for a, b in PAIRS]
    cases += [shape_call(shape, name, a, b, c=False)[1] for a in ONE_PER_TYPE for b in ONE_PER_TYPE]
    check_all(fn, cases, op=op, operands_of=_operands)


TYPES = [type(None), bool, int, float]
#: operator index -> the pair of argument types of its one-operator ``dyn_<name>``
#: test (a compile each): a stride coprime with 16 gives every pair to some operator
STATIC_PAIR = {i: (TYPES[(5 * i + 6) % 16 // 4], TYPES[(5 * i + 6) % 4]) for i in range(len(BIN_AND_CMP))}
assert len(set(STATIC_PAIR.values())) == len(TYPES) ** 2


def _static_cases(name):
    ta, tb = STATIC_PAIR[opfuncs.OP[name]]
    left = [v for v in VALUES if type(v) is ta]
    right = [v for v in VALUES if type(v) is tb]
    return [(True, a, b) for a in left for b in right] + [(False, left[0], right[0])]


def _check_static(jit_fn, *args):
    """``check_case`` of a ``dyn_<name>`` call, or of ``dyn_static`` on its slot
    ``k`` (``batching.Batch``), with the operands of the operator called."""
    if jit_fn is opfuncs.dyn_static:
        k = args[0]
        case, name = args[1 + 3 * k:4 + 3 * k], opfuncs.OPS[k][0]
    else:
        case, name = args, jit_fn.py_func.__name__[len("dyn_"):]
    check_case(jit_fn, args, OPS[name], case[1:] if case[0] else (None, None))


#: ``dyn_<name>`` for every operator through one dispatcher (one compile, not 18)
STATIC_BATCH = batching.Batch(
    opfuncs.dyn_static,
    [pytest.param(opfuncs.by_name("dyn", name), _static_cases(name)) for name, _ in opfuncs.OPS],
    check=_check_static, where=lambda fn, args: f"{fn.py_func.__name__}{args!r}")


@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_binary_dynamic_static_arguments(name, op):
    """``dyn_<name>(c, a, b)``: statically typed arguments boxed where they merge
    into the objects (the dispatch on the objects' types is ``test_binary_dynamic``'s)."""
    STATIC_BATCH.check_many(opfuncs.by_name("dyn", name), _static_cases(name))


@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_binary_specialized(name, op):
    fn, _ = shape_call("spec", name, 0, 0)
    check_all(fn, [shape_call("spec", name, a, b)[1] for a, b in PAIRS], op=op,
              operands_of=lambda args: args[:2])


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
    ("and", (True, True, False), False),
    ("or", (True, True, False), True),
    ("xor", (True, True, True), False),
    ("and", (True, True, 3), 1),
    ("add", (True, True, True), 2),
    ("mul", (True, True, 1.5), 1.5),
    ("truediv", (True, 1, True), 1.0),
    ("floordiv", (True, -3, 1.5), -2.0),
    ("mod", (True, -3, float("inf")), float("inf")),
    ("pow", (True, -3, -1), -1 / 3),
    ("pow", (True, True, -3), 1.0),
    ("lshift", (True, True, 1), 2),
    ("rshift", (True, -3, True), -2),
    ("lt", (True, False, True), True),
    ("eq", (True, 1, True), True),
    ("eq", (True, None, None), True),
    ("ne", (True, 0, None), True),
    ("eq", (True, -0.0, False), True),
    ("neg", (True, True), -1),
    ("pos", (True, True), 1),
    ("invert", (True, False), -1),
    ("not", (True, float("nan")), False),
]


def _dyn(name, args):
    """(jit function, arguments) of operator ``name`` on objects; ``args``: (c, a[, b])."""
    if name in opfuncs.OP:
        return opfuncs.dyn_binary, (*args, opfuncs.OP[name])
    return opfuncs.by_name("dyn", name), args


@pytest.mark.parametrize("name,args,expected", EXACT, ids=[f"{n}{a[1:]}" for n, a, _ in EXACT])
def test_exact_results(name, args, expected):
    from conformance.harness import check_result
    fn, args = _dyn(name, args)
    check_result(fn, expected, *args)


ERRORS = [
    ("add", (True, 1, None), TypeError, "unsupported operand type(s) for +: 'int' and 'NoneType'"),
    ("add", (False, 1, 1), TypeError, "unsupported operand type(s) for +: 'NoneType' and 'float'"),
    ("lshift", (True, 1.5, 1), TypeError, "unsupported operand type(s) for <<: 'float' and 'int'"),
    ("pow", (True, None, 2), TypeError,
     "unsupported operand type(s) for ** or pow(): 'NoneType' and 'int'"),
    ("lt", (True, 1, None), TypeError, "'<' not supported between instances of 'int' and 'NoneType'"),
    ("ge", (True, None, None), TypeError,
     "'>=' not supported between instances of 'NoneType' and 'NoneType'"),
    ("invert", (True, 1.5), TypeError, "bad operand type for unary ~: 'float'"),
    ("neg", (True, None), TypeError, "bad operand type for unary -: 'NoneType'"),
    ("truediv", (True, 1, False), ZeroDivisionError, "division by zero"),
    ("mod", (True, 1.5, 0), ZeroDivisionError, "float modulo"),
    ("floordiv", (True, True, -0.0), ZeroDivisionError, "float floor division by zero"),
    ("rshift", (True, 1, -3), ValueError, "negative shift count"),
]


@pytest.mark.parametrize("name,args,exc,msg", ERRORS, ids=[f"{n}{a[1:]}" for n, a, _, _ in ERRORS])
def test_exact_errors(name, args, exc, msg):
    """The messages, pinned literally (CPython 3.11)."""
    fn, args = _dyn(name, args)
    with pytest.raises(exc) as info:
        fn(*args)
    assert type(info.value) is exc and str(info.value) == msg


def test_overflow_is_the_documented_divergence():
    from conformance.harness import check_overflow
    for name, args in (("mul", (True, 2**62, -3)), ("add", (True, 2**62, 2**62)),
                       ("lshift", (True, 2**62, True)), ("pow", (True, -3, 40))):
        fn, args = _dyn(name, args)
        check_overflow(fn, *args)


def test_nan_comparisons_are_false():
    nan = float("nan")
    for name in ("lt", "le", "gt", "ge", "eq"):
        fn, args = _dyn(name, (True, nan, nan))
        assert fn(*args) is False
    fn, args = _dyn("ne", (True, nan, 1))
    assert fn(*args) is True
    fn, args = _dyn("add", (True, nan, True))
    assert math.isnan(fn(*args))


PRECISION_VALUES = [2**53 + 1, 2**53, 9007199254740992.0, 2**63 - 1, 9.223372036854775808e18,
                    -(2**63), -9.223372036854775808e18, 3, 0.1, True]


@pytest.mark.parametrize("name,op", BIN_AND_CMP, ids=_ids(BIN_AND_CMP))
def test_int_float_precision_dynamic(name, op):
    """int/float mixes where converting the int to float loses precision:
    comparisons are exact in CPython (2**53 + 1 > 2.0**53), arithmetic rounds
    the int correctly; the functions of test_binary_dynamic, so no new compiles."""
    cases = [shape_call("dyn", name, a, b)[1] for a in PRECISION_VALUES for b in PRECISION_VALUES]
    check_all(opfuncs.dyn_binary, cases, op=op, operands_of=_operands)
