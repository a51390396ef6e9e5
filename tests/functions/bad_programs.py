"""Programs pydm must reject with a CompileError (tests/functions/test_compile_errors.py).

In each function the line where the error must point carries the marker
comment ``# <- error``; the test finds it, so moving code cannot break it.
A ``global`` statement lives in ``bad_global.py`` (checked per file).
"""
import pydm

GLOBAL_LIST = [1, 2]
GLOBAL_DICT = {1: 2}
GLOBAL_TUPLE_WITH_LIST = (1, [2])


def callee_list_default(a, acc=[]):  # noqa: B006
    acc.append(a)
    return acc


def takes_two(a, b):
    return a + b


def takes_rest(a, *rest):
    return a + len(rest)


@pydm.jit
def calls_with_star_list(n):
    xs = [n, n]
    return takes_rest(*xs, n)  # <- error


@pydm.jit
def compares_method_values(n):
    xs = [n]
    return xs.append == xs.append  # <- error


@pydm.jit
def method_value_keywords(n):
    split = str(n).split
    return split(sep="1")  # <- error


@pydm.jit
def calls_with_double_star(n):
    d = {"a": n, "b": n}
    return takes_two(**d)  # <- error


@pydm.jit
def calls_without_list_default(n):
    return callee_list_default(n)  # <- error


@pydm.jit
def class_in_function(n):
    class C:  # <- error
        pass
    return n


@pydm.jit
def lambda_in_comprehension(n):
    fs = [lambda: i for i in range(n)]  # <- error
    return len(fs)


@pydm.jit
def lambda_in_comprehension_condition(n):
    return [i for i in range(n) if (lambda v: v > 1)(i)]  # <- error


@pydm.jit
def lambda_in_generator(n):
    return sum((lambda: i)() for i in range(n))  # <- error


@pydm.jit
def reads_global_list(n):
    return GLOBAL_LIST[0] + n  # <- error


@pydm.jit
def reads_global_dict(n):
    if n > 0:
        return n
    return GLOBAL_DICT  # <- error


@pydm.jit
def reads_global_tuple_with_list(n):
    return GLOBAL_TUPLE_WITH_LIST[0]  # <- error


@pydm.jit
def closure_reads_global_list(n):
    g = lambda: GLOBAL_LIST  # <- error  # noqa: E731
    return len(g()) + n


