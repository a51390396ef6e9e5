"""Known bug (found by tests/tuples/test_properties.py, reduced by hand): a
function whose parameters take two empty tuples of the same signature in two
branches calling a helper that builds ``(a + b, b + a, a * n, n * b, ...)``
fails in the VM with ``INVALID_ARGUMENT; list is null`` (a ``ValueError`` from
iree.runtime) instead of returning CPython's value. Each operation alone works,
and so does the first branch; pinned here until the cause (somewhere between
tuple SROA and the VM) is found."""
import pytest

import pydm


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


def test_first_slot_works():
    assert three_slots(0, *ARGS) == three_slots.py_func(0, *ARGS)


@pytest.mark.xfail(strict=True, raises=ValueError, reason="known bug: 'list is null' in the VM (see the docstring)")
def test_second_slot_with_two_empty_tuples():
    assert three_slots(1, *ARGS) == three_slots.py_func(1, *ARGS)
