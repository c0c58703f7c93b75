"""Replays and analysis of a game the server knows only through the game interface: the
conformance suite's toy (``tests/toy_game.py``), registered for these tests alone, whose hands
are each seat's secret and which ships no schemas and checks its records by playing them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from toy_game import NAME, Toy, registered

from boardtable.server.app import create_app
from boardtable.server.sqlite import SQLiteStore

from .serving import bearer, create, fits, refused, token


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[tuple[Toy, TestClient]]:
    with registered() as played, TestClient(create_app(SQLiteStore(tmp_path / "toy.sqlite"))) as client:
        yield played, client


def test_a_toy_position_is_analysed_through_the_interface(toy: tuple[Toy, TestClient]) -> None:
    played, client = toy
    state = played.new(played.read_options({}, 2, 3))
    seat = played.to_act(state)[0]
    document = played.position_data(state)
    body: dict[str, Any] = client.post(f"/api/games/{NAME}/analysis", json={"position": document}).json()
    options = played.legal(played.view(state, seat), seat)
    assert body["legal"] == {str(seat): [played.legal_entry(option) for option in options]}
    move = played.moves(state, seat)[0]
    tried = client.post(
        f"/api/games/{NAME}/analysis", json={"position": document, "move": played.move_data(move)}
    )
    after, _ = played.play(state, move)
    assert tried.json()["played"]["digest"] == played.digest(after)
    wrong = {**played.move_data(move), "player": 1 - seat}
    refusal = played.refusal(state, played.read_move(wrong))
    assert refusal is not None
    answer = client.post(f"/api/games/{NAME}/analysis", json={"position": document, "move": wrong}).json()
    assert (answer["refusal"]["rule"], answer["refusal"]["reason"]) == (refusal.rule, refusal.reason)
    fits("analysis", tried.content)
    view = played.position_data(played.view(state, seat))
    hidden = client.post(f"/api/games/{NAME}/analysis", json={"position": view, "seat": 1 - seat})
    refused(hidden, 422, "hidden")
    refused(client.get(f"/api/games/{NAME}/schemas/position"), 404, "not_found")


def test_a_toy_match_and_its_record_replay_through_the_interface(toy: tuple[Toy, TestClient]) -> None:
    played, client = toy
    created = create(client, game=NAME, seed=5)
    match = created["match"]
    state = played.new(played.read_options({}, 2, 5))
    moves = []
    for seq in range(2):
        seat = played.to_act(state)[0]
        move = played.moves(state, seat)[0]
        answer = client.post(
            f"/api/matches/{match}/moves",
            headers=bearer(token(created, seat)),
            json={"seq": seq, "move": played.move_data(move)},
        )
        assert answer.status_code == 200, answer.text
        moves.append(move)
        state, _ = played.play(state, move)
    replay = client.get(f"/api/matches/{match}/replay", params={"at": 1})
    assert fits("replay", replay.content)["position"] == played.position_data(played.view(state, None))
    refused(client.get(f"/api/matches/{match}/replay", params={"seat": "all"}), 403, "forbidden")
    record = played.record(played.read_options({}, 2, 5), moves, state, ["a", "b"], "test")
    posted = client.post(
        f"/api/games/{NAME}/replay",
        params={"at": 2, "seat": 0},
        content=record,
        headers={"content-type": "application/json"},
    )
    assert fits("replay", posted.content)["position"] == played.position_data(played.view(state, 0))
