"""``pydm`` command line: ``pydm compile FILE.py -o OUT.vmfb``."""
from __future__ import annotations

import argparse
import os
import sys

from .errors import CompileError


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="pydm", description="Compile Python to the IREE VM")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compile", help="compile every @pydm.jit function of a file (without importing it)")
    c.add_argument("file")
    c.add_argument("-o", "--output", help="output .vmfb (default: FILE with .vmfb suffix)")
    c.add_argument("--emit", choices=["vmfb", "pydm", "iree", "vm"], default="vmfb",
                   help="print an IR stage instead of writing bytecode")
    args = parser.parse_args(argv)
    if args.command == "compile":
        from .aot import compile_file
        output = args.output or os.path.splitext(args.file)[0] + ".vmfb"
        try:
            data = compile_file(args.file, output if args.emit == "vmfb" else None)
        except CompileError as exc:
            print(str(exc), file=sys.stderr)
            return 1
        except OSError as exc:
            print(f"pydm: {exc}", file=sys.stderr)
            return 1
        if args.emit == "vmfb":
            print(f"wrote {output} ({len(data)} bytes)")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
