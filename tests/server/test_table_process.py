"""The table for real people on a real ``hadara serve`` process: a clock that runs out, a clock
across ``kill -9``, take-backs, and a match found in the lobby, left, returned to and rematched."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from helpers import whole_log

from boardtable.server.registry import BEAT_SECONDS

from .serving import ServerProcess, bearer


@pytest.fixture
def http(tmp_path: Path) -> Iterator[httpx.Client]:
    server = ServerProcess(tmp_path / "matches.sqlite", tmp_path / "server.log")
    try:
        with httpx.Client(base_url=server.base, timeout=10) as client:
            yield client
    finally:
        server.stop()


def _until(check: Callable[[], bool], seconds: float) -> float:
    """Wait until ``check()``: the seconds it took."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < seconds, "waited too long"
        time.sleep(0.02)
    return time.monotonic() - start


def _summary(http: httpx.Client, match: str) -> dict[str, Any]:
    body: dict[str, Any] = http.get(f"/api/matches/{match}").json()
    return body


def test_a_clock_runs_out_and_the_stand_in_moves_within_the_bank_and_a_second(http: httpx.Client) -> None:
    made = http.post(
        "/api/matches", json={"players": 2, "seats": ["human", "human"], "clock": {"bank": 1, "increment": 0}}
    ).json()
    match = made["match"]
    waited = _until(lambda: _summary(http, match)["ply"] > 0, 5)
    assert waited <= 1 + 1
    summary = _summary(http, match)
    assert "away" in [seat["kind"] for seat in summary["seats"]]
    events = http.get(f"/api/matches/{match}/view", params={"since": 0}).json()["events"]
    assert events[0]["type"] == "timed_out"


@pytest.mark.slow
def test_after_kill_9_a_running_clock_resumes_with_the_time_left_at_the_kill(tmp_path: Path) -> None:
    db, log = tmp_path / "matches.sqlite", tmp_path / "server.log"
    server = ServerProcess(db, log)
    try:
        made = httpx.post(
            f"{server.base}/api/matches",
            json={"players": 2, "seats": ["human", "human"], "clock": {"bank": 60, "increment": 0}},
        ).json()
        match = made["match"]
        time.sleep(1.5)
        at_kill = httpx.get(f"{server.base}/api/matches/{match}/view").json()["clock"]
        server.kill()
        time.sleep(4)  # down: not charged
        server = ServerProcess(db, log)
        again = httpx.get(f"{server.base}/api/matches/{match}/view").json()["clock"]
    finally:
        server.stop()
    running = at_kill["running"][0]
    assert again["running"] == at_kill["running"]
    # as at the kill, give or take the time from the last sign of life to the kill (a pause
    # starts at the last one) and from the start to the look
    assert abs(again["left"][running] - at_kill["left"][running]) <= BEAT_SECONDS + 0.5


def test_two_people_meet_in_the_lobby_one_leaves_the_game_ends_and_both_rematch(http: httpx.Client) -> None:
    made = http.post(
        "/api/matches",
        json={
            "players": 2,
            "seats": ["human", "open"],
            "public": True,
            "names": ["Ann", "Seat 1"],
            "takeback": True,
        },
    ).json()
    match, ann = made["match"], made["seats"][0]["token"]
    lobby = http.get("/api/matches", params={"open": "1"}).json()["matches"]
    assert [m["match"] for m in lobby] == [match]
    bea = http.post(f"/api/matches/{match}/seats/1/join", json={"name": "Bea"}).json()["token"]
    tokens = {0: ann, 1: bea}
    # a first move of each, one of them taken back where the game allows it
    taken_back = False
    for _ in range(30):
        view = http.get(f"/api/matches/{match}/view", headers=bearer(ann)).json()
        seat = view["to_act"][0]
        mine = http.get(f"/api/matches/{match}/view", headers=bearer(tokens[seat])).json()
        played = http.post(
            f"/api/matches/{match}/moves",
            headers=bearer(tokens[seat]),
            json={"seq": mine["seq"], "move": mine["legal"][0]["move"]},
        ).json()
        if played["takeback"] and not taken_back:
            back = http.post(
                f"/api/matches/{match}/takeback", headers=bearer(tokens[seat]), json={"seq": played["seq"]}
            )
            assert back.status_code == 200 and back.json()["position"] == mine["position"]
            taken_back = True
    assert taken_back
    # Bea walks away: the stand-in plays her seat, Ann plays hers to the end
    left = http.post(f"/api/matches/{match}/seats/1/leave", headers=bearer(bea), json={})
    assert left.status_code == 200 and left.json()["seats"][1]["kind"] == "away"
    while not _summary(http, match)["over"]:
        view = http.get(f"/api/matches/{match}/view", headers=bearer(ann)).json()
        if view["legal"]:
            http.post(
                f"/api/matches/{match}/moves",
                headers=bearer(ann),
                json={"seq": view["seq"], "move": view["legal"][0]["move"]},
            )
        else:
            time.sleep(0.01)
    assert http.post(f"/api/matches/{match}/seats/1/return", headers=bearer(bea), json={}).status_code == 200
    asked = http.post(f"/api/matches/{match}/rematch", headers=bearer(ann), json={}).json()
    told = http.get(f"/api/matches/{match}/view", headers=bearer(bea)).json()["rematch"]
    assert told["match"] == asked["match"] and told["token"] != asked["token"]
    new = _summary(http, asked["match"])
    assert new["started"] is True and [s["name"] for s in new["seats"]] == ["Ann", "Bea"]
    assert http.get(f"/api/matches/{asked['match']}/view", headers=bearer(told["token"])).json()["seat"] == 1
    kinds = [entry["kind"] for entry in whole_log(http.get, match)]
    assert {"join", "move", "takeback", "leave", "return", "rematch"} <= set(kinds)
