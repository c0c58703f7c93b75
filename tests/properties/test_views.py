"""Player views (INFO-1/2): no hidden id leaks, the viewer's options are intact, worlds fit."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given

from hadara_rules import legal_moves
from hadara_rules.records import to_json
from hadara_rules.view import HIDDEN, player_view, sample_world

from .strategies import (
    PlayedGame,
    hidden_from,
    played_games,
    seeds,
    suite_settings,
)

#: A view of every position, and worlds sampled per game: dear properties (run with ``-m slow``).
pytestmark = pytest.mark.slow

#: sample_world is the dearest step (it rebuilds the catalogue): worlds sampled per game.
WORLDS_PER_GAME = 12


def strings(document: object) -> set[str]:
    """Every string (key or value) of a parsed JSON document: what its text names in quotes."""
    found: set[str] = set()
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


@suite_settings()
@given(played_games())
def test_a_view_never_names_a_hidden_id(game: PlayedGame) -> None:
    """INFO-1: the JSON of ``player_view(state, seat)`` names (as a quoted string) no id of
    the inner or later decks, the colony stacks (the top shows its front only), unallied
    colonies, the box, or another player's drawn cards and the cards sold from them; other
    players' pending draft choices are redacted."""
    for i, state in enumerate(game.states):
        for seat in range(len(state.players)):
            view = player_view(state, seat)
            named = strings(json.loads(to_json(view)))
            leaked = sorted(named & hidden_from(state, seat))
            assert not leaked, (i, state.section, seat, leaked[:5])
            for other, choice in enumerate(view.pending):
                if other != seat and choice is not None:
                    assert (choice.card, choice.action, choice.tile) == (HIDDEN, HIDDEN, None), (
                        i,
                        seat,
                        other,
                    )


@suite_settings()
@given(played_games(), seeds)
def test_a_view_keeps_the_viewers_moves_and_sampled_worlds_fit_it(game: PlayedGame, seed: int) -> None:
    """INFO-1/2: the legal moves of a view are those of the whole position for the viewer
    (at every position and for every seat); ``sample_world(view, seat, rng)`` (at 12 random
    positions and the last) gives a whole position whose view equals the view and whose
    viewer's moves are the same."""
    rng = random.Random(seed)
    for i, state in enumerate(game.states):
        for seat in range(len(state.players)):
            view = player_view(state, seat)
            assert legal_moves(view) == legal_moves(state, seat), (i, seat)
            assert legal_moves(view, seat) == legal_moves(state, seat), (i, seat)
    chosen = sorted(rng.sample(range(len(game.states)), min(WORLDS_PER_GAME, len(game.states))))
    for state in [game.states[i] for i in chosen] + [game.final]:
        seat = rng.randrange(len(state.players))
        view = player_view(state, seat)
        world = sample_world(view, seat, rng)
        assert world.viewer is None
        assert player_view(world, seat) == view, (state.ply, seat)
        assert legal_moves(world, seat) == legal_moves(state, seat), (state.ply, seat)
