"""Methods as values vs CPython (``frontend/methods.py``): bound methods
(``key=d.get``, ``push = out.append``, ``s.count``, ``xs.index``) with the
receiver bound where the attribute is read, unbound methods of builtin
classes (``key=str.lower``), in variables, ``key=``, ``map``, lists of
functions and arguments of compiled functions; CPython's errors: a receiver
without the method (AttributeError when the attribute is read), a wrong
number of arguments (the builtin method's own TypeError), an unbound
method applied to another class. Value, type and exception class and
message compared with CPython (``shared.outcome``)."""
import copy

import pytest

import pydm

from shared import outcome


def apply(f, x):
    return f(x)


@pydm.jit
def bound(counts, words, xs, k: int):
    if k == 0:  # the brief's examples
        return max(counts, key=counts.get), sorted(words, key=str.lower), min(words, key=str.upper)
    if k == 1:  # a bound method kept in a variable, called in a loop
        out = []
        push = out.append
        for x in xs:
            push(x)
        return out
    if k == 2:  # the receiver is bound when the attribute is read
        m = xs.append
        xs = []
        m(99)
        return xs
    if k == 3:  # count/index of a list and a str; get with a default; the method's value returned by a call
        c, i, g = xs.count, xs.index, counts.get
        return [c(x) for x in xs], i(xs[-1]), g("zz", -1), g("a"), apply(words[0].count, "b")
    if k == 4:  # map and filter of method values, unbound str methods
        return list(map(str.strip, words)), list(map(counts.get, words)), list(filter(str.isupper, words))
    if k == 5:  # a list of method values: called through their number
        fs = [str.upper, str.lower, words[0].startswith]
        return [f(w) for f in fs[:2] for w in words], fs[2]("b")
    if k == 6:  # sort(key=...) with a bound method of another object; a dict's pop
        order = {w: len(words) - i for i, w in enumerate(words)}
        ws = list(words)
        ws.sort(key=order.get)
        pop = order.pop
        return ws, pop(words[0]), pop("zz", None), order
    if k == 7:  # set.add, str.join of a constant receiver
        s = set()
        add = s.add
        for w in words:
            add(w)
        join = "-".join
        return sorted(s), join(words)
    if k == 8:  # a wrong number of arguments: CPython's message
        push = xs.append
        return push(1, 2)
    if k == 9:
        return counts.get()
    if k == 10:
        g = counts.get
        return g(1, 2, 3)
    if k == 11:  # keywords: a builtin method that takes none
        g = counts.get
        return g("a", default=3)
    if k == 12:  # an unbound method without its argument
        low = str.lower
        return low()
    if k == 13:
        return sorted(xs, key=str.lower)
    if k == 14:  # a receiver without the method: AttributeError when the attribute is read
        m = xs.get
        return None
    if k == 15:  # bound in a loop: each value keeps its own receiver
        fs = [w.upper for w in words]
        return [f() for f in fs]
    m = words[0].append  # an object receiver without the method (a str)
    return None


CASES = [
    ({"a": 1, "b": 5, "c": 2}, ["b", "A", " c "], [3, 1, 3]),
    ({}, ["x"], [0]),
    ({"b": 1}, ["b", "B", "ab"], ["u", "V"]),
]


@pytest.mark.parametrize("k", range(17))
def test_bound(k):
    for counts, words, xs in CASES:
        args = (counts, words, xs, k)
        want = outcome(bound.py_func, *copy.deepcopy(args), show=repr)
        got = outcome(bound, *copy.deepcopy(args), show=repr)
        assert got == want, (args, want, got)


@pydm.jit
def objects(o, arg):
    """An object receiver: the value is the method of the kind it holds."""
    c = o.count
    p = o.pop
    return c(arg), p(), o


@pytest.mark.parametrize("o, arg", [([1, 2, 1], 1), ("abcb", "b"), ((1, 1), 1), ({1: 2}, 1), ({1}, 1), ("", 3),
                                    (7, 1)])
def test_object_receivers(o, arg):
    want = outcome(objects.py_func, copy.deepcopy(o), arg, show=repr)
    assert outcome(objects, copy.deepcopy(o), arg, show=repr) == want


@pydm.jit
def object_calls(o, n: int):
    """Calls of an object receiver's method with n arguments: each kind's own TypeError."""
    c = o.index
    if n == 0:
        return c()
    if n == 1:
        return c(1)
    if n == 2:
        return c(1, 0)
    return c(1, 0, 5, 9)


@pytest.mark.parametrize("o", [[0, 1], (1, 2), "a1", range(3)])
def test_object_receiver_arity(o):
    for n in range(4):
        assert outcome(object_calls, copy.deepcopy(o), n, show=repr) == \
            outcome(object_calls.py_func, copy.deepcopy(o), n, show=repr), (o, n)
