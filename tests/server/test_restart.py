"""A server started again on its store: every match where it was, checked against its digest."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from starlette.testclient import TestClient

from boardtable.server.app import create_app
from boardtable.server.sqlite import SQLiteStore

from .serving import bearer, create, token, wait_over


def test_a_restarted_server_resumes_every_match_and_its_bots(db: Path) -> None:
    with TestClient(create_app(SQLiteStore(db))) as client:
        humans = create(client, players=2)
        bots = create(client, players=2, seats=["human", "random"], seed=3)
        first = token(humans, 0)
        client.post(
            f"/api/matches/{humans['match']}/moves",
            headers=bearer(first),
            json={"seq": 0, "move": "P0 wheel 1"},
        )
        before = client.get(
            f"/api/matches/{humans['match']}/view", headers=bearer(first), params={"since": 0}
        ).json()
    with TestClient(create_app(SQLiteStore(db))) as client:
        after = client.get(
            f"/api/matches/{humans['match']}/view", headers=bearer(first), params={"since": 0}
        ).json()
        assert after == before
        # the bot's seat of the other match moves again once the human has
        seat = token(bots, 0)
        view = client.get(f"/api/matches/{bots['match']}/view", headers=bearer(seat)).json()
        posted = client.post(
            f"/api/matches/{bots['match']}/moves",
            headers=bearer(seat),
            json={"seq": view["ply"], "move": view["legal"][0]["notation"]},
        )
        assert posted.status_code == 200
        deadline = time.monotonic() + 10  # the bot thinks in a thread of its own
        while 1 in client.get(f"/api/matches/{bots['match']}").json()["to_act"]:
            assert time.monotonic() < deadline, "the bot did not move"
            time.sleep(0.01)


def test_an_all_bot_match_interrupted_finishes_after_a_restart(db: Path) -> None:
    with TestClient(create_app(SQLiteStore(db))) as client:
        match = create(client, players=2, seats=["greedy", "greedy"], seed=2)["match"]
    with TestClient(create_app(SQLiteStore(db))) as client:
        assert wait_over(client, match)["over"]


def test_a_match_whose_moves_do_not_reach_their_stored_digests_is_not_served(db: Path) -> None:
    """Every entry must reach the digest stored with it, not only the last."""
    with TestClient(create_app(SQLiteStore(db))) as client:
        damaged, sound = create(client, players=2), create(client, players=2)
        for created in (damaged, sound):
            for seq in range(2):
                view = client.get(
                    f"/api/matches/{created['match']}/view", headers=bearer(token(created, 0))
                ).json()
                client.post(
                    f"/api/matches/{created['match']}/moves",
                    headers=bearer(token(created, 0)),
                    json={"seq": seq, "move": view["legal"][0]["notation"]},
                )
    with sqlite3.connect(db) as connection:
        connection.execute(
            "UPDATE entries SET digest = 'tampered' WHERE match = ? AND seq = 0", (damaged["match"],)
        )
    with TestClient(create_app(SQLiteStore(db))) as client:
        for path in ("", "/view"):
            answer = client.get(f"/api/matches/{damaged['match']}{path}")
            assert answer.status_code == 410, answer.text
            assert answer.json() | {"message": ""} == {
                "error": "damaged",
                "message": "",
                "match": damaged["match"],
                "seq": 0,
            }
        assert client.get(f"/api/matches/{sound['match']}").json()["ply"] == 2


def test_a_match_whose_last_entries_are_lost_is_not_served_at_an_earlier_ply(db: Path) -> None:
    """The match's row counts its entries: entries lost from the end are found out, though
    every entry left replays to its digest."""
    with TestClient(create_app(SQLiteStore(db))) as client:
        created = create(client, players=2)
        match = created["match"]
        for seq in range(3):
            seat = client.get(f"/api/matches/{match}").json()["to_act"][0]
            view = client.get(f"/api/matches/{match}/view", headers=bearer(token(created, seat))).json()
            answer = client.post(
                f"/api/matches/{match}/moves",
                headers=bearer(token(created, seat)),
                json={"seq": seq, "move": view["legal"][0]["notation"]},
            )
            assert answer.status_code == 200
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM entries WHERE match = ? AND seq >= 1", (match,))
    with TestClient(create_app(SQLiteStore(db))) as client:
        answer = client.get(f"/api/matches/{created['match']}")
        assert answer.status_code == 410 and answer.json()["error"] == "damaged"
        assert (answer.json()["match"], answer.json()["seq"]) == (created["match"], 1)
