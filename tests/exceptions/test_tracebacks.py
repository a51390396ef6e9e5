"""Issue 11 item 5: an exception raised in compiled code carries a traceback
entry for the compiled line that raised it (``File "x.py", line N, in f``),
where CPython's own traceback ends: the same file, line and function name as
CPython's innermost frame, and the same exception class and message."""
import traceback

import pytest

import pydm


@pydm.jit
def divide(x: int) -> int:
    return 10 // x


@pydm.jit
def calls_divide(x: int) -> int:
    y = x - 1
    return divide(y) + 1


@pydm.jit
def raises_own(n):
    if n > 2:
        raise ValueError(f"too big: {n}")
    return n


@pydm.jit
def in_library(xs: list, i: int):
    return xs.index(i)


CASES = [(divide, (0,)), (calls_divide, (1,)), (raises_own, (5,)), (in_library, ([1, 2], 7))]


def raised(fn, *args):
    """(pydm's exception, CPython's) of the same call ``fn(*args)``, after
    checking they are of one class with one message."""
    with pytest.raises(Exception) as want:
        fn.py_func(*args)
    with pytest.raises(Exception) as got:
        fn(*args)
    assert type(got.value) is type(want.value) and str(got.value) == str(want.value)
    return got.value, want.value


def innermost(exc):
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return frame.filename, frame.lineno, frame.name, frame.line


@pytest.mark.parametrize("fn, args", CASES, ids=lambda c: getattr(c, "__name__", "args"))
def test_innermost_frame_is_cpythons(fn, args):
    got, want = raised(fn, *args)
    assert innermost(got) == innermost(want)
    # the whole chain prints, compiled frame included, as CPython prints it
    text = "".join(traceback.format_exception(got))
    file, line, name, _ = innermost(want)
    assert f'File "{file}", line {line}, in {name}' in text


def test_loaded_module_adds_no_entry_for_a_relative_path(tmp_path, monkeypatch):
    """A .vmfb names its sources relative to its own folder: from another
    working directory that name could be another file, so no entry is made
    (the note still names the line)."""
    src = tmp_path / "aot_div.py"
    src.write_text("import pydm\n\n\n@pydm.jit\ndef div(x: int) -> int:\n    return 10 // x\n")
    out = tmp_path / "aot_div.vmfb"
    pydm.compile_file(str(src), str(out))
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "aot_div.py").write_text("# another file of the same name\n" * 10)
    monkeypatch.chdir(tmp_path / "elsewhere")
    with pytest.raises(ZeroDivisionError) as got:
        pydm.load(str(out)).div(0)
    with pytest.raises(ZeroDivisionError) as want:
        10 // 0
    assert str(got.value) == str(want.value)
    assert all(f.filename != "aot_div.py" for f in traceback.extract_tb(got.value.__traceback__))
    assert any("aot_div.py:6" in n for n in got.value.__notes__)


# ---- every compiled frame between: the lines of the calls an exception left ----
def _h(x):
    return 10 // x


def _g(x, y):
    z = x + 1
    return _h(y) + z


def _leaf(v):
    if v < 0:
        raise ValueError("negative")
    return v


def _down(n):
    if n == 0:
        raise KeyError(n)
    return _down(n - 1) + 1


def _finish(n):
    try:
        _g(n, 1)
    except ZeroDivisionError:
        pass
    return _leaf(n - 100)


@pydm.jit
def chains(case: int, n: int):
    if case == 0:  # two callees deep
        return _g(n, 0) + 1
    if case == 1:  # a small leaf callee (expanded in place)
        return _leaf(-n)
    if case == 2:  # self-recursion (expanded a few levels per VM call)
        return _down(n)
    if case == 3:  # an exception caught on the way starts a new trace
        try:
            _g(1, 0)
        except ZeroDivisionError:
            pass
        return _finish(n)
    if case == 4:  # a nested function
        def inner(k):
            return _h(k - n)
        return inner(n) + 1
    if case == 5:  # raised in a handler of another exception
        try:
            return _g(n, 0)
        except ZeroDivisionError:
            return _leaf(-1)
    return 0


def compiled_entries(exc, here: str):
    """The traceback entries after the test's own frame: file, line, function,
    without pydm's Python glue (its dispatcher and caller)."""
    out = []
    for f in traceback.extract_tb(exc.__traceback__):
        if f.name == here or f.filename.startswith("<pydm") or "/pydm/" in f.filename:
            continue
        out.append((f.filename, f.lineno, f.name, f.line))
    return out


@pytest.mark.parametrize("case, n", [(0, 1), (1, 3), (2, 12), (3, 7), (4, 4), (5, 2)])
def test_every_compiled_frame_in_cpythons_order(case, n):
    got, want = raised(chains, case, n)
    here = "raised"  # the frame that made the call
    assert compiled_entries(got, here) == compiled_entries(want, here)


def _cleanup(n):
    try:
        return _g(n, 0)
    finally:
        n = n + 1


@pydm.jit
def reraises(case: int, n: int):
    if case == 0:  # a bare raise
        try:
            return _g(n, 0)
        except ZeroDivisionError:
            raise
    if case == 1:  # through a finally, in a callee
        return _cleanup(n) + 1
    if case == 2:  # raise e
        try:
            return _g(n, 0)
        except ZeroDivisionError as e:
            raise e
    if case == 3:  # another exception caught in the handler, then a bare raise
        try:
            return _g(n, 0)
        except ZeroDivisionError:
            try:
                _leaf(-1)
            except ValueError:
                pass
            raise
    if case == 4:  # a finally whose body catches an exception of its own
        try:
            return _down(n)
        finally:
            try:
                _g(1, 0)
            except ZeroDivisionError:
                n = 0
    if case == 5:  # a handler's bare raise through two frames
        return _cleanup(_cleanup(n))
    return 0


@pytest.mark.parametrize("case", range(6))
def test_a_reraised_exception_keeps_its_frames(case):
    """A handler that re-raises (a bare ``raise``, the end of a ``finally``)
    takes the trace aside when it takes the exception and puts it back: the
    traceback names the frames the exception left before it was caught."""
    got, want = raised(reraises, case, 3)
    here = "raised"  # the frame that made the call
    mine, cpythons = compiled_entries(got, here), compiled_entries(want, here)
    if case == 2:
        # ``raise e``: the lines between the handler and the original raise are
        # not kept (README "Errors"); what is shown is in CPython's order,
        # ends with CPython's innermost entry and names no frame CPython does not
        assert mine[-1] == cpythons[-1]
        it = iter(cpythons)
        assert all(entry in it for entry in mine)
    else:
        assert mine == cpythons


def test_traces_of_threads_are_their_own():
    """Each thread's context keeps its own trace: concurrent failures at
    different depths get their own chains."""
    import threading
    results = {}

    def run(i, case, n):
        try:
            chains(case, n)
        except Exception as exc:  # noqa: BLE001 - compared below
            results[(case, n, i)] = compiled_entries(exc, "run")

    cases = [(0, 1), (2, 9), (2, 3), (1, 5)] * 3
    threads = [threading.Thread(target=run, args=(i, c, n)) for i, (c, n) in enumerate(cases)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 12
    for (case, n, _), entries in results.items():
        try:
            chains.py_func(case, n)
        except Exception as exc:  # noqa: BLE001
            assert entries == compiled_entries(exc, "test_traces_of_threads_are_their_own")


def _native_helper(x: int) -> int:
    s = 0
    for i in range(x):
        s += 10 // (x - i - 1)
    return s


@pydm.jit(native=True)
def native_caller(n: int) -> int:
    t = 0
    for k in range(n):
        t += _native_helper(k + 1)
    return t


@pytest.mark.parametrize("leaves", [0, None], ids=["calls", "expanded"])
def test_native_code_names_no_frame_it_did_not_leave(leaves, monkeypatch):
    """Native code keeps no trace: an exception from a callee inside it (a
    real call, or one expanded in place) shows its raising line, after
    no compiled entry CPython would not show, in CPython's order."""
    from pydm.frontend import inlining
    if leaves is not None:
        monkeypatch.setattr(inlining, "MAX_LEAF_NODES", leaves)
    fn = pydm.jit(native=True)(native_caller.py_func)
    with pytest.raises(ZeroDivisionError) as want:
        fn.py_func(3)
    with pytest.raises(ZeroDivisionError) as got:
        fn(3)
    assert ": native, the whole function" in fn.inspect("native-decision")
    here = "test_native_code_names_no_frame_it_did_not_leave"
    mine, cpythons = compiled_entries(got.value, here), compiled_entries(want.value, here)
    assert mine[-1] == cpythons[-1]
    it = iter(cpythons)
    assert all(entry in it for entry in mine)


@pydm.host
def _host_fails(x: int) -> int:
    raise KeyError(x)


def _calls_host(x):
    return _host_fails(x) + 1


@pydm.jit
def via_host(case: int, n: int):
    if case == 0:
        return _calls_host(n) + 1
    return _g(n, 0)


def test_an_exception_made_another_way_leaves_no_trace_behind():
    """A host function's own exception (handed back as the original object)
    also takes the trace of the calls it left: the next exception's entries
    are its own."""
    for case in (0, 1, 0, 1):
        got, want = raised(via_host, case, 2)
    here = "raised"  # the frame that made the call
    assert compiled_entries(got, here) == compiled_entries(want, here)
