"""Play a game between the greedy bot and the random bot and print the score sheet.

Usage: python examples/play_two_bots.py [SEED]

Seat 0 is played by ``GreedyBot`` (one move of lookahead with a position
evaluation), seat 1 by ``RandomBot`` (uniform among the legal moves). Both are
seeded, so the same SEED always plays the same game.
"""

from __future__ import annotations

import random
import sys

from hadara_rules import GameConfig, score, winners
from hadara_rules.bots import Bot, GreedyBot, RandomBot, play_game

CATEGORIES = ("colonies", "statues", "silver", "gold", "cards", "coins", "total")


def main(seed: int = 1) -> None:
    bots: list[Bot] = [GreedyBot(random.Random(f"{seed}:greedy")), RandomBot(random.Random(f"{seed}:random"))]
    names = [type(bot).__name__ for bot in bots]
    game = play_game(GameConfig(players=2, seed=seed), bots)
    sheets = score(game.final)

    print(f"Seed {seed}: {' vs '.join(names)}, {len(game.moves)} moves\n")
    print(f"{'':<10}" + "".join(f"{name:>12}" for name in names))
    for category in CATEGORIES:
        print(f"{category:<10}" + "".join(f"{getattr(sheet, category):>12}" for sheet in sheets))
    won = winners(game.final)
    print("\nWinner: " + " and ".join(names[seat] for seat in won) + (" (shared)" if len(won) > 1 else ""))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
