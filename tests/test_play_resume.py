"""``hadara play``: a random seed by default, a game left is saved, ``--resume`` goes on
with it to the end an uninterrupted game reaches, and line editing where readline is."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import play_typed

from boardtable.games import game
from boardtable.playing import SEEDS
from boardtable.playing import line_editing as _line_editing
from hadara_rules.records import load_record


@pytest.mark.parametrize(
    ("argv", "line", "saved_as", "command"),
    [
        (("--players", "3", "--seed", "17"), "1\n", "hadara-game-17.json", "hadara play"),
        (
            ("--game", "stone-age", "--players", "2", "--seed", "6"),
            "1 1\n",
            "stone-age-game-6.json",
            "hadara play --game stone-age",
        ),
    ],
)
def test_resume_goes_on_to_the_end_an_uninterrupted_game_reaches(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: tuple[str, ...],
    line: str,
    saved_as: str,
    command: str,
) -> None:
    """A person leaves after 3 turns (the end of the input), resumes, and leaves again;
    resumed once more, the game ends as the one played without a break did, the bots
    choosing as they would have (in each game)."""
    monkeypatch.chdir(tmp_path)
    whole = tmp_path / "whole.json"
    args = (*argv, "--human", "1")
    code, out, err = play_typed(monkeypatch, capsys, line * 3000, *args, "--record", str(whole))
    assert (code, err) == (0, "")
    winner = out[out.index("Winner: ") :].splitlines()[0]
    code, out, err = play_typed(monkeypatch, capsys, line * 3, *args)
    assert (code, err) == (1, "")
    saved = tmp_path / saved_as
    assert f"Record saved to {saved.name} ('{command} --resume {saved.name}' goes on)" in out
    played = game(argv[1] if argv[0] == "--game" else "hadara")
    _, first, names = played.read_record(saved.read_text())
    assert names[1] == "human" and _result(saved) is None
    resume = (*argv[:2], "--resume", saved.name) if argv[0] == "--game" else ("--resume", saved.name)
    code, out, err = play_typed(monkeypatch, capsys, line * 2 + "quit\n", *resume)
    assert (code, err) == (1, "")
    assert f"Resuming {saved.name} after {len(first)} moves" in out
    assert len(played.read_record(saved.read_text())[1]) > len(first)
    code, out, err = play_typed(monkeypatch, capsys, line * 3000, *resume)
    assert (code, err) == (0, "")
    assert winner in out
    resumed, uninterrupted = played.read_record(saved.read_text()), played.read_record(whole.read_text())
    assert resumed == uninterrupted
    assert _result(saved) == _result(whole) is not None


def _result(saved: Path) -> object:
    """The result block of a saved record (None for a game left before its end)."""
    result: object = json.loads(saved.read_text())["data"].get("result")
    return result


@pytest.mark.parametrize(
    ("game", "argv", "message"),
    [
        ("hadara", ("--seed", "3"), "--resume: the record sets the game; leave out --seed"),
        ("hadara", ("--advanced",), "--resume: the record sets the game; leave out --advanced"),
        ("stone-age", ("--seed", "3"), "--resume: the record sets the game; leave out --seed"),
        ("stone-age", ("--players", "3"), "--resume: the record sets the game; leave out --players"),
    ],
)
def test_resume_refuses_settings_the_record_sets(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    argv: tuple[str, ...],
    message: str,
) -> None:
    """Hadara's and Stone Age's: the saved game is left as it was."""
    monkeypatch.chdir(tmp_path)
    chosen = ("--game", game)
    play_typed(monkeypatch, capsys, "quit\n", *chosen, "--players", "2", "--seed", "2", "--human", "0")
    saved = Path(f"{game}-game-2.json")
    before = saved.read_text(encoding="utf-8")
    code, out, err = play_typed(monkeypatch, capsys, "1\n", *chosen, "--resume", saved.name, *argv)
    assert (code, out) == (2, "") and err == f"hadara: {message}\n"
    assert saved.read_text(encoding="utf-8") == before


def test_resume_refuses_a_finished_game_and_a_game_without_people(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    play_typed(monkeypatch, capsys, "", "--players", "2", "--seed", "2", "--record", "bots.json")
    code, out, err = play_typed(monkeypatch, capsys, "", "--resume", "bots.json")
    assert (code, out) == (
        2,
        "",
    ) and err == "hadara: bots.json: the game is over ('hadara replay' shows it)\n"
    code, out, err = play_typed(monkeypatch, capsys, "", "--resume", "missing.json")
    assert code == 2 and out == "" and err.count("\n") == 1 and "missing.json" in err


def test_the_default_seed_is_random_and_printed_in_the_header_and_the_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    drawn: list[int] = []

    def randbelow(bound: int) -> int:
        assert bound == SEEDS == 2**53
        drawn.append(bound - 1 - len(drawn))
        return drawn[-1]

    monkeypatch.setattr("boardtable.playing.secrets.randbelow", randbelow)
    seeds = []
    for name in ("a.json", "b.json"):
        code, out, _ = play_typed(monkeypatch, capsys, "", "--players", "2", "--record", str(tmp_path / name))
        assert code == 0
        seed = load_record(tmp_path / name).config.seed
        assert out.startswith(f"Seed {seed} ('hadara play --seed {seed}' deals this game again)\n")
        seeds.append(seed)
    assert seeds == [2**53 - 1, 2**53 - 2]


def test_a_game_dealt_by_its_seed_again_is_the_same_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    play_typed(monkeypatch, capsys, "", "--players", "2", "--record", str(tmp_path / "a.json"))
    seed = load_record(tmp_path / "a.json").config.seed
    assert 0 <= seed < 2**53
    play_typed(
        monkeypatch, capsys, "", "--players", "2", "--seed", str(seed), "--record", str(tmp_path / "b.json")
    )
    assert load_record(tmp_path / "a.json").moves == load_record(tmp_path / "b.json").moves


def test_line_editing_where_readline_is_and_play_without_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Item 5: readline is imported where the platform has it; where it has not, the game
    is played all the same."""
    assert _line_editing() is True
    assert "readline" in sys.modules
    monkeypatch.setitem(sys.modules, "readline", None)  # as on a platform without it
    assert _line_editing() is False
    monkeypatch.chdir(tmp_path)
    code, out, err = play_typed(
        monkeypatch, capsys, "1\nquit\n", "--players", "2", "--seed", "1", "--human", "0"
    )
    assert (code, err) == (1, "") and "P0 (monkey) > " in out
