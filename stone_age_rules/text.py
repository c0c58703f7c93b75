"""Events and a seat's view in words, as the log and the terminal of a table show them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from boardtable.screen import counted, sheets_table

from ._amounts import NOUNS, amounts_text
from ._components import Building, Card, Effect, components
from ._events import Event, EventType, event_number, event_type
from ._goods import FOOD_VALUE, KINDS, VALUES, Resources
from ._model import AREAS, BUILDINGS, HIDDEN, LOCATIONS, SLOTS, GameState, Location, Phase
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools
from ._rules.cards import CLAIM
from ._rules.scoring import score

if TYPE_CHECKING:  # the previews say their amounts in this module's words
    from .previews import Preview


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

#: What a roll yields at each gathering place, and what one of it costs on the total (ACT-3).
_YIELDS: Mapping[Location, tuple[str, int]] = {
    Location.HUNTING: ("food", FOOD_VALUE),
    **{area: (kind.value, VALUES[kind]) for area, kind in AREAS.items()},
}
#: What each location of the board's places gives (SETUP-3, ACT-3 to ACT-6).
GIVES: Mapping[Location, str] = {
    **{place: f"{kind}: 1 per {value} rolled" for place, (kind, value) in _YIELDS.items()},
    Location.TOOL_MAKER: "a tool",
    Location.HUT: "a person (2 people go)",
    Location.FIELD: "a step of agriculture",
}


#: The counters an event's words already tell (a card bought is a card more, and so on).
_TOLD = frozenset({"cards", "buildings", "claims"})


#: A multiplier's figure for one and for several (SCORE-3 to SCORE-6).
_FIGURES: Mapping[str, tuple[str, str]] = {
    "farmer": ("farmer", "farmers"),
    "tool_maker": ("tool maker", "tool makers"),
    "hut_builder": ("hut builder", "hut builders"),
    "shaman": ("shaman", "shamans"),
}
#: What a card's top gives, in words (CIV-4 to CIV-13).
_TOPS: Mapping[Effect, Callable[[Card], str]] = {
    Effect.FOOD: lambda c: f"{c.amount} food",
    Effect.RESOURCE: lambda c: f"{c.amount} {c.kind}",
    Effect.POINTS: lambda c: f"{c.amount} points",
    Effect.DICE_FOR_RESOURCE: lambda c: f"2 dice for {c.kind}",
    Effect.EVERYONE_DICE: lambda c: "dice for everyone",
    Effect.TOOL: lambda c: "a tool",
    Effect.AGRICULTURE: lambda c: "a step of agriculture",
    Effect.ONE_TIME_TOOL: lambda c: f"one-time tool {c.amount}",
    Effect.ANY_RESOURCES: lambda c: f"{c.amount} resources of your choice",
    Effect.DRAW_CARD: lambda c: "a card from the pile",
}


def card_halves(card: Card) -> tuple[str, str]:
    """What a civilization card's top gives now (CIV-4 to CIV-13) and what its bottom counts at
    the end (CIV-14), in words: ``("1 food", "2 farmers")``, ``("2 dice for gold", "culture:
    art")``."""
    if card.culture is not None:
        return _TOPS[card.effect](card), f"culture: {card.culture}"
    one, several = _FIGURES.get(card.multiplier or "", (str(card.multiplier), str(card.multiplier)))
    return _TOPS[card.effect](card), f"{card.count} {one if card.count == 1 else several}"


def card_text(card: Card) -> str:
    """A civilization card's two halves in words (CIV-4 to CIV-14): ``1 food · 2 farmers``,
    ``2 dice for gold · culture: pottery``."""
    return " · ".join(card_halves(card))


def building_text(building: Building) -> str:
    """What a building tile takes (BUILD-2 to BUILD-4): ``2 wood and 1 clay`` (its points are
    their value), ``4 resources of 2 kinds``, ``1 to 7 resources of any kinds``."""
    if building.fixed is not None:
        return resources_text(building.fixed)
    low, high = building.count
    many = f"{low}" if low == high else f"{low} to {high}"
    kinds = (
        "any kinds"
        if building.kinds is None
        else f"{building.kinds} kind{'' if building.kinds == 1 else 's'}"
    )
    return f"{many} resources of {kinds}"


def building_points(building: Building) -> str:
    """What a building tile scores (BUILD-2 to BUILD-4): ``11 points``, or, for a tile whose
    payment the builder chooses, ``scores the value paid``."""
    return "scores the value paid" if building.fixed is None else counted(building.fixed.value, "point")


def resources_text(resources: Resources) -> str:
    """``2 wood and 1 gold``; ``nothing``."""
    parts = [f"{resources.count(kind)} {kind}" for kind in KINDS if resources.count(kind)]
    return _listed(parts) if parts else "nothing"


def cards_bottoms_text(cards: Iterable[str]) -> str:
    """What the bottoms of a player's cards score (SCORE-2 to SCORE-6): ``culture: art,
    music · 3 farmers, 1 shaman`` (a card not seen counts for nothing)."""
    known = components().card
    seen = [known[card] for card in cards if card in known]
    cultures = sorted({card.culture for card in seen if card.culture is not None})
    figures = {name: sum(c.count for c in seen if c.multiplier == name) for name in _FIGURES}
    parts = [f"culture: {', '.join(cultures)}"] if cultures else []
    counted = [f"{n} {_FIGURES[name][n != 1]}" for name, n in figures.items() if n]
    return " · ".join([*parts, ", ".join(counted)] if counted else parts) or "no culture, no figures"


def item_text(item: str) -> str:
    """A card or tile in words (``1 food · 2 farmers``, ``2 wood and 1 clay: 10 points``); a
    hidden one as face down."""
    if item == HIDDEN:
        return "face down"
    found = components()
    if item in found.card:
        return card_text(found.card[item])
    if item in found.building:
        tile = found.building[item]
        return f"{building_text(tile)}: {building_points(tile)}"
    return item


def _listed(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _goods(event: Event, sign: int) -> str:
    """The counters that went up (``sign`` 1) or down (-1), in words: ``2 wood and 1 gold``."""
    parts = []
    for name, amount in event.amounts:
        if name not in _TOLD and amount * sign > 0:
            one, several = NOUNS.get(name, (name, name))
            parts.append(f"{abs(amount)} {one if abs(amount) == 1 else several}")
    return _listed(parts) if parts else "nothing"


def _place(event: Event) -> str:
    return PLACES.get(event.item or "", event.item or "somewhere")


def _dice(event: Event) -> str:
    rolled = " ".join(map(str, event.dice))
    return rolled if len(event.dice) == 1 else f"{rolled} ({sum(event.dice)} in all)"


def _placed(event: Event) -> str:
    count = event_number(event.what) or 0
    return f"placed {count} {'person' if count == 1 else 'people'} at {_place(event)}"


def _card(event: Event) -> str:
    """The card an event names, by what it shows (CIV-4 to CIV-14): ``1 food · 2 farmers``."""
    return item_text(event.item or HIDDEN)


def _drew(event: Event) -> str:
    """CIV-13: the card drawn, said by what it shows; face down to a seat that did not see it (INFO-2)."""
    return "drew a card face down" if event.item in (None, HIDDEN) else f"drew a card: {_card(event)}"


def _built(event: Event) -> str:
    """BUILD-1: what was paid and scored; a tile whose payment the builder chose (BUILD-3,
    BUILD-4) says what it takes too (a tile of fixed resources takes what was paid)."""
    paid, scored = _goods(event, -1), _goods(event, 1)
    tile = components().building.get(event.item or "")
    chosen = "" if tile is None or tile.fixed is not None else f" of {building_text(tile)}"
    return f"built a building{chosen} for {paid}" + ("" if scored == "nothing" else f", scoring {scored}")


def _went_hungry(event: Event) -> str:
    lost = dict(event.amounts)
    food = -lost.get("food", 0)
    gave = f", giving up {food} food," if food else ""
    return f"went hungry{gave} and lost {-lost.get('score', 0)} points"


#: What a player did, in words (after the player's name), by the event's type.
_DID: Mapping[EventType, Callable[[Event], str]] = {
    EventType.PLACED: _placed,
    EventType.TOOK_BACK: lambda e: f"took their people back from {_place(e)}",
    EventType.ROLLED: lambda e: f"rolled {_dice(e)} at {_place(e)}",
    EventType.GATHERED: lambda e: f"gathered {_goods(e, 1)}",
    EventType.HUNTED: lambda e: f"hunted {_goods(e, 1)}",
    EventType.USED_TOOLS: lambda e: "used tools",
    EventType.GAINED_PERSON: lambda e: "gained a person",
    EventType.GAINED_TOOL: lambda e: "gained a tool",
    EventType.RAISED_AGRICULTURE: lambda e: "raised agriculture a step",
    EventType.BOUGHT: lambda e: f"bought a card ({_card(e)}) for {_goods(e, -1)}",
    EventType.BUILT: _built,
    EventType.DREW_CARD: _drew,
    EventType.FOUND_PILE_EMPTY: lambda e: "found the draw pile empty",
    EventType.FED: lambda e: f"fed their people {_goods(e, -1)}",
    EventType.FED_WITH_RESOURCES: lambda e: f"fed their people with {_goods(e, -1)}",
    EventType.WENT_HUNGRY: _went_hungry,
    EventType.HARVESTED: lambda e: f"harvested {_goods(e, 1)}",
    EventType.SCORED: lambda e: f"scored {_goods(e, 1)}",
    EventType.SCORED_AT_THE_END: lambda e: f"scored {_goods(e, 1)} in final scoring",
    EventType.TOOK_DIE: lambda e: f"took a die for {_goods(e, 1)}",
    EventType.TOOK_ONE_TIME_TOOL: lambda e: f"took a one-time tool of {dict(e.amounts).get('one_time', 0)}",
    EventType.TOOK_FOOD: lambda e: f"took {_goods(e, 1)}",
    EventType.TOOK_RESOURCES: lambda e: f"took {_goods(e, 1)}",
    EventType.MAY_TAKE_TWO_RESOURCES: lambda e: "may take two resources of their choice",
    EventType.TOOK_TWO_RESOURCES: lambda e: (
        f"took {_goods(e, 1)}" + (" at the end" if e.what.endswith(" at the end") else "")
    ),
    EventType.ROLLED_FOR_EVERYONE: lambda e: (
        f"rolled {' '.join(map(str, e.dice))} for everyone to choose from"
    ),
}
#: What happened at the table, in words, by the event's type.
_HAPPENED: Mapping[EventType, str] = {
    EventType.ACTIONS_BEGAN: "Everyone has placed: actions begin",
    EventType.FEEDING_BEGAN: "Feeding begins",
    EventType.GAME_OVER: "The game is over",
}


def event_text(event: Event) -> str:
    """An event in one line in a player's words, with its rule ID: ``P0 bought a card (1 food ·
    2 farmers) for 2 wood (CIV-2)``; a card or tile by what it shows, never by its id; a card
    drawn that the viewer did not see, face down (INFO-2)."""
    return f"{_said(event)} ({event.rule})"


def _said(event: Event) -> str:
    kind = event_type(event.what)
    if kind is EventType.ROUND_BEGAN:
        starts = "" if event.player is None else f"; P{event.player} places first"
        return f"Round {event_number(event.what)} begins{starts}"
    if event.player is None:
        return _HAPPENED.get(kind, event.what) if kind is not None else event.what
    did = None if kind is None else _DID.get(kind)
    if did is None:  # an event without words of its own: its fields as they are
        return " ".join([f"P{event.player}", event.what, *([event.item] if event.item else [])]) + (
            f": {amounts_text(event.amounts)}" if event.amounts else ""
        )
    return f"P{event.player} {did(event)}"


#: The phases in a player's words (FLOW-5).
PHASES: Mapping[Phase, str] = {
    Phase.PLACE: "placing people",
    Phase.ACT: "actions",
    Phase.FEED: "feeding",
    Phase.OVER: "over",
}


def where_text(view: GameState) -> str:
    """Where the game stands: ``Round 3, placing people; draw pile: 26 cards``."""
    return f"Round {view.round}, {PHASES[view.phase]}; draw pile: {counted(len(view.pile), 'card')}"


def held_at(view: GameState, location: Location) -> str:
    """What lies at a card slot or on top of a building stack, in words (``1 food · 2 farmers;
    costs 1 resource``, ``2 wood and 1 clay: 10 points``); ``""`` elsewhere, or where nothing
    lies."""
    if location in SLOTS:
        slot = SLOTS.index(location)
        card = view.display[slot]
        return "" if card is None else f"{item_text(card)}; costs {counted(slot + 1, 'resource')}"
    stacks = dict(zip(BUILDINGS, view.stacks, strict=False))
    return item_text(stacks[location][0]) if stacks.get(location) else ""


def tools_text(view: GameState, seat: int) -> str:
    """A player's tools (TOOL-1, TOOL-2, TOOL-5): ``tools 2, 1 (used), 1; one-time tool 3``,
    ``no tools``."""
    player = view.players[seat]
    levels = [
        f"{level} (used)" if i < len(player.used) and player.used[i] else str(level)
        for i, level in enumerate(player.tools)
    ]
    said = f"tools {', '.join(levels)}" if levels else "no tools"
    one_time = ", ".join(map(str, player.one_time))
    return said + (
        f"; one-time {'tool' if len(player.one_time) == 1 else 'tools'} {one_time}" if one_time else ""
    )


def claims_text(claims: int) -> str:
    """CIV-12: the pairs of resources of choice a player bought and has not taken yet, in
    words: ``2 resources of your choice to take``, ``2 pairs of resources of your choice to
    take``; "" for none."""
    if not claims:
        return ""
    return (
        f"{CLAIM} resources of your choice to take"
        if claims == 1
        else f"{claims} pairs of resources of your choice to take"
    )


def player_lines(view: GameState, seat: int, name: str | None = None) -> list[str]:
    """A player's board in two lines, under ``name`` (default: the seat, ``P2``), with a pair
    of resources of choice not yet taken after the resources (CIV-12)."""
    p = view.players[seat]
    untaken = claims_text(p.claims)
    return [
        f"{name or f'P{seat}'}: {counted(p.score, 'point')}, {counted(p.people, 'person', 'people')} "
        f"({view.unplaced(seat)} at home), food {p.food}, agriculture {p.agriculture}",
        f"    resources: {resources_text(p.resources)}{f'; {untaken}' if untaken else ''}; {tools_text(view, seat)}; "
        f"{counted(len(p.buildings), 'building')}, {counted(len(p.all_cards), 'card')}",
    ]


def own_lines(view: GameState, seat: int) -> list[str]:
    """The seat's own board, as its turn shows it (``You: 3 points, ...``), and every
    player's total if the game ended now (SCORE-1 to SCORE-7; a card drawn face down that
    the seat does not see counts for nothing, INFO-2)."""
    totals = ", ".join(f"P{other} {sheet.total}" for other, sheet in enumerate(score(view)))
    return [*player_lines(view, seat, "You"), f"Score if the game ended now: {totals}"]


#: What the action at each location of the board does (ACT-3 to ACT-6), as a move says it.
_ACTIONS: Mapping[Location, str] = {
    Location.HUNTING: "Hunt at the hunting grounds (roll for food)",
    **{area: f"Gather at {PLACES[area]} (roll for {kind})" for area, kind in AREAS.items()},
    Location.TOOL_MAKER: "Take a tool at the tool maker",
    Location.HUT: "Take a new person at the hut",
    Location.FIELD: "Raise agriculture at the field",
}
#: What each face of a die chosen under CIV-8 gives.
_DIE_REWARDS = ("1 wood", "2 clay", "3 stone", "4 gold", "a tool", "a step of agriculture")


def _use_tools(view: GameState, move: UseTools) -> str:
    """TOOL-2, TOOL-5: the tools added to a roll, by their levels."""
    owned = view.players[move.player].tools
    added = [f"{owned[i]}" if i < len(owned) else "?" for i in move.tools]
    added += [f"one-time {value}" for value in move.one_time]
    return f"Add tools to the roll: {_listed(added)}" if added else "Add no tools to the roll"


def move_text(view: GameState, move: Move) -> str:
    """A legal move in a player's words, as a list of moves says it. A placement where the
    number of people may vary (the hunting grounds and the resource areas, SETUP-3) ends with
    its count (``Place people at the forest: 3``), so that placements differing only in it can
    be listed as one line; elsewhere it names its people (``Place a person at card slot 1``,
    ``Place 2 people at the hut``)."""
    if isinstance(move, Place):
        place = PLACES[move.location]
        if move.location is Location.HUNTING or move.location in AREAS:
            return f"Place people at {place}: {move.people}"
        people = "a person" if move.people == 1 else f"{move.people} people"
        return f"Place {people} at {place}"
    if isinstance(move, Act):
        if move.location in SLOTS:
            return (
                f"Buy the card at {PLACES[move.location]}, paying {resources_text(move.pay or Resources())}"
            )
        if move.location in BUILDINGS:
            return f"Build at {PLACES[move.location]}, paying {resources_text(move.pay or Resources())}"
        return _ACTIONS[move.location]
    if isinstance(move, TakeBack):
        instead = (
            "buying" if move.location in SLOTS else "building" if move.location in BUILDINGS else "acting"
        )
        return f"Take your people back from {PLACES[move.location]} without {instead}"
    if isinstance(move, UseTools):
        return _use_tools(view, move)
    if isinstance(move, ChooseDie):
        return f"Take the die showing {move.face}: {_DIE_REWARDS[move.face - 1]}"
    if isinstance(move, TakeResources):
        return f"Take {resources_text(move.take)} (the card's two resources of your choice)"
    if isinstance(move, Feed):
        return f"Feed your people, paying {resources_text(move.pay)} for the missing food"
    assert isinstance(move, GoHungry)
    return "Go hungry: lose all your food and 10 points"


def _cannot_pay(view: GameState, move: Place) -> str:
    """PLACE-8: a warning before a placement at a card or building the seat cannot pay for
    with the resources it holds (CIV-2, BUILD-2 to BUILD-4); "" elsewhere."""
    held = view.players[move.player].resources
    location = move.location
    stacks = dict(zip(BUILDINGS, view.stacks, strict=False))
    tile = components().building.get(stacks[location][0]) if stacks.get(location) else None
    if location in SLOTS:
        payable = held.total >= SLOTS.index(location) + 1
    elif tile is None:
        payable = True
    elif tile.fixed is not None:
        payable = held.covers(tile.fixed)
    else:
        payable = held.total >= tile.count[0] and (tile.kinds is None or held.kinds >= tile.kinds)
    return "" if payable else f"you cannot pay for it yet: you hold {resources_text(held)}"


def _hunger(view: GameState, option: Preview) -> str:
    """FEED-3 to FEED-5 (with CIV-12: an untaken pair of resources counts): a warning before the seat's last action of the round (no people of its
    own left on the board after it, nothing left to roll) after which it will lack food at
    feeding: how much, and whether its resources can cover it; "" otherwise."""
    move, seat = option.move, option.move.player
    if view.phase is not Phase.ACT or option.dice:
        return ""
    placed = sum(row[seat] for row in view.placed)
    if isinstance(move, Act | TakeBack):
        placed -= view.placed[move.location.row][seat]
    if placed:
        return ""
    player, changed = view.players[seat], dict(option.certain)
    food = player.food + changed.get("food", 0) + player.agriculture + changed.get("agriculture", 0)
    short = player.people + changed.get("people", 0) - food
    if short <= 0:
        return ""
    held = player.resources.total + sum(changed.get(kind.value, 0) for kind in KINDS)
    held += CLAIM * (player.claims + changed.get("claims", 0))  # an untaken pair covers too (CIV-12)
    if held >= short:
        return f"then at feeding you are {short} food short: pay {counted(short, 'resource')} or go hungry (−10 points)"
    return f"then at feeding you go hungry, {short} food short: you lose all your food and 10 points"


def _placed_does(location: Location) -> str:
    """What people placed at a place of the board will do in the actions (ACT-3 to ACT-6),
    whatever their number: ``gathers 1 wood per 3 rolled`` (a die a person), ``gives a tool``;
    "" at a card or building."""
    found = _YIELDS.get(location)
    if found is not None:
        return f"gathers 1 {found[0]} per {found[1]} rolled"
    return "" if location not in GIVES else f"gives {GIVES[location].split(' (')[0]}"


def option_text(view: GameState, option: Preview) -> str:
    """What a legal move does, as a list of moves says it: what lies where the move's people
    go (a card slot, a building stack), what the move does to the mover's board when it
    does anything certain, and a warning before a placement the seat cannot pay for or a
    last action after which it goes hungry (``1 food · 2 farmers; costs 1 resource``;
    ``1 wood and 2 clay: 11 points; +11 points, −1 wood, −2 clay``); for people placed
    elsewhere, what they will do in the actions (a placement changes nothing until then)."""
    move = option.move
    location = getattr(move, "location", None)
    held = (
        ""
        if location is None
        else held_at(view, location) or (_placed_does(location) if isinstance(move, Place) else "")
    )
    changed = "" if option.changes_nothing else str(option)
    warned = [
        _cannot_pay(view, option.move) if isinstance(option.move, Place) else "",
        _hunger(view, option),
    ]
    return "; ".join(part for part in (held, changed, *warned) if part)


def board_lines(view: GameState, seat: int) -> list[str]:
    """A seat's view in a few lines: the round, the cards on display and the stacks' tops in
    words, where people stand, and each player's board (the seat's own first)."""
    lines = [where_text(view)]
    lines += [f"{PLACES[slot]}: {held_at(view, slot)}" for slot in SLOTS if held_at(view, slot)]
    lines += [
        f"{PLACES[location]} ({len(stack)} left): {item_text(stack[0])}"
        for location, stack in zip(BUILDINGS, view.stacks, strict=False)
        if stack
    ]
    standing = [
        f"{PLACES[location]}: "
        + " and ".join(
            f"P{s} {counted(n, 'person', 'people')}" for s, n in enumerate(view.placed[location.row]) if n
        )
        for location in LOCATIONS
        if any(view.placed[location.row])
    ]
    if standing:
        lines.append("people placed: " + "; ".join(standing))
    for other in (seat, *(s for s in range(len(view.players)) if s != seat)):
        lines += player_lines(view, other)
    return lines


#: The lines of the score sheet as a player names them, in its order (SCORE-1 to SCORE-8).
SCORE_LINES: Mapping[str, str] = {
    "during_game": "during the game",
    "culture": "culture sets",
    "farmers": "farmers",
    "tool_makers": "tool makers",
    "hut_builders": "hut builders",
    "shamans": "shamans",
    "resources": "resources",
    "total": "total",
    "tie_break": "tie-break",
}


def score_sheet_text(state: GameState) -> str:
    """Every player's score sheet as a table, a column per player (SCORE-1 to SCORE-8)."""
    return sheets_table(score(state), SCORE_LINES)
