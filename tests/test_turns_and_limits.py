"""Turn order within sections and the exact limits of each guard (coins equal to a price, caps).

Each test pins a boundary that a plausible slip in the rules code would move.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from helpers import run, scenario_position

from hadara_rules import (
    BuyGold,
    BuySilver,
    CarveStatue,
    FeedWithCoins,
    GameConfig,
    GameState,
    Pass,
    Pick,
    Section,
    TakeColony,
    Track,
    apply_move,
    check_move,
    legal_moves,
    new_game,
)
from hadara_rules._vocabulary import Color


def position(
    players: int,
    advanced: bool = False,
    seats: Mapping[int, Mapping[str, object]] | None = None,
    **given: object,
) -> GameState:
    """The settled position: ``new_game`` for ``players`` seats, with ``given`` and per-seat overrides
    (in the advanced game every seat has chosen side A of its start card, SETUP-6)."""
    if advanced:
        seats = {seat: {"side": "A", **(seats or {}).get(seat, {})} for seat in range(players)}
    if seats is not None:
        given["players"] = seats
    config = {
        "players": players,
        "seed": 0,
        "advanced": advanced,
        "board_order": ["yellow", "red", "blue", "green", "purple"],
    }
    return scenario_position({"config": config, "given": given})


@pytest.mark.parametrize("section", ["colony", "statue"])
def test_start_4_passing_hands_the_turn_on_clockwise(section: str) -> None:
    """START-4 with COLONY-1 / STATUE-1: first player 1, then 2, then 0."""
    able = {"coins": 10, "tracks": {"income": 1, "military": 30, "culture": 30, "food": 9}}
    state = position(
        players=3, epoch=1, phase="A", section=section, first_player=1, seats={0: able, 1: able, 2: able}
    )
    assert state.to_act == (1,)
    state = apply_move(state, Pass(1))
    assert state.section is Section(section)
    assert state.to_act == (2,)
    state = apply_move(state, Pass(2))
    assert state.section is Section(section)
    assert state.to_act == (0,)
    state = apply_move(state, Pass(0))
    assert state.section is not Section(section)


def test_medal_1_passing_hands_the_turn_on_clockwise() -> None:
    rich = {"coins": 50}
    state = position(
        players=3, epoch=1, phase="B", section="medals", first_player=2, seats={0: rich, 1: rich, 2: rich}
    )
    assert state.to_act == (2,)
    state = apply_move(state, BuyGold(2))
    assert state.to_act == (2,), "buying a medal does not end the turn"
    state = apply_move(state, Pass(2))
    assert state.to_act == (0,)
    state = apply_move(state, Pass(0))
    assert state.to_act == (1,)


def test_pick_1_picking_goes_clockwise_from_the_first_player() -> None:
    state = position(
        players=3,
        epoch=1,
        phase="B",
        section="pick",
        first_player=1,
        outer_piles={"red": ["I-red-01", "I-red-02", "I-red-03", "I-red-04"]},
        decks={},
    )
    order = []
    while state.section is Section.PICK:
        seat = state.to_act[0]
        order.append(seat)
        state = apply_move(state, Pick(seat, Color.RED, "sell"))
    assert order == [1, 2, 0, 1]


def test_buy_2_coins_equal_to_the_price_suffice() -> None:
    state = position(
        players=2,
        epoch=1,
        phase="B",
        section="pick",
        first_player=0,
        outer_piles={"blue": ["I-blue-01"]},
        seats={0: {"coins": 3, "cards": []}},
    )
    assert Pick(0, Color.BLUE, "buy") in legal_moves(state, 0)
    state = position(
        players=2,
        epoch=1,
        phase="B",
        section="pick",
        first_player=0,
        outer_piles={"blue": ["I-blue-01"]},
        seats={0: {"coins": 2, "cards": []}},
    )
    assert Pick(0, Color.BLUE, "buy") not in legal_moves(state, 0)


@pytest.mark.parametrize(("coins", "legal"), [(6, True), (5, False)])
def test_medal_1_coins_equal_to_the_price_suffice(coins: int, legal: bool) -> None:
    state = position(
        players=2,
        epoch=1,
        phase="B",
        section="medals",
        first_player=0,
        seats={0: {"coins": coins}, 1: {"coins": 0}},
    )
    assert (BuyGold(0) in legal_moves(state, 0)) is legal
    assert (BuySilver(0, Track.FOOD) in legal_moves(state, 0)) is True  # silver costs 4


@pytest.mark.parametrize(("coins", "legal"), [(1, True), (0, False)])
def test_colony_4_coins_equal_to_the_ally_cost_suffice(coins: int, legal: bool) -> None:
    state = position(
        players=2,
        epoch=1,
        phase="A",
        section="colony",
        first_player=0,
        colony_stacks={3: ["col-03-b", "col-03-a"]},  # top: col-03-a, ally cost 1
        seats={0: {"coins": coins, "tracks": {"military": 3}}, 1: {"tracks": {"military": 0}}},
    )
    assert state.catalogue.colonies["col-03-a"].ally_cost == 1
    ally = TakeColony(0, 3, True, 0)
    assert (ally in legal_moves(state, 0)) is legal
    refusal = check_move(state, ally)
    assert (refusal is None) is legal
    assert refusal is None or refusal.rule == "COLONY-4"


PURPLE_9 = "II-purple-14"
PURPLE_15 = "III-purple-14"


def test_purple_9_coins_count_towards_the_ally_cost_and_pay_does_not() -> None:
    """PURPLE-9's 4 coins arrive before the choice; PURPLE-15's payment leaves first."""
    base = {"epoch": 2, "phase": "A", "section": "colony", "first_player": 0}
    with_card = position(
        2,
        True,
        colony_stacks={21: ["col-21-a"]},
        seats={
            0: {"coins": 0, "cards": [PURPLE_9], "tracks": {"military": 21}},
            1: {"tracks": {"military": 0}},
        },
        **base,
    )
    assert with_card.catalogue.cards[PURPLE_9].effect == "PURPLE-9"
    assert 0 < with_card.catalogue.colonies["col-21-a"].ally_cost <= 4
    assert TakeColony(0, 21, True, 0) in legal_moves(with_card, 0)
    without = position(
        2,
        True,
        colony_stacks={21: ["col-21-a"]},
        seats={0: {"coins": 0, "cards": [], "tracks": {"military": 21}}, 1: {"tracks": {"military": 0}}},
        **base,
    )
    assert TakeColony(0, 21, True, 0) not in legal_moves(without, 0)


def test_purple_15_pay_limits() -> None:
    """Exactly 3 coins per missing point; coins equal to the payment suffice; bools are not coins."""
    state = position(
        players=2,
        epoch=3,
        phase="A",
        section="colony",
        first_player=0,
        advanced=True,
        colony_stacks={21: ["col-21-a"]},
        seats={
            0: {"coins": 6, "cards": [PURPLE_15], "tracks": {"military": 19}},
            1: {"tracks": {"military": 0}},
        },
    )
    assert TakeColony(0, 21, False, 6) in legal_moves(state, 0)
    for pay, rule in ((3, "COLONY-2"), (9, "PURPLE-15"), (-3, "PURPLE-15")):
        refusal = check_move(state, TakeColony(0, 21, False, pay))
        assert refusal is not None and refusal.rule == rule, (pay, refusal)
    with pytest.raises(TypeError, match="pay must be a whole number, not bool"):
        TakeColony(0, 21, False, True)


def test_purple_15_cap_counts_what_was_paid_this_section() -> None:
    state = position(
        players=2,
        epoch=3,
        phase="A",
        section="colony",
        first_player=0,
        advanced=True,
        colony_stacks={21: ["col-21-a"], 30: ["col-30-a"]},
        seats={
            0: {"coins": 60, "cards": [PURPLE_15, "III-purple-12"], "tracks": {"military": 11}},
            1: {"tracks": {"military": 0}},
        },
    )
    # III-purple-12 is PURPLE-13 in the bundled catalogue: two colonies this section
    assert state.catalogue.cards["III-purple-12"].effect == "PURPLE-13"
    state = apply_move(state, TakeColony(0, 21, False, 30))  # 10 points short: exactly the cap
    assert state.to_act == (0,)
    refusal = check_move(state, TakeColony(0, 30, False, 57))
    assert refusal is not None
    assert refusal.rule == "PURPLE-15"


def test_statue_2_every_uncarved_statue_is_offered() -> None:
    state = position(
        players=2,
        epoch=1,
        phase="A",
        section="statue",
        first_player=0,
        seats={
            0: {"tracks": {"culture": 12}, "statues": [{"statue": 0, "tile": "food", "face_up": True}]},
            1: {"tracks": {"culture": 0}},
        },
    )
    offered = {m.statue for m in legal_moves(state, 0) if isinstance(m, CarveStatue)}
    assert offered == {1}


PURPLE_6 = "II-purple-11"
PURPLE_7 = "II-purple-12"


@pytest.mark.parametrize(("coins", "legal"), [(2, True), (1, False)])
def test_purple_6_two_coins_suffice(coins: int, legal: bool) -> None:
    state = position(
        players=2,
        epoch=2,
        phase="B",
        section="feeding",
        first_player=0,
        advanced=True,
        seats={
            0: {"coins": coins, "cards": [PURPLE_6, "I-red-01", "I-red-02"], "tracks": {"food": 1}},
            1: {"cards": []},
        },
    )
    assert state.catalogue.cards[PURPLE_6].effect == "PURPLE-6"
    assert state.section is Section.FEEDING
    assert state.to_act == (0,)
    assert (FeedWithCoins(0) in legal_moves(state, 0)) is legal


@pytest.mark.parametrize(("food", "coins"), [(3, 0), (4, 3), (8, 12)])
def test_purple_7_pays_only_for_food_above_the_cards(food: int, coins: int) -> None:
    state = position(
        players=2,
        epoch=2,
        phase="B",
        section="statue",
        first_player=0,
        advanced=True,
        seats={
            0: {
                "coins": 0,
                "cards": [PURPLE_7, "I-red-01", "I-red-02"],
                "tracks": {"food": food, "culture": 0},
            },
            # player 1 can buy a medal, so the game waits there (and the epoch's decks,
            # which this hand-set position never drafted, stay where they are)
            1: {"coins": 20, "cards": [], "tracks": {"culture": 0}},
        },
    )
    assert state.catalogue.cards[PURPLE_7].effect == "PURPLE-7"
    # nobody can carve: the statue section passes and feeding pays PURPLE-7 at once
    assert state.section is Section.MEDALS
    assert state.players[0].coins == coins


def test_setup_3_the_advanced_flag_is_kept() -> None:
    assert new_game(GameConfig(players=2, seed=0, advanced=True)).advanced is True
    assert new_game(GameConfig(players=2, seed=0)).advanced is False


def test_purple_16_a_second_copy_of_a_star_effect_counts_once() -> None:
    """PURPLE-16 (ruling): only the basic effects stack; two PURPLE-9 cards still give 4 coins,
    two PURPLE-14 cards still lower requirements by 4."""
    extra = [
        {
            "id": f"x-purple-{n}-{k}",
            "epoch": 2 if n == 9 else 3,
            "color": "purple",
            "cost": 7,
            "points": 0,
            "effect": f"PURPLE-{n}",
            "star": True,
        }
        for n in (9, 14)
        for k in (1, 2)
    ]
    scenario = {
        "config": {"players": 2, "seed": 0, "advanced": True},
        "components": {"cards": extra},
        "given": {
            "epoch": 3,
            "phase": "A",
            "section": "colony",
            "first_player": 0,
            "colony_stacks": {"9": ["col-09-a"], "15": ["col-15-a"]},
            "players": {
                0: {"side": "A", "coins": 0, "cards": [c["id"] for c in extra], "tracks": {"military": 5}},
                1: {"side": "A", "tracks": {"military": 0}},
            },
        },
    }
    before = scenario_position(scenario)
    offered = {m.tier for m in legal_moves(before, 0) if isinstance(m, TakeColony)}
    assert 9 in offered and 15 not in offered, "military 5 + 4 reaches tier 9, not 15 (a second -4 would)"
    assert before.catalogue.colonies["col-09-a"].plunder == 4
    result = run(
        {
            **scenario,
            "moves": [{"type": "take_colony", "player": 0, "tier": 9, "ally": False}],
            "expect": {"players": {0: {"coins": 4 + 4}}},  # PURPLE-9 once (4) + plunder col-09-a (4)
        }
    )
    assert result.passed, result.failures


PURPLE_13 = "III-purple-12"


def test_purple_15_statue_payments_count_towards_the_section_cap() -> None:
    """Two statues in one section (PURPLE-13) share PURPLE-15's 30 coins."""
    state = position(
        players=2,
        epoch=3,
        phase="A",
        section="statue",
        first_player=0,
        advanced=True,
        seats={
            0: {"side": "A", "coins": 60, "cards": [PURPLE_15, PURPLE_13], "tracks": {"culture": 10}},
            1: {"side": "A", "tracks": {"culture": 0}},
        },
    )
    # culture 10: statue 2 (20) lacks 10 points = 30 coins, allowed in a fresh section
    assert CarveStatue(0, 2, Track.FOOD, True, 30) in legal_moves(state, 0)
    state = apply_move(state, CarveStatue(0, 1, Track.FOOD, True, 6))  # statue 1 (12) lacks 2
    assert state.players[0].section_paid == 6
    assert state.to_act == (0,)
    refusal = check_move(state, CarveStatue(0, 2, Track.INCOME, True, 30))  # 30 > 24 left
    assert refusal is not None
    assert refusal.rule == "PURPLE-15"
    assert {m.statue for m in legal_moves(state, 0) if isinstance(m, CarveStatue)} == {0}


def test_purple_15_payment_comes_before_the_ally_cost() -> None:
    state = position(
        players=2,
        epoch=3,
        phase="A",
        section="colony",
        first_player=0,
        advanced=True,
        colony_stacks={21: ["col-21-a"]},
        seats={
            0: {"coins": 3, "cards": [PURPLE_15], "tracks": {"military": 20}},
            1: {"tracks": {"military": 0}},
        },
    )
    assert state.catalogue.colonies["col-21-a"].ally_cost > 0
    refusal = check_move(state, TakeColony(0, 21, True, 3))
    assert refusal is not None
    assert refusal.rule == "COLONY-4"
    assert TakeColony(0, 21, True, 3) not in legal_moves(state, 0)
    assert TakeColony(0, 21, False, 3) in legal_moves(state, 0)


def test_purple_15_exactly_the_cap_and_exactly_the_coins_are_allowed() -> None:
    state = position(
        players=2,
        epoch=3,
        phase="A",
        section="colony",
        first_player=0,
        advanced=True,
        colony_stacks={21: ["col-21-a"]},
        seats={
            0: {"coins": 30, "cards": [PURPLE_15], "tracks": {"military": 11}},
            1: {"tracks": {"military": 0}},
        },
    )
    move = TakeColony(0, 21, False, 30)
    assert move in legal_moves(state, 0)
    assert check_move(state, move) is None


def test_setup_1_a_bool_is_not_a_player_count() -> None:
    from hadara_rules import ConfigError

    with pytest.raises(ConfigError, match="SETUP-1"):
        new_game(GameConfig(players=True, seed=0))
