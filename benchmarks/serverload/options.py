"""The benchmark's options, checked: a wrong one is told in one line and nothing starts."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn


class _Parser(argparse.ArgumentParser):
    """Option errors in one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _counts(text: str) -> list[int]:
    """``1,2,4``: numbers of server processes, each at least 1."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from None
    if min(counts) < 1:
        raise argparse.ArgumentTypeError(f"a setup needs at least 1 process: {text!r}")
    return counts


def parser(description: str) -> argparse.ArgumentParser:
    """The command line of ``benchmarks/server.py``."""
    found = _Parser(description=description)
    found.add_argument("--clients", type=int, default=64, help="clients, two per match (default 64)")
    found.add_argument("--rounds", type=int, default=3, help="rounds of play (default 3)")
    found.add_argument("--seconds", type=float, default=5.0, help="seconds per round (default 5)")
    found.add_argument(
        "--idle",
        type=int,
        default=1000,
        help="idle matches for the memory figure (default 1000; 0 leaves the figure out)",
    )
    found.add_argument(
        "--postgres",
        metavar="URL",
        help="also measure each --processes count on this PostgreSQL database (every table in it is dropped)",
    )
    found.add_argument(
        "--processes",
        metavar="N[,N...]",
        type=_counts,
        action="extend",
        help="server processes on the PostgreSQL database, one setup per number (default 1; repeatable)",
    )
    found.add_argument(
        "--seats",
        choices=("split", "same"),
        default="split",
        help="each match's seat 0 and seat 1 on two processes (split: seat 1 on the next one) or on "
        "the same one (default split)",
    )
    found.add_argument(
        "--client-processes",
        metavar="K",
        type=int,
        default=1,
        help="processes the clients run in, each with its own event loop (default 1)",
    )
    found.add_argument(
        "--compare",
        metavar="BUILD",
        type=Path,
        help="also play on SQLite with the package in the folder BUILD (another checkout), its rounds "
        "in turn with this one's",
    )
    return found


def parse(found: argparse.ArgumentParser, argv: list[str] | None = None) -> argparse.Namespace:
    """The options of ``argv`` (default the command line's), checked; a wrong one exits with
    status 2 and one line saying why."""
    args = found.parse_args(argv)
    args.processes = list(dict.fromkeys(args.processes or [1]))
    if args.clients < 2:
        found.error("--clients must be at least 2 (two per match)")
    if args.rounds < 1:
        found.error("--rounds must be at least 1")
    if not args.seconds > 0:
        found.error("--seconds must be more than 0")
    if args.idle < 0:
        found.error("--idle must be 0 or more")
    if args.postgres is None and args.processes != [1]:
        found.error("--processes above 1 needs --postgres (SQLite is served by one process)")
    if not 1 <= args.client_processes <= args.clients // 2:
        found.error(
            f"--client-processes must be from 1 to {args.clients // 2} (the number of matches played at once)"
        )
    if args.compare is not None and not (args.compare / "hadara_rules" / "__init__.py").is_file():
        found.error(f"--compare {args.compare}: no hadara_rules package in that folder")
    return args


def attack_parser(description: str, scenarios: tuple[str, ...]) -> argparse.ArgumentParser:
    """The command line of ``benchmarks/attack.py``: its ``scenarios`` (``quiet`` and the attacks)."""
    found = _Parser(description=description)
    found.add_argument(
        "--attack",
        choices=scenarios,
        action="append",
        help=f"a scenario to measure, repeatable (default every one: {', '.join(scenarios)})",
    )
    found.add_argument("--clients", type=int, default=8, help="honest clients, two per match (default 8)")
    found.add_argument("--rounds", type=int, default=3, help="rounds of each scenario (default 3)")
    found.add_argument("--seconds", type=float, default=8.0, help="seconds per round (default 8)")
    found.add_argument(
        "--compare",
        metavar="BUILD",
        type=Path,
        help="also measure the package in the folder BUILD (another checkout), its rounds in turn with this one's",
    )
    return found


def parse_attack(
    found: argparse.ArgumentParser, scenarios: tuple[str, ...], argv: list[str] | None = None
) -> argparse.Namespace:
    """The options of ``benchmarks/attack.py``, checked as :func:`parse` checks its own."""
    args = found.parse_args(argv)
    args.attack = list(dict.fromkeys(args.attack or scenarios))
    if args.clients < 2:
        found.error("--clients must be at least 2 (two per match)")
    if args.rounds < 1:
        found.error("--rounds must be at least 1")
    if not 0 < args.seconds <= 20:
        found.error("--seconds must be more than 0 and at most 20 (a scenario's run stays under a minute)")
    if args.compare is not None and not (args.compare / "hadara_rules" / "__init__.py").is_file():
        found.error(f"--compare {args.compare}: no hadara_rules package in that folder")
    return args
