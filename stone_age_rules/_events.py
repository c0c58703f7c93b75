"""What happened in a move: frozen events with the player, the amounts and the rule ID."""

from __future__ import annotations

import re
from enum import StrEnum

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


class EventType(StrEnum):
    """What an event tells, in a word: its ``type`` in documents. Each ``what`` of an event has
    one type; ``placed`` and ``round_began`` whatever their number (``placed 3``, ``round 2 begins``)."""

    #: PLACE-1: people placed at ``item`` (a location); ``what`` is ``placed N``, N the people.
    PLACED = "placed"
    #: FLOW-5: everyone has placed; actions begin (no player).
    ACTIONS_BEGAN = "actions_began"
    #: ACT-2: people taken back from ``item`` (a location) without the action.
    TOOK_BACK = "took_back"
    #: ACT-3, CIV-7: ``dice`` rolled for ``item`` (a location or a card slot).
    ROLLED = "rolled"
    #: ACT-3, CIV-7: a resource gathered (``amounts``).
    GATHERED = "gathered"
    #: ACT-3: food hunted (``amounts``).
    HUNTED = "hunted"
    #: TOOL-2, TOOL-5: tools added to a roll (``amounts``: the one-time tools spent).
    USED_TOOLS = "used_tools"
    #: ACT-5: a person more.
    GAINED_PERSON = "gained_person"
    #: ACT-6, CIV-8, CIV-9: a tool gained or raised (TOOL-3).
    GAINED_TOOL = "gained_tool"
    #: ACT-4, CIV-8, CIV-10: agriculture +1 (capped at 10).
    RAISED_AGRICULTURE = "raised_agriculture"
    #: CIV-2: the card ``item`` bought (``amounts``: what was paid).
    BOUGHT = "bought"
    #: BUILD-1: the tile ``item`` built (``amounts``: what was paid and the points scored).
    BUILT = "built"
    #: CIV-13: the card ``item`` drawn face down (``?`` to the others).
    DREW_CARD = "drew_card"
    #: CIV-13: the pile was empty; nothing drawn.
    FOUND_PILE_EMPTY = "found_pile_empty"
    #: FLOW-5: every action is taken; feeding begins (no player).
    FEEDING_BEGAN = "feeding_began"
    #: FEED-2: food for the agriculture level.
    HARVESTED = "harvested"
    #: FEED-3: one food per person paid.
    FED = "fed"
    #: FEED-4: the shortfall covered with resources (all the food paid too).
    FED_WITH_RESOURCES = "fed_with_resources"
    #: FEED-5: all food and 10 points lost.
    WENT_HUNGRY = "went_hungry"
    #: CIV-6: points scored at once.
    SCORED = "scored"
    #: CIV-8: one die per player rolled for everyone to choose from (``dice``).
    ROLLED_FOR_EVERYONE = "rolled_for_everyone"
    #: CIV-8: a die taken and its reward (``amounts``).
    TOOK_DIE = "took_die"
    #: CIV-11: a one-time tool taken.
    TOOK_ONE_TIME_TOOL = "took_one_time_tool"
    #: CIV-4: food taken.
    TOOK_FOOD = "took_food"
    #: CIV-5: resources taken.
    TOOK_RESOURCES = "took_resources"
    #: CIV-12: a pair of resources of choice to take later (a claim).
    MAY_TAKE_TWO_RESOURCES = "may_take_two_resources"
    #: CIV-12: the pair taken (by the player, or at the end of the game).
    TOOK_TWO_RESOURCES = "took_two_resources"
    #: END-2: a round begins, ``player`` its start player; ``what`` is ``round N begins``.
    ROUND_BEGAN = "round_began"
    #: END-3, END-4, FLOW-6: the game is over (no player); final scoring follows.
    GAME_OVER = "game_over"
    #: END-5: final scoring (SCORE-2 to SCORE-7) added to the player's score, now its total.
    SCORED_AT_THE_END = "scored_at_the_end"


#: Each event's ``what`` and its type (but those with a number: :func:`event_type`).
_TYPES: dict[str, EventType] = {
    "actions begin": EventType.ACTIONS_BEGAN,
    "took people back": EventType.TOOK_BACK,
    "rolled": EventType.ROLLED,
    "gathered": EventType.GATHERED,
    "hunted": EventType.HUNTED,
    "used tools": EventType.USED_TOOLS,
    "gained a person": EventType.GAINED_PERSON,
    "gained a tool": EventType.GAINED_TOOL,
    "raised agriculture": EventType.RAISED_AGRICULTURE,
    "bought": EventType.BOUGHT,
    "built": EventType.BUILT,
    "drew a card": EventType.DREW_CARD,
    "found the pile empty": EventType.FOUND_PILE_EMPTY,
    "feeding begins": EventType.FEEDING_BEGAN,
    "harvested": EventType.HARVESTED,
    "fed": EventType.FED,
    "fed with resources": EventType.FED_WITH_RESOURCES,
    "went hungry": EventType.WENT_HUNGRY,
    "scored": EventType.SCORED,
    "rolled for everyone": EventType.ROLLED_FOR_EVERYONE,
    "took a die": EventType.TOOK_DIE,
    "took a one-time tool": EventType.TOOK_ONE_TIME_TOOL,
    "took food": EventType.TOOK_FOOD,
    "took resources": EventType.TOOK_RESOURCES,
    "may take two resources": EventType.MAY_TAKE_TWO_RESOURCES,
    "took two resources": EventType.TOOK_TWO_RESOURCES,
    "took two resources at the end": EventType.TOOK_TWO_RESOURCES,
    "game over": EventType.GAME_OVER,
    "scored at the end": EventType.SCORED_AT_THE_END,
}
#: The ``what`` of the events with a number: ``placed 3``, ``round 2 begins``.
_NUMBERED = (
    (re.compile(r"placed ([1-9][0-9]?)"), EventType.PLACED),
    (re.compile(r"round ([1-9][0-9]{0,5}) begins"), EventType.ROUND_BEGAN),
)


def event_type(what: str) -> EventType | None:
    """The type of an event saying ``what``; None for words no event says."""
    found = _TYPES.get(what)
    if found is None:
        for pattern, numbered in _NUMBERED:
            if pattern.fullmatch(what):
                return numbered
    return found


def event_number(what: str) -> int | None:
    """The number in an event's ``what``: the people placed (``placed 3``), the round that
    begins (``round 2 begins``); None for the others."""
    for pattern, _ in _NUMBERED:
        match = pattern.fullmatch(what)
        if match:
            return int(match.group(1))
    return None


@frozen
class Event:
    """One step of a move, in the order it happened."""

    #: The rule that made it happen, e.g. ``"ACT-3"``.
    rule: str
    #: What happened, in a word or two, e.g. ``"gathered"``; its :attr:`type` says it in a word.
    what: str
    #: The player concerned, or None for the table (a new round, the end of the game).
    player: int | None = None
    #: The changes to the player's counters, as [counter, change] pairs, only those that
    #: changed, in this order: food, wood, clay, stone, gold, score, agriculture, people,
    #: tools (the tool value), one_time (the one-time tools' values), claims (CIV-12 pairs
    #: not taken), cards, buildings.
    amounts: tuple[tuple[str, int], ...] = ()
    #: The faces rolled (rolled, rolled_for_everyone), in the order rolled.
    dice: tuple[int, ...] = ()
    #: What it concerns: a location (placed, took_back, rolled: a card slot for a card's
    #: dice), a card (bought, drew_card: "?" where the viewer may not see it) or a tile (built).
    item: str | None = None

    @property
    def type(self) -> EventType:
        """What the event tells, in a word (its ``type`` in documents, :class:`EventType`)."""
        found = event_type(self.what)
        if found is None:
            raise ValueError(f"no event says {self.what!r}"[:120])
        return found

    def amount(self, counter: str) -> int:
        """The change to one counter (0 if it did not change)."""
        return dict(self.amounts).get(counter, 0)


def changes(before: Player, after: Player) -> tuple[tuple[str, int], ...]:
    """The counters that differ between two boards of one player, and by how much."""
    old, new = counters(before), counters(after)
    return tuple((name, new[name] - old[name]) for name in COUNTERS if new[name] != old[name])
