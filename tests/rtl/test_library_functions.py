"""Each runtime-library function, run under CPython (with runtime_lib/intrinsics.py)
and compiled by pydm, must agree — the library is tested as ordinary Python."""
import itertools
import math
import os

import pytest

import runtime_lib.numbers as lib
from pydm.compiler import compile_program
from pydm.frontend.source import load_module
from pydm.runtime.program import LoadedProgram
from pydm.runtime_library import parameter_types

VALUES = [None, False, True, 0, 1, -3, 7, 2**40, -2**63, 2**63 - 1, 0.0, -0.0, 1.5, -2.5,
          float("nan"), float("inf"), 1e300]
PATH = os.path.join(os.path.dirname(lib.__file__), "numbers.py")


@pytest.fixture(scope="module")
def compiled():
    module = load_module(PATH, runtime_lib=True)
    entries = [(fn, parameter_types(fn)) for fn in module.functions.values()]
    program = compile_program(module, entries, plain_names=True)
    loaded = LoadedProgram(program.vmfb, program.sites)
    return {sig.name: loaded.function(sig.symbol, sig.name, sig.params, sig.param_types, sig.ret)
            for sig in program.exports.values()}


def outcome(fn, args):
    try:
        value = fn(*args)
    except Exception as exc:  # noqa: BLE001 - the class and message are compared
        return ("raise", type(exc).__name__, str(exc))
    if isinstance(value, int) and not isinstance(value, bool) and not -2**63 <= value < 2**63:
        return ("raise", "OverflowError", None)  # pydm's documented 64-bit rule
    if isinstance(value, complex):
        return ("raise", "ValueError", None)  # documented: pydm has no complex numbers
    if isinstance(value, float) and math.isnan(value):
        return ("value", "float", "nan")
    return ("value", type(value).__name__, repr(value))


def names():
    module = load_module(PATH, runtime_lib=True)
    return sorted(module.functions)


@pytest.mark.parametrize("name", names())
def test_library_function_matches_cpython(compiled, name):
    py = getattr(lib, name)
    arity = py.__code__.co_argcount
    bad = []
    value_arity = arity - ("inplace" in py.__code__.co_varnames[:arity])
    combos = itertools.product(VALUES, repeat=value_arity)
    if value_arity != arity:  # binary operators: also the ``x op= y`` spelling
        combos = (c + (inplace,) for c in combos for inplace in (False, True))
    for args in combos:
        if name in ("power", "lshift") and type(args[1]) is int and args[1] > 64:
            continue  # CPython would build a gigantic int (covered in tests/dynamic)
        want = outcome(py, args)
        got = outcome(compiled[name], args)
        if want[0] == "raise" and want[2] is None:  # a documented divergence: class only
            ok = got[:2] == want[:2]
        elif want[:2] == ("raise", "OverflowError") and got[:2] == ("raise", "OverflowError"):
            ok = True  # CPython's float overflow messages differ in wording only by errno text
        else:
            ok = got == want
        if not ok:
            bad.append(f"{name}{args}: CPython {want}, pydm {got}")
    assert not bad, "\n".join(bad[:15])
