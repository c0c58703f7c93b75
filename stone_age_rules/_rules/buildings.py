"""Building tiles (BUILD-1 to BUILD-5)."""

from __future__ import annotations

from boardtable.errors import IllegalMove

from .._components import components
from .._goods import Resources, bundles
from .._model import BUILDINGS, GameState, Location
from .._table import Table


def tile_at(state: GameState, location: Location) -> str:
    """The top tile of the stack at ``location`` (PLACE-7 makes sure there is one)."""
    return state.stacks[BUILDINGS.index(location)][0]


def check_build(state: GameState, seat: int, location: Location, pay: Resources | None) -> IllegalMove | None:
    """BUILD-1: the player pays resources they have; BUILD-2 to BUILD-4: what the tile asks."""
    tile = components().building[tile_at(state, location)]
    if pay is None:
        return IllegalMove("BUILD-1", "say which resources you pay, or take your person back (BUILD-5)")
    if not state.players[seat].resources.covers(pay):
        return IllegalMove("BUILD-1", f"you do not have {pay}")
    if tile.accepts(pay):
        return None
    if tile.fixed is not None:
        return IllegalMove("BUILD-2", f"{tile.id} costs exactly {tile.fixed}")
    low, high = tile.count
    if tile.kinds is not None:
        return IllegalMove("BUILD-3", f"{tile.id} costs {low} resources of exactly {tile.kinds} kind(s)")
    return IllegalMove("BUILD-4", f"{tile.id} costs {low} to {high} resources of any kinds")


def payments(state: GameState, seat: int, location: Location) -> tuple[Resources, ...]:
    """The payments to try for the tile at ``location``: its fixed cost, or every bundle of a size it takes."""
    tile = components().building[tile_at(state, location)]
    if tile.fixed is not None:
        return (tile.fixed,)
    low, high = tile.count
    have = state.players[seat].resources
    return tuple(pay for size in range(low, high + 1) for pay in bundles(size, have))


def payable(state: GameState, seat: int, location: Location) -> tuple[Resources, ...]:
    """Every payment ``seat`` can make for the tile at ``location`` (BUILD-1 to BUILD-4): the
    payments to try (:func:`payments`) that they have and that the tile takes."""
    tile = components().building[tile_at(state, location)]
    if tile.fixed is not None:
        return (tile.fixed,) if state.players[seat].resources.covers(tile.fixed) else ()
    kinds = tile.kinds
    return tuple(pay for pay in payments(state, seat, location) if kinds is None or pay.kinds == kinds)


def build(table: Table, seat: int, location: Location, pay: Resources) -> None:
    """BUILD-1: pay, score the values paid (BUILD-2 to BUILD-4) at once and keep the tile;
    the stack's next tile is turned face up."""
    state = table.state
    stack = BUILDINGS.index(location)
    tile = state.stacks[stack][0]
    stacks = list(state.stacks)
    stacks[stack] = stacks[stack][1:]
    table.update(stacks=tuple(stacks))
    player = table.player(seat)
    table.change(
        seat,
        "BUILD-1",
        "built",
        item=tile,
        resources=player.resources - pay,
        score=player.score + pay.value,
        buildings=(*player.buildings, tile),
    )
