"""Ending a match before its game ends (DESIGN "Ending a match"): a seat resigns (the others
win as the position stands, the record says so and replays), aborts before every seat has
moved (no result), or the creator cancels a match that has not started; ended matches leave
their creator's counts of unfinished matches."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import whole_log
from starlette.testclient import TestClient

import hadara_rules.records
import stone_age_rules.records
from boardtable.games import game
from boardtable.server.app import create_app
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore

from .serving import bearer, create, fits, refused, seat_view, token

RECORDS = {"hadara": hadara_rules.records, "stone-age": stone_age_rules.records}


def _post(client: TestClient, path: str, seat_token: str | None = None, body: object = None) -> Any:
    return client.post(
        path, headers={} if seat_token is None else bearer(seat_token), json={} if body is None else body
    )


def _summary(client: TestClient, match: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match}")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.02)


def _play(client: TestClient, match: str, tokens: list[str], moves: int, seat: int | None = None) -> int:
    """Play ``moves`` first legal moves of the seats to act (of ``seat`` only, where it is
    given and to act): the match's seq after them."""
    seq: int = seat_view(client, match)["seq"]
    for _ in range(moves):
        to_act: list[int] = seat_view(client, match)["to_act"]
        mover = seat if seat is not None and seat in to_act else to_act[0]
        view = seat_view(client, match, tokens[mover])
        answer = _post(
            client,
            f"/api/matches/{match}/moves",
            tokens[mover],
            {"seq": view["seq"], "move": view["legal"][0]["move"]},
        )
        assert answer.status_code == 200, answer.text
        seq = answer.json()["seq"]
    return seq


def _resign(client: TestClient, match: str, seat: int, seat_token: str, seq: int) -> dict[str, Any]:
    answer = _post(client, f"/api/matches/{match}/seats/{seat}/resign", seat_token, {"seq": seq})
    assert answer.status_code == 200, answer.text
    return fits("seat_view", answer.content, _summary(client, match)["game"])  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- resigning


@pytest.mark.parametrize(
    ("name", "players", "resigner"), [("hadara", 2, 0), ("stone-age", 3, 1), ("hadara", 3, 2)]
)
def test_a_seat_that_resigns_ends_the_match_and_the_others_win(
    client: TestClient, name: str, players: int, resigner: int
) -> None:
    """The resigner's answer, every seat's WebSocket and the log tell of it; the summary says who
    resigned and that the others' best as the position stands won (it never); the record's
    result says so and replays; nobody moves any more, and a rematch may be asked for."""
    made = create(client, game=name, players=players, seed=9)
    match = made["match"]
    tokens = [token(made, seat) for seat in range(players)]
    seq = _play(client, match, tokens, 7)
    live = client.app.state.registry.followed(match)  # type: ignore[attr-defined]
    played, state = game(name), live.state
    with client.websocket_connect(
        f"/api/matches/{match}/updates?token={tokens[(resigner + 1) % players]}"
    ) as socket:
        socket.receive_json()
        view = _resign(client, match, resigner, tokens[resigner], seq)
        told = socket.receive_json()
    notice = {
        "seq": seq,
        "ply": 7,
        "type": "resigned",
        "seat": resigner,
        "text": f"Player {resigner} resigned: the match is over",
    }
    assert view["events"] == [notice] and told["events"] == [notice]
    assert view["over"] and told["over"] and view["to_act"] == [] and view["legal"] == []
    others = [seat for seat in range(players) if seat != resigner]
    winners = list(played.winners_among(state, others))
    summary = fits("match_summary", client.get(f"/api/matches/{match}").content)
    assert (summary["state"], summary["over"], summary["resigned"], summary["winners"]) == (
        "over",
        True,
        resigner,
        winners,
    )
    assert resigner not in winners and winners
    assert summary["totals"] == list(played.totals(state))  # as the table stood
    assert whole_log(client.get, match)[-1] == {
        **whole_log(client.get, match)[-1],
        "kind": "resign",
        "seat": resigner,
    }
    text = client.get(f"/api/matches/{match}/record").text
    records = RECORDS[name]
    record = records.from_json(text, records.GameRecord)
    assert records.replay(record) == state
    assert (record.result.resigned, list(record.result.winners), len(record.moves)) == (resigner, winners, 7)
    assert played.record_resigned(text) == resigner
    mine = seat_view(client, match, tokens[others[0]])
    assert mine["legal"] == []
    refused(
        _post(client, f"/api/matches/{match}/seats/{others[0]}/resign", tokens[others[0]], {"seq": seq + 1}),
        409,
        "over",
    )
    rematch = _post(client, f"/api/matches/{match}/rematch", tokens[others[0]])
    assert rematch.status_code == 200, rematch.text


def test_a_move_after_a_resignation_is_refused_as_over(client: TestClient) -> None:
    made = create(client, seed=2)
    match, tokens = made["match"], [token(made, 0), token(made, 1)]
    seq = _play(client, match, tokens, 3)
    to_act = seat_view(client, match)["to_act"][0]
    legal = seat_view(client, match, tokens[to_act])["legal"][0]["move"]
    other = 1 - to_act
    _resign(client, match, other, tokens[other], seq)
    body = refused(
        _post(client, f"/api/matches/{match}/moves", tokens[to_act], {"seq": seq + 1, "move": legal}),
        409,
        "over",
    )
    assert "over" in body["message"]
    assert seat_view(client, match)["seq"] == seq + 1


def test_a_resignation_is_refused_before_the_start_stale_or_for_another_seat(client: TestClient) -> None:
    waiting = create(client, seats=["human", "open"])
    refused(
        _post(client, f"/api/matches/{waiting['match']}/seats/0/resign", token(waiting, 0), {"seq": 0}),
        409,
        "not_started",
    )
    made = create(client)
    match, tokens = made["match"], [token(made, 0), token(made, 1)]
    seq = _play(client, match, tokens, 2)
    stale = refused(
        _post(client, f"/api/matches/{match}/seats/0/resign", tokens[0], {"seq": seq - 1}), 409, "stale"
    )
    assert stale["seq"] == seq
    refused(_post(client, f"/api/matches/{match}/seats/1/resign", tokens[0], {"seq": seq}), 403, "forbidden")
    refused(_post(client, f"/api/matches/{match}/seats/1/resign", None, {"seq": seq}), 403, "forbidden")
    refused(_post(client, f"/api/matches/{match}/seats/0/resign", tokens[0], {}), 400, "malformed")
    assert _summary(client, match)["state"] == "playing" and seat_view(client, match)["seq"] == seq


def test_a_resigned_match_reads_back_the_same_after_a_restart(db: Path) -> None:
    """The resignation is an entry like any other: a server started again on the store replays
    it to the same summary and record."""
    with TestClient(create_app(SQLiteStore(db))) as client:
        made = create(client, game="stone-age", players=3, seed=4)
        match = made["match"]
        tokens = [token(made, seat) for seat in range(3)]
        seq = _play(client, match, tokens, 5)
        _resign(client, match, 2, tokens[2], seq)
        before, record = _summary(client, match), client.get(f"/api/matches/{match}/record").text
    with TestClient(create_app(SQLiteStore(db))) as client:
        assert _summary(client, match) == before
        assert client.get(f"/api/matches/{match}/record").text == record


def test_a_person_who_resigns_against_a_bot_stops_its_moves(client: TestClient) -> None:
    made = create(client, seats=["human", "greedy"], seed=5)
    match = made["match"]
    _until(lambda: 0 in seat_view(client, match)["to_act"])
    seq = seat_view(client, match)["seq"]
    _resign(client, match, 0, token(made, 0), seq)
    time.sleep(0.3)
    summary = _summary(client, match)
    assert (summary["seq"], summary["winners"], summary["to_act"]) == (seq + 1, [1], [])


# --------------------------------------------------------------------------- aborting


def test_a_seat_aborts_until_every_seat_has_moved(client: TestClient) -> None:
    """Before every seat moved once a seat may abort: the match ends with no result (no winner,
    no record, no rematch); once each has moved, the abort is refused with its reason."""
    made = create(client, players=3, seed=6)
    match = made["match"]
    tokens = [token(made, seat) for seat in range(3)]
    seq = _play(client, match, tokens, 1)
    answer = _post(client, f"/api/matches/{match}/seats/1/abort", tokens[1], {"seq": seq})
    assert answer.status_code == 200, answer.text
    view = fits("seat_view", answer.content)
    assert view["over"] and view["events"] == [
        {
            "seq": seq,
            "ply": 1,
            "type": "aborted",
            "seat": 1,
            "text": "Player 1 aborted the match: it ends with no result",
        }
    ]
    summary = fits("match_summary", client.get(f"/api/matches/{match}").content)
    assert (summary["state"], summary["over"], summary["winners"], summary["resigned"]) == (
        "aborted",
        True,
        [],
        None,
    )
    assert summary["totals"] is None  # no result
    assert whole_log(client.get, match)[-1]["kind"] == "abort"
    refused(client.get(f"/api/matches/{match}/record"), 403, "forbidden")
    refused(_post(client, f"/api/matches/{match}/rematch", tokens[0]), 409, "not_over")
    refused(_post(client, f"/api/matches/{match}/seats/0/abort", tokens[0], {"seq": seq + 1}), 409, "over")

    other = create(client, players=2, seed=6)
    match, tokens = other["match"], [token(other, 0), token(other, 1)]
    seq = 0
    while {entry["seat"] for entry in whole_log(client.get, match) if entry["kind"] == "move"} != {0, 1}:
        seq = _play(client, match, tokens, 1, seat=1)
    body = refused(
        _post(client, f"/api/matches/{match}/seats/0/abort", tokens[0], {"seq": seq}), 409, "cannot_abort"
    )
    assert body["reason"] == "all_moved" and "resign" in body["message"]
    assert _summary(client, match)["state"] == "playing"


def test_a_match_that_has_not_started_may_be_aborted_by_a_seated_person(client: TestClient) -> None:
    made = create(client, seats=["human", "open"])
    answer = _post(client, f"/api/matches/{made['match']}/seats/0/abort", token(made, 0), {"seq": 0})
    assert answer.status_code == 200, answer.text
    assert _summary(client, made["match"])["state"] == "aborted"


# --------------------------------------------------------------------------- cancelling


def test_the_creator_cancels_a_match_that_has_not_started_and_nobody_else_may(client: TestClient) -> None:
    """The creator's token (one the creation gave) cancels a match with a seat open: it leaves
    the lobby and nobody joins it. A joiner's token, none, or the creator's once the match has
    started are refused."""
    answer = client.post(
        "/api/matches", json={"players": 3, "seats": ["human", "open", "open"], "public": True}
    )
    made = answer.json()
    match = made["match"]
    joined = _post(client, f"/api/matches/{match}/seats/1/join", None, {"name": "Joe"}).json()
    refused(_post(client, f"/api/matches/{match}/cancel", joined["token"]), 403, "forbidden")
    refused(_post(client, f"/api/matches/{match}/cancel"), 403, "forbidden")
    answer = _post(client, f"/api/matches/{match}/cancel", token(made, 0))
    assert answer.status_code == 200, answer.text
    view = fits("seat_view", answer.content)
    assert view["over"] and view["events"][-1] == {
        "seq": 1,
        "ply": 0,
        "type": "cancelled",
        "text": "the match was cancelled before it started: it ends with no result",
    }
    summary = fits("match_summary", client.get(f"/api/matches/{match}").content)
    assert (summary["state"], summary["winners"]) == ("cancelled", [])
    assert match not in [s["match"] for s in client.get("/api/matches?open=1").json()["matches"]]
    refused(_post(client, f"/api/matches/{match}/seats/2/join", None, {"name": "Late"}), 409, "over")
    refused(_post(client, f"/api/matches/{match}/cancel", token(made, 0)), 409, "over")
    assert whole_log(client.get, match)[-1] == {**whole_log(client.get, match)[-1], "kind": "cancel"}

    started = create(client, seats=["human", "open"])
    _post(client, f"/api/matches/{started['match']}/seats/1/join", None, {"name": "Joe"})
    refused(_post(client, f"/api/matches/{started['match']}/cancel", token(started, 0)), 409, "started")


# --------------------------------------------------------------------------- the bounds


def _bounded(tmp_path: Path, **bounds: Any) -> TestClient:
    return TestClient(create_app(SQLiteStore(tmp_path / "bounded.sqlite"), bounds=Bounds(**bounds)))


def test_an_ended_match_leaves_its_address_s_count_of_unfinished_ones(tmp_path: Path) -> None:
    """At the bound of unfinished matches, a match resigned, aborted or cancelled makes room
    for one more at once."""
    with _bounded(tmp_path, live_per_address=3, create_per_minute=1000) as client:
        resigned, aborted = create(client), create(client)
        cancelled = create(client, seats=["human", "open"])
        over_bound = {"players": 2, "seats": ["human", "human"]}
        refused(client.post("/api/matches", json=over_bound), 429, "too_many")
        seq = _play(client, resigned["match"], [token(resigned, 0), token(resigned, 1)], 2)
        for ended, path, body in (
            (resigned, "seats/0/resign", {"seq": seq}),
            (aborted, "seats/1/abort", {"seq": 0}),
            (cancelled, "cancel", {}),
        ):
            answer = _post(
                client,
                f"/api/matches/{ended['match']}/{path}",
                token(ended, 0 if path != "seats/1/abort" else 1),
                body,
            )
            assert answer.status_code == 200, answer.text
            create(client)  # room for one more
            refused(client.post("/api/matches", json=over_bound), 429, "too_many")


def test_an_ended_match_leaves_its_address_s_count_of_searching_ones(tmp_path: Path) -> None:
    with _bounded(tmp_path, searching_per_address=1, search_seconds=0.05, create_per_minute=1000) as client:
        searching = {"seats": ["human", "ismcts"], "seed": 3}
        first = create(client, **searching)
        refused(client.post("/api/matches", json={"players": 2, **searching}), 429, "too_many")
        _post(
            client,
            f"/api/matches/{first['match']}/seats/0/abort",
            token(first, 0),
            {"seq": seat_view(client, first["match"])["seq"]},
        )
        _until(lambda: client.post("/api/matches", json={"players": 2, **searching}).status_code == 201)


def test_a_rematch_counts_against_its_creator_s_address(tmp_path: Path) -> None:
    """A rematch is its match's creator's: unfinished, it counts among the address's matches
    (with a searching bot's seat, among those too)."""
    with _bounded(tmp_path, live_per_address=2, create_per_minute=1000) as client:
        first = create(client)
        seq = _play(client, first["match"], [token(first, 0), token(first, 1)], 2)
        _resign(client, first["match"], 0, token(first, 0), seq)
        rematch = _post(client, f"/api/matches/{first['match']}/rematch", token(first, 1))
        assert rematch.status_code == 200, rematch.text
        create(client)  # the rematch and this one: the bound
        refused(
            client.post("/api/matches", json={"players": 2, "seats": ["human", "human"]}), 429, "too_many"
        )
    with _bounded(tmp_path, searching_per_address=1, search_seconds=0.05, create_per_minute=1000) as client:
        searching = {"players": 2, "seats": ["human", "ismcts"], "seed": 3}
        first = create(client, **searching)
        _until(lambda: 0 in seat_view(client, first["match"])["to_act"])
        _resign(client, first["match"], 0, token(first, 0), seat_view(client, first["match"])["seq"])
        rematch = _post(client, f"/api/matches/{first['match']}/rematch", token(first, 0))
        assert rematch.status_code == 200, rematch.text
        registry = client.app.state.registry  # type: ignore[attr-defined]
        _until(lambda: registry.followed(rematch.json()["match"]) is not None)
        refused(client.post("/api/matches", json=searching), 429, "too_many")


def test_a_view_says_how_its_seat_may_end_the_match_now(client: TestClient) -> None:
    """``endings``: the creator's seats may cancel and abort a match not started, a joiner only
    abort it; once it starts, resign and abort until every seat has moved, then resign; none
    for the spectator, nor once it is over."""
    answer = client.post("/api/matches", json={"players": 2, "seats": ["human", "open"], "seed": 8})
    made = answer.json()
    match = made["match"]
    assert seat_view(client, match, token(made, 0))["endings"] == ["abort", "cancel"]
    joined = _post(client, f"/api/matches/{match}/seats/1/join", None, {"name": "Joe"}).json()
    tokens = [token(made, 0), joined["token"]]
    assert [seat_view(client, match, tokens[seat])["endings"] for seat in (0, 1)] == [["resign", "abort"]] * 2
    assert seat_view(client, match)["endings"] == []
    seq = 0
    while {entry["seat"] for entry in whole_log(client.get, match) if entry["kind"] == "move"} != {0, 1}:
        seq = _play(client, match, tokens, 1, seat=1)
    assert seat_view(client, match, tokens[0])["endings"] == ["resign"]
    _resign(client, match, 0, tokens[0], seq)
    assert [seat_view(client, match, tokens[seat])["endings"] for seat in (0, 1)] == [[], []]
