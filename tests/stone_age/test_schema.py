"""Stone Age's JSON Schemas: the shipped files are what the maker makes, and every document a
game writes is valid under its kind's schema while a document the reader refuses is not."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest
from helpers import undescribed

from boardtable.games import game
from stone_age_rules import GameConfig, Preview, apply_move_with_events, new_game, player_view, score
from stone_age_rules._model import BUILDINGS, LOCATIONS, SLOTS
from stone_age_rules.bots import make_bot
from stone_age_rules.previews import previews
from stone_age_rules.records import GameRecord, from_data, game_result, to_data
from stone_age_rules.schema import KINDS, make_schema, schema_text


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(schema_text(kind)))


@pytest.mark.parametrize("kind", KINDS)
def test_the_shipped_schema_is_the_one_made_and_valid(kind: str) -> None:
    shipped = json.loads(schema_text(kind))
    assert shipped == make_schema(kind), "run python -m stone_age_rules.schema"
    jsonschema.Draft202012Validator.check_schema(shipped)


def test_every_document_of_a_game_is_valid_under_its_schema() -> None:
    config = GameConfig(players=3, seed=7, max_rounds=3, start_player="random")
    state = new_game(config)
    bots = [make_bot("random", seat) for seat in range(3)]
    documents: list[object] = [config, state]
    moves = []
    while not state.is_over:
        seat = state.to_act[0]
        documents.extend(previews(player_view(state, seat), seat))
        move = bots[seat].choose(state, seat)
        state, events = apply_move_with_events(state, move)
        moves.append(move)
        documents.extend((move, *events, player_view(state, seat), player_view(state, None)))
    documents.extend((*score(state), GameRecord(config, moves, game_result(state, config, moves))))
    for document in documents:
        data = json.loads(json.dumps(to_data(document)))
        _validator(str(data["kind"])).validate(data)


def test_a_legal_entry_s_preview_is_the_preview_document_with_its_words() -> None:
    """The table sends a legal move's preview as the library writes it (its move in the entry,
    once) with its text: put back together, the entry reads as the very preview, and it fits
    the published preview schema."""
    state = new_game(GameConfig(players=2, seed=5))
    rng = random.Random(5)
    table = game("stone-age")
    checked = 0
    while not state.is_over and checked < 200:
        seat = state.to_act[0]
        options = table.legal(table.view(state, seat), seat)
        for option in options:
            entry = table.legal_entry(option)
            preview = dict(entry["preview"])  # type: ignore[call-overload]
            assert preview.pop("text") == option.does
            document = {"schema_version": 1, "kind": "preview", "data": {"move": entry["move"], **preview}}
            _validator("preview").validate(json.loads(json.dumps(document)))
            assert from_data(document, Preview) == option.preview
            checked += 1
        state = apply_move_with_events(state, rng.choice(options).move)[0]
    assert checked >= 200


def test_a_document_with_an_unknown_key_or_move_type_is_invalid() -> None:
    move = to_data(make_bot("random").choose(new_game(GameConfig(players=2)), 0))
    assert _validator("move").is_valid(move)
    assert not _validator("move").is_valid({**move, "data": {**move["data"], "extra": 1}})  # type: ignore[dict-item]
    assert not _validator("move").is_valid({**move, "data": {**move["data"], "type": "fly"}})  # type: ignore[dict-item]


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_of_every_document_has_a_description(kind: str) -> None:
    """A client learns from the schema what each field holds, not by experiment."""
    assert list(undescribed(make_schema(kind))) == []


def test_the_arrays_of_a_position_say_their_order() -> None:
    """Which row of placed is which location, which end of a stack and of the pile is the top
    (the first), which slot each entry of the display is."""
    state = make_schema("game_state")["$defs"]["GameState"]["properties"]
    placed = state["placed"]["description"]
    rows = [f"{row} {location.value}" for row, location in enumerate(LOCATIONS[:8])]
    assert all(row in placed for row in rows) and "8 to 11 building1 to building4" in placed
    assert "12 to 15 card1 to card4" in placed and "seat 0 first" in placed
    assert LOCATIONS[8:] == (*BUILDINGS, *SLOTS) and [row.row for row in SLOTS] == [12, 13, 14, 15]
    assert "the top tile first" in state["stacks"]["description"]
    assert "the top card first" in state["pile"]["description"]
    assert "display[0] is slot 1 (price 1, location card1)" in state["display"]["description"]
    player = make_schema("game_state")["$defs"]["Player"]["properties"]
    assert "in the order gained" in player["tools"]["description"]
