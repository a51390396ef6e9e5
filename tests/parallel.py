"""Run the whole test suite in one pytest process per core.

    python tests/parallel.py [-j N] [--record] [pytest options...]

Why: a pydm test is mostly a compile, and a compile keeps one core busy (the
MLIR/IREE pipeline runs single-threaded here), so one ``pytest`` process leaves
every other core idle. This script deals the test files to N processes
(default: the machine's cores, at most 4; ``PYDM_TEST_JOBS`` or ``-j`` sets it),
runs them side by side, prints each one's output when it ends and exits with
the first non-zero status (0 when all passed). Options after the script's own
are given to every pytest process (``-m "not slow"``, ``-x``, ``-k WORD``);
paths (``tests/lists tests/strings/test_x.py``) choose the files to deal.

Files are dealt longest first to the least loaded process, by the seconds each
took when last recorded (``tests/durations.json``; ``--record`` rewrites it
from this run's JUnit reports); a file not recorded counts by its size. The
files are the ``test_*.py`` under ``tests/`` (pyproject's ``testpaths``). With
``-j 1`` this is plain ``python -m pytest``.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DURATIONS = os.path.join(HERE, "durations.json")
BYTES_PER_SECOND = 2000  # an unrecorded file: ~1 s of compiles per 2 kB of test source


def test_files() -> list[str]:
    """Every test module under tests/, relative to the repository root."""
    out = []
    for root, dirs, files in os.walk(HERE):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        out.extend(os.path.relpath(os.path.join(root, f), ROOT)
                   for f in sorted(files) if f.startswith("test_") and f.endswith(".py"))
    return out


def weights(files: list[str]) -> dict[str, float]:
    try:
        with open(DURATIONS) as f:
            recorded = json.load(f)
    except (OSError, ValueError):
        recorded = {}
    return {f: recorded.get(f, os.path.getsize(os.path.join(ROOT, f)) / BYTES_PER_SECOND) for f in files}


def deal(files: list[str], jobs: int) -> list[list[str]]:
    """Longest first, each to the least loaded shard (greedy LPT scheduling)."""
    w = weights(files)
    shards: list[list[str]] = [[] for _ in range(jobs)]
    loads = [0.0] * jobs
    for f in sorted(files, key=lambda f: (-w[f], f)):
        i = loads.index(min(loads))
        shards[i].append(f)
        loads[i] += w[f]
    return [sorted(s) for s in shards if s]


def file_seconds(report: str) -> dict[str, float]:
    """Seconds per test file from a JUnit report (the sum of its test cases)."""
    out: dict[str, float] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        path = case.get("classname", "").split(".")
        # classname is the module path with dots (tests.lists.test_x[.Class]):
        for k in range(len(path), 0, -1):
            candidate = os.path.join(*path[:k]) + ".py"
            if os.path.exists(os.path.join(ROOT, candidate)):
                out[candidate] = out.get(candidate, 0.0) + float(case.get("time", 0.0))
                break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-j", "--jobs", type=int,
                    default=int(os.environ.get("PYDM_TEST_JOBS", "0")) or min(os.cpu_count() or 1, 4))
    ap.add_argument("--record", action="store_true", help="rewrite tests/durations.json from this run")
    args, pytest_args = ap.parse_known_args(argv)
    if args.jobs <= 1:
        return subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT)

    paths = [a for a in pytest_args if not a.startswith("-") and os.path.exists(os.path.join(ROOT, a))]
    options = [a for a in pytest_args if a not in paths]
    files = test_files()
    if paths:
        chosen = [os.path.normpath(p) for p in paths]
        files = [f for f in files if any(f == c or f.startswith(c + os.sep) for c in chosen)]
    if not files:
        print(f"tests/parallel.py: no test files under {' '.join(paths)}")
        return 5  # pytest's "no tests collected"
    shards = deal(files, args.jobs)
    work = tempfile.mkdtemp(prefix="pydm-parallel-")
    procs = []
    for i, files in enumerate(shards):
        log = open(os.path.join(work, f"shard{i}.log"), "w+")
        report = os.path.join(work, f"shard{i}.xml")
        cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--junitxml={report}",
               *options, *files]
        procs.append((i, files, log, report, subprocess.Popen(cmd, cwd=ROOT, stdout=log,
                                                               stderr=subprocess.STDOUT)))
    print(f"tests/parallel.py: {sum(map(len, shards))} files in {len(shards)} processes", flush=True)

    status = 0
    seconds: dict[str, float] = {}
    for i, files, log, report, proc in procs:
        code = proc.wait()
        log.seek(0)
        print(f"\n===== process {i + 1}/{len(procs)}: {len(files)} files, exit status {code} =====")
        sys.stdout.write(log.read())
        sys.stdout.flush()
        log.close()
        if code and not status:
            status = code
        if os.path.exists(report):
            seconds.update(file_seconds(report))
    shutil.rmtree(work, ignore_errors=True)
    if args.record and seconds:
        try:
            with open(DURATIONS) as f:
                recorded = json.load(f)  # the files this run left out keep their times
        except (OSError, ValueError):
            recorded = {}
        recorded.update(seconds)
        with open(DURATIONS, "w") as f:
            json.dump({k: round(v, 1) for k, v in sorted(recorded.items())}, f, indent=0, sort_keys=True)
            f.write("\n")
    print(f"\ntests/parallel.py: exit status {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
