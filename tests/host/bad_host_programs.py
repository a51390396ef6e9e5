"""Calls of host functions that are CompileErrors (test_host_functions.py)."""
import pydm


@pydm.host
def need_int(x: int) -> int:
    return x


@pydm.host
def unannotated(x):  # <- error
    return x


@pydm.jit
def too_many(n: int) -> int:
    return need_int(n, n)  # <- error


@pydm.jit
def wrong_type(n: int) -> int:
    return need_int("a")  # <- error


@pydm.jit
def by_keyword(n: int) -> int:
    return need_int(y=n)  # <- error


@pydm.jit
def twice(n: int) -> int:
    return need_int(n, x=n)  # <- error


@pydm.jit
def missing(n: int) -> int:
    return need_int()  # <- error


@pydm.jit
def calls_unannotated(n: int) -> int:
    return unannotated(n)


@pydm.host(optional=True)
def wrong_fallback(x: int) -> int:
    return "not an int: " + str(x)


@pydm.jit
def calls_wrong_fallback(n: int) -> int:
    return wrong_fallback(n)  # <- error


@pydm.host
def bad_default(x: int, k: list = []) -> int:  # <- error
    return x


@pydm.jit
def calls_bad_default(n: int) -> int:
    return bad_default(n)


@pydm.host
def keyword_only(x: int, *, k: int = 1, **more: int) -> int:
    return x + k


@pydm.jit
def positional_by_keyword(n: int) -> float:
    return keyword_only(n, k=n) + pos_only(x=1.0)  # <- error


@pydm.host
def pos_only(x: float, /) -> float:
    return x


@pydm.jit
def wrong_extra_keyword(n: int) -> int:
    return keyword_only(n, other="s")  # <- error


@pydm.jit
def keyword_only_by_position(n: int) -> int:
    return keyword_only(n, 2)  # <- error
