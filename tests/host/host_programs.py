"""Programs calling ``@pydm.host`` functions (tests/host/test_host_functions.py).

Each jit function runs under CPython (its ``py_func``, calling the real
host functions) and under pydm (calling them through the host module)."""
import json

import pydm

from .host_tools import note as remember

#: what the host functions saw, in order (side effects are compared too)
LOG = []


#: the HostError objects ``fail`` raised
RAISED = []


class HostError(ValueError):
    pass


@pydm.host
def triple(x: int) -> int:
    return x * 3


@pydm.host
def halve(x: float) -> float:
    return x / 2


@pydm.host
def flip(x: bool) -> bool:
    return not x


@pydm.host
def nothing(x: None) -> None:
    LOG.append(("nothing", x))


@pydm.host
def shout(s: str) -> str:
    return s.upper() + "\u00e9!"


@pydm.host
def swap(t: tuple[int, str]) -> tuple[str, int]:
    return t[1], t[0]


@pydm.host
def grow(xs: list) -> list:
    return xs + [len(xs), [None]]


@pydm.host
def count_keys(d: dict) -> dict:
    return {**d, "n": len(d)}


@pydm.host
def describe(x: object) -> object:
    return type(x).__name__, x


@pydm.host
def scale(x: float, k: int) -> float:
    return x * k


@pydm.host
def record(x: object) -> None:
    LOG.append(x)


@pydm.host
def fail(kind: int, message: str) -> int:
    if kind == 0:
        return len(message)
    if kind == 1:
        raise ValueError(message)
    if kind == 2:
        raise KeyError(message)
    if kind == 3:
        return 1 // (kind - 3)
    if kind == 4:
        RAISED.append(HostError(message, kind))
        raise RAISED[-1]
    if kind == 5:
        return json.loads(message)  # a JSONDecodeError: a ValueError the module does not know
    raise TypeError(message, kind, None)


@pydm.jit
def values(n: int, x: float, s: str):
    """Every supported type there and back (the last call: an ``object``
    argument for an ``int`` parameter crosses as it is)."""
    return (triple(n), halve(x), halve(n), flip(n > 2), nothing(None), shout(s), swap((n, s)),
            grow([n, s, x]), count_keys({s: n, "x": x}), describe(n), describe((x, [s])), describe(None),
            scale(x, n), scale(float(n), True), triple(n if n > -100 else "s"))


@pydm.host
def tag(x: object) -> object:
    LOG.append(("tag", x))
    return x


@pydm.host
def padded(s: str, width: int = 6, fill: str = "*", twice: bool = False) -> str:
    out = s.rjust(width, fill)
    return out + out if twice else out


@pydm.jit
def keywords(n: int, x: float):
    """Arguments by name, in any order: evaluated in source order (the tags
    record it), then bound to the parameters."""
    return (scale(x, k=n), scale(k=n, x=x), scale(k=tag(n), x=tag(x)), fail(message="abc", kind=0),
            fail(n % 2, message=str(n)) if n > 10 else None,
            padded(str(n)), padded(str(n), 3), padded("a", fill="-"), padded(s=str(x), twice=n > 0, width=n))


@pydm.jit
def effects(n: int):
    """Host side effects in order with print and with each other."""
    record(n)
    print("after", n)
    for i in range(n):
        record(i * i)
        if i % 2:
            print("odd", i)
    record((n, "end"))
    return len(str(n))


@pydm.jit
def catches(kind: int, message: str):
    """A host exception caught in compiled code: class, str and args."""
    try:
        return fail(kind, message)
    except HostError as e:
        return "host error", str(e), e.args, isinstance(e, ValueError)
    except ValueError as e:
        return "value error", str(e), isinstance(e, HostError)
    except KeyError as e:
        return "key error", str(e), e.args
    except ArithmeticError as e:
        return "arithmetic", str(e)


@pydm.jit
def escapes(kind: int, message: str) -> int:
    """A host exception compiled code does not catch."""
    total = fail(0, message)
    return total + fail(kind, message)


@pydm.jit
def reraises(kind: int, message: str) -> int:
    try:
        return fail(kind, message)
    except Exception as e:
        record("caught")
        raise e


@pydm.jit
def imported(n: int):
    """Another module's host function, bound here under another name;
    SystemExit (no Exception) caught by ``except BaseException`` or escaping."""
    a = remember(n, "hi")
    try:
        remember(-1, "x")
    except BaseException as e:
        a = a, e.args, isinstance(e, Exception)
    return a, remember(n - 3, "y")


@pydm.jit
def wraps(kind: int):
    """A caught host exception printed, formatted and made the cause of another."""
    try:
        return fail(kind, "m")
    except Exception as e:
        print(e, repr(e), f"<{e}>")
        raise RuntimeError("wrapped") from e


@pydm.host
def positive(x: int) -> float:
    if x <= 0:
        raise ValueError("not positive", x)
    return x / 4


@pydm.jit
def typed_raises(n: int):
    """Scalars only (the typed call, no records): an exception caught, then escaping."""
    try:
        a = positive(n)
    except ValueError as e:
        a = e.args
    return a, positive(n + 1)


@pydm.host
def countdown(n: int) -> int:
    return 0 if n <= 0 else ping(n - 1) + 1


@pydm.jit
def ping(n: int) -> int:
    """Compiled code calling a host function calling compiled code (the same
    program, re-entered), and so on."""
    return countdown(n) * 2


@pydm.host
def push(xs: list, d: dict, s: set) -> list:
    """Changes what it was passed (nested too), returns one of them; raises
    after changing for a long list."""
    if len(xs) > 2:
        xs.append(None)
        xs[0] = 1.5
        xs[1].append("in")
    if len(d) > 2:
        d["new"] = xs
        del d[0]
        d[1].extend([2, 3])
    s.add(len(xs))
    s.discard(0)
    if len(xs) > 6:
        raise IndexError("changed, then raised")
    return xs[1] if len(xs) > 1 else xs


@pydm.jit
def mutated(n: int):
    """Lists, a dict and a set a host function changes: compiled code sees the
    changes, the same objects (identity) and a list returned that it passed."""
    inner = [n]
    xs = [0, inner] + list(range(n))
    d = {i: [i] for i in range(n)}
    s = {0, n}
    try:
        ys = push(xs, d, s)
        same = ys is inner
    except IndexError as e:
        ys, same = str(e), None
    return ys, same, xs, d, sorted(s), inner, xs[1] is inner, d.get("new") is xs


@pydm.host
def joined(*parts: object, sep: str = " ", **opts: int) -> str:
    """``*args``, a keyword-only parameter with a default and ``**kwargs``."""
    LOG.append(("joined", parts, sep, opts))
    return sep.join(map(str, parts)) + "|" + ",".join(f"{k}={v}" for k, v in opts.items())


@pydm.host
def affine(x: float, /, k: int = 2, *, shift: float = 0.0) -> float:
    """A positional-only parameter, a default, a keyword-only one."""
    LOG.append(("affine", x, k, shift))
    return x * k + shift


@pydm.host
def tally(*xs: int) -> int:
    if xs and xs[0] < 0:
        raise ValueError("negative first", xs)
    return len(xs) + sum(xs)


@pydm.jit
def star_parameters(n: int, x: float):
    """Host functions with every kind of parameter; the arguments evaluated
    in source order (``tag`` logs each), the extra keywords in call order."""
    a = joined(tag(1), "b", n)
    b = joined(sep=tag("-"))
    c = joined(n, x, sep=":", width=tag(3), depth=n)
    d = affine(x) + affine(2.0, 3) + affine(1.0, k=n, shift=tag(0.5)) + affine(n)
    e = tally() + tally(1, 2, n)
    try:
        f = tally(n, 1)
    except ValueError as exc:
        f = exc.args
    return a, b, c, d, e, f
