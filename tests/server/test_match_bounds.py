"""What one seat, or a stranger, can make a match cost, bounded (issue: what a second attack broke):
the pace of a seat's leaves, returns and take-backs; the entries a match holds of its persons'
asking, past which bots, clocks and the stand-in still end it; its log, a page at a time; a
long match reloaded off the event loop; a damaged match told apart from a store that fails;
the games' options within their ranges; clocks as documented; a chosen seed told to every seat."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardtable.games import game, names
from boardtable.games.library import LibraryGame
from boardtable.server import app as app_module
from boardtable.server import match as match_module
from boardtable.server import registry as registry_module
from boardtable.server.app import LOG_PAGE_MOST, create_app
from boardtable.server.clock import RETURN_BANK
from boardtable.server.entries import LEAVE, SeatChanged, entry_data
from boardtable.server.limits import BOUNDS
from boardtable.server.match import Match
from boardtable.server.registry import Registry
from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import Entry, StoredMatch

from .serving import bearer, create, fits, refused, seat_view, token, wait_over

CHANGES_PER_MINUTE = BOUNDS.changes_per_minute


def _post(client: TestClient, path: str, seat_token: str, body: object = None) -> Any:
    return client.post(path, headers=bearer(seat_token), json={} if body is None else body)


def _seq(client: TestClient, match: str) -> int:
    found: int = client.get(f"/api/matches/{match}").json()["seq"]
    return found


def _play(client: TestClient, match: str, tokens: dict[int, str], moves: int) -> None:
    """``moves`` moves, each the first legal move of the first person's seat to act."""
    for _ in range(moves):
        seat = next(s for s in seat_view(client, match)["to_act"] if s in tokens)
        view = seat_view(client, match, tokens[seat])
        answer = _post(
            client,
            f"/api/matches/{match}/moves",
            tokens[seat],
            {"seq": view["seq"], "move": view["legal"][0]["move"]},
        )
        assert answer.status_code == 200, answer.text


# --------------------------------------------------------------------------- a seat's pace


def test_a_seat_that_leaves_and_returns_in_a_loop_is_refused_past_its_bucket(client: TestClient) -> None:
    """While the stand-in plays the seat between its changes, as fast as it may: past the bucket,
    ``429 too_many`` with ``retry_after`` and ``Retry-After``, nothing stored; another seat's
    bucket is its own."""
    made = create(client, seats=["human", "human", "greedy"], players=3)
    match, mine = made["match"], token(made, 0)
    changes = 0
    while True:
        path = f"/api/matches/{match}/seats/0/{'leave' if changes % 2 == 0 else 'return'}"
        answer = _post(client, path, mine)
        if answer.status_code != 200:
            break
        changes += 1
        assert changes <= CHANGES_PER_MINUTE, "the loop was never refused"
    assert changes == CHANGES_PER_MINUTE
    before = _seq(client, match)
    body = refused(answer, 429, "too_many")
    fits("error", answer.content)
    assert 1 <= body["retry_after"] <= 60 and answer.headers["retry-after"] == str(body["retry_after"])
    assert _seq(client, match) == before
    other = _post(client, f"/api/matches/{match}/seats/1/leave", token(made, 1))
    assert other.status_code == 200, other.text


def test_take_backs_share_the_seat_s_bucket(client: TestClient) -> None:
    """A move taken back and played again, in a loop: the take-backs are paced like leaves."""
    made = create(client, seats=["human", "human"], takeback=True)
    match, tokens = made["match"], {0: token(made, 0), 1: token(made, 1)}
    for _ in range(60):  # to a move that may be taken back
        seat = seat_view(client, match)["to_act"][0]
        view = seat_view(client, match, tokens[seat])
        move = view["legal"][0]["move"]
        played = _post(
            client, f"/api/matches/{match}/moves", tokens[seat], {"seq": view["seq"], "move": move}
        )
        assert played.status_code == 200, played.text
        if played.json()["takeback"]:
            break
    else:
        raise AssertionError("no move could be taken back")
    for _ in range(CHANGES_PER_MINUTE):
        seq = _seq(client, match)
        back = _post(client, f"/api/matches/{match}/takeback", tokens[seat], {"seq": seq})
        assert back.status_code == 200, back.text
        again = _post(client, f"/api/matches/{match}/moves", tokens[seat], {"seq": seq + 1, "move": move})
        assert again.status_code == 200, again.text
    refused(_post(client, f"/api/matches/{match}/takeback", tokens[seat], {"seq": seq + 2}), 429, "too_many")


# --------------------------------------------------------------------------- a full match


@pytest.fixture
def full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every match is full from its first entry on."""
    monkeypatch.setattr(match_module, "MAX_ENTRIES", 0)


@pytest.mark.usefixtures("full")
def test_a_full_match_refuses_a_person_s_move_and_return_and_the_stand_in_ends_it(client: TestClient) -> None:
    made = create(client, seats=["human", "greedy"], takeback=True)
    match, mine = made["match"], token(made, 0)
    view = seat_view(client, match, mine)
    assert view["to_act"] == [0]
    moved = _post(client, f"/api/matches/{match}/moves", mine, {"seq": 0, "move": view["legal"][0]["move"]})
    body = refused(moved, 422, "full")
    fits("error", moved.content)
    assert "leave the seat" in body["message"] and _seq(client, match) == 0
    assert _post(client, f"/api/matches/{match}/seats/0/leave", mine).status_code == 200
    refused(_post(client, f"/api/matches/{match}/seats/0/return", mine), 422, "full")
    summary = wait_over(client, match, seconds=60)
    assert summary["over"] and summary["ply"] > 0  # the stand-in's and the bot's moves, past the bound


@pytest.mark.usefixtures("full")
def test_a_full_match_is_ended_by_its_clocks_and_the_stand_in(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], clock={"bank": 0.3, "increment": 0})
    match = made["match"]
    summary = wait_over(client, match, seconds=60)
    assert summary["over"], summary
    kinds = [entry["kind"] for entry in client.get(f"/api/matches/{match}/log").json()["entries"]]
    assert kinds[0] == "timeout" and "move" in kinds  # nobody moved before a clock ran out


# --------------------------------------------------------------------------- the log, a page at a time


def test_the_log_is_given_a_page_at_a_time(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client, seats=["human", "human"])
    match = made["match"]
    _play(client, match, {0: token(made, 0), 1: token(made, 1)}, 7)
    whole = client.get(f"/api/matches/{match}/log", params={"limit": LOG_PAGE_MOST})
    everything = fits("match_log", whole.content)
    assert [e["seq"] for e in everything["entries"]] == list(range(7)) and everything["next"] is None
    pages, since = [], 0
    while since is not None:
        page = fits("match_log", client.get(f"/api/matches/{match}/log?since={since}&limit=3").content)
        assert len(page["entries"]) <= 3
        pages += page["entries"]
        since = page["next"]
    assert pages == everything["entries"]
    monkeypatch.setattr(app_module, "LOG_PAGE", 2)
    first = client.get(f"/api/matches/{match}/log").json()
    assert [e["seq"] for e in first["entries"]] == [0, 1] and first["next"] == 2
    assert client.get(f"/api/matches/{match}/log?since=7").json() == {
        "match": match,
        "entries": [],
        "next": None,
    }
    for query, said in (
        (f"limit={LOG_PAGE_MOST + 1}", "limit:"),
        ("limit=0", "limit:"),
        ("since=8", "since:"),
        ("since=-1", "since:"),
    ):
        body = refused(client.get(f"/api/matches/{match}/log?{query}"), 400, "malformed")
        assert body["message"].startswith(said), body


# --------------------------------------------------------------------------- reloading, a slice at a time


def _reloaded(db: Path, match: str, meanwhile: Entry | None = None) -> tuple[Match, list[str]]:
    """The match loaded from the store by a registry of its own while other work runs on the
    event loop (and ``meanwhile`` is stored as the replay reaches its third entry): the match,
    and the order in which the replay and the other work ran."""
    order: list[str] = []

    async def load() -> Match:
        store = SQLiteStore(db)
        loaded = False

        async def other() -> None:
            while not loaded:
                order.append("other")
                await asyncio.sleep(0)

        def spy(self: Match, entry: Entry) -> None:
            order.append(f"replay {entry.seq}")
            if meanwhile is not None and entry.seq == 2:
                stored.append(asyncio.ensure_future(store.append(match, meanwhile, over=False)))
            replay(self, entry)

        stored: list[asyncio.Future[bool]] = []
        replay = Match.replay
        Match.replay = spy  # type: ignore[method-assign]
        try:
            running = asyncio.ensure_future(other())
            async with Registry(store).using(match) as found:
                loaded = True
            await running
            assert all([await append for append in stored])
            return found
        finally:
            Match.replay = replay  # type: ignore[method-assign]
            await store.close()

    return asyncio.run(load()), order


def test_a_long_match_is_reloaded_a_slice_at_a_time_and_other_work_runs_between(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _played(db, 6)
    monkeypatch.setattr(registry_module, "REPLAY_SLICE", 2)
    found, order = _reloaded(db, match)
    assert found.seq == 6
    assert "other" in order[order.index("replay 0") : order.index("replay 5")], order


def test_a_reload_waits_after_each_slice_so_that_it_takes_at_most_half_of_the_loop(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _played(db, 6)
    monkeypatch.setattr(registry_module, "REPLAY_SLICE", 2)
    waits: list[float] = []
    sleep = asyncio.sleep

    async def waited(delay: float) -> None:
        waits.append(delay)
        await sleep(0)

    monkeypatch.setattr(asyncio, "sleep", waited)
    assert _loaded(SQLiteStore(db), match).seq == 6
    assert len(waits) == 3 and min(waits) > 0, waits


def test_an_entry_stored_while_a_match_is_reloaded_is_read_last(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stored by another process while this one replays: nobody tells this one of it (it
    follows no such match yet), so the load reads it once the replay is done."""
    match = _played(db, 6)
    monkeypatch.setattr(registry_module, "REPLAY_SLICE", 2)
    before, _ = _reloaded(db, match)
    kind, data = entry_data(before.game, SeatChanged(LEAVE, 0))
    left = Entry(6, kind, data, before.game.digest(before.state), time.time())
    after, _ = _reloaded(db, match, meanwhile=left)
    assert after.seq == 7 and after.seats[0].kind == "away"


def _played(db: Path, moves: int) -> str:
    """A new match of the store at ``db`` with ``moves`` moves played: its id."""
    with TestClient(create_app(SQLiteStore(db))) as client:
        made = create(client)
        _play(client, made["match"], {0: token(made, 0), 1: token(made, 1)}, moves)
    match: str = made["match"]
    return match


def _loaded(store: SQLiteStore, match: str) -> Match:
    """``match`` as a registry of its own loads it from ``store`` (closed after)."""

    async def load() -> Match:
        try:
            async with Registry(store).using(match) as found:
                return found
        finally:
            await store.close()

    return asyncio.run(load())


class _Counting(SQLiteStore):
    """A SQLite store that counts the most entries it read at once."""

    most = 0

    async def load(self, match: str, limit: int | None = None) -> StoredMatch | None:
        loaded = await super().load(match, limit)
        self.most = max(self.most, 0 if loaded is None else len(loaded.entries))
        return loaded

    async def entries(self, match: str, since: int, limit: int | None = None) -> tuple[Entry, ...]:
        read = await super().entries(match, since, limit)
        self.most = max(self.most, len(read))
        return read


def test_a_long_match_is_read_from_the_store_a_page_at_a_time(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading its 5,000 entries at once kept every other request waiting for 16 to 23 ms."""
    match = _played(db, 7)
    monkeypatch.setattr(registry_module, "LOAD_PAGE", 3, raising=False)
    store = _Counting(db)
    assert (_loaded(store, match).seq, store.most) == (7, 3)


def test_a_position_s_digest_is_worked_out_once_however_many_seat_changes_keep_it(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stored and replayed: a leave or a return moves nothing, and reaches the digest of the
    position before it (working it out again was more than half of replaying a long match)."""
    worked_out: list[object] = []
    digest = LibraryGame.digest

    def counted(self: LibraryGame[Any, Any, Any, Any, Any], state: object) -> str:
        worked_out.append(state)
        return digest(self, state)

    monkeypatch.setattr(LibraryGame, "digest", counted)
    with TestClient(create_app(SQLiteStore(db))) as client:
        made = create(client)
        assert seat_view(client, made["match"])["to_act"] == [0]
        for change in ("leave", "return") * 3:  # seat 1, not to act: the stand-in never moves
            assert (
                _post(client, f"/api/matches/{made['match']}/seats/1/{change}", token(made, 1)).status_code
                == 200
            )
    stored = len(worked_out)
    worked_out.clear()
    assert _loaded(SQLiteStore(db), made["match"]).seq == 6
    assert (stored, len(worked_out)) == (1, 1)


def test_a_long_match_whose_last_entries_are_lost_is_damaged_though_read_a_page_at_a_time(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _played(db, 7)
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM entries WHERE match = ? AND seq >= 5", (match,))
    monkeypatch.setattr(registry_module, "LOAD_PAGE", 2)
    with TestClient(create_app(SQLiteStore(db))) as client:
        answer = client.get(f"/api/matches/{match}")
    assert answer.status_code == 410 and (answer.json()["error"], answer.json()["seq"]) == ("damaged", 5)


# --------------------------------------------------------------------------- damaged, or failing


@pytest.mark.parametrize(
    ("column", "value"),
    [("settings", '{"clock": 5}'), ("seats", "[[0]]"), ("config", '{"players": "two"}')],
)
def test_a_match_whose_rows_no_server_wrote_is_damaged_for_good(db: Path, column: str, value: str) -> None:
    """Its settings, seats or options unreadable: ``410 damaged`` with its id (no seq: nothing
    was replayed), never the ``503`` of a store that fails now, which a client retries."""
    with TestClient(create_app(SQLiteStore(db))) as client:
        match = create(client)["match"]
    with sqlite3.connect(db) as connection:
        connection.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match))
    with TestClient(create_app(SQLiteStore(db))) as client:
        for path in ("", "/view", "/log"):
            answer = client.get(f"/api/matches/{match}{path}")
            body = refused(answer, 410, "damaged")
            fits("error", answer.content)
            assert body["match"] == match and "seq" not in body and "retry-after" not in answer.headers
        assert client.get(f"/api/matches?ids={match}").json() == {"matches": []}


# --------------------------------------------------------------------------- options within their ranges


def test_every_numeric_option_of_every_game_has_a_range() -> None:
    for name in names():
        for option, schema in game(name).options_schema()["properties"].items():  # type: ignore[attr-defined]
            for branch in [schema, *schema.get("oneOf", ()), *schema.get("anyOf", ())]:
                types = branch.get("type", ())
                if {"integer", "number"} & set([types] if isinstance(types, str) else types):
                    assert "minimum" in branch and "maximum" in branch, (name, option, branch)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"max_rounds": 10**9}, "max_rounds: expected a number from 1 to 100, found 1000000000"),
        ({"max_rounds": 0}, "max_rounds: expected a number from 1 to 100, found 0"),
        ({"start_player": 4}, "start_player: expected a number from 0 to 3, found 4"),
    ],
)
def test_an_option_out_of_its_range_is_refused_naming_it(
    client: TestClient, options: dict[str, object], said: str
) -> None:
    answer = client.post(
        "/api/matches", json={"game": "stone-age", "players": 4, "seats": ["human"] * 4, **options}
    )
    assert refused(answer, 400, "malformed")["message"] == said
    made = create(client, game="stone-age", max_rounds=100)
    assert client.get(f"/api/matches/{made['match']}").json()["max_rounds"] == 100


# --------------------------------------------------------------------------- clocks


def test_a_seat_that_returns_has_its_30_seconds_whatever_its_bank(client: TestClient) -> None:
    made = create(client, seats=["human", "human"], clock={"bank": 0.3, "increment": 0})
    match = made["match"]
    seat = seat_view(client, match)["to_act"][0]
    mine = token(made, seat)
    deadline = 200
    while seat_view(client, match)["seats"][seat]["kind"] != "away":  # timed out
        deadline -= 1
        assert deadline, "the seat never timed out"
        threading.Event().wait(0.05)
    assert _post(client, f"/api/matches/{match}/seats/{seat}/return", mine).status_code == 200
    left = seat_view(client, match, mine)["clock"]["left"][seat]
    assert RETURN_BANK - 5 < left <= RETURN_BANK


def test_a_bot_s_seat_has_no_clock_on_the_wire(client: TestClient) -> None:
    made = create(client, seats=["human", "greedy", "human"], players=3, clock={"bank": 60, "increment": 0})
    match = made["match"]
    assert _post(client, f"/api/matches/{match}/seats/2/leave", token(made, 2)).status_code == 200
    answer = client.get(f"/api/matches/{match}/view", headers=bearer(token(made, 0)))
    left = fits("seat_view", answer.content)["clock"]["left"]
    assert left[1] is None and all(
        isinstance(left[seat], float | int) for seat in (0, 2)
    )  # an away person's too


# --------------------------------------------------------------------------- a chosen seed


def test_every_seat_s_view_says_whether_the_seed_was_chosen(client: TestClient) -> None:
    chosen = create(client, seed=5)
    drawn = client.post("/api/matches", json={"players": 2, "seats": ["human", "human"]}).json()
    for made, said in ((chosen, True), (drawn, False)):
        match = made["match"]
        for seat_token in (None, token(made, 0), token(made, 1)):
            assert seat_view(client, match, seat_token)["seed_chosen"] is said
        with client.websocket_connect(f"/api/matches/{match}/updates?token={token(made, 1)}") as socket:
            assert socket.receive_json()["seed_chosen"] is said
