"""Randomly generated (but seeded, so reproducible) well-typed programs in the
issue-#2 subset, compiled by pydm and compared with CPython.

Each generated function exists twice in a generated module: ``f<k>`` decorated
with ``@pydm.jit`` and ``f<k>_ref``, the same code in plain Python with every
int-valued operation wrapped in ``_ck(...)``, which raises OverflowError where
the exact int leaves 64 bits. So the reference reproduces pydm's documented
divergence (OverflowError at the first int result that does not fit, even an
intermediate one) and everything else is CPython. For an expected
OverflowError only the class is compared; otherwise value, type, float bits,
exception class and message, as in harness.check.

The module is written to pytest's temporary directory (pydm reads a function's
source from its file). The seed is fixed: a failure names the function; its
source is in the assertion message.
"""
import json
import random

import pytest

from .harness import INT64_MAX, INT64_MIN
from .isolated import CK_MESSAGE, run_isolated

pytestmark = pytest.mark.slow  # > 5 s (compiles every program first); `pytest -m "not slow"` leaves it out

SEED = 20240601
N_FUNCS = 60
N_CALLS = 24

INT_LITS = ["0", "1", "-1", "2", "3", "-5", "7", "100", "-1000", "65536"]
FLOAT_LITS = ["0.0", "-0.0", "0.5", "1.5", "-2.25", "3.0", "1e308", "1e-310"]
INT_ARGS = [0, 1, -1, 2, 3, -7, 1000, -1000, 2**31, INT64_MAX, INT64_MIN, 12345678901]
FLOAT_ARGS = [0.0, -0.0, 1.5, -2.5, 0.1, float("inf"), float("-inf"), float("nan"), 1e300, 5e-324, 7.0]


class Gen:
    def __init__(self, rng: random.Random):
        self.r = rng
        self.int_vars = ["a", "b"]
        self.float_vars = ["x", "y"]

    # Each generator returns a function ck -> source text, so the jit and reference
    # versions come from the same tree.
    def int_expr(self, d):
        r = self.r
        if d <= 0 or r.random() < 0.2:
            if r.random() < 0.6:
                v = r.choice(self.int_vars)
            else:
                v = r.choice(INT_LITS)
            return lambda ck: v if not v.startswith("-") else f"({v})"
        k = r.randrange(12)
        if k <= 4:
            op = r.choice(["+", "-", "*", "//", "%"])
            e1, e2 = self.int_expr(d - 1), self.int_expr(d - 1)
            return lambda ck: _wrap(ck, f"({e1(ck)} {op} {e2(ck)})")
        if k == 5:
            op = r.choice(["&", "|", "^"])
            e1, e2 = self.int_expr(d - 1), self.int_expr(d - 1)
            return lambda ck: f"({e1(ck)} {op} {e2(ck)})"
        if k == 6:
            op, n = r.choice(["<<", ">>"]), r.randrange(0, 5)
            e = self.int_expr(d - 1)
            return lambda ck: _wrap(ck, f"({e(ck)} {op} {n})")
        if k == 7:
            op = r.choice(["-", "~", "abs"])
            e = self.int_expr(d - 1)
            if op == "abs":
                return lambda ck: _wrap(ck, f"abs({e(ck)})")
            return lambda ck: _wrap(ck, f"({op}{e(ck)})")
        if k == 8:
            fn = r.choice(["min", "max"])
            e1, e2 = self.int_expr(d - 1), self.int_expr(d - 1)
            return lambda ck: f"{fn}({e1(ck)}, {e2(ck)})"
        if k == 9:
            c, e1, e2 = self.bool_expr(d - 1), self.int_expr(d - 1), self.int_expr(d - 1)
            return lambda ck: f"({e1(ck)} if {c(ck)} else {e2(ck)})"
        if k == 10:
            n = r.randrange(0, 4)
            e = self.int_expr(d - 1)
            return lambda ck: _wrap(ck, f"({e(ck)} ** {n})")
        c = self.bool_expr(d - 1)
        e = self.int_expr(d - 1)
        return lambda ck: _wrap(ck, f"({c(ck)} + {e(ck)})")

    def float_expr(self, d):
        r = self.r
        if d <= 0 or r.random() < 0.2:
            v = r.choice(self.float_vars) if r.random() < 0.6 else r.choice(FLOAT_LITS)
            return lambda ck: v if not v.startswith("-") else f"({v})"
        k = r.randrange(10)
        if k <= 3:
            op = r.choice(["+", "-", "*", "/", "//", "%"])
            e1, e2 = self.float_expr(d - 1), self.float_expr(d - 1)
            return lambda ck: f"({e1(ck)} {op} {e2(ck)})"
        if k == 4:  # mixed int/float
            op = r.choice(["+", "-", "*", "/", "//", "%"])
            e1, e2 = self.int_expr(d - 1), self.float_expr(d - 1)
            if r.random() < 0.5:
                return lambda ck: f"({e1(ck)} {op} {e2(ck)})"
            return lambda ck: f"({e2(ck)} {op} {e1(ck)})"
        if k == 5:
            op = r.choice(["-", "+", "abs"])
            e = self.float_expr(d - 1)
            return (lambda ck: f"abs({e(ck)})") if op == "abs" else (lambda ck: f"({op}{e(ck)})")
        if k == 6:
            fn = r.choice(["min", "max"])
            e1, e2 = self.float_expr(d - 1), self.float_expr(d - 1)
            return lambda ck: f"{fn}({e1(ck)}, {e2(ck)})"
        if k == 7:
            c, e1, e2 = self.bool_expr(d - 1), self.float_expr(d - 1), self.float_expr(d - 1)
            return lambda ck: f"({e1(ck)} if {c(ck)} else {e2(ck)})"
        if k == 8:
            e = self.int_expr(d - 1)
            return lambda ck: f"float({e(ck)})"
        n = r.choice(["2", "3", "-1", "0", "2.0"])
        e = self.float_expr(d - 1)
        return lambda ck: f"({e(ck)} ** {n})"

    def bool_expr(self, d):
        r = self.r
        k = r.randrange(6)
        op = r.choice(["<", "<=", ">", ">=", "==", "!="])
        if d <= 0 or k <= 1:
            e1, e2 = self.int_expr(d - 1), self.int_expr(d - 1)
            return lambda ck: f"({e1(ck)} {op} {e2(ck)})"
        if k == 2:
            e1, e2 = self.float_expr(d - 1), self.float_expr(d - 1)
            return lambda ck: f"({e1(ck)} {op} {e2(ck)})"
        if k == 3:
            e1, e2 = self.int_expr(d - 1), self.float_expr(d - 1)
            return lambda ck: f"({e1(ck)} {op} {e2(ck)})"
        if k == 4:
            lop = r.choice(["and", "or"])
            c1, c2 = self.bool_expr(d - 1), self.bool_expr(d - 1)
            return lambda ck: f"({c1(ck)} {lop} {c2(ck)})"
        c = self.bool_expr(d - 1)
        return lambda ck: f"(not {c(ck)})"

    def function(self, name, ret):
        r = self.r
        lines = []  # list of (indent, ck -> text)
        t0, u0 = self.int_expr(2), self.float_expr(2)
        lines.append((1, lambda ck: f"t = {t0(ck)}"))
        lines.append((1, lambda ck: f"u = {u0(ck)}"))
        self.int_vars = ["a", "b", "t"]
        self.float_vars = ["x", "y", "u"]
        c, t1, u1 = self.bool_expr(2), self.int_expr(2), self.float_expr(2)
        lines.append((1, lambda ck: f"if {c(ck)}:"))
        lines.append((2, lambda ck: f"t = {t1(ck)}"))
        if r.random() < 0.5:
            c2, u2 = self.bool_expr(1), self.float_expr(2)
            lines.append((1, lambda ck: f"elif {c2(ck)}:"))
            lines.append((2, lambda ck: f"u = {u2(ck)}"))
        lines.append((1, lambda ck: "else:"))
        lines.append((2, lambda ck: f"u = {u1(ck)}"))
        n = r.randrange(0, 5)
        self.int_vars = ["a", "b", "t", "i"]
        t2, cb, u3 = self.int_expr(2), self.bool_expr(1), self.float_expr(1)
        jump = r.choice(["break", "continue"])
        lines.append((1, lambda ck: f"for i in range({n}):"))
        lines.append((2, lambda ck: f"t = {t2(ck)}"))
        lines.append((2, lambda ck: f"if {cb(ck)}:"))
        lines.append((3, lambda ck: jump))
        lines.append((2, lambda ck: f"u = {u3(ck)}"))
        self.int_vars = ["a", "b", "t"]
        if r.random() < 0.5:
            cw, tw = self.bool_expr(1), self.int_expr(1)
            lines.append((1, lambda ck: "w = 0"))
            lines.append((1, lambda ck: f"while w < 3 and {cw(ck)}:"))
            lines.append((2, lambda ck: _wrap(ck, "w + 1", assign="w")))
            lines.append((2, lambda ck: f"t = {tw(ck)}"))
        res = {"int": self.int_expr, "float": self.float_expr, "bool": self.bool_expr}[ret](3)
        lines.append((1, lambda ck: f"return {res(ck)}"))
        self.int_vars, self.float_vars = ["a", "b"], ["x", "y"]

        def render(ck, fname, decorate):
            head = "@pydm.jit\n" if decorate else ""
            body = "\n".join("    " * ind + fn(ck) for ind, fn in lines)
            return f"{head}def {fname}(a: int, b: int, x: float, y: float) -> {ret}:\n{body}\n"

        return render(False, name, True), render(True, name + "_ref", False)


def _wrap(ck, text, assign=None):
    if assign:
        return f"{assign} = _ck({text})" if ck else f"{assign} = {text}"
    return f"_ck({text})" if ck else text


PRELUDE = f'''import pydm


def _ck(v):
    if type(v) is int and not {INT64_MIN} <= v <= {INT64_MAX}:
        raise OverflowError("{CK_MESSAGE}")
    return v

'''

# Hand-written programs that once broke the compiler; each is checked in isolation too.
# (name, source of the jit function without decorator, argument tuples). The reference
# is the same source run by CPython (none of these can overflow int64).
REGRESSIONS = [
    ("loop_after_always_raising_loop", """
def loop_after_always_raising_loop(a: int, b: int) -> int:
    for i in range(4):
        a = a // 0
    for j in range(3):
        a = a + 1
    return a
""", [(5, 1), (-1000, -1000)]),
]


def _arg_tuples(rng):
    return [(rng.choice(INT_ARGS), rng.choice(INT_ARGS), rng.choice(FLOAT_ARGS), rng.choice(FLOAT_ARGS))
            for _ in range(N_CALLS)]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    rng = random.Random(SEED)
    g = Gen(rng)
    parts, items = [PRELUDE], []
    for k in range(N_FUNCS):
        ret = rng.choice(["int", "float", "bool"])
        jit_src, ref_src = g.function(f"f{k}", ret)
        SOURCES[k] = jit_src
        parts += ["\n", jit_src, "\n\n", ref_src]
        items.append((f"f{k}", f"f{k}_ref", _arg_tuples(random.Random(SEED * 1000 + k))))
    for name, src, args in REGRESSIONS:
        parts += ["\n@pydm.jit", src, "\n", src.replace(f"def {name}(", f"def {name}_ref(")]
        items.append((name, name + "_ref", args))
    parts.append(f"\n\nimport json\nITEMS = json.loads({json.dumps(items)!r})\n")
    path = tmp_path_factory.mktemp("pydm_random") / "random_programs_module.py"
    path.write_text("".join(parts))
    return run_isolated(str(path), len(items), item_timeout=120.0)  # a hang guard: generous under load


SOURCES = {}


@pytest.mark.parametrize("k", range(N_FUNCS))
def test_random_program(results, k):
    failures = results[k]
    assert not failures, "\n".join(failures[:10]) + "\n\n" + SOURCES[k]


@pytest.mark.parametrize("i,name", [(N_FUNCS + j, r[0]) for j, r in enumerate(REGRESSIONS)],
                         ids=[r[0] for r in REGRESSIONS])
def test_regression_program(results, i, name):
    failures = results[i]
    src = next(s for n, s, _ in REGRESSIONS if n == name)
    assert not failures, "\n".join(failures) + "\n" + src
