"""The ISMCTS search bot: registered, legal, deterministic under a seed, blind to what its
seat cannot see, and stronger than the greedy bot."""

from __future__ import annotations

import random

import pytest

from hadara_rules import (
    GameConfig,
    GameState,
    Section,
    apply_move,
    legal_moves,
    new_game,
    player_view,
    sample_world,
    score,
)
from hadara_rules.bots import BOTS, Bot, GreedyBot, make_bots, play_game
from hadara_rules.search import ISMCTSBot


def _draft_position() -> GameState:
    """Seat 0 to draft in a 3-player game; seat 1 has chosen, which seat 0 cannot see."""
    state = new_game(GameConfig(players=3, seed=7))
    state = apply_move(state, legal_moves(state)[0])
    assert state.section is Section.DRAFT
    return apply_move(state, legal_moves(state, 1)[-1])


def test_ismcts_is_registered_beside_random_and_greedy() -> None:
    assert {"random", "greedy", "ismcts"} <= set(BOTS)
    bots = make_bots("ismcts", 2, 5)
    assert all(isinstance(bot, ISMCTSBot) for bot in bots)


def test_the_choice_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    state = _draft_position()
    view = player_view(state, 0)
    worlds = [state, *(sample_world(view, 0, random.Random(seed)) for seed in range(3))]
    assert len({(w.players[1].drawn, w.pending[1], w.decks) for w in worlds}) == len(worlds)
    moves = legal_moves(state, 0)
    choices = {ISMCTSBot(random.Random(42), iterations=12).choose(world, 0, moves) for world in worlds}
    assert len(choices) == 1
    assert choices <= set(moves)


def test_the_search_is_deterministic_under_a_seed() -> None:
    state = _draft_position()
    moves = legal_moves(state, 0)
    first = [ISMCTSBot(random.Random(3), iterations=8).choose(state, 0, moves) for _ in range(2)]
    assert first[0] == first[1]


def test_a_forced_move_is_not_searched() -> None:
    state = new_game(GameConfig(players=2, seed=1))
    state = apply_move(state, legal_moves(state)[0])
    rng = random.Random(0)
    before = rng.getstate()
    only = legal_moves(state, 0)[:1]
    assert ISMCTSBot(rng).choose(state, 0, only) == only[0]
    assert rng.getstate() == before


def test_budget_in_seconds_stops_after_the_first_world() -> None:
    state = _draft_position()
    moves = legal_moves(state, 0)
    bot = ISMCTSBot(random.Random(1), iterations=10_000, seconds=0.0)
    assert bot.choose(state, 0, moves) in moves


def test_iterations_must_be_a_positive_whole_number() -> None:
    with pytest.raises(ValueError, match="iterations must be a whole number ≥ 1"):
        ISMCTSBot(random.Random(1), iterations=0)


@pytest.mark.slow
def test_ismcts_outscores_greedy_over_fixed_games() -> None:
    """Six fixed 2-player games (seats alternating): the search bot's total lead is positive.

    The measured win rates, over hundreds of games, are in the bots guide.
    """
    lead = 0
    for seed in range(6):
        seat = seed % 2
        bots: list[Bot] = [GreedyBot(random.Random(seed)), GreedyBot(random.Random(seed + 100))]
        bots[seat] = ISMCTSBot(random.Random(seed), iterations=16)
        totals = [sheet.total for sheet in score(play_game(GameConfig(players=2, seed=seed), bots).final)]
        lead += totals[seat] - totals[1 - seat]
    assert lead > 0
