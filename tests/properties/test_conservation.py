"""Conservation: every card, colony and bonus tile is somewhere exactly once; tracks add up."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardtable.scenario import Source
from hadara_rules import GameConfig, GameState, Move, check_move, legal_moves, scenario
from hadara_rules._copy import replace
from hadara_rules._engine import played
from hadara_rules._flow import ORDER_OF_PLAY, automatic_step
from hadara_rules._rules.tracks import track_sources
from hadara_rules._vocabulary import EPOCHS, TRACKS, Phase, Section
from hadara_rules.game import HADARA

from .strategies import (
    PlayedGame,
    card_places,
    colony_places,
    game_configs,
    played_games,
    suite_settings,
)


@suite_settings(dear=True)
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


@suite_settings(dear=True)
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


@suite_settings(dear=True)
@given(played_games())
def test_every_track_equals_what_its_sources_add_up_to(game: PlayedGame) -> None:
    """TRACK-1/2, BUY-3, COLONY-4, STATUE-3, FEED-2, PURPLE-2/3/4: the incrementally kept
    tracks equal ``track_sources`` (start card + cards + allied colonies + face-up statue
    tiles + effect steps) after every move."""
    for i, state in enumerate(game.states):
        for seat, player in enumerate(state.players):
            assert player.tracks == track_sources(state, seat), (i, seat, game.moves[i - 1] if i else None)


@suite_settings(dear=True)
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


# --------------------------------------------------------------------------- after every automatic step


def conserved(state: GameState, where: object) -> None:
    """Every card and colony of the catalogue lies in exactly one place, and every player has
    their 8 bonus tiles, 2 per track (SETUP-3/4, TILE-1)."""
    catalogue = state.catalogue
    for kind, places, every in (
        ("card", card_places(state), catalogue.cards),
        ("colony", colony_places(state), catalogue.colonies),
    ):
        assert set(places) == set(every), (
            where,
            kind,
            "nowhere or unknown",
            sorted(set(places) ^ set(every))[:5],
        )
        doubled = sorted(c for c, n in places.items() if n > 1)
        assert not doubled, (where, kind, "twice", doubled[:5])
    per_track = catalogue.reference.tiles_per_track
    for seat, p in enumerate(state.players):
        tiles = [*p.free_tiles, *(s.tile for s in p.statues), *p.silver, *(t.tile for t in p.tiles_on_cards)]
        assert sorted(tiles) == sorted(TRACKS * per_track), (where, seat, tiles)


def steps_of(state: GameState) -> Iterator[GameState]:
    """The position after each automatic step that follows ``state``, as
    :func:`~hadara_rules._flow.settle` makes them (observed here, at no cost to the engine)."""
    while (changes := automatic_step(state)) is not None:
        state = replace(state, **changes)
        yield state


def played_step_by_step(state: GameState, move: Move, where: object) -> GameState:
    """``apply_move(state, move)``, with conservation checked after the move and after every
    automatic step that follows it."""
    after = played(state, move)
    conserved(after, (where, str(move), "the move"))
    for step, following in enumerate(steps_of(after)):
        conserved(following, (where, str(move), "step", step))
        after = following
    return after


@suite_settings(weight=0.3, dear=True)
@given(played_games())
def test_every_automatic_step_keeps_every_card_colony_and_tile(game: PlayedGame) -> None:
    """SETUP-3/4, TILE-1: nothing is lost or doubled by any automatic step (dealing and resolving
    a draft round, income, a section or epoch beginning, players passed over), not only
    between moves; the steps observed are those apply_move makes."""
    for i, (before, move, after) in enumerate(game.steps()):
        assert played_step_by_step(before, move, i) == after


SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "spec" / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_positions_set_up_by_hand_keep_every_card_through_every_step(path: Path) -> None:
    """The same from each scenario's position as ``given`` sets it up: through the automatic
    steps that settle it, the scenario's moves, and then to the end of the game (the last
    legal move each time)."""
    played_to_the_end(scenario.load_scenario_document(path), str(path), lambda options: options[-1])


def played_to_the_end(
    document: dict[str, object], source: str, choose: Callable[[tuple[Move, ...]], Move]
) -> None:
    """A scenario's position as ``given`` sets it up, checked through the automatic steps that
    settle it, its moves (up to a refused one), then moves ``choose`` picks to the end."""
    own = {key: value for key, value in document.items() if key in scenario.SCENARIO_RULES.keys}
    state = scenario._set_up(own, Source(source))[0]
    conserved(state, "given")
    for step, following in enumerate(steps_of(state)):
        conserved(following, ("given", step))
        state = following
    written = document.get("moves", [])
    assert isinstance(written, list)
    moves = [HADARA.read_move(move) for move in written]
    while not state.is_over:
        move = moves.pop(0) if moves else choose(legal_moves(state))
        if check_move(state, move) is not None:  # the refusal the scenario expects
            moves = []
            continue
        state = played_step_by_step(state, move, state.ply)


#: Where a position set up by hand may start: every section of the order of play but income
#: (paid automatically; no position waits in it) and setup (the advanced game's first section).
STARTS = [
    (phase, section) for phase, section in ORDER_OF_PLAY if section not in (Section.INCOME, Section.SETUP)
]


@suite_settings(weight=0.3, dear=True)
@given(
    game_configs(),
    st.sampled_from(EPOCHS),
    st.sampled_from(STARTS),
    st.randoms(use_true_random=False),
)
def test_shorthand_positions_keep_every_card_through_every_step(
    config: GameConfig, epoch: int, start: tuple[Phase, Section], rng: random.Random
) -> None:
    """From positions written the short way (an epoch, a phase and a section, nothing else),
    random legal moves to the end of the game lose or double no card, colony or tile."""
    phase, section = start
    document: dict[str, object] = {
        "scenario": 1,
        "config": {"players": config.players, "seed": config.seed, "advanced": config.advanced},
        "given": {"epoch": epoch, "phase": str(phase), "section": str(section)},
    }
    played_to_the_end(document, "<shorthand>", rng.choice)
