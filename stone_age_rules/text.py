"""Events and a seat's view in words, as the log and the terminal of a table show them."""

from __future__ import annotations

from collections.abc import Iterable

from ._events import Event
from ._model import LOCATIONS, GameState


def amounts_text(amounts: Iterable[tuple[str, int | float]]) -> str:
    """Changes of a board's counters: ``+3 food, -2 wood`` (tools: the tool value)."""
    return ", ".join(f"{amount:+g} {str(name).replace('_', '-')}" for name, amount in amounts)


def event_text(event: Event) -> str:
    """An event in one line, with its rule ID: ``P0 bought c13: -2 wood, +1 cards (CIV-2)``."""
    words = [] if event.player is None else [f"P{event.player}"]
    words.append(event.what)
    if event.item is not None:
        words.append(event.item)
    if event.dice:
        words.append("(" + " ".join(map(str, event.dice)) + ")")
    changed = amounts_text(event.amounts)
    return " ".join(words) + (f": {changed}" if changed else "") + f" ({event.rule})"


def board_lines(view: GameState, seat: int) -> list[str]:
    """A seat's view in a few lines: the round, the display, the stacks' tops, where people
    stand, and each player's board (the seat's own first)."""
    lines = [
        f"Round {view.round}, {view.phase}; display: "
        + ", ".join(f"{slot + 1}:{card or '-'}" for slot, card in enumerate(view.display))
        + "; stacks: "
        + ", ".join(f"{stack[0]} ({len(stack)})" if stack else "empty" for stack in view.stacks),
    ]
    standing = [
        f"{location.value} " + "/".join(map(str, view.placed[location.row]))
        for location in LOCATIONS
        if any(view.placed[location.row])
    ]
    if standing:
        lines.append("people placed (by seat): " + ", ".join(standing))
    for other in (seat, *(s for s in range(len(view.players)) if s != seat)):
        p = view.players[other]
        lines.append(
            f"P{other}: {p.score} points, {p.people} people ({view.unplaced(other)} home), food {p.food}, "
            f"agriculture {p.agriculture}, resources: {p.resources}, tools {'/'.join(map(str, p.tools)) or '-'}, "
            f"buildings {len(p.buildings)}, cards {len(p.all_cards)}"
        )
    return lines
