"""Phase 1: placing people (PLACE-1 to PLACE-8)."""

from __future__ import annotations

from boardtable.errors import IllegalMove

from .._config import MAX_PLAYERS
from .._model import AREAS, BUILDINGS, LOCATIONS, MAX_PEOPLE, SLOTS, VILLAGE, GameState, Location
from .._moves import Place
from .._table import Table

#: SETUP-3: how many people each location holds in a round (None: unlimited).
ROOM: dict[Location, int | None] = {
    Location.HUNTING: None,
    **dict.fromkeys(AREAS, 7),
    Location.TOOL_MAKER: 1,
    Location.HUT: 2,
    Location.FIELD: 1,
    **dict.fromkeys(BUILDINGS + SLOTS, 1),
}


#: The hunting grounds' row.
HUNTING = Location.HUNTING.row
#: The building stack of each building location and the card slot of each slot location.
_STACKS = {location: stack for stack, location in enumerate(BUILDINGS)}
_SLOTS = {location: slot for slot, location in enumerate(SLOTS)}


def location_open(state: GameState, location: Location) -> bool:
    """PLACE-7: a building location while its stack (in play) has a tile; a slot while it holds a card."""
    stack = _STACKS.get(location)
    if stack is not None:
        return stack < len(state.stacks) and bool(state.stacks[stack])
    slot = _SLOTS.get(location)
    return slot is None or state.display[slot] is not None


def _occupied(state: GameState, location: Location) -> bool:
    return any(state.placed[location.row])


#: The refusals that concern every placement at a location, by rule.
_REFUSALS = {
    "PLACE-7": "there is nothing to take at {location}",
    "PLACE-3": "you already placed people at {location} this round",
    "PLACE-5": "with {players} players only two of the village's places are used a round",
    "PLACE-6": "with {players} players {location} takes people of at most {others} player(s)",
}


def _closed(state: GameState, seat: int, location: Location) -> str | None:
    """PLACE-7 and PLACE-3: the rule that refuses every placement of ``seat`` at ``location``."""
    if not location_open(state, location):
        return "PLACE-7"
    if state.placed[location.row][seat]:
        return "PLACE-3"
    return None


def crowded(state: GameState, location: Location) -> str | None:
    """PLACE-5 and PLACE-6: the rule that refuses every placement at ``location`` with fewer
    than 4 players."""
    players = state.config.players
    if players >= 4:
        return None
    if location in VILLAGE and sum(_occupied(state, v) for v in VILLAGE) >= 2:
        return "PLACE-5"
    if location in AREAS and sum(1 for n in state.placed[location.row] if n) >= players - 1:
        return "PLACE-6"
    return None


def _refusal(state: GameState, location: Location, rule: str | None) -> IllegalMove | None:
    """The refusal by ``rule`` (one of :data:`_REFUSALS`) of a placement at ``location``, if any."""
    if rule is None:
        return None
    players = state.config.players
    return IllegalMove(rule, _REFUSALS[rule].format(location=location, players=players, others=players - 1))


def _room(state: GameState, location: Location, unplaced: int) -> int:
    """PLACE-4: how many more people ``location`` takes this round (at most ``unplaced``)."""
    room = ROOM[location]
    return unplaced if room is None else min(unplaced, room - sum(state.placed[location.row]))


def check_place(state: GameState, move: Place) -> IllegalMove | None:
    """Whether ``move`` is a legal placement for its player (PLACE-1, PLACE-3 to PLACE-7)."""
    seat, location, people = move.player, move.location, move.people
    refusal = _refusal(state, location, _closed(state, seat, location))
    if refusal is not None:
        return refusal
    unplaced = state.unplaced(seat)
    if not 1 <= people <= unplaced:
        return IllegalMove("PLACE-1", f"place 1 to {unplaced} of your unplaced people, not {people}")
    if location is Location.HUT and (people != 2 or _occupied(state, location)):
        return IllegalMove("PLACE-4", "the hut takes exactly 2 people of one player")
    left = _room(state, location, people)
    if people > left:
        return IllegalMove("PLACE-4", f"{location} has room for {left} more")
    return _refusal(state, location, crowded(state, location))


#: Every placement there can be, made once: ``_PLACES[seat][location.row][people]``; and
#: those of 1 to ``most`` people at a location: ``_UP_TO[seat][location.row][most]``.
_PLACES: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
    tuple(tuple(Place(seat, location, people) for people in range(MAX_PEOPLE + 1)) for location in LOCATIONS)
    for seat in range(MAX_PLAYERS)
)
_UP_TO = tuple(
    tuple(tuple(places[1 : most + 1] for most in range(MAX_PEOPLE + 1)) for places in rows)
    for rows in _PLACES
)


#: The resource areas' rows and rooms (SETUP-3); the village's rows and rooms, each taken
#: whole by one player (PLACE-4, PLACE-5); the rows of the buildings (stack 1 to 4) and of the
#: card slots (1 to 4), each taking one person (SETUP-3).
_AREAS = tuple((location.row, ROOM[location] or 0) for location in AREAS)
_VILLAGE = tuple((location.row, ROOM[location] or 0) for location in VILLAGE)
_BUILDINGS = tuple(location.row for location in BUILDINGS)
_SLOT_ROWS = tuple(location.row for location in SLOTS)


#: The placements last found: the position, the seat and their placements, given again when
#: the same position (a position never changes) is asked about for the same seat, as
#: ``legal_moves`` does after the automatic steps passed the turn (:func:`pass_turn`).
_kept: tuple[GameState | None, int, tuple[Place, ...]] = (None, 0, ())


def placements(state: GameState, seat: int) -> tuple[Place, ...]:
    """Every legal placement of ``seat``'s unplaced people, location by location (in the order
    of :class:`Location`), fewest people first: exactly the moves :func:`check_place` allows
    (PLACE-1, PLACE-3 to PLACE-7)."""
    global _kept
    kept = _kept
    if kept[0] is state and kept[1] == seat:
        return kept[2]
    found = _placements(state, seat)
    _kept = (state, seat, found)
    return found


def _placements(state: GameState, seat: int) -> tuple[Place, ...]:
    """:func:`placements`, worked out kind of location by kind of location."""
    placed = state.placed
    unplaced = state.unplaced(seat)
    if unplaced <= 0:
        return ()  # PLACE-2
    places, up_to = _PLACES[seat], _UP_TO[seat]
    found: list[Place] = []
    if not placed[HUNTING][seat]:  # PLACE-3; hunting is never closed nor full (SETUP-3)
        found += up_to[HUNTING][unplaced]
    few = state.config.players < 4  # PLACE-5, PLACE-6
    for row, room in _AREAS:
        here = placed[row]
        # PLACE-3; PLACE-6: people of all players but one there, i.e. at most one 0 in the row
        if here[seat] or (few and here.count(0) <= 1):
            continue
        found += up_to[row][min(room - sum(here), unplaced)]
    free = [(row, room) for row, room in _VILLAGE if not any(placed[row])]
    if not few or len(free) >= 2:  # PLACE-5: two of the village's three places are used a round
        found += [places[row][room] for row, room in free if room <= unplaced]
    # PLACE-7: a stack in play (one per player, SETUP-5) with a tile; a slot with a card
    for row, stack in zip(_BUILDINGS, state.stacks, strict=False):
        if stack and not any(placed[row]):
            found.append(places[row][1])
    for row, card in zip(_SLOT_ROWS, state.display, strict=True):
        if card is not None and not any(placed[row]):
            found.append(places[row][1])
    return tuple(found)


def can_place(state: GameState, seat: int) -> bool:
    """PLACE-1, PLACE-2: whether ``seat`` has unplaced people and a legal placement for them.

    PLACE-8: a placement that would give nothing is still legal, so only room decides.
    """
    return bool(placements(state, seat))


def pass_turn(table: Table) -> bool:
    """PLACE-1, PLACE-2: the turn goes to the first player clockwise, from the one in turn,
    who can place; False if nobody can. Their placements are kept for the position that
    results (the turn is not among what they depend on)."""
    global _kept
    state = table.state
    players, turn = state.config.players, state.turn
    for k in range(players):
        seat = (turn + k) % players
        if can_place(state, seat):
            if k:
                table.update(turn=seat)
                _kept = (table.state, seat, placements(state, seat))
            return True
    return False


def place(table: Table, move: Place) -> None:
    """PLACE-1: the people stand at the location; the turn passes clockwise."""
    state = table.state
    placed = list(state.placed)
    row = list(placed[move.location.row])
    row[move.player] += move.people
    placed[move.location.row] = tuple(row)
    table.update(placed=tuple(placed), turn=(move.player + 1) % state.config.players)
    if table.recording:
        table.note("PLACE-1", f"placed {move.people}", move.player, item=move.location.value)
