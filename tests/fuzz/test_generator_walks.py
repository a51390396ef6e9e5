"""A fuzzer of generator functions walked by compiled code (``frontend/generators.py``).

Hypothesis draws a generator ``gen(n, log)`` (at module level or inside the walker) (``yield``s of ints,
floats, None and pairs at any depth of ``for``/``while``/``if``, a ``return`` or a
``raise`` anywhere, log entries between them) and a ``@pydm.jit`` function that
walks it one of several ways (a ``for`` loop whose body logs, breaks, continues,
returns or raises, with an ``else``; ``enumerate``; ``zip`` with sequences; a comprehension; ``sum``,
``list``, ``max``, ``any``; a generator nested in another's loop). CPython and
pydm must agree on the value, the exception (class and message) and the log:
the order in which the generator's code and the loop's body ran.

``PYDM_FUZZ_GEN_EXAMPLES=200`` runs more (the suite runs a few, deterministically).
"""
from __future__ import annotations

import itertools
import os

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

import pydm

from shared import import_source, outcome

EXAMPLES = int(os.environ.get("PYDM_FUZZ_GEN_EXAMPLES", "6"))
_names = itertools.count()

VALUES = ["i", "i * 2.5", "None", "(i, k)", "k - i", "7 // (i - 2)", "-i"]
CONDS = ["i % 2 == 0", "i > 2", "k == 1", "i == n", "True", "n < 3"]


def _gen_body(draw, depth: int, indent: str) -> list[str]:
    """Statements of the generator: ``i`` and ``k`` are always bound ints."""
    out = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["yield", "yield", "yield", "log", "for", "while", "if", "return",
                                     "raise", "assign"] if depth < 2 else ["yield", "yield", "log", "assign"]))
        if kind == "yield":
            out.append(f"{indent}yield {draw(st.sampled_from(VALUES))}")
        elif kind == "log":
            out.append(f"{indent}log.append(('g', i, k))")
        elif kind == "assign":
            out.append(f"{indent}k = k + {draw(st.integers(1, 3))}")
        elif kind == "for":
            out.append(f"{indent}for i in range({draw(st.sampled_from(['n', '3', 'k % 4']))}):")
            out += _gen_body(draw, depth + 1, indent + "    ")
        elif kind == "while":
            out.append(f"{indent}while k < {draw(st.integers(2, 6))}:")
            out.append(f"{indent}    k += 1")
            out += _gen_body(draw, depth + 1, indent + "    ")
        elif kind == "if":
            out.append(f"{indent}if {draw(st.sampled_from(CONDS))}:")
            out += _gen_body(draw, depth + 1, indent + "    ")
            if draw(st.booleans()):
                out.append(f"{indent}else:")
                out += _gen_body(draw, depth + 1, indent + "    ")
        elif kind == "return":
            out.append(f"{indent}if {draw(st.sampled_from(CONDS))}:")
            out.append(f"{indent}    return")
        else:
            out.append(f"{indent}if {draw(st.sampled_from(CONDS))}:")
            out.append(f"{indent}    raise ValueError('gen', i, k)")
    return out


WALKS = {
    "for": """\
    out = []
    for x in gen(n, log):
        log.append(('body', x))
        if x == {a}:
            break
        if x is None:
            continue
        if x == {b}:
            return out, log
        out.append(x)
    else:
        log.append('else')
    return out, log
""",
    "enumerate": """\
    for j, x in enumerate(gen(n, log), {a}):
        log.append((j, x))
        if j > 6:
            break
    return log
""",
    "comprehension": """\
    return [x for x in gen(n, log) if x != {a}], log
""",
    "builtins": """\
    return list(gen(n, log)), any(x == {a} for x in gen(n, log)), log
""",
    "sum": """\
    return sum(x for x in gen(n, log) if type(x) is int), log
""",
    "zip": """\
    for a, x, b in zip(range({a} + 2), gen(n, log), 'abcd'):
        log.append((a, x, b))
        if x == {b}:
            break
    else:
        log.append('else')
    return log
""",
    "nested": """\
    t = []
    for m in range(2):
        for x in gen(n + m, log):
            t.append((m, x))
            if len(t) > 9:
                return t
    return t, log
""",
}


@st.composite
def programs(draw):
    body = ["    k = 0", "    i = 0"] + _gen_body(draw, 0, "    ") + ["    yield 'end'"]
    walk = draw(st.sampled_from(sorted(WALKS)))
    text = WALKS[walk].format(a=draw(st.integers(-1, 4)), b=draw(st.integers(0, 4)))
    gen = "def gen(n, log):\n" + "\n".join(body) + "\n"
    if draw(st.booleans()):  # defined at module level
        source = "import pydm\n\n\n" + gen + "\n\n@pydm.jit\ndef walk(n):\n    log = []\n" + text
    else:  # defined in the function that walks it (a closure over nothing it needs)
        inner = "".join("    " + line + "\n" for line in gen.splitlines())
        source = "import pydm\n\n\n@pydm.jit\ndef walk(n):\n    log = []\n" + inner + text
    return source, draw(st.integers(0, 4))


@seed(20261124)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=False, phases=[Phase.generate],
          suppress_health_check=list(HealthCheck))
@given(programs())
def test_generator_walks_agree_with_cpython(tmp_path_factory, program):
    source, n = program
    module = import_source(tmp_path_factory.mktemp("genwalk"), f"genwalk{next(_names)}", source)
    want = outcome(module.walk.py_func, n, show=repr)
    got = outcome(module.walk, n, show=repr)
    assert got == want, source
