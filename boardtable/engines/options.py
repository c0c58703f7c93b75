"""Engines named on the command line: ``--engine NAME=COMMAND``, then NAME is used like a
built-in bot of any game (``hadara play --bot NAME``, ``hadara arena --bots NAME,greedy``)."""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import GameError
from ..games import DEFAULT, AnyGame, Decider
from ..reader import shown
from .builtin import bot_names
from .host import EngineBot

__all__ = [
    "EngineError",
    "add_engine_option",
    "check_names",
    "close_bots",
    "decider",
    "engine_table",
    "find_program",
]


class EngineError(GameError):
    """An engine named on the command line that cannot be used as given."""


def _engine(text: str) -> tuple[str, str]:
    """``NAME=COMMAND``: a name of letters, digits, ``-`` and ``_``, and a command."""
    name, equals, command = text.partition("=")
    name = name.strip()
    if not equals or not re.fullmatch(r"[\w-]{1,30}", name, re.ASCII):
        raise argparse.ArgumentTypeError(
            f'expected NAME=COMMAND, e.g. mine="python3 mine.py", found {shown(text)}'
        )
    if name in bot_names():
        raise argparse.ArgumentTypeError(f"{name!r} is a built-in bot; name the engine otherwise")
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"the command of {name!r}: {exc}") from None
    if not words:
        raise argparse.ArgumentTypeError(f"the command of {name!r} is empty")
    return name, command


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--engine NAME=COMMAND`` (repeatable) to a command's options."""
    parser.add_argument(
        "--engine",
        type=_engine,
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="an outside engine (docs/engines.md), then used by NAME like a built-in bot (repeatable)",
    )


def engine_table(engines: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The engines by name; :class:`EngineError` for a name given twice or a program not found."""
    table: dict[str, str] = {}
    for name, command in engines:
        if name in table:
            raise EngineError(f"--engine: {name!r} is named twice")
        find_program(command, f"--engine {name}")
        table[name] = command
    return table


def find_program(command: str, option: str) -> None:
    """:class:`EngineError`, naming ``option``, for a command that names no program found."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise EngineError(f"{option}: {exc}") from None
    if not words:
        raise EngineError(f"{option}: the command names no program")
    if shutil.which(words[0]) is None:
        raise EngineError(f"{option}: no program {shown(words[0])} found")


def check_names(names: Iterable[str], engines: Mapping[str, str], played: AnyGame) -> None:
    """Every name is a built-in bot's of ``played`` or an engine's; :class:`EngineError`
    otherwise."""
    known = played.bot_names()
    title = "" if played.name == DEFAULT else f"{played.title} "
    for name in names:
        if name not in known and name not in engines:
            raise EngineError(
                f"unknown {title}bot {shown(name)}; the bots are {', '.join([*sorted(known), *engines])}"
            )


def decider(
    played: AnyGame, name: str, seat: int, seed: str, engines: Mapping[str, str], seconds: float = 1.0
) -> Decider[Any, Any]:
    """The bot ``name`` of ``played`` for ``seat``, seeded with ``seed`` (``seconds`` a decision
    for a searching bot: :data:`math.inf` leaves it its number of iterations alone, so that it
    decides the same on any machine), or the engine ``name`` playing it."""
    if name in engines:
        return EngineBot(engines[name], seat, seed, game=played, name=name)
    return played.bot(name, seed, seconds)


def close_bots(bots: Sequence[object]) -> None:
    """Stop the engines among ``bots``."""
    for bot in bots:
        if isinstance(bot, EngineBot):
            bot.close()
