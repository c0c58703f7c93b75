"""A colony whose back nobody has seen is unknown in a view's catalogue, never a made-up back."""

from __future__ import annotations

import random

import pytest

from hadara_rules import GameConfig, IllegalMove, apply_move, colony_yield, legal_moves, new_game, score
from hadara_rules._rules.tracks import track_sources
from hadara_rules.catalogue import Catalogue
from hadara_rules.view import FRONT_ONLY, player_view, view_catalogue


def test_a_front_shown_alone_has_no_back(catalogue: Catalogue) -> None:
    fronts = [c for c in view_catalogue(catalogue).colonies.values() if c.provenance == FRONT_ONLY]
    assert fronts
    for front in fronts:
        assert front.back is None and front.back_points is None
        with pytest.raises(IllegalMove) as refused:
            front.turned_up()
        assert refused.value.rule == "INFO-1"
    for colony in catalogue.colonies.values():
        assert colony.turned_up() == (colony.back, colony.back_points)


def test_views_score_and_add_up_their_tracks_like_the_position() -> None:
    """SCORE-1 and TRACK-1 on a view: allied colonies are seen, plundered ones by their front."""
    rng = random.Random(8)
    state = new_game(GameConfig(players=4, seed=8))
    allied = plundered = 0
    while not state.is_over:
        for seat in range(4):
            view = player_view(state, seat)
            assert score(view) == score(state)
            assert [track_sources(view, s) for s in range(4)] == [track_sources(state, s) for s in range(4)]
            for tier in (3, 9, 15, 21, 30):
                shown = colony_yield(view, seat, tier)
                assert shown is None or (shown.back, shown.back_points) == (None, None)
        state = apply_move(state, rng.choice(legal_moves(state)))
        allied = max(allied, sum(h.allied for p in state.players for h in p.colonies))
        plundered = max(plundered, sum(not h.allied for p in state.players for h in p.colonies))
    assert allied and plundered
