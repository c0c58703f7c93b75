"""Text for people: moves, positions and the score pad as the ``hadara`` command prints them."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ._model import SHOWN_AS, GameState, PlayerState
from ._rules.scoring import CATEGORIES, score
from ._vocabulary import COLORS, ROMAN, TIERS, Section
from .events import (
    CardBought,
    CardPassedOn,
    CardRemoved,
    CardsDrawn,
    CardSold,
    CoinsChanged,
    ColonyTaken,
    EpochStarted,
    Event,
    GameOver,
    MedalBought,
    Passed,
    SectionStarted,
    StatueCarved,
    TrackMoved,
    WheelSet,
)


def player_name(state: GameState, seat: int) -> str:
    """How a seat is shown: its number and the crest of its board (SETUP-1, WHEEL-3)."""
    return f"P{seat} ({state.players[seat].crest})"


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


def _a(word: str) -> str:
    """``word`` with its indefinite article: "a food", "an income"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


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
        head += f" (as {player_name(state, state.viewer)} sees it)"
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


def _who(seat: int | None) -> str:
    return "the table" if seat is None else f"P{seat}"


def _signed(amount: int, unit: str) -> str:
    sign = "+" if amount > 0 else "−"
    return f"{sign}{abs(amount)} {unit}"


def _head(event: Event) -> str | None:
    """The words of an event that starts a line; None for one that joins the line before it."""
    who = _who(event.player)
    if isinstance(event, EpochStarted):
        return f"Epoch {ROMAN.get(event.epoch, event.epoch)} begins; {who} is its first player"
    if isinstance(event, SectionStarted):
        return f"The {event.section.value} section of epoch {ROMAN.get(event.epoch, event.epoch)}, phase {event.phase.value} begins"
    if isinstance(event, WheelSet):
        return f"{who} sets the wheel to rotation {event.rotation}"
    if isinstance(event, CardsDrawn):
        return f"{who} draws {' and '.join(event.cards)}"
    if isinstance(event, CardBought):
        tile = f", with {_a(event.tile.value)} tile on it" if event.tile is not None else ""
        return f"{who} buys {event.card}{tile}"
    if isinstance(event, CardSold):
        return f"{who} sells {event.card}"
    if isinstance(event, CardPassedOn):
        return f"{who} puts {event.card} on its colour's outer pile"
    if isinstance(event, CardRemoved):
        return f"{who} removes {event.card} from their tableau"
    if isinstance(event, ColonyTaken):
        return f"{who} {'allies with' if event.allied else 'plunders'} colony {event.colony}"
    if isinstance(event, StatueCarved):
        face = "face up" if event.face_up else "face down"
        return f"{who} carves statue {event.statue} with {_a(event.tile.value)} tile {face}"
    if isinstance(event, MedalBought):
        kind = "gold medal" if event.gold else f"silver medal ({event.tile.value if event.tile else ''} tile)"
        return f"{who} buys a {kind}"
    if isinstance(event, Passed):
        return None if event.automatic else f"{who} passes"
    if isinstance(event, GameOver):
        totals = ", ".join(f"P{seat} {total}" for seat, total in enumerate(event.totals))
        won = " and ".join(f"P{seat}" for seat in event.winners)
        return (
            f"Game over: {totals} points; {won} {'wins' if len(event.winners) == 1 else 'share the victory'}"
        )
    return None


def _detail(event: Event) -> str | None:
    """The words of a coin or track event."""
    if isinstance(event, CoinsChanged):
        return (
            f"{_signed(event.amount, 'coins' if abs(event.amount) != 1 else 'coin')} ({event.reason.value})"
        )
    if isinstance(event, TrackMoved):
        return f"{event.track.value} {_signed(event.steps, 'step' if abs(event.steps) == 1 else 'steps')}"
    return None


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
    """The events as lines for players: a line per action, its coins and track steps after it,
    and the rules that made it happen."""
    lines: list[tuple[int | None, str, list[str], list[str]]] = []  # who, text, details, rules
    joinable = False
    for event in events:
        head = _head(event)
        if head is not None:
            lines.append((event.player, head, [], [event.rule]))
            joinable = not isinstance(event, SectionStarted | EpochStarted | GameOver)
            continue
        detail = _detail(event)
        if detail is None:
            continue
        if joinable and lines and lines[-1][0] == event.player and event.player is not None:
            lines[-1][2].append(detail)
            if event.rule not in lines[-1][3]:
                lines[-1][3].append(event.rule)
        else:
            lines.append((event.player, f"{_who(event.player)}: {detail}", [], [event.rule]))
            joinable = True
    return [EventLine(who, text, tuple(details), tuple(rules)) for who, text, details, rules in lines]


SHOWN_AS["text"] = summary
