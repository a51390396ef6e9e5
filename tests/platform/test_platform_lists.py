"""PLATFORM.md §2 (lists), measured: IREE rounds a VM list's capacity up to a
multiple of 64 elements when it allocates storage (``iree_vm_list_reserve``),
and a variant element takes 24 bytes or more. So every tuple or list pydm
makes costs at least ~1.5 KB (allocated and zeroed), however few its
elements: building 100,000 pairs allocates ~160 MB. This is why code that
makes many small tuples or lists is allocation-bound on the VM (see the
README's list benchmark notes); a long list's per-element cost stays small.

The test pins the observation (run in its own interpreter, the peak RSS of
building many pairs against building one long list of ints, each above the
RSS before its call: Linux's ``/proc/self/clear_refs`` resets the peak): if a future
IREE allocates small lists exactly, it fails, and pydm's notes change."""
from __future__ import annotations

PAIRS = 40_000


def test_a_small_vm_list_costs_about_one_and_a_half_kilobytes(run_script):
    r = run_script(f'''
        import pydm

        @pydm.jit
        def pairs(n: int) -> int:
            kept = [(i, i + 1) for i in range(n)]
            return len(kept) + kept[-1][1]

        @pydm.jit
        def ints(n: int) -> int:
            kept = [i for i in range(n)]
            return len(kept) + kept[-1]

        def status(field):
            for line in open("/proc/self/status"):
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024

        def grew(fn):
            # the peak RSS of the call above the RSS before it (the compile's own
            # peak, which can be higher, is forgotten: clear_refs 5 resets VmHWM)
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")
            base = status("VmRSS")
            got = fn({PAIRS})
            return got, status("VmHWM") - base

        pairs(10); ints(10)
        got, more = grew(ints)
        report("ints", got=got, grew=more)
        got, more = grew(pairs)
        report("pairs", got=got, grew=more)
    ''', name="vm_list_capacity.py")
    r.assert_ok()
    assert r.results["ints"]["got"] == 2 * PAIRS - 1 and r.results["pairs"]["got"] == 2 * PAIRS
    per_int = r.results["ints"]["grew"] / PAIRS
    per_pair = r.results["pairs"]["grew"] / PAIRS
    # a long list: two 24-byte variants per element, doubled at most by growth
    assert per_int < 200, (per_int, r.describe())
    # a pair: its own list of 64 (not 4) variants, ~1.5 KB, plus its slots in the outer list
    assert per_pair > 1000, (per_pair, r.describe())
    print(f"bytes per element of a long list: {per_int:.0f}, per pair: {per_pair:.0f}")
