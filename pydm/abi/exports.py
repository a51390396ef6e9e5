"""SIP-flattened variants of exports (seed 001), ahead of time.

An export whose parameters and result are scalars or tuples of them (nested
to any depth, at least one tuple) gets a variant ``NAME$sip`` that takes
the leaves as raw scalar arguments and returns the exception code and the
result's leaves: no records to build or read on either side. Its
``iree.reflection`` says ``abi = "sip"``, ``abiv = "1"`` and ``sip`` (the
structure: the inputs' root is the sequence of the positional parameters,
the results' leaves are numbered from 1, raw result 0 being the code), and
``iree.abi`` gives each raw argument's and result's V1 record.

Leaves by static type (``representation.py``): int ``i64``, float ``f64``,
bool and None ``i32`` (None: 0). The variant builds the original's records
and calls it, so the behaviour is the export's own; when the code is not
0 the result leaves are 0.
"""
from __future__ import annotations

import json

from .. import representation as rep
from .. import typecodes as tc
from ..types import PyType
from . import sip

T = PyType
SUFFIX = "$sip"
#: reflection key of a variant naming the export it flattens
OF_KEY = "pydm.sip_of"

_LEAF = {T.INT: "i64", T.FLOAT: "f64", T.BOOL: "i32", T.NONE: "i32"}


def _flat(t: PyType) -> bool:
    return t in _LEAF or (t.is_tuple and t.elts is not None and all(_flat(e) for e in t.elts))


def _leaf_count(t: PyType) -> int:
    return sum(_leaf_count(e) for e in t.elts) if t.is_tuple else 1


def eligible(param_types, ret: PyType) -> bool:
    """Does an export of these types get a SIP variant? (Flat scalars and
    tuples of them; a tuple with no scalar inside, ``()``, has nothing to
    flatten.)"""
    types = list(param_types) + [ret]
    return all(_flat(t) for t in types) and any(t.is_tuple for t in types) \
        and all(_leaf_count(t) for t in types)


def structure(types, first: int = 0) -> tuple[sip.SeqNode | int, list[PyType]]:
    """The SIP tree of values of ``types`` (a tuple type: its elements) and the
    type of each leaf, raw indices from ``first``."""
    leaves: list[PyType] = []

    def walk(t):
        if t.is_tuple:
            return sip.SeqNode(tuple((i, walk(e)) for i, e in enumerate(t.elts)))
        leaves.append(t)
        return first + len(leaves) - 1
    return walk(types), leaves


def signature(param_types, ret: PyType) -> tuple[str, list[PyType], list[PyType]]:
    """The mangled SIP signature and the leaf types of the inputs and results."""
    from ..types import tuple_of
    inputs, in_leaves = structure(tuple_of(*param_types))
    results, out_leaves = structure(ret, first=1)
    return sip.mangle_signature(inputs, results), in_leaves, out_leaves


def reflection(name: str, param_types, ret: PyType) -> dict[str, str]:
    text, ins, outs = signature(param_types, ret)
    abi = {"a": [_LEAF[t] for t in ins], "r": ["i32"] + [_LEAF[t] for t in outs], "v": 1}
    return {"iree.abi": json.dumps(abi, separators=(",", ":")), "abi": "sip", "abiv": "1", "sip": text,
            OF_KEY: name}


class _Text:
    """MLIR text with fresh SSA names."""

    def __init__(self):
        self.lines: list[str] = []
        self.n = 0

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def op(self, text: str) -> str:
        name = self.fresh()
        self.lines.append(f"  {name} = {text}")
        return name

    def const(self, value, ty: str) -> str:
        return self.op(f"arith.constant {value} : {ty}")


def _record(out: _Text, t: PyType, args: list[str]) -> str:
    """Build the seed-002 record of a value of ``t`` from its leaves (consumed from ``args``)."""
    c0, c1, c2 = out.const(0, "index"), out.const(1, "index"), out.const(2, "index")
    rec = out.op(f"util.list.create {c2} : !util.list<?>")
    out.lines.append(f"  util.list.resize {rec}, {c2} : !util.list<?>")
    if t.is_tuple:
        n = out.const(len(t.elts), "index")
        items = out.op(f"util.list.create {n} : !util.list<?>")
        out.lines.append(f"  util.list.resize {items}, {n} : !util.list<?>")
        for i, e in enumerate(t.elts):
            element = _record(out, e, args)
            ci = out.const(i, "index")
            out.lines.append(f"  util.list.set {items}[{ci}], {element} : !util.list<?> -> !util.list<?>")
        code, payload, ty = out.const(tc.TUPLE, "i32"), items, "!util.list<?>"
    else:
        code, payload, ty = out.const(rep.type_code(t), "i32"), args.pop(0), _LEAF[t]
    out.lines.append(f"  util.list.set {rec}[{c0}], {code} : i32 -> !util.list<?>")
    out.lines.append(f"  util.list.set {rec}[{c1}], {payload} : {ty} -> !util.list<?>")
    return rec


def _leaves(out: _Text, t: PyType, rec: str) -> list[str]:
    """Read the leaves of a seed-002 record of ``t``."""
    if t is T.NONE:
        return [out.const(0, "i32")]
    c1 = out.const(1, "index")
    if not t.is_tuple:
        return [out.op(f"util.list.get {rec}[{c1}] : !util.list<?> -> {_LEAF[t]}")]
    items = out.op(f"util.list.get {rec}[{c1}] : !util.list<?> -> !util.list<?>")
    got = []
    for i, e in enumerate(t.elts):
        ci = out.const(i, "index")
        element = out.op(f"util.list.get {items}[{ci}] : !util.list<?> -> !util.list<?>")
        got += _leaves(out, e, element)
    return got


def variant_text(symbol: str, inputs: list[str], results: list[str], param_types, ret: PyType) -> str:
    """The MLIR of ``symbol$sip``; ``inputs``/``results``: the export's own
    boundary types (as text)."""
    _, in_leaves, out_leaves = signature(param_types, ret)
    out = _Text()
    raw = [f"%a{i}" for i in range(len(in_leaves))]
    pending = list(raw)
    call_args = []
    for t, ty in zip(param_types, inputs):
        if t.is_tuple:
            call_args.append(_record(out, t, pending))
            continue
        value = pending.pop(0)
        if ty == "i1":  # a bool crosses as i32 0/1 here
            zero = out.const(0, "i32")
            value = out.op(f"arith.cmpi ne, {value}, {zero} : i32")
        call_args.append(value)
    call = out.fresh()
    out.lines.append(f"  {call}:2 = func.call @{symbol}({', '.join(call_args)}) : "
                     f"({', '.join(inputs)}) -> ({', '.join(results)})")
    code, value = f"{call}#0", f"{call}#1"
    leaf_types = [_LEAF[t] for t in out_leaves]
    if ret.is_tuple:
        zero = out.const(0, "i32")
        ok = out.op(f"arith.cmpi eq, {code}, {zero} : i32")
        branch = out.fresh()
        out.lines.append(f"  {branch}:{len(leaf_types)} = scf.if {ok} -> ({', '.join(leaf_types)}) {{")
        got = _leaves(out, ret, value)
        out.lines.append(f"    scf.yield {', '.join(got)} : {', '.join(leaf_types)}")
        out.lines.append("  } else {")
        zeros = [out.const("0.0" if ty == "f64" else 0, ty) for ty in leaf_types]
        out.lines.append(f"    scf.yield {', '.join(zeros)} : {', '.join(leaf_types)}")
        out.lines.append("  }")
        values = [f"{branch}#{i}" for i in range(len(leaf_types))]
    elif results[1] == "i1":
        values = [out.op(f"arith.extui {value} : i1 to i32")]
    else:
        values = [value]
    args = ", ".join(f"{a}: {_LEAF[t]}" for a, t in zip(raw, in_leaves))
    body = "\n".join(out.lines)
    return (f"func.func @{symbol}{SUFFIX}({args}) -> ({', '.join(['i32'] + leaf_types)}) {{\n{body}\n"
            f"  return {code}, {', '.join(values)} : {', '.join(['i32'] + leaf_types)}\n}}\n")


# ---------------------------------------------------------------- pydm.load


def result_record(t: PyType):
    """The container record ``sip.unflatten`` rebuilds a result of ``t`` by
    (tuples as tuples)."""
    if t.is_tuple:
        return ["stuple"] + [result_record(e) for e in t.elts]
    return _LEAF[t]


_INT64 = (-2**63, 2**63 - 1)


def make_caller(program, fn, sig, sip_text: str):
    """A Python callable for export ``sig`` through its SIP variant ``fn``:
    arguments checked as the record-passing caller checks them, flattened to
    their leaves; the result rebuilt from its leaves by ``sip.unflatten``
    with the file's ``sip`` structure."""
    from ..runtime.program import make_binder
    from ..runtime.values import conforms, describe
    results_node = sip.parse_signature(sip_text).results
    _, in_leaves, out_leaves = signature(sig.param_types, sig.ret)
    record = result_record(sig.ret)
    name, params, types = sig.name, list(sig.params), list(sig.param_types)
    binder = make_binder(name, params, sig.defaults)
    local, thread_invoke, translate, sites = program.local, program.thread_invoke, program.translate, program.sites
    nparams, nresults = len(params), 1 + len(out_leaves)
    from_leaf = {T.INT: int, T.FLOAT: float, T.BOOL: bool, T.NONE: lambda v: None}

    def push(vargs, value, t, where):
        if t.is_tuple:
            for x, e in zip(value, t.elts):
                push(vargs, x, e, where)
        elif t is T.FLOAT:
            vargs.push_float(float(value))
        elif t is T.INT:
            if not _INT64[0] <= value <= _INT64[1]:
                raise OverflowError(f"{where}int {value} does not fit in 64 bits")
            vargs.push_int(int(value))
        else:  # bool 0/1, None 0
            vargs.push_int(1 if value is True else 0)

    def call(*args, **kwargs):
        if kwargs or len(args) != nparams:
            args = binder(*args, **kwargs)
        import iree.runtime as rt
        vargs = rt.VmVariantList(len(in_leaves))
        for pname, t, value in zip(params, types, args):
            if not conforms(value, t):
                raise TypeError(f"{name}() argument '{pname}' must be {describe(t)}, not {type(value).__name__}")
            push(vargs, value, t, f"{name}() argument '{pname}': ")
        try:
            invoke = local.invoke[0]
        except AttributeError:  # the thread's first call
            invoke = thread_invoke()[0]
        # a result list of its own (the thread's shared one is sized for two)
        results = rt.VmVariantList(nresults)
        try:
            invoke(fn, vargs, results)
        except RuntimeError as exc:
            raise translate(exc) from None
        get = results.get_variant
        code = get(0)
        if code:
            raise sites.make_exception(code)
        leaves = [from_leaf[t](get(i + 1)) for i, t in enumerate(out_leaves)]
        return sip.unflatten(leaves, results_node, record, first=1)

    call.__name__ = name
    return call
