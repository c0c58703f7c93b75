"""What a viewer is sent, made once per seq and per viewer: always what a fresh one would be.

:class:`~boardtable.server.present.Presenter` keeps each viewer's view at a seq
and each entry's events as JSON, and puts a view or a WebSocket message together
from them. The property: whatever was asked before, by whichever viewer, at
whichever ply, every view and every message is byte for byte the JSON of the
document made afresh from the library (the viewer's
:func:`~hadara_rules.player_view`, its legal moves and their previews, the
events as it sees them), written as ``json.dumps`` writes it compactly.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardtable.server import present
from boardtable.server.entries import Played
from boardtable.server.match import Match
from boardtable.server.present import Presenter
from boardtable.server.settings import Settings
from boardtable.server.store import SeatEntry
from hadara_rules import GameConfig, GameState, legal_moves, new_game, player_view, preview
from hadara_rules._model import SPECTATOR
from hadara_rules._said import move_text
from hadara_rules.events import Event, apply_move_with_events, events_seen_by
from hadara_rules.game import HADARA, Hadara
from hadara_rules.records import to_data

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
    """The events of the entries from ``since`` on, each with its entry's seq and its move's ply."""
    viewer = SPECTATOR if seat is None else seat
    return [
        {"seq": seq, "ply": seq, **_data(event), "text": str(event)}
        for seq, told in enumerate(events)
        if seq >= since
        for event in events_seen_by(told, viewer, state.catalogue)
    ]


def _view(
    state: GameState,
    events: list[tuple[Event, ...]],
    seat: int | None,
    since: int,
    seats: tuple[SeatEntry, ...],
    connected: frozenset[int] = frozenset(),
    moved: Collection[int] = (),
) -> bytes:
    """The view of ``seat`` in a match of person's seats (all taken: ``seats``) where the seats
    ``moved`` have moved."""
    seen = player_view(state, seat)
    legal = []
    if seat is not None and seat in state.to_act:
        for move in legal_moves(state, seat):
            told = preview(seen, move)
            data = {key: value for key, value in _data(told).items() if key != "move"}
            said = move_text(seen, move)  # the move in words, as the terminal lists it
            entry = {"move": _data(move), "notation": str(move), "preview": {**data, "text": str(told)}}
            legal.append({**entry, "text": said})
    document = {
        "seat": seat,
        "seq": state.ply,
        "ply": state.ply,
        "to_act": list(state.to_act),
        "started": True,
        "over": state.is_over,
        "seed_chosen": False,
        "position": to_data(seen),
        "legal": legal,
        "takeback": False,
        "endings": []
        if seat is None or state.is_over
        else ["resign", *(["abort"] if set(moved) != set(range(len(seats))) else [])],
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "connected": s.seat in connected} for s in seats
        ],
        "clock": None,
        "rematch": None,
        "events": _events(state, events, seat, since),
    }
    return _json(document)


def _advance(match: Match, move: object, events: list[tuple[Event, ...]]) -> None:
    """Play ``move`` on ``match`` as if the store had confirmed it, keeping its events."""
    after, told = apply_move_with_events(match.state, move)  # type: ignore[arg-type]
    events.append(told)
    match.apply(Played(move, after, told), 0.0)


@settings(max_examples=25)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.lists(
        st.tuples(st.sampled_from(["view", "connected", "move"]), st.integers(0, 4), st.integers(0, 99)),
        max_size=3 * _MOVES,
    ),
)
def test_every_view_and_message_is_the_one_made_afresh(
    players: int, seed: int, steps: list[tuple[str, int, int]]
) -> None:
    config = GameConfig(players=players, seed=seed)
    seats = tuple(SeatEntry(seat, "human", f"P{seat}", "hash") for seat in range(players))
    match = _new(config, seats)
    events: list[tuple[Event, ...]] = []
    presenter = Presenter()
    moved: set[int] = set()
    for what, viewer, choice in steps:
        state = match.state
        seat = None if viewer >= players else viewer
        since = choice % (state.ply + 1)
        if what == "view":
            assert presenter.view(match, seat, since) == _view(state, events, seat, since, seats, moved=moved)
        elif what == "connected":
            connected = frozenset(s for s in range(players) if choice >> s & 1)
            made = presenter.view(match, seat, since, connected)
            assert made == _view(state, events, seat, since, seats, connected, moved)
        elif not state.is_over:
            mover = state.to_act[viewer % len(state.to_act)]
            moved.add(mover)
            moves = legal_moves(state, mover)
            _advance(match, moves[choice % len(moves)], events)


def _new(config: GameConfig, seats: tuple[SeatEntry, ...] | None = None) -> Match:
    if seats is None:
        seats = (SeatEntry(0, "human", "A", "hash"), SeatEntry(1, "human", "B", "hash"))
    return Match("m", HADARA, config, Settings(), seats, new_game(config))


def test_a_view_kept_at_a_seq_is_not_served_at_the_next() -> None:
    match = _new(GameConfig(players=2, seed=5))
    events: list[tuple[Event, ...]] = []
    presenter = Presenter()
    before = presenter.view(match, 0, 0)
    _advance(match, legal_moves(match.state, 0)[0], events)
    after = presenter.view(match, 0, 0)
    assert after != before and after == _view(
        match.state, events, 0, 0, match.seats, moved={m.player for m in match.moves}
    )


def test_what_is_kept_once_made_is_bounded() -> None:
    """Every table keeps at most its bound, the least recently used dropped first."""
    table: present._Table[int, int] = present._Table(3)
    made: list[int] = []

    def make(key: int) -> int:
        made.append(key)
        return key * 2

    for key in (1, 1, 2, 3, 1, 4, 2, 5, 5):
        assert table.made(key, partial(make, key)) == key * 2
        assert len(table) <= 3
    assert made == [1, 2, 3, 4, 2, 5]  # 4 dropped 2, the least recently used; 1 stayed


def test_a_seat_keeps_the_entries_of_its_options_while_they_stay_and_only_those(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While another seat makes its draft choice (DRAFT-3), a seat's options stay as they are:
    its entries are reused, not made again."""
    made: list[object] = []
    entry = Hadara.legal_entry

    def counted(game: Hadara, option: object) -> dict[str, object]:
        made.append(option)
        return entry(game, option)  # type: ignore[arg-type]

    monkeypatch.setattr(Hadara, "legal_entry", counted)
    match = _new(GameConfig(players=2, seed=5))
    events: list[tuple[Event, ...]] = []
    presenter = Presenter()
    while len(match.state.to_act) < 2:  # up to the first draft round, both seats choosing
        _advance(match, legal_moves(match.state, match.state.to_act[0])[0], events)
    presenter.view(match, 1, match.state.ply)
    shown = list(made)
    _advance(match, legal_moves(match.state, 0)[0], events)
    again = presenter.view(match, 1, match.state.ply)
    assert again == _view(
        match.state, events, 1, match.state.ply, match.seats, moved={m.player for m in match.moves}
    )
    assert made == shown  # the same options: none made again
    _advance(match, legal_moves(match.state, 1)[0], events)
    later = presenter.view(match, 1, match.state.ply)
    assert later == _view(
        match.state, events, 1, match.state.ply, match.seats, moved={m.player for m in match.moves}
    )
