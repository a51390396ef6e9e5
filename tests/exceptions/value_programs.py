"""The compiled programs of tests/exceptions/test_values.py: exceptions as values.

A plain module, not a test file (pytest rewrites ``assert`` statements in test
modules, which would change the AssertionError of these functions under
CPython). Helpers without ``@pydm.jit`` are compiled with the jit function
that calls them; under CPython they are plain Python.

``raise_some(j, x)`` raises exception number ``j`` (see ``RAISES``); the jit
functions take that number, so one compiled function covers every class.
"""
import pydm


class MyError(ValueError):
    pass


class MyChild(MyError):
    ...


class AppError(Exception):
    """An application error, straight under Exception."""


def raise_some(j, x):
    """Raises exception number ``j`` (``x``: an int, 3 or -2 in the tests)."""
    if j == 0:
        raise ValueError(x)
    if j == 1:
        raise ValueError(x, 2.5)
    if j == 2:
        raise ValueError()
    if j == 3:
        raise ValueError
    if j == 4:
        raise MyError(x)
    if j == 5:
        raise MyChild(x, x + 1)
    if j == 6:
        raise KeyError(x)
    if j == 7:
        raise AppError()
    if j == 8:
        assert x != x
    if j == 9:
        assert x != x, x
    if j == 10:
        return next(iter([x][1:]))  # pydm's own StopIteration: args ()
    if j == 11:
        raise ValueError(None, True, (x, 1.5))
    if j == 12:
        return 10 // (x - x)  # pydm's own ZeroDivisionError: args is the message (a str)
    if j == 13:
        return [1, 2][x + 5]  # pydm's own IndexError: args is the message (a str)
    if j == 14:
        raise ValueError("msg")
    if j == 15:
        raise KeyError((x,), x)
    if j == 16:
        raise BaseException(x)
    if j == 17:
        raise ArithmeticError(x * 0.5)
    return x


#: what raise_some(j, x) raises, for the tests' own checks of the CPython side
RAISES = {0: ValueError, 1: ValueError, 2: ValueError, 3: ValueError, 4: MyError, 5: MyChild,
          6: KeyError, 7: AppError, 8: AssertionError, 9: AssertionError, 10: StopIteration,
          11: ValueError, 12: ZeroDivisionError, 13: IndexError, 14: ValueError, 15: KeyError,
          16: BaseException, 17: ArithmeticError}
NJ = len(RAISES) + 1  # j == NJ - 1 does not raise
#: j whose exception has a str in its args (tested on their own: strings, issue #10)
STR_ARGS = [12, 13, 14]
#: j whose exception is an Exception (``except Exception`` catches it)
EXCEPTIONS = [j for j, c in RAISES.items() if issubclass(c, Exception)]
NO_STR = [j for j in range(NJ) if j not in STR_ARGS]

# ====================================================================== binding and deletion of the name


@pydm.jit
def binding(k, n):
    """``except ... as e`` binds ``e`` in the handler and deletes it after
    (``n == 0``: the try body raises ZeroDivisionError; otherwise it does not)."""
    if k == 0:  # read in the handler
        try:
            r = 10 // n
        except ZeroDivisionError as e:
            return isinstance(e, ZeroDivisionError)
        return r
    if k == 1:  # read after the handler ran: unbound; the handler did not run: never bound
        try:
            r = 10 // n
        except ZeroDivisionError as e:
            r = -1
        return e
    if k == 2:  # a value before the try: deleted if the handler ran, kept otherwise
        e = 7
        try:
            r = 10 // n
        except ZeroDivisionError as e:
            r = -1
        return e + r
    if k == 3:  # rebound inside the handler: still deleted after it
        e = 7
        try:
            r = 10 // n
        except ZeroDivisionError as e:
            e = 8
            r = e
        return e + r
    if k == 4:  # two clauses binding the same name
        try:
            if n == 1:
                raise KeyError(n)
            r = 10 // n
        except KeyError as e:
            r = len(e.args)
        except ZeroDivisionError as e:
            r = 2 * isinstance(e, ArithmeticError)
        if n > 5:
            return r
        return e
    if k == 5:  # in a loop: bound, deleted, bound again
        count = 0
        e = 1000
        for i in range(3):
            try:
                count += 10 // (n - i)
            except ZeroDivisionError as e:
                count += 100 * isinstance(e, ZeroDivisionError)
        if n > 5:
            return count + e
        return e
    if k == 6:  # a nested handler with the same name deletes the outer handler's e
        try:
            raise ValueError(n)
        except ValueError as e:
            try:
                r = 10 // n
            except ZeroDivisionError as e:
                r = -1
            return e.args
    if k == 7:  # a nested handler with another name leaves e alone
        try:
            raise ValueError(n)
        except ValueError as e:
            try:
                r = 10 // n
            except ZeroDivisionError as f:
                r = isinstance(f, ZeroDivisionError)
            return e.args, r
    if k == 8:  # deleted also when the handler ends by raising
        try:
            try:
                r = 10 // n
            except ZeroDivisionError as e:
                raise KeyError(n)
        except KeyError:
            return e
        return r
    if k == 9:  # deleted also when the handler ends by a bare raise
        try:
            try:
                r = 10 // n
            except ZeroDivisionError as e:
                raise
        except ZeroDivisionError:
            return e
        return r
    if k == 10:  # the name reused as a plain variable after the handler
        try:
            r = 10 // n
        except ZeroDivisionError as e:
            r = -1
        e = r * 2
        return e
    if k == 11:  # deleted when the handler returns: a finally body reading e raises
        e = 5
        try:
            try:
                r = 10 // n
            except ZeroDivisionError as e:
                return -1
        finally:
            r = e
        return r
    if k == 12:  # in a loop, `continue` out of the handler deletes it too
        e = 1
        total = 0
        for i in range(2):
            try:
                total += 10 // (n * i)
            except ZeroDivisionError as e:
                continue
            total += e
        return total
    return -100


BINDING_KS = 13


@pydm.jit
def binding_log(n, log):
    """The order of blocks around a handler whose name is deleted, and the
    UnboundLocalError of a read in an outer handler / final body."""
    try:
        try:
            log.append(1)
            r = 10 // n
            log.append(2)
        except ZeroDivisionError as e:
            log.append(isinstance(e, ArithmeticError))
            r = 0
        finally:
            log.append(3)
        log.append(r)
        return e
    except UnboundLocalError as u:
        log.append(isinstance(u, NameError))
        return -1
    finally:
        log.append(4)


# ====================================================================== raise e


def raise_given(e):
    """A helper that raises the exception it is given."""
    raise e


def raise_given_later(e, n):
    """Raises ``e`` after handling an exception of its own."""
    try:
        r = 10 // n
    except ZeroDivisionError:
        r = -1
    if r != 12345:
        raise e
    return r


@pydm.jit
def reraise(k, j, x):
    """Re-raises the caught exception (number ``j`` of ``raise_some``) in
    several ways; the exception that reaches Python must be the same (class,
    str, args)."""
    if k == 0:  # raise e in the handler
        try:
            raise_some(j, x)
        except BaseException as e:
            raise e
    if k == 1:  # kept in a variable, raised after the try
        err = None
        try:
            raise_some(j, x)
        except BaseException as e:
            err = e
        if err is not None:
            raise err
        return 0
    if k == 2:  # raised by a helper it is passed to
        try:
            raise_some(j, x)
        except BaseException as e:
            raise_given(e)
    if k == 3:  # after another try in the handler
        try:
            raise_some(j, x)
        except BaseException as e:
            try:
                r = 10 // (x - x)
            except ZeroDivisionError:
                r = -1
            raise e
    if k == 4:  # by a helper, after another try in the helper
        try:
            raise_some(j, x)
        except BaseException as e:
            raise_given_later(e, 0)
    if k == 5:  # by a nested function it is passed to
        def throw(v):
            raise v

        try:
            raise_some(j, x)
        except BaseException as e:
            throw(e)
    if k == 6:  # kept, raised from a later handler of another exception
        err = None
        try:
            raise_some(j, x)
        except BaseException as e:
            err = e
        try:
            raise KeyError(x)
        except KeyError:
            if err is not None:
                raise err
        return 1
    if k == 7:  # caught in an inner try, raised in an outer handler's body
        try:
            try:
                raise_some(j, x)
            except BaseException as e:
                err = e
                raise ValueError(x * 100)
        except ValueError:
            raise err
    return -1


@pydm.jit
def reraise_identity(k, j, x):
    """``raise e`` (and a bare ``raise``) raise the very object that was
    caught: an outer handler sees it again (``is``)."""
    saved = None
    try:
        try:
            raise_some(j, x)
        except Exception as e:
            saved = e
            if k == 0:
                raise e
            if k == 1:
                raise
            if k == 2:
                raise_given(e)
            raise ValueError(x)
    except Exception as f:
        if k == 3:
            return f is saved, f is not saved
        return f is saved, f == saved
    return None


@pydm.jit
def reraise_closure(j, x):
    """A nested function that reads the caught exception from its enclosing
    function (``e`` is a cell) and raises it."""
    try:
        raise_some(j, x)
    except Exception as e:
        def throw():
            raise e

        throw()
    return 0


# ====================================================================== instances as values


@pydm.jit
def make_value(k, x):
    """Exception instances made without raising them: raised later, or returned."""
    if k == 0:
        err = ValueError(1, 2)
        raise err
    if k == 1:
        return ValueError(3)
    if k == 2:
        return ValueError(x, x * 2.5)
    if k == 3:
        return MyError(x)
    if k == 4:
        return [ValueError(x), KeyError(x), MyChild()]
    if k == 5:
        return ValueError(), 1
    if k == 6:
        err = MyChild(x, None)
        if x > 0:
            raise err
        return err
    if k == 7:
        return AppError(True, (x, 2.0))
    if k == 8:
        err = KeyError(x)
        other = KeyError(x)
        return err is other, err == other, err != other
    if k == 9:
        err = ArithmeticError(x)
        return err.args, len(err.args)
    if k == 10:
        err = BaseException()
        return err, err.args
    if k == 11:
        errs = [ValueError(i) for i in range(x)]
        return errs
    return None


@pydm.jit
def make_value_literal(k):
    """An exception made with a string literal, returned to Python."""
    if k == 0:
        return ValueError("msg")
    if k == 1:
        return [KeyError("k"), MyError(2, 1)]
    return None


@pydm.jit
def return_caught(k, j, x):
    """The caught exception returned to Python, alone, in a list, in a tuple."""
    if k == 0:
        try:
            raise_some(j, x)
        except BaseException as e:
            return e
        return None
    if k == 1:
        try:
            raise_some(j, x)
        except BaseException as e:
            return e, 1
        return None
    if k == 2:
        try:
            raise_some(j, x)
        except BaseException as e1:
            first = e1
        try:
            raise_some(j + 1, x)
        except BaseException as e2:
            return [first, e2]
        return [first]
    if k == 3:
        try:
            raise_some(j, x)
        except BaseException as e:
            return [e, e]
    if k == 4:  # caught, kept, returned after the try
        err = None
        try:
            raise_some(j, x)
        except BaseException as e:
            err = e
        return err
    return 0


# ====================================================================== e.args


@pydm.jit
def args_of(j, x):
    """``e.args`` of exception number ``j`` (a tuple)."""
    try:
        raise_some(j, x)
    except BaseException as e:
        return e.args
    return None


@pydm.jit
def args_forms(k, x):
    """``e.args`` of the raise forms, with run-time values."""
    try:
        if k == 0:
            raise ValueError
        if k == 1:
            raise ValueError()
        if k == 2:
            raise ValueError(1, 2.5)
        if k == 3:
            raise ValueError(x)
        if k == 4:
            raise KeyError(x, x * 1.5, x > 0)
        if k == 5:
            raise MyChild(None)
        if k == 6:
            raise IndexError((x, (x, 2.5)))
        if k == 7:
            assert x < 0
        if k == 8:
            assert x < 0, x + 1
        if k == 9:
            raise StopIteration(x)
        if k == 10:
            raise ArithmeticError(-0.0)
        if k == 11:
            raise ValueError(1) if x > 0 else ValueError(2.5)
        if k == 12:
            raise ValueError(x) from None
    except BaseException as e:
        return e.args
    return None


@pydm.jit
def args_use(k, j, x):
    """Using ``e.args`` in compiled code (exception number ``j``)."""
    try:
        raise_some(j, x)
    except BaseException as e:
        a = e.args
        if k == 0:
            return len(a)
        if k == 1:
            return a[0]
        if k == 2:
            return a == (x,), a != ()
        if k == 3:
            p, q = e.args
            return q, p
        if k == 4:
            return e.args + (1,)
        if k == 5:
            return e.args[-1:], 1 in e.args
    return None


# ====================================================================== isinstance, identity, truthiness


@pydm.jit
def inspect(k, j, x):
    """``isinstance``, ``is``, ``==`` and truthiness of a caught exception."""
    try:
        raise_some(j, x)
    except BaseException as e:
        if k == 0:
            return isinstance(e, ValueError)
        if k == 1:
            return isinstance(e, (KeyError, ArithmeticError))
        if k == 2:
            return isinstance(e, MyError)
        if k == 3:
            return isinstance(e, MyChild)
        if k == 4:
            return isinstance(e, AppError)
        if k == 5:
            return isinstance(e, Exception)
        if k == 6:
            return isinstance(e, BaseException)
        if k == 7:
            return isinstance(e, LookupError)
        if k == 8:
            return isinstance(e, (int, float))
        if k == 9:
            return e is e, e is not e
        if k == 10:
            other = ValueError(x)
            return e is other, e is not other
        if k == 11:
            return e == e, e != e
        if k == 12:
            return e == ValueError(x), e != ValueError(x)
        if k == 13:
            if e:
                return 1
            return 0
        if k == 14:
            return not e, bool(e)
        if k == 15:
            return e is None, e is not None
        if k == 16:
            return isinstance(e, (MyChild, (StopIteration, AssertionError)))
        if k == 17:
            return 1 if e and x else 2
    return -1


NINSPECT = 18


# ====================================================================== lists, None-or-exception, mixed returns


def check_value(x):
    """Undecorated: compiled with its caller."""
    if x < 0:
        raise MyError(x)
    if x == 0:
        raise ValueError(x, 0)
    if x > 100:
        raise KeyError(x)
    return x * 2


@pydm.jit
def collect(k, xs):
    """Exceptions appended to a list."""
    errs = []
    out = []
    for x in xs:
        try:
            out.append(check_value(x))
        except ValueError as e:
            errs.append(e)
        except KeyError as e:
            errs.append(e)
            out.append(-1)
    if k == 0:
        return len(errs), out
    if k == 1:
        return errs
    if k == 2:
        return [isinstance(e, MyError) for e in errs]
    if k == 3:
        return [e.args for e in errs]
    if k == 4:
        if errs:
            raise errs[-1]
        return out
    if k == 5:
        return errs[0] is errs[0], errs[0] is errs[-1], len(errs)
    if k == 6:
        both = errs + errs
        return both[0] is both[len(errs)]
    return None


@pydm.jit
def first_error(k, xs):
    """A variable holding None or an exception."""
    err = None
    total = 0
    for x in xs:
        try:
            total += check_value(x)
        except (ValueError, KeyError) as e:
            if err is None:
                err = e
    if k == 0:
        if err is not None:
            raise err
        return total
    if k == 1:
        return err
    if k == 2:
        return err is None
    if k == 3:
        if err is None:
            return None
        return err.args
    if k == 4:
        return isinstance(err, MyError), isinstance(err, ValueError)
    return total


def maybe_error(x):
    """An exception or an int (undecorated)."""
    if x < 0:
        return ValueError(x)
    if x == 0:
        return MyError(x, 0)
    return x * 2


@pydm.jit
def use_maybe(k, x):
    """A function that returns an exception or an int."""
    r = maybe_error(x)
    if k == 0:
        return r
    if k == 1:
        if isinstance(r, ValueError):
            raise r
        return r + 1
    if k == 2:
        if isinstance(r, int):
            return r
        return -1
    if k == 3:
        if isinstance(r, MyError):
            return r.args
        return ()
    if k == 4:
        return [r, maybe_error(-x)]
    return None


# ====================================================================== across compiled calls


def catch_in_helper(j, x):
    """Catches exception number ``j`` and returns it (None if nothing was raised)."""
    try:
        raise_some(j, x)
    except Exception as e:
        return e
    return None


def wrap(e):
    """Returns what it is given, in a list (an exception from its caller)."""
    return [e, 1]


@pydm.jit
def across(k, j, x):
    """Exception values returned by, and passed to, undecorated helpers."""
    if k == 0:
        return catch_in_helper(j, x)
    if k == 1:
        e = catch_in_helper(j, x)
        if e is not None:
            raise_given(e)
        return 0
    if k == 2:
        try:
            raise_given(ValueError(x))
        except ValueError as e:
            return e.args
    if k == 3:
        return isinstance(catch_in_helper(j, x), LookupError)
    if k == 4:
        try:
            raise_some(j, x)
        except Exception as e:
            return wrap(e)
        return None
    if k == 5:
        e = catch_in_helper(j, x)
        try:
            raise_given(e)
        except Exception as f:
            return f is e
        return None
    return -1


# ====================================================================== raise ... from


@pydm.jit
def raise_from(k, x):
    """``raise X from c``: the cause is the caught exception, a value, None."""
    try:
        return 10 // x
    except ZeroDivisionError as e:
        if k == 0:
            raise ValueError(x) from e
        if k == 1:
            raise KeyError from e
        if k == 2:
            err = MyError(x, 2)
            raise err from None
        if k == 3:
            c = None if x == 0 else e
            raise ValueError(3) from c
        if k == 4:
            raise ValueError(4) from x  # TypeError: exception causes must derive from BaseException
        if k == 5:
            inner = KeyError(x)
            outer = ValueError(inner)
            try:
                raise outer from inner
            except ValueError as v:
                return [v, inner, v.args[0] is inner]
        if k == 6:
            raise ValueError(x) from ZeroDivisionError  # a class: an instance of it
        if k == 7:
            raise ValueError from KeyError(x)
    return None
