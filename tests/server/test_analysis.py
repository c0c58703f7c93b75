"""Analysis at the table (``docs/server.md``, "Analysis"): a position posted, its legal moves and a
move tried, against the game through the game interface; a position the game refuses is
``422 inconsistent`` with its field and rule; a view shows its own seat's moves alone; every
bad request is the contract's error; nothing is stored. Every answer fits its schema as sent,
the positions in it the game's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from starlette.testclient import TestClient

from boardtable.errors import Inconsistent
from boardtable.games import AnyGame, game
from boardtable.server.app import create_app
from boardtable.server.bodies import MAX_BODY
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore

from .serving import answer_kind, create, fits, refused, stored_moves, svg, validator

GAMES = ("hadara", "stone-age")


def _position(name: str, plies: int = 0, seed: int = 4) -> tuple[AnyGame, Any]:
    """A game and its position after ``plies`` of each first seat's first legal move."""
    played = game(name)
    state = played.new(played.read_options({}, 2, seed))
    for _ in range(plies):
        seat = played.to_act(state)[0]
        state, _ = played.play(state, played.moves(state, seat)[0])
    return played, state


def _analyse(client: TestClient, name: str, body: object) -> Any:
    return client.post(f"/api/games/{name}/analysis", json=body)


def _sent(answer: Any, name: str) -> dict[str, Any]:
    """A 200 answer fitting the analysis schema, its positions the game's own."""
    assert answer.status_code == 200, answer.text
    assert answer_kind("POST", f"/api/games/{name}/analysis", 200) == "analysis"
    body: dict[str, Any] = fits("analysis", answer.content)
    position = validator("game_state", name)
    assert not list(position.iter_errors(body["position"]))
    if body["played"] is not None:
        assert not list(position.iter_errors(body["played"]["position"]))
    move = validator("move", name)
    for entries in body["legal"].values():
        for entry in entries:
            assert not list(move.iter_errors({"schema_version": 1, "kind": "move", "data": entry["move"]}))
    return body


def _legal(played: AnyGame, state: object, seat: int) -> list[dict[str, object]]:
    entries = [played.legal_entry(option) for option in played.legal(played.view(state, seat), seat)]
    return json.loads(json.dumps(entries))  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("plies", [0, 5])
def test_a_position_s_legal_moves_are_the_seats_to_act(client: TestClient, name: str, plies: int) -> None:
    played, state = _position(name, plies)
    document = played.position_data(state)
    fits("analysis_request", json.dumps({"position": document}))
    body = _sent(_analyse(client, name, {"position": document}), name)
    to_act = list(played.to_act(state))
    assert (body["game"], body["to_act"], body["over"]) == (name, to_act, False)
    assert (body["position"], body["digest"]) == (document, played.digest(state))
    assert body["legal"] == {str(seat): _legal(played, state, seat) for seat in to_act}
    assert body["played"] is None and body["refusal"] is None
    seat = to_act[-1]
    alone = _sent(_analyse(client, name, {"position": document, "seat": seat, "move": None}), name)
    assert alone["legal"] == {str(seat): _legal(played, state, seat)}
    waiting = next(s for s in range(2) if s not in to_act) if len(to_act) < 2 else None
    if waiting is not None:
        assert _sent(_analyse(client, name, {"position": document, "seat": waiting}), name)["legal"] == {}


@pytest.mark.parametrize("name", GAMES)
def test_a_legal_move_tried_is_played_as_the_game_plays_it(client: TestClient, db: Path, name: str) -> None:
    played, state = _position(name, 3)
    seat = played.to_act(state)[0]
    entry = _legal(played, state, seat)[0]
    for given in (entry["move"], entry["notation"]):
        request = {"position": played.position_data(state), "move": given}
        fits("analysis_request", json.dumps(request))
        body = _sent(_analyse(client, name, request), name)
        after, events = played.play(state, played.read_move(entry["move"]))
        assert body["played"] == {
            "position": played.position_data(after),
            "digest": played.digest(after),
            "events": json.loads(json.dumps([played.event_data(event) for event in events])),
            "notation": entry["notation"],
        }
        assert body["refusal"] is None and body["digest"] == played.digest(state)
    assert stored_moves(db) == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_move_says_its_rule_reason_text_and_citation(client: TestClient, name: str) -> None:
    played, state = _position(name)
    seat = played.to_act(state)[0]
    waiting = next(s for s in range(2) if s not in played.to_act(state))
    move = played.read_move({**played.move_data(played.moves(state, seat)[0]), "player": waiting})
    refusal = played.refusal(state, move)
    assert refusal is not None
    rule = played.rule(refusal.rule)
    assert rule is not None
    body = _sent(
        _analyse(client, name, {"position": played.position_data(state), "move": played.move_data(move)}),
        name,
    )
    assert body["played"] is None
    assert body["refusal"] == {
        "rule": refusal.rule,
        "reason": refusal.reason,
        "rule_text": rule["text"],
        "citation": rule["citation"],
    }


def test_a_hadara_view_shows_its_own_seat_s_moves_alone(client: TestClient) -> None:
    """A seat's view (its hand hidden from the others) lists that seat's moves; another seat's,
    asked for or tried, is ``422 hidden``; so is a move of its own, which Hadara plays on no
    view (INFO-1); the spectator's view is no position Hadara reads."""
    played, state = _position("hadara", 2)
    seat = played.to_act(state)[0]
    document = played.position_data(played.view(state, seat))
    body = _sent(_analyse(client, "hadara", {"position": document}), "hadara")
    assert body["legal"] == {str(seat): _legal(played, state, seat)}
    other = 1 - seat
    asked = refused(_analyse(client, "hadara", {"position": document, "seat": other}), 422, "hidden")
    fits("error", json.dumps(asked))
    theirs = {**played.move_data(played.moves(state, seat)[0]), "player": other}
    refused(_analyse(client, "hadara", {"position": document, "move": theirs}), 422, "hidden")
    mine = body["legal"][str(seat)][0]["move"]
    refused(_analyse(client, "hadara", {"position": document, "move": mine}), 422, "hidden")
    spectator = played.position_data(played.view(state, None))
    refused(_analyse(client, "hadara", {"position": spectator}), 422, "inconsistent")


def test_a_stone_age_view_plays_what_turns_up_nothing(tmp_path: Path) -> None:
    """A Stone Age view hides only what no seat sees (the stacks, the pile, the dice to come):
    every seat's moves are listed, and a move tried is played on it unless it would turn up
    something hidden (a roll, a card): then ``422 hidden``."""
    played, state = _position("stone-age")
    app = create_app(SQLiteStore(tmp_path / "m.sqlite"), bounds=Bounds(analysis_per_minute=1_000))
    with TestClient(app) as client:
        _walk(client, played, state)


def _walk(client: TestClient, played: AnyGame, state: object) -> None:
    """Each seat to act tries its last move on its own view, 80 moves along a game."""
    outcomes = set()
    for _ in range(80):
        seat = played.to_act(state)[0]
        view = played.view(state, seat)
        document = played.position_data(view)
        body = _sent(_analyse(client, "stone-age", {"position": document}), "stone-age")
        assert body["legal"] == {str(s): _legal(played, state, s) for s in played.to_act(state)}
        move = played.moves(state, seat)[-1]
        answer = _analyse(client, "stone-age", {"position": document, "move": played.move_data(move)})
        after, _ = played.play(view, move)
        if played.reveals(view, after):
            refused(answer, 422, "hidden")
        else:
            assert _sent(answer, "stone-age")["played"]["position"] == played.position_data(after)
        outcomes.add(answer.status_code)
        state, _ = played.play(state, move)
    assert outcomes == {200, 422}


def _posted(client: TestClient, route: str, name: str, body: object) -> Any:
    """``POST /api/games/NAME/ROUTE`` (``analysis`` or ``picture``) with ``body``."""
    return client.post(f"/api/games/{name}/{route}", json=body)


#: The routes that read a position posted: an analysis and a position's picture.
ROUTES = ("analysis", "picture")


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("name", GAMES)
def test_a_position_the_game_refuses_is_inconsistent_with_its_field_and_rule(
    client: TestClient, name: str, route: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """For an analysis and a position's picture alike."""
    played, state = _position(name)
    document = played.position_data(state)
    broken = json.loads(json.dumps(document))
    broken["data"]["players"][0] = "nobody"
    body = refused(_posted(client, route, name, {"position": broken}), 422, "inconsistent")
    assert fits("error", json.dumps(body))["field"].startswith("$")
    wrongs: tuple[object, ...] = ({"kind": "game_state"}, [], "position", {**document, "kind": "move"})
    for wrong in wrongs:
        fits(
            "error",
            json.dumps(refused(_posted(client, route, name, {"position": wrong}), 422, "inconsistent")),
        )

    def inconsistent(document: object) -> object:
        raise Inconsistent("$.data.players[1].coins: below 0", "$.data.players[1].coins", "SETUP-1")

    monkeypatch.setattr(type(played), "read_position", lambda self, document: inconsistent(document))
    body = refused(_posted(client, route, name, {"position": document}), 422, "inconsistent")
    assert (body["field"], body["rule"]) == ("$.data.players[1].coins", "SETUP-1")
    assert fits("error", json.dumps(body))


#: The fields beside a position that each route refuses as malformed, beside a bad seat.
_MALFORMED: dict[str, tuple[dict[str, object], ...]] = {
    "analysis": ({"extra": 1}, {"move": "P0 fly to the moon"}, {"move": {"type": "nothing"}}),
    "picture": ({"extra": 1}, {"move": None}),
}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("name", GAMES)
def test_a_malformed_request_is_refused_in_one_line_and_nothing_is_stored(
    client: TestClient, db: Path, name: str, route: str
) -> None:
    """For an analysis and a position's picture alike."""
    played, state = _position(name)
    document = played.position_data(state)
    path = f"/api/games/{name}/{route}"
    json_type = {"content-type": "application/json"}
    wrong: tuple[dict[str, object], ...] = ({"seat": "0"}, {"seat": -1}, {"seat": 2}, *_MALFORMED[route])
    for body in (
        b"not json",
        b"[]",
        json.dumps({}).encode(),
        *(json.dumps({"position": document, **fields}).encode() for fields in wrong),
    ):
        fits(
            "error", json.dumps(refused(client.post(path, content=body, headers=json_type), 400, "malformed"))
        )
    huge = b'{"position": "' + b"x" * MAX_BODY + b'"}'
    refused(client.post(path, content=huge, headers=json_type), 413, "too_large")
    refused(
        client.post(path, content=b"{}", headers={"content-type": "text/plain"}),
        415,
        "unsupported_media_type",
    )
    refused(client.post(f"/api/games/chess/{route}", json={"position": document}), 404, "not_found")
    refused(client.get(path), 405, "method_not_allowed")
    assert stored_moves(db) == 0 and client.get("/api/matches?open=1").json()["matches"] == []


def test_analyses_are_paced_per_address(tmp_path: Path) -> None:
    """Past ``--analysis-per-minute``, ``429 too_many`` with ``retry_after`` and
    ``Retry-After``, analysed or not."""
    played, state = _position("hadara")
    request = {"position": played.position_data(state)}
    with TestClient(
        create_app(SQLiteStore(tmp_path / "m.sqlite"), bounds=Bounds(analysis_per_minute=3))
    ) as client:
        assert [_analyse(client, "hadara", request).status_code for _ in range(2)] == [200, 200]
        refused(_analyse(client, "hadara", {"position": None}), 422, "inconsistent")
        answer = _analyse(client, "hadara", request)
        body = refused(answer, 429, "too_many")
        assert body["retry_after"] == int(answer.headers["retry-after"]) >= 1
        assert "analyses and replays" in body["message"]
        fits("error", answer.content)
        assert create(client)["match"]  # a creation is another bucket


@pytest.mark.parametrize("name", GAMES)
def test_the_position_schema_is_the_game_s(client: TestClient, name: str) -> None:
    played, state = _position(name, 3)
    answer = client.get(f"/api/games/{name}/schemas/position")
    assert answer.status_code == 200
    schemas = played.commands().schemas
    assert schemas is not None and answer.json() == schemas.make("game_state")
    assert jsonschema.Draft202012Validator(answer.json()).is_valid(played.position_data(state))
    refused(client.get(f"/api/games/{name}/schemas/move"), 404, "not_found")
    refused(client.get("/api/games/chess/schemas/position"), 404, "not_found")


# --------------------------------------------------------------------------- a position's picture


def _draw(client: TestClient, name: str, body: object) -> Any:
    return _posted(client, "picture", name, body)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("plies", [0, 5])
def test_a_position_posted_is_drawn_as_the_seat_sees_it(
    client: TestClient, db: Path, name: str, plies: int
) -> None:
    """A whole position: drawn whole, or as a seat's view; a seat's view: as its own seat, and
    another seat's asked for is ``422 hidden`` where the view hides what that seat sees."""
    played, state = _position(name, plies)
    document = played.position_data(state)
    for seat in (None, 0, 1):
        request = {"position": document, "seat": seat}
        fits("picture_request", json.dumps(request))
        drawn = state if seat is None else played.view(state, seat)
        assert svg(_draw(client, name, request)) == played.picture(drawn)
    assert svg(_draw(client, name, {"position": document})) == played.picture(state)
    view = played.view(state, 1)
    mine = {"position": played.position_data(view)}
    fits("picture_request", json.dumps(mine))
    assert svg(_draw(client, name, mine)) == played.picture(view)
    assert svg(_draw(client, name, {**mine, "seat": 1})) == played.picture(view)
    other = _draw(client, name, {**mine, "seat": 0})
    if name == "hadara":  # a view that hides the other seat's hand: that seat's is not in it
        fits("error", json.dumps(refused(other, 422, "hidden")))
    else:  # a view that hides only what no seat sees: the seat's view of it
        assert svg(other) == played.picture(played.view(view, 0))
    assert stored_moves(db) == 0


def test_pictures_of_positions_are_paced_with_the_analyses(tmp_path: Path) -> None:
    played, state = _position("stone-age")
    request = {"position": played.position_data(state)}
    with TestClient(
        create_app(SQLiteStore(tmp_path / "m.sqlite"), bounds=Bounds(analysis_per_minute=2))
    ) as client:
        assert _analyse(client, "stone-age", request).status_code == 200
        assert _draw(client, "stone-age", request).status_code == 200
        answer = _draw(client, "stone-age", request)
        body = refused(answer, 429, "too_many")
        assert body["retry_after"] == int(answer.headers["retry-after"]) >= 1
        fits("error", answer.content)
        refused(_analyse(client, "stone-age", request), 429, "too_many")
