"""A host function of another module (host_programs.py imports it under another name)."""
import pydm

CALLS = []


@pydm.host
def note(x: int, s: str) -> tuple[int, str]:
    CALLS.append((x, s))
    if x < 0:
        raise SystemExit(x)
    return x * 2, s + "!"
