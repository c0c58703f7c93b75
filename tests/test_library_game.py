"""What a game written on the platform's library answers where its library names none of the
table's own words (:class:`boardtable.games.library.Library`'s defaults): each event in its
own words, the picture as one part, the score sheet's total alone, as the game interface
answers them by default; and no events at all where it names no view of them (what each seat
may see is never guessed)."""

from __future__ import annotations

import random

import pytest
from attrs import evolve

import imperial_settlers_rules
import imperial_settlers_rules.records
from boardtable.games import Game
from boardtable.games.library import Library
from imperial_settlers_rules.game import ImperialSettlers


class _Bare(ImperialSettlers):
    """Imperial Settlers with its documents' functions and its events' view alone: no event
    text, picture parts or score lines."""

    library = Library.of(imperial_settlers_rules, imperial_settlers_rules.records)


class _Blind(ImperialSettlers):
    """Imperial Settlers whose library names no view of its events."""

    library = evolve(Library.of(imperial_settlers_rules, imperial_settlers_rules.records), events_view=None)


def test_a_library_without_the_tables_words_answers_the_interfaces_defaults() -> None:
    bare, told = _Bare(), ImperialSettlers()
    state = bare.new(bare.read_options({}, 2, 5))
    rng = random.Random(5)
    hidden = worded = 0
    for _ in range(60):
        seat = bare.to_act(state)[0]
        state, events = bare.play(state, rng.choice(bare.moves(state, seat)))
        for viewer in (None, 0, 1):
            assert bare.events_seen(events, viewer, state) == told.events_seen(events, viewer, state)
            hidden += told.events_seen(events, viewer, state) != events
        for event in events:
            assert bare.event_data(event) == {**bare.data(event), "text": str(event)}
            worded += told.event_data(event)["text"] != str(event)
    assert hidden and worded  # the game's own library hides a draw from the others, words an event
    with pytest.raises(NotImplementedError, match="names no events_view"):
        _Blind().events_seen(events, 0, state)
    view = bare.view(state, 0)
    assert bare.picture_parts(view) == Game.picture_parts(bare, view) == (("table", bare.picture(view)),)
    assert bare.score_lines(state) == Game.score_lines(bare, state) == (("total", bare.totals(state)),)
    assert bare.score_sheet() == Game.score_sheet(bare) == (("total", "total"),)
    assert len(told.picture_parts(view)) > 1 and len(told.score_lines(state)) > 1
