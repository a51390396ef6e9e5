"""Native-loop kernels (issue 12). Plain functions: benchmarks/native.py
compiles each twice, ``pydm.jit(native=False)`` (the VM path) and
``pydm.jit(native=True)`` (an llvm-cpu dispatch), and runs it under CPython.
The int and float loops are the typed rows' own kernels (cases_typed.py)."""
import cases_typed

#: an unbounded accumulator ``s = s + i * i``: every add and multiply keeps its overflow check
int_acc = cases_typed.int_sum_loop.py_func
#: the midpoint rule for the integral of 4 / (1 + x^2) over [0, 1] (= pi)
float_loop = cases_typed.float_loop.py_func


def int_mod_loop(n: int) -> int:
    s = 0
    for i in range(n):
        s += i * i % 7
    return s


def lattice(r: int) -> int:
    # lattice points with x*x + y*y <= r*r
    count = 0
    for x in range(-r, r + 1):
        for y in range(-r, r + 1):
            if x * x + y * y <= r * r:
                count += 1
    return count


def mandelbrot(size: int) -> int:
    # points of a size x size grid over [-2, 0.5] x [-1.25, 1.25] that stay
    # bounded for 50 iterations
    inside = 0
    for py in range(size):
        ci = -1.25 + 2.5 * py / size
        for px in range(size):
            cr = -2.0 + 2.5 * px / size
            zr = 0.0
            zi = 0.0
            i = 0
            while i < 50 and zr * zr + zi * zi <= 4.0:
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                i += 1
            if i == 50:
                inside += 1
    return inside


def _residual(y: float, c: float) -> float:
    return y * y - c


def _slope(y: float) -> float:
    return 2.0 * y


def _newton_sqrt(c: float) -> float:
    # a helper with a loop of its own that calls helpers: a real call
    # (pydm expands only leaf helpers), whose body goes into the native module
    y = c if c > 1.0 else 1.0
    i = 0
    while i < 60:
        step = _residual(y, c) / _slope(y)
        y -= step
        if abs(step) <= 1e-15 * y:
            break
        i += 1
    return y


def newton_calls(n: int) -> float:
    # the square roots of 0.25, 0.5, ..., n / 4 by Newton's iteration, summed
    acc = 0.0
    for i in range(1, n + 1):
        acc += _newton_sqrt(i * 0.25)
    return acc
