"""str constructs pydm does not compile yet: each a CompileError at the line
marked ``# <- error`` (tests/strings/test_compile_errors.py)."""
import pydm


@pydm.jit
def upper(s: str):
    return s.upper()  # <- error


@pydm.jit
def split(s: str):
    return s.split(",")  # <- error


@pydm.jit
def join(s: str):
    return ",".join([s, s])  # <- error


@pydm.jit
def find_with_start(s: str):
    return s.find("a", 1)  # <- error


@pydm.jit
@pydm.jit
@pydm.jit
def bytes_literal(s: str):
    return b"x"  # <- error


@pydm.jit
def method_on_object(s):
    x = s if len(s) > 5 else 0  # an object: a str or an int
    return x.startswith("a")  # <- error


