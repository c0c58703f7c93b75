"""The built-in bots: legal, fair (deciding from the seat's view), and the greedy one better than chance."""

from __future__ import annotations

import pytest

from stone_age_rules import GameConfig, apply_move, legal_moves, new_game, player_view, score
from stone_age_rules.bots import Bot, GreedyBot, RandomBot, make_bot


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_plays_legal_moves_and_decides_from_its_view(kind: str) -> None:
    state = new_game(GameConfig(3, 4, max_rounds=2))
    whole = [make_bot(kind, seat) for seat in range(3)]
    viewed = [make_bot(kind, seat) for seat in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        move = whole[seat].choose(state, seat)
        assert move in legal_moves(state, seat)
        assert viewed[seat].choose(player_view(state, seat), seat) == move
        state = apply_move(state, move)


def _totals(bots: list[Bot], seed: int) -> list[int]:
    state = new_game(GameConfig(2, seed, max_rounds=10))
    while not state.is_over:
        seat = state.to_act[0]
        state = apply_move(state, bots[seat].choose(state, seat))
    return [sheet.total for sheet in score(state)]


def test_the_greedy_bot_beats_the_random_bot() -> None:
    first = _totals([GreedyBot(1), RandomBot(2)], 5)
    second = _totals([RandomBot(3), GreedyBot(4)], 6)
    assert first[0] > first[1] and second[1] > second[0]


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        make_bot("smart")
