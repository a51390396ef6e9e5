"""Typed lists across calls (``list_storage.py``, ``list_typing.py``): a typed
list passed to a compiled function whose parameter keeps it typed (every use
of the parameter is one the local rule keeps, or a pass to another such
parameter) arrives as the same typed list, changed in place; what the callee
stores into it is stored into the caller's list (an int list that gets a float
in the callee is ``list<object>`` in both). Differential (CPython vs pydm:
values, types, exceptions), and the storage chosen (``storage_of``).

One dispatcher compiles every case (each a compiled callee of it)."""
import pytest

import pydm
from pydm.frontend.list_storage import storage_of

from .lharness import check

# ---------------------------------------------------------------- kept typed


def fill(xs, n):
    for i in range(n):
        xs.append(i * i)
    return len(xs)


def total(xs):
    s = 0
    for x in xs:
        s += x
    return s


def bump(xs, k):
    xs[k] += 10
    return xs[k]


def typed_param(n):
    xs = [1, 2, 3]
    m = fill(xs, n)
    t = total(xs)
    b = bump(xs, -1)
    return xs, m, t, b


def set_flags(row, n, flags, diag):
    if row == n:
        return 1
    count = 0
    for c in range(n):
        if not flags[c] and not diag[row + c]:
            flags[c] = diag[row + c] = True
            count += set_flags(row + 1, n, flags, diag)
            flags[c] = diag[row + c] = False
    return count


def recursive_param(n):
    flags = [False] * n
    diag = [False] * (2 * n)
    count = set_flags(0, n, flags, diag)
    return count, flags


def scale(fs, k):
    ys = fs  # an alias of the parameter, in its group
    for i in range(len(ys)):
        ys[i] *= k
    return sum(fs)


def float_param(n):
    fs = [0.5 * i for i in range(n)]
    s = scale(fs, 3.0)
    return fs, s


def both(a, b):
    a.append(7)
    return len(b), b[-1]


def same_list_twice(n):
    xs = [n, n + 1]
    r = both(xs, xs)
    return xs, r


def fails(xs, k):
    xs.append(1)
    return xs[k]


def raising_callee(n):
    xs = [5]
    try:
        fails(xs, n)
    except IndexError as e:
        return xs, str(e)
    return xs, "no error"


def only_from_callee(n):
    xs = []
    fill(xs, n)
    return xs, sum(xs)


def popper(xs):
    return xs.pop()


def empty_pop(n):
    xs = [1] * n
    out = [popper(xs) for _ in range(n)]
    try:
        popper(xs)
    except IndexError as e:
        return xs, out, str(e)
    return xs, out, ""


# ---------------------------------------------------------------- demoted


def put_float(xs):
    xs[0] = 2.5
    return len(xs)


def demote_float_in_callee(n):
    xs = [1, 2, n]
    put_float(xs)
    ys = xs
    return xs, ys[0] + 1


def keeps_it(xs, box):
    box.append(xs)
    return len(box)


def demote_stored_in_callee(n):
    xs = [1, 2]
    box = []
    keeps_it(xs, box)
    box[0].append(n)
    return xs, len(box[0])


def same_back(xs):
    xs.append(4)
    return xs


def demote_returned_param(n):
    xs = [1, 2]
    ys = same_back(xs)
    ys.append(n + 0.5)
    return xs, ys, xs is ys


def printer(xs):
    print(xs)
    return 0


def demote_printed_in_callee(n):
    xs = [n, 1]
    printer(xs)
    return xs


def star(*xs):
    return len(xs[0])


def demote_star_args(n):
    xs = [n]
    return star(xs), xs


def returned_then_float(n):
    xs = [1, 2, 3]
    fill(xs, n)
    xs.append(0.5)
    return xs


# ---------------------------------------------------------------- returned lists


def make(n):
    xs = [0] * n
    for i in range(n):
        xs[i] = i * i
    return xs


def make_floats(n):
    return_me = [0.5] * n
    return return_me


def returned_typed(n):
    xs = make(n)
    xs.append(7)
    fs = make_floats(n)
    fs[0:0] = [1.5]
    return xs, fs, sum(make(n)), len(make(n)), make(n)[-1:], make(n) == make(n), make(n) is make(n)


def returned_then_float_appended(n):
    xs = make(n)
    xs.append(0.5)
    return xs, make(n)


def maybe(n):
    if n > 1:
        return make(n)
    return None


def returned_or_none(n):
    xs = maybe(n)
    return xs, maybe(n + 2)


def chain(n):
    ys = make(n)
    return ys


def returned_chain(n):
    zs = chain(n)
    total = 0
    for z in zs:
        total += z
    zs[0] = total
    return zs, total


def returned_into_slice(n):
    xs = [9, 9, 9]
    xs[1:2] = make(n)
    return xs


def sized(xs, v):
    xs.append(1)
    return len(xs)


def demote_generic_callee(n):
    # sized gets more argument signatures than MAX_SPECIALIZATIONS: the last
    # calls reach its generic specialization, whose xs is an object
    xs = [n]
    r = [sized(xs, 1), sized(xs, 1.5), sized(xs, True), sized(xs, None), sized(xs, "s"), sized(xs, (1,)),
         sized(xs, (1, 2)), sized(xs, (1, 2, 3)), sized(xs, (1, 2, 3, 4)), sized(xs, (1, 2, 3, 4, 5)),
         sized(xs, (1, 2, 3, 4, 5, 6)), sized(xs, (1, 2, 3, 4, 5, 6, 7)), sized(xs, (1.5,)), sized(xs, (None,))]
    return xs, r


def demote_nested_callee(n):
    xs = [n, 2]

    def grow(ys):
        ys.append(2.5)
    grow(xs)
    return xs


def full_copies(n):
    # xs[:] of a typed list: the library's copy without slice arithmetic
    xs = [i * 2 for i in range(n)]
    fs = [0.5] * n
    bs = [i > 1 for i in range(n)]
    a = xs[:]
    b = fs[:]
    c = bs[:]
    if n:
        xs[0] = 7
        fs[0] = 7.5
        bs[0] = True
    return xs, a, fs, b, bs, c


@pydm.jit
def cases(k: int, n: int):
    if k == 0:
        return typed_param(n)
    if k == 1:
        return recursive_param(n)
    if k == 2:
        return float_param(n)
    if k == 3:
        return same_list_twice(n)
    if k == 4:
        return raising_callee(n)
    if k == 5:
        return only_from_callee(n)
    if k == 6:
        return empty_pop(n)
    if k == 7:
        return demote_float_in_callee(n)
    if k == 8:
        return demote_stored_in_callee(n)
    if k == 9:
        return demote_returned_param(n)
    if k == 10:
        return demote_printed_in_callee(n)
    if k == 11:
        return demote_star_args(n)
    if k == 12:
        return returned_then_float(n)
    if k == 14:
        return returned_typed(n)
    if k == 15:
        return returned_then_float_appended(n)
    if k == 16:
        return returned_or_none(n)
    if k == 17:
        return returned_chain(n)
    if k == 18:
        return returned_into_slice(n)
    if k == 19:
        return make(n)  # an entry's caller is Python: a list<object> copy
    if k == 20:
        return demote_generic_callee(n)
    if k == 21:
        return demote_nested_callee(n)
    if k == 22:
        return full_copies(n)
    # from Python: a list<object> argument, changed in place for the caller
    xs = [n, 2.5]
    return fill(xs, 3), xs


KS = 23
NS = {0: [0, 3], 1: [0, 4, 5], 2: [0, 4], 4: [0, 1, 2, -3], 6: [0, 3], 14: [0, 1, 4], 16: [0, 2], 17: [1, 4], 19: [0, 3], 22: [0, 1, 3]}


@pytest.mark.parametrize("k", range(KS))
def test_differential(k, capsys):
    for n in NS.get(k, [0, 2]):
        check(cases, k, n)


def test_from_python_mutated_in_place():
    a = [1, 2]
    assert fill.__name__ == "fill"
    assert cases(13, 1) == cases.py_func(13, 1)
    xs = [3]
    out = total_entry(xs)
    assert out == total_entry.py_func([3]) and xs == [3, 0, 1]


@pydm.jit
def total_entry(xs: list) -> int:
    fill(xs, 2)
    return total(xs)


EXPECTED = {
    "typed_param.xs": "list<integer>", "fill.xs": "list<integer>", "total.xs": "list<integer>",
    "bump.xs": "list<integer>",
    "recursive_param.flags": "list<bool>", "set_flags.flags": "list<bool>",
    "float_param.fs": "list<real>", "scale.fs": "list<real>", "scale.ys": "list<real>",
    "same_list_twice.xs": "list<integer>", "both.a": "list<integer>", "both.b": "list<integer>",
    "raising_callee.xs": "list<integer>", "fails.xs": "list<integer>",
    "empty_pop.xs": "list<integer>", "popper.xs": "list<integer>",
    "only_from_callee.xs": "list<object>",  # nothing stored but by the callee: object
    "demote_float_in_callee.xs": "list<object>", "demote_stored_in_callee.xs": "list<object>",
    "demote_returned_param.xs": "list<object>", "demote_printed_in_callee.xs": "list<object>",
    "demote_star_args.xs": "list<object>", "returned_then_float.xs": "list<object>",
    "returned_typed.xs": "list<integer>", "returned_typed.fs": "list<real>", "make.xs": "list<integer>",
    "make_floats.return_me": "list<real>", "returned_then_float_appended.xs": "list<object>",
    "full_copies.a": "list<integer>", "full_copies.b": "list<real>", "full_copies.c": "list<bool>",
    "demote_generic_callee.xs": "list<object>", "demote_nested_callee.xs": "list<object>",
    "returned_chain.zs": "list<integer>", "chain.ys": "list<integer>", "returned_into_slice.xs": "list<integer>",
}


def test_storage_chosen():
    found = {}
    for k in range(KS):
        for name, t in storage_of(cases, k, 1).items():
            found.setdefault(name, set()).add(t)
    for name, t in EXPECTED.items():
        assert t in found.get(name, ()), (name, found.get(name))
    # the caller's variables have one storage (a callee may also have a list<object>
    # specialization: the one Python or a demoted caller reaches)
    for name in EXPECTED:
        if not name.startswith(("fill.", "total.", "bump.", "popper.", "make.")):
            assert found[name] == {EXPECTED[name]}, (name, found[name])
