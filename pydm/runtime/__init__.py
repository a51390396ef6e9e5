"""Runtime glue: load VM modules, call exports with CPython's boundary rules."""
from .program import LoadedProgram, vm_instance

__all__ = ["LoadedProgram", "vm_instance"]
