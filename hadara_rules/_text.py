"""Text for people: moves, positions and the score pad as the ``hadara`` command prints them."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ._model import SHOWN_AS, SPECTATOR, GameState, PlayerState
from ._rules.scoring import CATEGORIES, score
from ._vocabulary import COLORS, ROMAN, TIERS, Section
from .events import (
    CoinsChanged,
    DraftChosen,
    EpochStarted,
    Event,
    GameOver,
    Passed,
    SectionStarted,
    TrackMoved,
)


def player_name(state: GameState, seat: int) -> str:
    """How a seat is shown: its number and the crest of its board (SETUP-1, WHEEL-3)."""
    return f"P{seat} ({state.players[seat].crest})"


def seen_by(state: GameState) -> str:
    """Whose view a position is, for a heading: ``as P1 (camel) sees it``, ``as a spectator
    sees it``; empty for the whole position (INFO-1)."""
    if state.viewer is None:
        return ""
    if state.viewer == SPECTATOR:
        return "as a spectator sees it"
    return f"as {player_name(state, state.viewer)} sees it"


def format_score_sheet(state: GameState) -> str:
    """The score pad of ``state`` as a table: one row per category, one column per player."""
    sheets = score(state)
    width = 14
    head = "".ljust(10) + "".join(player_name(state, s.player).rjust(width) for s in sheets)
    rows = [
        category.ljust(10) + "".join(str(getattr(s, category)).rjust(width) for s in sheets)
        for category in CATEGORIES
    ]
    return "\n".join([head, *rows])


def where(state: GameState) -> str:
    """Where the game is: ``Epoch II, phase A: draft (round 3 of 5, wheel 2)`` (EPOCH-1, WHEEL-2)."""
    if state.is_over:
        return "The game is over"
    text = f"Epoch {ROMAN[state.epoch]}, phase {state.phase}: {state.section}"
    if state.section is Section.DRAFT:
        text += f" (round {state.round + 1} of 5, wheel {state.wheel})"
    return text


def _player_line(state: GameState, seat: int, player: PlayerState) -> str:
    t = player.tracks
    return (
        f"{player_name(state, seat)}: {player.coins} coins; income {t.income}, military {t.military}, "
        f"culture {t.culture}, food {t.food}; {len(player.cards)} cards"
    )


def summary(state: GameState) -> str:
    """A position in a few lines, for ``str(state)``: where the game is, who is to act
    (FLOW-1), and each player's coins, tracks and number of cards."""
    acting = ", ".join(player_name(state, seat) for seat in state.to_act)
    head = f"{where(state)}; move {state.ply}"
    if not state.is_over:
        head += f"; to act: {acting or 'nobody'}"
    if state.viewer is not None:
        head += f" ({seen_by(state)})"
    return "\n".join([head, *(_player_line(state, seat, p) for seat, p in enumerate(state.players))])


def format_position(state: GameState) -> str:
    """The public position in a few lines: where the game is, the piles, every player."""
    lines = [f"{where(state)}; first player {player_name(state, state.first_player)}; move {state.ply}"]
    tops = ", ".join(
        f"{c} {pile[-1]} (+{len(pile) - 1})"
        for c, pile in zip(COLORS, state.outer_piles, strict=True)
        if pile
    )
    lines.append(f"outer piles: {tops or 'empty'}")
    stacks = ", ".join(
        f"{t}: {s[-1]} (+{len(s) - 1})" for t, s in zip(TIERS, state.colony_stacks, strict=True) if s
    )
    lines.append(f"colony stacks: {stacks or 'empty'}")
    for seat, p in enumerate(state.players):
        colonies = ", ".join(f"{h.id}{' (allied)' if h.allied else ''}" for h in p.colonies) or "-"
        statues = (
            ", ".join(f"{s.statue}:{s.tile}{'' if s.face_up else ' face down'}" for s in p.statues) or "-"
        )
        lines.append(
            f"{_player_line(state, seat, p)}; colonies {colonies}; "
            f"statues {statues}; silver {', '.join(map(str, p.silver)) or '-'}; gold {p.gold}"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- events as text

#: Events whose words join the line of the action before them (coins and track steps).
_DETAILS = (CoinsChanged, TrackMoved)
#: Events that end a line: nothing joins them.
_ALONE = (SectionStarted, EpochStarted, GameOver)


def _left_out(event: Event) -> bool:
    """A draft choice (its round's resolution tells what it was) and a player passed over
    (nothing happened) are left out of the log."""
    return isinstance(event, DraftChosen) or (isinstance(event, Passed) and event.automatic)


@frozen
class EventLine:
    """One line of a game's log: what a player (or the table) did, its coins and track
    steps, and the rules that made it happen."""

    player: int | None
    text: str
    details: tuple[str, ...]
    rules: tuple[str, ...]

    def __str__(self) -> str:
        words = self.text + (": " + ", ".join(self.details) if self.details else "")
        return f"{words} ({', '.join(self.rules)})"


def event_lines(events: Sequence[Event]) -> list[EventLine]:
    """The events as lines for players: a line per action (its words are the event's own,
    see ``str(event)``), its coins and track steps after it, and the rules that made it happen."""
    lines: list[tuple[int | None, str, list[str], list[str]]] = []  # who, text, details, rules
    joinable = False
    for event in events:
        if _left_out(event):
            continue
        joins = joinable and event.player is not None and lines[-1][0] == event.player
        if isinstance(event, _DETAILS) and joins:
            lines[-1][2].append(event._detail())
            if event.rule not in lines[-1][3]:
                lines[-1][3].append(event.rule)
            continue
        lines.append((event.player, event._words(), [], [event.rule]))
        joinable = not isinstance(event, _ALONE)
    return [EventLine(who, text, tuple(details), tuple(rules)) for who, text, details, rules in lines]


SHOWN_AS["text"] = summary
