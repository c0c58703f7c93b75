"""ENG-9: what a move decides in advance. A choice its effects reach before any hidden card is
seen (which option of a ``gain_choice``, the deck of its first card, what Farmers At Work
repeats, where Ninjas' samurai go) is a field of the move: its legal forms list every way to
decide it, found by trying the move out, and a move that decides it wrongly or not at all is
refused. Carrying out the move uses its decisions up as its effects reach them
(:func:`~.agenda.run`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from boardtable.errors import IllegalMove

from .._goods import Goods
from .._model import Deck, FollowUp, GameState, Preset
from .._moves import (
    ANSWERED,
    ANSWERS,
    Activate,
    Build,
    MakeDeal,
    Move,
    Pass,
    Raze,
    RazeCard,
    Spend,
    answering,
)
from .._table import Table, card_of, controlled, copy_of
from . import actions
from .activate import activate
from .agenda import Asked, asks, leftover, run

__all__ = ["NO_PRESET", "act", "advance_refusal", "answered", "preset_of"]

#: A move that decides nothing in advance.
NO_PRESET = Preset()

_ACTIONS: dict[type[Any], Callable[[Table, Any], None]] = {
    Build: actions.build,
    MakeDeal: actions.make_deal,
    RazeCard: actions.raze_card,
    Raze: actions.raze,
    Activate: activate,
    Spend: actions.spend,
    Pass: actions.pass_turn,
}


def act(table: Table, move: Move) -> None:
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
    _ACTIONS[type(move)](table, move)


def preset_of(move: Move, probing: bool = False) -> Preset:
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
    decision that waits passed over); :class:`Asked` where it must decide something in
    advance that it does not, :class:`IllegalMove` where it decides it wrongly."""
    table = Table(state)
    table.update(preset=preset_of(move, probing=True))
    act(table, move)
    run(table)
    return table


def _answers(state: GameState, move: Move) -> Iterator[Move]:
    """ENG-9: ``move`` with each way to decide in advance what its effects ask, in order."""
    try:
        _tried(state, move)
    except Asked as asked:
        for value in asked.values:
            if isinstance(move, (Build, Activate)) and asked.field == "choice":
                value = (*move.choice, value)
            yield from _answers(state, answering(move, {asked.field: value}))
        return
    yield move


def answered(state: GameState, moves: Iterable[Move]) -> Iterator[Move]:
    """ENG-9: each of ``moves`` with every way to decide in advance what it asks (the same for
    moves that differ only in their payment, ENG-2)."""
    found: dict[tuple[object, ...], list[Mapping[str, object]]] = {}
    for move in moves:
        if not isinstance(move, ANSWERED):
            yield move
            continue
        key = _key(move)
        ways = found.get(key)
        if ways is None:
            ways = found[key] = _ways(state, move) if _may_ask(state, move) else []
        if not ways:
            yield move
            continue
        for way in ways:
            yield answering(move, way)


def _ways(state: GameState, move: Move) -> list[Mapping[str, object]]:
    """ENG-9: the ways ``move`` may decide in advance what its effects ask (none: nothing to
    decide). A spend, a deal or a raze asks at most the deck of the first card it gives
    (GOODS-7: nothing is seen before it), one of the decks that can give one (GOODS-8); a
    build or an activation is tried out."""
    if isinstance(move, (Spend, MakeDeal, RazeCard, Raze)):
        table = Table(state)
        return [{"deck": deck} for deck in (Deck.COMMON, Deck.FACTION) if table.can_draw(move.player, deck)]
    answered = list(_answers(state, move))
    if answered == [move]:
        return []
    return [{name: getattr(way, name) for name in ANSWERS if hasattr(way, name)} for way in answered]


def _may_ask(state: GameState, move: Move) -> bool:
    """ENG-9: whether ``move``'s effects may reach a decision (conservatively: a move of which
    this is false decides nothing in advance)."""
    if isinstance(move, Spend):
        return move.take[3] > 0
    if isinstance(move, MakeDeal):
        return _owes(copy_of(move.card).deal)
    if isinstance(move, (RazeCard, Raze)):
        return _owes(card_of(move.card if isinstance(move, RazeCard) else move.location).raze)
    if isinstance(move, Activate):
        action = card_of(move.location).ability.action
        assert action is not None  # a legal activation's
        return asks(action.modes[move.mode].effect)
    assert isinstance(move, Build)
    built = card_of(move.card)
    if asks(built.bonus) or asks(built.ability.production) or move.option is not None:
        return True
    features = [card_of(c).ability.on_build for c in (*controlled(state, move.player), move.card)]
    return any(f is not None and actions.matches(f, move.card) and asks(f.effect) for f in features)


def _owes(goods: Goods | None) -> bool:
    """Whether ``goods`` hold a card of either deck and no card of a named one (which would be
    seen before it, ENG-9)."""
    return goods is not None and goods.card > 0 and not goods.common_card and not goods.faction_card


def _key(move: Move) -> tuple[object, ...]:
    """What decides the decisions ``move`` asks for: not its payment in goods (ENG-2), and of
    a spend only whether it takes a card."""
    if isinstance(move, Spend):
        return (Spend, move.player, move.take[3] > 0)
    if isinstance(move, MakeDeal):
        return (MakeDeal, move.card)
    if isinstance(move, Build):
        return (Build, move.card, move.discard, move.option)
    if isinstance(move, Activate):
        return (
            Activate,
            move.location,
            move.times,
            move.mode,
            move.cards,
            move.deal,
            move.opponent,
            move.target,
            move.goods,
        )
    return (move,)


def advance_refusal(state: GameState, move: Move) -> IllegalMove | None:
    """ENG-9: the refusal of a move, legal but for what it decides in advance: a decision it
    must make (ENG-9), one made wrongly (the card's rule), one its effects never reach."""
    try:
        table = _tried(state, move)
    except Asked as asked:
        return asked.refusal()
    except IllegalMove as refusal:
        return refusal
    return leftover(table.get("preset"))
