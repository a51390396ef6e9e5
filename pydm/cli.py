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
    c.add_argument("--emit", metavar="STAGE", default="vmfb",
                   help="print the IR of a compilation stage (pydm, iree, vm, after:<pass>, ...) "
                        "instead of writing bytecode (default: vmfb, write the file)")
    args = parser.parse_args(argv)
    if args.command == "compile":
        from .aot import compile_path
        output = args.output or os.path.splitext(args.file)[0] + ".vmfb"
        try:
            compiled = compile_path(args.file, keep_stages=args.emit != "vmfb")
            if args.emit == "vmfb":
                with open(output, "wb") as f:
                    f.write(compiled.vmfb)
        except CompileError as exc:
            print(str(exc), file=sys.stderr)
            return 1
        except OSError as exc:
            print(f"pydm: {exc}", file=sys.stderr)
            return 1
        if args.emit == "vmfb":
            print(f"wrote {output} ({len(compiled.vmfb)} bytes)")
            return 0
        text = compiled.stages.get(args.emit)
        if text is None:
            valid = ", ".join(["vmfb", *sorted(compiled.stages)])
            c.print_usage(sys.stderr)
            print(f"pydm compile: error: unknown stage {args.emit!r} for --emit; valid stages: {valid}",
                  file=sys.stderr)
            return 2
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
