"""What a fresh process skips to compile and call sooner (issue 11's latency;
the times themselves are measured by benchmarks/latency.py, never asserted):

* the source is parsed without bootstrapping astroid's model of ``builtins``
  (``pydm/frontend/source.py`` ``_parse``): the tree must be astroid's own
  tree of the source, a name that astroid must look up to the builtins must
  still be found, and a failure of the short way must fall back to the usual one;
* compiled code is called through IREE's runtime extension without the
  ``iree.runtime`` package's Python modules (``pydm/runtime/binding.py``):
  the classes must be the very ones ``iree.runtime`` exports.

The checks run in one fresh child process (in this one astroid is
bootstrapped already), which compares each pydm result (value, type,
exception class and message) with CPython's."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PROGRAM = '''
import pydm
from math import floor as fl


@pydm.jit
def total(n: int) -> int:
    xs = [abs(i - 3) for i in range(n)]  # abs, range: looked up to the builtins
    return sum([len(str(x)) + max(x, 1) for x in xs])


@pydm.jit
def half(n: int) -> int:
    if n % 2:
        raise ValueError(f"odd: {n}")
    return n // 2


@pydm.jit
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)
'''

#: a class: astroid's transforms look its bases up to the builtins while the
#: tree is built, so astroid bootstraps itself in the middle of the short way
CLASSES = '''
import pydm


class Odd(ValueError):
    pass


@pydm.jit
def half(n: int) -> int:
    if n % 2:
        raise Odd(f"odd: {n}")
    return n // 2
'''

CHILD = '''
import json, sys
sys.path.insert(0, sys.argv[1])
from astroid import raw_building
import pydm.frontend.source as source

bootstrapped_before = raw_building.InspectBuilder.bootstrapped
path = sys.argv[1] + "/prog.py"
text = open(path).read()
quick = source._parse(text, "prog", path)
quick_bootstrapped = raw_building.InspectBuilder.bootstrapped

import prog


def outcome(f, *args):
    try:
        v = f(*args)
        return ["value", repr(v), type(v).__name__]
    except Exception as e:
        return ["raise", type(e).__name__, str(e)]


cases = [(prog.total, (0,)), (prog.total, (9,)), (prog.half, (8,)), (prog.half, (7,)), (prog.fib, (16,))]
results = [[outcome(f, *a), outcome(f.py_func, *a)] for f, a in cases]
runtime_package = "iree.runtime" in sys.modules

import astroid
usual = astroid.parse(text, module_name="prog", path=path)

raw_building.InspectBuilder.bootstrapped = False  # (astroid's model stays built)
classes_path = sys.argv[1] + "/classes.py"
classes_text = open(classes_path).read()
classes_quick = source._parse(classes_text, "classes", classes_path).repr_tree()
raw_building.InspectBuilder.bootstrapped = True
classes_usual = astroid.parse(classes_text, module_name="classes", path=classes_path).repr_tree()
import classes
results += [[outcome(classes.half, n), outcome(classes.half.py_func, n)] for n in (6, 5)]

# the short way failing (as it would if astroid wanted its builtins model
# during the build): the usual way's tree
from astroid.builder import AstroidBuilder
raw_building.InspectBuilder.bootstrapped = False
real = AstroidBuilder.string_build
calls = []


def fails_once(*args, **kwargs):
    calls.append(1)
    if len(calls) == 1:
        raise AttributeError("wanted builtins")
    return real(*args, **kwargs)


AstroidBuilder.string_build = fails_once
try:
    fallback = source._parse(text, "prog", path)
finally:
    AstroidBuilder.string_build = real
    raw_building.InspectBuilder.bootstrapped = True

import iree.runtime
from pydm.runtime.binding import rt
same_classes = all(getattr(rt, n) is getattr(iree.runtime, n)
                   for n in ("VmVariantList", "VmContext", "VmModule", "VmInstance", "PyModuleInterface"))
print(json.dumps({"bootstrapped_before": bootstrapped_before, "quick_bootstrapped": quick_bootstrapped,
                  "quick_tree": quick.repr_tree(), "usual_tree": usual.repr_tree(),
                  "fallback_tree": fallback.repr_tree(), "fallback_calls": len(calls), "results": results,
                  "runtime_package": runtime_package, "same_classes": same_classes,
                  "classes_same": classes_quick == classes_usual}))
'''


def test_fresh_process_skips_and_agrees(tmp_path):
    (tmp_path / "prog.py").write_text(textwrap.dedent(PROGRAM))
    (tmp_path / "classes.py").write_text(textwrap.dedent(CLASSES))
    (tmp_path / "child.py").write_text(CHILD)
    env = dict(os.environ, PYTHONPATH=REPO, PYDM_CACHE="0")
    out = subprocess.run([sys.executable, str(tmp_path / "child.py"), str(tmp_path)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    # the short way was taken (so the comparisons below test it) ...
    assert not got["bootstrapped_before"] and not got["quick_bootstrapped"]
    # ... and gives astroid's own tree, as does the fallback
    assert got["quick_tree"] == got["usual_tree"]
    assert got["fallback_tree"] == got["usual_tree"] and got["fallback_calls"] >= 2  # the first failed
    assert got["classes_same"]
    # compiled from those trees (a comprehension's builtins looked up): CPython's answers
    for pydm_outcome, cpython_outcome in got["results"]:
        assert pydm_outcome == cpython_outcome
    # the calls needed no iree.runtime package, and its classes are the binding's
    assert not got["runtime_package"]
    assert got["same_classes"]
