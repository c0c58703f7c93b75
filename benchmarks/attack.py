"""Honest players under one attack: ``hadara serve`` on SQLite, a few pairs playing while one stranger attacks.

    python benchmarks/attack.py [--attack quiet|log|seats|reload ...] [--clients 8] [--rounds 3]
                                [--seconds 8] [--compare BUILD]

Before anything starts, a SQLite file is made holding long matches (5,000 entries each, the
most a match holds of its persons' asking: :mod:`benchmarks.serverload.attacks`). For each
scenario (``--attack``, repeatable; default every one), a server process of this checkout's
package is started on a copy of that file, on a free port of 127.0.0.1; after a second of play that is not measured, in
each of ``--rounds`` rounds ``--clients`` honest clients (two per match, as
``benchmarks/server.py`` plays them) play random legal moves for ``--seconds`` while, in a
process of its own, one attacker does one thing back to back for as long:

- ``quiet``: nothing (the honest players alone);
- ``log``: asks for a long match's log, again and again (a page at a time, as large as the
  server gives, where it gives pages);
- ``seats``: leaves its seat of a match against a bot and returns, again and again;
- ``reload``: asks for a forgotten long match, a different one each time (six a round).

Reported per round, then as the median and range of the rounds: the honest players'
acknowledged moves per second and their move latency p50, p99, p99.9 and longest (with the
rest of ``benchmarks/server.py``'s figures), and what the attacker was answered, by status.
The clients move as soon as they may (each waits for its answer before it asks again), so
a server that stops for a while delays few moves: the longest move says what the p99 may
not. With
``--compare BUILD`` (another checkout's folder), a server of that build runs each scenario
beside this one's, their rounds in turn. Everything stops by itself, on an error or Ctrl-C
too; nothing listens beyond loopback; a scenario's run stays under a minute at the defaults.
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
from benchmarks.serverload.attacks import ATTACKS, attacking, store_long_matches
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


def _scenario(
    scenario: str,
    folder: Path,
    long_file: Path,
    long: list[str],
    clients: ClientProcesses,
    args: argparse.Namespace,
) -> list[str]:
    """The rounds of one scenario, on each build in turn (the order reversed every other round): the summary."""
    setups = [Setup(f"{scenario}, this build", [None], split=False, build=_HERE)]
    if args.compare is not None:
        setups.append(Setup(f"{scenario}, {args.compare}", [None], split=False, build=args.compare.resolve()))
    attack = None if scenario == "quiet" else scenario
    totals: list[dict[str, int]] = [{} for _ in setups]
    #: Each setup's slowest moves, by round: the p99.9 and the longest, in ms.
    slowest: list[tuple[list[float], list[float]]] = [([], []) for _ in setups]
    with contextlib.ExitStack() as stack:
        servers = []
        for number, setup in enumerate(setups):
            copy = folder / f"{scenario}-{number}.sqlite"
            shutil.copyfile(long_file, copy)
            servers.append(stack.enter_context(server(folder, str(copy), setup.build)))
        for port, _ in servers:
            clients.play([port], args.clients // 2, _WARM, -1, False)
        for number in range(args.rounds):
            turn = list(zip(setups, servers, totals, slowest, strict=True))
            for setup, (port, pid), total, (p999s, longest) in turn if number % 2 == 0 else reversed(turn):
                targets = (
                    long[:1]
                    if scenario == "log"
                    else long[1 + number * _RELOADS : 1 + (number + 1) * _RELOADS]
                )
                used = cpu_seconds(pid)
                with attacking(port, attack, targets, args.seconds) as answered:
                    tally = clients.play([port], args.clients // 2, args.seconds, number, False)
                line = setup.record(number, tally, cpu_seconds(pid) - used)
                p999s.append(1000 * quantile(tally.latencies, 0.999))
                longest.append(1000 * max(tally.latencies))
                said = ", ".join(f"{count} × {status}" for status, count in sorted(answered.items()))
                print(
                    f"{line}; move p99.9 {p999s[-1]:.1f} ms, longest {longest[-1]:.1f} ms;"
                    f" the attacker was answered {said or 'nothing'}",
                    flush=True,
                )
                for status, count in answered.items():
                    total[str(status)] = total.get(str(status), 0) + int(str(count))
    lines = []
    for setup, total, (p999s, longest) in zip(setups, totals, slowest, strict=True):
        lines += setup.summary()
        lines.append(f"  move latency p99.9: {spread(p999s, ' ms')}; longest: {spread(longest, ' ms')}")
        if attack is not None:
            said = ", ".join(f"{count} × {status}" for status, count in sorted(total.items()))
            lines.append(f"  the attacker ({attack}) was answered, over the rounds: {said}")
    return lines


def _run(args: argparse.Namespace) -> None:
    with ClientProcesses(1) as clients, tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        long_file = folder / "long.sqlite"
        long = store_long_matches(long_file, 1 + args.rounds * _RELOADS)
        summary = []
        for scenario in args.attack:
            summary += _scenario(scenario, folder, long_file, long, clients, args)
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
