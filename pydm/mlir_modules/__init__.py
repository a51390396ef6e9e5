"""Python modules MLIR's bindings look up per dialect namespace.

Whenever the bindings wrap an operation they import the Python module of its
dialect (``<prefix>.<namespace>``) and remember only a hit: for an
unregistered dialect such as ``iree_pydm`` every wrap repeated a failed
import search (~45 µs; with a few thousand wraps per compile, half of a
recursive function's compile time - found by pydm). An empty module here, on
the bindings' search path (see ``pydm/dialect.py``), turns it into one hit.
"""
