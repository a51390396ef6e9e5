"""Module-level constants read by compiled code (int, float, bool, None,
tuples, values computed at import), names that do not exist (NameError only
when the line runs), undecorated module-level helpers, ``pydm.jit(f)`` on an
undecorated function, and a list default of an entry point shared between
calls. The programs run through ``programs.globals_group`` (``GLOBALS``, a
``tests/batching.py`` Batch): one compile, each case still its own check."""
import pytest

from exceptions.eharness import OK, Batch, P, check_many, compare_outcomes, run

from . import programs as p

SMALL = [(0,), (1,), (3,), (-2,)]
HELPER_CASES = [P(p.calls_helpers, SMALL)]


GLOBAL_CASES = [
    P(p.read_globals, SMALL),
    P(p.global_index, [(i,) for i in range(-6, 6)]),
    P(p.global_in_branches, [(1000,), (400,), (-10,), (0,), (-7,)]),
    P(p.closure_reads_globals, SMALL),
    P(p.global_shadowed_by_local, [(1,), (0,), (-1,)]),
    P(p.global_tables, [(0,), (1,), (9,)]),
]


@pytest.mark.parametrize("fn, cases", GLOBAL_CASES)
def test_globals(fn, cases):
    GLOBALS.check_many(fn, cases)


UNDEFINED_CASES = [
    P(p.global_or_undefined, [(1,), (0,), (-3,)]),
    P(p.call_undefined, [(1,), (0,), (-3,)]),
    P(p.undefined_in_closure, [(1,), (0,)]),
]


@pytest.mark.parametrize("fn, cases", UNDEFINED_CASES)
def test_undefined_names(fn, cases):
    GLOBALS.check_many(fn, cases)


def test_undefined_names_sanity():
    r = GLOBALS.expect(p.global_or_undefined, 0, expect=NameError)
    assert str(r[1]) == "name 'undefined_name' is not defined"
    assert GLOBALS.expect(p.global_or_undefined, 5, expect=OK)[1] == 5
    r = GLOBALS.expect(p.call_undefined, 0, expect=NameError)
    assert str(r[1]) == "name 'undefined_function' is not defined"
    GLOBALS.expect(p.global_shadowed_by_local, 0, expect=UnboundLocalError)


def test_helpers():
    GLOBALS.check_many(*HELPER_CASES[0].values)


def test_jit_called_on_an_undecorated_function():
    assert p.plain_closure_user_jit.py_func is p.plain_closure_user
    check_many(p.plain_closure_user_jit, [(0, 1), (3, 2), (5, -1)])
    # the plain function stays plain
    assert p.plain_closure_user(3, 2) == (6, 12)


def test_list_default_shared_between_calls():
    """The default list (captured by a lambda) is CPython's own object, shared
    between calls; an explicit list leaves it alone."""
    for args in [(1,), (2,), (3.5,), (None,)]:
        d = compare_outcomes(run(p.acc_default_py, args), run(p.acc_default, args))
        assert d is None, f"acc_default{args}: {d}"
    mine = [9, 9]
    assert p.acc_default(5, mine) == 3 and mine == [9, 9, 5]
    assert p.acc_default_py(5, [9, 9]) == 3
    for args in [(6,), (7,)]:
        d = compare_outcomes(run(p.acc_default_py, args), run(p.acc_default, args))
        assert d is None, f"acc_default{args}: {d}"
    assert p.acc_default.py_func.__defaults__[0] == [1, 2, 3.5, None, 6, 7]


def test_a_global_table_is_built_once():
    """A module-level tuple worth keeping (four or more elements, or holding strs
    or tuples) is read from a global of the module instance (``kept_get``), built
    at its first read."""
    GLOBALS.check_many(p.global_tables, [(5,)])
    ir = p.global_tables.inspect("pydm", 5)
    assert ir.count("kept_get") >= 2 and ir.count("kept_set") >= 2, ir


GLOBALS = Batch(p.globals_group, GLOBAL_CASES + UNDEFINED_CASES + HELPER_CASES)
