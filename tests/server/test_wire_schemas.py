"""What a real server sends validates, as sent, against the published schemas of the table's
API (``hadara schema --list``), over random matches of several settings; and what a client
sends as the schemas say is taken."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from .serving import bearer, create, fits, token, validator, wait_over

#: One match in the default run; the others (the longest match, the largest table) with the
#: slow tests.
SETTINGS = [
    pytest.param(2, False, 1000, id="2-players-to-the-end", marks=pytest.mark.slow),
    pytest.param(3, True, 40, id="3-players-advanced"),
    pytest.param(4, False, 40, id="4-players", marks=pytest.mark.slow),
    pytest.param(5, True, 40, id="5-players-advanced", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("players", "advanced", "moves"), SETTINGS)
def test_what_a_server_sends_in_a_random_match_fits_the_schemas(
    client: TestClient, players: int, advanced: bool, moves: int
) -> None:
    """The answer to a new match, the view of every seat to act before each move (its position,
    legal moves with previews and events), every fifth move's answer, every seat's and the
    spectator's view with every event at the end, and the summary fit their schemas as sent,
    in matches of random moves of 2 to 5 players, basic and advanced (one to the end); and
    every request made fits the request schemas."""
    rng = random.Random(players * 100 + advanced)
    request = {
        "players": players,
        "seats": ["human"] * players,
        "seed": rng.randrange(1 << 53),
        "advanced": advanced,
    }
    fits("match_request", json.dumps(request))
    answer = client.post("/api/matches", json=request)
    assert answer.status_code == 201
    created = fits("match_created", answer.content)
    match = created["match"]
    tokens = [token(created, seat) for seat in range(players)]
    view = fits("seat_view", client.get(f"/api/matches/{match}/view").content)
    played = 0
    while view["to_act"] and played < moves:
        seat = rng.choice(view["to_act"])
        mine = fits(
            "seat_view", client.get(f"/api/matches/{match}/view", headers=bearer(tokens[seat])).content
        )
        entry = rng.choice(mine["legal"])
        move = {"seq": mine["seq"], "move": entry["move"] if rng.random() < 0.5 else entry["notation"]}
        fits("move_request", json.dumps(move))
        answer = client.post(f"/api/matches/{match}/moves", json=move, headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        view = fits("seat_view", answer.content) if played % 5 == 0 else json.loads(answer.content)
        played += 1
    # the spectator's view with every event of the match, and each seat's at the end
    fits("seat_view", client.get(f"/api/matches/{match}/view?since=0").content)
    for seat_token in tokens:
        fits("seat_view", client.get(f"/api/matches/{match}/view", headers=bearer(seat_token)).content)
    summary = fits("match_summary", client.get(f"/api/matches/{match}").content)
    assert summary["over"] == (moves > 100)


def test_the_games_and_the_catalogue_fit_their_schemas(client: TestClient) -> None:
    fits("games", client.get("/api/games").content)
    fits("catalogue", client.get("/api/games/hadara/catalogue").content)


def test_every_refusal_fits_the_error_schema(client: TestClient) -> None:
    """Malformed, forbidden, not found, method not allowed, too large, not JSON, stale and
    illegal: each answer's body is the error schema's."""
    created = create(client)
    match, first = created["match"], token(created, 0)
    path = f"/api/matches/{match}"
    answers = [
        client.post("/api/matches", json={"players": 9, "seats": []}),
        client.post(f"{path}/moves", json={"seq": 0, "move": "P0 wheel 0"}),
        client.get("/api/matches/nothing-here"),
        client.get("/api/games/chess/catalogue"),
        client.delete(path),
        client.post("/api/matches", content=b"{}", headers={"Content-Type": "text/plain"}),
        client.post("/api/matches", content=b"[" * 70_000, headers={"Content-Type": "application/json"}),
        client.post(f"{path}/moves", json={"seq": 5, "move": "P0 wheel 0"}, headers=bearer(first)),
        client.post(f"{path}/moves", json={"seq": 0, "move": "P0 wheel 7"}, headers=bearer(first)),
    ]
    statuses = []
    for answer in answers:
        body = fits("error", answer.content)
        statuses.append((answer.status_code, body["error"]))
    assert statuses == [
        (400, "malformed"),
        (403, "forbidden"),
        (404, "not_found"),
        (404, "not_found"),
        (405, "method_not_allowed"),
        (415, "unsupported_media_type"),
        (413, "too_large"),
        (409, "stale"),
        (422, "illegal"),
    ]


def test_a_seed_the_schema_refuses_the_server_refuses(client: TestClient) -> None:
    """2^53 is past the largest seed of a new match for the schema and the server alike."""
    request = {"players": 2, "seats": ["human", "human"], "seed": 1 << 53}
    assert not validator("match_request").is_valid(request)
    answer = client.post("/api/matches", json=request)
    assert answer.status_code == 400
    assert fits("error", answer.content)["message"].startswith("seed:")


def answer_of(kind: str, answer: Any, status: int = 200) -> Any:
    """The body of an answer of ``status``, fitting ``kind`` as sent."""
    assert answer.status_code == status, answer.text
    return fits(kind, answer.content)


def refusal(answer: Any, status: int, error: str) -> Any:
    body = answer_of("error", answer, status)
    assert body["error"] == error, body
    return body


@pytest.mark.slow  # seconds of validating every body as sent
def test_the_table_for_strangers_sends_what_its_schemas_say(client: TestClient) -> None:
    """An open seat, the lobby, joining, a clock, moves, take-backs, leaving and returning,
    the log and a WebSocket's messages; then a match the stand-in plays to the end and its
    rematch: every body fits its schema as sent, every refusal the error schema."""
    rng = random.Random(7)
    request = {
        "players": 3,
        "seats": ["human", "open", "greedy"],
        "names": ["Ann", "Ben", "Bot"],
        "public": True,
        "clock": {"bank": 600, "increment": 5},
        "takeback": True,
        "advanced": True,
    }
    fits("match_request", json.dumps(request))
    created = answer_of("match_created", client.post("/api/matches", json=request), 201)
    match, first = created["match"], token(created, 0)
    path = f"/api/matches/{match}"
    assert created["seats"][1] == {"seat": 1, "kind": "open"}
    waiting = answer_of("seat_view", client.get(f"{path}/view", headers=bearer(first)))
    assert waiting["started"] is False
    refusal(
        client.post(f"{path}/moves", json={"seq": 0, "move": "P0 wheel 0"}, headers=bearer(first)),
        409,
        "not_started",
    )
    lobby = answer_of("match_list", client.get("/api/matches?open=1"))
    assert match in [summary["match"] for summary in lobby["matches"]]
    fits("join_request", json.dumps({"name": "Cy"}))
    joined = answer_of("joined", client.post(f"{path}/seats/1/join", json={"name": "Cy"}))
    refusal(client.post(f"{path}/seats/1/join", json={"name": "Dee"}), 409, "taken")
    tokens = {0: first, 1: joined["token"]}
    listed = answer_of("match_list", client.get(f"/api/matches?ids={match},nothing"))
    assert [summary["match"] for summary in listed["matches"]] == [match]
    with client.websocket_connect(f"{path}/updates?token={first}") as socket:
        message = fits("seat_view", socket.receive_text())
        assert message["clock"] is not None
    took_back = False
    for _ in range(30):
        view = answer_of("seat_view", client.get(f"{path}/view?since=0"))
        humans = [seat for seat in view["to_act"] if seat in tokens]
        if not humans:
            time.sleep(0.02)
            continue
        seat = rng.choice(humans)
        mine = answer_of("seat_view", client.get(f"{path}/view", headers=bearer(tokens[seat])))
        if not mine["legal"]:
            continue
        move = {"seq": mine["seq"], "move": rng.choice(mine["legal"])["move"]}
        moved = client.post(f"{path}/moves", json=move, headers=bearer(tokens[seat]))
        if moved.status_code == 409:
            refusal(moved, 409, "stale")
            continue
        after = answer_of("seat_view", moved)
        if after["takeback"] and not took_back:
            fits("takeback_request", json.dumps({"seq": after["seq"]}))
            back = client.post(f"{path}/takeback", json={"seq": after["seq"]}, headers=bearer(tokens[seat]))
            if back.status_code == 200:
                fits("seat_view", back.content)
                took_back = True
            else:
                fits("error", back.content)
    assert took_back, "a take-back was answered"
    fits("empty_request", "{}")
    answer_of("seat_view", client.post(f"{path}/seats/1/leave", json={}, headers=bearer(tokens[1])))
    refusal(client.post(f"{path}/seats/1/leave", json={}, headers=bearer(tokens[1])), 409, "not_playing")
    answer_of("seat_view", client.post(f"{path}/seats/1/return", json={}, headers=bearer(tokens[1])))
    refusal(client.post(f"{path}/seats/1/return", json={}, headers=bearer(tokens[1])), 409, "not_away")
    refusal(client.post(f"{path}/seats/1/leave", json={}, headers=bearer(first)), 403, "forbidden")
    refusal(client.post(f"{path}/rematch", json={}, headers=bearer(first)), 409, "not_over")
    log = answer_of("match_log", client.get(f"{path}/log"))
    assert {entry["kind"] for entry in log["entries"]} >= {"join", "leave", "return"}
    answer_of("match_summary", client.get(path))


def test_a_finished_match_its_rematch_and_their_summaries_fit(client: TestClient) -> None:
    """A seat that leaves is played by the stand-in to the end; the rematch's answer, the
    views with it and both summaries fit their schemas."""
    created = create(client, seats=["human", "greedy"], seed=3)
    match, first = created["match"], token(created, 0)
    path = f"/api/matches/{match}"
    answer_of("seat_view", client.post(f"{path}/seats/0/leave", json={}, headers=bearer(first)))
    summary = wait_over(client, match, seconds=60)
    assert summary["over"], summary
    fits("match_summary", json.dumps(summary))
    rematch = answer_of("rematch", client.post(f"{path}/rematch", json={}, headers=bearer(first)))
    assert answer_of("rematch", client.post(f"{path}/rematch", json={}, headers=bearer(first))) == rematch
    ended = answer_of("seat_view", client.get(f"{path}/view?since=0", headers=bearer(first)))
    assert ended["rematch"]["match"] == rematch["match"]
    answer_of("seat_view", client.get(f"{path}/view?since=0"))
    answer_of("match_summary", client.get(f"/api/matches/{rematch['match']}"))
    answer_of(
        "seat_view", client.get(f"/api/matches/{rematch['match']}/view", headers=bearer(rematch["token"]))
    )
    answer_of("match_log", client.get(f"{path}/log"))
