"""``hadara check``, ``hadara replay`` and ``hadara render``: scenarios run, records replayed
and positions drawn, each file by its own game (:mod:`boardtable.gamefiles`).

A scenario's report, a replayed position and a picture are in the game's own words and
pictures (its :class:`~boardtable.games.commands.Commands`), or, where it has none, in those
of its interface.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from .errors import UsageError
from .files import check_writable, write_whole
from .gamefiles import GameFile, of_scenario, read_game_file
from .games import AnyGame
from .prompt import read_line
from .reader import clip, label
from .scenario import ScenarioReport
from .screen import counted
from .stepping import step as step_through
from .stepping import told

__all__ = ["check", "render", "replay", "stop_at", "told"]


def check(args: argparse.Namespace) -> int:
    """``hadara check FILE...``: each scenario run by its game; 1 when an expectation fails."""
    failed = 0
    for path in args.files:
        run, document = of_scenario(path)
        result = run(document, os.fspath(path))
        print(f"{'ok  ' if result.passed else 'FAIL'} {path}: {clip(result.title)}")
        for failure in result.failures:
            print(f"       {failure}")
        if not result.passed:
            print(f"       rules cited: {', '.join(result.rules) or 'none'}")
            print(f"       after the moves: {result.standing}")
        if args.explain or not result.passed:
            _print_log(result)
        failed += not result.passed
    print(f"{len(args.files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _print_log(result: ScenarioReport[Any, Any]) -> None:
    """How a scenario's numbers came: what the game did on its own after ``given`` (where it
    did anything), what each move did, in the game's words with their rule IDs, and the move
    refused, if one was."""
    print("       what happened:")
    for heading, step in result.log:
        lines = result.lines(step)
        if heading == "given" and not lines:
            continue
        print(f"         {'after given' if heading == 'given' else heading}:")
        for line in lines or ["nothing happened"]:
            print(f"           {line}")
    if result.refused is not None:
        heading, refusal = result.refused
        print(f"         {heading}:")
        print(f"           {refusal}")


def stop_at(args: argparse.Namespace, total: int) -> int:
    """How many of a record's ``total`` moves ``--at`` plays (default: all)."""
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        raise UsageError(f"{args.file}: --at must be between 0 and {total}, not {at}")
    return at


def replay(args: argparse.Namespace) -> int:
    """``hadara replay FILE [--at N] [--step]``: the record's moves are checked and must lead to
    its result block; then the last move played with what it did, the position in the game's
    words and the legal moves, or the score sheet of a game over. With ``--step``, or at a
    terminal, the record is stepped through instead (:mod:`boardtable.stepping`), from the
    position after ``--at`` moves (default: the first)."""
    record = read_game_file(args.file, args.game)
    played, words = record.played, record.played.commands().words
    vouched = record.checked()
    total = len(record.moves)
    at = stop_at(args, total)
    if args.step or sys.stdin.isatty():
        if vouched is not None:
            print(f"The record's result holds: {vouched}")
        step_through(record, 0 if args.at is None else at, read_line, print)
        return 0
    state, events = record.played_to(at)
    if at:
        print(f"Move {at}: {record.moves[at - 1]}")
        for line in told(played, events):
            print(f"  {line}")
    print(f"After {at} of {total} moves:")
    print("\n".join(words.board(state, 0)))
    if vouched is not None:
        print(f"The record's result holds: {vouched}")
    resigned = record.resigned if at == total else None
    if played.is_over(state) or resigned is not None:
        print(words.score(state))
        if resigned is not None:
            print(_resigned(played, state, resigned, record.names))
        return 0
    seat_name = played.commands().seat_name
    for seat in played.to_act(state):
        moves = played.moves(state, seat)
        print(f"\n{seat_name(state, seat)} to act, {counted(len(moves), 'legal move')}:")
        for move in moves:
            print(f"  {move}")
    return 0


def _resigned(played: AnyGame, state: object, resigned: int, names: Sequence[str]) -> str:
    """What a record a seat resigned says at its end: who resigned, and who won as the position
    stood (the others' best by the game's rules: its winners among them)."""

    def named(seat: int) -> str:
        return f"P{seat} ({label(names[seat])})" if seat < len(names) else f"P{seat}"

    others = [seat for seat in range(len(played.totals(state))) if seat != resigned]
    won = [named(seat) for seat in played.winners_among(state, others)]
    return f"{named(resigned)} resigned: {', '.join(won)} {'wins' if len(won) == 1 else 'win'}."


def _position(drawn: GameFile, args: argparse.Namespace) -> object:
    """The position ``hadara render`` draws: the file's, or its record's after ``--at`` moves."""
    if drawn.position:
        if args.at is not None:
            raise UsageError("--at applies to game records; this file is a position")
        return drawn.state
    drawn.checked()
    return drawn.played_to(stop_at(args, len(drawn.moves)))[0]


def render(args: argparse.Namespace) -> int:
    """``hadara render FILE [--at N] [--viewer P] [-o OUT.svg]``: a record replayed (checked)
    or a position, drawn by its game's picture: the whole position, or what ``--viewer`` may
    see."""
    if args.output != "-":
        check_writable(args.output, "the picture", UsageError)
    drawn = read_game_file(args.file, args.game, positions=True)
    played = drawn.played
    state = _position(drawn, args)
    players = len(played.totals(state))
    if args.viewer is not None and not 0 <= args.viewer < players:
        raise UsageError(f"--viewer must be a player of this game (0 to {players - 1})")
    picture = played.picture(state if args.viewer is None else played.view(state, args.viewer))
    if args.output == "-":
        sys.stdout.write(picture)
    else:
        write_whole(args.output, picture, "the picture", UsageError)
    return 0
