"""Programs found by the program fuzzer (``test_program_fuzzer.py``) on which pydm
disagreed with CPython, reduced by hand or with ``python -m fuzz.reduce``.

A test of an open bug is ``xfail(strict=True)``: when the fix lands it passes,
strict xfail turns that into a failure, and the marker must go (the test then
guards the fix). Each test runs its program through the same worker and
comparison as the fuzzer (``runner.check_program``).
"""
import pytest

from .runner import check_program


# ---------------------------------------------------------------- bugs (open ones are strict xfails)

TYPE_OF_UNBOUND = """
import pydm


@pydm.jit
def f(x):
    if x:
        v = 1
    else:
        return type(v) is int
    return 0
"""


# Fixed by the frontend redesign (unbound reads decided before IR, bindings.py).
@pytest.mark.parametrize("x", [1, 0])
def test_type_test_of_a_variable_unbound_on_the_path(x):
    check_program(TYPE_OF_UNBOUND, "f", (x,))


TYPE_OF_ALWAYS_RAISING = """
import pydm


@pydm.jit
def f(x):
    return type(None < x) is bool
"""


def test_type_test_of_an_expression_that_always_raises():
    check_program(TYPE_OF_ALWAYS_RAISING, "f", (1,))


FLOAT_JOIN_AFTER_DEAD_CHECK = """
import pydm


@pydm.jit
def f(p: int) -> int:
    unused = -1
    return 0 if (-1.5 if p else 0.0) else 1
"""


# Fixed in 31061c8 (IREE's register allocator gave the block argument the register of a
# value still live in the block: f(1) returned 1).
def test_truth_of_a_float_conditional_after_an_unused_negation():
    check_program(FLOAT_JOIN_AFTER_DEAD_CHECK, "f", (1,))


CALL_IN_RANGE_ARGUMENT = """
import pydm


@pydm.jit
def h(a: float):
    return 2


@pydm.jit
def f():
    s = 0
    for i in range(h(1)):
        s += 1
    return s
"""


# Fixed by the frontend redesign (range() arguments are ordinary expressions,
# typed before IR exists, so their calls' specializations are in the program).
@pytest.mark.parametrize("mode", ["jit", "aot"])
def test_call_of_a_jit_function_in_range_arguments(mode):
    check_program(CALL_IN_RANGE_ARGUMENT, "f", (), mode=mode)


NEGATIVE_BASE_HUGE_FRACTIONAL_POWER = """
import pydm


@pydm.jit
def f(x: float, y: float) -> float:
    return x ** y
"""


@pytest.mark.xfail(strict=True, reason="pydm bug (minor): (-10.0) ** 400.5 raises ValueError (the documented "
                                       "stand-in for a complex result) where CPython raises "
                                       "OverflowError('complex exponentiation'): the complex result overflows")
def test_negative_base_to_a_huge_fractional_power_overflows():
    check_program(NEGATIVE_BASE_HUGE_FRACTIONAL_POWER, "f", (-10.0, 400.5))


def test_negative_base_to_a_fractional_power_is_the_documented_value_error():
    check_program(NEGATIVE_BASE_HUGE_FRACTIONAL_POWER, "f", (-2.0, 0.5))


RANGE_ARGUMENT_ORDER = """
import pydm


@pydm.jit
def f(x):
    for i in range(3, 0.5, x % 3):
        pass
"""


# Fixed by the frontend redesign (range's arguments are all evaluated, then checked).
def test_range_evaluates_every_argument_before_testing_them():
    check_program(RANGE_ARGUMENT_ORDER, "f", (None,))


def test_range_with_a_float_argument():
    check_program(RANGE_ARGUMENT_ORDER, "f", (1.5,))


NEGATIVE_TWO_TO_THE_63_FLOAT = """
import pydm


@pydm.jit
def f():
    return -9.223372036854776e+18
"""


# Fixed: only the int literal 2**63 negated is INT64_MIN (typing.py, expressions.py).
def test_float_literal_minus_two_to_the_63():
    check_program(NEGATIVE_TWO_TO_THE_63_FLOAT, "f", ())


UNBOUND_AFTER_SHORT_CIRCUIT = """
import pydm


@pydm.jit
def f(c: int, p: int):
    if c:
        v = 0
    x = p or v
    return v
"""


# Fixed by the frontend redesign (bug (j) of the heap-values issue: which reads
# may find a name unbound is decided on the syntax, where 'or' may skip a read).
def test_unbound_variable_after_a_short_circuited_read():
    check_program(UNBOUND_AFTER_SHORT_CIRCUIT, "f", (0, 1))


def test_unbound_variable_read_by_or():
    check_program(UNBOUND_AFTER_SHORT_CIRCUIT, "f", (0, 0))


# ---------------------------------------------------------------- tuples

FOR_OVER_EMPTY_TUPLE = """
import pydm


@pydm.jit
def f(p):
    for x in ():
        return x
    return p
"""


def test_loop_variable_of_a_for_over_the_empty_tuple():
    check_program(FOR_OVER_EMPTY_TUPLE, "f", (2,))


TUPLE_CONTAINS = """
import pydm


@pydm.jit
def f(x):
    return x in (1, 2.5, None)
"""


@pytest.mark.parametrize("mode", ["jit", "aot"])
def test_tuple_contains(mode):
    check_program(TUPLE_CONTAINS, "f", (2.5,), mode=mode)


TUPLE_METHODS = """
import pydm


@pydm.jit
def f(x):
    t = (1, x, 1)
    return t.count(1) * 10 + t.index(x)
"""


def test_tuple_count_and_index():
    check_program(TUPLE_METHODS, "f", (3,))


TUPLE_DEFAULT = """
import pydm


@pydm.jit
def f(x, t=(1, 2.5)):
    return (x, t)
"""


def test_tuple_default_value():
    check_program(TUPLE_DEFAULT, "f", (1,))


ANNOTATED_TUPLE_DEFAULT = """
import pydm


@pydm.jit
def f(n, t: tuple[()] = (), u: tuple[int, tuple[float, ...]] = (1, (2.5, -0.0))):
    return (n, t, u)
"""


@pytest.mark.parametrize("mode", ["jit", "aot"])
def test_annotated_tuple_default_of_a_loaded_module(mode):
    # found by the fuzzer: a .vmfb's defaults are JSON, whose arrays came back
    # as lists ("argument 't' must be tuple[()], not list")
    check_program(ANNOTATED_TUPLE_DEFAULT, "f", (1,), mode=mode)
    check_program(ANNOTATED_TUPLE_DEFAULT, "f", (1, ()), mode=mode)


TUPLE_PARAMETER_TOWER = """
import pydm


@pydm.jit
def f(t: tuple[int, float]):
    return (t[0], t[1])
"""


def test_annotated_tuple_parameter_with_bool_and_int_elements():
    check_program(TUPLE_PARAMETER_TOWER, "f", ((True, 2),))


# ---------------------------------------------------------------- lists

SORT_ORDER = """
import pydm


@pydm.jit
def f(a):
    return sorted(a)


@pydm.jit
def g(a):
    a.sort()
    return a
"""


# pydm's list_sort follows CPython's timsort comparison for comparison below 64 items
# (found by the program fuzzer: with a NaN, or items that do not order, a merge sort
# compared other pairs).
@pytest.mark.parametrize("fn", ["f", "g"])
def test_sort_with_a_nan_compares_as_cpython(fn):
    check_program(SORT_ORDER, fn, ([1, float("nan"), 0],))


@pytest.mark.parametrize("fn", ["f", "g"])
def test_sort_of_unordered_items_raises_cpythons_type_error(fn):
    check_program(SORT_ORDER, fn, ([0, 1, None, 2],))


def test_sort_of_ordered_items():
    check_program(SORT_ORDER, "f", ([3, 1.5, True, -2, 0.0, 2, -0.0, 0],))
    check_program(SORT_ORDER, "g", ([[2], [1, 5], [1], []],))


# ---------------------------------------------------------------- exceptions and functions (issue 9)

TYPE_COMPARED_WITH_A_BUILTIN = """
import pydm


@pydm.jit
def f(x):
    return (type(x) is float, type(x) == int, type(x // 2) != float)
"""


# Found by the fuzzer after module constants came (bf7d823): the typing pass read the class as a
# global ("the builtin 'float' as a value is not supported"; ahead of time: "the global 'float' is
# not a constant pydm can read ahead of time"). Fixed in 1b2501a (builtins as names).
@pytest.mark.parametrize("mode", ["jit", "aot"])
def test_type_compared_with_a_builtin_class(mode):
    check_program(TYPE_COMPARED_WITH_A_BUILTIN, "f", (1.5,), mode=mode)


NONLOCAL_PARAMETER_OF_ANOTHER_TYPE = """
import pydm


@pydm.jit
def f(x):
    def g():
        nonlocal x
        x = None
    g()
    return x
"""


# Found by the fuzzer: the compile never ended (type inference looped; also None for an int, an int
# for a bool, x + 0.5 for an int). Fixed in efaff2b.
def test_nonlocal_assignment_of_a_parameter_with_another_type():
    check_program(NONLOCAL_PARAMETER_OF_ANOTHER_TYPE, "f", (1,), timeout=60)  # a hang guard: generous under load


NONLOCAL_LOCAL_OF_ANOTHER_TYPE = """
import pydm


@pydm.jit
def f(x):
    y = 1

    def g():
        nonlocal y
        y = x
    g()
    return y
"""


@pytest.mark.parametrize("x", [2.5, None, 7])
def test_nonlocal_assignment_of_a_local_with_another_type(x):
    check_program(NONLOCAL_LOCAL_OF_ANOTHER_TYPE, "f", (x,))


# Found while reducing a fuzzer program: after fn.inspect(stage, 2.5) the call compiled again and
# returned 4612811918334230528 (the float's bits as an int: a function type reused by the later
# compile read the inspect compile's variable types). Fixed in efaff2b.
def test_call_after_inspect_of_a_function_with_a_nonlocal(tmp_path, monkeypatch):
    import importlib
    (tmp_path / "fz_inspect_nonlocal.py").write_text(NONLOCAL_LOCAL_OF_ANOTHER_TYPE.strip() + "\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    mod = importlib.import_module("fz_inspect_nonlocal")
    mod.f.inspect("pydm", 2.5)
    assert mod.f(2.5) == 2.5


CLOSURE_IN_A_FUNCTION_OF_MANY_SPECIALIZATIONS = """
import pydm


@pydm.jit
def f(n, t):
    g = lambda: n
    if n <= 0:
        return g()
    return f(n - 1, t + (1,)) + f(n - 1, t + (1.5,))
"""


# Found by the fuzzer (mutually recursive functions growing tuples, compiled ahead of time): past
# MAX_SPECIALIZATIONS (12) the generic specialization turned the closure's own type into object
# (AttributeError "'PyType' object has no attribute 'outer'" while compiling). Fixed in efaff2b.
def test_closure_in_a_function_with_many_specializations():
    check_program(CLOSURE_IN_A_FUNCTION_OF_MANY_SPECIALIZATIONS, "f", (2, ()))


MINMAX_KEY_CHANGING_THE_LIST = """
import pydm


@pydm.jit
def f(xs):
    def k(a):
        xs[-1] = 100
        return a
    return max(xs, key=k)


@pydm.jit
def g(xs):
    log = []

    def k(a):
        log.append((a, len(xs)))
        xs.pop()
        return a
    return min(xs, key=k), log
"""


# (fixed in the session that found it: a strict xfail until then)
@pytest.mark.parametrize("fn", ["f", "g"])
def test_min_max_with_a_key_function_that_changes_the_list(fn):
    check_program(MINMAX_KEY_CHANGING_THE_LIST, fn, ([1, 2, 3],))


SORT_KEY_OF_A_DYNAMIC_VALUE = """
import pydm


@pydm.jit
def f(c):
    xs = [3, 1, 2] if c else None
    xs.sort(key=lambda a: -a)
    return xs


@pydm.jit
def g(xs):
    xs.sort(key=lambda a: -a)
    return xs
"""


# (fixed in the session that found it: a strict xfail until then)
@pytest.mark.parametrize("fn, args, mode", [("f", (1,), "jit"), ("f", (0,), "jit"), ("g", ([3, 1, 2],), "aot")])
def test_sort_with_a_key_of_a_value_that_may_not_be_a_list(fn, args, mode):
    check_program(SORT_KEY_OF_A_DYNAMIC_VALUE, fn, args, mode=mode)


def test_sort_with_a_key_of_a_list():
    check_program(SORT_KEY_OF_A_DYNAMIC_VALUE, "g", ([3, 1, 2],))


RAISE_OF_AN_UNBOUND_VARIABLE = """
import pydm


@pydm.jit
def f(x: int):
    if x:
        v = ValueError(x)
    raise v


@pydm.jit
def g(x: int):
    try:
        pass
    except ValueError as e:
        pass
    raise e
"""


# (found by the fuzzer's exception values: a read of the unbound variable raises
# UnboundLocalError everywhere but in ``raise``)
# fixed: bindings.py did not count the exception of ``raise`` as a read
@pytest.mark.parametrize("fn, args", [("f", (0,)), ("g", (1,))])
def test_raise_of_an_unbound_variable(fn, args):
    check_program(RAISE_OF_AN_UNBOUND_VARIABLE, fn, args)


def test_raise_of_a_bound_variable():
    check_program(RAISE_OF_AN_UNBOUND_VARIABLE, "f", (3,))


DEL_ITEM_OF_A_NON_LIST = """
import pydm


@pydm.jit
def f(x):
    del x[1]


@pydm.jit
def g(x: int):
    xs = [1, 2] if x else x
    del xs[0:1]
    return xs
"""


# (found by the fuzzer: list_shrink on a variable that holds a list or an int;
# CPython words the message "does not" for an int, "doesn't" for a sequence)
@pytest.mark.parametrize("fn, args", [("f", (1,)), ("f", (None,)), ("g", (0,)), ("f", ((1, 2),)),
                                      ("f", (2.5,))])
def test_del_item_of_a_value_that_is_no_list(fn, args):
    check_program(DEL_ITEM_OF_A_NON_LIST, fn, args)


def test_del_item_of_a_list():
    check_program(DEL_ITEM_OF_A_NON_LIST, "g", (1,))


# Found by the str/dict fuzzing run (seed 8, default settings; the program itself has no
# str/dict code): the compile of f1, whose last statement always raises AttributeError ('int'
# object has no attribute 'count'), crashed in the backend once f0 (mutually recursive, with a
# nested def taking **kwargs) was compiled with it. Reduced with fuzz.reduce from a 2.5 kB
# program. The failing pass was iree-vm-drop-unused-calls (its greedy rewrite needed more
# than 10 iterations; the error named the step after it), no longer in pydm's pipeline
# (tests/platform/test_platform_drop_unused_calls.py).
SCALAR_METHOD_CRASH = """
import pydm


@pydm.jit
def f0(n):
    v0 = f1(n, p0=0)

    def g8(a5, a6=1e309, **a7):
        pass
    v10 = g8(n, n, a7_0=0, a7_1=n)


@pydm.jit
def f1(n, p0):
    if n < 0:
        return 0
    v11 = f0(-1)
    f1(n - 2, 0)
    v11 = 0 .count(0)
"""


@pytest.mark.slow
def test_scalar_method_in_mutual_recursion_compiles():
    check_program(SCALAR_METHOD_CRASH, "f0", (4,))

