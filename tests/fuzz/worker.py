"""The child process that runs generated programs under pydm.

It is started by ``runner.Worker`` and never imported by the tests (it must not
import anything from the test tree). A compile that never terminates or a crash
of the VM then costs one program, not the test session.

Protocol: length-prefixed pickles on the original stdout/stdin (fd 1 is
redirected to stderr, so nothing printed by pydm can corrupt a frame).

Request: ``{"path": module file, "name": module name, "jit": [(fname, args, kwargs),
...], "aot": [(fname, args, kwargs), ...], "native": bool}``; with ``native`` the
response's ``"native"`` holds, per ``jit`` call, the outcome of the same call
through ``pydm.jit(native=True)`` of the function, or None where it cannot go
native (issue 12: the runner compares it with the ``jit`` outcome). Response: ``{"jit": [outcome, ...], "aot":
[outcome, ...], "jit_after": [after, ...], "aot_after": [after, ...], "map": [(fname,
jit call indices, outcome of ``fn.map`` over their rows), ...]}`` where an
outcome is ``("ok", value)`` or ``("exc", class name, message)`` (values: None,
bool, int, float, str, tuples, lists, dicts and sets of them, exceptions of builtin classes whose args
are such values: pickled with their class and args, their identity kept) and ``after`` is ``(args, kwargs, lists,
dicts and sets in them before the call)`` after the call: each call gets its own deep copy of
its arguments (a compiled function mutates the caller's lists), and the whole
response is one pickle, so the identity of lists between a result and the
arguments survives. ``jit`` calls go through the module's ``@pydm.jit``
functions (one compile per function and argument types); ``aot`` calls through
``pydm.aot.compile_file`` of the whole module (one compile for every function)
and ``pydm.aot.LoadedModule``.
"""
import contextlib
import copy
import importlib.util
import io
import os
import pickle
import struct
import sys
import time


def _lists_in(v, out, seen):
    """(as ``runner.lists_in``: the lists, dicts and sets, each once, in walk order)"""
    if type(v) in (list, dict, set):
        if id(v) in seen:
            return out
        seen.add(id(v))
        out.append(v)
    if type(v) in (list, tuple):
        for x in v:
            _lists_in(x, out, seen)
    elif type(v) is dict:
        for x in v.values():
            _lists_in(x, out, seen)
    return out


def _outcome(fn, args, kwargs=None):
    """(outcome, (args, kwargs, lists in them before the call, what the call printed))
    of a call on a copy of the arguments."""
    args, kwargs = copy.deepcopy((tuple(args), dict(kwargs or {})))
    printed = io.StringIO()
    after = (args, kwargs, _lists_in((args, kwargs), [], set()), printed)
    try:
        with contextlib.redirect_stdout(printed):
            v = fn(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - every exception is an outcome
        cls = type(exc)
        name = cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"
        return ("exc", name, str(exc)), after
    if not _plain_value(v, set()):
        return ("exc", "<fuzz: unexpected result>", f"{type(v).__name__}: {v!r}"), after
    return ("ok", v), after


def _plain_value(v, seen, message=False) -> bool:
    """None, bool, int, float, str, or a tuple, list, dict or set of such values, or an exception
    of a builtin class whose args are such values (recursively)."""
    if type(v) in (tuple, list, dict, set, frozenset) or isinstance(v, BaseException):
        if id(v) in seen:
            return True
        seen.add(id(v))
        if isinstance(v, BaseException):
            return type(v).__module__ == "builtins" and _plain_value(v.args, seen, True)
        if type(v) is dict:
            return all(_plain_value(x, seen) for x in [*v, *v.values()])
        return all(_plain_value(x, seen) for x in v)
    return v is None or type(v) in (int, float, bool, str)


def _text(after):
    """``after`` with what the call printed as a str."""
    return after[:3] + (after[3].getvalue(),)


_MODULES = {}  # path -> (module, AOT-loaded module or None); paths are content hashes
_KEEP = 8


def _module(req):
    entry = _MODULES.pop(req["path"], None)
    if entry is None:
        spec = importlib.util.spec_from_file_location(req["name"], req["path"])
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        entry = [mod, None, {}]  # the module, its AOT load, its native=True functions
    _MODULES[req["path"]] = entry  # most recently used last
    while len(_MODULES) > _KEEP:
        del _MODULES[next(iter(_MODULES))]
    return entry


def _native_outcome(entry, fname, args, kwargs):
    """The outcome of the call through ``pydm.jit(native=True)`` of the same
    function (issue 12), or None where it cannot go native."""
    import pydm
    natives = entry[2]
    if fname not in natives:
        natives[fname] = pydm.jit(native=True)(getattr(entry[0], fname).py_func)
    outcome, _ = _outcome(natives[fname], args, kwargs)
    if outcome[0] == "exc" and outcome[1] == "pydm.errors.CompileError" and "cannot run natively" in outcome[2]:
        return None
    return outcome


def _map_outcomes(mod, calls):
    """``fn.map`` over the rows of each function's calls whose arguments are all
    scalars, passed by position (two or more): ``[(fname, call indices, outcome)]``;
    the runner compares each with the calls' own outcomes, in order."""
    rows: dict = {}
    for i, (fname, args, kw) in enumerate(calls):
        if not kw and args and all(type(a) in (int, float, bool) for a in args):
            rows.setdefault((fname, len(args)), []).append(i)
    out = []
    for (fname, _), indices in rows.items():
        if len(indices) > 1:
            columns = list(zip(*[calls[i][1] for i in indices]))
            outcome, _ = _outcome(lambda: getattr(mod, fname).map(*columns), ())
            out.append((fname, indices, outcome))
    return out


def handle(req):
    """Outcomes of the requested calls. A module seen before (hypothesis often
    draws the same program with other arguments) keeps its compiled code."""
    try:
        entry = _module(req)
    except Exception as exc:  # noqa: BLE001 - a broken module fails every call
        failed = ("exc", "<fuzz: import failed>", f"{type(exc).__name__}: {exc}")
        return {"jit": [failed for _ in req["jit"]], "aot": [failed for _ in req["aot"]], "seconds": {}}
    mod = entry[0]
    t0 = time.perf_counter()
    jit = [_outcome(getattr(mod, fname), args, kw) for fname, args, kw in req["jit"]]
    jit = [(o, _text(a)) for o, a in jit]
    out = {"jit": [o for o, _ in jit], "jit_after": [a for _, a in jit], "aot": [], "aot_after": []}
    if req.get("native"):
        out["native"] = [_native_outcome(entry, fname, args, kw) for fname, args, kw in req["jit"]]
    out["map"] = _map_outcomes(mod, req["jit"])
    t1 = time.perf_counter()
    out["seconds"] = {"jit": t1 - t0}
    if req["aot"]:
        if entry[1] is None:
            import pydm.aot
            try:
                entry[1] = pydm.aot.LoadedModule(pydm.aot.compile_file(req["path"]), req["path"])
            except Exception as exc:  # noqa: BLE001
                entry[1] = ("exc", f"{type(exc).__module__}.{type(exc).__qualname__}", str(exc))
        if isinstance(entry[1], tuple):
            out["aot"] = [entry[1] for _ in req["aot"]]
            out["aot_after"] = [None for _ in req["aot"]]
        else:
            aot = [_outcome(getattr(entry[1], fname), args, kw) for fname, args, kw in req["aot"]]
            aot = [(o, _text(a)) for o, a in aot]
            out["aot"], out["aot_after"] = [o for o, _ in aot], [a for _, a in aot]
        out["seconds"]["aot"] = time.perf_counter() - t1
    return out


def main():
    proto_out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # stray prints go to stderr
    sys.stdout = sys.stderr
    proto_in = sys.stdin.buffer
    import pydm  # noqa: F401  (import and first-compile costs paid before the first request)
    while True:
        head = proto_in.read(4)
        if len(head) < 4:
            return
        (n,) = struct.unpack("<I", head)
        req = pickle.loads(proto_in.read(n))
        data = pickle.dumps(handle(req))
        proto_out.write(struct.pack("<I", len(data)) + data)
        proto_out.flush()


if __name__ == "__main__":
    main()
