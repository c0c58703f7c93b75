"""The options of every game's matches on the command line (``hadara play``, ``hadara
arena``): each game declares its own (:attr:`Commands.options
<boardtable.games.commands.Commands.options>`), and the command takes those of every
registered game.

Which game is played is known only once the command line is read (``--game``, or the game
of the file ``--resume`` names), so an option is read in two steps: the command line keeps
its text (:func:`add_game_options`), and the game played reads it (:func:`game_options`).
An option of another game is refused in one line (:func:`foreign`), naming the games whose
it is.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .errors import UsageError
from .games import DEFAULT, AnyGame, game, names
from .games.commands import CommandOption

__all__ = [
    "PLAYERS",
    "add_game_options",
    "bots_help",
    "foreign",
    "game_options",
    "games_help",
    "given",
    "players",
    "seat_counts",
]

#: The number of players when neither ``--players`` nor an option of one item per seat says
#: (or the nearest number the game seats).
PLAYERS = 4


def _declared() -> dict[str, list[tuple[AnyGame, CommandOption]]]:
    """Every game's options by key, with the games that declare each."""
    declared: dict[str, list[tuple[AnyGame, CommandOption]]] = {}
    for name in names():
        played = game(name)
        for option in played.commands().options:
            declared.setdefault(option.key, []).append((played, option))
    return declared


def _dest(key: str) -> str:
    """Where the command line keeps an option's text (apart from the command's own options)."""
    return f"game option {key}"


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Add every registered game's options to a command's: each kept as typed (a flag as
    True), read by the game played (:func:`game_options`)."""
    for key, owners in _declared().items():
        option = owners[0][1]
        told = "; ".join(f"{played.title}: {option.help}" for played, option in owners)
        if option.read is None:
            parser.add_argument(option.flag, dest=_dest(key), action="store_const", const=True, help=told)
        else:
            parser.add_argument(option.flag, dest=_dest(key), metavar=option.metavar, help=told)


def given(args: argparse.Namespace) -> list[str]:
    """The game options given on the command line, as they are typed (``--KEY``)."""
    return [owners[0][1].flag for key, owners in _declared().items() if _value(args, key) is not None]


def _value(args: argparse.Namespace, key: str) -> str | bool | None:
    value: str | bool | None = getattr(args, _dest(key), None)
    return value


def foreign(args: argparse.Namespace, played: AnyGame) -> tuple[str, str] | None:
    """The first option given that ``played`` has not: as it is typed, and the titles of the
    games whose it is; None when every option given is the game's."""
    own = {option.key for option in played.commands().options}
    for key, owners in _declared().items():
        if key not in own and _value(args, key) is not None:
            return owners[0][1].flag, " or ".join(owner.title for owner, _ in owners)
    return None


def game_options(args: argparse.Namespace, played: AnyGame) -> dict[str, object]:
    """The options document of the options given for ``played`` (each one of its own, see
    :func:`foreign`); :class:`argparse.ArgumentTypeError` naming the option for text one
    cannot be (``argument --FLAG: …``)."""
    document: dict[str, object] = {}
    for option in played.commands().options:
        value = _value(args, option.key)
        if value is None:
            continue
        if option.read is None or not isinstance(value, str):
            document[option.key] = True
            continue
        try:
            document[option.key] = option.read(value)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"argument {option.flag}: {exc}") from None
    return document


def players(given: int | None, played: AnyGame, document: dict[str, object]) -> int:
    """The number of players of a new game of ``played`` with the options ``document``: the
    number ``--players`` gives, else the number of items of an option of one item per seat
    (:attr:`~boardtable.games.commands.CommandOption.per_seat`), else :data:`PLAYERS` (or the
    nearest number the game seats); :class:`~boardtable.errors.UsageError` for a number the
    game is not played by."""
    fewest, most = played.seats
    count = given
    for option in played.commands().options:
        value = document.get(option.key)
        if count is None and option.per_seat and isinstance(value, Sequence) and not isinstance(value, str):
            count = len(value)
    if count is None:
        count = min(max(PLAYERS, fewest), most)
    if not fewest <= count <= most:
        raise UsageError(f"--players: {played.title} is played by {fewest} to {most} players, not {count}")
    return count


def seat_counts() -> range:
    """Every number of players some registered game is played by (``--players`` takes them;
    the game played is held to its own)."""
    seats = [game(name).seats for name in names()]
    return range(min(fewest for fewest, _ in seats), max(most for _, most in seats) + 1)


def games_help() -> str:
    """Every registered game, for a command's help: ``name (Title; the default), …``."""
    return ", ".join(
        f"{name} ({game(name).title}{'; the default' if name == DEFAULT else ''})" for name in names()
    )


def bots_help() -> str:
    """Every registered game's bots, for a command's help: ``Title: a, b; …``."""
    return "; ".join(f"{game(name).title}: {', '.join(game(name).bot_names())}" for name in names())
