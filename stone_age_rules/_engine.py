"""The public entry points: legal moves, checking and applying a move (FLOW-1 to FLOW-3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardtable.errors import IllegalMove

from ._events import Event
from ._model import PLACING, GameState, Phase
from ._moves import Act, ChooseDie, Feed, GoHungry, Move, Place, TakeBack, TakeResources, UseTools
from ._rules.actions import act, action_choices, check_act, check_take_back, take_back
from ._rules.cards import check_choose, check_claim, choose_die, claim_choices, die_choices, take_resources
from ._rules.feeding import check_feed, feed_choices, feed_with_resources, go_hungry
from ._rules.gathering import add_tools
from ._rules.placement import check_place, place, placements
from ._rules.rounds import IMMEDIATE, next_turn, settle
from ._rules.tools import check_tools, tool_choices
from ._table import Table

_MOVES = (Place, Act, TakeBack, UseTools, ChooseDie, TakeResources, Feed, GoHungry)

_WHAT = {
    Place: "placing people",
    Act: "resolving a location",
    TakeBack: "resolving a location",
    UseTools: "adding tools to the roll",
    ChooseDie: "choosing a die",
    Feed: "feeding",
    GoHungry: "feeding",
}


def _expected(state: GameState) -> tuple[type[Any], ...]:
    """FLOW-2: the kinds of move the current step takes."""
    if state.roll is not None:
        return (UseTools,)
    if state.choice is not None:
        return (ChooseDie,)
    if state.short is not None:
        return (Feed, GoHungry)
    if state.phase is Phase.PLACE:
        return (Place,)
    return (Act, TakeBack)


_CHECKS: dict[type[Any], Callable[[GameState, Any], IllegalMove | None]] = {
    Place: check_place,
    Act: check_act,
    TakeBack: check_take_back,
    UseTools: check_tools,
    ChooseDie: check_choose,
    TakeResources: check_claim,
    Feed: check_feed,
    GoHungry: lambda _state, _move: None,
}


def check_move(state: GameState, move: Move) -> IllegalMove | None:
    """The refusal of ``move`` in ``state`` (an :class:`IllegalMove` naming the rule), or None if legal."""
    if type(move) not in _MOVES:
        return IllegalMove("FLOW-2", f"not a Stone Age move: {type(move).__name__}")
    if state.is_over:
        return IllegalMove("FLOW-3", "the game is over")
    if move.player not in state.to_act:
        return IllegalMove("FLOW-1", f"player {move.player} is not to act; waiting for {state.to_act[0]}")
    if isinstance(move, TakeResources):
        return check_claim(state, move)
    if state.config.any_two_resources is IMMEDIATE and state.players[move.player].claims:
        return IllegalMove("CIV-12", "first choose the two resources of the card just bought")
    expected = _expected(state)
    if type(move) not in expected:
        return IllegalMove("FLOW-2", f"now is the time for {_WHAT[expected[0]]}")
    return _CHECKS[type(move)](state, move)


def _choices(state: GameState, seat: int) -> tuple[Move, ...]:
    """Every legal move of ``seat``, who is to act, other than CIV-12's claims: the moves of
    the current step (FLOW-2), each made legal by the rule that offers it, so not checked again."""
    if state.config.any_two_resources is IMMEDIATE and state.players[seat].claims:
        return ()  # CIV-12: the claim comes first
    if state.roll is not None:
        return tool_choices(state, seat)
    if state.choice is not None:
        return die_choices(state, seat)
    if state.short is not None:
        return feed_choices(state, seat)
    if state.phase is PLACING:
        return placements(state, seat)
    return action_choices(state, seat)


def legal_moves(state: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of the players to act (or of ``player`` alone), in a stable order:
    exactly the moves :func:`check_move` allows."""
    found: tuple[Move, ...] = ()
    for seat in state.to_act:
        if player is None or seat == player:
            found += claim_choices(state, seat) + _choices(state, seat)
    return found


def _fed(table: Table, move: Feed | GoHungry) -> None:
    """FEED-4, FEED-5: the shortfall is covered or not; the next player is fed (FEED-1)."""
    if isinstance(move, Feed):
        feed_with_resources(table, move)
    else:
        go_hungry(table, move.player)
    table.update(short=None)
    next_turn(table, None)


def _claimed(table: Table, move: TakeResources) -> None:
    take_resources(table, move.player, move.take)


#: What each kind of move does.
_STEPS: dict[type[Any], Callable[[Table, Any], None]] = {
    Place: place,
    Act: act,
    TakeBack: take_back,
    UseTools: add_tools,
    ChooseDie: choose_die,
    TakeResources: _claimed,
    Feed: _fed,
    GoHungry: _fed,
}


def _played(state: GameState, move: Move, check: bool, recording: bool) -> Table:
    """The move applied, with every automatic step that follows it (checked first if ``check``)."""
    if check:
        refusal = check_move(state, move)
        if refusal is not None:
            raise refusal
    table = Table(state, recording, state.ply + 1)
    _STEPS[type(move)](table, move)
    settle(table)
    if table.ply is not None:  # a move that replaced nothing still counts
        table.update()
    return table


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The position after ``move`` and what happened, in order; raises :class:`IllegalMove`
    (leaving ``state`` untouched) if the move is refused."""
    table = _played(state, move, True, True)
    assert table.events is not None
    return table.state, tuple(table.events)


def apply_move(state: GameState, move: Move, check: bool = True) -> GameState:
    """The position after ``move``; raises :class:`IllegalMove` (leaving ``state`` untouched)
    if ``check`` is true and the move is refused. ``check=False`` is the fast path for moves
    taken from :func:`legal_moves`: a move they do not offer then gives no meaningful position."""
    return _played(state, move, check, False).state
