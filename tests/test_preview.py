"""``preview(state, move)``: every kind of legal move, agreeing with what the move then does."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import scenario_position
from preview_check import check_every_move, check_preview

from hadara_rules import (
    BuyGold,
    GameConfig,
    IllegalMove,
    Pass,
    Preview,
    TakeColony,
    apply_move,
    from_json,
    legal_moves,
    new_game,
    player_view,
    preview,
    to_json,
)
from hadara_rules._moves import MOVE_TYPES
from hadara_rules._vocabulary import TIER_INDEX

#: Quick games of every player count, basic and advanced (the slow property plays 40).
GAMES = [(2, True, 31), (3, False, 32), (4, True, 33), (5, False, 34)]


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_every_legal_move_of_a_game_is_previewed_as_it_then_happens(
    players: int, advanced: bool, seed: int
) -> None:
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    kinds: Counter[str] = Counter()
    while not state.is_over:
        check_every_move(state)
        kinds.update(type(m).type for m in legal_moves(state))
        state = apply_move(state, rng.choice(legal_moves(state)))
    # the kinds every game offers (removing a card and feeding with coins it may not)
    assert set(kinds) >= {t.type for t in MOVE_TYPES} - {"remove_card", "feed_with_coins", "choose_side"}
    assert ("choose_side" in kinds) is advanced


def test_a_preview_is_a_document() -> None:
    state = new_game(GameConfig(players=3, seed=4, advanced=True))
    rng = random.Random(4)
    while not state.is_over:
        for move in legal_moves(state)[:3]:
            shown = preview(state, move)
            assert from_json(to_json(shown), Preview) == shown
        state = apply_move(state, rng.choice(legal_moves(state)))


def test_an_illegal_move_is_refused_with_its_rule() -> None:
    state = new_game(GameConfig(players=3, seed=0))
    with pytest.raises(IllegalMove) as refused:
        preview(state, BuyGold(0))
    assert refused.value.rule == "FLOW-2"
    move = legal_moves(state)[0]
    with pytest.raises(IllegalMove) as refused:
        preview(player_view(state, (move.player + 1) % 3), move)
    assert refused.value.rule == "INFO-1"
    with pytest.raises(IllegalMove):
        preview(player_view(state, None), move)


def test_the_line_of_a_preview() -> None:
    state = new_game(GameConfig(players=2, seed=3))
    rng = random.Random(3)
    lines: dict[str, str] = {}
    while not state.is_over:
        for move in legal_moves(state):
            lines.setdefault(type(move).type, str(preview(state, move)))
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert lines["pass"].startswith("nothing changes (")
    assert all(line.endswith(")") and "\n" not in line for line in lines.values())
    assert "coins" in lines["buy_gold"] and "MEDAL-1" in lines["buy_gold"]


def test_allying_leaves_the_back_unknown() -> None:
    state = scenario_position(
        {
            "scenario": 1,
            "title": "t",
            "rules": ["COLONY-4", "INFO-1"],
            "config": {"players": 2, "seed": 0},
            "given": {
                "epoch": 1,
                "phase": "B",
                "section": "colony",
                "first_player": 0,
                "players": {0: {"coins": 9, "tracks": {"military": 30}}},
            },
        }
    )
    allied = [m for m in legal_moves(state) if isinstance(m, TakeColony) and m.ally]
    assert allied
    for move in allied:
        shown = check_preview(state, move, player_view(state, 0))
        assert shown.tracks is None and shown.points is None
        assert "unknown" in str(shown)
        colony = state.catalogue.colonies[state.colony_stacks[TIER_INDEX[move.tier]][-1]]
        assert colony.id not in to_json(shown)
    assert Pass(0) in legal_moves(state)
