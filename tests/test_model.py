"""The position records: fast copies are exactly what ``attrs.evolve`` makes, and stay frozen."""

from __future__ import annotations

import attrs
import pytest

from hadara_rules import GameConfig, new_game
from hadara_rules.model import GameState, PlayerState, Section, Track, Tracks, replace

_STATE = new_game(GameConfig(players=3, seed=11))
_PLAYER = _STATE.players[1]
#: A new value for every field of every record ``replace`` copies.
_CHANGES: dict[type[object], dict[str, object]] = {
    GameState: {
        "players": _STATE.players[:2],
        "epoch": 2,
        "phase": "B",
        "section": Section.FEEDING,
        "first_player": 2,
        "turn": 1,
        "board_order": tuple(reversed(_STATE.board_order)),
        "wheel": 3,
        "round": 4,
        "decks": ((), (), (), (), ("x",)),
        "later_decks": (),
        "outer_piles": (("a",), (), (), (), ()),
        "colony_stacks": (),
        "pending": (None, None, None),
        "sold": ("s",),
        "removed": ("r",),
        "box": ("b",),
        "advanced": True,
        "tie_break_all_coins": True,
        "ply": 9,
        "viewer": 0,
        "catalogue": _STATE.catalogue,
    },
    PlayerState: {
        "start_card": "start-9",
        "side": "B",
        "coins": 99,
        "tracks": Tracks(1, 2, 3, 4),
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
_RECORDS: dict[type[object], object] = {GameState: _STATE, PlayerState: _PLAYER, Tracks: Tracks(1, 1, 1, 1)}


def test_every_field_is_covered() -> None:
    for cls, changes in _CHANGES.items():
        assert set(changes) == {a.name for a in attrs.fields(cls)}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "name"), [(cls, name) for cls, changes in _CHANGES.items() for name in changes]
)
def test_replace_is_evolve(cls: type[object], name: str) -> None:
    original = _RECORDS[cls]
    before = attrs.asdict(original, recurse=False)  # type: ignore[arg-type]
    value = _CHANGES[cls][name]
    copy = replace(original, **{name: value})
    expected = attrs.evolve(original, **{name: value})  # type: ignore[misc]
    assert type(copy) is cls
    assert attrs.asdict(copy, recurse=False) == attrs.asdict(expected, recurse=False)  # type: ignore[arg-type]
    assert getattr(copy, name) is value
    assert copy == expected
    assert hash(copy) == hash(expected)
    assert attrs.asdict(original, recurse=False) == before  # type: ignore[arg-type]


def test_a_copy_is_frozen_and_its_hash_is_its_own() -> None:
    hash(_STATE)  # fill the original's hash cache before copying
    copy = replace(_STATE, turn=_STATE.turn + 1)
    assert copy != _STATE
    assert hash(copy) == hash(attrs.evolve(_STATE, turn=_STATE.turn + 1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turn = 0  # type: ignore[misc]
    player = replace(_PLAYER)
    assert player == _PLAYER
    assert player is not _PLAYER
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        player.coins = 0  # type: ignore[misc]
