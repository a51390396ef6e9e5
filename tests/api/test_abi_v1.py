"""The V1 ABI (seed 000) of pydm's exports: a ``.vmfb`` called from plain
IREE hosts — ``iree.runtime`` in a process that never imports pydm, and the
``iree-run-module`` CLI — and from ``pydm.load``, every result checked
against the same source run by CPython (``pydm.jit`` as the identity); and
the SIP-flattened variants (seed 001) of the exports of nested tuples.

Seed-002 records as a plain host builds them: None ``[1, 0]`` (or ``[1]``),
bool ``[0x40, 0/1]``, int ``[0x4F, i]``, float ``[0x5B, f]``, tuple ``[2,
records]``, str ``[4, codepoints]``, list ``[3, records]``."""
import ast
import json
import os
import subprocess
import sys
import textwrap
import types

import pytest

import pydm
from pydm import representation as rep
from pydm.aot import compile_file
from pydm.compiler import SIG_KEY, ExportSignature

SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def add(a: int, b: float = 2.5) -> float:
        return a + b


    @pydm.jit
    def flip(t: tuple[int, float]) -> tuple[float, int]:
        return (t[1], t[0])


    @pydm.jit
    def qr(a: int, b: int) -> tuple[int, int]:
        return (a // b, a % b)


    @pydm.jit
    def maybe(x: None) -> None:
        return x


    @pydm.jit
    def neg(x: bool) -> bool:
        return not x


    @pydm.jit
    def nested(t: tuple[tuple[int, None], bool]) -> tuple[int, tuple[bool, None]]:
        return (t[0][0] * 2, (not t[1], t[0][1]))


    @pydm.jit
    def word(s: str) -> str:
        return s + "!"


    @pydm.jit
    def ident(x):
        return x


    @pydm.jit
    def total(xs: list) -> int:
        s = 0
        for x in xs:
            s += x
        return s


    @pydm.jit
    def span(n: int) -> list:
        return [i * 0.5 for i in range(n)]
''')

# (function, args): every one runs in CPython, through pydm.load and through
# plain iree.runtime (the records built from the args by the child below)
CALLS = [
    ("add", (2, 0.5)), ("add", (-7, 1e300)), ("flip", ((3, 1.5),)), ("qr", (17, 5)), ("qr", (-17, 5)),
    ("qr", (1, 0)), ("maybe", (None,)), ("neg", (True,)), ("neg", (False,)),
    ("nested", (((4, None), False),)), ("word", ("h\u00e9\U0001f600",)), ("ident", (5,)), ("ident", (2.5,)),
    ("ident", (None,)), ("ident", (True,)), ("ident", ((1, (2.0, None), "s"),)), ("ident", ("abc",)),
    ("total", ([1, 2, 3],)), ("total", ([],)), ("total", ([1, "x"],)),
]

# Seed-002 records as a host builds and reads them (shared by the child and
# the iree-run-module test).
RECORDS = textwrap.dedent('''\
    NONE, TUPLE, LIST, STR, BOOL, INT, REAL = 1, 2, 3, 4, 0x40, 0x4F, 0x5B

    def record(v):
        """A Python value as a seed-002 record (nested Python lists)."""
        if v is None:
            return [NONE, 0]
        if type(v) is bool:
            return [BOOL, int(v)]
        if type(v) is int:
            return [INT, v]
        if type(v) is float:
            return [REAL, v]
        if type(v) is tuple:
            return [TUPLE, [record(x) for x in v]]
        if type(v) is str:
            return [STR, [ord(c) for c in v]]
        if type(v) is list:
            return [LIST, [record(x) for x in v]]
        raise TypeError(type(v))

    def vm_list(items):
        out = rt.VmVariantList(len(items))
        for x in items:
            if isinstance(x, list):
                out.push_list(vm_list(x))
            elif isinstance(x, float):
                out.push_float(x)
            else:
                out.push_int(x)
        return out

    def value(rec):
        """A seed-002 record (a VM list or nested Python lists) as a Python value."""
        get = (lambda i: rec[i]) if isinstance(rec, (list, tuple)) else rec.get_variant
        code = get(0)
        if code == NONE:
            return None
        vm = not isinstance(rec, (list, tuple))
        payload = rec.get_as_list(1) if vm and code in (TUPLE, STR) else get(1)
        if code == BOOL:
            return bool(payload)
        if code in (INT, REAL):
            return payload
        if not vm:
            items = list(payload)
        elif code == TUPLE:
            items = [payload.get_as_list(i) for i in range(len(payload))]
        else:
            items = [payload.get_variant(i) for i in range(len(payload))]
        if code == TUPLE:
            return tuple(value(x) for x in items)
        if code == STR:
            return "".join(chr(c) for c in items)
        raise ValueError("record code %d" % code)

''')

# The plain host: no pydm. Scalars go as themselves, other parameters as
# seed-002 records; the exports whose iree.abi has no "unknown" (and no
# py_homogeneous_list argument, which iree.runtime's packer does not know)
# are called through iree.runtime's own invoker, the others through VmContext.invoke
# with records built by hand; an ``i32`` result is a bool or None, as
# ``pydm.sig`` (plain JSON) says. Prints, per call, (code, value) or the error.
CHILD = RECORDS + textwrap.dedent('''\
    import ast, json, sys
    import iree.runtime as rt

    path = sys.argv[1]
    calls = ast.literal_eval(sys.stdin.read())
    module = rt.load_vm_flatbuffer_file(path, driver="local-task")
    inst = rt.VmInstance()
    vm_module = rt.VmModule.mmap(inst, path)
    ctx = rt.VmContext(inst, modules=[vm_module])
    out = []
    for name, args in calls:
        fn = vm_module.lookup_function(name)
        abi = json.loads(fn.reflection["iree.abi"])
        assert abi["v"] == 1 and len(abi["a"]) == len(args) and abi["r"][0] == "i32", abi
        # iree.runtime's argument packer knows neither "unknown" nor "py_homogeneous_list"
        opaque = "unknown" in json.dumps(abi) or "py_homogeneous_list" in json.dumps(abi["a"])
        try:
            if not opaque:  # iree.runtime's invoker, by the records of iree.abi alone
                vargs = [a if isinstance(d, str) else record(a) for d, a in zip(abi["a"], args)]
                vargs = [int(a) if d == "i32" and a is not None else (0 if a is None else a)
                         for d, a in zip(abi["a"], vargs)]
                try:
                    code, result = getattr(module, name)(*vargs)
                    result = result if isinstance(abi["r"][1], str) else value(result)
                except ValueError as e:  # ReturnError: the value of a failed call is null,
                    # which a record's description does not fit: read the code itself
                    assert type(e).__name__ == "ReturnError", e
                    results = rt.VmVariantList(2)
                    ctx.invoke(fn, vm_list(vargs), results)
                    code, result = results.get_variant(0), None
                    assert code != 0 and results.get_variant(1) is None
                # an i32 result is a bool or None: pydm.sig (plain JSON) names which
                ret = json.loads(fn.reflection["pydm.sig"])["ret"]
                result = {"none": lambda v: None, "bool": bool}.get(ret, lambda v: v)(result)
            else:  # "unknown": the records by hand
                vargs = rt.VmVariantList(len(args))
                for d, a in zip(abi["a"], args):
                    vargs.push_list(vm_list(record(a)))
                results = rt.VmVariantList(2)
                ctx.invoke(fn, vargs, results)
                code = results.get_variant(0)
                result = value(results.get_as_list(1)) if code == 0 else None
            out.append(("ok", code, result))
        except Exception as e:
            out.append(("error", type(e).__name__, str(e)[:200]))
    print(repr(out))
''')


def typed(v):
    """A value with the type of every level spelled out (True != 1 here)."""
    if isinstance(v, (tuple, list)):
        return (type(v).__name__, [typed(x) for x in v])
    return (type(v).__name__, v)


def cpython(plain, name, args):
    try:
        return ("ok", getattr(plain, name)(*args))
    except Exception as e:
        return ("raise", type(e), str(e))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("abi_v1")
    src = d / "abi_prog.py"
    src.write_text(SOURCE)
    out = str(d / "abi_prog.vmfb")
    compile_file(str(src), out)
    plain = types.ModuleType("abi_prog_plain")
    plain.pydm = types.SimpleNamespace(jit=lambda f: f)
    exec(compile(SOURCE.replace("import pydm\n", ""), str(src), "exec"), plain.__dict__)
    return out, plain


def _reflections(path):
    import iree.runtime as rt
    module = rt.VmModule.mmap(rt.VmInstance(), path)
    out = {}
    for name in module.function_names:
        refl = module.lookup_function(name).reflection
        if SIG_KEY in refl:
            out[name] = refl
    return out


def test_abi_records_match_the_signature_and_are_positional(built):
    """Every export's iree.abi is V1 and agrees with pydm.sig: one record per
    parameter (no "named": iree.runtime takes those by keyword only), an
    object is "unknown" (never the empty slist a real record does not fit),
    a record is a 2-slot slist starting with its i32 type code."""
    path, _ = built
    refl = _reflections(path)
    assert set(refl) == {name for name, _ in CALLS} | {"span"}
    for name, r in refl.items():
        abi = json.loads(r["iree.abi"])
        sig = ExportSignature.from_json(r[SIG_KEY])
        assert abi["v"] == 1 and len(abi["a"]) == len(sig.params)
        assert abi["a"] == [rep.abi_record(t) for t in sig.param_types]
        assert abi["r"] == ["i32", rep.abi_record(sig.ret)]

        def walk(rec):
            assert rec != ["slist"]
            if isinstance(rec, list):
                assert rec[0] in ("slist", "stuple", "py_homogeneous_list"), rec
                if rec[0] == "slist":
                    assert len(rec) == 3 and rec[1] == "i32", rec
                for x in rec[1:]:
                    walk(x)
            else:
                assert rec in ("i32", "i64", "f64", "unknown"), rec
        for rec in abi["a"] + abi["r"]:
            walk(rec)
        for t, rec in zip(sig.param_types + [sig.ret], abi["a"] + abi["r"][1:]):
            assert (rec == "unknown") == (t is pydm.types.PyType.OBJECT)


def test_plain_iree_runtime(built):
    """A process without pydm calls every export: its results (code 0) are
    CPython's, value and type at every level; a code is non-zero exactly
    where CPython raises."""
    path, plain = built
    child = subprocess.run([sys.executable, "-c", CHILD, path], input=repr(CALLS), capture_output=True,
                           text=True, timeout=120, env={**os.environ, "PYTHONPATH": ""})
    assert child.returncode == 0, child.stderr
    got = ast.literal_eval(child.stdout.strip().splitlines()[-1])
    assert len(got) == len(CALLS)
    for (name, args), g in zip(CALLS, got):
        want = cpython(plain, name, args)
        assert g[0] == "ok", (name, args, g)
        if want[0] == "raise":
            assert g[1] != 0, (name, args, g)
        else:
            assert g[1] == 0 and typed(g[2]) == typed(want[1]), (name, args, g, want)


def test_plain_host_record_forms(built, tmp_path):
    """Seed 002 at a plain host: a None record may omit its payload; an
    unknown type code or a missing payload is an INVALID_ARGUMENT failure
    (ValueError in Python), never a crash."""
    path, _ = built
    script = textwrap.dedent('''\
        import sys
        import iree.runtime as rt
        inst = rt.VmInstance()
        m = rt.VmModule.mmap(inst, sys.argv[1])
        ctx = rt.VmContext(inst, modules=[m])
        fn = m.lookup_function("ident")
        for items in ([1], [999, 5], [0x4F], [0x40]):
            rec = rt.VmVariantList(2)
            for x in items:
                rec.push_int(x)
            args = rt.VmVariantList(1)
            args.push_list(rec)
            res = rt.VmVariantList(2)
            try:
                ctx.invoke(fn, args, res)
                r = res.get_as_list(1)
                print("ok", res.get_variant(0), r.get_variant(0))
            except Exception as e:
                print("error", type(e).__name__, "malformed object record" in str(e))
    ''')
    child = subprocess.run([sys.executable, "-c", script, path], capture_output=True, text=True, timeout=300,
                           env={**os.environ, "PYTHONPATH": ""})
    assert child.returncode == 0, child.stderr
    lines = child.stdout.split("\n")
    assert lines[0] == f"ok 0 {pydm.typecodes.NONE}"  # ident(None) is None
    assert lines[1:4] == ["error ValueError True"] * 3


RECORD_HELPERS: dict = {}
exec(RECORDS, RECORD_HELPERS)


def printed_list(text: str) -> list:
    """A VM list as iree-run-module prints it: one ``child_list[i]: i32=v``
    line per element, ``vm.list`` for a nested list, a blank line at its end."""
    lines = iter(text.splitlines())

    def items():
        out = []
        for line in lines:
            if not line.strip():
                return out
            value = line.split(": ", 1)[1]
            if value == "vm.list":
                out.append(items())
            else:
                kind, v = value.split("=", 1)
                out.append(float(v) if kind.startswith("f") else int(v))
        return out
    return items()


IREE_RUN = os.path.join(os.path.dirname(sys.executable), "iree-run-module")


@pytest.mark.skipif(not os.path.exists(IREE_RUN), reason="no iree-run-module beside this Python")
def test_iree_run_module(built):
    """The stock CLI: scalar and None arguments; results printed as the
    exception code and the value (a tuple as its record: [2, records])."""
    path, plain = built
    for name, args, inputs in [("add", (2, 0.5), ["2", "0.5"]), ("maybe", (None,), ["0"]),
                               ("neg", (True,), ["1"]), ("qr", (17, 5), ["17", "5"]), ("qr", (1, 0), ["1", "0"])]:
        p = subprocess.run([IREE_RUN, f"--module={path}", f"--function={name}"] +
                           [f"--input={x}" for x in inputs], capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        out = p.stdout
        want = cpython(plain, name, args)
        if want[0] == "raise":  # the exception's code, no value
            assert "result[0]: i32=0" not in out and "result[0]: i32=-" in out, out
            continue
        assert "result[0]: i32=0" in out, out
        want = want[1]
        if isinstance(want, tuple):  # the record [2, [[0x4F, q], [0x4F, r]]], printed as a tree
            assert typed(RECORD_HELPERS["value"](printed_list(out.split("result[1]: vm.list\n", 1)[1]))) == \
                typed(want), out
        else:
            line = out.split("result[1]:", 1)[1].strip().splitlines()[0]
            kind, text = line.split("=", 1)
            got = {"f64": float, "i32": int, "i64": int}[kind](text)
            if want is None:
                assert got == 0
            else:
                assert type(want)(got) == want and got == want, (out, want)


@pytest.mark.skipif(not os.path.exists(IREE_RUN), reason="no iree-run-module beside this Python")
def test_iree_run_module_sip(built):
    """The CLI calls a SIP variant with the leaves and prints the result's leaves."""
    from pydm.abi import sip
    path, plain = built
    for name, args in [("qr", (17, 5)), ("qr", (-17, 5)), ("flip", ((3, 1.5),))]:
        leaves, _ = sip.flatten(args)
        p = subprocess.run([IREE_RUN, f"--module={path}", f"--function={name}$sip"] +
                           [f"--input={x}" for x in leaves], capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        lines = [line.split(": ", 1)[1] for line in p.stdout.splitlines() if line.startswith("result[")]
        got = [float(v) if k.startswith("f") else int(v) for k, v in (x.split("=", 1) for x in lines)]
        want = getattr(plain, name)(*args)
        assert got[0] == 0 and typed(tuple(got[1:])) == typed(want), p.stdout


def test_pydm_load(built):
    """pydm.load's callables, built from the file's metadata alone: the
    values, types and exceptions of CPython, keywords and defaults."""
    path, plain = built
    mod = pydm.load(path)
    calls = [(n, a, {}) for n, a in CALLS] + [("add", (1,), {}), ("add", (), {"a": 1, "b": 0.25}),
                                               ("span", (4,), {}), ("ident", ([1, (2,)],), {})]
    for name, args, kwargs in calls:
        try:
            want = ("ok", typed(getattr(plain, name)(*args, **kwargs)))
        except Exception as e:
            want = ("raise", type(e), str(e))
        try:
            got = ("ok", typed(getattr(mod, name)(*args, **kwargs)))
        except Exception as e:
            got = ("raise", type(e), str(e))
        assert got == want, (name, args, kwargs)


def test_pydm_load_rejects_what_it_cannot_pass(built):
    """Values pydm cannot pass (a raw VM record among them) are the caller's
    TypeError/ValueError from a loaded export, never a crash, and the export
    works normally afterwards."""
    import iree.runtime as rt
    path, plain = built
    mod = pydm.load(path)
    raw = rt.VmVariantList(2)
    raw.push_int(999)
    raw.push_int(5)
    for name, args in [("ident", (raw,)), ("ident", (object(),)), ("ident", ((1, object()),)),
                       ("ident", ([object()],)), ("flip", ((1,),)), ("flip", ((1, "x"),)), ("flip", (raw,)),
                       ("total", ((1, 2),)), ("word", (raw,)), ("nested", (((1, 2), True),))]:
        with pytest.raises((TypeError, ValueError)):
            getattr(mod, name)(*args)
    assert typed(mod.flip((1, 2.0))) == typed(plain.flip((1, 2.0)))


def test_pydm_load_rejects_an_abi_that_disagrees_with_the_signature(built, tmp_path):
    """pydm.load's callables marshal by pydm.sig, plain hosts by iree.abi: a
    file where they disagree (here: add's "f64" parameter record edited to
    "i64", the file sealed again) is a ValueError at load, not a wrong call."""
    from pydm.runtime import digest
    path, _ = built
    data = open(path, "rb").read()
    old = b'{"a":["i64","f64"],"r":["i32","f64"],"v":1}'
    assert data.count(old) == 1
    data = data.replace(old, b'{"a":["i64","i64"],"r":["i32","f64"],"v":1}')
    start, end = digest._digest_span(data)
    data = digest.seal(data[:start] + b"0" * (end - start) + data[end:])
    edited = tmp_path / "edited.vmfb"
    edited.write_bytes(data)
    with pytest.raises(ValueError, match="does not match its pydm.sig"):
        pydm.load(str(edited))


SIP_CHILD = textwrap.dedent('''\
    import ast, sys
    import iree.runtime as rt
    module = rt.load_vm_flatbuffer_file(sys.argv[1], driver="local-task")
    out = []
    for name, leaves in ast.literal_eval(sys.stdin.read()):
        out.append(getattr(module, name)(*leaves))
    print(repr(out))
''')


def test_sip_variants_from_a_plain_host(built):
    """Each export of scalars and nested tuples has NAME$sip (abi "sip",
    abiv "1"): a plain iree.runtime host passes the leaves of CPython's
    arguments (sip.flatten) and gets the code and the result's leaves, which
    the file's sip signature (sip.unflatten) rebuilds into CPython's result."""
    from pydm.abi import exports, sip
    path, plain = built
    refl = _reflections(path)
    import iree.runtime as rt
    vm = rt.VmModule.mmap(rt.VmInstance(), path)
    variants = {}
    for name, r in refl.items():
        sig = ExportSignature.from_json(r[SIG_KEY])
        fn = vm.lookup_function(name + exports.SUFFIX)
        assert (fn is not None) == exports.eligible(sig.param_types, sig.ret), name
        if fn is not None:
            v = fn.reflection
            assert v["abi"] == "sip" and v["abiv"] == "1" and v[exports.OF_KEY] == name
            variants[name] = (sig, sip.parse_signature(v["sip"]), json.loads(v["iree.abi"]))
    assert set(variants) == {"flip", "qr", "nested"}
    calls = [(n, a) for n, a in CALLS if n in variants] + [("nested", (((-3, None), True),))]
    todo = []
    for name, args in calls:
        leaves, node = sip.flatten(args)
        assert node == variants[name][1].inputs
        todo.append((name + exports.SUFFIX, [0 if x is None else x for x in leaves]))  # None: i32 0
    child = subprocess.run([sys.executable, "-c", SIP_CHILD, path], input=repr(todo), capture_output=True,
                           text=True, timeout=300, env={**os.environ, "PYTHONPATH": ""})
    assert child.returncode == 0, child.stderr
    got = ast.literal_eval(child.stdout.strip().splitlines()[-1])
    for (name, args), raw in zip(calls, got):
        sig, sipsig, abi = variants[name]
        want = cpython(plain, name, args)
        raw = list(raw) if isinstance(raw, tuple) else [raw]
        assert len(raw) == len(abi["r"])
        if want[0] == "raise":
            assert raw[0] != 0
            continue
        assert raw[0] == 0
        _, _, out_leaves = exports.signature(sig.param_types, sig.ret)
        leaves = [{"bool": bool, "none": lambda v: None}.get(t.value, lambda v: v)(v)
                  for t, v in zip(out_leaves, raw[1:])]
        value = sip.unflatten(leaves, sipsig.results, exports.result_record(sig.ret), first=1)
        assert typed(value) == typed(want[1]), (name, args)


def test_pydm_load_calls_through_sip(built):
    """pydm.load builds flip, qr and nested on their SIP variants (the other
    tests compare their results with CPython)."""
    path, _ = built
    mod = pydm.load(path)
    assert {n for n in ("flip", "qr", "nested", "add", "ident")
            if getattr(mod, n).__module__ == "pydm.abi.exports"} == {"flip", "qr", "nested"}


def test_platform_iree_runtime_named_is_keyword_only():
    """Why pydm's iree.abi has no ["named", ...] records: iree.runtime's
    argument packer takes a named argument by keyword only (seed 000 says
    positionally or by keyword), so positional calls of plain hosts would
    fail; and it knows neither "unknown" nor "py_homogeneous_list" arguments.
    If a new iree.runtime changes this, this test says so."""
    import iree.runtime as rt
    from iree.runtime.function import ArgumentPacker, InvokeContext, _invoke_statics
    context = InvokeContext(rt.get_device("local-task"))
    named = ArgumentPacker(_invoke_statics, [["named", "a", "i64"]])
    assert named.pack(context, (), {"a": 3}) is not None
    with pytest.raises(ValueError, match="arity"):
        named.pack(context, (3,), {})
    for desc in ("unknown", ["py_homogeneous_list", "i64"]):
        with pytest.raises(ValueError, match="Unrecognized"):
            ArgumentPacker(_invoke_statics, [desc])
