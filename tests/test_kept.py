"""What every catalogue keeps (``hadara_rules._kept``): its own tables, bounded, emptied
together by one call."""

from __future__ import annotations

from typing import Any

from helpers import seeded_game

from hadara_rules import GameState, from_json, load_catalogue, to_json
from hadara_rules._effects import TOTALLED
from hadara_rules._kept import Kept, Part, forget
from hadara_rules._rules.draft import DRAFTS
from hadara_rules._rules.pick import PICKS
from hadara_rules._tableau import COUNTED, PRINTED


def test_one_call_empties_everything_every_catalogue_keeps() -> None:
    positions = list(seeded_game(3, False, 5))
    assert from_json(to_json(positions[-1]), GameState) == positions[-1]  # a position read is checked
    kept = load_catalogue().kept
    parts: list[Part[Any, Any]] = [COUNTED.part, PRINTED.part, TOTALLED.part, DRAFTS.part, PICKS.part]
    assert all(kept.table(part) for part in parts)
    forget()
    assert not any(kept.tables.values())
    # and play goes on from cold tables to the same positions
    assert list(seeded_game(3, False, 5)) == positions
    assert kept.table(COUNTED.part)


def test_a_full_table_is_emptied_before_the_next_value() -> None:
    kept, part = Kept(), Part[int, str]("test values", bound=2)
    kept.keep(part, 1, "one")
    kept.keep(part, 2, "two")
    assert kept.keep(part, 3, "three") == "three"
    assert kept.table(part) == {3: "three"}
