"""``fmt.format(...)`` and the repr of strs, against CPython.

A literal format string is parsed at compile time into the f-string pieces
(one host call); a non-literal one, and the forms the pieces cannot say
(``{0[1]}``, ``{:{w}}``, mixed numbering, bad conversions), go to the
host's ``str.format`` whole. Each expression is compiled with typed and
with ``object`` arguments (one dispatcher per group), over format strings
that exercise every error CPython raises; errors raised at compile-time
certainty are catchable in compiled code, which a case checks."""
from __future__ import annotations

import pytest

from strings.sharness import check, dispatchers

LITERAL = [
    "'{} {:>8.3f} {name}'.format(s, x, name=n)", "'{0}{1}{0}'.format(s, n)", "'{1!r:>12}|{0!s}'.format(n, s)",
    "'{!a}'.format(s)", "'{{}} {{{}}} }}{{'.format(n)", "'{}'.format()", "'{} {}'.format(n)",
    "'{x}'.format(n)", "'{x}'.format(n, y=1)", "'{:q}'.format(n)", "'{:q} {5}'.format(n)", "'{} {5}'.format(n)",
    "'{0} {}'.format(n, x)", "'{} {0}'.format(n, x)", "'{!z}'.format(n)", "'{'.format(n)", "'}'.format(n)",
    "'{0[0]}'.format((n, x))", "'{0[1]:.2f}'.format([n, x])", "'{:{w}.{p}f}|'.format(x, w=n, p=2)",
    "'{:*^{}}'.format(s, n)", "'{0.real}'.format(n)", "'{:,}'.format(n)", "'{:_x} {:#o} {:b}'.format(n, n, n)",
    "'{:e} {:g} {:%} {:.0f}'.format(x, x, x, x)", "'{} {} {}'.format(None, True, (s, [x]))", "'{:d}'.format(x)",
    "'{:s}'.format(n)", "'{:>{}}'.format(s)", "'no fields'.format(n, k=s)", "'{0}'.format(s)",
    "'{\u00e9}'.format(\u00e9=s)", "'{ }'.format(n)", "'{0 }'.format(n)",
    "'{00}'.format(n)", "'{-1}'.format(n)", "'{!r}'.format(s) + '{!s}'.format(s)",
]
NON_LITERAL = ["s.format(n, x, name=s)", "s.format()", "(s + '{}').format(x)", "s.format(s, s, s)"]
FORMATS = ["", "plain", "{}", "{} {}", "{0}{1}{0}", "{name!r}", "{:>10}|{1:e}", "{", "}", "{{}}", "{0[0]}",
           "{:{}}", "{!x}", "{3}", "{a.b}", "{} {0}", "\u00e9{}\U0001f600"]
CAUGHT = '''
def caught_index(n: int):
    try:
        return "{} {}".format(n)
    except IndexError as e:
        return "caught " + str(e)


def caught_key(s: str):
    try:
        return "{a}{b}".format(a=s)
    except KeyError as e:
        return "caught " + str(e)
'''
M = dispatchers("str_format_dispatch", {
    "typed": ("s: str, n: int, x: float", LITERAL + NON_LITERAL),
    "dynamic": ("s: object, n: object, x: object", LITERAL + NON_LITERAL),
    "caught": ("n: int, s: str", ["caught_index(n)", "caught_key(s)"]),
    "reprs": ("s: str", ["repr(s)", "str((s,))", "str([s, s])", "'{!r}'.format(s)", "f'{s!r}'", "'{!a}'.format(s)",
                         "repr((s, 1))", "format(s, '>5')", "str(s)"]),
}, preamble=CAUGHT)


@pytest.mark.parametrize("k", range(len(LITERAL)))
def test_literal(k):
    for s, n, x in [("ab", 7, 2.5), ("\u00e9\U0001f600", -3, -0.0), ("", 0, 1e16)]:
        check(M.typed, k, s, n, x, where=f"typed {LITERAL[k]}: ")
        check(M.dynamic, k, s, n, x, where=f"object {LITERAL[k]}: ")


@pytest.mark.parametrize("k", range(len(NON_LITERAL)))
def test_non_literal(k):
    k += len(LITERAL)
    for fmt in FORMATS:
        check(M.typed, k, fmt, 7, 2.5, where=f"typed {fmt!r}: ")
    for fmt in ["{}", 5, None, (1,), 2.5]:
        check(M.dynamic, k, fmt, 7, 2.5, where=f"object {fmt!r}: ")


def test_wrong_types_through_object():
    for k in range(len(LITERAL)):
        for n, x in [("s", 1), (1.5, "x"), (None, None), ((1,), [2])]:
            check(M.dynamic, k, "ab", n, x, where=f"object {LITERAL[k]}: ")


def test_caught():
    check(M.caught, 0, 5, "s")
    check(M.caught, 1, 5, "s")


STRS = ["", "a", "a'b", 'a"b', "a'b\"c", "'", '"', "\n\t\r\\", "\x00\x07\x1b\x7f", "\x80\x9f\xa0\xad",
        "\u200b\u2028\u2029\ufeff", "\ud800", "\udfff", "\U0001f600", "\U000e0001", "\U0010ffff", "h\u00e9llo",
        "\u0378", "\U0001d7ce", "\\x41", "a" * 50]


@pytest.mark.parametrize("k", range(9))
def test_repr_of_str(k):
    for s in STRS:
        check(M.reprs, k, s, where=f"reprs {k}: ")
