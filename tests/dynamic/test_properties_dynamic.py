"""Hypothesis: a random operator over random mixed-type operands, CPython vs pydm.

Operands are drawn from None, bools, 64-bit ints (edges and random) and floats
(edges, random, NaN, ±inf, ±0.0, subnormals) independently, so every pair of
types occurs; the operator is any binary/comparison operator in any of the three
dynamic shapes of ``opfuncs`` (both operands objects, left only, right only), or
a unary operator / truthiness on an object. Agreement as in ``harness.check``
(value, type, float bits, exception class and message; int results beyond 64
bits are OverflowError).
"""
import os

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conformance.harness import FLOAT_EDGES, INT64_MAX, INT64_MIN, INT_EDGES

from . import opfuncs
from .dynharness import check_case
from .opfuncs import shape_call

N = int(os.environ.get("PYDM_DYNAMIC_EXAMPLES", "120"))
# No shrinking: a shrink step that changes an operand's type compiles a new
# specialization, which makes shrinking slow; the failure message already names
# the operator, the operands and both results.
PROFILE = dict(deadline=None, database=None, max_examples=N, report_multiple_bugs=False,
               phases=[Phase.explicit, Phase.generate],
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

values = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(INT_EDGES),
    st.integers(INT64_MIN, INT64_MAX),
    st.integers(-70, 70),
    st.sampled_from(FLOAT_EDGES),
    st.floats(),
    st.floats(-1e6, 1e6),
)

binary_ops = st.tuples(st.sampled_from(["dyn", "left", "right"]),
                       st.sampled_from(opfuncs.BINARY + opfuncs.COMPARE))
unary_ops = st.sampled_from(opfuncs.UNARY + [("truth", None), ("truth_bool", None)])


@settings(**PROFILE)
@given(shape_op=binary_ops, a=values, b=values, c=st.sampled_from([True, True, True, False]))
def test_random_binary_operator(shape_op, a, b, c):
    shape, (name, op) = shape_op
    fn, args = shape_call(shape, name, a, b, c)
    check_case(fn, args, op, (a, b) if c else None)


@settings(**PROFILE)
@given(name_op=unary_ops, a=values, c=st.sampled_from([True, True, True, False]))
def test_random_unary_operator(name_op, a, c):
    name, _ = name_op
    check_case(opfuncs.by_name("dyn", name), (c, a))


@settings(**dict(PROFILE, max_examples=max(N // 2, 1)))
@given(a=values, b=values, which=st.sampled_from(["truth_and", "truth_or"]))
def test_random_and_or(a, b, which):
    check_case(opfuncs.by_name("dyn", which), (True, a, b))
