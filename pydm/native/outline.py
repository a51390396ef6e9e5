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
After lowering, the synthetic function goes native (``outlined.py``: its
tuple result becomes several results, :func:`outlined._split_tuple_result`), the
rest of the function stays on the VM. A loop with ``return X`` inside returns
``X, True, <live-outs>`` there and its caller returns X when the flag is set.

:func:`plan` decides which loops are outlined (types from a typing pass over
the original program); every rejection is a line of the ``native-decision``.
"""
from __future__ import annotations

import os
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
    #: the original module's typing (solved ProgramTypes, entry specs), done to
    #: choose the loops: compiling the original module reuses it
    typed: tuple | None = None

    def without_loops(self, why: str) -> "Plan":
        """The plan of the original module (nothing outlined), ``why`` in each
        function's notes."""
        notes = {k: list(v) for k, v in self.notes.items()}
        for lp in self.loops:
            notes.setdefault(lp.function, []).append(f"loop at line {lp.line}: VM ({why})")
        return Plan(self.original[0], self.original[1], [], notes, self.original, self.typed)

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


def _enclosing_blocks(loop, fn):
    """(statements, index) of the loop's block, then of each enclosing block,
    the index of the statement that holds the loop."""
    node = loop
    while node is not fn.node and node.parent is not None:
        parent = node.parent
        for block in ("body", "orelse", "handlers", "finalbody"):
            stmts = getattr(parent, block, None)
            if isinstance(stmts, list) and node in stmts:
                yield stmts, stmts.index(node)
        node = parent


def _bound_before(loop, fn) -> set[str]:
    """Names surely bound when the loop starts: the parameters and the simple
    assignments before it in its block and in each enclosing block."""
    bound = set(fn.params)
    for stmts, at in _enclosing_blocks(loop, fn):
        for s in stmts[:at]:
            bound |= _assigned(s)
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
    for stmts, at in _enclosing_blocks(loop, fn):
        for s in stmts[at + 1:]:
            out |= {n.name for n in s.nodes_of_class((nodes.Name, nodes.DelName))}  # del reads
            if isinstance(s, (nodes.Return, nodes.Raise)):
                return out  # the function leaves here: nothing further runs
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


def whole_function_scalar(spec) -> bool:
    """Everything in the function is a scalar with no calls: the whole
    function may go native (``pydm/native/``), nothing to outline."""
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
    if whole and whole_function_scalar(spec):
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
    """Which loops of the entries go native; None when no entry allows it
    (or the program does not type: the real compile reports it).
    ``typed(module, entries)``: the solved ProgramTypes and entry specs.
    ``whole``: a wholly scalar entry is left to the whole-function path."""
    from ..frontend.source import load_module
    if not options or not any(enabled(options.get(fn.name)) for fn, _ in entries):
        return None
    try:
        done = program, specs = typed(module, entries)
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
        return Plan(module, entries, [], notes, (module, entries), done)
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
        return Plan(module, entries, [], notes, (module, entries), done)
    rewritten.functions = functions
    rewritten.exception_classes = module.exception_classes
    rewritten.host_functions = module.host_functions
    new_entries = [(rewritten.functions[fn.name], types) for fn, types in entries]
    return Plan(rewritten, new_entries, chosen, notes, (module, entries), done)
