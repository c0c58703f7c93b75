"""Golden game records replay to exactly the final position and score sheets they were recorded with."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from helpers import told

from hadara_rules._rules.scoring import score
from hadara_rules.records import GameRecord, from_json, replay, to_data, to_json

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))


def test_golden_records_cover_basic_and_advanced_two_and_five_players() -> None:
    names = {p.name.split(".")[0] for p in RECORDS}
    assert {"basic-2p", "basic-5p", "advanced-2p", "advanced-5p"} <= names


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_golden_record_replays_exactly(path: Path) -> None:
    record = from_json(path.read_text(encoding="utf-8"), GameRecord)
    expected = json.loads(
        path.with_name(path.name.replace(".record.", ".expected.")).read_text(encoding="utf-8")
    )
    final = replay(record)
    assert final.is_over
    assert len(record.moves) == expected["moves"]
    assert [to_data(sheet)["data"] for sheet in score(final)] == expected["score"]
    assert hashlib.sha256(to_json(final).encode()).hexdigest() == expected["final_state_sha256"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_golden_records_tell_exactly_the_events_they_were_recorded_with(path: Path) -> None:
    """Every event of the game, in order, with its class, amounts, rule and reason."""
    record = from_json(path.read_text(encoding="utf-8"), GameRecord)
    expected = json.loads(
        path.with_name(path.name.replace(".record.", ".expected.")).read_text(encoding="utf-8")
    )
    assert told(record) == {"events": expected["events"], "events_sha256": expected["events_sha256"]}
