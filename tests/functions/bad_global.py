"""A ``global`` declaration in a compiled function (a file of its own: pydm
checks it per file). The line of the error carries ``# <- error``."""
import pydm

COUNTER = 0


@pydm.jit
def global_statement(n):
    t = n * 7
    global COUNTER  # <- error
    return t


@pydm.jit
def global_in_nested(n):
    def inner():
        global COUNTER  # <- error
        return COUNTER
    return inner() + n
