"""The same options, seed and moves give the same game: positions, digests, views, events and
records, when the game is played again, when every document on the way is written and read
back, and in another process with another hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from boardtable.games import AnyGame

from .support import STEPS, Walk, as_sent, sizes, toy_environment, walk


def _told(played: AnyGame, state: Any, events: tuple[Any, ...]) -> list[Any]:
    """What everyone is told of a move: the events as each seat and the spectator see them."""
    viewers = (*range(len(played.totals(state))), None)
    return [[played.event_data(event) for event in played.events_seen(events, v, state)] for v in viewers]


def _trace(played: AnyGame, options: Any, moves: list[Any], documents: bool) -> list[Any]:
    """Each position's digest, document and views, with what everyone was told of the move that
    made it; then the record. With ``documents``, the game is played from its documents: the
    options read back from the store's text, each position from its document sent as JSON, each
    move from the store's text."""
    if documents:
        options = played.read_stored_options(played.options_text(options))
    state = played.new(options)
    seats = range(len(played.totals(state)))
    trace: list[Any] = []
    for move in [None, *moves]:
        if move is not None:
            if documents:
                state = played.read_position(as_sent(played.position_data(state)))
                move = played.read_stored_move(played.move_text(move))
            state, events = played.play(state, move)
            trace.append(_told(played, state, events))
        views = [played.position_data(played.view(state, viewer)) for viewer in (*seats, None)]
        trace.append((played.digest(state), played.position_data(state), views, played.to_act(state)))
    names = [f"seat {seat}" for seat in seats]
    trace.append(played.record(options, moves, state, names, "conformance"))
    return trace


def _same_game_three_ways(played: AnyGame, game: Walk) -> None:
    again = _trace(played, game.options, game.moves, documents=False)
    assert again == _trace(played, game.options, game.moves, documents=True)
    assert [entry[0] for entry in again[0:-1:2]] == [played.digest(state) for state in game.states]
    assert again[1:-1:2] == [_told(played, s, e) for s, e in zip(game.states[1:], game.events, strict=True)]


def test_the_same_moves_give_the_same_game_from_their_documents_too(played: AnyGame) -> None:
    """A game of random moves, played again from the same options and moves and once more from
    every document on the way, gives the same positions, digests, views, events and record."""
    _same_game_three_ways(played, walk(played, played.seats[0], 11))


@pytest.mark.slow
def test_whole_games_are_the_same_from_their_documents_too(played: AnyGame) -> None:
    for players in sizes(played):
        _same_game_three_ways(played, walk(played, players, 12, steps=None))


def test_a_digest_tells_positions_apart(played: AnyGame) -> None:
    """Along a game, two positions have the same digest exactly when their documents are the
    same, and a position read back from its document has its digest."""
    game = walk(played, played.seats[1], 13)
    documents: dict[str, str] = {}
    for state in game.states:
        document = json.dumps(played.position_data(state), sort_keys=True)
        assert documents.setdefault(played.digest(state), document) == document
        assert played.digest(played.read_position(json.loads(document))) == played.digest(state)
    assert len(set(documents.values())) == len(documents)


#: What a process of its own prints of a game: its digests and what each seat was told.
_SCRIPT = """
import json, sys
from boardtable.games import game
from conformance.support import walk
played = game(sys.argv[1])
found = walk(played, int(sys.argv[2]), 14, int(sys.argv[3]))
digests = [played.digest(state) for state in found.states]
told = [[played.event_data(e) for e in played.events_seen(events, 0, state)]
        for state, events in zip(found.states[1:], found.events)]
print(json.dumps([digests, told]))
"""


@pytest.mark.slow
def test_another_process_plays_the_same_game(played: AnyGame) -> None:
    """A process with another hash seed, finding the toy by ``BOARDTABLE_GAMES``, plays the same
    game from the same seed and moves: the same digests, and the same events."""
    players, steps = played.seats[1], 4 * STEPS
    environment = {**os.environ, **toy_environment(), "PYTHONHASHSEED": "12345"}
    ran = subprocess.run(
        [sys.executable, "-c", _SCRIPT, played.name, str(players), str(steps)],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    here = walk(played, players, 14, steps)
    told = [
        [played.event_data(e) for e in played.events_seen(events, 0, state)]
        for state, events in zip(here.states[1:], here.events, strict=True)
    ]
    assert json.loads(ran.stdout) == as_sent([[played.digest(state) for state in here.states], told])
