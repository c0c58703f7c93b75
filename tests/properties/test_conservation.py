"""Conservation: every card, colony and bonus tile is somewhere exactly once; tracks add up."""

from __future__ import annotations

from hypothesis import given

from hadara_rules._rules.tracks import track_sources
from hadara_rules._vocabulary import TRACKS

from .strategies import (
    PlayedGame,
    card_places,
    colony_places,
    played_games,
    suite_settings,
)


@suite_settings()
@given(played_games())
def test_every_card_lies_in_exactly_one_place(game: PlayedGame) -> None:
    """Card conservation (SETUP-3, DRAFT-2, PICK-1, SELL-1, FEED-3): each card id of the
    catalogue is in exactly one of decks, later decks, outer piles, a player's drawn cards
    or tableau, sold, removed, box."""
    catalogue = set(game.final.catalogue.cards)
    for i, state in enumerate(game.states):
        places = card_places(state)
        assert set(places) == catalogue, (i, sorted(catalogue ^ set(places))[:5])
        doubled = sorted(c for c, n in places.items() if n > 1)
        assert not doubled, (i, doubled[:5])


@suite_settings()
@given(played_games())
def test_every_colony_lies_in_exactly_one_place(game: PlayedGame) -> None:
    """Colony conservation (SETUP-4, COLONY-4/5): each colony id is in exactly one of the
    colony stacks, a player's colonies, the box."""
    catalogue = set(game.final.catalogue.colonies)
    for i, state in enumerate(game.states):
        places = colony_places(state)
        assert set(places) == catalogue, (i, sorted(catalogue ^ set(places))[:5])
        doubled = sorted(c for c, n in places.items() if n > 1)
        assert not doubled, (i, doubled[:5])
    # colonies leave a stack only by being taken (COLONY-4): the box keeps the colonies it had
    colonies = game.final.catalogue.colonies
    boxed = [c for c in game.states[0].box if c in colonies]
    for i, state in enumerate(game.states):
        assert [c for c in state.box if c in colonies] == boxed, i


@suite_settings()
@given(played_games())
def test_every_track_equals_what_its_sources_add_up_to(game: PlayedGame) -> None:
    """TRACK-1/2, BUY-3, COLONY-4, STATUE-3, FEED-2, PURPLE-2/3/4: the incrementally kept
    tracks equal ``track_sources`` (start card + cards + allied colonies + face-up statue
    tiles + effect steps) after every move."""
    for i, state in enumerate(game.states):
        for seat, player in enumerate(state.players):
            assert player.tracks == track_sources(state, seat), (i, seat, game.moves[i - 1] if i else None)


@suite_settings()
@given(played_games())
def test_coins_and_tracks_are_never_negative_and_tiles_are_kept(game: PlayedGame) -> None:
    """TRACK-1 (values ≥ 0), BUY-2/MEDAL-1/PURPLE-6/15 (no debts), TILE-1: free tiles,
    statues, silver medals and tiles on PURPLE-2 cards always add up to the 8 tiles, 2 per
    track."""
    per_track = game.final.catalogue.reference.tiles_per_track
    for i, state in enumerate(game.states):
        for seat, p in enumerate(state.players):
            assert p.coins >= 0, (i, seat, p.coins)
            assert all(v >= 0 for _, v in p.tracks.items()), (i, seat, p.tracks)
            placed = len(p.free_tiles) + len(p.statues) + len(p.silver) + len(p.tiles_on_cards)
            assert placed == per_track * len(TRACKS), (i, seat)
            tiles = [
                *p.free_tiles,
                *(s.tile for s in p.statues),
                *p.silver,
                *(t.tile for t in p.tiles_on_cards),
            ]
            assert all(tiles.count(t) == per_track for t in TRACKS), (i, seat, tiles)
