"""A seat's view document loads back as what a bot of that seat decides from (INFO-1):
an engine is handed its seat's view, and the built-in engines load it; a view that no
position shows, the spectator's, or a whole position naming a view's catalogue is refused
in one line."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from tampering import places

from hadara_rules import (
    GameConfig,
    GameState,
    RecordError,
    apply_move,
    from_json,
    legal_moves,
    new_game,
    player_view,
    to_json,
)
from hadara_rules.bots import BOTS
from hadara_rules.records import from_data, to_data


@functools.cache
def positions() -> tuple[GameState, ...]:
    """Every 7th position of a random game in each table size, basic and advanced."""
    found = []
    for players in (2, 3, 5):
        for advanced in (False, True):
            rng = random.Random(players)
            state = new_game(GameConfig(players=players, seed=players, advanced=advanced))
            while not state.is_over:
                if state.ply % 7 == 0:
                    found.append(state)
                moves = legal_moves(state)
                state = apply_move(state, moves[rng.randrange(len(moves))], check=False)
    return tuple(found)


def test_a_seats_view_loads_back_as_itself_and_bots_decide_alike_from_it() -> None:
    for state in positions()[::3]:
        seat = state.to_act[0]
        view = player_view(state, seat)
        assert from_json(to_json(view), GameState) == view  # the quick way
        loaded = from_data(json.loads(to_json(view)), GameState)  # the careful way
        assert loaded == view
        for kind in ("random", "greedy"):
            bot, again = BOTS[kind](random.Random(1)), BOTS[kind](random.Random(1))
            assert bot.choose(loaded, seat) == again.choose(state, seat)


def _view_data() -> dict[str, object]:
    state = positions()[4]
    data: dict[str, object] = to_data(player_view(state, state.to_act[0]))
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("spectator", "$.data.viewer: only a seat's own view is loaded, not the spectator's"),
        ("no such seat", "$.data.viewer: only a seat's own view is loaded, not seat 9's"),
        ("negative coins", "$.data.players[0].coins: must be 0 or more, not -3"),
        ("a hidden card shown", "not a view of any position"),
        (
            "unknown colony",
            "$.data: not a view of any position: a colony it shows is none of its catalogue's",
        ),
        ("whole catalogue", "$.data.viewer: a position is loaded whole"),
    ],
)
def test_a_view_no_position_shows_is_refused_in_one_line(change: str, message: str) -> None:
    document = _view_data()
    data = document["data"]
    assert isinstance(data, dict)
    if change == "spectator":
        data["viewer"] = -1
    elif change == "no such seat":
        data["viewer"] = 9
    elif change == "negative coins":
        data["players"][0]["coins"] = -3
    elif change == "a hidden card shown":
        data["decks"][0] = ["I-red-01" for _ in data["decks"][0]] or ["I-red-01"]
    elif change == "unknown colony":
        next(stack for stack in data["colony_stacks"] if stack)[-1] = "col-99-z"
    elif change == "whole catalogue":
        data["catalogue"] = to_data(new_game(GameConfig(players=2)))["data"]["catalogue"]  # type: ignore[index]
    with pytest.raises(RecordError) as refused:
        from_data(document, GameState)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(RecordError) as refused:
        from_json(json.dumps(document), GameState)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_whole_position_naming_the_view_catalogue_is_refused() -> None:
    state = positions()[4]
    view = player_view(state, state.to_act[0])
    text = to_json(state).replace(state.catalogue.digest, view.catalogue.digest)
    with pytest.raises(RecordError, match=r"^\$\.data\.catalogue: a whole position names its own"):
        from_json(text, GameState)


#: Values put in place of a view's own.
VALUES: tuple[object, ...] = (
    None,
    True,
    0,
    1,
    -1,
    7,
    2**40,
    "",
    "food",
    "red",
    "I-red-01",
    "col-03-a",
    "?",
    "?I-red",
    [],
    {},
    [0],
)


def test_a_tampered_view_loads_or_is_refused_in_one_line() -> None:
    """Never another error, whatever value is put anywhere in a view document."""
    rng = random.Random(5)
    states = [state for state in positions() if state.to_act]
    for _ in range(300):
        state = rng.choice(states)
        document = to_data(player_view(state, state.to_act[0]))
        data = document["data"]
        path = rng.choice(places(data))
        node: Any = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = rng.choice(VALUES)
        refusal = ""
        try:
            from_json(json.dumps(document), GameState)
        except RecordError as exc:
            refusal = str(exc)
        assert "\n" not in refusal
