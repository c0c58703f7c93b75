"""The public entry points: legal moves, checking and applying a move (FLOW-1 to FLOW-3)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any

from boardtable.errors import IllegalMove
from boardtable.reader import shown

from . import _moves
from ._events import Event
from ._goods import Goods
from ._model import Choice, FollowUp, GameState, Phase
from ._moves import ANSWERED, Move, unanswered
from ._rules import actions
from ._rules.activate import activate_moves, follow_moves
from ._rules.agenda import check_decision, decision_moves, resolve, run
from ._rules.ahead import NO_PRESET, act, advance_refusal, answered, answered_spends, preset_of
from ._rules.flow import advance, next_turn, pick, settle
from ._rules.refusals import why
from ._table import Table, controlled

__all__ = ["apply_move", "apply_move_with_events", "check_move", "legal_moves"]

_DECISIONS = (_moves.Draw, _moves.Choose, _moves.Keep, _moves.Repeat, _moves.Convert, _moves.Discard)


#: Moves made once and reused (moves are immutable values).
_pass, _done, _pick = functools.cache(_moves.Pass), functools.cache(_moves.Done), functools.cache(_moves.Pick)


def _action_moves(state: GameState, seat: int, held: tuple[str, ...] | None = None) -> list[actions.Run]:
    """ACT-2, ACT-7, ACT-8: pass and the free steps, then every action but spending workers
    (ACT-3: any kind, any number of times a round; the spends follow, :func:`answered_spends`),
    in runs (:data:`~._rules.actions.Run`); ``held``: the locations ``seat`` controls, where
    known (FAC-EGY-3)."""
    if held is None:
        held = controlled(state, seat)
    hand = tuple(dict.fromkeys(state.players[seat].hand))
    runs: list[actions.Run] = [[_pass(seat), *actions.free_moves(state, seat)]]
    runs += actions.build_moves(state, seat, hand, held=held)
    runs += actions.deal_moves(state, seat)
    runs += actions.raze_moves(state, seat)
    runs += activate_moves(state, seat, held=held)
    return runs


def legal_moves(state: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of the player to act (or none if ``player`` is another), in a stable
    order: exactly the moves :func:`check_move` allows."""
    if state.is_over or (player is not None and player not in state.to_act):
        return ()
    if state.agenda:
        step = state.agenda[0]
        if isinstance(step, FollowUp):
            return tuple(answered(state, follow_moves(Table(state), step)))
        return decision_moves(Table(state))
    if state.phase is Phase.LOOKOUT:
        seat = state.order[0]
        return tuple(_pick(seat, card) for card in dict.fromkeys(state.offer))
    if state.acted:
        return (_done(state.turn), *actions.free_moves(state, state.turn))
    seat = state.turn
    held = controlled(state, seat)  # FAC-EGY-3: read once for the whole listing
    return (*answered(state, _action_moves(state, seat, held), held), *answered_spends(state, seat))


#: What each kind of action checks first, with the rule that refuses it.
_ACTION_RULES: dict[type[Any], str] = {
    _moves.Build: "BUILD-1",
    _moves.MakeDeal: "DEAL-1",
    _moves.RazeCard: "RAZE-2",
    _moves.Raze: "RAZE-3",
    _moves.Activate: "ACTLOC-1",
    _moves.Spend: "WORK-1",
    _moves.Defend: "DEF-2",
    _moves.Samurai: "FAC-JAP-3",
    _moves.Tuck: "CARD-26",
}


def _refusal(state: GameState, move: Move) -> IllegalMove:
    """Why an action-phase move that is not legal is refused, naming the rule it breaks."""
    return why(state, move) or IllegalMove(_ACTION_RULES.get(type(move), "ACT-2"), "not a legal move now")


#: The rule of each follow-up (CARD-7 for Settlers and Negotiator).
_FOLLOW_RULE = {"reactivate": "CARD-11", "again": "ACTLOC-3"}


def check_move(state: GameState, move: Move) -> IllegalMove | None:
    """The refusal of ``move`` in ``state`` (an :class:`IllegalMove` naming the rule), or None:
    FLOW-1 (only the player to act), FLOW-2 (only a move of the current phase or decision),
    FLOW-3 (none after final scoring), then the rules of the move's kind."""
    if not isinstance(move, Move):
        return IllegalMove("FLOW-2", f"not an Imperial Settlers move: {type(move).__name__}")
    if state.is_over:
        return IllegalMove("FLOW-3", "the game is over")
    if move.player not in state.to_act:
        return IllegalMove(
            "FLOW-1", f"player {shown(move.player)} is not to act; waiting for {state.to_act[0]}"
        )
    if state.agenda:
        step = state.agenda[0]
        if isinstance(step, FollowUp):
            followed = list(chain.from_iterable(follow_moves(Table(state), step)))
            if isinstance(move, ANSWERED) and unanswered(move) in followed:
                return advance_refusal(state, move)
            if move in followed:
                return None
            return IllegalMove(_FOLLOW_RULE.get(step.do, "CARD-7"), "not a way to follow up the action")
        return check_decision(Table(state), move)
    if state.phase is Phase.LOOKOUT:
        if not isinstance(move, _moves.Pick):
            return IllegalMove("FLOW-2", "now is the time for picking a revealed card")
        if move.card not in state.offer:
            return IllegalMove("LOOK-4", "pick one of the revealed cards")
        return None
    if isinstance(move, (*_DECISIONS, _moves.Skip, _moves.Pick)):
        return IllegalMove("FLOW-2", "nothing waits to be decided; take an action or pass")
    if state.acted:
        if isinstance(move, _moves.Done):
            return None
        if not isinstance(move, (_moves.Defend, _moves.Samurai, _moves.Tuck)):
            return IllegalMove(
                "ACT-1", "one action a turn: this turn's action is taken (free steps remain, ACT-8)"
            )
    elif isinstance(move, _moves.Done):
        return IllegalMove("ACT-8", "take an action or pass first")
    if isinstance(move, _moves.Pass):
        return None
    if isinstance(move, ANSWERED):
        base = unanswered(move)
        if isinstance(move, _moves.Spend):  # checked directly: its list grows with the workers
            refusal = why(state, base)
        else:
            refusal = None if base in _candidates(state, base) else _refusal(state, base)
        return refusal or advance_refusal(state, move)
    if move in _candidates(state, move):
        return None
    return _refusal(state, move)


def _candidates(state: GameState, move: Move) -> Iterable[Move]:
    """The legal moves of ``move``'s kind (and card or location, where it names one)."""
    seat = move.player
    if isinstance(move, _moves.Build):
        if move.card not in state.players[seat].hand:
            return ()
        runs = actions.build_moves(state, seat, (move.card,))
    elif isinstance(move, _moves.MakeDeal):
        runs = actions.deal_moves(state, seat)
    elif isinstance(move, (_moves.Raze, _moves.RazeCard)):
        runs = actions.raze_moves(state, seat)
    elif isinstance(move, _moves.Activate):
        runs = activate_moves(state, seat, move.location)
    else:
        return actions.free_moves(state, seat)
    return chain.from_iterable(runs)


_FREE_STEPS: dict[type[Any], Callable[[Table, Any], None]] = {
    _moves.Defend: actions.defend,
    _moves.Samurai: actions.samurai,
    _moves.Tuck: actions.tuck,
}


#: How each move is told as an event: its rule, its words and the field naming its card.
_TOLD: dict[type[Any], tuple[str, str, str | None]] = {
    _moves.Pick: ("LOOK-2", "picks", "card"),
    _moves.Choose: ("CARD-14", "chooses", None),
    _moves.Keep: ("CARD-23", "keeps", "card"),
    _moves.Repeat: ("CARD-8", "produces once more with", "location"),
    _moves.Convert: ("CARD-27", "gives back for VP", None),
    _moves.Discard: ("CARD-25", "discards", "card"),
    _moves.Skip: ("CARD-7", "does not follow up", None),
    _moves.Build: ("BUILD-1", "builds", "card"),
    _moves.MakeDeal: ("DEAL-3", "makes a deal with", "card"),
    _moves.RazeCard: ("RAZE-2", "razes from the hand", "card"),
    _moves.Raze: ("RAZE-3", "razes", "location"),
    _moves.Activate: ("ACTLOC-1", "activates", "location"),
    _moves.Spend: ("WORK-1", "spends workers for", None),
    _moves.Pass: ("ACT-4", "passes", None),
    _moves.Done: ("ACT-8", "ends the turn", None),
    _moves.Defend: ("DEF-2", "puts a defense token on", "location"),
    _moves.Samurai: ("FAC-JAP-3", "puts a samurai on", "location"),
    _moves.Tuck: ("CARD-26", "puts under or on", "location"),
}


def _told(state: GameState, move: Move) -> tuple[Goods | None, str | None, int | None]:
    """What the event of ``move`` names beside its card, in a player's words: the goods of the
    option chosen (CARD-14), given back (CARD-27) or taken for workers (WORK-1); the item put
    under or on a location (CARD-26); the opponent whose location is razed (RAZE-3)."""
    if isinstance(move, _moves.Choose):
        step = state.agenda[0]
        assert isinstance(step, Choice)
        return step.options[move.option], None, None
    if isinstance(move, _moves.Convert):
        return Goods.of(Counter(move.give)), None, None
    if isinstance(move, _moves.Spend):
        return Goods.of(dict(zip(("wood", "stone", "food", "card"), move.take, strict=True))), None, None
    if isinstance(move, _moves.Tuck):
        return None, move.item, None
    return None, None, move.opponent if isinstance(move, _moves.Raze) else None


#: The moves that may decide in advance what their effects ask (ENG-9).
_ANSWERING = frozenset(ANSWERED)


def _played(state: GameState, move: Move, recording: bool = False) -> Table:
    table = Table(state, recording)
    if recording and type(move) in _TOLD:
        rule, words, field = _TOLD[type(move)]
        table.note(
            rule, words, move.player, None if field is None else getattr(move, field), *_told(state, move)
        )
    if state.agenda and not isinstance(state.agenda[0], FollowUp):
        resolve(table, move)
        if state.phase is Phase.PRODUCTION:
            settle(table)
        else:
            advance(table)
    elif isinstance(move, _moves.Pick):
        pick(table, move)
    elif type(move) in _FREE_STEPS:
        _FREE_STEPS[type(move)](table, move)
        run(table)
        if state.acted:  # ACT-8: the turn ends once no free step is left
            advance(table)
    elif isinstance(move, _moves.Done):
        next_turn(table)
    else:
        if type(move) in _ANSWERING:
            preset = preset_of(move)
            if preset is not NO_PRESET:
                table.put("preset", preset)
        act(table, move)
        advance(table)
    table.put("ply", state.ply + 1)
    return table


def apply_move(state: GameState, move: Move, check: bool = True) -> GameState:
    """The position after ``move``; raises :class:`IllegalMove` (leaving ``state`` untouched)
    if ``check`` is true and the move is refused. ``check=False`` is the fast path for moves
    taken from :func:`legal_moves`."""
    if check:
        refusal = check_move(state, move)
        if refusal is not None:
            raise refusal
    return _played(state, move).state


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The position after ``move`` and what happened, in order; raises :class:`IllegalMove`
    (leaving ``state`` untouched) if the move is refused."""
    refusal = check_move(state, move)
    if refusal is not None:
        raise refusal
    table = _played(state, move, recording=True)
    assert table.events is not None
    return table.state, tuple(table.events)
