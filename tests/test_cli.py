"""The hadara command: every command works, and bad input ends with one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hadara_rules.cli import main
from hadara_rules.rulebook import rules

ROOT = Path(__file__).resolve().parent.parent
A_SCENARIO = ROOT / "spec" / "scenarios" / "rulebook" / "colony-ally-p7.yaml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    assert main(["play", "--players", "3", "--seed", "5", "--record", str(path)]) == 0
    return path


def test_play_prints_the_events_and_the_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "3", "--bot", "random")
    assert code == 0
    assert "== Epoch I, phase A: wheel" in out
    assert "== Epoch III, phase B" in out
    for category in ("colonies", "statues", "silver", "gold", "cards", "coins", "total"):
        assert f"\n{category}" in out
    assert "Winner: " in out


def test_play_is_deterministic_in_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "--players", "4", "--seed", "9", "--advanced")
    again = run(capsys, "play", "--players", "4", "--seed", "9", "--advanced")
    assert first == again


def test_replay_prints_the_position_and_the_legal_moves(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    code, out, _ = run(capsys, "replay", str(record), "--at", "3")
    assert code == 0
    assert out.startswith("After 3 of ")
    assert "legal moves:" in out
    assert "draft player=" in out
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0
    assert "The game is over" in out
    assert "total" in out


def test_replay_reads_yaml_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    assert main(["play", "--players", "2", "--seed", "1", "--record", str(path)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "replay", str(path), "--at", "0")
    assert code == 0
    assert "set_wheel" in out


def test_check_reports_pass_and_fail(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(A_SCENARIO))
    assert code == 0
    assert "1 passed, 0 failed" in out
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(A_SCENARIO.read_text().replace("coins: 4", "coins: 5"))
    code, out, _ = run(capsys, "check", str(wrong))
    assert code == 1
    assert "FAIL" in out
    assert "expected 5, found 4" in out


def test_explain_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "colony-3")
    assert code == 0
    assert out.startswith("COLONY-3 (colony, rulebook p. 7)")
    code, out, _ = run(capsys, "explain", "SCORE-7")
    assert "Ruling:" in out
    assert "Variant:" in out
    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert len(out.splitlines()) == len(rules())


@pytest.mark.parametrize("command", ["play", "check", "replay", "explain", "rules"])
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    assert "usage: hadara" in capsys.readouterr().out


def tamper(record: Path, tmp_path: Path, edit: str) -> Path:
    document = json.loads(record.read_text())
    moves = document["data"]["moves"]
    if edit == "swap":
        moves[1], moves[20] = moves[20], moves[1]
    elif edit == "unknown-type":
        moves[0]["type"] = "teleport"
    elif edit == "wrong-type":
        moves[0]["rotation"] = "two"
    elif edit == "unknown-card":
        moves[1]["card"] = "no-such-card"
    elif edit == "bad-version":
        document["schema_version"] = 99
    path = tmp_path / f"{edit}.json"
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "cannot read the file"),
        ("empty", "the file is empty"),
        ("malformed-json", "malformed JSON"),
        ("malformed-yaml", "malformed YAML"),
        ("swap", "is illegal: FLOW-"),
        ("unknown-type", "unknown move type 'teleport'"),
        ("wrong-type", "moves[0].rotation"),
        ("unknown-card", "DRAFT-2"),
        ("bad-version", "schema_version"),
        ("not-a-record", "$.kind"),
    ],
)
def test_bad_records_end_with_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path, case: str, message: str
) -> None:
    if case == "missing":
        path = tmp_path / "nowhere.json"
    elif case == "empty":
        path = tmp_path / "empty.json"
        path.write_text("  \n")
    elif case == "malformed-json":
        path = tmp_path / "bad.json"
        path.write_text('{"schema_version": 1,')
    elif case == "malformed-yaml":
        path = tmp_path / "bad.yaml"
        path.write_text("data: [1, 2\n")
    elif case == "not-a-record":
        path = tmp_path / "move.json"
        path.write_text('{"schema_version": 1, "kind": "move", "data": {"type": "pass", "player": 0}}')
    else:
        path = tamper(record, tmp_path, case)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("hadara: ")
    assert str(path) in err
    assert message in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a mapping"),
        ("scenario: [", "malformed YAML"),
        ("scenario: 2\nconfig: {players: 2}\n", "format version"),
        ("scenario: 1\nconfig: {players: 9}\n", "SETUP-1"),
        ("scenario: 1\nconfig: {players: 2}\nsurprise: 1\n", "unknown key"),
        (
            "scenario: 1\nconfig: {players: 2}\ngiven: {players: {0: {cards: [nope]}}}\n",
            "unknown card 'nope'",
        ),
        ("scenario: 1\nconfig: {players: 2}\nmoves: [{type: fly, player: 0}]\n", "unknown move type 'fly'"),
        ("scenario: 1\nconfig: {players: 2}\nmoves: [{type: pass, player: zero}]\n", "moves[0].player"),
        ("scenario: 1\nconfig: {players: 2, seed: '1'}\n", "config.seed"),
        ("!!python/object/apply:os.system ['echo owned']\n", "malformed YAML"),
    ],
)
def test_bad_scenarios_end_with_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    code, _out, err = run(capsys, "check", str(path))
    assert code == 2
    assert err.count("\n") == 1
    assert str(path) in err
    assert message in err


def test_unknown_rule_id_and_missing_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "explain", "COLONY-99")
    assert code == 2
    assert "no such rule ID" in err
    code, _, err = run(capsys, "check", str(tmp_path / "nowhere.yaml"))
    assert code == 2
    assert "cannot read the file" in err


def test_the_console_script_never_shows_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[]")
    done = subprocess.run(
        [sys.executable, "-m", "hadara_rules.cli", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("hadara: ")


@pytest.mark.parametrize("command", ["check", "replay"])
def test_binary_files_end_with_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xff\xfe\x00\x81garbage")
    code, _, err = run(capsys, command, str(path))
    assert code == 2
    assert err.count("\n") == 1
    assert str(path) in err


def test_a_reader_that_goes_away_is_no_error() -> None:
    """``hadara play | head -1``: the command stops quietly when its output is closed."""
    done = subprocess.run(
        f"{sys.executable} -m hadara_rules.cli play --players 5 --seed 3 | head -1",
        shell=True,
        capture_output=True,
        text=True,
    )
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert "BrokenPipe" not in done.stderr
