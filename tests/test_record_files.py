"""Records pinned in ``tests/pinned_records`` still load, replay to the digests they store, and
are written again to the very same bytes, for every game: Hadara's and Stone Age's written
before records moved to the platform, Imperial Settlers' when it was the newest game.

Each game has three: a finished game of three seats with every header (JSON), a game a seat
resigned half way (YAML), and the first moves of a game without a result block (JSON)."""

from __future__ import annotations

import importlib
import pickle
from pathlib import Path
from types import ModuleType

import pytest

from boardtable.errors import RecordError
from boardtable.games import game, names

PINNED = Path(__file__).resolve().parent / "pinned_records"
FILES = sorted(PINNED.glob("*.record.*"))
#: Each game's package, by the name it is registered under.
PACKAGES = {
    "hadara": "hadara_rules",
    "stone-age": "stone_age_rules",
    "imperial-settlers": "imperial_settlers_rules",
}


def _game_of(path: Path) -> tuple[str, ModuleType]:
    name = path.name.rsplit("-", 1)[0]
    return name, importlib.import_module(f"{PACKAGES[name]}.records")


def test_every_game_has_its_pinned_records() -> None:
    assert sorted(PACKAGES) == sorted(names())  # a game registered later pins its records too
    assert {path.name for path in FILES} == {
        f"{name}-{what}"
        for name in PACKAGES
        for what in ("finished.record.json", "resigned.record.yaml", "unfinished.record.json")
    }


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_a_pinned_record_loads_replays_and_is_written_again_byte_for_byte(path: Path) -> None:
    name, records = _game_of(path)
    text = path.read_text(encoding="utf-8")
    yaml = path.suffix == ".yaml"
    record = (records.from_yaml if yaml else records.from_json)(text, records.GameRecord)
    state = records.replay(record)  # held to the result block's digests, where it has one
    assert (records.to_yaml if yaml else records.to_json)(record) == text
    if record.result is not None:
        assert records.position_digest(state) == record.result.digest
        assert records.record_digest(record.config, record.moves) == record.result.record
        rewritten = records.game_result(state, record.config, record.moves, record.result.resigned)
        assert rewritten == record.result
    if not yaml:  # what the game interface reads of it
        played = game(name)
        options, moves, names = played.read_record(text)
        assert (options, moves) == (record.config, record.moves)
        assert names == (() if record.info is None else record.info.players)
        assert played.record_resigned(text) is None
        checked = played.commands().checked
        assert checked is not None
        checked(text)


@pytest.mark.parametrize("name", PACKAGES)
def test_a_pinned_record_with_a_move_changed_is_refused_naming_what_differs(name: str) -> None:
    records = importlib.import_module(f"{PACKAGES[name]}.records")
    text = (PINNED / f"{name}-finished.record.json").read_text(encoding="utf-8")
    record = records.from_json(text, records.GameRecord)
    moves = list(record.moves)
    moves[-1], moves[-2] = moves[-2], moves[-1]
    with pytest.raises(RecordError, match=r"^(result: |move \d+ )"):
        records.replay(records.GameRecord(record.config, moves, record.result, record.info))


@pytest.mark.parametrize("name", PACKAGES)
def test_the_records_functions_pickle_and_work_in_another_process_s_hands(name: str) -> None:
    """A game's records functions are the platform's, bound to the game's documents: they pickle
    (by reference, as functions do), so that they can be handed to a pool of processes."""
    records = importlib.import_module(f"{PACKAGES[name]}.records")
    text = (PINNED / f"{name}-unfinished.record.json").read_text(encoding="utf-8")
    read, replay, write = (
        pickle.loads(pickle.dumps(f)) for f in (records.from_json, records.replay, records.to_json)
    )
    record = read(text, records.GameRecord)
    assert write(record) == text
    assert replay(record) == records.replay(record)
