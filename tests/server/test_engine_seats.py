"""Engines at the server's table: the seats of ``hadara serve --engine NAME=COMMAND``."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from helpers import hadara_first_others_slow
from starlette.testclient import TestClient

from boardtable.games import AnyGame, Decider, game
from boardtable.server.app import create_app
from boardtable.server.engines import EngineSeat, EngineSeats
from boardtable.server.sqlite import SQLiteStore
from hadara_rules.cli import main

from .serving import create, served, wait_over

#: The built-in greedy bot as an engine, started as ``hadara engine greedy`` would be.
GREEDY = f"{sys.executable} -m hadara_rules.cli engine greedy"

HADARA = game("hadara")
GAMES = hadara_first_others_slow()


def _play(deciders: dict[int, Decider[Any, Any]], played: AnyGame = HADARA, seed: int = 5) -> Any:
    """A 2-player game to its end, each seat's move chosen from the whole position, as the
    server's driver asks its bots."""
    state = played.new(played.read_options({}, 2, seed))
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        state, _ = played.play(state, deciders[seat].choose(state, seat))
    return state


def _gone(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.parametrize("name", GAMES)
def test_an_engine_seat_plays_a_whole_game_as_its_bot_would_and_is_stopped_at_close(name: str) -> None:
    played = game(name)
    seats = EngineSeats({"g": GREEDY})
    assert seats.names() == ("g",)
    engine = seats.decider(played, "g", 0, "m:0", 2.0)
    by_engine = _play({0: engine, 1: played.bot("greedy", "m:1", 1.0)}, played)
    by_bots = _play({0: played.bot("greedy", "m:0", 1.0), 1: played.bot("greedy", "m:1", 1.0)}, played)
    assert played.digest(by_engine) == played.digest(by_bots)
    assert engine.bot.replaced == 0 and engine.bot.failures == 0
    pid = engine.bot.pid
    assert pid is not None and seats.running() == 1
    seats.close_all()
    assert _gone(pid) and seats.running() == 0


def test_past_the_limit_the_stand_in_decides_until_an_engine_stops(caplog: pytest.LogCaptureFixture) -> None:
    seats = EngineSeats({"g": GREEDY}, limit=1)
    first, second = seats.decider(HADARA, "g", 0, "a:0", 2.0), seats.decider(HADARA, "g", 1, "a:1", 2.0)
    state = HADARA.new(HADARA.read_options({}, 2, 3))
    while 1 not in HADARA.to_act(state):
        state, _ = HADARA.play(state, first.choose(state, 0))
    assert first.bot.pid is not None
    move = second.choose(state, 1)
    assert HADARA.mover(move) == 1  # a legal move of the seat, by the stand-in
    assert second.bot.pid is None and seats.running() == 1
    assert "1 engines run already; the stand-in plays" in caplog.text
    seats.close(first)
    second.choose(state, 1)
    assert second.bot.pid is not None and seats.running() == 1
    seats.close_all()
    assert seats.running() == 0


def test_a_closed_seat_starts_no_engine_and_its_stand_in_moves(caplog: pytest.LogCaptureFixture) -> None:
    seats = EngineSeats({"g": GREEDY})
    engine = seats.decider(HADARA, "g", 0, "c:0", 2.0)
    seats.close(engine)
    state = HADARA.new(HADARA.read_options({}, 2, 1))
    seat = HADARA.to_act(state)[0]
    closed = engine if seat == 0 else seats.decider(HADARA, "g", seat, "c:1", 2.0)
    seats.close(closed)
    assert HADARA.mover(closed.choose(state, seat)) == seat
    assert closed.bot.pid is None and "its seat was closed" in caplog.text


def test_an_unknown_engine_or_no_room_for_any_is_refused() -> None:
    seats = EngineSeats({"g": GREEDY})
    with pytest.raises(KeyError):
        seats.decider(HADARA, "nope", 0, "s", 1.0)
    with pytest.raises(ValueError, match="at least one engine"):
        EngineSeats({"g": GREEDY}, limit=0)
    seats.close(object())  # not an engine's seat: left alone
    assert isinstance(seats.decider(HADARA, "g", 0, "s", 1.0), EngineSeat)
    seats.close_all()


@pytest.mark.parametrize("name", GAMES)
def test_a_match_with_an_engine_seat_is_played_to_its_end_and_leaves_no_engine(
    name: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(SQLiteStore(tmp_path / "matches.sqlite"), engines={"g": GREEDY})
    seats: EngineSeats = app.state.engines
    with TestClient(app) as client:
        refused = client.post("/api/matches", json={"game": name, "players": 2, "seats": ["g", "nope"]})
        assert refused.status_code == 400 and "the kinds are human" in refused.json()["message"]
        assert ", g" in refused.json()["message"]
        created = create(client, game=name, seats=["g", "greedy"], seed=4)
        summary = wait_over(client, created["match"], 60)
        assert summary["over"] and summary["seats"][0]["kind"] == "g"
        record = client.get(f"/api/matches/{created['match']}/record")
        assert record.status_code == 200
        deadline = time.monotonic() + 10
        while seats.running() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert seats.running() == 0  # stopped at the end of the game, not of the server
    assert "stand-in" not in caplog.text  # the engine made every decision of its seat


def test_serve_refuses_an_engine_whose_program_is_not_found_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--engine", "mine=no-such-engine-program --fast"]) == 2
    assert capsys.readouterr().err == "hadara: --engine mine: no program 'no-such-engine-program' found\n"


#: An engine that, once ready, writes on its standard error and its standard output for ever.
FLOODS = """
import json, sys, threading
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "flood"}), flush=True)
def errors():
    while True:
        sys.stderr.write("Traceback (most recent call last): " + "e" * 1000 + "\\n")
threading.Thread(target=errors, daemon=True).start()
while True:
    sys.stdout.write("x\\n" * 100)
    sys.stdout.flush()
"""


def test_an_engine_that_floods_is_stopped_its_seat_played_by_the_stand_in_and_the_log_stays_small(
    tmp_path: Path,
) -> None:
    """An engine's standard error never reaches the server's log, only its last lines, once;
    the engine is stopped at its bound and the stand-in plays its seat to the game's end."""
    script = tmp_path / "flood.py"
    script.write_text(FLOODS)
    with served(tmp_path, ["--engine", f"flood={sys.executable} {script}"]) as server:
        created = httpx.post(
            f"{server.base}/api/matches",
            json={"players": 2, "seats": ["flood", "greedy"], "seed": 4},
            timeout=5,
        ).json()
        deadline = time.monotonic() + 60
        while not (summary := httpx.get(f"{server.base}/api/matches/{created['match']}", timeout=5).json())[
            "over"
        ]:
            assert time.monotonic() < deadline, "the match did not end"
            time.sleep(0.1)
    log = server.log_path.read_text()
    assert summary["seats"][0]["kind"] == "flood"
    told = [line for line in log.splitlines() if line.startswith("engine flood")]
    # a line it wrote before its first turn may be read as its answer; then why it was
    # stopped, and its last lines: none when it was stopped for its standard output before
    # its standard error was read (nothing more of an engine over a bound is read)
    words = [line for line in told if "the last lines of its standard error" in line]
    assert len(words) <= 1 and told[len(told) - len(words) :] == words, told
    assert all(len(line) < 1000 for line in words)
    stopped = told[len(told) - len(words) - 1]
    why = "between two turns; stopped, and replaced by the stand-in for the rest of the game"
    assert why in stopped, told
    assert all("answered 'x'" in line for line in told[: len(told) - len(words) - 1]), told
    assert len(told) <= 3, told
    assert len(log) < 10_000, f"the log grew to {len(log)} bytes"
