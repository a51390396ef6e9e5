"""The runtime library's VM module on the runtime side (``pydm/library_module.py``
builds it): one ``VmModule`` per library key and process, registered in a
program's contexts before the program when the program's ``__pydm_meta``
names it (``pydm.library``). A cached program finds the library module in
the disk cache (``rtl-<key>.vmfb``) without the compiler."""
from __future__ import annotations

import os
import threading

from .binding import rt

LIBRARY_KEY = "pydm.library"

_lock = threading.Lock()
_modules: dict = {}  # key -> rt.VmModule


def register(key: str, vmfb: bytes) -> None:
    """The library module of ``key`` is ``vmfb`` (just built or read by the compiler)."""
    from .program import vm_instance
    with _lock:
        if key not in _modules:
            _modules[key] = rt.VmModule.copy_buffer(vm_instance(), vmfb)


_sites: dict = {}  # key -> the library module's raise sites


def library_sites(key: str) -> list:
    """The raise sites of the library module of ``key`` (from its
    ``__pydm_meta``), which a program importing it numbers first."""
    found = _sites.get(key)
    if found is None:
        from ..abi.signature import META_FUNCTION
        from ..exceptions import RaiseSiteTable
        meta = module(key).lookup_function(META_FUNCTION)
        found = _sites[key] = RaiseSiteTable.from_json(meta.reflection["pydm.raise_sites"]).sites
    return found


def module(key: str) -> rt.VmModule:
    """The library module of ``key``: registered, else read from the disk
    cache (LookupError when it is not there or damaged)."""
    with _lock:
        found = _modules.get(key)
    if found is not None:
        return found
    from .cache import root_dir
    from .digest import DamagedModule, verify
    path = os.path.join(root_dir(), f"rtl-{key}.vmfb")
    try:
        with open(path, "rb") as f:
            data = f.read()
        verify(data)
    except (OSError, DamagedModule, ValueError) as exc:
        raise LookupError(f"pydm: the runtime library module {key} is not in the cache ({exc})") from None
    register(key, data)
    return module(key)
