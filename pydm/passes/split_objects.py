"""Pass ``split-objects``: dynamic values become (type code, payload bits, heap ref).

A boxed object is seed 002's record, a VM list: every box would be a heap
allocation (about 140 ns, most of the time of dynamic code). Inside a module
nothing needs the record. After this pass every ``object`` value is three
values (``pydm/representation.py``): its type code, its payload bits (an int
itself, a float's IEEE bits, a bool 0/1, None 0) and a heap reference (a
tuple; null for scalars) — carried through block arguments, calls and
returns like any other value, so dynamic scalar code allocates nothing.

Records remain only at the module's boundary: a public function with
``object`` or heap values (tuples) in its signature becomes a wrapper that
splits its record arguments, calls the private body (renamed
``<name>$pairs``, which internal calls use directly) and packs the result
into a record.

Expansion rule, used alike for function signatures, block arguments, branch
operands, call operands and results, and returns: the non-object values in
their order, then one (code, bits, ref) per object value, in order. Ops that
take dynamic values as operands (``raise``, ``make_tuple``, ``seq_set``, ``list_set``) take
the three values in place of each; ``tuple_get`` of an object element
returns them.

After it runs, only ``record_of``/``record_split`` (in the wrappers) have
``object`` operands or results.
"""
from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import cf, func

from .. import dialect as d
from .. import representation as rep
from ..types import PyType
from . import register, successor_operands

T = PyType
PAIRS_SUFFIX = "$pairs"


def _is_object(t: ir.Type) -> bool:
    """A dynamic value (``object`` or ``object<scalar>``)."""
    return d.type_name(t) in ("object", "object<scalar>")


#: the pydm type of each part a dynamic value splits into, by its MLIR type
#: in the representation table
_PART_TYPES = {"i64": T.INT, rep.HEAP_REF: T.REF}


def _parts_types(t: ir.Type | None = None):
    """The parts of a dynamic value, as the representation table lists them:
    (code, bits, ref) for ``object``; (code, bits) for ``object<scalar>``."""
    static = T.SCALAR_OBJECT if t is not None and d.type_name(t) == "object<scalar>" else T.OBJECT
    return [d.ir_type(_PART_TYPES[m]) for m in rep.of(static).inside]


def _expand_types(types) -> list:
    types = list(types)
    out = [t for t in types if not _is_object(t)]
    for t in types:
        if _is_object(t):
            out += _parts_types(t)
    return out


def _full(parts) -> list:
    """Three parts: an ``object<scalar>`` value's heap ref is null."""
    parts = list(parts)
    return parts if len(parts) == 3 else parts + [d.undef(T.REF)]


def _expand_values(values, parts: dict) -> list:
    values = list(values)
    out = [v for v in values if not _is_object(v.type)]
    for v in values:
        if _is_object(v.type):
            out.extend(parts[v])
    return out


def _inline_values(values, parts: dict) -> list:
    """Each object value replaced in place by its three parts."""
    out = []
    for v in values:
        out.extend(parts[v] if _is_object(v.type) else [v])
    return out


def _func_type(op) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)


def _sym(op) -> str:
    return ir.StringAttr(op.attributes["sym_name"]).value


def _is_public(op) -> bool:
    return "sym_visibility" not in op.attributes or \
        ir.StringAttr(op.attributes["sym_visibility"]).value == "public"


def _crosses_as_record(t: ir.Type) -> bool:
    name = d.type_name(t)
    return name is not None and name != d.EXC and rep.crosses_as_record(d.py_type(t))


@register("split-objects")
def run(module: ir.Module) -> None:
    funcs = [op.operation for op in module.body.operations if op.operation.name == "func.func"]
    renamed: dict[str, str] = {}
    wrappers = []
    for fop in funcs:
        ftype = _func_type(fop)
        if _is_public(fop) and any(_crosses_as_record(t) for t in list(ftype.inputs) + list(ftype.results)):
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
    if not blocks:  # a declaration (an imported library function): its signature only
        ftype = _func_type(fop)
        fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
            _expand_types(ftype.inputs), _expand_types(ftype.results)))
        return
    parts: dict = {}
    old_args = []
    for block in blocks:
        for arg in list(block.arguments):
            if _is_object(arg.type):
                parts[arg] = tuple(block.add_argument(t, arg.location) for t in _parts_types(arg.type))
                old_args.append((block, arg))
    # placeholder parts for object results (at the top of the entry block, so
    # they dominate every use), so consumers can be rewritten in any order
    placeholders = {}
    ops = [op.operation for block in blocks for op in block.operations]
    top = ir.InsertionPoint.at_block_begin(blocks[0])
    for op in ops:
        for r in op.results:
            if _is_object(r.type):
                with op.location:
                    cast = ir.Operation.create("builtin.unrealized_conversion_cast",
                                               results=_parts_types(r.type), operands=[], ip=top)
                parts[r] = tuple(cast.results)
                placeholders[r] = cast
    dead = []
    for op in ops:
        _rewrite(op, parts, placeholders, renamed, dead)
    for old, cast in placeholders.items():
        if any(True for r in cast.results for _ in r.uses):
            raise AssertionError(f"split-objects: no rule made the parts of {old.owner}")
        cast.erase()
    while dead:  # users before producers: in reverse order, then what is left
        remaining = []
        for op in reversed(dead):
            if any(True for r in op.results for _ in r.uses):
                remaining.append(op)
            else:
                op.erase()
        if len(remaining) == len(dead):
            raise AssertionError("split-objects: replaced ops still in use")
        dead = remaining[::-1]
    for block, arg in reversed(old_args):
        block.erase_argument(arg.arg_number)
    ftype = _func_type(fop)
    fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
        _expand_types(ftype.inputs), _expand_types(ftype.results)))


def _resolve(parts: dict, placeholders: dict, old: ir.Value, new) -> None:
    """The real parts of ``old`` are ``new``: retire its placeholder."""
    cast = placeholders[old]
    for r, v in zip(cast.results, new):
        r.replace_all_uses_with(v)
    parts[old] = tuple(new)


def _rebuilt(op, operands, results, parts) -> ir.Operation:
    """``op`` again with new operands and result types (its attributes kept)."""
    attrs = {name: op.attributes[name] for name in op.attributes}
    return ir.Operation.create(op.name, results=results, operands=operands, attributes=attrs)


def _rewrite(op, parts: dict, placeholders: dict, renamed: dict, dead: list) -> None:
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
            x, result = operands[0], op.results[0]
            n = len(_parts_types(result.type))
            new = _full(parts[x]) if _is_object(x.type) else list(d.dyn_of(x))  # widen, or box
            _resolve(parts, placeholders, result, new[:n])
        elif name == d.UNDEF:
            _resolve(parts, placeholders, op.results[0], [d.undef(t) for t in _parts_types(op.results[0].type)])
        elif name == d.SELECT:
            pred, a, b = operands
            _resolve(parts, placeholders, op.results[0],
                     [d.select(pred, x, y) for x, y in zip(parts[a], parts[b])])
        elif name == d.UNBOX:
            result = op.results[1]
            if _is_object(result.type):  # narrowed to object<scalar>: drop the (null) ref
                op.results[0].replace_all_uses_with(d.success())
                _resolve(parts, placeholders, result, parts[operands[0]][:2])
            else:
                exc, value = d.dyn_unbox(*_full(parts[operands[0]]), d.py_type(result.type),
                                         ir.StringAttr(op.attributes["message"]).value,
                                         checked="unchecked" not in op.attributes)
                op.results[0].replace_all_uses_with(exc)
                result.replace_all_uses_with(value)
        elif name == d.GET_TYPE_CODE:
            op.results[0].replace_all_uses_with(parts[operands[0]][0])
        elif name == d.IS:
            op.results[0].replace_all_uses_with(d.dyn_is(_full(parts[operands[0]]), _full(parts[operands[1]])))
        elif name == d.RAISE:
            new = _rebuilt(op, _inline_values(operands, parts), [r.type for r in op.results], parts)
            new.attributes["arg_parts"] = ir.DenseI32ArrayAttr.get(
                [len(parts[v]) if _is_object(v.type) else 1 for v in operands])
            op.results[0].replace_all_uses_with(new.results[0])
        elif name in (d.MAKE_TUPLE, d.SEQ_SET, d.LIST_SET):
            new = _rebuilt(op, _inline_values(operands, parts), [r.type for r in op.results], parts)
            for old, r in zip(op.results, new.results):
                old.replace_all_uses_with(r)
        elif name == d.TUPLE_GET:
            new = _rebuilt(op, operands, [op.results[0].type] + _parts_types(op.results[1].type), parts)
            op.results[0].replace_all_uses_with(new.results[0])
            _resolve(parts, placeholders, op.results[1], list(new.results)[1:])
        elif name == "func.call":
            new = func.CallOp(_expand_types(r.type for r in op.results), renamed.get(callee, callee),
                              _expand_values(operands, parts))
            results = iter(new.results)
            plain = [r for r in op.results if not _is_object(r.type)]
            for r in plain:
                r.replace_all_uses_with(next(results))
            for r in op.results:
                if _is_object(r.type):
                    _resolve(parts, placeholders, r, tuple(next(results) for _ in _parts_types(r.type)))
        elif name == "func.return":
            func.ReturnOp(_expand_values(operands, parts))
        elif name == "cf.br":
            cf.BranchOp(_expand_values(operands, parts), op.successors[0])
        elif name == "cf.cond_br":
            on_true, on_false = successor_operands(op, operands)
            cf.CondBranchOp(operands[0], _expand_values(on_true, parts), _expand_values(on_false, parts),
                            op.successors[0], op.successors[1])
        else:
            raise AssertionError(f"split-objects: no rule for {name} on objects at {op.location}")
    dead.append(op)


def _build_wrapper(module: ir.Module, body_op, name: str) -> None:
    """The public ``name``: records in, inside forms to ``name$pairs``, records out
    (only on success: a failed call's results are placeholders)."""
    ftype = ir.FunctionType(ir.TypeAttr(body_op.attributes["function_type"]).value)
    with body_op.location, ir.InsertionPoint(module.body):
        inputs, results = _original_types(body_op)
        boundary = [d.ir_type(T.OBJECT) if _crosses_as_record(t) else t for t in inputs]
        out_types = [d.ir_type(T.OBJECT) if _crosses_as_record(t) else t for t in results]
        # (a record is typed ``object`` here, whatever the value's static type)
        wrapper = func.FuncOp(name, ir.FunctionType.get(boundary, out_types))
        wrapper.attributes["pydm.name"] = body_op.attributes["pydm.name"]
        entry = wrapper.add_entry_block()
        ok, bad = wrapper.regions[0].blocks.append(), wrapper.regions[0].blocks.append()
        with ir.InsertionPoint(entry):
            args, parts = [], {}
            for a, t in zip(entry.arguments, inputs):
                if not _crosses_as_record(t) or _is_object(t):
                    args.append(a)
                    if _is_object(t):
                        parts[a] = d.record_split(a)[:len(_parts_types(t))]
                else:  # a heap value: its reference (the caller passed a record of its type)
                    args.append(d.static_cast(d.record_split(a)[2], d.py_type(t)))
            call = func.CallOp(list(ftype.results), name + PAIRS_SUFFIX, _expand_values(args, parts))
            out = iter(call.results)
            values = [None] * len(results)
            for i, t in enumerate(results):
                if not _is_object(t):
                    values[i] = next(out)
            objects = {i: [next(out) for _ in _parts_types(t)] for i, t in enumerate(results) if _is_object(t)}
            cf.CondBranchOp(d.failed(values[0]), [], [], bad, ok)
        with ir.InsertionPoint(bad):
            func.ReturnOp([values[0]] + [d.undef(t) for t in out_types[1:]])
        with ir.InsertionPoint(ok):
            for i, object_parts in objects.items():
                values[i] = d.record_of(*_full(object_parts))
            for i, t in enumerate(results):
                if _crosses_as_record(t) and not _is_object(t):
                    values[i] = d.record_of(*d.dyn_of(values[i]))
            func.ReturnOp(values)
    del body_op.attributes["pydm.record_signature"]


def _original_types(body_op):
    """The signature ``body_op`` had before splitting (kept as an attribute)."""
    t = ir.FunctionType(ir.TypeAttr(body_op.attributes["pydm.record_signature"]).value)
    return list(t.inputs), list(t.results)
