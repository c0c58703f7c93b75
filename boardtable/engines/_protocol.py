"""The engine protocol's messages, version 1: JSON lines over stdin/stdout.

Host to engine: ``hello`` (protocol, game, seat, and a ``seed`` an engine may use to be
reproducible), ``turn`` (the seat's view document, its legal moves with notation and move
data, and ``ms`` to answer in), ``quit``. Engine to host: ``ready`` (its name) after
``hello``, ``move`` (notation or move data) after each ``turn``. Unknown fields are ignored
both ways. The documentation for engine authors is ``docs/engines.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from ..errors import GameError
from ..games import Game
from ..reader import parse_json, shown

__all__ = [
    "PROTOCOL",
    "ProtocolError",
    "Turn",
    "hello",
    "parse_message",
    "quit_line",
    "read_message",
    "ready_name",
]

#: The moves of the game an engine plays.
M = TypeVar("M")

#: The protocol's version.
PROTOCOL = 1


class ProtocolError(GameError):
    """A message that does not follow the protocol (the message says how, in one line)."""


def _line(message: Mapping[str, object]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def hello(game: str, seat: int, seed: str) -> bytes:
    """The first line to an engine of the game named ``game``."""
    return _line({"type": "hello", "protocol": PROTOCOL, "game": game, "seat": seat, "seed": seed})


def quit_line() -> bytes:
    """The last line to an engine."""
    return _line({"type": "quit"})


def parse_message(line: bytes | str) -> Mapping[str, object]:
    """The message in a line (a JSON object); :class:`ProtocolError` for anything else."""
    message = parse_json(line, ProtocolError)
    if not isinstance(message, Mapping):
        raise ProtocolError(f"expected a JSON object, found {shown(message)}")
    return message


def read_message(line: bytes | str, expected: str) -> Mapping[str, object]:
    """The message of ``expected`` type in a line; :class:`ProtocolError` for anything else."""
    message = parse_message(line)
    if message.get("type") != expected:
        raise ProtocolError(f"expected a {expected!r} message, found type {shown(message.get('type'))}")
    return message


def ready_name(line: bytes) -> str:
    """The engine's name in its ``ready`` line."""
    name = read_message(line, "ready").get("name")
    return name if isinstance(name, str) else "engine"


class Turn(Generic[M]):
    """One decision asked of an engine: the ``turn`` line, and the moves its answer may name."""

    def __init__(
        self, game: Game[Any, Any, M, Any, Any], view: object, seat: int, moves: Sequence[M], ms: int
    ) -> None:
        self.game = game
        self.seat = seat
        self.by_notation = {str(move): move for move in moves}
        legal = json.dumps(
            [{"notation": text, "move": game.move_data(move)} for text, move in self.by_notation.items()],
            separators=(",", ":"),
        )
        position = json.dumps(game.position_data(view), separators=(",", ":"))
        self.line = f'{{"type":"turn","seat":{seat},"view":{position},"legal":{legal},"ms":{ms}}}\n'.encode()

    def answer(self, line: bytes) -> M:
        """The move an engine's ``move`` line names (not yet checked against the rules)."""
        named = read_message(line, "move").get("move")
        if isinstance(named, str):
            known = self.by_notation.get(named)
            if known is not None:
                return known
        elif not isinstance(named, Mapping):
            raise ProtocolError(f"'move' is a move's notation or its data, not {shown(named)}")
        try:
            return self.game.read_move(dict(named) if isinstance(named, Mapping) else named)
        except GameError as exc:
            raise ProtocolError(f"the move data: {exc}" if isinstance(named, Mapping) else str(exc)) from None
