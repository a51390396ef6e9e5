"""Programs pydm must reject with a CompileError (tests/exceptions/test_compile_errors.py).

In each function the line where the error must point carries the marker
comment ``# <- error``; the test finds it, so moving code cannot break it.
"""
import pydm


@pydm.jit
def del_cell(n):
    x = n
    f = lambda: x
    del x  # <- error
    return f


@pydm.jit
def raise_unknown_class(n):
    if n > 0:
        raise OSError("x")  # <- error
    return n


@pydm.jit
def raise_unknown_class_bare(n):
    if n > 0:
        raise FileNotFoundError  # <- error
    return n


@pydm.jit
def raise_variable(n):
    cls = ValueError  # <- error
    raise cls


@pydm.jit
def bare_raise_outside_handler(n):
    if n > 0:
        raise  # <- error
    return n


@pydm.jit
def bare_raise_in_try_body(n):
    try:
        raise  # <- error
    except ValueError:
        return 1
    return n


@pydm.jit
def bare_raise_in_else(n):
    try:
        n = n + 1
    except ValueError:
        return 1
    else:
        raise  # <- error
    return n


def callee_with_bare_raise(n):
    raise  # <- error


@pydm.jit
def bare_raise_in_callee(n):
    try:
        raise ValueError(n)
    except ValueError:
        return callee_with_bare_raise(n)


@pydm.jit
def except_unknown_class(n):
    try:
        return 10 // n
    except OSError:  # <- error
        return -1


@pydm.jit
def except_unknown_in_tuple(n):
    try:
        return 10 // n
    except (ZeroDivisionError, OSError):  # <- error
        return -1


def callee_list_default(x, acc=[]):
    acc.append(x)
    return len(acc)


@pydm.jit
def calls_without_list_default(x):
    y = x + 1
    return callee_list_default(y)  # <- error


def callee_dict_default(x, acc=[[0]]):
    return x + len(acc)


@pydm.jit
def calls_without_nested_default(x):
    return callee_dict_default(x)  # <- error


@pydm.jit
def jit_callee_list_default(x, acc=[]):
    acc.append(x)
    return len(acc)


@pydm.jit
def calls_jit_without_list_default(x):
    return jit_callee_list_default(x) + 1  # <- error


@pydm.jit
def raise_keyword_argument(n):
    raise ValueError(n, x=1)  # <- error


@pydm.jit
def raise_star_argument(n):
    t = (n, n)
    raise ValueError(*t)  # <- error
