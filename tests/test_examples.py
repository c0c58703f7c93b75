"""The scripts in examples/ run and print what their docstrings promise.

Each run starts a new interpreter (marked ``slow``: ``python -m pytest -m slow``), except
the quick refusals of arguments that do not fit a script's usage.
"""

from __future__ import annotations

import ast
import json
import random
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from hadara_rules import (
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    GameConfig,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
    score,
)
from hadara_rules.bots import Bot, GreedyBot, RandomBot, play_game
from hadara_rules.records import from_data

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MOVE_CLASSES = {
    cls.type: cls
    for cls in (
        ChooseSide,
        SetWheel,
        Draft,
        Pick,
        TakeColony,
        CarveStatue,
        Pass,
        RemoveCard,
        FeedWithCoins,
        BuySilver,
        BuyGold,
    )
}


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text``; fails the test if it is not there."""
    match = re.search(pattern, text, re.MULTILINE)
    assert match is not None, f"{pattern!r} not in:\n{text}"
    return match.group(1)


def run(script: str, *args: str) -> str:
    """Run an example as a user would (from the project root) and return its standard output."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{script} failed:\n{done.stderr}"
    assert not done.stderr, done.stderr
    return done.stdout


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_every_example_has_a_module_docstring(script: str) -> None:
    docstring = ast.get_docstring(ast.parse((EXAMPLES / script).read_text(encoding="utf-8")))
    assert docstring
    assert len(docstring.splitlines()[0]) > 20


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["3"],
        ["x", "0"],
        ["7", "0"],
        ["1", "0"],
        ["3", "0,5"],
        ["3", "0,,2"],
        ["2", "0,1", "x"],
        ["2", "0", "1", "2"],
    ],
)
def test_hot_seat_given_other_arguments_prints_its_usage_in_one_line_and_exits_2(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No arguments, words for numbers, 1 or 7 players, a seat the game lacks, a seat left
    empty, too many arguments: the usage on standard error, nothing played."""
    monkeypatch.setattr(sys, "argv", ["hot_seat.py", *args])
    with pytest.raises(SystemExit) as exited:
        runpy.run_path(str(EXAMPLES / "hot_seat.py"), run_name="__main__")
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "usage: python examples/hot_seat.py PLAYERS SEAT[,SEAT...] [SEED]  e.g. 3 0,2\n"


@pytest.mark.slow
def test_play_two_bots_prints_the_score_sheet_of_greedy_against_random() -> None:
    out = run("play_two_bots.py", "3")
    assert "GreedyBot vs RandomBot" in out
    rows = {
        line.split()[0]: [int(v) for v in line.split()[1:]]
        for line in out.splitlines()
        if re.match(r"^(colonies|statues|silver|gold|cards|coins|total)\s", line)
    }
    assert list(rows) == ["colonies", "statues", "silver", "gold", "cards", "coins", "total"]
    for seat in (0, 1):
        assert rows["total"][seat] == sum(rows[c][seat] for c in list(rows)[:-1])
    # the same game, played here: the script prints the real score pad
    bots: list[Bot] = [GreedyBot(random.Random("3:greedy")), RandomBot(random.Random("3:random"))]
    final = play_game(GameConfig(players=2, seed=3), bots).final
    assert rows["total"] == [sheet.total for sheet in score(final)]
    winner = found(r"^Winner: (.+)$", out)
    best = max(rows["total"])
    expected = [
        name for name, total in zip(("GreedyBot", "RandomBot"), rows["total"], strict=True) if total == best
    ]
    assert all(name in winner for name in expected)


@pytest.mark.slow
def test_settle_dispute_prints_both_verdicts() -> None:
    out = run("settle_dispute.py")
    verdicts = re.findall(r"^(HOLDS|FAILS): (.+)$", out, re.MULTILINE)
    assert verdicts == [
        ("HOLDS", "Allying needs the ally cost before the colony is taken (COLONY-4)"),
        ("HOLDS", "Allying with a colony (rulebook p. 7)"),
    ]
    assert "COLONY-4: allying costs 2 coins and the player has 1" in out
    assert "what Bea may do instead: P1 colony 3 plunder, P1 pass" in out


@pytest.mark.slow
def test_frontend_replay_shows_each_seat_its_view_and_legal_moves(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = run("frontend_replay.py", "--seed", "5", "--at", "3", "--record", str(record))
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["kind"] == "game_record"
    assert saved["schema_version"] == 1
    total = len(saved["data"]["moves"])
    assert f"replayed to move 3 of {total}" in out

    screens = out.split("\n== what seat ")[1:]
    assert [screen[0] for screen in screens] == ["0", "1"]  # a draft round: both seats choose
    for seat, screen in enumerate(screens):
        assert "section draft, ply 3" in screen
        assert "drew 2 cards you cannot see" in screen  # INFO-1: the other seat's cards
        count = int(found(r"legal moves \((\d+)\), sent with ply 3", screen))
        moves = [json.loads(line) for line in screen.splitlines() if line.startswith("    {")]
        assert len(moves) == count > 0
        for data in moves:
            move = from_data({"schema_version": 1, "kind": "move", "data": data}, MOVE_CLASSES[data["type"]])
            assert isinstance(move, Draft)
            assert move.player == seat
            assert move.card in found(r"you drew: (.+)", screen)


@pytest.mark.slow
def test_frontend_replay_at_the_end_says_the_game_is_over() -> None:
    out = run("frontend_replay.py", "--seed", "5", "--at", "100000")
    assert out.rstrip().endswith("the game is over")


#: A median ratio with its range, as the benchmark prints it: ``3.05x (2.69x to 3.51x)``.
_SPREAD = r"[\d.]+x \([\d.]+x to [\d.]+x\)"


@pytest.mark.slow
def test_the_playout_benchmark_runs_and_reports_every_figure() -> None:
    """benchmarks/playout.py (a smoke run: the figures themselves are not checked here)."""
    script = ROOT / "benchmarks" / "playout.py"
    done = subprocess.run(
        [sys.executable, str(script), "--seconds", "0.2", "--rounds", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out = done.stdout
    tables = out.split("random playouts")[1:]
    assert len(tables) == 3, out  # Hadara, Stone Age, Imperial Settlers
    settings = (
        ["2 basic", "2 advanced", "4 basic", "4 advanced", "5 basic", "5 advanced"],
        ["2 players", "3 players", "4 players"],
        ["2 players", "3 players", "4 players"],
    )
    for table, names in zip(tables, settings, strict=True):
        for name in names:
            line = rf"^\s+{name}\s+\d+\s+[\d.]+\s+\d+\s+[\d.]+\s+{_SPREAD}$"
            assert re.search(line, table, re.MULTILINE), (name, table)
        assert re.search(rf"^\s+all\s+\d+\s+[\d.]+\s+{_SPREAD}$", table, re.MULTILINE), table
    for call in ("legal_moves(state)", "apply_move(state, move, check=False)", "from_json(text, GameState)"):
        assert re.search(rf"{re.escape(call)}: [\d.]+ us \(.*\)  = [\d.]+ python-chess moves", out), (
            call,
            out,
        )
    assert re.search(rf"checked / unchecked: {_SPREAD}", out), out
    assert re.search(r"memory kept per additional position .*: \d+ bytes", out), out
    assert "python-chess" in out, out
