"""Issue 11 item 7: memory stays bounded over many calls and many compiles.

Measured in a fresh process (its resident set from /proc/self/statm, not
timing): 300,000 calls of a scalar function and 100,000 calls that build and
return heap values (a list holding a str, a float and a tuple) after a warm-up
grow the resident set by less than a bound; every result is compared with
CPython's. Compiling and dropping 40 fresh jit functions frees each program
(weak references to the dropped JitFunctions and programs are dead after a
collection): a compiled program no longer keeps itself alive through its
raise-site table."""
import json
import os
import subprocess
import sys
import textwrap

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CHILD = textwrap.dedent('''
    import gc, json, os, weakref
    import pydm

    def rss_mb():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    def inc(x: int) -> int:
        return x + 1

    def build(n: int):
        return [n, float(n), str(n), (n, "a")]

    def poly(x):
        if x > 3:
            return x * 2
        return [x, str(x)]

    f = pydm.jit(inc, cache=False)
    g = pydm.jit(build, cache=False)
    agree = True
    for i in range(20000):
        agree &= f(i) == inc(i) and g(i) == build(i)
    before = rss_mb()
    for i in range(300000):
        f(i)
    for i in range(100000):
        agree &= g(i) == build(i)
    calls_growth = rss_mb() - before

    refs = []
    for i in range(40):
        h = pydm.jit(poly, cache=False)
        agree &= h(i) == poly(i) and h(2.5) == poly(2.5)
        refs.append(weakref.ref(h.jit))
        refs += [weakref.ref(p) for (_, p) in h.jit._programs.values()]
        del h
    gc.collect()
    alive = sum(r() is not None for r in refs)
    print(json.dumps({"agree": bool(agree), "calls_growth": calls_growth, "alive": alive, "refs": len(refs)}))
''')


def test_memory_is_bounded(tmp_path):
    (tmp_path / "memory_child.py").write_text(CHILD)
    out = subprocess.run([sys.executable, str(tmp_path / "memory_child.py")], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=REPO), timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["agree"]
    # 400,000 calls: a leak of even 8 bytes per call would show as 3 MB
    assert result["calls_growth"] < 3.0, result
    assert result["refs"] == 120 and result["alive"] == 0, result
