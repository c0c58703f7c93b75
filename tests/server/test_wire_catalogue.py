"""``GET /api/games`` and ``GET /api/games/GAME/catalogue``: every component as data, and a
catalogue that, read together with any seat's view, tells the seat nothing its view hides
(INFO-1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from properties.strategies import PlayedGame, hidden_from, played_games, sampled, suite_settings
from properties.test_leaks import shown_ids
from starlette.testclient import TestClient

from boardtable.games import game, names
from boardtable.server.app import create_app
from boardtable.server.sqlite import SQLiteStore
from hadara_rules import SPECTATOR, load_catalogue, player_view
from hadara_rules._rulebook import rules
from hadara_rules.view import view_catalogue

#: What a colony's front shows (COLONY-4); a tile's entry must carry none of it.
FRONT_FIELDS = {"plunder", "ally_cost", "points"}


def test_the_games_are_listed_with_their_seats_options_and_bots(client: TestClient) -> None:
    answer = client.get("/api/games")
    assert answer.status_code == 200
    listed = answer.json()["games"]
    assert [entry["game"] for entry in listed] == list(names())
    hadara = listed[0]
    assert hadara["game"] == "hadara"
    assert hadara["title"] == "Hadara"
    assert hadara["seats"] == [2, 5]
    assert hadara["options"] == game("hadara").options_schema()
    assert hadara["bots"] == ["greedy", "ismcts", "random"]


def test_an_unknown_game_has_no_catalogue(client: TestClient) -> None:
    answer = client.get("/api/games/chess/catalogue")
    assert answer.status_code == 404
    assert answer.json() == {
        "error": "not_found",
        "message": f"there is no game chess (the games are {', '.join(names())})",
    }


def test_the_catalogue_gives_every_component_as_printed(client: TestClient) -> None:
    """Every card's epoch, colour, price, track values, points and purple effect with its
    rule's text; every colony's back and every front; start cards, statues and medals; the
    digest and which numbers are provisional."""
    answer = client.get("/api/games/hadara/catalogue")
    assert answer.status_code == 200
    data = answer.json()
    bundled = load_catalogue()
    assert data["digest"] == bundled.digest
    cards = {card["id"]: card for card in data["cards"]}
    assert set(cards) == set(bundled.cards)
    for card in bundled.cards.values():
        entry = cards[card.id]
        assert (entry["epoch"], entry["color"], entry["cost"], entry["points"]) == (
            card.epoch,
            card.color.value,
            card.cost,
            card.points,
        )
        assert entry["tracks"] == {track: getattr(card, track) for track in entry["tracks"]}
        assert entry["provisional"] == (card.provenance == "provisional")
        if card.effect is None:
            assert entry["effect"] is None
        else:
            assert entry["effect"]["rule"] == card.effect
            assert entry["effect"]["text"] == rules()[card.effect].text != ""
    purple = [card for card in data["cards"] if card["effect"] is not None]
    assert purple, "the purple cards carry their effects"
    colonies = {colony["id"]: colony for colony in data["colonies"]}
    assert set(colonies) == set(bundled.colonies)
    for colony in bundled.colonies.values():
        assert colonies[colony.id]["back_points"] == colony.back_points
        assert colonies[colony.id]["back"]["food"] == colony.back.food  # type: ignore[union-attr]
    fronts = {front["id"] for front in data["colony_fronts"]}
    assert fronts == set(view_catalogue(bundled).colonies) - set(bundled.colonies)
    assert {start["id"] for start in data["start_cards"]} == set(bundled.start_cards)
    assert [statue["requirement"] for statue in data["statues"]] == [
        statue.requirement for statue in bundled.statues.values()
    ]
    assert data["medals"]["gold_price"] == list(bundled.reference.gold_price)
    assert data["provisional_reference"] == ["crest_order"]


def _entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        entry
        for value in data.values()
        if isinstance(value, list)
        for entry in value
        if isinstance(entry, dict)
    ]


def _named(entry: object, ids: set[str]) -> set[str]:
    """Every component id an entry names, at any depth."""
    if isinstance(entry, str):
        return {entry} & ids
    if isinstance(entry, dict):
        return set().union(*(_named(value, ids) for value in entry.values()))
    if isinstance(entry, list):
        return set().union(*(_named(value, ids) for value in entry))
    return set()


CATALOGUE = game("hadara").catalogue()


@suite_settings(weight=0.5, dear=True)
@given(played_games())
def test_the_catalogue_and_a_view_tell_a_seat_nothing_its_view_hides(played: PlayedGame) -> None:
    """INFO-1: at positions of random games of every number of players, for every seat and the
    spectator, no catalogue entry names a component the seat's view hides together with one
    it shows, and no hidden colony's entry carries its front's numbers: a front the seat sees
    does not single out the tile behind it."""
    bundled = view_catalogue(load_catalogue())
    every = {*bundled.cards, *bundled.colonies}
    entries = _entries(CATALOGUE)
    for state in sampled(played, every=25):
        for seat in (*range(len(state.players)), SPECTATOR):
            view = player_view(state, None if seat == SPECTATOR else seat)
            shown = shown_ids(view)
            hidden = hidden_from(state, seat) - shown
            for entry in entries:
                named = _named(entry, every)
                if named & hidden:
                    assert len(named) == 1, (seat, named)
                if named & hidden & set(bundled.colonies):
                    assert not FRONT_FIELDS & set(entry), (seat, entry["id"])
                assert not (named & shown and named & hidden), (seat, named)
            assert shown <= every | {card for card in shown if card.startswith("?")}


def test_every_game_has_a_catalogue_with_its_digest(client: TestClient) -> None:
    for name in names():
        answer = client.get(f"/api/games/{name}/catalogue")
        assert answer.status_code == 200
        assert answer.json() == json.loads(json.dumps(game(name).catalogue()))
        assert len(answer.json()["digest"]) == 64


@pytest.mark.parametrize("path", ["/api/games", "/api/games/hadara/catalogue"])
def test_the_games_and_catalogues_need_no_token(client: TestClient, path: str) -> None:
    assert client.get(path).json() == client.get(path, headers={"Authorization": "Bearer x"}).json()


def test_each_game_s_rules_are_served_by_its_name(client: TestClient) -> None:
    """Stone Age's FLOW-1 is not Hadara's: each game's digest by its name, Hadara's also where
    the address names no game (the third round's route)."""
    hadara = client.get("/api/games/hadara/rules/BUY-1").json()
    assert hadara == client.get("/api/rules/buy-1").json() and hadara["id"] == "BUY-1"
    stone = client.get("/api/games/stone-age/rules/FLOW-1")
    assert stone.status_code == 200 and stone.json()["id"].endswith("FLOW-1")
    assert stone.json() != client.get("/api/rules/FLOW-1").json()
    assert client.get("/api/games/stone-age/rules/BUY-1").status_code == 404
    assert client.get("/api/games/chess/rules/BUY-1").json()["error"] == "not_found"


def test_the_operator_s_engines_are_bots_of_every_game(tmp_path: Path) -> None:
    app = create_app(SQLiteStore(tmp_path / "engines.sqlite"), engines={"mine": "hadara engine greedy"})
    with TestClient(app) as client:
        listed = {g["game"]: g["bots"] for g in client.get("/api/games").json()["games"]}
    assert listed == {name: [*game(name).bot_names(), "mine"] for name in names()}
