"""What one seat may see (INFO-1 to INFO-3)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

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
