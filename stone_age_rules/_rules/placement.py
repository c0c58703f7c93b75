"""Phase 1: placing people (PLACE-1 to PLACE-8)."""

from __future__ import annotations

from hadara_rules._errors import IllegalMove

from .._model import AREAS, BUILDINGS, SLOTS, VILLAGE, GameState, Location
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


def location_open(state: GameState, location: Location) -> bool:
    """PLACE-7: a building location while its stack (in play) has a tile; a slot while it holds a card."""
    if location in BUILDINGS:
        stack = BUILDINGS.index(location)
        return stack < len(state.stacks) and bool(state.stacks[stack])
    if location in SLOTS:
        return state.display[SLOTS.index(location)] is not None
    return True


def _occupied(state: GameState, location: Location) -> bool:
    return any(state.placed[location.row])


def check_place(state: GameState, move: Place) -> IllegalMove | None:
    """Whether ``move`` is a legal placement for its player (PLACE-1, PLACE-3 to PLACE-7)."""
    seat, location, people = move.player, move.location, move.people
    if not location_open(state, location):
        return IllegalMove("PLACE-7", f"there is nothing to take at {location}")
    if state.people_at(location, seat):
        return IllegalMove("PLACE-3", f"you already placed people at {location} this round")
    unplaced = state.unplaced(seat)
    if not 1 <= people <= unplaced:
        return IllegalMove("PLACE-1", f"place 1 to {unplaced} of your unplaced people, not {people}")
    if location is Location.HUT and (people != 2 or _occupied(state, location)):
        return IllegalMove("PLACE-4", "the hut takes exactly 2 people of one player")
    room = ROOM[location]
    if room is not None and people > room - sum(state.placed[location.row]):
        return IllegalMove(
            "PLACE-4", f"{location} has room for {room - sum(state.placed[location.row])} more"
        )
    players = state.config.players
    if players < 4 and location in VILLAGE and sum(_occupied(state, v) for v in VILLAGE) >= 2:
        return IllegalMove(
            "PLACE-5", f"with {players} players only two of the village's places are used a round"
        )
    if players < 4 and location in AREAS and sum(1 for n in state.placed[location.row] if n) >= players - 1:
        return IllegalMove(
            "PLACE-6", f"with {players} players {location} takes people of at most {players - 1} player(s)"
        )
    return None


def placements(state: GameState, seat: int) -> tuple[Place, ...]:
    """Every placement of ``seat``'s unplaced people, legal or not (the engine filters them)."""
    return tuple(
        Place(seat, location, people)
        for location in Location
        for people in range(1, state.unplaced(seat) + 1)
    )


def can_place(state: GameState, seat: int) -> bool:
    """PLACE-1, PLACE-2: whether ``seat`` has unplaced people and a legal placement for them.

    PLACE-8: a placement that would give nothing is still legal, so only room decides.
    """
    return any(
        check_place(state, Place(seat, location, 2 if location is Location.HUT else 1)) is None
        for location in Location
    )


def place(table: Table, move: Place) -> None:
    """PLACE-1: the people stand at the location; the turn passes clockwise."""
    state = table.state
    placed = list(state.placed)
    row = list(placed[move.location.row])
    row[move.player] += move.people
    placed[move.location.row] = tuple(row)
    table.update(placed=tuple(placed), turn=(move.player + 1) % state.config.players)
    table.note("PLACE-1", f"placed {move.people}", move.player, item=move.location.value)
