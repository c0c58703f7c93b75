"""Honest players under one attack: ``hadara serve`` on SQLite, a few pairs playing while one stranger attacks.

    python benchmarks/attack.py [--attack quiet|log|seats|reload|engine|messages|search ...]
                                [--clients 8] [--rounds 3] [--seconds 8] [--compare BUILD]

Before anything starts, a SQLite file is made holding long matches (5,000 entries each, the
most a match holds of its persons' asking: :mod:`benchmarks.serverload.attacks`). For each
scenario (``--attack``, repeatable; default every one), a server process of this checkout's
package is started on a copy of that file, on a free port of 127.0.0.1; after a second of
play that is not measured, in each of ``--rounds`` rounds ``--clients`` honest clients (two
per match, as ``benchmarks/server.py`` plays them) play random legal moves on it for
``--seconds`` while, in a process of its own, one attacker does one thing back to back for as
long:

- ``quiet``: nothing (the honest players alone);
- ``log``: asks for a long match's log, again and again (a page at a time, as large as the
  server gives, where it gives pages);
- ``seats``: leaves its seat of a match against a bot and returns, again and again;
- ``reload``: asks for a forgotten long match, a different one each time (six a round);
- ``engine``: plays against an outside engine that writes short lines without end, a new match
  as often as the default ``--create-per-minute`` allows;
- ``messages``: sends one-byte WebSocket messages as fast as it can, a new socket each time
  the server closes one;
- ``search``: keeps as many matches against a searching bot as the default
  ``--searching-per-address`` allows thinking, moving its own seat at once.

In each of ``--rounds`` turns, each attack's round is played next to a quiet round (the
quiet one first, then last, in turn; the attacks in an order turned by one each turn), so that
a machine whose load drifts weighs on the quiet rounds as on the attacked ones. Reported per
round, then as the median and range of the rounds: the honest players' acknowledged moves per
second and their move latency p50, p99, p99.9 and longest (with the rest of
``benchmarks/server.py``'s figures), what the attacker was answered, by status (a WebSocket's
close code for ``messages``), and each attacked round's move p99 over that of the quiet round
next to it (the figure to hold within 2×). The clients move as soon as they may (each waits
for its answer before it asks again), so a server that stops for a while delays few moves:
the longest move says what the p99 may not. With ``--compare BUILD`` (another checkout's
folder), a server of that build runs each scenario beside this one's, in the same turns.
Everything stops by itself, on an error or
Ctrl-C too; nothing listens beyond loopback; a round lasts ``--seconds`` (at most 20) and a
few seconds more.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import shutil
import signal
import sys
import tempfile
from pathlib import Path

# The benchmark's parts are the package benchmarks.serverload of this checkout.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.serverload.attacks import ATTACKS, attacking, server_options, store_long_matches
from benchmarks.serverload.options import attack_parser, parse_attack
from benchmarks.serverload.report import Setup, quantile, spread
from benchmarks.serverload.servers import cpu_seconds, server
from benchmarks.serverload.workers import ClientProcesses

#: This checkout: its servers run its own package, whatever is installed.
_HERE = Path(__file__).resolve().parents[1]
#: The scenarios: none, then each attack.
SCENARIOS = ("quiet", *ATTACKS)
#: Seconds of play before the rounds, not measured (see benchmarks/server.py).
_WARM = 1.0
#: The forgotten long matches the ``reload`` attack asks for in a round.
_RELOADS = 6


class _Run:
    """One scenario on one build: its server, and what its rounds measured."""

    def __init__(self, scenario: str, setup: Setup, port: int, pid: int) -> None:
        self.scenario, self.setup, self.port, self.pid = scenario, setup, port, pid
        self.attack = None if scenario == "quiet" else scenario
        #: What the attacker was answered over the rounds, by status.
        self.answered: dict[str, int] = {}
        #: Each round's p99.9 and longest move, in ms.
        self.p999s: list[float] = []
        self.longest: list[float] = []
        #: Each round's move p99 over that of the quiet round played next to it.
        self.ratios: list[float] = []

    def round(
        self, number: int, long: list[str], clients: ClientProcesses, args: argparse.Namespace
    ) -> float:
        """Play a round of turn ``number`` (from 0) under the scenario's attack, and print its
        line: its move p99."""
        targets = (
            long[:1] if self.scenario == "log" else long[1 + number * _RELOADS : 1 + (number + 1) * _RELOADS]
        )
        used = cpu_seconds(self.pid)
        with attacking(self.port, self.attack, targets, args.seconds) as answered:
            tally = clients.play([self.port], args.clients // 2, args.seconds, number, False)
        line = self.setup.record(len(self.p999s), tally, cpu_seconds(self.pid) - used)
        self.p999s.append(1000 * quantile(tally.latencies, 0.999))
        self.longest.append(1000 * max(tally.latencies))
        said = ", ".join(f"{count} × {status}" for status, count in sorted(answered.items()))
        print(
            f"{line}; move p99.9 {self.p999s[-1]:.1f} ms, longest {self.longest[-1]:.1f} ms;"
            f" the attacker was answered {said or 'nothing'}",
            flush=True,
        )
        for status, count in answered.items():
            self.answered[str(status)] = self.answered.get(str(status), 0) + int(str(count))
        return self.setup.figures[1][-1]

    def summary(self) -> list[str]:
        """The median and range of each figure over the rounds."""
        lines = self.setup.summary()
        lines.append(
            f"  move latency p99.9: {spread(self.p999s, ' ms')}; longest: {spread(self.longest, ' ms')}"
        )
        if self.attack is not None:
            said = ", ".join(f"{count} × {status}" for status, count in sorted(self.answered.items()))
            lines.append(f"  the attacker ({self.attack}) was answered, over the rounds: {said}")
        if self.ratios:
            lines.append(f"  move p99 over the quiet round's next to it: {spread(self.ratios, '×', 2)}")
        return lines


def _turn(
    number: int, runs: list[_Run], long: list[str], clients: ClientProcesses, args: argparse.Namespace
) -> None:
    """Turn ``number``: a round of each attack, each next to a quiet round of its build (before
    it and after it in turn), where ``quiet`` is measured; the attacks in an order turned by one
    each turn."""
    attacks = [run for run in runs if run.attack is not None]
    attacks = attacks[number % len(attacks) :] + attacks[: number % len(attacks)] if attacks else runs
    for place, run in enumerate(attacks):
        quiet = next((r for r in runs if r.attack is None and r.setup.build == run.setup.build), None)
        if quiet is None or quiet is run:
            run.round(number, long, clients, args)
            continue
        first, second = (quiet, run) if (number + place) % 2 == 0 else (run, quiet)
        p99s = {id(first): first.round(number, long, clients, args)}
        p99s[id(second)] = second.round(number, long, clients, args)
        run.ratios.append(p99s[id(run)] / p99s[id(quiet)])


def _run(args: argparse.Namespace) -> None:
    builds = [("this build", _HERE)]
    if args.compare is not None:
        builds.append((str(args.compare), args.compare.resolve()))
    with (
        ClientProcesses(1) as clients,
        tempfile.TemporaryDirectory() as name,
        contextlib.ExitStack() as stack,
    ):
        folder = Path(name)
        long_file = folder / "long.sqlite"
        long = store_long_matches(long_file, 1 + args.rounds * _RELOADS)
        runs = []
        for scenario in args.attack:
            options = [] if scenario == "quiet" else server_options(scenario, folder)
            for number, (build_name, build) in enumerate(builds):
                copy = folder / f"{scenario}-{number}.sqlite"
                shutil.copyfile(long_file, copy)
                port, pid = stack.enter_context(server(folder, str(copy), build, options))
                runs.append(
                    _Run(
                        scenario,
                        Setup(f"{scenario}, {build_name}", [None], split=False, build=build),
                        port,
                        pid,
                    )
                )
        for run in runs:
            clients.play([run.port], args.clients // 2, _WARM, -1, False)
        for number in range(args.rounds):
            _turn(number, runs, long, clients, args)
        summary = [line for run in runs for line in run.summary()]
        print("\n".join(summary))


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    args = parse_attack(attack_parser(__doc__.split("\n")[0], SCENARIOS), SCENARIOS, argv)
    signal.signal(signal.SIGTERM, _stop)
    gc.set_threshold(10_000, *gc.get_threshold()[1:])  # as benchmarks/server.py: see there
    gc.freeze()
    try:
        _run(args)
    except RuntimeError as error:
        sys.exit(f"attack.py: {error}")
    except KeyboardInterrupt:
        sys.exit("attack.py: stopped; every process it started has ended")


if __name__ == "__main__":
    main()
