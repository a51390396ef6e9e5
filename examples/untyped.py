"""An unannotated function: pydm specializes it per argument types.

    python examples/untyped.py

``poly`` has no annotations, so each call compiles (once) a version for the
argument's type: int stays int, float stays float, and bool behaves like
CPython's bool (an int subclass: ``3 * True * True`` is the int 3).
"""
import pydm


@pydm.jit
def poly(x):
    return 3 * x * x - 2 * x + 1


def main() -> None:
    for arg in (7, -12, 2.5, 0.1, True, False):
        expected = poly.py_func(arg)
        got = poly(arg)
        print(f"poly({arg!r:>5}) = {got!r:<20} CPython: {expected!r}")
        assert type(got) is type(expected) and got == expected, (arg, got, expected)


if __name__ == "__main__":
    main()
