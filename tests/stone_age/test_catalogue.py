"""Stone Age's catalogue (GET /api/games/stone-age/catalogue): every tile with its points,
every card, every card slot with its price, the values, and the digest a view names."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from boardtable.games import game
from stone_age_rules import (
    GameConfig,
    GameState,
    Kind,
    Location,
    RecordError,
    Resources,
    components,
    new_game,
    player_view,
)
from stone_age_rules._goods import bundles
from stone_age_rules._rules.cards import price
from stone_age_rules.catalogue import catalogue, catalogue_digest
from stone_age_rules.records import from_data
from stone_age_rules.text import building_text, card_text


def _entries(key: str) -> list[dict[str, Any]]:
    found = catalogue()[key]
    assert isinstance(found, list)
    return found


def test_the_game_s_catalogue_is_the_library_s() -> None:
    assert game("stone-age").catalogue() == catalogue()
    assert catalogue() is not catalogue() and catalogue()["digest"] == catalogue_digest()


def test_each_building_has_its_points_or_the_range_of_the_values_it_takes() -> None:
    """BUILD-2: a fixed tile scores its resources' values; BUILD-3, BUILD-4: a tile whose
    payment the builder chooses scores the values paid, from the cheapest to the dearest."""
    tiles = {entry["id"]: entry for entry in _entries("buildings")}
    assert len(tiles) == 28
    for building in components().buildings:
        entry = tiles[building.id]
        if building.fixed is not None:
            assert entry["points"] == building.fixed.value and entry["points_range"] == [entry["points"]] * 2
        else:
            taken = [
                pay.value
                for n in range(building.count[0], building.count[1] + 1)
                for pay in bundles(n, Resources(7, 7, 7, 7))
                if building.accepts(pay)
            ]
            assert entry["points"] is None and entry["points_range"] == [min(taken), max(taken)]
        assert entry["text"] == building_text(building)
    assert tiles["b18"]["points_range"] == [4 * 3, 4 * 6]  # 4 resources of 1 kind: 4 wood to 4 gold
    assert tiles["b26"]["points_range"] == [3, 7 * 6]  # 1 to 7 of any kinds: 1 wood to 7 gold


def test_each_card_slot_has_its_price_and_each_card_its_words() -> None:
    slots = [(s["slot"], s["location"], s["price"]) for s in _entries("slots")]
    assert slots == [(n, f"card{n}", price(Location(f"card{n}"))) for n in range(1, 5)]
    assert [n for _, _, n in slots] == [1, 2, 3, 4]
    assert [c["text"] for c in _entries("cards")] == [card_text(card) for card in components().cards]
    values = catalogue()["values"]
    assert values == {"food": 2, "wood": 3, "clay": 4, "stone": 5, "gold": 6}
    assert isinstance(values, dict) and [values[kind] for kind in Kind] == [3, 4, 5, 6]


def test_the_digest_is_of_the_content_with_its_keys_sorted() -> None:
    data = catalogue()
    digest = data.pop("digest")
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert digest == hashlib.sha256(canonical.encode()).hexdigest()


def test_the_bundled_digest_is_pinned() -> None:
    """Every position document names the digest; those written so far read only while it
    stays the same."""
    assert catalogue_digest() == "337ec84fc4a174e2543cb55eb1051869f7399ff5d61597a2e6eed2cb6fc491b9"


def test_every_position_document_names_the_catalogue_s_digest() -> None:
    """A view as the table sends it names the digest of the catalogue the table fetches; a
    document naming another catalogue is refused in one line; one naming none (written
    before positions named it) reads. (The position's digest leaves the name out: the pinned
    playouts keep theirs.)"""
    table = game("stone-age")
    state = new_game(GameConfig(players=2, seed=3))
    document = table.position_data(table.view(state, 0))
    data = document["data"]
    assert isinstance(data, dict)
    assert data["catalogue"] == {"source": "bundled", "digest": table.catalogue()["digest"]}
    assert from_data(document, GameState) == player_view(state, 0)
    older = {**document, "data": {key: value for key, value in data.items() if key != "catalogue"}}
    assert from_data(older, GameState) == player_view(state, 0)
    other = {**document, "data": {**data, "catalogue": {"source": "bundled", "digest": "0" * 64}}}
    with pytest.raises(
        RecordError, match=r"^\$\.data: catalogue: expected \{source: bundled, digest: [0-9a-f]{64}\}"
    ):
        from_data(other, GameState)
