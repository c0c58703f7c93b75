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
from collections.abc import Collection, Iterable, Mapping, Sequence

from attrs import frozen

from boardtable.games import Decider
from boardtable.prompt import CLEAR, Reader, Turn, Writer
from boardtable.reader import parse_yaml, read_text, shown
from boardtable.screen import Screen, counted

from ._components import Card, Colony, StartCard, Statue
from ._config import GameConfig
from ._engine import check_move, legal_moves, new_game
from ._errors import CatalogueError, NotationError
from ._model import GameState
from ._moves import Move
from ._notation import parse_move
from ._passed import why_passed_over
from ._previews import preview
from ._resources import components_dir
from ._rulebook import rules
from ._said import move_text
from ._text import PassedOver, _offer, _player_line, event_lines, player_name, where
from ._vocabulary import ROMAN, Section
from ._watch import score_now, watched, wheel_lines
from .catalogue import Catalogue, load_catalogue
from .events import (
    CoinsChanged,
    EpochStarted,
    Event,
    GameOver,
    Passed,
    SectionStarted,
    events_seen_by,
    move_steps,
)
from .view import player_view

__all__ = [
    "CLEAR",
    "HELP",
    "GameLog",
    "TerminalGame",
    "next_to_choose",
    "play_at_terminal",
    "provisional_note",
]


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
  NUMBER        the move with that number in the list
  MOVE          a move in the notation, with or without your seat:
                "draft I-red-04 buy", "P0 pass" (the notation page of the docs)
  moves         all your legal moves, numbered, with what each would do
  board         the position as you see it, the score if the game ended now,
                the statues' culture, food against cards, cards by colour,
                and the wheel
  more          the rest of what did not fit on the screen
  explain RULE  a rule's text, e.g. "explain COLONY-3"
  help          this text
  quit          save the game and leave (so does the end of the input, Ctrl-D)"""


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
    bots: Sequence[Decider[GameState, Move] | None],
    read: Reader,
    write: Writer,
    hand_over: bool = False,
    screen: Screen | None = None,
    played: Sequence[Move] = (),
) -> TerminalGame:
    """Play ``config`` with people at ``humans`` (seat numbers) and ``bots[seat]`` elsewhere.

    Each person, when a seat of theirs is to choose, sees one screen (``screen``, 80x24
    without colour unless given): what happened since that seat's last turn as the seat
    may see it (INFO-1), where the game is, the seat's coins, tracks and drawn cards, the
    score if the game ended now, and its legal moves, numbered, with what each would do;
    what does not fit waits behind the ``board``, ``moves`` and ``more`` commands
    (:data:`HELP`). A seat passed over is told why (COLONY-1, STATUE-1, FEED-1, MEDAL-1). The bots
    choose from their seat's view. With ``hand_over`` (hot seat at a terminal), before the
    turn of a seat other than the last one a person played, the screen and the scrollback
    are cleared and the next person presses Enter, so that nobody sees another seat's
    hidden cards. ``played`` are moves already made (a game resumed): they are made again,
    each bot choosing its own again so that it goes on as it would have. ``humans`` must
    name at least one seat of the game (:func:`~hadara_rules.bots.play_game` plays bots only).
    """
    if not humans or not set(humans) <= set(range(config.players)):
        raise ValueError(f"humans must name seats of a {config.players}-player game, not {sorted(humans)}")
    shown_on = screen or Screen()
    state = new_game(config)
    logs = {seat: GameLog(state) for seat in humans}
    unseen = {seat: logs[seat].opening() for seat in humans}
    moves: list[Move] = []
    last: int | None = None
    for move in played:
        bot = bots[move.player] if move.player not in humans else None
        if bot is not None:  # the bot's generator goes on from where it stood
            bot.choose(player_view(state, move.player), move.player)
        state = _made(state, move, humans, logs, unseen)
        moves.append(move)
    if played:
        for seat in humans:
            unseen[seat] = [f"Resumed after {counted(len(played), 'move')}: {where(state)}."]
    while not state.is_over:
        seat = next_to_choose(state, humans)
        if seat in humans:
            if hand_over and last is not None and seat != last:
                write(f"{CLEAR}Hand the keyboard to {player_name(state, seat)}, who presses Enter.")
                if read("") is None:
                    return TerminalGame(config, tuple(moves), state, finished=False)
                write(CLEAR)
            move_or_none = _Turn(state, seat, shown_on, write).ask(unseen[seat], read)
            unseen[seat] = []
            if move_or_none is None:
                return TerminalGame(config, tuple(moves), state, finished=False)
            move = move_or_none
            last = seat
        else:
            bot = bots[seat]
            assert bot is not None, f"no bot for seat {seat}"
            move = bot.choose(player_view(state, seat), seat)  # it sees what its seat may see
        state = _made(state, move, humans, logs, unseen)
        moves.append(move)
    seat = min(humans) if last is None else last
    write("\n".join(row for line in unseen[seat] for row in shown_on.wrap(line)))
    return TerminalGame(config, tuple(moves), state, finished=True)


def _made(
    state: GameState,
    move: Move,
    humans: Collection[int],
    logs: Mapping[int, GameLog],
    unseen: Mapping[int, list[str]],
) -> GameState:
    """The position after ``move``; each person's log told what they may see of it, a seat
    passed over with why (:func:`~hadara_rules._passed.why_passed_over`)."""
    after = state
    for step in move_steps(state, move):
        before, after, events = step
        for human in humans:
            seen = [_why(before, event, human) for event in events_seen_by(events, human, before.catalogue)]
            unseen[human].extend(logs[human].lines(seen))
    return after


def _why(before: GameState, event: Event, reader: int) -> Event:
    """``event``, a seat passed over told with why, to ``reader``'s player."""
    if isinstance(event, Passed) and event.automatic and event.player is not None:
        why = why_passed_over(before, event.player, reader)
        return PassedOver(rule=event.rule, player=event.player, automatic=True, why=why)
    return event


class _Turn(Turn[Move]):
    """A Hadara seat's turn: its coins, tracks, drawn cards and score now on the screen."""

    def __init__(self, state: GameState, seat: int, screen: Screen, write: Writer) -> None:
        super().__init__(player_name(state, seat), screen, write)
        self.state, self.seat = state, seat
        self.view = player_view(state, seat)
        self.moves = legal_moves(state, seat)

    def where(self) -> str:
        return where(self.view)

    def own(self) -> list[str]:
        """The seat's own board in a few lines: coins and tracks, drawn cards with their
        prices, the score if the game ended now (SCORE-1…7)."""
        view, seat = self.view, self.seat
        player = view.players[seat]
        own = [f"You: {_player_line(view, seat, player).partition(': ')[2]}"]
        own.extend(f"  drawn: {_offer(view, player, card)}" for card in player.drawn)
        own.append(score_now(view))
        if view.section is Section.WHEEL:  # the moves' previews cannot say what a rotation gives
            own.extend(wheel_lines(view))
        return own

    def listed(self) -> list[str]:
        """Each legal move: its number, its notation without the seat, the move in the seat's
        words (:func:`~hadara_rules._said.move_text`, as the web table lists it) and its
        preview."""
        notations = [str(move).removeprefix(f"P{self.seat} ") for move in self.moves]
        width = len(str(len(self.moves)))
        column = max(map(len, notations))
        return [
            f"  {index:>{width}}. {notation:<{column}}  {move_text(self.view, move)}: {preview(self.state, move)}"
            for index, (notation, move) in enumerate(zip(notations, self.moves, strict=True), start=1)
        ]

    def board(self) -> list[str]:
        return [*str(self.view).split("\n"), *watched(self.view, self.seat)]

    def help(self) -> str:
        return HELP

    def rule_text(self, rule_id: str) -> str:
        return _rule_text(rule_id)

    def chosen(self, text: str, read: Reader) -> Move | None:
        move = _move(text, self.seat, self.moves, self.say)
        return move if move is not None and _allowed(self.state, self.seat, move, self.say) else None


def _move(text: str, seat: int, moves: Sequence[Move], say: Writer) -> Move | None:
    """The move ``text`` names: its number in the list, or its notation (the seat may be left out)."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return moves[number - 1]
        say(f"No move {number}: the moves are numbered 1 to {len(moves)} ('moves' lists them).")
        return None
    written = text if re.match(r"P\d", text) else f"P{seat} {text}"
    try:
        return parse_move(written)
    except NotationError as exc:
        say(f"Not a move: {exc} (type 'help' for what you can type)")
        return None


def _allowed(state: GameState, seat: int, move: Move, say: Writer) -> bool:
    """Whether ``move`` may be made at this prompt: ``seat``'s own, and legal."""
    if move.player != seat:
        say(f"At this prompt only {player_name(state, seat)} moves; that move is P{move.player}'s.")
        return False
    refusal = check_move(state, move)
    if refusal is None:
        return True
    say(f"Refused by {refusal.rule}: {refusal.reason}\n{_rule_text(refusal.rule)}")
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
