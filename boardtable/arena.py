"""Tournaments between bots: ``hadara arena``.

``hadara arena --bots ismcts,greedy,random --players 4 --games 1000`` plays
seeded games of any registered game (``--game``; the default game's unless named) between
its bots, or engines (``--engine``), and prints each bot's win rate (a shared win split between the winners) with its Wilson 95%
interval and its mean score. Seats rotate: game *g* seats ``bots[(g + s) % k]``
at seat *s*, so every bot plays every seat equally often over *k* games. Every
game is reproducible from the tournament's seed and its index alone, which is
why the local backend (processes on this machine) and the ``ray`` backend (a
Ray cluster, optional extra) give the same results for the same seed: a searching bot
decides by its number of iterations, not by the clock. The options of the game's matches
are the game's own (``hadara arena --help`` lists every game's).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import io
import itertools
import json
import math
import multiprocessing
import os
import queue
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import FrameType, ModuleType
from typing import IO, NoReturn

from attrs import asdict, field, frozen

from .engines.options import add_engine_option, check_names, close_bots, decider, engine_table
from .errors import GameError
from .files import check_writable, write_whole
from .game_options import PLAYERS, add_game_options, bots_help, foreign, game_options, games_help, seat_counts
from .game_options import players as count_players
from .games import DEFAULT, game, names
from .options import at_least, whole
from .reader import clip, label, shown

__all__ = [
    "ArenaError",
    "BotSummary",
    "GameResult",
    "Progress",
    "Standings",
    "Tournament",
    "add_arguments",
    "format_summary",
    "game_seed",
    "games",
    "lineup",
    "main",
    "play_one",
    "plot_scores",
    "results_json",
    "run",
    "run_tournament",
    "summarize",
    "usable_cores",
    "wilson",
]

#: The z value of a two-sided 95% interval.
_Z95 = 1.959963984540054
#: Games handed to each worker ahead of its results: enough to keep it busy, few enough
#: that a tournament of any length holds only a few games in waiting.
_AHEAD = 2
#: Linux's prctl option that names the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1
#: How often a worker looks whether its parent is still there, in seconds.
_WATCH_SECONDS = 0.5
#: The signals that stop a tournament as Ctrl-C does.
_STOPPING = (signal.SIGTERM, signal.SIGHUP)
#: The least time between two writes of the results of a tournament still being played.
_SAVE_SECONDS = 5.0


class ArenaError(GameError):
    """A tournament that cannot be run as asked (an option needing a missing extra, an unwritable file)."""


@frozen
class Tournament:
    """What a tournament plays: the bots in seat-rotation order, the table size, the games and the seed."""

    #: Bot names of the game's (:meth:`~boardtable.games.Game.bot_names`) or of :attr:`engines`,
    #: in rotation order (a name may repeat).
    bots: tuple[str, ...]
    #: Players per game (as many as the game seats).
    players: int
    #: Number of games.
    games: int
    #: The tournament's seed: every game's seed is derived from it and the game's index.
    seed: int = 0
    #: The options of every game's match, as its game reads them
    #: (:meth:`~boardtable.games.Game.read_options`; none: the game's defaults).
    options: Mapping[str, object] = field(factory=dict, hash=False)
    #: Outside engines by name, with the command that starts one (each game starts its own,
    #: in the worker that plays it).
    engines: tuple[tuple[str, str], ...] = ()
    #: The game played, by its registered name (:func:`boardtable.games.names`).
    game: str = DEFAULT


@frozen
class GameResult:
    """One finished game of a tournament."""

    #: The game's index in the tournament (0-based).
    index: int
    #: The game's own seed (of the configuration, and of the bots' generators).
    seed: int
    #: The bot at each seat.
    seats: tuple[str, ...]
    #: Each seat's final score.
    scores: tuple[int, ...]
    #: The winning seats (several on a shared win).
    winners: tuple[int, ...]
    #: Moves played.
    moves: int


@frozen
class BotSummary:
    """One bot's results over a tournament (a bot seated twice in a game counts twice)."""

    bot: str
    #: Seats played (games times the seats the bot had in each).
    seats: int
    #: Wins, a shared win split evenly between the winners.
    wins: float
    #: ``wins / seats``.
    win_rate: float
    #: Wilson 95% interval of the win rate.
    low: float
    high: float
    #: Mean final score.
    mean_score: float


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament seeded ``seed`` (the same in every process)."""
    return random.Random(f"hadara-arena:{seed}:{index}").getrandbits(53)


def lineup(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot at each seat of game ``index``: the rotation moves every bot one seat per game."""
    return tuple(bots[(index + seat) % len(bots)] for seat in range(players))


def play_one(tournament: Tournament, index: int) -> GameResult:
    """Play game ``index`` of ``tournament``; a pure function of its arguments."""
    seed = game_seed(tournament.seed, index)
    seats = lineup(tournament.bots, tournament.players, index)
    played = game(tournament.game)
    state = played.new(played.read_options(tournament.options, tournament.players, seed))
    engines = dict(tournament.engines)
    bots = [
        decider(played, name, seat, f"{seed}:{seat}", engines, math.inf) for seat, name in enumerate(seats)
    ]
    after = played.commands().after or (lambda position, move: played.play(position, move)[0])
    moves = 0
    try:
        while not played.is_over(state):
            seat = played.to_act(state)[0]
            state = after(state, bots[seat].choose(state, seat))
            moves += 1
    finally:
        close_bots(bots)
    return GameResult(index, seed, seats, played.totals(state), played.winners(state), moves)


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a proportion; (0, 1) for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


class Standings:
    """Each bot's seats, wins and points so far: results are added as they come in, so a
    tournament of any length keeps a few numbers per bot, not its games."""

    def __init__(self) -> None:
        self.seats: dict[str, int] = {}
        self.wins: dict[str, float] = {}
        self.points: dict[str, int] = {}
        #: Games added.
        self.games = 0

    def add(self, result: GameResult) -> None:
        """Count one more game."""
        self.games += 1
        for seat, name in enumerate(result.seats):
            self.seats[name] = self.seats.get(name, 0) + 1
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            self.wins[name] = self.wins.get(name, 0.0) + share
            self.points[name] = self.points.get(name, 0) + result.scores[seat]

    def summaries(self) -> tuple[BotSummary, ...]:
        """Each bot's summary, in order of first seating."""
        summaries = []
        for name, count in self.seats.items():
            wins = self.wins[name]
            low, high = wilson(wins, count)
            summaries.append(
                BotSummary(name, count, wins, wins / count, low, high, self.points[name] / count)
            )
        return tuple(summaries)


def summarize(results: Iterable[GameResult]) -> tuple[BotSummary, ...]:
    """Each bot's seats, wins, win rate with its interval, and mean score, in order of first seating."""
    standings = Standings()
    for result in results:
        standings.add(result)
    return standings.summaries()


class Progress:
    """A one-line progress bar (games done, rate, time left) on a terminal; silent elsewhere."""

    def __init__(self, total: int, stream: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.stream = stream
        self.enabled = stream.isatty()
        self.clock = clock
        self.start = clock()
        self.done = 0

    def advance(self) -> None:
        """One more game is done: redraw the line."""
        self.done += 1
        if not self.enabled:
            return
        elapsed = max(self.clock() - self.start, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate else math.inf
        width = 24
        filled = width * self.done // self.total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(
            f"\r[{bar}] {self.done}/{self.total} games, {rate:.2f} games/s, {_duration(left)} left "
        )
        self.stream.flush()

    def close(self) -> None:
        """End the line (on a terminal)."""
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    if not math.isfinite(seconds):
        return "?"
    seconds = round(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


def usable_cores() -> int:
    """The cores this process may run on: the most workers a tournament starts here."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _check_workers(workers: int | None, backend: str, address: str | None) -> None:
    """At most one worker per core of this machine (a Ray cluster elsewhere has its own)."""
    if backend == "ray" and (address is not None or "RAY_ADDRESS" in os.environ):
        return
    cores = usable_cores()
    if workers is not None and workers > cores:
        raise ArenaError(f"{workers} workers: this machine has {cores} cores, so at most {cores}")


def _indices(tournament: Tournament) -> Iterator[int]:
    return iter(range(tournament.games))


def _local(tournament: Tournament, workers: int | None) -> Generator[GameResult, None, None]:
    """The games in the order they finish: in this process, or in at most ``workers``
    processes (never more than there are games) with :data:`_AHEAD` games per worker handed
    out ahead; every worker is stopped when the games end, fail or are interrupted."""
    count = min(workers or 1, tournament.games)
    indices = _indices(tournament)
    if count <= 1:
        for index in indices:
            yield play_one(tournament, index)
        return
    done: queue.SimpleQueue[GameResult | BaseException] = queue.SimpleQueue()
    pool = _context().Pool(count, _start_worker)
    try:

        def hand_out(how_many: int) -> int:
            handed = 0
            for index in itertools.islice(indices, how_many):
                pool.apply_async(play_one, (tournament, index), callback=done.put, error_callback=done.put)
                handed += 1
            return handed

        playing = hand_out(_AHEAD * count)
        while playing:
            result = _next_result(done)
            if isinstance(result, BaseException):
                raise result
            playing += hand_out(1) - 1
            yield result
    finally:
        pool.terminate()  # at once: finished, failed, interrupted or abandoned
        pool.join()


def _next_result(done: queue.SimpleQueue[GameResult | BaseException]) -> GameResult | BaseException:
    """The next finished game, waiting in short steps so that a signal is handled at once."""
    while True:
        try:
            return done.get(timeout=0.2)
        except queue.Empty:
            continue


def _context() -> multiprocessing.context.BaseContext:
    """How workers start: on Linux forked from the tournament's process, whatever the
    default (Python 3.14's is a fork server, whose workers would be its children and would
    outlive a tournament killed outright), or spawned (also its children) where the process
    runs other threads, such as those Ray leaves behind: a fork copies the locks they hold,
    and a worker could wait on one forever; elsewhere the platform's default (spawned)."""
    if sys.platform != "linux":
        return multiprocessing.get_context()
    return multiprocessing.get_context("fork" if _threads() == 1 else "spawn")


def _threads() -> int:
    """How many threads this process runs, its own and those of libraries (Linux)."""
    return sum(1 for _ in Path("/proc/self/task").iterdir())


def _start_worker() -> None:
    """A worker leaves Ctrl-C to the tournament, which stops it, ends at SIGTERM (the
    tournament's own handling of it is not the worker's), and ends itself once its parent,
    the tournament's process, is gone, however it went (even killed outright)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in _STOPPING:
        signal.signal(signum, signal.SIG_DFL)
    _killed_with_parent()
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()


def _killed_with_parent() -> None:
    """On Linux, have the kernel kill this process the moment its parent ends (before it
    could write a result into a pipe nobody reads); elsewhere :func:`_end_with` only."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # no C library to ask, or no prctl in it
        pass


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os._exit(1)


def _ray(
    tournament: Tournament, workers: int | None, address: str | None
) -> Generator[GameResult, None, None]:
    """The games in the order they finish on Ray, :data:`_AHEAD` per CPU handed out ahead;
    the games still running are cancelled when the games end, fail or are interrupted, and
    a Ray instance started here is shut down then."""
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        if address is None and "RAY_ADDRESS" not in os.environ:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:  # the cluster at ``address``, or at RAY_ADDRESS
            ray.init(address=address, log_to_driver=False)
        started = True
    remote = ray.remote(play_one)
    indices = _indices(tournament)
    cpus = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending = [remote.remote(tournament, index) for index in itertools.islice(indices, _AHEAD * cpus)]
    finished = False
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            pending += [remote.remote(tournament, index) for index in itertools.islice(indices, len(ready))]
            for ref in ready:
                result: GameResult = ray.get(ref)
                yield result
        finished = True
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started and not finished:
            ray.shutdown()


def _import_ray() -> ModuleType:
    """The ``ray`` module, or an :class:`ArenaError` naming the extra that provides it."""
    try:
        import ray
    except ImportError:
        raise ArenaError("the ray backend needs Ray: pip install 'hadara-rules[ray]'") from None
    return ray


def games(
    tournament: Tournament, workers: int | None = 1, backend: str = "local", address: str | None = None
) -> Generator[GameResult, None, None]:
    """The games of ``tournament`` in the order they finish, as :func:`run_tournament` plays
    them; only a few are waiting at any time, and closing the iterator (or an interruption)
    stops every worker."""
    _check_workers(workers, backend, address)
    if backend == "local":
        return _local(tournament, workers)
    if backend == "ray":
        return _ray(tournament, workers, address)
    raise ArenaError(f"unknown backend {backend!r}: local or ray")


def run_tournament(
    tournament: Tournament,
    workers: int | None = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> tuple[GameResult, ...]:
    """Every game of ``tournament``, in index order.

    ``backend`` is ``local`` (``workers`` processes on this machine; 1 or None
    plays in this process) or ``ray`` (the cluster at ``address``, or a local Ray
    instance with ``workers`` CPUs, all of them for None, when ``address`` is None). The results do not depend on
    the backend or the number of workers.
    """
    results = []
    for result in games(tournament, workers, backend, address):
        results.append(result)
        if progress is not None:
            progress.advance()
    if progress is not None:
        progress.close()
    return tuple(sorted(results, key=lambda r: r.index))


def format_summary(
    tournament: Tournament, summaries: Sequence[BotSummary], seconds: float | None = None
) -> str:
    """The summary table ``hadara arena`` prints (with the time taken, when ``seconds`` is given)."""
    timing = ""
    if seconds is not None:
        rate = tournament.games / seconds if seconds > 0 else math.inf
        timing = f" ({seconds:.1f} s, {rate:.2f} games/s)"
    title = "" if tournament.game == DEFAULT else f"{game(tournament.game).title}: "
    options = "".join(f", {_option_words(key, value)}" for key, value in tournament.options.items())
    lines = [
        f"{title}{tournament.games} games of {tournament.players} players, seed {tournament.seed}"
        f"{options}: {', '.join(tournament.bots)}{timing}",
        f"{'bot':<10} {'seats':>6} {'wins':>8} {'win rate':>9}  {'95% interval':<17} {'mean score':>10}",
    ]
    for s in summaries:
        interval = f"[{100 * s.low:.1f}%, {100 * s.high:.1f}%]"
        lines.append(
            f"{s.bot:<10} {s.seats:>6} {s.wins:>8.1f} {100 * s.win_rate:>8.1f}%  {interval:<17} {s.mean_score:>10.1f}"
        )
    return "\n".join(lines)


def _option_words(key: str, value: object) -> str:
    """A game's option as the summary names it: ``KEY`` (a flag), ``KEY A,B`` (a list), ``KEY VALUE``."""
    if value is True:
        return label(key)
    if isinstance(value, list | tuple):
        return f"{label(key)} {clip(','.join(map(str, value)), 60)}"
    return f"{label(key)} {shown(value)}"


def results_json(
    tournament: Tournament,
    summaries: Sequence[BotSummary],
    results: Sequence[GameResult],
    complete: bool = True,
) -> str:
    """The document ``--out`` writes: the tournament (its game named unless it is the default
    game, its game's options beside its own fields: those it was given, and what the game
    says of the others), whether every game of it was played (``complete``), the summary and
    every game played, in index order."""
    played = game(tournament.game)
    options = played.options_data(
        played.read_options(tournament.options, tournament.players, tournament.seed)
    )
    return json.dumps(
        {
            "tournament": {
                "bots": tournament.bots,
                "players": tournament.players,
                "games": tournament.games,
                "seed": tournament.seed,
                **options,
                **tournament.options,
                "engines": tournament.engines,
                **({} if tournament.game == DEFAULT else {"game": tournament.game}),
            },
            "complete": complete,
            "summary": [asdict(s) for s in summaries],
            "games": [asdict(r) for r in sorted(results, key=lambda r: r.index)],
        },
        indent=1,
    )


def plot_scores(summaries: Sequence[BotSummary], results: Sequence[GameResult], path: Path) -> None:
    """Draw each bot's score distribution (a histogram per bot, its mean marked) to ``path``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ArenaError("--plot needs matplotlib: pip install 'hadara-rules[plot]'") from None
    scores: dict[str, list[int]] = {s.bot: [] for s in summaries}
    for result in results:
        for name, total in zip(result.seats, result.scores, strict=True):
            scores[name].append(total)
    low = min(min(v) for v in scores.values())
    high = max(max(v) for v in scores.values())
    bins = range(low, high + 3, max(1, (high - low + 2) // 30))
    figure, axes = plt.subplots(figsize=(8, 4.5))
    for i, summary in enumerate(summaries):
        color = f"C{i % 10}"
        axes.hist(scores[summary.bot], bins=bins, histtype="step", linewidth=1.6, color=color)
        label = f"{summary.bot}: mean {summary.mean_score:.1f}, wins {100 * summary.win_rate:.1f}%"
        axes.axvline(summary.mean_score, color=color, linestyle="--", label=label)
    axes.set_xlabel("final score")
    axes.set_ylabel("seats")
    axes.set_title("Score distribution per bot")
    axes.legend()
    figure.tight_layout()
    picture = io.BytesIO()
    try:
        figure.savefig(picture, format=path.suffix.lstrip(".") or "png")
    except ValueError as exc:  # a format matplotlib does not know
        raise ArenaError(f"{path}: cannot draw the plot ({clip(str(exc))})") from None
    finally:
        plt.close(figure)
    write_whole(str(path), picture.getvalue(), "the plot", ArenaError)


# --------------------------------------------------------------------------- the command


def _bot_names(text: str) -> tuple[str, ...]:
    """Bot names, comma separated; each a built-in bot's or an engine's (checked in :func:`run`)."""
    names = tuple(name.strip() for name in text.split(","))
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected bot names like greedy,random, found {shown(text)}")
    return names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``hadara arena`` (for the ``hadara`` command's subparser), every game's
    options with them."""
    parser.add_argument(
        "--bots",
        type=_bot_names,
        required=True,
        metavar="A,B,...",
        help=f"bots in seat-rotation order, names may repeat, of the game played ({bots_help()}), "
        "or an --engine",
    )
    add_engine_option(parser)
    parser.add_argument("--game", choices=names(), default=DEFAULT, help=f"the game played: {games_help()}")
    counts = seat_counts()
    parser.add_argument(
        "--players",
        type=whole,
        choices=counts,
        metavar="N",
        help=f"{counts.start} to {counts.stop - 1}, as the game seats (default {PLAYERS}, "
        "or one per item of an option of one per seat)",
    )
    parser.add_argument("--games", type=at_least(1), default=100, metavar="G", help="games (default 100)")
    parser.add_argument("--seed", type=whole, default=1, help="the tournament's seed (default 1)")
    parser.add_argument(
        "--workers",
        type=at_least(1),
        metavar="W",
        help="processes (default 1), or the CPUs of a local Ray instance (default: all)",
    )
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="default local")
    parser.add_argument(
        "--address", metavar="ADDR", help="the Ray cluster to join (default: a local Ray instance)"
    )
    parser.add_argument("--out", metavar="FILE.json", help="write every game and the summary as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the score distributions (needs matplotlib)")
    add_game_options(parser)


def run(args: argparse.Namespace) -> int:
    """Run the tournament the parsed options describe; print the summary on standard output.

    Every output file is checked before the first game. ``--out`` is written as the games
    finish (whole each time, every few seconds) and when the tournament ends, however it
    ends: Ctrl-C or SIGTERM stop every worker and write the games played, marked
    incomplete.
    """
    if args.address is not None and args.backend != "ray":
        raise ArenaError("--address is for the ray backend (--backend ray)")
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise ArenaError("--plot needs matplotlib: pip install 'hadara-rules[plot]'") from None
    if args.backend == "ray":
        _import_ray()
    for path, what in ((args.out, "the results"), (args.plot, "the plot")):
        if path is not None:
            check_writable(path, what, ArenaError)
    played = game(args.game)
    other = foreign(args, played)
    if other is not None:
        raise ArenaError(f"{other[0]} is {other[1]}'s; {played.title} has none")
    options = game_options(args, played)
    players = count_players(args.players, played, options)
    played.read_options(options, players, args.seed)  # refused here, not in the first game
    engines = engine_table(args.engine)
    check_names(args.bots, engines, played)
    used = tuple((name, command) for name, command in engines.items() if name in args.bots)
    tournament = Tournament(args.bots, players, args.games, args.seed, options, used, args.game)
    workers = args.workers if args.workers is not None or args.backend == "ray" else 1
    _check_workers(workers, args.backend, args.address)
    standings = Standings()
    kept: list[GameResult] = []  # for --out and --plot only
    saver = None if args.out is None else _Saver(args.out, tournament)
    progress = Progress(tournament.games, sys.stderr)
    start = time.monotonic()
    stream = games(tournament, workers, args.backend, args.address)
    with _stopped_by_signals(), contextlib.closing(stream):  # closing it stops every worker
        try:
            for result in stream:
                standings.add(result)
                if args.out is not None or args.plot is not None:
                    kept.append(result)
                progress.advance()
                if saver is not None:
                    saver.save(standings, kept, every=_SAVE_SECONDS)
        except KeyboardInterrupt:
            progress.close()
            if saver is not None:
                saver.save(standings, kept, complete=False)
                print(
                    f"hadara arena: stopped after {standings.games} of {tournament.games} games, "
                    f"written to {args.out}",
                    file=sys.stderr,
                )
            raise
    progress.close()
    seconds = time.monotonic() - start
    summaries = standings.summaries()
    print(format_summary(tournament, summaries, seconds))
    if saver is not None:
        saver.save(standings, kept, complete=True)
        print(f"Results written to {args.out}")
    if args.plot is not None:
        plot_scores(summaries, kept, Path(args.plot))
        print(f"Score distributions drawn to {args.plot}")
    return 0


class _Saver:
    """Writes ``--out`` as the games finish: whole each time, at most every ``every`` seconds
    and so that writing takes at most a tenth of the time."""

    def __init__(self, path: str, tournament: Tournament) -> None:
        self.path = path
        self.tournament = tournament
        self.due = time.monotonic()

    def save(
        self, standings: Standings, results: Sequence[GameResult], complete: bool = False, every: float = 0.0
    ) -> None:
        now = time.monotonic()
        if every and now < self.due:
            return
        text = results_json(self.tournament, standings.summaries(), results, complete) + "\n"
        write_whole(self.path, text, "the results", ArenaError)
        took = time.monotonic() - now
        self.due = time.monotonic() + max(every, 10 * took)


class _Stopped(KeyboardInterrupt):
    """SIGTERM (or SIGHUP) arrived: the tournament stops as for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP stop a tournament as Ctrl-C does (its workers stopped, its results
    written); then the process ends by that signal, as its sender expects."""

    def stop(signum: int, _: FrameType | None) -> None:
        raise _Stopped(signum)

    if threading.current_thread() is not threading.main_thread():  # no signals there
        yield
        return
    before = {signum: signal.signal(signum, stop) for signum in _STOPPING}
    try:
        yield
    except _Stopped as stopped:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        sys.stdout.flush()
        sys.stderr.flush()
        signal.raise_signal(stopped.signum)
        raise  # a handler of the caller's own returned
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


class _Parser(argparse.ArgumentParser):
    """Argument errors in one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """``hadara arena``: play a tournament, print win rates with intervals and mean scores."""
    parser = _Parser(prog="hadara arena", description="Play seeded games between bots and compare them.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except argparse.ArgumentTypeError as exc:  # a game's option, read once the game is known
        parser.error(str(exc))
    except GameError as exc:
        print(f"hadara arena: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hadara arena: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
