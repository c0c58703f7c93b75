"""Stone Age at the web table: a match against a greedy bot played to its end through the HTTP
contract, and no seat ever shown another's hidden component or a future roll (INFO-1 to INFO-3)."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardtable.games import game
from boardtable.server.app import create_app
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore
from stone_age_rules import GameConfig, GameState, apply_move, new_game
from stone_age_rules.records import GameRecord, from_json, replay

from .serving import bearer, create, token

STONE_AGE = game("stone-age")


def _view(client: TestClient, match: str, seat_token: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match}/view", headers=bearer(seat_token))
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _my_turn(client: TestClient, match: str, seat_token: str) -> dict[str, Any]:
    """The human's view once it is seat 0's turn or the game is over (the bot moves meanwhile)."""
    deadline = time.monotonic() + 60
    while True:
        body = _view(client, match, seat_token)
        if 0 in body["to_act"] or not body["to_act"] or time.monotonic() > deadline:
            return body
        time.sleep(0.01)


def _strings(document: object) -> set[str]:
    """Every text in a JSON document."""
    if isinstance(document, str):
        return {document}
    if isinstance(document, dict):
        return {s for value in document.values() for s in _strings(value)}
    if isinstance(document, list):
        return {s for value in document for s in _strings(value)}
    return set()


def _hidden(state: GameState, seat: int) -> set[str]:
    """The components ``seat`` may not see in ``state``: the pile's cards, the tiles below the
    stacks' tops (INFO-1) and the others' cards drawn face down (INFO-2)."""
    found = set(state.pile) | {tile for stack in state.stacks for tile in stack[1:]}
    if not state.is_over:
        found |= {card for other, p in enumerate(state.players) if other != seat for card in p.drawn}
    return found


def _play(client: TestClient, seed: int, rounds: int | None) -> tuple[str, list[tuple[int, set[str]]]]:
    """A match of a human (seat 0, moving at random among its view's legal moves) and a greedy
    bot; what seat 0 was shown at each of its turns (the ply, every text and picture token)."""
    created = create(
        client, game="stone-age", players=2, seats=["human", "greedy"], seed=seed, max_rounds=rounds
    )
    match, mine = created["match"], token(created, 0)
    rng = random.Random(seed)
    shown: list[tuple[int, set[str]]] = []
    while True:
        body = _my_turn(client, match, mine)
        picture = client.get(f"/api/matches/{match}/picture", headers=bearer(mine)).text
        assert picture.startswith("<svg") and 'data-id="building1"' in picture
        assert body["position"]["data"]["config"]["seed"] == 0  # no roll can be foreseen
        shown.append((body["ply"], _strings(body) | set(re.findall(r"[A-Za-z0-9_?-]+", picture))))
        if not body["to_act"]:
            return match, shown
        assert body["legal"], body
        for entry in body["legal"]:
            assert (
                set(entry) == {"move", "notation", "preview", "text"} and entry["text"]
            )  # the move in words
            preview = entry["preview"]
            # what the move does in words; nothing more for one that changes nothing (a take-back)
            assert preview["text"] or not (preview["certain"] or preview["dice"]), entry
        choice = rng.choice(body["legal"])
        answer = client.post(
            f"/api/matches/{match}/moves",
            headers=bearer(mine),
            json={"seq": body["seq"], "move": choice["notation"]},
        )
        assert answer.status_code == 200, answer.text


def _positions(record: GameRecord) -> list[GameState]:
    """Every position of a record's game, by ply."""
    states = [new_game(record.config)]
    for move in record.moves:
        states.append(apply_move(states[-1], move))
    return states


@pytest.mark.slow  # a whole game over HTTP: seconds
def test_a_human_plays_stone_age_against_a_greedy_bot_to_the_end_and_gets_the_record(
    client: TestClient,
) -> None:
    match, shown = _play(client, seed=1, rounds=None)
    summary = client.get(f"/api/matches/{match}").json()
    assert summary["game"] == "stone-age" and summary["over"] and summary["winners"]
    record = from_json(client.get(f"/api/matches/{match}/record").text, GameRecord)
    final = replay(record)  # the result block vouches for every move
    assert final.is_over and record.result is not None
    assert list(record.result.winners) == summary["winners"]
    assert record.info is not None and len(record.info.players) == 2
    assert shown[-1][0] == len(record.moves)


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_no_view_event_or_picture_of_a_seat_shows_another_seats_hidden_component(
    client: TestClient, seed: int
) -> None:
    match, shown = _play(client, seed=seed, rounds=3)
    record = from_json(client.get(f"/api/matches/{match}/record").text, GameRecord)
    positions = _positions(record)
    assert positions[-1] == replay(record)
    for ply, seen in shown:
        leaked = seen & _hidden(positions[ply], 0)
        assert not leaked, (ply, leaked)


def test_a_stone_age_rule_is_named_with_its_game_and_bad_options_are_refused(client: TestClient) -> None:
    assert STONE_AGE.rule("flow-1") is not None
    assert STONE_AGE.rule_text("FLOW-1").startswith("Stone Age FLOW-1: ")
    answer = client.post(
        "/api/matches", json={"game": "stone-age", "players": 2, "seats": ["human", "human"], "max_rounds": 0}
    )
    assert answer.status_code == 400 and "max_rounds" in answer.json()["message"]
    answer = client.post("/api/matches", json={"game": "stone-age", "players": 5, "seats": ["human"] * 5})
    assert answer.status_code == 400
    created = create(client, game="stone-age", players=2, seats=["human", "human"])
    answer = client.post(
        f"/api/matches/{created['match']}/moves",
        headers=bearer(token(created, 1)),
        json={"seq": 0, "move": "P1 place forest 1"},
    )
    refused = answer.json()
    assert answer.status_code == 422 and (refused["game"], refused["rule"]) == ("stone-age", "FLOW-1")
    assert refused["message"].startswith("Stone Age FLOW-1: ") and refused["rule_text"].startswith(
        "Stone Age FLOW-1"
    )
    assert GameConfig(players=2) == STONE_AGE.read_options({}, 2, 0)


@pytest.mark.slow  # the search processes start afresh: seconds
def test_stone_age_s_search_bots_play_a_match_to_the_end_in_the_search_processes(tmp_path: Path) -> None:
    """Two ``ismcts`` seats of a one-round Stone Age match think in the server's search
    processes, within its time per decision, and the match ends with a record that replays."""
    app = create_app(SQLiteStore(tmp_path / "search.sqlite"), bounds=Bounds(search_seconds=0.05))
    with TestClient(app) as client:
        made = create(client, game="stone-age", seats=["ismcts", "ismcts"], max_rounds=1, seed=3)
        deadline = time.monotonic() + 60
        while not client.get(f"/api/matches/{made['match']}").json()["over"]:
            assert time.monotonic() < deadline, "the match did not end"
            time.sleep(0.05)
        record = from_json(client.get(f"/api/matches/{made['match']}/record").text, GameRecord)
        assert replay(record).is_over and record.result is not None
        assert record.info is not None and record.info.players == ("ismcts bot 0", "ismcts bot 1")
