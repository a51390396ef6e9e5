"""What a compiled pydm module says about itself: each export's signature
(``pydm.sig``, and the V1-ABI ``iree.abi`` record made from it) and the
compiled program (bytes, raise sites, exports). Kept apart from the compiler
so that loading a module (``pydm.load``, the JIT's disk cache) never imports
the compiler."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .. import representation as rep
from ..exceptions import RaiseSiteTable
from ..types import PyType, parse_type

SIG_KEY = "pydm.sig"
META_FUNCTION = "__pydm_meta"


def _tuples(v):
    """A default value read back from JSON: its arrays were tuples."""
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


@dataclass
class ExportSignature:
    """How to call an exported specialization from Python."""

    name: str              # the Python function name
    symbol: str            # the VM function name
    params: list[str]
    param_types: list[PyType]
    ret: PyType
    defaults: dict = field(default_factory=dict)
    #: the parameters the function only reads (frontend/read_only.py): a list
    #: passed there that holds no container needs no write-back after the call
    read_only: list = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"name": self.name, "symbol": self.symbol, "params": self.params,
                           "param_types": [t.value for t in self.param_types], "ret": self.ret.value,
                           "defaults": self.defaults, "read_only": self.read_only}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "ExportSignature":
        j = json.loads(text)
        defaults = {name: _tuples(v) for name, v in j.get("defaults", {}).items()}
        return cls(j["name"], j["symbol"], j["params"], [parse_type(t) for t in j["param_types"]],
                   parse_type(j["ret"]), defaults, list(j.get("read_only", [])))

    def abi_json(self) -> str:
        """The V1-ABI ``iree.abi`` record (seed 000) for plain IREE hosts:
        one type record per parameter (``representation.abi_record``; the
        parameters are positional: iree.runtime's invoker takes a
        ``["named", ...]`` argument by keyword only, so the names, defaults
        and Python types are in ``pydm.sig``) and two results, the exception
        code (``i32``, 0: none) and the value."""
        return json.dumps({"a": [rep.abi_record(t) for t in self.param_types],
                           "r": ["i32", rep.abi_record(self.ret)], "v": 1}, separators=(",", ":"))


@dataclass
class CompiledProgram:
    vmfb: bytes
    sites: RaiseSiteTable
    exports: dict[str, ExportSignature]
    stages: dict[str, str]
    #: the module globals the compilation read: name -> ``(found, value)``
    #: (the JIT's disk cache checks them before reusing the program)
    globals_read: dict = field(default_factory=dict)
    #: the native modules' vmfbs (issue 12), registered before ``vmfb``
    native: list = field(default_factory=list)
    #: the key of the runtime library's VM module the program imports (None: linked in or unused)
    library: str | None = None
