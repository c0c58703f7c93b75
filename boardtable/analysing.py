"""``hadara analyse FILE``: a position opened at the terminal to try moves on, of any game.

The position is a record's (checked, at its end or after ``--at N`` moves), a position
document's, or a scenario's (after its ``given`` and its moves: the game's scenario runner,
:attr:`Commands.scenario <boardtable.games.commands.Commands.scenario>`). Moves tried play on
a branch of this session alone: nothing is written back to the file. A legal move prints
what it did in the game's words; a refused one the rule it breaks, its reason, and the rule's
text and citation as the game gives them (:func:`~boardtable.games.refused`).

What is shown is what the eye may see (:class:`~boardtable.games.Eye`): the whole
position for a position document, a scenario or a finished game's record, the spectator's
view for an unfinished game's record (``as SEAT`` shows a seat's, and its legal moves).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .errors import GameError, UsageError
from .gamefiles import YAML, GameFile, of_scenario, read_game_file
from .games import DEFAULT, AnyGame, Eye, Refusal, game, refused
from .prompt import Reader, Writer, read_line
from .reader import clip, shown
from .reviewing import stop_at, told
from .scenario import load_scenario_document
from .screen import counted
from .stepping import eye_of, turn_line

__all__ = ["analyse", "explore"]

#: What ``help`` says while analysing.
HELP = """\
  moves        every legal move of each seat to act that you may see, with what it would do
  try MOVE     play MOVE (its notation, or its data as JSON) here, on this session's branch
  undo         take the last move tried back
  as SEAT      the position as seat SEAT sees it (as spectator; as all: the whole position,
               for a position, a scenario, or a record of a game that is over)
  board        the position again
  help         this list
  quit         stop (so does the end of the input); nothing is written to the file"""


class _Analysis:
    """A position, the moves tried from it, and the eye it is shown to."""

    def __init__(self, played: AnyGame, start: object, whole: bool, write: Writer) -> None:
        self.played, self.write, self.whole = played, write, whole
        self.states = [start]
        self.eye = Eye(whole=whole)

    @property
    def state(self) -> object:
        return self.states[-1]

    def board(self) -> None:
        tried = len(self.states) - 1
        lines = [f"The position, as {self.eye}, {counted(tried, 'move')} tried:"]
        lines += self.eye.board(self.played, self.state)
        lines.append(turn_line(self.played, self.state))
        self.write("\n".join(line for line in lines if line))

    def moves(self) -> None:
        played, words = self.played, self.played.commands().words
        lines: list[str] = []
        for seat in played.to_act(self.state):
            if not (self.eye.whole or self.eye.seat == seat):
                lines.append(f"P{seat} to act: 'as {seat}' shows its moves.")
                continue
            view = played.view(self.state, seat)
            options = played.legal(view, seat)
            lines.append(f"P{seat} to act, {counted(len(options), 'legal move')}:")
            for option in options:
                notation = played.legal_entry(option)["notation"]
                lines.append(f"  {notation}  ({words.option(view, option)})")
        self.write("\n".join(lines) or turn_line(played, self.state))

    def tried(self, text: str) -> None:
        played = self.played
        try:
            move = played.read_move(json.loads(text) if text.startswith("{") else text)
        except (GameError, ValueError) as exc:
            self.write(f"try {clip(text)}: {clip(str(exc))}")
            return
        refusal = refused(played, self.state, move)
        if refusal is not None:
            self.write("\n".join(_refused(refusal)))
            return
        before = self.state
        after, events = played.play(before, move)
        self.states.append(after)
        lines = [f"Played {move}:"]
        lines += [f"  {line}" for line in told(played, self.eye.seen(played, events, before))]
        lines.append(turn_line(played, after))
        self.write("\n".join(lines))

    def command(self, text: str) -> bool:
        """Do what a typed line says; False to stop."""
        word, _, rest = text.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "moves":
            self.moves()
        elif word == "try" and rest:
            self.tried(rest)
        elif word == "undo":
            if len(self.states) == 1:
                self.write("No move tried to take back.")
            else:
                self.states.pop()
                self.board()
        elif word == "as":
            players = len(self.played.totals(self.state))
            eye = eye_of(
                rest, players, self.whole, "the record's game is not over, and it shows every hidden card"
            )
            if isinstance(eye, str):
                self.write(eye)
            else:
                self.eye = eye
                self.board()
        elif word == "board":
            self.board()
        elif word == "help":
            self.write(HELP)
        elif word == "quit":
            return False
        else:
            self.write(f"{shown(text.strip())}: not a command here; 'help' lists them.")
        return True


def _refused(refusal: Refusal) -> list[str]:
    """A refusal's lines: its rule and reason, then the rule's text and citation."""
    lines = [f"Refused by {refusal.rule}: {refusal.reason}"]
    if refusal.rule_text:
        lines.append(f"  {refusal.rule}: {refusal.rule_text}")
    citation = refusal.citation
    if citation is not None:
        page = citation.get("page")
        lines.append(f"  ({citation.get('source')}{'' if page is None else f', page {page}'})")
    return lines


def explore(played: AnyGame, start: object, whole: bool, read: Reader, write: Writer) -> None:
    """Try moves from ``start`` (``whole``: the whole position may be shown), reading commands
    with ``read`` until ``quit`` or the end of the input."""
    analysis = _Analysis(played, start, whole, write)
    write(f"Analysing a {played.title} position: 'moves' lists the legal moves, 'help' the commands.")
    analysis.board()
    while True:
        text = read("analyse> ")
        if text is None or not analysis.command(text):
            return


def _opened(args: argparse.Namespace) -> tuple[AnyGame, object, bool]:
    """The game, the position ``hadara analyse`` opens, and whether it may be shown whole."""
    if Path(args.file).suffix in YAML and "kind" not in load_scenario_document(args.file):
        if args.at is not None:
            raise UsageError("--at applies to game records; this file is a scenario")
        run, document = of_scenario(args.file)
        played = game(str(document.get("game", DEFAULT)))
        if args.game is not None and args.game != played.name:
            raise UsageError(f"--game {args.game}: {args.file} is a {played.title} scenario")
        return played, run(document, args.file).state, True
    opened: GameFile = read_game_file(args.file, args.game, positions=True)
    if opened.position:
        if args.at is not None:
            raise UsageError("--at applies to game records; this file is a position")
        return opened.played, opened.state, True
    opened.checked()
    played = opened.played
    state = opened.played_to(stop_at(args, len(opened.moves)))[0]
    final = state if args.at is None else opened.played_to(len(opened.moves))[0]
    return played, state, played.is_over(final) or opened.resigned is not None


def analyse(args: argparse.Namespace) -> int:
    """``hadara analyse FILE [--at N]``: see the module."""
    played, state, whole = _opened(args)
    explore(played, state, whole, read_line, print)
    return 0
