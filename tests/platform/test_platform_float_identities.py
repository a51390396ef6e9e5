"""Float identities the compiler's folders apply, checked bit for bit against CPython.

IEEE arithmetic does not obey the algebra of integers: ``(p + q) - p`` is not
``q`` (``(1e308 + 1.0) - 1e308`` is ``0.0``, with ``inf`` it is ``nan``),
``p * 0.0`` is not ``0.0`` (inf, nan, negative p), ``p != p`` is True for NaN.
MLIR's and the IREE VM's folders apply several such identities to floats
(PLATFORM.md §1). Each function below is one small typed shape -- one, two or
three operands, ``+ - * /``, negation, the constants ``0.0 -0.0 1.0 -1.0 2.0``,
comparisons and their negations, a few branches, loops, conversions and
builtins -- compiled by pydm and run on edge values; the result must be the
one CPython computes: the same type, a float with the same bits (any NaN
equals any NaN; the sign of a zero matters), or the same exception.

Found wrong before the fix (VM folders ``vm.sub.f64``/``vm.add.f64``, applied
by the canonicalize that runs after ``iree-vm-conversion``)::

    (x + y) - x  ->  y        (x + y) - y  ->  x
    (x - y) + y  ->  x        y + (x - y)  ->  x

also through rewrites that produce those shapes (``(p + q) + (-p)`` becomes
``(p + q) - p``). pydm puts ``util.optimization_barrier`` on the result of
every float add and sub (pydm/lowering/numeric/floats.py); the barriers are dropped
before emission and bytecode emission does not fold again (checked here: the
results are right).

The other float folders of the VM dialect match only constant operands,
which pydm never hands them (every float constant goes through a barrier):
``x * 0 -> 0``, ``0 / x -> 0``, ``x + 0 -> x``, ``x % 1 -> 0``, ``0 % x -> 0``,
``fma(a, 0, c) -> c``, ``(x * c1) * c2 -> x * (c1 * c2)``, constant folding
of ``/`` and int-to-float with ties away from zero. The self-comparison and
inverted-comparison folds (``x == x -> true``, ``not (x < y) -> x >= y``) are
defeated by the barrier each float comparison puts on one operand.
"""
from __future__ import annotations

import inspect
import itertools
import math
import struct

import pytest

import pydm

INF, NAN = math.inf, math.nan
VALUES = [0.0, -0.0, 1.0, -1.0, 1e308, -1e308, 5e-324, INF, -INF, NAN, 1e-300, 3.0, 0.1]
VALUES_3 = [0.0, -0.0, 1.0, -1e308, 1e308, 5e-324, INF, NAN, 0.1]  # 729 triples per function
INTS = [0, 1, -1, 3, 2**53 + 1, -(2**53) - 1, 2**63 - 1, -(2**63)]

# --- one operand (p)

@pydm.jit
def one_0(p: float) -> float: return p + p
@pydm.jit
def one_1(p: float) -> float: return p - p
@pydm.jit
def one_2(p: float) -> float: return p * p
@pydm.jit
def one_3(p: float) -> float: return p / p
@pydm.jit
def one_4(p: float) -> float: return (p + p) + p
@pydm.jit
def one_5(p: float) -> float: return p + (p + p)
@pydm.jit
def one_6(p: float) -> float: return (p + p) - p
@pydm.jit
def one_7(p: float) -> float: return p - (p + p)
@pydm.jit
def one_8(p: float) -> float: return (p + p) * p
@pydm.jit
def one_9(p: float) -> float: return p * (p + p)
@pydm.jit
def one_10(p: float) -> float: return (p + p) / p
@pydm.jit
def one_11(p: float) -> float: return p / (p + p)
@pydm.jit
def one_12(p: float) -> float: return (p - p) + p
@pydm.jit
def one_13(p: float) -> float: return p + (p - p)
@pydm.jit
def one_14(p: float) -> float: return (p - p) - p
@pydm.jit
def one_15(p: float) -> float: return p - (p - p)
@pydm.jit
def one_16(p: float) -> float: return (p - p) * p
@pydm.jit
def one_17(p: float) -> float: return p * (p - p)
@pydm.jit
def one_18(p: float) -> float: return (p - p) / p
@pydm.jit
def one_19(p: float) -> float: return p / (p - p)
@pydm.jit
def one_20(p: float) -> float: return (p * p) + p
@pydm.jit
def one_21(p: float) -> float: return p + (p * p)
@pydm.jit
def one_22(p: float) -> float: return (p * p) - p
@pydm.jit
def one_23(p: float) -> float: return p - (p * p)
@pydm.jit
def one_24(p: float) -> float: return (p * p) * p
@pydm.jit
def one_25(p: float) -> float: return p * (p * p)
@pydm.jit
def one_26(p: float) -> float: return (p * p) / p
@pydm.jit
def one_27(p: float) -> float: return p / (p * p)
@pydm.jit
def one_28(p: float) -> float: return (p / p) + p
@pydm.jit
def one_29(p: float) -> float: return p + (p / p)
@pydm.jit
def one_30(p: float) -> float: return (p / p) - p
@pydm.jit
def one_31(p: float) -> float: return p - (p / p)
@pydm.jit
def one_32(p: float) -> float: return (p / p) * p
@pydm.jit
def one_33(p: float) -> float: return p * (p / p)
@pydm.jit
def one_34(p: float) -> float: return (p / p) / p
@pydm.jit
def one_35(p: float) -> float: return p / (p / p)
@pydm.jit
def one_36(p: float) -> float: return -p
@pydm.jit
def one_37(p: float) -> float: return -(-p)
@pydm.jit
def one_38(p: float) -> float: return -(-(-p))
@pydm.jit
def one_39(p: float) -> float: return p + (-p)
@pydm.jit
def one_40(p: float) -> float: return (-p) + p
@pydm.jit
def one_41(p: float) -> float: return p - (-p)
@pydm.jit
def one_42(p: float) -> float: return -p - p
@pydm.jit
def one_43(p: float) -> float: return -(p - p)
@pydm.jit
def one_44(p: float) -> float: return -(-p) - p
@pydm.jit
def one_45(p: float) -> float: return p * -p
@pydm.jit
def one_46(p: float) -> float: return -p * -p
@pydm.jit
def one_47(p: float) -> float: return (-p) / p
@pydm.jit
def one_48(p: float) -> float: return p / -p
@pydm.jit
def one_49(p: float) -> float: return -(p + p) + p
@pydm.jit
def one_50(p: float) -> float: return p + 0.0
@pydm.jit
def one_51(p: float) -> float: return 0.0 + p
@pydm.jit
def one_52(p: float) -> float: return -(p + 0.0)
@pydm.jit
def one_53(p: float) -> float: return (-p) + 0.0
@pydm.jit
def one_54(p: float) -> float: return p - 0.0
@pydm.jit
def one_55(p: float) -> float: return 0.0 - p
@pydm.jit
def one_56(p: float) -> float: return -(p - 0.0)
@pydm.jit
def one_57(p: float) -> float: return (-p) - 0.0
@pydm.jit
def one_58(p: float) -> float: return p * 0.0
@pydm.jit
def one_59(p: float) -> float: return 0.0 * p
@pydm.jit
def one_60(p: float) -> float: return -(p * 0.0)
@pydm.jit
def one_61(p: float) -> float: return (-p) * 0.0
@pydm.jit
def one_62(p: float) -> float: return p / 0.0
@pydm.jit
def one_63(p: float) -> float: return 0.0 / p
@pydm.jit
def one_64(p: float) -> float: return -(p / 0.0)
@pydm.jit
def one_65(p: float) -> float: return (-p) / 0.0
@pydm.jit
def one_66(p: float) -> float: return p + -0.0
@pydm.jit
def one_67(p: float) -> float: return -0.0 + p
@pydm.jit
def one_68(p: float) -> float: return -(p + -0.0)
@pydm.jit
def one_69(p: float) -> float: return (-p) + -0.0
@pydm.jit
def one_70(p: float) -> float: return p - -0.0
@pydm.jit
def one_71(p: float) -> float: return -0.0 - p
@pydm.jit
def one_72(p: float) -> float: return -(p - -0.0)
@pydm.jit
def one_73(p: float) -> float: return (-p) - -0.0
@pydm.jit
def one_74(p: float) -> float: return p * -0.0
@pydm.jit
def one_75(p: float) -> float: return -0.0 * p
@pydm.jit
def one_76(p: float) -> float: return -(p * -0.0)
@pydm.jit
def one_77(p: float) -> float: return (-p) * -0.0
@pydm.jit
def one_78(p: float) -> float: return p / -0.0
@pydm.jit
def one_79(p: float) -> float: return -0.0 / p
@pydm.jit
def one_80(p: float) -> float: return -(p / -0.0)
@pydm.jit
def one_81(p: float) -> float: return (-p) / -0.0
@pydm.jit
def one_82(p: float) -> float: return p + 1.0
@pydm.jit
def one_83(p: float) -> float: return 1.0 + p
@pydm.jit
def one_84(p: float) -> float: return -(p + 1.0)
@pydm.jit
def one_85(p: float) -> float: return (-p) + 1.0
@pydm.jit
def one_86(p: float) -> float: return p - 1.0
@pydm.jit
def one_87(p: float) -> float: return 1.0 - p
@pydm.jit
def one_88(p: float) -> float: return -(p - 1.0)
@pydm.jit
def one_89(p: float) -> float: return (-p) - 1.0
@pydm.jit
def one_90(p: float) -> float: return p * 1.0
@pydm.jit
def one_91(p: float) -> float: return 1.0 * p
@pydm.jit
def one_92(p: float) -> float: return -(p * 1.0)
@pydm.jit
def one_93(p: float) -> float: return (-p) * 1.0
@pydm.jit
def one_94(p: float) -> float: return p / 1.0
@pydm.jit
def one_95(p: float) -> float: return 1.0 / p
@pydm.jit
def one_96(p: float) -> float: return -(p / 1.0)
@pydm.jit
def one_97(p: float) -> float: return (-p) / 1.0
@pydm.jit
def one_98(p: float) -> float: return p + -1.0
@pydm.jit
def one_99(p: float) -> float: return -1.0 + p
@pydm.jit
def one_100(p: float) -> float: return -(p + -1.0)
@pydm.jit
def one_101(p: float) -> float: return (-p) + -1.0
@pydm.jit
def one_102(p: float) -> float: return p - -1.0
@pydm.jit
def one_103(p: float) -> float: return -1.0 - p
@pydm.jit
def one_104(p: float) -> float: return -(p - -1.0)
@pydm.jit
def one_105(p: float) -> float: return (-p) - -1.0
@pydm.jit
def one_106(p: float) -> float: return p * -1.0
@pydm.jit
def one_107(p: float) -> float: return -1.0 * p
@pydm.jit
def one_108(p: float) -> float: return -(p * -1.0)
@pydm.jit
def one_109(p: float) -> float: return (-p) * -1.0
@pydm.jit
def one_110(p: float) -> float: return p / -1.0
@pydm.jit
def one_111(p: float) -> float: return -1.0 / p
@pydm.jit
def one_112(p: float) -> float: return -(p / -1.0)
@pydm.jit
def one_113(p: float) -> float: return (-p) / -1.0
@pydm.jit
def one_114(p: float) -> float: return p + 2.0
@pydm.jit
def one_115(p: float) -> float: return 2.0 + p
@pydm.jit
def one_116(p: float) -> float: return -(p + 2.0)
@pydm.jit
def one_117(p: float) -> float: return (-p) + 2.0
@pydm.jit
def one_118(p: float) -> float: return p - 2.0
@pydm.jit
def one_119(p: float) -> float: return 2.0 - p
@pydm.jit
def one_120(p: float) -> float: return -(p - 2.0)
@pydm.jit
def one_121(p: float) -> float: return (-p) - 2.0
@pydm.jit
def one_122(p: float) -> float: return p * 2.0
@pydm.jit
def one_123(p: float) -> float: return 2.0 * p
@pydm.jit
def one_124(p: float) -> float: return -(p * 2.0)
@pydm.jit
def one_125(p: float) -> float: return (-p) * 2.0
@pydm.jit
def one_126(p: float) -> float: return p / 2.0
@pydm.jit
def one_127(p: float) -> float: return 2.0 / p
@pydm.jit
def one_128(p: float) -> float: return -(p / 2.0)
@pydm.jit
def one_129(p: float) -> float: return (-p) / 2.0
@pydm.jit
def one_130(p: float) -> float: return (p + 0.0) + 0.0
@pydm.jit
def one_131(p: float) -> float: return (p + 0.0) - 0.0
@pydm.jit
def one_132(p: float) -> float: return (p + 0.0) * 0.0
@pydm.jit
def one_133(p: float) -> float: return (p + 0.0) / 0.0
@pydm.jit
def one_134(p: float) -> float: return (p - 0.0) + 0.0
@pydm.jit
def one_135(p: float) -> float: return (p - 0.0) - 0.0
@pydm.jit
def one_136(p: float) -> float: return (p - 0.0) * 0.0
@pydm.jit
def one_137(p: float) -> float: return (p - 0.0) / 0.0
@pydm.jit
def one_138(p: float) -> float: return (p * 0.0) + 0.0
@pydm.jit
def one_139(p: float) -> float: return (p * 0.0) - 0.0
@pydm.jit
def one_140(p: float) -> float: return (p * 0.0) * 0.0
@pydm.jit
def one_141(p: float) -> float: return (p * 0.0) / 0.0
@pydm.jit
def one_142(p: float) -> float: return (p / 0.0) + 0.0
@pydm.jit
def one_143(p: float) -> float: return (p / 0.0) - 0.0
@pydm.jit
def one_144(p: float) -> float: return (p / 0.0) * 0.0
@pydm.jit
def one_145(p: float) -> float: return (p / 0.0) / 0.0
@pydm.jit
def one_146(p: float) -> float: return (p + -0.0) + -0.0
@pydm.jit
def one_147(p: float) -> float: return (p + -0.0) - -0.0
@pydm.jit
def one_148(p: float) -> float: return (p + -0.0) * -0.0
@pydm.jit
def one_149(p: float) -> float: return (p + -0.0) / -0.0
@pydm.jit
def one_150(p: float) -> float: return (p - -0.0) + -0.0
@pydm.jit
def one_151(p: float) -> float: return (p - -0.0) - -0.0
@pydm.jit
def one_152(p: float) -> float: return (p - -0.0) * -0.0
@pydm.jit
def one_153(p: float) -> float: return (p - -0.0) / -0.0
@pydm.jit
def one_154(p: float) -> float: return (p * -0.0) + -0.0
@pydm.jit
def one_155(p: float) -> float: return (p * -0.0) - -0.0
@pydm.jit
def one_156(p: float) -> float: return (p * -0.0) * -0.0
@pydm.jit
def one_157(p: float) -> float: return (p * -0.0) / -0.0
@pydm.jit
def one_158(p: float) -> float: return (p / -0.0) + -0.0
@pydm.jit
def one_159(p: float) -> float: return (p / -0.0) - -0.0
@pydm.jit
def one_160(p: float) -> float: return (p / -0.0) * -0.0
@pydm.jit
def one_161(p: float) -> float: return (p / -0.0) / -0.0
@pydm.jit
def one_162(p: float) -> float: return (p + 1.0) + 1.0
@pydm.jit
def one_163(p: float) -> float: return (p + 1.0) - 1.0
@pydm.jit
def one_164(p: float) -> float: return (p + 1.0) * 1.0
@pydm.jit
def one_165(p: float) -> float: return (p + 1.0) / 1.0
@pydm.jit
def one_166(p: float) -> float: return (p - 1.0) + 1.0
@pydm.jit
def one_167(p: float) -> float: return (p - 1.0) - 1.0
@pydm.jit
def one_168(p: float) -> float: return (p - 1.0) * 1.0
@pydm.jit
def one_169(p: float) -> float: return (p - 1.0) / 1.0
@pydm.jit
def one_170(p: float) -> float: return (p * 1.0) + 1.0
@pydm.jit
def one_171(p: float) -> float: return (p * 1.0) - 1.0
@pydm.jit
def one_172(p: float) -> float: return (p * 1.0) * 1.0
@pydm.jit
def one_173(p: float) -> float: return (p * 1.0) / 1.0
@pydm.jit
def one_174(p: float) -> float: return (p / 1.0) + 1.0
@pydm.jit
def one_175(p: float) -> float: return (p / 1.0) - 1.0
@pydm.jit
def one_176(p: float) -> float: return (p / 1.0) * 1.0
@pydm.jit
def one_177(p: float) -> float: return (p / 1.0) / 1.0
@pydm.jit
def one_178(p: float) -> float: return (p + -1.0) + -1.0
@pydm.jit
def one_179(p: float) -> float: return (p + -1.0) - -1.0
@pydm.jit
def one_180(p: float) -> float: return (p + -1.0) * -1.0
@pydm.jit
def one_181(p: float) -> float: return (p + -1.0) / -1.0
@pydm.jit
def one_182(p: float) -> float: return (p - -1.0) + -1.0
@pydm.jit
def one_183(p: float) -> float: return (p - -1.0) - -1.0
@pydm.jit
def one_184(p: float) -> float: return (p - -1.0) * -1.0
@pydm.jit
def one_185(p: float) -> float: return (p - -1.0) / -1.0
@pydm.jit
def one_186(p: float) -> float: return (p * -1.0) + -1.0
@pydm.jit
def one_187(p: float) -> float: return (p * -1.0) - -1.0
@pydm.jit
def one_188(p: float) -> float: return (p * -1.0) * -1.0
@pydm.jit
def one_189(p: float) -> float: return (p * -1.0) / -1.0
@pydm.jit
def one_190(p: float) -> float: return (p / -1.0) + -1.0
@pydm.jit
def one_191(p: float) -> float: return (p / -1.0) - -1.0
@pydm.jit
def one_192(p: float) -> float: return (p / -1.0) * -1.0
@pydm.jit
def one_193(p: float) -> float: return (p / -1.0) / -1.0
@pydm.jit
def one_194(p: float) -> float: return (p + 2.0) + 2.0
@pydm.jit
def one_195(p: float) -> float: return (p + 2.0) - 2.0
@pydm.jit
def one_196(p: float) -> float: return (p + 2.0) * 2.0
@pydm.jit
def one_197(p: float) -> float: return (p + 2.0) / 2.0
@pydm.jit
def one_198(p: float) -> float: return (p - 2.0) + 2.0
@pydm.jit
def one_199(p: float) -> float: return (p - 2.0) - 2.0
@pydm.jit
def one_200(p: float) -> float: return (p - 2.0) * 2.0
@pydm.jit
def one_201(p: float) -> float: return (p - 2.0) / 2.0
@pydm.jit
def one_202(p: float) -> float: return (p * 2.0) + 2.0
@pydm.jit
def one_203(p: float) -> float: return (p * 2.0) - 2.0
@pydm.jit
def one_204(p: float) -> float: return (p * 2.0) * 2.0
@pydm.jit
def one_205(p: float) -> float: return (p * 2.0) / 2.0
@pydm.jit
def one_206(p: float) -> float: return (p / 2.0) + 2.0
@pydm.jit
def one_207(p: float) -> float: return (p / 2.0) - 2.0
@pydm.jit
def one_208(p: float) -> float: return (p / 2.0) * 2.0
@pydm.jit
def one_209(p: float) -> float: return (p / 2.0) / 2.0
@pydm.jit
def one_210(p: float) -> float: return (p + 2.0) + 0.5
@pydm.jit
def one_211(p: float) -> float: return (p + 2.0) - 0.5
@pydm.jit
def one_212(p: float) -> float: return (p + 2.0) * 0.5
@pydm.jit
def one_213(p: float) -> float: return (p + 2.0) / 0.5
@pydm.jit
def one_214(p: float) -> float: return (p - 2.0) + 0.5
@pydm.jit
def one_215(p: float) -> float: return (p - 2.0) - 0.5
@pydm.jit
def one_216(p: float) -> float: return (p - 2.0) * 0.5
@pydm.jit
def one_217(p: float) -> float: return (p - 2.0) / 0.5
@pydm.jit
def one_218(p: float) -> float: return (p * 2.0) + 0.5
@pydm.jit
def one_219(p: float) -> float: return (p * 2.0) - 0.5
@pydm.jit
def one_220(p: float) -> float: return (p * 2.0) * 0.5
@pydm.jit
def one_221(p: float) -> float: return (p * 2.0) / 0.5
@pydm.jit
def one_222(p: float) -> float: return (p / 2.0) + 0.5
@pydm.jit
def one_223(p: float) -> float: return (p / 2.0) - 0.5
@pydm.jit
def one_224(p: float) -> float: return (p / 2.0) * 0.5
@pydm.jit
def one_225(p: float) -> float: return (p / 2.0) / 0.5
@pydm.jit
def one_226(p: float) -> float: return (p + 0.5) + 2.0
@pydm.jit
def one_227(p: float) -> float: return (p + 0.5) - 2.0
@pydm.jit
def one_228(p: float) -> float: return (p + 0.5) * 2.0
@pydm.jit
def one_229(p: float) -> float: return (p + 0.5) / 2.0
@pydm.jit
def one_230(p: float) -> float: return (p - 0.5) + 2.0
@pydm.jit
def one_231(p: float) -> float: return (p - 0.5) - 2.0
@pydm.jit
def one_232(p: float) -> float: return (p - 0.5) * 2.0
@pydm.jit
def one_233(p: float) -> float: return (p - 0.5) / 2.0
@pydm.jit
def one_234(p: float) -> float: return (p * 0.5) + 2.0
@pydm.jit
def one_235(p: float) -> float: return (p * 0.5) - 2.0
@pydm.jit
def one_236(p: float) -> float: return (p * 0.5) * 2.0
@pydm.jit
def one_237(p: float) -> float: return (p * 0.5) / 2.0
@pydm.jit
def one_238(p: float) -> float: return (p / 0.5) + 2.0
@pydm.jit
def one_239(p: float) -> float: return (p / 0.5) - 2.0
@pydm.jit
def one_240(p: float) -> float: return (p / 0.5) * 2.0
@pydm.jit
def one_241(p: float) -> float: return (p / 0.5) / 2.0
@pydm.jit
def one_242(p: float) -> float: return (p + 1.0) + -1.0
@pydm.jit
def one_243(p: float) -> float: return (p + 1.0) - -1.0
@pydm.jit
def one_244(p: float) -> float: return (p + 1.0) * -1.0
@pydm.jit
def one_245(p: float) -> float: return (p + 1.0) / -1.0
@pydm.jit
def one_246(p: float) -> float: return (p - 1.0) + -1.0
@pydm.jit
def one_247(p: float) -> float: return (p - 1.0) - -1.0
@pydm.jit
def one_248(p: float) -> float: return (p - 1.0) * -1.0
@pydm.jit
def one_249(p: float) -> float: return (p - 1.0) / -1.0
@pydm.jit
def one_250(p: float) -> float: return (p * 1.0) + -1.0
@pydm.jit
def one_251(p: float) -> float: return (p * 1.0) - -1.0
@pydm.jit
def one_252(p: float) -> float: return (p * 1.0) * -1.0
@pydm.jit
def one_253(p: float) -> float: return (p * 1.0) / -1.0
@pydm.jit
def one_254(p: float) -> float: return (p / 1.0) + -1.0
@pydm.jit
def one_255(p: float) -> float: return (p / 1.0) - -1.0
@pydm.jit
def one_256(p: float) -> float: return (p / 1.0) * -1.0
@pydm.jit
def one_257(p: float) -> float: return (p / 1.0) / -1.0
@pydm.jit
def one_258(p: float) -> float: return (p + -1.0) + 1.0
@pydm.jit
def one_259(p: float) -> float: return (p + -1.0) - 1.0
@pydm.jit
def one_260(p: float) -> float: return (p + -1.0) * 1.0
@pydm.jit
def one_261(p: float) -> float: return (p + -1.0) / 1.0
@pydm.jit
def one_262(p: float) -> float: return (p - -1.0) + 1.0
@pydm.jit
def one_263(p: float) -> float: return (p - -1.0) - 1.0
@pydm.jit
def one_264(p: float) -> float: return (p - -1.0) * 1.0
@pydm.jit
def one_265(p: float) -> float: return (p - -1.0) / 1.0
@pydm.jit
def one_266(p: float) -> float: return (p * -1.0) + 1.0
@pydm.jit
def one_267(p: float) -> float: return (p * -1.0) - 1.0
@pydm.jit
def one_268(p: float) -> float: return (p * -1.0) * 1.0
@pydm.jit
def one_269(p: float) -> float: return (p * -1.0) / 1.0
@pydm.jit
def one_270(p: float) -> float: return (p / -1.0) + 1.0
@pydm.jit
def one_271(p: float) -> float: return (p / -1.0) - 1.0
@pydm.jit
def one_272(p: float) -> float: return (p / -1.0) * 1.0
@pydm.jit
def one_273(p: float) -> float: return (p / -1.0) / 1.0
@pydm.jit
def one_274(p: float) -> float: return (p + 0.0) + -0.0
@pydm.jit
def one_275(p: float) -> float: return (p + 0.0) - -0.0
@pydm.jit
def one_276(p: float) -> float: return (p + 0.0) * -0.0
@pydm.jit
def one_277(p: float) -> float: return (p + 0.0) / -0.0
@pydm.jit
def one_278(p: float) -> float: return (p - 0.0) + -0.0
@pydm.jit
def one_279(p: float) -> float: return (p - 0.0) - -0.0
@pydm.jit
def one_280(p: float) -> float: return (p - 0.0) * -0.0
@pydm.jit
def one_281(p: float) -> float: return (p - 0.0) / -0.0
@pydm.jit
def one_282(p: float) -> float: return (p * 0.0) + -0.0
@pydm.jit
def one_283(p: float) -> float: return (p * 0.0) - -0.0
@pydm.jit
def one_284(p: float) -> float: return (p * 0.0) * -0.0
@pydm.jit
def one_285(p: float) -> float: return (p * 0.0) / -0.0
@pydm.jit
def one_286(p: float) -> float: return (p / 0.0) + -0.0
@pydm.jit
def one_287(p: float) -> float: return (p / 0.0) - -0.0
@pydm.jit
def one_288(p: float) -> float: return (p / 0.0) * -0.0
@pydm.jit
def one_289(p: float) -> float: return (p / 0.0) / -0.0
@pydm.jit
def one_290(p: float) -> float: return (p + -0.0) + 0.0
@pydm.jit
def one_291(p: float) -> float: return (p + -0.0) - 0.0
@pydm.jit
def one_292(p: float) -> float: return (p + -0.0) * 0.0
@pydm.jit
def one_293(p: float) -> float: return (p + -0.0) / 0.0
@pydm.jit
def one_294(p: float) -> float: return (p - -0.0) + 0.0
@pydm.jit
def one_295(p: float) -> float: return (p - -0.0) - 0.0
@pydm.jit
def one_296(p: float) -> float: return (p - -0.0) * 0.0
@pydm.jit
def one_297(p: float) -> float: return (p - -0.0) / 0.0
@pydm.jit
def one_298(p: float) -> float: return (p * -0.0) + 0.0
@pydm.jit
def one_299(p: float) -> float: return (p * -0.0) - 0.0
@pydm.jit
def one_300(p: float) -> float: return (p * -0.0) * 0.0
@pydm.jit
def one_301(p: float) -> float: return (p * -0.0) / 0.0
@pydm.jit
def one_302(p: float) -> float: return (p / -0.0) + 0.0
@pydm.jit
def one_303(p: float) -> float: return (p / -0.0) - 0.0
@pydm.jit
def one_304(p: float) -> float: return (p / -0.0) * 0.0
@pydm.jit
def one_305(p: float) -> float: return (p / -0.0) / 0.0
@pydm.jit
def one_306(p: float) -> float: return (p + 2.0) + -2.0
@pydm.jit
def one_307(p: float) -> float: return (p + 2.0) - -2.0
@pydm.jit
def one_308(p: float) -> float: return (p + 2.0) * -2.0
@pydm.jit
def one_309(p: float) -> float: return (p + 2.0) / -2.0
@pydm.jit
def one_310(p: float) -> float: return (p - 2.0) + -2.0
@pydm.jit
def one_311(p: float) -> float: return (p - 2.0) - -2.0
@pydm.jit
def one_312(p: float) -> float: return (p - 2.0) * -2.0
@pydm.jit
def one_313(p: float) -> float: return (p - 2.0) / -2.0
@pydm.jit
def one_314(p: float) -> float: return (p * 2.0) + -2.0
@pydm.jit
def one_315(p: float) -> float: return (p * 2.0) - -2.0
@pydm.jit
def one_316(p: float) -> float: return (p * 2.0) * -2.0
@pydm.jit
def one_317(p: float) -> float: return (p * 2.0) / -2.0
@pydm.jit
def one_318(p: float) -> float: return (p / 2.0) + -2.0
@pydm.jit
def one_319(p: float) -> float: return (p / 2.0) - -2.0
@pydm.jit
def one_320(p: float) -> float: return (p / 2.0) * -2.0
@pydm.jit
def one_321(p: float) -> float: return (p / 2.0) / -2.0
@pydm.jit
def one_322(p: float) -> float: return p + 0.0 + 0.0
@pydm.jit
def one_323(p: float) -> float: return p - 0.0 - 0.0
@pydm.jit
def one_324(p: float) -> float: return 0.0 - (0.0 - p)
@pydm.jit
def one_325(p: float) -> float: return -(0.0 - p)
@pydm.jit
def one_326(p: float) -> float: return 0.0 - -p
@pydm.jit
def one_327(p: float) -> float: return -0.0 - -p
@pydm.jit
def one_328(p: float) -> float: return p * 1.0 + 0.0
@pydm.jit
def one_329(p: float) -> float: return p * 0.0 + p
@pydm.jit
def one_330(p: float) -> float: return p + p * 0.0
@pydm.jit
def one_331(p: float) -> float: return p * p * 0.0
@pydm.jit
def one_332(p: float) -> float: return 0.0 * p * p
@pydm.jit
def one_333(p: float) -> float: return p * 0.0 * 0.0
@pydm.jit
def one_334(p: float) -> float: return 0.0 / p / p
@pydm.jit
def one_335(p: float) -> float: return p / p * 0.0
@pydm.jit
def one_336(p: float) -> float: return (p + p) / 2.0
@pydm.jit
def one_337(p: float) -> float: return p * 2.0 - p
@pydm.jit
def one_338(p: float) -> float: return p * 3.0 - p - p - p
@pydm.jit
def one_339(p: float) -> float: return p * 0.5 + p * 0.5
@pydm.jit
def one_340(p: float) -> float: return (p - 1.0) * 0.0

# --- two operands (p, q)

@pydm.jit
def two_0(p: float, q: float) -> float: return (p + q) + p
@pydm.jit
def two_1(p: float, q: float) -> float: return (p + q) + q
@pydm.jit
def two_2(p: float, q: float) -> float: return p + (p + q)
@pydm.jit
def two_3(p: float, q: float) -> float: return q + (p + q)
@pydm.jit
def two_4(p: float, q: float) -> float: return (p + q) + (p + q)
@pydm.jit
def two_5(p: float, q: float) -> float: return (p + q) + (q + p)
@pydm.jit
def two_6(p: float, q: float) -> float: return (p + q) - p
@pydm.jit
def two_7(p: float, q: float) -> float: return (p + q) - q
@pydm.jit
def two_8(p: float, q: float) -> float: return p - (p + q)
@pydm.jit
def two_9(p: float, q: float) -> float: return q - (p + q)
@pydm.jit
def two_10(p: float, q: float) -> float: return (p + q) - (p + q)
@pydm.jit
def two_11(p: float, q: float) -> float: return (p + q) - (q + p)
@pydm.jit
def two_12(p: float, q: float) -> float: return (p + q) * p
@pydm.jit
def two_13(p: float, q: float) -> float: return (p + q) * q
@pydm.jit
def two_14(p: float, q: float) -> float: return p * (p + q)
@pydm.jit
def two_15(p: float, q: float) -> float: return q * (p + q)
@pydm.jit
def two_16(p: float, q: float) -> float: return (p + q) * (p + q)
@pydm.jit
def two_17(p: float, q: float) -> float: return (p + q) * (q + p)
@pydm.jit
def two_18(p: float, q: float) -> float: return (p + q) / p
@pydm.jit
def two_19(p: float, q: float) -> float: return (p + q) / q
@pydm.jit
def two_20(p: float, q: float) -> float: return p / (p + q)
@pydm.jit
def two_21(p: float, q: float) -> float: return q / (p + q)
@pydm.jit
def two_22(p: float, q: float) -> float: return (p + q) / (p + q)
@pydm.jit
def two_23(p: float, q: float) -> float: return (p + q) / (q + p)
@pydm.jit
def two_24(p: float, q: float) -> float: return (p - q) + p
@pydm.jit
def two_25(p: float, q: float) -> float: return (p - q) + q
@pydm.jit
def two_26(p: float, q: float) -> float: return p + (p - q)
@pydm.jit
def two_27(p: float, q: float) -> float: return q + (p - q)
@pydm.jit
def two_28(p: float, q: float) -> float: return (p - q) + (p - q)
@pydm.jit
def two_29(p: float, q: float) -> float: return (p - q) + (q - p)
@pydm.jit
def two_30(p: float, q: float) -> float: return (p - q) - p
@pydm.jit
def two_31(p: float, q: float) -> float: return (p - q) - q
@pydm.jit
def two_32(p: float, q: float) -> float: return p - (p - q)
@pydm.jit
def two_33(p: float, q: float) -> float: return q - (p - q)
@pydm.jit
def two_34(p: float, q: float) -> float: return (p - q) - (p - q)
@pydm.jit
def two_35(p: float, q: float) -> float: return (p - q) - (q - p)
@pydm.jit
def two_36(p: float, q: float) -> float: return (p - q) * p
@pydm.jit
def two_37(p: float, q: float) -> float: return (p - q) * q
@pydm.jit
def two_38(p: float, q: float) -> float: return p * (p - q)
@pydm.jit
def two_39(p: float, q: float) -> float: return q * (p - q)
@pydm.jit
def two_40(p: float, q: float) -> float: return (p - q) * (p - q)
@pydm.jit
def two_41(p: float, q: float) -> float: return (p - q) * (q - p)
@pydm.jit
def two_42(p: float, q: float) -> float: return (p - q) / p
@pydm.jit
def two_43(p: float, q: float) -> float: return (p - q) / q
@pydm.jit
def two_44(p: float, q: float) -> float: return p / (p - q)
@pydm.jit
def two_45(p: float, q: float) -> float: return q / (p - q)
@pydm.jit
def two_46(p: float, q: float) -> float: return (p - q) / (p - q)
@pydm.jit
def two_47(p: float, q: float) -> float: return (p - q) / (q - p)
@pydm.jit
def two_48(p: float, q: float) -> float: return (p * q) + p
@pydm.jit
def two_49(p: float, q: float) -> float: return (p * q) + q
@pydm.jit
def two_50(p: float, q: float) -> float: return p + (p * q)
@pydm.jit
def two_51(p: float, q: float) -> float: return q + (p * q)
@pydm.jit
def two_52(p: float, q: float) -> float: return (p * q) + (p * q)
@pydm.jit
def two_53(p: float, q: float) -> float: return (p * q) + (q * p)
@pydm.jit
def two_54(p: float, q: float) -> float: return (p * q) - p
@pydm.jit
def two_55(p: float, q: float) -> float: return (p * q) - q
@pydm.jit
def two_56(p: float, q: float) -> float: return p - (p * q)
@pydm.jit
def two_57(p: float, q: float) -> float: return q - (p * q)
@pydm.jit
def two_58(p: float, q: float) -> float: return (p * q) - (p * q)
@pydm.jit
def two_59(p: float, q: float) -> float: return (p * q) - (q * p)
@pydm.jit
def two_60(p: float, q: float) -> float: return (p * q) * p
@pydm.jit
def two_61(p: float, q: float) -> float: return (p * q) * q
@pydm.jit
def two_62(p: float, q: float) -> float: return p * (p * q)
@pydm.jit
def two_63(p: float, q: float) -> float: return q * (p * q)
@pydm.jit
def two_64(p: float, q: float) -> float: return (p * q) * (p * q)
@pydm.jit
def two_65(p: float, q: float) -> float: return (p * q) * (q * p)
@pydm.jit
def two_66(p: float, q: float) -> float: return (p * q) / p
@pydm.jit
def two_67(p: float, q: float) -> float: return (p * q) / q
@pydm.jit
def two_68(p: float, q: float) -> float: return p / (p * q)
@pydm.jit
def two_69(p: float, q: float) -> float: return q / (p * q)
@pydm.jit
def two_70(p: float, q: float) -> float: return (p * q) / (p * q)
@pydm.jit
def two_71(p: float, q: float) -> float: return (p * q) / (q * p)
@pydm.jit
def two_72(p: float, q: float) -> float: return (p / q) + p
@pydm.jit
def two_73(p: float, q: float) -> float: return (p / q) + q
@pydm.jit
def two_74(p: float, q: float) -> float: return p + (p / q)
@pydm.jit
def two_75(p: float, q: float) -> float: return q + (p / q)
@pydm.jit
def two_76(p: float, q: float) -> float: return (p / q) + (p / q)
@pydm.jit
def two_77(p: float, q: float) -> float: return (p / q) + (q / p)
@pydm.jit
def two_78(p: float, q: float) -> float: return (p / q) - p
@pydm.jit
def two_79(p: float, q: float) -> float: return (p / q) - q
@pydm.jit
def two_80(p: float, q: float) -> float: return p - (p / q)
@pydm.jit
def two_81(p: float, q: float) -> float: return q - (p / q)
@pydm.jit
def two_82(p: float, q: float) -> float: return (p / q) - (p / q)
@pydm.jit
def two_83(p: float, q: float) -> float: return (p / q) - (q / p)
@pydm.jit
def two_84(p: float, q: float) -> float: return (p / q) * p
@pydm.jit
def two_85(p: float, q: float) -> float: return (p / q) * q
@pydm.jit
def two_86(p: float, q: float) -> float: return p * (p / q)
@pydm.jit
def two_87(p: float, q: float) -> float: return q * (p / q)
@pydm.jit
def two_88(p: float, q: float) -> float: return (p / q) * (p / q)
@pydm.jit
def two_89(p: float, q: float) -> float: return (p / q) * (q / p)
@pydm.jit
def two_90(p: float, q: float) -> float: return (p / q) / p
@pydm.jit
def two_91(p: float, q: float) -> float: return (p / q) / q
@pydm.jit
def two_92(p: float, q: float) -> float: return p / (p / q)
@pydm.jit
def two_93(p: float, q: float) -> float: return q / (p / q)
@pydm.jit
def two_94(p: float, q: float) -> float: return (p / q) / (p / q)
@pydm.jit
def two_95(p: float, q: float) -> float: return (p / q) / (q / p)
@pydm.jit
def two_96(p: float, q: float) -> float: return p + q
@pydm.jit
def two_97(p: float, q: float) -> float: return -(p + q)
@pydm.jit
def two_98(p: float, q: float) -> float: return (-p) + q
@pydm.jit
def two_99(p: float, q: float) -> float: return p + (-q)
@pydm.jit
def two_100(p: float, q: float) -> float: return (-p) + (-q)
@pydm.jit
def two_101(p: float, q: float) -> float: return -((-p) + q)
@pydm.jit
def two_102(p: float, q: float) -> float: return (p + q) + (-p)
@pydm.jit
def two_103(p: float, q: float) -> float: return (-p) + (p + q)
@pydm.jit
def two_104(p: float, q: float) -> float: return (p + q) - (-q)
@pydm.jit
def two_105(p: float, q: float) -> float: return p + q * 0.0
@pydm.jit
def two_106(p: float, q: float) -> float: return (p + q) * 1.0 - p
@pydm.jit
def two_107(p: float, q: float) -> float: return p - q
@pydm.jit
def two_108(p: float, q: float) -> float: return -(p - q)
@pydm.jit
def two_109(p: float, q: float) -> float: return (-p) - q
@pydm.jit
def two_110(p: float, q: float) -> float: return p - (-q)
@pydm.jit
def two_111(p: float, q: float) -> float: return (-p) - (-q)
@pydm.jit
def two_112(p: float, q: float) -> float: return -((-p) - q)
@pydm.jit
def two_113(p: float, q: float) -> float: return (p - q) + (-p)
@pydm.jit
def two_114(p: float, q: float) -> float: return (-p) + (p - q)
@pydm.jit
def two_115(p: float, q: float) -> float: return (p - q) - (-q)
@pydm.jit
def two_116(p: float, q: float) -> float: return p - q * 0.0
@pydm.jit
def two_117(p: float, q: float) -> float: return (p - q) * 1.0 - p
@pydm.jit
def two_118(p: float, q: float) -> float: return p * q
@pydm.jit
def two_119(p: float, q: float) -> float: return -(p * q)
@pydm.jit
def two_120(p: float, q: float) -> float: return (-p) * q
@pydm.jit
def two_121(p: float, q: float) -> float: return p * (-q)
@pydm.jit
def two_122(p: float, q: float) -> float: return (-p) * (-q)
@pydm.jit
def two_123(p: float, q: float) -> float: return -((-p) * q)
@pydm.jit
def two_124(p: float, q: float) -> float: return (p * q) + (-p)
@pydm.jit
def two_125(p: float, q: float) -> float: return (-p) + (p * q)
@pydm.jit
def two_126(p: float, q: float) -> float: return (p * q) - (-q)
@pydm.jit
def two_127(p: float, q: float) -> float: return p * q * 0.0
@pydm.jit
def two_128(p: float, q: float) -> float: return (p * q) * 1.0 - p
@pydm.jit
def two_129(p: float, q: float) -> float: return p / q
@pydm.jit
def two_130(p: float, q: float) -> float: return -(p / q)
@pydm.jit
def two_131(p: float, q: float) -> float: return (-p) / q
@pydm.jit
def two_132(p: float, q: float) -> float: return p / (-q)
@pydm.jit
def two_133(p: float, q: float) -> float: return (-p) / (-q)
@pydm.jit
def two_134(p: float, q: float) -> float: return -((-p) / q)
@pydm.jit
def two_135(p: float, q: float) -> float: return (p / q) + (-p)
@pydm.jit
def two_136(p: float, q: float) -> float: return (-p) + (p / q)
@pydm.jit
def two_137(p: float, q: float) -> float: return (p / q) - (-q)
@pydm.jit
def two_138(p: float, q: float) -> float: return p / q * 0.0
@pydm.jit
def two_139(p: float, q: float) -> float: return (p / q) * 1.0 - p
@pydm.jit
def two_140(p: float, q: float) -> float: return p * q + p
@pydm.jit
def two_141(p: float, q: float) -> float: return p * q - p * q
@pydm.jit
def two_142(p: float, q: float) -> float: return p * q + q * p
@pydm.jit
def two_143(p: float, q: float) -> float: return (p * q) / q * q
@pydm.jit
def two_144(p: float, q: float) -> float: return p - q + q - p
@pydm.jit
def two_145(p: float, q: float) -> float: return p + q - p - q
@pydm.jit
def two_146(p: float, q: float) -> float: return (p - p) * q
@pydm.jit
def two_147(p: float, q: float) -> float: return q * (p - p)
@pydm.jit
def two_148(p: float, q: float) -> float: return (p - p) + q
@pydm.jit
def two_149(p: float, q: float) -> float: return p * q * 1.0 / q
@pydm.jit
def two_150(p: float, q: float) -> float: return p - q - (p - q)
@pydm.jit
def two_151(p: float, q: float) -> float: return -(p - q) + p
@pydm.jit
def two_152(p: float, q: float) -> float: return -(q - p) - p
@pydm.jit
def two_153(p: float, q: float) -> float: return (p + q) * 0.0 + q
@pydm.jit
def two_154(p: float, q: float) -> float: return (q - p) + (p - q)

# --- three operands (p, q, r)

@pydm.jit
def three_0(p: float, q: float, r: float) -> float: return (p + q) + r
@pydm.jit
def three_1(p: float, q: float, r: float) -> float: return p + (q + r)
@pydm.jit
def three_2(p: float, q: float, r: float) -> float: return ((p + q) + r) - r
@pydm.jit
def three_3(p: float, q: float, r: float) -> float: return (p + q) - r
@pydm.jit
def three_4(p: float, q: float, r: float) -> float: return p + (q - r)
@pydm.jit
def three_5(p: float, q: float, r: float) -> float: return ((p + q) - r) + r
@pydm.jit
def three_6(p: float, q: float, r: float) -> float: return (p + q) * r
@pydm.jit
def three_7(p: float, q: float, r: float) -> float: return p + (q * r)
@pydm.jit
def three_8(p: float, q: float, r: float) -> float: return ((p + q) * r) / r
@pydm.jit
def three_9(p: float, q: float, r: float) -> float: return (p + q) / r
@pydm.jit
def three_10(p: float, q: float, r: float) -> float: return p + (q / r)
@pydm.jit
def three_11(p: float, q: float, r: float) -> float: return ((p + q) / r) * r
@pydm.jit
def three_12(p: float, q: float, r: float) -> float: return (p - q) + r
@pydm.jit
def three_13(p: float, q: float, r: float) -> float: return p - (q + r)
@pydm.jit
def three_14(p: float, q: float, r: float) -> float: return ((p - q) + r) - r
@pydm.jit
def three_15(p: float, q: float, r: float) -> float: return (p - q) - r
@pydm.jit
def three_16(p: float, q: float, r: float) -> float: return p - (q - r)
@pydm.jit
def three_17(p: float, q: float, r: float) -> float: return ((p - q) - r) + r
@pydm.jit
def three_18(p: float, q: float, r: float) -> float: return (p - q) * r
@pydm.jit
def three_19(p: float, q: float, r: float) -> float: return p - (q * r)
@pydm.jit
def three_20(p: float, q: float, r: float) -> float: return ((p - q) * r) / r
@pydm.jit
def three_21(p: float, q: float, r: float) -> float: return (p - q) / r
@pydm.jit
def three_22(p: float, q: float, r: float) -> float: return p - (q / r)
@pydm.jit
def three_23(p: float, q: float, r: float) -> float: return ((p - q) / r) * r
@pydm.jit
def three_24(p: float, q: float, r: float) -> float: return (p * q) + r
@pydm.jit
def three_25(p: float, q: float, r: float) -> float: return p * (q + r)
@pydm.jit
def three_26(p: float, q: float, r: float) -> float: return ((p * q) + r) - r
@pydm.jit
def three_27(p: float, q: float, r: float) -> float: return (p * q) - r
@pydm.jit
def three_28(p: float, q: float, r: float) -> float: return p * (q - r)
@pydm.jit
def three_29(p: float, q: float, r: float) -> float: return ((p * q) - r) + r
@pydm.jit
def three_30(p: float, q: float, r: float) -> float: return (p * q) * r
@pydm.jit
def three_31(p: float, q: float, r: float) -> float: return p * (q * r)
@pydm.jit
def three_32(p: float, q: float, r: float) -> float: return ((p * q) * r) / r
@pydm.jit
def three_33(p: float, q: float, r: float) -> float: return (p * q) / r
@pydm.jit
def three_34(p: float, q: float, r: float) -> float: return p * (q / r)
@pydm.jit
def three_35(p: float, q: float, r: float) -> float: return ((p * q) / r) * r
@pydm.jit
def three_36(p: float, q: float, r: float) -> float: return (p / q) + r
@pydm.jit
def three_37(p: float, q: float, r: float) -> float: return p / (q + r)
@pydm.jit
def three_38(p: float, q: float, r: float) -> float: return ((p / q) + r) - r
@pydm.jit
def three_39(p: float, q: float, r: float) -> float: return (p / q) - r
@pydm.jit
def three_40(p: float, q: float, r: float) -> float: return p / (q - r)
@pydm.jit
def three_41(p: float, q: float, r: float) -> float: return ((p / q) - r) + r
@pydm.jit
def three_42(p: float, q: float, r: float) -> float: return (p / q) * r
@pydm.jit
def three_43(p: float, q: float, r: float) -> float: return p / (q * r)
@pydm.jit
def three_44(p: float, q: float, r: float) -> float: return ((p / q) * r) / r
@pydm.jit
def three_45(p: float, q: float, r: float) -> float: return (p / q) / r
@pydm.jit
def three_46(p: float, q: float, r: float) -> float: return p / (q / r)
@pydm.jit
def three_47(p: float, q: float, r: float) -> float: return ((p / q) / r) * r
@pydm.jit
def three_48(p: float, q: float, r: float) -> float: return p * q + r
@pydm.jit
def three_49(p: float, q: float, r: float) -> float: return r + p * q
@pydm.jit
def three_50(p: float, q: float, r: float) -> float: return p * q - r
@pydm.jit
def three_51(p: float, q: float, r: float) -> float: return r - p * q
@pydm.jit
def three_52(p: float, q: float, r: float) -> float: return (p + q) - (p + r)
@pydm.jit
def three_53(p: float, q: float, r: float) -> float: return (p - q) + (q - r)
@pydm.jit
def three_54(p: float, q: float, r: float) -> float: return (p * q) / (p * r)
@pydm.jit
def three_55(p: float, q: float, r: float) -> float: return p * q + p * r
@pydm.jit
def three_56(p: float, q: float, r: float) -> float: return (p + q + r) - (p + q)
@pydm.jit
def three_57(p: float, q: float, r: float) -> float: return (p + q) + r - r
@pydm.jit
def three_58(p: float, q: float, r: float) -> float: return p - (q + r) + r
@pydm.jit
def three_59(p: float, q: float, r: float) -> float: return (p + q) - (r + q)
@pydm.jit
def three_60(p: float, q: float, r: float) -> float: return p * q + r - r
@pydm.jit
def three_61(p: float, q: float, r: float) -> float: return (p - r) + (r - q) + q
@pydm.jit
def three_62(p: float, q: float, r: float) -> float: return p * q * r / r / q
@pydm.jit
def three_63(p: float, q: float, r: float) -> float: return (p + q) * r - p * r

# --- comparisons

@pydm.jit
def cmp_0(p: float, q: float) -> bool: return p == p
@pydm.jit
def cmp_1(p: float, q: float) -> bool: return not (p == p)
@pydm.jit
def cmp_2(p: float, q: float) -> bool: return p == q
@pydm.jit
def cmp_3(p: float, q: float) -> bool: return not (p == q)
@pydm.jit
def cmp_4(p: float, q: float) -> bool: return p - q == 0.0
@pydm.jit
def cmp_5(p: float, q: float) -> bool: return not (p - q == 0.0)
@pydm.jit
def cmp_6(p: float, q: float) -> bool: return p == 0.0
@pydm.jit
def cmp_7(p: float, q: float) -> bool: return not (p == 0.0)
@pydm.jit
def cmp_8(p: float, q: float) -> bool: return 0.0 == p
@pydm.jit
def cmp_9(p: float, q: float) -> bool: return p == -0.0
@pydm.jit
def cmp_10(p: float, q: float) -> bool: return -p == -q
@pydm.jit
def cmp_11(p: float, q: float) -> bool: return p + 0.0 == p
@pydm.jit
def cmp_12(p: float, q: float) -> bool: return p * 1.0 == p
@pydm.jit
def cmp_13(p: float, q: float) -> bool: return (p + q) - q == p
@pydm.jit
def cmp_14(p: float, q: float) -> bool: return p - p == 0.0
@pydm.jit
def cmp_15(p: float, q: float) -> bool: return p * 0.0 == 0.0
@pydm.jit
def cmp_16(p: float, q: float) -> bool: return p == q and q == p
@pydm.jit
def cmp_17(p: float, q: float) -> bool: return p == q or not (p == q)
@pydm.jit
def cmp_18(p: float, q: float) -> bool: return (p == q) == (q == p)
@pydm.jit
def cmp_19(p: float, q: float) -> bool: return (p == q) != (p == q)
@pydm.jit
def cmp_20(p: float, q: float) -> bool: return -p == p
@pydm.jit
def cmp_21(p: float, q: float) -> bool: return p + q == q + p
@pydm.jit
def cmp_22(p: float, q: float) -> bool: return p != p
@pydm.jit
def cmp_23(p: float, q: float) -> bool: return not (p != p)
@pydm.jit
def cmp_24(p: float, q: float) -> bool: return p != q
@pydm.jit
def cmp_25(p: float, q: float) -> bool: return not (p != q)
@pydm.jit
def cmp_26(p: float, q: float) -> bool: return p - q != 0.0
@pydm.jit
def cmp_27(p: float, q: float) -> bool: return not (p - q != 0.0)
@pydm.jit
def cmp_28(p: float, q: float) -> bool: return p != 0.0
@pydm.jit
def cmp_29(p: float, q: float) -> bool: return not (p != 0.0)
@pydm.jit
def cmp_30(p: float, q: float) -> bool: return 0.0 != p
@pydm.jit
def cmp_31(p: float, q: float) -> bool: return p != -0.0
@pydm.jit
def cmp_32(p: float, q: float) -> bool: return -p != -q
@pydm.jit
def cmp_33(p: float, q: float) -> bool: return p + 0.0 != p
@pydm.jit
def cmp_34(p: float, q: float) -> bool: return p * 1.0 != p
@pydm.jit
def cmp_35(p: float, q: float) -> bool: return (p + q) - q != p
@pydm.jit
def cmp_36(p: float, q: float) -> bool: return p - p != 0.0
@pydm.jit
def cmp_37(p: float, q: float) -> bool: return p * 0.0 != 0.0
@pydm.jit
def cmp_38(p: float, q: float) -> bool: return p != q and q != p
@pydm.jit
def cmp_39(p: float, q: float) -> bool: return p != q or not (p != q)
@pydm.jit
def cmp_40(p: float, q: float) -> bool: return (p != q) == (q != p)
@pydm.jit
def cmp_41(p: float, q: float) -> bool: return (p != q) != (p != q)
@pydm.jit
def cmp_42(p: float, q: float) -> bool: return -p != p
@pydm.jit
def cmp_43(p: float, q: float) -> bool: return p + q != q + p
@pydm.jit
def cmp_44(p: float, q: float) -> bool: return p < p
@pydm.jit
def cmp_45(p: float, q: float) -> bool: return not (p < p)
@pydm.jit
def cmp_46(p: float, q: float) -> bool: return p < q
@pydm.jit
def cmp_47(p: float, q: float) -> bool: return not (p < q)
@pydm.jit
def cmp_48(p: float, q: float) -> bool: return p - q < 0.0
@pydm.jit
def cmp_49(p: float, q: float) -> bool: return not (p - q < 0.0)
@pydm.jit
def cmp_50(p: float, q: float) -> bool: return p < 0.0
@pydm.jit
def cmp_51(p: float, q: float) -> bool: return not (p < 0.0)
@pydm.jit
def cmp_52(p: float, q: float) -> bool: return 0.0 < p
@pydm.jit
def cmp_53(p: float, q: float) -> bool: return p < -0.0
@pydm.jit
def cmp_54(p: float, q: float) -> bool: return -p < -q
@pydm.jit
def cmp_55(p: float, q: float) -> bool: return p + 0.0 < p
@pydm.jit
def cmp_56(p: float, q: float) -> bool: return p * 1.0 < p
@pydm.jit
def cmp_57(p: float, q: float) -> bool: return (p + q) - q < p
@pydm.jit
def cmp_58(p: float, q: float) -> bool: return p - p < 0.0
@pydm.jit
def cmp_59(p: float, q: float) -> bool: return p * 0.0 < 0.0
@pydm.jit
def cmp_60(p: float, q: float) -> bool: return p < q and q < p
@pydm.jit
def cmp_61(p: float, q: float) -> bool: return p < q or not (p < q)
@pydm.jit
def cmp_62(p: float, q: float) -> bool: return (p < q) == (q < p)
@pydm.jit
def cmp_63(p: float, q: float) -> bool: return (p < q) != (p < q)
@pydm.jit
def cmp_64(p: float, q: float) -> bool: return -p < p
@pydm.jit
def cmp_65(p: float, q: float) -> bool: return p + q < q + p
@pydm.jit
def cmp_66(p: float, q: float) -> bool: return p <= p
@pydm.jit
def cmp_67(p: float, q: float) -> bool: return not (p <= p)
@pydm.jit
def cmp_68(p: float, q: float) -> bool: return p <= q
@pydm.jit
def cmp_69(p: float, q: float) -> bool: return not (p <= q)
@pydm.jit
def cmp_70(p: float, q: float) -> bool: return p - q <= 0.0
@pydm.jit
def cmp_71(p: float, q: float) -> bool: return not (p - q <= 0.0)
@pydm.jit
def cmp_72(p: float, q: float) -> bool: return p <= 0.0
@pydm.jit
def cmp_73(p: float, q: float) -> bool: return not (p <= 0.0)
@pydm.jit
def cmp_74(p: float, q: float) -> bool: return 0.0 <= p
@pydm.jit
def cmp_75(p: float, q: float) -> bool: return p <= -0.0
@pydm.jit
def cmp_76(p: float, q: float) -> bool: return -p <= -q
@pydm.jit
def cmp_77(p: float, q: float) -> bool: return p + 0.0 <= p
@pydm.jit
def cmp_78(p: float, q: float) -> bool: return p * 1.0 <= p
@pydm.jit
def cmp_79(p: float, q: float) -> bool: return (p + q) - q <= p
@pydm.jit
def cmp_80(p: float, q: float) -> bool: return p - p <= 0.0
@pydm.jit
def cmp_81(p: float, q: float) -> bool: return p * 0.0 <= 0.0
@pydm.jit
def cmp_82(p: float, q: float) -> bool: return p <= q and q <= p
@pydm.jit
def cmp_83(p: float, q: float) -> bool: return p <= q or not (p <= q)
@pydm.jit
def cmp_84(p: float, q: float) -> bool: return (p <= q) == (q <= p)
@pydm.jit
def cmp_85(p: float, q: float) -> bool: return (p <= q) != (p <= q)
@pydm.jit
def cmp_86(p: float, q: float) -> bool: return -p <= p
@pydm.jit
def cmp_87(p: float, q: float) -> bool: return p + q <= q + p
@pydm.jit
def cmp_88(p: float, q: float) -> bool: return p > p
@pydm.jit
def cmp_89(p: float, q: float) -> bool: return not (p > p)
@pydm.jit
def cmp_90(p: float, q: float) -> bool: return p > q
@pydm.jit
def cmp_91(p: float, q: float) -> bool: return not (p > q)
@pydm.jit
def cmp_92(p: float, q: float) -> bool: return p - q > 0.0
@pydm.jit
def cmp_93(p: float, q: float) -> bool: return not (p - q > 0.0)
@pydm.jit
def cmp_94(p: float, q: float) -> bool: return p > 0.0
@pydm.jit
def cmp_95(p: float, q: float) -> bool: return not (p > 0.0)
@pydm.jit
def cmp_96(p: float, q: float) -> bool: return 0.0 > p
@pydm.jit
def cmp_97(p: float, q: float) -> bool: return p > -0.0
@pydm.jit
def cmp_98(p: float, q: float) -> bool: return -p > -q
@pydm.jit
def cmp_99(p: float, q: float) -> bool: return p + 0.0 > p
@pydm.jit
def cmp_100(p: float, q: float) -> bool: return p * 1.0 > p
@pydm.jit
def cmp_101(p: float, q: float) -> bool: return (p + q) - q > p
@pydm.jit
def cmp_102(p: float, q: float) -> bool: return p - p > 0.0
@pydm.jit
def cmp_103(p: float, q: float) -> bool: return p * 0.0 > 0.0
@pydm.jit
def cmp_104(p: float, q: float) -> bool: return p > q and q > p
@pydm.jit
def cmp_105(p: float, q: float) -> bool: return p > q or not (p > q)
@pydm.jit
def cmp_106(p: float, q: float) -> bool: return (p > q) == (q > p)
@pydm.jit
def cmp_107(p: float, q: float) -> bool: return (p > q) != (p > q)
@pydm.jit
def cmp_108(p: float, q: float) -> bool: return -p > p
@pydm.jit
def cmp_109(p: float, q: float) -> bool: return p + q > q + p
@pydm.jit
def cmp_110(p: float, q: float) -> bool: return p >= p
@pydm.jit
def cmp_111(p: float, q: float) -> bool: return not (p >= p)
@pydm.jit
def cmp_112(p: float, q: float) -> bool: return p >= q
@pydm.jit
def cmp_113(p: float, q: float) -> bool: return not (p >= q)
@pydm.jit
def cmp_114(p: float, q: float) -> bool: return p - q >= 0.0
@pydm.jit
def cmp_115(p: float, q: float) -> bool: return not (p - q >= 0.0)
@pydm.jit
def cmp_116(p: float, q: float) -> bool: return p >= 0.0
@pydm.jit
def cmp_117(p: float, q: float) -> bool: return not (p >= 0.0)
@pydm.jit
def cmp_118(p: float, q: float) -> bool: return 0.0 >= p
@pydm.jit
def cmp_119(p: float, q: float) -> bool: return p >= -0.0
@pydm.jit
def cmp_120(p: float, q: float) -> bool: return -p >= -q
@pydm.jit
def cmp_121(p: float, q: float) -> bool: return p + 0.0 >= p
@pydm.jit
def cmp_122(p: float, q: float) -> bool: return p * 1.0 >= p
@pydm.jit
def cmp_123(p: float, q: float) -> bool: return (p + q) - q >= p
@pydm.jit
def cmp_124(p: float, q: float) -> bool: return p - p >= 0.0
@pydm.jit
def cmp_125(p: float, q: float) -> bool: return p * 0.0 >= 0.0
@pydm.jit
def cmp_126(p: float, q: float) -> bool: return p >= q and q >= p
@pydm.jit
def cmp_127(p: float, q: float) -> bool: return p >= q or not (p >= q)
@pydm.jit
def cmp_128(p: float, q: float) -> bool: return (p >= q) == (q >= p)
@pydm.jit
def cmp_129(p: float, q: float) -> bool: return (p >= q) != (p >= q)
@pydm.jit
def cmp_130(p: float, q: float) -> bool: return -p >= p
@pydm.jit
def cmp_131(p: float, q: float) -> bool: return p + q >= q + p
@pydm.jit
def cmp_132(p: float, q: float) -> bool: return not (p != p) and True
@pydm.jit
def cmp_133(p: float, q: float) -> bool: return p < q or p >= q
@pydm.jit
def cmp_134(p: float, q: float) -> bool: return p <= q or p > q
@pydm.jit
def cmp_135(p: float, q: float) -> bool: return (not (p < q)) == (p >= q)
@pydm.jit
def cmp_136(p: float, q: float) -> bool: return (not (p > q)) == (p <= q)
@pydm.jit
def cmp_137(p: float, q: float) -> bool: return p == p + 0.0 * q
@pydm.jit
def cmp_138(p: float, q: float) -> bool: return p != p or q != q
@pydm.jit
def cmp_139(p: float, q: float) -> bool: return p - q == 0.0 and p == q
@pydm.jit
def cmp_140(p: float, q: float) -> bool: return not (p == q) == (p != q)
@pydm.jit
def cmp_141(p: float, q: float) -> bool: return not not (p != p)
@pydm.jit
def cmp_142(p: float, q: float) -> bool: return p == q == p
@pydm.jit
def cmp_143(p: float, q: float) -> bool: return p < q < p
@pydm.jit
def cmp_144(p: float, q: float) -> bool: return p <= p <= p


# --- statements, branches and loops around the same shapes

@pydm.jit
def stmt_temps(p: float, q: float) -> float:
    t = p + q
    u = t - p
    return u


@pydm.jit
def stmt_augmented(p: float, q: float) -> float:
    s = p
    s += q
    s -= q
    return s


@pydm.jit
def stmt_join(p: float, q: float) -> float:
    if p > q:
        t = p + q
    else:
        t = q + p
    return t - p


@pydm.jit
def stmt_select(p: float, q: float) -> float:
    t = (p + q) if p == p else (p + q)
    return t - q


@pydm.jit
def stmt_branch_not_lt(p: float, q: float) -> float:
    if not (p < q):
        return 1.0
    return 0.0


@pydm.jit
def stmt_branch_not_eq(p: float, q: float) -> float:
    if not (p == q):
        return 1.0
    return 0.0


@pydm.jit
def stmt_branch_self(p: float, q: float) -> float:
    if p != p:
        return q
    return p


@pydm.jit
def stmt_loop(p: float, q: float) -> float:
    s = p
    for i in range(3):
        s = s + q
    for i in range(3):
        s = s - q
    return s


@pydm.jit
def stmt_while(p: float, q: float) -> float:
    s = p + q
    n = 0
    while n < 2:
        s = s - q
        s = s + q
        n += 1
    return s - p


@pydm.jit
def stmt_loop_counter(p: float) -> float:
    s = 0.0
    for i in range(4):
        s = (s + i) - i + p * 0.0
    return s


# --- conversions and mixed int/float

@pydm.jit
def mixed_add_sub(p: float, n: int) -> float:
    return (p + n) - p


@pydm.jit
def mixed_add_sub_n(p: float, n: int) -> float:
    return (n + p) - n


@pydm.jit
def mixed_sub_add(p: float, n: int) -> float:
    return (p - n) + n


@pydm.jit
def mixed_mul_div(p: float, n: int) -> float:
    return (p * n) / n


@pydm.jit
def mixed_big_literal(p: float) -> float:
    return p + 9007199254740993


@pydm.jit
def mixed_big_literal_float(p: float) -> float:
    return float(9007199254740993) - p


@pydm.jit
def mixed_big_negative_literal(p: float) -> float:
    return p - 9007199254740995


@pydm.jit
def mixed_truediv_literal(p: float) -> float:
    return 4611686018427388416 / 1 - p  # 2**62 + 2**9: a tie, rounds to even


@pydm.jit
def mixed_truediv_local(n: int) -> float:
    m = 4611686018427388416
    return m / 1 - n


@pydm.jit
def mixed_truediv_by_literal(n: int) -> float:
    return n / 3 - n / 1


@pydm.jit
def mixed_int_to_float(n: int) -> float:
    return (float(n) + 1.0) - float(n)


@pydm.jit
def mixed_literal_zero(p: float) -> float:
    return (1 - 1) * p


@pydm.jit
def mixed_int_div(n: int, m: int) -> float:
    return (n / 3) * 3 - n + m * 0.0


# --- builtins and the other float operators

@pydm.jit
def op_abs_diff(p: float) -> float:
    return abs(p) - abs(p)


@pydm.jit
def op_abs_neg(p: float) -> float:
    return abs(-p)


@pydm.jit
def op_min_self(p: float, q: float) -> float:
    return min(p, p) - min(p, q)


@pydm.jit
def op_min(p: float, q: float) -> float:
    return min(p, q)


@pydm.jit
def op_max(p: float, q: float) -> float:
    return max(p, q)


@pydm.jit
def op_max_neg(p: float) -> float:
    return max(p, -p)


@pydm.jit
def op_mod_one(p: float) -> float:
    return p % 1.0


@pydm.jit
def op_zero_mod(p: float) -> float:
    return 0.0 % p


@pydm.jit
def op_mod(p: float, q: float) -> float:
    return (p % q) - q


@pydm.jit
def op_floordiv_one(p: float) -> float:
    return p // 1.0


@pydm.jit
def op_divmod_identity(p: float, q: float) -> float:
    return (p // q) * q + p % q - p


@pydm.jit
def op_pow_one(p: float) -> float:
    return p ** 1.0


@pydm.jit
def op_pow_zero(p: float) -> float:
    return p ** 0.0


@pydm.jit
def op_one_pow(p: float) -> float:
    return 1.0 ** p


@pydm.jit
def op_truth(p: float) -> bool:
    return bool(p - p)


@pydm.jit
def op_int_of_sum(p: float, q: float) -> int:
    return int((p + q) - p) if abs(p) < 1e18 and abs(q) < 1e18 else 0


# --- the check

_PREFIXES = ("one_", "two_", "three_", "cmp_", "stmt_", "mixed_", "op_")
CASES = [fn for name, fn in list(globals().items()) if name.startswith(_PREFIXES) and hasattr(fn, "py_func")]


def _label(fn) -> str:
    """The returned expression of a one-line function, else its name."""
    src = inspect.getsource(fn.py_func).strip().splitlines()
    last = [line for line in src if not line.startswith("@")]
    if len(last) == 1 and ": return " in last[0]:
        return last[0].split(": return ", 1)[1]
    return fn.__name__


def _key(value):
    """What must agree: the type and, for a float, the bits (any NaN is one NaN)."""
    if isinstance(value, float):
        return ("float", "nan" if value != value else struct.pack("<d", value).hex())
    return (type(value).__name__, repr(value))


def _outcome(fn, args):
    try:
        return ("value",) + _key(fn(*args))
    except (ArithmeticError, ValueError) as exc:
        return ("raise", type(exc).__name__, str(exc))


def _arguments(fn):
    params = list(inspect.signature(fn.py_func).parameters.values())
    floats = VALUES_3 if len(params) >= 3 else VALUES
    pools = [INTS if p.annotation in (int, "int") else floats for p in params]
    return itertools.product(*pools)


def test_cases_are_collected():
    assert len(CASES) > 600
    assert len({_label(fn) for fn in CASES}) == len(CASES)


@pytest.mark.parametrize("fn", CASES, ids=_label)
def test_same_bits_as_cpython(fn):
    wrong = []
    count = 0
    for args in _arguments(fn):
        count += 1
        want, got = _outcome(fn.py_func, args), _outcome(fn, args)
        if want != got:
            wrong.append((args, want, got))
    assert not wrong, (f"{_label(fn)}: {len(wrong)} of {count} argument tuples differ from CPython, "
                       "first ones (args, CPython, pydm): " + "; ".join(map(repr, wrong[:4])))
