"""Strings in statements: loops, ``+=``, comprehensions, unpacking, closures,
recursion, module constants, exceptions carrying strings. The helpers are
plain functions of this module; one jit dispatcher per parameter signature
calls them (one compile), and its Python twin is the reference.

PYTEST_DONT_REWRITE: the twin's ``assert`` must keep CPython's own message."""
from __future__ import annotations

import pytest

import pydm

from .sharness import check

GREETING = "h\u00e9llo"
PAIR = ("a", "\U0001F600")


def concat_loop(s):
    out = ""
    for c in s:
        out += c + "-"
    return out


def index_loop(s):
    i = 0
    out = []
    while i < len(s):
        out.append(s[i] * (i + 1))
        i += 1
    return out


def pairs(s):
    r = ""
    for a, b in zip(s, s[1:]):
        r += b + a
    for c in reversed(s):
        r += c
    for i, c in enumerate(s):
        if c == "b":
            r += "@" + chr(48 + i)
    return r


def comprehension(s):
    return [x + y for x in s for y in "12" if x != "b"]


def unpack(s):
    a, *rest = s + "xy"
    first, second = s[:2] if len(s) >= 2 else "no"
    return a, rest, first, second


def closure(s):
    def inner(t):
        return s + t
    return inner("z") + inner("")


def recursion(s):
    if not s:
        return ""
    return recursion(s[1:]) + s[0]


def constants(s):
    return GREETING + s, PAIR[1] + s, len(PAIR)


def mixed(s):
    x = s
    if len(s) > 2:
        x = len(s)
    return x


def literal_message(s):
    try:
        raise ValueError("msg \u00e9")
    except ValueError as e:
        return e.args, str(e)


def runtime_message(s):
    try:
        raise KeyError(s + "!")
    except KeyError as e:
        return e.args, isinstance(e, KeyError)


def caught_message(s):
    try:
        return s[10]
    except IndexError as e:
        return e.args, str(e)


def caught_type_error(s):
    try:
        return s + 1
    except TypeError as e:
        return str(e), e.args


def exception_strs(s):
    return str(ValueError(s)), str(ValueError()), str(ValueError("")), ValueError(s, 1).args


def exception_repr_needed(s):
    return str(ValueError(s, 1))


def raise_runtime(s):
    raise ValueError(s)


def raise_literal(s):
    raise RuntimeError("boom \U0001F600")


def assert_message(s):
    assert s, "empty!"
    return s


def in_containers(s):
    xs = [s, "b", ("c", s)]
    xs.append(s + s)
    return s in xs, ("c", s) in xs, xs.index("b"), xs.count(s), xs


def sorting(s):
    xs = [s, "b", "a", "\u00e9", "B"]
    xs.sort()
    return xs, sorted(s), max(s + "a"), min("zz", s)


def through_object(s):
    x = s if len(s) > 1 else (1, 2)  # an object: a str or a tuple
    y = s if len(s) > 2 else [1]
    return x.count("a"), x[0], len(x), x == s, y.count("b"), sum([1, 2], 0)


def errors(s):
    out = []
    try:
        x = s
        x[0] = "a"
    except TypeError as e:
        out.append(str(e))
    try:
        del s[0]
    except TypeError as e:
        out.append(str(e))
    try:
        out.append(sum(["a", "b"], s))
    except TypeError as e:
        out.append(str(e))
    try:
        out.append(sorted([1, s]))
    except TypeError as e:
        out.append(isinstance(e, TypeError))  # its message is completed at run time: str(e) not yet
    try:
        out.append(min(s))
    except ValueError as e:
        out.append(e.args)
    return out


def shout(name, times):
    """The README's example."""
    out = ""
    for c in name:
        out += c + "!" if c in "aeiou" else c
    return (out + " ") * times


@pydm.jit
def programs(k: int, s: str):
    if k == 0:
        return concat_loop(s)
    if k == 1:
        return index_loop(s)
    if k == 2:
        return pairs(s)
    if k == 3:
        return comprehension(s)
    if k == 4:
        return unpack(s)
    if k == 5:
        return closure(s)
    if k == 6:
        return recursion(s)
    if k == 7:
        return constants(s)
    if k == 8:
        return mixed(s)
    if k == 9:
        return literal_message(s)
    if k == 10:
        return runtime_message(s)
    if k == 11:
        return caught_message(s)
    if k == 12:
        return caught_type_error(s)
    if k == 13:
        return exception_strs(s)
    if k == 14:
        return raise_runtime(s)
    if k == 15:
        return raise_literal(s)
    if k == 16:
        return assert_message(s)
    if k == 17:
        return in_containers(s)
    if k == 18:
        return sorting(s)
    if k == 19:
        return through_object(s)
    if k == 20:
        return errors(s)
    return shout(s, 2)


NAMES = ["concat_loop", "index_loop", "pairs", "comprehension", "unpack", "closure", "recursion", "constants",
         "mixed", "literal_message", "runtime_message", "caught_message", "caught_type_error", "exception_strs",
         "raise_runtime", "raise_literal", "assert_message", "in_containers", "sorting", "through_object", "errors",
         "shout"]


@pytest.mark.parametrize("k,name", list(enumerate(NAMES)))
def test_program(k, name):
    for s in ["", "a", "ab", "abc", "bab", "h\u00e9\U0001F600", "\ud800z", "pydm \u00e9t\u00e9 audio"]:
        check(programs, k, s, where=f"{name}: ")


@pydm.jit
def exception_of_args(s: str):
    return exception_repr_needed(s)


def test_str_of_an_exception_with_several_args():
    """``str(e)`` of several args is the repr of the args tuple (made by the host)."""
    for s in ["a", "", "h\u00e9"]:
        check(exception_of_args, s)


@pydm.jit
def message_completed_at_run_time(s: str):
    try:
        return sorted([1, s])
    except TypeError as e:
        return str(e)


def test_str_of_a_message_completed_at_run_time():
    """The message of ``'<' not supported between instances of '{}' and '{}'``
    is completed with the run-time type names; ``str(e)`` gives CPython's text."""
    check(message_completed_at_run_time, "a")


def test_exception_message_reaches_python():
    """An exception raised with a run-time str arrives with that message and args."""
    with pytest.raises(ValueError) as info:
        programs(14, "bad \U0001F600 value")
    assert info.value.args == ("bad \U0001F600 value",)
