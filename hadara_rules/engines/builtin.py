"""The built-in bots as engines: ``hadara engine BOT``.

:func:`serve` answers the engine protocol on a pair of streams with one of the bots of
:data:`~hadara_rules.bots.BOTS`: at ``hello`` it makes the bot, its generator seeded with
the ``seed`` the host sends, and at each ``turn`` it loads the seat's view document (a view
loads back as what a bot decides from, INFO-1) and the legal moves, and answers the bot's
choice. A host that seeds it as :mod:`hadara_rules.arena` seeds its bots gets the very
moves the bot plays in the library.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from typing import IO

from .._errors import HadaraError
from .._model import GameState
from .._moves import Move
from .._reader import clip, shown
from ..bots import BOTS, Bot
from ..records import from_data
from ._protocol import ProtocolError, parse_message

__all__ = ["serve"]


def serve(kind: str, lines: Iterable[str], out: IO[str], errors: IO[str]) -> int:
    """Play the engine protocol with the ``kind`` bot: read messages from ``lines``, answer
    on ``out``, say on ``errors`` (one line each) why a message is left unanswered.
    Returns 0 at ``quit`` or at the end of the input."""
    bot: Bot | None = None
    for line in lines:
        try:
            message = parse_message(line)
            if message.get("type") == "hello":
                seed = message.get("seed")
                bot = BOTS[kind](random.Random(seed if isinstance(seed, str) else shown(seed)))
                _say(out, {"type": "ready", "name": kind})
            elif message.get("type") == "turn":
                if bot is None:
                    raise ProtocolError("a turn before hello")
                seat, view, moves = read_turn(message)
                _say(out, {"type": "move", "move": str(bot.choose(view, seat, moves))})
            elif message.get("type") == "quit":
                return 0
        except (HadaraError, ValueError) as exc:
            print(f"hadara engine {kind}: {clip(str(exc))}", file=errors, flush=True)
    return 0


def read_turn(message: Mapping[str, object]) -> tuple[int, GameState, tuple[Move, ...]]:
    """The seat, its view and its legal moves of a ``turn`` message (or of a server's view:
    its ``seat``, its ``position`` as ``view`` and its ``legal``)."""
    seat, view, legal = message.get("seat"), message.get("view"), message.get("legal")
    if type(seat) is not int:
        raise ProtocolError(f"'seat' is a seat number, not {shown(seat)}")
    if not isinstance(legal, list) or not legal:
        raise ProtocolError(f"'legal' is a list of moves, not {shown(legal)}")
    state = from_data(view, GameState)
    moves = tuple(
        from_data({"schema_version": 1, "kind": "move", "data": item.get("move")}, Move)
        if isinstance(item, Mapping)
        else _refuse(item)
        for item in legal
    )
    return seat, state, moves


def _refuse(item: object) -> Move:
    raise ProtocolError(f"a legal move is an object with its notation and data, not {shown(item)}")


def _say(out: IO[str], message: Mapping[str, object]) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()
