"""Which functions go native, and their modules: the cost model
(``native=None``), the plans (a function and the callees its module takes)
and compiling them into the program."""
from __future__ import annotations

import os

from iree.compiler import ir

from .body import native_text, replace_with_call
from .build import compile_native, last_compile
from .eligibility import NotNative, check, direct_callees, python_name

# -- which functions go native: the plans (function, its callees) and their modules

def vm_callee_plans(mod, roots, entries, specs, notes) -> list:
    """The plans of the functions VM code calls (below ``roots``) that the
    cost model sends native; a function that goes native takes its callees
    with it, so the walk stops there."""
    plans, seen, queue = [], set(roots), list(roots)
    while queue:
        symbol = queue.pop(0)
        for callee in direct_callees(mod, symbol):
            if callee in seen or callee in entries:
                continue
            seen.add(callee)
            spec = specs.get(callee)
            if spec is None or getattr(spec.func, "outlined", False):  # the runtime library's; a loop's
                continue
            go, why_cost = decide(mod, callee, specs)
            if go:
                try:
                    plans.append((callee, check(mod, callee), False, f"called from VM code; {why_cost}"))
                    continue
                except NotNative as why:
                    why_cost = str(why)
            notes.append(f"{callee}: VM ({why_cost})")
            queue.append(callee)
    return plans


def compile_plans(mod, plans, stages, notes, embed: bool = False) -> list:
    """Each plan's native module compiled (texts first: a replaced function's
    body is gone), then its function replaced by a call of it. ``embed``
    (ahead of time): each native module is moved into ``mod`` itself
    (``pydm/native/embed.py``); the list holds their hal-phase IR then."""
    from . import embed as embedder
    from ..backend.driver import BackendError
    texts = [(symbol, called, forced, what, *native_text(mod, symbol, called))
             for symbol, called, forced, what in plans]
    out, loaded, embeds = [], set(), []
    for symbol, called, forced, what, name, text in texts:
        if name not in loaded:  # two functions of one body share one module
            try:
                out.append(compile_native(text, embedder.HAL_PHASE if embed else None))
            except BackendError as failed:
                if forced:
                    raise
                # pydm's own choice: a module IREE rejects stays on the VM
                notes.append(f"{symbol}: VM (the native compile failed: {str(failed)[:200]})")
                continue
            loaded.add(name)
            embeds.append((name, out[-1]))
        replace_with_call(mod, symbol, name)
        how = "cached" if last_compile.get("cached") else "compiled"
        with_calls = f", with {', '.join(called)}" if called else ""
        notes.append(f"{symbol}: native, the whole function{with_calls} ({what}; {name}, {how} in "
                     f"{last_compile.get('seconds', 0.0):.3f} s)")
        if stages is not None:
            stages["native"] = stages.get("native", "") + text
    if embed:  # after every call of each module is in place: embedding replaces them
        for name, hal in embeds:
            embedder.embed(mod, name, hal)
    return out


# -- the cost model (native=None): which functions are worth a native call

#: below this much loop work (trips x syntax nodes of the loop's body, summed
#: over the function's loops) a function whose loops all have constant trip
#: counts stays on the VM: a native call costs ~5.8 us against ~1.3 us for a
#: VM call, and the VM runs a syntax node of a loop body in ~2-4 ns, so the
#: native call wins only from a few thousand node-trips on
MIN_NATIVE_WORK = 10_000


def _trips(loop) -> int | None:
    """A ``for`` over ``range(...)`` of constant arguments: its trip count;
    else None (unknown: a ``while``, a range of variables)."""
    from astroid import nodes
    from ..frontend.literals import literal_value, NO_VALUE
    if not isinstance(loop, nodes.For):
        return None
    it = loop.iter
    if not (isinstance(it, nodes.Call) and isinstance(it.func, nodes.Name) and it.func.name == "range"
            and not it.keywords and 1 <= len(it.args) <= 3):
        return None
    args = [literal_value(a, NO_VALUE) for a in it.args]
    if not all(type(a) is int for a in args) or (len(args) == 3 and args[2] == 0):
        return None
    return len(range(*args))


def cost_decision(node) -> tuple[bool, str]:
    """(goes native, why) for a function that qualifies, by its syntax:
    no loop → VM; a loop of unknown trip count (``while``, ``range(n)``)
    → native; loops of constant trip counts only → native when their work
    (trips, times the enclosing loops' trips, times the body's syntax
    nodes, summed) reaches :data:`MIN_NATIVE_WORK`."""
    from astroid import nodes
    loops = list(node.nodes_of_class((nodes.For, nodes.While)))
    if not loops:
        return False, "no loop"
    work = 0
    for loop in loops:
        trips, outer = 1, loop
        while outer is not None and outer is not node:
            if isinstance(outer, (nodes.For, nodes.While)):
                t = _trips(outer)
                if t is None:
                    return True, f"a loop of unknown trip count at line {outer.lineno}"
                trips *= t
            outer = outer.parent
        size = sum(1 for stmt in loop.body for _ in stmt.nodes_of_class(nodes.NodeNG))
        work += trips * size
    if work < MIN_NATIVE_WORK:
        return False, (f"constant trip counts, loop work {work} < {MIN_NATIVE_WORK} "
                       "(a native call costs more than it saves)")
    return True, f"constant trip counts, loop work {work} >= {MIN_NATIVE_WORK}"


def decide(mod: ir.Module, symbol: str, specs: dict) -> tuple[bool, str]:
    """:func:`cost_decision` for ``symbol`` and, when its own loops are not
    worth it, for the functions it calls (directly or not; ``specs``:
    symbol -> specialization): a callee worth a native call makes the
    caller worth one too, since the caller's native module takes it in
    (one dispatch instead of one per call)."""
    go, why = cost_decision(specs[symbol].func.node)
    if go:
        return go, why
    seen, queue = {symbol}, [symbol]
    while queue:
        for callee in direct_callees(mod, queue.pop(0)):
            if callee in seen or callee not in specs:
                continue
            seen.add(callee)
            callee_go, callee_why = cost_decision(specs[callee].func.node)
            if callee_go:
                return True, f"calls {python_name(mod, callee)}: {callee_why}"
            queue.append(callee)
    return go, why


# -- the decision for one program (called by pydm/compiler.py after lowering)

def forced_constructs(mod, entry_specs, options) -> dict:
    """For each entry forced native, where its first non-native construct is
    in the source-level IR (for the CompileError's line)."""
    from .. import native as nat
    if not options:
        return {}
    return {spec.symbol: nat.first_construct(mod, spec.symbol)
            for spec in entry_specs if options.get(spec.func.name)}


def go_native(mod, entry_specs, options: dict, stages, forced=None, outline=None, program=None,
               embed=False, missed=None) -> list:
    """The functions that go native (``pydm/native/``): each replaced in
    ``mod`` by a call of its native module, which holds the functions it
    calls too; returns the modules' vmfbs. First the loops ``outline``
    outlined (``pydm/native/outline.py``). ``native=True`` that cannot go
    native is a CompileError at the line of the offending construct, unless
    loops of it were outlined and went native; ``None`` (with
    ``PYDM_NATIVE`` not ``0``) follows the cost model
    (``native.cost_decision``) for the entries and, below an entry that
    stays on the VM, for the functions the VM code calls. ``embed`` (ahead
    of time): each native module is moved into ``mod`` itself
    (``pydm/native/embed.py``); the list holds their hal-phase IR then.
    ``missed`` gets the entries the cost model sent native whose own body
    cannot go (a float ``%`` after the loop)."""
    from .. import native as nat
    notes: list[str] = []
    if options is None:  # ahead of time without native parts (pydm compile --no-native)
        if stages is not None:
            stages["native-decision"] = "VM (ahead of time, --no-native)\n"
            stages["native"] = "// no native module\n"
        return []
    out, loops = [], {"notes": {}, "count": {}}
    if outline is not None:
        from . import outlined
        out, loops = outlined.go_native(mod, outline, program, options, stages, embed)

    def with_loops(spec, note):
        return "\n  ".join([note] + loops["notes"].get(spec.func.name, []))
    env_off = os.environ.get("PYDM_NATIVE", "1") == "0"
    plans = []  # (symbol, callees, forced, what)
    vm_roots = []  # entries left on the VM whose callees the cost model may take
    specs = {s.symbol: s for s in (program.specs.values() if program is not None else ())}
    specs.update((s.symbol, s) for s in entry_specs)
    for spec in entry_specs:
        option = options.get(spec.func.name)
        if option is False:
            notes.append(with_loops(spec, f"{spec.symbol}: VM (native=False)"))
            continue
        if option is None and env_off:
            notes.append(with_loops(spec, f"{spec.symbol}: VM (PYDM_NATIVE=0)"))
            continue
        why_cost = ""
        if option is None:
            go, why_cost = nat.decide(mod, spec.symbol, specs)
            if not go:
                if loops["count"].get(spec.func.name):
                    why_cost = f"{loops['count'][spec.func.name]} loop(s) outlined native"
                notes.append(with_loops(spec, f"{spec.symbol}: VM ({why_cost})"))
                vm_roots.append(spec.symbol)
                continue
        try:
            called = nat.check(mod, spec.symbol)
        except nat.NotNative as why:
            if loops["count"].get(spec.func.name):
                notes.append(with_loops(spec, f"{spec.symbol}: VM, {loops['count'][spec.func.name]} loop(s) "
                                              f"outlined native"))
                vm_roots.append(spec.symbol)
                continue
            if option:
                node = spec.func.node
                own = not (why.is_callee or why.is_cycle)  # else: a callee's line or the call's
                if own and nat.line_of(why.location) <= node.lineno and (forced or {}).get(spec.symbol):
                    why.location = forced[spec.symbol]
                if loops["notes"].get(spec.func.name):  # and why none of its loops went native
                    why = nat.NotNative(f"{why}; and its loops: {'; '.join(loops['notes'][spec.func.name])}",
                                        why.location)
                raise nat.error_for(why, spec.func.name, node.root().file or "<unknown>",
                                    node.lineno) from None
            notes.append(with_loops(spec, f"{spec.symbol}: VM ({why})"))
            vm_roots.append(spec.symbol)
            if option is None and missed is not None and not (why.is_callee or why.is_cycle):
                from .outline import whole_function_scalar
                if whole_function_scalar(spec):  # its loops were left to this whole-function path
                    missed.append(spec.func.name)
            continue
        plans.append((spec.symbol, called, bool(option), "native=True" if option else why_cost))
    if vm_roots:  # entries pydm may send native (env on) or forced native that stay on the VM
        entries = {s.symbol for s in entry_specs}
        plans += nat.vm_callee_plans(mod, vm_roots, entries, specs, notes)
    out += nat.compile_plans(mod, plans, stages, notes, embed)
    if stages is not None:
        stages["native-decision"] = "\n".join(notes) + "\n"
        stages.setdefault("native", "// no native module\n")
    return out
