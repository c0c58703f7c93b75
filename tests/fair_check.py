"""The check that a bot moves the same whatever view of one position it is handed
(shared by the quick test and the slow property)."""

from __future__ import annotations

import random
from collections.abc import Callable

from hadara_rules import GameState, legal_moves, player_view
from hadara_rules.bots import Bot, GreedyBot, RandomBot
from hadara_rules.search import ISMCTSBot
from hadara_rules.view import sample_world

#: The built-in bots, the search bot with a tiny budget.
BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": lambda rng: ISMCTSBot(rng, iterations=2, candidates=2),
}


def assert_fair(kind: str, state: GameState, seat: int, seed: int) -> None:
    """The bot's move, and its generator afterwards, are the same for the whole position,
    the seat's view and a world sampled from the view."""
    make = BOTS[kind]
    view = player_view(state, seat)
    world = sample_world(view, seat, random.Random(seed))
    chosen = []
    for handed in (state, view, world):
        rng = random.Random(seed)
        move = make(rng).choose(handed, seat)
        assert move in legal_moves(state, seat), (kind, move)
        chosen.append((move, rng.getstate()))
    assert chosen[0] == chosen[1] == chosen[2], (kind, state.section, seat, [m for m, _ in chosen])
