"""Mixed kernels for outlined native loops (issue 12): functions that build a
list or a str around one hot scalar loop. ``benchmarks/native.py`` compiles
each with ``native=False`` (all on the VM) and ``native=True`` (the loop
outlined into a dispatch, the rest on the VM) and runs it under CPython."""


def report(n: int) -> list:
    # the README's example: a label, a hot int loop, a str and a list built after it
    label = "total"
    total = 0
    for i in range(n):
        total += i * i % 7
    line = label + " = " + str(total)
    return [label, total, line]


def stats(n: int) -> list:
    # two live-outs of different types, a list of str keys read after the loop
    names = ["count", "mean"]
    count = 0
    acc = 0.0
    i = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        count += 1
        acc += (i % 101) * 0.5
    return [names[0], count, names[1], acc / max(count, 1)]
