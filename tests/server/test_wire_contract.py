"""What a client written from the docs alone must not have to guess: every kind of seat a
game's match may have, with what it is; every error body the server can send, against the
error schema; a move inside its document's envelope; one shape of a rule for every game; and
the order in which a move's refusals are checked (``docs/server.md``)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.testclient import TestClient

from boardtable.documents import SCHEMA_VERSION
from boardtable.games import game, names
from boardtable.server import app as server_app
from boardtable.server import framing
from boardtable.server import match as match_module
from boardtable.server.analysis import Unreadable
from boardtable.server.app import create_app
from boardtable.server.bodies import Malformed, new_match
from boardtable.server.limits import Bounds
from boardtable.server.match import END_REFUSALS, TAKE_BACK_REFUSALS
from boardtable.server.referee import Illegal, Refused, Stale, TooFast
from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import Damaged, StoreError
from boardtable.wire_schemas import ERROR_KINDS, TAKE_BACK_REASONS
from hadara_rules._rulebook import rules as hadara_rules
from imperial_settlers_rules.rulebook import rules as imperial_settlers_rules
from stone_age_rules.rulebook import rules as stone_age_rules

from .serving import answer_kind, bearer, create, fits, refused, seat_view, token, validator

# --------------------------------------------------------------------------- the kinds of seat


def test_the_games_list_every_kind_of_seat_with_what_it_is(tmp_path: Path) -> None:
    """Each game's entry lists human, open, away, its bots and the operator's engines, each once
    with a line saying what it is; every kind but away is one a new match may ask for, and the
    server takes exactly those."""
    app = create_app(SQLiteStore(tmp_path / "kinds.sqlite"), engines={"mine": "hadara engine greedy"})
    with TestClient(app) as client:
        listed = fits("games", client.get("/api/games").content)["games"]
    assert [entry["game"] for entry in listed] == list(names())
    for entry in listed:
        played = game(entry["game"])
        kinds = {kind["kind"]: kind for kind in entry["kinds"]}
        assert len(kinds) == len(entry["kinds"])
        assert list(kinds) == ["human", "open", "away", *played.bot_names(), "mine"]
        for kind in kinds.values():
            assert kind["description"].strip() and "\n" not in kind["description"], kind
        assert "stand-in" in kinds["away"]["description"]
        assert "away" in kinds[played.stand_in]["description"]
        assert "--engine" in kinds["mine"]["description"]
        for name, kind in kinds.items():
            request = {"game": played.name, "players": played.seats[0], "seats": [name] * played.seats[0]}
            if kind["requestable"]:
                new_match(request, ("mine",))
            else:
                with pytest.raises(Malformed, match="is no kind of seat"):
                    new_match(request, ("mine",))


# --------------------------------------------------------------------------- every error body

#: The server's modules that answer errors.
SERVER = Path(server_app.__file__).parent
#: A kind of error as the server's modules write it: ``_error(STATUS, "kind", …)``,
#: ``_answer(STATUS, ["Reason",] "kind", …)``, ``Refused(STATUS, "kind", …)``.
_SENT = re.compile(r'\b(?:_error|_answer|Refused)\((?:[^()"]|"[^"]*")*?"([a-z_]+)"')


def _kinds_sent() -> set[str]:
    """Every kind of error the server's modules answer with."""
    found = {name for _, _, name in server_app._REFUSALS} | set(server_app._HTTP_KINDS.values())
    found |= {kind for _, kind, _ in END_REFUSALS.values()}
    for module in ("app.py", "guard.py", "framing.py", "referee.py", "replays.py", "analysis.py"):
        found |= set(_SENT.findall((SERVER / module).read_text(encoding="utf-8")))
    return found


def test_the_error_schema_lists_every_kind_the_server_sends_and_no_other() -> None:
    assert _kinds_sent() == set(ERROR_KINDS)
    assert set(TAKE_BACK_REASONS) == set(TAKE_BACK_REFUSALS)


def _refusals() -> list[Exception]:
    """An instance of every refusal and failure the routes answer (the referee's with every
    kind and status it raises, a take-back's with every reason), and an unexpected error."""
    referee = (SERVER / "referee.py").read_text(encoding="utf-8")
    refused: list[Exception] = [
        Refused(int(status), kind, "refused")
        for status, kind in re.findall(r'Refused\(\s*([0-9]+),\s*"([a-z_]+)"', referee)
    ]
    refused += [
        Refused(status, "cannot_take_back", why, reason)
        for reason, (status, why) in TAKE_BACK_REFUSALS.items()
    ]
    refused += [
        Refused(status, kind, why, reason if kind == "cannot_abort" else None)
        for reason, (status, kind, why) in END_REFUSALS.items()
    ]
    illegal = []
    for name in names():
        played = game(name)
        state = played.new(played.read_options({}, played.seats[0], 1))
        waiting = next(seat for seat in range(played.seats[0]) if seat not in played.to_act(state))
        move = next(m for m in played.moves(state, played.to_act(state)[0]))
        wrong = played.read_move({**played.move_data(move), "player": waiting})
        refusal = played.refusal(state, wrong)
        assert refusal is not None
        illegal.append(Illegal(played, refusal))
    return [
        Stale(7, 5),
        *illegal,
        *refused,
        *(kind("refused") for kind, _, _ in server_app._REFUSALS),
        TooFast(12, 10),
        TooFast(3, 120, "analyses and replays from this address"),
        Refused(422, "hidden", "a view hides it"),
        Refused(422, "bad_record", "no record"),
        Unreadable("position: coins below 0", "$.data.players[1].coins", "SETUP-1"),
        Unreadable("position: not a position", "$", None),
        Damaged("abc", "entry 3 does not replay", 3),
        Damaged("abc", "its seats are unreadable"),
        StoreError("the database restarts"),
        RuntimeError("a bug"),
    ]


def test_every_refusal_the_routes_answer_fits_the_error_schema() -> None:
    """The body of every refusal the routes answer, of the router's (404, 405, and a file the
    server may not read: 500) and of malformed HTTP framing fits the error schema, with the
    fields of its kind; between them they send every kind but the guard's."""
    bodies = [asyncio.run(server_app._refused(cast(Request, None), exc)).body for exc in _refusals()]
    bodies += [
        asyncio.run(server_app._http_error(cast(Request, None), HTTPException(status))).body
        for status in (401, 404, 405)
    ]
    bodies.append(framing._MALFORMED.partition(b"\r\n\r\n")[2])
    sent = [fits("error", bytes(body)) for body in bodies]
    assert {body["error"] for body in sent} == set(ERROR_KINDS) - {"too_slow"}
    assert {body["reason"] for body in sent if body["error"] == "cannot_take_back"} == set(TAKE_BACK_REASONS)
    assert [body for body in sent if body["error"] == "internal"][-1]["message"].startswith(
        "the server failed"
    )


def test_the_guard_s_refusal_of_a_creation_fits_the_error_schema(tmp_path: Path) -> None:
    """A creation beyond the address's bucket: ``429 too_many`` with ``retry_after``, as its
    header says (the guard's ``408 too_slow``: ``test_guard``)."""
    app = create_app(SQLiteStore(tmp_path / "guard.sqlite"), bounds=Bounds(create_per_minute=1))
    with TestClient(app) as client:
        create(client)
        answer = client.post("/api/matches", json={"players": 2, "seats": ["human", "human"]})
    assert answer.status_code == 429
    body = fits("error", answer.content)
    assert body["error"] == "too_many" and body["retry_after"] == int(answer.headers["retry-after"]) >= 1


@pytest.mark.parametrize(
    "body",
    [
        {"error": "stale", "message": "m", "seq": 3},
        {"error": "illegal", "message": "m", "game": "hadara", "rule": "BUY-1", "reason": "r"},
        {"error": "cannot_take_back", "message": "m", "reason": "tired"},
        {"error": "damaged", "message": "m"},
        {"error": "too_many", "message": "m", "match": "abc"},
        {"error": "not_found", "message": "m", "seq": 3},
        {"error": "http", "message": "m"},
    ],
)
def test_the_error_schema_refuses_a_body_without_its_kind_s_fields_or_with_another_s(
    body: dict[str, object],
) -> None:
    assert not validator("error").is_valid(body)


# --------------------------------------------------------------------------- a move in its envelope


@pytest.mark.parametrize("played", ["hadara", "stone-age"])
def test_a_move_in_its_document_s_envelope_fits_the_schema_and_is_played(
    client: TestClient, played: str
) -> None:
    """A legal move's data inside a move document's envelope fits the game's move_request schema
    and is played; an envelope of another kind, of another version or without its version
    fits no schema and is refused as malformed, nothing played."""
    created = create(client, game=played)
    seat = 0
    view = seat_view(client, created["match"], token(created, seat))
    if not view["legal"]:
        seat = 1
        view = seat_view(client, created["match"], token(created, seat))
    data = view["legal"][0]["move"]
    path = f"/api/matches/{created['match']}/moves"
    for wrong in (
        {"schema_version": SCHEMA_VERSION, "kind": "event", "data": data},
        {"schema_version": SCHEMA_VERSION + 1, "kind": "move", "data": data},
        {"kind": "move", "data": data},
    ):
        request = {"seq": view["seq"], "move": wrong}
        assert not validator("move_request", played).is_valid(request)
        answer = client.post(path, json=request, headers=bearer(token(created, seat)))
        assert refused(answer, 400, "malformed")["message"].startswith("move:")
    request = {"seq": view["seq"], "move": {"schema_version": SCHEMA_VERSION, "kind": "move", "data": data}}
    fits("move_request", json.dumps(request), played)
    answer = client.post(path, json=request, headers=bearer(token(created, seat)))
    assert answer.status_code == 200, answer.text
    assert fits("seat_view", answer.content, played)["seq"] == view["seq"] + 1


# --------------------------------------------------------------------------- a rule, one shape


def test_every_rule_of_every_game_has_one_shape_with_its_citation(client: TestClient) -> None:
    """Every rule of each game's digest fits the one rule schema: its game, its name with its
    game, and its citation (Hadara's rulebook page, the other games' sources); Hadara's still
    say their page and the others' their source, as before; Hadara's are also where the
    address names no game."""
    digests = {
        "hadara": hadara_rules,
        "stone-age": stone_age_rules,
        "imperial-settlers": imperial_settlers_rules,
    }
    assert set(digests) == set(names())
    for name, rules in digests.items():
        title = game(name).title
        for rule_id in rules():
            path = f"/api/games/{name}/rules/{rule_id.lower()}"
            answer = client.get(path)
            assert answer_kind("GET", path, answer.status_code) == "rule"
            rule = fits("rule", answer.content)
            assert (rule["id"], rule["game"], rule["name"]) == (rule_id, title, f"{title} {rule_id}")
            citation = rule["citation"]
            if name == "hadara":
                assert citation["page"] == rule["page"] >= 1 and "source" not in rule
                assert citation["source"] == ("rulebook, project ruling" if rule["ruling"] else "rulebook")
                assert client.get(f"/api/rules/{rule_id}").json() == rule
            else:
                assert citation == {"source": rule["source"], "page": None} and "page" not in rule


# --------------------------------------------------------------------------- the order of a move's refusals


def _move(
    client: TestClient, match: str, seq: object, move: object, seat_token: str | None = None, **more: Any
) -> tuple[int, str]:
    """The status and kind of the answer to a move (``more``: the request's other arguments)."""
    headers = {} if seat_token is None else bearer(seat_token)
    headers.update(more.pop("headers", {}))
    answer = client.post(
        f"/api/matches/{match}/moves", json={"seq": seq, "move": move}, headers=headers, **more
    )
    return answer.status_code, answer.json().get("error", "played")


def test_a_move_wrong_in_two_ways_gets_the_answer_of_the_first_check(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/server.md's order, pair by pair: each request is wrong in two ways and gets the
    first one's answer, and the second way alone gets its own (P0 sets the wheel first)."""
    made = create(client)
    match, first, second = made["match"], token(made, 0), token(made, 1)
    cases = [
        # an unknown match, and no token
        (_move(client, "no-such-match", 0, "P0 wheel 0"), (404, "not_found")),
        (_move(client, match, 0, "P0 wheel 0"), (403, "forbidden")),
        # no token, and a malformed body
        (_move(client, match, "zero", "P0 wheel 0"), (403, "forbidden")),
        (_move(client, match, "zero", "P0 wheel 0", first), (400, "malformed")),
        # a body not declared as JSON, and malformed
        (
            _move(client, match, "zero", "P0 wheel 0", first, headers={"Content-Type": "text/plain"}),
            (415, "unsupported_media_type"),
        ),
        # a move that is no move of the game, chosen at a stale seq
        (_move(client, match, 5, "P0 nonsense", first), (400, "malformed")),
        (_move(client, match, 5, "P0 wheel 0", first), (409, "stale")),
        # another seat's move, at a stale seq
        (_move(client, match, 5, "P1 wheel 0", first), (403, "forbidden")),
        # a stale seq, and a move the rules refuse
        (_move(client, match, 5, "P0 wheel 7", first), (409, "stale")),
        (_move(client, match, 0, "P0 wheel 7", first), (422, "illegal")),
        (_move(client, match, 0, "P1 wheel 0", second), (422, "illegal")),
    ]
    # an away seat's move the rules refuse (P1 is not to act: the stand-in waits)
    assert (
        client.post(f"/api/matches/{match}/seats/1/leave", json={}, headers=bearer(second)).status_code == 200
    )
    cases.append((_move(client, match, 1, "P1 wheel 0", second), (409, "away")))
    # a full match, and a move the rules refuse
    monkeypatch.setattr(match_module, "MAX_ENTRIES", 0)
    cases.append((_move(client, match, 1, "P0 wheel 7", first), (422, "full")))
    monkeypatch.undo()
    # a match waiting for a person, at a stale seq; and with a move the rules refuse
    waiting = create(client, seats=["human", "open"])
    mine = token(waiting, 0)
    cases.append((_move(client, waiting["match"], 3, "P0 wheel 7", mine), (409, "stale")))
    cases.append((_move(client, waiting["match"], 0, "P0 wheel 7", mine), (409, "not_started")))
    for got, expected in cases:
        assert got == expected
    assert seat_view(client, match)["seq"] == 1 and seat_view(client, waiting["match"])["seq"] == 0


def test_an_abandoned_match_refuses_a_move_before_it_waits_for_a_person(tmp_path: Path) -> None:
    app = create_app(SQLiteStore(tmp_path / "old.sqlite"), bounds=Bounds(abandon_hours=1e-9))
    with TestClient(app) as client:
        waiting = create(client, seats=["human", "open"])
        assert client.portal is not None
        assert client.portal.call(app.state.sweeper.sweep) == 1
        seq = seat_view(client, waiting["match"])["seq"]
        assert _move(client, waiting["match"], seq, "P0 wheel 0", token(waiting, 0)) == (409, "abandoned")
