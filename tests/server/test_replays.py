"""Replays at the table (``docs/server.md``, "Replays"): a match at any of its entries, and a
record posted, as one seat, the spectator or the whole table saw it, against the game played
beside it through the game interface; every answer fits its schema as sent.

Hidden information stays hidden until the game is decided: the whole position and another
seat's view are ``403`` before (the leak property, ``test_leak``, also asks for replays); a
match whose stored entries do not replay is ``410 damaged``, never shown at an earlier point.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardtable.games import AnyGame, game
from boardtable.server import replays
from boardtable.server.app import create_app
from boardtable.server.limits import Bounds
from boardtable.server.match import MAX_ENTRIES
from boardtable.server.registry import replayed
from boardtable.server.replays import MAX_RECORD
from boardtable.server.sqlite import SQLiteStore

from .serving import answer_kind, bearer, create, fits, refused, stored_moves, svg, token, validator

GAMES = ("hadara", "stone-age")
#: Moves played in each match.
MOVES = 6
SEED = 11
#: Who a replay may be asked for: the spectator, each seat, the whole table.
EYES: tuple[int | str | None, ...] = (None, 0, 1, "all")


def _sent(answer: Any, method: str, path: str, name: str) -> dict[str, Any]:
    """A 200 answer, fitting the schema of its route (and its position the game's own)."""
    assert answer.status_code == 200, answer.text
    kind = answer_kind(method, path, 200)
    assert kind == "replay"
    body: dict[str, Any] = fits(kind, answer.content)
    assert not list(validator("game_state", name).iter_errors(body["position"]))
    assert "Traceback" not in answer.text
    return body


class _Played:
    """A match of two persons playing each seat's first legal move, and beside it the same game
    through the game interface: the position after each move, with its events."""

    def __init__(self, client: TestClient, name: str, moves: int = MOVES) -> None:
        self.client, self.name, self.played = client, name, game(name)
        created = create(client, game=name, seed=SEED)
        self.match, self.tokens = created["match"], [token(created, seat) for seat in (0, 1)]
        played = self.played
        self.options = played.read_options({}, 2, SEED)
        state = played.new(self.options)
        self.states: list[Any] = [state]
        self.events: list[tuple[object, ...]] = [()]
        self.moves: list[Any] = []
        for seq in range(moves):
            seat = played.to_act(state)[0]
            move = played.legal_entry(played.legal(played.view(state, seat), seat)[0])["move"]
            answer = client.post(
                f"/api/matches/{self.match}/moves",
                headers=bearer(self.tokens[seat]),
                json={"seq": seq, "move": move},
            )
            assert answer.status_code == 200, answer.text
            self.moves.append(played.read_move(move))
            state, events = played.play(state, self.moves[-1])
            self.states.append(state)
            self.events.append(events)

    def replay(self, at: int | None = None, seat: int | str | None = None, by: int | None = None) -> Any:
        return self.asked("replay", at, seat, by)

    def asked(self, route: str, at: int | None, seat: int | str | None, by: int | None) -> Any:
        """``GET …/ROUTE`` (``replay`` or ``picture``) at ``at`` as ``seat``, with ``by``'s token
        (none: without one)."""
        params: dict[str, object] = {}
        if at is not None:
            params["at"] = at
        if seat is not None:
            params["seat"] = seat
        headers = {} if by is None else bearer(self.tokens[by])
        return self.client.get(f"/api/matches/{self.match}/{route}", params=params, headers=headers)

    def told(self, at: int, seat: int | None, whole: bool = False) -> list[dict[str, object]]:
        """The events of entry ``at`` as ``seat`` saw them (a move's: entry n is move n)."""
        played, state = self.played, self.states[at + 1]
        events = self.events[at + 1]
        seen = events if whole else played.events_seen(events, seat, state)
        return [{"seq": at, "ply": at, **played.event_data(event)} for event in seen]


@pytest.mark.parametrize("name", GAMES)
def test_a_match_replays_at_each_entry_as_the_spectator_and_as_each_seat_with_its_token(
    client: TestClient, name: str
) -> None:
    """Each entry's position is the game's view of it, for the spectator and each seat; its
    events those the seat was told; its entry the log's; the default point is the last entry."""
    match = _Played(client, name)
    played = match.played
    log = client.get(f"/api/matches/{match.match}/log").json()["entries"]
    path = f"/api/matches/{match.match}/replay"
    for at in range(MOVES):
        state = match.states[at + 1]
        for seat in (None, 0, 1):
            body = _sent(match.replay(at, seat, seat), "GET", path, name)
            assert body["position"] == played.position_data(played.view(state, seat))
            assert body["events"] == match.told(at, seat)
            assert (body["match"], body["game"], body["at"], body["last"]) == (
                match.match,
                name,
                at,
                MOVES - 1,
            )
            assert (body["seat"], body["ply"], body["over"]) == (seat, at + 1, False)
            assert body["to_act"] == list(played.to_act(state))
            assert body["entry"] == log[at]
    last = _sent(match.replay(), "GET", path, name)
    assert last["at"] == MOVES - 1 and last["position"] == played.position_data(
        played.view(match.states[-1], None)
    )


@pytest.mark.parametrize("name", GAMES)
def test_before_the_end_a_replay_shows_no_more_than_the_seat_s_view(
    client: TestClient, db: Path, name: str
) -> None:
    """The whole position, and another seat's view, are refused until the game is decided,
    with a token or without; a bad point or seat is malformed; nothing is stored."""
    match = _Played(client, name, moves=2)
    stored = stored_moves(db)
    hidden: tuple[tuple[int | str, int | None], ...] = (
        ("all", None),
        ("all", 0),
        ("all", 1),
        (1, None),
        (1, 0),
        (0, 1),
    )
    for seat, by in hidden:
        body = refused(match.replay(1, seat, by), 403, "forbidden")
        assert fits("error", json.dumps(body))
    bad: tuple[dict[str, str], ...] = (
        {"at": "2"},
        {"at": "-1"},
        {"at": "x"},
        {"at": "1", "seat": "2"},
        {"at": "1", "seat": "All"},
        {"at": "1", "seat": "0x"},
    )
    for params in bad:
        refused(
            client.get(f"/api/matches/{match.match}/replay", params=params),
            400,
            "malformed",
        )
    wrong = client.get(f"/api/matches/{match.match}/replay", headers=bearer("not-a-token"))
    refused(wrong, 403, "forbidden")
    refused(client.get(f"/api/matches/{match.match}/replay?token={match.tokens[0]}"), 400, "malformed")
    refused(client.get("/api/matches/nothere/replay"), 404, "not_found")
    fresh = create(client, game=name)["match"]  # no entry yet: nothing to replay
    refused(client.get(f"/api/matches/{fresh}/replay"), 400, "malformed")
    assert stored_moves(Path(client.app.state.registry.store.path)) == stored  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_once_a_seat_resigned_anyone_replays_every_seat_and_the_whole_table(
    client: TestClient, name: str
) -> None:
    """A decided match: every seat's view and the whole position at any entry, without a token;
    its last entry, the resignation, tells its notice."""
    match = _Played(client, name, moves=3)
    resigned = client.post(
        f"/api/matches/{match.match}/seats/0/resign", headers=bearer(match.tokens[0]), json={"seq": 3}
    )
    assert resigned.status_code == 200, resigned.text
    played, path = match.played, f"/api/matches/{match.match}/replay"
    body = _sent(match.replay(1, "all"), "GET", path, name)
    assert body["position"] == played.position_data(match.states[2]) and body["seat"] == "all"
    assert body["events"] == match.told(1, None, whole=True)
    body = _sent(match.replay(1, 1), "GET", path, name)
    assert body["position"] == played.position_data(played.view(match.states[2], 1))
    end = _sent(match.replay(seat="all"), "GET", path, name)
    assert (end["at"], end["over"], end["to_act"], end["entry"]["kind"]) == (3, True, [], "resign")
    assert [event["type"] for event in end["events"]] == ["resigned"]


def test_stepping_forward_replays_one_entry_a_step(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay goes on from the point the match was replayed at last, where that stands at or
    before the one asked for; one before it is replayed from the start; the last entry is the
    match as it stands. Each shows what the game says (``test_a_match_replays_…``)."""
    match = _Played(client, "hadara")
    counted: list[int] = []

    async def counting(then: object, entries: tuple[object, ...]) -> None:
        counted.append(len(entries))
        await replayed(then, entries)  # type: ignore[arg-type]

    monkeypatch.setattr(replays, "replayed", counting)
    played = match.played
    for at in (1, 2, 2, 4, 0, 1, MOVES - 1):
        body = match.replay(at, "0", 0).json()
        assert body["position"] == played.position_data(played.view(match.states[at + 1], 0))
    assert counted == [2, 1, 0, 2, 1, 1]


@pytest.mark.parametrize("route", ["replay", "picture"])
def test_a_damaged_match_is_not_replayed_at_an_earlier_point(tmp_path: Path, route: str) -> None:
    """Nor drawn there: its replay and its picture at any point, the last too, are ``410``."""
    db = tmp_path / "matches.sqlite"
    with TestClient(create_app(SQLiteStore(db))) as client:
        match = _Played(client, "hadara", moves=3).match
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE entries SET digest = 'tampered' WHERE match = ? AND seq = 2", (match,))
    with TestClient(create_app(SQLiteStore(db))) as client:
        for params in ({"at": "0"}, {"at": "1"}, {"at": "2"}, {}):
            body = refused(client.get(f"/api/matches/{match}/{route}", params=params), 410, "damaged")
            assert (body["match"], body["seq"]) == (match, 2)
            fits("error", json.dumps(body))


# --------------------------------------------------------------------------- a record posted


def _post(client: TestClient, name: str, record: str | bytes, **params: object) -> Any:
    content = record.encode() if isinstance(record, str) else record
    return client.post(
        f"/api/games/{name}/replay",
        params=params,
        content=content,
        headers={"content-type": "application/json"},
    )


def _record(played: AnyGame, match: _Played, moves: int) -> str:
    """The record of the match's first ``moves`` moves, unfinished."""
    return played.record(match.options, match.moves[:moves], match.states[moves], ["a", "b"], "test")


@pytest.mark.parametrize("name", GAMES)
def test_a_record_posted_replays_as_the_match_it_came_from(client: TestClient, db: Path, name: str) -> None:
    """A resigned match's record (as ``GET …/record`` gives it) replays to the match's positions,
    for every eye; ``at`` counts moves (0: the start); nothing is stored."""
    match = _Played(client, name, moves=4)
    client.post(
        f"/api/matches/{match.match}/seats/1/resign", headers=bearer(match.tokens[1]), json={"seq": 4}
    )
    record = client.get(f"/api/matches/{match.match}/record").text
    stored = stored_moves(db)
    played, path = match.played, f"/api/games/{name}/replay"
    for at in range(5):
        for seat in EYES:
            body = _sent(
                _post(client, name, record, at=at, **({} if seat is None else {"seat": seat})),
                "POST",
                path,
                name,
            )
            one = None if isinstance(seat, str) else seat
            seen = match.states[at] if seat == "all" else played.view(match.states[at], one)
            assert body["position"] == played.position_data(seen)
            assert (body["match"], body["at"], body["last"], body["entry"], body["ply"]) == (
                None,
                at,
                4,
                None,
                at,
            )
            assert body["events"] == ([] if at == 0 else match.told(at - 1, one, seat == "all"))
    assert _sent(_post(client, name, record), "POST", path, name)["over"] is True
    assert stored_moves(Path(client.app.state.registry.store.path)) == stored  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_an_unfinished_record_shows_each_seat_but_not_the_whole_table(client: TestClient, name: str) -> None:
    match = _Played(client, name, moves=3)
    record = _record(match.played, match, 3)
    body = _sent(_post(client, name, record, seat=1), "POST", f"/api/games/{name}/replay", name)
    assert body["over"] is False and body["at"] == 3
    fits("error", json.dumps(refused(_post(client, name, record, seat="all"), 403, "forbidden")))


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_record_is_refused_in_one_line_and_nothing_is_stored(
    client: TestClient, db: Path, name: str
) -> None:
    """Not a record, another game's, a move the rules refuse, too many moves, too large, a bad
    point: the contract's error, nothing stored."""
    match = _Played(client, name, moves=3)
    played = match.played
    record = json.loads(_record(played, match, 3))
    other = next(g for g in GAMES if g != name)
    illegal = json.loads(json.dumps(record))
    illegal["data"]["moves"][1] = illegal["data"]["moves"][0]  # the same seat again, or the same choice
    many = json.loads(json.dumps(record))
    many["data"]["moves"] = record["data"]["moves"] * (MAX_ENTRIES // 3 + 1)
    for body, status, kind in (
        ("not json", 422, "bad_record"),
        ("{}", 422, "bad_record"),
        (json.dumps(illegal), 422, "bad_record"),
        (json.dumps(many), 422, "bad_record"),
        (b"\xff\xfe", 400, "malformed"),
        (b"[" * (MAX_RECORD + 1), 413, "too_large"),
    ):
        fits("error", json.dumps(refused(_post(client, name, body), status, kind)))
    other_record = _post(client, other, json.dumps(record))
    refused(other_record, 422, "bad_record")
    refused(_post(client, name, json.dumps(record), at=4), 400, "malformed")
    refused(_post(client, name, json.dumps(record), seat=2), 400, "malformed")
    refused(_post(client, "chess", json.dumps(record)), 404, "not_found")
    plain = client.post(
        f"/api/games/{name}/replay", content=json.dumps(record), headers={"content-type": "text/plain"}
    )
    refused(plain, 415, "unsupported_media_type")
    assert stored_moves(Path(client.app.state.registry.store.path)) == 3  # type: ignore[attr-defined]


def test_replays_are_paced_per_address(tmp_path: Path) -> None:
    """Past the bound, ``429 too_many`` with ``retry_after`` and ``Retry-After``: for a match's
    replays and a record's alike (one bucket with the analyses)."""
    with TestClient(
        create_app(SQLiteStore(tmp_path / "m.sqlite"), bounds=Bounds(analysis_per_minute=2))
    ) as client:
        match = _Played(client, "hadara", moves=1)
        assert match.replay().status_code == 200
        assert _post(client, "hadara", _record(match.played, match, 1)).status_code == 200
        for answer in (match.replay(), _post(client, "hadara", "{}")):
            body = refused(answer, 429, "too_many")
            assert body["retry_after"] == int(answer.headers["retry-after"]) >= 1
            fits("error", answer.content)


# --------------------------------------------------------------------------- a point's picture


def _picture(
    match: _Played, at: int | None = None, seat: int | str | None = None, by: int | None = None
) -> Any:
    return match.asked("picture", at, seat, by)


@pytest.mark.parametrize("name", GAMES)
def test_a_point_s_picture_is_the_game_s_picture_of_the_replay_s_view(client: TestClient, name: str) -> None:
    """At each entry, as the spectator and as each seat: the game's picture of the very view the
    replay answers; without ``seat``, the token's seat (the spectator without one), as the live
    picture; without ``at`` or ``seat``, the live picture as it always was."""
    match = _Played(client, name)
    played = match.played
    for at in range(MOVES):
        state = match.states[at + 1]
        for seat in (None, 0, 1):
            drawn = played.picture(played.view(state, seat))
            assert svg(_picture(match, at, seat, seat)) == drawn
            assert svg(_picture(match, at, by=seat)) == drawn
            replay = match.replay(at, seat, seat).json()
            assert replay["position"] == played.position_data(played.view(state, seat))
    for by in (None, 0, 1):
        live = svg(_picture(match, by=by))
        assert live == played.picture(played.view(match.states[-1], by))
        assert svg(_picture(match, MOVES - 1, by=by)) == live
        assert svg(_picture(match, seat=by, by=by)) == live


@pytest.mark.parametrize("name", GAMES)
def test_before_the_end_a_picture_shows_no_more_than_the_seat_s_view(
    client: TestClient, db: Path, name: str
) -> None:
    """The replay's rules: the whole table and another seat's view are ``403`` until the game is
    decided; a bad point or seat is ``400``, an unknown match ``404``; nothing is stored."""
    match = _Played(client, name, moves=2)
    stored = stored_moves(db)
    for seat, by in (("all", None), ("all", 0), (1, None), (1, 0), (0, 1)):
        for at in (0, 1, None):
            fits("error", json.dumps(refused(_picture(match, at, seat, by), 403, "forbidden")))
    for params in ({"at": "2"}, {"at": "-1"}, {"at": "x"}, {"at": "1", "seat": "2"}, {"seat": "All"}):
        answer = client.get(f"/api/matches/{match.match}/picture", params=params)
        fits("error", json.dumps(refused(answer, 400, "malformed")))
    refused(client.get(f"/api/matches/{match.match}/picture?at=0&token={match.tokens[0]}"), 400, "malformed")
    refused(client.get("/api/matches/nothere/picture", params={"at": "0"}), 404, "not_found")
    fresh = create(client, game=name)["match"]
    refused(client.get(f"/api/matches/{fresh}/picture", params={"at": "0"}), 400, "malformed")
    assert svg(client.get(f"/api/matches/{fresh}/picture"))  # the live picture has no point to ask for
    assert stored_moves(db) == stored


@pytest.mark.parametrize("name", GAMES)
def test_once_a_seat_resigned_anyone_sees_a_point_s_picture_whole(client: TestClient, name: str) -> None:
    match = _Played(client, name, moves=3)
    resigned = client.post(
        f"/api/matches/{match.match}/seats/0/resign", headers=bearer(match.tokens[0]), json={"seq": 3}
    )
    assert resigned.status_code == 200, resigned.text
    played = match.played
    for at in range(3):
        state = match.states[at + 1]
        assert svg(_picture(match, at, "all")) == played.picture(state)
        assert svg(_picture(match, at, 1)) == played.picture(played.view(state, 1))
    assert svg(_picture(match, seat="all")) == played.picture(match.states[-1])


def test_a_point_s_picture_is_drawn_once_and_kept(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture asked for again is the same bytes, neither replayed nor drawn again; the picture
    after the last entry is the live picture, kept once for both."""
    match = _Played(client, "hadara")
    played = match.played
    drawn: list[object] = []
    counted: list[int] = []
    picture = type(played).picture

    def drawing(self: AnyGame, view: object) -> str:
        drawn.append(view)
        return picture(self, view)

    async def counting(then: object, entries: tuple[object, ...]) -> None:
        counted.append(len(entries))
        await replayed(then, entries)  # type: ignore[arg-type]

    monkeypatch.setattr(type(played), "picture", drawing)
    monkeypatch.setattr(replays, "replayed", counting)
    first = svg(_picture(match, 2, "0", 0))
    assert (len(drawn), counted) == (1, [3])
    assert svg(_picture(match, 2, "0", 0)) == first and svg(_picture(match, 2, by=0)) == first
    assert (len(drawn), counted) == (1, [3])
    live = svg(_picture(match, by=1))
    assert svg(_picture(match, MOVES - 1, 1, 1)) == live
    assert (len(drawn), counted) == (2, [3])


def test_a_point_s_picture_is_paced_with_the_replays(tmp_path: Path) -> None:
    """With ``at``, a picture takes from the analyses' and replays' bucket; the live one does not."""
    with TestClient(
        create_app(SQLiteStore(tmp_path / "m.sqlite"), bounds=Bounds(analysis_per_minute=2))
    ) as client:
        match = _Played(client, "hadara", moves=1)
        assert match.replay().status_code == 200
        assert _picture(match, 0).status_code == 200
        answer = _picture(match, 0)
        body = refused(answer, 429, "too_many")
        assert body["retry_after"] == int(answer.headers["retry-after"]) >= 1
        fits("error", answer.content)
        refused(match.replay(), 429, "too_many")
        assert [_picture(match, by=0).status_code for _ in range(3)] == [200, 200, 200]
