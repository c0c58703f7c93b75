"""What one seat may see (INFO-1 to INFO-3)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from ._components import components
from ._config import SEED_LIMIT
from ._events import Event
from ._model import HIDDEN, GameState


def player_view(state: GameState, seat: int | None) -> GameState:
    """``state`` as ``seat`` sees it (None: a spectator).

    INFO-1: the draw pile's cards and the tiles below each stack's top show as ``"?"``
    (their numbers stay); the seed is replaced by 0, so no roll can be predicted.
    INFO-2: a card drawn by CIV-13 shows as ``"?"`` to everyone but its owner, until
    final scoring. INFO-3: everything else is public (dice stated in advance stay hidden).
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.config.players):
        raise ValueError(
            f"seat must be a seat from 0 to {state.config.players - 1} or None, not {seat!r}"[:160]
        )
    over = state.is_over
    players = tuple(
        p if over or i == seat else attrs.evolve(p, drawn=(HIDDEN,) * len(p.drawn))
        for i, p in enumerate(state.players)
    )
    return attrs.evolve(
        state,
        config=attrs.evolve(state.config, seed=0),
        stated=(),
        players=players,
        pile=(HIDDEN,) * len(state.pile),
        stacks=tuple(stack[:1] + (HIDDEN,) * (len(stack) - 1) for stack in state.stacks),
    )


def events_view(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them (None: a spectator): INFO-2, the card a CIV-13
    draw gave another player shows as ``"?"``; every die rolled is public (INFO-3)."""
    return tuple(
        attrs.evolve(event, item=HIDDEN)
        if event.rule == "CIV-13" and event.item and event.player != seat
        else event
        for event in events
    )


def sample_world(view: GameState, seat: int, rng: random.Random) -> GameState:
    """A whole position consistent with ``seat``'s view (``player_view(world, seat) == view``),
    drawn uniformly among them, for a search to play on (a *determinization*).

    The cards the view does not show (INFO-1, INFO-2) are dealt at random to the draw pile
    and to the other players' cards drawn face down, the tiles it does not show to the places
    below each stack's top (SETUP-5, SETUP-6: the tiles of the stacks out of play are among
    those unseen), and the world's seed, which rolls every die to come (FLOW-4), is drawn
    from ``rng``. So the world's stacks and pile are not those its seed would deal: it is a
    world to search, not a position of a record.
    """
    if view.config.seed != 0 or view.stated or HIDDEN in view.players[seat].drawn:
        raise ValueError(f"this is not seat {seat}'s view")
    found = components()
    shown = {card for card in view.display if card is not None}
    shown.update(card for player in view.players for card in player.all_cards if card != HIDDEN)
    cards = iter(_shuffled([card for card in found.card if card not in shown], rng))
    shown = {tile for player in view.players for tile in player.buildings}
    shown.update(stack[0] for stack in view.stacks if stack)
    tiles = iter(_shuffled([tile for tile in found.building if tile not in shown], rng))
    return attrs.evolve(
        view,
        config=attrs.evolve(view.config, seed=rng.randrange(1, SEED_LIMIT)),
        pile=tuple(next(cards) for _ in view.pile),
        players=tuple(
            attrs.evolve(
                player, drawn=tuple(card if card != HIDDEN else next(cards) for card in player.drawn)
            )
            for player in view.players
        ),
        stacks=tuple(stack[:1] + tuple(next(tiles) for _ in stack[1:]) for stack in view.stacks),
    )


def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    rng.shuffle(items)
    return items
