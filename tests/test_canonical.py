"""The canonical encoding digests are taken of: orjson, where it is installed, writes exactly the
bytes the standard library writes, and anything orjson writes otherwise falls to the library."""

from __future__ import annotations

import json

import pytest
from helpers import seeded_game

from boardtable import canonical as _canonical
from boardtable.canonical import canonical
from hadara_rules import position_digest
from hadara_rules.records import to_data


def _standard(document: object) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (5, True)])
def test_every_position_is_written_as_the_standard_library_writes_it(players: int, advanced: bool) -> None:
    pytest.importorskip("orjson")
    for state in seeded_game(players, advanced, seed=players):
        document = to_data(state)
        assert canonical(document) == _standard(document)


def test_digests_are_the_same_without_orjson(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = list(seeded_game(2, True, seed=11))[::7]
    with_orjson = [position_digest(state) for state in positions]
    monkeypatch.setattr(_canonical, "_FAST", None)
    assert [position_digest(state) for state in positions] == with_orjson


@pytest.mark.parametrize(
    "document",
    [
        {"b": "Zoë", "a": [1, 2]},  # a text beyond ASCII: escaped, as the standard library does
        {"big": 1 << 70},  # an integer beyond 64 bits, which orjson refuses
        {"z": {"y": None, "x": True}, "ctl": "tab\there\u0001"},
    ],
)
def test_what_orjson_writes_otherwise_is_written_by_the_standard_library(document: object) -> None:
    pytest.importorskip("orjson")
    assert canonical(document) == _standard(document)
