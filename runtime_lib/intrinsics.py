"""CPython meanings of the runtime library's intrinsics.

pydm compiles these names to operations on object records; importing them here
makes ``runtime_lib`` ordinary Python as well, so each library function can run
under CPython and be compared with its compiled self (tests/rtl/).
"""


def is_none(x) -> bool:
    return x is None


def is_bool(x) -> bool:
    return type(x) is bool


def is_int(x) -> bool:
    return type(x) is int


def is_float(x) -> bool:
    return type(x) is float


def is_intlike(x) -> bool:
    return type(x) in (bool, int)


def is_number(x) -> bool:
    return type(x) in (bool, int, float)


def int_value(x) -> int:
    # compiled, the payload is read unchecked: the library tests the type first
    assert type(x) in (bool, int), "int_value of a non-int"
    return int(x)


def float_value(x) -> float:
    assert type(x) in (bool, int, float), "float_value of a non-number"
    return float(x)


def int_power(a: int, b: int) -> int:
    return a ** b


def type_error(template: str, *values) -> None:
    raise TypeError(template.format(*(type(v).__name__ for v in values)))
