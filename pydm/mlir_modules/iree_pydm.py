"""The (empty) Python module of the ``iree_pydm`` dialect, see ``__init__.py``."""
