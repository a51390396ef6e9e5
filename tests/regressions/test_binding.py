"""Regression (t): argument binding errors are CPython's.

``two(1, 2, 3)`` for ``def two(a, b=1)`` must raise CPython's "two() takes
from 1 to 2 positional arguments but 3 were given" - through the JIT and
through a loaded ``.vmfb`` (``pydm.load``). Every call below is compared with
the same function run by CPython.
"""
import pytest

import pydm

SOURCE = '''\
import pydm


@pydm.jit
def two(a, b=1):
    return a * 10 + b


@pydm.jit
def typed_two(a: int, b: float = 0.5) -> float:
    return a + b


@pydm.jit
def one_default(a, b, c=3):
    return a + b + c


@pydm.jit
def none():
    return 7
'''

CALLS = [
    ("two", (1, 2, 3), {}), ("two", (1, 2, 3, 4), {}), ("two", (), {}), ("two", (1,), {}), ("two", (1, 2), {}),
    ("two", (1,), {"b": 5}), ("two", (1, 2), {"b": 5}), ("two", (1,), {"c": 5}), ("two", (1, 2, 3), {"c": 5}),
    ("typed_two", (1, 2.0, 3.0), {}), ("typed_two", (1,), {}), ("typed_two", (), {"b": 1.0}),
    ("one_default", (1, 2, 3, 4), {}), ("one_default", (1,), {}), ("one_default", (1, 2), {}),
    ("none", (1,), {}), ("none", (1, 2), {}), ("none", (), {}),
]


def outcome(fn, args, kwargs):
    try:
        v = fn(*args, **kwargs)
        return ("value", type(v).__name__, v)
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return ("raise", type(exc).__name__, str(exc))


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    import importlib.util
    d = tmp_path_factory.mktemp("regr_binding")
    src = d / "regr_binding.py"
    src.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location("regr_binding", src)
    jitted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(jitted)
    out = d / "regr_binding.vmfb"
    pydm.compile_file(str(src), str(out))
    return jitted, pydm.load(str(out))


@pytest.mark.parametrize("how", ["cpython", "jit", "load"])
def test_the_reported_message(modules, how):
    jitted, loaded = modules
    two = {"cpython": jitted.two.py_func, "jit": jitted.two, "load": loaded.two}[how]
    with pytest.raises(TypeError) as info:
        two(1, 2, 3)
    assert str(info.value) == "two() takes from 1 to 2 positional arguments but 3 were given"


@pytest.mark.parametrize("how", ["jit", "load"])
def test_binding_errors_are_cpythons(modules, how):
    jitted, loaded = modules
    wrong = []
    for name, args, kwargs in CALLS:
        want = outcome(getattr(jitted, name).py_func, args, kwargs)
        got = outcome(getattr(jitted if how == "jit" else loaded, name), args, kwargs)
        if how == "load" and name == "typed_two" and want[0] == "value":
            want = ("value", "float", float(want[2]))  # AOT: exactly the annotated type
        if got != want:
            wrong.append((name, args, kwargs, want, got))
    assert not wrong, wrong
