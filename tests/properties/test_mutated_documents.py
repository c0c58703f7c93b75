"""Mutated documents: no input makes a loader raise anything but the library's own errors.

A valid game record (with its result block and info), a mid-game position and
scenarios of ``spec/scenarios`` are changed at one place Hypothesis chooses: a
value replaced by a hostile one (wrong types, huge or negative numbers, long
texts, lists and mappings), a key dropped, added or renamed (negative and
non-seat numbers included), a list item dropped or doubled. The result is
loaded from the plain data, as JSON text and as YAML text, and what loads is
used: a record is replayed, a position's legal moves are listed and one is
played, a scenario is run. Whatever the change, every step either succeeds or
raises an error of :mod:`hadara_rules._errors`; never a TypeError, a KeyError, a
RecursionError or anything else.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given
from hypothesis import strategies as st

from boardtable.reader import parse_yaml
from hadara_rules import GameConfig, GameState, apply_move, legal_moves, new_game
from hadara_rules._errors import HadaraError, ScenarioError
from hadara_rules._moves import MOVE_TYPES, Move
from hadara_rules._rules.scoring import ScoreSheet
from hadara_rules.records import (
    GameInfo,
    GameRecord,
    from_data,
    from_json,
    from_yaml,
    game_result,
    replay,
    to_data,
)
from hadara_rules.scenario import load_scenario_document, run_document

from .strategies import suite_settings

SCENARIOS = Path(__file__).resolve().parent.parent.parent / "spec" / "scenarios"
#: Scenarios of every kind: components, a draft, a refusal, final scoring, a later epoch.
SCENARIO_FILES = (
    "rulebook/colony-ally-p7.yaml",
    "purple/p2-draft-tile.yaml",
    "purple/p12-two-gold-medals.yaml",
    "refusals/colony-tier-already-held.yaml",
    "rulebook/epoch-change-p10.yaml",
)
LOADABLE: tuple[Any, ...] = (GameState, GameRecord, GameConfig, ScoreSheet, Move, *MOVE_TYPES)

#: Values a careless or hostile document puts where another value belongs.
HOSTILE: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(min_value=2**63, max_value=2**80),
    st.integers(min_value=-(2**80), max_value=-(2**63)),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(
        ["food", "buy", "sell", "?", "A", "B", "red", "pass", "draft", "over", "I-red-01", "col-09-a"]
    ),
    st.sampled_from(["start-1", "x" * 5000, "COLONY-4", "FLOW-99", "1", "-1", "00"]),
    st.lists(st.integers(-1, 5), max_size=3),
    st.dictionaries(
        st.sampled_from(["type", "player", "id", "0", "1", "coins"]), st.integers(-1, 3), max_size=2
    ),
)
#: Keys a mutation adds or renames to.
KEYS: st.SearchStrategy[object] = st.sampled_from(
    ["extra", "type", "id", "players", "expect", 0, 2, 7, -1, "0", "-1"]
)


@st.composite
def mutated(draw: st.DrawFn, value: object, depth: int = 0) -> object:
    """``value`` with one change somewhere inside it."""
    if isinstance(value, dict) and value and depth < 12:
        key = draw(st.sampled_from(sorted(value, key=str)))
        change = draw(st.sampled_from(["descend", "descend", "descend", "drop", "add", "rename", "replace"]))
        copy = dict(value)
        if change == "drop":
            del copy[key]
        elif change == "add":
            copy[draw(KEYS)] = draw(HOSTILE)
        elif change == "rename":
            copy[draw(KEYS)] = copy.pop(key)
        elif change == "replace":
            copy[key] = draw(HOSTILE)
        else:
            copy[key] = draw(mutated(value[key], depth + 1))
        return copy
    if isinstance(value, list) and value and depth < 12:
        index = draw(st.integers(0, len(value) - 1))
        change = draw(st.sampled_from(["descend", "descend", "drop", "double", "replace"]))
        items = list(value)
        if change == "drop":
            del items[index]
        elif change == "double":
            items.insert(index, items[index])
        elif change == "replace":
            items[index] = draw(HOSTILE)
        else:
            items[index] = draw(mutated(value[index], depth + 1))
        return items
    return draw(HOSTILE)


def writings(document: object) -> dict[str, object]:
    """The document as plain data, JSON text and YAML text (each one that can be written)."""
    forms: dict[str, object] = {"data": document}
    with contextlib.suppress(TypeError, ValueError):  # keys or numbers JSON cannot write
        forms["json"] = json.dumps(document)
    with contextlib.suppress(yaml.YAMLError, ValueError):
        forms["yaml"] = yaml.safe_dump(document)
    return forms


LOADERS: dict[str, Callable[[Any, Any], object]] = {"data": from_data, "json": from_json, "yaml": from_yaml}


def load(document: object, kind: Any) -> list[object]:
    """What loads of ``document`` as ``kind``, from data, JSON and YAML; errors are the library's own."""
    loaded = []
    for form, written in writings(document).items():
        with contextlib.suppress(HadaraError):
            loaded.append(LOADERS[form](written, kind))
    return loaded


@functools.cache
def record_document() -> dict[str, Any]:
    """A finished two-player game with its result block and info."""
    config = GameConfig(players=2, seed=7, advanced=True)
    state = new_game(config)
    moves: list[Move] = []
    while not state.is_over:
        move = legal_moves(state)[len(moves) % len(legal_moves(state))]
        moves.append(move)
        state = apply_move(state, move)
    record = GameRecord(config, tuple(moves), game_result(state), GameInfo(("Ada", "Bo"), "2025-03-14"))
    return to_data(record)


@functools.cache
def position_document() -> dict[str, Any]:
    """A position in the middle of a three-player game's first draft, with a choice made."""
    state = new_game(GameConfig(players=3, seed=4))
    while not (state.pending and any(choice is not None for choice in state.pending)):
        state = apply_move(state, legal_moves(state)[0])
    return to_data(state)


@functools.cache
def scenario_documents() -> tuple[dict[str, object], ...]:
    return tuple(load_scenario_document(SCENARIOS / name) for name in SCENARIO_FILES)


@suite_settings(weight=0.5, dear=True)
@given(data=st.data())
def test_mutated_records_raise_only_the_librarys_errors(data: st.DataObject) -> None:
    document = data.draw(mutated(record_document()))
    for record in load(document, GameRecord):
        assert isinstance(record, GameRecord)
        with contextlib.suppress(HadaraError):
            replay(record)


@suite_settings(dear=True)
@given(data=st.data())
def test_mutated_positions_raise_only_the_librarys_errors(data: st.DataObject) -> None:
    document = data.draw(mutated(position_document()))
    for state in load(document, GameState):
        assert isinstance(state, GameState)
        for seat in state.to_act:
            moves = legal_moves(state, seat)
            if moves:
                apply_move(state, moves[0])


@suite_settings(weight=0.5)
@given(data=st.data(), index=st.integers(0, len(SCENARIO_FILES) - 1))
def test_mutated_scenarios_raise_only_the_librarys_errors(data: st.DataObject, index: int) -> None:
    document = data.draw(mutated(scenario_documents()[index]))
    for form, written in writings(document).items():
        with contextlib.suppress(HadaraError):
            top = written if form == "data" else parse_yaml(str(written), ScenarioError)
            run_document(top, source="mutated.yaml")  # type: ignore[arg-type]


@suite_settings(dear=True)
@given(data=st.data(), kind=st.sampled_from(LOADABLE))
def test_any_document_of_any_kind_raises_only_the_librarys_errors(data: st.DataObject, kind: Any) -> None:
    """A mutated record or position loaded as any kind of document, wrapped or not."""
    base = data.draw(st.sampled_from([record_document(), position_document()]))
    document = data.draw(mutated(base))
    load(document, kind)
    if isinstance(document, dict):
        load(document.get("data"), kind)


@suite_settings()
@given(text=st.text(max_size=80) | st.binary(max_size=80))
def test_any_text_raises_only_the_librarys_errors(text: str | bytes) -> None:
    for loader in (from_json, from_yaml):
        with contextlib.suppress(HadaraError):
            loader(text, GameRecord)
