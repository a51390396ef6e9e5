"""Host function benchmark kernels (issue 11, item 3). Loaded by run.py.

A compiled loop calling a ``@pydm.host`` function (Python code) each
iteration: the cost of one call from compiled code into the host and back
(arguments and result as records, the Python call itself)."""
import pydm


@pydm.host
def bump(x: int) -> int:
    return x + 1


@pydm.jit
def host_calls(n: int) -> int:
    s = 0
    for i in range(n):
        s += bump(i)
    return s


@pydm.host
def weigh(x: object) -> int:
    return x + 1


@pydm.jit
def host_calls_records(n: int) -> int:
    # an ``object`` parameter: the call crosses as records (the tuple of the
    # arguments, the answer), not as the typed scalars above
    s = 0
    for i in range(n):
        s += weigh(i)
    return s
