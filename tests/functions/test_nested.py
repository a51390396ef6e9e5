"""Nested functions and closures vs CPython: direct calls, recursion, several
levels, late binding of cells, closures made in loops, nonlocal, free variables
read before they are bound (NameError / UnboundLocalError).

Every case runs through ``programs.nested_group`` (``NESTED``, a
``tests/batching.py`` Batch): one compile for the 45 programs, each case still
its own check."""
import pytest

from exceptions.eharness import OK, Batch, P

from . import programs as p

SMALL = [(0,), (1,), (3,), (-2,)]


NESTED_CASES = [
    P(p.nested_direct, SMALL + [(10**6,)]),
    P(p.nested_fact, [(0,), (1,), (5,), (20,), (-3,)]),
    P(p.nested_fib, [(0,), (1,), (2,), (10,)]),
    P(p.nested_mutual, [(0,), (1,), (6,), (11,)]),
    P(p.nested_three_levels, [(1, 2), (0, 0), (-5, 3), (7, -7)]),
    P(p.nested_nonlocal_deep, [(0,), (1,), (2,), (5,)]),
    P(p.nested_shadowing, SMALL),
    P(p.nested_recursion_with_closure, [(0, 1), (5, 1), (7, 2), (6, 3), (-1, 1)]),
    P(p.nested_recursion_own_cells, [(0,), (1,), (4,)]),
    P(p.nested_def_conditional, [(True, 3), (False, 3), (True, -1)]),
    P(p.nested_called_before_def, [(0,), (1,), (2,), (5,)]),
    P(p.nested_shadows_module_helper, SMALL),
    P(p.nested_misc, SMALL),
    P(p.closure_in_try_finally, [(0,), (5,), (-3,)]),
    P(p.dispatch_raises, [(0, 0), (0, 2), (1, 5), (1, 1), (2, 1)]),
    P(p.nested_raises, [(0,), (-1,), (3,), (11,)]),
]


@pytest.mark.parametrize("fn, cases", NESTED_CASES)
def test_nested(fn, cases):
    NESTED.check_many(fn, cases)


CLOSURE_CASES = [
    P(p.late_binding, SMALL),
    P(p.late_binding_def, SMALL),
    P(p.loop_lambdas, [(0,), (1,), (3,), (-1,)]),
    P(p.loop_defs_then_rebind, [(0,), (1,), (4,)]),
    P(p.loop_while_closure, [(0,), (1,), (3,), (9,)]),
    P(p.nonlocal_counter, [(0,), (1,), (5,)]),
    P(p.closure_factory_independent, [(0,), (1,), (4,)]),
    P(p.nonlocal_accumulator, [([],), ([1, 2],), ([5, -5, 3],)]),
    P(p.nonlocal_rebind_list, [(0,), (1,), (4,)]),
    P(p.cell_changes_type, SMALL),
    P(p.cell_shared_by_two_closures, SMALL),
    P(p.closures_nested_loops, [(0,), (1,), (3,)]),
    P(p.nonlocal_two_levels_returned, SMALL),
    P(p.closure_over_param, SMALL),
    P(p.closure_over_list, SMALL),
    P(p.closure_in_comprehension, [([], 0), ([1, 2, 3], 1), ([5, -1, 2], -1)]),
    P(p.closure_nonlocal_try, [(-1,), (0,), (3,)]),
]


@pytest.mark.parametrize("fn, cases", CLOSURE_CASES)
def test_closures(fn, cases):
    NESTED.check_many(fn, cases)


UNBOUND_CASES = [
    # NameError: cannot access free variable 'y' where it is not associated with a value ...
    P(p.closure_free_before_bound, [(0,), (-1,), (1,), (5,)]),
    P(p.closure_free_before_bound_lambda, [(0,), (1,), (2,), (5,)]),
    # UnboundLocalError in the function that owns the cell
    P(p.outer_reads_captured_before_assignment, [(0,), (1,), (-3,)]),
    P(p.nonlocal_sets_outer, [(0,), (1,), (-3,), (4,)]),
]


@pytest.mark.parametrize("fn, cases", UNBOUND_CASES)
def test_unbound_cells(fn, cases):
    NESTED.check_many(fn, cases)


def test_unbound_cells_sanity():
    """The reference side raises what the programs are written for."""
    r = NESTED.expect(p.closure_free_before_bound, 0, expect=NameError)
    assert type(r[1]) is NameError
    assert str(r[1]) == ("cannot access free variable 'y' where it is not associated "
                         "with a value in enclosing scope")
    NESTED.expect(p.closure_free_before_bound_lambda, 2, expect=NameError)
    r = NESTED.expect(p.outer_reads_captured_before_assignment, 0, expect=UnboundLocalError)
    assert "'y'" in str(r[1])
    NESTED.expect(p.nonlocal_sets_outer, 0, expect=UnboundLocalError)
    NESTED.expect(p.nonlocal_sets_outer, 2, expect=OK)
    assert NESTED.expect(p.loop_lambdas, 3, expect=OK)[1] == [2, 2, 2]
    assert NESTED.expect(p.late_binding, 5, expect=OK)[1] == (1, 5)


DEFAULT_CASES = [
    P(p.nested_list_default, SMALL),
    P(p.lambda_default_from_variable, SMALL),
    P(p.nested_default_expression, SMALL),
    P(p.defaults_late_and_keyword_only, SMALL),
    P(p.default_list_per_def, SMALL),
    P(p.default_in_key, [([5, 3, 8, 1], 3), ([], 2), ([4, -4, 7], 5)]),
    P(p.default_raises_at_def, [(0,), (2,), (-3,)]),
    P(p.default_through_dispatch, SMALL),
]


@pytest.mark.parametrize("fn, cases", DEFAULT_CASES)
def test_defaults_evaluated_at_def(fn, cases):
    """A nested function's default is evaluated when its def runs (a list
    default is shared between calls, a new one each time the def runs)."""
    NESTED.check_many(fn, cases)


NESTED = Batch(p.nested_group, NESTED_CASES + CLOSURE_CASES + UNBOUND_CASES + DEFAULT_CASES)
