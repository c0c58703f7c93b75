"""Phase 2: resolving one's people, one location at a time (ACT-1 to ACT-7)."""

from __future__ import annotations

from collections.abc import Callable

from boardtable.build import maker
from boardtable.errors import IllegalMove

from .._config import MAX_PLAYERS
from .._goods import Resources
from .._model import AREAS, BUILDINGS, LOCATIONS, MAX_PEOPLE, SLOTS, GameState, Location
from .._moves import Act, TakeBack
from .._table import Table
from .buildings import build, check_build, payable
from .cards import buy, card_payments, check_buy, raise_agriculture
from .gathering import start_roll
from .tools import gain_tool


def _no_people(state: GameState, seat: int, location: Location) -> IllegalMove | None:
    if not state.people_at(location, seat):
        return IllegalMove("ACT-1", f"you have no people at {location}")
    return None


def check_act(state: GameState, move: Act) -> IllegalMove | None:
    """ACT-1: the player has people there; ACT-7: a building or card is paid for, nothing else."""
    refusal = _no_people(state, move.player, move.location)
    if refusal is not None:
        return refusal
    if move.location in BUILDINGS:
        return check_build(state, move.player, move.location, move.pay)
    if move.location in SLOTS:
        return check_buy(state, move.player, move.location, move.pay)
    if move.pay is not None:
        return IllegalMove("ACT-7", f"only a building or a card is paid for, not {move.location}")
    return None


def check_take_back(state: GameState, move: TakeBack) -> IllegalMove | None:
    """ACT-2: the player has people there to take back."""
    return _no_people(state, move.player, move.location)


#: Every taking back and every action without a payment there can be, made once:
#: ``_TAKE_BACKS[seat][location.row]`` and ``_ACTS[seat][location.row]``.
_TAKE_BACKS = tuple(tuple(TakeBack(seat, location) for location in LOCATIONS) for seat in range(MAX_PLAYERS))
_ACTS = tuple(tuple(Act(seat, location) for location in LOCATIONS) for seat in range(MAX_PLAYERS))
#: Each location, in the order of :class:`Location`, and whether an action there is paid
#: for: a building (BUILD-1) or a card (CIV-2).
_PAID = tuple((location, location in BUILDINGS, location in SLOTS) for location in LOCATIONS)
#: An action with its payment, from values of the right types (unchecked).
_paid: Callable[[int, Location, Resources | None], Act] = maker(Act)


def action_choices(state: GameState, seat: int) -> tuple[Act | TakeBack, ...]:
    """Every legal move of ``seat`` in actions: for each location with their people, taking
    them back (ACT-2), and the action (ACT-1) with every payment they can make (BUILD-1, CIV-2)."""
    moves: list[Act | TakeBack] = []
    take_backs, acts = _TAKE_BACKS[seat], _ACTS[seat]
    for row, (location, building, slot) in enumerate(_PAID):
        if not state.placed[row][seat]:
            continue
        moves.append(take_backs[row])
        if building:
            moves += [_paid(seat, location, pay) for pay in payable(state, seat, location)]
        elif slot:
            moves += [_paid(seat, location, pay) for pay in card_payments(state, seat, location)]
        else:
            moves.append(acts[row])
    return tuple(moves)


def _return_people(table: Table, seat: int, location: Location) -> int:
    """ACT-1: the people at ``location`` go back to their owner's board; how many they were."""
    state = table.state
    placed = list(state.placed)
    row = list(placed[location.row])
    people, row[seat] = row[seat], 0
    placed[location.row] = tuple(row)
    table.update(placed=tuple(placed))
    return people


def take_back(table: Table, move: TakeBack) -> None:
    """ACT-2, BUILD-5, CIV-2: the people return without the action."""
    _return_people(table, move.player, move.location)
    if table.recording:
        table.note("ACT-2", "took people back", move.player, item=move.location.value)


#: The locations :func:`act` tells apart, as module constants (see :data:`~stone_age_rules._model.PLACING`).
_HUNTING, _TOOL_MAKER, _HUT, _FIELD = Location.HUNTING, Location.TOOL_MAKER, Location.HUT, Location.FIELD


def act(table: Table, move: Act) -> None:
    """ACT-3 to ACT-7: the location's action."""
    seat, location = move.player, move.location
    people = _return_people(table, seat, location)
    if location is _HUNTING:
        start_roll(table, seat, location, None, people)
    elif location in AREAS:
        start_roll(table, seat, location, AREAS[location], people)
    elif location is _TOOL_MAKER:
        gain_tool(table, seat, "ACT-6")
    elif location is _HUT:
        player = table.player(seat)
        table.change(seat, "ACT-5", "gained a person", people=min(player.people + 1, MAX_PEOPLE))
    elif location is _FIELD:
        raise_agriculture(table, seat, "ACT-4")
    else:
        assert move.pay is not None
        (build if location in BUILDINGS else buy)(table, seat, location, move.pay)
