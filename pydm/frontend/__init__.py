"""Frontend: Python source (astroid) → iree_pydm IR.

Phases, in order: ``source`` finds the module and its jit functions;
``scopes`` decides every name's scope (symtable); ``typing`` infers static
types of locals and returns per specialization; ``importer`` walks the syntax
and builds IR, delegating every operator and builtin to ``semantics``.
"""
