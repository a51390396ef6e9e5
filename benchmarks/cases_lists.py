"""List benchmark kernels (the lists issue). Loaded by run.py; see there.

The code is what a user writes, not shaped to pydm: plain lists, plain loops."""
import pydm


@pydm.jit
def sieve(n: int) -> int:
    # The sieve of the issue; the count of primes is returned (the list of
    # primes crosses the boundary in the ``primes`` row below).
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if flags[i]:
            flags[i * i::i] = [False] * len(range(i * i, n + 1, i))
    return len([i for i, f in enumerate(flags) if f])


@pydm.jit
def primes(n: int) -> list:
    flags = [True] * (n + 1)
    flags[0] = flags[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if flags[i]:
            flags[i * i::i] = [False] * len(range(i * i, n + 1, i))
    return [i for i, f in enumerate(flags) if f]


@pydm.jit
def build_sum(n: int) -> int:
    # Build a list of n ints with append, then sum it in a loop.
    xs = []
    for i in range(n):
        xs.append(i)
    s = 0
    for x in xs:
        s += x
    return s


@pydm.jit
def matmul(n: int) -> float:
    # List-of-lists matrix multiply.
    a = [[float(i * n + j) for j in range(n)] for i in range(n)]
    b = [[float(i - j) for j in range(n)] for i in range(n)]
    c = [[0.0] * n for _ in range(n)]
    for i in range(n):
        ai = a[i]
        ci = c[i]
        for k in range(n):
            aik = ai[k]
            bk = b[k]
            for j in range(n):
                ci[j] += aik * bk[j]
    s = 0.0
    for row in c:
        s += sum(row)
    return s


@pydm.jit
def sort_ints(n: int) -> int:
    # Sort n pseudo-random ints (a linear congruential sequence).
    xs = []
    x = 12345
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        xs.append(x)
    xs.sort()
    return xs[0] + xs[n // 2] + xs[-1]


@pydm.jit
def fannkuch(n: int) -> int:
    # The fannkuch-redux kernel: the maximum number of flips.
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k:
            perm[:k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        if flips > max_flips:
            max_flips = flips
        while True:
            if r == n:
                return max_flips
            p0 = perm1[0]
            i = 0
            while i < r:
                perm1[i] = perm1[i + 1]
                i += 1
            perm1[r] = p0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


@pydm.jit
def queens(n: int) -> int:
    # The number of solutions of n-queens, by backtracking over lists.
    cols = [False] * n
    d1 = [False] * (2 * n)
    d2 = [False] * (2 * n)
    return place(0, n, cols, d1, d2)


@pydm.jit
def place(row: int, n: int, cols: list, d1: list, d2: list) -> int:
    if row == n:
        return 1
    total = 0
    for c in range(n):
        if not cols[c] and not d1[row + c] and not d2[row - c + n]:
            cols[c] = d1[row + c] = d2[row - c + n] = True
            total += place(row + 1, n, cols, d1, d2)
            cols[c] = d1[row + c] = d2[row - c + n] = False
    return total
