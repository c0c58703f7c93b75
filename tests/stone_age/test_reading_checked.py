"""Reading a position checks it: ``from_json`` of a position the game could not be in is a
RecordError naming the field (``stone_age_rules.wellformed``), and every position and view
of a game still loads back as itself."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hadara_rules import RecordError
from stone_age_rules import GameConfig, GameState, player_view
from stone_age_rules.records import from_json, to_json

from .test_wellformed import (
    GAMES,
    MUTATIONS,
    VIEW_MUTATIONS,
    Document,
    document,
    game,
    integer_paths,
    samples,
    set_field,
    situation,
)


def _read(data: Document) -> GameState:
    return from_json(json.dumps(data), GameState)


@pytest.mark.parametrize("config", GAMES, ids=repr)
def test_positions_and_views_of_a_game_load_back_as_themselves(config: GameConfig) -> None:
    seats: list[int | None] = [None, *range(config.players)]
    for ply, state in enumerate(game(config)[::7]):
        assert from_json(to_json(state), GameState) == state
        view = player_view(state, seats[ply % len(seats)])
        assert from_json(to_json(view), GameState) == view


@pytest.mark.parametrize(("what", "where", "change", "message"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_changed_position_is_refused_by_from_json(
    what: str, where: str, change: Callable[[Document], None], message: str
) -> None:
    data = document(situation(where))
    change(data["data"])
    with pytest.raises(RecordError) as refused:
        _read(data)
    assert message in str(refused.value) and "\n" not in str(refused.value), what


@pytest.mark.parametrize(
    ("what", "view", "change", "message"), VIEW_MUTATIONS, ids=[m[0] for m in VIEW_MUTATIONS]
)
def test_a_changed_view_is_refused_by_from_json(
    what: str, view: Callable[[], Document], change: Callable[[Document], None], message: str
) -> None:
    data = view()
    change(data["data"])
    with pytest.raises(RecordError) as refused:
        _read(data)
    assert message in str(refused.value), what


@given(st.data())
def test_from_json_of_any_integer_changed_loads_or_is_a_record_error(data: st.DataObject) -> None:
    changed = document(data.draw(st.sampled_from(samples())))
    path = data.draw(st.sampled_from(integer_paths(changed["data"])))
    set_field("data", *path, value=data.draw(st.integers(-12, 12) | st.integers(-(2**63), 2**63 - 1)))(
        changed
    )
    try:
        loaded = _read(changed)
    except RecordError as exc:
        refusal = str(exc)
    else:
        assert from_json(to_json(loaded), GameState) == loaded
        return
    assert refusal and "\n" not in refusal
