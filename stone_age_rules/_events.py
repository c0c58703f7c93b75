"""What happened in a move: frozen events with the player, the amounts and the rule ID."""

from __future__ import annotations

from attrs import frozen

from ._goods import Kind
from ._model import Player

#: The counters of a player's board an event reports changes of, in this order.
COUNTERS = (
    "food",
    *Kind,
    "score",
    "agriculture",
    "people",
    "tools",
    "one_time",
    "claims",
    "cards",
    "buildings",
)


def counters(player: Player) -> dict[str, int]:
    """The counters of ``player``'s board (``tools``: the tool value; ``one_time``: the tokens' values)."""
    return {
        "food": player.food,
        "wood": player.resources.wood,
        "clay": player.resources.clay,
        "stone": player.resources.stone,
        "gold": player.resources.gold,
        "score": player.score,
        "agriculture": player.agriculture,
        "people": player.people,
        "tools": player.tool_value,
        "one_time": sum(player.one_time),
        "claims": player.claims,
        "cards": len(player.all_cards),
        "buildings": len(player.buildings),
    }


@frozen
class Event:
    """One step of a move, in the order it happened.

    ``amounts`` are the changes to ``player``'s counters (:data:`COUNTERS`), only those
    that changed; ``dice`` the faces rolled; ``item`` the card, tile or location concerned.
    """

    #: The rule that made it happen, e.g. ``"ACT-3"``.
    rule: str
    #: What happened, in a word or two, e.g. ``"gathered"``.
    what: str
    #: The player concerned, or None for the table (a new round, the end of the game).
    player: int | None = None
    amounts: tuple[tuple[str, int], ...] = ()
    dice: tuple[int, ...] = ()
    item: str | None = None

    def amount(self, counter: str) -> int:
        """The change to one counter (0 if it did not change)."""
        return dict(self.amounts).get(counter, 0)


def changes(before: Player, after: Player) -> tuple[tuple[str, int], ...]:
    """The counters that differ between two boards of one player, and by how much."""
    old, new = counters(before), counters(after)
    return tuple((name, new[name] - old[name]) for name in COUNTERS if new[name] != old[name])
