"""Every game's records, through the game interface: a record of a game a seat resigned says
who, with the others' winners, and reads back; and a game whose records vouch for their moves (``Commands.checked``) refuses one with a move left
out, in one line. (``test_documents`` reads records of games played on back.)"""

from __future__ import annotations

import json

import pytest

from boardtable.errors import RecordError
from boardtable.games import AnyGame

from .support import one_line, sizes, walk


def _names(players: int) -> list[str]:
    return [f"seat {seat}" for seat in range(players)]


def test_a_record_of_a_resignation_says_who_resigned_and_reads_back(played: AnyGame) -> None:
    """DESIGN "Ending a match": the record's result block names the seat that resigned, its
    winners those of ``winners_among`` the others; it reads back as its options, moves and
    names, and ``record_resigned`` finds the seat again. A record nobody resigned says none."""
    for players in sizes(played):
        game = walk(played, players, 31, steps=None)
        half = len(game.moves) // 2
        state, played_moves, names = game.states[half], game.moves[:half], _names(players)
        assert not played.is_over(state)
        for seat in range(players):
            text = played.record(game.options, played_moves, state, names, "resigned", resigned=seat)
            assert played.record_resigned(text) == seat
            options, moves, named = played.read_record(text)
            assert (options, list(moves), list(named)) == (game.options, played_moves, names)
            others = [other for other in range(players) if other != seat]
            result = json.loads(text)["data"]["result"]
            assert result["resigned"] == seat
            assert result["winners"] == list(played.winners_among(state, others))
        unfinished = played.record(game.options, played_moves, state, names, "not over")
        assert played.record_resigned(unfinished) is None


def test_a_record_with_a_move_left_out_is_refused_where_records_vouch_for_their_moves(
    played: AnyGame,
) -> None:
    """A game's record check (``Commands.checked``) passes the record the game wrote of a
    finished game, and refuses it with any one move left out, in one line; a game without one
    checks records by playing their moves (``test_documents``)."""
    checked = played.commands().checked
    if checked is None:
        pytest.skip(f"{played.name}: its records do not vouch for their moves (no Commands.checked)")
    game = walk(played, played.seats[0], 33, steps=None)
    text = played.record(game.options, game.moves, game.states[-1], [], "whole")
    checked(text)
    document = json.loads(text)
    for left_out in sorted({0, len(game.moves) // 2, len(game.moves) - 1}):
        moves = document["data"]["moves"]
        tampered = {
            **document,
            "data": {**document["data"], "moves": moves[:left_out] + moves[left_out + 1 :]},
        }
        with pytest.raises(RecordError) as refused:
            checked(json.dumps(tampered))
        assert one_line(str(refused.value))
