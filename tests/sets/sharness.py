"""Differential checks for sets: the dicts' harness (``tests/dicts/dharness.py``),
whose normal form compares a set in no order (CPython iterates its table's
slots, pydm its insertion order: see README, Sets) with every element's
exact type, and numbers sets among the containers whose aliasing must agree."""
from dicts.dharness import INF, NAN, P, Batch, check, norm, where  # noqa: F401
