"""The public entry points: legal moves, checking and applying a move (FLOW-1 to FLOW-3)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from operator import attrgetter
from typing import Any

import attrs

from boardtable.errors import IllegalMove
from boardtable.reader import shown

from ._events import Event
from ._model import FollowUp, GameState, Phase, Preset
from ._moves import (
    ANSWERS,
    Activate,
    Build,
    Choose,
    Convert,
    Defend,
    Discard,
    Done,
    Draw,
    Keep,
    MakeDeal,
    Move,
    Pass,
    Pick,
    Raze,
    RazeCard,
    Repeat,
    Samurai,
    Skip,
    Spend,
    Tuck,
    answering,
    unanswered,
)
from ._rules import actions
from ._rules.activate import activate, activate_moves, follow_moves
from ._rules.agenda import Asked, check_decision, decision_moves, leftover, resolve, run
from ._rules.flow import advance, next_turn, pick, settle
from ._rules.refusals import why
from ._table import Table

__all__ = ["apply_move", "apply_move_with_events", "check_move", "legal_moves"]

_DECISIONS = (Draw, Choose, Keep, Repeat, Convert, Discard)
#: ENG-9: the moves that decide in advance what their effects ask, and those decisions.
_ANSWERED = (Build, Activate, Spend, MakeDeal, RazeCard, Raze)
_NO_PRESET = Preset()


#: Moves made once and reused (moves are immutable values).
_pass, _done, _pick = functools.cache(Pass), functools.cache(Done), functools.cache(Pick)


def _action_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """ACT-2, ACT-7, ACT-8: pass, the free steps, then every action (ACT-3: any kind, any
    number of times a round)."""
    hand = tuple(dict.fromkeys(state.players[seat].hand))
    moves: list[Move] = [_pass(seat)]
    moves += actions.free_moves(state, seat)
    moves += actions.build_moves(state, seat, hand)
    moves += actions.deal_moves(state, seat)
    moves += actions.raze_moves(state, seat)
    moves += activate_moves(state, seat)
    moves += actions.spend_moves(state, seat)
    return tuple(moves)


def legal_moves(state: GameState, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move of the player to act (or none if ``player`` is another), in a stable
    order: exactly the moves :func:`check_move` allows."""
    if state.is_over or (player is not None and player not in state.to_act):
        return ()
    if state.agenda:
        step = state.agenda[0]
        if isinstance(step, FollowUp):
            return tuple(_answered(state, follow_moves(Table(state), step)))
        return decision_moves(Table(state))
    if state.phase is Phase.LOOKOUT:
        seat = state.order[0]
        return tuple(_pick(seat, card) for card in dict.fromkeys(state.offer))
    if state.acted:
        return (_done(state.turn), *actions.free_moves(state, state.turn))
    return tuple(_answered(state, _action_moves(state, state.turn)))


def _preset(move: Move, probing: bool = False) -> Preset:
    """ENG-9: the decisions ``move`` made in advance."""
    return Preset(
        getattr(move, "choice", ()),
        getattr(move, "deck", None),
        getattr(move, "repeat", None),
        getattr(move, "samurai", ()),
        probing=probing,
    )


def _tried(state: GameState, move: Move) -> Table:
    """ENG-9: ``move`` carried out as a trial, its effects until a follow-up or their end (a
    decision that waits taken with its first option); :class:`Asked` where it must decide
    something in advance that it does not, :class:`IllegalMove` where it decides it wrongly."""
    table = Table(state)
    table.update(preset=_preset(move, probing=True))
    _act(table, move)
    run(table)
    return table


def _answers(state: GameState, move: Move) -> Iterator[Move]:
    """ENG-9: ``move`` with each way to decide in advance what its effects ask, in order."""
    if actions.asks_nothing(state, move):
        yield move
        return
    try:
        _tried(state, move)
    except Asked as asked:
        for value in asked.values:
            if isinstance(move, (Build, Activate)) and asked.field == "choice":
                value = (*move.choice, value)
            yield from _answers(state, answering(move, {asked.field: value}))
        return
    yield move


def _answered(state: GameState, moves: Iterable[Move]) -> Iterator[Move]:
    """ENG-9: each of ``moves`` with every way to decide in advance what it asks (the same for
    moves that differ only in their payment, ENG-2)."""
    found: dict[object, list[Mapping[str, object]] | None] = {}
    for move in moves:
        if not isinstance(move, _ANSWERED):
            yield move
            continue
        key = _key(move)
        if key in found:
            ways = found[key]
        else:
            tried = list(_answers(state, move))
            # None: the move asks nothing in advance, and is listed as it is
            ways = found[key] = (
                None
                if tried == [move]
                else [{name: getattr(way, name) for name in ANSWERS if hasattr(way, name)} for way in tried]
            )
        if ways is None:
            yield move
        else:
            for way in ways:
                yield answering(move, way)


#: Each answered kind's fields but its payment: what decides the decisions a move asks for.
_UNPAID: dict[type[Any], attrgetter[Any]] = {
    kind: attrgetter(*(f.name for f in attrs.fields(kind) if f.name != "pay")) for kind in _ANSWERED
}


def _key(move: Move) -> object:
    """What decides the decisions ``move`` asks for: not its payment in goods (ENG-2), and of
    a spend only whether it takes a card."""
    if isinstance(move, Spend):
        return (move.player, move.take[3] > 0)
    return (type(move), _UNPAID[type(move)](move))


def _advance_refusal(state: GameState, move: Move) -> IllegalMove | None:
    """ENG-9: the refusal of a move, legal but for what it decides in advance: a decision it
    must make (ENG-9), one made wrongly (the card's rule), one its effects never reach."""
    try:
        table = _tried(state, move)
    except Asked as asked:
        return IllegalMove(
            "ENG-9",
            f"this move must decide {asked.field} in advance (one of: "
            f"{', '.join(str(v) if not isinstance(v, tuple) else ','.join(map(str, v)) for v in asked.values)})",
        )
    except IllegalMove as refusal:
        return refusal
    return leftover(table.get("preset"))


#: What each kind of action checks first, with the rule that refuses it.
_ACTION_RULES: dict[type[Any], str] = {
    Build: "BUILD-1",
    MakeDeal: "DEAL-1",
    RazeCard: "RAZE-2",
    Raze: "RAZE-3",
    Activate: "ACTLOC-1",
    Spend: "WORK-1",
    Defend: "DEF-2",
    Samurai: "FAC-JAP-3",
    Tuck: "CARD-26",
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
            if isinstance(move, _ANSWERED) and unanswered(move) in follow_moves(Table(state), step):
                return _advance_refusal(state, move)
            if move in follow_moves(Table(state), step):
                return None
            return IllegalMove(_FOLLOW_RULE.get(step.do, "CARD-7"), "not a way to follow up the action")
        return check_decision(Table(state), move)
    if state.phase is Phase.LOOKOUT:
        if not isinstance(move, Pick):
            return IllegalMove("FLOW-2", "now is the time for picking a revealed card")
        if move.card not in state.offer:
            return IllegalMove("LOOK-4", "pick one of the revealed cards")
        return None
    if isinstance(move, (*_DECISIONS, Skip, Pick)):
        return IllegalMove("FLOW-2", "nothing waits to be decided; take an action or pass")
    if state.acted:
        if isinstance(move, Done):
            return None
        if not isinstance(move, (Defend, Samurai, Tuck)):
            return IllegalMove(
                "ACT-1", "one action a turn: this turn's action is taken (free steps remain, ACT-8)"
            )
    elif isinstance(move, Done):
        return IllegalMove("ACT-8", "take an action or pass first")
    if isinstance(move, Pass):
        return None
    if isinstance(move, _ANSWERED):
        base = unanswered(move)
        if isinstance(move, Spend):  # checked directly: its list grows with the workers
            refusal = why(state, base)
        else:
            refusal = None if base in _candidates(state, base) else _refusal(state, base)
        return refusal or _advance_refusal(state, move)
    if move in _candidates(state, move):
        return None
    return _refusal(state, move)


def _candidates(state: GameState, move: Move) -> Iterable[Move]:
    """The legal moves of ``move``'s kind (and card or location, where it names one)."""
    seat = move.player
    if isinstance(move, Build):
        return (
            actions.build_moves(state, seat, (move.card,))
            if move.card in state.players[seat].hand
            else iter(())
        )
    if isinstance(move, MakeDeal):
        return actions.deal_moves(state, seat)
    if isinstance(move, (Raze, RazeCard)):
        return actions.raze_moves(state, seat)
    if isinstance(move, Activate):
        return activate_moves(state, seat, move.location)
    return actions.free_moves(state, seat)


_STEPS: dict[type[Any], Callable[[Table, Any], None]] = {
    Build: actions.build,
    MakeDeal: actions.make_deal,
    RazeCard: actions.raze_card,
    Raze: actions.raze,
    Activate: activate,
    Spend: actions.spend,
    Pass: actions.pass_turn,
}
_FREE_STEPS: dict[type[Any], Callable[[Table, Any], None]] = {
    Defend: actions.defend,
    Samurai: actions.samurai,
    Tuck: actions.tuck,
}


#: How each move is told as an event: its rule, its words and the field naming its card.
_TOLD: dict[type[Any], tuple[str, str, str | None]] = {
    Pick: ("LOOK-2", "picks", "card"),
    Choose: ("CARD-14", "chooses", None),
    Keep: ("CARD-23", "keeps", "card"),
    Repeat: ("CARD-8", "produces once more with", "location"),
    Convert: ("CARD-27", "gives back deal goods for VP", None),
    Discard: ("CARD-25", "discards", "card"),
    Skip: ("CARD-7", "does not follow up", None),
    Build: ("BUILD-1", "builds", "card"),
    MakeDeal: ("DEAL-3", "makes a deal with", "card"),
    RazeCard: ("RAZE-2", "razes from the hand", "card"),
    Raze: ("RAZE-3", "razes", "location"),
    Activate: ("ACTLOC-1", "activates", "location"),
    Spend: ("WORK-1", "spends workers", None),
    Pass: ("ACT-4", "passes", None),
    Done: ("ACT-8", "ends the turn", None),
    Defend: ("DEF-2", "puts a defense token on", "location"),
    Samurai: ("FAC-JAP-3", "puts a samurai on", "location"),
    Tuck: ("CARD-26", "tucks under or on", "location"),
}


def _played(state: GameState, move: Move, recording: bool = False) -> Table:
    table = Table(state, recording)
    if recording and type(move) in _TOLD:
        rule, words, field = _TOLD[type(move)]
        table.note(rule, words, move.player, None if field is None else getattr(move, field))
    if state.agenda and not isinstance(state.agenda[0], FollowUp):
        resolve(table, move)
        if state.phase is Phase.PRODUCTION:
            settle(table)
        else:
            advance(table)
    elif isinstance(move, Pick):
        pick(table, move)
    elif type(move) in _FREE_STEPS:
        _FREE_STEPS[type(move)](table, move)
        run(table)
        if state.acted:  # ACT-8: the turn ends once no free step is left
            advance(table)
    elif isinstance(move, Done):
        next_turn(table)
    else:
        if isinstance(move, _ANSWERED):
            preset = _preset(move)
            if preset != _NO_PRESET:
                table.update(preset=preset)
        _act(table, move)
        advance(table)
    table.update(ply=state.ply + 1)
    return table


def _act(table: Table, move: Move) -> None:
    """An action (ACT-2), or what follows up one (CARD-7, CARD-11, ACTLOC-3: a build without
    its location cost, an activation, or none)."""
    agenda = table.get("agenda")
    if agenda and isinstance(agenda[0], FollowUp):
        table.update(agenda=agenda[1:])
        if isinstance(move, Build):
            actions.build(table, move, skip_location=True)
        elif isinstance(move, Activate):
            activate(table, move)
        return
    _STEPS[type(move)](table, move)


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
