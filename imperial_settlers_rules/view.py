"""What one seat may see (LOOK-6, GOODS-4): hands and deck contents are secret.

A hidden card shows as :data:`HIDDEN` (``"?"``), so every count stays: the decks' order
and contents, the other players' hands and the cards drawn they are still to choose among,
the cards face down (foundations, cards under a Gate) of the other players, and the
marker cards of deals made with Trade Route (face down, FAC-JAP-7), whoever owns them. A
deal's card shows only its deal field (DEAL-3), so the other players' deals show their
goods, not their cards. The seed becomes 0: no reshuffle can be foreseen (FLOW-4).
"""

from __future__ import annotations

import attrs

from ._events import Event
from ._model import Deal, GameState, KeepOne, Player, Step

__all__ = ["HIDDEN", "events_view", "player_view"]

#: A card a view does not show.
HIDDEN = "?"


def _hidden(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def _deal(deal: Deal, own: bool) -> Deal:
    if own and not deal.route:
        return deal
    return Deal(HIDDEN, deal.good, deal.route)


def _player(player: Player, own: bool) -> Player:
    deals = tuple(_deal(d, own) for d in player.deals)
    if own:
        return attrs.evolve(player, deck=_hidden(player.deck), deals=deals)
    return attrs.evolve(
        player,
        hand=_hidden(player.hand),
        deck=_hidden(player.deck),
        foundations=_hidden(player.foundations),
        deals=deals,
        under=tuple((gate, _hidden(cards)) for gate, cards in player.under),
    )


def _step(step: Step, seat: int | None) -> Step:
    if isinstance(step, KeepOne) and step.seat != seat:
        return attrs.evolve(step, drawn=_hidden(step.drawn))
    return step


def player_view(state: GameState, seat: int | None) -> GameState:
    """``state`` as ``seat`` sees it (None: a spectator, who sees what everyone sees): LOOK-6,
    GOODS-4, DEAL-3 (see the module)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(state.players)):
        raise ValueError(f"seat must be a seat from 0 to {len(state.players) - 1} or None")
    return attrs.evolve(
        state,
        config=attrs.evolve(state.config, seed=0),
        common=_hidden(state.common),
        players=tuple(_player(p, i == seat) for i, p in enumerate(state.players)),
        agenda=tuple(_step(s, seat) for s in state.agenda),
    )


#: The rules of events whose card only their seat sees: a card drawn (GOODS-7), a card kept
#: of those drawn (CARD-23), a deal's card (DEAL-3).
_SECRET = ("GOODS-7", "CARD-23", "DEAL-3")


def events_view(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them (None: a spectator): the card of another seat's
    draw, keep or deal shows as :data:`HIDDEN`."""
    return tuple(
        attrs.evolve(event, card=HIDDEN)
        if event.rule in _SECRET and event.seat != seat and event.card
        else event
        for event in events
    )
