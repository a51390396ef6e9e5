"""Outlining hot scalar loops into native dispatches (issue 12, second slice).

A larger function (one that builds a list or a str, prints, takes an
``object``) often holds one hot loop whose values are all ``int``/``float``/
``bool``. Such a loop is moved, *at the source level*, into a synthetic
module-level function ``__pydm_loop_<line>`` whose parameters are the loop's
live-ins and whose result is the tuple of its live-outs; the loop's lines in
the function become ``(a, b,) = __pydm_loop_<line>(a, b, n)``. The synthetic
function is written in a source text of its own where the loop keeps its file,
lines and columns (the ``def`` sits on the line above the loop, the ``return``
on the line below it), so every raise site inside it is the VM path's own.
After lowering, the synthetic function goes native through ``pydm/native.py``
(its tuple result becomes several results: :func:`_split_tuple_result`), the
rest of the function stays on the VM. A loop with ``return X`` inside returns
``X, True, <live-outs>`` there and its caller returns X when the flag is set.

:func:`plan` decides which loops are outlined (types from a typing pass over
the original program); every rejection is a line of the ``native-decision``.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from astroid import nodes

#: the synthetic functions' name prefix (a user's function never starts so)
PREFIX = "__pydm_loop_"
#: a ``range`` loop with constant bounds and fewer trips than this stays on the VM:
#: a native call costs ~6 µs, a native compile ~1-2 s
SMALL_TRIP_COUNT = 10_000
#: builtins a loop may call: pydm lowers them inline to scalar ops
INLINE_BUILTINS = {"range", "abs", "min", "max", "float", "int", "bool"}


@dataclass
class Loop:
    """One outlined loop."""

    function: str  # the Python function it is in
    line: int
    end: int
    col: int
    ins: list[str]
    outs: list[str]
    #: the ``return X`` statements inside the loop: (line, column after X), and
    #: the literal of X's type the loop's normal end returns in its place
    returns: list = field(default_factory=list)
    zero: str = ""

    @property
    def name(self) -> str:
        return f"{PREFIX}{self.line}"

    @property
    def results(self) -> list[str]:
        """The synthetic function's tuple: (the returned value and whether it
        returned, when the loop holds a ``return``), then the live-outs."""
        head = [f"__pydm_value_{self.line}", f"__pydm_returned_{self.line}"] if self.returns else []
        return head + self.outs


@dataclass
class Plan:
    """What to compile: the rewritten module and entries, and the outlined loops."""

    module: object  # the rewritten ModuleInfo
    entries: list
    loops: list[Loop] = field(default_factory=list)
    #: per Python function name: the decision lines for its loops
    notes: dict = field(default_factory=dict)
    #: the module and entries before the rewrite
    original: tuple = ()

    def without_loops(self, why: str) -> "Plan":
        """The plan of the original module (nothing outlined), ``why`` in each
        function's notes."""
        notes = {k: list(v) for k, v in self.notes.items()}
        for lp in self.loops:
            notes.setdefault(lp.function, []).append(f"loop at line {lp.line}: VM ({why})")
        return Plan(self.original[0], self.original[1], [], notes)

    def specs(self, program) -> list:
        """(loop, specialization) of each outlined loop that was compiled."""
        by_name = {lp.name: lp for lp in self.loops}
        return [(by_name[s.func.name], s) for s in program.specs.values()
                if s.func.outlined and s.func.name in by_name]

    def name_functions(self, mod, program) -> None:
        """The synthetic functions' ops raise in the Python function the loop
        came from (a raise site's note names it)."""
        from iree.compiler import ir
        symbols = {s.symbol: lp.function for lp, s in self.specs(program)}
        for op in mod.body.operations:
            if op.operation.name != "func.func":
                continue
            symbol = ir.StringAttr(op.attributes["sym_name"]).value
            if symbol in symbols:
                op.attributes["pydm.name"] = ir.StringAttr.get(symbols[symbol])


class _Reject(Exception):
    """Why a loop stays on the VM."""


def _describe(node) -> str:
    kinds = {nodes.Return: "a return inside the loop", nodes.List: "a list", nodes.Dict: "a dict",
             nodes.Set: "a set", nodes.Subscript: "a subscript", nodes.Attribute: "an attribute",
             nodes.JoinedStr: "an f-string", nodes.Raise: "a raise", nodes.Try: "a try",
             nodes.With: "a with", nodes.Delete: "a del", nodes.Global: "a global",
             nodes.Nonlocal: "a nonlocal", nodes.Lambda: "a lambda", nodes.FunctionDef: "a def",
             nodes.Yield: "a yield", nodes.Tuple: "a tuple", nodes.Assert: "an assert"}
    for cls, text in kinds.items():
        if isinstance(node, cls):
            return text
    return f"a {type(node).__name__} construct"


_STATEMENTS = (nodes.Assign, nodes.AugAssign, nodes.If, nodes.For, nodes.While, nodes.Break,
               nodes.Continue, nodes.Pass)
_EXPRESSIONS = (nodes.Name, nodes.AssignName, nodes.Const, nodes.BinOp, nodes.UnaryOp, nodes.BoolOp,
                nodes.Compare, nodes.IfExp, nodes.Call)


def _check_body(loop, spec) -> set[str]:
    """The locals the loop uses (every one a scalar); _Reject otherwise."""
    fn, var_types = spec.func, spec.var_types
    used = set()
    if loop.orelse:
        raise _Reject("a loop with an else clause")
    if isinstance(loop, nodes.For):
        it = loop.iter
        if not (isinstance(loop.target, nodes.AssignName) and isinstance(it, nodes.Call)
                and isinstance(it.func, nodes.Name) and it.func.name == "range"):
            raise _Reject("not a `for ... in range(...)` loop")
    for node in loop.nodes_of_class(nodes.NodeNG):
        if node is loop:
            continue
        if isinstance(node, nodes.Expr):
            what = node.value
            if isinstance(what, nodes.Call) and isinstance(what.func, nodes.Name):
                raise _Reject(f"a call of {what.func.name}() at line {node.lineno}")
            if isinstance(what, nodes.Call) and isinstance(what.func, nodes.Attribute):
                raise _Reject(f"a call of .{what.func.attrname}() at line {node.lineno}")
            raise _Reject(f"an expression statement at line {node.lineno}")
        if isinstance(node, nodes.Call):
            f = node.func
            if not (isinstance(f, nodes.Name) and f.name in INLINE_BUILTINS and f.name not in fn.locals
                    and f.name not in fn.module.functions) or node.keywords or node.starargs or node.kwargs:
                name = f.name if isinstance(f, nodes.Name) else (f.attrname if isinstance(f, nodes.Attribute) else "")
                raise _Reject(f"a call of {name}() at line {node.lineno}" if name else
                              f"a call at line {node.lineno}")
            continue
        if isinstance(node, nodes.Const):
            if type(node.value) not in (int, float, bool):
                raise _Reject(f"a {type(node.value).__name__} constant at line {node.lineno}")
            continue
        if isinstance(node, nodes.Return):
            t = spec.type_of(node.value) if node.value is not None else None
            if t is None or not t.is_numeric:
                raise _Reject(f"a return of other than an int, float or bool at line {node.lineno}")
            continue
        if isinstance(node, nodes.Assign):
            if not all(_names_only(t) for t in node.targets):
                raise _Reject(f"an assignment to other than names at line {node.lineno}")
            if isinstance(node.targets[0], nodes.Tuple) and not (
                    len(node.targets) == 1 and isinstance(node.value, nodes.Tuple)
                    and len(node.value.elts) == len(node.targets[0].elts)):
                raise _Reject(f"an unpacking of other than a tuple display at line {node.lineno}")
            continue
        if isinstance(node, nodes.Tuple):  # ``a, b = b, a + b``: both sides checked above
            if not isinstance(node.parent, nodes.Assign):
                raise _Reject(f"a tuple at line {node.lineno}")
            continue
        if isinstance(node, nodes.AugAssign):
            if not isinstance(node.target, nodes.AssignName):
                raise _Reject(f"an assignment to other than names at line {node.lineno}")
            continue
        if isinstance(node, (nodes.Name, nodes.AssignName)):
            if isinstance(node.parent, nodes.Call) and node is node.parent.func:
                continue
            name = node.name
            if name not in fn.locals:
                # a module-level constant (frozen at compile time, read from the same
                # globals by the synthetic function): a scalar one is fine
                t = spec.type_of(node) if isinstance(node, nodes.Name) else None
                if t is None or not t.is_numeric:
                    raise _Reject(f"the global {name} at line {node.lineno}")
                continue
            if name in fn.cells:
                raise _Reject(f"{name} is captured by a nested function")
            t = var_types.get(name)
            if t is None or not t.is_numeric:
                shown = t.value if t is not None else "unknown"
                raise _Reject(f"{name} is {shown}, not an int, float or bool")
            used.add(name)
            continue
        if isinstance(node, _STATEMENTS + _EXPRESSIONS) or isinstance(node, (nodes.Arguments,)):
            continue
        raise _Reject(f"{_describe(node)} at line {node.lineno}")
    return used


def _names_only(target) -> bool:
    if isinstance(target, nodes.AssignName):
        return True
    return isinstance(target, nodes.Tuple) and all(isinstance(e, nodes.AssignName) for e in target.elts)


def _assigned(stmt) -> set[str]:
    """Names a simple statement binds unconditionally."""
    if isinstance(stmt, nodes.Assign):
        out = set()
        for t in stmt.targets:
            for n in ([t] if isinstance(t, nodes.AssignName) else
                      t.elts if isinstance(t, (nodes.Tuple, nodes.List)) else []):
                if isinstance(n, nodes.AssignName):
                    out.add(n.name)
        return out
    if isinstance(stmt, (nodes.AugAssign, nodes.AnnAssign)) and isinstance(stmt.target, nodes.AssignName):
        if isinstance(stmt, nodes.AnnAssign) and stmt.value is None:
            return set()
        return {stmt.target.name}
    return set()


def _bound_before(loop, fn) -> set[str]:
    """Names surely bound when the loop starts: the parameters and the simple
    assignments before it in its block and in each enclosing block."""
    bound = set(fn.params)
    node = loop
    while node is not fn.node and node.parent is not None:
        parent = node.parent
        for block in ("body", "orelse", "handlers", "finalbody"):
            stmts = getattr(parent, block, None)
            if isinstance(stmts, list) and node in stmts:
                for s in stmts[:stmts.index(node)]:
                    bound |= _assigned(s)
        node = parent
    deleted = {n.name for n in fn.node.nodes_of_class(nodes.DelName)}
    return bound - deleted


def _self_bound(loop) -> set[str]:
    """Names every trip of the loop binds before it reads them: a ``for``
    target, and the plain assignments that open the body (what the body's
    first statements read before is excluded)."""
    head = loop.iter if isinstance(loop, nodes.For) else loop.test
    read = {n.name for n in head.nodes_of_class(nodes.Name)}
    out = set()
    if isinstance(loop, nodes.For) and loop.target.name not in read:
        out.add(loop.target.name)
    for stmt in loop.body:
        if not isinstance(stmt, nodes.Assign):
            break
        read |= {n.name for n in stmt.value.nodes_of_class(nodes.Name)}
        out |= {name for name in _assigned(stmt) if name not in read}
    return out


_ZEROS = {"integer": "0", "real": "0.0", "bool": "False"}


def _returns(loop, spec) -> tuple[list, str]:
    """The loop's ``return X`` statements as (line, column after X), and the
    literal of their one type X (``0``, ``0.0``, ``False``)."""
    rets = list(loop.nodes_of_class(nodes.Return))
    if not rets:
        return [], ""
    types = {spec.type_of(r.value) for r in rets}
    if len(types) != 1:
        raise _Reject("returns of different types inside the loop")
    if loop.end_lineno == loop.lineno:
        raise _Reject("a one-line loop with a return")
    zero = _ZEROS.get(types.pop().value)
    if zero is None:
        raise _Reject("a return of other than an int, float or bool")
    return [(r.value.end_lineno, r.value.end_col_offset) for r in rets], zero


def _assigned_outside(loop, fn) -> set[str]:
    """Names bound anywhere in the function outside the loop (parameters too)."""
    inside = {id(n) for n in loop.nodes_of_class(nodes.AssignName)}
    return set(fn.params) | {n.name for n in fn.node.nodes_of_class(nodes.AssignName) if id(n) not in inside}


def _read_after(loop, fn) -> set[str]:
    """Names the function may read after the loop: in the statements that
    follow it in its block and in each enclosing block (the loop is in no
    other loop, so nothing before it runs again; the other branch of an
    ``if`` around it does not run; a ``return`` or ``raise`` ends it)."""
    out = set()
    node = loop
    while node is not fn.node and node.parent is not None:
        parent = node.parent
        for block in ("body", "orelse", "handlers", "finalbody"):
            stmts = getattr(parent, block, None)
            if isinstance(stmts, list) and node in stmts:
                for s in stmts[stmts.index(node) + 1:]:
                    out |= {n.name for n in s.nodes_of_class((nodes.Name, nodes.DelName))}  # del reads
                    if isinstance(s, (nodes.Return, nodes.Raise)):
                        return out  # the function leaves here: nothing further runs
        node = parent
    return out


def _small_trip_count(loop) -> int | None:
    if not isinstance(loop, nodes.For):
        return None
    args = loop.iter.args
    if not all(isinstance(a, nodes.Const) and type(a.value) is int for a in args) or not 1 <= len(args) <= 3:
        return None
    try:
        n = len(range(*[a.value for a in args]))
    except ValueError:
        return None
    return n if n < SMALL_TRIP_COUNT else None


def _candidates(body):
    """The outermost loops of a statement list (not inside nested defs)."""
    for stmt in body:
        if isinstance(stmt, (nodes.For, nodes.While)):
            yield stmt
            continue
        if isinstance(stmt, (nodes.FunctionDef, nodes.ClassDef, nodes.Lambda)):
            continue
        for block in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, block, None)
            if isinstance(inner, list):
                yield from _candidates(inner)
        for h in getattr(stmt, "handlers", None) or []:
            yield from _candidates(h.body)


def _whole_function_scalar(spec) -> bool:
    """Everything in the function is a scalar with no calls: the whole
    function may go native (``pydm/native.py``), nothing to outline."""
    if not all(t.is_numeric for t in spec.arg_types) or not spec.ret.is_numeric:
        return False
    if not all(t.is_numeric for t in spec.var_types.values()):
        return False
    for stmt in spec.func.node.body:  # not the decorators: `@pydm.jit(native=True)` is a call
        for call in stmt.nodes_of_class(nodes.Call):
            if not (isinstance(call.func, nodes.Name) and call.func.name in INLINE_BUILTINS):
                return False
    return True


def analyze(spec, whole: bool = True) -> tuple[list[Loop], list[str]]:
    """The loops of one specialization to outline, and a note for each loop.
    ``whole``: a wholly scalar function is left to the whole-function path
    (an entry's; a callee's loops are outlined: pydm may expand a small
    callee into its VM caller, loop and all)."""
    fn = spec.func
    loops, notes = [], []
    if fn.outer is not None or fn.has_nested_scopes:
        return [], ["VM: a nested function, or one that holds a def/lambda (not outlined yet)"]
    if whole and _whole_function_scalar(spec):
        return [], []
    src = getattr(fn.node.root(), "_pydm_source", None)
    for loop in _candidates(fn.node.body):
        line = loop.lineno
        try:
            if src is None:
                raise _Reject("no source text")
            guard = next((a for a in loop.node_ancestors() if isinstance(a, (nodes.Try, nodes.TryStar, nodes.With))
                          and a.scope() is fn.node), None)
            if guard is not None:  # a handler would see the live-outs of the iterations before the raise
                raise _Reject(f"inside the {'with' if isinstance(guard, nodes.With) else 'try'} at line "
                              f"{guard.lineno} (its handler would read values the loop left)")
            used = _check_body(loop, spec)
            trips = _small_trip_count(loop)
            if trips is not None:
                raise _Reject(f"a constant trip count of {trips} (< {SMALL_TRIP_COUNT}: not worth a dispatch)")
            bound = _bound_before(loop, fn)
            after = _read_after(loop, fn)
            written = {n.name for n in loop.nodes_of_class(nodes.AssignName)}
            elsewhere = _assigned_outside(loop, fn)
            maybe = sorted(n for n in used if n in elsewhere and n not in bound | _self_bound(loop))
            if maybe:
                raise _Reject(f"{maybe[0]} may be unbound when the loop starts")
            ins = sorted(used & bound)
            outs = sorted(written & after)
            unbound = [n for n in outs if n not in bound]
            if unbound:
                raise _Reject(f"{unbound[0]} is read after the loop and is unbound if the loop runs zero times")
            found = _returns(loop, spec)
            loops.append(Loop(fn.name, line, loop.end_lineno, loop.col_offset, ins, outs, *found))
        except _Reject as why:
            notes.append(f"loop at line {line}: VM ({why})")
    return loops, notes


def _rewrite(source: str, loops: list[Loop]) -> str:
    """The module's text with each loop's lines replaced by its call (the
    same number of lines)."""
    lines = source.split("\n")
    for lp in loops:
        indent = lines[lp.line - 1][:lp.col]
        call = f"{lp.name}({', '.join(lp.ins)})"
        text = f"({', '.join(lp.results)},) = {call}" if lp.results else call
        lines[lp.line - 1] = indent + text
        for k in range(lp.line, lp.end):
            lines[k] = ""
        if lp.returns:  # the loop's second line (it has one: a return is in its body)
            value, returned = lp.results[:2]
            lines[lp.line] = f"{indent}if {returned}: return {value}"
    return "\n".join(lines)


def _synthetic(source: str, lp: Loop) -> str:
    """The synthetic function's text: the loop on its own lines and columns."""
    lines = source.split("\n")
    out = [""] * (lp.line - 2)
    out.append(f"def {lp.name}({', '.join(lp.ins)}):")
    body = lines[lp.line - 1:lp.end]
    outs = "".join(f", {o}" for o in lp.outs)
    # ``return X`` -> ``return X, True, <live-outs>``: X keeps its columns
    for line, col in sorted(lp.returns, reverse=True):
        text = body[line - lp.line]
        body[line - lp.line] = text[:col] + ", True" + outs + text[col:]
    out += body
    if lp.returns:
        result = f"({lp.zero}, False{outs})"
    else:
        result = f"({', '.join(lp.outs)},)" if lp.outs else "(0,)"
    out.append(lines[lp.line - 1][:lp.col] + f"return {result}")
    return "\n".join(out) + "\n"


def _hot_use(name: str, program, entries: list, seen: frozenset = frozenset()) -> str | None:
    """How the function ``name`` may be called many times per call of an
    entry (inside a loop, a comprehension or a lambda, by itself, as a value,
    or by a function that is), or None: only from straight-line code."""
    if name in seen:
        return "calls itself"
    for spec in program.specs.values():
        fn = spec.func
        for ref in fn.node.nodes_of_class(nodes.Name):
            if ref.name != name:
                continue
            if fn.name == name:
                return "calls itself"
            if not (isinstance(ref.parent, nodes.Call) and ref.parent.func is ref):
                return f"is used as a value at line {ref.lineno}"
            for a in ref.node_ancestors():
                if a is fn.node:
                    break
                if isinstance(a, (nodes.For, nodes.While, nodes.Comprehension, nodes.Lambda)):
                    return f"is called in a loop at line {ref.lineno}"
            if fn.name not in entries:
                why = _hot_use(fn.name, program, entries, seen | {name})
                if why is not None:
                    return f"is called by {fn.name}, which {why}"
    return None


def enabled(option) -> bool:
    """Whether a function's ``native`` option lets pydm outline its loops."""
    if option is False:
        return False
    return option is True or os.environ.get("PYDM_NATIVE", "1") != "0"


def plan(module, entries: list, options: dict | None, typed, whole: bool = True) -> Plan | None:
    """Which loops of the entries go native; None: nothing to outline.
    ``typed(module, entries)``: the solved ProgramTypes and entry specs.
    ``whole``: a wholly scalar entry is left to the whole-function path."""
    from .frontend.source import load_module
    if not options or not any(enabled(options.get(fn.name)) for fn, _ in entries):
        return None
    try:
        program, specs = typed(module, entries)
    except Exception:  # noqa: BLE001 - the real compile reports it
        return None
    names = [fn.name for fn, _ in entries]
    # the entries, then the module's functions they call (when every entry allows it)
    callees = [] if not all(enabled(options.get(n)) for n in names) else \
        [s for s in program.specs.values() if s not in specs and s.func.outer is None
         and module.functions.get(s.func.name) is s.func and s.func.name not in names]
    chosen, notes = [], {}
    for spec in specs + callees:
        if spec in specs and not enabled(options.get(spec.func.name)):
            continue
        hot = None if spec in specs else _hot_use(spec.func.name, program, names)
        if hot is not None:  # a dispatch per call of a function called in a loop: not worth it
            loops = [f"loop at line {loop.lineno}: VM ({spec.func.name} {hot}: a dispatch per call)"
                     for loop in _candidates(spec.func.node.body)]
            for owner in names:
                notes.setdefault(owner, []).extend(f"in {spec.func.name}: {w}" for w in loops)
            continue
        # a wholly scalar entry goes native as a whole; a callee's loops are
        # outlined (a small callee is expanded into its VM caller, loop and all)
        loops, why = analyze(spec, whole and spec in specs)
        owners = [spec.func.name] if spec in specs else names
        prefix = "" if spec in specs else f"in {spec.func.name}: "
        for owner in owners:
            notes.setdefault(owner, []).extend(prefix + w for w in why)
        chosen += [lp for lp in loops if all(lp.line != c.line for c in chosen)]
    if not chosen:
        return Plan(module, entries, [], notes, (module, entries)) if any(notes.values()) else None
    source = module.tree._pydm_source
    try:
        rewritten = load_module(module.filename, source=_rewrite(source, chosen))
        functions = dict(rewritten.functions)
        for lp in chosen:
            extra = load_module(module.filename, source=_synthetic(source, lp))
            info = extra.functions[lp.name]
            info.check()
            info.outlined = True
            functions[lp.name] = info
    except Exception as failed:  # noqa: BLE001 - a text pydm cannot rewrite stays as it is
        for lp in chosen:
            notes.setdefault(lp.function, []).append(f"loop at line {lp.line}: VM (not rewritable: {failed})")
        return Plan(module, entries, [], notes, (module, entries))
    rewritten.functions = functions
    rewritten.exception_classes = module.exception_classes
    rewritten.host_functions = module.host_functions
    new_entries = [(rewritten.functions[fn.name], types) for fn, types in entries]
    return Plan(rewritten, new_entries, chosen, notes, (module, entries))


# -- after lowering: the synthetic functions go native -------------------------

def _const_int(value) -> int | None:
    """The integer ``value`` always holds (a constant, or a sum or product of
    constants: how the lowering computes a tuple's slots), or None."""
    from iree.compiler import ir
    op = value.owner
    op = getattr(op, "operation", op)
    name = getattr(op, "name", "")
    if name == "arith.constant":
        return ir.IntegerAttr(op.attributes["value"]).value
    if name in ("arith.addi", "arith.muli"):
        a, b = _const_int(op.operands[0]), _const_int(op.operands[1])
        if a is None or b is None:
            return None
        return a + b if name == "arith.addi" else a * b
    return None


def _split_tuple_result(fop) -> list[tuple]:
    """The copied body's ``(code, tuple)`` result as ``(code, bits...)``: each
    ``return`` of a tuple built in place (``util.list.create`` and one
    ``util.list.set`` per tag and value) returns the values' bits instead, an
    exceptional return (a null tuple) zeros. Returns the elements' (tag,
    tag type, value type) for the VM side to build the same tuple."""
    from iree.compiler import ir
    from . import native as nat
    i64 = ir.IntegerType.get_signless(64)
    i32 = ir.IntegerType.get_signless(32)
    returns = [op for op in nat._walk(fop.operation, []) if op.name == "func.return"]
    layout, plans = None, []
    for ret in returns:
        code, tup = ret.operands[0], ret.operands[1]
        maker = tup.owner.operation if hasattr(tup.owner, "operation") else tup.owner
        if getattr(maker, "name", "") == "util.null":
            plans.append((ret, code, None))
            continue
        if getattr(maker, "name", "") != "util.list.create":
            raise nat.NotNative("the loop's result tuple is not built where it returns", nat._loc(ret))
        sets = {}
        for use in tup.uses:
            user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
            if user.name == "util.list.set":
                k = _const_int(user.operands[1])
                if k is None:
                    raise nat.NotNative("a tuple element at a computed index", nat._loc(user))
                sets[k] = user
            elif user.name not in ("util.list.resize", "func.return"):
                raise nat.NotNative(f"the result tuple is used by {user.name}", nat._loc(user))
        n = len(sets) // 2
        if n == 0 or sorted(sets) != list(range(2 * n)):
            raise nat.NotNative("the result tuple's layout is not (tag, value) pairs", nat._loc(ret))
        elems = []
        for k in range(n):
            tag = _const_int(sets[2 * k].operands[2])
            if tag is None:
                raise nat.NotNative("a tuple element of a computed type", nat._loc(ret))
            elems.append((tag, str(sets[2 * k].operands[2].type), str(sets[2 * k + 1].operands[2].type)))
        if layout is not None and layout != elems:
            raise nat.NotNative("the loop's result tuple differs between returns", nat._loc(ret))
        layout = elems
        plans.append((ret, code, [sets[2 * k + 1].operands[2] for k in range(n)], sets, maker))
    if layout is None:
        raise nat.NotNative("the loop never returns normally", nat._loc(fop))
    for plan in plans:
        ret, code = plan[0], plan[1]
        with ir.InsertionPoint(ret), ret.location:
            from iree.compiler.dialects import arith, func
            if plan[2] is None:
                values = [arith.constant(i64, 0) for _ in layout]
            else:
                values = []
                for v, (_, _, vt) in zip(plan[2], layout):
                    if vt == "f64":
                        v = arith.bitcast(i64, v)
                    elif vt == "i1":
                        v = arith.extui(i64, v)
                    elif vt != "i64":
                        raise nat.NotNative(f"a tuple element of type {vt}", nat._loc(ret))
                    values.append(v)
            func.ReturnOp([code] + values)
        ret.erase()
        if plan[2] is not None:
            for s in plan[3].values():
                s.erase()
            for use in list(plan[4].results[0].uses):
                user = use.owner.operation if hasattr(use.owner, "operation") else use.owner
                user.erase()
            plan[4].erase()
    for op in nat._walk(fop.operation, []):  # the nulls of the exceptional returns
        if op.name == "util.null" and not list(op.results[0].uses):
            op.erase()
    inputs, _ = nat._signature(fop)
    fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
        [ir.Type.parse(t) for t in inputs], [i32] + [i64] * len(layout)))
    return layout


def _convert(convert, source: str, target: str, types: list, lines: list, indent: str) -> list:
    """Each ``<source><i>`` of its type in ``types`` converted by ``convert``
    (``_to_bits``/``_from_bits``), the ops appended to ``lines``; the values."""
    values = []
    for i, t in enumerate(types):
        code, value = convert(f"{source}{i}", t, f"{target}{i}")
        lines += [indent + c for c in code]
        values.append(value)
    return values


def _drop_origin(fop) -> None:
    """A non-entry function's exception exit keeps the first failing call's
    site in ``@pydm$origin`` (a runtime-library callee's error at the user's
    line). Native code has no calls, so the origin is never set there: each
    load reads as 0 (its stores are dropped with the other globals')."""
    from iree.compiler import ir
    from iree.compiler.dialects import arith
    from . import native as nat
    from .lowering.driver import ORIGIN_GLOBAL
    from .lowering.support import POLL_BUDGET_GLOBAL
    for op in nat._walk(fop.operation, []):
        if op.name != "util.global.load":
            continue
        target = ir.FlatSymbolRefAttr(op.attributes["global"]).value
        if target == ORIGIN_GLOBAL:
            with ir.InsertionPoint(op), op.location:
                op.results[0].replace_all_uses_with(arith.constant(op.results[0].type, 0))
            op.erase()
        elif target != POLL_BUDGET_GLOBAL:
            raise nat.NotNative(f"the global {target}", nat._loc(op))


def outlined_text(mod, symbol: str) -> tuple[str, str, list]:
    """(module name, text, tuple layout) of the native module for the
    synthetic function ``symbol``: ``@body`` returns (site code, each
    live-out's bits), ``@run`` returns them from one dispatch as
    ``tensor<(1+N)xi64>``."""
    import hashlib
    from . import native as nat
    fop = nat._func(mod, symbol)
    inputs, _ = nat._signature(fop)
    for t in inputs:
        if t not in nat._SCALARS:
            raise nat.NotNative(f"a live-in of type {t} is not an int, float or bool", nat._loc(fop))
    holder, copy = nat.copy_as_body(fop)
    layout = _split_tuple_result(copy)
    _drop_origin(copy)
    nat._rewrite_body(copy)
    try:
        nat.check(holder, "body")
    except nat.NotNative as why:
        if str(why) != "the result is not an int, float or bool":  # N results: checked above
            raise
    n = 1 + len(layout)
    body = copy.get_asm(enable_debug_info=True, print_generic_op_form=False)
    i64s = ", ".join(["i64"] * n)
    lines = [f"  func.func @run({', '.join(f'%a{i}: i64' for i in range(len(inputs)))}) -> ({i64s}) {{",
             f"    %t = flow.dispatch.region -> (tensor<{n}xi64>) {{"]
    vals = _convert(nat._from_bits, "%a", "%x", inputs, lines, "      ")
    lines.append(f"      %r:{n} = scf.execute_region -> (i32, {', '.join(['i64'] * (n - 1))}) {{")
    lines.append(f"        %c:{n} = func.call @body({', '.join(vals)}) : ({', '.join(inputs)}) -> "
                 f"(i32, {', '.join(['i64'] * (n - 1))})")
    lines.append(f"        scf.yield {', '.join(f'%c#{k}' for k in range(n))} : i32, {', '.join(['i64'] * (n - 1))}")
    lines.append("      }")
    lines.append("      %e0 = arith.extsi %r#0 : i32 to i64")
    elems = ["%e0"] + [f"%r#{k}" for k in range(1, n)]
    lines.append(f"      %tt = tensor.from_elements {', '.join(elems)} : tensor<{n}xi64>")
    lines.append(f"      flow.return %tt : tensor<{n}xi64>")
    lines.append("    }")
    outs = []
    for k in range(n):
        lines.append(f"    %i{k} = arith.constant {k} : index")
        lines.append(f"    %v{k} = tensor.extract %t[%i{k}] : tensor<{n}xi64>")
        outs.append(f"%v{k}")
    lines.append(f"    return {', '.join(outs)} : {i64s}")
    lines.append("  }")
    inner = body + "\n" + "\n".join(lines)
    name = f"pydm_native_{hashlib.sha256(inner.encode()).hexdigest()[:16]}"
    return name, f"module @{name} {{\n{inner}\n}}\n", layout


def replace_outlined(mod, symbol: str, native_name: str, layout: list) -> None:
    """The VM function ``symbol`` as a call of ``@<native_name>.run`` that
    returns the site code of a raise as the VM function did, else the
    live-outs' tuple built as the lowered function built it."""
    from iree.compiler import ir
    from . import native as nat
    fop = nat._func(mod, symbol)
    inputs, results = nat._signature(fop)
    n = 1 + len(layout)
    i64s = ", ".join(["i64"] * n)
    ins = ", ".join(["i64"] * len(inputs))
    text = [f"func.func private @{native_name}.run({ins}) -> ({i64s})"]
    params = ", ".join(f"%p{i}: {t}" for i, t in enumerate(inputs))
    text.append(f"func.func @{symbol}({params}) -> ({', '.join(results)}) {{")
    args = _convert(nat._to_bits, "%p", "%q", inputs, text, "  ")
    text.append(f"  %r:{n} = call @{native_name}.run({', '.join(args)}) : ({ins}) -> ({i64s})")
    text.append("  %code = arith.trunci %r#0 : i64 to i32")
    text.append("  %zero = arith.constant 0 : i32")
    text.append("  %ok = arith.cmpi eq, %code, %zero : i32")
    text.append("  cf.cond_br %ok, ^done, ^failed")
    # as the VM function it replaces (a callee, never an entry): the raw site
    # code, which its caller's exception exit stores and maps to a class
    text.append("^failed:")
    text.append(f"  %null = util.null : {results[1]}")
    text.append(f"  return %code, %null : i32, {results[1]}")
    text.append("^done:")
    text.append(f"  %size = arith.constant {2 * len(layout)} : index")
    text.append(f"  %l = util.list.create %size : {results[1]}")
    text.append(f"  util.list.resize %l, %size : {results[1]}")
    for k, (tag, tag_type, value_type) in enumerate(layout):
        text.append(f"  %ti{k} = arith.constant {2 * k} : index")
        text.append(f"  %vi{k} = arith.constant {2 * k + 1} : index")
        text.append(f"  %tag{k} = arith.constant {tag} : {tag_type}")
        text.append(f"  util.list.set %l[%ti{k}], %tag{k} : {tag_type} -> {results[1]}")
        code, value = nat._from_bits(f"%r#{k + 1}", value_type, f"%val{k}")
        text += ["  " + c for c in code]
        text.append(f"  util.list.set %l[%vi{k}], {value} : {value_type} -> {results[1]}")
    text.append(f"  return %code, %l : i32, {results[1]}")
    text.append("}")
    parsed = ir.Module.parse("\n".join(text))
    declaration, new = list(parsed.body.operations)
    for key in [a if isinstance(a, str) else a.name for a in fop.attributes]:
        if key not in ("sym_name", "function_type", "arg_attrs", "res_attrs"):
            new.attributes[key] = fop.attributes[key]  # visibility, pydm.name
    new.operation.clone(ip=ir.InsertionPoint(fop))
    declaration.operation.clone(ip=ir.InsertionPoint(mod.body))
    fop.operation.erase()


def _note_order(note: str) -> tuple:
    """The function's own loops first, then each callee's, by line."""
    m = re.match(r"(in \S+: )?loop at line (\d+)", note)
    return (1, m.group(1) or "", int(m.group(2))) if m else (2, note, 0)


class _Notes:
    """Appends a note (with a prefix) to several functions' lists at once."""

    def __init__(self, lists: list, prefix: str):
        self.lists, self.prefix = lists, prefix

    def append(self, note: str) -> None:
        for where in self.lists:
            where.append(self.prefix + note)


def go_native(mod, plan: Plan, program, options: dict, stages, embed: bool = False) -> tuple[list, dict]:
    """Each outlined loop's synthetic function compiled native and replaced
    by its call: (the native vmfbs, per Python function: notes, and how many
    of its loops went native). ``embed`` (ahead of time): each native module
    is moved into ``mod`` (``pydm/native_embed.py``); the list holds their
    hal-phase IR then."""
    from . import native as nat, native_embed as embedder
    from .backend.driver import BackendError
    out, notes, count = [], {k: list(v) for k, v in plan.notes.items()}, {}
    names = [fn.name for fn, _ in plan.entries]
    for lp, spec in plan.specs(program):
        owners = [lp.function] if lp.function in names else names
        prefix = "" if lp.function in names else f"in {lp.function}: "
        where = _Notes([notes.setdefault(owner, []) for owner in owners], prefix)
        try:
            name, text, layout = outlined_text(mod, spec.symbol)
            data = nat.compile_native(text, embedder.HAL_PHASE if embed else None)
        except nat.NotNative as why:
            where.append(f"loop at line {lp.line}: VM, outlined as {lp.name} ({why})")
            continue
        except BackendError as failed:
            if options.get(lp.function):
                raise
            where.append(f"loop at line {lp.line}: VM, outlined as {lp.name} "
                         f"(the native compile failed: {str(failed)[:200]})")
            continue
        replace_outlined(mod, spec.symbol, name, layout)
        if embed:  # one loop per module: its one call is in place
            embedder.embed(mod, name, data)
        out.append(data)
        for owner in owners:
            count[owner] = count.get(owner, 0) + 1
        how = "cached" if nat.last_compile.get("cached") else "compiled"
        where.append(f"loop at line {lp.line}: native ({lp.name}, live-ins {', '.join(lp.ins) or '-'}; "
                     f"live-outs {', '.join(lp.outs) or '-'}"
                     f"{'; returns from inside' if lp.returns else ''}; {name}, {how} in "
                     f"{nat.last_compile.get('seconds', 0.0):.3f} s)")
        if stages is not None:
            stages["native"] = stages.get("native", "") + text
    for where in notes.values():
        where.sort(key=_note_order)
    return out, {"notes": notes, "count": count}
