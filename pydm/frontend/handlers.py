"""The syntax walker's exception statements (part of ``FunctionImporter``):
``raise``, ``try``/``except``/``else``/``finally`` and ``assert``.

An exception travels as an ``exception_result`` code (``pydm/exceptions.py``)
to the innermost *handler block* of the function builder (``builder.py``);
each handler block takes (code, origin). ``try`` pushes handler blocks of its
own while its body is walked:

* an ``except`` handler tests the code's class against each clause in order
  (``exception_matches``: class codes, subclasses included) and re-raises to
  the next handler when none matches;
* a ``finally`` handler runs the final body, then re-raises.

A ``finally`` body is emitted once per way out of the ``try``, as CPython's
compiler does: on normal completion, on the exception path, and before each
``return``/``break``/``continue`` that leaves it (``leave_finally``). Each
copy runs with the handlers that were in force outside the ``try``, so an
exception in a final body goes outwards, and a ``return``/``break`` in it
discards the pending exception or return value, as CPython.
"""
from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

from .. import dialect as d
from ..errors import error_at
from ..exceptions import CODE_OF_CLASS, builtin_exception_class
from ..types import PyType
from .scopes import variable_key

T = PyType


@dataclass
class FinallyFrame:
    """A ``try`` with a final body, while its body, else and handlers are walked."""

    body: list
    handler_depth: int  # the handlers in force outside the try
    loop_depth: int  # the loops enclosing the try
    #: what runs instead of a body (``except E as e``: unbind ``e``)
    action: object = None


def exception_class_name(node, module, what: str = "raise") -> str:
    """The exception class a syntax node names: a builtin one (``ValueError``)
    or one of the module's (``class MyError(ValueError): pass``)."""
    if isinstance(node, nodes.Name) and node.name in module.exception_classes:
        return node.name
    if isinstance(node, nodes.Name) and node.name in CODE_OF_CLASS and builtin_exception_class(node.name):
        return node.name
    if isinstance(node, nodes.Name) and isinstance(module.tree.locals.get(node.name, [None])[0], nodes.ClassDef):
        raise error_at(node, f"the class {node.name} is not an exception class pydm compiles",
                       "a module-level class with one base (a builtin exception or such a class) and a "
                       "body of pass or a docstring")
    if isinstance(node, nodes.Name) and builtin_exception_class(node.name):
        raise error_at(node, f"the exception class {node.name} is not supported",
                       "pydm raises and catches " + ", ".join(sorted(CODE_OF_CLASS)))
    raise error_at(node, f"{what} of this expression is not supported",
                   "name a builtin exception class, e.g. ValueError")


def exception_class_of(node, fn) -> str | None:
    """The exception class ``node`` names, if it is the name of one (a
    builtin class pydm has a code for, or one of the module's own) that no
    local variable shadows; else None."""
    if not isinstance(node, nodes.Name) or node.name in fn.locals or node.name in fn.frees:
        return None
    module = fn.module
    if node.name in module.exception_classes:
        return node.name
    if node.name in CODE_OF_CLASS and node.name not in module.tree.locals and builtin_exception_class(node.name):
        return node.name
    return None


class HandlerWalker:
    """``raise``, ``try`` and ``assert`` (a mixin of ``FunctionImporter``)."""

    # ---- raise and assert -------------------------------------------------------------
    def stmt_Raise(self, s):
        if s.exc is None:
            return self.reraise(s)
        if s.cause is not None and not (isinstance(s.cause, nodes.Const) and s.cause.value is None):
            return self.raise_from(s)
        exc = s.exc
        fn = self.frame.fn
        if isinstance(exc, nodes.Call) and exception_class_of(exc.func, fn) is not None:
            if exc.keywords:
                raise error_at(exc, "keyword arguments to an exception class are not supported")
            self.raise_new(exc.func.name, exc.args)
        elif exception_class_of(exc, fn) is not None:
            self.raise_new(exc.name, [])
        elif isinstance(exc, nodes.Name) and exc.name not in fn.locals and exc.name not in fn.frees:
            exception_class_name(exc, self.program.module)  # a class pydm does not compile: say which
            self.raise_value(exc)
        else:
            self.raise_value(exc)

    def raise_from(self, s) -> None:
        """``raise X from c``: the exception (made here from a class, or a
        value) gets ``c`` as its ``__cause__``, then is raised."""
        exc, fn = s.exc, self.frame.fn
        if isinstance(exc, nodes.Call) and exception_class_of(exc.func, fn) is not None:
            value = self.exception_instance(exc, exc.func.name)
        elif exception_class_of(exc, fn) is not None:
            with self.at(exc):
                value = self.emit.new_exception(exc.name, [], exc)
        else:
            value = self.expr(exc)
        if self.fb.block is None:
            return
        if exception_class_of(s.cause, fn) is not None:  # from KeyError: an instance of it
            with self.at(s.cause):
                cause = self.emit.new_exception(s.cause.name, [], s.cause)
        else:
            cause = self.expr(s.cause)
        if self.fb.block is not None:
            with self.at(s):
                self.emit.raise_value(value, cause)

    def raise_value(self, exc) -> None:
        """``raise e``: raise an exception value (the one a handler bound, one
        made by ``ValueError(...)``...)."""
        value = self.expr(exc)
        if self.fb.block is not None:
            with self.at(exc):
                self.emit.raise_value(value)

    def raise_new(self, cls: str, arg_nodes) -> None:
        """``raise cls(*args)``: a literal message is a static raise site; other
        arguments travel in an exception object (``fmt="args"``: the runtime
        builds ``cls(*args)``, so ``e.args`` is CPython's)."""
        if len(arg_nodes) == 1 and isinstance(arg_nodes[0], nodes.Const) and isinstance(arg_nodes[0].value, str):
            self.fb.raise_here(cls, arg_nodes[0].value)
            return
        values = []
        for a in arg_nodes:
            if isinstance(a, nodes.Starred):
                raise error_at(a, "star-arguments to an exception class are not supported")
            values.append(self.expr(a))
            if self.fb.block is None:
                return
        if not values:
            self.fb.raise_here(cls, "", fmt="none")  # cls(): no args at all
            return
        self.fb.raise_here(cls, "", values, "args")

    def reraise(self, s) -> None:
        """Bare ``raise``: the exception being handled, with its origin."""
        if not _inside_handler(s):
            raise error_at(s, "a bare 'raise' outside an except or finally block is not supported",
                           "re-raise inside the handler, or raise a new exception")
        if not self.frame.handling:
            self.fb.raise_here("RuntimeError", "No active exception to reraise")
            return
        code, origin, saved, trace = self.frame.handling[-1]
        self.b.exception_restore(saved)
        if trace is not None:
            self.b.trace_restore(*trace)
        self.fb.goto(self.fb.handler, [code, origin])

    def stmt_Assert(self, s):
        ok, bad = self.fb.new_block(), self.fb.new_block()
        with self.at(s.test):
            self.branch_on(s.test, ok, bad)
        self.fb.block = bad
        self.raise_new("AssertionError", [s.fail] if s.fail is not None else [])
        self.fb.block = ok if any(True for _ in ok.predecessors) else None

    # ---- try --------------------------------------------------------------------------
    def stmt_Try(self, s):
        fb, frame = self.fb, self.frame
        done = fb.new_block()  # normal completion of body+else or of a handler: on to the final body
        fin = None
        if s.finalbody:
            frame.finally_stack.append(FinallyFrame(s.finalbody, len(fb.handlers), len(frame.loops)))
            fin = fb.new_block(d.exc_type(), d.exc_type())
            fb.handlers.append(fin)
        catch = None
        if s.handlers:
            catch = fb.new_block(d.exc_type(), d.exc_type())
            fb.handlers.append(catch)
        self.visit_body(s.body)
        if catch is not None:
            fb.handlers.pop()
        if fb.block is not None:
            self.visit_body(s.orelse)  # its exceptions pass this try's handlers by
        fb.goto(done)
        if catch is not None and any(True for _ in catch.predecessors):
            self.except_clauses(s.handlers, catch, done)
        if fin is not None:
            frame.finally_stack.pop()
            fb.handlers.pop()
            if any(True for _ in fin.predecessors):  # the exception path
                fb.block = fin
                code, origin = fin.arguments
                with self.at(s):
                    trace = self.b.trace_save()
                    code, saved = self.b.exception_caught(code)
                frame.handling.append((code, origin, saved, trace))
                self.visit_body(s.finalbody)
                frame.handling.pop()
                if fb.block is not None:
                    self.b.exception_restore(saved)
                    self.b.trace_restore(*trace)
                fb.goto(fb.handler, [code, origin])
        fb.block = done if any(True for _ in done.predecessors) else None
        if fin is not None and fb.block is not None:
            self.visit_body(s.finalbody)

    def except_clauses(self, handlers, catch, done) -> None:
        """The ``except`` clauses of a try, tested in order at ``catch``; a
        completed clause goes on to ``done``."""
        fb, frame = self.fb, self.frame
        code, origin = catch.arguments
        fb.block = catch
        for h in handlers:
            if h.type is None:
                hit, miss = fb.block, None
            else:
                with self.at(h.type):
                    classes = [exception_class_name(t, self.program.module, "except") for t in
                               (h.type.elts if isinstance(h.type, nodes.Tuple) else [h.type])]
                    hit, miss = fb.new_block(), fb.new_block()
                    fb.cond_br(self.b.exception_matches(code, classes), [], [], hit, miss)
            fb.block = hit
            with self.at(h):
                trace = self.b.trace_save() if _reraises(h.body) else None
                caught, saved = self.b.exception_caught(code)
            if h.name is None:
                frame.handling.append((caught, origin, saved, trace))
                self.visit_body(h.body)
            else:
                self.bound_handler(h, caught, origin, saved, trace)
            frame.handling.pop()
            fb.goto(done)
            if miss is None:
                return
            fb.block = miss
        fb.goto(fb.handler, [code, origin])  # no clause matched: on outwards

    def bound_handler(self, h, caught, origin, saved, trace) -> None:
        """``except E as e``: the body runs with ``e`` bound to the exception;
        on every way out of it (its end, return/break/continue, an exception)
        ``e`` is unbound again, as CPython's ``finally: del e``. The value is
        also what a bare ``raise`` restores, so it keeps its identity."""
        fb, frame = self.fb, self.frame
        name = variable_key(h.name)
        if name in frame.fn.frees:
            raise error_at(h.name, f"a caught exception bound to a nonlocal variable ('{h.name.name}') "
                                   "is not supported", "bind it to a local name")
        with self.at(h):
            value = self.emit.caught_value(caught, saved)
        self.bind_variable(name, value)
        _, exception = self.b.unbox(value, T.EXCEPTION, checked=False)
        frame.handling.append((caught, origin, exception, trace))
        def unbind():
            if fb.block is None:
                return
            if name in frame.fn.cells:  # a nested function reads it: its cell is emptied
                self.b.seq_resize(self.cell_of(name), self.b.constant(0, T.INT))
            else:
                fb.unbind(frame.slot(name))

        frame.finally_stack.append(FinallyFrame([], len(fb.handlers), len(frame.loops), unbind))
        out = fb.new_block(d.exc_type(), d.exc_type())
        fb.handlers.append(out)
        self.visit_body(h.body)
        fb.handlers.pop()
        frame.finally_stack.pop()
        unbind()
        after = fb.block
        if any(True for _ in out.predecessors):  # an exception left the handler
            fb.block = out
            unbind()
            fb.goto(fb.handler, list(out.arguments))
        fb.block = after

    # ---- leaving a try early ----------------------------------------------------------
    def leave_finally(self, depth: int) -> None:
        """Run the final bodies of the ``try`` statements being left, innermost
        first, down to ``depth`` entries of the finally stack (``return``: 0;
        ``break``/``continue``: the loop's depth). Each runs with the handlers
        and loops that enclose its own ``try``."""
        frame, fb = self.frame, self.fb
        stack = frame.finally_stack
        saved = (list(stack), list(fb.handlers), list(frame.loops), list(frame.handling))
        try:
            while len(stack) > depth and fb.block is not None:
                f = stack.pop()
                del fb.handlers[f.handler_depth:]
                del frame.loops[f.loop_depth:]
                if f.action is not None:
                    f.action()
                else:
                    self.visit_body(f.body)
        finally:
            stack[:], fb.handlers[:], frame.loops[:], frame.handling[:] = saved


def _reraises(body) -> bool:
    """Does an except clause's body hold a bare ``raise`` (its own, or a
    nested handler's: either way its trace is worth keeping)?"""
    scopes = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)
    return any(isinstance(n, nodes.Raise) and n.exc is None
               for stmt in body for n in stmt.nodes_of_class(nodes.Raise, skip_klass=scopes))


def _inside_handler(node) -> bool:
    """Is ``node`` inside an except clause or a final body of its function?"""
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, (nodes.FunctionDef, nodes.Lambda)):
        if isinstance(parent, nodes.ExceptHandler):
            return True
        if isinstance(parent, nodes.Try) and child in parent.finalbody:
            return True
        child, parent = parent, parent.parent
    return False


__all__ = ["HandlerWalker", "FinallyFrame", "exception_class_name"]
