"""SIP (seed 001): the mangler, the parser and the flattening, checked against
each other and against the grammar.

The oracles: CPython's own indexing (an index path followed into the original
value must reach the leaf its raw index names), the reference mangler's
construction from index paths (``from_index_paths``), the identity of the leaf
objects after a round trip, and a few encodings written out by hand from the
grammar's length rule (a round trip alone cannot catch a mangler and parser
that agree on a wrong length). Nothing here compiles; it runs in seconds.
"""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pydm.abi import sip
from pydm.abi.sip import DictNode, SeqNode, Signature, SipError

PROFILE = dict(deadline=None, database=None, max_examples=100)

# ------------------------------------------------------------ strategies

# keys that need their length prefix: digits, '!', tags, empty, non-ASCII
keys = st.one_of(st.text(max_size=6), st.from_regex(r"[0-9!_kKSDIR-]{0,5}", fullmatch=True),
                 st.sampled_from(["", "0", "12345", "!", "!2345", "-23", "é", "日本", "\x00"]))
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
                            st.dictionaries(keys, inner, max_size=4)),
    max_leaves=40)
# trees as the grammar allows them: any integer (sign, many digits), any key order
integers = st.one_of(st.integers(-3, 12), st.integers(-10**12, 10**12))
trees = st.recursive(
    integers,
    lambda inner: st.one_of(
        st.lists(st.tuples(integers, inner), max_size=4, unique_by=lambda kv: kv[0]).map(lambda i: SeqNode(tuple(i))),
        st.lists(st.tuples(keys, inner), max_size=4, unique_by=lambda kv: kv[0]).map(lambda i: DictNode(tuple(i)))),
    max_leaves=30)
# what the reference mangler can build: no negative key or raw index
naturals = st.one_of(st.integers(0, 12), st.integers(0, 10**12))
natural_trees = st.recursive(
    naturals,
    lambda inner: st.one_of(
        st.lists(st.tuples(naturals, inner), min_size=1, max_size=4, unique_by=lambda kv: kv[0])
        .map(lambda i: SeqNode(tuple(i))),
        st.lists(st.tuples(keys, inner), min_size=1, max_size=4, unique_by=lambda kv: kv[0])
        .map(lambda i: DictNode(tuple(i)))),
    max_leaves=30)


def same(a, b, sequence_types=True):
    """Equal shape, the same type at every level, dicts in the same order, and
    the very same leaf objects (so NaN, -0.0, True vs 1 are all told apart).
    ``sequence_types=False``: a tuple and a list of the same items match."""
    sequences = (tuple, list)
    if type(a) is not type(b) and not (not sequence_types and type(a) in sequences and type(b) in sequences):
        return False
    if type(a) in sequences:
        return len(a) == len(b) and all(same(x, y, sequence_types) for x, y in zip(a, b))
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k], sequence_types) for k in a)
    return a is b


def follow(value, path):
    """CPython's own indexing along an index path."""
    for key in path:
        value = value[key]
    return value


def canonical(node):
    """A tree with every level's keys sorted, as the reference mangler writes it."""
    if isinstance(node, (SeqNode, DictNode)):
        return type(node)(tuple((k, canonical(v)) for k, v in sorted(node.items, key=lambda kv: kv[0])))
    return node


# ------------------------------------------------------------ round trips

@settings(**PROFILE)
@given(values)
def test_value_round_trip(value):
    """value → flatten → mangle → parse → unflatten: the same value, leaf for leaf."""
    leaves, node = sip.flatten(value)
    text = sip.mangle_structure(node)
    parsed = sip.parse_structure(text)
    assert parsed == node
    assert sip.mangle_structure(parsed) == text
    assert same(sip.unflatten(leaves, parsed, sip.container_record(value)), value)


@settings(**PROFILE)
@given(values)
def test_index_paths_follow_cpython_indexing(value):
    """Each leaf's index path, followed with CPython's ``[]``, reaches the leaf
    its raw index names; every leaf is reached once, in depth-first order."""
    leaves, node = sip.flatten(value)
    pairs = sip.index_paths(sip.parse_structure(sip.mangle_structure(node)))
    assert [raw for _, raw in pairs] == list(range(len(leaves)))
    for path, raw in pairs:
        assert follow(value, path) is leaves[raw]


@settings(**PROFILE)
@given(trees)
def test_tree_round_trip(tree):
    """Any grammatical tree (signed integers, keys in any order) parses back
    to itself, and its text is reproduced byte for byte."""
    text = sip.mangle_structure(tree)
    assert sip.parse_structure(text) == tree
    assert sip.parse_structure(text.encode("utf-8")) == tree
    assert sip.mangle_structure(sip.parse_structure(text)) == text


@settings(**PROFILE)
@given(natural_trees)
def test_reference_construction_from_index_paths(tree):
    """Rebuilding a tree from its (path, raw index) pairs, as the reference
    mangler does, gives the tree with sorted keys (empty containers have no
    path, so these trees have none)."""
    assert sip.from_index_paths(sip.index_paths(tree)) == canonical(tree)


@settings(**PROFILE)
@given(st.one_of(st.none(), trees), st.one_of(st.none(), trees))
def test_signature_round_trip(inputs, results):
    text = sip.mangle_signature(inputs, results)
    assert sip.parse_signature(text) == Signature(inputs, results)
    assert sip.mangle_signature(inputs, results) == text


@settings(**PROFILE)
@given(st.one_of(st.none(), trees), st.one_of(st.none(), trees), st.data())
def test_every_proper_prefix_is_malformed(inputs, results, data):
    """Every component sits in a span whose end is fixed by its length, so a
    truncated signature is always a SipError, at a position inside the text."""
    text = sip.mangle_signature(inputs, results).encode("utf-8")
    cut = data.draw(st.integers(0, len(text) - 1))
    with pytest.raises(SipError) as e:
        sip.parse_signature(text[:cut])
    assert 0 <= e.value.position <= cut


@settings(**PROFILE)
@given(st.binary(max_size=24) | st.text(alphabet="IRSDKk_!-0123456789x", max_size=24))
def test_random_text_is_parsed_or_rejected_cleanly(text):
    """Arbitrary bytes: a Signature, or a SipError (a ValueError) with a
    position inside the text — never another exception."""
    try:
        sig = sip.parse_signature(text)
    except SipError as e:
        assert isinstance(e, ValueError)
        raw = text.encode("utf-8") if isinstance(text, str) else text
        assert 0 <= e.position <= len(raw)
    else:
        assert sip.parse_signature(sip.mangle_signature(sig.inputs, sig.results)) == sig


@settings(**PROFILE)
@given(values, st.integers(0, 3))
def test_raw_indices_from_an_offset(value, first):
    """``first``: the raw values start after others (an export's results
    start after its exception code)."""
    leaves, node = sip.flatten(value, first)
    assert [raw for _, raw in sip.index_paths(node)] == list(range(first, first + len(leaves)))
    assert same(sip.unflatten(leaves, node, sip.container_record(value), first), value)


json_records = st.recursive(
    st.one_of(st.none(), st.sampled_from(["i64", "f64", "unknown", "named", "stuple", "slist", "sdict",
                                          "py_homogeneous_list", "x"]), st.integers(-1, 2)),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=12)


@settings(**PROFILE)
@given(values, json_records)
def test_any_record_is_used_or_rejected_cleanly(value, record):
    """A record read from a damaged file: the value comes back, or a
    ValueError — never an IndexError or another exception."""
    leaves, node = sip.flatten(value)
    try:
        back = sip.unflatten(leaves, node, record)
    except ValueError:
        return
    assert same(back, value, sequence_types=False)


# ------------------------------------------------------------ the grammar's edge cases

def written(tag, content):
    """A span written out by the grammar's rule: length = len(content) + 1 for the '!'."""
    return f"{tag}{len(content.encode()) + 1}!{content}"


@pytest.mark.parametrize("value, text", [
    (5, "_0"),                                       # a root leaf: empty index path
    ((), "S1!"),                                     # empty containers: a span of just '!'
    ([], "S1!"),
    ({}, "D1!"),
    ((7,), "S5!k0_0"),                               # single element
    ({"x": 7}, "D7!K2!x_0"),
    ({"12345": 1}, "D11!K6!12345_0"),                # keys needing their prefix: digits,
    ({"!2345": 1}, "D11!K6!!2345_0"),                # the escape char itself,
    ({"": 1}, "D6!K1!_0"),                           # the empty key,
    ({"é": 1}, "D8!K3!é_0"),                         # a 2-byte key: the length counts bytes
    (([[]],), "S11!k0S6!k0S1!"),                      # nested empties
])
def test_encodings_by_hand(value, text):
    """Encodings worked out by hand from the grammar's length rule."""
    leaves, node = sip.flatten(value)
    assert sip.mangle_structure(node) == text
    assert sip.parse_structure(text) == node
    assert same(sip.unflatten(leaves, node, sip.container_record(value)), value)


def test_multi_digit_indices_and_keys():
    value = tuple(range(100, 112))                   # raw indices and keys 10, 11
    leaves, node = sip.flatten(value)
    text = sip.mangle_structure(node)
    body = "".join(f"k{i}_{i}" for i in range(12))
    assert text == written("S", body)
    assert "k10_10k11_11" in text
    assert same(sip.unflatten(leaves, sip.parse_structure(text), sip.container_record(value)), value)


def test_reference_example_nested_input_multi_result():
    """The reference implementation's test: inputs [0]["foo"]→0, [0]["bar"]→1,
    [1]→2; results [0]→0, [1]→1. Keys come out sorted."""
    inputs = sip.from_index_paths([((0, "foo"), 0), ((0, "bar"), 1), ((1,), 2)])
    results = sip.from_index_paths([((0,), 0), ((1,), 1)])
    dict_text = written("D", "K4!bar_1K4!foo_0")
    expect = written("I", written("S", "k0" + dict_text + "k1_2")) + written("R", written("S", "k0_0k1_1"))
    assert sip.mangle_signature(inputs, results) == expect
    assert sip.parse_signature(expect) == Signature(inputs, results)


def test_no_inputs_no_results():
    """The reference mangler's signature of nothing: two empty spans."""
    assert sip.mangle_signature(None, None) == "I1!R1!"
    assert sip.parse_signature("I1!R1!") == Signature(None, None)
    assert sip.mangle_signature(SeqNode(), 0) == "I4!S1!R3!_0"


def test_grammatical_oddities_accepted():
    """What the grammar allows, though no mangler writes it: leading zeros,
    signed integers, keys out of order."""
    assert sip.parse_structure("_007") == 7
    assert sip.parse_structure("_-0") == 0
    assert sip.parse_structure("S0006!k-1_2") == SeqNode(((-1, 2),))
    assert sip.parse_structure("S9!k1_0k0_1") == SeqNode(((1, 0), (0, 1)))


def test_deep_nesting():
    value = 1
    for i in range(sip.MAX_DEPTH - 1):
        value = [value] if i % 3 == 0 else (value,) if i % 3 == 1 else {"k": value}
    leaves, node = sip.flatten(value)
    text = sip.mangle_structure(node)
    assert same(sip.unflatten(leaves, sip.parse_structure(text), sip.container_record(value)), value)
    with pytest.raises(SipError, match="nesting deeper"):
        sip.parse_structure(_nest(sip.MAX_DEPTH + 2))
    with pytest.raises(ValueError, match="deeper than"):
        sip.flatten([value, [[[value]]]])


def _nest(depth):
    text = "_0"
    for _ in range(depth):
        text = written("S", "k0" + text)
    return text


def test_hostile_depth_is_a_sip_error():
    """Thousands of nested spans: a SipError, not a RecursionError."""
    with pytest.raises(SipError):
        sip.parse_structure(_nest(3000))


# ------------------------------------------------------------ malformed text

@pytest.mark.parametrize("text, position, message", [
    ("", 0, "expected the inputs span ('I'), found the end"),
    ("R1!I1!", 0, "expected the inputs span"),
    ("I", 1, "expected digits, found the end"),
    ("Ix!R1!", 1, "expected digits, found 'x'"),
    ("I0!R1!", 1, "span length of 0"),
    ("I3_0R1!", 2, "expected '!'"),
    ("I9!_0R1!", 1, "runs past the end"),
    ("I1!", 3, "expected the results span ('R'), found the end"),
    ("I1!R1!x", 6, "unexpected data after the results span"),
    ("I3!_0_1R1!", 5, "expected the results span ('R'), found '_'"),
    ("I4!_0_R1!", 5, "unexpected data after a complete structured value"),
    ("I2!_R1!", 4, "expected an integer (-?[0-9]+), found the end of its span"),
    ("I3!_-R1!", 5, "expected an integer"),
    ("I3!_+R1!", 4, "expected an integer (-?[0-9]+), found '+'"),
    ("I3!x0R1!", 3, "expected a structured value ('_' or 'S' or 'D'), found 'x'"),
    ("I6!S3!_0R1!", 6, "expected an integer key ('k'), found '_'"),
    ("I6!D3!k0R1!", 6, "expected a string key ('K'), found 'k'"),
    ("I6!S3!k0R1!", 8, "key 0 without a value"),
    ("I12!S9!k0_0k0_1R1!", 11, "key 0 repeated in one sequence"),
    ("I6!S3!k0R1!", 8, "without a value"),
    ("I8!D5!K9!aR1!", 7, "runs past the end of its enclosing span"),
    ("I4!S-1!R1!", 4, "expected digits, found '-'"),
    (b"I8!D5!K2!\xff_0R1!", 9, "not UTF-8"),
])
def test_malformed(text, position, message):
    with pytest.raises(SipError) as e:
        sip.parse_signature(text)
    assert e.value.position == position, str(e.value)
    assert message in str(e.value)
    assert f"at position {position}" in str(e.value)
    assert isinstance(e.value, ValueError)


def test_digits_beyond_int_conversion():
    with pytest.raises(SipError, match="digits"):
        sip.parse_structure("_" + "9" * 5000)


def test_parse_rejects_non_text():
    with pytest.raises(TypeError):
        sip.parse_signature(12)


# ------------------------------------------------------------ flattening errors

@pytest.mark.parametrize("value, error, message", [
    ({1: 2}, TypeError, "a SIP dict key is a str: key 1 at path []"),
    ([{"a": {(1,): 2}}], TypeError, "key (1,) at path [0, 'a']"),
    ({"\ud800": 1}, ValueError, "not encodable as UTF-8"),
])
def test_flatten_rejects(value, error, message):
    with pytest.raises(error, match=_literal(message)):
        leaves, node = sip.flatten(value)
        sip.mangle_structure(node)


def _literal(text):
    return re.escape(text)


def test_flatten_rejects_subclasses_and_cycles():
    from collections import namedtuple, OrderedDict
    with pytest.raises(TypeError, match="not P"):
        sip.flatten((1, namedtuple("P", "x y")(1, 2)))
    with pytest.raises(TypeError, match="not OrderedDict"):
        sip.flatten(OrderedDict(a=1))
    xs = [1]
    xs.append(xs)
    with pytest.raises(ValueError, match=r"contains itself at path \[1\]"):
        sip.flatten(xs)
    shared = [1]
    leaves, node = sip.flatten((shared, shared))   # shared, not cyclic: two copies
    assert leaves == [1, 1]


def test_str_is_a_leaf():
    leaves, node = sip.flatten(("ab", b"cd"))
    assert leaves == ["ab", b"cd"] and node == SeqNode(((0, 0), (1, 1)))


@pytest.mark.parametrize("values, text, record, message", [
    ([1], "S9!k0_0k1_1", None, "raw index 1 at path [1] is out of range"),
    ([1, 2], "S9!k0_0k1_0", None, "raw index 0 at path [1] is used twice"),
    ([1, 2], "S5!k0_0", None, "raw index 1 is not in the structure"),
    ([1, 2], "S9!k0_0k2_1", None, "sequence keys [0, 2] at path [] are not 0..1"),
    ([1], "S6!k-1_0", None, "sequence keys [-1]"),
    ([1], "_-1", None, "raw index -1 at path [] is out of range"),
    ([1], "S5!k0_0", ["stuple", "i64", "i64"], "a sequence of 1 at path [] against a record of 2 slots"),
    ([1], "S5!k0_0", ["sdict", ["a", "i64"]], "does not describe a sequence"),
    ([1], "D7!K2!a_0", ["slist", "i64"], "does not describe a dict"),
    ([1], "D7!K2!a_0", ["sdict", ["b", "i64"]], "dict keys ['a'] at path [] are not the record's ['b']"),
    ([1], "S6!k0D1!", ["slist", ["sdict"]], "raw index 0 is not in the structure"),
    # records as a damaged file might hold them
    ([1], "S5!k0_0", ["named", "xs"], "malformed record ['named', 'xs'] at path []"),
    ([1], "S5!k0_0", [], "malformed record [] at path []"),
    ([1], "S5!k0_0", [7, "i64"], "malformed record [7, 'i64']"),
    ([1], "S5!k0_0", ["py_homogeneous_list"], "malformed record"),
    ([1], "D7!K2!a_0", ["sdict", ["a"]], "malformed record ['sdict', ['a']]"),
    ([1], "D7!K2!a_0", ["sdict", [1, "i64"]], "malformed record"),
    ([1], "S5!k0_0", "i64", "record 'i64' at path [] does not describe a sequence"),
])
def test_unflatten_rejects(values, text, record, message):
    with pytest.raises(ValueError, match=_literal(message)):
        sip.unflatten(values, sip.parse_structure(text), record)


def test_unflatten_records():
    """The V1 record picks tuple or list (SIP cannot tell them apart); a leaf
    stays one value whatever its record; no record means tuples."""
    node = sip.parse_structure("S14!k0S5!k0_0k1_1")
    assert same(sip.unflatten([1, 2], node), ((1,), 2))
    assert same(sip.unflatten([1, 2], node, ["slist", ["stuple", "i64"], "i64"]), [(1,), 2])
    assert same(sip.unflatten([1, 2], node, ["named", "xs", ["py_homogeneous_list", ["slist", "i64"]]]),
                [[1], 2])
    pair = (3, 4)
    assert same(sip.unflatten([pair], sip.parse_structure("_0"), ["stuple", "i64", "i64"]), pair)


def test_from_index_paths_rejects():
    with pytest.raises(ValueError, match="mixes int and str keys"):
        sip.from_index_paths([((0,), 0), (("a",), 1)])
    with pytest.raises(ValueError, match="goes through the leaf"):
        sip.from_index_paths([((0,), 0), ((0, 1), 1)])
    with pytest.raises(ValueError, match="already a container"):
        sip.from_index_paths([((0, 1), 0), ((0,), 1)])
    with pytest.raises(ValueError, match="already a leaf"):
        sip.from_index_paths([((0,), 0), ((0,), 1)])
    with pytest.raises(ValueError, match="raw index -1 at path \\[0\\] is negative"):
        sip.from_index_paths([((0,), -1)])
    with pytest.raises(ValueError, match="negative key -1"):
        sip.from_index_paths([((-1,), 0)])
    with pytest.raises(TypeError):
        sip.from_index_paths([((0.5,), 0)])
    assert sip.from_index_paths([]) is None
    assert sip.from_index_paths([((), 3)]) == 3


def test_mangle_rejects_bad_trees():
    with pytest.raises(TypeError, match="not bool"):
        sip.mangle_structure(True)
    with pytest.raises(TypeError, match="a SIP dict key is a str"):
        sip.mangle_structure(DictNode(((1, 0),)))
    with pytest.raises(TypeError, match="sequence key is an int"):
        sip.mangle_structure(SeqNode((("a", 0),)))
    with pytest.raises(TypeError, match="not list"):
        sip.mangle_structure([0])
