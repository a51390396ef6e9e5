"""str constructs pydm does not compile yet: each a CompileError at the line
marked ``# <- error`` (tests/strings/test_compile_errors.py)."""
import pydm


@pydm.jit
def upper_with_argument(s: str):
    return s.upper(1)  # <- error


@pydm.jit
def split_three_arguments(s: str):
    return s.split(",", 1, 2)  # <- error


@pydm.jit
def encode(s: str):
    return s.encode()  # <- error


@pydm.jit
def split_unknown_keyword(s: str):
    return s.split(separator=",")  # <- error


@pydm.jit
@pydm.jit
@pydm.jit
def bytes_literal(s: str):
    return b"x"  # <- error


@pydm.jit
def method_on_object(s):
    x = s if len(s) > 5 else 0  # an object: a str or an int
    return x.count("a", 1)  # <- error


