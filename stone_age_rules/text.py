"""Events and a seat's view in words, as the log and the terminal of a table show them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ._events import Event
from ._model import BUILDINGS, HIDDEN, LOCATIONS, SLOTS, GameState, Location


def amounts_text(amounts: Iterable[tuple[str, int | float]]) -> str:
    """Changes of a board's counters: ``+3 food, -2 wood`` (tools: the tool value)."""
    return ", ".join(f"{amount:+g} {str(name).replace('_', '-')}" for name, amount in amounts)


#: The board's locations as a player names them (SETUP-3).
PLACES: Mapping[str, str] = {
    Location.HUNTING: "the hunting grounds",
    Location.FOREST: "the forest",
    Location.CLAY_PIT: "the clay pit",
    Location.QUARRY: "the quarry",
    Location.RIVER: "the river",
    Location.TOOL_MAKER: "the tool maker",
    Location.HUT: "the hut",
    Location.FIELD: "the field",
    **{location: f"building stack {i}" for i, location in enumerate(BUILDINGS, 1)},
    **{location: f"card slot {i}" for i, location in enumerate(SLOTS, 1)},
}

#: A counter's name for one and for several (``score``: points; ``tools``: the tool value).
_NOUNS: Mapping[str, tuple[str, str]] = {
    "score": ("point", "points"),
    "agriculture": ("step of agriculture", "steps of agriculture"),
    "people": ("person", "people"),
    "tools": ("tool", "tools"),
    "one_time": ("one-time tool", "one-time tools"),
    "claims": ("claim", "claims"),
    "cards": ("card", "cards"),
    "buildings": ("building", "buildings"),
}
#: The counters an event's words already tell (a card bought is a card more, and so on).
_TOLD = frozenset({"cards", "buildings", "claims"})


def _listed(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _goods(event: Event, sign: int) -> str:
    """The counters that went up (``sign`` 1) or down (-1), in words: ``2 wood and 1 gold``."""
    parts = []
    for name, amount in event.amounts:
        if name not in _TOLD and amount * sign > 0:
            one, several = _NOUNS.get(name, (name, name))
            parts.append(f"{abs(amount)} {one if abs(amount) == 1 else several}")
    return _listed(parts) if parts else "nothing"


def _place(event: Event) -> str:
    return PLACES.get(event.item or "", event.item or "somewhere")


def _dice(event: Event) -> str:
    rolled = " ".join(map(str, event.dice))
    return rolled if len(event.dice) == 1 else f"{rolled} ({sum(event.dice)} in all)"


def _placed(event: Event) -> str:
    count = int(event.what.removeprefix("placed "))
    return f"placed {count} {'person' if count == 1 else 'people'} at {_place(event)}"


def _drew(event: Event) -> str:
    return "drew a card face down" if event.item == HIDDEN else f"drew card {event.item}"


def _built(event: Event) -> str:
    paid, scored = _goods(event, -1), _goods(event, 1)
    return f"built {event.item} for {paid}" + ("" if scored == "nothing" else f", scoring {scored}")


def _went_hungry(event: Event) -> str:
    lost = dict(event.amounts)
    food = -lost.get("food", 0)
    gave = f", giving up {food} food," if food else ""
    return f"went hungry{gave} and lost {-lost.get('score', 0)} points"


#: What a player did, in words (after the player's name), by the event's ``what``.
_DID: Mapping[str, Callable[[Event], str]] = {
    "took people back": lambda e: f"took their people back from {_place(e)}",
    "rolled": lambda e: f"rolled {_dice(e)} at {_place(e)}",
    "gathered": lambda e: f"gathered {_goods(e, 1)}",
    "hunted": lambda e: f"hunted {_goods(e, 1)}",
    "used tools": lambda e: "used tools",
    "gained a person": lambda e: "gained a person",
    "gained a tool": lambda e: "gained a tool",
    "raised agriculture": lambda e: "raised agriculture a step",
    "bought": lambda e: f"bought card {e.item} for {_goods(e, -1)}",
    "built": _built,
    "drew a card": _drew,
    "found the pile empty": lambda e: "found the draw pile empty",
    "fed": lambda e: f"fed their people {_goods(e, -1)}",
    "fed with resources": lambda e: f"fed their people with {_goods(e, -1)}",
    "went hungry": _went_hungry,
    "harvested": lambda e: f"harvested {_goods(e, 1)}",
    "scored": lambda e: f"scored {_goods(e, 1)}",
    "took a die": lambda e: f"took a die for {_goods(e, 1)}",
    "took a one-time tool": lambda e: f"took a one-time tool of {dict(e.amounts).get('one_time', 0)}",
    "took food": lambda e: f"took {_goods(e, 1)}",
    "took resources": lambda e: f"took {_goods(e, 1)}",
    "may take two resources": lambda e: "may take two resources of their choice",
    "took two resources": lambda e: f"took {_goods(e, 1)}",
    "rolled for everyone": lambda e: f"rolled {' '.join(map(str, e.dice))} for everyone to choose from",
}
#: What happened at the table, in words, by the event's ``what``.
_HAPPENED: Mapping[str, str] = {
    "actions begin": "Everyone has placed: actions begin",
    "feeding begins": "Feeding begins",
    "game over": "The game is over",
}


def event_text(event: Event) -> str:
    """An event in one line in a player's words, with its rule ID: ``P0 bought card c13 for
    2 wood (CIV-2)``; a card drawn that the viewer did not see, face down (INFO-2)."""
    return f"{_said(event)} ({event.rule})"


def _said(event: Event) -> str:
    if event.what.startswith("round ") and event.what.endswith(" begins"):
        starts = "" if event.player is None else f"; P{event.player} places first"
        return f"Round {event.what.split()[1]} begins{starts}"
    if event.player is None:
        return _HAPPENED.get(event.what, event.what)
    did = _DID.get(event.what, _placed if event.what.startswith("placed ") else None)
    if did is None:  # an event without words of its own: its fields as they are
        return " ".join([f"P{event.player}", event.what, *([event.item] if event.item else [])]) + (
            f": {amounts_text(event.amounts)}" if event.amounts else ""
        )
    return f"P{event.player} {did(event)}"


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
        f"{PLACES[location]} " + " ".join(f"P{s}:{n}" for s, n in enumerate(view.placed[location.row]) if n)
        for location in LOCATIONS
        if any(view.placed[location.row])
    ]
    if standing:
        lines.append("people placed: " + ", ".join(standing))
    for other in (seat, *(s for s in range(len(view.players)) if s != seat)):
        p = view.players[other]
        lines.append(
            f"P{other}: {p.score} points, {p.people} people ({view.unplaced(other)} home), food {p.food}, "
            f"agriculture {p.agriculture}, resources: {p.resources}, tools {'/'.join(map(str, p.tools)) or '-'}, "
            f"buildings {len(p.buildings)}, cards {len(p.all_cards)}"
        )
    return lines
