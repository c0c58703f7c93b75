"""What a real server sends validates, as sent, against the published schemas of the table's
API (``hadara schema --list``; a body that carries a game's documents against that game's own,
``hadara schema --game stone-age seat_view``), over random matches of both games and several
settings; and what a client sends as the schemas say is taken."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from .serving import GAME_SCHEMAS, bearer, create, fits, token, validator, wait_over

#: One match of each game in the default run; the others (the longest Hadara match, the
#: largest tables) with the slow tests.
SETTINGS = [
    pytest.param("hadara", 2, {"advanced": False}, 1000, id="2-players-to-the-end", marks=pytest.mark.slow),
    pytest.param("hadara", 3, {"advanced": True}, 40, id="3-players-advanced"),
    pytest.param("hadara", 4, {}, 40, id="4-players", marks=pytest.mark.slow),
    pytest.param("hadara", 5, {"advanced": True}, 40, id="5-players-advanced", marks=pytest.mark.slow),
    pytest.param("stone-age", 2, {"max_rounds": 2}, 1000, id="stone-age-2-players-to-the-end"),
    pytest.param(
        "stone-age", 3, {"start_player": "random"}, 40, id="stone-age-3-players", marks=pytest.mark.slow
    ),
    pytest.param(
        "stone-age",
        4,
        {"any_two_resources": "immediate", "start_player": 2},
        60,
        id="stone-age-4-players",
        marks=pytest.mark.slow,
    ),
]


@pytest.mark.parametrize(("game", "players", "options", "moves"), SETTINGS)
def test_what_a_server_sends_in_a_random_match_fits_the_schemas(
    client: TestClient, game: str, players: int, options: dict[str, Any], moves: int
) -> None:
    """The answer to a new match, the view of every seat to act before each move (its position,
    legal moves with previews and events), every fifth move's answer, every seat's and the
    spectator's view with every event at the end, and the summary fit their schemas as sent
    (a view its game's own), in matches of random moves of Hadara (2 to 5 players, basic and
    advanced) and Stone Age (2 to 4 players, with each option), one of each to the end; and
    every request made fits the request schemas (a move as data or in the notation)."""
    rng = random.Random(f"{game}{players}")
    request = {
        "game": game,
        "players": players,
        "seats": ["human"] * players,
        "seed": rng.randrange(1 << 53),
        **options,
    }
    fits("match_request", json.dumps(request))
    answer = client.post("/api/matches", json=request)
    assert answer.status_code == 201, answer.text
    created = fits("match_created", answer.content)
    match = created["match"]
    tokens = [token(created, seat) for seat in range(players)]
    view = fits("seat_view", client.get(f"/api/matches/{match}/view").content, game)
    played = 0
    while view["to_act"] and played < moves:
        seat = rng.choice(view["to_act"])
        mine = fits(
            "seat_view",
            client.get(f"/api/matches/{match}/view", headers=bearer(tokens[seat])).content,
            game,
        )
        entry = rng.choice(mine["legal"])
        move = {"seq": mine["seq"], "move": entry["move"] if rng.random() < 0.5 else entry["notation"]}
        fits("move_request", json.dumps(move), game)
        answer = client.post(f"/api/matches/{match}/moves", json=move, headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        view = fits("seat_view", answer.content, game) if played % 5 == 0 else json.loads(answer.content)
        played += 1
    # the spectator's view with every event of the match, and each seat's at the end
    fits("seat_view", client.get(f"/api/matches/{match}/view?since=0").content, game)
    for seat_token in tokens:
        fits("seat_view", client.get(f"/api/matches/{match}/view", headers=bearer(seat_token)).content, game)
    summary = fits("match_summary", client.get(f"/api/matches/{match}").content)
    assert summary["over"] == (moves > 100)
    assert {key: summary[key] for key in options} == options


def test_a_view_fits_its_own_game_s_schema_only(client: TestClient) -> None:
    """Each game's seat_view and move_request hold its own documents: a Stone Age view or move
    does not fit Hadara's schemas, nor a Hadara view or move Stone Age's."""
    for game, other in (("hadara", "stone-age"), ("stone-age", "hadara")):
        created = create(client, game=game)
        mine = client.get(f"/api/matches/{created['match']}/view", headers=bearer(token(created, 0)))
        body = fits("seat_view", mine.content, game)
        assert not validator("seat_view", other).is_valid(body)
        move = {"seq": body["seq"], "move": body["legal"][0]["move"]}
        assert validator("move_request", game).is_valid(move)
        assert not validator("move_request", other).is_valid(move)


def test_a_lobby_of_both_games_fits_the_one_list_schema(client: TestClient) -> None:
    """The lobby lists open matches of both games, each summary with its own game's options; the
    one match_list schema takes the list as a whole, and refuses a summary with the other
    game's options or without its own; a new match giving another game's option is refused
    by the request schema and by the server alike."""
    seats = {"players": 2, "seats": ["human", "open"], "public": True}
    made = [
        answer_of("match_created", client.post("/api/matches", json={**body, **seats}), 201)
        for body in ({"game": "stone-age", "max_rounds": 3}, {"game": "hadara", "advanced": True})
    ]
    lobby = answer_of("match_list", client.get("/api/matches?open=1"))
    assert {summary["game"] for summary in lobby["matches"]} == {"hadara", "stone-age"}
    ids = ",".join(created["match"] for created in made)
    listed = answer_of("match_list", client.get(f"/api/matches?ids={ids}"))
    stone_age, hadara = listed["matches"]
    assert (stone_age["max_rounds"], hadara["advanced"]) == (3, True)
    summaries = validator("match_summary")
    assert not summaries.is_valid({**stone_age, "advanced": False})
    assert not summaries.is_valid({**hadara, "max_rounds": 3})
    assert not summaries.is_valid({key: value for key, value in stone_age.items() if key != "max_rounds"})
    assert not validator("match_list").is_valid({"matches": [{**hadara, "game": "stone-age"}]})
    others: list[dict[str, Any]] = [{"game": "stone-age", "advanced": True}, {"max_rounds": 3}]
    for other in others:
        request = {**other, "players": 2, "seats": ["human", "human"]}
        assert not validator("match_request").is_valid(request)
        refusal(client.post("/api/matches", json=request), 400, "malformed")


def test_a_match_has_its_own_game_s_seats(client: TestClient) -> None:
    """How many seats a match has and what may sit in them are its game's: a Stone Age match
    of 5 seats, or with a bot it does not have, or a match of more seats than players, is
    refused by the request schema and by the server alike, and a summary saying so does not
    fit; Hadara's 5 seats and each game's search bot fit."""
    hadara = {"game": "hadara", "players": 5, "seats": ["human", "ismcts", "greedy", "random", "open"]}
    assert validator("match_request").is_valid(hadara)
    assert validator("match_request").is_valid(
        {"game": "stone-age", "players": 2, "seats": ["human", "ismcts"]}
    )
    for request in (
        {"game": "stone-age", "players": 5, "seats": ["human"] * 5},
        {"game": "stone-age", "players": 2, "seats": ["human", "minimax"]},
        {"players": 2, "seats": ["human", "human", "human"]},
    ):
        assert not validator("match_request").is_valid(request)
        refusal(client.post("/api/matches", json=request), 400, "malformed")
    created = create(client, game="stone-age", seats=["human", "greedy"])
    summary = answer_of("match_summary", client.get(f"/api/matches/{created['match']}"))
    seats = summary["seats"]
    summaries = validator("match_summary")
    assert summaries.is_valid({**summary, "seats": [seats[0], {**seats[1], "kind": "ismcts"}]})
    assert not summaries.is_valid({**summary, "seats": [seats[0], {**seats[1], "kind": "minimax"}]})
    assert not summaries.is_valid({**summary, "players": 5, "seats": [*seats, *seats, seats[0]]})
    assert not summaries.is_valid({**summary, "players": 3})


def test_the_games_and_the_catalogues_fit_their_schemas(client: TestClient) -> None:
    """Each game's catalogue fits its own game's schema, not the other's; the list of games the
    one schema of every game."""
    fits("catalogue", client.get("/api/games/hadara/catalogue").content)
    stone_age = fits("catalogue", client.get("/api/games/stone-age/catalogue").content, "stone-age")
    assert not validator("catalogue").is_valid(stone_age)
    imperial = fits(
        "catalogue", client.get("/api/games/imperial-settlers/catalogue").content, "imperial-settlers"
    )
    assert not validator("catalogue").is_valid(imperial)
    assert not validator("catalogue", "stone-age").is_valid(imperial)
    games = fits("games", client.get("/api/games").content)["games"]
    assert [entry["game"] for entry in games] == list(GAME_SCHEMAS)


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
