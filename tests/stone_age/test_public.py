"""Stone Age's public shape: Hadara's top-level names where Stone Age has the thing they name,
documents in YAML as in JSON, and the examples of every module's docstrings as written."""

from __future__ import annotations

import re
from typing import Any

import pytest

import hadara_rules
import stone_age_rules
from stone_age_rules import (
    Event,
    Feed,
    GameConfig,
    GameRecord,
    GameState,
    Move,
    Preview,
    RecordError,
    Resources,
    ScoreSheet,
    apply_move_with_events,
    from_json,
    from_yaml,
    legal_moves,
    new_game,
    preview,
    replay,
    score,
    to_json,
    to_yaml,
)
from stone_age_rules.records import from_data, game_result, to_data

#: Hadara's top-level names of things Stone Age does not have (or has under its own name).
HADARA_ONLY = frozenset(
    {
        # Hadara's components, tracks and board (Stone Age's: Components, Building, Card, Kind)
        *("COLORS", "TIERS", "TRACKS", "Catalogue", "load_catalogue", "Colony", "ColonyHolding"),
        *("CarvedStatue", "Color", "Crest", "Reference", "Section", "Side", "StartCard"),
        *("StartSide", "Statue", "TileOnCard", "Track", "Tracks", "Variants", "deck_color"),
        # its board is PlayerState (Stone Age's: Player); a spectator's view is seat None, not -1
        *("PlayerState", "SPECTATOR"),
        # its price and yield helpers for its own previews
        *("ColonyYield", "StatueYield", "buy_price", "colony_yield", "gold_price", "sale_value"),
        *("silver_price", "statue_yield", "food_shortfall"),
        # its moves (Stone Age's own are Place, Act, TakeBack, UseTools, ChooseDie, ...)
        *hadara_rules._moves.__all__,
        # its own errors' base (Stone Age's errors are the platform's: GameError)
        "HadaraError",
    }
)


def test_the_top_level_has_hadaras_names_where_stone_age_has_the_thing() -> None:
    missing = set(hadara_rules.__all__) - set(stone_age_rules.__all__) - HADARA_ONLY
    assert not missing, f"add to stone_age_rules.__all__ (or to HADARA_ONLY, saying why): {missing}"
    assert "Move" in stone_age_rules.__all__
    assert all(hasattr(stone_age_rules, name) for name in stone_age_rules.__all__)


def _played(moves: int = 40) -> tuple[GameConfig, GameState, list[Move], list[Event]]:
    config = GameConfig(players=3, seed=5)
    state, played, events = new_game(config), list[Move](), list[Event]()
    for _ in range(moves):
        move = legal_moves(state)[-1]
        state, happened = apply_move_with_events(state, move)
        played.append(move)
        events.extend(happened)
    return config, state, played, events


def test_every_document_reads_back_from_yaml_as_from_json() -> None:
    config, state, played, events = _played()
    record = GameRecord(config, played, result=game_result(state, config, played))
    documents: list[tuple[object, Any]] = [
        (state, GameState),
        (config, GameConfig),
        (record, GameRecord),
        (events[-1], Event),
        (score(state)[0], ScoreSheet),
        (preview(state, legal_moves(state)[0]), Preview),
        *((move, Move) for move in played[:3]),
    ]
    for document, kind in documents:
        assert from_yaml(to_yaml(document), kind) == document == from_json(to_json(document), kind)
    assert replay(from_yaml(to_yaml(record), GameRecord)) == state


def test_a_bad_yaml_document_is_one_line_naming_the_field() -> None:
    with pytest.raises(RecordError, match=r"^\$\.data\.pay") as refused:
        from_yaml(to_yaml(Feed(0, Resources(1))).replace("wood: 1", "wood: -1"), Feed)
    assert "\n" not in str(refused.value)
    with pytest.raises(RecordError, match="malformed YAML"):
        from_yaml("kind: [", GameConfig)


def test_an_event_is_written_with_its_type_and_count_which_must_agree_with_its_words() -> None:
    """Each event's data names its type (as Hadara's do) and the number its words hold; an
    event written before they were reads too; a type or count that disagrees is refused."""
    placed = Event("PLACE-1", "placed 3", 0, item="forest")
    data = to_data(placed)["data"]
    assert isinstance(data, dict) and (data["type"], data["count"]) == ("placed", 3)
    assert to_data(Event("END-2", "round 4 begins", 1))["data"]["count"] == 4  # type: ignore[index]
    assert to_data(Event("FEED-3", "fed", 0))["data"]["count"] is None  # type: ignore[index]
    older = {"schema_version": 1, "kind": "event", "data": {"rule": "PLACE-1", "what": "placed 3"}}
    assert from_data(older, Event) == Event("PLACE-1", "placed 3")
    for key, value, problem in (
        ("type", "fed", "type: the event that says 'placed 3' is of type placed"),
        ("count", 2, "count: the event that says 'placed 3' counts 3"),
        ("what", "flew", "what: no event says 'flew'"),
        ("colour", "red", "unknown key colour"),
    ):
        document = {**to_data(placed), "data": {**data, key: value}}
        with pytest.raises(RecordError, match=re.escape(problem)):
            from_data(document, Event)
