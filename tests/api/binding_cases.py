"""Functions for test_binding.py (pydm reads their source from this file)."""
import pydm


@pydm.jit
def no_params() -> int:
    return 7


@pydm.jit
def one(a: int) -> int:
    return a


@pydm.jit
def two(a, b=1):
    return a * 10 + b


@pydm.jit
def three(a: int, b: float = 0.5, c: bool = True) -> float:
    return a + b if c else b


@pydm.jit
def many(a, b, c, d, e, f, g, h, i=1, j=2):
    return a + b + c + d + e + f + g + h + i + j


@pydm.jit
def kwonly(a: int, *, k: int = 0) -> int:
    return a + k


@pydm.jit
def bad_return(x: int) -> bytes:
    return x


@pydm.jit
def bad_body(x):
    return (y := x)  # the walrus operator: outside the subset


CALLS = [
    ("no_params", (), {}),
    ("no_params", (1,), {}),
    ("no_params", (1, 2), {}),
    ("no_params", (), {"a": 1}),
    ("one", (1,), {}),
    ("one", (), {}),
    ("one", (1, 2), {}),
    ("one", (), {"a": 3}),
    ("one", (), {"b": 3}),
    ("one", (1,), {"a": 3}),
    ("one", (1,), {"b": 3}),
    ("one", (1, 2), {"b": 3}),
    ("two", (1, 2, 3), {}),
    ("two", (), {}),
    ("two", (), {"b": 2}),
    ("two", (1,), {}),
    ("two", (1,), {"a": 2}),
    ("two", (1, 2), {"b": 2}),
    ("two", (1,), {"c": 2}),
    ("two", (1, 2, 3), {"c": 2}),
    ("two", (1, 2, 3), {"a": 2}),
    ("two", (), {"b": 2, "a": 5}),
    ("two", (), {"c": 1, "d": 2}),
    ("three", (), {}),
    ("three", (1,), {}),
    ("three", (1, 2.0, False, 4), {}),
    ("three", (), {"c": False}),
    ("three", (), {"b": 1.5, "c": False}),
    ("three", (1,), {"c": False}),
    ("three", (1, 2.0), {"b": 1.0}),
    ("many", tuple(range(8)), {}),
    ("many", tuple(range(10)), {}),
    ("many", tuple(range(11)), {}),
    ("many", tuple(range(7)), {}),
    ("many", tuple(range(5)), {}),
    ("many", tuple(range(8)), {"j": 5}),
    ("many", tuple(range(8)), {"a": 5}),
    ("many", tuple(range(8)), {"z": 5}),
    ("many", (), {}),
]
