"""Open bug (program fuzzer, seed 606 with ``PYDM_FUZZ_ITER_BOOST=4``, reduced by hand;
a strict xfail until fixed): ``g(*(17 << x, 2))`` where ``x`` is never bound (the
target of a loop over an empty tuple) is a CompileError "*-unpacking in this call is
not supported", where CPython raises UnboundLocalError when the line runs (or never
reaches it). The tuple display's first element always raises, so its static type is
not a fixed-length tuple and the star argument is refused at compile time. The same
display outside a call (``return (17 << x, 2)``) works."""
import pytest

import pydm
from shared import outcome


def empty():
    return ()


@pydm.jit
def star_of_unbound(p: int):
    for x in empty():
        pass
    if p:
        return -1

    def g(a, b=True):
        return a
    return g(*(17 << x, 2))


@pydm.jit
def display_of_unbound(p: int):
    for x in empty():
        pass
    if p:
        return -1
    return (17 << x, 2)


@pytest.mark.xfail(strict=True, reason="pydm bug: a star argument whose display always raises is a CompileError")
@pytest.mark.parametrize("p", [1, 0])
def test_star_argument_of_an_always_raising_display(p):
    assert outcome(star_of_unbound, p) == outcome(star_of_unbound.py_func, p)


@pytest.mark.parametrize("p", [1, 0])
def test_the_display_alone(p):
    assert outcome(display_of_unbound, p) == outcome(display_of_unbound.py_func, p)
