"""The conversion driver: MLIR's dialect conversion, with pydm's rules.

A rule is ``fn(ctx, op, operands) -> list[ir.Value]``: it gets the op, its
already-converted operands, builds replacement ops at the current insertion
point and location (entered by the driver), and returns the replacement
values. A missing rule is an error naming the op.
"""
from __future__ import annotations

from typing import Callable

from iree.compiler import ir
from iree.compiler import rewrite as rw
from iree.compiler.dialects import arith, cf, func, scf, util

from .. import dialect as d
from .. import representation as rep
from ..exceptions import RaiseSite, RaiseSiteTable
from ..types import PyType

Rule = Callable[["LoweringContext", ir.Operation, list], list]
RULES: dict[str, Rule] = {}


def rule(*op_names: str):
    """Register the decorated function as the lowering rule of ``op_names``."""
    def register(fn: Rule) -> Rule:
        for name in op_names:
            RULES[name] = fn
        return fn
    return register


class LoweringError(Exception):
    pass


RTL_PREFIX = "pydmrtl$"
#: operands that are already builtin-typed (after split-objects: none here)
_BUILTIN_TYPES = {"i1": PyType.BOOL, "i64": PyType.INT, "f64": PyType.FLOAT, "i32": PyType.NONE}
ORIGIN_GLOBAL = "pydm$origin"
ORIGIN_FUNCTION = "__pydm_origin"


def add_origin_support(module: ir.Module) -> None:
    """The origin global and an exported getter that reads and clears it."""
    i32 = ir.IntegerType.get_signless(32)
    with ir.InsertionPoint.at_block_begin(module.body), ir.Location.unknown():
        util.GlobalOp(ORIGIN_GLOBAL, i32, sym_visibility="private", is_mutable=True,
                      initial_value=ir.IntegerAttr.get(i32, 0))
    with ir.InsertionPoint(module.body), ir.Location.unknown():
        f = func.FuncOp(ORIGIN_FUNCTION, ir.FunctionType.get([], [i32]))
        f.attributes["iree.reflection"] = ir.DictAttr.get({"iree.abi": ir.StringAttr.get('{"a":[],"r":["i32"],"v":1}')})
        block = f.add_entry_block()
        with ir.InsertionPoint(block):
            value = util.GlobalLoadOp(i32, ORIGIN_GLOBAL).result
            util.GlobalStoreOp(arith.constant(i32, 0), ORIGIN_GLOBAL)
            func.ReturnOp([value])


def _enclosing_function(op):
    while op is not None and op.name != "func.func":
        op = op.parent
    return op


def _position(loc) -> tuple:
    loc = _unnamed(loc)
    try:
        return loc.filename, loc.start_line, loc.start_col
    except (AttributeError, ValueError, TypeError):
        return "<unknown>", 0, 0


def _unnamed(loc):
    """A location without its name (a copy of a callee expanded in place is
    located at a NameLoc of the callee, around the file location)."""
    while hasattr(loc, "child_loc") and hasattr(loc, "name_str"):
        loc = loc.child_loc
    return loc


def lowered_type(t: ir.Type) -> ir.Type:
    """The VM-level type of a pydm type (others map to themselves), from the
    representation table. After split-objects an ``object`` value exists only
    as a seed-002 record in the public wrappers."""
    name = d.type_name(t)
    if name is None:
        return t
    if name == d.EXC:
        return ir.IntegerType.get_signless(32)
    r = rep.of(d.py_type(t))
    return ir.Type.parse(r.boundary if r.kind == rep.DYNAMIC else r.inside[0])


OPERAND_TYPES = "pydm.operand_types"


def annotate_operand_types(module: ir.Module) -> None:
    """Record each pydm op's operand types on the op: during the conversion a
    rule sees only converted operands (``!util.list<?>`` may be a tuple, a
    record or a heap reference), and reading the original operands inside a
    pattern aborts the process (nanobind)."""
    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if op.name.startswith(d.NS + ".") and len(op.operands):
            op.attributes[OPERAND_TYPES] = ir.ArrayAttr.get([ir.TypeAttr.get(v.type) for v in op.operands])
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)


class LoweringContext:
    """Module-wide lowering state: the raise-site table and per-op helpers."""

    def __init__(self, sites: RaiseSiteTable | None = None):
        self.sites = sites or RaiseSiteTable()
        self.op: ir.Operation | None = None
        self.uses_origin = False
        self.uses_trace = False  # an exception can leave a compiled call (``iree_pydm.trace_push``)
        self.support: set[str] = set()  # support.py parts the rules used
        #: globals that keep immutable heap values (str literals by their codepoints,
        #: kept constants by name) -> their symbols (declared after the conversion)
        self.ref_globals: dict = {}

    def ref_global(self, key) -> str:
        """The symbol of the global (a ``!util.list<?>``, null until set) for ``key``."""
        return self.ref_globals.setdefault(key, f"pydm$kept{len(self.ref_globals)}")

    def raise_code(self, cls: str, message: str, fmt: str = "") -> int:
        """The exception code for raising ``cls(message)`` at the current op
        (``fmt``: the message is completed at run time, pydm/exceptions.py)."""
        return self.sites.code_for(self.site(cls, message, fmt))

    def site(self, cls: str, message: str, fmt: str = "") -> RaiseSite:
        """A raise site at the current op's location, in its Python function."""
        position = _position(self.op.location) if self.op is not None else ("<unknown>", 0, 0)
        func = _enclosing_function(self.op)
        name = ""
        loc = self.op.location if self.op is not None else None
        if loc is not None and hasattr(loc, "name_str"):  # in a copy of a callee: the callee's name
            name = loc.name_str
        elif func is not None:
            attrs = func.attributes
            name = ir.StringAttr(attrs["pydm.name" if "pydm.name" in attrs else "sym_name"]).value
        return RaiseSite(cls, message, *position, name, fmt)

    def operand_type(self, op: ir.Operation, i: int) -> PyType:
        """The static pydm type of the op's i-th operand before conversion
        (recorded by :func:`annotate_operand_types`)."""
        t = ir.TypeAttr(ir.ArrayAttr(op.attributes[OPERAND_TYPES])[i]).value
        name = d.type_name(t)
        if name is None:
            return _BUILTIN_TYPES[str(t)]
        return d.py_type(t)

    @staticmethod
    def in_runtime_library(op) -> bool:
        func = _enclosing_function(op)
        return func is not None and ir.StringAttr(func.attributes["sym_name"]).value.startswith(RTL_PREFIX)

    @staticmethod
    def result_type(op: ir.Operation, i: int) -> PyType:
        return d.py_type(op.results[i].type)


def lower_module(module: ir.Module, ctx: LoweringContext) -> None:
    """Convert every iree_pydm op and type in ``module`` to builtin dialects."""
    # The bindings do not keep Python callbacks alive: hold them in ``keep``.
    keep = []
    converter = rw.TypeConverter()

    def convert_type(t):
        return lowered_type(t)
    keep.append(convert_type)
    converter.add_conversion(convert_type)
    patterns = rw.RewritePatternSet()

    def make_pattern(name: str, fn: Rule):
        def apply(op, adaptor, conv, rewriter):
            op = op.operation if hasattr(op, "operation") else op
            ctx.op = op
            ctx.operands = list(adaptor.operands)
            try:
                with rewriter.ip, op.location:
                    results = fn(ctx, op, list(adaptor.operands))
            except Exception as exc:  # name the op in any failure
                raise LoweringError(f"lowering {name} at {op.location}: {exc}") from exc
            if len(results) != len(op.results):
                raise LoweringError(f"rule for {name} returned {len(results)} values, "
                                    f"expected {len(op.results)}")
            rewriter.replace_op(op, results)
            return False
        return apply

    for name in d.ALL_OPS:
        fn = RULES.get(name)
        if fn is not None:
            keep.append(make_pattern(name, fn))
            patterns.add_conversion(name, keep[-1], converter)

    def func_pattern(op, adaptor, conv, rewriter):
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        if not any(d.type_name(t) is not None for t in list(ftype.inputs) + list(ftype.results)):
            return True
        rewriter.convert_region_types(op.regions[0], converter)
        op.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
            [lowered_type(t) for t in ftype.inputs], [lowered_type(t) for t in ftype.results]))
        return False

    # Structural ops are rebuilt once with converted operands; the rebuilt ones
    # are remembered so the driver does not rebuild them again. (The original
    # operands' types cannot be read here: their defining blocks may already
    # have been replaced.)
    rebuilt: set = set()

    def done(new):
        rebuilt.add(new.operation)

    def return_pattern(op, adaptor, conv, rewriter):
        if op.operation in rebuilt:
            return True
        with rewriter.ip, op.location:
            new = func.ReturnOp(list(adaptor.operands))
        done(new)
        rewriter.replace_op(op, new.operation)
        return False

    def call_pattern(op, adaptor, conv, rewriter):
        if op.operation in rebuilt:
            return True
        callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
        with rewriter.ip, op.location:
            new = func.CallOp([lowered_type(r.type) for r in op.results], callee, list(adaptor.operands))
            results = list(new.results)
        done(new)
        rewriter.replace_op(op, results)
        return False

    def br_pattern(op, adaptor, conv, rewriter):
        if op.operation in rebuilt:
            return True
        with rewriter.ip, op.location:
            new = cf.BranchOp(list(adaptor.operands), op.successors[0])
        done(new)
        rewriter.replace_op(op, new.operation)
        return False

    def cond_br_pattern(op, adaptor, conv, rewriter):
        if op.operation in rebuilt:
            return True
        operands = list(adaptor.operands)
        seg = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
        n_true = seg[1]
        with rewriter.ip, op.location:
            new = cf.CondBranchOp(operands[0], operands[1:1 + n_true], operands[1 + n_true:],
                                  op.successors[0], op.successors[1])
        done(new)
        rewriter.replace_op(op, new.operation)
        return False

    keep.extend([func_pattern, return_pattern, call_pattern, br_pattern, cond_br_pattern])
    patterns.add_conversion("func.func", func_pattern, converter)
    patterns.add_conversion("func.return", return_pattern, converter)
    patterns.add_conversion("func.call", call_pattern, converter)
    patterns.add_conversion("cf.br", br_pattern, converter)
    patterns.add_conversion("cf.cond_br", cond_br_pattern, converter)

    target = rw.ConversionTarget()
    target.add_legal_dialect("arith", "math", "scf", "util", "vm")
    for name in d.ALL_OPS:
        target.add_illegal_op(name)
    missing = _missing_rules(module)
    if missing:
        raise LoweringError(f"no lowering rule for {', '.join(sorted(missing))}")
    annotate_operand_types(module)
    ctx.uses_origin = _uses(module, d.ORIGIN)
    ctx.uses_trace = _uses(module, d.TRACE_PUSH)
    frozen = patterns.freeze()
    rw.apply_partial_conversion(module.operation, target, frozen)
    del keep
    if ctx.uses_origin:
        add_origin_support(module)
    if ctx.support:
        from .support import add_support
        add_support(module, ctx.support, ctx.sites)
    add_ref_globals(module, ctx.ref_globals.values())


def add_ref_globals(module: ir.Module, names) -> None:
    """One mutable global per kept heap value, null until its first use."""
    with ir.Location.unknown(), ir.InsertionPoint(module.body):
        for name in names:
            util.GlobalOp(name, ir.Type.parse("!util.list<?>"), sym_visibility="private", is_mutable=True)


def _uses(module: ir.Module, op_name: str) -> bool:
    found = []

    def visit(op):
        if (op.operation.name if hasattr(op, "operation") else op.name) == op_name:
            found.append(True)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    return bool(found)


def _missing_rules(module: ir.Module) -> set[str]:
    missing = set()

    def visit(op):
        name = op.operation.name if hasattr(op, "operation") else op.name
        if name.startswith(d.NS + ".") and name not in RULES:
            missing.add(name)
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    return missing
