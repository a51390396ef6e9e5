"""``pydm compile`` / ``pydm.load``: argument binding of loaded functions and
rejection of damaged files.

The source is compiled once by the CLI; the same source run as plain Python
(``pydm.jit`` as the identity) is the reference for every TypeError."""
import os
import random
import subprocess
import sys
import textwrap
import types

import pytest

import pydm

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCE = textwrap.dedent('''\
    import pydm


    @pydm.jit
    def fib(n: int) -> int:
        return n if n < 2 else fib(n - 1) + fib(n - 2)


    @pydm.jit
    def two(a, b=1):
        return a * 10 + b


    @pydm.jit
    def three(a: int, b: float = 0.5, c: bool = True) -> float:
        return a + b if c else b


    @pydm.jit
    def nothing() -> int:
        return 7


    @pydm.jit
    def obj(x: object):
        return x * 2


    class Bad(ValueError):
        pass


    def check(x):
        if x < 0:
            raise Bad(x)
        return x * 2


    @pydm.jit
    def caught(n: int):
        out = []
        for x in range(-n, n):
            try:
                out.append(check(x))
            except Bad as e:
                out.append(e)
        return out


    @pydm.jit
    def shout(n: int) -> int:
        for i in range(n):
            print(i, [i * 0.5], (None,))
        return n + 1


    @pydm.jit
    def label(n: int):
        return f"#{n:03d} {n / 4!r} {str((n, None))}"


    @pydm.jit
    def parse(s: str) -> float:
        return float(s)


    @pydm.jit
    def chained(n: int) -> int:
        try:
            return check(-n)
        except Bad as e:
            raise KeyError(n) from e
''')

CALLS = [
    ("two", (1, 2, 3), {}), ("two", (), {}), ("two", (1,), {}), ("two", (1, 2), {}),
    ("two", (), {"b": 2}), ("two", (1,), {"a": 2}), ("two", (1,), {"c": 2}),
    ("two", (1, 2, 3), {"c": 2}), ("two", (), {"a": 2, "b": 3}), ("two", (), {"c": 1, "d": 2}),
    ("three", (), {}), ("three", (1,), {}), ("three", (1, 2.0, False, 4), {}),
    ("three", (1,), {"c": False}), ("three", (1, 2.0), {"b": 1.0}), ("three", (), {"b": 1.0}),
    ("nothing", (), {}), ("nothing", (1,), {}), ("nothing", (), {"x": 1}),
    ("fib", (10,), {}), ("fib", (), {}), ("fib", (1, 2), {}), ("fib", (), {"n": 10}),
    ("obj", (2.5,), {}), ("obj", (), {"x": 3}), ("obj", (1,), {"x": 3}),
]


def run(cmd, cwd, timeout=300):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("api_aot")
    src = d / "api_prog.py"
    src.write_text(SOURCE)
    out = d / "api_prog.vmfb"
    p = run([sys.executable, "-m", "pydm", "compile", str(src), "-o", str(out)], d)
    assert p.returncode == 0, p.stdout + p.stderr
    plain = types.ModuleType("api_prog_plain")
    plain.pydm = types.SimpleNamespace(jit=lambda f: f)
    exec(compile(SOURCE.replace("import pydm\n", ""), str(src), "exec"), plain.__dict__)
    return src, out, plain


def outcome(fn, args, kwargs):
    try:
        return ("value", fn(*args, **kwargs))
    except Exception as exc:  # noqa: BLE001 - class and message are compared
        return ("raise", type(exc).__name__, str(exc))


def test_loaded_functions_bind_like_cpython(built):
    _, out, plain = built
    m = pydm.load(str(out))
    for name, args, kwargs in CALLS:
        want = outcome(getattr(plain, name), args, kwargs)
        got = outcome(getattr(m, name), args, kwargs)
        if name == "three" and want[0] == "value":
            want = ("value", float(want[1]))  # AOT: the annotated type exactly
        assert got == want, (name, args, kwargs)


def test_intact_file_loads_and_runs(built):
    _, out, _ = built
    m = pydm.load(str(out))
    assert m.fib(20) == 6765 and m.two(3) == 31 and m.obj(2.5) == 5.0


def test_sealed_file_runs_in_plain_iree(built):
    """The digest is written in place: the stock IREE tool still runs the file."""
    _, out, _ = built
    tool = os.path.join(os.path.dirname(sys.executable), "iree-run-module")
    if not os.path.exists(tool):
        pytest.skip("iree-run-module not installed")
    p = run([tool, f"--module={out}", "--function=fib", "--input=20"], os.path.dirname(out), timeout=300)
    assert p.returncode == 0 and "6765" in p.stdout, p.stdout + p.stderr


def test_unsealed_module_is_rejected():
    """A module compiled without ``pydm compile`` (the digest placeholder unset)."""
    from pydm.aot import LoadedModule
    from pydm.compiler import compile_program
    from pydm.frontend.source import load_module
    from pydm.types import PyType
    module = load_module(os.path.join(HERE, "binding_cases.py"))
    compiled = compile_program(module, [(module.functions["one"], (PyType.INT,))], plain_names=True)
    with pytest.raises(ValueError, match="never sealed"):
        LoadedModule(compiled.vmfb, "unsealed")


def test_damaged_files_are_rejected(built, tmp_path):
    """Flipped bytes (a sample of positions, every byte around the digest),
    truncations and random bytes: each raises ValueError, never a crash."""
    _, out, _ = built
    p = run([sys.executable, os.path.join(HERE, "damage_child.py"), str(out), str(tmp_path / "damaged.vmfb")],
            tmp_path, timeout=600)
    assert p.returncode == 0, f"the loader crashed ({p.returncode}):\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"
    assert "LOADED" not in p.stdout, p.stdout
    assert p.stdout.strip().splitlines()[-1].startswith("OK "), p.stdout
    assert int(p.stdout.split()[-1]) > 1000


def test_random_bytes_in_process():
    from pydm.aot import LoadedModule
    rng = random.Random(7)
    for size in (0, 3, 64, 1000):
        with pytest.raises(ValueError, match="not a valid pydm module"):
            LoadedModule(bytes(rng.randrange(256) for _ in range(size)), "random")


def test_exception_values_cross(built):
    """Exception values and causes from a loaded module: the module's own
    class is made by ``pydm.load`` (same name and base), args as CPython."""
    _, out, plain = built
    m = pydm.load(str(out))
    got, want = m.caught(2), plain.caught(2)
    assert [type(x).__name__ for x in got] == [type(x).__name__ for x in want] == ["Bad", "Bad", "int", "int"]
    assert isinstance(got[0], ValueError) and got[0].args == (-2,) and got[1].args == (-1,) and got[2:] == [0, 2]
    with pytest.raises(KeyError) as ei:
        m.chained(3)
    cause = ei.value.__cause__
    assert ei.value.args == (3,) and type(cause).__name__ == "Bad" and cause.args == (-3,)
    assert isinstance(cause, ValueError)


def test_print_from_a_loaded_module(built, capsys):
    """A loaded module prints through pydm's host, as CPython; in a bare VM
    context (any IREE host, no ``pydm_host`` module) the optional import
    falls back to writing nothing and the function still runs."""
    _, out, plain = built
    m = pydm.load(str(out))
    capsys.readouterr()
    assert m.shout(3) == plain.shout(3) == 4
    text = capsys.readouterr().out
    assert text == "0 [0.0] (None,)\n1 [0.5] (None,)\n2 [1.0] (None,)\n" * 2, text
    import iree.runtime as rt
    instance = rt.VmInstance()
    module = rt.VmModule.copy_buffer(instance, out.read_bytes())
    context = rt.VmContext(instance, modules=[module])
    args, results = rt.VmVariantList(1), rt.VmVariantList(2)
    args.push_int(3)
    context.invoke(module.lookup_function("shout"), args, results)
    assert (results.get_variant(0), results.get_variant(1)) == (0, 4)
    assert capsys.readouterr().out == ""


def test_a_vmfb_holds_no_path_of_the_machine_that_built_it(tmp_path):
    """Source paths in the raise-site table are relative to the compiled file's
    directory (the runtime library's are ``runtime_lib/NAME.py``): the same source
    compiled in two directories gives the same bytes, and an exception's note
    names the file as the .vmfb knows it."""
    from pydm.aot import compile_path
    source = ("import pydm\n\n\n@pydm.jit\ndef chained(n: int):\n    raise KeyError(n)\n\n\n"
              "@pydm.jit\ndef pop_empty(n: int):\n    xs = [n, None]\n    xs.pop()\n    xs.pop()\n    return xs.pop()\n")
    # (a list of mixed items: its pop is the runtime library's, whose raise site is named too;
    # a list of ints alone is typed storage, popped inline)
    made = []
    for where in (tmp_path / "one", tmp_path / "two" / "deeper"):
        where.mkdir(parents=True)
        (where / "same_prog.py").write_text(source)
        made.append(compile_path(str(where / "same_prog.py")).vmfb)
    assert made[0] == made[1]
    assert str(tmp_path).encode() not in made[0]
    from pydm.aot import LoadedModule
    m = LoadedModule(made[0])
    with pytest.raises(KeyError) as info:
        m.chained(3)
    assert any("same_prog.py:" in note for note in info.value.__notes__), info.value.__notes__
    with pytest.raises(IndexError) as info:
        m.pop_empty(1)
    assert any("same_prog.py:" in n and "runtime library" in n for n in info.value.__notes__), info.value.__notes__


def test_formatting_in_a_loaded_module(built):
    """A loaded module formats through pydm's host as CPython; in a bare VM
    context the optional import's fallback fails the call (UNIMPLEMENTED)
    instead of making a wrong str."""
    _, out, plain = built
    m = pydm.load(str(out))
    assert m.label(7) == plain.label(7) == "#007 1.75 (7, None)"
    import iree.runtime as rt
    instance = rt.VmInstance()
    module = rt.VmModule.copy_buffer(instance, out.read_bytes())
    context = rt.VmContext(instance, modules=[module])
    args, results = rt.VmVariantList(1), rt.VmVariantList(2)
    args.push_int(7)
    with pytest.raises(Exception) as info:
        context.invoke(module.lookup_function("label"), args, results)
    assert "need pydm's host module" in str(info.value), info.value


def test_float_parsing_in_a_loaded_module(built):
    """``float(s)`` in a loaded module is CPython's, through the host for the
    literals the exact fast path does not cover; in a bare VM context the fast
    path still runs and the slow path fails the call (UNIMPLEMENTED) instead
    of rounding wrongly."""
    _, out, plain = built
    m = pydm.load(str(out))
    for s in ["0.1", " -2.5e3 ", "0.30000000000000004", "1e-400", "nan"]:
        assert repr(m.parse(s)) == repr(plain.parse(s)), s
    import iree.runtime as rt
    from pydm.runtime.values import str_list
    instance = rt.VmInstance()
    module = rt.VmModule.copy_buffer(instance, out.read_bytes())
    context = rt.VmContext(instance, modules=[module])
    outcomes = []
    for s in ["0.1", "0.30000000000000004"]:
        args, results = rt.VmVariantList(1), rt.VmVariantList(2)
        record = rt.VmVariantList(2)
        record.push_int(4)
        record.push_list(str_list(s))
        args.push_list(record)
        try:
            context.invoke(module.lookup_function("parse"), args, results)
            outcomes.append("ran")
        except Exception as exc:  # noqa: BLE001 - the message is checked
            outcomes.append(str(exc))
    assert outcomes[0] == "ran", outcomes
    assert "needs pydm's host module" in outcomes[1], outcomes
