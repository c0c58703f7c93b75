"""The engine protocol end to end: a seat's view loads back as what a bot decides from
(INFO-1); ``hadara engine BOT`` speaks the protocol; ``--engine NAME=COMMAND`` plays in
``hadara arena`` and ``hadara play`` exactly as the built-in bot it runs, in every game; the
example engines of ``docs/engines.md`` play whole games of each without a single replaced
decision."""

from __future__ import annotations

import io
import json
import logging
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import hadara_first_others_slow, refused_in_one_line

from boardtable.arena import Tournament, run_tournament
from boardtable.cli import main
from boardtable.engines import serve
from boardtable.games import game
from hadara_rules import (
    GameConfig,
    GameState,
    apply_move,
    legal_moves,
    new_game,
    player_view,
)
from hadara_rules.bots import BOTS
from hadara_rules.records import to_data

ROOT = Path(__file__).resolve().parents[1]
#: Every game, for whole games through engines: Stone Age's run with the slow tests (its
#: protocol is checked in the default run by ``test_hadara_engine_plays_the_game_hello_names``).
GAMES = hadara_first_others_slow()
#: The built-in greedy bot as an engine, started as ``hadara engine greedy`` would be.
GREEDY = f"{sys.executable} -m hadara_rules.cli engine greedy"


def a_position() -> GameState:
    """A position of a 3-player game after 30 random moves."""
    rng = random.Random(3)
    state = new_game(GameConfig(players=3, seed=3))
    while state.ply < 30:
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    return state


def _speak(lines: list[str], bot: str = "greedy") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GREEDY.split()[:-1], bot],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_hadara_engine_speaks_the_protocol_and_ignores_unknown_fields() -> None:
    state = a_position()
    seat = state.to_act[0]
    moves = legal_moves(state, seat)
    turn = {
        "type": "turn",
        "seat": seat,
        "view": to_data(player_view(state, seat)),
        "legal": [{"notation": str(m), "move": to_data(m)["data"]} for m in moves],
        "ms": 1000,
        "clock": "a field of a later version",
    }
    hello = {"type": "hello", "protocol": 1, "game": "hadara", "seat": seat, "seed": "7:0", "x": 1}
    done = _speak([json.dumps(hello), json.dumps({"type": "news"}), json.dumps(turn), '{"type":"quit"}'])
    assert done.returncode == 0, done.stderr
    ready, answer = (json.loads(line) for line in done.stdout.splitlines())
    assert ready == {"type": "ready", "name": "greedy"}
    assert answer["type"] == "move"
    expected = BOTS["greedy"](random.Random("7:0")).choose(state, seat, moves)
    assert answer["move"] == str(expected)


def test_hadara_engine_says_why_it_leaves_a_message_unanswered() -> None:
    done = _speak(['{"type":"turn","seat":0}', "not json", '{"type":"hello","seat":0,"seed":"1"}'])
    assert done.returncode == 0
    assert [json.loads(line)["type"] for line in done.stdout.splitlines()] == ["ready"]
    errors = done.stderr.splitlines()
    assert len(errors) == 2 and "a turn before hello" in errors[0] and "malformed JSON" in errors[1]


def test_hadara_engine_plays_the_game_hello_names() -> None:
    """A Stone Age ``hello`` gets Stone Age's greedy bot, seeded from ``seed``: its move is
    the one that bot makes from the seat's view; a game no library knows is refused."""
    played = game("stone-age")
    state = played.new(played.read_options({}, 3, 3))
    rng = random.Random(3)
    for _ in range(30):
        seat = played.to_act(state)[0]
        state = played.play(state, rng.choice(played.moves(state, seat)))[0]
    seat = played.to_act(state)[0]
    view = played.view(state, seat)
    legal = [{"notation": str(m), "move": played.move_data(m)} for m in played.moves(view, seat)]
    turn = {"type": "turn", "seat": seat, "view": played.position_data(view), "legal": legal, "ms": 1000}
    hello = {"type": "hello", "protocol": 1, "game": "stone-age", "seat": seat, "seed": "7:0"}
    done = _speak([json.dumps(hello), json.dumps(turn), '{"type":"quit"}'])
    assert done.returncode == 0, done.stderr
    ready, answer = (json.loads(line) for line in done.stdout.splitlines())
    assert ready == {"type": "ready", "name": "greedy"}
    assert answer == {"type": "move", "move": str(played.bot("greedy", "7:0", 1.0).choose(view, seat))}
    refused = _speak([json.dumps({**hello, "game": "chess"}), json.dumps(turn)])
    assert refused.stdout == ""
    assert refused.stderr.splitlines() == [
        "hadara engine greedy: there is no game chess (the games are hadara, imperial-settlers, stone-age)",
        "hadara engine greedy: a turn before hello",
    ]


def test_a_bot_the_game_of_hello_lacks_is_refused_in_one_line() -> None:
    out, errors = io.StringIO(), io.StringIO()
    assert serve("minimax", ['{"type":"hello","game":"stone-age","seat":0}'], out, errors) == 0
    assert out.getvalue() == ""
    assert errors.getvalue() == (
        "hadara engine minimax: Stone Age has no bot 'minimax' (its bots are greedy, ismcts, random)\n"
    )


@pytest.mark.parametrize("name", GAMES)
def test_an_engine_in_the_arena_plays_the_games_of_the_bot_it_runs(name: str) -> None:
    """``--engine g="hadara engine greedy" --bots g,greedy`` gives the games of
    ``--bots greedy,greedy``, in worker processes that start their own engines, for every game."""
    with_engine = Tournament(("g", "greedy"), 2, 2, seed=3, engines=(("g", GREEDY),), game=name)
    played = run_tournament(with_engine, workers=2)
    builtin = run_tournament(Tournament(("greedy", "greedy"), 2, 2, seed=3, game=name))
    assert [(r.seed, r.scores, r.winners, r.moves) for r in played] == [
        (r.seed, r.scores, r.winners, r.moves) for r in builtin
    ]
    assert played[0].seats == ("g", "greedy")


@pytest.mark.parametrize("name", GAMES)
def test_hadara_play_with_an_engine_plays_the_game_of_the_bot_it_runs(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["play", "--game", name, "--players", "2", "--seed", "5"]
    assert (
        main([*argv, "--engine", f"mine={GREEDY}", "--bot", "mine", "--record", str(tmp_path / "a.json")])
        == 0
    )
    with_engine = capsys.readouterr().out
    assert main([*argv, "--bot", "greedy", "--record", str(tmp_path / "b.json")]) == 0
    builtin = capsys.readouterr().out
    assert with_engine.replace("mine", "greedy") == builtin.replace("b.json", "a.json")
    first, second = (json.loads((tmp_path / name).read_text())["data"] for name in ("a.json", "b.json"))
    assert first["moves"] == second["moves"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--bot", "nobody"], "unknown bot 'nobody'"),
        (["arena", "--bots", "greedy,nobody"], "unknown bot 'nobody'"),
        (["play", "--game", "stone-age", "--bot", "nobody"], "Stone Age's bots are greedy, ismcts, random"),
        (
            ["arena", "--game", "stone-age", "--bots", "g,nobody", "--engine", "g=python3"],
            "unknown Stone Age bot",
        ),
        (["play", "--engine", "mine"], "expected NAME=COMMAND"),
        (["play", "--engine", "greedy=python3 x.py"], "'greedy' is a built-in bot"),
        (["play", "--engine", "mine=", "--bot", "mine"], "the command of 'mine' is empty"),
        (["play", "--engine", "mine=/no/such/engine", "--bot", "mine"], "no program '/no/such/engine' found"),
        (["arena", "--bots", "m", "--engine", "m=python3", "--engine", "m=python3"], "'m' is named twice"),
    ],
)
def test_a_bad_bot_or_engine_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    refused_in_one_line(main, argv, message, capsys)


def _plays_cleanly(command: str, name: str, caplog: pytest.LogCaptureFixture) -> None:
    """Two games of the engine against the greedy bot, no decision replaced."""
    tournament = Tournament(("mine", "greedy"), 2, 2, seed=1, engines=(("mine", command),), game=name)
    with caplog.at_level(logging.WARNING, logger="boardtable.engines"):
        results = run_tournament(tournament)
    assert len(results) == 2 and all(r.moves > 50 for r in results)
    assert not caplog.records, caplog.text


@pytest.mark.parametrize("name", GAMES)
def test_the_python_example_engine_plays_whole_games(name: str, caplog: pytest.LogCaptureFixture) -> None:
    _plays_cleanly(f"{sys.executable} {ROOT / 'examples' / 'engines' / 'engine.py'}", name, caplog)


@pytest.mark.parametrize("name", GAMES)
def test_the_javascript_example_engine_plays_whole_games(name: str, caplog: pytest.LogCaptureFixture) -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("Node is needed in CI to test the JavaScript engine")
        pytest.skip("Node is not installed")
    _plays_cleanly(f"{node} {ROOT / 'examples' / 'engines' / 'engine.js'}", name, caplog)
