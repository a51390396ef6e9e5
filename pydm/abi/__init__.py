"""How compiled functions meet the outside world, in plain Python (no IREE):
descriptions that travel in a module's reflection metadata.

- ``sip``: structured index paths (seed 001), which map a function's flat
  raw arguments and results onto nested tuples, lists and dicts.
"""
