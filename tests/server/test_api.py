"""Every answer and error of the HTTP and WebSocket contract, through Starlette's test client."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardtable.server.app import create_app
from boardtable.server.bodies import MAX_BODY
from boardtable.server.match import token_hash
from boardtable.server.present import Presenter
from boardtable.server.sqlite import SQLiteStore
from hadara_rules import GameRecord, from_json, parse_move, player_view, preview, replay
from hadara_rules.cli import main
from hadara_rules.records import from_data, to_data, to_json
from hadara_rules.view import HIDDEN

from .serving import bearer, create, stored_moves, token, wait_over
from .serving import refused as _error
from .serving import seat_view as _view


def _post(client: TestClient, match: str, seat_token: str, body: object) -> Any:
    return client.post(f"/api/matches/{match}/moves", headers=bearer(seat_token), json=body)


# --------------------------------------------------------------------------- creating a match


def test_a_new_match_gives_a_token_to_each_human_seat_only(client: TestClient, db: Path) -> None:
    created = create(client, players=3, seats=["human", "greedy", "human"], names=["Ann", "Bot", "Cy"])
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2]
    assert [s["kind"] for s in created["seats"]] == ["human", "greedy", "human"]
    assert "token" not in created["seats"][1]
    tokens = [token(created, 0), token(created, 2)]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    # the store keeps the tokens' hashes, never the tokens
    stored = db.read_bytes() + (db.parent / f"{db.name}-wal").read_bytes()
    for seat_token in tokens:
        assert seat_token.encode() not in stored
    with sqlite3.connect(db) as connection:
        seats = json.loads(connection.execute("SELECT seats FROM matches").fetchone()[0])
    assert [seat[3] for seat in seats] == [token_hash(tokens[0]), None, token_hash(tokens[1])]


def test_a_match_summary_names_seats_and_turn_and_no_secret(client: TestClient) -> None:
    created = create(client, players=2, seats=["human", "human"], names=["Ann", "Bo"], advanced=True)
    answer = client.get(f"/api/matches/{created['match']}")
    assert answer.status_code == 200
    summary = answer.json()
    assert 0 < time.time() - summary.pop("created") < 60
    assert summary == {
        "match": created["match"],
        "state": "playing",
        "game": "hadara",
        "players": 2,
        "advanced": True,
        "public": False,
        "takeback": False,
        "clock": None,
        "seed_chosen": True,
        "started": True,
        "seats": [
            {"seat": 0, "kind": "human", "name": "Ann", "connected": False},
            {"seat": 1, "kind": "human", "name": "Bo", "connected": False},
        ],
        "seq": 0,
        "ply": 0,
        "to_act": [0, 1],  # the advanced game begins with both choosing a start card side (SETUP-6)
        "over": False,
        "winners": [],
        "resigned": None,
        "totals": None,
        "rematch": None,
    }
    assert token(created, 0) not in answer.text and token(created, 1) not in answer.text


@pytest.mark.parametrize(
    ("body", "complaint"),
    [
        ({"players": 6, "seats": ["human"] * 6}, "players"),
        ({"players": True, "seats": ["human"]}, "players"),
        ({"players": 2, "seats": ["human"]}, "seats"),
        ({"players": 2, "seats": ["human", "wizard"]}, "wizard"),
        ({"players": 2, "seats": ["human", "human"], "names": ["Ann", "x" * 41]}, "names"),
        ({"players": 2, "seats": ["human", "human"], "names": ["Ann", "B\nob"]}, "names"),
        ({"players": 2, "seats": ["human", "human"], "crests": ["lion", "cat"]}, "cat"),
        ({"players": 2, "seats": ["human", "human"], "crests": ["lion", "lion"]}, "crest"),
        ({"players": 2, "seats": ["human", "human"], "seed": -1}, "seed"),
        ({"players": 2, "seats": ["human", "human"], "advanced": "yes"}, "advanced"),
        ({"players": 2, "seats": ["human", "human"], "colour": "red"}, "unknown field colour"),
        ({"seats": ["human", "human"]}, "players"),
        ([2, ["human", "human"]], "JSON object"),
    ],
)
def test_a_bad_new_match_is_refused_and_nothing_is_stored(
    client: TestClient, db: Path, body: object, complaint: str
) -> None:
    refused = _error(client.post("/api/matches", json=body), 400, "malformed")
    assert complaint in refused["message"]
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM matches").fetchone()[0] == 0


_JSON = {"content-type": "application/json"}


def _raw(client: TestClient, body: Any, **headers: Any) -> Any:
    """``POST /api/matches`` of ``body`` as it is, declared as JSON."""
    return client.post("/api/matches", content=body, headers={**_JSON, **headers})


def test_huge_numbers_and_malformed_json_are_refused(client: TestClient) -> None:
    huge = b'{"players": 2, "seats": ["human", "human"], "seed": 1' + b"0" * 5000 + b"}"
    assert "too large" in _error(_raw(client, huge), 400, "malformed")["message"]
    seq = b'{"seq": 18446744073709551616, "move": "P0 wheel 0"}'
    assert "too large" in _error(_raw(client, seq), 400, "malformed")["message"]
    _error(_raw(client, b'{"players": 2,'), 400, "malformed")
    _error(_raw(client, b""), 400, "malformed")
    _error(_raw(client, b"\xff\xfe"), 400, "malformed")
    twice = b'{"players": 2, "players": 3, "seats": ["human", "human"]}'
    _error(_raw(client, twice), 400, "malformed")


def test_a_body_over_64_kib_is_refused_before_it_is_read(client: TestClient, db: Path) -> None:
    big = json.dumps({"players": 2, "seats": ["human", "human"], "names": ["a" * MAX_BODY, "b"]})
    _error(_raw(client, big), 413, "too_large")

    def chunks() -> Any:  # no Content-Length: refused once the limit is passed
        yield b'{"players": 2, "seats": ["human", "human"], "names": ["'
        for _ in range(100):
            yield b"a" * 1024

    _error(_raw(client, chunks()), 413, "too_large")
    body = json.dumps({"players": 2, "seats": ["human", "human"]})  # refused for its length alone
    for length in (b"9" * 40, "²".encode("latin-1")):
        refused = _error(_raw(client, body, **{"content-length": length}), 400, "malformed")
        assert "content-length" in refused["message"]
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM matches").fetchone()[0] == 0


def test_a_write_not_declared_as_json_is_refused(client: TestClient, db: Path) -> None:
    """A page of another site may post text/plain without asking first (CORS): writes are JSON."""
    body = json.dumps({"players": 2, "seats": ["human", "human"]})
    for declared in (None, "text/plain", "application/x-www-form-urlencoded", "application/jsonp"):
        headers = {} if declared is None else {"content-type": declared}
        refused = _error(
            client.post("/api/matches", content=body, headers=headers), 415, "unsupported_media_type"
        )
        assert "application/json" in refused["message"]
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM matches").fetchone()[0] == 0
    assert _raw(client, body, **{"content-type": "application/json; charset=utf-8"}).status_code == 201


def test_a_token_where_the_contract_takes_none_is_refused_not_read_as_the_spectator(
    client: TestClient,
) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    for path in ("/view", "", "/picture"):
        for name in ("token", "%74oken"):
            answer = client.get(f"/api/matches/{match}{path}?{name}={first}")
            assert "token" in _error(answer, 400, "malformed")["message"]
    address = f"/api/matches/{match}/updates"
    for url, headers in ((address, bearer(first)), (f"{address}?token={first}&token={first}", {})):
        with (
            client.websocket_connect(url, headers=headers) as socket,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            socket.receive_json()
        assert closed.value.code == 4400


def test_a_websocket_to_an_address_that_has_none_is_closed_with_4404(client: TestClient) -> None:
    for path in ("/api/nothing", "/api/matches/x/nothing", "/nothing", "/"):
        with client.websocket_connect(path) as socket, pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_pages_of_the_origins_allowed_may_call_the_api_and_no_other(db: Path) -> None:
    allowed, other = "https://table.example", "https://elsewhere.example"
    with TestClient(create_app(SQLiteStore(db), allow_origins=[allowed])) as served:
        for origin in (allowed, other):
            asked = served.options(
                "/api/matches",
                headers={
                    "origin": origin,
                    "access-control-request-method": "POST",
                    "access-control-request-headers": "content-type",
                },
            )
            assert (asked.headers.get("access-control-allow-origin") == origin) == (origin == allowed)
    with TestClient(create_app(SQLiteStore(db))) as closed:  # none by default
        answer = closed.get("/api/matches/x", headers={"origin": allowed})
        assert "access-control-allow-origin" not in answer.headers


# --------------------------------------------------------------------------- views


def test_a_seat_sees_its_view_its_legal_moves_and_their_previews(client: TestClient) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    seen = _view(client, match, first)
    assert (seen["seat"], seen["ply"], seen["to_act"], seen["events"]) == (0, 0, [0], [])
    assert seen["position"]["kind"] == "game_state" and seen["position"]["data"]["viewer"] == 0
    state = client.app.state.registry.followed(match).state  # type: ignore[attr-defined]
    assert seen["position"] == json.loads(to_json(player_view(state, 0)))
    assert [entry["notation"] for entry in seen["legal"]] == [f"P0 wheel {r}" for r in range(5)]
    for entry in seen["legal"]:
        move = parse_move(entry["notation"])
        assert from_data({"schema_version": 1, "kind": "move", "data": entry["move"]}, type(move)) == move
        told = preview(player_view(state, 0), move)
        data = to_data(told)["data"]
        assert isinstance(data, dict)
        expected = {**data, "text": str(told)}
        del expected["move"]  # the move is beside its preview, not in it
        assert entry["preview"] == json.loads(json.dumps(expected))
    # the other seat is not to act: no legal moves
    assert _view(client, match, token(created, 1))["legal"] == []


def test_a_draft_move_shows_its_price_in_the_preview(client: TestClient) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    assert _post(client, match, first, {"seq": 0, "move": "P0 wheel 0"}).status_code == 200
    legal = _view(client, match, first)["legal"]
    buy = next(e for e in legal if " buy " in f"{e['notation']} ")
    state = client.app.state.registry.followed(match).state  # type: ignore[attr-defined]
    from boardtable.screen import counted
    from hadara_rules import buy_price

    card = buy["move"]["card"]
    assert buy["preview"]["coins"] == -buy_price(state, 0, card)
    assert (
        "BUY-1" in buy["preview"]["rules"]
        and f"{counted(-buy_price(state, 0, card), 'coin')}" in buy["preview"]["text"]
    )


def test_without_a_token_the_spectator_sees_what_every_seat_sees(client: TestClient) -> None:
    created = create(client, players=2)
    match = created["match"]
    _post(client, match, token(created, 0), {"seq": 0, "move": "P0 wheel 0"})
    seen = _view(client, match, since=0)
    assert (seen["seat"], seen["legal"], seen["to_act"]) == (None, [], [0, 1])
    position = seen["position"]["data"]
    assert all(set(p["drawn"]) == {HIDDEN} for p in position["players"])
    drawn = [e for e in seen["events"] if e["type"] == "cards_drawn"]
    assert len(drawn) == 2 and all(set(e["cards"]) == {"?"} for e in drawn)


def test_events_since_a_ply_carry_their_text(client: TestClient) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    _post(client, match, first, {"seq": 0, "move": "P0 wheel 2"})
    events = _view(client, match, first, since=0)["events"]
    assert (
        events[0]["type"] == "wheel_set" and events[0]["text"] == "P0 sets the wheel to rotation 2 (WHEEL-1)"
    )
    mine, theirs = (e for e in events if e["type"] == "cards_drawn")
    assert "?" not in mine["cards"] and set(theirs["cards"]) == {"?"}
    assert all(isinstance(e["text"], str) and e["text"] for e in events)
    assert _view(client, match, first, since=1)["events"] == []


@pytest.mark.parametrize("since", ["2", "-1", "x", "1" * 30, "", "²", "１"])
def test_a_since_beyond_the_match_is_refused(client: TestClient, since: str) -> None:
    created = create(client, players=2)
    match = created["match"]
    _post(client, match, token(created, 0), {"seq": 0, "move": "P0 wheel 0"})
    answer = client.get(f"/api/matches/{match}/view", params={"since": since})
    assert "since" in _error(answer, 400, "malformed")["message"]


# --------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    "move",
    [
        "P0 wheel 3",
        {"type": "set_wheel", "player": 0, "rotation": 3},
        {"schema_version": 1, "kind": "move", "data": {"type": "set_wheel", "player": 0, "rotation": 3}},
    ],
)
def test_a_move_in_notation_or_as_data_is_played_and_answered_with_the_view(
    client: TestClient, db: Path, move: object
) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    answer = _post(client, match, first, {"seq": 0, "move": move})
    assert answer.status_code == 200, answer.text
    seen = answer.json()
    assert (seen["seat"], seen["ply"], seen["to_act"]) == (0, 1, [0, 1])
    assert seen["events"][0]["rotation"] == 3  # the events since the posted ply
    assert seen["legal"] and stored_moves(db) == 1


def test_a_stale_ply_is_refused_with_the_current_ply(client: TestClient, db: Path) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    assert _post(client, match, first, {"seq": 0, "move": "P0 wheel 0"}).status_code == 200
    refused = _error(_post(client, match, first, {"seq": 0, "move": "P0 wheel 1"}), 409, "stale")
    assert refused["ply"] == 1
    refused = _error(_post(client, match, first, {"seq": 7, "move": "P0 wheel 1"}), 409, "stale")
    assert refused["ply"] == 1 and stored_moves(db) == 1


def test_an_illegal_move_is_refused_with_the_rule_and_its_text(client: TestClient, db: Path) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    refused = _error(_post(client, match, first, {"seq": 0, "move": "P0 pass"}), 422, "illegal")
    assert (refused["game"], refused["rule"]) == ("hadara", "FLOW-2") and refused["reason"]
    assert refused["message"] == f"Hadara FLOW-2: {refused['reason']}"
    from hadara_rules import rules

    assert refused["rule_text"] == rules()["FLOW-2"].text
    assert stored_moves(db) == 0 and _view(client, match)["ply"] == 0


def test_a_seat_moves_only_for_itself_and_only_with_its_token(client: TestClient, db: Path) -> None:
    created = create(client, players=2)
    match = created["match"]
    _error(_post(client, match, token(created, 1), {"seq": 0, "move": "P0 wheel 0"}), 403, "forbidden")
    _error(_post(client, match, "not-a-token", {"seq": 0, "move": "P0 wheel 0"}), 403, "forbidden")
    no_token = client.post(f"/api/matches/{match}/moves", json={"seq": 0, "move": "P0 wheel 0"})
    _error(no_token, 403, "forbidden")
    basic = client.post(
        f"/api/matches/{match}/moves",
        json={"seq": 0, "move": "P0 wheel 0"},
        headers={"Authorization": f"Basic {token(created, 0)}"},
    )
    _error(basic, 403, "forbidden")
    _error(client.get(f"/api/matches/{match}/view", headers=bearer("wrong")), 403, "forbidden")
    assert stored_moves(db) == 0


@pytest.mark.parametrize(
    "body",
    [
        {"seq": 0},
        {"move": "P0 wheel 0"},
        {"seq": 0, "move": "P0 wheel 0", "seat": 0},
        {"seq": "0", "move": "P0 wheel 0"},
        {"seq": -1, "move": "P0 wheel 0"},
        {"seq": 0, "move": "P0 fly"},
        {"seq": 0, "move": 5},
        {"seq": 0, "move": {"type": "teleport", "player": 0}},
        {"seq": 0, "move": {"schema_version": 9, "kind": "move", "data": {}}},
        [0, "P0 wheel 0"],
    ],
)
def test_a_malformed_move_body_is_refused(client: TestClient, db: Path, body: object) -> None:
    created = create(client, players=2)
    _error(_post(client, created["match"], token(created, 0), body), 400, "malformed")
    assert stored_moves(db) == 0


def test_an_unknown_match_is_not_found(client: TestClient) -> None:
    for path in ("", "/view", "/record", "/picture"):
        _error(client.get(f"/api/matches/nosuchmatch{path}"), 404, "not_found")
    _error(client.get("/api/matches/" + "%2E" * 50), 404, "not_found")
    _error(
        client.post("/api/matches/nosuchmatch/moves", json={"seq": 0, "move": "P0 pass"}), 404, "not_found"
    )


def test_unknown_routes_and_methods_answer_in_the_error_shape(client: TestClient) -> None:
    _error(client.get("/api/nothing"), 404, "not_found")
    _error(client.delete("/api/matches"), 405, "method_not_allowed")
    match = create(client)["match"]
    _error(client.post(f"/api/matches/{match}/view"), 405, "method_not_allowed")
    _error(client.put(f"/api/matches/{match}/view"), 405, "method_not_allowed")
    _error(client.get(f"/api/matches/{match}/view/more"), 404, "not_found")
    wrong = client.get(f"/api/matches/{match}/moves")
    _error(wrong, 405, "method_not_allowed")
    assert wrong.headers["allow"] == "POST"
    _error(client.post(f"/api/matches/{match}/record"), 405, "method_not_allowed")
    _error(client.delete(f"/api/matches/{match}"), 405, "method_not_allowed")
    _error(client.post("/api/rules/BUY-1"), 405, "method_not_allowed")


def test_an_unexpected_failure_is_a_500_in_the_error_shape(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug is answered in the contract's shape (the server logs it, with its traceback)."""

    def broken(*args: object) -> object:
        raise RuntimeError("a bug\nwith a second line")

    with TestClient(create_app(SQLiteStore(db)), raise_server_exceptions=False) as quiet:
        created = create(quiet, players=2)
        monkeypatch.setattr(Presenter, "summary", broken)
        monkeypatch.setattr(Presenter, "view", broken)
        for path in ("", "/view"):
            answer = quiet.get(f"/api/matches/{created['match']}{path}")
            body = _error(answer, 500, "internal")
            assert "a bug" not in body["message"]
            assert answer.headers["cache-control"] == "no-store"  # the guard's headers, though outside it
            assert answer.headers["x-content-type-options"] == "nosniff"


# --------------------------------------------------------------------------- bots and the record


def test_bots_play_by_themselves_and_the_record_replays(client: TestClient, tmp_path: Path) -> None:
    created = create(client, players=3, seats=["random", "greedy", "random"], seed=5, names=["A", "B", "C"])
    match = created["match"]
    summary = wait_over(client, match)
    assert summary["over"] and summary["winners"]
    answer = client.get(f"/api/matches/{match}/record")
    totals = [sheet["total"] for sheet in answer.json()["data"]["result"]["scores"]]
    assert summary["totals"] == totals
    assert answer.status_code == 200
    record = from_json(answer.text, GameRecord)
    assert record.info is not None and record.info.players == ("A", "B", "C")
    assert record.result is not None and len(record.moves) == summary["ply"]
    assert replay(record).is_over
    path = tmp_path / "record.json"
    path.write_text(answer.text)
    assert main(["replay", str(path)]) == 0


def test_matches_nothing_uses_are_forgotten_and_loaded_again_when_asked_for(db: Path) -> None:
    with TestClient(create_app(SQLiteStore(db), keep=0.05)) as quick:
        registry = quick.app.state.registry  # type: ignore[attr-defined]
        made = [create(quick, seats=["random", "random"], seed=seed)["match"] for seed in range(3)]
        plies = {match: wait_over(quick, match)["ply"] for match in made}
        assert all(plies.values())
        for _ in range(100):  # over, their bots stopped: nothing uses them
            if not any(registry.followed(match) for match in made):
                break
            time.sleep(0.02)
        assert not any(registry.followed(match) for match in made)
        for match in made:  # each asked for again: loaded from the store
            record = from_json(quick.get(f"/api/matches/{match}/record").text, GameRecord)
            assert len(record.moves) == plies[match] and replay(record).is_over
        assert quick.get(f"/api/matches/{made[0]}").json()["over"]


def test_a_human_and_a_bot_in_a_draft_round_both_choose(client: TestClient) -> None:
    created = create(client, players=2, seats=["human", "greedy"])
    match, first = created["match"], token(created, 0)
    _post(client, match, first, {"seq": 0, "move": "P0 wheel 0"})
    deadline = 200
    while _view(client, match)["to_act"] != [0] and deadline:  # the bot chooses at once
        deadline -= 1
    assert _view(client, match)["to_act"] == [0]
    seen = _view(client, match, first)
    answer = _post(client, match, first, {"seq": seen["ply"], "move": seen["legal"][0]["notation"]})
    assert answer.status_code == 200, answer.text


def test_the_record_is_refused_before_the_game_is_over(client: TestClient) -> None:
    created = create(client, players=2)
    _error(client.get(f"/api/matches/{created['match']}/record"), 403, "forbidden")


# --------------------------------------------------------------------------- WebSocket, rules, pictures


def _until(socket: Any, seq: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The socket's messages up to the one that reaches ``seq``: that one, and every event sent."""
    events: list[dict[str, Any]] = []
    while True:
        message: dict[str, Any] = socket.receive_json()
        events += message["events"]
        if message["seq"] >= seq:
            return message, events


def test_a_websocket_is_sent_a_first_message_at_once_even_with_nothing_new(client: TestClient) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    for since in ("", "&since=0"):
        with client.websocket_connect(f"/api/matches/{match}/updates?token={first}{since}") as socket:
            message = socket.receive_json()
            assert (message["seq"], message["ply"], message["to_act"], message["events"]) == (0, 0, [0], [])


def test_the_websocket_sends_each_seat_the_events_since_its_last_message(client: TestClient) -> None:
    created = create(client, players=2)
    match, first, second = created["match"], token(created, 0), token(created, 1)
    with (
        client.websocket_connect(f"/api/matches/{match}/updates?token={first}") as mine,
        client.websocket_connect(f"/api/matches/{match}/updates?token={second}") as theirs,
        client.websocket_connect(f"/api/matches/{match}/updates") as spectator,
    ):
        _post(client, match, first, {"seq": 0, "move": "P0 wheel 0"})
        for socket, seat in ((mine, 0), (theirs, 1), (spectator, None)):
            message, events = _until(socket, 1)
            assert (message["seq"], message["ply"], message["to_act"]) == (1, 1, [0, 1])
            assert events[0]["type"] == "wheel_set" and {e["seq"] for e in events} == {0}
            for event in events:
                if event["type"] == "cards_drawn":
                    assert ("?" in event["cards"]) == (event["player"] != seat)
        _post(client, match, second, {"seq": 1, "move": _view(client, match, second)["legal"][0]["move"]})
        message = mine.receive_json()
        assert message["seq"] == 2 and [e["type"] for e in message["events"]] == ["draft_chosen"]


def test_a_websocket_asking_since_a_ply_gets_what_it_missed(client: TestClient) -> None:
    created = create(client, players=2)
    match, first = created["match"], token(created, 0)
    _post(client, match, first, {"seq": 0, "move": "P0 wheel 0"})
    with client.websocket_connect(f"/api/matches/{match}/updates?token={first}&since=0") as socket:
        message = socket.receive_json()
        assert message["ply"] == 1 and message["events"][0]["type"] == "wheel_set"


def test_a_websocket_with_a_wrong_token_or_match_is_closed(client: TestClient) -> None:
    created = create(client, players=2)
    for path, code in (
        (f"/api/matches/{created['match']}/updates?token=wrong", 4403),
        ("/api/matches/nosuchmatch/updates", 4404),
        (f"/api/matches/{created['match']}/updates?since=5", 4400),
    ):
        with client.websocket_connect(path) as socket, pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == code


def test_a_rule_and_a_picture(client: TestClient) -> None:
    rule = client.get("/api/rules/flow-2").json()
    assert rule["id"] == "FLOW-2" and rule["text"] and rule["page"] >= 1
    _error(client.get("/api/rules/NOPE-1"), 404, "not_found")
    created = create(client, players=2)
    picture = client.get(f"/api/matches/{created['match']}/picture", headers=bearer(token(created, 0)))
    assert picture.status_code == 200 and picture.headers["content-type"].startswith("image/svg+xml")
    assert picture.text.startswith("<svg") and "data-id" in picture.text


def test_the_web_table_is_served_at_the_root(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<html" in page.text.lower()
    _error(client.get("/no-such-file.js"), 404, "not_found")
