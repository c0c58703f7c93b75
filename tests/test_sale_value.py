"""SELL-1: a sold card gives the coins printed on its back, by the card's own epoch (p. 5),
in play, in the preview and in the events alike."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import scenario_position

from hadara_rules import Pick, apply_move_with_events, sale_value
from hadara_rules.events import CoinReason, CoinsChanged


def epoch_ii_pick(owner_of_purple_1: bool) -> dict[str, Any]:
    """Phase B of epoch II: an epoch-I card on top of the yellow pile, an epoch-II card below."""
    return {
        "rules": ["SELL-1"],
        "config": {"players": 2, "seed": 0},
        "components": {
            "cards": [
                {"id": "x-old", "epoch": 1, "color": "yellow", "cost": 2, "points": 1, "income": 1},
                {"id": "x-new", "epoch": 2, "color": "yellow", "cost": 5, "points": 3, "income": 2},
                {"id": "x-p1", "epoch": 1, "color": "purple", "cost": 1, "points": 1, "effect": "PURPLE-1"},
            ]
        },
        "given": {
            "epoch": 2,
            "phase": "B",
            "section": "pick",
            "first_player": 0,
            "outer_piles": {"yellow": ["x-new", "x-old"]},
            "players": {0: {"coins": 1, "cards": ["x-p1"] if owner_of_purple_1 else []}},
        },
    }


@pytest.mark.parametrize(
    ("bonus", "card", "coins"), [(0, "x-old", 2), (1, "x-old", 3), (0, "x-new", 3), (1, "x-new", 4)]
)
def test_the_preview_uses_the_cards_epoch(bonus: int, card: str, coins: int) -> None:
    state = scenario_position(epoch_ii_pick(owner_of_purple_1=bool(bonus)))
    assert state.epoch == 2
    assert sale_value(state, 0, card) == coins


@pytest.mark.parametrize("bonus", [0, 1])
def test_selling_an_older_card_pays_its_own_epochs_coins(bonus: int) -> None:
    state = scenario_position(epoch_ii_pick(owner_of_purple_1=bool(bonus)))
    after, events = apply_move_with_events(state, Pick(0, "yellow", "sell"))
    assert after.players[0].coins == 1 + 2 + bonus
    paid = [(e.reason, e.amount, e.rule) for e in events if isinstance(e, CoinsChanged) and e.player == 0]
    expected = [(CoinReason.SALE, 2, "SELL-1")] + ([(CoinReason.BONUS, 1, "PURPLE-1")] if bonus else [])
    assert paid == expected
    assert after.sold == ("x-old",)
