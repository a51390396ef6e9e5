"""``int(s)``, ``int(s, base)``, ``float(s)``, ``bin``/``oct``/``hex``
against CPython: every expression typed (``str``/``int`` parameters) and
through ``object``, over edge literals (whitespace of every kind, ``_``,
signs, prefixes, Unicode digits, 64-bit bounds, float specials and
rounding boundaries), every Unicode decimal digit, and Hypothesis
properties: random floats through ``repr`` and ``%.15g`` parse back to the
same bits, random ints through ``str``/``hex``/``bin``/``oct`` parse back.

Floats are compared bit for bit (a NaN's sign too), not by ``==``."""
from __future__ import annotations

import struct
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .sharness import dispatchers, outcome

INT_STRS = [
    "12", " 12 ", "\t\n\v\f\r7\r", "1_000", "_1", "1_", "1__0", "+-1", "-1", "+1", "- 1", "0x1f", "0X1F",
    "0o17", "0O17", "0b101", "0B1", "0b", "0x", "0x_1f", "0x__1", "0x1f_", "017", "00", "0_0", "0_7", "0",
    "-0", "\u0663", "\u0661\u0662", "\u00a012\u2003", "\u3000-\u0665\u0668\u205f", "\x1c1", "1\x85",
    "1\x7f", "abc", "z", "Z", "zz", "", " ", "-", "+", "_", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "99999999999999999999", "99999999999999999999x",
    "0" * 30 + "1", "-" + "0" * 40, "1e5", "1.0", "\U0001d7cf\U0001d7d0", "\u2167", "\u00b2", "\u0661x",
    "a" * 300, "\u00e9" * 150, "'\"\\", "7fffffffffffffff", "-8000000000000000", "8000000000000000",
    "1" * 64, "-1" + "0" * 63, "1" * 5000, "1" * 5000 + "x", "\U0001F600", "\ud800",
]
BASES = [0, 10, 16, 2, 8, 36, 3, 1, 37, -1]

FLOAT_STRS = [
    "1.5", "1e308", "1e309", "-1e309", "-0", "0", "-0.0", "+0e5", "nan", "-nan", "+nan", "NaN", "nAn", "-iNF",
    "inf", "+inf", "infinity", "-Infinity", "INFINITY", "infinit", "infinityy", "inf_", "i_nf", "in f", ".5",
    "5.", "-.5e1", "1_0.5", "1._5", "1_.5", "1_e5", "1e1_0", "1e_10", "1__0", "_1", "1_", "0.1",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "2.2250738585072014e-308",
    "2.2250738585072011e-308", "4.9e-324", "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "1e-400", "-1e-400", "", " ", ".", "-", "e5", ".e5", "1e", "1e+", "1e-", "1e-5", "1E5", "1e+05", "1.5e+3",
    "123456789012345", "1234567890123456", "12345678901234567890", "9007199254740993", "9007199254740992",
    "0.30000000000000004", "1e22", "1e23", "1e-22", "1e-23", "123456789012345e22", "123456789012345e-22",
    "3.14159", "\u0663.\u0665", "\u0661e\u0662", "  1.5  ", "\u20031.5\u00a0", "\x1c1.5", "1.5x", "1,5", "1.5.5",
    "0x1p3", "0x10", "1e99999999999999999999", "1e-99999999999999999999", "0e99999999999999999999",
    "00000000000000000000001.5", "0.000000000000000000001", "1" + "0" * 30, "1" + "0" * 30 + "e-30", "--1",
    "+1.5", "8.5", "1.000000000000000000000000001", "0." + "0" * 400 + "1e400", "12_345.678_9e1_0",
    "\u00b2", "\U0001d7cf.5", "1\x7f", "\U0001F600", "\ud800",
]

TYPED = [
        "int(s)", "int(s, b)", "int(s, base=b)", "float(s)", "int(s, 0)", "int(s, 16)", "int(s, 2)",
        "hex(b)", "bin(b)", "oct(b)", "int(hex(b), 16)", "int(bin(b), 0)", "int(oct(b), 8)", "int(hex(b), 0)",
        "int(str(b))", "float(str(b))", "int(b, b)", "int(1.5, b)", "int(None, 10)", "hex(True)", "bin(False)",
        "int(s + s)", "float(s) + 1.0", "(int(s), float(s))", "[int(x) for x in s]", "float(s[:2])",
        "int(s, b) if b != 1 else 0",
]
M = dispatchers("str_parsing_dispatch", {
    "typed": ("s: str, b: int", TYPED),
    "dynamic": ("s: object, b: object", [
        "int(s)", "int(s, b)", "float(s)", "hex(s)", "bin(s)", "oct(s)", "int(s, 16)", "int('7', b)",
    ]),
    "unannotated": ("s, b", ["int(s)", "float(s)", "int(s, b)", "hex(b)"]),
    "arity": ("s: str, b: int", [
        "int(s, 10, b)", "float(s, b)", "bin()", "hex(b, b)", "oct()", "int(base=b)", "int(s, bas=b)",
        "float(x=s)", "bin(x=b)", "int(s, base=b, x=1)", "int(s, b, base=b)", "int(x=s)", "int()", "float()",
    ]),
    "wrong_types": ("f: float, t: tuple, n: None", [
        "bin(f)", "hex(t)", "oct(n)", "int('1', f)", "int(f, 10)", "int(t, 0)", "int(n)", "float(t)",
    ]),
})


def canonical(x):
    """``x`` with every float as its bits (NaN signs and -0.0 compared exactly)."""
    if type(x) is float:
        return ("float", struct.pack("<d", x))
    if isinstance(x, (tuple, list)):
        return (type(x).__name__, [canonical(v) for v in x])
    return (type(x).__name__, x)


def beyond_64_bits(x) -> bool:
    if isinstance(x, (tuple, list)):
        return any(beyond_64_bits(v) for v in x)
    return type(x) is int and not -2**63 <= x < 2**63


def check(fn, *args, where=""):
    """The same value (floats bit for bit) and type, or the same exception;
    where CPython's int does not fit in 64 bits, pydm's OverflowError (README
    "Numbers")."""
    want, got = outcome(fn.py_func, args), outcome(fn, args)
    if want[0] == "ok" and beyond_64_bits(want[1]):
        want = ("raise", "OverflowError", "int too large to convert to 64-bit int")
    if want[0] == got[0] == "ok":
        ok = canonical(want[1]) == canonical(got[1])
    else:
        ok = want == got
    assert ok, f"{where}{args!r}: CPython {want!r}, pydm {got!r}"


@pytest.mark.parametrize("k", range(len(TYPED)))
def test_typed_ints(k):
    for s in INT_STRS:
        for b in BASES[:3] if k > 0 else BASES[:1]:
            check(M.typed, k, s, b, where=f"typed {k}: ")


@pytest.mark.parametrize("k", [0, 1, 2, 3, 21, 22, 23, 25])
def test_typed_floats(k):
    for s in FLOAT_STRS:
        check(M.typed, k, s, 10, where=f"typed {k}: ")


def test_bases():
    for k in (1, 2, 26):
        for s in ["11", "z", "Z0", "0b11", "0o7", "0x_f", "1_0", " -10 ", "0", "00", "0_0", "9", "2"]:
            for b in BASES + [17, 35, 2**40]:
                check(M.typed, k, s, b, where=f"typed {k}: ")


def test_int_to_base():
    # (str() counts an int's digits by powers of ten: each side of each power of ten)
    tens = [s * 10**e + d for e in range(19) for d in (-1, 0) for s in (1, -1)]
    for b in [0, 1, -1, 7, 8, 15, 16, 255, -256, 2**31, 2**62, 2**63 - 1, -2**63, -2**63 + 1, 12345678901234] + tens:
        for k in range(7, 21):
            check(M.typed, k, "7", b, where=f"typed {k}: ")


def test_dynamic():
    values = ["12", " -0x1f ", "0b1", "1.5", "nan", "-0", "abc", "\u0663", "", 7, -7, True, 1.5, -2.5, None,
              (1,), ["1"], float("inf")]
    for k in range(8):
        for s in values:
            for b in [10, 0, 16, True, 1, 1.5, None, "10"]:
                check(M.dynamic, k, s, b, where=f"dynamic {k}: ")


def test_unannotated():
    for k in range(4):
        for s, b in [("12", 10), ("ff", 16), ("1e3", 0), (3, 5), ("x", 10), (1.5, 2)]:
            check(M.unannotated, k, s, b, where=f"unannotated {k}: ")


def test_arity():
    for k in range(14):
        check(M.arity, k, "10", 2, where=f"arity {k}: ")


def test_wrong_types():
    for k in range(8):
        check(M.wrong_types, k, 1.5, (1,), None, where=f"wrong types {k}: ")


def test_every_unicode_digit():
    """Every Unicode decimal digit of the running CPython, and the codepoints
    around each run of ten (runtime_lib/parsing.py's table)."""
    codes = set()
    for c in range(0x110000):
        if unicodedata.decimal(chr(c), -1) == 0:
            codes.update((c - 1, c, c + 5, c + 9, c + 10))
    for c in sorted(codes):
        for k in (0, 3):
            check(M.typed, k, chr(c) + "1", 10, where=f"typed {k} U+{c:04X}: ")
    for c in [0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x200b, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0x1c, 0x1f,
              0xfeff, 0x180e]:
        for k in (0, 3):
            check(M.typed, k, chr(c) + "1" + chr(c), 10, where=f"typed {k} U+{c:04X}: ")


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(["{!r}", "{:.15g}", "{:.17g}", "{:.3e}",
                                                                         "{:f}", " {:+.12}_"]))
def test_float_round_trip(x, fmt):
    check(M.typed, 3, fmt.format(x), 0, where="float(text of a float): ")


@SETTINGS
@given(st.integers(min_value=-2**63, max_value=2**63 - 1))
def test_int_round_trip(n):
    for k in (10, 11, 12, 13, 14, 15):
        check(M.typed, k, "", n, where=f"typed {k}: ")


@SETTINGS
@given(st.text(alphabet="0123456789_+-.eExXoObBjJnNaAiIfF \u0663\u00a0", max_size=10),
       st.sampled_from([0, 10, 16, 2, 36]))
def test_random_literals(s, b):
    for k in (1, 3):
        check(M.typed, k, s, b, where=f"typed {k}: ")
