"""The ``hadara`` command. Bad input ends with one line naming the file and the problem, exit 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .bots import BOTS, make_bots, play_game
from .config import GameConfig
from .errors import HadaraError
from .model import COLORS, TIERS, GameState, Section
from .moves import (
    SELL,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    Move,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
)
from .rules.scoring import ScoreSheet, score, winners
from .scenario import run_scenario

CRESTS = ("monkey", "dragon", "lion", "pegasus", "scarab")
ROMAN = {1: "I", 2: "II", 3: "III"}
CATEGORIES = ("colonies", "statues", "silver", "gold", "cards", "coins", "total")


def player_name(seat: int) -> str:
    """How a seat is shown: its number and its crest (SETUP-1)."""
    return f"P{seat} ({CRESTS[seat]})"


def describe(before: GameState, move: Move, after: GameState) -> str | None:
    """One line for a key event, or None for a move not worth a line."""
    who = player_name(move.player)
    cards = before.catalogue.cards
    if isinstance(move, ChooseSide):
        return f"{who} plays side {move.side} of {before.players[move.player].start_card}"
    if isinstance(move, SetWheel):
        return f"{who} sets the wheel to rotation {move.rotation}"
    if isinstance(move, Draft | Pick):
        if isinstance(move, Draft):
            card = cards[move.card]
        else:
            card = cards[before.outer_piles[COLORS.index(move.color)][-1]]
        if move.action == SELL:
            return f"{who} sells {card.id}"
        tile = f", placing a {move.tile} tile on it" if move.tile is not None else ""
        return f"{who} buys {card.id} ({card.color}, printed price {card.cost}){tile}"
    if isinstance(move, TakeColony):
        colony = before.catalogue.colonies[before.colony_stacks[TIERS.index(move.tier)][-1]]
        how = "allies with" if move.ally else "plunders"
        paid = f", paying {move.pay} to lower the requirement" if move.pay else ""
        return f"{who} {how} tier-{move.tier} colony {colony.id}{paid}"
    if isinstance(move, CarveStatue):
        face = "face up" if move.face_up else "face down"
        return f"{who} carves statue {move.statue} with a {move.tile} tile {face}"
    if isinstance(move, RemoveCard):
        return f"{who} cannot feed everyone and removes {move.card}"
    if isinstance(move, FeedWithCoins):
        return f"{who} pays 2 coins instead of removing a card"
    if isinstance(move, BuySilver):
        return f"{who} buys a silver medal on {move.tile}"
    if isinstance(move, BuyGold):
        return f"{who} buys a gold medal"
    return None


def format_score_sheet(sheets: Sequence[ScoreSheet]) -> str:
    """The score pad as a table: one row per category, one column per player."""
    width = 14
    head = "".ljust(10) + "".join(player_name(s.player).rjust(width) for s in sheets)
    rows = [head]
    for category in CATEGORIES:
        rows.append(category.ljust(10) + "".join(str(getattr(s, category)).rjust(width) for s in sheets))
    return "\n".join(rows)


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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hadara", description="The executable rulebook of Hadara.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a seeded game with built-in bots and print the score sheet")
    play.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="N", help="2 to 5 (default 4)")
    play.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    play.add_argument("--advanced", action="store_true", help="the advanced game: star purple cards, side B")
    play.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="which bot plays every seat")
    play.set_defaults(run=_play)
    check = commands.add_parser("check", help="run scenario files; exit 0 when every expectation holds")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hadara`` command."""
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except HadaraError as exc:
        print(f"hadara: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
