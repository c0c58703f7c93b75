"""CIV-1 to CIV-14: civilization cards."""

from __future__ import annotations

from collections import Counter

import attrs

from stone_age_rules import (
    Act,
    ChooseDie,
    Claim,
    GameState,
    Location,
    Resources,
    TakeBack,
    TakeResources,
    UseTools,
    apply_move,
    apply_move_with_events,
    check_move,
    components,
    events_view,
    legal_moves,
    player_view,
)
from stone_age_rules._dice import roll

from .tables import acting, game, res, with_player

SLOT = {1: Location.CARD_1, 2: Location.CARD_2, 3: Location.CARD_3, 4: Location.CARD_4}


def offered(
    card: str, slot: int = 1, have: Resources | None = None, players: int = 2, **config: object
) -> GameState:
    """Player 0 on card slot ``slot`` holding ``card``, with ``have`` (default: 4 wood)."""
    state = game(players, seed=6, **config)
    display = list(state.display)
    display[slot - 1] = card
    state = attrs.evolve(state, display=tuple(display), pile=tuple(c for c in state.pile if c != card))
    state = acting(state, 0, {SLOT[slot]: {0: 1}, Location.FIELD: {0: 1}})
    return with_player(state, 0, resources=have if have is not None else res(wood=4))


def bought(card: str, slot: int = 1, claim: Claim = Claim.LATER) -> GameState:
    state = offered(card, slot, any_two_resources=claim)
    return apply_move(state, Act(0, SLOT[slot], res(wood=slot)))


def test_civ_1_the_card_in_slot_n_costs_n_resources() -> None:
    for slot in (1, 2, 3, 4):
        state = offered("c03", slot)
        refusal = check_move(state, Act(0, SLOT[slot], res(wood=slot % 4 + 1)))
        assert refusal is not None and refusal.rule == "CIV-2"
        assert check_move(state, Act(0, SLOT[slot], res(wood=slot))) is None


def test_civ_2_a_card_is_bought_with_resources_of_any_kinds_or_left() -> None:
    state = offered("c03", 3, have=res(wood=1, clay=1, gold=1))
    refusal = check_move(state, Act(0, Location.CARD_3, res(wood=3)))
    assert refusal is not None and refusal.rule == "CIV-2"
    after = apply_move(state, Act(0, Location.CARD_3, res(wood=1, clay=1, gold=1)))
    assert after.players[0].resources == res() and after.players[0].cards == ("c03",)
    left = apply_move(state, TakeBack(0, Location.CARD_3))
    assert left.display == state.display and left.players[0].cards == ()


def test_civ_3_the_top_effect_happens_at_once_and_the_card_stays() -> None:
    after, events = apply_move_with_events(offered("c05"), Act(0, Location.CARD_1, res(wood=1)))
    assert [e.rule for e in events[:2]] == ["CIV-2", "CIV-6"]
    assert after.players[0].cards == ("c05",) and after.display[0] is None


def test_civ_4_food() -> None:
    assert bought("c03").players[0].food == 12 + 5


def test_civ_5_resources() -> None:
    assert bought("c11").players[0].resources == res(wood=3, stone=2)


def test_civ_6_three_points() -> None:
    assert bought("c31").players[0].score == 3


def test_civ_7_dice_for_a_resource_with_tools() -> None:
    state = with_player(offered("c02"), 0, tools=(2,), used=(False,))
    waiting = apply_move(state, Act(0, Location.CARD_1, res(wood=1)))
    assert waiting.roll is not None and waiting.roll.dice == roll(6, 0, 2)
    after, events = apply_move_with_events(waiting, UseTools(0, (0,)))
    assert events[-1].rule == "CIV-7"
    assert after.players[0].resources.gold == (sum(roll(6, 0, 2)) + 2) // 6


def test_tool_4_no_tool_changes_the_everyone_chooses_dice() -> None:
    state = with_player(offered("c08"), 0, tools=(2,), used=(False,), one_time=(3,))
    after = apply_move(state, Act(0, Location.CARD_1, res(wood=1)))
    assert after.roll is None and after.choice is not None
    assert {type(m) for m in legal_moves(after)} == {ChooseDie}


def test_civ_8_everyone_chooses_a_die_starting_with_the_buyer() -> None:
    state = attrs.evolve(offered("c08", players=3), rolls=40)
    after = apply_move(state, Act(0, Location.CARD_1, res(wood=1)))
    dice = roll(6, 40, 3)
    assert after.choice is not None and after.choice.dice == dice and after.to_act == (0,)
    missing = next(face for face in range(1, 7) if face not in dice)
    refusal = check_move(after, ChooseDie(0, missing))
    assert refusal is not None and refusal.rule == "CIV-8"
    refusal = check_move(after, ChooseDie(1, dice[0]))
    assert refusal is not None and refusal.rule == "FLOW-1"
    before = after
    for seat, face in zip((0, 1, 2), dice, strict=True):
        assert after.to_act == (seat,)
        after = apply_move(after, ChooseDie(seat, face))
    assert after.choice is None
    rewards = {1: "wood", 2: "clay", 3: "stone", 4: "gold"}
    for seat, face in zip((0, 1, 2), dice, strict=True):
        was, now = before.players[seat], after.players[seat]
        if face in rewards:
            assert getattr(now.resources, rewards[face]) == getattr(was.resources, rewards[face]) + 1
        elif face == 5:
            assert now.tool_value == was.tool_value + 1
        else:
            assert now.agriculture == was.agriculture + 1


def test_civ_9_a_tool() -> None:
    assert bought("c01").players[0].tools == (1,)


def test_civ_10_agriculture() -> None:
    assert bought("c18").players[0].agriculture == 1


def test_civ_11_a_one_time_tool() -> None:
    assert bought("c22").players[0].one_time == (4,)


def test_civ_12_two_resources_of_choice_now_or_later() -> None:
    later = bought("c04")
    assert later.players[0].claims == 1 and later.to_act == (0,)
    refusal = check_move(later, TakeResources(0, res(gold=3)))
    assert refusal is not None and refusal.rule == "CIV-12"
    taken = apply_move(later, TakeResources(0, res(gold=2)))
    assert taken.players[0].resources == res(wood=3, gold=2) and taken.players[0].claims == 0
    assert apply_move(later, Act(0, Location.FIELD)).players[0].claims == 1, "the claim is kept"
    now = bought("c04", claim=Claim.IMMEDIATE)
    refusal = check_move(now, Act(0, Location.FIELD))
    assert refusal is not None and refusal.rule == "CIV-12"
    assert {type(m) for m in legal_moves(now)} == {TakeResources} and len(legal_moves(now)) == 10


def test_civ_13_the_top_card_of_the_pile_is_kept_face_down_without_its_effect() -> None:
    state = offered("c15")
    after, events = apply_move_with_events(state, Act(0, Location.CARD_1, res(wood=1)))
    assert after.players[0].drawn == state.pile[:1] and after.pile == state.pile[1:]
    assert [e.rule for e in events[:2]] == ["CIV-2", "CIV-13"] and len(events[1].amounts) == 1
    assert player_view(after, 1).players[0].drawn == ("?",)
    assert events_view(events, 0)[1].item == state.pile[0] and events_view(events, 1)[1].item == "?"
    assert events_view(events, None)[1].item == "?" and events_view(events, 1)[0] == events[0]
    empty = apply_move(attrs.evolve(state, pile=()), Act(0, Location.CARD_1, res(wood=1)))
    assert empty.players[0].drawn == () and empty.players[0].cards == ("c15",)


def test_civ_14_sixteen_culture_cards_and_twenty_multiplier_cards() -> None:
    cards = components().cards
    assert Counter(c.culture for c in cards if c.culture) == dict.fromkeys(
        ("art", "healing", "music", "pottery", "time", "transport", "weaving", "writing"), 2
    )
    counts = Counter[str]()
    for card in cards:
        if card.multiplier:
            counts[card.multiplier] += card.count
    assert sum(1 for c in cards if c.multiplier) == 20
    assert counts == {"farmer": 7, "tool_maker": 8, "hut_builder": 9, "shaman": 7}
