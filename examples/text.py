"""Strings, dicts, print and formatting: count words, report with f-strings.

    python examples/text.py

Each function runs under CPython (``f.py_func``) and under pydm; the results
and everything printed must be identical.
"""
import contextlib
import io

import pydm


@pydm.jit
def word_counts(text: str) -> dict:
    counts = {}
    word = ""
    for c in text + " ":
        if c in " ,.!?":
            if word:
                counts[word] = counts.get(word, 0) + 1
            word = ""
        else:
            word += c
    return counts


@pydm.jit
def report(counts: dict, width: int) -> str:
    lines = []
    total = 0
    for word, n in counts.items():
        total += n
        print(f"{word:<{width}}|{'#' * n} {n}")
    share = counts.get("the", 0) / total if total else 0.0
    return "%d words, %d distinct, 'the' is %.1f%%" % (total, len(counts), 100 * share)


def main():
    text = "The cat and the hat. The cat sat on the mat, and the héron flew! 😀"
    for f, args in ((word_counts, (text,)), (report, (word_counts.py_func(text), 8))):
        outputs = []
        for g in (f, f.py_func):
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                result = g(*args)
            outputs.append((result, buf.getvalue()))
        assert outputs[0] == outputs[1], outputs
        print(outputs[0][1], end="")
        print(f"{f.__name__}: {outputs[0][0]!r}")


if __name__ == "__main__":
    main()
