"""Dict views against CPython: ``len(d.keys())`` on a dict (the dict's length,
after any change), and views kept as values (``ks = d.keys()``): live (they
see later changes of their dict), iterated any number of times, the size
check while iterating, ``in``, ``==``/``<=``, set operations, ``str``/``repr``,
views in containers, views of ``object``-typed dicts, views returned to
Python (the caller's own dict's view), and CPython's errors. One batched
compile (dharness compares a returned view as its type and its dict)."""
import pytest

import pydm
from dicts.dharness import P, Batch


@pydm.jit
def view_lengths(d):
    return len(d.keys()), len(d.values()), len(d.items())


@pydm.jit
def view_length_changes(d, k):
    out = [len(d.keys())]
    d[k] = 1
    out.append(len(d.items()))
    del d[k]
    out.append(len(d.values()))
    d.clear()
    out.append(len(d.keys()))
    return out


@pydm.jit
def view_of_list(xs):
    return len(xs.keys())


@pydm.jit
def live_views(d, k, v):
    ks = d.keys()
    vs = d.values()
    its = d.items()
    out = [len(ks), len(vs), len(its), bool(ks), k in ks, v in vs, (k, v) in its]
    d[k] = v
    out += [len(ks), len(vs), len(its), bool(its), k in ks, v in vs, (k, v) in its, (k, 0.5) in its,
            k not in ks, [k, v] in its, (k,) in its, list(ks), list(vs), list(its)]
    d.clear()
    out += [len(ks), bool(vs), list(its), tuple(ks)]
    return out


@pydm.jit
def iterate_twice(d):
    vs = d.values()
    its = d.items()
    out = []
    for v in vs:
        out.append(v)
    for v in vs:
        out.append(v)
    for k, v in its:
        out.append((k, v))
    out.append([x for x in its])
    out.append([x for x in its])
    return out


@pydm.jit
def consumers(d):
    ks = d.keys()
    vs = d.values()
    its = d.items()
    return (sorted(ks), tuple(vs), list(its), sum(vs), min(ks), max(vs), any(vs), all(ks),
            list(enumerate(ks)), list(zip(ks, vs)), dict(its), list(reversed(ks)), sorted(set(ks)),
            list(iter(vs)), sorted(set(its)))


@pydm.jit
def grow_while_iterating(d, which):
    view = d.keys() if which == 0 else d.values() if which == 1 else d.items()
    n = 0
    for x in view:
        n += 1
        d[100 + n] = n
    return n


@pydm.jit
def shrink_while_iterating(d):
    ks = d.keys()
    out = []
    for k in ks:
        out.append(k)
        if len(out) == 2:
            del d[k]
    return out


@pydm.jit
def values_change_while_iterating(d):
    vs = d.values()
    its = d.items()
    out = []
    for v in vs:
        out.append(v)
        for k in d:
            d[k] = 10 * d[k]
    for kv in its:
        out.append(kv)
        for k in d:
            d[k] = d[k] + 1
    return out


@pydm.jit
def view_equality(d, e):
    ks, vs, its = d.keys(), d.values(), d.items()
    return [ks == e.keys(), ks == set(e), ks == frozenset(e), ks != e.keys(), its == e.items(),
            its == set(e.items()), ks == list(e), ks == e, vs == vs, vs == d.values(), vs != vs,
            ks == its, its == ks, set(e) == ks, ks <= set(e), ks < set(e), ks >= e.keys(), its > e.items(),
            set(e) <= ks, frozenset(e) > ks, ks == 1, its != (1, 2)]


@pydm.jit
def view_set_ops(d, xs):
    ks, its = d.keys(), d.items()
    s = set(xs)
    return [ks & s, ks | s, ks - s, ks ^ s, s & ks, s | ks, s - ks, s ^ ks, ks & xs, xs | ks,
            xs - ks, ks ^ xs, its - {(1, 2)}, its | its, d.keys() & d.keys(), ks - d, d | ks]


@pydm.jit
def view_strings(d):
    ks, vs, its = d.keys(), d.values(), d.items()
    return str(ks), repr(vs), f"{its}", str([ks, vs]), "%s" % (ks,), str(d.keys()), f"{d.values()!r}"


@pydm.jit
def view_in_containers(d):
    vs = [d.keys(), d.values()]
    t = (d.items(), 1)
    e = {"v": d.keys()}
    d[99] = 0
    return vs, t, e, len(vs[0]), list(t[0]), len(e["v"])


@pydm.jit
def return_keys(d):
    return d.keys()


@pydm.jit
def return_values(d, k):
    vs = d.values()
    d[k] = k
    return vs


@pydm.jit
def return_items_of_new(d):
    e = dict(d)
    e["new"] = 1
    return e.items()


@pydm.jit
def object_views(o: object, k: object):
    ks = o.keys()
    out = [len(o.keys()), len(o.values()), len(o.items()), k in ks, list(o.items()), len(ks)]
    o[k] = 1
    out += [len(ks), ks == {k} | set(o), [x for x in ks]]
    return out


@pydm.jit
def views_as_objects(d, k: int):
    v: object = d.keys() if k == 0 else d.values() if k == 1 else d.items()
    out = [len(v), bool(v), isinstance(v, dict), isinstance(v, set), isinstance(v, list), v == v]
    d.clear()
    out += [len(v), bool(v), list(v)]
    return out


@pydm.jit
def view_errors(d, k: int):
    ks, vs, its = d.keys(), d.values(), d.items()
    if k == 0:
        return ks[0]
    if k == 1:
        return hash(ks)
    if k == 2:
        return vs & {1}
    if k == 3:
        return ks + 1
    if k == 4:
        return [1] in ks
    if k == 5:
        return 1 | ks
    if k == 6:
        return ks | 1
    if k == 7:
        return vs < vs
    if k == 8:
        return ks < [1]
    if k == 9:
        return {ks: 1}
    if k == 10:
        return ([1], 2) in its
    if k == 11:
        return its[0:1]
    if k == 12:
        return vs - vs
    return -its


@pydm.jit
def view_builtin_loops(d):
    vs = d.values()
    out = []
    for x in map(abs, vs):
        out.append(x)
        d["b"] = -100
    for i, x in enumerate(vs, 5):
        out.append((i, x))
    for x in reversed(vs):
        out.append(x)
    for x, y in zip([1, 2], vs):
        out.append((x, y))
    for i, x in enumerate(vs):
        d[i + 10] = x
    return out


@pydm.jit
def object_list_loops(xs):
    o: object = xs
    out = []
    for i, x in enumerate(o):
        out.append((i, x))
        if i == 0:
            xs.append(9)
    for x in map(abs, o):
        out.append(x)
    for x, y in zip(o, o):
        out.append(x + y)
    for x in o:
        out.append(x)
        if x == 9:
            xs.append(10)
    return out


@pydm.jit
def object_dict_loops(d, k: int):
    o: object = d if k < 2 else set(d)
    out = []
    for x in o:
        out.append(x)
        if k != 1:
            d[7] = 7
            if k == 2:
                o.add(8)
    return out


@pydm.jit
def view_len_list(v):
    return len(v), list(v)


@pydm.jit
def views_as_arguments(d, e):
    out = {}
    out.update(d.items())
    s = set(e)
    s.update(d.keys())
    ks = d.keys()
    return (view_len_list(d.values()), out, s, ",".join(d.keys()), max(d.keys(), key=lambda k: len(k)),
            ks.isdisjoint(e), d.items().isdisjoint(e.items()), ks.isdisjoint(list(e)), ks.isdisjoint(set(e) | {"q"}))


@pydm.jit
def view_method_errors(d, k: int):
    vs = d.values()
    if k == 0:
        return vs.isdisjoint([1])
    return d.keys().isdisjoint(1)


CASES = [
    P(view_lengths, [({},), ({1: 2, 3: 4},), ({"a": [1], (1, 2): None, 1.5: {}},)]),
    P(view_length_changes, [({1: 2}, 1), ({1: 2}, 3), ({}, "a")]),
    P(view_of_list, [([1],)]),
    P(live_views, [({}, "a", 1), ({"a": 2, "b": 1}, "a", 1), ({1: 1.0}, 1.0, True), ({(1, 2): [3]}, (1, 2), [3])]),
    P(iterate_twice, [({},), ({"a": 1, 2: "b", None: (1, 2)},)]),
    P(consumers, [({1: 2, 3: 4, 0: 1},), ({"x": 5},)]),
    P(grow_while_iterating, [({1: 1}, 0), ({1: 1, 2: 2}, 1), ({1: 1}, 2), ({}, 0)]),
    P(shrink_while_iterating, [({1: 1, 2: 2, 3: 3},), ({1: 1, 2: 2},), ({1: 1},)]),
    P(values_change_while_iterating, [({"a": 1, "b": 2},), ({},)]),
    P(view_equality, [({1: 2, 3: 4}, {3: 4, 1: 2}), ({1: 2}, {1: 3}), ({}, {}), ({1: 2, 2: 3}, {1: 2}),
                      ({1: 2}, {1.0: 2, 2: 3})]),
    P(view_set_ops, [({1: 2, 3: 4}, [3, 5]), ({}, []), ({1: 2, 3: 4}, [1, 3])]),
    P(view_strings, [({},), ({"a": 1, 2: [3, "b"], (1,): None, 1.5: {"x": -0.0}},)]),
    P(view_in_containers, [({1: 2},), ({},)]),
    P(return_keys, [({},), ({1: 2, "a": [1]},)]),
    P(return_values, [({1: 2}, 3), ({}, "a")]),
    P(return_items_of_new, [({1: 2},)]),
    P(object_views, [({1: 2}, 3), ({"a": 1}, "a"), ([1], 1), ({}, [1])]),
    P(views_as_objects, [({1: 2}, 0), ({1: 2}, 1), ({1: 2, 3: 4}, 2), ({}, 0)]),
    P(view_builtin_loops, [({1: 1, "b": 2},), ({"b": 2},)]),
    P(object_list_loops, [([1, -2],), ([],)]),
    P(object_dict_loops, [({1: 1, 2: 2}, 0), ({1: 1, 2: 2}, 1), ({1: 1}, 2), ({}, 0)]),
    P(views_as_arguments, [({"a": 2, "bb": 1}, {"a": 2}), ({}, {}), ({"x": 1}, {"y": 1, "z": 2})]),
    P(view_method_errors, [({1: 2}, 0), ({1: 2}, 1)]),
    P(view_errors, [({1: 2}, k) for k in range(14)]),
]


# written by batching.source('views_group', CASES)
@pydm.jit
def views_group(k: int, a0, a1, b1, a2, b2, a3, a4, b4, c4, a5, b5, c5, a6, b6, c6, a7, a8, a9, b9,
                        a10, a11, a12, b12, a13, b13, a14, a15, a16, a17, b17, a18, b18, a19, a20,
                        b20, a21, b21, a22, b22, a23, b23, a24, b24, a25, a26, a27, b27, a28, b28,
                        a29, b29, a30, b30):
    if k == 0:
        return view_lengths(a0)
    if k == 1:
        return view_length_changes(a1, b1)
    if k == 2:
        return view_length_changes(a2, b2)
    if k == 3:
        return view_of_list(a3)
    if k == 4:
        return live_views(a4, b4, c4)
    if k == 5:
        return live_views(a5, b5, c5)
    if k == 6:
        return live_views(a6, b6, c6)
    if k == 7:
        return iterate_twice(a7)
    if k == 8:
        return consumers(a8)
    if k == 9:
        return grow_while_iterating(a9, b9)
    if k == 10:
        return shrink_while_iterating(a10)
    if k == 11:
        return values_change_while_iterating(a11)
    if k == 12:
        return view_equality(a12, b12)
    if k == 13:
        return view_set_ops(a13, b13)
    if k == 14:
        return view_strings(a14)
    if k == 15:
        return view_in_containers(a15)
    if k == 16:
        return return_keys(a16)
    if k == 17:
        return return_values(a17, b17)
    if k == 18:
        return return_values(a18, b18)
    if k == 19:
        return return_items_of_new(a19)
    if k == 20:
        return object_views(a20, b20)
    if k == 21:
        return object_views(a21, b21)
    if k == 22:
        return object_views(a22, b22)
    if k == 23:
        return object_views(a23, b23)
    if k == 24:
        return views_as_objects(a24, b24)
    if k == 25:
        return view_builtin_loops(a25)
    if k == 26:
        return object_list_loops(a26)
    if k == 27:
        return object_dict_loops(a27, b27)
    if k == 28:
        return views_as_arguments(a28, b28)
    if k == 29:
        return view_method_errors(a29, b29)
    return view_errors(a30, b30)


BATCH = Batch(views_group, CASES)


@pytest.mark.parametrize("fn,cases", CASES)
def test_views(fn, cases):
    BATCH.check_many(fn, cases)


@pydm.jit
def print_views(d):
    ks = d.keys()
    print(ks, d.values(), [d.items()], sep="|")
    d["new"] = 0
    print(ks, end="!\n")
    return 0


def test_print(capfd):
    """print() of views writes what CPython writes (the host prints the caller's
    dict's own views); the dict's change is seen by the later print."""
    for d in ({}, {1: 2, "a": [1, "b"], (1,): None}):
        print_views.py_func(dict(d))
        ref = capfd.readouterr().out
        print_views(dict(d))
        assert capfd.readouterr().out == ref


@pydm.jit
def view_args(d, v, xs):
    out = [len(v), list(v)]
    d["x"] = 1
    out += [len(v), list(v), [len(w) for w in xs], v == d.keys()]
    return out, v, xs


def _view_arg_cases():
    """Fresh arguments (a view cannot be deep-copied): a dict, one of its views,
    and a list of views of it (the dict is one object in all three)."""
    for which in ("keys", "values", "items"):
        for d in ({}, {1: 2, "a": [3]}):
            d = dict(d)
            yield d, getattr(d, which)(), [d.keys(), d.values(), d.items()]


def test_views_passed_in():
    """A view passed in from Python is a view of the caller's dict inside (it
    sees the function's change of the dict), and comes back as that dict's own
    view (the dict crosses by reference)."""
    from dicts.dharness import compare, norm
    for ref_args, my_args in zip(_view_arg_cases(), _view_arg_cases()):
        ref = view_args.py_func(*ref_args)
        mine = view_args(*my_args)
        d = compare(norm((ref_args, ref)), norm((my_args, mine)), "(args after, result)")
        assert d is None, d
