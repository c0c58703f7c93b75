"""What the table's API sends of a game validates, as sent, against the game's own wire schemas
(the seat's view with its position, legal entries and events, the move posted, the catalogue),
and is the game's own answer for that seat: a match of random moves played through the server
(Starlette's test client over a SQLite file) and beside it through the game interface; and
``GET /api/games`` names the lines of the game's score sheet by its records' fields."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from server.serving import fits as fits_table
from starlette.testclient import TestClient

from boardtable.games import MAX_SEED, AnyGame, game
from boardtable.server.app import create_app
from boardtable.server.sqlite import SQLiteStore

from .support import as_sent, beside, sizes, walk

#: Moves of a match of the default run (a short game's whole match).
MOVES = 8
#: Every how many moves the views sent are checked against the schemas in the default run (a
#: Hadara view takes some 20 ms of CPU to check); each is the seat's own at every move.
EVERY = 4


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(SQLiteStore(tmp_path / "matches.sqlite"))) as test_client:
        yield test_client


@functools.cache
def validator(name: str, kind: str) -> jsonschema.Draft202012Validator:
    """The validator of one of the game's wire kinds: the schema the game ships (made where it
    ships none, as the toy)."""
    schemas = beside(game(name), "SCHEMAS", "schema")
    assert schemas is not None, (
        f"{name} publishes no schemas (SCHEMAS beside its game, or in its schema module)"
    )
    try:
        schema = json.loads(schemas.text(kind))
    except FileNotFoundError:
        schema = schemas.make(kind)
    return jsonschema.Draft202012Validator(schema)


def fits(name: str, kind: str, text: str | bytes) -> Any:
    """The body, read from the bytes sent, fitting the game's schema of ``kind``."""
    body = json.loads(text)
    errors = sorted(validator(name, kind).iter_errors(body), key=lambda error: len(error.path))
    assert not errors, f"{name} {kind}: {errors[0].json_path}: {errors[0].message[:300]}"
    return body


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _match(client: TestClient, played: AnyGame, players: int, moves: int, seed: int, every: int) -> None:
    """A match of ``players`` people playing random moves, ``moves`` of them at most; beside it,
    the same game through the interface: each view the server sends is the seat's view, its legal
    entries and the events it was told of the last move, and fits the game's schema (every
    ``every`` moves, and each seat's view at the end, the spectator's with every event)."""
    name = played.name
    rng = random.Random(seed)
    dealt = rng.randrange(MAX_SEED)
    request = {"game": name, "players": players, "seats": ["human"] * players, "seed": dealt}
    answer = client.post("/api/matches", json=request)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    state = played.new(played.read_options({}, players, dealt))
    fits(name, "catalogue", client.get(f"/api/games/{name}/catalogue").content)
    seq, events = 0, ()
    while not played.is_over(state) and played.ply(state) < moves:
        seat = rng.choice(played.to_act(state))
        got = client.get(f"/api/matches/{match}/view?since={max(0, seq - 1)}", headers=_bearer(tokens[seat]))
        checked = played.ply(state) % every == 0
        mine = fits(name, "seat_view", got.content) if checked else got.json()
        view = played.view(state, seat)
        assert mine["position"] == as_sent(played.position_data(view))
        assert mine["legal"] == as_sent([played.legal_entry(option) for option in played.legal(view, seat)])
        told = [{k: v for k, v in event.items() if k not in ("seq", "ply")} for event in mine["events"]]
        assert told == as_sent([played.event_data(e) for e in played.events_seen(events, seat, state)])
        entry = rng.choice(mine["legal"])
        posted = {"seq": mine["seq"], "move": entry["move"] if rng.random() < 0.5 else entry["notation"]}
        fits(name, "move_request", json.dumps(posted))
        answer = client.post(f"/api/matches/{match}/moves", json=posted, headers=_bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        seq = (fits(name, "seat_view", answer.content) if checked else answer.json())["seq"]
        state, events = played.play(state, played.read_move(entry["move"]))
    fits(name, "seat_view", client.get(f"/api/matches/{match}/view?since=0").content)
    for token in tokens:
        fits(name, "seat_view", client.get(f"/api/matches/{match}/view", headers=_bearer(token)).content)


def test_what_the_table_sends_of_a_match_fits_and_is_the_game_s_own(
    client: TestClient, played: AnyGame
) -> None:
    _match(client, played, played.seats[0], MOVES, 51, EVERY)


@pytest.mark.slow
def test_what_the_table_sends_of_long_matches_fits_and_is_the_game_s_own(
    client: TestClient, played: AnyGame
) -> None:
    for players in sizes(played):
        _match(client, played, players, 15 * MOVES, 52, 5 * EVERY)


def test_the_games_list_names_the_score_sheet_s_lines_by_the_fields_of_the_record_s_sheets(
    client: TestClient, played: AnyGame
) -> None:
    """``GET /api/games`` gives the game's ``score_sheet`` lines in its order, fitting the table's
    schema; in the result block of the record of a whole game each line's key is a field of every
    seat's sheet, its values those of the game's ``score_lines`` of that line's name, the total's
    the totals. A record without sheets (the toy's) leaves a table the totals alone: its game's
    one line is the total."""
    listed = fits_table("games", client.get("/api/games").content)["games"]
    lines = next(entry["score"] for entry in listed if entry["game"] == played.name)
    assert lines == [{"line": line, "name": name} for line, name in played.score_sheet()]
    game = walk(played, played.seats[0], 37, steps=None)
    final = game.states[-1]
    text = played.record(game.options, game.moves, final, [], "scored")
    sheets = json.loads(text)["data"]["result"].get("scores")
    if sheets is None:
        assert lines == [{"line": "total", "name": "total"}]
        return
    values = dict(played.score_lines(final))
    for line in lines:
        assert [sheet[line["line"]] for sheet in sheets] == list(values[line["name"]])
    assert [sheet["total"] for sheet in sheets] == list(played.totals(final))
