"""Where a player's track values come from (TRACK-1, TRACK-2).

Tracks are kept incrementally by the moves that change them; :func:`track_sources`
recomputes them from scratch — start card side, cards, allied colonies, face-up
statue tiles and effects — so that a test, or a player checking the board as the
rulebook allows (p. 5), can compare the two.
"""

from __future__ import annotations

from .. import _effects as effects
from .._model import GameState
from .._tableau import printed_values
from .._vocabulary import NO_TRACKS, Tracks


def track_sources(state: GameState, seat: int) -> Tracks:
    """The track values the player's components add up to."""
    player = state.players[seat]
    catalogue = state.catalogue
    if player.side is None:
        return Tracks()
    total = catalogue.start_cards[player.start_card].side(player.side).values
    total = total.plus(printed_values(player.cards, catalogue))
    for holding in player.colonies:
        if holding.allied:
            total = total.plus(catalogue.colonies[holding.id].turned_up()[0])
    for carved in player.statues:
        if carved.face_up:
            total = total.step(carved.tile, catalogue.statues[carved.statue].reward)
    steps = effects.effect_steps(player, catalogue)
    return total if steps is NO_TRACKS else total.plus(steps)
