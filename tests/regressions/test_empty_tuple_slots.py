"""Regression (found by tests/tuples/test_properties.py, reduced by hand): a
function whose parameters take two empty tuples of the same signature in two
branches calling a helper that builds ``(a + b, b + a, a * n, n * b, ...)``
failed in the VM with ``INVALID_ARGUMENT; list is null`` (a ``ValueError``
from iree.runtime) instead of returning CPython's value.

The cause: with ``a == ()`` both ``a + b`` and ``b + a`` are ``b``; the two
branches merged into one join block passed ``b`` to two of its arguments in
one ``vm.br``, and IREE 3.13 moves a ref at its last use, so the second
argument read a null list (a platform trap, pinned in
tests/platform/test_platform_ref_twice.py; pydm's VM fix-up
``copy_repeated_ref_operands`` passes a copy)."""
import pytest

import pydm
from shared import outcome, same_value


def concat_repeat(a: tuple, b: tuple, n: int):
    return (a + b, b + a, a * n, n * b, len(a + b) == len(a) + len(b))


@pydm.jit
def three_slots(k: int, a0, b0, c0, a1, b1, c1, a2, b2, c2):
    if k == 0:
        return concat_repeat(a0, b0, c0)
    if k == 1:
        return concat_repeat(a1, b1, c1)
    return concat_repeat(a2, b2, c2)


ARGS = ((1,), (2,), 3, (), (7,), 1, (), (7,), 1)


def check(k: int, args) -> None:
    got, want = outcome(three_slots, k, *args), outcome(three_slots.py_func, k, *args)
    assert got[:2] == want[:2] and same_value(got[2], want[2], nested=True), (k, args, got, want)


@pytest.mark.parametrize("k", [0, 1, 2])
def test_each_slot(k):
    check(k, ARGS)


def test_empty_second_operands_too():
    # b == () as well: a + b is a, and a * n, n * b repeat an empty tuple
    args = ((1,), (), 2, (), (), 3, (), (), 0)
    for k in range(3):
        check(k, args)
