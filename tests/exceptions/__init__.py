"""Differential tests for exceptions (issue 9): raise, try/except/else/finally,
assert, bare raise, exceptions crossing calls, mutable entry defaults and the
related compile errors. The compiled programs live in plain modules
(``programs.py``, ``bad_programs.py``) so pytest's assert rewriting does not
touch them."""
