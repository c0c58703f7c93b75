"""The platform's part of the games' consistency checks (``boardtable.consistency``): the
problems it makes name their field and rule, and its walk of places finds the first item
that cannot lie where it lies."""

from __future__ import annotations

import pytest

from boardtable.consistency import Consistency, Misplaced, Places, first_rule
from boardtable.errors import Inconsistent, RecordError


class _Ours(RecordError):
    """A game's own RecordError."""


class _OurInconsistent(_Ours, Inconsistent):
    """A game's Inconsistent: its RecordError and the platform's Inconsistent."""


CHECK = Consistency(_OurInconsistent)


def test_a_problem_names_its_field_and_rule_and_is_the_game_s_error() -> None:
    found = CHECK.fail("players[1].coins", "BUY-2", "must be 0 or more, not -1")
    assert isinstance(found, _Ours) and isinstance(found, Inconsistent)
    assert (str(found), found.field, found.rule) == (
        "$.data.players[1].coins: must be 0 or more, not -1",
        "$.data.players[1].coins",
        "BUY-2",
    )


@pytest.mark.parametrize(
    ("value", "high", "cited", "message", "rule"),
    [
        (11, 10, True, "$.data.people: SETUP-1, ACT-5: must be 5 to 10, not 11", "SETUP-1"),
        (4, None, False, "$.data.people: must be 5 or more, not 4", "SETUP-1"),
        (
            2**80,
            10,
            True,
            "$.data.people: SETUP-1, ACT-5: must be 5 to 10, not a number of about 25 digits",
            "SETUP-1",
        ),
    ],
)
def test_a_value_out_of_range_cites_the_first_rule(
    value: int, high: int | None, cited: bool, message: str, rule: str
) -> None:
    found = CHECK.out_of_range(value, 5, high, "people", "SETUP-1, ACT-5", cited=cited)
    assert (str(found), found.rule) == (message, rule)


def test_the_first_rule_a_text_cites() -> None:
    assert first_rule("COLONY-1, STATUE-1, PURPLE-13") == "COLONY-1"
    assert first_rule("CIV-12 (immediate)") == "CIV-12"
    assert first_rule("nothing is taken in this section") is None


def test_the_walk_of_places_finds_the_first_item_that_cannot_lie_there() -> None:
    places = Places()
    assert places.walk("deck", ["a", None, "b"], {"a", "b", "c"}) is None
    assert places.walk("pile", ["?", "c"], {"a", "b", "c"}, hidden="?") is None
    assert places.count == 4  # the hidden one counted, the empty slot not
    assert set(places.first) == {"a", "b", "c"}
    assert places.walk("hand", ["c"], {"c"}) == Misplaced("hand", 0, "c", ("pile", 1))
    assert Places().walk("hand", ["x"], {"c"}) == Misplaced("hand", 0, "x", None)
    assert Places().walk("hand", ["?"], {"c"}) == Misplaced("hand", 0, "?", None)
