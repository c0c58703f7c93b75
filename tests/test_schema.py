"""The JSON Schemas: up to date with the records, valid draft 2020-12, and true of every
document the suite produces (golden records, positions and views of random games of every
setting, every move and event kind, score sheets, every scenario), and strict: a document
with a key the reader does not know, a missing field or a wrong value is refused."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers import undescribed
from hypothesis import given
from hypothesis import strategies as st
from properties.strategies import suite_settings
from properties.test_mutated_documents import mutated, position_document, record_document

from boardtable.games import game, names
from boardtable.schema import DocumentRecords, SchemaMaker, flag, match_options
from boardtable.wire_schemas import WIRE_KINDS
from hadara_rules import (
    GameConfig,
    GameRecord,
    GameState,
    apply_move,
    from_json,
    legal_moves,
    new_game,
    player_view,
    preview,
    score,
)
from hadara_rules._errors import HadaraError
from hadara_rules._moves import MOVE_TYPES
from hadara_rules.cli import main
from hadara_rules.events import EVENT_TYPES, apply_move_with_events, events_seen_by
from hadara_rules.records import from_data, to_data
from hadara_rules.scenario import load_scenario_document
from hadara_rules.schema import FOLDER, KINDS, make_schema, schema_text

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.record.json"))
SCENARIOS = sorted((ROOT / "spec" / "scenarios").rglob("*.yaml"))
SETTINGS = [(players, advanced) for players in range(2, 6) for advanced in (False, True)]
QUICK_SETTINGS = [(2, False), (3, True), (4, False), (5, True)]


#: Each schema made once for the tests that read it (making one reads its records' source for
#: their field comments: a tenth of a second or more).
made = functools.cache(make_schema)


@functools.cache
def validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(schema_text(kind)))


def valid(kind: str, document: object) -> bool:
    """Whether ``document``, written as JSON and read back (keys become text), fits the schema."""
    return bool(validator(kind).is_valid(json.loads(json.dumps(document))))


def check(kind: str, document: object) -> None:
    errors = list(validator(kind).iter_errors(json.loads(json.dumps(document))))
    assert not errors, f"{kind}: {errors[0].json_path}: {errors[0].message[:300]}"


@functools.cache
def random_game(players: int, advanced: bool) -> tuple[tuple[GameState, ...], tuple[Any, ...]]:
    """A whole random game of one setting: its positions and moves."""
    rng = random.Random(players * 10 + advanced)
    state = new_game(GameConfig(players=players, seed=rng.randrange(1000), advanced=advanced))
    states, moves = [state], []
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move, check=False)
        states.append(state)
        moves.append(move)
    return tuple(states), tuple(moves)


def test_the_shipped_files_are_what_the_records_make() -> None:
    """``python -m hadara_rules.schema`` writes them; a record changed without it fails here."""
    assert sorted(path.name for path in FOLDER.glob("*.json")) == sorted(f"{k}.schema.json" for k in KINDS)
    for kind in KINDS:
        assert json.loads(schema_text(kind)) == made(kind), f"{kind}: run python -m hadara_rules.schema"


@pytest.mark.parametrize("kind", KINDS)
def test_every_schema_is_a_draft_2020_12_schema(kind: str) -> None:
    schema = json.loads(schema_text(kind))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def _objects(schema: object) -> Iterator[dict[str, Any]]:
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield schema
        for value in schema.values():
            yield from _objects(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _objects(value)


@pytest.mark.parametrize("kind", KINDS)
def test_every_mapping_is_closed(kind: str) -> None:
    """The reader forbids unknown keys everywhere, so every object schema does."""
    for schema in _objects(made(kind)):
        assert schema.get("additionalProperties") is not None, schema


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_records_fit(path: Path) -> None:
    check("game_record", json.loads(path.read_text(encoding="utf-8")))


def _check_game(players: int, advanced: bool, every: int) -> None:
    """Every ``every``-th position of a random game and its views, the last one and its
    score sheets, and its moves and events: all of them (``every`` 1) or one of each kind."""
    states, moves = random_game(players, advanced)
    check("game_config", to_data(GameConfig(players=players, seed=7, advanced=advanced)))
    kinds: set[type[object]] = set()
    for index, (state, move) in enumerate(zip(states, moves, strict=False)):
        _, events = apply_move_with_events(state, move)
        for item, kind in ((move, "move"), *((event, "event") for event in events)):
            if every == 1 or type(item) not in kinds:
                kinds.add(type(item))
                check(kind, to_data(item))
        if index % every:
            continue
        check("game_state", to_data(state))
        for legal in legal_moves(state):
            check("preview", to_data(preview(state, legal)))
        for seat in (*range(players), None):
            view = to_data(player_view(state, seat))
            check("view", view)
            check("game_state", view)
        for seat in range(players):
            for event in events_seen_by(events, seat):
                check("event", to_data(event))
    check("game_state", to_data(states[-1]))
    assert not valid("view", to_data(states[-1])), "a whole position is no view"
    for sheet in score(states[-1]):
        check("score_sheet", to_data(sheet))


@pytest.mark.parametrize(  # one setting of each number of players in the default run
    ("players", "advanced"),
    [pytest.param(*s, marks=() if s in QUICK_SETTINGS else pytest.mark.slow) for s in SETTINGS],
)
def test_positions_views_moves_events_and_score_sheets_of_random_games_fit(
    players: int, advanced: bool
) -> None:
    _check_game(players, advanced, every=40)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_every_position_view_move_and_event_of_random_games_fits(players: int, advanced: bool) -> None:
    _check_game(players, advanced, every=1)


def test_every_move_kind_and_every_event_kind_was_checked() -> None:
    """The random games above hold a move of every kind and an event of every kind."""
    moves = {type(m) for p, a in SETTINGS for m in random_game(p, a)[1]}
    assert moves == set(MOVE_TYPES)
    events: set[type[object]] = set()
    for p, a in SETTINGS:
        states, game_moves = random_game(p, a)
        for state, move in zip(states, game_moves, strict=False):
            events.update(type(e) for e in apply_move_with_events(state, move)[1])
    assert events == set(EVENT_TYPES)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "spec" / "scenarios")))
def test_every_scenario_fits(path: Path) -> None:
    check("scenario", load_scenario_document(path))


TAMPERED = [
    ("game_state", lambda d: d["data"]["players"][0].update(purse=3)),
    ("game_state", lambda d: d["data"]["players"][1].update(coins="7")),
    ("game_state", lambda d: d["data"].update(section="lunch")),
    ("game_state", lambda d: d["data"]["catalogue"].update(digest="abc")),
    ("game_state", lambda d: d.update(schema_version=2)),
    ("game_state", lambda d: d["data"].pop("epoch")),
    ("game_record", lambda d: d["data"]["moves"][0].update(type="teleport")),
    ("game_record", lambda d: d["data"]["moves"][3].update(extra=1)),
    ("game_record", lambda d: d["data"]["moves"][3].pop("player")),
    ("game_record", lambda d: d["data"]["config"].update(players=2**63)),
    ("game_record", lambda d: d["data"]["result"]["scores"][0].update(bonus=1)),
    ("game_record", lambda d: d.update(kind="game_state")),
]


@pytest.mark.parametrize(("kind", "tamper"), TAMPERED)
def test_a_tampered_document_is_refused_by_the_schema_and_the_reader(kind: str, tamper: Any) -> None:
    document = json.loads(json.dumps(record_document() if kind == "game_record" else position_document()))
    assert valid(kind, document)
    tamper(document)
    assert not valid(kind, document)
    with pytest.raises(HadaraError):
        from_json(json.dumps(document), GameRecord if kind == "game_record" else GameState)


def test_a_tampered_scenario_is_refused() -> None:
    document = load_scenario_document(SCENARIOS[0])
    assert valid("scenario", document)
    assert not valid("scenario", {**document, "expectations": {}})
    assert not valid("scenario", {**document, "scenario": 2})
    assert not valid("scenario", {**document, "moves": [{"type": "pass"}]})


@suite_settings(weight=0.5)
@given(data=st.data(), kind=st.sampled_from(["game_state", "game_record"]))
def test_what_the_reader_loads_the_schema_accepts(data: st.DataObject, kind: str) -> None:
    """The schema is no stricter than the reader: a changed document that still loads fits it."""
    base = position_document() if kind == "game_state" else record_document()
    document = data.draw(mutated(base))
    try:
        from_data(json.loads(json.dumps(document)), GameState if kind == "game_state" else GameRecord)
    except (HadaraError, TypeError, ValueError):
        return
    check(kind, document)


def _holds_a_mapping(value: object) -> bool:
    if isinstance(value, dict):
        return True
    return isinstance(value, list) and any(_holds_a_mapping(item) for item in value)


@st.composite
def with_a_key_added(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with a key no record has added to one of its mappings (at any depth)."""
    if isinstance(value, list):
        index = draw(st.sampled_from([i for i, item in enumerate(value) if _holds_a_mapping(item)]))
        return [draw(with_a_key_added(item)) if i == index else item for i, item in enumerate(value)]
    inner = [key for key, item in value.items() if _holds_a_mapping(item)]
    if not inner or draw(st.booleans()):
        return {**value, "unknown": 0}
    key = draw(st.sampled_from(inner))
    return {**value, key: draw(with_a_key_added(value[key]))}


@suite_settings(weight=0.5)
@given(data=st.data(), kind=st.sampled_from(["game_state", "game_record"]))
def test_a_key_added_anywhere_is_refused_by_the_schema_and_the_reader(data: st.DataObject, kind: str) -> None:
    base = position_document() if kind == "game_state" else record_document()
    document = data.draw(with_a_key_added(base))
    assert not valid(kind, document)
    with pytest.raises(HadaraError):
        from_data(document, GameState if kind == "game_state" else GameRecord)


@pytest.mark.parametrize("kind", KINDS)
def test_hadara_schema_prints_the_shipped_file(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    assert main(["schema", kind]) == 0
    out = capsys.readouterr().out
    assert out == schema_text(kind)
    assert json.loads(out)["$id"].endswith(f":{kind}:1")


def test_hadara_schema_of_an_unknown_kind_lists_the_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "gamestate"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "'gamestate' is no document kind" in captured.err
    assert all(kind in captured.err for kind in KINDS)


def test_hadara_schema_list_names_every_kind_with_what_it_describes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["schema", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(KINDS)
    assert all(KINDS[line.split()[0]] in line for line in lines)
    assert {"match_request", "seat_view", "error", "catalogue", "games"} <= set(KINDS)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["schema"], "schema needs a KIND or --list"),
        (["schema", "view", "--list"], "schema takes a KIND or --list, not both"),
    ],
)
def test_hadara_schema_without_one_kind_is_one_line(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert message in captured.err


@pytest.mark.parametrize("kind", ["game_state", "view", "event", *WIRE_KINDS])
def test_every_field_of_a_position_a_view_and_a_body_has_a_description(kind: str) -> None:
    """A frontend learns from the schema what each field holds (the order of a pile, which
    end is its top, what pending, sold and box hold), not by experiment."""
    schema = made(kind)
    assert list(undescribed(schema)) == []


def test_the_piles_say_their_order_and_which_end_is_the_top() -> None:
    state = made("game_state")["$defs"]["GameState"]["properties"]
    for pile in ("decks", "outer_piles", "colony_stacks"):
        assert "top" in state[pile]["description"]
        assert "last" in state[pile]["description"]
    assert "yellow, red, blue, green, purple" in state["outer_piles"]["description"]
    assert "3, 9, 15, 21, 30" in state["colony_stacks"]["description"]


def test_every_game_s_options_schema_is_a_closed_mapping_of_its_declared_fields() -> None:
    """The platform makes a match's options schema from the fields a game declares
    (:func:`boardtable.schema.match_options`): each optional, no other."""
    assert match_options({"fast": flag("Play fast.")}) == {
        "type": "object",
        "properties": {"fast": {"description": "Play fast.", "type": "boolean"}},
        "additionalProperties": False,
    }
    for name in names():
        schema = dict(game(name).options_schema())
        fields = schema["properties"]
        assert isinstance(fields, dict) and fields, name
        assert schema == match_options(fields), name
    assert list(game("hadara").options_schema()["properties"]) == ["advanced", "crests"]  # type: ignore[call-overload]


def test_a_document_kind_no_game_has_has_no_record_schema() -> None:
    records = DocumentRecords(GameState, GameConfig, int, int, int, int, int)
    with pytest.raises(KeyError):
        records.schema("seat_view", SchemaMaker({}, {}))
    assert records.schema("game_record", SchemaMaker({}, {}))["properties"]["kind"] == {
        "description": "What the document holds.",
        "const": "game_record",
    }
