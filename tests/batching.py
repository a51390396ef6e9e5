"""Many argument signatures and many functions in one compile.

The JIT compiles a function once per argument signature (a tuple argument
by its element types), and a compile costs far more than a call -- most of
all when it links the runtime library's list, tuple or object code. A
*dispatcher* is a jit function of the test module whose ``k``-th slot calls
one tested function with its own parameters::

    @pydm.jit
    def sort_group(k: int, a0, a1, b1):
        if k == 0:
            return sort(a0)
        return sort_reverse_flag(a1, b1)

Compiled once, it serves every slot, and links the library code they need
once. The tested functions run as compiled callees rather than as entry
points; the Python boundary (the arguments in, the result out) is the
dispatcher's. A folder's harness supplies its ``check(jit_fn, *args)`` and
``where(jit_fn, args)`` (how its failure messages name a call), so the checks
are the harness's own and a failure names the tested function and the case.

* ``Batch(dispatcher, params, check=..., where=...)``: slots for the
  ``(function, signature)`` pairs of the ``P`` entries ``params`` (a
  function's slots are taken by its signatures in order of first appearance;
  ``source()`` writes the dispatcher for them); the slots not called get
  deep copies of fixed cases, so every call has the same argument types.
  ``Batch.check_many(fn, cases)``; a case whose signature has no slot, or
  every case if the dispatcher does not compile (one of its functions does
  not), calls its own function instead.
* ``check_batched(batch_fn, fn, cases, check=..., where=...)``: one function
  in ``n`` slots, for cases whose signatures are not known in advance
  (hypothesis): a compile per ``n`` signatures.
"""
from __future__ import annotations

import ast
import copy
import inspect
import textwrap


def signature(v):
    """What the JIT specializes a parameter on: the type, and a tuple's element
    signatures (a list is ``list<object>`` whatever it holds)."""
    return tuple(signature(x) for x in v) if type(v) is tuple else type(v)


def _slots(dispatcher) -> list[tuple[str, int]]:
    """(callee name, number of arguments) of each slot, in order."""
    fdef = ast.parse(textwrap.dedent(inspect.getsource(dispatcher.py_func))).body[0]
    params = [a.arg for a in fdef.args.args]
    assert params[0] == "k", f"{fdef.name}: the first parameter is the slot number k"
    calls = [node.value for node in ast.walk(fdef) if isinstance(node, ast.Return)]
    calls.sort(key=lambda c: (c.lineno, c.col_offset))
    used = []
    slots = []
    for call in calls:
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name), ast.dump(call)
        names = [a.id for a in call.args]
        used += names
        slots.append((call.func.id, len(names)))
    assert used == params[1:], f"{fdef.name}: the slots must take the parameters in order"
    return slots


def _renamed(err: AssertionError, old: str, new: str) -> AssertionError:
    return AssertionError(str(err).replace(old, new, 1))


class Batch:
    def __init__(self, dispatcher, params, *, check, where):
        self.dispatcher, self._check, self._where = dispatcher, check, where
        cases_of = {}
        for p in params:
            fn, cases = p.values
            cases_of.setdefault(fn.py_func.__name__, (fn, []))[1].extend(cases)
        self.slot_of = {}  # (function name, signature) -> k
        self.reps = []
        for k, (callee, width) in enumerate(_slots(dispatcher)):
            assert callee in cases_of, f"{dispatcher.__name__}: slot {k} calls {callee}, which has no cases"
            fn, cases = cases_of[callee]
            taken = [s for (name, s) in self.slot_of if name == callee]
            fresh = [args for args in cases if signature(args) not in taken]
            case = fresh[0] if fresh else cases[0]  # a spare slot repeats a signature
            assert len(case) == width, f"{dispatcher.__name__}: slot {k} passes {width} arguments to {callee}"
            self.slot_of.setdefault((callee, signature(case)), k)
            self.reps.append(copy.deepcopy(case))  # never aliases a case's own arguments
        self.compiles = None  # unknown until the first call

    def _probe(self, args) -> bool:
        """Does the dispatcher compile?"""
        try:
            self.dispatcher(*copy.deepcopy(args))
        except Exception:  # noqa: BLE001 - a compile error, or the case's own outcome (checked next)
            return bool(self.dispatcher.jit._programs)  # a program exists: it compiled
        return True

    def args(self, fn, case):
        """The dispatcher's arguments for ``fn(*case)``, or None (no slot)."""
        k = self.slot_of.get((fn.py_func.__name__, signature(case)))
        if k is None:
            return None
        slots = list(self.reps)
        slots[k] = case
        return (k, *(x for slot in slots for x in slot))

    def check(self, fn, *case):
        args = self.args(fn, case)
        if args is not None and self.compiles is None:
            self.compiles = self._probe(args)
        if args is None or not self.compiles:
            return self._check(fn, *case)
        try:
            return self._check(self.dispatcher, *args)
        except AssertionError as err:
            raise _renamed(err, self._where(self.dispatcher, args), self._where(fn, case)) from None

    def check_many(self, fn, cases, *, limit: int = 30):
        """The harness's ``check`` of every case through the dispatcher; one
        assertion lists every disagreement."""
        _all(lambda case: self.check(fn, *case), cases, limit)


def check_batched(batch_fn, fn, cases, *, check, where, limit: int = 30):
    """The harness's ``check`` of ``fn(*case)`` for every case, through
    ``batch_fn(k, *args_0, ..., *args_{n-1})``, which returns ``fn(*args_k)``:
    the slots of a call hold cases of different signatures, a case takes the
    slot of its signature, the other slots keep (a copy of) the first case of
    theirs."""
    width = len(cases[0])
    n = (batch_fn.py_func.__code__.co_argcount - 1) // width
    assert all(len(args) == width for args in cases) and n * width + 1 == batch_fn.py_func.__code__.co_argcount
    slot_of, groups = {}, []  # signature -> (group, k); group -> the first case of each slot
    for args in cases:
        sig = signature(args)
        if sig not in slot_of:
            if not groups or len(groups[-1]) == n:
                groups.append([])
            slot_of[sig] = (len(groups) - 1, len(groups[-1]))
            groups[-1].append(copy.deepcopy(args))
    for group in groups:
        group.extend(copy.deepcopy(group[:1] * (n - len(group))))

    def one(case):
        g, k = slot_of[signature(case)]
        slots = list(groups[g])
        slots[k] = case
        args = (k, *(x for slot in slots for x in slot))
        try:
            check(batch_fn, *args)
        except AssertionError as err:
            raise _renamed(err, where(batch_fn, args), where(fn, case)) from None

    _all(one, cases, limit)


def _all(run, cases, limit):
    failures = []
    for case in cases:
        try:
            run(case)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, (f"{len(failures)} of {len(cases)} cases disagree:\n  "
                          + "\n  ".join(failures[:limit]))


def source(name: str, params) -> str:
    """The text of a dispatcher ``name`` with a slot for every (function,
    signature) of ``params`` (the ``P`` entries), to paste into a test module
    when its cases change, e.g. ``python -c "import sys; sys.path.insert(0,
    'tests'); import batching; from lists import test_range as m;
    print(batching.source('range_group', m.CONSTRUCT_LEN_CASES + ...))"``."""
    slots, seen = [], set()
    for p in params:
        fn, cases = p.values
        for case in cases:
            key = (fn.py_func.__name__, signature(case))
            if key not in seen:
                seen.add(key)
                slots.append((fn.py_func.__name__, len(case)))
    names = [[f"{'abcdefgh'[i]}{k}" for i in range(width)] for k, (_, width) in enumerate(slots)]
    flat = [x for slot in names for x in slot]
    head = f"def {name}(k: int, "
    lines, cur = ["@pydm.jit"], head
    for i, x in enumerate(flat):
        piece = x + (", " if i < len(flat) - 1 else "):")
        if len(cur) + len(piece) > 100:
            lines.append(cur.rstrip())
            cur = " " * len(head)
        cur += piece
    lines.append(cur)
    for k, (callee, _) in enumerate(slots):
        call = f"{callee}({', '.join(names[k])})"
        lines += [f"    if k == {k}:", f"        return {call}"] if k < len(slots) - 1 else [f"    return {call}"]
    return "\n".join(lines) + "\n"
