"""What a viewer is sent, made once per ply and per viewer: always what a fresh one would be.

:mod:`~hadara_rules.server.present` keeps each viewer's view at a ply and each
move's events as JSON, and puts a view or a WebSocket message together from
them. The property: whatever was asked before, by whichever viewer, at
whichever ply, every view and every message is byte for byte the JSON of the
document made afresh from the library (the viewer's
:func:`~hadara_rules.player_view`, its legal moves and their previews, the
events as it sees them), written as ``json.dumps`` writes it compactly.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hadara_rules import GameConfig, GameState, legal_moves, new_game, player_view, preview
from hadara_rules._model import SPECTATOR
from hadara_rules.events import Event, apply_move_with_events, events_seen_by
from hadara_rules.records import to_data
from hadara_rules.server import present
from hadara_rules.server.matches import Match
from hadara_rules.server.store import SeatEntry

#: Moves played per example at most.
_MOVES = 12


def _json(document: object) -> bytes:
    """The JSON of ``document`` as the contract writes it (Starlette's ``JSONResponse`` does so)."""
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def _data(thing: object) -> dict[str, object]:
    data = to_data(thing)["data"]
    assert isinstance(data, dict)
    return data


def _events(state: GameState, events: list[tuple[Event, ...]], seat: int | None, since: int) -> list[object]:
    viewer = SPECTATOR if seat is None else seat
    return [
        {**_data(event), "text": str(event)}
        for told in events[since:]
        for event in events_seen_by(told, viewer, state.catalogue)
    ]


def _view(state: GameState, events: list[tuple[Event, ...]], seat: int | None, since: int) -> bytes:
    seen = player_view(state, seat)
    legal = []
    if seat is not None and seat in state.to_act:
        for move in legal_moves(state, seat):
            told = preview(seen, move)
            data = {key: value for key, value in _data(told).items() if key != "move"}
            legal.append({"move": _data(move), "notation": str(move), "preview": {**data, "text": str(told)}})
    document = {
        "seat": seat,
        "ply": state.ply,
        "to_act": list(state.to_act),
        "position": to_data(seen),
        "legal": legal,
        "events": _events(state, events, seat, since),
    }
    return _json(document)


def _update(state: GameState, events: list[tuple[Event, ...]], seat: int | None, since: int) -> str:
    document = {"ply": state.ply, "to_act": list(state.to_act), "events": _events(state, events, seat, since)}
    return _json(document).decode()


@settings(max_examples=25)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.lists(
        st.tuples(st.sampled_from(["view", "update", "move"]), st.integers(0, 4), st.integers(0, 99)),
        max_size=3 * _MOVES,
    ),
)
def test_every_view_and_message_is_the_one_made_afresh(
    players: int, seed: int, steps: list[tuple[str, int, int]]
) -> None:
    config = GameConfig(players=players, seed=seed)
    seats = tuple(SeatEntry(seat, "human", f"P{seat}") for seat in range(players))
    match = Match("m", config, seats, new_game(config))
    for what, viewer, choice in steps:
        state = match.state
        seat = None if viewer >= players else viewer
        since = choice % (state.ply + 1)
        if what == "view":
            assert present.view(match, seat, since) == _view(state, match.events, seat, since)
        elif what == "update":
            assert present.update(match, seat, since) == _update(state, match.events, seat, since)
        elif not state.is_over:
            mover = state.to_act[viewer % len(state.to_act)]
            moves = legal_moves(state, mover)
            match.advance(
                moves[choice % len(moves)], *apply_move_with_events(state, moves[choice % len(moves)])
            )


def test_a_view_kept_for_a_ply_is_not_served_at_the_next() -> None:
    """The kept views are dropped when the match moves, and one of another ply is never served."""
    config = GameConfig(players=2, seed=5)
    match = Match("m", config, (SeatEntry(0, "human", "A"), SeatEntry(1, "human", "B")), new_game(config))
    state = match.state
    before = present.view(match, 0, 0)
    assert match.positions
    move = legal_moves(state, 0)[0]
    match.advance(move, *apply_move_with_events(state, move))
    assert not match.positions
    match.positions[0] = (state.ply, b'{"stale":true}')  # as if kept at the ply before
    after = present.view(match, 0, 0)
    assert after != before and after == _view(match.state, match.events, 0, 0)


def test_what_is_kept_once_made_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A legal move's entry and an event's JSON are kept, each table emptied once it is full."""
    monkeypatch.setattr(present, "_KEPT", 3)
    table: dict[int, int] = {}
    made: list[int] = []

    def make(key: int) -> int:
        made.append(key)
        return key * 2

    for key in (1, 1, 2, 3, 1, 4, 1, 5, 5):
        assert present._kept(table, key, make) == key * 2
        assert len(table) <= 3
    assert made == [1, 2, 3, 4, 1, 5]  # 4 found the table full and emptied it: 1 was made again


def test_a_seat_keeps_the_entries_of_its_options_while_they_stay_and_only_those() -> None:
    """While another seat makes its draft choice (DRAFT-3), a seat's options stay as they are:
    its entries are reused, not made again; the match keeps the entries of the options each
    seat was last shown, and only those."""
    config = GameConfig(players=2, seed=5)
    match = Match("m", config, (SeatEntry(0, "human", "A"), SeatEntry(1, "human", "B")), new_game(config))
    while len(match.state.to_act) < 2:  # up to the first draft round, both seats choosing
        move = legal_moves(match.state, match.state.to_act[0])[0]
        match.advance(move, *apply_move_with_events(match.state, move))
    present.view(match, 1, match.state.ply)
    shown = match.options[1]
    move = legal_moves(match.state, 0)[0]
    match.advance(move, *apply_move_with_events(match.state, move))
    again = present.view(match, 1, match.state.ply)
    assert again == _view(match.state, match.events, 1, match.state.ply)
    assert list(match.options[1]) == list(shown)  # the same options
    assert all(match.options[1][told] is shown[told] for told in shown)  # not made again
    chosen = legal_moves(match.state, 1)[0]
    match.advance(chosen, *apply_move_with_events(match.state, chosen))
    later = present.view(match, 1, match.state.ply)
    assert later == _view(match.state, match.events, 1, match.state.ply)
    if 1 in match.state.to_act:  # the options of the next round, and none of the last
        assert not set(match.options[1]) & set(shown)
