"""``hadara arena``: seat rotation, reproducible games, the summary and its intervals,
the progress line, the JSON output, bad arguments, and the Ray backend."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hadara_rules import GameConfig, score, winners
from hadara_rules.arena import (
    GameResult,
    Progress,
    Tournament,
    game_seed,
    lineup,
    main,
    play_one,
    run_tournament,
    summarize,
    wilson,
)
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
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's refusals exit; the others return
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


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
