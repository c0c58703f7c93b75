"""Setting up a game (SETUP-1 to SETUP-7)."""

from __future__ import annotations

from .._components import components
from .._config import GameConfig
from .._dice import draw, shuffled
from .._model import LOCATIONS, GameState, Player

#: Building tiles per stack (SETUP-5).
TILES_PER_STACK = 7


def start_player(config: GameConfig) -> int:
    """SETUP-7: the configured seat, or one drawn from the seed for ``"random"``."""
    if config.start_player == "random":
        return draw(config.seed, "start player", 0, config.players)
    return config.start_player


def new_game(config: GameConfig) -> GameState:
    """The position before the first placement.

    SETUP-1/2: each player has 5 people at home and 12 food, nothing else.
    SETUP-5: the 28 tiles, shuffled, form 4 stacks of 7, of which one per player is used
    (the others go back to the box unseen). SETUP-6: the shuffled cards form the draw
    pile; the first four fill slots 1 to 4. SETUP-7: the start player.
    """
    tiles = shuffled(config.seed, "buildings", [b.id for b in components().buildings])
    stacks = tuple(tiles[i * TILES_PER_STACK : (i + 1) * TILES_PER_STACK] for i in range(config.players))
    cards = shuffled(config.seed, "cards", [c.id for c in components().cards])
    start = start_player(config)
    return GameState(
        config=config,
        players=tuple(Player() for _ in range(config.players)),
        placed=tuple((0,) * config.players for _ in LOCATIONS),
        stacks=stacks,
        display=cards[:4],
        pile=cards[4:],
        start=start,
        turn=start,
    )
