"""The built-in bots as engines: ``hadara engine BOT``.

:func:`serve` answers the engine protocol on a pair of streams with a built-in bot of the
game that ``hello`` names (the default game's when it names none): at ``hello`` it makes the bot,
its generator seeded with the ``seed`` the host sends, and at each ``turn`` it loads the
seat's view document (a view loads back as what a bot decides from, INFO-1) and answers
the bot's choice. A host that seeds it as :mod:`boardtable.arena` seeds its bots gets
the very moves the bot plays in the library. A searching bot thinks for half the ``ms``
of its first turn at most, leaving the rest to the pipes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import IO, Any

from ..errors import GameError
from ..games import DEFAULT, AnyGame, Decider, game, names
from ..reader import clip, shown
from ._protocol import ProtocolError, parse_message

__all__ = ["bot_names", "read_turn", "serve"]


def bot_names() -> tuple[str, ...]:
    """Every bot ``hadara engine`` can run: the bots of every game, each name once."""
    return tuple(sorted({bot for name in names() for bot in game(name).bot_names()}))


class _Player:
    """The bot of one game's seat, as ``hello`` asked for it (made at its first turn, which
    gives its time)."""

    def __init__(self, kind: str, message: Mapping[str, object]) -> None:
        name = message.get("game", DEFAULT)
        self.game = game(name if isinstance(name, str) else shown(name))
        if kind not in self.game.bot_names():
            bots = ", ".join(self.game.bot_names())
            raise ProtocolError(f"{self.game.title} has no bot {kind!r} (its bots are {bots})")
        seed = message.get("seed")
        self.kind = kind
        self.seed = seed if isinstance(seed, str) else shown(seed)
        self.bot: Decider[Any, Any] | None = None

    def answer(self, message: Mapping[str, object]) -> str:
        """The bot's move for a ``turn``, in notation."""
        seat, view, _ = read_turn(self.game, message)
        if self.bot is None:
            ms = message.get("ms")
            seconds = ms / 2000 if type(ms) is int and ms > 0 else 1.0
            self.bot = self.game.bot(self.kind, self.seed, seconds)
        return str(self.bot.choose(view, seat))


def serve(kind: str, lines: Iterable[str], out: IO[str], errors: IO[str]) -> int:
    """Play the engine protocol with the ``kind`` bot: read messages from ``lines``, answer
    on ``out``, say on ``errors`` (one line each) why a message is left unanswered.
    Returns 0 at ``quit`` or at the end of the input."""
    player: _Player | None = None
    for line in lines:
        try:
            message = parse_message(line)
            if message.get("type") == "hello":
                player = _Player(kind, message)
                _say(out, {"type": "ready", "name": kind})
            elif message.get("type") == "turn":
                if player is None:
                    raise ProtocolError("a turn before hello")
                _say(out, {"type": "move", "move": player.answer(message)})
            elif message.get("type") == "quit":
                return 0
        except (GameError, ValueError) as exc:
            print(f"hadara engine {kind}: {clip(str(exc))}", file=errors, flush=True)
    return 0


def read_turn(played: AnyGame, message: Mapping[str, object]) -> tuple[int, Any, tuple[Any, ...]]:
    """The seat, its view and its legal moves of a ``turn`` message of ``played`` (or of a
    server's view: its ``seat``, its ``position`` as ``view`` and its ``legal``)."""
    seat, view, legal = message.get("seat"), message.get("view"), message.get("legal")
    if type(seat) is not int:
        raise ProtocolError(f"'seat' is a seat number, not {shown(seat)}")
    if not isinstance(legal, list) or not legal:
        raise ProtocolError(f"'legal' is a list of moves, not {shown(legal)}")
    state = played.read_position(view)
    moves = tuple(
        played.read_move(item.get("move")) if isinstance(item, Mapping) else _refuse(item) for item in legal
    )
    return seat, state, moves


def _refuse(item: object) -> object:
    raise ProtocolError(f"a legal move is an object with its notation and data, not {shown(item)}")


def _say(out: IO[str], message: Mapping[str, object]) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()
