"""Fixes to methods and the runtime library found by other engineers: each a
differential test (CPython's ``py_func`` against pydm) of the fixed case."""
import os
import subprocess
import sys
import textwrap

# ---- 1. a library function that needs the library while it is built -------------------------
REENTER = """
    import sys
    from iree.compiler import ir
    from pydm import runtime_library as rl
    from pydm.backend import session
    from pydm.errors import CompileError
    rl.LIB_DIR, rl.SOURCES = sys.argv[1], ("reenter.py",)
    with session().context, ir.Location.unknown():
        try:
            rl.library_module()
        except CompileError as exc:
            print(type(exc).__name__, exc.lineno, exc.message)
"""


def test_library_that_calls_the_library_while_built_fails_fast(tmp_path):
    lib = tmp_path / "lib"
    lib.mkdir()
    here = os.path.dirname(os.path.abspath(__file__))
    intrinsics = os.path.join(here, "..", "..", "runtime_lib", "intrinsics.py")
    (lib / "intrinsics.py").write_text(open(intrinsics, encoding="utf-8").read())
    (lib / "reenter.py").write_text("from .intrinsics import fail  # noqa: F401\n\n\n"
                                    "def reenter(o: object) -> int:\n    return len(o)\n")
    env = dict(os.environ, PYDM_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(REENTER), str(lib)], env=env,
                          capture_output=True, text=True, timeout=120)  # it hung forever before
    assert done.returncode == 0, done.stderr
    kind, line, message = done.stdout.strip().split(" ", 2)
    assert kind == "InternalError" and line == "5", done.stdout
    assert "calls the runtime library itself" in message


# ---- 2 and 4. index with start/stop: None is no default for a list's or a tuple's ------------
from tests.strings.sharness import check, dispatchers, outcome, same  # noqa: E402

INDEX = ["s.index(x)", "s.index(x, a)", "s.index(x, a, b)"]
FIND = ["s.find(x, a)", "s.rfind(x, a, b)", "s.index(x, a, b)", "s.count(x, a, b)", "s.startswith(x, a, b)"]
IX = dispatchers("method_fixes_index", {
    "lists": ("s: list, x: object, a: object, b: object", INDEX),
    "tuples": ("s, x: object, a: object, b: object", INDEX),  # s: a typed tuple (its elements' types)
    "tuples_int": ("s, x: int, a: int, b: int", INDEX),
    "objects": ("s: object, x: object, a: object, b: object", INDEX + FIND[:3] + FIND[4:]),  # o.count(t, a, b): no
    "strs": ("s: str, x: str, a: object, b: object", FIND),
    "ranges": ("s: object, x: int, a: int, b: int", ["range(4).index(x, a)", "range(4).index(x, a, b)"]),
})
BOUNDS = [None, 0, 1, 2, -1, -2, -3, -10, 10, True, 2 ** 63 - 1, -2 ** 63, 1.0, "1"]
INT_BOUNDS = [0, 1, 2, 3, -1, -2, -4, -10, 10, 2 ** 63 - 1, -2 ** 63]


def _index_cases(group, seqs, xs, bounds):
    for s in seqs:
        for x in xs:
            check(group, 0, s, x, 0, 0, where=f"{INDEX[0]} with s, x = ")
            for a in bounds:
                check(group, 1, s, x, a, 0, where=f"{INDEX[1]} with s, x, a = ")
                for b in bounds:
                    check(group, 2, s, x, a, b, where=f"{INDEX[2]} with s, x, a, b = ")


def test_list_index_bounds_none_is_a_type_error():
    _index_cases(IX.lists, [[1, 2, 1, 3], []], [1, 3, 9], BOUNDS)


def test_typed_tuple_index_with_start_and_stop():
    _index_cases(IX.tuples, [(1, 2, 1, 3), (1, "a", 2.5, 1)], [1, 3, "a", 9], BOUNDS)
    _index_cases(IX.tuples_int, [(1, 2, 1, 3), (4, 1)], [1, 3, 9], INT_BOUNDS)


def test_object_index_with_start_and_stop():
    _index_cases(IX.objects, [[1, 2, 1, 3], (1, 2, 1, 3), "abca", range(4), 5, None], [1, 3, "a"],
                 [None, 0, 1, -1, -3, 10, 1.0])


def test_str_search_bounds_accept_none():
    for group, strs in ((IX.strs, ["abcab", ""]), (IX.objects, ["abcab", [1, 2], (1,)])):
        for k in range(len(FIND)):
            if group is IX.objects and k == 3:
                continue
            kk = k if group is IX.strs else len(INDEX) + k - (k > 3)
            for s in strs:
                for a in [None, 0, 1, -2, 9, 1.0]:
                    for b in [None, 3, -1]:
                        check(group, kk, s, "b", a, b, where=f"{FIND[k]} with s, x, a, b = ")


def test_range_index_takes_one_argument():
    for k in range(2):
        check(IX.ranges, k, None, 1, 0, 3)


# ---- 3. a list, dict or set method on an object: the attribute before the arguments -----------
ORDER = ["o.append(len(o))", "o.extend([len(o)])", "o.insert(0, len(o))", "o.remove(len(o))", "o.sort(reverse=len(o))",
         "o.reverse()", "o.index(len(o))", "o.count(len(o))", "o.index(0, len(o))", "o.pop(len(o))",
         "o.clear()", "o.copy()", "o.get(len(o))", "o.setdefault(len(o))", "list(o.items())", "o.pop(len(o), 0)",
         "o.update([(len(o), 1)])", "o.add(len(o))", "o.discard(len(o))", "o.union([len(o)])",
         "o.issubset([len(o)])", "o.add(1, len(o))"]  # a set's arity: TypeError
STATIC = ["n.append(len(n))", "n.count(len(n))", "t.append(t.index(9))", "t.get(t.index(9))", "n.upper(len(n))"]
ORD = dispatchers("method_fixes_order", {"order": ("o: object", ORDER), "static": ("n: int, t", STATIC)})
RECEIVERS = [1, 2.5, None, True, "ab", (1, 0), range(2), [1, 0], {0: 1, 2: 3}, {0, 1}]


def test_method_attribute_is_looked_up_before_the_arguments():
    for k, expr in enumerate(ORDER):
        for o in RECEIVERS:  # each run on its own copy (the methods change it): result, then receiver
            mine, theirs = _copy(o), _copy(o)
            want, got = outcome(ORD.order.py_func, (k, mine)), outcome(ORD.order, (k, theirs))
            ok = same(want[1], got[1]) if want[0] == got[0] == "ok" else want == got
            assert ok and same(mine, theirs), \
                f"{expr} with o = {o!r}: CPython {want!r} {mine!r}, pydm {got!r} {theirs!r}"


def _copy(o):
    return o.copy() if isinstance(o, (list, dict, set)) else o


def test_method_a_static_type_lacks_is_looked_up_before_the_arguments():
    for k, expr in enumerate(STATIC):
        for n, t in [(1, (1, 2)), (True, ("a",))]:
            check(ORD.static, k, n, t, where=f"{expr} with n, t = ")
