"""A game at the terminal: the log ``hadara play`` prints, and people playing seats.

:class:`GameLog` turns events into the lines of a game's log: a header where
each section begins (EPOCH-1), the events in the words of ``str(event)`` (a
player's coins and track steps joined to the action that caused them), and
every player's coins at the end of each section. :func:`provisional_note` is
the line at the top of the log saying which component numbers are this
project's provisional ones.

:func:`play_at_terminal` lets people play seats against the bots, or each other
(hot seat), typing moves; see ``docs/cli.md`` for what a player sees and types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence

from attrs import frozen

from ._components import Card, Colony, StartCard, Statue
from ._config import GameConfig
from ._engine import check_move, legal_moves, new_game
from ._errors import CatalogueError, NotationError
from ._model import GameState
from ._moves import Move
from ._notation import parse_move
from ._previews import preview
from ._reader import parse_yaml, read_text, shown
from ._resources import components_dir
from ._rulebook import rules
from ._text import event_lines, player_name
from ._vocabulary import ROMAN
from .bots import Bot
from .catalogue import Catalogue, load_catalogue
from .events import (
    CoinsChanged,
    EpochStarted,
    Event,
    GameOver,
    SectionStarted,
    apply_move_with_events,
    events_seen_by,
)
from .view import player_view

__all__ = ["HELP", "GameLog", "TerminalGame", "next_to_choose", "play_at_terminal", "provisional_note"]


def _provisional_reference_keys() -> list[str]:
    """The bundled reference sheet's entries its ``source:`` block does not list as verified."""
    sheet = parse_yaml(read_text(components_dir() / "reference.yaml", CatalogueError), CatalogueError)
    assert isinstance(sheet, dict)  # the bundled catalogue loaded, so the file is a mapping
    verified = {entry["id"] for entry in sheet["source"].get("verified", ())}
    return [key for key in sheet if key != "source" and key not in verified]


def provisional_note(catalogue: Catalogue) -> str:
    """One line: which of ``catalogue``'s numbers are provisional (the entries' ``provenance``,
    and for the bundled catalogue the reference sheet's ``source:`` block)."""
    kinds: tuple[tuple[str, Iterable[Card | Colony | StartCard | Statue]], ...] = (
        ("cards", catalogue.cards.values()),
        ("colonies", catalogue.colonies.values()),
        ("start cards", catalogue.start_cards.values()),
        ("statues", catalogue.statues.values()),
    )
    parts = []
    for name, records in kinds:
        listed = list(records)
        provisional = sum(record.provenance == "provisional" for record in listed)
        if provisional:
            parts.append(f"{provisional} of {len(listed)} {name}")
    if catalogue == load_catalogue():
        parts.extend(f"the {key.replace('_', ' ')} (reference.yaml)" for key in _provisional_reference_keys())
    if not parts:
        return "Component numbers: all verified against the printed game."
    return (
        "Component numbers: provisional (this project's choice, not the printed game's) for "
        + ", ".join(parts)
        + "; see the components page."
    )


class GameLog:
    """The log of a game for players, made from its events as they happen.

    Feed it the events of each move in order (:meth:`lines`); it remembers the
    section the game is in and every player's coins (the events' coins add up to
    the positions', so the coins it prints are the players' coins).
    """

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._coins = [player.coins for player in state.players]
        self._open = True  # the current section has not ended yet
        self._carried: list[Event] = []  # an epoch's beginning, told under its first section

    def opening(self) -> list[str]:
        """The first lines: the provisional numbers, and the header of the first section."""
        state = self._state
        return [
            provisional_note(state.catalogue),
            *self._header(state.epoch, str(state.phase), state.section),
        ]

    def lines(self, events: Iterable[Event]) -> list[str]:
        """The lines of ``events`` (the events of one or more moves, in order)."""
        out: list[str] = []
        segment: list[Event] = []

        def end_section() -> None:
            out.extend(f"  {line}" for line in event_lines(segment))
            segment.clear()
            if self._open:
                out.append(f"  {self.coins()}")
                self._open = False

        for event in events:
            if isinstance(event, CoinsChanged) and event.player is not None:
                self._coins[event.player] += event.amount
            if isinstance(event, EpochStarted | GameOver):
                end_section()
                (self._carried if isinstance(event, EpochStarted) else segment).append(event)
            elif isinstance(event, SectionStarted):
                end_section()
                out.extend(self._header(event.epoch, str(event.phase), event.section))
                segment.extend(self._carried)
                self._carried.clear()
                self._open = True
            else:
                segment.append(event)
        out.extend(f"  {line}" for line in event_lines(segment))
        return out

    def coins(self) -> str:
        """Every player's coins now."""
        state = self._state
        return "coins: " + ", ".join(
            f"{player_name(state, seat)} {coins}" for seat, coins in enumerate(self._coins)
        )

    @staticmethod
    def _header(epoch: int, phase: str, section: str) -> Sequence[str]:
        return ["", f"== Epoch {ROMAN[epoch]}, phase {phase}: {section}"]


# --------------------------------------------------------------------------- people at the table

#: What a player may type at the prompt.
HELP = """\
At the prompt, type one of:
  NUMBER         the move with that number in the list
  MOVE           a move in the notation, with or without your seat:
                 "draft I-red-04 buy", "P0 pass" (see the notation page of the docs)
  moves          your legal moves again, numbered, with what each would do
  board          the position again, as you see it
  explain RULE   a rule's text, e.g. "explain COLONY-3"
  help           this text
  quit           leave the game (so does the end of the input, Ctrl-D)"""

#: Clears a terminal's screen and puts the cursor at the top (ANSI).
_CLEAR = "\x1b[2J\x1b[H"
#: What a prompt asks for: a line, or None at the end of the input.
Reader = Callable[[str], str | None]
Writer = Callable[[str], None]


@frozen
class TerminalGame:
    """A game played at the terminal: its configuration, the moves made, the last position,
    and whether it ended."""

    config: GameConfig
    moves: tuple[Move, ...]
    final: GameState
    #: False when a player left (``quit``, or the end of the input) before the end.
    finished: bool


def next_to_choose(state: GameState, humans: Collection[int]) -> int:
    """Who chooses next: where several seats decide together (a draft round, the choice
    of sides), the people first, in seat order, then the bots; the round resolves when
    the last one has chosen (DRAFT-3). Elsewhere the one seat to act (FLOW-1)."""
    acting = state.to_act
    return next((seat for seat in acting if seat in humans), acting[0])


def play_at_terminal(
    config: GameConfig,
    humans: Collection[int],
    bots: Sequence[Bot | None],
    read: Reader,
    write: Writer,
    hand_over: bool = False,
) -> TerminalGame:
    """Play ``config`` with people at ``humans`` (seat numbers) and ``bots[seat]`` elsewhere.

    Each person, when a seat of theirs is to choose, sees what happened since that
    seat's last turn as the seat may see it (INFO-1), the position as the seat sees
    it, and its legal moves, numbered, with what each would do; they type a number,
    a move, or a command (:data:`HELP`). The bots choose from their seat's view.
    With ``hand_over`` (hot seat at a terminal), before the turn of a seat other than
    the last one a person played, the screen is cleared and the next person presses
    Enter, so that nobody sees another seat's hidden cards. ``humans`` must name at
    least one seat of the game (:func:`~hadara_rules.bots.play_game` plays bots only).
    """
    if not humans or not set(humans) <= set(range(config.players)):
        raise ValueError(f"humans must name seats of a {config.players}-player game, not {sorted(humans)}")
    state = new_game(config)
    logs = {seat: GameLog(state) for seat in humans}
    unseen = {seat: logs[seat].opening() for seat in humans}
    moves: list[Move] = []
    last: int | None = None
    while not state.is_over:
        seat = next_to_choose(state, humans)
        if seat in humans:
            if hand_over and last is not None and seat != last:
                write(f"{_CLEAR}Hand the keyboard to {player_name(state, seat)}, who presses Enter.")
                if read("") is None:
                    return TerminalGame(config, tuple(moves), state, finished=False)
                write(_CLEAR)
            write("\n".join(unseen[seat]))
            unseen[seat] = []
            move = _ask(state, seat, read, write)
            if move is None:
                return TerminalGame(config, tuple(moves), state, finished=False)
            last = seat
        else:
            bot = bots[seat]
            assert bot is not None, f"no bot for seat {seat}"
            move = bot.choose(player_view(state, seat), seat)  # it sees what its seat may see
        state, events = apply_move_with_events(state, move)
        moves.append(move)
        for human in humans:
            unseen[human].extend(logs[human].lines(events_seen_by(events, human)))
    write("\n".join(unseen[min(humans) if last is None else last]))
    return TerminalGame(config, tuple(moves), state, finished=True)


def _ask(state: GameState, seat: int, read: Reader, write: Writer) -> Move | None:
    """The move a person chooses for ``seat``; None when they leave."""
    name = player_name(state, seat)
    view = player_view(state, seat)
    moves = legal_moves(state, seat)
    write(f"\n--- {name}, your turn ---\n{view}\n")
    write(_numbered(state, moves))
    while True:
        text = read(f"{name} > ")
        if text is None:
            write("")
            return None
        word, _, rest = text.strip().partition(" ")
        if not word:
            continue
        if word == "quit":
            return None
        if word == "help":
            write(HELP)
        elif word == "moves":
            write(_numbered(state, moves))
        elif word == "board":
            write(str(view))
        elif word == "explain":
            write(_rule_text(rest.strip()))
        else:
            move = _move(text.strip(), seat, moves, write)
            if move is not None and _allowed(state, seat, move, write):
                return move


def _numbered(state: GameState, moves: Sequence[Move]) -> str:
    width = len(str(len(moves)))
    notations = [str(move) for move in moves]
    column = max(map(len, notations))
    return "\n".join(
        f"  {index:>{width}}. {notation:<{column}}  {preview(state, move)}"
        for index, (notation, move) in enumerate(zip(notations, moves, strict=True), start=1)
    )


def _move(text: str, seat: int, moves: Sequence[Move], write: Writer) -> Move | None:
    """The move ``text`` names: its number in the list, or its notation (the seat may be left out)."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1]
        write(f"No move {number}: the moves are numbered 1 to {len(moves)} ('moves' lists them).")
        return None
    written = text if re.match(r"P\d", text) else f"P{seat} {text}"
    try:
        return parse_move(written)
    except NotationError as exc:
        write(f"Not a move: {exc} (type 'help' for what you can type)")
        return None


def _allowed(state: GameState, seat: int, move: Move, write: Writer) -> bool:
    """Whether ``move`` may be made at this prompt: ``seat``'s own, and legal."""
    if move.player != seat:
        write(f"At this prompt only {player_name(state, seat)} moves; that move is P{move.player}'s.")
        return False
    refusal = check_move(state, move)
    if refusal is None:
        return True
    write(f"Refused by {refusal.rule}: {refusal.reason}\n{_rule_text(refusal.rule)}")
    return False


def _rule_text(rule_id: str) -> str:
    """A rule as a player reads it: its ID, page, summary and text, and the ruling if any."""
    rule = rules().get(rule_id.upper())
    if rule is None:
        return f"No rule {shown(rule_id)}: rule IDs are written like COLONY-3 ('hadara rules' lists them)."
    text = f"{rule.id} (rulebook p. {rule.page}): {rule.summary}\n  {rule.text}"
    if rule.ruling and rule.why:
        text += f"\n  Ruling: {rule.why}"
    return text
