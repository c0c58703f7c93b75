"""The hadara command: every command works, and bad input ends with one line and exit status 2."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import interruptible

from boardtable.cli import main
from boardtable.games import game, names
from hadara_rules import parse_move
from hadara_rules._rulebook import rules
from hadara_rules.schema import KINDS
from stone_age_rules.schema import KINDS as STONE_AGE_KINDS
from stone_age_rules.schema import schema_text as stone_age_schema_text

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
    assert "(INCOME-1)" in out  # the automatic steps are told too: income
    assert "\n== Epoch III, phase B: feeding\n" in out
    for category in ("colonies", "statues", "silver", "gold", "cards", "coins", "total"):
        assert f"\n{category}" in out
    assert "Winner: " in out


def test_play_seats_the_players_on_the_crests_chosen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """WHEEL-3: one crest per seat, in seat order; the number of players follows them."""
    path = tmp_path / "crests.json"
    code, out, _ = run(capsys, "play", "--crests", "monkey,lion", "--seed", "2", "--record", str(path))
    assert code == 0
    assert "P1 (lion)" in out
    assert "dragon" not in out
    record = json.loads(path.read_text())["data"]["config"]
    assert (record["players"], record["crests"]) == (2, ["monkey", "lion"])


def test_play_refuses_an_unknown_crest(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "--crests", "monkey,unicorn"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "argument --crests: 'unicorn' is no crest (the crests are monkey, dragon" in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--crests", "lion,lion"],
            "WHEEL-3: crests must name a crest of its own for each seat; lion is named twice",
        ),
        (
            ["--players", "3", "--crests", "lion,scarab"],
            "WHEEL-3: crests must name one crest per seat: 3 players",
        ),
    ],
)
def test_play_refuses_crests_that_do_not_seat_everyone_once(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "play", *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"hadara: {message}")
    assert len(err.splitlines()) == 1


def test_play_is_deterministic_in_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "--players", "4", "--seed", "9", "--advanced")
    again = run(capsys, "play", "--players", "4", "--seed", "9", "--advanced")
    assert first == again


def test_replay_prints_the_position_and_the_legal_moves(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    code, out, _ = run(capsys, "replay", str(record), "--at", "3")
    assert code == 0
    assert out.startswith("Move 3: P")  # the last move in notation, then what it did
    assert "\nAfter 3 of " in out
    assert "legal moves:" in out
    listed = [line.strip() for line in out.splitlines() if line.startswith("  P")]
    assert listed
    assert all(str(parse_move(line)) == line for line in listed)  # the move notation
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
    assert "  P0 wheel 0\n" in out


def test_check_reports_pass_and_fail(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(A_SCENARIO))
    assert code == 0
    assert "1 passed, 0 failed" in out
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(A_SCENARIO.read_text().replace("coins: 4", "coins: 5"))
    code, out, _ = run(capsys, "check", str(wrong))
    assert code == 1
    assert "FAIL" in out
    assert "player 0 coins: expected 5, found 4" in out
    assert "rules cited: COLONY-2, COLONY-4, COLONY-5, SCORE-1, TRACK-2" in out
    assert "after the moves: epoch I, phase A, colony section, P1 (dragon) to act" in out
    assert "0 passed, 1 failed" in out


INCOME_THEN_ALLY = """\
scenario: 1
rules: [COLONY-4, INCOME-1]
config: {players: 2, seed: 0}
given:
  section: income
  first_player: 0
  players: {0: {coins: 3, tracks: {income: 2, military: 12}}}
moves: [P0 colony 9 ally]
expect: {players: {0: {coins: -2}}}
"""


def test_a_failed_verdict_shows_how_its_numbers_came(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The events of the automatic steps after ``given`` and of every move, with amounts and rules."""
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(INCOME_THEN_ALLY)
    code, out, _ = run(capsys, "check", str(wrong))
    assert code == 1
    assert "player 0 coins: expected -2, found 4" in out
    lines = [line.strip() for line in out.splitlines()]
    assert lines[lines.index("what happened:") + 1 :][:3] == [
        "after given:",
        "P0: +2 coins (income) (INCOME-1)",
        "P1: +2 coins (income) (INCOME-1)",
    ]
    assert "move 0: P0 colony 9 ally:" in lines
    ally = lines[lines.index("move 0: P0 colony 9 ally:") + 1]
    assert ally.startswith("P0 allies with colony col-09-")
    assert "-1 coin (ally cost)" in ally
    assert ally.endswith("(COLONY-4)")


def test_check_explain_shows_every_scenarios_events(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(A_SCENARIO))
    assert code == 0
    assert "what happened" not in out
    code, out, _ = run(capsys, "check", "--explain", str(A_SCENARIO))
    assert code == 0
    assert out.splitlines()[1:4] == [
        "       what happened:",
        "         move 0: P0 colony 9 ally:",
        "           P0 allies with colony x-col: -1 coin (ally cost), military +2 steps, culture +1 step (COLONY-4)",
    ]


@pytest.mark.parametrize("rule", sorted(rules()))
def test_explain_prints_no_sentence_twice(capsys: pytest.CaptureFixture[str], rule: str) -> None:
    code, out, _ = run(capsys, "explain", rule)
    assert code == 0
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    assert len(lines) == len(set(lines)), out
    entry = rules()[rule]
    assert out.count(entry.summary) == 1
    assert out.count(entry.text) == 1


def test_explain_shows_the_page_and_the_source_files(capsys: pytest.CaptureFixture[str]) -> None:
    """Players see the rulebook page and the files; the functions only with --verbose."""
    code, out, _ = run(capsys, "explain", "COLONY-1")
    assert code == 0
    enforced = next(line for line in out.splitlines() if "Enforced in:" in line)
    assert enforced.strip() == (
        "Enforced in: hadara_rules/_rules/colony.py, hadara_rules/_rules/requirement.py (rulebook p. 6)"
    )
    assert ":turn_used_up" not in out
    for rule in rules().values():  # every file named exists
        for name in rule.implemented_in:
            assert (ROOT / (name.partition(":")[0].replace(".", "/") + ".py")).is_file(), name
    code, out, _ = run(capsys, "explain", "--verbose", "COLONY-1")
    assert "hadara_rules._rules.colony:turn_used_up" in out


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("COLONY3", "did you mean COLONY-3, "), ("medal1", "did you mean MEDAL-1"), ("XYZ", None)],
)
def test_explain_suggests_the_closest_rule_ids(
    capsys: pytest.CaptureFixture[str], typed: str, suggested: str | None
) -> None:
    code, out, err = run(capsys, "explain", typed)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert f"{typed!r}: no such rule ID" in err
    if suggested is None:
        assert "did you mean" not in err
    else:
        assert suggested in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from hadara_rules import __version__

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"hadara {__version__}\n"


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


@pytest.mark.parametrize("command", ["play", "check", "replay", "explain", "rules", "arena"])
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
        ("empty", "malformed JSON: the document is empty"),
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
        ("", "malformed YAML: the document is empty"),
        ("- 1\n", "top level: expected a mapping, found [1]"),
        ("scenario: [", "malformed YAML"),
        ("scenario: 2\nconfig: {players: 2}\nexpect: {over: false}\n", "format version"),
        ("scenario: 1\nconfig: {players: 9}\nexpect: {over: false}\n", "SETUP-1"),
        ("scenario: 1\nconfig: {players: 2}\nsurprise: 1\n", "unknown key surprise"),
        (
            "scenario: 1\nconfig: {players: 2}\ngiven: {players: {0: {cards: [nope]}}}\nexpect: {over: false}\n",
            "unknown card 'nope'",
        ),
        ("scenario: 1\nconfig: {players: 2}\nmoves: [{type: fly, player: 0}]\n", "unknown move type 'fly'"),
        ("scenario: 1\nconfig: {players: 2}\nmoves: [{type: pass, player: zero}]\n", "moves[0].player"),
        ("scenario: 1\nconfig: {players: 2, seed: '1'}\n", "config.seed"),
        ("!!python/object/apply:os.system ['echo owned']\n", "malformed YAML"),
        ("scenario: 1\nconfig: {players: 2}\n", "a scenario states at least one expectation"),
        ("scenario: 1\nconfig: {players: 2}\nexpect: {}\n", "a scenario states at least one expectation"),
        (
            "scenario: 1\nrules: [COLONY-99]\nconfig: {players: 2}\nexpect: {over: false}\n",
            "rules[0]: no rule",
        ),
        (
            "scenario: 1\nconfig: {players: 2}\nexpect: {over: false}\nexpect: {over: true}\n",
            "the key 'expect' appears twice",
        ),
        (
            "scenario: 1\nconfig: {players: 3}\nexpect: {players: {-1: {coins: 5}}}\n",
            "seats are numbered from 0",
        ),
        (
            "scenario: 1\nconfig: {players: 3}\nmoves: [P5 wheel 2]\nexpect: {over: false}\n",
            "moves[0].player: no player 5 in a 3-player game (seats are 0 to 2)",
        ),
        (
            "scenario: 1\nconfig: {players: 3}\nexpect: {players: {3: {coins: 5}}}\n",
            "no player 3 in a 3-player",
        ),
        (
            "scenario: 1\nconfig: {players: 2}\nmoves: [{type: pass, yes: 1}]\n",
            "a key is a name or a whole number",
        ),
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


def test_play_records_the_result_and_who_played(record: Path) -> None:
    document = json.loads(record.read_text())["data"]
    assert set(document) == {"config", "moves", "result", "info"}
    assert document["result"]["moves"] == len(document["moves"])
    assert len(document["result"]["record"]) == 64  # the result vouches for every move
    assert len(document["result"]["digest"]) == 64
    assert [sheet["player"] for sheet in document["result"]["scores"]] == [0, 1, 2]
    assert document["info"]["players"] == ["greedy bot 0", "greedy bot 1", "greedy bot 2"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", document["info"]["date"])


def test_replay_says_the_recorded_result_holds(capsys: pytest.CaptureFixture[str], record: Path) -> None:
    code, out, _ = run(capsys, "replay", str(record), "--at", "5")
    assert code == 0
    digest = json.loads(record.read_text())["data"]["result"]["digest"]
    assert f"The record's result holds: its moves and position digest {digest[:16]}…" in out


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ("drop-last-move", r"result: the record has \d+ moves, its result was reached after \d+"),
        ("flip-variant", r"result: the configuration or the moves differ from those the result vouches"),
        ("raise-a-score", r"result: player 1's total: the record says \d+, the moves give \d+"),
    ],
)
def test_a_record_that_no_longer_leads_to_its_result_ends_with_status_2(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path, edit: str, message: str
) -> None:
    document = json.loads(record.read_text())
    data = document["data"]
    if edit == "drop-last-move":
        data["moves"].pop()
    elif edit == "flip-variant":
        data["config"]["variants"] = {"tie_break_all_coins": True}
    else:
        data["result"]["scores"][1]["total"] += 1
    path = tmp_path / f"{edit}.json"
    path.write_text(json.dumps(document))
    code, out, err = run(capsys, "replay", str(path), "--at", "0")
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert re.search(message, err), err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--players", "9"],
        ["play", "--seed", "9" * 5000],
        ["play", "--seed", "12x"],
        ["replay", "game.json", "--at", "-" + "1" * 30],
        # plain ASCII digits only: int() would take these
        ["play", "--seed", "\uff17"],
        ["play", "--seed", "1_0"],
        ["play", "--seed", " 5"],
        ["play", "--players", "\u0663"],
        ["replay", "game.json", "--at", "\u0661\u0660"],
        ["arena", "--bots", "random", "--games", "1_0"],
        ["arena", "--bots", "random", "--games", "\u0661\u0660"],
        ["arena", "--bots", "random", "--seed", "\uff17"],
        ["arena", "--bots", "random", "--workers", "\uff12"],
        ["arena", "--bots", "random", "--players", "\u0663"],
        ["frobnicate"],
        [],
    ],
)
def test_bad_arguments_end_with_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("hadara: ")
    assert err.count("\n") == 1
    assert len(err) < 300


def test_a_record_is_never_written_into_a_pipe_nobody_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    code, _, err = run(capsys, "play", "--players", "2", "--seed", "1", "--record", str(pipe))
    assert code == 2
    assert f"{pipe}: cannot write the record" in err


def test_render_draws_a_record(capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path) -> None:
    picture = tmp_path / "table.svg"
    code, _out, _err = run(capsys, "render", str(record), "--at", "5", "--viewer", "1", "-o", str(picture))
    assert code == 0
    assert picture.read_text(encoding="utf-8").startswith("<svg")
    code, _out, err = run(capsys, "render", str(tmp_path / "missing.json"))
    assert code == 2
    assert len(err.strip().splitlines()) == 1


def test_arena_plays_seeded_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "arena", "--bots", "random,greedy", "--players", "2", "--games", "2", "--seed", "3"
    )
    assert code == 0
    assert "greedy" in out
    assert "random" in out
    assert main(["arena", "--bots", "nobody", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'nobody'" in err
    assert len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------------- writing safely

HADARA = [sys.executable, "-m", "hadara_rules.cli"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "command",
    [
        ["replay", "{record}"],
        ["replay", "{record}", "--at", "3"],
        ["play", "--players", "2", "--seed", "4"],
        ["rules"],
        ["arena", "--bots", "random", "--players", "2", "--games", "2"],
    ],
)
def test_a_full_standard_output_is_one_line_and_status_2(record: Path, command: list[str]) -> None:
    """``hadara replay game.json > /dev/full``: one line on standard error, never a traceback."""
    argv = [part.format(record=record) for part in command]
    with Path("/dev/full").open("w") as full:
        done = subprocess.run([*HADARA, *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "hadara: cannot write to standard output (No space left on device)\n"


def test_a_record_path_that_cannot_be_written_costs_no_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for path, problem in (
        (tmp_path / "missing" / "game.json", "No such file or directory"),
        (tmp_path, "a folder"),
    ):
        code, out, err = run(capsys, "play", "--players", "2", "--record", str(path))
        assert (code, out) == (2, "")
        assert err == f"hadara: {path}: cannot write the record ({problem})\n"


def test_a_record_is_replaced_whole(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The record is written beside itself and renamed over the old one: its permissions are
    kept and no temporary file is left."""
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)
    code, _, _ = run(capsys, "play", "--players", "2", "--seed", "2", "--record", str(path))
    assert code == 0
    assert json.loads(path.read_text())["kind"] == "game_record"
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_an_interrupted_game_leaves_the_old_record_whole(tmp_path: Path, stop: signal.Signals) -> None:
    """``hadara play --record game.json`` stopped during the game: the record is as it was."""
    path = tmp_path / "game.json"
    old = b'{"an old record": true}'
    path.write_bytes(old)
    game = subprocess.Popen(
        [*HADARA, "play", "--players", "5", "--bot", "ismcts", "--record", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=interruptible,
    )
    try:
        assert game.stdout is not None
        assert game.stdout.readline()  # the game has begun
        game.send_signal(stop)
        _, err = game.communicate(timeout=10)
    finally:
        game.kill()
    assert game.returncode == (130 if stop == signal.SIGINT else -stop)
    assert b"Traceback" not in err
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_schema_lists_and_prints_each_game_s_own_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    assert all(game(name).commands().schemas is not None for name in names())
    code, out, _ = run(capsys, "schema", "--list", "--game", "stone-age")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(STONE_AGE_KINDS)
    assert all(STONE_AGE_KINDS[line.split()[0]] in line for line in out.splitlines())
    code, out, _ = run(capsys, "schema", "--game", "stone-age", "game_record")
    assert code == 0
    assert out == stone_age_schema_text("game_record")
    assert json.loads(out)["$id"] == "urn:hadara-rules:schema:stone-age:game_record:1"
    code, out, _ = run(capsys, "schema", "--game", "stone-age", "seat_view")
    assert (code, out) == (0, stone_age_schema_text("seat_view"))
    assert {"seat_view", "move_request", "catalogue"} <= set(STONE_AGE_KINDS)
    code, out, _ = run(capsys, "schema", "--list")
    assert [line.split()[0] for line in out.splitlines()] == list(KINDS)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["view"], "'view' is no document kind of Stone Age (the kinds: game_state, game_config"),
        ([], "schema needs a KIND or --list (the kinds: game_state, game_config"),
    ],
)
def test_schema_of_stone_age_refuses_a_kind_it_has_not_in_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, out, err = run(capsys, "schema", "--game", "stone-age", *arguments)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert message in err


# --------------------------------------------------------------------------- every game through one door


@pytest.mark.parametrize(
    "command",
    [[], ["play"], ["check"], ["replay"], ["render"], ["explain"], ["rules"], ["arena"], ["connect"]],
)
def test_the_help_names_every_game(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """``hadara --help`` names every registered game (by name: a title would import the game),
    each command's help by name and title; ``hadara --help`` also ``--game``, ``--resume`` and
    ``connect``."""
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for name in names():
        assert name in out
        assert (game(name).title in out) == bool(command)
    if not command:
        assert "--game NAME" in out and "--resume FILE" in out and "hadara connect URL" in out


def test_a_record_names_its_game_and_one_that_does_not_is_read_all_the_same(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    """Records are written naming their game (``info.game``); one written before they did is
    of the game whose reader takes it; ``--game`` naming another game is refused in one line."""
    document = json.loads(record.read_text())
    assert document["data"]["info"]["game"] == "hadara"
    del document["data"]["info"]["game"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(document))
    assert run(capsys, "replay", str(old), "--at", "4") == run(capsys, "replay", str(record), "--at", "4")
    assert run(capsys, "replay", "--game", "hadara", str(old), "--at", "4")[0] == 0
    for path in (old, record):
        code, out, err = run(capsys, "replay", "--game", "stone-age", str(path))
        assert (code, out) == (2, "")
        assert (
            err == f"hadara: --game stone-age: {path} is a Hadara record (leave out --game, or name hadara)\n"
        )


def test_a_record_no_game_reads_is_refused_with_the_default_game_s_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(
        '{"schema_version": 1, "kind": "game_record", "data": {"config": {"players": 2}, "x": 1}}'
    )
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert err.startswith(f"hadara: {path}: ") and "x" in err
    path.write_text(path.read_text().replace('"x": 1', '"info": {"game": "chess"}'))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "") and err.startswith(
        f"hadara: {path}: info.game: there is no game chess (the games"
    )


def test_a_scenario_of_an_unknown_game_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "chess.yaml"
    path.write_text("scenario: 1\ngame: chess\nconfig: {players: 2}\nexpect: {over: false}\n")
    code, out, err = run(capsys, "check", str(path))
    assert (code, out) == (2, "")
    assert err == f"hadara: {path}: game: there is no game chess (the games are {', '.join(names())})\n"


def test_the_options_of_hadara_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--advanced --crests monkey,lion``: two players on those crests, in the advanced game."""
    path = tmp_path / "game.json"
    code, out, _ = run(
        capsys, "play", "--advanced", "--crests", "monkey,lion", "--seed", "4", "--record", str(path)
    )
    assert code == 0 and "P1 (lion)" in out
    config = json.loads(path.read_text())["data"]["config"]
    assert (config["players"], config["crests"], config["advanced"]) == (2, ["monkey", "lion"], True)
