"""The oracle at the terminal, for every game: ``hadara replay --step`` steps through a record
as a seat sees it, and ``hadara analyse`` tries moves on a position, each refusal with its
rule's text."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardtable.analysing import explore
from boardtable.cli import main
from boardtable.gamefiles import read_game_file
from boardtable.games import AnyGame, game
from boardtable.prompt import Reader
from boardtable.reviewing import told
from boardtable.stepping import step

GAMES = ("hadara", "stone-age")
#: A move each game refuses in its first position.
REFUSED = {"hadara": "P0 wheel 9", "stone-age": "P1 place forest 1"}


def scripted(*lines: str) -> Reader:
    """A reader that types ``lines``, then ends the input."""
    typed: Iterator[str] = iter(lines)
    return lambda prompt: next(typed, None)


def unfinished(played: AnyGame, tmp_path: Path, count: int) -> Path:
    """A record of ``count`` moves of a random game, not over (no result block)."""
    options = played.read_options({}, 2, 7)
    state, moves, pick = played.new(options), [], random.Random(7)
    for _ in range(count):
        seat = played.to_act(state)[0]
        move = pick.choice(played.moves(state, seat))
        state, _ = played.play(state, move)
        moves.append(move)
    assert not played.is_over(state)
    path = tmp_path / "left.json"
    path.write_text(played.record(options, moves, state, ["Ann", "Ben"], "test"))
    return path


def finished(name: str, tmp_path: Path) -> Path:
    path = tmp_path / "done.json"
    argv = ["play", "--game", name, "--players", "2", "--seed", "3", "--bot", "random"]
    assert main([*argv, "--record", str(path)]) == 0
    return path


@pytest.mark.parametrize("name", GAMES)
def test_replay_steps_forward_back_and_to_a_move(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = finished(name, tmp_path)
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("next\n\nback\ngoto 5\nfirst\nlast\ngoto x\n"))
    assert main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    shown = [line for line in out.splitlines() if line.startswith("After ")]
    total = len(read_game_file(str(path), None).moves)
    steps = [0, 1, 2, 1, 5, 0, total]
    assert [line.split(" of ")[0] for line in shown] == [f"After {n}" for n in steps]
    assert f"goto 'x': name a number of moves, 0 to {total}." in out
    assert "Move 5: " in out and "The game is over." in out


@pytest.mark.parametrize("name", GAMES)
def test_as_a_seat_shows_that_seat_s_view_and_as_all_is_refused_before_the_end(
    name: str, tmp_path: Path
) -> None:
    played = game(name)
    record = read_game_file(str(unfinished(played, tmp_path, 12)), None)
    said: list[str] = []
    step(record, 0, scripted("goto 12", "as 1", "as all", "as 5"), said.append)
    state = record.played_to(12)[0]
    words = played.commands().words
    seen = words.board(played.view(state, 1), 1)
    whole = words.board(state, 1)
    as_one = said[-3]
    assert as_one.startswith("After 12 of 12 moves, as P1:")
    assert "\n".join(line for line in seen if line) in as_one
    hidden = [line for line in whole if line not in seen]
    assert not [line for line in hidden if line in as_one]
    if name == "hadara":
        assert hidden  # P0's colony backs, face down to P1
    assert said[-2] == "as all: the game is not over, and it shows every hidden card"
    assert said[-1] == "as '5': name a seat 0 to 1, spectator or all"


def test_another_seat_s_move_is_not_named_where_it_names_a_hidden_card(tmp_path: Path) -> None:
    played = game("hadara")
    record = read_game_file(str(unfinished(played, tmp_path, 3)), None)
    drafted = str(record.moves[2])  # a draft: the card a seat keeps, hidden from the other
    mover = played.mover(record.moves[2])
    said: list[str] = []
    step(record, 3, scripted(f"as {1 - mover}", f"as {mover}"), said.append)
    assert drafted not in said[-2] and f"a move of P{mover}" in said[-2]
    assert f"Move 3: {drafted}" in said[-1]


@pytest.mark.parametrize("name", GAMES)
def test_analyse_tries_a_legal_move_and_takes_it_back(name: str) -> None:
    played = game(name)
    start = played.new(played.read_options({}, 2, 7))
    seat = played.to_act(start)[0]
    legal = played.legal(played.view(start, seat), seat)[0]
    notation = str(played.legal_entry(legal)["notation"])
    said: list[str] = []
    explore(played, start, True, scripted(f"try {notation}", "undo", "undo"), said.append)
    _, events = played.play(start, played.read_move(notation))
    assert said[2].splitlines()[1:-1] == [f"  {line}" for line in told(played, events)]
    assert said[2].startswith(f"Played {notation}:")
    assert said[3].startswith("The position, as the whole position, 0 moves tried:")
    assert said[3] == said[1]
    assert said[4] == "No move tried to take back."


@pytest.mark.parametrize("name", GAMES)
def test_analyse_shows_a_refusal_s_rule_and_its_text(name: str) -> None:
    played = game(name)
    start = played.new(played.read_options({}, 2, 7))
    refused = played.refusal(start, played.read_move(REFUSED[name]))
    assert refused is not None
    rule = played.rule(refused.rule)
    assert rule is not None
    said: list[str] = []
    explore(played, start, True, scripted(f"try {REFUSED[name]}", "board"), said.append)
    lines = said[2].splitlines()
    assert lines[0] == f"Refused by {refused.rule}: {refused.reason}"
    assert lines[1] == f"  {refused.rule}: {rule['text']}"
    assert said[3] == said[1]  # nothing played


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("typed", ["zz top", "try", "try {not json", "try P0 fly", "as", "as all!"])
def test_analyse_answers_bad_input_in_one_line(name: str, typed: str) -> None:
    played = game(name)
    start = played.new(played.read_options({}, 2, 7))
    said: list[str] = []
    explore(played, start, False, scripted(typed, "quit", "never read"), said.append)
    assert len(said) == 3 and "\n" not in said[2]


def test_analyse_opens_a_record_and_writes_nothing_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = unfinished(game("stone-age"), tmp_path, 6)
    before = path.read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO("as all\nmoves\nquit\n"))
    assert main(["analyze", str(path), "--at", "4"]) == 0
    out = capsys.readouterr().out
    assert "The position, as the spectator, 0 moves tried:" in out
    assert "as all: the record's game is not over" in out
    assert path.read_text() == before
    assert json.loads(before)["kind"] == "game_record"
