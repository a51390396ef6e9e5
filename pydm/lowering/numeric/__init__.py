"""Emission helpers for Python's exact numeric semantics (DESIGN.md "Numbers").

The lowering rules of ``convert-iree-pydm-to-iree`` call these helpers to turn
one numeric ``iree_pydm`` op into builtin MLIR (arith / math / scf plus a few
raw ``vm.*`` / ``util.*`` ops) that computes exactly what CPython computes.

Contract for every helper:

* It emits at the *current* ``ir.InsertionPoint`` and ``ir.Location`` (the
  caller enters both context managers).
* Values are builtin-typed ``ir.Value``: Python ``int`` = ``i64``, ``float`` =
  ``f64``, ``bool`` = ``i1``.
* A fallible helper takes ``raise_code(cls_name, message) -> int`` and returns
  ``(err, value)``. ``err`` is an ``i32`` that is 0 on success, else the code
  ``raise_code`` handed out for the error that happened (CPython's choice when
  several apply). ``value`` is unspecified when ``err != 0``. ``raise_code`` is
  called once per distinct error the op can raise, at emission time.
* Infallible helpers return just the value.
* The emitted code never executes a trapping op: every ``divsi``/``remsi``/
  ``divui``/``remui`` divisor is made safe first (PLATFORM.md §1, a bad divisor
  kills the process with SIGFPE).

Platform traps handled here (PLATFORM.md §1):

* VM folders break float constants: ``x*0.0 -> 0.0``, ``0.0/x -> 0.0``,
  ``x+0.0 -> x`` (wrong for ``x = -0.0``), every ``-0.0`` constant becomes
  ``+0.0``, and ``cmpf oeq/ole/oge/ugt/ult/une x, x`` fold as if ``x`` were not
  NaN. Therefore every float constant made here goes through
  ``util.optimization_barrier`` (see :func:`float_const`), float operands that
  are plain ``arith.constant`` results are wrapped in a barrier, and every
  float comparison puts a barrier on one operand.
* The VM folders also apply integer identities to float add/sub: ``(x + y) -
  x -> y``, ``(x - y) + y -> x`` and their mirrors; every float add and sub
  result goes through a barrier (see :func:`float_add`).
* ``vm.cast.si64.f64`` of a constant folds with ties rounded away from zero:
  constants are converted by Python (see :func:`_vm_si64_to_f64`).
* ``cmpf oge/uge/one/ord`` are wrong with NaN: only ``olt ole ogt oeq une uno``
  are used.
* ``arith.fptosi`` is rejected: ``vm.cast.f64.si64`` after ``floor``/``ceil``
  is used. ``arith.sitofp`` can be canonicalized into an unlowerable
  ``i32 -> f64`` form: ``vm.cast.si64.f64`` is used.
* ``arith.remf`` is IEEE ``remainder()``, not ``fmod``.
* ``overflow<nsw>`` is not checked and the extended-arith ops are rejected:
  overflow is detected with explicit bit tricks.
"""
from __future__ import annotations

from .common import (  # noqa: F401 - the helpers' one namespace
    INT64_MAX,
    INT64_MIN,
    MSG_COMPLEX_POW,
    MSG_FLOAT_DIV_ZERO,
    MSG_FLOAT_FLOORDIV_ZERO,
    MSG_FLOAT_INF_TO_INT,
    MSG_FLOAT_MOD_ZERO,
    MSG_FLOAT_NAN_TO_INT,
    MSG_FLOAT_TOO_LARGE,
    MSG_INT_DIV_ZERO,
    MSG_INT_MOD_ZERO,
    MSG_NEG_SHIFT,
    MSG_POW_RANGE,
    MSG_TRUEDIV_ZERO,
    MSG_ZERO_NEG_POW,
    RaiseCode,
    bool_const,
    const_int,
    f64_type,
    float_const,
    i1_type,
    i32_type,
    i64_type,
    int_const,
    overflow_message,
)
from .ints import (  # noqa: F401 - the helpers' one namespace
    MUL_FAST_PATH,
    int_abs,
    int_add,
    int_add_nonneg,
    int_and,
    int_cmp,
    int_floordiv,
    int_floordiv_nonneg,
    int_invert,
    int_lshift,
    int_mod,
    int_mod_nonneg,
    int_mul,
    int_mul_nonneg,
    int_neg,
    int_or,
    int_pow,
    int_rshift,
    int_sub,
    int_truediv,
    int_xor,
)
from .floats import (  # noqa: F401 - the helpers' one namespace
    int_pow_negative,
    bool_to_int,
    float_abs,
    float_libm,
    float_add,
    float_cmp,
    float_div_nonzero,
    float_floordiv,
    float_int_cmp,
    float_isnan,
    float_mod,
    float_mul,
    float_neg,
    float_pow,
    float_sub,
    float_to_int,
    float_truediv,
    int_float_cmp,
    int_to_float,
)

__all__ = [
    "RaiseCode", "overflow_message",
    "i64_type", "f64_type", "i1_type", "i32_type",
    "int_const", "float_const", "bool_const",
    # ints
    "int_add", "int_sub", "int_mul", "int_neg", "int_abs",
    "int_floordiv", "int_mod", "int_truediv", "int_pow", "int_pow_negative",
    "int_lshift", "int_rshift", "int_and", "int_or", "int_xor", "int_invert",
    "int_cmp",
    # floats
    "float_add", "float_sub", "float_mul", "float_neg", "float_abs", "float_libm",
    "float_truediv", "float_floordiv", "float_mod", "float_pow", "float_cmp",
    "float_isnan",
    # conversions / mixed
    "int_to_float", "float_to_int", "bool_to_int", "int_float_cmp", "float_int_cmp",
]
