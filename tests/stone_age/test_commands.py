"""The commands with ``--game stone-age``: play (bots, a person, hot seat), arena, explain,
rules, replay and render, each rule named with its game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from helpers import play_typed, refused_in_one_line

from boardtable.arena import main as arena_main
from boardtable.cli import main
from stone_age_rules import rules as stone_age_rules
from stone_age_rules.records import GameRecord, from_json, replay
from stone_age_rules.text import SCORE_LINES


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test runs in a folder of its own: a game people leave is saved where it runs."""
    monkeypatch.chdir(tmp_path)


def test_play_by_bots_to_the_end_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--game", "stone-age", "--players", "3", "--seed", "5", "--bot", "random"]
    assert main([*argv, "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Stone Age, seed 5") and "Winner: P" in out and "(PLACE-1)" in out
    record = from_json(path.read_text(), GameRecord)
    assert replay(record).is_over and record.config.players == 3
    # the score sheet, a line per category and a column per player, its totals the record's
    assert record.result is not None
    sheet = out.split(f"== Final score (after {len(record.moves)} moves)\n", 1)[1].split("\n\n", 1)[0]
    rows = {line[:17].strip(): line[17:].split() for line in sheet.splitlines()}
    assert list(rows) == ["", *SCORE_LINES.values()] and rows[""] == ["P0", "P1", "P2"]
    assert rows["total"] == [str(s.total) for s in record.result.scores]
    assert rows["culture sets"] == [str(s.culture) for s in record.result.scores]
    assert main(argv) == 0 and capsys.readouterr().out == out.replace(f"Record saved to {path}\n", "")


def test_a_person_plays_by_number_and_notation_and_a_refused_move_names_its_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "1 1\nP1 place forest 1\nexplain place-1\nplace forest 1\n"
    code, out, _ = play_typed(
        monkeypatch, capsys, typed, "--game", "stone-age", "--players", "2", "--seed", "4", "--human", "0"
    )
    assert code == 1 and "The game was left after" in out
    assert "--- P0, your turn: Round 1, placing people;" in out
    assert "  1. Place people at the hunting grounds: 1–5  (gathers 1 food per 2 rolled)\n" in out
    assert "At this prompt only P0 moves." in out
    assert "Stone Age PLACE-1: " in out
    assert out.count("P0 placed ") == 2 and "P1 placed " in out


def test_moves_that_differ_in_a_count_are_one_line_and_the_count_is_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Placing 1 to 5 people at the forest is one numbered line; chosen by its number, how many
    is asked (a count out of range is told, and the move asked for again)."""
    code, out, _ = play_typed(
        monkeypatch,
        capsys,
        "2\n7\n2\n3\n",
        "--game",
        "stone-age",
        "--players",
        "2",
        "--seed",
        "4",
        "--human",
        "0",
    )
    turn = out.split("--- P0, your turn: ", 1)[1].split("\nP0 >", 1)[0].splitlines()
    listed = [line for line in turn if re.match(r"\s+\d+\. ", line)]
    # one line for 1 to 5 people at an area, what they will do in the actions whatever their
    # number; no notation (clay_pit, card1) on the screen
    assert listed[1] == "   2. Place people at the forest: 1–5  (gathers 1 wood per 3 rolled)"
    assert "   3. Place people at the clay pit: 1–5  (gathers 1 clay per 4 rolled)" in listed
    assert len(listed) < 16
    slot = r"\s+\d+\. Place a person at card slot 1  \(.* · .*; costs 1\s+resource; you cannot pay for it yet"
    assert re.search(slot, "\n".join(turn))  # the card in words, its price, and what pays it
    assert "Not a count from 1 to 5: '7'" in out
    assert code == 1 and "P0 placed 3 people at the forest (PLACE-1)" in out


def test_a_refused_move_is_told_with_its_rule_and_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play_typed(
        monkeypatch, capsys, "place hut 1\n", "--game", "stone-age", "--players", "2", "--human", "0"
    )
    assert code == 1 and "Refused by Stone Age PLACE-" in out and "\nStone Age PLACE-" in out


def test_hot_seat_plays_every_seat_by_people(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = play_typed(
        monkeypatch,
        capsys,
        "1\n1\n1\n",
        "--game",
        "stone-age",
        "--players",
        "2",
        "--seed",
        "1",
        "--human",
        "0,1",
    )
    assert code == 1 and "--- P0, your turn:" in out and "--- P1, your turn:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--game", "stone-age", "--players", "5"], "Stone Age is played by 2 to 4 players, not 5"),
        (["play", "--game", "stone-age", "--advanced"], "--advanced: Hadara's option"),
        (
            ["play", "--game", "stone-age", "--bot", "minimax"],
            "--bot: Stone Age's bots are greedy, ismcts, random",
        ),
        (["play", "--game", "stone-age", "--players", "2", "--human", "3"], "--human: no seat 3"),
        (["explain", "--game", "stone-age", "COLONY-1"], "no such Stone Age rule ID"),
        (["play", "--game", "chess"], "invalid choice"),
    ],
)
def test_a_bad_option_is_refused_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused_in_one_line(main, argv, message, capsys)


def test_explain_names_the_rule_with_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--game", "stone-age", "flow-1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Stone Age FLOW-1 (flow; source: ")
    assert main(["explain", "FLOW-1"]) == 0
    assert not capsys.readouterr().out.startswith("Stone Age")


def test_rules_lists_every_stone_age_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "stone-age"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(stone_age_rules())


def _recorded(folder: Path, capsys: pytest.CaptureFixture[str], bot: str) -> Path:
    """The record of a 2-player game of seed 3 by ``bot``, saved in ``folder``."""
    path = folder / "game.json"
    argv = ["play", "--game", "stone-age", "--players", "2", "--seed", "3", "--bot", bot]
    assert main([*argv, "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def test_replay_checks_the_record_and_shows_the_position_and_legal_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _recorded(tmp_path, capsys, "random")
    record = from_json(path.read_text(), GameRecord)
    assert main(["replay", "--game", "stone-age", "--at", "5", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Move 5: {record.moves[4]}\n  P")
    assert f"After 5 of {len(record.moves)} moves:\nRound 1, placing people" in out
    assert "The record's result holds" in out and "to act, " in out and "P0: 0 points" in out
    assert main(["replay", "--game", "stone-age", str(path)]) == 0
    out = capsys.readouterr().out
    assert "total " in out and "to act" not in out
    # a record edited after its result was written, or of another game, is refused in one line
    data = json.loads(path.read_text())
    data["data"]["result"]["scores"][0]["total"] += 1
    (tmp_path / "edited.json").write_text(json.dumps(data))
    refused_in_one_line(
        main,
        ["replay", "--game", "stone-age", str(tmp_path / "edited.json")],
        "result: player 0's total: the record says",
        capsys,
    )
    # the record names its game: --game may be left out, and naming another game is refused
    assert main(["replay", "--at", "5", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"Move 5: {record.moves[4]}\n  P")
    refused_in_one_line(
        main,
        ["replay", "--game", "hadara", str(path)],
        f"--game hadara: {path} is a Stone Age record",
        capsys,
    )
    refused_in_one_line(
        main, ["replay", "--game", "stone-age", "--at", "9999", str(path)], "--at must be", capsys
    )


def test_render_draws_a_record_s_position_whole_or_as_a_seat_sees_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, picture = _recorded(tmp_path, capsys, "greedy"), tmp_path / "p1.svg"
    assert main(["render", "--game", "stone-age", "--at", "40", str(path)]) == 0
    whole = capsys.readouterr().out
    assert whole.startswith("<svg") and "<title>Stone Age: Round 3: actions, move 40</title>" in whole
    argv = ["render", "--game", "stone-age", "--at", "40", "--viewer", "1", str(path)]
    assert main([*argv, "-o", str(picture)]) == 0
    assert picture.read_text().startswith("<svg") and capsys.readouterr().out == ""
    refused_in_one_line(main, [*argv[:-3], "--viewer", "2", str(path)], "--viewer must be a player", capsys)
    assert main(["render", "--at", "40", str(path)]) == 0 and capsys.readouterr().out == whole
    refused_in_one_line(main, ["render", "--game", "hadara", str(path)], "is a Stone Age record", capsys)


def test_arena_of_stone_age_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "arena.json"
    argv = ["--game", "stone-age", "--bots", "greedy,random", "--players", "2", "--games", "4", "--seed", "3"]
    assert arena_main([*argv, "--out", str(out_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Stone Age: 4 games of 2 players, seed 3: greedy, random")
    written = json.loads(out_file.read_text())
    assert written["tournament"]["game"] == "stone-age" and len(written["games"]) == 4
    assert all(game["seats"] in (["greedy", "random"], ["random", "greedy"]) for game in written["games"])
    refused_in_one_line(arena_main, [*argv[:-2], "--advanced"], "--advanced is Hadara's", capsys)
    refused_in_one_line(
        arena_main, ["--game", "stone-age", "--bots", "minimax"], "unknown Stone Age bot", capsys
    )


def test_resume_refuses_a_record_it_cannot_go_on_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finished game, a game of bots only, a move the rules refuse, and a file that is no
    Stone Age record: each refused in one line naming the file."""
    finished = tmp_path / "finished.json"
    assert (
        main(["play", "--game", "stone-age", "--players", "2", "--seed", "5", "--record", str(finished)]) == 0
    )
    capsys.readouterr()
    resume = ["play", "--game", "stone-age", "--resume"]
    refused_in_one_line(main, [*resume, str(finished)], "the game is over", capsys)
    record = json.loads(finished.read_text())
    record["data"]["result"] = None
    record["data"]["moves"] = record["data"]["moves"][:3]
    bots = tmp_path / "bots.json"
    bots.write_text(json.dumps(record))
    refused_in_one_line(main, [*resume, str(bots)], "names no seat played by a person", capsys)
    record["data"]["moves"][2] = record["data"]["moves"][0]
    record["data"]["info"]["players"][0] = "human"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record))
    refused_in_one_line(main, [*resume, str(tampered)], f"{tampered}: move 3 is refused: ", capsys)
    refused_in_one_line(main, [*resume, str(tmp_path / "missing.json")], "missing.json", capsys)


def test_a_saved_game_names_its_game_and_resumes_without_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Stone Age game left is saved naming its game (``info.game``) in the working folder,
    which the message names; ``--resume`` goes on with it without ``--game``, and ``--game``
    naming another game is refused in one line, the file left as it was."""
    code, out, _ = play_typed(
        monkeypatch,
        capsys,
        "1 1\nquit\n",
        "--game",
        "stone-age",
        "--players",
        "2",
        "--seed",
        "2",
        "--human",
        "0",
    )
    saved = tmp_path / "stone-age-game-2.json"
    assert code == 1 and f"Record saved to {saved.name} (" in out and f", in the folder {tmp_path}" in out
    before = saved.read_text()
    assert json.loads(before)["data"]["info"]["game"] == "stone-age"
    made = len(from_json(before, GameRecord).moves)
    code, out, err = play_typed(monkeypatch, capsys, "1\n", "--game", "hadara", "--resume", saved.name)
    assert (code, out) == (2, "")
    assert (
        err
        == f"hadara: --game hadara: {saved.name} is a Stone Age record (leave out --game, or name stone-age)\n"
    )
    assert saved.read_text() == before
    code, out, err = play_typed(monkeypatch, capsys, "1 1\nquit\n", "--resume", saved.name)
    assert (code, err) == (1, "") and out.startswith("Stone Age, seed 2 (")
    assert f"Resuming {saved.name} after {made} moves" in out
    assert len(from_json(saved.read_text(), GameRecord).moves) > made


def test_a_record_that_names_no_game_is_read_by_the_game_that_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record written before records named their game (no ``info.game``), JSON or YAML, is
    of the game whose reader takes it: it replays, renders and resumes without ``--game``."""
    path = _recorded(tmp_path, capsys, "random")
    document = json.loads(path.read_text())
    del document["data"]["info"]["game"]
    old, old_yaml = tmp_path / "old.json", tmp_path / "old.yaml"
    old.write_text(json.dumps(document))
    old_yaml.write_text(yaml.safe_dump(document))
    assert main(["replay", "--game", "stone-age", "--at", "7", str(path)]) == 0
    expected = capsys.readouterr().out
    for written in (old, old_yaml):
        assert main(["replay", "--at", "7", str(written)]) == 0
        assert capsys.readouterr().out == expected
        assert main(["render", "--at", "7", str(written)]) == 0
        assert capsys.readouterr().out.startswith("<svg")
    refused_in_one_line(main, ["replay", "--game", "hadara", str(old)], "is a Stone Age record", capsys)
    document["data"]["result"] = None
    document["data"]["moves"] = document["data"]["moves"][:5]
    document["data"]["info"]["players"][1] = "human"
    old.write_text(json.dumps(document))
    code, out, _ = play_typed(monkeypatch, capsys, "", "--resume", str(old))  # left: saved, naming its game
    assert code == 1 and f"Resuming {old} after 5 moves" in out
    assert json.loads(old.read_text())["data"]["info"]["game"] == "stone-age"


def test_an_option_of_another_game_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    refused_in_one_line(
        main,
        ["play", "--game", "stone-age", "--crests", "monkey,lion"],
        "--crests: Hadara's option; Stone Age has none",
        capsys,
    )
    refused_in_one_line(
        arena_main,
        ["--game", "stone-age", "--bots", "greedy", "--crests", "monkey,lion"],
        "--crests is Hadara's; Stone Age has none",
        capsys,
    )
