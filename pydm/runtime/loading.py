"""Loading a compiled pydm module (``pydm.load``): its callables are built
from the module's own metadata (``abi/signature.py``) alone. The compiler is
never imported: a process that only loads modules stays light."""
from __future__ import annotations

import json

from ..abi.signature import META_FUNCTION, SIG_KEY, CompiledProgram, ExportSignature
from ..exceptions import RaiseSiteTable
from .digest import DamagedModule, verify
from .library import LIBRARY_KEY, library_sites
from .program import LoadedProgram


def read_program(vmfb: bytes, probe=None, origin: str = "<bytes>") -> CompiledProgram:
    """A compiled program as its module describes itself: the raise-site table
    and the export signatures (``pydm.sig``), each checked against its
    ``iree.abi`` record."""
    if probe is None:
        from .binding import rt
        from .program import vm_instance
        probe = rt.VmModule.copy_buffer(vm_instance(), vmfb)
    meta = probe.lookup_function(META_FUNCTION)
    library = meta.reflection.get(LIBRARY_KEY) if meta else None
    # a program importing the runtime library module: its table starts with the library's sites
    shared = library_sites(library) if library is not None else None
    sites = RaiseSiteTable.from_json(meta.reflection["pydm.raise_sites"], shared) if meta else RaiseSiteTable()
    exports = {}
    for name in probe.function_names:
        fn = probe.lookup_function(name)
        refl = fn.reflection if fn is not None else {}
        if SIG_KEY not in refl:
            continue
        sig = ExportSignature.from_json(refl[SIG_KEY])
        if json.loads(refl.get("iree.abi", "null")) != json.loads(sig.abi_json()):
            # the callable marshals by pydm.sig; a plain host by iree.abi: they must agree
            raise DamagedModule(f"{origin}: export {name}'s iree.abi does not match its pydm.sig "
                                "(made by another pydm version? compile it again with pydm compile)")
        exports[sig.symbol] = sig
    return CompiledProgram(vmfb, sites, exports, {}, library=library)


class LoadedModule:
    """The functions of a .vmfb, as attributes."""

    def __init__(self, vmfb: bytes, origin: str = "<bytes>", host=None):
        from .binding import rt
        from .program import vm_instance
        try:  # before IREE sees the bytes: its verifier accepts damaged files that crash later
            verify(bytes(vmfb))
        except DamagedModule as exc:
            raise DamagedModule(f"{origin} is not a valid pydm module: {exc} "
                                "(damaged or truncated? compile it again with pydm compile)") from None
        probe = rt.VmModule.copy_buffer(vm_instance(), vmfb)
        described = read_program(vmfb, probe, origin)
        meta = probe.lookup_function(META_FUNCTION)
        device = meta.reflection.get("pydm.device") if meta else None
        if device not in (None, "local-sync"):
            raise DamagedModule(f"{origin} runs on the HAL device {device!r}, which this pydm does not know "
                                "(made by another pydm version? compile it again with pydm compile)")
        self._program = LoadedProgram(vmfb, described.sites, _host_functions(meta, host, origin),
                                      hal=device is not None, library=described.library)
        self._origin = origin
        self._names = []
        sigs = {}
        for sig in described.exports.values():
            caller = self._program.function(sig.symbol, sig.name, sig.params, sig.param_types, sig.ret,
                                            sig.defaults, sig.read_only)
            setattr(self, sig.name, caller)
            self._names.append(sig.name)
            sigs[sig.name] = sig
        from ..abi import exports as sip_exports  # (here: a JIT's cached program never needs SIP)
        for name in probe.function_names:  # SIP variants (seed 001): the export called by its leaves
            refl = probe.lookup_function(name).reflection
            of = refl.get(sip_exports.OF_KEY)
            if of is None or refl.get("abi") != "sip" or refl.get("abiv") != "1" or of not in sigs:
                continue
            sig = sigs[of]
            if refl.get("sip") != sip_exports.signature(sig.param_types, sig.ret)[0]:
                raise DamagedModule(f"{origin}: export {name}'s sip signature does not match {of}'s pydm.sig "
                                    "(made by another pydm version? compile it again with pydm compile)")
            variant = self._program.module.lookup_function(name)  # the program's module, not the probe's
            setattr(self, of, sip_exports.make_caller(self._program, variant, sig, refl["sip"]))

    def __dir__(self):
        return list(self._names)

    def __repr__(self):
        return f"<pydm module {self._origin}: {', '.join(self._names)}>"


def _host_functions(meta, supplied, origin: str) -> dict:
    """``{name: (python function, parameter types, return type)}`` for the module's ``@pydm.host``
    imports (its ``pydm.host_functions`` metadata) from ``supplied``: a dict
    by name, or functions (by their ``__name__``). A required one missing is a
    ValueError naming it; an optional one missing runs its compiled fallback."""
    from ..hostfn import python_function
    from ..types import parse_type
    wanted = json.loads(meta.reflection.get("pydm.host_functions", "{}")) if meta else {}
    if supplied is None:
        supplied = {}
    elif not isinstance(supplied, dict):
        supplied = {getattr(f, "__name__", None): f for f in supplied}
    unknown = sorted(set(supplied) - set(wanted))
    if unknown:
        raise ValueError(f"{origin} imports no host function {unknown[0]!r} "
                         f"(it imports: {', '.join(sorted(wanted)) or 'none'})")
    out = {}
    for name, facts in wanted.items():
        if name in supplied:
            params = facts["params"]  # None: the calls hand over (positional, keywords)
            out[name] = (python_function(supplied[name]),
                         None if params is None else tuple(parse_type(p) for p in params), parse_type(facts["ret"]))
        elif not facts["optional"]:
            raise ValueError(f"{origin} imports the host function {name!r}: pass it, "
                             f"pydm.load(path, host={{{name!r}: ...}})")
    return out


def load(path: str, host=None) -> LoadedModule:
    """``host``: the ``@pydm.host`` functions the module calls (a dict by
    name, or a list of functions)."""
    with open(path, "rb") as f:
        return LoadedModule(f.read(), path, host)
