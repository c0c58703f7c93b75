"""The toy (``tests/toy_game.py``) is a game like the shipped ones: one file and one registration
make it playable everywhere a game is. Its previews are exactly what its moves do; it plays whole
matches through the table's API (people, and bots), through ``hadara play`` and ``hadara arena``,
and through ``hadara serve`` in a process of its own that finds it by ``BOARDTABLE_GAMES``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server.serving import served, wait_over
from starlette.testclient import TestClient
from toy_game import GAME, HIDDEN, NAME, Play, Position

from boardtable.games import names
from boardtable.server.app import create_app
from boardtable.server.sqlite import SQLiteStore
from hadara_rules.cli import main

from .support import toy_environment, walk


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(SQLiteStore(tmp_path / "matches.sqlite"))) as test_client:
        yield test_client


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_toy_is_registered_for_the_suite_alone() -> None:
    assert NAME in names()


def test_a_preview_is_what_its_move_does() -> None:
    """Each legal entry's preview gives the player's total and hand size after its move
    (PLAY-1, PASS-1), from the seat's view alone."""
    for players in (2, 4):
        for state in walk(GAME, players, 71, steps=None).states[:-1]:
            seat = GAME.to_act(state)[0]
            for option in GAME.legal(GAME.view(state, seat), seat):
                after: Position = GAME.play(state, option.move)[0]
                preview: Any = GAME.legal_entry(option)["preview"]
                assert (preview["total"], preview["hand"]) == (sum(after.shown[seat]), len(after.hands[seat]))


def test_people_play_a_whole_match_through_the_api(client: TestClient) -> None:
    """Three people play a toy match to its end by random legal moves; each sees its own hand
    only; the summary names the winners the game does, and the record holds the moves."""
    created = client.post(
        "/api/matches", json={"game": NAME, "players": 3, "seats": ["human"] * 3, "seed": 7}
    )
    assert created.status_code == 201, created.text
    match, tokens = created.json()["match"], [seat["token"] for seat in created.json()["seats"]]
    rng = random.Random(7)
    view: dict[str, Any] = client.get(f"/api/matches/{match}/view").json()
    posted = []
    while view["to_act"]:
        seat = view["to_act"][0]
        mine = client.get(f"/api/matches/{match}/view", headers=_bearer(tokens[seat])).json()
        hands = mine["position"]["data"]["hands"]
        assert all(card == HIDDEN for other, hand in enumerate(hands) if other != seat for card in hand)
        assert all(card != HIDDEN for card in hands[seat])
        entry = rng.choice(mine["legal"])
        posted.append(entry["move"])
        answer = client.post(
            f"/api/matches/{match}/moves",
            json={"seq": mine["seq"], "move": entry["notation"]},
            headers=_bearer(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
        view = answer.json()
    state = GAME.new(GAME.read_options({}, 3, 7))
    for move in posted:
        state = GAME.play(state, GAME.read_move(move))[0]
    summary = client.get(f"/api/matches/{match}").json()
    assert summary["over"] and summary["winners"] == list(GAME.winners(state))
    _, moves, players = GAME.read_record(client.get(f"/api/matches/{match}/record").text)
    assert [GAME.move_data(move) for move in moves] == posted and len(players) == 3


def test_bots_play_a_whole_match_at_the_table(client: TestClient) -> None:
    created = client.post(
        "/api/matches",
        json={"game": NAME, "players": 4, "seats": ["random", "greedy"] * 2, "seed": 8, "rounds": 5},
    )
    assert created.status_code == 201, created.text
    summary = wait_over(client, created.json()["match"])
    assert summary["over"] and summary["rounds"] == 5 and summary["winners"]
    options, moves, _ = GAME.read_record(client.get(f"/api/matches/{summary['match']}/record").text)
    assert len(moves) == 4 * 5 and options.rounds == 5


def test_hadara_play_and_arena_play_the_toy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hadara play --game toy`` plays a bots' game to its end and saves its record, which
    reads back; ``hadara arena --game toy`` plays a tournament of its bots."""
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--game", NAME, "--players", "3", "--seed", "9", "--record", "toy.json"]) == 0
    options, moves, players = GAME.read_record((tmp_path / "toy.json").read_text(encoding="utf-8"))
    assert (options.players, options.seed, len(moves), len(players)) == (3, 9, 9, 3)
    assert "Winner: P" in capsys.readouterr().out
    assert main(["arena", "--game", NAME, "--bots", "random,greedy", "--players", "2", "--games", "4"]) == 0
    table = capsys.readouterr().out
    assert "greedy" in table and "random" in table


@pytest.mark.slow
def test_hadara_serve_plays_the_toy_it_finds_by_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server process told of the toy only by ``BOARDTABLE_GAMES`` lists it, and plays a bots'
    match of it to its end."""
    for variable, value in toy_environment().items():
        monkeypatch.setenv(variable, value)
    with served(tmp_path) as server, httpx.Client(base_url=server.base, timeout=10) as http:
        assert NAME in [entry["game"] for entry in http.get("/api/games").json()["games"]]
        created = http.post("/api/matches", json={"game": NAME, "players": 2, "seats": ["greedy", "random"]})
        assert created.status_code == 201, created.text
        match = created.json()["match"]
        summary = wait_over(http, match)  # type: ignore[arg-type]  # the same get as the test client's
        assert summary["over"], summary
        record = http.get(f"/api/matches/{match}/record").text
        assert len(GAME.read_record(record)[1]) == 6
        assert json.loads(record)["data"]["result"]["winners"] == summary["winners"]


def test_a_card_played_is_one_of_the_hand_s() -> None:
    """PLAY-1: a card not in the hand is refused, naming the rule; a pass is always legal."""
    state = GAME.new(GAME.read_options({}, 2, 10))
    held = set(state.hands[0])
    other = next(card for card in range(1, 17) if card not in held)
    refused = GAME.refusal(state, Play(0, other))
    assert refused is not None and refused.rule == "PLAY-1"
    assert GAME.refusal(state, GAME.read_move("P0 pass")) is None
