"""The compiled programs of tests/functions (issue 9: the function model).

A plain module, not a test file: pytest rewrites ``assert`` statements in test
modules. Helpers without ``@pydm.jit`` are compiled with the jit function that
calls them; on the CPython side (``conformance.harness.reference``) everything
is plain Python.

Each program takes small arguments that pick the path (``k``) or the data, so
one compiled function covers many cases (the tests parametrize the argument
sets; each distinct compiled function costs compile time).
"""
import pydm

# ====================================================================== module constants

N = 2 ** 10
HALF = 0.5
NEG = -7
FLAG = True
OFF = False
NOTHING = None
PAIR = (1, 2.5)
MIXED = (N, HALF, None, True, (NEG, ()))
EMPTY = ()
WORDS = ("the", "quick", "br\u00f6wn", "\U0001f600", "")
TABLE = ((1, "one"), (2, "two"), (3, "three"), (4, 2.5))
LIMIT = N // 3 + NEG
INF = float("inf")
TINY = 5e-324
NEG_ZERO = -0.0

# ====================================================================== module-level helpers (undecorated)


def apply(f, x):
    return f(x)


def apply2(f, x, y):
    return f(x, y)


def twice(f, x):
    return f(f(x))


def two_args(a, b=1):
    return a + b


def no_args():
    return 42


def helper_with_closure(n):
    """An undecorated helper that itself builds closures and uses key=."""
    scale = n + 1

    def mul(v):
        return v * scale
    xs = [mul(i) for i in range(4)]
    return sorted(xs, key=lambda v: -v), apply(mul, 2)


def helper_chain(n):
    return helper_with_closure(n)[1] + apply(lambda v: v - 1, n)


def plain_closure_user(n, m):
    total = 0

    def add(v):
        nonlocal total
        total += v
        return total
    for i in range(n):
        add(i * m)
    return total, (lambda: total * 2)()


plain_closure_user_jit = pydm.jit(plain_closure_user)

# ====================================================================== nested functions


@pydm.jit
def nested_direct(n):
    def inner(a, b):
        return a * b + n

    def no_params():
        return n - 1

    def returns_none(a):
        a + 1
    return inner(n, 2), inner(1, n), no_params(), returns_none(n), inner(HALF, n)


@pydm.jit
def nested_fact(n):
    def fact(k):
        if k <= 1:
            return 1
        return k * fact(k - 1)
    return fact(n), fact(3)


@pydm.jit
def nested_fib(n):
    calls = [0]

    def fib(k):
        calls[0] += 1
        return k if k < 2 else fib(k - 1) + fib(k - 2)
    return fib(n), calls


@pydm.jit
def nested_mutual(n):
    def is_even(k):
        return True if k == 0 else is_odd(k - 1)

    def is_odd(k):
        return False if k == 0 else is_even(k - 1)
    return is_even(n), is_odd(n)


@pydm.jit
def nested_three_levels(a, b):
    def f1(x):
        c = x * 10

        def f2(y):
            def f3(z):
                return (a, b, x, y, z, c, a + b + x + y + z + c)
            return f3(y + 1)
        return f2(x + a)
    return f1(b), f1(a)


@pydm.jit
def nested_nonlocal_deep(n):
    total = 0
    trace = []

    def f1(k):
        def f2(j):
            nonlocal total
            total += j * k
            trace.append(total)
        for j in range(k):
            f2(j)
    for k in range(n):
        f1(k)
    return total, trace


@pydm.jit
def nested_shadowing(n):
    x = n

    def param_shadows(x):
        return x * 2

    def local_shadows():
        x = 100
        return x

    def reads_outer():
        return x + 1
    a = param_shadows(3)
    b = local_shadows()
    c = reads_outer()
    return a, b, c, x


@pydm.jit
def nested_recursion_with_closure(n, step):
    out = []

    def walk(k):
        if k <= 0:
            return 0
        out.append(k)
        return k + walk(k - step)
    return walk(n), out


@pydm.jit
def nested_recursion_own_cells(n):
    """Each recursive call has its own cell for ``x``."""
    def rec(k):
        if k == 0:
            return []
        x = k
        g = lambda: x  # noqa: E731
        r = rec(k - 1)
        x = -k
        return r + [g()]
    return rec(n)


@pydm.jit
def nested_def_conditional(c, n):
    if c:
        def f(v):
            return v + 1
    else:
        def f(v):
            return (v, c)
    return f(n)


@pydm.jit
def nested_called_before_def(k):
    if k == 0:
        return g(1)  # UnboundLocalError

    def g(v):
        return v * 2

    def h():
        return later(3)  # NameError (free variable) when k == 1
    if k == 1:
        return h()

    def later(v):
        return v
    return g(k), h()


@pydm.jit
def nested_shadows_module_helper(n):
    def two_args(a):
        return -a
    return two_args(n)


@pydm.jit
def nested_misc(n):
    g = lambda m: [i * m for i in range(n)]  # noqa: E731
    xs = [n]
    f = lambda: xs  # noqa: E731
    ys = f()
    zs = (lambda: [n, n])()
    fs = []
    for i in range(3):
        def h(v, i=0):
            return v + i
        fs.append(h)
    return g(2), (lambda: sum([i for i in range(n)]))(), ys, ys is xs, zs, [f(10) for f in fs]


@pydm.jit
def closure_in_try_finally(n):
    log = []
    x = 0

    def rd():
        return x
    try:
        x = 10 // n
    except ZeroDivisionError:
        x = -1
    finally:
        log.append(rd())
    return x, log, rd()


@pydm.jit
def dispatch_raises(i, n):
    fs = [lambda v: 10 // v, lambda v: [1, 2][v]]
    try:
        return fs[i](n)
    except ZeroDivisionError:
        return -1


@pydm.jit
def nested_raises(n):
    def div(a):
        return 10 // a

    def checked(a):
        if a < 0:
            raise ValueError(a, -a)
        return div(a)
    try:
        r = checked(n)
    except ZeroDivisionError:
        r = -1
    return r


# ====================================================================== closures


@pydm.jit
def late_binding(n):
    x = 1
    g = lambda: x  # noqa: E731
    a = g()
    x = n
    return a, g()


@pydm.jit
def late_binding_def(n):
    x = n

    def g():
        return x * 2
    first = g()
    for i in range(3):
        x += i
    return first, g(), x


@pydm.jit
def loop_lambdas(n):
    fs = []
    for i in range(n):
        fs.append(lambda: i)
    return [f() for f in fs]


@pydm.jit
def loop_defs_then_rebind(n):
    fs = []
    for i in range(n):
        def g():
            return i * i
        fs.append(g)
    i = -5
    return [f() for f in fs]


@pydm.jit
def loop_while_closure(n):
    fs = []
    k = 0
    while k < n:
        k += 1
        fs.append(lambda v: v + k)
        if k == 4:
            break
    return [f(10) for f in fs], k


@pydm.jit
def nonlocal_counter(n):
    c = 0

    def inc(step):
        nonlocal c
        c += step
        return c
    out = []
    for i in range(n):
        out.append(inc(i))
    return c, out


@pydm.jit
def closure_factory_independent(n):
    def make():
        c = 0

        def inc():
            nonlocal c
            c += 1
            return c
        return inc
    a = make()
    b = make()
    r = [a(), a(), b()]
    for _ in range(n):
        b()
    return r, a(), b()


@pydm.jit
def nonlocal_accumulator(xs):
    acc = []
    total = 0

    def add(v):
        nonlocal total
        acc.append(v)
        total += v
        return len(acc)

    def reset():
        nonlocal acc
        old = acc
        acc = []
        return old
    for v in xs:
        add(v)
    first = reset()
    add(7)
    return first, acc, total


@pydm.jit
def nonlocal_rebind_list(n):
    acc = []
    total = 0

    def add(v):
        nonlocal total
        acc.append(v)
        total = total + v
        return len(acc)

    def reset():
        nonlocal acc
        old = acc
        acc = []
        return old
    for i in range(n):
        add(i)
    first = reset()
    add(7)
    return first, acc, total


@pydm.jit
def cell_changes_type(n):
    x = 1
    g = lambda: x  # noqa: E731
    a = g()
    x = 2.5 if n > 0 else (None if n == 0 else (n, HALF))
    return a, g()


@pydm.jit
def cell_shared_by_two_closures(n):
    v = n

    def get():
        return v

    def put(w):
        nonlocal v
        v = w
    put(n + 1)
    a = get()
    put(get() * 2)
    return a, get(), v


@pydm.jit
def closures_nested_loops(n):
    fs = []
    for i in range(n):
        for j in range(2):
            fs.append(lambda: (i, j))
    return [f() for f in fs]


@pydm.jit
def nonlocal_two_levels_returned(n):
    def outer():
        x = n

        def mid():
            def inner():
                nonlocal x
                x += 1
                return x
            return inner
        return mid()
    f = outer()
    return f(), f(), outer()(), f()


@pydm.jit
def closure_over_param(n):
    g = lambda: n  # noqa: E731
    before = g()
    n += 1
    return before, g(), n


@pydm.jit
def closure_over_list(n):
    xs = [n]
    g = lambda: xs  # noqa: E731
    xs.append(n + 1)
    ys = g()
    ys.append(0)
    return xs, g() is xs, len(xs)


@pydm.jit
def closure_free_before_bound(n):
    def g():
        return y
    if n > 0:
        y = n
    return g()


@pydm.jit
def closure_free_before_bound_lambda(n):
    g = lambda: y * 2  # noqa: E731
    r = 0
    if n > 1:
        r = g()
    y = n
    return r, g()


@pydm.jit
def outer_reads_captured_before_assignment(n):
    g = lambda: y  # noqa: E731
    if n > 0:
        y = n
    return y, g()


@pydm.jit
def nonlocal_sets_outer(n):
    def setter():
        nonlocal y
        y = n * 2
    if n > 0:
        setter()
    r = y
    y = 0
    return r, y


@pydm.jit
def closure_in_comprehension(xs, m):
    def scale(v):
        return v * m
    return [scale(v) for v in xs], [v + m for v in xs if v > m]


@pydm.jit
def closure_reads_globals(n):
    def g(v):
        return v + N + NEG

    h = lambda: (PAIR, FLAG, NOTHING)  # noqa: E731
    return g(n), h()


@pydm.jit
def closure_nonlocal_try(n):
    log = []

    def risky(v):
        nonlocal log
        log.append(v)
        return 100 // v
    total = 0
    for v in range(n, -2, -1):
        try:
            total += risky(v)
        except ZeroDivisionError:
            log.append(-99)
    return total, log


# ====================================================================== lambdas


@pydm.jit
def lambda_defaults(n):
    f = lambda x, y=2: x * y  # noqa: E731
    g = lambda x=1.5, y=None, z=(1, 2), w=True: (x, y, z, w)  # noqa: E731
    return f(n), f(n, 3), f(y=4, x=n), f(n, y=-1), g(), g(n), g(z=(), x=n), g(n, n, n, n)


@pydm.jit
def lambda_negative_default(n):
    f = lambda x, y=-1: x * y  # noqa: E731
    return f(n), f(n, 2)


@pydm.jit
def nested_def_defaults(n):
    def inner(a, b=10, c=0.5):
        return a + b * c
    return inner(n), inner(n, 2), inner(n, c=4), inner(c=1, a=n), inner(b=n, a=1, c=2)


@pydm.jit
def keyword_calls(n):
    def inner(a, b):
        return (a, b)
    return inner(b=1, a=2), inner(n, b=n + 1), inner(a=n, b=0), two_args(b=n, a=3), two_args(a=n)


@pydm.jit
def immediate_lambdas(n):
    a = (lambda v: v + 1)(n)
    b = (lambda: n * 2)()
    c = (lambda x, y=3: x - y)(n)
    d = (lambda x: lambda y: x + y)(n)(10)
    e = (lambda x: (x, -x))(n)
    return a, b, c, d, e


@pydm.jit
def lambda_recursive(n):
    fact = lambda k: 1 if k <= 1 else k * fact(k - 1)  # noqa: E731
    return fact(n)


@pydm.jit
def lambda_conditional_body(n):
    sign = lambda v: -1 if v < 0 else (0 if v == 0 else 1)  # noqa: E731
    clamp = lambda v, lo=0, hi=10: lo if v < lo else (hi if v > hi else v)  # noqa: E731
    return sign(n), clamp(n), clamp(n, -3, 3), sign(n * 0.5)


# ====================================================================== function values


@pydm.jit
def apply_lambdas(n, m):
    def inner(v):
        return v - m
    return (apply(lambda v: v + 1, n), apply(lambda v: v * m, n), apply(inner, n),
            apply(lambda v: (v, v), n), twice(lambda v: v * 2, n), apply2(lambda a, b: a - b, n, m),
            twice(inner, n))


@pydm.jit
def choose_lambda(c, n):
    f = (lambda x: x + 1) if c else (lambda x: x * 2)
    return f(n), [f(v) for v in range(n)]


@pydm.jit
def choose_lambda_passed(c, n):
    f = (lambda x: x + 1) if c else (lambda x: x * 2)
    return apply(f, n)


@pydm.jit
def choose_def_or_lambda(k, n):
    def sq(v):
        return v * v
    if k == 0:
        f = sq
    elif k == 1:
        f = lambda v: v - n  # noqa: E731
    else:
        f = lambda v: (v, n)  # noqa: E731
    return f(n)


@pydm.jit
def funcs_in_list(i, x):
    def inner(v):
        return v - 1
    fs = [lambda v: v + 1, lambda v: v * 2, inner]
    return fs[i](x)


@pydm.jit
def funcs_in_tuple(i, x):
    fs = (lambda v: v, lambda v: -v, lambda v: v * v)
    return fs[i](x), [f(x) for f in fs]


@pydm.jit
def funcs_mixed_results(i, x):
    fs = [lambda v: v + 1, lambda v: v * 0.5, lambda v: None, lambda v: (v,)]
    return fs[i](x)


@pydm.jit
def funcs_list_mutated(n):
    fs = [lambda v: v + 1]
    fs.append(lambda v: v * 3)
    fs[0] = lambda v: v - 10
    out = []
    for f in fs:
        out.append(f(n))
    fs.reverse()
    return out, fs[0](n), len(fs)


@pydm.jit
def make_adder_nested(n):
    def make_adder(k):
        def add(v):
            return v + k
        return add
    add3 = make_adder(3)
    return make_adder(3)(4), add3(n), make_adder(n)(n), apply(make_adder(-1), n)


@pydm.jit
def closure_from_callee(n):
    f = compose(lambda v: v + 1, lambda v: v * 10)
    return f(n)


def compose(f, g):
    return lambda x: f(g(x))


@pydm.jit
def rebind_function_variable(n):
    f = lambda v: v + 1  # noqa: E731
    a = f(n)
    f = lambda v: v * 100  # noqa: E731
    return a, f(n)


@pydm.jit
def jit_apply(f, x):
    return f(x)


def call_all(fs, x):
    return [f(x) for f in fs]


@pydm.jit
def values_misc(n):
    f, g = (lambda v: v + 1, lambda v: v - 1)
    m = n

    def call_it(h, v):
        return h(v)
    fs = [lambda x: x + m, lambda x: x * m]
    fss = [[lambda x: x + 1], [lambda x: x * 5]]
    m = 10
    return (jit_apply(lambda v: v * 3, n), f(n), g(n), call_it(lambda v: v * 2, n),
            apply(f=lambda v: v + 7, x=n), apply(x=n, f=lambda v: -v), call_all(fs, n),
            fss[1][0](n), fss[0][0](n))


@pydm.jit
def dispatch_with_defaults(i, n):
    fs = [lambda x, y=1: x * 10 + y, lambda x: -x]
    return fs[i](n), fs[i](x=n)


@pydm.jit
def lambdas_passed_inside_lambdas(n):
    return apply(lambda v: apply(lambda w: w + v, v * 2), n), twice(lambda v: apply(lambda w: w * 3, v), n)


@pydm.jit
def returns_closure(n):
    return lambda: n


@pydm.jit
def returns_nested_def(n):
    def g(v):
        return v + n
    return g


@pydm.jit
def returns_list_of_lambdas(n):
    return [lambda: n]


@pydm.jit
def returns_tuple_with_lambda(n):
    return (n, lambda: n)


# ====================================================================== calling errors


@pydm.jit
def call_not_callable(k, n):
    xs = [1]
    ys = [2.5, None, (1, 2)]
    if k == 0:
        return xs[0](n)
    if k == 1:
        return ys[0](n)
    if k == 2:
        return ys[1]()
    if k == 3:
        return ys[2](n, n)
    return n


@pydm.jit
def call_int_parameter(k, n):
    if k == 0:
        return n(1)
    return n


@pydm.jit
def call_errors(k):
    def inner(a, b):
        return a - b
    f = lambda x: x  # noqa: E731
    z = lambda: 0  # noqa: E731
    d = lambda x, y=2: x + y  # noqa: E731
    if k == 0:
        return inner(1)
    if k == 1:
        return inner()
    if k == 2:
        return inner(1, 2, 3)
    if k == 3:
        return f(1, 2)
    if k == 4:
        return z(1)
    if k == 5:
        return d()
    if k == 6:
        return d(1, 2, 3)
    if k == 7:
        return inner(1, c=2)
    if k == 8:
        return inner(1, a=2)
    if k == 9:
        return two_args(1, 2, 3)
    if k == 10:
        return two_args()
    if k == 11:
        return two_args(b=1)
    if k == 12:
        return two_args(1, 2, b=3)
    if k == 13:
        return f(y=1)
    if k == 14:
        return inner(1, 2, c=3)
    if k == 15:
        return f(1, 2, y=3)
    if k == 16:
        return apply(f)
    if k == 17:
        return inner(b=1)
    if k == 18:
        return no_args(1)
    if k == 19:
        return z(1, 2)
    if k == 20:
        return d(1, 2, x=3)
    return inner(a=1, b=k)


def helper_with_bad_call(k):
    def inner(a):
        return a
    return inner() if k else inner(1)


@pydm.jit
def call_errors_deep_qualnames(k):
    def g():
        def h(a):
            return a
        f = lambda b: b  # noqa: E731
        if k == 0:
            return h()
        if k == 1:
            return f()
        return h(1, 2)
    if k == 3:
        return helper_with_bad_call(1)
    if k == 4:
        return helper_with_bad_call(0)
    return g()


@pydm.jit
def call_errors_dispatch(i, n):
    fs = [lambda: 0, lambda x: x, lambda x, y: x + y, lambda x, y=1: x * y]
    return fs[i](n)


@pydm.jit
def call_error_caught(k):
    def inner(a, b=1):
        return a * b
    try:
        if k == 0:
            return inner()
        return inner(k)
    except TypeError:
        return -1


# ====================================================================== key=


# Sorting with a key costs about a second of compile time per compiled
# function, so the sorting programs are few and pick a case with ``k``
# (the names below are the test ids).

SORTED_CASES = ["mod_key", "mod_key_reverse", "neg_key", "key_none", "key_none_reverse", "nested_def_key",
                "nested_def_key_reverse", "closure_factory_key", "closure_factory_key_neg", "list_keys",
                "bool_keys", "bool_keys_reverse", "mixed_int_float_keys", "mixed_int_float_keys_reverse",
                "key_raises", "key_counts_calls", "key_sees_list", "key_variable", "key_variable_reverse",
                "key_with_default", "key_two_params", "key_no_params_min"]


@pydm.jit
def sorted_int_keys(k, xs, m):
    """``sorted(xs, key=...)`` on an int list, case ``SORTED_CASES[k]``."""
    def dist(v):
        return abs(v - m)

    def make_key(sign):
        return lambda v: sign * (v % m)
    calls = []

    def counting(v):
        calls.append(len(xs))
        return -v
    kv = lambda v: v % 3  # noqa: E731
    if k == 0:
        return sorted(xs, key=lambda v: v % m)
    if k == 1:
        return sorted(xs, key=lambda v: v % m, reverse=True)
    if k == 2:
        return sorted(xs, key=lambda v: -v)
    if k == 3:
        return sorted(xs, key=None)
    if k == 4:
        return sorted(xs, key=None, reverse=True)
    if k == 5:
        return sorted(xs, key=dist)
    if k == 6:
        return sorted(xs, reverse=True, key=dist)
    if k == 7:
        return sorted(xs, key=make_key(1))
    if k == 8:
        return sorted(xs, key=make_key(-1))
    if k == 9:
        return sorted(xs, key=lambda v: [v % 2, -v])
    if k == 10:
        return sorted(xs, key=lambda v: v > m)
    if k == 11:
        return sorted(xs, key=lambda v: v > m, reverse=True)
    if k == 12:
        return sorted(xs, key=lambda v: v * 0.5 if v % 2 else v // 2)
    if k == 13:
        return sorted(xs, key=lambda v: v * 0.5 if v % 2 else v // 2, reverse=True)
    if k == 14:
        return sorted(xs, key=lambda v: 100 // (v - m))
    if k == 15:
        return sorted(xs, key=counting), calls
    if k == 16:
        return sorted(xs, key=counting), calls, xs
    if k == 17:
        return sorted(xs, key=kv)
    if k == 18:
        return sorted(xs, key=kv, reverse=True)
    if k == 19:
        return sorted(xs, key=lambda v, w=3: v % w)
    if k == 20:
        return sorted(xs, key=lambda a, b: 0)
    return min(xs, key=lambda: 0, default=None)


SORT_CASES = ["mod_key", "key_none", "key_raises", "incomparable_keys", "key_sees_list", "key_appends",
              "key_two_params", "tuple_key"]


@pydm.jit
def sort_in_place(k, xs, m, r):
    """``xs.sort(key=..., reverse=r)`` on an int list, case ``SORT_CASES[k]``;
    the list after the call is compared too."""
    seen = []

    def sees(v):
        seen.append(len(xs))
        return v

    def appends(v):
        if len(xs) < 8:  # unbounded, this made pydm loop for ever
            xs.append(v)
        return v
    if k == 0:
        xs.sort(key=lambda v: v % m, reverse=r)
    elif k == 1:
        xs.sort(key=None, reverse=r)
    elif k == 2:
        xs.sort(key=lambda v: 100 // (v - m), reverse=r)
    elif k == 3:
        xs.sort(key=lambda v: v if v > m else None, reverse=r)
    elif k == 4:
        # CPython empties the list while the sort runs: the key sees len(xs) == 0
        xs.sort(key=sees, reverse=r)
    elif k == 5:
        # CPython: ValueError('list modified during sort'), the appended items dropped
        xs.sort(key=appends, reverse=r)
    elif k == 6:
        xs.sort(key=lambda a, b: 0, reverse=r)
    else:
        xs.sort(key=lambda v: (v % m, -v), reverse=r)
    return xs, seen


@pydm.jit
def sort_tuple_keys(ps, r):
    a = sorted(ps, key=lambda p: (p[1], -p[0]))
    ps.sort(key=lambda p: (p[0] % 2, p[1]), reverse=r)
    return a


@pydm.jit
def sort_float_items(xs, r):
    ys = sorted(xs, key=lambda v: -v, reverse=r)
    xs.sort(key=lambda v: v)
    return ys


@pydm.jit
def key_dispatch_value(xs, r):
    k = (lambda v: v) if r else (lambda v: -v)
    return sorted(xs, key=k)


MINMAX_CASES = ["min_mod_key", "max_mod_key", "min_neg_key", "max_tuple_key", "min_default", "max_default",
                "min_empty", "max_empty", "min_args", "max_args", "min_two_args", "max_two_args", "min_key_none",
                "max_key_none", "min_identity_key", "max_identity_key", "min_neg_identity_key", "min_key_raises",
                "max_incomparable_keys", "min_closure_factory_key"]


@pydm.jit
def minmax_cases(k, xs, m, di):
    """min/max with key=, case ``MINMAX_CASES[k]``; the default is ``(None, 0, 2.5, 7)[di]``
    (one compiled function for every default)."""
    d = (None, 0, 2.5, 7)[di]
    seen = []

    def key(v):
        seen.append(v)
        return 10 // v

    def make_key(sign):
        return lambda v: sign * (v % m)
    if k == 0:
        return min(xs, key=lambda v: v % m)
    if k == 1:
        return max(xs, key=lambda v: v % m)
    if k == 2:
        return min(xs, key=lambda v: -v)
    if k == 3:
        return max(xs, key=lambda v: (v % m, v))
    if k == 4:
        return min(xs, key=lambda v: -v, default=d)
    if k == 5:
        return max(xs, key=lambda v: -v, default=d)
    if k == 6:
        return min(xs, key=lambda v: v)
    if k == 7:
        return max(xs, key=lambda v: v)
    if k == 8:
        return min(xs[0], xs[1], xs[2], key=lambda v: abs(v))
    if k == 9:
        return max(xs[0], xs[1], xs[2], key=lambda v: abs(v))
    if k == 10:
        return min(xs[0], xs[1], key=lambda v: v % m)
    if k == 11:
        return max(xs[0], xs[1], key=lambda v: -v)
    if k == 12:
        return min(xs, key=None)
    if k == 13:
        return max(xs, key=None)
    if k == 14:
        return min(xs, key=lambda v: v)
    if k == 15:
        return max(xs, key=lambda v: v)
    if k == 16:
        return min(xs, key=lambda v: -v)
    if k == 17:
        try:
            return min(xs, key=key), seen
        except ZeroDivisionError:
            return None, seen
    if k == 18:
        return max(xs, key=lambda v: v if v > m else None)
    return min(xs, key=make_key(-1))


# ====================================================================== globals


@pydm.jit
def read_globals(n):
    return (N + n, HALF * n, FLAG, OFF, NOTHING, PAIR, MIXED, EMPTY, NEG, LIMIT, INF, TINY,
            NEG_ZERO, MIXED[4][0], PAIR[n % 2])


@pydm.jit
def global_index(n):
    return MIXED[n]


@pydm.jit
def global_tables(n):
    # module-level tuples read in a loop: kept per module instance after the first read
    out = []
    total = 0
    for i in range(n):
        w = WORDS[i % len(WORDS)]
        k, name = TABLE[i % 4]
        out.append((w, name, len(w) + k))
        total += len(TABLE[i % 4][1]) if i % 4 != 3 else 0
    return out, total, WORDS is WORDS, TABLE[0] is TABLE[0], WORDS == tuple(WORDS), MIXED is MIXED, PAIR[1]


@pydm.jit
def global_or_undefined(x):
    return x or undefined_name  # noqa: F821


@pydm.jit
def call_undefined(n):
    if n > 0:
        return n
    return undefined_function(n)  # noqa: F821


@pydm.jit
def undefined_in_closure(n):
    g = lambda: undefined_name_too  # noqa: E731, F821
    if n > 0:
        return n
    return g()


@pydm.jit
def global_shadowed_by_local(n):
    if n > 0:
        N = n
    return N


@pydm.jit
def global_in_branches(n):
    if n > LIMIT:
        return N
    if FLAG and n < NEG:
        return NOTHING
    return PAIR


# ====================================================================== helpers, jit API, defaults


@pydm.jit
def calls_helpers(n):
    return helper_with_closure(n), helper_chain(n), two_args(n), no_args()


@pydm.jit
def acc_default(v, acc=[]):  # noqa: B006 - the shared default is the point
    add = lambda: acc.append(v)  # noqa: E731
    add()
    return len(acc)


def acc_default_py(v, acc=[]):  # noqa: B006 - identical plain twin
    add = lambda: acc.append(v)  # noqa: E731
    add()
    return len(acc)


# ====================================================================== *args, keyword-only, positional-only
#
# Being added while these tests were written: the tests accept either CPython's
# behaviour or a CompileError at the line marked ``# <- signature``.


def callee_star_args(a, *args):  # <- signature
    return a, args


def callee_keyword_only(a, *, b=1, c):  # <- signature
    return a, b, c


def callee_positional_only(a, /, b=2):  # <- signature
    return a, b


@pydm.jit
def calls_star_args(k, n):
    if k == 0:
        return callee_star_args(n), callee_star_args(n, 2.5), callee_star_args(n, None, (n,))
    if k == 1:
        return callee_star_args()
    if k == 2:
        return callee_star_args(a=n)
    return callee_star_args(n, a=n)


@pydm.jit
def calls_keyword_only(k, n):
    if k == 0:
        return callee_keyword_only(n, c=2), callee_keyword_only(c=n, a=0, b=n)
    if k == 1:
        return callee_keyword_only(n)
    if k == 2:
        return callee_keyword_only(n, 2, c=1)
    if k == 3:
        return callee_keyword_only(n, 2)
    return callee_keyword_only(n, d=1, c=1)


@pydm.jit
def calls_positional_only(k, n):
    if k == 0:
        return callee_positional_only(n), callee_positional_only(n, 5), callee_positional_only(n, b=n)
    if k == 1:
        return callee_positional_only(a=n)
    if k == 2:
        return callee_positional_only(n, 1, 2)
    return callee_positional_only()


@pydm.jit
def nested_star_args(k, n):
    def inner(*args):  # <- signature
        return args

    def total(first, *rest):
        s = first
        for v in rest:
            s += v
        return s
    if k == 0:
        return inner(), inner(n), inner(n, n + 1), total(n), total(n, 1, 2, 3)
    if k == 1:
        return total()
    return inner(x=n)


@pydm.jit
def nested_keyword_only(k, n):
    def inner(a, *, b):  # <- signature
        return a - b
    if k == 0:
        return inner(n, b=1), inner(b=n, a=1)
    if k == 1:
        return inner(n)
    return inner(n, 1)


@pydm.jit
def lambda_star_and_keyword_only(k, n):
    f = lambda *a: a  # <- signature  # noqa: E731
    g = lambda *, key=1: key  # noqa: E731
    if k == 0:
        return f(), f(n, n), g(), g(key=n)
    if k == 1:
        return g(n)
    return f(a=1)


# ====================================================================== **kwargs


def callee_star_kwargs(a, b=2, **kw):
    return a, b, kw


def callee_everything(a, /, b, *args, c, d=4, **kw):
    total = 0
    for k, v in kw.items():
        total += v
    return a, b, args, c, d, kw, total, "a" in kw, kw.get("x", -1)


@pydm.jit
def calls_star_kwargs(k, n):
    if k == 0:
        return callee_star_kwargs(n), callee_star_kwargs(n, 3), callee_star_kwargs(n, x=n, y=2.5)
    if k == 1:
        return callee_star_kwargs(b=n, a=1, z=None), callee_star_kwargs(n, zz=(n,), b=0, aa="s")
    if k == 2:
        return callee_star_kwargs(n, a=n)  # a named twice: TypeError, not a key
    if k == 3:
        return callee_star_kwargs(x=n)  # missing a
    if k == 4:
        return callee_star_kwargs(n, 1, 2)  # too many positional
    if k == 5:
        kw = callee_star_kwargs(n, q=1)[2]
        kw["r"] = 2
        return kw, len(kw), list(kw), kw == {"q": 1, "r": 2}
    if k == 6:
        return callee_everything(1, 2, c=3), callee_everything(n, n, 7, 8, c=1, a=5, x=n, y=2)
    if k == 7:
        return callee_everything(1, b=2, c=3, d=5, e=6)
    return callee_everything(1, 2)  # missing keyword-only c


@pydm.jit
def nested_star_kwargs(k, n):
    def inner(**kw):
        return kw

    def scale(x, **opts):
        return x * opts.get("factor", 1) + len(opts)
    if k == 0:
        return inner(), inner(a=n), inner(b=n, a=1.5), scale(n), scale(n, factor=3), scale(x=n, factor=2, z=0)
    if k == 1:
        return inner(n)  # positional to a **kw-only function
    f = lambda *a, **kw: (a, kw)  # noqa: E731
    g = lambda **kw: sorted(kw.items())  # noqa: E731
    return f(), f(n, k=n), g(b=2, a=n), g()


@pydm.jit
def kwargs_function_values(n):
    fs = [lambda **kw: kw, lambda a=1, **kw: (a, kw)]
    out = []
    for g in fs:  # a dynamic call: each function value binds the keywords its own way
        out.append(g(a=n, b=2))
        out.append(g())

    def key(x, **kw):
        return -x, len(kw)
    return out, sorted([3, 1, n], key=key)


@pydm.jit
def kwargs_values_through_calls(n):
    def pick(**kw):
        return kw

    def forward(key, **kw):
        got = pick(first=key)
        got.update(kw)
        return got
    out = []
    for i in range(n):
        out.append(forward(i, twice=i * 2, name="x" * i))
    return out


# ====================================================================== f(*xs) with a tuple of known length


def spread(a, b=2, *rest, c=3, **kw):
    return a, b, rest, c, kw


@pydm.jit
def calls_with_star_tuples(k, n):
    t = (n, 2.5)
    if k == 0:
        return spread(*t), spread(1, *t, 9), spread(*(), a=n), spread(*t, *t, c=None), spread(*(n,), z=1)
    if k == 1:
        def forward(*args):  # the usual wrapper: its *args is a tuple of known length per call
            return spread(*args)
        return forward(n), forward(n, 1, 2, 3), (lambda *a: spread(*a, c=0))(n, n)
    if k == 2:
        return spread(*t, b=1)  # b twice: TypeError when the call runs
    if k == 3:
        return spread(*())  # missing a
    fs = [spread, lambda *a: a]
    out = []
    for f in fs:  # a dynamic call binds the items per function too
        out.append(f(*t))
    return out


# ====================================================================== defaults evaluated at def


@pydm.jit
def nested_list_default(n):
    def inner(a, acc=[]):  # noqa: B006 - shared between calls, as CPython
        acc.append(a)
        return len(acc)
    out = []
    for i in range(n):
        out.append(inner(i))
    return out


@pydm.jit
def lambda_default_from_variable(n):
    fs = []
    for i in range(n):
        fs.append(lambda i=i: i)
    return [f() for f in fs]


@pydm.jit
def nested_default_expression(n):
    def inner(a, b=n + 1):
        return a + b
    n = 100  # the default was evaluated when the def ran
    return (inner(n, 2), inner(n))


@pydm.jit
def defaults_late_and_keyword_only(n):
    k = n + 1

    def f(x, y=k * 2, *, z=[k]):  # noqa: B006
        return x + y + z[0]
    k = 100
    g = lambda a, b=k: a + b  # noqa: E731
    return (f(1), f(1, 2), f(1, z=[5]), g(1), g(1, 1))


@pydm.jit
def default_list_per_def(n):
    fs = []
    for i in range(n):
        def f(acc=[]):  # noqa: B006 - a new list each time the def runs
            acc.append(i)
            return len(acc)
        fs.append(f)
    return [h() for h in fs] + ([fs[0]()] if fs else [])


@pydm.jit
def default_in_key(xs, m):
    return sorted(xs, key=lambda x, m=m: x % m)


@pydm.jit
def default_raises_at_def(n):
    def f(x, y=10 // n):
        return x + y
    return f(1)


@pydm.jit
def default_through_dispatch(n):
    fs = [lambda x, y=[n]: x + y[0], lambda x, y=n * 2: x * y]
    return [f(3) for f in fs] + [fs[n % 2](1)]


@pydm.jit
def keys_group(k: int, a0, b0, c0, a1, b1, c1, d1, a2, b2, a3, b3, a4, b4, a5, b5, c5, d5):
    # the key= programs of test_keys.py in one compile (tests/batching.py Batch): a
    # compile is mostly the sort and the runtime library's object code they share
    if k == 0:
        return sorted_int_keys(a0, b0, c0)
    if k == 1:
        return sort_in_place(a1, b1, c1, d1)
    if k == 2:
        return sort_tuple_keys(a2, b2)
    if k == 3:
        return sort_float_items(a3, b3)
    if k == 4:
        return key_dispatch_value(a4, b4)
    return minmax_cases(a5, b5, c5, d5)


45
@pydm.jit
def nested_group(k: int, a0, a1, a2, a3, a4, b4, a5, a6, a7, b7, a8, a9, b9, a10, a11, a12, a13,
                         a14, b14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27,
                         a28, a29, a30, a31, b31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a41,
                         a42, b42, a43, a44):
    # the nested-function and closure programs of test_nested.py in one compile
    # (tests/batching.py Batch; slot k: one function, in the order of its cases)
    if k == 0:
        return nested_direct(a0)
    if k == 1:
        return nested_fact(a1)
    if k == 2:
        return nested_fib(a2)
    if k == 3:
        return nested_mutual(a3)
    if k == 4:
        return nested_three_levels(a4, b4)
    if k == 5:
        return nested_nonlocal_deep(a5)
    if k == 6:
        return nested_shadowing(a6)
    if k == 7:
        return nested_recursion_with_closure(a7, b7)
    if k == 8:
        return nested_recursion_own_cells(a8)
    if k == 9:
        return nested_def_conditional(a9, b9)
    if k == 10:
        return nested_called_before_def(a10)
    if k == 11:
        return nested_shadows_module_helper(a11)
    if k == 12:
        return nested_misc(a12)
    if k == 13:
        return closure_in_try_finally(a13)
    if k == 14:
        return dispatch_raises(a14, b14)
    if k == 15:
        return nested_raises(a15)
    if k == 16:
        return late_binding(a16)
    if k == 17:
        return late_binding_def(a17)
    if k == 18:
        return loop_lambdas(a18)
    if k == 19:
        return loop_defs_then_rebind(a19)
    if k == 20:
        return loop_while_closure(a20)
    if k == 21:
        return nonlocal_counter(a21)
    if k == 22:
        return closure_factory_independent(a22)
    if k == 23:
        return nonlocal_accumulator(a23)
    if k == 24:
        return nonlocal_rebind_list(a24)
    if k == 25:
        return cell_changes_type(a25)
    if k == 26:
        return cell_shared_by_two_closures(a26)
    if k == 27:
        return closures_nested_loops(a27)
    if k == 28:
        return nonlocal_two_levels_returned(a28)
    if k == 29:
        return closure_over_param(a29)
    if k == 30:
        return closure_over_list(a30)
    if k == 31:
        return closure_in_comprehension(a31, b31)
    if k == 32:
        return closure_nonlocal_try(a32)
    if k == 33:
        return closure_free_before_bound(a33)
    if k == 34:
        return closure_free_before_bound_lambda(a34)
    if k == 35:
        return outer_reads_captured_before_assignment(a35)
    if k == 36:
        return nonlocal_sets_outer(a36)
    if k == 37:
        return nested_list_default(a37)
    if k == 38:
        return lambda_default_from_variable(a38)
    if k == 39:
        return nested_default_expression(a39)
    if k == 40:
        return defaults_late_and_keyword_only(a40)
    if k == 41:
        return default_list_per_def(a41)
    if k == 42:
        return default_in_key(a42, b42)
    if k == 43:
        return default_raises_at_def(a43)
    return default_through_dispatch(a44)



@pydm.jit
def globals_group(k: int, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):
    # the programs of test_globals.py in one compile (tests/batching.py Batch)
    if k == 0:
        return read_globals(a0)
    if k == 1:
        return global_index(a1)
    if k == 2:
        return global_in_branches(a2)
    if k == 3:
        return closure_reads_globals(a3)
    if k == 4:
        return global_shadowed_by_local(a4)
    if k == 5:
        return global_tables(a5)
    if k == 6:
        return global_or_undefined(a6)
    if k == 7:
        return call_undefined(a7)
    if k == 8:
        return undefined_in_closure(a8)
    return calls_helpers(a9)
