"""The ``hadara`` command: the platform's command line, for every registered game.

Every command plays, checks, replays or draws one game: ``--game NAME`` names it where a
command makes one (``play``, ``arena``, ``explain``, ``rules``, ``schema``; the default game
when none is named), and a file names its own (``replay``, ``render``, ``check``, ``play
--resume``; :mod:`boardtable.gamefiles`). What the command says of a game is the game's own
(its :class:`~boardtable.games.commands.Commands`), and so are the options of its matches
(``hadara play --help`` lists every game's).

Bad input of any kind (a missing, empty, oversized or malformed file, a pipe or
device instead of a file, wrong types, unknown ids or move types, a tampered
record, an unknown rule ID, a bad option, a file of another game than ``--game``)
ends with one line on standard error naming the file and what is wrong, and exit
status 2; never a traceback. ``hadara check`` exits 1 when a scenario's expectation
does not hold.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from . import __version__
from .errors import GameError, UsageError
from .gamelist import DEFAULT, MAX_SEED, names
from .options import at_least, whole
from .renderer import clip, shown

__all__ = ["COMMAND", "UsageError", "main"]

#: The command's name.
COMMAND = "hadara"


class _Parser(argparse.ArgumentParser):
    """Argument errors in the command's own style: one line, exit status 2; a help whose
    closing words are written only when it is shown (they name every registered game by its
    title, which imports each)."""

    #: What the help says under its options, made when it is shown (None: its epilog).
    closing: Callable[[], str] | None = None

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{COMMAND}: {clip(message)} (see '{self.prog} --help')\n")

    def format_help(self) -> str:
        if self.closing is not None:
            self.epilog, self.closing = self.closing(), None
        return super().format_help()


def _seats(text: str) -> tuple[int, ...]:
    """Seat numbers, comma separated, each once: ``0`` or ``0,2``."""
    words = [word.strip() for word in text.split(",")]
    if not all(word.isascii() and word.isdigit() and len(word) <= 2 for word in words):
        raise argparse.ArgumentTypeError(f"expected seat numbers like 0 or 0,2, found {shown(text)}")
    seats = tuple(int(word) for word in words)
    twice = next((seat for i, seat in enumerate(seats) if seat in seats[:i]), None)
    if twice is not None:
        raise argparse.ArgumentTypeError(f"seat {twice} is named twice")
    return seats


def _explain(args: argparse.Namespace) -> int:
    """``hadara explain [--game NAME] RULE-ID``: the rule's text, where the game's rulebook has
    it, and where it is enforced and tested; the closest IDs for one the game has not."""
    from .games import game

    played = game(args.game)
    known = played.commands().rules()
    rule = known.get(args.rule.upper())
    if rule is None:
        close = difflib.get_close_matches(args.rule.upper(), known, n=3, cutoff=0.6)
        hint = ""
        if close:
            listed = close[0] if len(close) == 1 else f"{', '.join(close[:-1])} or {close[-1]}"
            hint = f"; did you mean {listed}?"
        title = "" if played.name == DEFAULT else f"{played.title} "
        raise UsageError(
            f"{shown(args.rule)}: no such {title}rule ID{hint} (see 'hadara rules{_named(args)}')"
        )
    print(rule.heading())
    print(f"  {rule.summary}")
    if rule.text != rule.summary:
        print(f"\n  {rule.text}")
    if rule.ruling:
        print(f"\n  Ruling: {rule.why}")
        if rule.variant:
            print(f"  Variant: {rule.variant}")
    if rule.implemented_in:
        if args.verbose:
            places = rule.implemented_in
        else:  # the source files, each once
            places = tuple(dict.fromkeys(_source_file(name) for name in rule.implemented_in))
        cited = rule.cited()
        print(f"\n  Enforced in: {', '.join(places)}" + (f" ({cited})" if cited else ""))
    if rule.tested_by:
        print("  Tested by: " + ", ".join(rule.tested_by))
    return 0


def _named(args: argparse.Namespace) -> str:
    """``--game NAME`` as it was given (nothing for the default game)."""
    return "" if args.game == DEFAULT else f" --game {args.game}"


def _source_file(name: str) -> str:
    """The source file of a ``module:function`` name of a rule index: ``package/module.py``."""
    return name.partition(":")[0].replace(".", "/") + ".py"


def _rules(args: argparse.Namespace) -> int:
    """``hadara rules [--game NAME]``: every rule ID of the game with its summary."""
    from .games import game

    for rule in game(args.game).commands().rules().values():
        print(f"{rule.id:<10} {rule.summary}")
    return 0


def _schema(args: argparse.Namespace) -> int:
    """``hadara schema [--game NAME] KIND|--list``: the game's document schemas (the bodies of
    the table's API among them)."""
    from .games import game

    played = game(args.game)
    schemas = played.commands().schemas
    if schemas is None:
        raise UsageError(f"{played.title} has no document schemas")
    kinds = schemas.kinds
    if args.list:
        if args.kind is not None:
            raise UsageError("schema takes a KIND or --list, not both")
        for kind, what in kinds.items():
            print(f"{kind:<18} {what}")
        return 0
    if args.kind is None:
        raise UsageError(f"schema needs a KIND or --list (the kinds: {', '.join(kinds)})")
    if args.kind not in kinds:
        raise UsageError(
            f"{shown(args.kind)} is no document kind of {played.title} (the kinds: {', '.join(kinds)})"
        )
    sys.stdout.write(schemas.text(args.kind))
    return 0


def _engine(args: argparse.Namespace) -> int:
    """``hadara engine BOT``: the engine protocol answered by the built-in bot BOT of the game
    each ``hello`` names."""
    from . import engines

    return engines.serve(args.bot, sys.stdin, sys.stdout, sys.stderr)


def _serve(args: argparse.Namespace) -> int:
    from . import engines
    from .server.limits import Bounds

    try:
        from .server.command import serve
    except ImportError as exc:  # the server extra is not installed
        raise UsageError(
            f"hadara serve needs the server extra ({clip(str(exc), 80)}): pip install 'hadara-rules[server]'"
        ) from None
    chosen = {field: getattr(args, field) for _, field, _, _ in _BOUNDS}
    bounds = Bounds(**chosen, forwarded_allow_ips=args.forwarded_allow_ips)
    return serve(args.host, args.port, args.db, args.allow_origin, bounds, engines.engine_table(args.engine))


def _connect(args: argparse.Namespace) -> int:
    from . import engines

    try:
        from .engines.connect import connect
    except ImportError as exc:  # the server extra (its WebSocket client) is not installed
        raise UsageError(
            f"hadara connect needs the server extra ({clip(str(exc), 80)}): pip install 'hadara-rules[server]'"
        ) from None
    engines.find_program(args.engine, "--engine")
    return connect(args.url, args.match, args.token, args.engine, sys.stdout, ms=args.ms)


def _port(text: str) -> int:
    """A TCP port: 0 to 65535 (0: any free port)."""
    port = whole(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


#: The options of what one client may take of ``hadara serve``: the option, its field of
#: :class:`~boardtable.server.limits.Bounds` (where its default is), its unit, what it bounds.
_BOUNDS = (
    ("--limit-connections", "connections", "N", "connections served at once (more: 503)"),
    ("--keep-alive", "keep_alive", "SECONDS", "seconds an idle connection is kept open"),
    ("--header-timeout", "header_seconds", "SECONDS", "seconds a request's head may take to arrive"),
    ("--body-timeout", "body_seconds", "SECONDS", "seconds a request's body may take to arrive"),
    ("--max-header-bytes", "header_bytes", "BYTES", "bytes a request's head may have"),
    ("--max-message-bytes", "message_bytes", "BYTES", "bytes of a WebSocket message from a client"),
    (
        "--messages-per-second",
        "messages_per_second",
        "N",
        "WebSocket messages a client may send a second on one socket (a burst of twice as many)",
    ),
    (
        "--create-per-minute",
        "create_per_minute",
        "N",
        "matches created and seats taken a minute per client address",
    ),
    ("--live-per-address", "live_per_address", "N", "unfinished matches one client address may have made"),
    (
        "--searching-per-address",
        "searching_per_address",
        "N",
        "unfinished matches with a searching bot one client address may have made",
    ),
    (
        "--changes-per-minute",
        "changes_per_minute",
        "N",
        "leaves, returns and take-backs one seat may ask for a minute",
    ),
    (
        "--sockets-per-minute",
        "sockets_per_minute",
        "N",
        "WebSockets one client address may open a minute",
    ),
    (
        "--analysis-per-minute",
        "analysis_per_minute",
        "N",
        "analyses and replays a minute per client address",
    ),
    ("--search-seconds", "search_seconds", "SECONDS", "seconds a searching bot thinks per decision"),
    ("--search-processes", "search_processes", "N", "processes the searching bots think in"),
    ("--abandon-after", "abandon_hours", "HOURS", "hours an unfinished match may go untouched"),
)


def _bounds_options(server: argparse.ArgumentParser) -> None:
    """The options of :data:`_BOUNDS`, and the proxies trusted to name the client."""
    from .server.limits import BOUNDS

    for flag, field, unit, text in _BOUNDS:
        value = getattr(BOUNDS, field)
        server.add_argument(
            flag,
            dest=field,
            type=at_least(1),
            default=value,
            metavar=unit,
            help=f"{text} (default {value:g})",
        )
    server.add_argument(
        "--forwarded-allow-ips",
        default=BOUNDS.forwarded_allow_ips,
        metavar="ADDRESSES",
        help="the proxies (comma-separated addresses, or *) whose X-Forwarded-For names the client "
        "(default: none, the peer is the client)",
    )


#: What ``hadara --help`` says under the commands.
_FRONT_DOOR = """\
games: {games}
  Every command plays, checks or shows one game. --game NAME names it where a
  command makes one (play, arena, explain, rules, schema; without it, the default
  game); a file names its own (replay FILE, render FILE, check FILE, play --resume FILE).

  hadara play --human 0                  you play seat 0, the bots the others
  hadara play --game NAME --human 0,1    two people at one keyboard (hot seat)
  hadara play --resume FILE              go on with a game saved when you left it
  hadara replay FILE --at N              a record's position after N moves
  hadara serve                           the web table and the game API
  hadara connect URL --match ID --token TOKEN --engine COMMAND
                                         an engine plays a seat of a server's match
"""


def _game_option(parser: argparse.ArgumentParser, what: str, default: str | None = DEFAULT) -> None:
    """``--game NAME``: one of the registered games."""
    parser.add_argument("--game", choices=names(), default=default, help=what)


def _play_options(play: argparse.ArgumentParser) -> None:
    """The options of ``hadara play``, every game's options with them."""
    from . import engines, playing
    from .game_options import add_game_options, bots_help, seat_counts

    counts = seat_counts()
    play.add_argument(
        "--players",
        type=whole,
        choices=counts,
        metavar="N",
        help=f"{counts.start} to {counts.stop - 1}, as the game seats (default: one per item of an "
        "option of one item per seat, else 4)",
    )
    play.add_argument(
        "--seed",
        type=whole,
        help=f"the game's seed, 0 to {MAX_SEED} (default: a random one, printed with the game)",
    )
    play.add_argument(
        "--bot",
        help=f"which bot plays every seat nobody plays, of the game played ({bots_help()}), "
        "or an --engine (default: the game's stand-in bot, greedy)",
    )
    engines.add_engine_option(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="save the game record (JSON, or YAML for .yaml/.yml); a game people leave is saved even "
        "without it, to NAME-game-SEED.json in the working folder (NAME: the game's)",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the game saved in FILE, of whichever game it is (its seats played by people, "
        "unless --human says otherwise), saving it there again",
    )
    play.add_argument(
        "--human",
        type=_seats,
        metavar="SEAT[,SEAT...]",
        help="seats played by people at this terminal, e.g. 0 or 0,2 (hot seat); the bot plays the others",
    )
    _game_option(play, f"the game played (default {DEFAULT}; with --resume, the saved game's)", default=None)
    add_game_options(play)
    play.set_defaults(run=playing.play)


def _check_options(check: argparse.ArgumentParser) -> None:
    from . import reviewing

    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument(
        "--explain",
        action="store_true",
        help="print the events of every move and automatic step of every scenario (a failed one always)",
    )
    check.set_defaults(run=reviewing.check)


def _replay_options(replay: argparse.ArgumentParser) -> None:
    from . import reviewing

    replay.add_argument("file", metavar="FILE", help="a game record (JSON, or YAML for .yaml/.yml)")
    replay.add_argument("--at", type=whole, metavar="N", help="stop after N moves (default: all)")
    replay.add_argument(
        "--step",
        action="store_true",
        help="step through the record move by move, reading commands (the default at a terminal; "
        "from --at N, else from the first position)",
    )
    _game_option(replay, _OF_THE_FILE, default=None)
    replay.set_defaults(run=reviewing.replay)


def _analyse_options(analyse: argparse.ArgumentParser) -> None:
    from . import analysing

    analyse.add_argument(
        "file",
        metavar="FILE",
        help="a game record, a position or a scenario (JSON, or YAML for .yaml/.yml)",
    )
    analyse.add_argument(
        "--at", type=whole, metavar="N", help="a record's position after N moves (default: all)"
    )
    _game_option(analyse, _OF_THE_FILE, default=None)
    analyse.set_defaults(run=analysing.analyse)


def _explain_options(explain: argparse.ArgumentParser) -> None:
    explain.add_argument("rule", metavar="RULE-ID")
    explain.add_argument(
        "--verbose", action="store_true", help="name the functions that enforce it, not only their files"
    )
    _game_option(explain, f"the game whose rule it is (default {DEFAULT})")
    explain.set_defaults(run=_explain)


def _rules_options(listing: argparse.ArgumentParser) -> None:
    _game_option(listing, f"the game whose rules to list (default {DEFAULT})")
    listing.set_defaults(run=_rules)


def _arena_options(tournament: argparse.ArgumentParser) -> None:
    from . import arena

    arena.add_arguments(tournament)
    tournament.set_defaults(run=arena.run)


def _render_options(picture: argparse.ArgumentParser) -> None:
    from . import reviewing

    picture.add_argument(
        "file", metavar="FILE", help="a game record or a position (JSON, or YAML for .yaml/.yml)"
    )
    picture.add_argument(
        "--at", type=whole, metavar="N", help="a record's position after N moves (default: all)"
    )
    picture.add_argument("--viewer", type=whole, metavar="P", help="draw what player P may see")
    picture.add_argument(
        "-o", "--output", metavar="OUT.svg", default="-", help="where to write (default: standard output)"
    )
    _game_option(picture, _OF_THE_FILE, default=None)
    picture.set_defaults(run=reviewing.render)


def _schema_options(schema: argparse.ArgumentParser) -> None:
    schema.add_argument("kind", metavar="KIND", nargs="?", help="a kind that --list lists")
    schema.add_argument("--list", action="store_true", help="list every kind, with what it describes")
    _game_option(schema, f"the game whose documents are meant (default {DEFAULT})")
    schema.set_defaults(run=_schema)


def _engine_options(engine: argparse.ArgumentParser) -> None:
    from . import engines

    engine.add_argument(
        "bot", choices=engines.bot_names(), help="the bot that answers, of the game hello names"
    )
    engine.set_defaults(run=_engine)


def _serve_options(server: argparse.ArgumentParser) -> None:
    from . import engines

    server.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    server.add_argument("--port", type=_port, default=8000, help="the port to listen on (default 8000)")
    server.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin (https://table.example) whose pages may call the API (CORS); repeatable; none by default",
    )
    server.add_argument(
        "--db",
        default="hadara-matches.sqlite",
        metavar="PATH-or-URL",
        help="the SQLite file the matches are kept in (default hadara-matches.sqlite), or a "
        "postgresql://USER@HOST/NAME database that several server processes share",
    )
    _bounds_options(server)
    engines.add_engine_option(server)
    server.set_defaults(run=_serve)


def _connect_options(joining: argparse.ArgumentParser) -> None:
    from . import engines

    joining.add_argument("url", help="the server's address, http://HOST:PORT")
    joining.add_argument("--match", required=True, metavar="ID", help="the match's id")
    joining.add_argument("--token", required=True, help="the seat's token (given when the match was made)")
    joining.add_argument(
        "--engine", required=True, metavar="COMMAND", help="the engine's command (docs/engines.md)"
    )
    joining.add_argument(
        "--ms",
        type=at_least(1),
        default=engines.DEFAULT_MS,
        help="milliseconds the engine has for each decision",
    )
    joining.set_defaults(run=_connect)


#: Every command: its name, what it does, and what adds its options (and what runs it).
_COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None]], ...] = (
    (
        "play",
        "play a seeded game with built-in bots, or against them (--human), and print the score "
        "sheet; go on with a saved game (--resume FILE)",
        _play_options,
    ),
    (
        "check",
        "run scenario files, each of the game it names; exit 0 when every expectation holds",
        _check_options,
    ),
    (
        "replay",
        "replay a game record, of the game it is of, and print the position and legal moves",
        _replay_options,
    ),
    (
        "analyse",
        "open a record's, a position's or a scenario's position and try moves on it, each "
        "refusal with its rule (also spelled analyze); nothing is written to the file",
        _analyse_options,
    ),
    ("explain", "print a rule's text, where its rulebook has it and where it is enforced", _explain_options),
    ("rules", "list every rule ID of a game with its summary", _rules_options),
    ("arena", "play seeded games between bots and print their win rates", _arena_options),
    (
        "render",
        "draw the table of a game record or a position, of the game it is of, as SVG",
        _render_options,
    ),
    (
        "schema",
        "print the JSON Schema of a game's document kind or of a body of the table's API",
        _schema_options,
    ),
    (
        "engine",
        "answer the engine protocol on standard input and output with a built-in bot",
        _engine_options,
    ),
    ("serve", "serve the web table and the game API, every game's (the server extra)", _serve_options),
    (
        "connect",
        "play one seat of a match of any game on a hadara server with an engine (the server extra)",
        _connect_options,
    ),
)


#: The other spellings of a command.
_ALIASES = {"analyse": ("analyze",)}


def _chosen(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs: its first word, where that names a command (what comes
    before it is the command's own options, which take no value); None for any other."""
    first = next((word for word in argv if not word.startswith("-")), None)
    first = next((name for name, spelled in _ALIASES.items() if first in spelled), first)
    return first if first in {name for name, _, _ in _COMMANDS} else None


def _parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The command's parser, with the options of the command ``argv`` runs (each other command
    by its name and help alone: the options of some name every game, importing each, and
    those of ``serve`` import the server)."""
    parser = _Parser(
        prog=COMMAND,
        description="The executable rulebooks of board games: play them, check their rules' "
        "scenarios, replay and draw their records, serve them to a web table.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.closing = lambda: _FRONT_DOOR.format(games=_game_names())
    parser.add_argument("--version", action="version", version=f"{COMMAND} {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = _chosen(argv)
    for name, told, options in _COMMANDS:
        command = commands.add_parser(
            name, aliases=_ALIASES.get(name, ()), help=told, description=told[0].upper() + told[1:] + "."
        )
        command.closing = _games_help
        command.set_defaults(parser=command)
        if name == chosen:
            options(command)
    return parser


def _game_names() -> str:
    """Every registered game by name, for the command's own help: ``NAME (the default),
    NAME, …``. Their titles would import every game (a third of a second); a command's help
    names them (:func:`_games_help`)."""
    return ", ".join(f"{name}{' (the default)' if name == DEFAULT else ''}" for name in names())


def _games_help() -> str:
    """What a command's help says under its options: every registered game with its title."""
    from .game_options import games_help

    return f"games: {games_help()}"


#: What ``--game`` says where a file names its game.
_OF_THE_FILE = "the game the file is of (default: the one it is of; a file of another game is refused)"


def _drop_stdout() -> None:
    """Send what is left for standard output nowhere, so that the interpreter's last flush
    does not fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hadara`` command."""
    given = sys.argv[1:] if argv is None else argv
    try:  # the parser and its help name every registered game: one that cannot be found is one line
        args = _parser(given).parse_args(given)
    except GameError as exc:
        print(f"{COMMAND}: {clip(str(exc), 400)}", file=sys.stderr)
        return 2
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except argparse.ArgumentTypeError as exc:  # a game's option, read once the game is known
        args.parser.error(str(exc))
    except GameError as exc:
        print(f"{COMMAND}: {clip(str(exc), 400)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``hadara play | head``): stop quietly
        _drop_stdout()
        return 1
    except OSError as exc:
        # every file the commands read or write reports its own errors, with its name:
        # an error naming no file is standard output's (a full disk, ``> /dev/full``)
        if exc.filename is not None:
            raise
        _drop_stdout()
        print(f"{COMMAND}: cannot write to standard output ({exc.strerror or exc})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{COMMAND}: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
