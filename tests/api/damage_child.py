"""Run in a subprocess by test_aot.py: load many damaged copies of a .vmfb.

argv: path of an intact .vmfb, path of a scratch file. Every damaged copy must
be rejected by ``pydm.load`` with a ValueError; a copy that loads anyway has
its exports called (where a damaged module would crash the process). Prints
``OK <n>`` when every copy was rejected, else ``LOADED <what>`` lines."""
import os
import random
import sys

import pydm


def attempts(data: bytes):
    n = len(data)
    rng = random.Random(1234)
    positions = sorted(set(range(0, n, max(1, n // 400))) | set(rng.sample(range(n), min(n, 400)))
                       | set(range(min(n, 64))) | set(range(max(0, n - 64), n)))
    start = data.find(b"pydm-sha256:")
    positions = sorted(set(positions) | set(range(max(0, start - 16), min(n, start + 12 + 64 + 16))))
    for pos in positions:
        for mask in (0x01, 0x80):
            damaged = bytearray(data)
            damaged[pos] ^= mask
            yield f"flip {pos} ^{mask:#x}", bytes(damaged)
    for length in sorted({0, 1, 8, 16, 64, n // 4, n // 2, n - 64, n - 1} - {n}):
        yield f"truncate {length}", data[:length]
    yield "appended byte", data + b"\0"
    for size in (0, 1, 100, 4096, n):
        yield f"random {size}", bytes(rng.randrange(256) for _ in range(size))
    fake = bytearray(rng.randrange(256) for _ in range(4096))
    fake[100:100 + 12 + 64] = b"pydm-sha256:" + b"ab" * 32
    yield "random with a digest", bytes(fake)


def main():
    intact, scratch = sys.argv[1], sys.argv[2]
    with open(intact, "rb") as f:
        data = f.read()
    count = 0
    for what, damaged in attempts(data):
        with open(scratch, "wb") as f:
            f.write(damaged)
        try:
            m = pydm.load(scratch)
        except ValueError as exc:
            if "is not a valid pydm module" not in str(exc):
                print(f"LOADED {what}: unexpected message {exc}", flush=True)
            count += 1
            continue
        print(f"LOADED {what}", flush=True)
        for name in dir(m):
            try:
                getattr(m, name)(3)
            except Exception:  # noqa: BLE001 - only a crash matters here
                pass
    os.remove(scratch)
    print(f"OK {count}", flush=True)


if __name__ == "__main__":
    main()
