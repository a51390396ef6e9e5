"""``pydm`` command line: ``pydm compile FILE.py -o OUT.vmfb``,
``pydm run OUT.vmfb FUNCTION ARG...`` and ``pydm cache info|clear``."""
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
    c.add_argument("--native", action=argparse.BooleanOptionalAction, default=True,
                   help="compile qualifying functions natively, inside the .vmfb (default; as the JIT "
                        "decides, PYDM_NATIVE=0 honoured); --no-native: every function on the VM")
    r = sub.add_parser("run", help="call one function of a compiled .vmfb and print its result")
    r.add_argument("vmfb")
    r.add_argument("function")
    r.add_argument("args", nargs="*", metavar="ARG",
                   help="a Python literal per argument (42, 2.5, None, '(1, [2.0])'); NAME=LITERAL "
                        "passes it by keyword")
    k = sub.add_parser("cache", help="pydm's disk cache: compiled functions, native modules, the runtime library")
    k.add_argument("action", choices=("info", "clear"),
                   help="info: where it is, its files and bytes by kind; clear: delete them all")
    args = parser.parse_args(argv)
    if args.command == "run":
        return _run(args)
    if args.command == "cache":
        return _cache(args.action)
    if args.command == "compile":
        from .aot import compile_path
        output = args.output or os.path.splitext(args.file)[0] + ".vmfb"
        try:
            compiled = compile_path(args.file, keep_stages=args.emit != "vmfb", native=args.native)
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


def _run(args) -> int:
    """``pydm run``: load the module (checked as ``pydm.load`` checks it), call the
    function with the literal arguments, print the result's ``repr``; an exception
    the function raises is printed as CPython prints an uncaught one's last line
    (exit code 1)."""
    import ast
    from .aot import load
    positional, keywords = [], {}
    try:
        for text in args.args:
            name, eq, rest = text.partition("=")
            if eq and name.isidentifier() and not text.startswith(("'", '"')):
                keywords[name] = ast.literal_eval(rest)
            else:
                positional.append(ast.literal_eval(text))
    except (ValueError, SyntaxError):
        print(f"pydm run: error: not a Python literal: {text!r}", file=sys.stderr)
        return 2
    try:
        module = load(args.vmfb)
    except (OSError, ValueError) as exc:
        print(f"pydm run: error: {exc}", file=sys.stderr)
        return 2
    fn = getattr(module, args.function, None)
    if fn is None or args.function.startswith("_"):
        print(f"pydm run: error: {args.vmfb} has no function {args.function!r}", file=sys.stderr)
        return 2
    try:
        result = fn(*positional, **keywords)
    except Exception as exc:  # noqa: BLE001 - reported like CPython's last traceback line
        print(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__, file=sys.stderr)
        return 1
    print(repr(result))
    return 0


def _cache(action: str) -> int:
    from .runtime import cache
    if action == "clear":
        removed = cache.clear()
        print(f"removed {removed} files")
        return 0
    for name, folder, count, size in cache.usage():
        print(f"{name}: {count} files, {size} bytes in {folder}")
    print(f"compiled functions are {'cached' if cache.enabled() else 'not cached (PYDM_CACHE=0)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
