"""Outside bots, under the name they had before the platform became a package of its own (see
:mod:`boardtable.engines`), with Hadara's own ways of seating them."""

from __future__ import annotations

import random
from collections.abc import Mapping

from boardtable.engines import *  # noqa: F403
from boardtable.engines import EngineBot
from boardtable.engines import __all__ as _platform
from boardtable.engines.options import check_names

from ..bots import BOTS, Bot
from ..game import GAME

__all__ = [*_platform, "make_bot", "make_seats"]


def make_bot(name: str, seat: int, seed: str, engines: Mapping[str, str]) -> Bot:
    """The Hadara bot ``name`` for ``seat``, its generator (or its engine's) seeded with ``seed``."""
    if name in engines:
        return EngineBot(engines[name], seat, seed, game=GAME, name=name)
    return BOTS[name](random.Random(seed))


def make_seats(name: str, players: int, seed: int, engines: Mapping[str, str]) -> list[Bot]:
    """``players`` bots of one kind, seeded as :func:`~hadara_rules.bots.make_bots` seeds them."""
    check_names([name], engines, GAME)
    return [make_bot(name, seat, f"{seed}:{seat}", engines) for seat in range(players)]
