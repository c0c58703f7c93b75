"""The position records: fast copies are exactly what ``attrs.evolve`` makes, and stay frozen."""

from __future__ import annotations

import attrs
import pytest

from hadara_rules import GameConfig, new_game
from hadara_rules._copy import amend, replace
from hadara_rules._model import GameState, PlayerState
from hadara_rules._vocabulary import Crest, Section, Track, Tracks

#: The records ``replace`` copies.
_CLASSES: tuple[type[object], ...] = (GameState, PlayerState, Tracks)


@pytest.fixture(scope="module")
def state() -> GameState:
    return new_game(GameConfig(players=3, seed=11))


@pytest.fixture(scope="module")
def records(state: GameState) -> dict[type[object], object]:
    """One record of every class ``replace`` copies."""
    return {GameState: state, PlayerState: state.players[1], Tracks: Tracks(1, 1, 1, 1)}


@pytest.fixture(scope="module")
def changes(state: GameState) -> dict[type[object], dict[str, object]]:
    """A new value for every field of every record ``replace`` copies."""
    return {
        GameState: {
            "players": state.players[:2],
            "epoch": 2,
            "phase": "B",
            "section": Section.FEEDING,
            "first_player": 2,
            "turn": 1,
            "board_order": tuple(reversed(state.board_order)),
            "wheel": 3,
            "round": 4,
            "decks": ((), (), (), (), ("x",)),
            "later_decks": (),
            "outer_piles": (("a",), (), (), (), ()),
            "colony_stacks": (),
            "pending": (None, None, None),
            "sold": ("s",),
            "sellers": (1,),
            "sold_openly": (True,),
            "removed": ("r",),
            "box": ("b",),
            "advanced": True,
            "tie_break_all_coins": True,
            "ply": 9,
            "viewer": 0,
            "catalogue": state.catalogue,
        },
        PlayerState: {
            "start_card": "start-9",
            "side": "B",
            "coins": 99,
            "tracks": Tracks(1, 2, 3, 4),
            "crest": Crest.SCARAB,
            "cards": ("c",),
            "colonies": (),
            "statues": (),
            "silver": (Track.FOOD,),
            "gold": 2,
            "free_tiles": (Track.CULTURE,),
            "tiles_on_cards": (),
            "drawn": ("d", "e"),
            "section_takes": 1,
            "section_paid": 3,
        },
        Tracks: {"income": 5, "military": 6, "culture": 7, "food": 8},
    }


def test_every_field_is_covered(changes: dict[type[object], dict[str, object]]) -> None:
    assert set(changes) == set(_CLASSES)
    for cls, values in changes.items():
        assert set(values) == {a.name for a in attrs.fields(cls)}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "name"),
    [(cls, a.name) for cls in _CLASSES for a in attrs.fields(cls)],  # type: ignore[arg-type]
)
def test_replace_is_evolve(
    cls: type[object],
    name: str,
    records: dict[type[object], object],
    changes: dict[type[object], dict[str, object]],
) -> None:
    original = records[cls]
    before = attrs.asdict(original, recurse=False)  # type: ignore[arg-type]
    value = changes[cls][name]
    copy = replace(original, **{name: value})
    expected = attrs.evolve(original, **{name: value})  # type: ignore[misc]
    assert type(copy) is cls
    assert attrs.asdict(copy, recurse=False) == attrs.asdict(expected, recurse=False)  # type: ignore[arg-type]
    assert getattr(copy, name) is value
    assert copy == expected
    assert hash(copy) == hash(expected)
    assert attrs.asdict(original, recurse=False) == before  # type: ignore[arg-type]


def test_a_copy_is_frozen_and_its_hash_is_its_own(state: GameState) -> None:
    hash(state)  # fill the original's hash cache before copying
    copy = replace(state, turn=state.turn + 1)
    assert copy != state
    assert hash(copy) == hash(attrs.evolve(state, turn=state.turn + 1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turn = 0  # type: ignore[misc]
    original = state.players[1]
    player = replace(original)
    assert player == original
    assert player is not original
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        player.coins = 0  # type: ignore[misc]


@pytest.mark.parametrize("kind", [GameState, PlayerState])
def test_amend_changes_a_record_nobody_has_hashed_and_refuses_one_that_was(
    state: GameState, kind: type[GameState] | type[PlayerState]
) -> None:
    record: GameState | PlayerState = (
        replace(state.players[0], coins=5) if kind is PlayerState else replace(state, ply=7)
    )
    field = "coins" if kind is PlayerState else "ply"
    amend(record, {field: 9})
    assert getattr(record, field) == 9
    hash(record)
    with pytest.raises(RuntimeError, match="hash was cached"):
        amend(record, {field: 10})
    assert getattr(record, field) == 9
