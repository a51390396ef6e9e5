"""Iterator objects over a str kept as values (``zip``, ``iter``, ``reversed``,
``enumerate`` of a str, typed or held in an ``object``), against CPython: the
runtime library's ``sequence_items`` walks a str's one-codepoint strs (it once
raised ``'str' object is not iterable``)."""
import pydm

from .sharness import check


@pydm.jit
def iterators_of(s: str, o):
    z = zip([1, 2], s)
    it = iter(s)
    r = reversed(s)
    e = enumerate(o)
    return sorted(set(z)), next(it), list(r), list(e), list(iter(o))


def test_iterators_over_strs_kept_as_values():
    for args in [("ab", "xy"), ("", "q"), ("h\u00e9llo", (1, 2)), ("\U0001f600", "\U0001f600\u00e9"), ("a", [3]),
                 ("ab", frozenset([7])), ("ab", {"k": 1})]:
        check(iterators_of, *args)
