"""How much CPU starting the command and importing the games costs, beyond the interpreter's own.

Runs each command in turn (interleaved, so that a busy machine slows them alike), ``--runs``
times, and prints for each the median and range of its CPU time (user + sys, from
``resource.getrusage(RUSAGE_CHILDREN)``) beyond the median of a bare ``python -c pass``.
Run it from the repository root, with the bytecode already compiled (one warm-up round of
every command is run first and not counted)::

    python benchmarks/startup.py --runs 15
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys

#: What is timed: a name and the interpreter's arguments.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("python -c pass", ("-c", "pass")),
    ("import stone_age_rules", ("-c", "import stone_age_rules")),
    ("import hadara_rules", ("-c", "import hadara_rules")),
    ("hadara --help", ("-m", "boardtable.cli", "--help")),
    ("hadara play --help", ("-m", "boardtable.cli", "play", "--help")),
    ("hadara rules --game stone-age", ("-m", "boardtable.cli", "rules", "--game", "stone-age")),
)


def cpu(arguments: tuple[str, ...]) -> float:
    """The CPU seconds (user + sys) one run of the interpreter with ``arguments`` takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run((sys.executable, *arguments), check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    runs = parser.parse_args().runs
    for _, arguments in COMMANDS:  # warm-up: the bytecode compiled, the files cached
        cpu(arguments)
    times: dict[str, list[float]] = {name: [] for name, _ in COMMANDS}
    for _ in range(runs):
        for name, arguments in COMMANDS:
            times[name].append(cpu(arguments))
    bare = statistics.median(times[COMMANDS[0][0]])
    print(f"{runs} runs each; CPU seconds (user+sys) beyond 'python -c pass' (median {bare:.3f} s)")
    for name, _ in COMMANDS:
        extra = [time - bare for time in times[name]]
        print(
            f"  {name:<32} median {statistics.median(extra):+.3f} s  "
            f"range {min(extra):+.3f} .. {max(extra):+.3f} s"
        )


if __name__ == "__main__":
    main()
