"""Random legal games for 2–5 players, basic and advanced: they end, and stay consistent."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hadara_rules import GameConfig, GameState, apply_move, legal_moves, new_game, score
from hadara_rules._rules.tracks import track_sources
from hadara_rules.catalogue import Catalogue

#: No game needs more moves than this (5 draft + 5 picks per player and epoch, plus the rest).
MOVE_BOUND = 1500


def card_places(state: GameState) -> Counter[str]:
    """Every card and colony id once per place it lies in."""
    places: Counter[str] = Counter()
    for group in (state.decks, state.outer_piles, state.colony_stacks, *state.later_decks):
        for ids in group:
            places.update(ids)
    places.update(state.sold)
    places.update(state.removed)
    places.update(state.box)
    for p in state.players:
        places.update(p.cards)
        places.update(p.drawn)
        places.update(c.id for c in p.colonies)
    return places


def check_consistent(state: GameState, catalogue: Catalogue) -> None:
    places = card_places(state)
    assert set(places) == set(catalogue.cards) | set(catalogue.colonies)
    assert max(places.values()) == 1
    for seat, p in enumerate(state.players):
        assert p.tracks == track_sources(state, seat), f"player {seat}"
        assert p.coins >= 0
        assert min(v for _, v in p.tracks.items()) >= 0
        placed = len(p.free_tiles) + len(p.statues) + len(p.silver) + len(p.tiles_on_cards)
        assert placed == 8
    if not state.is_over:
        assert state.to_act


def play_random(players: int, seed: int, advanced: bool, catalogue: Catalogue) -> GameState:
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    check_consistent(state, catalogue)
    for _ in range(MOVE_BOUND):
        if state.is_over:
            break
        moves = legal_moves(state)
        assert moves, "a player is to act but has no legal move"
        state = apply_move(state, moves[rng.randrange(len(moves))])
        check_consistent(state, catalogue)
    assert state.is_over
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_consistent(players: int, advanced: bool, seed: int, catalogue: Catalogue) -> None:
    final = play_random(players, seed, advanced, catalogue)
    for sheet in score(final):
        assert sheet.total == sum(
            (sheet.colonies, sheet.statues, sheet.silver, sheet.gold, sheet.cards, sheet.coins)
        )
