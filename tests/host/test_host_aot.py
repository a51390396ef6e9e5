"""``@pydm.host`` functions ahead of time: ``pydm.load(path, host=...)``
supplies them; a required one missing is a ValueError naming it; an
optional one missing runs its compiled fallback (its own body); a plain
IREE host (``iree-run-module``) runs a module whose host functions are all
optional, and refuses one with a required host function (it has no
``pydm_user`` module). Results are compared with CPython's (``py_func``)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

import pydm
from exceptions.eharness import compare_outcomes, run

from . import aot_host_program as hp
from . import aot_optional_program as op
from . import aot_star_program as sp

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_MODULE = shutil.which("iree-run-module") or os.path.join(os.path.dirname(sys.executable), "iree-run-module")


@pytest.fixture(scope="module")
def vmfbs(tmp_path_factory):
    d = tmp_path_factory.mktemp("host_aot")
    out = {}
    for name in ("aot_host_program", "aot_optional_program", "aot_star_program"):
        out[name] = str(d / f"{name}.vmfb")
        pydm.compile_file(os.path.join(HERE, f"{name}.py"), out[name])
    return out


def counting(fn, calls):
    def counted(*args):
        calls.append(args)
        return fn(*args)
    counted.__name__ = fn.__name__
    return counted


def agree(loaded_fn, jit_fn, *args):
    d = compare_outcomes(run(jit_fn.py_func, args), run(loaded_fn, args))
    assert d is None, f"{jit_fn.py_func.__name__}{args!r}: {d}"


def test_load_a_host_function_with_star_parameters(vmfbs):
    m = pydm.load(vmfbs["aot_star_program"], host={"label": sp.label, "remember": sp.remember})
    for args in ((3, "ab"), (-1, "")):
        agree(m.with_label, sp.with_label, *args)


def test_load_another_modules_host_function(vmfbs):
    from . import host_tools
    m = pydm.load(vmfbs["aot_star_program"], host={"label": sp.label, "remember": host_tools.note})
    host_tools.CALLS.clear()
    agree(m.with_remember, sp.with_remember, 4)
    assert host_tools.CALLS == [(4, "a"), (4, "a")]  # the module's call and CPython's
    with pytest.raises(ValueError, match="'remember'"):  # required, by the name the module uses
        pydm.load(vmfbs["aot_star_program"], host=[sp.label])


def test_load_with_host_functions(vmfbs):
    calls = []
    m = pydm.load(vmfbs["aot_host_program"], host={"bump": hp.bump, "norm": counting(hp.norm.py_func, calls),
                                                   "greet": counting(hp.greet.py_func, calls)})
    agree(m.with_norm, hp.with_norm, 3.0, 4.0)
    for n in (7, -3, -30):  # a BumpError: the module's own class, by its name ahead of time
        agree(m.with_bump, hp.with_bump, n)
        agree(m.bump_raw, hp.bump_raw, n)  # not caught: the host's own exception object
    agree(m.with_greet, hp.with_greet, "ab")
    assert calls == [(3.0, 4.0), ("ab", 2)]  # the host's own functions ran


def test_optional_host_function_falls_back(vmfbs):
    calls = []
    m = pydm.load(vmfbs["aot_host_program"], host=[hp.bump])  # no norm, no greet: their compiled bodies run
    for args in [(3.0, 4.0), (-0.5, 1e200), (0.0, -0.0)]:
        agree(m.with_norm, hp.with_norm, *args)
    agree(m.with_greet, hp.with_greet, "xy\u00e9")
    assert calls == []


def test_required_host_function_missing(vmfbs):
    with pytest.raises(ValueError, match="'bump'"):
        pydm.load(vmfbs["aot_host_program"], host={"norm": hp.norm})
    with pytest.raises(ValueError, match="no host function 'other'"):
        pydm.load(vmfbs["aot_host_program"], host={"bump": hp.bump, "other": hp.bump})


@pytest.mark.skipif(not os.path.exists(RUN_MODULE), reason="iree-run-module not installed")
def test_plain_iree_host(vmfbs):
    done = subprocess.run([RUN_MODULE, f"--module={vmfbs['aot_optional_program']}", "--function=clamped_sum",
                           "--input=42", "--input=-9"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("result[1]:")[1].split()
    assert f"i64={op.clamped_sum.py_func(42, -9)}" in lines, done.stdout
    done = subprocess.run([RUN_MODULE, f"--module={vmfbs['aot_host_program']}", "--function=with_bump",
                           "--input=1"], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "pydm_user" in done.stderr, done.stderr
