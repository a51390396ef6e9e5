"""PLATFORM.md §9: two VM modules with the same name are accepted silently,
and which one wins is unspecified.  pydm names every compiled module (its VM
module is ``@module``); functions of the same name in different files, and
separately compiled programs of one file, must never pick up each other's code.
"""
from __future__ import annotations


def test_same_function_names_in_two_files(run_script, tmp_path):
    for tag, k in (("a", 1000), ("b", 2000)):
        (tmp_path / f"samename_{tag}.py").write_text(
            "import pydm\n\n"
            "@pydm.jit\n"
            f"def helper(n: int) -> int:\n    return n + {k}\n\n"
            "@pydm.jit\n"
            f"def entry(n: int) -> int:\n    return helper(n) * {k // 1000 + 1}\n")
    r = run_script('''
        import samename_a, samename_b

        # interleave first calls so both programs are live at once
        report("a1", got=outcome(samename_a.entry, 5))
        report("b1", got=outcome(samename_b.entry, 5))
        report("ha", got=outcome(samename_a.helper, 7))
        report("hb", got=outcome(samename_b.helper, 7))
        report("a2", got=outcome(samename_a.entry, 6))
        report("b2", got=outcome(samename_b.entry, 6))
    ''', name="samename_main.py")
    r.assert_ok()
    want = {"a1": (5 + 1000) * 2, "b1": (5 + 2000) * 3, "ha": 1007, "hb": 2007,
            "a2": (6 + 1000) * 2, "b2": (6 + 2000) * 3}
    for case, value in want.items():
        assert r.results[case]["got"] == {"kind": "value", "type": "int",
                                          "repr": repr(value)}, (case, r.results[case])


def test_callee_compiled_separately_first(run_script):
    """A callee already compiled as its own program, then called from another
    function: both programs exist; results must come from the right code."""
    r = run_script('''
        import pydm

        @pydm.jit
        def leaf(n: int) -> int:
            return n * 3 + 1

        @pydm.jit
        def mid(n: int) -> int:
            return leaf(n) + leaf(n + 1)

        @pydm.jit
        def top(n: int) -> int:
            return mid(n) - leaf(n)

        report("leaf", got=outcome(leaf, 4))
        report("top", got=outcome(top, 4))
        report("mid", got=outcome(mid, 4))
        report("leaf_f", got=outcome(leaf, True))
    ''')
    r.assert_ok()
    leaf = lambda n: n * 3 + 1  # noqa: E731
    want = {"leaf": leaf(4), "mid": leaf(4) + leaf(5), "top": leaf(4) + leaf(5) - leaf(4),
            "leaf_f": leaf(True)}
    for case, value in want.items():
        assert r.results[case]["got"] == {"kind": "value", "type": "int",
                                          "repr": repr(value)}, (case, r.results[case])
