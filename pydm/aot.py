"""Ahead-of-time compilation: a .py file → a .vmfb any IREE host can load.

``compile_file`` parses the file with astroid and never imports or executes
it. Each ``@pydm.jit`` function becomes an export typed by its annotations
(V1-ABI ``iree.abi`` reflection plus pydm's own signature under ``pydm.sig``);
the ``__pydm_meta`` export carries the raise-site table and the file's SHA-256
(``runtime/digest.py``). Functions that go native (the JIT's rules, README
"Native loops") have their native parts inside the same file
(``native/embed.py``). ``load`` checks the digest (a damaged file raises
``ValueError`` before IREE sees it), then rebuilds callables from that
metadata alone.
"""
from __future__ import annotations

import os

from .compiler import check_exportable_defaults, CompiledProgram, compile_program
from .errors import error_at
from .frontend.source import load_module
from .frontend.annotations import annotation_type
from .runtime.digest import seal
from .runtime.loading import LoadedModule, load, read_program  # noqa: F401 (pydm.aot's loading names)
from .types import PyType


def compile_path(path: str, keep_stages: bool = False, native: bool = True) -> CompiledProgram:
    """Compile every jit function of ``path``; ``.vmfb`` is sealed (its digest
    written in); ``keep_stages``: keep every stage's IR text too. ``native``:
    functions go native as with the JIT (each decorator's ``native=``; pydm
    decides for the others unless ``PYDM_NATIVE=0``), their native parts
    inside the one ``.vmfb`` (``pydm/native/embed.py``); False: all on the VM."""
    module = load_module(os.path.abspath(path))
    exported = [fn for fn in module.functions.values() if fn.decorated]
    if not exported:
        raise error_at(module.tree, f"no @pydm.jit functions in {path}",
                       "decorate module-level functions with @pydm.jit")
    entries, options = [], {}
    for fn in exported:
        options[fn.name] = _native_option(fn)
        check_exportable_defaults(fn)
        types = []
        for arg, ann in zip(fn.node.args.args, fn.node.args.annotations):
            t = annotation_type(ann)
            types.append(PyType.OBJECT if t is None else t)  # unannotated: any value, as an object
        entries.append((fn, tuple(types)))
    compiled = compile_program(module, entries, plain_names=True, keep_stages=keep_stages,
                               relative_to=os.path.dirname(module.filename),
                               native=options if native else None)
    compiled.vmfb = seal(compiled.vmfb)
    return compiled


def _native_option(fn) -> bool | None:
    """The ``native=`` of ``fn``'s ``@pydm.jit(...)`` (None when not given)."""
    from astroid import nodes
    calls = [d for d in (fn.node.decorators.nodes if fn.node.decorators else []) if isinstance(d, nodes.Call)]
    for dec in calls:
        for k in dec.keywords or []:
            if k.arg != "native":
                continue
            if not isinstance(k.value, nodes.Const) or all(k.value.value is not v for v in (True, False, None)):
                raise error_at(k.value, "jit(native=...) takes True, False or None",
                               "write the constant itself: pydm compile does not run the file")
            return k.value.value
    return None


def compile_file(path: str, output: str | None = None, native: bool = True) -> bytes:
    """Compile every jit function of ``path``; write ``output`` if given."""
    vmfb = compile_path(path, native=native).vmfb
    if output:
        with open(output, "wb") as f:
            f.write(vmfb)
    return vmfb


