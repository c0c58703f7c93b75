"""Events in words, as the log of a table shows them."""

from __future__ import annotations

from collections.abc import Iterable

from ._events import Event


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
