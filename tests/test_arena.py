"""``hadara arena``: seat rotation, reproducible games, the summary and its intervals,
the progress line, the JSON output, bad arguments, and the Ray backend."""

from __future__ import annotations

import io
import json
import multiprocessing
import multiprocessing.pool
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import interruptible, refused_in_one_line

from boardtable import arena
from boardtable.arena import (
    ArenaError,
    GameResult,
    Progress,
    Tournament,
    game_seed,
    lineup,
    main,
    play_one,
    run_tournament,
    summarize,
    usable_cores,
    wilson,
)
from hadara_rules import GameConfig, score, winners
from hadara_rules.bots import make_bots, play_game

QUICK = Tournament(("greedy", "random"), players=3, games=6, seed=5)


def test_seats_rotate_so_every_bot_plays_every_seat() -> None:
    seatings = [lineup(("a", "b", "c"), 3, g) for g in range(3)]
    assert seatings == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert lineup(("x", "y"), 4, 1) == ("y", "x", "y", "x")
    for seat in range(3):
        assert {s[seat] for s in seatings} == {"a", "b", "c"}


def test_a_game_is_reproducible_from_its_seed_alone() -> None:
    result = play_one(QUICK, 4)
    assert result == play_one(QUICK, 4)
    assert result.seed == game_seed(5, 4) != game_seed(5, 3)
    assert result.seats == ("greedy", "random", "greedy")
    # the same game, played by hand from the seed
    bots = [make_bots(name, 3, result.seed)[seat] for seat, name in enumerate(result.seats)]
    final = play_game(GameConfig(players=3, seed=result.seed), bots).final
    assert result.scores == tuple(sheet.total for sheet in score(final))
    assert result.winners == winners(final)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    alone = run_tournament(QUICK, workers=1)
    assert [r.index for r in alone] == list(range(6))
    assert run_tournament(QUICK, workers=2) == alone


def test_wilson_interval() -> None:
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(130, 200) == pytest.approx((0.5816, 0.7127), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_splits_shared_wins() -> None:
    results = [
        GameResult(0, 1, ("a", "b"), (50, 50), (0, 1), 80),
        GameResult(1, 2, ("b", "a"), (40, 60), (1,), 80),
        GameResult(2, 3, ("a", "b"), (30, 70), (1,), 80),
    ]
    by_bot = {s.bot: s for s in summarize(results)}
    assert by_bot["a"].seats == by_bot["b"].seats == 3
    assert by_bot["a"].wins == 1.5 and by_bot["b"].wins == 1.5
    assert by_bot["a"].mean_score == pytest.approx(140 / 3)
    assert by_bot["b"].win_rate == 0.5
    assert (by_bot["b"].low, by_bot["b"].high) == wilson(1.5, 3)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_on_a_terminal_only() -> None:
    ticks = iter([0.0, 2.0, 4.0])
    terminal = _Terminal()
    progress = Progress(4, terminal, clock=lambda: next(ticks))
    progress.advance()
    progress.advance()
    progress.close()
    lines = terminal.getvalue().split("\r")
    assert lines[-1] == "[############------------] 2/4 games, 0.50 games/s, 4s left \n"
    quiet = io.StringIO()
    progress = Progress(4, quiet)
    progress.advance()
    progress.close()
    assert quiet.getvalue() == ""


def test_arena_prints_the_summary_and_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.json"
    argv = ["--bots", "greedy,random", "--players", "2", "--games", "4", "--seed", "3", "--out", str(out)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress line: standard error is no terminal here
    lines = captured.out.splitlines()
    assert lines[0].startswith("4 games of 2 players, seed 3: greedy, random (")
    assert lines[1].split() == ["bot", "seats", "wins", "win", "rate", "95%", "interval", "mean", "score"]
    assert [line.split()[0] for line in lines[2:4]] == ["greedy", "random"]
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["tournament"] == {
        "bots": ["greedy", "random"],
        "players": 2,
        "games": 4,
        "seed": 3,
        "advanced": False,
        "engines": [],
    }
    assert [g["index"] for g in document["games"]] == [0, 1, 2, 3]
    expected = run_tournament(Tournament(("greedy", "random"), 2, 4, 3))
    assert [tuple(g["scores"]) for g in document["games"]] == [r.scores for r in expected]
    greedy = document["summary"][0]
    assert greedy["bot"] == "greedy" and greedy["seats"] == 4
    assert f"{100 * greedy['win_rate']:.1f}%" in lines[2]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,nobody"], "unknown bot 'nobody'"),
        (["--bots", "greedy", "--players", "7"], "--players: invalid choice"),
        (["--bots", "greedy", "--games", "0"], "expected a whole number ≥ 1"),
        (["--bots", "greedy", "--workers", "two"], "expected a whole number"),
        (["--bots", "greedy", "--backend", "mpi"], "invalid choice: 'mpi'"),
        (["--bots", "greedy", "--address", "ray://head:10001"], "--address is for the ray backend"),
        (["--games", "3"], "the following arguments are required: --bots"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused_in_one_line(main, argv, message, capsys)


def test_an_unwritable_output_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--bots", "random", "--players", "2", "--games", "1", "--out", str(tmp_path / "no" / "r.json")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("hadara arena: ") and "cannot write the results" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow  # importing matplotlib takes seconds
def test_plot_draws_the_score_distributions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "scores.png"
    assert main(["--bots", "greedy,random", "--players", "2", "--games", "3", "--plot", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"Score distributions drawn to {picture}" in capsys.readouterr().out


@pytest.mark.slow
def test_ray_backend_gives_the_local_results() -> None:
    ray = pytest.importorskip("ray")
    tournament = Tournament(("greedy", "random", "greedy"), players=3, games=20, seed=11)
    local = run_tournament(tournament, workers=2, backend="local")
    try:
        on_ray = run_tournament(tournament, workers=2, backend="ray")
    finally:
        ray.shutdown()
    assert on_ray == local


# --------------------------------------------------------------------------- bounds and stopping

ARENA = [sys.executable, "-m", "hadara_rules.cli", "arena"]
ENDLESS = ["--bots", "random", "--players", "2", "--games", "1000000000", "--workers", "2"]


def test_workers_are_at_most_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    cores = usable_cores()
    with pytest.raises(ArenaError, match=rf"{cores + 1} workers: this machine has {cores} cores"):
        run_tournament(QUICK, workers=cores + 1)
    assert main(["--bots", "random", "--games", "1", "--workers", str(cores + 1)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_game_or_a_worker_is_played_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--games 1 --workers 2`` starts no process: never more workers than games."""

    def no_pool(*_: object) -> None:
        raise AssertionError("a pool was started")

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    one = Tournament(("random",), players=2, games=1, seed=3)
    assert run_tournament(one, workers=2) == (play_one(one, 0),)


def test_games_are_handed_out_a_few_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many games a tournament has, only a few per worker wait at any time."""
    handed: list[int] = []
    real = multiprocessing.pool.Pool.apply_async

    def counted(pool: multiprocessing.pool.Pool, *args: Any, **kwargs: Any) -> Any:
        handed.append(1)
        return real(pool, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "apply_async", counted)
    endless = Tournament(("random",), players=2, games=10**9, seed=1)
    stream = arena.games(endless, workers=2)
    firsts = [next(stream) for _ in range(3)]
    stream.close()
    assert len(firsts) == 3
    assert len(handed) == 3 + 2 * arena._AHEAD


def _children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _gone(pids: list[int], within: float) -> bool:
    """Whether every process of ``pids`` ended (or is a zombie) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        alive = []
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except FileNotFoundError:
                continue
            if state != "Z":
                alive.append(pid)
        if not alive:
            return True
        time.sleep(0.05)
    return False


def _started(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], list[int]]:
    """An endless tournament in a process of its own, once its two workers play."""
    tournament = subprocess.Popen(
        [*ARENA, *ENDLESS, *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=interruptible
    )
    deadline = time.monotonic() + 20
    while len(workers := _children(tournament.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # games are played
    return tournament, workers


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize(  # Ctrl-C in the default run; SIGTERM and SIGKILL with the slow tests
    "stop",
    [
        signal.SIGINT,
        pytest.param(signal.SIGTERM, marks=pytest.mark.slow),
        pytest.param(signal.SIGKILL, marks=pytest.mark.slow),
    ],
)
def test_a_stopped_tournament_stops_its_workers(tmp_path: Path, stop: signal.Signals) -> None:
    """Ctrl-C, SIGTERM or even SIGKILL of a tournament of 10**9 games with 2 workers: every
    worker ends within a second or two, the parent held only a few games (its memory stays
    small), and the games played are in ``--out``, whole."""
    out = tmp_path / "results.json"
    tournament, workers = _started(tmp_path, "--out", str(out))
    try:
        assert len(workers) == 2
        rss = int(Path(f"/proc/{tournament.pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        assert rss < 200 * 2**20
        tournament.send_signal(stop)
        _, err = tournament.communicate(timeout=10)
    finally:
        tournament.kill()
    assert _gone(workers, within=3)
    assert tournament.returncode == {signal.SIGINT: 130}.get(stop, -stop)
    assert b"Traceback" not in err
    document = json.loads(out.read_text())
    assert document["complete"] is False
    assert len(document["games"]) > 0
    assert [g["index"] for g in document["games"]] == sorted(g["index"] for g in document["games"])
    if stop != signal.SIGKILL:
        assert f"stopped after {len(document['games'])} of 1000000000 games".encode() in err
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


#: The arena's command line in a process whose default start method is the fork server
#: (Python 3.14's default on Linux).
FORK_SERVER = [
    sys.executable,
    "-c",
    "import multiprocessing, sys; multiprocessing.set_start_method('forkserver');"
    "from hadara_rules.cli import main; sys.exit(main(sys.argv[1:]))",
    "arena",
]


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux")
@pytest.mark.slow  # a second of games and a process started
def test_workers_are_forked_by_the_tournament_whatever_the_default_start_method() -> None:
    """Where the default start method is the fork server, the workers are still the
    tournament's own children: they play, and they end with it, even killed outright."""
    tournament = subprocess.Popen(
        [*FORK_SERVER, *ENDLESS], stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=interruptible
    )
    try:
        deadline = time.monotonic() + 20
        while len(workers := _children(tournament.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # games are played
        forked = Path(f"/proc/{tournament.pid}/cmdline").read_bytes()  # a fork runs what it was
        assert [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in workers] == [forked, forked]
        tournament.send_signal(signal.SIGKILL)
        _, err = tournament.communicate(timeout=10)
    finally:
        tournament.kill()
    assert _gone(workers, within=3)
    assert tournament.returncode == -signal.SIGKILL and b"Traceback" not in err


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux")
@pytest.mark.slow  # two processes started afresh
def test_beside_other_threads_the_workers_are_spawned_and_play_the_same_games() -> None:
    """A fork copies the locks other threads hold (Ray leaves threads behind after it shuts
    down), so a worker could wait forever: beside another thread the workers are spawned."""
    alone = run_tournament(QUICK, workers=1)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert arena._context().get_start_method() == "spawn"
        assert run_tournament(QUICK, workers=2) == alone
    finally:
        stop.set()
        other.join()


@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_an_output_that_cannot_be_written_costs_no_game(
    tmp_path: Path, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out DIR`` or ``--out /nonexistent/x.json`` is refused before the first game."""
    if option == "--plot":
        pytest.importorskip("matplotlib")  # without it, --plot is refused for that first
    for path in (tmp_path, tmp_path / "missing" / "x.json"):
        start = time.process_time()
        code = main(["--bots", "ismcts", "--players", "5", "--games", "200", option, str(path)])
        assert code == 2
        assert time.process_time() - start < 1
        out, err = capsys.readouterr()
        assert out == ""
        assert err.startswith(f"hadara arena: {path}: cannot write the ")


def test_a_finished_tournament_replaces_its_results_whole(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    out.write_text("old results")
    assert main(["--bots", "random", "--players", "2", "--games", "3", "--out", str(out)]) == 0
    document = json.loads(out.read_text())
    assert document["complete"] is True and len(document["games"]) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


@pytest.mark.slow
def test_a_ray_tournament_stopped_early_cancels_its_games() -> None:
    """Ray likewise: a few games per CPU are handed out, and stopping early cancels those
    still running and shuts down the Ray instance the tournament started."""
    ray = pytest.importorskip("ray")
    endless = Tournament(("random",), players=2, games=10**9, seed=2)
    stream = arena.games(endless, workers=2, backend="ray")
    try:
        firsts = [next(stream) for _ in range(3)]
    finally:
        stream.close()
    assert len(firsts) == 3
    assert not ray.is_initialized()
