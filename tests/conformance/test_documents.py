"""Every document and record of a game reads back as what it was written from: options, positions
and views, moves (as data, in the notation and as the store keeps them), records; and what is
not one is refused in one line."""

from __future__ import annotations

import json
from xml.etree import ElementTree

import pytest

from boardtable.errors import GameError
from boardtable.games import MAX_SEED, AnyGame

from .support import Walk, as_sent, one_line, sizes, walk


def test_options_read_back(played: AnyGame) -> None:
    """The options read back from the store's text; what anyone may know of them is JSON; a
    rematch's options differ by their seed alone."""
    for players in sizes(played):
        options = played.read_options({}, players, 21)
        assert played.seed(options) == 21
        assert played.read_stored_options(played.options_text(options)) == options
        assert as_sent(played.options_data(options)) == played.options_data(options)
        again = played.reseeded(options, MAX_SEED)
        assert played.seed(again) == MAX_SEED
        assert played.options_data(again) == played.options_data(options)
        assert played.reseeded(again, 21) == options


def _positions_read_back(played: AnyGame, game: Walk) -> None:
    """Each position of ``game`` and each seat's view of it, sent as JSON, reads back as itself
    (the spectator's view is written, not read: Hadara refuses it)."""
    for state in game.states[:: max(1, len(game.states) // 8)] + game.states[-1:]:
        seats = range(len(played.totals(state)))
        for shown in (state, *(played.view(state, seat) for seat in seats)):
            document = played.position_data(shown)
            again = played.read_position(as_sent(document))
            assert again == shown
            assert played.position_data(again) == document


def test_positions_and_views_read_back(played: AnyGame) -> None:
    _positions_read_back(played, walk(played, played.seats[0], 22))


@pytest.mark.slow
def test_whole_games_positions_and_views_read_back(played: AnyGame) -> None:
    for players in sizes(played):
        _positions_read_back(played, walk(played, players, 23, steps=None))


@pytest.mark.slow
def test_the_views_of_the_seats_to_act_in_bots_games_read_back(played: AnyGame) -> None:
    """Each view an engine is sent, in whole games of the stand-in bot at every table size,
    reads back as itself."""
    for players in sizes(played):
        state = played.new(played.read_options({}, players, 27))
        bots = [played.bot(played.stand_in, f"27:{seat}", 0.01) for seat in range(players)]
        while not played.is_over(state):
            for seat in played.to_act(state):
                view = played.view(state, seat)
                assert played.read_position(as_sent(played.position_data(view))) == view, (players, seat)
            seat = played.to_act(state)[0]
            state = played.play(state, bots[seat].choose(state, seat))[0]


def test_every_legal_move_reads_back_every_way(played: AnyGame) -> None:
    """Each legal move along a game, as data sent as JSON, in its entry's notation and as the
    store keeps it, reads back as itself."""
    game = walk(played, played.seats[1], 24)
    for state in game.states[:-1:2]:
        for seat in played.to_act(state):
            view = played.view(state, seat)
            for option in played.legal(view, seat):
                entry = played.legal_entry(option)
                move = played.read_move(as_sent(entry["move"]))
                assert played.read_move(entry["notation"]) == move
                assert played.read_move(as_sent(played.move_data(move))) == move
                assert played.read_stored_move(played.move_text(move)) == move


def test_every_view_is_drawn_as_svg(played: AnyGame) -> None:
    """The picture of each seat's view and the spectator's, along a game, is an SVG document."""
    game = walk(played, played.seats[0], 28, steps=12)
    for state in game.states[::6]:
        for viewer in (*range(len(played.totals(state))), None):
            drawn = ElementTree.fromstring(played.picture(played.view(state, viewer)))
            assert drawn.tag == "{http://www.w3.org/2000/svg}svg"


def test_the_picture_s_parts_the_stage_the_lines_told_and_the_score_lines_are_the_game_s_own(
    played: AnyGame,
) -> None:
    """What a page telling a game asks (the docs' ``game-position``): the picture in named parts,
    each an SVG document, a seat's board named ``P0``… where the game draws one; where a
    position stands, by the same names all along the game; the events told in lines, each
    with rules of the game's own; the score sheet's lines, those of ``score_sheet`` in its order
    by their names, one value per seat, its ``total`` line the totals."""
    game = walk(played, played.seats[0], 28, steps=12)
    lines = [line for events in game.events for line in played.told(events)]
    assert lines and all(text and isinstance(text, str) for text, _ in lines)
    assert all(played.rule(rule) is not None for _, rules in lines for rule in rules)
    named = {word for word, _ in played.stage(game.states[0])}
    for state in game.states[::6]:
        seats = len(played.totals(state))
        parts = played.picture_parts(played.view(state, 0))
        names = [name for name, _ in parts]
        assert parts and len(set(names)) == len(names)
        assert all(ElementTree.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg" for _, svg in parts)
        assert len(parts) == 1 or {f"P{seat}" for seat in range(seats)} <= set(names)
        stage = played.stage(state)
        assert {word for word, _ in stage} == named
        assert all(isinstance(word, str) and isinstance(value, str) for word, value in stage)
        scored = played.score_lines(state)
        assert [name for name, _ in scored] == [name for _, name in played.score_sheet()]
        sheet = dict(scored)
        assert all(len(values) == seats for values in sheet.values())
        assert sheet["total"] == played.totals(state)


def _records_read_back(played: AnyGame, game: Walk) -> None:
    """The record of the game so far, at its start, half way and at the end, reads back as its
    options, moves and names; its moves played from its options lead to the position."""
    names = [f"player {seat}" for seat in range(len(played.totals(game.states[0])))]
    for upto in sorted({0, len(game.moves) // 2, len(game.moves)}):
        moves = game.moves[:upto]
        text = played.record(game.options, moves, game.states[upto], names, "conformance")
        options, again, named = played.read_record(text)
        assert (options, list(again), list(named)) == (game.options, moves, names)
        state = played.new(options)
        for move in again:
            state = played.play(state, move)[0]
        assert played.digest(state) == played.digest(game.states[upto])


def test_records_read_back(played: AnyGame) -> None:
    _records_read_back(played, walk(played, played.seats[1], 25))


@pytest.mark.slow
def test_records_of_whole_games_read_back(played: AnyGame) -> None:
    for players in sizes(played):
        game = walk(played, players, 26, steps=None)
        _records_read_back(played, game)
        assert json.loads(played.record(game.options, game.moves, game.states[-1], [], ""))


#: Texts and values that are no document of any game.
_JUNK = ["", "not json", "[1, 2", '{"schema_version": 1}', "null", '"P9 fly"']


def test_what_is_no_document_is_refused_in_one_line(played: AnyGame) -> None:
    """Junk given as stored options, a stored move, a record, a position or a move is refused
    with one of the game's errors, in one line."""
    readers = (played.read_stored_options, played.read_stored_move, played.read_record)
    for text in _JUNK:
        for read in readers:
            with pytest.raises(GameError) as refused:
                read(text)
            assert one_line(str(refused.value)), (read, text)
    values: list[object] = [None, 7, "P9 fly", [], {"kind": "game_state"}, {"type": "nothing"}]
    for value in values:
        for read_value in (played.read_position, played.read_move):
            with pytest.raises(GameError) as refused:
                read_value(value)
            assert one_line(str(refused.value)), (read_value, value)


def test_an_option_s_bad_value_is_refused_in_one_line(played: AnyGame) -> None:
    """Each option of the game's options schema, given a value it does not take (an object),
    is refused with one of the game's errors, in one line."""
    properties = played.options_schema().get("properties", {})
    assert isinstance(properties, dict)
    for option in properties:
        with pytest.raises(GameError) as refused:
            played.read_options({option: {"bad": [1]}}, played.seats[0], 1)
        assert one_line(str(refused.value)), option
