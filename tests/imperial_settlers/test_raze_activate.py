"""RAZE, DEF, ACTLOC, WORK and GOODS: razing, defense tokens, action locations, spending
workers and the goods."""

from __future__ import annotations

import attrs

from imperial_settlers_rules import (
    Activate,
    Deck,
    Defend,
    Draw,
    GameConfig,
    Pass,
    Raze,
    RazeCard,
    Skip,
    Spend,
    apply_move_with_events,
    legal_moves,
)
from imperial_settlers_rules._goods import Price, payments
from imperial_settlers_rules._table import Table
from imperial_settlers_rules.text import event_text

from .tables import acting, card, play, refused, supply


def test_raze_1_only_a_card_with_a_raze_field() -> None:
    ruins, gate = card("com-ruins"), card("jap-gate")
    refused(acting(p0={"hand": (ruins,), "supply": supply(raze=1)}), RazeCard(0, ruins), "RAZE-1")
    state = acting(("romans", "japanese"), p0={"supply": supply(raze=5)}, p1={"empire": (gate, ruins)})
    assert not [m for m in legal_moves(state) if isinstance(m, Raze)]
    refused(state, Raze(0, 1, ruins), "RAZE-1")


def test_raze_2_a_hand_card_for_one_raze_token() -> None:
    quarry = card("com-quarry")
    state = play(acting(p0={"hand": (quarry,), "supply": supply(raze=1)}), RazeCard(0, quarry))
    assert state.players[0].supply == supply(stone=2) and state.common_discard == (quarry,)


def test_raze_3_and_raze_4_two_raze_tokens_for_an_opponents_location() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"supply": supply(raze=2)}, p1={"empire": (quarry,)})
    assert Raze(0, 1, quarry) in legal_moves(state)
    refused(acting(p0={"supply": supply(raze=1)}, p1={"empire": (quarry,)}), Raze(0, 1, quarry), "RAZE-4")


def test_raze_5_faction_locations_but_japanese_cannot_be_razed() -> None:
    spies = card("rom-spies")
    refused(
        acting(("barbarians", "romans"), p0={"supply": supply(raze=4)}, p1={"empire": (spies,)}),
        Raze(0, 1, spies),
        "RAZE-5",
    )


def test_raze_6_and_raze_7_a_razed_common_location_is_a_foundation_and_loses_its_token() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"supply": supply(raze=3)}, p1={"empire": (quarry,), "defended": (quarry,)})
    after = play(state, Raze(0, 1, quarry))
    victim = after.players[1]
    assert victim.foundations == (quarry,) and victim.empire == () and victim.defended == ()
    assert victim.supply == supply(wood=1)
    _, events = apply_move_with_events(state, Raze(0, 1, quarry))
    told = [e for e in events if e.rule == "RAZE-6"]
    assert [(e.what, e.seat, e.card, e.goods) for e in told] == [("gains", 1, quarry, (("wood", 1),))]
    assert event_text(told[0]) == "P1 gains 1 wood from Quarry (RAZE-6)"


def test_raze_8_razed_hand_cards_and_japanese_locations_go_to_their_piles() -> None:
    farm = card("jap-farm")
    state = play(
        acting(("japanese", "romans"), p0={"hand": (farm,), "supply": supply(raze=1)}), RazeCard(0, farm)
    )
    assert state.players[0].discard[-1] == farm


def test_raze_9_only_raze_tokens_pay_for_a_raze() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"supply": supply(gold=5, worker=5)}, p1={"empire": (quarry,)})
    refused(state, Raze(0, 1, quarry), "RAZE-4")
    assert not [m for m in legal_moves(state) if isinstance(m, (Raze, RazeCard))]


def test_raze_10_a_raze_by_card_fires_gallows() -> None:
    chariot, gallows, quarry = card("egy-chariot-builder"), card("com-gallows"), card("com-quarry")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (chariot, gallows), "supply": supply(raze=1)},
        p1={"empire": (quarry,), "defended": (quarry,)},
    )
    after = play(state, Activate(0, chariot, supply(raze=1), opponent=1, target=quarry))
    assert after.players[0].vp == 1 + 0 and after.players[0].supply == supply(stone=2)
    assert after.players[1].foundations == (quarry,)


def test_def_1_and_def_5_defense_tokens_come_each_round_and_go_at_cleanup() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"empire": (quarry,), "supply": supply(defense=1)})
    state = play(state, Defend(0, quarry), Pass(0), Pass(1))
    assert state.players[0].defended == () and state.players[0].supply[6] == 0


def test_def_2_only_on_own_common_locations() -> None:
    spies, quarry = card("rom-spies"), card("com-quarry")
    state = acting(p0={"empire": (spies, quarry), "supply": supply(defense=1)})
    assert [m for m in legal_moves(state) if isinstance(m, Defend)] == [Defend(0, quarry)]
    refused(state, Defend(0, spies), "DEF-2")


def test_def_3_and_def_4_a_token_makes_razing_cost_three() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"supply": supply(raze=2)}, p1={"empire": (quarry,), "defended": (quarry,)})
    refused(state, Raze(0, 1, quarry), "RAZE-4")
    rich = attrs.evolve(
        state, players=(attrs.evolve(state.players[0], supply=supply(raze=3)), state.players[1])
    )
    assert play(rich, Raze(0, 1, quarry)).players[0].supply == supply(stone=2)


def test_def_5_one_token_a_location() -> None:
    quarry = card("com-quarry")
    refused(
        acting(p0={"empire": (quarry,), "defended": (quarry,), "supply": supply(defense=1)}),
        Defend(0, quarry),
        "DEF-5",
    )


def test_def_6_no_protection_against_removal() -> None:
    engineers, quarry = card("rom-engineers"), card("com-quarry")
    state = acting(
        p0={"empire": (engineers,), "supply": supply(worker=2)},
        p1={"empire": (quarry,), "defended": (quarry,)},
    )
    after = play(state, Activate(0, engineers, supply(worker=2), opponent=1, target=quarry))
    assert (
        after.players[1].empire == ()
        and after.players[1].foundations == ()
        and quarry in after.common_discard
    )
    assert after.players[0].vp == 1


def test_actloc_1_and_actloc_6_pay_the_price_gain_at_once() -> None:
    mason = card("com-mason-1")
    state = play(
        acting(p0={"empire": (mason,), "supply": supply(worker=1, stone=1)}),
        Activate(0, mason, supply(worker=1, stone=1)),
    )
    assert state.players[0].vp == 2 and state.players[0].supply == supply()


def test_actloc_2_and_actloc_3_uses_per_round_once_twice_or_twice_at_once() -> None:
    mine = card("com-gold-mine")
    state = acting(p0={"empire": (mine,), "supply": supply(worker=3)})
    assert Activate(0, mine, supply(worker=2), times=2) in legal_moves(state)
    state = play(state, Activate(0, mine, supply(worker=1)), Pass(1), Activate(0, mine, supply(worker=1)))
    assert state.players[0].supply == supply(worker=1, gold=2)
    assert not [m for m in legal_moves(attrs.evolve(state, turn=0)) if isinstance(m, Activate)]
    lumber = card("com-lumberjacks")
    once = acting(p0={"empire": (lumber,), "supply": supply(worker=2)})
    refused(once, Activate(0, lumber, supply(worker=2), times=2), "ACTLOC-2")


def test_actloc_4_goods_paid_stay_out_of_the_supply() -> None:
    mason = card("com-mason-1")
    state = play(
        acting(p0={"empire": (mason,), "supply": supply(worker=1, stone=1)}),
        Activate(0, mason, supply(worker=1, stone=1)),
    )
    assert state.players[0].supply == supply() and state.uses == ((mason, 1),)


def test_actloc_5_a_price_in_cards_or_deals_is_discarded() -> None:
    tavern, ruins = card("com-tavern"), card("com-ruins")
    state = play(
        acting(p0={"empire": (tavern,), "hand": (ruins,)}), Activate(0, tavern, supply(), cards=(ruins,))
    )
    assert state.players[0].hand == () and state.common_discard == (ruins,) and state.players[0].vp == 2


def test_actloc_7_any_resource_and_alternative_prices() -> None:
    barter = card("bar-barter")
    state = acting(
        ("barbarians", "romans"), p0={"empire": (barter,), "supply": supply(wood=1, food=1, gold=1)}
    )
    pays = {m.pay for m in legal_moves(state) if isinstance(m, Activate) and m.times == 1}
    assert pays == {supply(wood=1, food=1), supply(wood=1, gold=1), supply(food=1, gold=1)}
    chapel = card("bar-dark-chapel")
    modes = acting(
        ("barbarians", "romans"),
        p0={"empire": (chapel,), "hand": (card("com-quarry"),), "supply": supply(raze=2)},
        p1={"empire": (card("com-quarry", 1),)},
    )
    assert {m.mode for m in legal_moves(modes) if isinstance(m, Activate)} == {0, 1}


def test_actloc_8_an_action_with_no_price_still_counts_as_used() -> None:
    temple, quarry = card("egy-temple-of-ra"), card("com-quarry")
    state = acting(("egyptians", "romans"), p0={"empire": (temple,)}, p1={"empire": (quarry,)})
    after = play(state, Activate(0, temple, supply(), opponent=1, target=quarry))
    assert after.uses == ((temple, 1),)


def test_actloc_9_uses_count_per_location_whoever_uses_it() -> None:
    temple, mine = card("egy-temple-of-ra"), card("com-gold-mine")
    state = acting(
        ("egyptians", "romans"), p0={"empire": (temple,), "supply": supply(worker=2)}, p1={"empire": (mine,)}
    )
    state = attrs.evolve(state, uses=((mine, 1),))
    state = play(state, Activate(0, temple, supply(), opponent=1, target=mine), Pass(1))
    assert Activate(0, mine, supply(worker=1)) in legal_moves(state)
    assert Activate(0, mine, supply(worker=2), times=2) not in legal_moves(state)


def test_work_1_two_workers_a_good() -> None:
    state = play(acting(p0={"supply": supply(worker=6)}), Spend(0, (1, 1, 0, 1), Deck.COMMON))
    assert state.players[0].supply == supply(wood=1, stone=1) and len(state.players[0].hand) == 1
    refused(acting(p0={"supply": supply(worker=3)}), Spend(0, (1, 1, 0, 0)), "WORK-1")


def test_work_2_never_gold_or_tokens() -> None:
    moves = legal_moves(acting(p0={"supply": supply(worker=2)}))
    assert {m.take for m in moves if isinstance(m, Spend)} == {
        (1, 0, 0, 0),
        (0, 1, 0, 0),
        (0, 0, 1, 0),
        (0, 0, 0, 1),
    }


def test_work_3_any_number_of_times() -> None:
    state = acting(p0={"supply": supply(worker=4)})
    state = play(state, Spend(0, (1, 0, 0, 0)), Pass(1), Spend(0, (1, 0, 0, 0)))
    assert state.players[0].supply == supply(wood=2)


def test_goods_1_and_goods_5_goods_come_from_and_go_back_to_the_general_supply() -> None:
    assert len(supply()) == 7
    state = play(acting(p0={"supply": supply(worker=2)}), Spend(0, (0, 0, 1, 0)))
    assert state.players[0].supply == supply(food=1)


def test_goods_2_gold_pays_for_a_resource_never_for_a_worker() -> None:
    assert payments(Price(supply(wood=1)), supply(gold=1)) == (supply(gold=1),)
    assert payments(Price(supply(worker=1)), supply(gold=3)) == ()
    lumber = card("com-lumberjacks")
    refused(
        acting(p0={"empire": (lumber,), "supply": supply(gold=1)}),
        Activate(0, lumber, supply(gold=1)),
        "GOODS-2",
    )


def test_goods_3_gold_is_not_a_resource_in_the_tie_break_or_on_a_shrine() -> None:
    from imperial_settlers_rules import score

    state = acting(p0={"supply": supply(gold=5, wood=1)})
    assert score(state)[0].goods_left == 1


def test_goods_4_supplies_and_empires_are_in_the_position() -> None:
    state = acting(p0={"supply": supply(wood=2), "empire": (card("com-quarry"),)})
    assert state.players[0].supply[1] == 2 and state.players[0].empire


def test_goods_6_no_limit_on_tokens() -> None:
    state = play(acting(p0={"supply": supply(worker=40)}), Spend(0, (20, 0, 0, 0)))
    assert state.players[0].supply[1] == 20


def test_goods_7_each_drawn_card_chooses_its_deck() -> None:
    state = play(acting(p0={"supply": supply(worker=4)}), Spend(0, (0, 0, 0, 2), Deck.FACTION))
    assert legal_moves(state) == (Draw(0, Deck.COMMON), Draw(0, Deck.FACTION))


def test_goods_8_an_empty_deck_is_reshuffled_or_with_the_variant_not() -> None:
    state = acting(p0={"supply": supply(worker=2)})
    own = state.players[0].deck
    empty = attrs.evolve(
        state, players=(attrs.evolve(state.players[0], deck=(), discard=own), state.players[1])
    )
    drawn = play(empty, Spend(0, (0, 0, 0, 1), Deck.FACTION))
    assert len(drawn.players[0].deck) == len(own) - 1 and drawn.players[0].discard == ()
    variant = attrs.evolve(
        empty,
        config=GameConfig(players=2, seed=3, factions=("romans", "barbarians"), faction_deck_reshuffle=False),
    )
    assert [m for m in legal_moves(variant) if isinstance(m, Spend) and m.take == (0, 0, 0, 1)] == [
        Spend(0, (0, 0, 0, 1), Deck.COMMON)
    ]
    refused(variant, Spend(0, (0, 0, 0, 1), Deck.FACTION), "GOODS-8")
    assert not Table(variant).can_draw(0, Deck.FACTION)
    nothing = attrs.evolve(variant, common=(), common_discard=())
    after = play(nothing, Spend(0, (0, 0, 0, 1)))
    assert after.agenda == () and after.turn == 1


def test_actloc_3_an_action_on_targets_is_used_twice_within_one_action() -> None:
    pack, quarry, mine = card("bar-pack"), card("com-quarry"), card("com-gold-mine")
    state = acting(
        ("barbarians", "romans"),
        p0={"empire": (pack,), "supply": supply(worker=2)},
        p1={"empire": (quarry, mine)},
    )
    state = play(state, Activate(0, pack, supply(worker=1), opponent=1, target=quarry, goods=("stone",)))
    assert state.to_act == (0,) and Skip(0) in legal_moves(state)
    state = play(state, Activate(0, pack, supply(worker=1), opponent=1, target=mine, goods=("gold",)))
    assert state.players[0].supply == supply(stone=1, gold=1) and state.turn == 1
    refused(
        attrs.evolve(state, turn=0),
        Activate(0, pack, supply(worker=1), opponent=1, target=quarry, goods=("stone",)),
        "ACTLOC-2",
    )
