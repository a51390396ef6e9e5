"""Native loops (issue 12): a scalar function compiled to an llvm-cpu dispatch.

The function is lowered by pydm's own rules (``pydm/lowering``) exactly as
for the VM; its lowered body is then checked (only scalar arith/cf/scf/math
ops, calls only of functions that qualify too, no cycle of calls:
:func:`callees`) and, when it qualifies, copied into a *native module*
with the bodies of the functions it calls (private functions under their
own names, expanded into the dispatch by the ``inline`` pass):

* ``@body``: the lowered function, its exception exit returning the raw
  raise-site code instead of storing it in ``@pydm$site`` (a dispatch has no
  globals), the loop's host poll dropped (a native loop cannot be
  interrupted), the VM-only casts rewritten to their arith forms;
* ``@run``: a public function taking every argument as an ``i64`` (a float's
  bits, a bool as 0/1) whose one ``flow.dispatch.region`` runs ``@body``
  (inlined into an ``scf.execute_region``: a multi-block body is accepted by
  llvm-cpu codegen) and returns ``tensor<2xi64>`` = (site code, result bits),
  read back with ``tensor.extract``.

The native module goes through IREE's standard pipeline for ``llvm-cpu``
(``NATIVE_FLAGS``) in a session of its own, cached on disk; the VM function
keeps its name and signature (an entry, or a function VM code calls) and becomes a call of the import
``@<native module>.run`` followed by the VM path's own exception exit
(``@pydm$site``, ``@pydm$class_of_site``), so the runtime raises the same
class, message and line as the VM path: a callee's raise site code travels
up its callers' exception exits unchanged (``@pydm$class_of_site`` is the
identity natively), so it names the callee's line.

The package, by phase: ``eligibility.py`` (can a lowered function go
native), ``decisions.py`` (the cost model, the plans, compiling them into the
program), ``body.py`` (the native module's text and the VM function calling
it), ``build.py`` (IREE's pipeline, the disk cache), ``embed.py`` (native
parts inside an ahead-of-time ``.vmfb``), ``outline.py`` and ``outlined.py``
(hot loops of larger functions: which, and their native modules).
"""
from __future__ import annotations

from .body import copy_as_body, native_text, replace_with_call
from .build import NATIVE_FLAGS, compile_native, last_compile
from .decisions import MIN_NATIVE_WORK, compile_plans, cost_decision, decide, vm_callee_plans
from .eligibility import MAX_INLINED_OPS, NotNative, callees, check, direct_callees, error_for, first_construct, line_of

__all__ = ["MAX_INLINED_OPS", "MIN_NATIVE_WORK", "NATIVE_FLAGS", "NotNative", "callees", "check", "compile_native",
           "compile_plans", "copy_as_body", "cost_decision", "decide", "direct_callees", "error_for",
           "first_construct", "last_compile", "line_of", "native_text", "replace_with_call", "vm_callee_plans"]
