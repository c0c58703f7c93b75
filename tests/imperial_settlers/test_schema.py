"""Imperial Settlers' JSON Schemas: the shipped files are what the maker makes, and every
document a game writes is valid under its kind's schema, while a document the reader refuses
is not."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from imperial_settlers_rules import (
    GameConfig,
    Move,
    apply_move_with_events,
    legal_moves,
    new_game,
    player_view,
    score,
)
from imperial_settlers_rules.bots import RandomBot
from imperial_settlers_rules.previews import previews
from imperial_settlers_rules.records import GameRecord, game_result, to_data
from imperial_settlers_rules.schema import KINDS, make_schema, schema_text


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(schema_text(kind)))


@pytest.mark.parametrize("kind", KINDS)
def test_the_shipped_schema_is_the_one_made_and_valid(kind: str) -> None:
    shipped = json.loads(schema_text(kind))
    assert shipped == make_schema(kind), "run python -m imperial_settlers_rules.schema"
    jsonschema.Draft202012Validator.check_schema(shipped)


def test_every_document_of_a_game_is_valid_under_its_schema() -> None:
    config = GameConfig(players=3, seed=7, first_player="random", faction_deck_reshuffle=False)
    state = new_game(config)
    bots = [RandomBot(seat) for seat in range(3)]
    documents: list[object] = [config, state]
    moves: list[Move] = []
    while not state.is_over:
        seat = state.to_act[0]
        if len(moves) % 9 == 0:
            documents.extend(previews(player_view(state, seat), seat))
            documents.extend((player_view(state, seat), player_view(state, None)))
        move = bots[seat].choose(state, seat)
        state, events = apply_move_with_events(state, move)
        moves.append(move)
        documents.extend((move, *events))
    documents.extend((state, *score(state), GameRecord(config, moves, game_result(state, config, moves))))
    for document in documents:
        data = json.loads(json.dumps(to_data(document)))
        _validator(str(data["kind"])).validate(data)


def test_a_document_the_reader_refuses_is_not_valid() -> None:
    state = new_game(GameConfig(2))
    move: dict[str, Any] = to_data(legal_moves(state, state.to_act[0])[0])
    assert _validator("move").is_valid(move)
    assert not _validator("move").is_valid({**move, "data": {**move["data"], "type": "fly"}})
    config: dict[str, Any] = to_data(GameConfig(2))
    assert not _validator("game_config").is_valid({**config, "data": {**config["data"], "extra": 1}})
