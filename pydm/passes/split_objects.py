"""Pass ``split-objects``: dynamic values become (type code, payload) pairs.

A boxed object is seed 002's record, a VM list: every box is a heap
allocation (about 140 ns, most of the time of dynamic code). Inside a module
nothing needs the record. After this pass every ``object`` value is two
``integer`` values - its type code (pydm/typecodes.py) and its payload bits
(an int itself, a float's IEEE bits, a bool 0/1, None 0) - carried through
block arguments, calls and returns like any other scalar, so dynamic code
allocates nothing.

Records remain only at the module's boundary: a public function with objects
in its signature becomes a wrapper that splits its record arguments, calls
the private pair-based body (renamed ``<name>$pairs``, which internal calls
use directly) and packs the result into a record.

Expansion rule, used alike for function signatures, block arguments, branch
operands, call operands and results, and returns: the non-object values in
their order, then one (code, bits) per object value, in order.

After it runs, only ``record_of``/``record_split`` (in the wrappers) have
``object`` operands or results.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import cf, func

from .. import dialect as d
from ..types import PyType
from . import register

T = PyType
PAIRS_SUFFIX = "$pairs"


def _is_object(t: ir.Type) -> bool:
    return d.type_name(t) == "object"


def _expand_types(types) -> list:
    types = list(types)
    integer = d.ir_type(T.INT)
    out = [t for t in types if not _is_object(t)]
    out += [integer, integer] * sum(1 for t in types if _is_object(t))
    return out


def _expand_values(values, pairs: dict) -> list:
    values = list(values)
    out = [v for v in values if not _is_object(v.type)]
    for v in values:
        if _is_object(v.type):
            out.extend(pairs[v])
    return out


def _func_type(op) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)


def _sym(op) -> str:
    return ir.StringAttr(op.attributes["sym_name"]).value


def _is_public(op) -> bool:
    return "sym_visibility" not in op.attributes or \
        ir.StringAttr(op.attributes["sym_visibility"]).value == "public"


@register("split-objects")
def run(module: ir.Module) -> None:
    funcs = [op.operation for op in module.body.operations if op.operation.name == "func.func"]
    renamed: dict[str, str] = {}
    wrappers = []
    for fop in funcs:
        ftype = _func_type(fop)
        if _is_public(fop) and any(_is_object(t) for t in list(ftype.inputs) + list(ftype.results)):
            wrappers.append((fop, _sym(fop)))
    for fop, name in wrappers:
        fop.attributes["pydm.record_signature"] = fop.attributes["function_type"]
        renamed[name] = name + PAIRS_SUFFIX
        fop.attributes["sym_name"] = ir.StringAttr.get(renamed[name])
        fop.attributes["sym_visibility"] = ir.StringAttr.get("private")
    for fop in funcs:
        _split_function(fop, renamed)
    for fop, name in wrappers:
        _build_wrapper(module, fop, name)


def _split_function(fop, renamed: dict) -> None:
    region = fop.regions[0]
    blocks = list(region.blocks)
    if not blocks:
        return
    integer = d.ir_type(T.INT)
    pairs: dict = {}
    old_args = []
    for block in blocks:
        for arg in list(block.arguments):
            if _is_object(arg.type):
                pairs[arg] = (block.add_argument(integer, arg.location),
                              block.add_argument(integer, arg.location))
                old_args.append((block, arg))
    # placeholder pairs for object results (at the top of the entry block, so
    # they dominate every use), so consumers can be rewritten in any order
    placeholders = {}
    ops = [op.operation for block in blocks for op in block.operations]
    top = ir.InsertionPoint.at_block_begin(blocks[0])
    for op in ops:
        for r in op.results:
            if _is_object(r.type):
                with op.location:
                    cast = ir.Operation.create("builtin.unrealized_conversion_cast",
                                               results=[integer, integer], operands=[], ip=top)
                pairs[r] = (cast.results[0], cast.results[1])
                placeholders[r] = cast
    dead = []
    for op in ops:
        _rewrite(op, pairs, placeholders, renamed, dead)
    for old, cast in placeholders.items():
        if any(True for r in cast.results for _ in r.uses):
            raise AssertionError(f"split-objects: no rule made the pair of {old.owner}")
        cast.erase()
    while dead:  # users before producers (a producer may sit in a later block)
        remaining = [op for op in dead if any(True for r in op.results for _ in r.uses)]
        if len(remaining) == len(dead):
            raise AssertionError("split-objects: replaced ops still in use")
        for op in dead:
            if op not in remaining:
                op.erase()
        dead = remaining
    for block, arg in reversed(old_args):
        block.erase_argument(arg.arg_number)
    ftype = _func_type(fop)
    fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
        _expand_types(ftype.inputs), _expand_types(ftype.results)))


def _resolve(pairs: dict, placeholders: dict, old: ir.Value, new_pair) -> None:
    """The real pair of ``old`` is ``new_pair``: retire its placeholder."""
    cast = placeholders[old]
    for r, v in zip(cast.results, new_pair):
        r.replace_all_uses_with(v)
    pairs[old] = tuple(new_pair)


def _rewrite(op, pairs: dict, placeholders: dict, renamed: dict, dead: list) -> None:
    name = op.name
    if name == "builtin.unrealized_conversion_cast":
        return  # a placeholder
    operands = list(op.operands)
    has_object = any(_is_object(v.type) for v in operands) or any(_is_object(r.type) for r in op.results)
    callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value if name == "func.call" else None
    if not has_object and callee not in renamed:
        return
    with op.location, ir.InsertionPoint(op):
        if name == d.BOX:
            _resolve(pairs, placeholders, op.results[0], d.pair_of(operands[0]))
        elif name == d.SELECT:
            pred, a, b = operands
            (ca, ba), (cb, bb) = pairs[a], pairs[b]
            _resolve(pairs, placeholders, op.results[0], (d.select(pred, ca, cb), d.select(pred, ba, bb)))
        elif name == d.UNBOX:
            code, bits = pairs[operands[0]]
            t = d.py_type(op.results[1].type)
            exc, value = d.pair_unbox(code, bits, t, ir.StringAttr(op.attributes["message"]).value,
                                      checked="unchecked" not in op.attributes)
            op.results[0].replace_all_uses_with(exc)
            op.results[1].replace_all_uses_with(value)
        elif name == d.GET_TYPE_CODE:
            op.results[0].replace_all_uses_with(pairs[operands[0]][0])
        elif name == d.IS:
            op.results[0].replace_all_uses_with(d.pair_is(*pairs[operands[0]], *pairs[operands[1]]))
        elif name == d.RAISE_TYPE_ERROR:
            template = ir.StringAttr(op.attributes["template"]).value
            op.results[0].replace_all_uses_with(
                d.raise_type_error(template, [pairs[v][0] for v in operands]))
        elif name == "func.call":
            new = func.CallOp(_expand_types(r.type for r in op.results), renamed.get(callee, callee),
                              _expand_values(operands, pairs))
            results = iter(new.results)
            plain = [r for r in op.results if not _is_object(r.type)]
            for r in plain:
                r.replace_all_uses_with(next(results))
            for r in op.results:
                if _is_object(r.type):
                    _resolve(pairs, placeholders, r, (next(results), next(results)))
        elif name == "func.return":
            func.ReturnOp(_expand_values(operands, pairs))
        elif name == "cf.br":
            cf.BranchOp(_expand_values(operands, pairs), op.successors[0])
        elif name == "cf.cond_br":
            seg = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
            n_true = seg[1]
            cf.CondBranchOp(operands[0], _expand_values(operands[1:1 + n_true], pairs),
                            _expand_values(operands[1 + n_true:], pairs), op.successors[0], op.successors[1])
        else:
            raise AssertionError(f"split-objects: no rule for {name} on objects at {op.location}")
    dead.append(op)


def _build_wrapper(module: ir.Module, body_op, name: str) -> None:
    """The public ``name``: records in, pairs to ``name$pairs``, a record out."""
    ftype = ir.FunctionType(ir.TypeAttr(body_op.attributes["function_type"]).value)
    with body_op.location, ir.InsertionPoint(module.body):
        inputs, results = _original_types(body_op)
        wrapper = func.FuncOp(name, ir.FunctionType.get(inputs, results))
        wrapper.attributes["pydm.name"] = body_op.attributes["pydm.name"]
        entry = wrapper.add_entry_block()
        with ir.InsertionPoint(entry):
            pairs = {a: d.record_split(a) for a in entry.arguments if _is_object(a.type)}
            call = func.CallOp(list(ftype.results), name + PAIRS_SUFFIX,
                               _expand_values(entry.arguments, pairs))
            out = iter(call.results)
            values = [None] * len(results)
            for i, t in enumerate(results):
                if not _is_object(t):
                    values[i] = next(out)
            for i, t in enumerate(results):
                if _is_object(t):
                    code, bits = next(out), next(out)
                    values[i] = d.record_of(code, bits)
            func.ReturnOp(values)
    del body_op.attributes["pydm.record_signature"]


def _original_types(body_op):
    """The signature ``body_op`` had before splitting (kept as an attribute)."""
    t = ir.FunctionType(ir.TypeAttr(body_op.attributes["pydm.record_signature"]).value)
    return list(t.inputs), list(t.results)
