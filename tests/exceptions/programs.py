"""The compiled programs of tests/exceptions.

A plain module, not a test file: pytest rewrites ``assert`` statements in test
modules, which would change the AssertionError message of these functions
under CPython. Helpers without ``@pydm.jit`` are compiled with the jit
function that calls them; on the CPython side they are plain Python (they
never call a jit function, so the reference stays pure CPython).

The exception classes are numbered in the order of ``CLASSES`` (k = 0..17);
``raise_*`` functions take that number.
"""
import pydm

CLASSES = [
    StopIteration, RuntimeError, ValueError, NotImplementedError, KeyError, IndexError,
    AttributeError, TypeError, UnboundLocalError, ZeroDivisionError, OverflowError,
    AssertionError, RecursionError, NameError, LookupError, ArithmeticError, Exception,
    BaseException,
]
NCLASSES = len(CLASSES)

# ====================================================================== raise forms


@pydm.jit
def raise_bare_class(k):
    if k == 0:
        raise StopIteration
    if k == 1:
        raise RuntimeError
    if k == 2:
        raise ValueError
    if k == 3:
        raise NotImplementedError
    if k == 4:
        raise KeyError
    if k == 5:
        raise IndexError
    if k == 6:
        raise AttributeError
    if k == 7:
        raise TypeError
    if k == 8:
        raise UnboundLocalError
    if k == 9:
        raise ZeroDivisionError
    if k == 10:
        raise OverflowError
    if k == 11:
        raise AssertionError
    if k == 12:
        raise RecursionError
    if k == 13:
        raise NameError
    if k == 14:
        raise LookupError
    if k == 15:
        raise ArithmeticError
    if k == 16:
        raise Exception
    if k == 17:
        raise BaseException
    return k


@pydm.jit
def raise_empty_call(k):
    if k == 0:
        raise StopIteration()
    if k == 1:
        raise RuntimeError()
    if k == 2:
        raise ValueError()
    if k == 3:
        raise NotImplementedError()
    if k == 4:
        raise KeyError()
    if k == 5:
        raise IndexError()
    if k == 6:
        raise AttributeError()
    if k == 7:
        raise TypeError()
    if k == 8:
        raise UnboundLocalError()
    if k == 9:
        raise ZeroDivisionError()
    if k == 10:
        raise OverflowError()
    if k == 11:
        raise AssertionError()
    if k == 12:
        raise RecursionError()
    if k == 13:
        raise NameError()
    if k == 14:
        raise LookupError()
    if k == 15:
        raise ArithmeticError()
    if k == 16:
        raise Exception()
    if k == 17:
        raise BaseException()
    return k


@pydm.jit
def raise_literal(k):
    if k == 0:
        raise StopIteration("stop here")
    if k == 1:
        raise RuntimeError("runtime: 'quoted' and \"double\"")
    if k == 2:
        raise ValueError("bad value")
    if k == 3:
        raise NotImplementedError("not yet")
    if k == 4:
        raise KeyError("missing key")
    if k == 5:
        raise IndexError("index out of range")
    if k == 6:
        raise AttributeError("no attribute")
    if k == 7:
        raise TypeError("wrong type")
    if k == 8:
        raise UnboundLocalError("unbound")
    if k == 9:
        raise ZeroDivisionError("zero")
    if k == 10:
        raise OverflowError("too big")
    if k == 11:
        raise AssertionError("asserted")
    if k == 12:
        raise RecursionError("too deep")
    if k == 13:
        raise NameError("no name")
    if k == 14:
        raise LookupError("lookup")
    if k == 15:
        raise ArithmeticError("arith")
    if k == 16:
        raise Exception("exception\nwith a newline, a tab\tand unicode é ∞")
    if k == 17:
        raise BaseException("base")
    return k


@pydm.jit
def raise_literal_edge(k):
    """Literal messages that are easy to get wrong."""
    if k == 0:
        raise ValueError("")
    if k == 1:
        raise KeyError("")
    if k == 2:
        raise ValueError(" ")
    if k == 3:
        raise KeyError("it's")
    if k == 4:
        raise ValueError("{}")
    if k == 5:
        raise ValueError("{0} {x} %s %d")
    if k == 6:
        raise Exception("")
    return k


@pydm.jit
def raise_value(k, x):
    if k == 0:
        raise StopIteration(x)
    if k == 1:
        raise RuntimeError(x)
    if k == 2:
        raise ValueError(x)
    if k == 3:
        raise NotImplementedError(x)
    if k == 4:
        raise KeyError(x)
    if k == 5:
        raise IndexError(x)
    if k == 6:
        raise AttributeError(x)
    if k == 7:
        raise TypeError(x)
    if k == 8:
        raise UnboundLocalError(x)
    if k == 9:
        raise ZeroDivisionError(x)
    if k == 10:
        raise OverflowError(x)
    if k == 11:
        raise AssertionError(x)
    if k == 12:
        raise RecursionError(x)
    if k == 13:
        raise NameError(x)
    if k == 14:
        raise LookupError(x)
    if k == 15:
        raise ArithmeticError(x)
    if k == 16:
        raise Exception(x)
    if k == 17:
        raise BaseException(x)
    return k


@pydm.jit
def raise_two(k, x, y):
    if k == 0:
        raise ValueError(x, y)
    if k == 1:
        raise KeyError(x, y)
    if k == 2:
        raise StopIteration(x, y)
    if k == 3:
        raise BaseException(x, y)
    if k == 4:
        raise ZeroDivisionError(x, y)
    return k


@pydm.jit
def raise_many_args(x):
    if x > 100:
        raise KeyError(x, x + 1, x * 0.5, x > 0, None, (x,), [x, [x]], ())
    raise ValueError(x, -x, (x, (x, None)), [])


@pydm.jit
def raise_computed_args(x):
    """The arguments are expressions; evaluating one of them may raise first."""
    a = [x, x * 2]
    raise IndexError(10 // x, a[x], len(a))


@pydm.jit
def raise_one_tuple_arg(x):
    """One tuple argument: args is a 1-tuple holding it, str is the tuple's repr."""
    raise ValueError((x, 1))


@pydm.jit
def raise_int_extremes(x):
    if x == 0:
        raise ValueError(9223372036854775807)
    if x == 1:
        raise ValueError(-9223372036854775807 - 1)
    if x == 2:
        raise ValueError(-0.0)
    if x == 3:
        raise ValueError(1e308 * 10)
    if x == 4:
        raise ValueError(1e308 * 10 - 1e308 * 10)
    if x == 5:
        raise ValueError(True, False)
    return x


@pydm.jit
def raise_list_arg(a):
    raise ValueError(a)


@pydm.jit
def raise_fresh_list(n):
    a = [n]
    raise KeyError(a, a)


@pydm.jit
def raise_from_none(k, x):
    if k == 0:
        raise ValueError from None
    if k == 1:
        raise ValueError() from None
    if k == 2:
        raise KeyError("literal") from None
    if k == 3:
        raise IndexError(x) from None
    if k == 4:
        raise ArithmeticError(x, x) from None
    try:
        return 1 // x
    except ZeroDivisionError:
        raise OverflowError(x, 2) from None


@pydm.jit
def raise_in_loop(n, log):
    for i in range(10):
        log.append(i)
        if i == n:
            raise IndexError(i)
    return len(log)


@pydm.jit
def raise_dynamic_arg(flag, x):
    """The argument's type is known only at run time."""
    v = x
    if flag:
        v = [x]
    if flag == 2:
        v = None
    raise ValueError(v)


# ====================================================================== the class hierarchy


def raise_k(k):
    """Raises class number ``k`` (helper without the decorator)."""
    if k == 0:
        raise StopIteration("m0")
    if k == 1:
        raise RuntimeError("m1")
    if k == 2:
        raise ValueError("m2")
    if k == 3:
        raise NotImplementedError("m3")
    if k == 4:
        raise KeyError("m4")
    if k == 5:
        raise IndexError("m5")
    if k == 6:
        raise AttributeError("m6")
    if k == 7:
        raise TypeError("m7")
    if k == 8:
        raise UnboundLocalError("m8")
    if k == 9:
        raise ZeroDivisionError("m9")
    if k == 10:
        raise OverflowError("m10")
    if k == 11:
        raise AssertionError("m11")
    if k == 12:
        raise RecursionError("m12")
    if k == 13:
        raise NameError("m13")
    if k == 14:
        raise LookupError("m14")
    if k == 15:
        raise ArithmeticError("m15")
    if k == 16:
        raise Exception("m16")
    if k == 17:
        raise BaseException("m17")
    return k


@pydm.jit
def catch_StopIteration(k):
    try:
        raise_k(k)
    except StopIteration:
        return -1
    return 0


@pydm.jit
def catch_RuntimeError(k):
    try:
        raise_k(k)
    except RuntimeError:
        return -1
    return 0


@pydm.jit
def catch_ValueError(k):
    try:
        raise_k(k)
    except ValueError:
        return -1
    return 0


@pydm.jit
def catch_NotImplementedError(k):
    try:
        raise_k(k)
    except NotImplementedError:
        return -1
    return 0


@pydm.jit
def catch_KeyError(k):
    try:
        raise_k(k)
    except KeyError:
        return -1
    return 0


@pydm.jit
def catch_IndexError(k):
    try:
        raise_k(k)
    except IndexError:
        return -1
    return 0


@pydm.jit
def catch_AttributeError(k):
    try:
        raise_k(k)
    except AttributeError:
        return -1
    return 0


@pydm.jit
def catch_TypeError(k):
    try:
        raise_k(k)
    except TypeError:
        return -1
    return 0


@pydm.jit
def catch_UnboundLocalError(k):
    try:
        raise_k(k)
    except UnboundLocalError:
        return -1
    return 0


@pydm.jit
def catch_ZeroDivisionError(k):
    try:
        raise_k(k)
    except ZeroDivisionError:
        return -1
    return 0


@pydm.jit
def catch_OverflowError(k):
    try:
        raise_k(k)
    except OverflowError:
        return -1
    return 0


@pydm.jit
def catch_AssertionError(k):
    try:
        raise_k(k)
    except AssertionError:
        return -1
    return 0


@pydm.jit
def catch_RecursionError(k):
    try:
        raise_k(k)
    except RecursionError:
        return -1
    return 0


@pydm.jit
def catch_NameError(k):
    try:
        raise_k(k)
    except NameError:
        return -1
    return 0


@pydm.jit
def catch_LookupError(k):
    try:
        raise_k(k)
    except LookupError:
        return -1
    return 0


@pydm.jit
def catch_ArithmeticError(k):
    try:
        raise_k(k)
    except ArithmeticError:
        return -1
    return 0


@pydm.jit
def catch_Exception(k):
    try:
        raise_k(k)
    except Exception:
        return -1
    return 0


@pydm.jit
def catch_BaseException(k):
    try:
        raise_k(k)
    except BaseException:
        return -1
    return 0


@pydm.jit
def catch_bare(k):
    try:
        raise_k(k)
    except:  # noqa: E722
        return -1
    return 0


CATCHERS = [
    catch_StopIteration, catch_RuntimeError, catch_ValueError, catch_NotImplementedError,
    catch_KeyError, catch_IndexError, catch_AttributeError, catch_TypeError,
    catch_UnboundLocalError, catch_ZeroDivisionError, catch_OverflowError,
    catch_AssertionError, catch_RecursionError, catch_NameError, catch_LookupError,
    catch_ArithmeticError, catch_Exception, catch_BaseException, catch_bare,
]


@pydm.jit
def catch_tuples(k):
    """Several clauses, tuples among them; the first matching clause wins."""
    try:
        raise_k(k)
    except (IndexError, ZeroDivisionError):
        return 1
    except (KeyError, OverflowError, StopIteration):
        return 2
    except (LookupError,):
        return 3
    except (ArithmeticError, AssertionError, NameError):
        return 4
    except (RuntimeError, TypeError):
        return 5
    except Exception:
        return 6
    except:  # noqa: E722
        return 7
    return 0


@pydm.jit
def catch_order_general_first(k):
    """A general clause before a specific one shadows it."""
    try:
        raise_k(k)
    except Exception:
        return 1
    except ValueError:
        return 2
    except BaseException:
        return 3
    return 0


@pydm.jit
def catch_tuple_partial(k):
    """A tuple that catches part of the classes; the rest goes on outwards."""
    try:
        raise_k(k)
    except (ValueError, LookupError, RecursionError):
        return 1
    return 0


@pydm.jit
def catch_nested_outer(k, log):
    """The inner try does not match, the outer one does; the inner finally
    runs before the outer handler."""
    try:
        try:
            log.append(1)
            raise_k(k)
            log.append(2)
        except ArithmeticError:
            log.append(3)
        finally:
            log.append(4)
        log.append(5)
    except LookupError:
        log.append(6)
    except RuntimeError:
        log.append(7)
    finally:
        log.append(8)
    log.append(9)
    return len(log)


# ====================================================================== exceptions pydm raises


def runtime_error(op, x):
    """An operation that pydm itself checks, failing for the right ``x``."""
    a = [1, 2, 3]
    if op == 0:
        return a[x]
    if op == 1:
        return 10 // x
    if op == 2:
        return 10 % x
    if op == 3:
        return 10 / x
    if op == 4:
        return 1.5 / (x * 1.0)
    if op == 5:
        p, q = a
        return p + q
    if op == 6:
        p, q, r, s = a
        return p + s
    if op == 7:
        b = []
        return b.pop()
    if op == 8:
        return a.pop(x)
    if op == 9:
        a.remove(x)
        return len(a)
    if op == 10:
        return a.index(x)
    if op == 11:
        return int(x * 1e308 * 10.0)
    if op == 12:
        return (1, 2)[x]
    if op == 13:
        a[x] = 0
        return a
    if op == 14:
        return x << -1
    if op == 15:
        return int(x * 1e308 * 10.0 - x * 1e308 * 10.0)
    if op == 16:
        return next(iter(a[x:]))
    if op == 17:
        r = range(0, 5, x - 5)
        return len(r)
    if op == 18:
        t = (x, x)
        p, q, s = t
        return p
    if op == 19:
        return [1, 2][x * 2]
    if op == 20:
        return 10.0 // (x * 0.0)
    if op == 21:
        return divmod(10, x)
    if op == 22:
        return 10.0 ** (x * 400)
    if op == 23:
        v = None
        if x > 0:
            v = x
        return v + 1
    if op == 24:
        a[x] += 1
        return a
    if op == 25:
        return [10 // (i - x) for i in a]
    if op == 26:
        it = iter(a)
        return sum(next(it) for _ in range(x))
    if op == 27:
        v = x
        if x > 1:
            v = a
        return v < 1
    return -1


# (op, x) pairs that fail, and the same ops with an x that succeeds
RUNTIME_FAILING = [(0, 5), (0, -4), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 5),
                   (9, 7), (10, 7), (11, 1), (12, 2), (13, 3), (14, 1), (15, 1), (16, 5), (17, 5),
                   (18, 1), (19, 1), (20, 1), (21, 0), (23, 0), (24, 3), (25, 2),
                   (27, 2)]
# failing cases kept apart (tests/exceptions/test_hierarchy.py): float ** overflow
# (CPython's OverflowError has args (34, '...')), StopIteration inside a generator
# expression (CPython turns it into RuntimeError)
RUNTIME_FAILING_APART = [(22, 1), (26, 4)]
RUNTIME_PASSING = [(0, 1), (1, 3), (2, 3), (3, 4), (4, 2), (7, 5), (8, 0), (9, 2), (10, 3),
                   (11, 0), (12, 1), (13, 2), (16, 1), (17, 3), (19, 0), (21, 3),
                   (22, 0), (23, 2), (24, 1), (25, 5), (26, 2), (27, 0), (99, 0)]


@pydm.jit
def catch_runtime_specific(op, x):
    try:
        r = runtime_error(op, x)
    except ZeroDivisionError:
        return -1
    except IndexError:
        return -2
    except KeyError:
        return -3
    except OverflowError:
        return -4
    except ValueError:
        return -5
    except StopIteration:
        return -6
    except TypeError:
        return -7
    return r


@pydm.jit
def catch_runtime_bases(op, x):
    try:
        r = runtime_error(op, x)
    except ArithmeticError:
        return -1
    except LookupError:
        return -2
    return r


@pydm.jit
def catch_runtime_exception(op, x):
    try:
        r = runtime_error(op, x)
    except Exception:
        return -1
    return r


@pydm.jit
def catch_runtime_reraise(op, x, log):
    """A handler that logs and re-raises: the message (and its run-time
    parts, like the unpack counts) arrives unchanged."""
    try:
        r = runtime_error(op, x)
    except (ArithmeticError, LookupError):
        log.append(1)
        raise
    except:  # noqa: E722
        log.append(2)
        raise
    finally:
        log.append(3)
    return r


@pydm.jit
def runtime_through_finally(op, x, log):
    """Uncaught, through two final bodies."""
    try:
        try:
            log.append(op)
            return runtime_error(op, x)
        finally:
            log.append(-1)
    finally:
        log.append(-2)


@pydm.jit
def int_overflow_caught(x, y):
    """int overflow: pydm raises OverflowError (the documented 64-bit divergence)."""
    try:
        return x * y
    except OverflowError:
        return -1


@pydm.jit
def int_overflow_reraised(x, y, log):
    try:
        return x * y
    except ArithmeticError:
        log.append(1)
        raise


@pydm.jit
def unbound_caught(n):
    """pydm's own UnboundLocalError, caught by a compiled handler."""
    if n > 0:
        v = n
    try:
        return v
    except UnboundLocalError:
        return -1


@pydm.jit
def unbound_caught_by_name_error(n):
    if n > 0:
        v = n
    try:
        return v * 2
    except NameError:
        return -1


@pydm.jit
def catch_undefined_name(n, log):
    """pydm's NameError for a name defined nowhere, raised when the read runs."""
    try:
        if n > 0:
            return name_defined_nowhere + n  # noqa: F821
        log.append(1)
    except NameError:
        log.append(2)
        if n > 1:
            raise
    return -1


# ====================================================================== try statements: order of blocks


@pydm.jit
def try_all_blocks(n, log):
    try:
        log.append(1)
        if n == 1:
            raise ValueError(n)
        if n == 2:
            raise KeyError(n)
        log.append(2)
    except ValueError:
        log.append(3)
    else:
        log.append(4)
    finally:
        log.append(5)
    log.append(6)
    return n


@pydm.jit
def try_else_raises(n, log):
    """An exception in ``else`` passes this try's own handlers by."""
    try:
        try:
            log.append(1)
            if n == 1:
                raise ValueError(1)
        except ValueError:
            log.append(2)
        else:
            log.append(3)
            if n == 2:
                raise ValueError(2)
            log.append(4)
        finally:
            log.append(5)
    except ValueError:
        log.append(6)
    return len(log)


@pydm.jit
def try_handler_raises(n, log):
    """An exception raised inside an except clause replaces the one handled;
    a later clause of the same try does not catch it."""
    try:
        try:
            log.append(1)
            raise ValueError(n)
        except ValueError:
            log.append(2)
            if n == 1:
                raise KeyError(n)
            if n == 2:
                raise ValueError(n + 10)
            if n == 3:
                x = 1 // (n - 3)
            log.append(3)
        except KeyError:
            log.append(99)
        finally:
            log.append(4)
        log.append(5)
    except KeyError:
        log.append(6)
    except ValueError:
        log.append(7)
    except ZeroDivisionError:
        log.append(8)
    return len(log)


@pydm.jit
def try_finally_raises(n, log):
    """An exception in a final body replaces a pending exception or return."""
    try:
        try:
            log.append(1)
            if n == 1:
                raise ValueError(n)
            if n == 2:
                return 20
        finally:
            log.append(2)
            if n != 3:
                raise KeyError(n)
            log.append(3)
        log.append(4)
    except ValueError:
        log.append(5)
    except KeyError:
        log.append(6)
    return len(log)


@pydm.jit
def try_finally_raises_uncaught(n, log):
    try:
        log.append(1)
        if n == 1:
            raise ValueError(n)
        if n == 2:
            return [n]
    finally:
        log.append(2)
        if n >= 0:
            raise IndexError(n, n == 2)
    return None


@pydm.jit
def try_nested_deep(n, log):
    """Three levels; the exception is caught at level ``n`` (0: not at all)."""
    try:
        try:
            try:
                log.append(1)
                raise_k(5)  # IndexError("m5")
            except ValueError:
                log.append(90)
            finally:
                log.append(2)
            if n == 3:
                log.append(91)
        except IndexError:
            log.append(3)
            if n < 2:
                raise
        finally:
            log.append(4)
        log.append(5)
    except LookupError:
        log.append(6)
        if n < 1:
            raise
    finally:
        log.append(7)
    return len(log)


@pydm.jit
def try_in_finally(n, log):
    """A try statement inside a final body, inside a handler."""
    try:
        try:
            log.append(1)
            if n > 0:
                raise ValueError(n)
        finally:
            log.append(2)
            try:
                log.append(3)
                if n > 1:
                    raise KeyError(n)
            except KeyError:
                log.append(4)
            finally:
                log.append(5)
            log.append(6)
    except ValueError:
        log.append(7)
        try:
            log.append(8)
            if n > 2:
                raise IndexError(n)
        except IndexError:
            log.append(9)
        log.append(10)
    return len(log)


@pydm.jit
def try_in_loop(n, log):
    """try/except/else/finally in a loop with continue and break."""
    total = 0
    for i in range(n):
        try:
            log.append(i)
            if i % 4 == 1:
                continue
            if i == 7:
                break
            if i % 3 == 0:
                raise ValueError(i)
            total += i
        except ValueError:
            log.append(-i)
            continue
        else:
            log.append(100 + i)
        finally:
            log.append(1000 + i)
        log.append(2000 + i)
    else:
        log.append(-1)
    return total


@pydm.jit
def try_in_while(n, log):
    i = 0
    while True:
        i += 1
        try:
            if i > n:
                break
            if i % 2 == 0:
                continue
            log.append(i)
        finally:
            log.append(-i)
    return i


@pydm.jit
def try_only_finally(n, log):
    try:
        log.append(1)
        x = 10 // n
        log.append(2)
    finally:
        log.append(3)
    log.append(4)
    return x


@pydm.jit
def try_except_pass(n):
    total = 0
    for i in range(-n, n + 1):
        try:
            total += 100 // i
        except ZeroDivisionError:
            pass
    return total


@pydm.jit
def try_catches_then_returns_value(a, i):
    try:
        v = a[i]
    except IndexError:
        v = None
    return v


@pydm.jit
def try_as_unused(n):
    """``as e`` with ``e`` never used compiles."""
    try:
        return 10 // n
    except ZeroDivisionError as e:
        return -1


# ====================================================================== return / break / continue and finally


@pydm.jit
def return_in_try_finally(n, log):
    try:
        log.append(1)
        return n
    finally:
        log.append(2)
        n = n + 100  # does not change the value being returned
        log.append(n)


@pydm.jit
def return_list_then_finally_mutates(n):
    a = [n]
    try:
        return a
    finally:
        a.append(n + 1)


@pydm.jit
def return_in_except_finally(n, log):
    try:
        log.append(1)
        x = 10 // n
        log.append(2)
    except ZeroDivisionError:
        log.append(3)
        return -1
    else:
        log.append(4)
        return x
    finally:
        log.append(5)
    return 99


@pydm.jit
def return_value_raises_in_try(a, i, log):
    """The return value's evaluation raises: the exception path of the finally."""
    try:
        return a[i]
    except IndexError:
        log.append(1)
        return -1
    finally:
        log.append(2)


@pydm.jit
def return_in_finally_discards_exception(n, log):
    try:
        log.append(1)
        if n > 0:
            raise ValueError(n)
        log.append(2)
    finally:
        log.append(3)
        return -n


@pydm.jit
def return_in_finally_overrides_return(n, log):
    try:
        log.append(1)
        return n
    finally:
        log.append(2)
        if n > 1:
            return n * 10


@pydm.jit
def return_in_finally_after_handler_raises(n, log):
    try:
        raise ValueError(n)
    except ValueError:
        log.append(1)
        raise KeyError(n)
    finally:
        log.append(2)
        if n == 1:
            return n


@pydm.jit
def nested_finally_return(n, log):
    """Leaving two try statements at once runs both final bodies, innermost first."""
    try:
        try:
            log.append(1)
            if n == 0:
                return 0
            if n == 1:
                raise ValueError(1)
        finally:
            log.append(2)
            if n == 2:
                return 2
        log.append(3)
    finally:
        log.append(4)
        if n == 3:
            return 3
    return 4


@pydm.jit
def break_in_try_finally(n, log):
    for i in range(5):
        try:
            log.append(i)
            if i == n:
                break
        finally:
            log.append(-i)
    else:
        log.append(100)
    return len(log)


@pydm.jit
def continue_in_try_finally(n, log):
    for i in range(5):
        try:
            if i < n:
                continue
            log.append(i)
        finally:
            log.append(-i)
        log.append(10 * i)
    return len(log)


@pydm.jit
def break_in_finally_discards(n, log):
    for i in range(4):
        try:
            log.append(i)
            if i == n:
                raise ValueError(i)
        finally:
            log.append(-i)
            if i == n:
                break
    else:
        log.append(100)
    return len(log)


@pydm.jit
def continue_in_finally_discards(n, log):
    for i in range(4):
        try:
            log.append(i)
            if i == n:
                raise ValueError(i)
            if i == n + 1:
                return i
        finally:
            log.append(-i)
            if i <= n:
                continue
        log.append(10 * i)
    return len(log)


@pydm.jit
def break_in_except_finally(n, log):
    i = 0
    while i < 10:
        try:
            log.append(i)
            x = 10 // (i - n)
        except ZeroDivisionError:
            log.append(-1)
            break
        else:
            log.append(x)
        finally:
            log.append(-2)
        i += 1
    return i


@pydm.jit
def break_out_of_inner_loop(n, log):
    """break leaves the inner loop only: the outer try's finally is not run then."""
    try:
        for i in range(3):
            for j in range(3):
                try:
                    if j == n:
                        break
                    log.append(10 * i + j)
                finally:
                    log.append(-1)
            log.append(100 + i)
    finally:
        log.append(-2)
    return len(log)


@pydm.jit
def return_from_inner_loop(n, log):
    """return from two loops and three try statements."""
    try:
        for i in range(3):
            try:
                for j in range(3):
                    try:
                        if i * 3 + j == n:
                            return (i, j)
                    finally:
                        log.append(j)
            finally:
                log.append(10 + i)
    finally:
        log.append(100)
    return None


@pydm.jit
def loop_in_finally(n, log):
    """A loop with break/continue inside a final body on the exception path."""
    try:
        try:
            raise KeyError(n)
        finally:
            for i in range(5):
                if i == 1:
                    continue
                if i == n:
                    break
                log.append(i)
    except KeyError:
        log.append(-1)
    return len(log)


@pydm.jit
def break_in_finally_discards_return(n, log):
    for i in range(3):
        try:
            log.append(i)
            if i == n:
                return 100
        finally:
            log.append(-i)
            if i == n:
                break
    return len(log)


@pydm.jit
def continue_in_finally_discards_return(n, log):
    for i in range(3):
        try:
            log.append(i)
            if i == n:
                return 100
        finally:
            if i == n:
                continue
            log.append(-i)
    return len(log)


@pydm.jit
def finally_raises_on_break(n, log):
    """An exception in a final body replaces the break that ran it."""
    try:
        for i in range(5):
            try:
                if i == n:
                    break
                log.append(i)
            finally:
                if i == n:
                    raise KeyError(i)
    except KeyError:
        log.append(-1)
    return len(log)


@pydm.jit
def exception_in_condition(n, log):
    try:
        while 10 // n > 1:
            log.append(n)
            n = n + 1
            if 3 // (5 - n):
                log.append(0)
    except ZeroDivisionError:
        log.append(-1)
    return n


@pydm.jit
def exception_in_loop_over_list(a, log):
    total = 0
    for x in a:
        try:
            total += 100 // x
        except ZeroDivisionError:
            log.append(x)
            continue
        except TypeError:
            log.append(-1)
            break
        log.append(total)
    return total


@pydm.jit
def exception_in_comprehension(a):
    try:
        return [10 // x for x in a]
    except ZeroDivisionError:
        return [len(a)]


def finally_return_callee(n, log):
    try:
        return helper_raise(n)
    finally:
        log.append(n)
        if n < 0:
            return -1


@pydm.jit
def callee_finally_discards(n, log):
    try:
        return finally_return_callee(n, log)
    except KeyError:
        log.append(99)
        return 0


@pydm.jit
def unreachable_handler(n, log):
    """Handlers and final bodies around code that cannot raise."""
    try:
        x = n
    except ValueError:
        return -1
    try:
        pass
    finally:
        log.append(1)
    try:
        log.append(2)
    except:  # noqa: E722
        log.append(3)
    else:
        log.append(4)
    return x


def fail(n):
    """Never returns."""
    raise ValueError(n)


@pydm.jit
def never_returning_callee(n, log):
    try:
        x = fail(n) + 1
        log.append(x)
    except ValueError:
        log.append(-1)
    try:
        return fail(n * 2)
    finally:
        log.append(-2)


@pydm.jit
def always_raises_then_unreachable(n, log):
    try:
        raise KeyError(n)
    finally:
        log.append(1)
    log.append(2)
    return 5


@pydm.jit
def raise_list_then_finally_mutates(n):
    """The args hold the list itself: a change made by the final body shows."""
    a = [n]
    try:
        raise ValueError(a)
    finally:
        a.append(n + 1)


@pydm.jit
def reraise_last_of_loop(n):
    for i in range(n):
        try:
            raise ValueError(i, i * 0.5)
        except ValueError:
            if i == n - 1:
                raise
    return n


@pydm.jit
def reraise_in_finally_on_break(n, log):
    """A final body run by break, not by an exception: no active exception."""
    for i in range(3):
        try:
            if i == n:
                break
        finally:
            log.append(i)
            if i == n:
                raise
    return len(log)


# ====================================================================== bare raise


@pydm.jit
def reraise_in_except(n, log):
    try:
        log.append(1)
        raise ValueError(n, n + 1)
    except ValueError:
        log.append(2)
        raise


@pydm.jit
def reraise_in_finally(n, log):
    """Bare raise in a final body: the pending exception (exception path), or
    "No active exception to reraise" (normal path)."""
    try:
        log.append(1)
        if n > 0:
            raise KeyError(n)
    finally:
        log.append(2)
        raise


@pydm.jit
def reraise_in_finally_after_return(n):
    try:
        return n
    finally:
        raise


@pydm.jit
def reraise_in_finally_inside_handler(n, log):
    """A final body on its normal path, inside an except clause: bare raise
    re-raises the exception the clause handles."""
    try:
        raise IndexError(n)
    except IndexError:
        try:
            log.append(1)
        finally:
            log.append(2)
            raise


@pydm.jit
def reraise_in_finally_on_return_in_handler(n, log):
    """``return`` in an except clause runs a final body whose bare raise
    re-raises the exception the clause handles."""
    try:
        raise ValueError(n)
    except ValueError:
        try:
            log.append(1)
            return 1
        finally:
            log.append(2)
            raise


@pydm.jit
def reraise_in_handler_inside_finally(n, log):
    """On the exception path of a final body, a handler inside it re-raises its own."""
    try:
        raise ValueError(n)
    finally:
        try:
            raise KeyError(n + 1)
        except KeyError:
            log.append(1)
            raise


@pydm.jit
def reraise_innermost(n, log):
    """Nested handlers: bare raise re-raises the innermost handled exception;
    once the inner clause is done, the outer one again."""
    try:
        raise ValueError(n)
    except ValueError:
        try:
            raise KeyError(n + 1)
        except KeyError:
            log.append(1)
            if n == 1:
                raise
        log.append(2)
        raise


@pydm.jit
def reraise_after_inner_handled(n, m):
    """A handled exception with arguments; another one with arguments is
    raised and caught inside the clause; bare raise is the first one."""
    try:
        raise ValueError(n)
    except ValueError:
        try:
            raise KeyError(m, m)
        except KeyError:
            pass
        raise


@pydm.jit
def reraise_unpack_after_inner_handled(a, m):
    """The same with a message pydm completes at run time (the unpack counts)."""
    try:
        p, q = a
        return p + q
    except ValueError:
        try:
            raise KeyError(m)
        except KeyError:
            pass
        raise


@pydm.jit
def reraise_after_inner_runtime_error(n, a):
    """The inner exception is one of pydm's (unpacking) with run-time parts."""
    try:
        raise IndexError(n, [n])
    except IndexError:
        try:
            p, q = a
        except ValueError:
            pass
        raise


@pydm.jit
def reraise_after_callee_handled(n, m):
    """The inner exception is raised and handled in a callee."""
    try:
        raise ValueError(n)
    except ValueError:
        swallow(m)
        raise


def swallow(m):
    try:
        raise KeyError(m, m * 2)
    except KeyError:
        return m
    return 0


@pydm.jit
def reraise_after_inner_unhandled_in_finally(n, m):
    """A final body on the exception path raises and catches its own exception,
    then the pending exception goes on."""
    try:
        raise ValueError(n)
    finally:
        try:
            raise KeyError(m)
        except KeyError:
            pass


@pydm.jit
def reraise_twice(n, log):
    """Re-raised in one clause, caught outside, re-raised again."""
    try:
        try:
            raise ArithmeticError(n, None)
        except ArithmeticError:
            log.append(1)
            raise
    except ArithmeticError:
        log.append(2)
        raise


@pydm.jit
def reraise_from_handler_of_callee_exception(op, x, log):
    try:
        return runtime_error(op, x)
    except LookupError:
        log.append(1)
        raise


@pydm.jit
def raise_new_in_handler_from_none(n):
    try:
        raise ValueError(n)
    except ValueError:
        raise KeyError(n + 1) from None


# ====================================================================== a later raise after a handled one


@pydm.jit
def stale_then_bare_class(k, n):
    """An exception with arguments is handled; a later ``raise C`` has no args."""
    try:
        raise KeyError(n, n)
    except KeyError:
        pass
    if k == 0:
        raise ValueError
    if k == 1:
        raise KeyError
    if k == 2:
        raise KeyError()
    if k == 3:
        raise IndexError("literal")
    if k == 4:
        assert n < 0
    return k


@pydm.jit
def stale_runtime_then_bare_class(k, a):
    """pydm's own exception (with a run-time message) is handled first."""
    try:
        p, q = a
    except ValueError:
        pass
    try:
        a[10]
    except IndexError:
        pass
    if k == 0:
        raise ValueError
    if k == 1:
        raise IndexError
    if k == 2:
        raise ValueError()
    if k == 3:
        x = 10 // (k - 3)
    return k


@pydm.jit
def handled_inside_call(n):
    """Handled in the first call; this entry is called again and raises then."""
    try:
        raise IndexError(n, [n])
    except IndexError:
        pass
    return n


@pydm.jit
def bare_class_raise(k):
    if k == 0:
        raise IndexError
    if k == 1:
        raise ValueError()
    return k


# ====================================================================== assert


@pydm.jit
def assert_plain(x):
    assert x
    return 1


@pydm.jit
def assert_compare(x):
    assert x > 0
    return x


@pydm.jit
def assert_literal_msg(x):
    assert x > 0, "x must be positive"
    return x


@pydm.jit
def assert_empty_msg(x):
    assert x, ""
    return x


@pydm.jit
def assert_int_msg(x):
    assert x > 0, x
    return x


@pydm.jit
def assert_tuple_msg(x):
    assert x > 0, (x, -x, None)
    return x


@pydm.jit
def assert_list_msg(x):
    assert x > 0, [x, [x * 0.5]]
    return x


@pydm.jit
def assert_none_msg(x):
    assert x > 0, None
    return x


@pydm.jit
def assert_float_msg(x):
    assert x > 0, x * 0.5
    return x


@pydm.jit
def assert_bool_msg(x):
    assert x > 0, x == 0
    return x


@pydm.jit
def assert_chain(x):
    assert 0 < x < 10, (x,)
    return x


@pydm.jit
def assert_msg_lazy(x, log):
    """The message is evaluated only when the test fails."""
    assert x > 0, log.pop()
    return len(log)


@pydm.jit
def assert_msg_raises(x):
    """Evaluating the message raises: that exception wins."""
    assert x != 0 and x != 1, 10 // (x - 1)
    return x


@pydm.jit
def assert_caught(x, log):
    for i in range(x):
        try:
            assert i % 2 == 0, i
            log.append(i)
        except AssertionError:
            log.append(-i)
    try:
        assert x < 3
    except AssertionError:
        return -1
    return x


@pydm.jit
def assert_and_or(x, y):
    assert x and y or x < 0, (x, y)
    return 0


@pydm.jit
def assert_in_callee(x):
    try:
        return checked(x)
    except AssertionError:
        return -1


def checked(x):
    assert x >= 0, "negative"
    return x * 2


# ====================================================================== variables bound in try


@pydm.jit
def bind_read_in_handler(n):
    try:
        a = n
        b = 10 // n
        c = b + 1
    except ZeroDivisionError:
        return a
    return c


@pydm.jit
def bind_unbound_in_handler(n):
    try:
        a = n
        b = 10 // n
        c = b + 1
    except ZeroDivisionError:
        return (a, c)
    return c


@pydm.jit
def bind_read_after(n):
    try:
        x = 10 // n
    except ZeroDivisionError:
        pass
    return x


@pydm.jit
def bind_before_and_in_try(n):
    x = -1
    try:
        x = 100 // n
        x = x + 1
    except ZeroDivisionError:
        pass
    return x


@pydm.jit
def bind_type_changes(n):
    x = 1
    try:
        x = 2.5
        x = [n, 10 // n]
        x = None
    except ZeroDivisionError:
        return x
    return x


@pydm.jit
def bind_in_handler(n):
    try:
        v = 10 // n
    except ZeroDivisionError:
        w = -1
    else:
        w = v * 2
    return w


@pydm.jit
def bind_in_handler_only(n):
    try:
        v = 10 // n
    except ZeroDivisionError:
        w = -1
    return w + v


@pydm.jit
def bind_read_in_finally(n, log):
    try:
        x = n
        y = 10 // n
    finally:
        log.append(x)
        log.append(y)
    return y


@pydm.jit
def bind_loop_var(n):
    for i in range(10):
        try:
            if i == n:
                raise ValueError(i)
        except ValueError:
            return i
    return i


@pydm.jit
def bind_in_loop_retry(n):
    """Retry until it works: the variable bound in the try after the loop."""
    attempts = 0
    while True:
        attempts += 1
        try:
            q = 100 // (n - attempts)
        except ZeroDivisionError:
            continue
        if attempts > n + 1:
            break
    return (attempts, q)


@pydm.jit
def bind_del_item(a, i):
    try:
        del a[i]
        r = len(a)
    except IndexError:
        r = -1
    return (r, a)


# ====================================================================== calls and recursion


def helper_raise(n):
    if n < 0:
        raise ValueError(n)
    if n == 0:
        raise KeyError("zero")
    return n * 2


def helper_middle(n, log):
    try:
        log.append(n)
        return helper_raise(n) + 1
    finally:
        log.append(-n)


def helper_catch(n, log):
    try:
        return helper_middle(n, log)
    except KeyError:
        log.append(0)
        return 0


@pydm.jit
def calls_three_levels(n, log):
    try:
        return helper_catch(n, log)
    except ValueError:
        log.append(-100)
        return -100


@pydm.jit
def calls_uncaught(n, log):
    return helper_middle(n, log)


@pydm.jit
def jit_callee(n):
    if n % 3 == 0:
        raise IndexError(n)
    return n


@pydm.jit
def calls_jit_callee(n, log):
    total = 0
    for i in range(n):
        try:
            total += jit_callee(i)
        except IndexError:
            log.append(i)
    return total


@pydm.jit
def calls_in_handler(n, log):
    """A call that raises inside an except clause."""
    try:
        raise ValueError(n)
    except ValueError:
        log.append(1)
        return helper_raise(n)


@pydm.jit
def calls_in_finally(n, log):
    try:
        log.append(1)
    finally:
        log.append(2)
        helper_raise(n)
    return n


def helper_default(n, k=3, z=None):
    if n == k:
        raise ValueError(n, k, z)
    return n + k


@pydm.jit
def calls_constant_default(n):
    try:
        return helper_default(n) + helper_default(n, 5)
    except ValueError:
        return -1


def helper_list_default(n, acc=[]):
    acc.append(n)
    return len(acc)


@pydm.jit
def calls_list_default_passed(n):
    """The non-constant default is not relied on: the argument is passed."""
    return helper_list_default(n, [n]) + helper_list_default(n, acc=[])


@pydm.jit
def rec_raise(n, log):
    if n == 0:
        raise ValueError(len(log))
    try:
        log.append(n)
        return rec_raise(n - 1, log)
    finally:
        log.append(-n)


@pydm.jit
def rec_catch(n, k, log):
    """The exception raised at the bottom is caught at level ``k``."""
    if n == 0:
        raise KeyError(n, k)
    try:
        r = rec_catch(n - 1, k, log)
    except KeyError:
        if n != k:
            log.append(100 + n)
            raise
        log.append(-n)
        return n
    log.append(n)
    return r


def mutual_a(n, log):
    try:
        if n <= 0:
            raise IndexError(n)
        return mutual_b(n - 1, log)
    finally:
        log.append(n)


def mutual_b(n, log):
    try:
        return mutual_a(n - 1, log)
    except IndexError:
        if n % 2 == 0:
            raise
        return n


@pydm.jit
def mutual(n, log):
    return mutual_a(n, log)


def deep(n):
    if n == 0:
        return 0
    return deep(n - 1) + 1


@pydm.jit
def catch_deep_recursion(n):
    try:
        return deep(n)
    except RecursionError:
        return -1


# ====================================================================== the jit API and defaults


def plain_function(n):
    try:
        return 100 // n
    except ZeroDivisionError:
        raise ValueError(n)


plain_jit = pydm.jit(plain_function)


@pydm.jit()
def with_parentheses(n):
    assert n != 3, "three"
    try:
        return [n][n]
    except IndexError:
        return -1


@pydm.jit
def acc_default(x, acc=[]):
    acc.append(x)
    return len(acc)


def acc_default_py(x, acc=[]):
    acc.append(x)
    return len(acc)


@pydm.jit
def ret_default(x, acc=[]):
    acc.append(x)
    return acc


def ret_default_py(x, acc=[]):
    acc.append(x)
    return acc


@pydm.jit
def nested_default(x, t=(1, [])):
    t[1].append(x)
    return (len(t[1]), t[0])


def nested_default_py(x, t=(1, [])):
    t[1].append(x)
    return (len(t[1]), t[0])


@pydm.jit
def raising_default(x, acc=[]):
    """The default is mutated, then the call raises: the change stays."""
    acc.append(x)
    if x < 0:
        raise ValueError(len(acc))
    return len(acc)


def raising_default_py(x, acc=[]):
    acc.append(x)
    if x < 0:
        raise ValueError(len(acc))
    return len(acc)


@pydm.jit
def alt_default(x, acc=[]):
    acc.append(x)
    return len(acc)


@pydm.jit
def none_default(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
