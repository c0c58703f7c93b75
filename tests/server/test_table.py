"""A table for real people: open seats and the lobby, leaving and returning, clocks, take-backs,
rematches, presence and the log, through Starlette's test client (issue: a table that survives
real people)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import whole_log
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardtable.server.app import create_app
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import StoreError

from .serving import bearer, create, token
from .serving import refused as _error
from .serving import seat_view as _view


def _summary(client: TestClient, match: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match}")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _post(client: TestClient, path: str, seat_token: str | None = None, body: object = None) -> Any:
    return client.post(
        path, headers={} if seat_token is None else bearer(seat_token), json={} if body is None else body
    )


def _play_first(client: TestClient, match: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The first legal move of the first person's seat to act, played: its answer."""
    summary = _summary(client, match)
    seat = next(s for s in summary["to_act"] if s in tokens)
    view = _view(client, match, tokens[seat])
    answer = _post(
        client,
        f"/api/matches/{match}/moves",
        tokens[seat],
        {"seq": view["seq"], "move": view["legal"][0]["move"]},
    )
    assert answer.status_code == 200, answer.text
    played: dict[str, Any] = answer.json()
    return played


def _until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.02)


# --------------------------------------------------------------------------- creating


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("clock", {"bank": -1, "increment": 0}),
        ("clock", {"bank": 0, "increment": 0}),
        ("clock", {"bank": 86_401, "increment": 0}),
        ("clock", {"bank": 60, "increment": -1}),
        ("clock", {"bank": 60, "increment": 3_601}),
        ("clock", {"bank": "60"}),
        ("clock", {"bank": 60, "extra": 1}),
        ("clock", {"bank": True}),
        ("clock", 60),
        ("public", "yes"),
        ("takeback", 1),
    ],
)
def test_a_bad_setting_is_refused_and_nothing_is_stored(
    client: TestClient, field: str, value: object, db: Path
) -> None:
    answer = client.post("/api/matches", json={"players": 2, "seats": ["human", "open"], field: value})
    _error(answer, 400, "malformed")
    assert client.get("/api/matches?open=1").json() == {"matches": []}


def test_a_public_match_never_takes_a_chosen_seed(client: TestClient) -> None:
    answer = client.post(
        "/api/matches", json={"players": 2, "seats": ["human", "open"], "public": True, "seed": 3}
    )
    assert "seed" in _error(answer, 400, "malformed")["message"]


def test_the_summary_says_the_settings_and_whether_the_seed_was_chosen(client: TestClient) -> None:
    chosen = create(client, clock={"bank": 300, "increment": 5}, takeback=True)
    summary = _summary(client, chosen["match"])
    assert summary["clock"] == {"bank": 300.0, "increment": 5.0}
    assert summary["takeback"] is True and summary["public"] is False and summary["seed_chosen"] is True
    drawn = client.post("/api/matches", json={"players": 2, "seats": ["human", "greedy"]}).json()
    assert _summary(client, drawn["match"])["seed_chosen"] is False
    clock = _view(client, chosen["match"])["clock"]
    assert clock["running"] == [0] and 299 < clock["left"][0] <= 300 and clock["left"][1] == 300


# --------------------------------------------------------------------------- the lobby


def _open_match(client: TestClient, **more: Any) -> dict[str, Any]:
    body = {"players": 2, "seats": ["human", "open"], "names": ["Ann", "Seat 1"], "public": True, **more}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def test_the_lobby_lists_public_matches_with_an_open_seat_until_it_is_taken(client: TestClient) -> None:
    listed = _open_match(client)
    create(client, seats=["human", "open"])  # not public
    _open_match(client, seats=["human", "greedy"])  # no open seat
    lobby = client.get("/api/matches?open=1").json()["matches"]
    assert [m["match"] for m in lobby] == [listed["match"]]
    assert lobby[0]["started"] is False and [s["kind"] for s in lobby[0]["seats"]] == ["human", "open"]
    assert "token" not in str(lobby)
    joined = _post(client, f"/api/matches/{listed['match']}/seats/1/join", body={"name": "Bea"})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1 and len(joined.json()["token"]) >= 32
    assert client.get("/api/matches?open=1").json() == {"matches": []}
    summary = _summary(client, listed["match"])
    assert summary["started"] is True and summary["seats"][1]["name"] == "Bea"
    assert summary["seats"][1]["kind"] == "human"
    # the new token plays the seat
    assert _view(client, listed["match"], joined.json()["token"])["seat"] == 1
    events = _view(client, listed["match"], token(listed, 0))
    assert events["seats"][1]["name"] == "Bea"


def test_a_taken_seat_cannot_be_joined_and_nothing_changes(client: TestClient) -> None:
    made = _open_match(client)
    match = made["match"]
    for seat in (0, 1):
        if seat == 1:
            _post(client, f"/api/matches/{match}/seats/1/join", body={"name": "Bea"})
        before = _summary(client, match)
        _error(_post(client, f"/api/matches/{match}/seats/{seat}/join", body={"name": "Cy"}), 409, "taken")
        assert _summary(client, match) == before
    _error(_post(client, f"/api/matches/{match}/seats/2/join", body={"name": "Cy"}), 404, "not_found")
    _error(_post(client, f"/api/matches/{match}/seats/1/join", body={"name": " "}), 400, "malformed")
    _error(_post(client, f"/api/matches/{match}/seats/1/join", body={"name": "x" * 41}), 400, "malformed")


def test_my_matches_are_found_by_id_in_the_order_asked(client: TestClient) -> None:
    first, second = _open_match(client), create(client)
    ids = f"{second['match']},nope,{first['match']}"
    found = client.get("/api/matches", params={"ids": ids}).json()["matches"]
    assert [m["match"] for m in found] == [second["match"], first["match"]]
    _error(client.get("/api/matches", params={"ids": ",".join(["a"] * 51)}), 400, "malformed")
    _error(client.get("/api/matches"), 400, "malformed")


def test_nobody_moves_before_every_seat_is_taken(client: TestClient) -> None:
    made = _open_match(client, seats=["human", "open"])
    match = made["match"]
    view = _view(client, match, token(made, 0))
    assert view["started"] is False and view["legal"] == []
    answer = _post(
        client, f"/api/matches/{match}/moves", token(made, 0), {"seq": view["seq"], "move": "P0 wheel 1"}
    )
    _error(answer, 409, "not_started")


# --------------------------------------------------------------------------- leaving and returning


def test_a_person_who_leaves_is_played_by_the_stand_in_and_comes_back_at_the_next_decision(
    client: TestClient,
) -> None:
    made = create(client, seats=["human", "human"])
    match, tokens = made["match"], {0: token(made, 0), 1: token(made, 1)}
    _error(_post(client, f"/api/matches/{match}/seats/1/leave", tokens[0]), 403, "forbidden")
    left = _post(client, f"/api/matches/{match}/seats/0/leave", tokens[0])
    assert left.status_code == 200, left.text
    assert left.json()["seats"][0]["kind"] == "away"
    assert any(e.get("type") == "left" for e in left.json()["events"])
    _error(_post(client, f"/api/matches/{match}/seats/0/leave", tokens[0]), 409, "not_playing")
    # the stand-in plays seat 0 whenever it is to act; seat 1's person plays on
    for _ in range(6):
        _until(
            lambda: any(s == 1 for s in _summary(client, match)["to_act"]) or _summary(client, match)["over"]
        )
        _play_first(client, match, {1: tokens[1]})
    log = whole_log(client.get, match)
    assert any(entry["kind"] == "move" and entry["seat"] == 0 for entry in log)
    back = _post(client, f"/api/matches/{match}/seats/0/return", tokens[0])
    assert back.status_code == 200 and back.json()["seats"][0]["kind"] == "human"
    _error(_post(client, f"/api/matches/{match}/seats/0/return", tokens[0]), 409, "not_away")
    _error(_post(client, f"/api/matches/{match}/seats/0/return", tokens[1]), 403, "forbidden")


def test_an_away_person_cannot_move_until_they_return(client: TestClient) -> None:
    made = create(client, seats=["human", "human"])
    match = made["match"]
    view = _view(client, match, token(made, 0))
    seat = view["to_act"][0]
    mine = token(made, seat)
    _post(client, f"/api/matches/{match}/seats/{seat}/leave", mine)
    # the stand-in may have moved already: the person is refused either way, nothing stored
    seen = _view(client, match, mine)
    assert seen["legal"] == []
    answer = _post(
        client, f"/api/matches/{match}/moves", mine, {"seq": seen["seq"], "move": view["legal"][0]["move"]}
    )
    assert answer.status_code in (409, 422)


# --------------------------------------------------------------------------- clocks


def test_a_clock_that_runs_out_hands_the_seat_to_the_stand_in(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], clock={"bank": 0.5, "increment": 0})
    match = made["match"]
    first = _view(client, match, token(made, 0))
    assert first["clock"]["running"] == first["to_act"] and first["clock"]["now"] > 1e9
    started = time.time()
    _until(lambda: "away" in [s["kind"] for s in _summary(client, match)["seats"]], 5)
    assert time.time() - started < 0.5 + 1.5
    events = _view(client, match, token(made, 0), since=0)["events"]
    assert any(e.get("type") == "timed_out" for e in events)
    # and the stand-in moves for it
    _until(lambda: _summary(client, match)["ply"] > 0, 5)


def test_an_increment_is_added_after_each_move(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], clock={"bank": 600, "increment": 7})
    match = made["match"]
    tokens = {0: token(made, 0), 1: token(made, 1)}
    before = _view(client, match)
    mover = before["to_act"][0]
    played = _play_first(client, match, tokens)
    left = played["clock"]["left"][mover]
    assert 600 < left <= 607


# --------------------------------------------------------------------------- take-backs


def _to_a_takeback(client: TestClient, match: str, tokens: dict[int, str]) -> tuple[int, dict[int, Any]]:
    """Play until the seat that moved may take its move back: the seat and the views before it."""
    for _ in range(60):
        summary = _summary(client, match)
        seat = summary["to_act"][0]
        before = {s: _view(client, match, tokens[s])["position"] for s in tokens}
        played = _play_first(client, match, {seat: tokens[seat]})
        if played["takeback"]:
            return seat, before
    raise AssertionError("no move could be taken back")


def test_a_take_back_leaves_every_view_as_before_the_move(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], takeback=True)
    match, tokens = made["match"], {0: token(made, 0), 1: token(made, 1)}
    seat, before = _to_a_takeback(client, match, tokens)
    seq = _summary(client, match)["seq"]
    other = 1 - seat
    _error(
        _post(client, f"/api/matches/{match}/takeback", tokens[other], {"seq": seq}), 409, "cannot_take_back"
    )
    _error(_post(client, f"/api/matches/{match}/takeback", tokens[seat], {"seq": seq - 1}), 409, "stale")
    answer = _post(client, f"/api/matches/{match}/takeback", tokens[seat], {"seq": seq})
    assert answer.status_code == 200, answer.text
    assert {s: _view(client, match, tokens[s])["position"] for s in tokens} == before
    assert answer.json()["events"][-1]["type"] == "taken_back"
    assert whole_log(client.get, match)[-1]["kind"] == "takeback"


def test_a_move_that_showed_a_card_is_never_taken_back(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], takeback=True)
    match, tokens = made["match"], {0: token(made, 0), 1: token(made, 1)}
    view = _view(client, match)
    seat = view["to_act"][0]
    played = _play_first(client, match, tokens)  # the first move sets the wheel: the decks are dealt
    assert played["takeback"] is False
    body = _error(
        _post(client, f"/api/matches/{match}/takeback", tokens[seat], {"seq": played["seq"]}),
        422,
        "cannot_take_back",
    )
    assert body["reason"] == "revealed"


def test_a_match_without_take_backs_refuses_them(client: TestClient) -> None:
    made = create(client, seats=["human", "human"])
    match = made["match"]
    seat = _view(client, match)["to_act"][0]
    played = _play_first(client, match, {0: token(made, 0), 1: token(made, 1)})
    body = _error(
        _post(client, f"/api/matches/{match}/takeback", token(made, seat), {"seq": played["seq"]}),
        422,
        "cannot_take_back",
    )
    assert body["reason"] == "off"


# --------------------------------------------------------------------------- rematches


def test_a_rematch_is_asked_for_after_the_end_and_each_person_learns_only_their_token(
    client: TestClient,
) -> None:
    made = create(client, seats=["human", "greedy", "human"], players=3)
    match, tokens = made["match"], {0: token(made, 0), 2: token(made, 2)}
    _error(_post(client, f"/api/matches/{match}/rematch", tokens[0]), 409, "not_over")
    for seat in tokens:
        _post(client, f"/api/matches/{match}/seats/{seat}/leave", tokens[seat])
    _until(lambda: _summary(client, match)["over"], 60)
    asked = _post(client, f"/api/matches/{match}/rematch", tokens[0])
    assert asked.status_code == 200, asked.text
    new, mine = asked.json()["match"], asked.json()["token"]
    again = _post(client, f"/api/matches/{match}/rematch", tokens[0]).json()
    assert again == {"match": new, "token": mine}
    other = _view(client, match, tokens[2])["rematch"]
    assert other["match"] == new and other["token"] != mine
    assert _view(client, match)["rematch"] == {"match": new}
    assert mine not in str(_view(client, match, tokens[2])) and other["token"] not in str(
        _view(client, match, tokens[0])
    )
    assert _summary(client, match)["rematch"] == new
    rematch = _summary(client, new)
    assert [s["kind"] for s in rematch["seats"]] == ["human", "greedy", "human"]
    assert rematch["started"] is True
    assert _view(client, new, mine)["seat"] == 0 and _view(client, new, other["token"])["seat"] == 2
    _error(client.get(f"/api/matches/{new}/view", headers=bearer(tokens[0])), 403, "forbidden")


def test_a_rematch_waits_for_each_person_to_take_their_seat(client: TestClient) -> None:
    made = create(client, seats=["human", "human"])
    match, tokens = made["match"], {0: token(made, 0), 1: token(made, 1)}
    for seat in tokens:
        _post(client, f"/api/matches/{match}/seats/{seat}/leave", tokens[seat])
    _until(lambda: _summary(client, match)["over"], 60)
    new = _post(client, f"/api/matches/{match}/rematch", tokens[1]).json()["match"]
    assert _summary(client, new)["started"] is False
    _view(client, match, tokens[0])
    assert _summary(client, new)["started"] is True


# --------------------------------------------------------------------------- presence


def test_a_seat_with_a_websocket_open_is_connected(client: TestClient) -> None:
    made = create(client, seats=["human", "human"])
    match = made["match"]
    assert [s["connected"] for s in _summary(client, match)["seats"]] == [False, False]
    with client.websocket_connect(f"/api/matches/{match}/updates?token={token(made, 1)}") as socket:
        first = socket.receive_json()
        assert first["seats"][1]["connected"] is True and "position" in first
        assert [s["connected"] for s in _summary(client, match)["seats"]] == [False, True]
        with client.websocket_connect(f"/api/matches/{match}/updates?token={token(made, 0)}") as other:
            other.receive_json()
            told = socket.receive_json()
            assert [s["connected"] for s in told["seats"]] == [True, True] and told["events"] == []
    _until(lambda: [s["connected"] for s in _summary(client, match)["seats"]] == [False, False])


def test_a_restart_resumes_a_running_clock_without_charging_the_time_it_was_down(tmp_path: Path) -> None:
    db = tmp_path / "clock.sqlite"
    with TestClient(create_app(SQLiteStore(db))) as first:
        made = create(first, seats=["human", "human"], clock={"bank": 30, "increment": 0})
        match = made["match"]
        time.sleep(1.0)
        left = _view(first, match)["clock"]["left"]
    time.sleep(2.0)  # down: not charged
    with TestClient(create_app(SQLiteStore(db))) as second:
        again = _view(second, match)["clock"]["left"]
    spent = [a - b for a, b in zip(left, again, strict=True)]
    assert all(-0.01 <= s < 1.5 for s in spent), (left, again)


def test_a_store_that_cannot_be_reached_is_a_503_with_retry_after(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client)
    store = client.app.state.registry.store  # type: ignore[attr-defined]

    async def down(match: str, limit: int | None = None) -> None:
        raise StoreError("the database is restarting")

    monkeypatch.setattr(client.app.state.registry, "_keep", 0)  # type: ignore[attr-defined]
    client.app.state.registry.forget_unused()  # type: ignore[attr-defined]  # loaded again below
    monkeypatch.setattr(store, "load", down)
    answer = client.get(f"/api/matches/{made['match']}")
    _error(answer, 503, "unavailable")
    assert answer.headers["retry-after"] == "2"


@pytest.mark.slow
def test_searching_bots_never_hold_up_a_quick_bot(tmp_path: Path) -> None:
    """Four matches of search bots thinking all the time do not slow a match of greedy bots:
    its bots think in a thread no search uses."""
    app = create_app(
        SQLiteStore(tmp_path / "busy.sqlite"), bounds=Bounds(search_seconds=0.5, search_processes=2)
    )
    with TestClient(app) as client:
        for _ in range(4):
            create(client, players=5, seats=["ismcts"] * 5)
        time.sleep(0.5)  # the searches are under way
        honest = create(client, seats=["greedy", "greedy"])["match"]
        started = time.monotonic()
        _until(lambda: _summary(client, honest)["ply"] >= 20, 20)
        assert time.monotonic() - started < 4.0  # a greedy decision is milliseconds; a search 0.5 s


def test_a_match_nobody_plays_for_too_long_is_abandoned(tmp_path: Path) -> None:
    app = create_app(SQLiteStore(tmp_path / "old.sqlite"), bounds=Bounds(abandon_hours=0.3 / 3600))
    with TestClient(app) as client:
        made = create(client, seats=["human", "greedy"])
        fresh = _open_match(client)
        match = made["match"]
        time.sleep(0.4)
        sweeper = app.state.sweeper
        assert client.portal is not None
        assert client.portal.call(sweeper.sweep) == 2
        summary = _summary(client, match)
        assert summary["state"] == "abandoned" and summary["over"] is True and summary["winners"] == []
        assert client.get("/api/matches?open=1").json() == {"matches": []}
        assert _summary(client, fresh["match"])["state"] == "abandoned"
        view = _view(client, match, token(made, 0))
        assert view["legal"] == [] and view["events"] == []
        _error(
            _post(
                client,
                f"/api/matches/{match}/moves",
                token(made, 0),
                {"seq": view["seq"], "move": "P0 wheel 1"},
            ),
            409,
            "abandoned",
        )
        assert whole_log(client.get, match)[-1]["kind"] == "abandon"
        assert client.portal.call(sweeper.sweep) == 0


def test_a_binary_frame_closes_the_socket_with_the_contract_s_code(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/api/matches/{made['match']}/updates") as socket:
        socket.receive_json()
        socket.send_text("ignored")
        socket.send_bytes(b"\xff\x00")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4400


def test_an_address_keeps_at_most_its_bound_of_unfinished_matches(tmp_path: Path) -> None:
    """One address may have made ``live_per_address`` unfinished matches; the next is refused
    (nothing stored), until one of them ends. The store keeps a digest of the address only."""
    app = create_app(SQLiteStore(tmp_path / "live.sqlite"), bounds=Bounds(live_per_address=2))
    with TestClient(app) as client:
        first = create(client)
        create(client)
        body = _error(
            client.post("/api/matches", json={"players": 2, "seats": ["human", "human"]}), 429, "too_many"
        )
        assert "2 unfinished matches" in body["message"]
        for seat in (0, 1):
            _post(client, f"/api/matches/{first['match']}/seats/{seat}/leave", token(first, seat))
        _until(lambda: _summary(client, first["match"])["over"], 60)
        create(client)  # one ended: room for one more
        assert "testclient" not in (tmp_path / "live.sqlite").read_bytes().decode("latin-1")
        assert "creator" not in _summary(client, first["match"])
