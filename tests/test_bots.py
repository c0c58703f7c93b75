"""The built-in bots: legal, deterministic, and the greedy bot outscores the random one."""

from __future__ import annotations

import random

from hadara_rules import GameConfig, legal_moves, score
from hadara_rules.bots import Bot, GreedyBot, RandomBot, make_bots, play_game


def test_bots_play_only_legal_moves_and_are_deterministic() -> None:
    config = GameConfig(players=3, seed=4, advanced=True)
    first = play_game(config, make_bots("greedy", 3, 4))
    again = play_game(config, make_bots("greedy", 3, 4))
    assert first.final.is_over
    assert first == again


def test_on_move_sees_every_move_in_order() -> None:
    seen = []
    game = play_game(GameConfig(players=2, seed=1), make_bots("random", 2, 1), lambda b, m, a: seen.append(m))
    assert tuple(seen) == game.moves


def test_random_bot_picks_among_the_legal_moves() -> None:
    game = play_game(GameConfig(players=2, seed=9), make_bots("random", 2, 9))
    assert len(set(game.moves)) > 20


def test_greedy_bot_outscores_the_random_bot() -> None:
    """A sanity check of scoring: one-ply lookahead on points must beat chance."""
    greedy_total = random_total = 0
    for seed in range(8):
        bots: list[Bot] = [GreedyBot(random.Random(seed)), RandomBot(random.Random(seed))]
        if seed % 2:
            bots.reverse()
        final = play_game(GameConfig(players=2, seed=seed, advanced=seed % 4 > 1), bots).final
        sheets = score(final)
        greedy_seat = 0 if seed % 2 == 0 else 1
        greedy_total += sheets[greedy_seat].total
        random_total += sheets[1 - greedy_seat].total
        assert legal_moves(final) == ()
    assert greedy_total > 1.4 * random_total
