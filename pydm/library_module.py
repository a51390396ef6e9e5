"""The runtime library as a VM module of its own (``pydmrtl``), and programs
that call it through VM imports instead of linking its functions' bodies.

Built once: ``runtime_lib/*.py``'s iree_pydm IR (``runtime_library.py``)
through pydm's passes, the lowering and IREE's VM pipeline, every library
function exported under its symbol (``pydmrtl$add`` -> the VM function
``pydmrtl.pydmrtl$add``) with pydm's internal calling convention (the
``(code, bits, ref)`` parts of objects, the exception code first). Kept on
disk beside the library's IR (``rtl-<key>.vmfb``, the same key), its
raise-site table inside (``__pydm_meta``, as any pydm module).

A program that imports it:

* declares each library function it calls (``link-runtime``), lowered like a
  definition, then renamed to the import ``pydmrtl.<symbol>``;
* numbers its own raise sites after the library's (its table starts with the
  library's sites), so a code the library returns means the same site in
  the program: its class, message, ``except`` matching and ``e.args``;
* takes the library's exception object (a message completed at run time,
  ``int('x')``) into its own exception slot after a failed library call
  (``pydm$take_library_exception``): the library's slot is a global of the
  library module;
* names the library's key in its ``__pydm_meta`` (``pydm.library``), so a
  runtime loads that library module into the program's contexts first
  (``pydm/runtime/library.py``).
"""
from __future__ import annotations

import contextlib
import os
import threading

from iree.compiler import ir

from .runtime_library import PREFIX

MODULE_NAME = "pydmrtl"
TAKE_EXCEPTION = "__pydm_take_exception"
TAKE_LOCAL = "pydm$take_library_exception"
#: the module attribute that asks ``link-runtime`` for declarations instead of bodies
IMPORT_ATTR = "pydm.library_import"

_lock = threading.Lock()
_built: dict = {}  # key -> (vmfb, RaiseSiteTable)
_key: str | None = None  # the library's cache key (runtime_library.cache_key), once computed


#: the library module could not be built in this process: the JIT links instead
_failed: str | None = None


class LibraryModuleError(RuntimeError):
    """Building the runtime library's VM module failed (the library itself
    still links: the compilation is made again that way)."""


def import_enabled() -> bool:
    """Does the JIT import the library (``PYDM_LIBRARY_MODULE``, default on;
    never after its module failed to build in this process)?"""
    return os.environ.get("PYDM_LIBRARY_MODULE", "1") != "0" and _failed is None


def import_symbol(symbol: str) -> str:
    return f"{MODULE_NAME}.{symbol}"


def library_program():
    """(key, vmfb bytes, raise-site table) of the library module, built on
    first use (from the disk cache when it holds it)."""
    from .backend.driver import COMPILE_LOCK
    from .runtime_library import cache_dir, cache_key, library_module
    global _key, _failed
    library_module()  # first: its own reentrance check (LibraryReentered), its own lock not held below
    # the compile lock first (a build compiles), as every compilation takes it: never the other order
    with COMPILE_LOCK, _lock:
        if _key is None:
            _key = cache_key()  # once per process, as library_module() reads the library once
        key = _key
        got = _built.get(key)
        if got is not None:
            return (key, *got)
        if _failed is not None:  # once is enough: every program links from then on
            raise LibraryModuleError(f"pydm: the runtime library's VM module failed to build ({_failed})")
        path = os.path.join(cache_dir(), f"rtl-{key}.vmfb")
        vmfb = _read_cached(path)
        if vmfb is None:
            try:
                vmfb = build_vmfb()
            except Exception as exc:  # noqa: BLE001 - any failure of the build: link instead
                _failed = f"{type(exc).__name__}: {exc}"[:500]
                raise LibraryModuleError(f"pydm: the runtime library's VM module failed to build ({_failed}); "
                                         "programs link the library instead") from exc
            from .runtime.cache import write_atomically
            from .runtime.digest import seal
            vmfb = seal(vmfb)
            write_atomically(path, vmfb)  # a read-only home: no cache, still correct
        from .runtime.loading import read_program
        sites = read_program(vmfb, origin=path).sites
        _built[key] = (vmfb, sites)
        from .runtime.library import register
        register(key, vmfb)
        return key, vmfb, sites


def _read_cached(path: str) -> bytes | None:
    from .runtime.digest import DamagedModule, verify
    try:
        with open(path, "rb") as f:
            data = f.read()
        verify(data)
        return data
    except (OSError, DamagedModule, ValueError):
        return None


#: how many times this process built the library module (tests: a cached one is not rebuilt)
builds = 0


def build_vmfb() -> bytes:
    """Compile the whole library to one VM module that exports every function."""
    global builds
    from .backend import compile_module, session
    from .backend.driver import COMPILE_LOCK
    from .compiler import _add_meta_function
    from .exceptions import RaiseSiteTable
    from .lowering import LoweringContext, lower_module
    from .lowering.support import EXCEPTION_GLOBAL, SITE_GLOBAL
    from .passes import run_pipeline
    from .runtime_library import library_module
    builds += 1
    with COMPILE_LOCK, session().context, ir.Location.unknown():
        lib = library_module()
        mod = ir.Module.create()
        mod.operation.attributes["sym_name"] = ir.StringAttr.get(MODULE_NAME)
        names = []
        for op in lib.body.operations:
            clone = op.operation.clone(ip=ir.InsertionPoint(mod.body))
            if clone.operation.name == "func.func":
                # private through pydm's passes: no record wrappers, no class codes on exit
                clone.attributes["sym_visibility"] = ir.StringAttr.get("private")
                names.append(ir.StringAttr(clone.attributes["sym_name"]).value)
        run_pipeline(mod)
        sites = RaiseSiteTable()
        ctx = LoweringContext(sites)
        ctx.support.update(("exception", "site"))  # the slots TAKE_EXCEPTION hands over
        lower_module(mod, ctx)
        exported = set(names)
        for op in mod.body.operations:
            if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value in exported:
                op.attributes["sym_visibility"] = ir.StringAttr.get("public")
        _parse_into(mod, f"""
util.global private mutable @{EXCEPTION_GLOBAL} : !util.list<?>
util.global private mutable @{SITE_GLOBAL} = 0 : i32
func.func @{TAKE_EXCEPTION}() -> (i32, !util.list<?>) {{
  %null = util.null : !util.list<?>
  %zero = arith.constant 0 : i32
  %e = util.global.load @{EXCEPTION_GLOBAL} : !util.list<?>
  %site = util.global.load @{SITE_GLOBAL} : i32
  util.global.store %null, @{EXCEPTION_GLOBAL} : !util.list<?>
  util.global.store %zero, @{SITE_GLOBAL} : i32
  return %site, %e : i32, !util.list<?>
}}
""", skip={EXCEPTION_GLOBAL, SITE_GLOBAL})
        _add_meta_function(mod, sites, relative_to=None)
        return compile_module(mod)


def _failure_branches(call):
    """The ``cf.cond_br`` ops that branch on ``call``'s exception code being
    non-zero (``arith.cmpi ne, code, 0``), when those are all that reads the
    code (it may also be passed on their edges); else None. [] for a code
    nobody reads (``truth`` never raises)."""
    code = call.results[0]
    checks, others = [], []
    for use in code.uses:
        user = _op(use.owner)
        if user.name == "arith.cmpi" and ir.IntegerAttr(user.attributes["predicate"]).value == 1 \
                and _is_zero(user.operands[1 - use.operand_number]):
            checks.append(user)
        else:
            others.append(user)
    branches = []
    for check in checks:
        for use in check.results[0].uses:
            owner = _op(use.owner)
            if owner.name != "cf.cond_br" or use.operand_number != 0:
                return None
            branches.append(owner)
    if any(o not in branches for o in others):
        return None
    return branches


def _op(o):
    """The ``ir.Operation`` of an op or op view."""
    return o.operation if hasattr(o, "operation") else o


def _is_zero(value) -> bool:
    if not isinstance(value.owner, (ir.Operation, ir.OpView)):
        return False  # a block argument
    owner = _op(value.owner)
    return owner.name == "arith.constant" and ir.IntegerAttr(owner.attributes["value"]).value == 0


def _take_on_failure_edge(branch) -> None:
    """A block on ``branch``'s failure (true) edge that takes the library's
    exception, then goes on: the path without an exception is unchanged."""
    from iree.compiler.dialects import cf, func
    seg = ir.DenseI32ArrayAttr(branch.attributes["operandSegmentSizes"])
    operands = list(branch.operands)
    n_true = seg[1]
    on_true, on_false = operands[1:1 + n_true], operands[1 + n_true:]
    target = branch.successors[0]
    edge = target.create_before()
    with branch.location:
        with ir.InsertionPoint(edge):
            func.CallOp([], TAKE_LOCAL, [])
            cf.BranchOp(on_true, target)
        with ir.InsertionPoint(branch):
            cf.CondBranchOp(operands[0], [], on_false, edge, branch.successors[1])
    branch.erase()


def _take_after(call) -> None:
    """Take the library's exception right after ``call`` when it failed
    (where its code is read otherwise than by a branch on it)."""
    from iree.compiler.dialects import arith, func, scf
    i32 = ir.IntegerType.get_signless(32)
    # built before the call, then the call moved in front of them
    with call.location, ir.InsertionPoint(call):
        zero = arith.constant(i32, 0)
        failed = arith.cmpi(arith.CmpIPredicate.ne, call.results[0], zero)
        branch = scf.IfOp(failed, [], has_else=False)
        with ir.InsertionPoint(branch.then_block):
            func.CallOp([], TAKE_LOCAL, [])
            scf.YieldOp([])
    call.move_before(zero.owner)


def _parse_into(module: ir.Module, text: str, skip=()) -> None:
    """Add the ops of ``text`` to ``module`` (but those named in ``skip``:
    declared in the text only for its uses to parse)."""
    parsed = ir.Module.parse(text)
    for op in parsed.body.operations:
        if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value in skip:
            continue
        op.operation.clone(ip=ir.InsertionPoint(module.body))


def import_calls(module: ir.Module) -> bool:
    """After the lowering (which added the exception slot, ``"exception"``
    support): each library declaration becomes the import
    ``pydmrtl.<symbol>``, and each call of one takes the library's exception
    object when it fails. False when the program calls no library function."""
    from .lowering.support import EXCEPTION_GLOBAL, SITE_GLOBAL
    declared = {}
    for op in module.body.operations:
        if op.operation.name == "func.func" and not len(op.operation.regions[0].blocks):
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if name.startswith(PREFIX):
                declared[name] = op
    if not declared:
        return False
    for name, op in declared.items():
        op.attributes["sym_name"] = ir.StringAttr.get(import_symbol(name))
    calls = []

    def visit(o):
        o = o.operation if hasattr(o, "operation") else o
        if o.name == "func.call" and ir.FlatSymbolRefAttr(o.attributes["callee"]).value in declared:
            calls.append(o)
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    for call in calls:
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        call.attributes["callee"] = ir.FlatSymbolRefAttr.get(import_symbol(callee))
        branches = _failure_branches(call)
        if branches is None:
            _take_after(call)
        for branch in branches or ():
            _take_on_failure_edge(branch)
    _parse_into(module, f"""
func.func private @"{import_symbol(TAKE_EXCEPTION)}"() -> (i32, !util.list<?>)
util.global private mutable @{EXCEPTION_GLOBAL} : !util.list<?>
util.global private mutable @{SITE_GLOBAL} = 0 : i32
func.func private @{TAKE_LOCAL}() {{
  %site, %e = func.call @"{import_symbol(TAKE_EXCEPTION)}"() : () -> (i32, !util.list<?>)
  %null = util.null : !util.list<?>
  %zero = arith.constant 0 : i32
  %none = util.cmp.eq %e, %null : !util.list<?>
  scf.if %none {{
  }} else {{
    util.global.store %e, @{EXCEPTION_GLOBAL} : !util.list<?>
  }}
  %unnamed = arith.cmpi eq, %site, %zero : i32
  scf.if %unnamed {{
  }} else {{
    util.global.store %site, @{SITE_GLOBAL} : i32
  }}
  return
}}
""", skip={EXCEPTION_GLOBAL, SITE_GLOBAL})
    return True


_importing = threading.local()


@contextlib.contextmanager
def importing(flag: bool):
    """Within the block, compilations import the library (``flag``) or link it."""
    saved = getattr(_importing, "on", False)
    _importing.on = flag
    try:
        yield
    finally:
        _importing.on = saved


def is_importing() -> bool:
    return getattr(_importing, "on", False)


def declares_library(module: ir.Module) -> bool:
    """Does the module declare (so call) a library function?"""
    return any(op.operation.name == "func.func" and not len(op.operation.regions[0].blocks)
               and ir.StringAttr(op.attributes["sym_name"]).value.startswith(PREFIX)
               for op in module.body.operations)
