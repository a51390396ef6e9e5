"""Dynamic values as (type code, payload) pairs (pass split-objects) and the
inline int/float paths of operators on objects (Emitter.dynamic_fast_paths).

Values that change type inside a function stay dynamic; they must give
CPython's values, types and exceptions, and allocate nothing inside the
module (records exist only where a public function meets the caller)."""
import math
import re

import pytest

import pydm
from conformance.harness import INT64_MAX, check, check_many


@pydm.jit
def changing(n: int):
    t = 0
    for i in range(n):
        v = 1.5 if i % 3 == 0 else i
        t = t + v
    return t


@pydm.jit
def poly(x, y):
    r = x * x - 3 * y
    if r > 10:
        r = r / 2
    elif r < -10:
        r = r // 3
    else:
        r = r % 7
    return r


@pydm.jit
def accumulate(a: object, b: object, n: int) -> object:
    s = a
    for _ in range(n):
        s += b
    return s


@pydm.jit
def helper(x: object) -> object:
    return x * 2 + 1


@pydm.jit
def calls_generic(x: object) -> object:
    return helper(x) - helper(x - 1)


@pydm.jit
def same(x: object) -> bool:
    y = x
    return y is x


@pydm.jit
def truth_of(x: object) -> int:
    if x:
        return 1
    return 0


@pydm.jit
def compare_chain(a: object, b: object) -> bool:
    return a < b or a == b


# ints small enough that no intermediate result leaves 64 bits (where pydm
# raises OverflowError and CPython goes on with a big int: the documented divergence)
VALUES = [None, False, True, 0, 1, -7, 3, 2**30, -(2**30), 0.0, -0.0, 2.5, -1.5,
          math.inf, -math.inf, math.nan, 1e300]


def test_changing_types_in_a_loop():
    check_many(changing, [(n,) for n in (0, 1, 2, 3, 4, 7, 30)])


def test_every_pair_of_types():
    check_many(poly, [(x, y) for x in VALUES for y in VALUES], limit=80)


def test_inplace_fast_and_slow_paths():
    # ints and floats take the inline path, bools and None the library; both
    # must give the same values and the same TypeError / OverflowError
    cases = [(a, b, n) for a in (0, 1, True, 2.5, None, INT64_MAX - 5) for b in (1, True, 0.5, None, 2**62)
             for n in (0, 1, 3)]
    check_many(accumulate, cases, limit=80)


def test_generic_calls_generic():
    check_many(calls_generic, [(v,) for v in VALUES])


def test_identity_of_a_value_with_itself():
    check_many(same, [(v,) for v in VALUES])


def test_truth():
    check_many(truth_of, [(v,) for v in VALUES])


def test_comparisons():
    check_many(compare_chain, [(a, b) for a in VALUES for b in VALUES], limit=80)


def _vm_function(text: str, name: str) -> str:
    start = text.index(f"vm.func private @{name}(")
    end = text.find("vm.func", start + 10)
    return text[start:end if end >= 0 else len(text)]


def test_dynamic_code_allocates_nothing_inside_the_module():
    changing(3)
    vm = changing.inspect("vm")
    body = _vm_function(vm, "changing$i$pairs")
    assert "vm.call @pydmrtl$add" in body or "vm.add.f64" in body, body
    assert "vm.list.alloc" not in body, body
    # the library function works on pairs too
    if "@pydmrtl$add(" in vm:
        assert "vm.list.alloc" not in _vm_function(vm, "pydmrtl$add")


def test_records_only_at_the_boundary():
    helper(3)  # compiles the generic specialization (public: it takes objects)
    after = re.sub(r' loc\([^()]*(\([^()]*\))?[^()]*\)', "", helper.inspect("after:split-objects"))
    funcs = re.findall(r"func\.func (?:private )?@([\w$]+)\(([^)]*)\) -> \(([^)]*)\)", after)
    assert funcs, after
    for name, args, results in funcs:
        has_object = "!iree_pydm.object" in args + results
        assert has_object == (name == "helper$o"), (name, args, results)
    assert "helper$o$pairs" in after
    # the semantic stage still shows the dynamic values as objects
    assert "!iree_pydm.object" in helper.inspect("pydm")


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_boundary_types_preserved(value):
    out = helper(value) if value is not None else None
    if value is None:
        with pytest.raises(TypeError):
            helper(value)
    else:
        check(helper, value)
        assert type(out) is type(helper.py_func(value)) or isinstance(out, type(helper.py_func(value)))
