"""``@pydm.jit``: compile on first call, one specialization per argument types."""
from __future__ import annotations

import atexit
import functools
import gc
import os
import weakref
import inspect as _inspect
import threading
import time
import warnings

from .errors import CompileError, TierWarning
from .types import PyType, TupleType

T = PyType

# The compiler (iree.compiler, astroid) and the runtime (iree.runtime) are
# imported where first needed, so that ``import pydm`` and decorating stay
# cheap (issue 11's latency target): see ``_compiler`` and ``_runtime``.


_ALL: "weakref.WeakSet[JitFunction]" = weakref.WeakSet()

#: tiers (``JitFunction._compile``): the second tier is compiled once the
#: first tier's calls have taken this many times as long as its compile (the
#: second compile costs about twice the first: from then on it pays)
TIER_FACTOR = 2.0
#: a first tier's compile time when it was not measured (loaded from the disk cache)
FIRST_TIER_COST = 0.07


def _release_at_exit() -> None:
    """Drop compiled programs before interpreter teardown, so the runtime's
    bindings do not print "leaked instance" warnings for live VM objects."""
    for f in list(_ALL):
        f._callers.clear()
        f._by_types.clear()
        f._programs.clear()
        getattr(f, "_fast", {}).clear()
    gc.collect()


atexit.register(_release_at_exit)


def _compiler():
    """The compiler's entry points (imported on the first compile)."""
    from .compiler import compile_program
    from .frontend.annotations import annotation_type
    from .frontend.source import load_module
    return compile_program, annotation_type, load_module


def _import_library() -> bool:
    """Do the JIT's programs call the runtime library as a VM module of its
    own (``pydm/library_module.py``) instead of linking its functions in?"""
    from .library_module import import_enabled
    return import_enabled()


def _cache():
    from .runtime import cache
    return cache


def _runtime():
    """The runtime's entry points (imported on the first call)."""
    from .runtime import program, values
    return program, values


class JitFunction:
    """A Python function compiled to the IREE VM on first call."""

    def __init__(self, fn, cache: bool = True, native=None):
        if native not in (None, True, False):
            raise TypeError(f"jit(native=...) takes True, False or None, not {native!r}")
        #: ``True``: compile natively or raise CompileError; ``False``: the VM
        #: path; ``None``: pydm decides (pydm/native/, README "Native loops")
        self.native = native
        if fn.__qualname__ != fn.__name__:
            raise CompileError(f"'{fn.__qualname__}' is not a module-level function",
                               fn.__code__.co_filename, fn.__code__.co_firstlineno, 1,
                               hint="pydm compiles functions defined at the top level of a module")
        self.py_func = fn
        functools.update_wrapper(self, fn)
        self._lock = threading.RLock()
        self._callers: dict[tuple, object] = {}  # by the arguments' classes (no tuple among them)
        self._by_types: dict[tuple, object] = {}  # by the arguments' static types
        self._programs: dict[tuple, object] = {}
        self._batches: dict[tuple, object] = {}  # by the arguments' static types: the map caller or None
        self._info = None
        self._params = None  # the signature facts (_set_facts), from the disk cache or the source
        self._source = None if cache else ""  # "": no disk cache for this function
        self._simple = False  # set with the facts: only positional-or-keyword parameters
        self._last_key = None
        _ALL.add(self)

    # -- source and signature
    @property
    def info(self):
        """The function's source facts; raises its CompileError on every use
        while the function cannot be compiled (nothing is cached until every
        check has passed)."""
        if self._info is None:
            _, annotation_type, load_module = _compiler()
            filename = self._source_file()
            module = load_module(filename)
            fn = module.functions.get(self.py_func.__name__)
            if fn is None:
                raise CompileError(f"'{self.py_func.__name__}' was not found as a module-level function in {filename}",
                                   filename, self.py_func.__code__.co_firstlineno, 1)
            fn.check()
            if fn.node.returns is not None:
                annotation_type(fn.node.returns)
            a = fn.node.args
            annotations = [annotation_type(x) for x in list(a.posonlyargs_annotations or []) + list(a.annotations)]
            if fn.vararg:
                annotations.append(None)  # the tuple of the extra arguments: typed by its items
            annotations += [annotation_type(x) for x in a.kwonlyargs_annotations or []]
            if fn.kwarg:
                annotations.append(None)  # the dict of the extra keyword arguments
            facts = {"params": list(fn.params), "posonly": list(fn.posonly), "positional": list(fn.positional),
                     "vararg": fn.vararg, "kwonly": list(fn.kwonly), "kwarg": fn.kwarg,
                     "simple": fn.simple_signature,
                     "annotations": [None if t is None else t.value for t in annotations]}
            if self._params is None:
                self._set_facts(facts)
                source = self._source_digest()
                if source is not None:
                    _cache().store_facts(source, self.py_func.__name__, facts)
            self._info = fn  # last: a failed check above leaves nothing half-set
        return self._info

    def _source_file(self) -> str:
        filename = _inspect.getsourcefile(self.py_func)
        if filename is None or not os.path.isfile(filename):  # made by exec() or the REPL
            raise CompileError(f"the source of '{self.py_func.__name__}' is not available",
                               hint="pydm compiles functions defined in .py files")
        return filename

    def _source_digest(self) -> str | None:
        """The disk cache's key for this function's source (None: no cache)."""
        if self._source is None:
            cache = _cache()
            self._source = ""
            if cache.enabled():
                filename = _inspect.getsourcefile(self.py_func)
                self._source = (cache.source_digest(filename) if filename else None) or ""
        return self._source or None

    def _ensure_facts(self) -> None:
        """The signature facts a call needs: from the disk cache when this
        source was seen before (no parsing), else from the source itself."""
        if self._params is not None:
            return
        source = self._source_digest()
        facts = _cache().load_facts(source, self.py_func.__name__) if source else None
        if facts is not None:
            try:
                self._set_facts(facts)
                return
            except (KeyError, TypeError, ValueError):
                self._params = None  # a damaged entry: read the source
        self.info

    def _set_facts(self, facts: dict) -> None:
        from .types import parse_type
        annotations = [None if t is None else parse_type(t) for t in facts["annotations"]]
        # the defaults CPython evaluated once, at definition: a mutable one is
        # shared between calls (a list default is passed by reference)
        given = self.py_func.__defaults__ or ()
        positional = facts["posonly"] + facts["positional"]
        defaults = dict(zip(positional[len(positional) - len(given):], given))
        defaults.update(self.py_func.__kwdefaults__ or {})
        name = self.py_func.__name__
        self._binder = _runtime()[0].make_binder(name, facts["params"], defaults, facts["posonly"],
                                                 facts["vararg"], facts["kwonly"], facts["kwarg"])
        self._annotations = annotations
        self._defaults = defaults
        self._simple = facts["simple"]
        self._params = tuple(facts["params"])

    def _arg_types(self, args) -> tuple:
        self._ensure_facts()
        name = self.py_func.__name__
        values = _runtime()[1]
        conforms, describe, static_type_of = values.conforms, values.describe, values.static_type_of
        out = []
        for pname, ann, value in zip(self._params, self._annotations, args):
            if ann is not None and ann is not T.OBJECT and not conforms(value, ann):
                raise TypeError(f"{name}() argument '{pname}' must be {describe(ann)}, "
                                f"not {type(value).__name__}")
            t = static_type_of(value)
            if t is None:
                raise TypeError(f"{name}() argument '{pname}': pydm cannot pass a "
                                f"{type(value).__name__} value")
            if t is T.INT and not -2**63 <= value < 2**63:
                raise OverflowError(f"{name}() argument '{pname}': int {value} does not fit in 64 bits")
            if ann is T.OBJECT:
                t = T.OBJECT  # ``x: object`` asks for the generic (boxed) code, as pydm compile makes
            out.append(t)  # a tuple: its own element types, as a scalar argument keeps its own type
        return tuple(out)

    # -- calling
    def __call__(self, *args, **kwargs):
        if not kwargs and self._simple:
            caller = self._callers.get(tuple(map(type, args)))
            if caller is not None:
                return caller(*args)
        self._ensure_facts()
        if kwargs or len(args) != len(self._params) or not self._simple:
            args = self._binder(*args, **kwargs)  # CPython's TypeErrors
        key = tuple(map(type, args))
        caller = self._callers.get(key)
        if caller is None:
            caller = self._compile(key, self._arg_types(args))
        return caller(*args)

    def map(self, *iterables) -> list:
        """``list(map(fn, *iterables))``, with the calls of a batch whose
        arguments are all of one scalar type per position run in one VM
        invoke (``pydm/runtime/batch.py``: what differs is only when the
        arguments are read — all of them first). The first batch of a
        signature compiles the function again, with its batch entry."""
        from .runtime import batch
        if not iterables:
            raise TypeError("map() must have at least two arguments.")
        columns = batch.columns_of(iterables)
        self._ensure_facts()
        types = tuple(map(batch.column_type, columns))
        if columns[0] and self._simple and len(columns) == len(self._params) and None not in types:
            call_map = self._batch_caller(types, tuple(c[0] for c in columns))
            if call_map is not None:  # None: no batch entry (an argument or result that is not a scalar)
                try:
                    return call_map(columns)
                except batch.ArgumentOutOfRange:  # an int beyond 64 bits: called one by one below
                    pass
        return [self(*row) for row in zip(*columns)]  # one by one: each raises where it should

    def _batch_caller(self, key, first_row):
        """The map caller of the arguments' classes ``key`` (None: the
        signature has no batch entry), its program compiled on first use."""
        from .runtime import batch
        arg_types = self._arg_types(first_row)  # also the annotations' TypeError, as a call raises it
        with self._lock:
            if arg_types in self._batches:
                return self._batches[arg_types]
            caller = self._callers.get(key) or self._compile(key, arg_types)
            compiled, program = self._programs[arg_types]
            (sig,) = compiled.exports.values()
            call_map = batch.make_map_caller(program, sig.symbol, sig.name, sig.param_types, sig.ret)
            if call_map is None and all(t.is_scalar for t in (sig.ret, *sig.param_types)):
                compiled, hosts, _ = self._compile_program(arg_types, None, batch_entries=True)
                self._replace(key, arg_types, False, caller, compiled, hosts)
                program = self._programs[arg_types][1]
                call_map = batch.make_map_caller(program, sig.symbol, sig.name, sig.param_types, sig.ret)
            self._batches[arg_types] = call_map
            return call_map

    def _compile(self, key, arg_types):
        """The caller for these argument types (compiled once per types); calls
        with tuple arguments are found by their element types, not their class.

        Tiers: a self-recursive function whose expansion the full budget
        would take deeper (``frontend/inlining.py``) is first compiled within
        FIRST_EXPANDED_NODES; its caller times the calls, and once they have
        taken TIER_FACTOR times as long as that compile, the function is compiled again
        with the full budget and the new caller replaces the first (the
        first program stays valid for calls already running)."""
        with self._lock:
            by_types = any(isinstance(t, TupleType) for t in arg_types)
            caller = self._by_types.get(arg_types) if by_types else self._callers.get(key)
            if caller is not None:
                return caller
            if arg_types in self._programs and self._programs[arg_types][1] is not None:
                caller = self._by_types[arg_types]
                if not by_types:
                    self._callers[key] = caller
                return caller
            cached = self._cached_program(arg_types)
            hosts, cost = {}, 0.0
            if cached is not None:
                compiled, first = cached
            else:
                first = self._first_budget()
                compiled, hosts, cost = self._compile_program(arg_types, first)
            caller = self._install(key, arg_types, by_types, compiled, hosts)
            if first is not None:
                caller = self._tiered(key, arg_types, by_types, caller, cost or FIRST_TIER_COST)
                self._by_types[arg_types] = caller
                if not by_types:
                    self._callers[key] = caller
            self._last_key = arg_types
            return caller

    def _first_budget(self):
        """The first tier's expansion budget, or None: no second tier (the
        full budget would expand this function no deeper)."""
        from .frontend import inlining
        node, name = self.info.node, self.info.name
        first = min(inlining.FIRST_EXPANDED_NODES, inlining.MAX_EXPANDED_NODES)
        if inlining.expansion_depth(node, name, first) < inlining.expansion_depth(node, name,
                                                                                   inlining.MAX_EXPANDED_NODES):
            return first
        return None

    def _compile_program(self, arg_types, budget, batch_entries: bool = False):
        """Compile these argument types (within ``budget``; with a batch
        entry for ``map``) and keep the program on disk: (the program, its
        host functions, the seconds the compile took, the compiler's import aside)."""
        compile_program = _compiler()[0]
        clock = time.perf_counter()
        from .library_module import LibraryModuleError
        try:
            compiled = compile_program(self.info.module, [(self.info, arg_types)],
                                       global_values=self.py_func.__globals__,
                                       native={self.info.name: self.native}, expansion_budget=budget,
                                       import_library=_import_library(),
                                       batch_entries=batch_entries)
        except LibraryModuleError:  # the library's VM module cannot be built: linked, as ahead of time
            compiled = compile_program(self.info.module, [(self.info, arg_types)],
                                       global_values=self.py_func.__globals__,
                                       native={self.info.name: self.native}, expansion_budget=budget,
                                       batch_entries=batch_entries)
        cost = time.perf_counter() - clock
        from .hostfn import host_functions
        hosts = host_functions(self.info.module, self.py_func.__globals__)
        # cached: programs without host functions (those are Python objects of this process)
        if not hosts:  # a batch entry's program is a second tier's too, with one more export
            self._store_program(arg_types, compiled, first=budget is not None)
        return compiled, hosts, cost

    def _install(self, key, arg_types, by_types, compiled, hosts):
        """Load ``compiled`` and make it the caller of these argument types."""
        runtime = _runtime()[0]
        program = runtime.LoadedProgram(compiled.vmfb, compiled.sites, hosts, compiled.native,
                                        library=compiled.library)
        (sig,) = compiled.exports.values()
        if all(t.is_scalar or t is T.BOTTOM for t in (sig.ret, *sig.param_types)):
            caller = runtime.make_exact_caller(program, sig.symbol, sig.name, sig.params, sig.param_types, sig.ret)
        else:  # object records cross through the general marshalling path
            caller = program.function(sig.symbol, sig.name, sig.params, sig.param_types, sig.ret,
                                      read_only=sig.read_only)
        self._programs[arg_types] = (compiled, program)
        self._by_types[arg_types] = caller
        if not by_types:
            self._callers[key] = caller
        return caller

    def _tiered(self, key, arg_types, by_types, caller, cost: float):
        """``caller``, timing its calls until they have taken ``TIER_FACTOR *
        cost`` seconds, then compiling the second tier (:meth:`_promote`)."""
        spent = [0.0, False]  # seconds in calls, promoted
        clock = time.perf_counter

        def timed(*args):
            start = clock()
            try:
                return caller(*args)
            finally:
                spent[0] += clock() - start
                if spent[0] >= TIER_FACTOR * cost and not spent[1]:
                    spent[1] = True
                    self._promote(key, arg_types, by_types, timed)
        timed.__name__ = getattr(caller, "__name__", self.py_func.__name__)
        return timed

    def _promote(self, key, arg_types, by_types, old) -> None:
        """The second tier: compile with the full expansion budget and replace
        ``old`` (the timed first-tier caller) wherever it is found. An
        optimization only: if it fails, the first tier stays (a TierWarning)."""
        try:
            with self._lock:
                if self._by_types.get(arg_types) is not old:
                    return  # replaced meanwhile
                compiled, hosts, _ = self._compile_program(arg_types, None)
                self._replace(key, arg_types, by_types, old, compiled, hosts)
        except Exception as exc:  # noqa: BLE001 - the first tier's program is correct and stays
            warnings.warn(TierWarning(f"the second-tier compile of '{self.py_func.__qualname__}' failed "
                                      f"({type(exc).__name__}: {exc}); its first tier stays"), stacklevel=3)

    def _replace(self, key, arg_types, by_types, old, compiled, hosts) -> None:
        """Install ``compiled`` for these argument types in place of the caller ``old``."""
        caller = self._install(key, arg_types, by_types, compiled, hosts)
        fast = getattr(self, "_fast", {})  # the dispatcher's own table
        for k, v in list(fast.items()):
            if v is old:
                fast[k] = caller

    def _cache_key(self, arg_types, first: bool) -> str:
        return _types_text(arg_types) + _native_text(self.native) + ("|tier=1" if first else "")

    def _cached_program(self, arg_types):
        """(the program of these argument types from the disk cache, True if
        it is a first tier's program, else None) or None. The second tier's
        program is preferred."""
        source = self._source_digest()
        if source is None or os.environ.get("PYDM_DUMP"):  # dumping stages: compile everything
            return None
        cache = _cache()
        for first in (False, True):
            parts = cache.load_program(source, self.py_func.__name__, self._cache_key(arg_types, first),
                                       self.py_func.__globals__)
            if parts is None:
                continue
            from .runtime.loading import read_program
            try:
                compiled = read_program(parts[0])
                if compiled.library is not None:  # the library module it imports: in the cache too?
                    from .runtime.library import module as library_module
                    library_module(compiled.library)
            except (ValueError, RuntimeError, KeyError, LookupError):  # an unreadable entry is a miss: compile again
                continue
            compiled.native = parts[1:]  # its native modules (issue 12), registered before it
            compiled.sites.classes.namespace = self.py_func.__globals__  # the user's own exception classes
            return compiled, (True if first else None)
        return None

    def _store_program(self, arg_types, compiled, first: bool = False) -> None:
        source = self._source_digest()
        if source is None:
            return
        cache = _cache()
        globals_read = {name: cache.fingerprint(value) if found else cache.ABSENT
                        for name, (found, value) in compiled.globals_read.items()}
        cache.store_program(source, self.py_func.__name__, self._cache_key(arg_types, first),
                            [compiled.vmfb, *compiled.native], globals_read)

    def inspect(self, stage: str = "pydm", *example_args) -> str:
        """The IR text of a compilation stage: ``pydm``, ``iree`` or ``vm``;
        ``native-decision`` (whether the function went native, and why not)
        and ``native`` (the native module's text).

        Uses the types of ``example_args`` if given, else the most recent
        specialization, else the annotations."""
        info = self.info
        if example_args:
            types = self._arg_types(example_args)
        elif self._last_key is not None:
            types = self._last_key
        else:
            if any(a is None for a in self._annotations):
                raise TypeError(f"{info.name} has unannotated parameters: pass example arguments to inspect()")
            types = tuple(self._annotations)
        if types not in self._programs or not self._programs[types][0].stages:
            compiled = _compiler()[0](info.module, [(info, types)], keep_stages=True,
                                       global_values=self.py_func.__globals__,
                                       native={info.name: self.native}, import_library=_import_library())
            self._programs[types] = (compiled, self._programs.get(types, (None, None))[1])
        compiled = self._programs[types][0]
        if stage not in compiled.stages:
            raise ValueError(f"unknown stage {stage!r}; one of {sorted(compiled.stages)}")
        return compiled.stages[stage]

    def __repr__(self):
        return f"<pydm.jit {self.py_func.__module__}.{self.py_func.__qualname__}>"


def _types_text(arg_types) -> str:
    return ",".join(t.value for t in arg_types)


def _native_text(native) -> str:
    """The part of a disk-cache key that the native decision depends on."""
    return f"|native={native}|PYDM_NATIVE={os.environ.get('PYDM_NATIVE', '1')}"


def jit(fn=None, *, cache: bool = True, native=None):
    """Compile ``fn`` with pydm (usable as ``@jit`` or ``@jit(...)``).

    ``cache=False``: never read or write the disk cache for this function
    (``PYDM_CACHE=0`` turns it off for all). ``native``: ``True`` compiles
    the function natively or raises CompileError, ``False`` keeps it on the
    VM, ``None`` lets pydm decide (README "Native loops"). Returns a plain
    function (a generated dispatcher) with the attributes ``py_func``,
    ``inspect`` and ``jit`` (the :class:`JitFunction`)."""
    if fn is None:
        return lambda f: jit(f, cache=cache, native=native)
    return make_dispatcher(JitFunction(fn, cache=cache, native=native))


_MISSING = object()


def make_dispatcher(jf: JitFunction):
    """A function that finds the compiled specialization for its arguments'
    types with one dict lookup (the common call), else defers to ``jf``.

    Generated per arity because a call through a class's ``__call__`` with
    ``*args`` packing costs about 0.5 µs — more than the VM call itself. Its
    parameters are the user's own names, the required ones without a default,
    so CPython binds the call itself: every argument TypeError (too many,
    missing, unexpected keyword, multiple values) is CPython's own. A parameter
    with a default has a sentinel default here, and the compiled default is
    filled in by ``jf``."""
    code = jf.py_func.__code__
    n = code.co_argcount
    simple = 0 < n <= 8 and not code.co_flags & 0x0C and not code.co_kwonlyargcount \
        and not code.co_posonlyargcount
    if not simple:
        def dispatch(*args, **kwargs):
            return jf(*args, **kwargs)
    else:
        names = list(code.co_varnames[:n])  # the user's own names: keywords bind as in Python
        n_required = n - len(jf.py_func.__defaults__ or ())
        key = f"type({names[0]})" if n == 1 else "(" + ", ".join(f"type({a})" for a in names) + ")"
        params = ", ".join(a if i < n_required else f"{a}=_pydm_MISSING" for i, a in enumerate(names))
        # all arguments given: only a defaulted parameter can be missing, and
        # any missing one makes the key miss (the sentinel's type is never a key)
        all_given = "True" if n_required == n else f"{names[-1]} is not _pydm_MISSING"
        src = (
            "def _make(_pydm_get, _pydm_fast, _pydm_jf, _pydm_MISSING):\n"
            f"    def {jf.py_func.__name__}({params}):\n"
            f"        if {all_given}:\n"
            f"            _pydm_c = _pydm_get({key})\n"
            "            if _pydm_c is not None:\n"
            f"                return _pydm_c({', '.join(names)})\n"
            f"        _pydm_kw = {{k: v for k, v in zip({names!r}, ({', '.join(names)},)) if v is not _pydm_MISSING}}\n"
            "        _pydm_result = _pydm_jf(**_pydm_kw)\n"
            f"        if {all_given}:\n"
            f"            _pydm_c = _pydm_jf._callers.get(({', '.join(f'type({a})' for a in names)},))\n"
            "            if _pydm_c is not None:\n"
            f"                _pydm_fast[{key}] = _pydm_c\n"
            "        return _pydm_result\n"
            f"    return {jf.py_func.__name__}\n")
        namespace: dict = {}
        exec(compile(src, f"<pydm dispatcher {jf.py_func.__name__}>", "exec"), namespace)
        fast: dict = {}
        jf._fast = fast  # cleared at exit with the rest of the compiled state
        dispatch = namespace["_make"](fast.get, fast, jf, _MISSING)
    functools.update_wrapper(dispatch, jf.py_func)
    dispatch.py_func = jf.py_func
    dispatch.inspect = jf.inspect
    dispatch.map = jf.map
    dispatch.jit = jf
    return dispatch
