"""The spectator's view (INFO-1): no id any seat may not see, every pending choice redacted."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from hadara_rules import SPECTATOR, legal_moves
from hadara_rules.records import to_json
from hadara_rules.view import HIDDEN, player_view

from .strategies import PlayedGame, hidden_from, played_games, suite_settings
from .test_views import strings

pytestmark = pytest.mark.slow


@suite_settings()
@given(played_games())
def test_the_spectator_view_never_names_a_hidden_id(game: PlayedGame) -> None:
    """At every position, the JSON of ``player_view(state, None)`` names no id hidden from
    any seat (every seat's drawn cards included), every draft choice made is redacted, and
    the spectator has no move."""
    for i, state in enumerate(game.states):
        view = player_view(state, None)
        named = strings(json.loads(to_json(view)))
        leaked = sorted(named & hidden_from(state, SPECTATOR))
        assert not leaked, (i, state.section, leaked[:5])
        for choice in view.pending:
            assert choice is None or (choice.card, choice.action, choice.tile) == (HIDDEN, HIDDEN, None)
        assert legal_moves(view) == ()
