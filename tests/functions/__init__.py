"""Differential tests for the function model (issue 9): nested functions,
closures and cells, nonlocal, lambdas, function values, CPython's argument
TypeErrors, key= for sorted/list.sort/min/max, module-level constants, helpers
and the related compile errors. The compiled programs live in plain modules
(``programs.py``, ``bad_programs.py``) so pytest's assert rewriting does not
touch them; the harness is ``tests/exceptions/eharness.py``."""
