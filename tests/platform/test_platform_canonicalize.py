"""A generated program (pydm's fuzzing) on which MLIR's canonicalizer never
terminated in its default top-down order: many small diamonds from the
inline type dispatch of operators on objects. The backend runs every
canonicalize bottom-up (pydm/backend/driver.py); this compiles in about a
second. Run in a subprocess, so a hang fails this test instead of stalling
the run."""

PROGRAM = '''
import pydm


@pydm.jit
def f13(n, m):
    a = 0
    b = 1
    c = -1
    i = 0
    j = 0
    a = 64
    if a != n:
        m, c = ((c >= a) + c), (64 // 2)
        if 10 <= c:
            return n
        c = min((c % (-1)), ((c >= (-100)) + 0.5))
    elif a < c < n:
        w39 = 0
        while w39 < 4 and (m == 0.5):
            w39 += 1
            w40 = 0
            while w40 < 2 and (not (c == 100)):
                w40 += 1
                a %= (a >> 0)
            for n in range(m, m - 8, -1):
                b = ((c // c) // 1)
                a: int = b
            else:
                b += (m >> 63)
                b = n
                n = b
            a %= (b + b)
        else:
            w41 = 0
            while w41 < 6 and (not (m < 3)):
                w41 += 1
                a: int = ((c < a) + 100)
            else:
                c: int = c
                m = n
    c = ((3037000499 // m) % max(2, c))
    n: int = c
    for c in range(10):
        for i in range(a, a - 8, -1):
            b: int = (i + i)
            for j in range(10):
                b = ((i * n) * n)
                c: int = m
                if (-9223372036854775808) < i:
                    break
            c = 9223372036854775807
        w42 = 0
        while w42 < 6 and (not (j > n)):
            w42 += 1
            w43 = 0
            while w43 < 9 and (n != m):
                w43 += 1
                if i <= 10:
                    return a
            else:
                if i != n:
                    return 0.5
                c *= (i // 2)
                n: int = (i if (b == j) else j)
            n >>= a
            m: int = j
        for i in range(7, a):
            m *= a
            for i in range(0):
                a = ((-3037000500) + m)
            else:
                a &= (-n)
                a = (a % 1)
            m: int = m
        else:
            b: int = 1e308
            for j in range(11):
                b = (0 * m)
                if b != 0:
                    break
            else:
                b //= 2.5
            if a == a:
                m = (-3)
            else:
                c, a = ((-0.0) // j), min(7, i)
                c = c
    return (b * b)
'''


def test_fuzzed_program_compiles_and_agrees(run_script):
    r = run_script(PROGRAM + '''
for args in [(5e-324, 4611686018427387904), (64, 3), (7, 0.5), (None, 2)]:
    report(repr(args), got=outcome(f13, *args), want=outcome(f13.py_func, *args))
''', name="canonicalize_fuzz.py", timeout=300)
    r.assert_ok()
    assert len(r.results) == 4, r.describe()
    for case, rec in r.results.items():
        got, want = rec["got"], rec["want"]
        if want["kind"] == "raise":
            assert got["kind"] == "raise" and got["type"] == want["type"], (case, got, want)
        else:
            assert got == want, (case, got, want)
