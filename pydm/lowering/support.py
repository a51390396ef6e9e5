"""Module-level support code the lowering rules call, added once per module.

Written as MLIR text, so each reads as what it is:

* ``records``: conversions between heap values and seed-002 records at the
  module boundary (``@pydm$record_of``, ``@pydm$record_split``, recursive
  through nested tuples and ranges; a list crosses by reference, as itself);
* ``exception``: the per-context exception slot ``@pydm$exception`` (an
  exception object: class code, raise site, args tuple, maybe a cause) and
  the export ``__pydm_exception`` that hands it to the runtime as a record;
* ``site`` and ``class_of_site``: a public function returns a builtin
  class's negative code (seed 002); the raise site behind it (message,
  location) waits in ``@pydm$site`` for the export ``__pydm_site``;
* ``trace``: the lines of the compiled calls an exception has left on its
  way out (``@pydm$trace``, innermost first; the export ``__pydm_trace``
  hands them to the runtime, which makes them traceback entries). A handler
  that takes an exception starts a new trace (depth 0); one that may re-raise
  it (a ``finally``, an ``except`` with a bare ``raise``) first takes the
  trace aside and puts it back when it re-raises; a re-raise without one
  (native code's) stops keeping it (depth -1: the runtime then shows only the
  raising line), so a trace never names a frame the exception did not leave;
* ``poll``: the optional host import ``pydm_host.poll`` that lets the host
  interrupt a long-running call, with a local fallback (a ``.vmfb`` still
  runs in a host without pydm's module);
* ``poll_budget``: the calls left before a function that calls others polls
  the host (``iree_pydm.poll_tick``), so a deep or long recursion is
  interruptible like a loop.

Layouts: see ``pydm/representation.py``.
"""
from __future__ import annotations

from iree.compiler import ir

from .. import typecodes as tc
from ..frontend.loops import POLL_INTERVAL

EXCEPTION_GLOBAL = "pydm$exception"
SITE_GLOBAL = "pydm$site"
#: calls left before a function that calls others polls the host (Ctrl-C)
POLL_BUDGET_GLOBAL = "pydm$poll_budget"
EXCEPTION_FUNCTION = "__pydm_exception"
SITE_FUNCTION = "__pydm_site"
#: the lines of compiled calls an exception has left, innermost first (a ``!util.list<?>``
#: of i32 site codes), and how many are valid (-1: not kept)
TRACE_GLOBAL = "pydm$trace"
TRACE_DEPTH_GLOBAL = "pydm$trace_depth"
TRACE_PUSH = "pydm$trace_push"
TRACE_FUNCTION = "__pydm_trace"
CLASS_OF_SITE = "pydm$class_of_site"
SITE_HAS_MESSAGE = "pydm$site_has_message"
SITE_MESSAGE = "pydm$site_message"
POLL_IMPORT = "pydm_host.poll"
#: the host's print (pydm/runtime/host.py); outside pydm's host it does nothing
PRINT_IMPORT = "pydm_host.print"
#: the host's str(), repr(), format() and f-strings; outside pydm's host the call fails
FORMAT_IMPORT = "pydm_host.format"
#: the host's float() of a str (the slow path of runtime_lib/parsing.py); outside pydm's host the call fails
FLOAT_IMPORT = "pydm_host.float"
#: ``math.<name>(x)`` computed by the host (name: its index in ``dialect.HOST_LIBM``)
LIBM_IMPORT = "pydm_host.libm"

#: the type codes a record from the host may carry (``record_split``)
_RECORD_CODES = (tc.NONE, tc.BOOL, tc.INTEGER, tc.REAL, tc.TUPLE, tc.LIST, tc.LIST_CONVERTED, tc.STR,
                 tc.RANGE, tc.DICT, tc.SET, tc.FROZENSET) + tc.DICT_VIEWS


#: the type codes whose record holds the value's own reference (a converted
#: list, a str's codepoint list, a dict's or a set's table), not a converted copy
_HELD_BY_REFERENCE = (tc.STR, tc.DICT, tc.SET, tc.FROZENSET)


def _code_in(result: str, codes, tag: str, indent: str = "  ") -> str:
    """Lines that set the i1 ``result`` to: is ``%code`` one of ``codes``
    (their SSA names start with ``%<tag>``)."""
    lines, prev = [f"%{tag}_none = arith.constant 0 : i1"], f"%{tag}_none"
    for i, code in enumerate(codes):
        lines += [f"%{tag}c{i} = arith.constant {code} : i64",
                  f"%{tag}e{i} = arith.cmpi eq, %code, %{tag}c{i} : i64",
                  f"%{tag}{i} = arith.ori {prev}, %{tag}e{i} : i1"]
        prev = f"%{tag}{i}"
    lines.append(f"{result} = arith.ori {prev}, {prev} : i1")
    return "\n".join(indent + line for line in lines)


_RECORDS = f"""
func.func private @pydm$record_of(%code: i64, %bits: i64, %ref: !util.list<?>) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rec = util.list.create %c2 : !util.list<?>
  util.list.resize %rec, %c2 : !util.list<?>
  %code32 = arith.trunci %code : i64 to i32
  util.list.set %rec[%c0], %code32 : i32 -> !util.list<?>
  %real = arith.constant {tc.REAL} : i64
  %int = arith.constant {tc.INTEGER} : i64
  %is_real = arith.cmpi eq, %code, %real : i64
  scf.if %is_real {{
    %f = arith.bitcast %bits : i64 to f64
    util.list.set %rec[%c1], %f : f64 -> !util.list<?>
  }} else {{
    %is_int = arith.cmpi eq, %code, %int : i64
    scf.if %is_int {{
      util.list.set %rec[%c1], %bits : i64 -> !util.list<?>
    }} else {{
      // a tuple's, range's or dict view's record holds the records of its elements
{_code_in("%is_tuple", (tc.TUPLE, tc.RANGE) + tc.DICT_VIEWS, "tup", "      ")}
      // a list's, str's, dict's or set's record holds its reference itself
{_code_in("%is_list", (tc.LIST,) + _HELD_BY_REFERENCE, "held", "      ")}
      %exception = arith.constant {tc.EXCEPTION_RESULT} : i64
      %is_exception = arith.cmpi eq, %code, %exception : i64
      scf.if %is_tuple {{
        %items = func.call @pydm$tuple_to_records(%ref) : (!util.list<?>) -> !util.list<?>
        util.list.set %rec[%c1], %items : !util.list<?> -> !util.list<?>
      }} else {{
       scf.if %is_exception {{
        %obj = func.call @pydm$exception_record(%ref) : (!util.list<?>) -> !util.list<?>
        util.list.set %rec[%c1], %obj : !util.list<?> -> !util.list<?>
       }} else {{
       scf.if %is_list {{
        util.list.set %rec[%c1], %ref : !util.list<?> -> !util.list<?>
       }} else {{
        %small = arith.trunci %bits : i64 to i32
        util.list.set %rec[%c1], %small : i32 -> !util.list<?>
       }}
       }}
      }}
    }}
  }}
  return %rec : !util.list<?>
}}

// an exception object [class, site, args tuple (, cause)] as [class, site, records of
// the args, the object itself (, the record of the cause)] (the host makes one
// exception per object)
func.func private @pydm$exception_record(%e: !util.list<?>) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %out = util.list.create %c4 : !util.list<?>
  util.list.resize %out, %c4 : !util.list<?>
  util.list.set %out[%c3], %e : !util.list<?> -> !util.list<?>
  %cls = util.list.get %e[%c0] : !util.list<?> -> i64
  %site = util.list.get %e[%c1] : !util.list<?> -> i64
  util.list.set %out[%c0], %cls : i64 -> !util.list<?>
  util.list.set %out[%c1], %site : i64 -> !util.list<?>
  %args = util.list.get %e[%c2] : !util.list<?> -> !util.list<?>
  %recs = func.call @pydm$tuple_to_records(%args) : (!util.list<?>) -> !util.list<?>
  util.list.set %out[%c2], %recs : !util.list<?> -> !util.list<?>
  // raise ... from c: [..., the record of the cause]
  %size = util.list.size %e : !util.list<?>
  %has_cause = arith.cmpi ugt, %size, %c3 : index
  scf.if %has_cause {{
    %c5 = arith.constant 5 : index
    %cause = util.list.get %e[%c3] : !util.list<?> -> !util.list<?>
    %cause_rec = func.call @pydm$exception_record(%cause) : (!util.list<?>) -> !util.list<?>
    util.list.resize %out, %c5 : !util.list<?>
    util.list.set %out[%c4], %cause_rec : !util.list<?> -> !util.list<?>
  }}
  return %out : !util.list<?>
}}

func.func private @pydm$tuple_to_records(%t: !util.list<?>) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %size = util.list.size %t : !util.list<?>
  %n = arith.shrui %size, %c1 : index
  %out = util.list.create %n : !util.list<?>
  util.list.resize %out, %n : !util.list<?>
  scf.for %i = %c0 to %n step %c1 {{
    %code, %bits, %ref = func.call @pydm$element_read(%t, %i) : (!util.list<?>, index) -> (i64, i64, !util.list<?>)
    %rec = func.call @pydm$record_of(%code, %bits, %ref) : (i64, i64, !util.list<?>) -> !util.list<?>
    util.list.set %out[%i], %rec : !util.list<?> -> !util.list<?>
  }}
  return %out : !util.list<?>
}}

// element i of a heap sequence: its code (slot 2i) and payload (slot 2i+1:
// the bits of a scalar, the reference of a heap value; codes 2 ..< 0x40)
func.func private @pydm$element_read(%t: !util.list<?>, %i: index) -> (i64, i64, !util.list<?>) {{
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2 : i64
  %span = arith.constant {0x40 - 2} : i64
  %zero = arith.constant 0 : i64
  %null = util.null : !util.list<?>
  %k0 = arith.muli %i, %c2 : index
  %k1 = arith.addi %k0, %c1 : index
  %code = util.list.get %t[%k0] : !util.list<?> -> i64
  %off = arith.subi %code, %two : i64
  %heap = arith.cmpi ult, %off, %span : i64
  %bits, %ref = scf.if %heap -> (i64, !util.list<?>) {{
    %r = util.list.get %t[%k1] : !util.list<?> -> !util.list<?>
    scf.yield %zero, %r : i64, !util.list<?>
  }} else {{
    %b = util.list.get %t[%k1] : !util.list<?> -> i64
    scf.yield %b, %null : i64, !util.list<?>
  }}
  return %code, %bits, %ref : i64, i64, !util.list<?>
}}

func.func private @pydm$element_write(%t: !util.list<?>, %i: index, %code: i64, %bits: i64, %ref: !util.list<?>) {{
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2 : i64
  %span = arith.constant {0x40 - 2} : i64
  %k0 = arith.muli %i, %c2 : index
  %k1 = arith.addi %k0, %c1 : index
  util.list.set %t[%k0], %code : i64 -> !util.list<?>
  %off = arith.subi %code, %two : i64
  %heap = arith.cmpi ult, %off, %span : i64
  scf.if %heap {{
    util.list.set %t[%k1], %ref : !util.list<?> -> !util.list<?>
  }} else {{
    util.list.set %t[%k1], %bits : i64 -> !util.list<?>
  }}
  return
}}

func.func private @pydm$record_split(%rec: !util.list<?>) -> (i64, i64, !util.list<?>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2_rec = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %null = util.null : !util.list<?>
  %code32 = util.list.get %rec[%c0] : !util.list<?> -> i32
  %code = arith.extsi %code32 : i32 to i64
  // a record from the host is checked (seed 002): a type code that can cross
  // and, but for None ([1] alone is a None), a payload: else INVALID_ARGUMENT
  %rec_size = util.list.size %rec : !util.list<?>
  %has_payload = arith.cmpi uge, %rec_size, %c2_rec : index
{_code_in("%k_last", _RECORD_CODES, "known")}
  %none_code = arith.constant {tc.NONE} : i64
  %is_none_rec = arith.cmpi eq, %code, %none_code : i64
  %shaped = arith.ori %is_none_rec, %has_payload : i1
  %valid = arith.andi %k_last, %shaped : i1
  %ok_status = arith.constant 0 : i32
  %bad_status = arith.constant 3 : i32
  %status = arith.select %valid, %ok_status, %bad_status : i32
  util.status.check_ok %status, "pydm: malformed object record (seed 002): unknown type code or no payload"
  %none = arith.constant {tc.NONE} : i64
  %real = arith.constant {tc.REAL} : i64
  %is_none = arith.cmpi eq, %code, %none : i64
  %bits, %ref = scf.if %is_none -> (i64, !util.list<?>) {{
    scf.yield %zero, %null : i64, !util.list<?>
  }} else {{
    %is_real = arith.cmpi eq, %code, %real : i64
    %b, %r = scf.if %is_real -> (i64, !util.list<?>) {{
      %f = util.list.get %rec[%c1] : !util.list<?> -> f64
      %fb = arith.bitcast %f : f64 to i64
      scf.yield %fb, %null : i64, !util.list<?>
    }} else {{
      // a tuple's, range's or dict view's record holds the records of its elements
{_code_in("%is_tuple", (tc.TUPLE, tc.RANGE) + tc.DICT_VIEWS, "tup", "      ")}
      %list = arith.constant {tc.LIST} : i64
      %is_list = arith.cmpi eq, %code, %list : i64
      %b2, %r2 = scf.if %is_tuple -> (i64, !util.list<?>) {{
        %items = util.list.get %rec[%c1] : !util.list<?> -> !util.list<?>
        %t = func.call @pydm$records_to_tuple(%items) : (!util.list<?>) -> !util.list<?>
        scf.yield %zero, %t : i64, !util.list<?>
      }} else {{
        %b3, %r3 = scf.if %is_list -> (i64, !util.list<?>) {{
          %xs = func.call @pydm$records_to_list(%rec) : (!util.list<?>) -> !util.list<?>
          scf.yield %zero, %xs : i64, !util.list<?>
        }} else {{
          // the record holds the value's reference itself (a str: [4, list of codepoints])
{_code_in("%is_converted", (tc.LIST_CONVERTED,) + _HELD_BY_REFERENCE, "held", "          ")}
          %v = scf.if %is_converted -> (i64) {{
            scf.yield %list : i64
          }} else {{
            %v0 = util.list.get %rec[%c1] : !util.list<?> -> i64
            scf.yield %v0 : i64
          }}
          %r4 = scf.if %is_converted -> (!util.list<?>) {{
            %xs = util.list.get %rec[%c1] : !util.list<?> -> !util.list<?>
            scf.yield %xs : !util.list<?>
          }} else {{
            scf.yield %null : !util.list<?>
          }}
          %b4 = arith.select %is_converted, %zero, %v : i64
          scf.yield %b4, %r4 : i64, !util.list<?>
        }}
        scf.yield %b3, %r3 : i64, !util.list<?>
      }}
      scf.yield %b2, %r2 : i64, !util.list<?>
    }}
    scf.yield %b, %r : i64, !util.list<?>
  }}
  %converted_code = arith.constant {tc.LIST_CONVERTED} : i64
  %was_converted = arith.cmpi eq, %code, %converted_code : i64
  %list_code = arith.constant {tc.LIST} : i64
  %code_out = arith.select %was_converted, %list_code, %code : i64
  return %code_out, %bits, %ref : i64, i64, !util.list<?>
}}

func.func private @pydm$records_to_list(%rec: !util.list<?>) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %items = util.list.get %rec[%c1] : !util.list<?> -> !util.list<?>
  %n = util.list.size %items : !util.list<?>
  %size = arith.muli %n, %c2 : index
  %t = util.list.create %size : !util.list<?>
  util.list.resize %t, %size : !util.list<?>
  // the record now names this list, before any element is converted: a list
  // that holds itself (or reached twice from the arguments) converts once
  %converted = arith.constant {tc.LIST_CONVERTED} : i32
  util.list.set %rec[%c0], %converted : i32 -> !util.list<?>
  util.list.set %rec[%c1], %t : !util.list<?> -> !util.list<?>
  scf.for %i = %c0 to %n step %c1 {{
    %r = util.list.get %items[%i] : !util.list<?> -> !util.list<?>
    %code, %bits, %ref = func.call @pydm$record_split(%r) : (!util.list<?>) -> (i64, i64, !util.list<?>)
    func.call @pydm$element_write(%t, %i, %code, %bits, %ref) : (!util.list<?>, index, i64, i64, !util.list<?>) -> ()
  }}
  return %t : !util.list<?>
}}

func.func private @pydm$records_to_tuple(%items: !util.list<?>) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = util.list.size %items : !util.list<?>
  %size = arith.muli %n, %c2 : index
  %t = util.list.create %size : !util.list<?>
  util.list.resize %t, %size : !util.list<?>
  scf.for %i = %c0 to %n step %c1 {{
    %rec = util.list.get %items[%i] : !util.list<?> -> !util.list<?>
    %code, %bits, %ref = func.call @pydm$record_split(%rec) : (!util.list<?>) -> (i64, i64, !util.list<?>)
    func.call @pydm$element_write(%t, %i, %code, %bits, %ref) : (!util.list<?>, index, i64, i64, !util.list<?>) -> ()
  }}
  return %t : !util.list<?>
}}
"""

_EXCEPTION = f"""
util.global private mutable @{EXCEPTION_GLOBAL} : !util.list<?>

// the last exception object raised, as a boundary record [class, site, records of
// the args, the object (, the cause's record)] (null: none); cleared
func.func @{EXCEPTION_FUNCTION}() -> !util.list<?> attributes {{iree.reflection = {{pydm.internal = "exception"}}}} {{
  %null = util.null : !util.list<?>
  %e = util.global.load @{EXCEPTION_GLOBAL} : !util.list<?>
  util.global.store %null, @{EXCEPTION_GLOBAL} : !util.list<?>
  %none = util.cmp.eq %e, %null : !util.list<?>
  %record = scf.if %none -> (!util.list<?>) {{
    scf.yield %null : !util.list<?>
  }} else {{
    %r = func.call @pydm$exception_record(%e) : (!util.list<?>) -> !util.list<?>
    scf.yield %r : !util.list<?>
  }}
  return %record : !util.list<?>
}}
"""

_TRACE = f"""
util.global private mutable @{TRACE_GLOBAL} : !util.list<?>
util.global private mutable @{TRACE_DEPTH_GLOBAL} = 0 : i32

util.initializer {{
  %c16 = arith.constant 16 : index
  %trace = util.list.create %c16 : !util.list<?>
  util.list.resize %trace, %c16 : !util.list<?>
  util.global.store %trace, @{TRACE_GLOBAL} : !util.list<?>
  util.return
}}

// the slow path of a trace push (``lower_trace_push`` inlines the fast one):
// the list is full (it doubles), or the trace is not kept (depth -1)
func.func private @{TRACE_PUSH}(%site: i32) {{
  %depth = util.global.load @{TRACE_DEPTH_GLOBAL} : i32
  %zero = arith.constant 0 : i32
  %kept = arith.cmpi sge, %depth, %zero : i32
  scf.if %kept {{
    %trace = util.global.load @{TRACE_GLOBAL} : !util.list<?>
    %one = arith.constant 1 : i32
    %next = arith.addi %depth, %one : i32
    %i = arith.index_castui %depth : i32 to index
    %size = util.list.size %trace : !util.list<?>
    %full = arith.cmpi ule, %size, %i : index
    scf.if %full {{
      %two = arith.constant 2 : index
      %more = arith.muli %i, %two : index
      util.list.resize %trace, %more : !util.list<?>
    }}
    util.list.set %trace[%i], %site : i32 -> !util.list<?>
    util.global.store %next, @{TRACE_DEPTH_GLOBAL} : i32
  }}
  return
}}

// the trace of the last exception that left a public function: its depth (-1: not
// kept) and its list (valid up to the depth; null: none); cleared
func.func @{TRACE_FUNCTION}() -> (i32, !util.list<?>) attributes {{iree.reflection = {{pydm.internal = "trace"}}}} {{
  %zero = arith.constant 0 : i32
  %depth = util.global.load @{TRACE_DEPTH_GLOBAL} : i32
  %trace = util.global.load @{TRACE_GLOBAL} : !util.list<?>
  util.global.store %zero, @{TRACE_DEPTH_GLOBAL} : i32
  return %depth, %trace : i32, !util.list<?>
}}
"""

_SITE = f"""
util.global private mutable @{SITE_GLOBAL} = 0 : i32

// the raise site of the last exception that left a public function (0: none); cleared
func.func @{SITE_FUNCTION}() -> i32 attributes {{iree.reflection = {{pydm.internal = "site"}}}} {{
  %zero = arith.constant 0 : i32
  %site = util.global.load @{SITE_GLOBAL} : i32
  util.global.store %zero, @{SITE_GLOBAL} : i32
  return %site : i32
}}
"""


def _site_byte_text(table: list[int]) -> str:
    """The body lines that read ``%byte``, a raise site's entry of a constant
    table with one byte per site (entry 0: no site); a code outside the
    table (``%outside``) reads entry 0."""
    entries = ", ".join(str(c) for c in table)
    return f"""  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : index
  %last = arith.constant {len(table) - 1} : i32
  %table = util.buffer.constant : !util.buffer = dense<[{entries}]> : tensor<{len(table)}xi8>
  %size = util.buffer.size %table : !util.buffer
  %low = arith.cmpi sle, %code, %zero : i32
  %high = arith.cmpi sgt, %code, %last : i32
  %outside = arith.ori %low, %high : i1
  %safe = arith.select %outside, %zero, %code : i32
  %i = arith.index_castui %safe : i32 to index
  %byte = util.buffer.load %table[%i for %one] : !util.buffer{{%size}} -> i8
"""


def class_of_site_text(sites) -> str:
    """``@pydm$class_of_site(code) -> code``: a raise site's code (> 0) becomes
    its builtin class's negative code (``pydm/exceptions.py``), read from a
    constant table with one byte per site; other codes are returned as they
    are (a site of a class without a code too)."""
    table = [0] + [sites.classes.code(site.cls) for site in sites.sites]
    return f"""
func.func private @{CLASS_OF_SITE}(%code: i32) -> i32 {{
{_site_byte_text(table)}  %class = arith.extsi %byte : i8 to i32
  %none = arith.cmpi eq, %class, %zero : i32
  %keep = arith.ori %outside, %none : i1
  %out = arith.select %keep, %code, %class : i32
  return %out : i32
}}
"""


def site_has_message_text(sites) -> str:
    """``@pydm$site_has_message(code) -> i1``: does the exception a raise
    site makes have its message as its one arg (not ``cls()`` nor
    ``cls(*args)``)? A constant table with one byte per site."""
    table = [0] + [0 if site.fmt in ("none", "args") else 1 for site in sites.sites]
    return f"""
func.func private @{SITE_HAS_MESSAGE}(%code: i32) -> i1 {{
{_site_byte_text(table)}  %zero8 = arith.constant 0 : i8
  %has = arith.cmpi ne, %byte, %zero8 : i8
  return %has : i1
}}
"""


def site_message_text(sites) -> str:
    """``@pydm$site_message(code) -> str``: the message of a raise site whose
    exception has it as its one arg, as a str (a new list of codepoints), or
    null when the message is completed at run time (``types``/``values``) or
    the site has none. Two constant tables: the codepoints of every plain
    message, one after the other, and where each site's message starts."""
    from ..exceptions import LITERAL_ARGS
    plain, starts, codes = [0], [0], []
    for site in sites.sites:
        ok = site.fmt == "" and site.message not in LITERAL_ARGS
        plain.append(1 if ok else 0)
        starts.append(len(codes))
        if ok:
            codes.extend(ord(c) for c in site.message)
    starts.append(len(codes))
    codes.append(0)  # never read: the table is never empty
    return f"""
func.func private @{SITE_MESSAGE}(%code: i32) -> !util.list<?> {{
  %zero = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %last = arith.constant {len(plain) - 1} : i32
  %plain = util.buffer.constant : !util.buffer = dense<[{", ".join(map(str, plain))}]> : tensor<{len(plain)}xi8>
  %starts = util.buffer.constant : !util.buffer = dense<[{", ".join(map(str, starts))}]> : tensor<{len(starts)}xi32>
  %codes = util.buffer.constant : !util.buffer = dense<[{", ".join(map(str, codes))}]> : tensor<{len(codes)}xi32>
  %plain_size = util.buffer.size %plain : !util.buffer
  %starts_size = util.buffer.size %starts : !util.buffer
  %codes_size = util.buffer.size %codes : !util.buffer
  %low = arith.cmpi sle, %code, %zero : i32
  %high = arith.cmpi sgt, %code, %last : i32
  %outside = arith.ori %low, %high : i1
  %safe = arith.select %outside, %zero, %code : i32
  %i = arith.index_castui %safe : i32 to index
  %byte = util.buffer.load %plain[%i for %c1] : !util.buffer{{%plain_size}} -> i8
  %zero8 = arith.constant 0 : i8
  %has = arith.cmpi ne, %byte, %zero8 : i8
  %out = scf.if %has -> (!util.list<?>) {{
    %at0 = arith.muli %i, %c4 : index
    %at1 = arith.addi %at0, %c4 : index
    %lo32 = util.buffer.load %starts[%at0 for %c4] : !util.buffer{{%starts_size}} -> i32
    %hi32 = util.buffer.load %starts[%at1 for %c4] : !util.buffer{{%starts_size}} -> i32
    %lo = arith.index_castui %lo32 : i32 to index
    %hi = arith.index_castui %hi32 : i32 to index
    %n = arith.subi %hi, %lo : index
    %s = util.list.create %n : !util.list<?>
    util.list.resize %s, %n : !util.list<?>
    scf.for %k = %c0 to %n step %c1 {{
      %j = arith.addi %lo, %k : index
      %off = arith.muli %j, %c4 : index
      %c32 = util.buffer.load %codes[%off for %c4] : !util.buffer{{%codes_size}} -> i32
      %c = arith.extui %c32 : i32 to i64
      util.list.set %s[%k], %c : i64 -> !util.list<?>
    }}
    scf.yield %s : !util.list<?>
  }} else {{
    %null = util.null : !util.list<?>
    scf.yield %null : !util.list<?>
  }}
  return %out : !util.list<?>
}}
"""


def raise_function(n: int) -> str:
    """The name of the support function that raises with ``n`` args."""
    return f"pydm$raise_with{n}"


def _raise_text(n: int) -> str:
    """``@pydm$raise_with<n>(class, site, n dynamic values) -> i32``: store the
    exception object [class, site, args tuple] in the exception slot and
    return the site's code (out of line: raise paths stay small)."""
    params = ", ".join(f"%code{k}: i64, %bits{k}: i64, %ref{k}: !util.list<?>" for k in range(n))
    sets = []
    for k in range(n):
        sets.append(f"""
  %k{k} = arith.constant {k} : index
  func.call @pydm$element_write(%args, %k{k}, %code{k}, %bits{k}, %ref{k}) : (!util.list<?>, index, i64, i64, !util.list<?>) -> ()""")
    return f"""
func.func private @{raise_function(n)}(%cls: i64, %site: i32{", " + params if n else ""}) -> i32 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %size = arith.constant {2 * n} : index
  %args = util.list.create %size : !util.list<?>
  util.list.resize %args, %size : !util.list<?>{"".join(sets)}
  %obj = util.list.create %c3 : !util.list<?>
  util.list.resize %obj, %c3 : !util.list<?>
  util.list.set %obj[%c0], %cls : i64 -> !util.list<?>
  %site64 = arith.extsi %site : i32 to i64
  util.list.set %obj[%c1], %site64 : i64 -> !util.list<?>
  util.list.set %obj[%c2], %args : !util.list<?> -> !util.list<?>
  util.global.store %obj, @{EXCEPTION_GLOBAL} : !util.list<?>
  return %site : i32
}}
"""


_POLL = f"""
func.func private @{POLL_IMPORT}() -> i32 attributes {{vm.fallback = @pydm$no_host_poll}}
func.func private @pydm$no_host_poll() -> i32 {{
  %ok = arith.constant 0 : i32
  return %ok : i32
}}
"""

_PRINT = f"""
func.func private @{PRINT_IMPORT}(!util.list<?>) -> i32 attributes {{vm.fallback = @pydm$no_host_print}}
func.func private @pydm$no_host_print(%record: !util.list<?>) -> i32 {{
  %ok = arith.constant 0 : i32
  return %ok : i32
}}
"""


def _failing_import(symbol: str, fallback: str, message: str) -> str:
    """An optional host import ``record -> record`` whose fallback fails the
    call (``UNIMPLEMENTED`` with ``message``): there is no answer to make up."""
    return f"""
func.func private @{symbol}(!util.list<?>) -> !util.list<?> attributes {{vm.fallback = @{fallback}}}
func.func private @{fallback}(%record: !util.list<?>) -> !util.list<?> {{
  %unimplemented = arith.constant 12 : i32
  util.status.check_ok %unimplemented, "{message}"
  %none = util.null : !util.list<?>
  return %none : !util.list<?>
}}
"""


_FORMAT = _failing_import(FORMAT_IMPORT, "pydm$no_host_format",
                          "pydm: str(), repr(), format() and f-strings need pydm's host module")
_FLOAT = _failing_import(FLOAT_IMPORT, "pydm$no_host_float", "pydm: float() of this str needs pydm's host module")
_LIBM = f"""
func.func private @{LIBM_IMPORT}(i64, f64) -> f64 attributes {{vm.fallback = @pydm$no_host_libm}}
func.func private @pydm$no_host_libm(%code: i64, %x: f64) -> f64 {{
  %unimplemented = arith.constant 12 : i32
  util.status.check_ok %unimplemented, "pydm: this math function needs pydm's host module"
  return %x : f64
}}
"""


#: the host module of ``@pydm.host`` functions (pydm/runtime/user_host.py)
USER_MODULE = "pydm_user"
#: the code an optional host function's fallback answers: the host has no such function
HOST_ABSENT = 1


def host_import_text(name: str, optional: bool) -> str:
    """The import ``pydm_user.NAME`` of a ``@pydm.host`` function: record of
    its args tuple -> answer ``[code i32, records of the result's 1-tuple (or
    of the exception's args), raise-site token i64]``; an ``optional`` one
    with a local fallback answering HOST_ABSENT."""
    symbol = f"{USER_MODULE}.{name}"
    if not optional:
        return f"func.func private @{symbol}(!util.list<?>) -> !util.list<?>\n"
    return f"""
func.func private @{symbol}(!util.list<?>) -> !util.list<?> attributes {{vm.fallback = @pydm$no_host_{name}}}
func.func private @pydm$no_host_{name}(%record: !util.list<?>) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %absent = arith.constant {HOST_ABSENT} : i32
  %token = arith.constant 0 : i64
  %answer = util.list.create %c3 : !util.list<?>
  util.list.resize %answer, %c3 : !util.list<?>
  %items = util.list.create %c0 : !util.list<?>
  util.list.set %answer[%c0], %absent : i32 -> !util.list<?>
  util.list.set %answer[%c1], %items : !util.list<?> -> !util.list<?>
  util.list.set %answer[%c2], %token : i64 -> !util.list<?>
  return %answer : !util.list<?>
}}
"""


#: the host's export answering the args of the exception a typed call's function raised
HOST_ARGS = f"{USER_MODULE}.$args"
_CC_TYPES = {"I": "i64", "F": "f64"}


def host_typed_text(name: str, params: str, result: str, optional: bool) -> str:
    """The import ``pydm_user.NAME$typed`` of a scalar-only call: the
    arguments as themselves (cconv letters ``params``: I an i64, F an f64),
    results ``(code, token, value)`` (``result``'s letter); an ``optional``
    one with a fallback answering HOST_ABSENT."""
    symbol = f"{USER_MODULE}.{name}$typed"
    ins = ", ".join(_CC_TYPES[c] for c in params)
    out = f"i64, i64, {_CC_TYPES[result]}"
    if not optional:
        return f"func.func private @{symbol}({ins}) -> ({out})\n"
    fallback = f"pydm$no_host_{name}$typed"
    formals = ", ".join(f"%a{i}: {_CC_TYPES[c]}" for i, c in enumerate(params))
    zero = "0.0 : f64" if result == "F" else "0 : i64"
    return f"""
func.func private @{symbol}({ins}) -> ({out}) attributes {{vm.fallback = @{fallback}}}
func.func private @{fallback}({formals}) -> ({out}) {{
  %absent = arith.constant {HOST_ABSENT} : i64
  %token = arith.constant 0 : i64
  %value = arith.constant {zero}
  return %absent, %token, %value : {out}
}}
"""


#: a host function's changes to the lists, dicts and sets it was passed: pairs
#: [the module's object, its new contents in the module's layout], copied in
#: slot by slot (type code, then payload: a reference for a heap code, else i64)
_WRITE_BACK = f"""
func.func private @pydm$write_back(%pairs: !util.list<?>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2 : i64
  %span = arith.constant {0x40 - 2} : i64
  %n = util.list.size %pairs : !util.list<?>
  scf.for %k = %c0 to %n step %c2 {{
    %k1 = arith.addi %k, %c1 : index
    %dst = util.list.get %pairs[%k] : !util.list<?> -> !util.list<?>
    %src = util.list.get %pairs[%k1] : !util.list<?> -> !util.list<?>
    %size = util.list.size %src : !util.list<?>
    util.list.resize %dst, %size : !util.list<?>
    scf.for %i = %c0 to %size step %c2 {{
      %i1 = arith.addi %i, %c1 : index
      %code = util.list.get %src[%i] : !util.list<?> -> i64
      util.list.set %dst[%i], %code : i64 -> !util.list<?>
      %off = arith.subi %code, %two : i64
      %heap = arith.cmpi ult, %off, %span : i64
      scf.if %heap {{
        %ref = util.list.get %src[%i1] : !util.list<?> -> !util.list<?>
        util.list.set %dst[%i1], %ref : !util.list<?> -> !util.list<?>
      }} else {{
        %bits = util.list.get %src[%i1] : !util.list<?> -> i64
        util.list.set %dst[%i1], %bits : i64 -> !util.list<?>
      }}
    }}
  }}
  return
}}
"""


_HOST_ARGS = f"""
func.func private @{HOST_ARGS}(i64) -> !util.list<?> attributes {{vm.fallback = @pydm$no_host_args}}
func.func private @pydm$no_host_args(%token: i64) -> !util.list<?> {{
  %c0 = arith.constant 0 : index
  %none = util.list.create %c0 : !util.list<?>
  return %none : !util.list<?>
}}
"""


_POLL_BUDGET = f"""
util.global private mutable @{POLL_BUDGET_GLOBAL} = {POLL_INTERVAL} : i64
"""

_PARTS = {"records": _RECORDS, "exception": _EXCEPTION, "site": _SITE, "trace": _TRACE, "poll": _POLL,
          "poll_budget": _POLL_BUDGET, "print": _PRINT,
          "format": _FORMAT, "float": _FLOAT, "libm": _LIBM}
#: parts that need others
_NEEDS = {"exception": ("records",), "print": ("records",), "format": ("records",), "float": ("records",)}


def add_support(module: ir.Module, parts: set[str], sites=None) -> None:
    """Add the named support parts (and what they need) to ``module``;
    ``raise<n>`` adds the raise function for n args, ``class_of_site`` the
    site → class table of ``sites`` (the module's raise-site table)."""
    wanted = set(parts)
    for p in list(parts):
        wanted.update(_NEEDS.get(p, ()))
        if p.startswith("raise"):
            wanted.update(("exception", "records"))
    if "class_of_site" in wanted:
        wanted.add("site")
    texts = [_PARTS[name] for name in ("records", "exception", "site", "trace", "poll", "poll_budget", "print",
                                       "format", "float", "libm")
             if name in wanted]
    if "class_of_site" in wanted:
        texts.append(class_of_site_text(sites))
    if "site_has_message" in wanted:
        texts.append(site_has_message_text(sites))
    if "site_message" in wanted:
        texts.append(site_message_text(sites))
    texts += [_raise_text(int(p[len("raise"):])) for p in sorted(wanted) if p.startswith("raise")]
    texts += [host_import_text(p.split(":")[1], p.endswith(":optional")) for p in sorted(wanted)
              if p.startswith("host:")]
    texts += [host_typed_text(*p.split(":")[1:4], p.endswith(":optional")) for p in sorted(wanted)
              if p.startswith("typed:")]
    if any(p.startswith("typed:") for p in wanted):
        texts.append(_HOST_ARGS)
    if any(p.startswith("host:") for p in wanted):
        texts.append(_WRITE_BACK)
    text = "\n".join(texts)
    with ir.Location.unknown():
        parsed = ir.Module.parse(text)  # one text: the parts call each other
        for op in parsed.body.operations:
            op.operation.clone(ip=ir.InsertionPoint(module.body))
