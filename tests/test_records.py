"""Serialization round trips, game records and replay, and every way a document can be wrong."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hadara_rules import (
    ConfigError,
    Draft,
    GameConfig,
    GameState,
    Pass,
    RecordError,
    SetWheel,
    TakeColony,
    Track,
    Variants,
    apply_move,
    legal_moves,
    new_game,
    score,
)
from hadara_rules.catalogue import Catalogue
from hadara_rules.moves import MOVE_TYPES
from hadara_rules.records import (
    SCHEMA_VERSION,
    GameRecord,
    from_json,
    from_yaml,
    replay,
    to_json,
    to_yaml,
)
from hadara_rules.rules.scoring import ScoreSheet
from hadara_rules.scenario import run_document


def random_game(players: int, seed: int, advanced: bool) -> tuple[GameRecord, list[GameState]]:
    rng = random.Random(seed)
    config = GameConfig(players=players, seed=seed, advanced=advanced)
    state, moves, states = new_game(config), [], []
    states.append(state)
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply_move(state, move)
        states.append(state)
    return GameRecord(config, tuple(moves)), states


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False), (5, True)])
def test_every_position_round_trips_through_json_and_yaml(players: int, advanced: bool) -> None:
    _record, states = random_game(players, seed=players * 7, advanced=advanced)
    for state in states:
        assert from_json(to_json(state), GameState) == state
    for state in states[::9]:
        assert from_yaml(to_yaml(state), GameState) == state
    assert any(s.pending and any(p is not None for p in s.pending) for s in states), "mid-draft positions"


def test_moves_configs_records_and_score_sheets_round_trip() -> None:
    record, states = random_game(3, seed=4, advanced=True)
    for move in set(record.moves):
        assert from_json(to_json(move), type(move)) == move
        assert from_yaml(to_yaml(move), type(move)) == move
    assert {type(m) for m in record.moves} >= {SetWheel, Draft, Pass}
    assert from_json(to_json(record), GameRecord) == record
    assert from_yaml(to_yaml(record), GameRecord) == record
    config = GameConfig(players=4, seed=9, board_order=None, variants=Variants(tie_break_all_coins=True))
    assert from_json(to_json(config), GameConfig) == config
    for sheet in score(states[-1]):
        assert from_json(to_json(sheet), ScoreSheet) == sheet


def test_documents_carry_schema_version_and_kind_and_name_the_catalogue() -> None:
    state = new_game(GameConfig(players=2, seed=0))
    document = json.loads(to_json(state))
    assert document["schema_version"] == SCHEMA_VERSION
    assert document["kind"] == "game_state"
    assert document["data"]["catalogue"] == {"source": "bundled", "digest": state.catalogue.digest}
    assert "cards" not in json.dumps(document["data"]["catalogue"])
    move = json.loads(to_json(TakeColony(1, 9, True, 3)))
    assert move["data"] == {"type": "take_colony", "player": 1, "tier": 9, "ally": True, "pay": 3}


def test_replay_reproduces_the_final_state() -> None:
    record, states = random_game(4, seed=12, advanced=False)
    assert replay(record) == states[-1]
    assert replay(from_json(to_json(record), GameRecord)) == states[-1]


@pytest.mark.parametrize("how", ["swap", "drop", "duplicate", "truncate-config"])
def test_tampered_records_are_refused_with_the_move_and_rule(how: str) -> None:
    record, _ = random_game(3, seed=5, advanced=False)
    moves = list(record.moves)
    if how == "swap":
        moves[2], moves[30] = moves[30], moves[2]
    elif how == "drop":
        del moves[0]
    elif how == "duplicate":
        moves.insert(1, moves[1])
    else:
        record = GameRecord(GameConfig(players=4, seed=5), tuple(moves))
    tampered = GameRecord(record.config, tuple(moves)) if how != "truncate-config" else record
    with pytest.raises(RecordError, match=r"move \d+ .*is illegal: [A-Z]+-\d+"):
        replay(tampered)


def test_a_truncated_record_replays_to_an_earlier_position() -> None:
    record, states = random_game(2, seed=1, advanced=True)
    assert replay(GameRecord(record.config, record.moves[:40])) == states[40]


def test_a_bad_config_in_a_record_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="SETUP-1"):
        replay(GameRecord(GameConfig(players=7, seed=1), ()))
    with pytest.raises(ConfigError):
        new_game(GameConfig(players=7, seed=1))


def text_of(state: GameState) -> str:
    return to_json(state)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(schema_version=2), r"\$\.schema_version"),
        (lambda d: d.update(kind="game_record"), r"\$\.kind"),
        (lambda d: d.update(extra=1), "unknown key"),
        (lambda d: d.pop("data"), r"\$\.data: missing"),
        (lambda d: d["data"]["players"][0].update(coins="7"), r"\$\.data\.players\[0\]\.coins"),
        (lambda d: d["data"]["players"][0].update(coins=True), r"\$\.data\.players\[0\]\.coins"),
        (lambda d: d["data"]["players"][0].update(nickname="x"), r"extra fields found \(nickname\)"),
        (lambda d: d["data"].update(section="lunch"), r"\$\.data\.section"),
        (
            lambda d: d["data"]["players"][1]["tracks"].update(food=None),
            r"\$\.data\.players\[1\]\.tracks\.food",
        ),
        (lambda d: d["data"]["catalogue"].update(digest="0" * 64), "neither the bundled one"),
        (lambda d: d["data"]["decks"][0].__setitem__(0, "no-such-card"), "unknown id 'no-such-card'"),
        (lambda d: d["data"]["decks"][1].__setitem__(0, d["data"]["decks"][0][0]), "is also in"),
        (lambda d: d["data"].update(players=d["data"]["players"][:1]), "2 to 5 players"),
    ],
)
def test_bad_state_documents_are_refused_naming_the_path(edit: object, message: str) -> None:
    document = json.loads(text_of(new_game(GameConfig(players=3, seed=2))))
    edit(document)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        from_json(json.dumps(document), GameState)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fly", "player": 0}, "unknown move type 'fly'"),
        ({"player": 0}, "unknown move type None"),
        ({"type": "pass", "player": 0, "why": "tired"}, "extra fields"),
        ({"type": "take_colony", "player": 0, "tier": 9, "ally": "yes"}, r"\.ally"),
        ({"type": "buy_silver", "player": 0, "tile": "gold"}, r"expected one of income"),
        ({"type": "draft", "player": 0, "card": 3, "action": "buy", "tile": None}, r"\.card"),
    ],
)
def test_bad_moves_in_a_record_are_refused_naming_the_path(data: dict[str, object], message: str) -> None:
    document = json.loads(to_json(GameRecord(GameConfig(players=2, seed=0), ())))
    document["data"]["moves"] = [data]
    with pytest.raises(RecordError, match=message) as refused:
        from_json(json.dumps(document), GameRecord)
    assert "$.data.moves[0]" in str(refused.value)


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "null", "42", '"text"', "[]", "\x00"])
def test_malformed_json_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        from_json(text, GameState)


@pytest.mark.parametrize("text", ["a: [", "!!python/object/apply:os.system ['echo hi']", "- - -", "{a: 1}"])
def test_malformed_or_unsafe_yaml_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        from_yaml(text, GameRecord)


def test_a_position_with_a_scenario_catalogue_needs_that_catalogue(catalogue: Catalogue) -> None:
    result = run_document(
        {
            "scenario": 1,
            "config": {"players": 2, "seed": 0},
            "components": {
                "cards": [{"id": "x-card", "epoch": 1, "color": "red", "cost": 1, "points": 0, "military": 1}]
            },
            "given": {"outer_piles": {"red": ["x-card"]}},
            "expect": {"section": "wheel"},
        }
    )
    text = to_json(result.state)
    with pytest.raises(RecordError, match="pass it as catalogue="):
        from_json(text, GameState)
    assert from_json(text, GameState, catalogue=result.state.catalogue) == result.state


LOADABLE = [GameState, GameRecord, GameConfig, ScoreSheet, *MOVE_TYPES]
BASE = json.loads(to_json(random_game(2, seed=3, advanced=True)[0]))


def mutate(value: object, rng: random.Random, depth: int = 0) -> object:
    """A random small change somewhere in a JSON value."""
    if isinstance(value, dict) and value and depth < 12:
        key = rng.choice(sorted(value))
        choice = rng.random()
        copy = dict(value)
        if choice < 0.15:
            del copy[key]
        elif choice < 0.25:
            copy[key + "_"] = 1
        else:
            copy[key] = mutate(value[key], rng, depth + 1)
        return copy
    if isinstance(value, list) and value and depth < 12:
        i = rng.randrange(len(value))
        copy = list(value)
        if rng.random() < 0.2:
            del copy[i]
        else:
            copy[i] = mutate(value[i], rng, depth + 1)
        return copy
    return rng.choice([None, True, 0, -1, 3, 10**20, "", "x", "pass", "I-red-01", [], {}, 1.5, "food"])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), cls=st.sampled_from(LOADABLE))
def test_mutated_documents_raise_only_record_errors(seed: int, cls: type[object]) -> None:
    text = json.dumps(mutate(BASE, random.Random(seed)))
    for loader in (from_json, from_yaml):
        with contextlib.suppress(RecordError):
            loader(text, cls)


@settings(max_examples=150, deadline=None)
@given(value=json_values, cls=st.sampled_from(LOADABLE), wrap=st.booleans())
def test_arbitrary_documents_raise_only_record_errors(value: object, cls: type[object], wrap: bool) -> None:
    document = {"schema_version": 1, "kind": "game_record", "data": value} if wrap else value
    text = json.dumps(document)
    for loader in (from_json, from_yaml):
        with contextlib.suppress(RecordError):
            loader(text, cls)


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=60))
def test_arbitrary_text_raises_only_record_errors(text: str) -> None:
    for loader in (from_json, from_yaml):
        with contextlib.suppress(RecordError):
            loader(text, GameRecord)


def test_tiles_given_by_name_are_tracks() -> None:
    assert Draft(0, "I-red-01", "buy", "food").tile is Track.FOOD
    with pytest.raises(ValueError):
        Draft(0, "I-red-01", "buy", "gold")
