"""CARD-1 to CARD-29: the card abilities and the named special cases."""

from __future__ import annotations

import attrs

from imperial_settlers_rules import (
    Activate,
    Build,
    Convert,
    Deck,
    Discard,
    Draw,
    Event,
    Keep,
    MakeDeal,
    Pass,
    Phase,
    Raze,
    RazeCard,
    Repeat,
    Skip,
    Spend,
    Tuck,
    apply_move_with_events,
    components,
    legal_moves,
)
from imperial_settlers_rules._model import DiscardFor, GameState, Produce
from imperial_settlers_rules._rules.flow import settle
from imperial_settlers_rules._table import Table

from .tables import acting, card, deal, play, refused, supply


def _produced(state: GameState, *seats: int) -> GameState:
    table = Table(state)
    table.update(phase=Phase.PRODUCTION, agenda=tuple(Produce(s) for s in seats))
    settle(table)
    return table.state


def test_card_1_and_card_2_an_ability_changes_the_general_rules() -> None:
    # The general raze of a defended location takes 3 raze tokens (RAZE-4); Chariot Builder's 1.
    chariot, quarry = card("egy-chariot-builder"), card("com-quarry")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (chariot,), "supply": supply(raze=1)},
        p1={"empire": (quarry,), "defended": (quarry,)},
    )
    assert not [m for m in legal_moves(state) if isinstance(m, Raze)]
    after = play(state, Activate(0, chariot, supply(raze=1), opponent=1, target=quarry))
    assert after.players[1].foundations == (quarry,)


def test_card_3_a_feature_fires_for_itself_and_for_each_location_built() -> None:
    workshop, forest = card("com-carpenters-workshop"), card("com-old-forest")
    state = acting(p0={"hand": (workshop, forest), "supply": supply(wood=5)})
    state = play(state, Build(0, workshop, supply(wood=3)))
    assert state.players[0].supply == supply(wood=2, gold=1) and state.players[0].vp == 1
    state = play(state, Pass(1), Build(0, forest, supply(wood=2)))
    assert state.players[0].supply == supply(wood=2, gold=2) and state.players[0].vp == 2


def test_card_4_trade_colony_is_brown_grey_and_red_at_once() -> None:
    colony, workshop, mill = card("rom-trade-colony"), card("com-carpenters-workshop"), card("com-mill")
    state = acting(
        p0={
            "hand": (colony,),
            "empire": (workshop, mill),
            "foundations": (card("com-ruins"),),
            "supply": supply(wood=1, stone=2),
        }
    )
    after = play(state, Build(0, colony, supply(wood=1, stone=2), card("com-ruins")))
    assert after.players[0].vp == 2 and after.players[0].supply == supply(worker=1, gold=3)
    rubble = card("com-rubble")
    produced = _produced(acting(p0={"empire": (rubble, colony)}), 0)
    assert produced.players[0].supply[2] == 1 + 2  # board 1 stone; rubble counts 2 grey


def test_card_5_a_named_deck_is_drawn_from_at_once() -> None:
    legion = card("rom-legion")
    state = acting(p0={"hand": (legion,), "foundations": (card("com-ruins"),), "supply": supply(food=1)})
    top = state.common[-3:]
    after = play(state, Build(0, legion, supply(food=1), card("com-ruins")))
    assert set(after.players[0].hand) <= set(top) and len(after.players[0].hand) == 2 and after.agenda == ()


def test_card_6_removing_is_not_razing() -> None:
    garrison, gate = card("jap-garrison"), card("jap-gate")
    state = acting(
        ("japanese", "japanese".replace("japanese", "romans")),
        seat=0,
        p0={"empire": (garrison,), "supply": supply(raze=2)},
        p1={"empire": (card("com-ruins"),)},
    )
    after = play(state, Activate(0, garrison, supply(raze=2), opponent=1, target=card("com-ruins")))
    assert (
        after.players[1].empire == ()
        and after.players[1].foundations == ()
        and after.players[1].supply == supply()
    )
    assert gate not in after.players[1].empire


def test_card_7_settlers_builds_a_faction_card_without_its_location_cost() -> None:
    settlers, spies = card("com-settlers"), card("rom-spies")
    state = acting(p0={"empire": (settlers,), "hand": (spies,), "supply": supply(wood=2, stone=1)})
    state = play(state, Activate(0, settlers, supply(wood=1)))
    assert Skip(0) in legal_moves(state)
    assert Build(0, spies, supply(wood=1, stone=1)) in legal_moves(state)
    after = play(state, Build(0, spies, supply(wood=1, stone=1)))
    assert after.players[0].empire == (settlers, spies) and after.turn == 1


def test_card_7_negotiator_builds_a_deal_but_not_a_trade_route_deal() -> None:
    negotiator, farm = card("jap-negotiator"), card("jap-farm")
    route = attrs.evolve(deal(card("jap-farm", 1)), route=True)
    state = acting(
        ("japanese", "romans"),
        p0={"empire": (negotiator,), "deals": (deal(farm), route), "supply": supply(worker=1, wood=1)},
    )
    state = play(state, Activate(0, negotiator, supply(worker=1)))
    builds = [m for m in legal_moves(state) if isinstance(m, Build)]
    assert [m.card for m in builds] == [farm]
    after = play(state, builds[0])
    assert farm in after.players[0].empire and [d.card for d in after.players[0].deals] == [
        card("jap-farm", 1)
    ]


def test_card_8_porters_repeat_a_production() -> None:
    porters, quarry = card("com-porters"), card("com-quarry")
    state = acting(p0={"empire": (porters, quarry), "supply": supply(food=1)})
    assert [m.target for m in legal_moves(state) if isinstance(m, Activate)] == [quarry]
    after = play(state, Activate(0, porters, supply(food=1), target=quarry))
    assert after.players[0].supply == supply(stone=1)


def test_card_9_farmers_at_work_repeats_another_production_last_and_never_itself() -> None:
    farmers, forest = card("com-farmers-at-work"), card("com-old-forest")
    state = _produced(acting(p0={"empire": (farmers, forest)}), 0)
    assert legal_moves(state) == (Repeat(0, forest),)
    after = play(state, Repeat(0, forest))
    assert after.players[0].supply == supply(worker=2, wood=1 + 2 + 2, stone=1, raze=1, defense=1)
    alone = _produced(acting(p0={"empire": (farmers,)}), 0)
    assert alone.phase is Phase.ACTIONS


def test_card_10_gallows_and_raid_give_1_vp_per_raze() -> None:
    gallows, raid, quarry = card("com-gallows"), card("bar-raid"), card("com-quarry")
    state = acting(
        ("barbarians", "romans"), p0={"empire": (gallows, raid), "hand": (quarry,), "supply": supply(raze=1)}
    )
    assert play(state, RazeCard(0, quarry)).players[0].vp == 2


def test_card_11_acting_troupe_resets_a_location_which_may_be_activated_again() -> None:
    troupe, lumber = card("com-acting-troupe"), card("com-lumberjacks")
    state = acting(p0={"empire": (troupe, lumber), "supply": supply(worker=3)})
    state = play(state, Activate(0, lumber, supply(worker=1)), Pass(1))
    state = play(state, Activate(0, troupe, supply(worker=1), target=lumber))
    assert state.to_act == (0,) and Activate(0, lumber, supply(worker=1)) in legal_moves(state)
    state = play(state, Activate(0, lumber, supply(worker=1)))
    assert state.players[0].supply == supply(wood=4) and state.turn == 0  # player 1 passed


def test_card_12_every_ability_is_data() -> None:
    cards = components()
    for copy in cards.copies.values():
        ability = copy.card.ability
        kinds = [
            k
            for k in ("production", "on_build", "on_event", "action", "storage", "tuck")
            if getattr(ability, k)
        ]
        assert len(kinds) <= 1 and (kinds or copy.card.bonus is not None), copy.card.key


def test_card_13_dark_chapel_takes_2_vp_for_each_good_forgone() -> None:
    chapel, quarry = card("bar-dark-chapel"), card("com-quarry")
    state = acting(
        ("barbarians", "romans"), p0={"empire": (chapel,), "hand": (quarry,), "supply": supply(raze=1)}
    )
    options = {m.goods for m in legal_moves(state) if isinstance(m, Activate)}
    assert options == {(), ("stone",), ("stone", "stone")}
    after = play(state, Activate(0, chapel, supply(raze=1), target=quarry, goods=("stone",)))
    assert after.players[0].supply == supply(stone=1) and after.players[0].vp == 2


def test_card_13_rabble_razes_an_own_common_location_without_tokens() -> None:
    rabble, quarry = card("bar-rabble"), card("com-quarry")
    state = acting(("barbarians", "romans"), p0={"empire": (rabble, quarry), "supply": supply(worker=2)})
    after = play(state, Activate(0, rabble, supply(worker=2), target=quarry))
    assert after.players[0].foundations == (quarry,) and after.players[0].supply == supply(wood=1, stone=2)


def test_card_13_chariot_builder_ignores_protection() -> None:
    chariot, quarry = card("egy-chariot-builder"), card("com-quarry")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (chariot,), "supply": supply(raze=1)},
        p1={"empire": (quarry,), "defended": (quarry,)},
    )
    assert Activate(0, chariot, supply(raze=1), opponent=1, target=quarry) in legal_moves(state)


def test_card_14_a_choice_of_gains_is_decided_by_its_owner() -> None:
    headquarters, quarry = card("rom-headquarters"), card("com-quarry")
    state = acting(p0={"empire": (headquarters,), "hand": (quarry,), "supply": supply(wood=1, stone=1)})
    build = Build(0, quarry, supply(wood=1, stone=1))
    builds = [m for m in legal_moves(state) if isinstance(m, Build)]
    assert builds == [attrs.evolve(build, choice=(0,)), attrs.evolve(build, choice=(1,))]
    refused(state, build, "ENG-9")
    refused(state, attrs.evolve(build, choice=(2,)), "CARD-14")
    refused(state, attrs.evolve(build, choice=(1, 0)), "ENG-9")
    after, events = apply_move_with_events(state, attrs.evolve(build, choice=(1,)))
    assert after.players[0].supply == supply(stone=2, gold=1) and not after.agenda
    assert Event("CARD-14", "chooses", 0, goods=(("gold", 1),)) in events  # the option's goods


def test_card_15_spies_take_a_deal_that_produces_from_the_next_production() -> None:
    spies, raid = card("rom-spies"), card("bar-raid")
    state = acting(p0={"empire": (spies,), "supply": supply(worker=1)}, p1={"deals": (deal(raid),)})
    after = play(state, Activate(0, spies, supply(worker=1), opponent=1, target=0))
    assert [d.card for d in after.players[0].deals] == [raid] and after.players[0].supply == supply()
    assert after.players[0].vp == 1


def test_card_16_ninjas_discard_a_deal_and_gain_its_good() -> None:
    ninjas, spies = card("jap-ninjas"), card("rom-spies")
    state = acting(
        ("japanese", "romans"),
        p0={"empire": (ninjas,), "supply": supply(worker=1)},
        p1={"deals": (deal(spies),)},
    )
    after = play(state, Activate(0, ninjas, supply(worker=1), opponent=1, target=0, deck=Deck.FACTION))
    assert after.players[1].deals == () and not after.agenda and spies in after.players[1].discard
    assert after.players[0].hand == (state.players[0].deck[-1],)


def test_card_17_dojo_gives_1_vp_per_deal_made() -> None:
    dojo, farm = card("jap-dojo"), card("jap-farm")
    state = acting(("japanese", "romans"), p0={"empire": (dojo,), "hand": (farm,), "supply": supply(food=1)})
    assert play(state, MakeDeal(0, farm, supply(food=1))).players[0].vp == 1


def test_card_18_sphinx_gives_1_vp_for_2_or_more_at_once() -> None:
    sphinx, mason = card("egy-sphinx"), card("com-mason-1")
    state = acting(
        ("egyptians", "romans"), p0={"empire": (sphinx, mason), "supply": supply(worker=1, stone=1)}
    )
    assert play(state, Activate(0, mason, supply(worker=1, stone=1))).players[0].vp == 3
    brewer = card("com-brewer")
    small = acting(("egyptians", "romans"), p0={"empire": (sphinx, brewer), "supply": supply(food=2)})
    assert play(small, Activate(0, brewer, supply(food=2), times=2)).players[0].vp == 2


def test_card_19_oasis_gives_a_worker_per_pair_at_most_4_a_round_even_passed() -> None:
    oasis = card("egy-oasis")
    state = acting(
        ("romans", "egyptians"), p0={"supply": supply(worker=12)}, p1={"empire": (oasis,), "passed": True}
    )
    _, events = apply_move_with_events(state, Spend(0, (3, 0, 0, 0)))
    assert [(e.rule, e.seat, e.card, e.goods) for e in events if e.rule == "CARD-19"] == [
        ("CARD-19", 1, oasis, (("worker", 3),))
    ]
    state = play(state, Spend(0, (3, 0, 0, 0)))
    assert state.players[1].supply == supply(worker=3)
    state = play(state, Spend(0, (3, 0, 0, 0)))
    assert state.players[1].supply == supply(worker=4)


def test_card_20_saboteurs_steal_a_resource_or_nothing() -> None:
    saboteurs = card("bar-saboteurs")
    state = acting(
        ("barbarians", "romans"),
        p0={"empire": (saboteurs,), "supply": supply(worker=1)},
        p1={"supply": supply(wood=1, gold=3)},
    )
    assert {m.goods for m in legal_moves(state) if isinstance(m, Activate)} == {("wood",)}
    after = play(state, Activate(0, saboteurs, supply(worker=1), opponent=1, goods=("wood",)))
    assert after.players[0].supply == supply(wood=1) and after.players[1].supply == supply(gold=3)


def test_card_21_pack_takes_a_raze_field_good_without_razing() -> None:
    pack, quarry = card("bar-pack"), card("com-quarry")
    state = acting(
        ("barbarians", "romans"),
        p0={"empire": (pack,), "supply": supply(worker=1)},
        p1={"empire": (quarry,), "defended": (quarry,)},
    )
    after = play(state, Activate(0, pack, supply(worker=1), opponent=1, target=quarry, goods=("stone",)))
    assert after.players[0].supply == supply(stone=1) and after.players[1].empire == (quarry,)


def test_card_22_scorpion_breeder_blocks_an_action_location() -> None:
    breeder, lumber = card("egy-scorpion-breeder"), card("com-lumberjacks")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (breeder,), "supply": supply(worker=1)},
        p1={"empire": (lumber,), "supply": supply(worker=1)},
    )
    state = play(state, Activate(0, breeder, supply(worker=1), opponent=1, target=lumber))
    refused(state, Activate(1, lumber, supply(worker=1)), "CARD-22")


def test_card_23_architect_keeps_one_of_two_and_shuffles_the_other_back() -> None:
    architect = card("rom-architect")
    state = _produced(acting(p0={"empire": (architect,)}), 0)
    keeps = [m for m in legal_moves(state) if isinstance(m, Keep)]
    assert len(keeps) == 2
    deck = len(state.players[0].deck)
    after = play(state, keeps[0])
    assert keeps[0].card in after.players[0].hand and len(after.players[0].deck) == deck + 1


def test_card_23_mission_draws_two_from_either_deck_and_discards_one() -> None:
    mission = card("bar-mission")
    state = acting(("barbarians", "romans"), p0={"empire": (mission,), "supply": supply(worker=1)})
    state = play(state, Activate(0, mission, supply(worker=1), deck=Deck.COMMON), Draw(0, Deck.FACTION))
    keeps = [m for m in legal_moves(state) if isinstance(m, Keep)]
    after = play(state, keeps[1])
    assert after.players[0].hand == (keeps[1].card,) and keeps[0].card in after.common_discard


def test_card_24_sanctuary_makes_a_common_card_a_foundation_for_a_stone() -> None:
    sanctuary, quarry = card("egy-sanctuary"), card("com-quarry")
    state = acting(
        ("egyptians", "romans"), p0={"empire": (sanctuary,), "hand": (quarry,), "supply": supply(worker=1)}
    )
    after = play(state, Activate(0, sanctuary, supply(worker=1), target=quarry))
    assert (
        after.players[0].foundations == (quarry,)
        and after.players[0].supply == supply(stone=1)
        and after.players[0].vp == 1
    )


def test_card_25_desert_makes_the_opponent_discard_a_card_of_their_choice() -> None:
    desert, ruins, quarry = card("egy-desert"), card("com-ruins"), card("com-quarry")
    state = acting(
        ("egyptians", "romans"), p0={"empire": (desert,), "hand": (ruins,)}, p1={"hand": (quarry,)}
    )
    state = play(state, Activate(0, desert, supply(), cards=(ruins,), opponent=1))
    assert state.agenda[0] == DiscardFor(1) and legal_moves(state) == (Discard(1, quarry),)
    after = play(state, Discard(1, quarry))
    assert after.players[1].hand == () and after.players[0].vp == 1 and after.turn == 1


def test_card_26_gate_and_shrine_take_cards_and_resources_for_good() -> None:
    gate, shrine, ruins = card("jap-gate"), card("jap-shrine"), card("com-ruins")
    state = acting(
        ("japanese", "romans"),
        p0={"empire": (gate, shrine), "hand": (ruins,), "supply": supply(wood=1, gold=1)},
    )
    assert {m.item for m in legal_moves(state) if isinstance(m, Tuck)} == {ruins, "wood"}
    state = play(state, Tuck(0, gate, ruins), Tuck(0, shrine, "wood"))
    player = state.players[0]
    assert player.vp == 1 and player.under == ((gate, (ruins,)),) and player.on_shrine == ((shrine, 1),)
    assert state.turn == 0


def test_card_27_school_of_diplomacy_gives_deal_goods_back_for_vp() -> None:
    school, spies, legion = card("jap-school-of-diplomacy"), card("rom-spies"), card("jap-farm")
    state = acting(("japanese", "romans"), p0={"empire": (school,), "deals": (deal(legion), deal(spies))})
    state = _produced(state, 0)
    assert Convert(0, ("card", "worker")) in legal_moves(state)
    after = play(state, Convert(0, ("card",)))
    assert after.players[0].vp == 1 and after.players[0].supply[0] == 4 + 1


def test_card_28_imperial_messenger_uses_an_own_deal_again() -> None:
    messenger, spies = card("com-imperial-messenger"), card("rom-sculptors-workshop")
    state = acting(p0={"empire": (messenger,), "deals": (deal(spies),), "supply": supply(worker=1)})
    after = play(state, Activate(0, messenger, supply(worker=1), target=0))
    assert after.players[0].supply == supply(stone=1) and after.players[0].deals == (deal(spies),)


def test_card_29_ninjas_bonus_places_two_samurai() -> None:
    ninjas, farm = card("jap-ninjas"), card("jap-farm")
    state = acting(
        ("japanese", "romans"),
        p0={
            "hand": (ninjas,),
            "empire": (farm,),
            "foundations": (card("com-ruins"),),
            "supply": supply(stone=1),
        },
    )
    build = Build(0, ninjas, supply(stone=1), card("com-ruins"))
    assert [m for m in legal_moves(state) if isinstance(m, Build) and m.discard == build.discard] == [
        attrs.evolve(build, samurai=(farm, ninjas))
    ]
    refused(state, build, "ENG-9")
    refused(state, attrs.evolve(build, samurai=(farm,)), "CARD-29")
    after = play(state, attrs.evolve(build, samurai=(farm, ninjas)))
    assert after.players[0].samurai == (farm, ninjas) and after.players[0].supply == supply()
    assert not after.agenda
