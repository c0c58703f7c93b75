"""The legal moves and the refusals are one list: every legal move of a seat is accepted, from the
position and from the seat's own view; any other move (another seat's, or one legal elsewhere in
the game) is refused exactly when it is not in its mover's list, naming a rule of the game's own,
and playing it raises that refusal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardtable.errors import IllegalMove
from boardtable.games import AnyGame

from .support import Walk, one_line, sizes, walk

#: The moves tried at each position, drawn from those legal somewhere in the game.
TRIED = 12


def _refused_rightly(played: AnyGame, refused: IllegalMove | None) -> IllegalMove:
    assert isinstance(refused, IllegalMove)
    assert played.rule(refused.rule) is not None, refused.rule
    assert played.rule_text(refused.rule), refused.rule
    assert one_line(str(refused)) and one_line(refused.reason)
    return refused


def _each_move_legal_or_refused(played: AnyGame, game: Walk, seed: int) -> None:
    rng = random.Random(seed)
    anywhere = sorted(
        {(played.mover(move), played.move_text(move)): move for move in _every_legal(played, game)}.items()
    )
    pool = [move for _, move in anywhere]
    for state in game.states:
        seats = range(len(played.totals(state)))
        legal = {seat: played.moves(state, seat) for seat in seats}
        for seat in seats:
            if seat not in played.to_act(state):
                assert legal[seat] == (), f"P{seat} is not to act"
            view = played.view(state, seat)
            assert played.moves(view, seat) == legal[seat]
            for move in legal[seat]:
                assert played.mover(move) == seat
                assert played.refusal(state, move) is None and played.refusal(view, move) is None
        for move in rng.sample(pool, min(TRIED, len(pool))):
            mover = played.mover(move)
            refused = played.refusal(state, move)
            assert (refused is None) == (move in legal[mover]), move
            assert (played.refusal(played.view(state, mover), move) is None) == (refused is None), move
            if refused is not None:
                _refused_rightly(played, refused)
                with pytest.raises(IllegalMove) as raised:
                    played.play(state, move)
                assert raised.value == refused
    final = game.states[-1]
    if played.is_over(final):
        assert played.to_act(final) == ()
        for move in rng.sample(pool, min(TRIED, len(pool))):
            _refused_rightly(played, played.refusal(final, move))


def _every_legal(played: AnyGame, game: Walk) -> list[Any]:
    """Every move legal for some seat somewhere along the game."""
    return [
        move for state in game.states for seat in played.to_act(state) for move in played.moves(state, seat)
    ]


def test_legal_moves_are_accepted_and_every_other_move_refused_naming_its_rule(played: AnyGame) -> None:
    game = walk(played, played.seats[1], 31)
    _each_move_legal_or_refused(played, game, 31)


@pytest.mark.slow
def test_in_whole_games_legal_moves_are_accepted_and_every_other_move_refused(played: AnyGame) -> None:
    for players in sizes(played):
        game = walk(played, players, 33, steps=None)
        _each_move_legal_or_refused(played, game, 33)
