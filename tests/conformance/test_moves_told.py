"""Events and previews agree with the moves, as far as the game interface tells them.

A seat's legal entries are its legal moves, in order, each entry's move and notation the same
move, its preview a document with its text (one line, or none); the entries made from the seat's view read
back from its document are the same (a preview says nothing the view does not hold). Each entry's
move plays; what it makes happen, as each seat and the spectator are told it, is data with one
line of text; and every rule an entry or an event names is one of the game's rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardtable.games import AnyGame

from .support import Walk, as_sent, one_line, rule_ids, sizes, walk


def _known_rules(played: AnyGame, document: object) -> None:
    """Every rule ``document`` names is one of the game's, found by its ID in any case."""
    for rule in rule_ids(document):
        found = played.rule(rule)
        assert found is not None and played.rule(rule.lower()) == found, rule


def _told(played: AnyGame, state: Any, events: tuple[Any, ...]) -> None:
    """What each seat and the spectator are told of a move: JSON data with a line of text."""
    for viewer in (*range(len(played.totals(state))), None):
        for event in played.events_seen(events, viewer, state):
            data = played.event_data(event)
            assert one_line(as_sent(data)["text"]), data
            _known_rules(played, data)


def _entries_agree(played: AnyGame, game: Walk, every: int) -> None:
    for state in game.states[::every]:
        for seat in played.to_act(state):
            view = played.view(state, seat)
            entries = [played.legal_entry(option) for option in played.legal(view, seat)]
            again = played.read_position(as_sent(played.position_data(view)))
            assert [played.legal_entry(option) for option in played.legal(again, seat)] == entries
            moves = [played.read_move(as_sent(entry["move"])) for entry in entries]
            assert moves == list(played.moves(view, seat)) == list(played.moves(state, seat))
            for entry, move in zip(entries, moves, strict=True):
                assert (
                    {"move", "notation", "preview"} <= set(entry) <= {"move", "notation", "preview", "text"}
                )
                assert "text" not in entry or one_line(entry["text"]), entry  # the move in words
                assert played.read_move(entry["notation"]) == move and played.move_data(move) == entry["move"]
                preview = entry["preview"]
                assert isinstance(preview, dict), entry
                words = preview["text"]  # none for some (Stone Age's taking back a worker)
                assert isinstance(words, str) and "\n" not in words, entry
                _known_rules(played, entry)
                after, events = played.play(state, move)
                _told(played, after, events)
    for state, events in zip(game.states[1:], game.events, strict=True):
        _told(played, state, events)


def test_entries_and_events_agree_with_the_moves(played: AnyGame) -> None:
    _entries_agree(played, walk(played, played.seats[1], 41, steps=15), every=3)


@pytest.mark.slow
def test_entries_and_events_agree_with_the_moves_of_whole_games(played: AnyGame) -> None:
    for players in sizes(played):
        _entries_agree(played, walk(played, players, 42, steps=None), every=3)
