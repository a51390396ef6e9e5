"""``pydm compile FILE --emit STAGE`` prints the IR of a stage; an unknown
stage is a usage error (exit code 2) listing the valid ones."""
import sys
import pytest

from .test_aot import built, run  # noqa: F401 - the compiled-source fixture


def test_emit_prints_each_stage(built):
    """The CLI prints a stage (one process: each costs seconds of start-up);
    every stage it can print is the text ``compile_path`` keeps."""
    src, _, _ = built
    p = run([sys.executable, "-m", "pydm", "compile", str(src), "--emit", "vm"], src.parent)
    assert p.returncode == 0, p.stderr
    assert "vm.module" in p.stdout and "@fib" in p.stdout, p.stdout[:500]
    assert "wrote" not in p.stdout
    from pydm.aot import compile_path
    stages = compile_path(str(src), keep_stages=True).stages
    for stage, marker in (("pydm", "iree_pydm."), ("iree", "func.func"), ("vm", "vm.module")):
        assert marker in stages[stage] and "@fib" in stages[stage], (stage, stages[stage][:500])


def test_emit_every_listed_stage_and_unknown_stage(built, tmp_path):
    src, _, _ = built
    p = run([sys.executable, "-m", "pydm", "compile", str(src), "--emit", "nonsense", "-o",
             str(tmp_path / "x.vmfb")], tmp_path)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "unknown stage 'nonsense'" in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "x.vmfb").exists()
    listed = p.stderr.split("valid stages:")[1].strip().split(", ")
    from pydm.aot import compile_path
    assert set(listed) == {"vmfb", *compile_path(str(src), keep_stages=True).stages}
    assert {"pydm", "iree", "vm"} <= set(listed)
    after = sorted(s for s in listed if s.startswith("after:"))
    if after:  # one per-pass stage through the CLI too
        q = run([sys.executable, "-m", "pydm", "compile", str(src), "--emit", after[-1]], tmp_path)
        assert q.returncode == 0 and "@fib" in q.stdout, (after[-1], q.stderr)


def test_a_file_cpython_cannot_parse_is_a_compile_error(tmp_path):
    """No traceback: the syntax error's file, line, column and line, exit code 1
    (the same error ``compile_path`` raises as a CompileError)."""
    src = tmp_path / "broken.py"
    src.write_text("import pydm\n\n@pydm.jit\ndef f(x:\n    return x\n")
    p = run([sys.executable, "-m", "pydm", "compile", str(src)], tmp_path)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr, p.stderr
    assert f"{src}:4:" in p.stderr and "SyntaxError" in p.stderr and "def f(x:" in p.stderr, p.stderr
    try:
        compile(src.read_text(), str(src), "exec")
    except SyntaxError as exc:
        assert exc.msg in p.stderr, (exc.msg, p.stderr)
    import pytest
    from pydm.aot import compile_path
    from pydm.errors import CompileError
    with pytest.raises(CompileError, match="SyntaxError"):
        compile_path(str(src))


def test_run_calls_a_function_of_a_vmfb(built, capsys):
    """``pydm run OUT.vmfb FUNCTION ARG...`` (``pydm.cli.main``, in process):
    literal arguments (keywords too), the result's repr on stdout; an exception's
    last line on stderr and exit code 1; a missing function or a non-literal
    argument is a usage error (exit code 2)."""
    from pydm.cli import main
    src, out, plain = built
    capsys.readouterr()
    assert main(["run", str(out), "shout", "2"]) == 0
    assert capsys.readouterr().out == "0 [0.0] (None,)\n1 [0.5] (None,)\n3\n"
    assert main(["run", str(out), "two", "a=4", "b=2"]) == 0
    assert capsys.readouterr().out == f"{plain.two(a=4, b=2)!r}\n"
    assert main(["run", str(out), "chained", "3"]) == 1
    assert capsys.readouterr().err.strip() == "KeyError: 3"
    for argv, message in ((["nothing_here"], "has no function 'nothing_here'"),
                          (["fib", "not-a-literal"], "not a Python literal"),
                          (["fib", "1", "2"], None)):
        code = main(["run", str(out), *argv])
        err = capsys.readouterr().err
        if message is None:  # CPython's own binding error, from the loaded function
            assert code == 1 and err.strip() == "TypeError: fib() takes 1 positional argument but 2 were given", err
        else:
            assert code == 2 and message in err, err


@pytest.mark.parametrize("signature", ["a, *args", "a, **kw", "a, *, k", "a, /, b"])
def test_an_export_of_a_star_signature_is_a_compile_error(tmp_path, signature):
    """``pydm compile`` exports plain parameters only: anything else is a
    CompileError at the def (it once crashed with a NameError instead)."""
    from pydm.aot import compile_path
    from pydm.errors import CompileError
    src = tmp_path / "star.py"
    src.write_text(f"import pydm\n\n\n@pydm.jit\ndef f({signature}):\n    return a\n")
    with pytest.raises(CompileError, match="plain parameters only") as info:
        compile_path(str(src))
    assert info.value.lineno == 5 and info.value.source_line.startswith("def f(")
