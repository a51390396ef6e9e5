"""math ahead of time (``import math`` / ``from math import ...`` read from
the source, never imported), what is rejected at compile time (a math
function pydm does not have, a math function as a value), and native loops:
a loop calling a math function pydm cannot compute natively bit for bit stays
on the VM, and its results stay CPython's."""
import math
import textwrap
import types

import pytest

import pydm
from pydm.errors import CompileError

from shared import import_source

from .mharness import check

AOT_SOURCE = textwrap.dedent('''\
    import math
    import math as mm
    from math import sqrt as root, pi, inf
    import pydm


    @pydm.jit
    def aot(x: float, n: int):
        return [math.sin(x), mm.floor(x), root(abs(x)), pi, -inf, math.tau, math.gcd(n, 6), math.hypot(x, 4.0),
                math.isclose(x, pi), math.tan(x), math.lgamma(x + 20.0)]
''')


def test_ahead_of_time(tmp_path):
    src = tmp_path / "math_aot.py"
    src.write_text(AOT_SOURCE)
    out = tmp_path / "math_aot.vmfb"
    pydm.compile_file(str(src), str(out))
    loaded = pydm.load(str(out))
    plain = types.ModuleType("math_aot_plain")
    plain.__dict__["pydm"] = types.SimpleNamespace(jit=lambda f: f)
    exec(compile(AOT_SOURCE.replace("import pydm\n", ""), str(src), "exec"), plain.__dict__)
    for x, n in ((2.5, 4), (-7.25, 9), (0.0, 0), (1e15, -12)):
        assert [repr(v) for v in loaded.aot(x, n)] == [repr(v) for v in plain.aot(x, n)]


REJECTED = '''
import math
from math import frexp
import pydm


@pydm.jit
def unsupported(x: float):
    return math.ldexp(x, 3)


@pydm.jit
def imported_unsupported(x: float):
    return frexp(x)


@pydm.jit
def as_value(x: float):
    f = math.sqrt
    return f(x)


@pydm.jit
def unknown_attribute(x: float):
    return math.not_there + x
'''


@pytest.fixture(scope="module")
def rejected(tmp_path_factory):
    return import_source(tmp_path_factory.mktemp("math_rejected"), "math_rejected_case", REJECTED)


@pytest.mark.parametrize("name, message, text", [
    ("unsupported", "math.ldexp is not supported", "math.ldexp"),
    ("imported_unsupported", "math.frexp is not supported", "frexp(x)"),
    ("as_value", "math.sqrt as a value is not supported", "math.sqrt"),
    ("unknown_attribute", "math.not_there is not supported", "math.not_there"),
])
def test_compile_errors(rejected, name, message, text):
    with pytest.raises(CompileError) as info:
        getattr(rejected, name)(1.5)
    e = info.value
    assert message in e.message
    assert e.filename.endswith("math_rejected_case.py")
    line = REJECTED.splitlines()[e.lineno - 1]
    assert line.index(text) + 1 == e.col, (e.col, line)


NATIVE = '''
import math
import pydm


@pydm.jit
def sines(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc += math.sin(x * i) + math.exp(-x * i) + math.tan(x + i)
    return acc


@pydm.jit
def roots(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc += math.sqrt(x * i) + math.floor(x * i)
    return acc


@pydm.jit(native=True)
def forced(n: int, x: float) -> float:
    acc = 0.0
    for i in range(n):
        acc += math.log(x + i)
    return acc
'''


@pytest.fixture(scope="module")
def native(tmp_path_factory):
    return import_source(tmp_path_factory.mktemp("math_native"), "math_native_case", NATIVE)


def test_native_loops_stay_exact(native, monkeypatch):
    monkeypatch.setenv("PYDM_NATIVE", "1")
    for fn, args in ((native.sines, (300, 0.37)), (native.roots, (300, 2.5))):
        got, want = fn(*args), fn.py_func(*args)
        assert type(got) is float and got.hex() == want.hex()
    assert "VM (" in native.sines.inspect("native-decision", 300, 0.37)
    with pytest.raises(CompileError) as info:
        native.forced(10, 1.5)
    assert "cannot run natively" in info.value.message
