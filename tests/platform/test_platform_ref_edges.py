"""IREE 3.13 releases nowhere a ref passed as a block argument on one edge of
a ``vm.cond_br`` while the ref is live on the other edge: the branch copies it
into the argument with a retain (not a move), ``iree-vm-materialize-ref-discards``
sees only the argument live in the successor, and the frame's exit does not
release the original either. Found by pydm: ``str.split()`` (the library's
``split_whitespace`` makes its result list before the scanning loop and passes it
out of the loop's exit test) kept every result list and its words alive.

pydm's fix-up ``split_ref_edges`` (pydm/backend/ref_edges.py) gives each such
edge a block of its own whose unconditional ``vm.br`` is the ref's last use (a
move). Tested here: the same pydm function compiled without the fix-up leaks
(the raw platform; memory measured, not time) and with it does not, and its
results agree with CPython's."""
from __future__ import annotations

import os

import pytest

import pydm
from pydm.backend import driver, ref_edges

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads /proc/self/statm")


def words(n: int, text: str) -> int:
    total = 0
    for _ in range(n):
        total += len(text.split(None))  # (through str_split, the shape found leaking; split() goes
    return total                         # to split_whitespace directly)


def resident_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def growth_kb(fn) -> int:
    assert fn(10, "ab cd  e") == words(10, "ab cd  e")
    before = resident_kb()
    assert fn(20_000, "ab cd  e") == words(20_000, "ab cd  e")
    return resident_kb() - before


def test_fixup_is_installed():
    assert ref_edges.split_ref_edges in driver.FIXUPS


def test_without_the_fixup_the_platform_leaks(monkeypatch):
    monkeypatch.setattr(driver, "FIXUPS", tuple(f for f in driver.FIXUPS if f is not ref_edges.split_ref_edges))
    # the library linked in, so that split_whitespace is compiled without the fix-up too
    # (the JIT otherwise calls the library's own VM module, built once with it)
    monkeypatch.setenv("PYDM_LIBRARY_MODULE", "0")
    # ~1.5 KB per call: 20,000 calls leak ~30 MB (well above the noise of a few MB)
    assert growth_kb(pydm.jit(words, cache=False)) > 16_000, "IREE no longer leaks here: the fix-up may go"


def test_with_the_fixup_nothing_leaks():
    assert growth_kb(pydm.jit(words, cache=False)) < 4_096
