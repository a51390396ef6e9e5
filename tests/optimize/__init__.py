"""Tests of pydm's optimizations: each is checked against CPython (values, types, exceptions) and for its effect on the IR."""
