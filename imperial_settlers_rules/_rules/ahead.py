"""ENG-9: what a move decides in advance. A choice its effects reach before any hidden card is
seen (which option of a ``gain_choice``, the deck of its first card, what Farmers At Work
repeats, where Ninjas' samurai go) is a field of the move: its legal forms list every way to
decide it, read from the card data where it tells (:mod:`.foresight`), else found by trying
the move out, and a move that decides it wrongly or not at all is refused (always tried out). Carrying out the move uses its decisions up as its effects reach them
(:func:`~.agenda.run`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import Any

import attrs

from boardtable.errors import IllegalMove

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
from .._table import Table, card_of, copy_of
from . import actions, foresight
from .activate import activate
from .agenda import Asked, leftover, run
from .foresight import Way

__all__ = ["NO_PRESET", "act", "advance_refusal", "answered", "answered_spends", "preset_of"]

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
    agenda = table.now.agenda
    if agenda and isinstance(agenda[0], FollowUp):
        table.update(agenda=agenda[1:])
        if isinstance(move, Build):
            actions.build(table, move, skip_location=True)
        elif isinstance(move, Activate):
            activate(table, move)
        return
    _ACTIONS[type(move)](table, move)


def preset_of(move: Move, probing: bool = False) -> Preset:
    """ENG-9: the decisions ``move`` made in advance (:data:`NO_PRESET` itself for none)."""
    choice = getattr(move, "choice", ())
    deck = getattr(move, "deck", None)
    repeat = getattr(move, "repeat", None)
    samurai = getattr(move, "samurai", ())
    if not (probing or choice or samurai) and deck is None and repeat is None:
        return NO_PRESET
    return Preset(choice, deck, repeat, samurai, probing=probing)


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


def answered(
    state: GameState, runs: Iterable[actions.Run], held: tuple[str, ...] | None = None
) -> list[Move]:
    """ENG-9: the moves of ``runs`` (:data:`~.actions.Run`), each with every way to decide in
    advance what it asks (the same for moves that differ only in their payment, ENG-2), in
    order. A run of moves that decide nothing (:class:`~.actions.Quiet` of its first move:
    the same for all) is listed as it is. ``held``: the locations the movers' seat controls,
    where known (FAC-EGY-3)."""
    listed: list[Move] = []
    found: dict[object, tuple[Way, ...] | None] = {}
    quiet: actions.Quiet | None = None
    for alike in runs:
        first = alike[0]
        if type(first) not in _UNPAID:
            listed += alike
            continue
        if quiet is None:  # FAC-EGY-3: the mover's locations, the same for every move listed
            quiet = actions.Quiet(state, first.player, held)
        if quiet(first):
            listed += alike
            continue
        for move in alike:
            key = _key(move)
            if key in found:
                ways = found[key]
            else:
                # None: the move asks nothing in advance after all, and is listed as it is
                ways = found[key] = _ways(state, move)
            if ways is None:
                listed.append(move)
            else:
                listed += _answering(move, ways)
    return listed


def answered_spends(state: GameState, seat: int) -> tuple[Move, ...]:
    """WORK-1, ENG-9: :func:`answered` of ``seat``'s spends (:func:`~.actions.spend_moves`),
    which depends only on the seat, its pairs of workers and the decks that can give it a card
    (the deck of a spend's first card, GOODS-7): made once for each and reused."""
    spends = actions.spend_moves(state, seat)
    if not spends:  # WORK-2: fewer than 2 workers
        return spends
    key = (seat, len(spends), foresight.decks(state, seat, ()))
    found = _SPENDS.get(key)
    if found is None:
        if len(_SPENDS) >= 1 << 10:
            _SPENDS.clear()
        found = _SPENDS[key] = tuple(answered(state, ([spend] for spend in spends)))
    return found


#: The answered spends by seat, number of spends and decks able to give a card (at most 1024).
_SPENDS: dict[tuple[int, int, tuple[Deck, ...]], tuple[Move, ...]] = {}


@functools.lru_cache(maxsize=1 << 14)
def _answering(move: Move, ways: tuple[Way, ...]) -> tuple[Move, ...]:
    """``move`` deciding in advance each of ``ways`` in turn (:func:`answering`), made once and
    reused (moves are immutable values); at most 16384 kept."""
    return tuple(answering(move, dict(way)) for way in ways)


def _ways(state: GameState, move: Move) -> tuple[Way, ...] | None:
    """ENG-9: the ways ``move`` may decide in advance what its effects ask (None: nothing to
    decide). A spend of cards, or a deal or a raze whose gains owe a card of either deck (and
    none of a named one, seen before it), asks only the deck of that first card, one of the
    decks that can give one once the move's own discards are made (GOODS-7, GOODS-8); a build
    or an activation is read from the card data where it tells (:mod:`.foresight`); any other
    move is tried out."""
    if _owes_first(move):
        return _DECK_WAYS[foresight.decks(state, move.player, _discarded(state, move))]
    read = foresight.ways(state, move)
    if not isinstance(read, foresight.Unread):
        return read
    tried = list(_answers(state, move))
    if tried == [move]:
        return None
    return tuple(tuple((name, getattr(way, name)) for name in ANSWERS if hasattr(way, name)) for way in tried)


#: GOODS-7: the ways to decide the deck of the first card owed, by the decks that can give one
#: (:func:`~.foresight.decks`; None: none can, nothing is decided).
_DECK_WAYS: dict[tuple[Deck, ...], tuple[Way, ...] | None] = {
    decks: tuple((("deck", deck),) for deck in decks) or None
    for decks in ((), (Deck.COMMON,), (Deck.FACTION,), (Deck.COMMON, Deck.FACTION))
}


def _owes_first(move: Move) -> bool:
    """Whether the first thing ``move`` does that may ask is to owe a card of either deck:
    a spend of cards (WORK-1), a deal's good (DEAL-4) or a raze field (RAZE-2, RAZE-3)
    holding one, and no card of a named deck."""
    if type(move) is RazeCard:
        goods = card_of(move.card).raze
    elif type(move) is MakeDeal:
        goods = copy_of(move.card).deal
    elif type(move) is Raze:
        goods = card_of(move.location).raze
    elif type(move) is Spend:
        return move.take[3] > 0
    else:
        return False
    return goods is not None and goods.card > 0 and not goods.common_card and not goods.faction_card


def _discarded(state: GameState, move: Move) -> tuple[str, ...]:
    """BUILD-8, RAZE-2, RAZE-7: the cards ``move`` (a deal, a raze or a spend) sends to the
    discard piles before its gains: a hand card razed; a razed location's tucked cards and the
    location itself where it is a faction location."""
    if isinstance(move, RazeCard):
        return (move.card,)
    if isinstance(move, Raze):
        under = dict(state.players[move.opponent].under).get(move.location, ())
        return (*under, *(() if card_of(move.location).common else (move.location,)))
    return ()


#: Each answered kind's fields but its payment: what decides the decisions a move asks for.
_UNPAID: dict[type[Any], attrgetter[Any]] = {
    kind: attrgetter(*(f.name for f in attrs.fields(kind) if f.name != "pay")) for kind in ANSWERED
}


def _key(move: Move) -> object:
    """What decides the decisions ``move`` asks for: not its payment in goods (ENG-2), and of
    a spend only whether it takes a card."""
    if type(move) is Spend:
        return (move.player, move.take[3] > 0)
    return (type(move), _UNPAID[type(move)](move))


def advance_refusal(state: GameState, move: Move) -> IllegalMove | None:
    """ENG-9: the refusal of a move, legal but for what it decides in advance: a decision it
    must make (ENG-9), one made wrongly (the card's rule), one its effects never reach."""
    try:
        table = _tried(state, move)
    except Asked as asked:
        return asked.refusal()
    except IllegalMove as refusal:
        return refusal
    return leftover(table.now.preset)
