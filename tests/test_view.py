"""Player views hide exactly INFO-1's hidden information, and sampled worlds agree with them."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from hadara_rules import (
    GameConfig,
    GameState,
    IllegalMove,
    apply_move,
    check_move,
    legal_moves,
    new_game,
)
from hadara_rules._rules.tracks import track_sources
from hadara_rules.catalogue import Catalogue
from hadara_rules.records import to_json
from hadara_rules.view import HIDDEN, base_catalogue, player_view, sample_world, view_catalogue

GAMES = [(2, False, 1), (3, True, 2), (4, False, 3), (5, True, 4)]


def positions(players: int, advanced: bool, seed: int) -> Iterator[GameState]:
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    while not state.is_over:
        yield state
        state = apply_move(state, rng.choice(legal_moves(state)))
    yield state


def hidden_from(state: GameState, seat: int) -> set[str]:
    """Every id INFO-1 hides from ``seat`` in ``state``."""
    hidden = {c for deck in state.decks for c in deck}
    hidden |= {c for epoch in state.later_decks for deck in epoch for c in deck}
    hidden |= {c for stack in state.colony_stacks for c in stack}  # the top shows its front only
    hidden |= {h.id for p in state.players for h in p.colonies if not h.allied}
    hidden |= set(state.sold) | set(state.removed) | set(state.box)
    for other, p in enumerate(state.players):
        if other != seat:
            hidden |= set(p.drawn)
    return hidden


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_info_1_a_view_names_no_hidden_card_or_colony(players: int, advanced: bool, seed: int) -> None:
    for i, state in enumerate(positions(players, advanced, seed)):
        if i % 3:
            continue
        for seat in range(players):
            text = to_json(player_view(state, seat))
            leaked = {x for x in hidden_from(state, seat) if f'"{x}"' in text}
            assert not leaked, (state.section, seat, sorted(leaked)[:5])


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_info_2_a_view_keeps_everything_public(players: int, advanced: bool, seed: int) -> None:
    for state in positions(players, advanced, seed):
        seat = state.ply % players
        view = player_view(state, seat)
        assert view.outer_piles == state.outer_piles
        assert view.to_act == state.to_act
        assert view.ply == state.ply
        assert [len(d) for d in view.decks] == [len(d) for d in state.decks]
        for mine, theirs in zip(view.players, state.players, strict=True):
            assert (
                mine.coins,
                mine.tracks,
                mine.cards,
                mine.statues,
                mine.silver,
                mine.gold,
                mine.free_tiles,
            ) == (
                theirs.coins,
                theirs.tracks,
                theirs.cards,
                theirs.statues,
                theirs.silver,
                theirs.gold,
                theirs.free_tiles,
            )
            assert [h.id for h in mine.colonies if h.allied] == [h.id for h in theirs.colonies if h.allied]
        assert view.players[seat].drawn == state.players[seat].drawn


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_legal_moves_from_a_view_equal_those_of_the_position(players: int, advanced: bool, seed: int) -> None:
    for state in positions(players, advanced, seed):
        for seat in range(players):
            view = player_view(state, seat)
            assert legal_moves(view, seat) == legal_moves(state, seat)
            assert legal_moves(view) == legal_moves(state, seat)


def test_a_view_refuses_to_play_and_to_judge_other_players() -> None:
    state = new_game(GameConfig(players=3, seed=0))
    state = apply_move(state, legal_moves(state)[0])
    view = player_view(state, 1)
    move = legal_moves(state, 1)[0]
    with pytest.raises(IllegalMove) as refused:
        apply_move(view, move)
    assert refused.value.rule == "INFO-1"
    other = legal_moves(state, 2)[0]
    refusal = check_move(view, other)
    assert refusal is not None
    assert refusal.rule == "INFO-1"
    assert check_move(view, move) is None
    with pytest.raises(ValueError):
        player_view(state, 3)
    with pytest.raises(ValueError):
        player_view(view, 1)


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_sampled_worlds_are_consistent_with_the_view(
    players: int, advanced: bool, seed: int, catalogue: Catalogue
) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(positions(players, advanced, seed)):
        if i % 4:
            continue
        seat = i % players
        view = player_view(state, seat)
        world = sample_world(view, seat, rng)
        assert world.viewer is None
        assert world.catalogue == state.catalogue
        assert player_view(world, seat) == view
        assert legal_moves(world, seat) == legal_moves(state, seat)
        ids = [c for d in world.decks for c in d] + [c for e in world.later_decks for d in e for c in d]
        ids += [c for s in world.colony_stacks for c in s] + [c for p in world.outer_piles for c in p]
        ids += list(world.sold) + list(world.removed) + list(world.box)
        for p in world.players:
            ids += [*p.cards, *p.drawn, *(h.id for h in p.colonies)]
        assert HIDDEN not in ids
        assert sorted(ids) == sorted([*catalogue.cards, *catalogue.colonies])
        for other in range(players):
            assert world.players[other].tracks == track_sources(world, other)


def test_a_sampled_world_plays_to_the_end() -> None:
    rng = random.Random(7)
    state = new_game(GameConfig(players=4, seed=7, advanced=True))
    for _ in range(30):
        state = apply_move(state, rng.choice(legal_moves(state)))
    world = sample_world(player_view(state, 2), 2, rng)
    while not world.is_over:
        world = apply_move(world, rng.choice(legal_moves(world)))
    assert world.is_over


def test_the_view_catalogue_caches_are_bounded(catalogue: Catalogue) -> None:
    """However many custom catalogues views are made with, only a few are kept."""
    for k in range(40):
        reference = attrs.evolve(catalogue.reference, coins_per_point=6 + k)
        custom = Catalogue(
            catalogue.cards, catalogue.colonies, catalogue.start_cards, catalogue.statues, reference, "custom"
        )
        assert base_catalogue(view_catalogue(custom)) == custom
    for cache in (view_catalogue, base_catalogue):
        info = cache.cache_info()
        assert info.maxsize is not None
        assert info.currsize <= info.maxsize < 40
