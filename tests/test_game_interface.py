"""What every game of :mod:`boardtable.games` answers alike, for an engine, a bot or a
server: a seat's own view is what it sees already, a view document reads back as the view,
a move's data and notation read back as the move, the plain legal moves are the moves the
seat is offered with their previews and none is refused, and a finished game's totals
crown its winners."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardtable.errors import IllegalMove
from boardtable.games import AnyGame, game, names


def _positions(played: AnyGame, seed: int) -> tuple[list[Any], Any]:
    """Every position of a 2-player game of random moves, and the last move played."""
    state = played.new(played.read_options({}, 2, seed))
    rng = random.Random(seed)
    seen, move = [state], None
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        move = rng.choice(played.moves(state, seat))
        state = played.play(state, move)[0]
        seen.append(state)
    return seen, move


@pytest.mark.parametrize("name", names())
def test_every_game_answers_an_engine_alike(name: str) -> None:
    played = game(name)
    positions, last = _positions(played, 7)
    for state in positions[:: max(1, len(positions) // 12)]:
        if played.is_over(state):
            continue
        seat = played.to_act(state)[0]
        view = played.view(state, seat)
        assert played.view(view, seat) == view
        assert played.read_position(played.position_data(view)) == view
        moves = played.moves(view, seat)
        assert moves == played.moves(state, seat)
        assert moves == tuple(option.move for option in played.legal(view, seat))
        for move in moves:
            assert played.refusal(view, move) is None and played.mover(move) == seat
            assert played.read_move(played.move_data(move)) == move == played.read_move(str(move))
    final = positions[-1]
    refused = played.refusal(final, last)
    assert isinstance(refused, IllegalMove) and refused.rule.startswith("FLOW-")
    totals = played.totals(final)
    assert len(totals) == 2 and all(type(total) is int for total in totals)
    assert {totals[seat] for seat in played.winners(final)} == {max(totals)}
