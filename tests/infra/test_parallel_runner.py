"""tests/parallel.py deals every test file to exactly one process, balanced."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("parallel", os.path.join(os.path.dirname(HERE), "parallel.py"))
parallel = importlib.util.module_from_spec(spec)
spec.loader.exec_module(parallel)


def test_every_file_in_exactly_one_shard():
    files = parallel.test_files()
    assert "tests/infra/test_parallel_runner.py" in files
    for jobs in (1, 2, 3):
        shards = parallel.deal(files, jobs)
        dealt = [f for s in shards for f in s]
        assert sorted(dealt) == sorted(files) and len(dealt) == len(set(dealt))
        assert len(shards) == min(jobs, len(files))


def test_shards_balanced_within_the_longest_file():
    files = parallel.test_files()
    w = parallel.weights(files)
    loads = [sum(w[f] for f in s) for s in parallel.deal(files, 2)]
    assert max(loads) - min(loads) <= max(w.values())
