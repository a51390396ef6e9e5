"""Unit tests of pydm's passes, lowering rules and VM fix-ups on hand-written IR,
independent of the Python frontend (helpers in ``kit.py``).

Run: ``.venv/bin/python -m pytest -q tests/ir``
"""
