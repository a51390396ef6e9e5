"""``PYDM_DUMP=folder`` (issue 11 item 6): every compilation writes each of its
stages, in pipeline order, as a file; each op keeps its Python location. The
dumping run still computes CPython's answer."""
import os
import subprocess
import sys
import textwrap

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_dump_writes_every_stage(tmp_path):
    (tmp_path / "dumped.py").write_text(textwrap.dedent('''
        import pydm

        @pydm.jit
        def total(n: int) -> int:
            s = 0
            for i in range(n):
                s += i * i
            return s

        print(total(10), total.py_func(10))
    '''))
    folder = tmp_path / "stages"
    env = dict(os.environ, PYTHONPATH=REPO, PYDM_DUMP=str(folder))
    out = subprocess.run([sys.executable, str(tmp_path / "dumped.py")], env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    got, want = out.stdout.split()
    assert got == want
    names = sorted(os.listdir(folder))
    stages = [name.split(".")[3] for name in names]
    assert all(n.endswith(".txt" if n.split(".")[3] == "native-decision" else ".mlir") for n in names)
    assert [name.split(".")[2] for name in names] == [f"{i:02d}" for i in range(len(names))]
    for stage in ("import", "pydm", "iree", "vm"):
        assert stage in stages, names
    assert any(s.startswith("after_") for s in stages)
    source = str(tmp_path / "dumped.py")
    assert "native-decision" in stages and "native" in stages  # issue 12's stages too
    for name in names:
        if name.split(".")[3] in ("import", "pydm", "iree") or name.split(".")[3].startswith("after_"):
            assert f'loc("{source}":' in (folder / name).read_text(), name
