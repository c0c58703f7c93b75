"""Scoring (SCORE-1…7): the score pad adds up, at the end and as if the game ended now."""

from __future__ import annotations

from hypothesis import given

from hadara_rules import score, winners
from hadara_rules._rules.scoring import CATEGORIES

from .strategies import PlayedGame, played_games, suite_settings


@suite_settings(dear=True)
@given(played_games())
def test_score_totals_add_up_and_categories_are_never_negative(game: PlayedGame) -> None:
    """SCORE-1…6: at every position, each sheet's total is the sum of its categories and no
    category is negative; SCORE-7: the winners are players with the highest total."""
    for i, state in enumerate(game.states):
        sheets = score(state)
        assert [s.player for s in sheets] == list(range(len(state.players)))
        for sheet in sheets:
            values = [getattr(sheet, c) for c in CATEGORIES if c != "total"]
            assert all(v >= 0 for v in values), (i, sheet)
            assert sheet.total == sum(values), (i, sheet)
            assert sheet.coins == state.players[sheet.player].coins // 5
    final = score(game.final)
    best = max(s.total for s in final)
    won = winners(game.final)
    assert won
    assert all(final[w].total == best for w in won)
