"""One test per construct outside pydm's supported subset (issue #2).

Every rejected construct must raise ``pydm.CompileError`` on the first call
(or from ``fn.inspect``) pointing at the offending node: absolute file line,
1-based column, the text of that line, a caret line, a hint, and no path
inside the ``pydm`` package.

Expected positions are never hard-coded: this file is parsed with ``ast`` and
the offending node is looked up inside the named function, so moving code
around cannot make a wrong position match by accident.

A few constructs were left open by the brief (supported or not); each test
states what pydm does today: a CompileError at the right place, or a result
identical to CPython's (value, type, exception class and message) through
``expect_cpython``.  When pydm's support changes, the test fails and is
rewritten to the new expectation.
"""
from __future__ import annotations

import ast
import math
import os

import pytest

import pydm

THIS_FILE = os.path.abspath(__file__)
with open(THIS_FILE, encoding="utf-8") as _f:
    _SOURCE = _f.read()
_LINES = _SOURCE.splitlines()
_TREE = ast.parse(_SOURCE, THIS_FILE)
_FUNCS = {
    n.name: n
    for n in _TREE.body
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
}
PYDM_PKG_DIR = os.path.dirname(os.path.abspath(pydm.__file__))


def helper_not_jit(n: int) -> int:
    """A plain Python function: compiled with the jit functions that call it."""
    return n + 4242


# --------------------------------------------------------------------------
# Position helpers
# --------------------------------------------------------------------------

def _char_col(lineno: int, byte_offset: int, lines=_LINES) -> int:
    """1-based character column of a 0-based UTF-8 byte offset on a line."""
    line = lines[lineno - 1].encode("utf-8")
    return len(line[:byte_offset].decode("utf-8")) + 1


def _pos(node, lines=_LINES) -> tuple[int, int]:
    return node.lineno, _char_col(node.lineno, node.col_offset, lines)


def _end(node, lines=_LINES) -> tuple[int, int]:
    """1-based column of the last character of ``node`` (inclusive)."""
    return node.end_lineno, _char_col(node.end_lineno, node.end_col_offset, lines) - 1


def _matmul(node) -> bool:
    """``a @ b``: an operator pydm does not compile (the errors' stand-in construct)."""
    return isinstance(node.op, ast.MatMult)


def find(fname: str, nodetype, pred=lambda n: True):
    """The first node (in source order) of ``nodetype`` in function ``fname``'s body."""
    fn = _FUNCS[fname]
    found = [
        n
        for stmt in fn.body
        for n in ast.walk(stmt)
        if isinstance(n, nodetype) and pred(n)
    ]
    assert found, f"test bug: no {nodetype} in {fname}"
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    return found[0]


class At:
    """An acceptable error position: a node, optionally shifted left by
    ``shift`` columns (e.g. to the ``*`` of ``*args``)."""

    def __init__(self, node, shift: int = 0, col: int | None = None, lines=_LINES):
        self.node = node
        self.line, c = _pos(node, lines)
        self.col = (c - shift) if col is None else col
        self.end = _end(node, lines)


def check_compile_error(e: pydm.CompileError, accept: list[At], path: str = THIS_FILE,
                        lines=_LINES) -> None:
    """All the checks every compile error must pass."""
    assert isinstance(e, pydm.CompileError)
    text = str(e)
    where = [(a.line, a.col) for a in accept]
    assert (e.lineno, e.col) in where, (
        f"error at {e.lineno}:{e.col}, expected one of {where}:\n{text}"
    )
    hit = accept[where.index((e.lineno, e.col))]

    # End position: not before the start, not past the end of the node.
    assert isinstance(e.end_lineno, int) and isinstance(e.end_col, int), text
    assert (e.end_lineno, e.end_col) >= (e.lineno, e.col), text
    node_end_line, node_end_col = hit.end
    assert (e.end_lineno, e.end_col) <= (node_end_line, node_end_col + 1), (
        f"end {e.end_lineno}:{e.end_col} past node end {hit.end}:\n{text}"
    )

    # File name and the text of the line.
    assert os.path.realpath(e.filename) == os.path.realpath(path), e.filename
    assert e.source_line.rstrip("\r\n") == lines[e.lineno - 1], (
        f"source_line {e.source_line!r} != line {e.lineno} of the file"
    )
    assert isinstance(e.message, str) and e.message.strip(), text
    assert isinstance(e.hint, str) and e.hint.strip(), text
    assert "\n" not in e.hint.strip(), f"hint must be one line: {e.hint!r}"

    # The rendered text.
    first = f"{e.filename}:{e.lineno}:{e.col}: error: {e.message}"
    assert text.startswith(first), f"{text!r} does not start with {first!r}"
    assert os.path.basename(path) in text
    lines = text.splitlines()
    caret_idx = [
        i for i, l in enumerate(lines) if l.strip() and set(l.strip()) <= set("^~")
    ]
    assert caret_idx, f"no caret line in:\n{text}"
    ci = caret_idx[0]
    assert ci >= 1, text
    shown, caret = lines[ci - 1], lines[ci]
    src = e.source_line.rstrip("\r\n")
    # The shown line is the source line, possibly with a prefix and possibly
    # with its indentation stripped; work out where column 1 sits on screen.
    if shown.endswith(src):
        col1 = len(shown) - len(src)
    else:
        stripped = src.lstrip()
        assert shown.endswith(stripped), f"source line not shown above caret:\n{text}"
        col1 = len(shown) - len(stripped) - (len(src) - len(stripped))
    first_mark = len(caret) - len(caret.lstrip())
    assert caret[first_mark] == "^", f"caret line must start with '^': {caret!r}"
    assert first_mark - col1 == e.col - 1, (
        f"caret under column {first_mark - col1 + 1}, expected {e.col}:\n{text}"
    )
    if e.end_lineno == e.lineno:
        width = len(caret.strip())
        assert width in (e.end_col - e.col, e.end_col - e.col + 1), (
            f"caret width {width} does not reach end column {e.end_col}:\n{text}"
        )
    assert f"hint: {e.hint.strip()}" in text, text

    # Nothing of pydm's own source tree in what the user sees.
    for s in (text, e.message, e.hint, e.filename):
        assert PYDM_PKG_DIR not in s, f"pydm-internal path in message:\n{s}"
    assert "Traceback" not in text


def expect_error(jitfn, args, accept):
    if not isinstance(accept, list):
        accept = [accept]
    accept = [a if isinstance(a, At) else At(a) for a in accept]
    with pytest.raises(pydm.CompileError) as ei:
        jitfn(*args)
    check_compile_error(ei.value, accept)
    return ei.value


def expect_cpython(jitfn, arg_sets):
    """pydm compiles ``jitfn`` and behaves as CPython on every arg set."""
    for args in arg_sets:
        assert _outcome(jitfn, args) == _outcome(jitfn.py_func, args), args


def _outcome(fn, args):
    """(kind, type, text) of calling fn; CompileError propagates."""
    try:
        r = fn(*args)
    except pydm.CompileError:
        raise
    except Exception as exc:  # noqa: BLE001
        return ("raise", type(exc), str(exc))
    if isinstance(r, float) and math.isnan(r):
        return ("value", float, "nan")
    return ("value", type(r), repr(r))


# ==========================================================================
# The constructs.  Each jit function is called with distinct values.
# ==========================================================================

@pydm.jit
def class_in_function(n: int) -> int:
    total = n * 3
    class Local:
        pass
    return total


def test_class_definition_in_function():
    expect_error(class_in_function, (11,), find("class_in_function", ast.ClassDef))


@pydm.jit
def uses_lambda(n: int) -> int:
    k = n + 7
    sq = lambda v: v * v  # noqa: E731
    return k


def test_lambda():
    """Supported since issue 9 (tests/functions)."""
    expect_cpython(uses_lambda, [(12,)])


@pydm.jit
def nested_def(n: int) -> int:
    m = n - 2
    def inner(k: int) -> int:
        return k * 5
    return m


def test_nested_def():
    expect_cpython(nested_def, [(13,)])


@pydm.jit
def closure_def(n: int) -> int:
    base = n + 100
    def add_base(k: int) -> int:
        return k + base
    return add_base(n)


def test_closure():
    """Closures via cells: supported since issue 9."""
    expect_cpython(closure_def, [(14,), (-100,)])


@pydm.jit
def try_except(n: int) -> int:
    r = n
    try:
        r = n // 3
    except ZeroDivisionError:
        r = -1
    return r


def test_try_except():
    """Supported since issue 9 (tests/exceptions): compiles and matches CPython."""
    expect_cpython(try_except, [(15,), (0,)])


@pydm.jit
def try_finally(n: int) -> int:
    r = n * 2
    try:
        r = r + 1
    finally:
        r = r - 1
    return r


def test_try_finally():
    expect_cpython(try_finally, [(16,), (-3,)])


@pydm.jit
def with_statement(n: int) -> int:
    q = n + 9
    with q:
        q = q + 1
    return q


def test_with():
    expect_error(with_statement, (17,), find("with_statement", ast.With))


@pydm.jit
def generator_yield(n: int) -> int:
    i = n % 4
    yield i
    return n


def test_yield_generator():
    """Called from Python, a generator function would hand out a generator
    object: the error names its def (walked by compiled code, it compiles:
    tests/functions/test_generators.py)."""
    expect_error(generator_yield, (18,), At(_FUNCS["generator_yield"]))


def generator_yield_from(n: int) -> int:
    j = n + 31
    yield from range(j)
    return j


@pydm.jit
def walks_yield_from(n: int) -> int:
    return sum(generator_yield_from(n))


def test_yield_from():
    expect_error(walks_yield_from, (19,),
                 find("generator_yield_from", ast.YieldFrom))


@pydm.jit
async def async_function(n: int) -> int:
    return n + 3


def test_async_def():
    node = _FUNCS["async_function"]
    expect_error(async_function, (20,), At(node))


# ---- constructs that must not poison other functions of the same file ------
#
# pydm parses the whole file; a `global` statement (and anything else checked
# per module) is tested in a generated module of its own, so that a file-wide
# check cannot make every other test here report the same error.

def _load_generated(tmp_path, name: str, source: str):
    """Write ``source`` to tmp_path/name.py, import it, and return
    (module, path, lines, {function name: ast node})."""
    import importlib.util
    import sys

    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(name, None)
    tree = ast.parse(source)
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    return mod, str(path), source.splitlines(), funcs


GLOBAL_SOURCE = '''\
"""Generated: one function with a global statement, one good function."""
import pydm

COUNTER = 0


@pydm.jit
def good_neighbour(n: int) -> int:
    return n * 2 + 21


@pydm.jit
def global_statement(n: int) -> int:
    t = n * 7
    global COUNTER
    return t
'''


def test_global_statement(tmp_path):
    mod, path, lines, funcs = _load_generated(tmp_path, "pydm_case_global", GLOBAL_SOURCE)
    node = next(s for s in funcs["global_statement"].body if isinstance(s, ast.Global))
    with pytest.raises(pydm.CompileError) as ei:
        mod.global_statement(21)
    check_compile_error(ei.value, [At(node, lines=lines)], path=path, lines=lines)


def test_unsupported_function_does_not_break_its_neighbours(tmp_path):
    """A JIT compiles on first call: a good function must work even when
    another (never called) function of the same file is outside the subset."""
    mod, _, _, _ = _load_generated(tmp_path, "pydm_case_neighbour", GLOBAL_SOURCE)
    assert mod.good_neighbour(10) == 41


# nonlocal is only legal inside a nested function, which is itself rejected
# (test_nested_def); a module-level jit function cannot contain it.


@pydm.jit
def string_value(n: int) -> int:
    """A docstring, a str literal and an f-string are fine (tests/strings, tests/host)."""
    label = f"pydm-string-marker {n}"
    return n + len(label)


def test_fstring_value():
    assert string_value(22) == string_value.py_func(22) == 43


@pydm.jit
def bytes_value(n: int) -> int:
    raw = b"pydm-bytes-marker"
    return n + 2


def test_bytes_literal_value():
    node = find("bytes_value", ast.Constant, lambda c: c.value == b"pydm-bytes-marker")
    expect_error(bytes_value, (23,), node)


@pydm.jit
def complex_value(n: int) -> int:
    z = n + 3j
    return n


def test_complex_literal():
    node = find("complex_value", ast.Constant, lambda c: isinstance(c.value, complex))
    expect_error(complex_value, (24,), [node, find("complex_value", ast.BinOp)])


@pydm.jit
def dict_view_mapping(n: int) -> int:
    s = n + 2
    d = {s: n}.keys().mapping
    return s


def test_dict_view_mapping():  # dict views exist as values (issue #10); their .mapping does not
    expect_error(dict_view_mapping, (26,), find("dict_view_mapping", ast.Attribute))


@pydm.jit
def frozenset_call(n: int) -> int:
    s = n + 5
    d = frozenset(range(s))
    return s


def test_frozenset_call():  # frozenset exists (issue #10, tests/sets/test_frozenset.py)
    assert frozenset_call(29) == frozenset_call.py_func(29)


@pydm.jit
def generator_expression(n: int) -> int:
    s = n + 7
    g = (i for i in range(s))
    return s


def test_generator_expression():
    expect_error(generator_expression, (31,),
                 find("generator_expression", ast.GeneratorExp))


@pydm.jit
def import_inside(n: int) -> int:
    v = n * 11
    import math
    return v


def test_import_inside_function():
    expect_error(import_inside, (32,), find("import_inside", ast.Import))


@pydm.jit
def import_from_inside(n: int) -> int:
    v = n * 13
    from math import floor
    return v


def test_import_from_inside_function():
    expect_error(import_from_inside, (33,), find("import_from_inside", ast.ImportFrom))


@pydm.jit
def attribute_access(x: int) -> int:
    w = x + 17
    return w.real


def test_attribute_access():
    node = find("attribute_access", ast.Attribute)
    # The node starts at ``w``; pointing at the attribute name is also fine.
    attr_col = _LINES[node.lineno - 1].index(".real", node.col_offset) + 2
    expect_error(attribute_access, (34,), [At(node), At(node, col=attr_col)])


@pydm.jit
def subscript(x: int) -> int:
    y = x + 19
    return y[0]


def test_subscript():
    """Subscripting an int compiles (tuples exist) and raises CPython's TypeError."""
    expect_cpython(subscript, [(35,)])


@pydm.jit
def star_args(*args: int) -> int:
    return 36


def test_star_args():
    """*args is supported since issue 9 (a tuple of the extra arguments)."""
    expect_cpython(star_args, [(36, 37), (), (1,)])


@pydm.jit
def star_kwargs(n: int, **kwargs: int) -> int:
    return n


def test_star_kwargs():
    """``**kwargs`` parameters are supported since issue 9 (the extra keywords in a dict)."""
    for kwargs in ({}, {"a": 1, "b": 2}):
        assert star_kwargs(38, **kwargs) == star_kwargs.py_func(38, **kwargs)


@pydm.jit
def keyword_only(n: int, *, scale: int) -> int:
    return n * scale


def test_keyword_only_args():
    """Keyword-only parameters are supported since issue 9."""
    assert keyword_only(39, scale=40) == keyword_only.py_func(39, scale=40)
    with pytest.raises(TypeError, match=r"keyword_only\(\) takes 1 positional argument but 2 were given"):
        keyword_only(39, 40)


@pydm.jit
def default_arg(n: int, step: int = 41) -> int:
    return n + step


def test_default_arguments():
    """Default argument values are supported: CPython's result with and without the argument."""
    expect_cpython(default_arg, [(42,), (43, 44)])


@pydm.jit
def calls_non_jit(n: int) -> int:
    a = n + 1
    return helper_not_jit(a)


def test_call_non_jit_function():
    """Since issue 9 a module-level callee needs no decorator: it is compiled with its caller."""
    expect_cpython(calls_non_jit, [(45,), (-2,)])


@pydm.jit
def calls_undefined(n: int) -> int:
    b = n + 2
    return no_such_function_anywhere(b)  # noqa: F821


def test_call_undefined_function():
    """A name no scope defines is CPython's NameError when the call runs (issue 9), not a compile error."""
    with pytest.raises(NameError, match="name 'no_such_function_anywhere' is not defined"):
        calls_undefined(46)


@pydm.jit
def calls_print(n: int) -> None:
    c = n * 47
    print(c)


def test_print(capsys):
    """print is supported now (the host writes: tests/host/test_print.py)."""
    assert calls_print(48) is None
    calls_print.py_func(48)
    assert capsys.readouterr().out == "2256\n2256\n"


@pydm.jit
def str_param(s: str) -> int:
    return 49


def test_str_annotation():
    """Supported since strings (issue #10): the function compiles and behaves as CPython."""
    expect_cpython(str_param, [("fifty",)])


@pydm.jit
def str_return(n: int) -> str:
    return n


def test_str_return_annotation():
    """A return annotation is not enforced, as in CPython (``str`` is a type since issue #10)."""
    expect_cpython(str_return, [(54,)])


@pydm.jit
def walrus(n: int) -> int:
    if (y := n + 55) > 3:
        return y
    return n


def test_walrus():  # the walrus operator is compiled (tests/functions/test_walrus.py)
    expect_cpython(walrus, [(56,), (-60,)])


@pydm.jit
def del_statement(n: int) -> int:
    tmp = n + 57
    del tmp
    if n > 58:
        return tmp
    return n


def test_del():
    """Supported since issue 9: a deleted local is unbound (UnboundLocalError on a read, as CPython)."""
    expect_cpython(del_statement, [(58,), (59,)])


@pydm.jit
def assert_with_message(n: int) -> int:
    m = n - 59
    assert m > 0, "m must be positive"
    return m


def test_assert_with_message():
    """Supported since issue 9: AssertionError with the message, as CPython."""
    expect_cpython(assert_with_message, [(60,)])  # failing asserts: tests/exceptions (pytest rewrites asserts here)


@pydm.jit
def assert_plain(n: int) -> int:
    assert n != 61
    return n + 1


def test_assert_without_message():
    expect_cpython(assert_plain, [(62,)])


@pydm.jit
def raise_statement(n: int) -> int:
    if n > 63:
        raise ValueError("n too large")
    return n


def test_raise():
    """Supported since issue 9: the class and message of CPython."""
    expect_cpython(raise_statement, [(62,), (64,)])


@pydm.jit
def f_string(n: int):
    msg = f"value {n}"
    return msg, n


def test_f_string():
    """An f-string is supported now (the host formats it: tests/host/test_format.py)."""
    assert f_string(66) == f_string.py_func(66) == ("value 66", 66)


@pydm.jit
def match_statement(n: int) -> int:
    r = n + 67
    match r:
        case 68:
            r = 0
        case _:
            r = 1
    return r


def test_match():
    expect_error(match_statement, (69,), find("match_statement", ast.Match))


@pydm.jit
def incompatible_types(n: int) -> int:
    x = n + 70
    x = 1.5
    return n


def test_variable_with_incompatible_types():
    """``x = int`` then ``x = float``: supported (dynamic objects), CPython's result."""
    expect_cpython(incompatible_types, [(71,)])


@pydm.jit
def for_over_non_range(n: int) -> int:
    total = 0
    for k in n:
        total += k
    return total


def test_for_over_non_range():
    """``for`` over an int compiles (tuples are iterable) and raises CPython's TypeError."""
    expect_cpython(for_over_non_range, [(72,)])


@pydm.jit
def for_over_string(n: int) -> int:
    total = n
    for ch in "xyz":
        total += 1
    return total


def test_for_over_string():
    """Supported since strings (issue #10)."""
    expect_cpython(for_over_string, [(73,)])


@pydm.jit
def unannotated_param(n) -> int:
    return n + 74


def test_unannotated_parameter():
    """An unannotated parameter is an object: CPython's result."""
    expect_cpython(unannotated_param, [(75,)])


@pydm.jit
def star_call(n: int) -> int:
    return helper_jit_target(*n)


@pydm.jit
def helper_jit_target(a: int) -> int:
    return a + 76


def test_starred_call_argument():  # f(*n) of an int: CPython's TypeError (tests/functions/test_star_list_calls.py)
    expect_cpython(star_call, [(77,)])


@pydm.jit
def implicit_none_return(n: int) -> int:
    if n > 87:
        return n - 87


def test_return_int_or_implicit_none():
    """Falling off the end returns None, as in CPython (the int annotation is not enforced)."""
    expect_cpython(implicit_none_return, [(88,), (86,)])


@pydm.jit
def max_int_float(a: int, b: float) -> float:
    return max(a, b)


def test_max_of_int_and_float():
    """``max(int, float)`` is an int or a float depending on the values, as in CPython."""
    expect_cpython(max_int_float, [(89, 0.5), (1, 90.5)])


@pydm.jit
def unsupported_builtin(x: float) -> int:
    k = x * 2.0
    return id(k)


def test_call_unsupported_builtin():
    node = find("unsupported_builtin", ast.Call)
    expect_error(unsupported_builtin, (91.25,), [At(node), At(node.func)])


@pydm.jit
def ellipsis_statement(n: int) -> int:
    ...
    return n + 92


def test_ellipsis_statement():
    node = find("ellipsis_statement", ast.Constant, lambda c: c.value is Ellipsis)
    expect_error(ellipsis_statement, (93,), node)


@pydm.jit
def is_between_ints(n: int) -> bool:
    m = n + 1
    return m is n


def test_is_between_numbers():
    """``is`` on numbers depends on CPython's small-int cache: rejected."""
    node = find("is_between_ints", ast.Compare)
    expect_error(is_between_ints, (95,), node)


IMPORTER_SOURCE = '''\
"""Generated: calls a @pydm.jit function imported from another module."""
import pydm
from pydm_case_exporter import exported_twice


@pydm.jit
def calls_imported(n: int) -> int:
    k = n - 1
    return exported_twice(k) + 96
'''

EXPORTER_SOURCE = '''\
import pydm


@pydm.jit
def exported_twice(n: int) -> int:
    return n * 2
'''


def test_call_jit_function_imported_from_another_module(tmp_path, monkeypatch):
    """Calls between jit functions of *other* modules: rejected at the call."""
    (tmp_path / "pydm_case_exporter.py").write_text(EXPORTER_SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    mod, path, lines, funcs = _load_generated(tmp_path, "pydm_case_importer", IMPORTER_SOURCE)
    call = [n for n in ast.walk(funcs["calls_imported"]) if isinstance(n, ast.Call)][0]
    with pytest.raises(pydm.CompileError) as ei:
        mod.calls_imported(97)
    check_compile_error(ei.value, [At(call, lines=lines), At(call.func, lines=lines)],
                        path=path, lines=lines)


# ---- column counting, propagation, inspect, repeated calls ---------------

@pydm.jit
def non_ascii_before(n: int) -> int:
    café_ñ = n + 78; s = café_ñ @ 2  # noqa: E702
    return café_ñ


def test_column_counts_characters_not_bytes():
    """The column is 1-based in characters (as CPython's SyntaxError.offset),
    so the caret sits under the construct even after non-ASCII text."""
    expect_error(non_ascii_before, (79,), find("non_ascii_before", ast.BinOp, _matmul))


@pydm.jit
def callee_with_lambda(n: int) -> int:
    h = n @ 2  # the matrix product: outside the subset
    return n + 80


@pydm.jit
def caller_of_bad_callee(n: int) -> int:
    return callee_with_lambda(n) + 81


def test_error_in_callee_points_at_callee():
    expect_error(caller_of_bad_callee, (82,), find("callee_with_lambda", ast.BinOp, _matmul))


@pydm.jit
def rejected_for_inspect(n: int) -> int:
    xs = n @ 83
    return n


@pytest.mark.parametrize("stage", ["pydm", "iree", "vm"])
def test_inspect_raises_compile_error(stage):
    node = find("rejected_for_inspect", ast.BinOp, _matmul)
    with pytest.raises(pydm.CompileError) as ei:
        rejected_for_inspect.inspect(stage)
    check_compile_error(ei.value, [At(node)])


@pydm.jit
def rejected_twice(n: int) -> int:
    d = n @ 84
    return n


def test_error_is_raised_again_on_second_call():
    node = find("rejected_twice", ast.BinOp, _matmul)
    for _ in range(2):
        with pytest.raises(pydm.CompileError) as ei:
            rejected_twice(85)
        check_compile_error(ei.value, [At(node)])


def test_decorator_keeps_original_function():
    assert uses_lambda.py_func(86) == 93
    assert raise_statement.py_func(3) == 3
