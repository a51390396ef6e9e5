"""Trap: a ``!util.buffer`` cannot cross the module boundary through the
Python bindings. ``VmVariantList.push_ref(VmBuffer)`` stores None (the list
prints ``[4, None]``), ``get_as_ref`` then says "list element is not a ref",
and the interpreter segfaults at exit. This is why a pydm ``str`` is a VM
list of i64 codepoints, not a buffer of bytes (``pydm/representation.py``).
Run in a fresh interpreter: the crash must not take pytest down. The test
pins what happens today; when it fails, the bindings changed and a buffer
storage for strings can be reconsidered."""
from __future__ import annotations


def test_push_ref_of_a_buffer_stores_none_and_crashes_at_exit(run_script):
    result = run_script("""
        import iree.runtime as rt
        buffer = rt.VmBuffer(8)
        items = rt.VmVariantList(2)
        items.push_int(4)
        items.push_ref(buffer)
        report("list", text=repr(items))
        try:
            items.get_as_ref(1)
            report("get", kind="value")
        except Exception as e:
            report("get", kind="raise", type=type(e).__name__, msg=str(e))
    """)
    assert result.results["list"]["text"] == "<VmVariantList(2): [4, None]>", result.describe()
    assert result.results["get"] == {"case": "get", "kind": "raise", "type": "ValueError",
                                     "msg": "list element is not a ref"}, result.describe()
    assert result.returncode != 0, "the interpreter no longer crashes at exit: " + result.describe()
