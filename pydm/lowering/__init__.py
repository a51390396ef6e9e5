"""convert-iree-pydm-to-iree: one lowering rule per iree_pydm op.

``driver.py`` owns the type converter, the rule registry and the structural
patterns (functions, calls, branches); the rules live next to each other by
family in ``rules_*.py`` and register themselves with :func:`driver.rule`.
``numeric/`` holds the emission helpers for Python's exact number semantics.
"""
from .driver import LoweringContext, lower_module, rule, RULES
from . import rules_scalar, rules_object, rules_tuple, rules_typed_list, rules_exception, rules_str, rules_host  # noqa: F401 (register)

__all__ = ["LoweringContext", "lower_module", "rule", "RULES"]
