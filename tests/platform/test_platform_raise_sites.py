"""PLATFORM.md §2: VM status codes are taken mod 32 (32 means OK) and code 17
(DEFERRED) hangs the call forever.  A module with many raise sites must map
each one to the right exception and line, whatever its index: sites 17, 32,
33 and 49 are the dangerous ones if a site index ever reaches a status code.

Also PLATFORM.md §5: at interpreter exit nanobind prints "leaked N
instances" unless contexts and modules are released; a pydm program must
exit cleanly.
"""
from __future__ import annotations

N_SITES = 50


def _many_sites_source() -> str:
    lines = ["import pydm", "", "@pydm.jit", "def pick(k: int, a: int, b: int) -> int:"]
    for i in range(1, N_SITES + 1):
        # distinct operations so no two sites are merged
        lines.append(f"    if k == {i}:")
        lines.append(f"        return (a + {i}) // b  # SITE{i}:")
    lines.append("    return -1")
    return "\n".join(lines) + "\n"


def test_many_raise_sites_map_to_their_lines(run_script, line_of, notes_name_line):
    src = _many_sites_source()
    probe = [1, 2, 16, 17, 18, 31, 32, 33, 48, 49, 50]
    r = run_script(src + f'''
for k in {probe!r}:
    report(f"z{{k}}", got=outcome(pick, k, 5, 0))
    report(f"v{{k}}", got=outcome(pick, k, 5, 2))
''', name="many_sites.py", timeout=300)
    r.assert_ok()
    for k in probe:
        z = r.results[f"z{k}"]["got"]
        assert z["kind"] == "raise" and z["type"] == "ZeroDivisionError", (k, z)
        assert z["msg"] == "integer division or modulo by zero", (k, z)
        site = line_of(r.text, f"# SITE{k}:")
        assert notes_name_line(z["notes"], r.path, site), (k, site, z["notes"])
        v = r.results[f"v{k}"]["got"]
        assert v == {"kind": "value", "type": "int", "repr": repr((5 + k) // 2)}, (k, v)


def test_clean_interpreter_exit(run_script):
    r = run_script('''
        import pydm

        @pydm.jit
        def f(a: int, b: int) -> int:
            return a // b

        @pydm.jit
        def g(x: float) -> float:
            return x * 2.0

        report("f", got=outcome(f, 7, 2))
        report("f0", got=outcome(f, 7, 0))
        report("g", got=outcome(g, 1.5))
        report("g_int", got=outcome(g, 3))
    ''', name="clean_exit.py")
    r.assert_ok()
    assert r.results["f"]["got"]["repr"] == "3"
    assert r.results["f0"]["got"]["type"] == "ZeroDivisionError"
    assert "leaked" not in r.stderr, r.stderr
    assert r.stderr.strip() == "", f"unexpected output on stderr:\n{r.stderr}"
