"""The ``hadara`` command.

Bad input of any kind (a missing, empty or malformed file, wrong types, unknown
ids or move types, a tampered record, an unknown rule ID) ends with one line on
standard error naming the file and what is wrong, and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .bots import BOTS, make_bots, play_game
from .config import GameConfig
from .engine import apply_move, legal_moves
from .errors import HadaraError, RecordError
from .model import GameState, Section
from .moves import Move
from .records import GameRecord, from_json, from_yaml, to_json, to_yaml
from .rulebook import rules
from .rules.scoring import score, winners
from .rules.setup import new_game
from .scenario import run_scenario
from .text import (
    ROMAN,
    describe,
    format_position,
    format_score_sheet,
    move_text,
    player_name,
)


class UsageError(HadaraError):
    """A command-line argument that names nothing this program knows."""


def _play(args: argparse.Namespace) -> int:
    config = GameConfig(players=args.players, seed=args.seed, advanced=args.advanced)
    heading: list[tuple[int, str, Section]] = []

    def on_move(before: GameState, move: Move, after: GameState) -> None:
        where = (before.epoch, str(before.phase), before.section)
        if not heading or heading[-1] != where:
            heading.append(where)
            print(f"\n== Epoch {ROMAN[before.epoch]}, phase {before.phase}: {before.section}")
        line = describe(before, move, after)
        if line:
            print("  " + line)

    game = play_game(config, make_bots(args.bot, args.players, args.seed), on_move)
    print(f"\n== Final score ({len(game.moves)} moves)")
    print(format_score_sheet(score(game.final)))
    won = winners(game.final)
    print("\nWinner: " + ", ".join(player_name(s) for s in won) + (" (shared)" if len(won) > 1 else ""))
    if args.record is not None:
        record = GameRecord(config, game.moves)
        path = Path(args.record)
        text = to_yaml(record) if path.suffix in (".yaml", ".yml") else to_json(record)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"{path}: cannot write the record ({exc.strerror or exc})") from None
        print(f"Record saved to {path}")
    return 0


def _check(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.files:
        result = run_scenario(path)
        mark = "ok  " if result.passed else "FAIL"
        print(f"{mark} {path}: {result.title}")
        for failure in result.failures:
            print(f"       {failure}")
        failed += not result.passed
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def load_record(path: str) -> GameRecord:
    """A game record from a JSON or YAML file; :class:`RecordError` naming the file otherwise."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the file ({getattr(exc, 'strerror', None) or exc})") from None
    if not text.strip():
        raise RecordError(f"{path}: the file is empty")
    try:
        if Path(path).suffix in (".yaml", ".yml"):
            return from_yaml(text, GameRecord)
        return from_json(text, GameRecord)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    total = len(record.moves)
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        raise UsageError(f"{args.file}: --at must be between 0 and {total}, not {at}")
    try:
        state = new_game(record.config)
        for index, move in enumerate(record.moves[:at]):
            try:
                state = apply_move(state, move)
            except HadaraError as exc:
                raise RecordError(f"move {index} ({move_text(move)}) is illegal: {exc}") from None
    except HadaraError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    print(f"After {at} of {total} moves:")
    print(format_position(state))
    if state.is_over:
        print(format_score_sheet(score(state)))
        return 0
    for seat in state.to_act:
        moves = legal_moves(state, seat)
        print(f"\n{player_name(seat)} to act, {len(moves)} legal moves:")
        for move in moves:
            print(f"  {move_text(move)}")
    return 0


def _explain(args: argparse.Namespace) -> int:
    rule = rules().get(args.rule.upper())
    if rule is None:
        raise UsageError(f"{args.rule}: no such rule ID (see 'hadara rules')")
    print(f"{rule.id} ({rule.area}, rulebook p. {rule.page})")
    print(f"  {rule.summary}\n")
    print(f"  {rule.text}")
    if rule.ruling:
        print(f"\n  Ruling: {rule.why}")
        if rule.variant:
            print(f"  Variant: {rule.variant}")
    if rule.implemented_in:
        print("\n  Enforced in: " + ", ".join(rule.implemented_in))
    if rule.tested_by:
        print("  Tested by: " + ", ".join(rule.tested_by))
    return 0


def _rules(args: argparse.Namespace) -> int:
    for rule in rules().values():
        print(f"{rule.id:<10} {rule.summary}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hadara", description="The executable rulebook of Hadara.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser("play", help="play a seeded game with built-in bots and print the score sheet")
    play.add_argument(
        "--players", type=int, default=4, choices=range(2, 6), metavar="N", help="2 to 5 (default 4)"
    )
    play.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    play.add_argument("--advanced", action="store_true", help="the advanced game: star purple cards, side B")
    play.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="which bot plays every seat")
    play.add_argument("--record", metavar="FILE", help="save the game record (JSON, or YAML for .yaml/.yml)")
    play.set_defaults(run=_play)
    check = commands.add_parser("check", help="run scenario files; exit 0 when every expectation holds")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=_check)
    replay = commands.add_parser("replay", help="replay a game record and print the position and legal moves")
    replay.add_argument("file", metavar="FILE", help="a game record (JSON, or YAML for .yaml/.yml)")
    replay.add_argument("--at", type=int, metavar="N", help="stop after N moves (default: all)")
    replay.set_defaults(run=_replay)
    explain = commands.add_parser(
        "explain", help="print a rule's text, rulebook page and where it is enforced"
    )
    explain.add_argument("rule", metavar="RULE-ID")
    explain.set_defaults(run=_explain)
    listing = commands.add_parser("rules", help="list every rule ID with its summary")
    listing.set_defaults(run=_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hadara`` command."""
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except HadaraError as exc:
        print(f"hadara: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``hadara play | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("hadara: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
