"""The compiler driver: a module's jit functions → a VM module (bytes + metadata).

Stages, each inspectable as text: ``pydm`` (iree_pydm IR after pydm's
passes), ``iree`` (after convert-iree-pydm-to-iree), ``vm`` (VM dialect).
"""
from __future__ import annotations

import os
import re

from iree.compiler import ir

from . import dialect as d
from . import library_module
from .abi import batch
from .abi import exports as sip_exports
from .abi.signature import META_FUNCTION, SIG_KEY, CompiledProgram, ExportSignature  # noqa: F401 (re-exported)
from .backend import compile_module, session
from .backend.driver import COMPILE_LOCK as driver_lock
from .errors import CompileError, error_at
from .exceptions import ExceptionClasses, RaiseSiteTable
from .frontend.importer import build_module
from .frontend.read_only import read_only_params
from .frontend.source import FunctionInfo, ModuleInfo
from .frontend.typing import ProgramTypes
from .lowering import LoweringContext, lower_module
from .native import decisions as native_decisions
from .passes import run_pipeline

def compile_program(module: ModuleInfo, entries: list[tuple[FunctionInfo, tuple]],
                    plain_names: bool = False, keep_stages: bool = False,
                    global_values: dict | None = None, relative_to: str | None = None,
                    native: dict | None = None, expansion_budget: int | None = None,
                    batch_entries: bool = False, import_library: bool = False) -> CompiledProgram:
    """Compile the given (function, argument types) entry points and everything they call.

    With ``plain_names`` (ahead of time) each entry is exported under its
    Python name, so any IREE host can call ``fib``, not ``fib$i``. With
    ``keep_stages`` the IR text of every stage is kept (``stages``), with
    each op's ``file:line:col`` location. ``global_values``: the module's
    globals (a JIT function's ``__globals__``), read at compile time; None
    (ahead of time): the source's top-level constant assignments.
    ``relative_to``: the directory the module's source paths are written
    relative to (ahead of time: no build machine's paths in the file).
    ``native``: the entries' ``native`` options by function name (True,
    False or None: pydm decides; ``pydm/native/`` for a whole function,
    ``pydm/native/outline.py`` for the loops of larger ones).
    ``expansion_budget``: the syntax nodes self-recursion may be expanded
    into (``frontend/inlining.py``; None: its MAX_EXPANDED_NODES).
    ``batch_entries``: each scalar entry gets a batch entry too, for the
    JIT's ``fn.map`` (``pydm/abi/batch.py``).
    ``import_library``: the runtime library's functions are calls of its own
    VM module (``pydm/library_module.py``), not linked in; the program can
    then only run where that module is loaded first (the JIT's runtime)."""
    from .frontend import inlining
    dump = os.environ.get("PYDM_DUMP")
    keep_stages = keep_stages or bool(dump)
    sess = session()
    # one compilation at a time: every phase builds IR in the one shared MLIR
    # context, which is not safe to mutate from two threads at once
    with driver_lock, sess.context, ir.Location.unknown(), inlining.expansion_budget(expansion_budget), \
            batch.requested(batch_entries), library_module.importing(import_library):
        outline = None
        if native is not None:  # JIT: hot scalar loops of larger functions (pydm/native/outline.py)
            from .native import outline as native_outline
            outline = native_outline.plan(module, entries, native,
                                          lambda m, e: _typed_program(m, e, plain_names, global_values))
        compiled = None
        if outline is not None and outline.loops:
            try:
                compiled = _compile(outline.module, outline.entries, outline, plain_names, keep_stages,
                                    global_values, relative_to, native)
            except Exception as failed:  # noqa: BLE001 - outlining is an optimization: without it
                if isinstance(failed, CompileError) and "cannot run natively" in failed.message:
                    raise
                outline = outline.without_loops(f"outlining failed: {type(failed).__name__}: {failed}"[:300])
        if compiled is None:
            try:
                compiled = _compile(module, entries, outline, plain_names, keep_stages, global_values,
                                    relative_to, native)
            except CompileError as error:
                # native=True on a wholly scalar function that cannot go native as a
                # whole (a float % after its loop): its loops outlined, if that works
                compiled = _outlined_instead(error, module, entries, outline, plain_names, keep_stages,
                                             global_values, relative_to, native)
            if compiled[3] and not (outline is not None and outline.loops):
                # the same under native=None: its loops outlined, if any qualifies and compiles
                compiled = _compile_outlined(module, entries, native, plain_names, keep_stages, global_values,
                                             relative_to) or compiled
    result, stages, entry_specs, _ = compiled
    if dump and stages:
        _dump_stages(dump, module, entry_specs, stages)
    return result


def _outlined_instead(error, module, entries, outline, plain_names, keep_stages, global_values,
                      relative_to, native):
    """The compile with the loops of wholly scalar entries outlined, after
    ``error`` (``native=True`` that cannot go native as a whole); ``error``
    itself when that is no way out."""
    if "cannot run natively" not in error.message or (outline is not None and outline.loops):
        raise error
    compiled = _compile_outlined(module, entries, native, plain_names, keep_stages, global_values, relative_to)
    if compiled is None:
        raise error
    return compiled


def _compile_outlined(module, entries, native, plain_names, keep_stages, global_values, relative_to):
    """The compile with the loops of wholly scalar entries outlined (they
    cannot go native as a whole), or None when no loop qualifies or the
    outlined program does not compile."""
    from .native import outline as native_outline
    retry = native_outline.plan(module, entries, native,
                                lambda m, e: _typed_program(m, e, plain_names, global_values), whole=False)
    if retry is None or not retry.loops:
        return None
    try:
        return _compile(retry.module, retry.entries, retry, plain_names, keep_stages, global_values,
                        relative_to, native)
    except Exception:  # noqa: BLE001 - outlining is an optimization: the program without it stands
        return None


def _compile(module, entries, outline, plain_names, keep_stages, global_values, relative_to, native):
    """compile_program's phases for one (possibly outlined) module: (the
    CompiledProgram, the stages, the entry specializations, the entries that
    pydm chose to send native as a whole but whose body cannot go: their
    loops may be outlined instead)."""
    if outline is not None and not outline.loops and outline.typed is not None:
        program, entry_specs = outline.typed  # the original module, typed to choose the loops
    else:
        program, entry_specs = _typed_program(module, entries, plain_names, global_values)
    public = {s.symbol for s in entry_specs}
    mod = build_module(program, public)
    if library_module.is_importing():
        mod.operation.attributes[library_module.IMPORT_ATTR] = ir.UnitAttr.get()
    if outline is not None:
        outline.name_functions(mod, program)
    d.verify(mod)
    forced = native_decisions.forced_constructs(mod, entry_specs, native)
    stages: dict[str, str] | None = {} if keep_stages else None
    if stages is not None:
        stages["import"] = _text(mod)
    run_pipeline(mod, stages, text=_text)
    if stages is not None:
        # "pydm": dynamic values still as objects (split-objects is a representation
        # change; its result is the stage "after:split-objects")
        stages["pydm"] = stages["after:link-runtime"]
    library = None
    if library_module.is_importing() and library_module.declares_library(mod):
        # the library's raise sites first: a code it returns means the same here
        library, _, library_sites = library_module.library_program()
        sites = RaiseSiteTable(library_sites.sites, classes=ExceptionClasses(module.exception_classes))
        sites.library_sites = len(library_sites.sites)  # its metadata names them by the library's key
    else:
        sites = RaiseSiteTable(classes=ExceptionClasses(module.exception_classes))
    if global_values is not None:
        sites.classes.namespace = global_values  # the user's own classes, for the exceptions raised
    lowering = LoweringContext(sites)
    if library is not None:
        lowering.support.update(("exception", "site"))  # the slots a failed library call's object and site go to
    lower_module(mod, lowering)
    if library is not None:
        library_module.import_calls(mod)
    missed: list[str] = []
    native_parts = native_decisions.go_native(mod, entry_specs, native, stages, forced, outline, program,
                                              embed=plain_names, missed=missed)
    embedded = plain_names and bool(native_parts)
    if embedded:
        native_parts = []  # inside the VM module: it imports IREE's hal module instead
    exports = {}
    for spec in entry_specs:
        sig = ExportSignature(spec.func.name, spec.symbol, list(spec.func.params), list(spec.arg_types),
                              spec.ret, _defaults(spec.func), read_only_params(spec.func))
        exports[spec.symbol] = sig
        _attach_reflection(mod, spec.symbol, sig)
        if plain_names and sip_exports.eligible(sig.param_types, sig.ret):
            _add_sip_variant(mod, sig)
        if batch.is_requested():
            _add_map_variant(mod, sig)
    _add_meta_function(mod, sites, relative_to, {**module.host_functions, **program.imported_hosts()}, embedded,
                       library)
    if stages is not None:
        stages["iree"] = _text(mod)
    vmfb = compile_module(mod, stages=stages)
    result = CompiledProgram(vmfb, sites, exports, stages or {}, program.globals_read(), native_parts,
                             library)
    return result, stages, entry_specs, missed


def _dump_stages(folder: str, module: ModuleInfo, entry_specs, stages: dict) -> None:
    """``PYDM_DUMP=folder``: every stage of this compilation as a file,
    ``<source>.<entries>.<NN>.<stage>.mlir`` in pipeline order (the native
    decision as ``.txt``)."""
    base = os.path.splitext(os.path.basename(module.filename))[0]
    entries = "+".join(sorted({s.symbol for s in entry_specs}))[:120]
    os.makedirs(folder, exist_ok=True)
    for i, (stage, text) in enumerate(stages.items()):
        suffix = ".txt" if stage == "native-decision" else ".mlir"  # a note, not IR
        name = re.sub(r"[^A-Za-z0-9_.+-]", "_", f"{base}.{entries}.{i:02d}.{stage}") + suffix
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)


def _text(mod: ir.Module) -> str:
    """IR text with every op's location (seed 003: ``loc("file.py":3:5)``)."""
    return mod.operation.get_asm(enable_debug_info=True)


def _typed_program(module, entries, plain_names, global_values=None):
    """Infer the static types of every specialization reachable from the entries."""
    program = ProgramTypes(module, global_values)
    entry_specs = [program.specialization(fn, types) for fn, types in entries]
    if plain_names:
        for spec in entry_specs:
            spec.symbol = spec.func.name
    program.solve()
    return program, entry_specs


def _defaults(fn: FunctionInfo) -> dict:
    """The parameters' default values that a module can carry (literals,
    tuples of literals); a JIT caller takes the others from the Python
    function itself (``__defaults__``, evaluated once, as CPython)."""
    from .frontend.literals import literal_value, NO_VALUE
    args = fn.node.args
    out = {}
    defaults = args.defaults or []
    names = [a.name for a in args.args]
    for name, node in zip(names[len(names) - len(defaults):], defaults):
        value = literal_value(node, NO_VALUE)
        if value is not NO_VALUE:
            out[name] = value
    return out


def check_exportable_defaults(fn: FunctionInfo) -> None:
    """``pydm compile``: a .vmfb carries only constant defaults, and exports
    functions of positional-or-keyword parameters."""
    from .frontend.literals import literal_value, NO_VALUE
    if not fn.simple_signature:
        raise error_at(fn.node, "pydm compile exports functions of plain parameters only (no *args, "
                                "**kwargs, keyword-only or positional-only ones)",
                       "wrap it in a function of plain parameters, or use it with @pydm.jit")
    for node in fn.node.args.defaults or []:
        if literal_value(node, NO_VALUE) is NO_VALUE:
            raise error_at(node, "a default value that is not a constant cannot be exported",
                           "use int, float, bool, None or a tuple of them (or None and build the value inside)")


def _find_func(mod: ir.Module, symbol: str):
    for op in mod.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == symbol:
            return op
    raise KeyError(symbol)


def _attach_reflection(mod: ir.Module, symbol: str, sig: ExportSignature) -> None:
    op = _find_func(mod, symbol)
    op.attributes["iree.reflection"] = ir.DictAttr.get({
        "iree.abi": ir.StringAttr.get(sig.abi_json()),
        SIG_KEY: ir.StringAttr.get(sig.to_json()),
    })


def _boundary_types(mod: ir.Module, symbol: str) -> tuple[list[str], list[str]]:
    """The export's parameter and result types at the boundary, as text."""
    ftype = ir.FunctionType(ir.TypeAttr(_find_func(mod, symbol).attributes["function_type"]).value)
    return [str(t) for t in ftype.inputs], [str(t) for t in ftype.results]


def _add_variant(mod: ir.Module, symbol: str, inputs, results, text: str, reflection: dict) -> None:
    """Parse ``text`` (one function calling export ``symbol``) into ``mod``."""
    declaration = f"func.func private @{symbol}({', '.join(inputs)}) -> ({', '.join(results)})\n"
    parsed = ir.Module.parse(declaration + text)  # kept alive while its op is in use
    variant = list(parsed.body.operations)[1]
    variant.attributes["iree.reflection"] = ir.DictAttr.get(
        {key: ir.StringAttr.get(value) for key, value in reflection.items()})
    variant.operation.clone(ip=ir.InsertionPoint(mod.body))


def _add_sip_variant(mod: ir.Module, sig: ExportSignature) -> None:
    """The export's SIP-flattened variant (``pydm/abi/exports.py``)."""
    inputs, results = _boundary_types(mod, sig.symbol)
    text = sip_exports.variant_text(sig.symbol, inputs, results, sig.param_types, sig.ret)
    _add_variant(mod, sig.symbol, inputs, results, text,
                 sip_exports.reflection(sig.name, sig.param_types, sig.ret))


def _add_map_variant(mod: ir.Module, sig: ExportSignature) -> None:
    """The JIT's batch entry of a scalar export (``pydm/abi/batch.py``), for ``fn.map``."""
    inputs, results = _boundary_types(mod, sig.symbol)
    if batch.eligible(inputs, results):
        _add_variant(mod, sig.symbol, inputs, results, batch.variant_text(sig.symbol, inputs, results),
                     {"pydm.internal": "map"})


def _add_meta_function(mod: ir.Module, sites: RaiseSiteTable, relative_to: str | None = None,
                       host_functions: dict | None = None, native: bool = False,
                       library: str | None = None) -> None:
    """An exported no-op whose reflection carries the module's raise-site
    table and its ``@pydm.host`` functions (``pydm.host_functions``: name ->
    its parameter and return types and whether it is optional; what ``pydm.load`` supplies).
    ``native``: the module holds native parts (``pydm.device``: the HAL device
    whose module ``pydm.load`` registers first). ``library``: the key of the
    runtime library's VM module the module imports (registered before it)."""
    import json
    hosts = {name: {"params": None if decl.spread else [t.value for t in decl.param_types],
                    "ret": decl.ret.value, "optional": decl.optional}
             for name, decl in sorted((host_functions or {}).items()) if not isinstance(decl, Exception)}
    from iree.compiler.dialects import func
    from .runtime.digest import DIGEST_KEY, PLACEHOLDER as DIGEST_PLACEHOLDER
    with ir.InsertionPoint(mod.body):
        f = func.FuncOp(META_FUNCTION, ir.FunctionType.get([], []))
        f.attributes["iree.reflection"] = ir.DictAttr.get({
            "iree.abi": ir.StringAttr.get('{"a":[],"r":[],"v":1}'),
            "pydm.raise_sites": ir.StringAttr.get(sites.to_json(relative_to)),
            "pydm.host_functions": ir.StringAttr.get(json.dumps(hosts, separators=(",", ":"))),
            **({"pydm.device": ir.StringAttr.get("local-sync")} if native else {}),
            **({"pydm.library": ir.StringAttr.get(library)} if library else {}),
            # --- integrity (pydm/runtime/digest.py): a fixed-length placeholder
            # that ``pydm compile`` overwrites with the file's SHA-256 ---
            DIGEST_KEY: ir.StringAttr.get(DIGEST_PLACEHOLDER),
        })
        block = f.add_entry_block()
    with ir.InsertionPoint(block):
        func.ReturnOp([])
