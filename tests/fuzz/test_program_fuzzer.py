"""The program fuzzer: hypothesis generates small modules of ``@pydm.jit`` functions
(``generator.py``), each is run under CPython and under pydm on generated
arguments, and every outcome must agree (``runner.py``: value, exact type, float
bits, dicts in insertion order, sets in none, exception class and message, the list, dict
and set arguments after the call and their aliasing; pydm's documented divergences excepted).

Each program is run two ways:

* ``jit``: every call through the ``@pydm.jit`` functions (one specialization per
  function and argument types: ``bool`` for ``int`` and ``int`` for ``float``
  parameters are passed too);
* ``aot``: the whole module compiled once by ``pydm.aot.compile_file`` (every
  function, unannotated parameters as ``object``), called with arguments of
  exactly the annotated types.

and, within the ``jit`` way, the calls of a function whose arguments are all
scalars go once more through ``fn.map`` over their rows, which must give the
list of their values, or the first raising call's exception.

In the test suite it is deterministic (a fixed seed) and brief. On demand:

    PYDM_FUZZ_EXAMPLES=3000 PYDM_FUZZ_SEED=7 .venv/bin/python -m pytest -q tests/fuzz/test_program_fuzzer.py

``PYDM_FUZZ_HEAP=100`` gives every program strs, dicts and sets (``strdict.py``; default:
about a third of them), to hunt bugs in the string and dict code.

``PYDM_FUZZ_LOG=path`` makes a long run keep going: each disagreeing program is
appended to ``path`` (its source, arguments and both outcomes) and the test
passes; without it the first disagreement fails the test with the same report.
``PYDM_FUZZ_SHRINK=1`` lets hypothesis shrink a failing program first (slow:
every step compiles); ``cd tests && python -m fuzz.reduce PROGRAM.py FUNCTION
'ARGS'`` reduces one reported call. By default the fuzzer leaves out the
constructs of known bugs, or accepts their disagreement (``KNOWN_BUGS`` below);
``PYDM_FUZZ_KNOWN=none`` puts them all back, ``PYDM_FUZZ_KNOWN=a,b`` chooses.
"""
import os

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings

from .generator import AVOIDABLE, fuzz_cases
from .runner import TOLERABLE, run_program, session_directory

pytestmark = pytest.mark.slow  # > 5 s; `pytest -m "not slow"` leaves it out

EXAMPLES = int(os.environ.get("PYDM_FUZZ_EXAMPLES", "8"))
SEED = int(os.environ.get("PYDM_FUZZ_SEED", "20261122"))
LOG = os.environ.get("PYDM_FUZZ_LOG")
# Shrinking recompiles the program hundreds of times (minutes): off unless asked for;
# ``python -m fuzz.reduce`` shrinks one reported call much faster.
SHRINK = os.environ.get("PYDM_FUZZ_SHRINK") == "1"

# Known bugs (each a strict xfail in test_fuzz_regressions.py) are left out of the
# programs (generator.AVOIDABLE) or their disagreement accepted (runner.TOLERABLE),
# so that the fuzzer keeps finding new ones. PYDM_FUZZ_KNOWN=none includes them all;
# remove a name here when its bug is fixed (its strict xfail will say so).
KNOWN_BUGS = {"complex_overflow", "reduce_args_first"}
_known = os.environ.get("PYDM_FUZZ_KNOWN")
if _known is not None:
    KNOWN_BUGS = set(filter(None, _known.split(","))) - {"none"}
assert KNOWN_BUGS <= set(AVOIDABLE) | set(TOLERABLE), KNOWN_BUGS
AVOID = frozenset(KNOWN_BUGS & set(AVOIDABLE))
TOLERATE = frozenset(KNOWN_BUGS & set(TOLERABLE))

SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, print_blob=False,
                    suppress_health_check=list(HealthCheck),
                    phases=[Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if SHRINK else []))


@seed(SEED)
@SETTINGS
@given(case=fuzz_cases(avoid=AVOID))
def test_generated_programs_agree_with_cpython(case):
    directory = session_directory()
    jit_calls = [(c.function, c.args, c.kwargs) for c in case.calls]
    aot_calls = [(c.function, c.args, c.kwargs) for c in case.calls if c.exact]
    report = run_program(case.program.source, jit_calls, aot_calls, directory, TOLERATE)
    if report.mismatches and LOG:
        with open(LOG, "a") as f:
            f.write(report.message() + "\n\n" + "=" * 100 + "\n\n")
        return
    assert not report.mismatches, report.message()
