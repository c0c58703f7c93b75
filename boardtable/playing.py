"""``hadara play``: a game of any registered game, by its bots or with people at the terminal.

The game is ``--game``'s, or the saved game's that ``--resume`` names (:mod:`boardtable.gamefiles`),
or the default game. Its bots (or engines, ``--engine``) play every seat people do not
(``--human``); people play at the game's own terminal, or at the platform's
(:mod:`boardtable.terminal`) in the game's words. A game of bots is told move by move in the
game's log. The record is saved with ``--record`` (JSON, or YAML for ``.yaml``/``.yml``), and
a game people leave is saved even without it, to ``NAME-game-SEED.json`` in the working
folder, which ``--resume`` goes on with.

Every game is dealt from its seed and its bots decide from their own seeded generators (a
searching bot by its number of iterations, not by the clock), so that ``--seed`` deals the
same game again, and a game resumed goes on as it would have without the break.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import secrets
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml
from attrs import frozen

from .engines.options import close_bots, decider, engine_table
from .errors import UsageError
from .files import check_writable, write_whole
from .game_options import foreign, game_options, given
from .game_options import players as count_players
from .gamefiles import YAML, read_game_file
from .games import DEFAULT, MAX_SEED, AnyGame, Decider, game
from .games.commands import Outcome, PlayLog, TableWords
from .prompt import Reader, Writer, read_line
from .reader import shown
from .screen import Screen, counted
from .terminal import play_interface_at_terminal

__all__ = ["SEEDS", "line_editing", "play"]

#: The seeds a game is dealt from by default: 0 to 2**53 - 1 (exact in JSON's numbers).
SEEDS = MAX_SEED + 1
#: What ``--resume`` of a record that names no seat played by a person says.
_NO_PEOPLE = "--resume: {} names no seat played by a person; name them with --human"


def line_editing() -> bool:
    """Typing at a terminal gets line editing and a history (the arrow keys) where the
    platform has the readline module (importing it turns it on for ``input()``); elsewhere
    nothing changes. True when it did."""
    try:
        importlib.import_module("readline")
    except ImportError:
        return False
    return True


def _named(played: AnyGame) -> str:
    """``--game NAME`` as the command is typed for ``played`` (nothing for the default game)."""
    return "" if played.name == DEFAULT else f" --game {played.name}"


@frozen
class _Game:
    """The game ``hadara play`` plays: its options, the moves already made (a game resumed),
    the seats people play, the number of seats, and where the record is saved (None: only
    if people leave it)."""

    played: AnyGame
    options: object
    made: tuple[object, ...]
    humans: tuple[int, ...]
    players: int
    save_to: str | None


def _resumed(args: argparse.Namespace) -> _Game:
    """The saved game ``--resume`` names, to go on with."""
    path = args.resume
    settings = [f"--{name}" for name in ("players", "seed") if getattr(args, name) is not None]
    settings += given(args)
    if settings:
        raise UsageError(f"--resume: the record sets the game; leave out {', '.join(settings)}")
    saved = read_game_file(path, args.game)
    played = saved.played
    state, _ = saved.played_to(len(saved.moves))
    if played.is_over(state):
        raise UsageError(f"{path}: the game is over ('hadara replay' shows it)")
    if saved.resigned is not None:
        raise UsageError(f"{path}: a seat resigned, the game is over ('hadara replay' shows it)")
    humans = args.human or tuple(seat for seat, name in enumerate(saved.names) if name == "human")
    if not humans:
        raise UsageError(_NO_PEOPLE.format(path))
    players = len(played.totals(state))
    return _Game(played, saved.options, saved.moves, humans, players, args.record or path)


def _new(args: argparse.Namespace) -> _Game:
    """A new game of ``--game`` (the default game), with the options given."""
    played = game(args.game or DEFAULT)
    other = foreign(args, played)
    if other is not None:
        raise UsageError(f"{other[0]}: {other[1]}'s option; {played.title} has none")
    document = game_options(args, played)
    players = count_players(args.players, played, document)
    seed = secrets.randbelow(SEEDS) if args.seed is None else args.seed
    options = played.read_options(document, players, seed)
    return _Game(played, options, (), args.human or (), players, args.record)


def play(args: argparse.Namespace) -> int:
    """``hadara play``: see the module. 0 for a game played to its end, 1 for one left."""
    chosen = _resumed(args) if args.resume is not None else _new(args)
    played, players = chosen.played, chosen.players
    table = engine_table(args.engine)
    bot: str = args.bot or played.stand_in
    if bot not in played.bot_names() and bot not in table:
        known = ", ".join([*played.bot_names(), *table])
        raise UsageError(f"--bot: {played.title}'s bots are {known}; unknown bot {shown(bot)}")
    for seat in chosen.humans:
        if seat >= players:
            raise UsageError(
                f"--human: no seat {seat} in a {players}-player game (seats are 0 to {players - 1})"
            )
    if chosen.save_to is not None:  # before the game is played, so a bad path costs no game
        check_writable(chosen.save_to, "the record", UsageError)
    seed = played.seed(chosen.options)
    title = "Seed" if played.name == DEFAULT else f"{played.title}, seed"
    print(f"{title} {seed} ('hadara play{_named(played)} --seed {seed}' deals this game again)")
    bots = {
        seat: decider(played, bot, seat, f"{seed}:{seat}", table, math.inf)
        for seat in range(players)
        if seat not in chosen.humans
    }
    try:
        return _play_with(chosen, args, bot, bots)
    finally:
        close_bots(list(bots.values()))


def _play_with(
    chosen: _Game, args: argparse.Namespace, bot: str, bots: Mapping[int, Decider[Any, Any]]
) -> int:
    """The game ``chosen``, its other seats played by ``bots`` (the ``bot`` bots): told, scored,
    and saved."""
    played, humans, save_to = chosen.played, chosen.humans, chosen.save_to
    commands = played.commands()
    if humans:
        line_editing()
        if chosen.made:
            print(f"Resuming {args.resume} after {counted(len(chosen.made), 'move')}")
        hand_over = len(humans) > 1 and sys.stdin.isatty()  # hot seat at a terminal
        terminal = commands.terminal or _PlatformTerminal(played, commands.words)
        outcome = terminal(
            chosen.options, humans, bots, read_line, print, hand_over, Screen.of(sys.stdout), chosen.made
        )
        moves, final = tuple(outcome.moves), outcome.final
        names = tuple("human" if seat in humans else f"{bot} bot" for seat in range(chosen.players))
        seats = ", ".join(map(str, humans))
        notes = f"hadara play: seats {seats} played by people, the others by the {bot} bot"
        if not played.is_over(final) and save_to is None:  # a game left is kept, to be resumed
            save_to = f"{played.name}-game-{played.seed(chosen.options)}.json"
    else:
        moves, final = _bots_only(played, chosen.options, bots)
        names = tuple(f"{bot} bot {seat}" for seat in range(chosen.players))
        notes = f"hadara play: every seat played by the {bot} bot"
    if played.is_over(final):
        print(f"\n== Final score (after {counted(len(moves), 'move')})")
        print(commands.words.score(final))
        won = [commands.seat_name(final, seat) for seat in played.winners(final)]
        print(f"\nWinner: {', '.join(won)}" + (" (shared)" if len(won) > 1 else ""))
    else:
        where = commands.words.where(final)
        print(f"The game was left after {counted(len(moves), 'move')}{', ' + where if where else ''}.")
    if save_to is not None:
        text = played.record(chosen.options, moves, final, names, notes)
        if Path(save_to).suffix in YAML:
            text = yaml.safe_dump(json.loads(text), sort_keys=False)
        write_whole(save_to, text, "the record", UsageError)
        goes_on = (
            "" if played.is_over(final) else f" ('hadara play{_named(played)} --resume {save_to}' goes on)"
        )
        kept = "" if save_to in (args.record, args.resume) else f", in the folder {Path.cwd()}"
        print(f"Record saved to {save_to}{goes_on}{kept}")
    return 0 if played.is_over(final) else 1


def _bots_only(
    played: AnyGame, options: object, bots: Mapping[int, Decider[Any, Any]]
) -> tuple[tuple[object, ...], object]:
    """A game of bots to its end, told in the game's log: its moves and its last position."""
    state = played.new(options)
    make_log = played.commands().log
    log: PlayLog = make_log(state) if make_log is not None else _EventLog(played)
    print("\n".join(log.opening()))
    moves: list[object] = []
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        move = bots[seat].choose(state, seat)
        state, events = played.play(state, move)
        moves.append(move)
        for line in log.lines(events):
            print(line)
    return tuple(moves), state


@frozen
class _EventLog:
    """The log of a game whose game says nothing more: each event's text, a line each."""

    played: AnyGame

    def opening(self) -> list[str]:
        return []

    def lines(self, events: Sequence[Any]) -> list[str]:
        return [str(self.played.event_data(event)["text"]) for event in events]


@frozen
class _PlatformTerminal:
    """A game at the platform's terminal (:func:`~boardtable.terminal.play_interface_at_terminal`):
    the moves of a game resumed made again first, each bot choosing its own again."""

    played: AnyGame
    words: TableWords

    def __call__(
        self,
        options: Any,
        humans: Collection[int],
        bots: Mapping[int, Decider[Any, Any]],
        read: Reader,
        write: Writer,
        hand_over: bool,
        screen: Screen,
        made: Sequence[Any],
    ) -> Outcome:
        played = self.played
        state = played.new(options)
        for move in made:
            seat = played.mover(move)
            bot = bots.get(seat)
            if bot is not None:  # its generator goes on from where it stood
                bot.choose(state, seat)
            state, _ = played.play(state, move)
        return play_interface_at_terminal(
            played, state, humans, bots, read, write, self.words, hand_over, made, screen
        )
