"""CLEAN, END, the factions' rules (FAC-*) and the engine rulings (ENG-*)."""

from __future__ import annotations

import attrs

from imperial_settlers_rules import (
    Activate,
    Build,
    Deck,
    Draw,
    Keep,
    Pass,
    Phase,
    Raze,
    Repeat,
    Samurai,
    Skip,
    Spend,
    apply_move_with_events,
    legal_moves,
    score,
    winners,
)
from imperial_settlers_rules._model import Gain, GameState, Owed, Produce
from imperial_settlers_rules._rules.flow import settle
from imperial_settlers_rules._table import Table, shuffled

from .tables import acting, card, deal, play, refused, supply


def _end_round(state: GameState) -> GameState:
    """Everyone passes."""
    while state.phase is Phase.ACTIONS and not state.agenda:
        state = play(state, Pass(state.turn))
    return state


def test_clean_1_to_clean_4_what_each_faction_keeps() -> None:
    everything = supply(worker=3, wood=2, stone=2, food=2, gold=2, raze=2, defense=1)
    state = acting(
        ("romans", "barbarians", "egyptians", "japanese"),
        p0={"supply": everything},
        p1={"supply": everything},
        p2={"supply": everything},
        p3={"supply": everything},
    )
    after = _end_round(state)
    kept = [p.supply for p in after.players]
    assert kept == [supply(raze=2), supply(worker=3), supply(gold=2), supply(food=2)]


def test_clean_3_and_eng_8_warehouses_keep_wood_stone_and_food() -> None:
    warehouses = card("rom-warehouses")
    state = acting(
        p0={"empire": (warehouses,), "supply": supply(worker=1, wood=2, stone=1, food=1, gold=1, raze=1)}
    )
    assert _end_round(state).players[0].supply == supply(wood=2, stone=1, food=1, raze=1)


def test_clean_4_samurai_and_tucked_goods_stay_marks_go() -> None:
    farm, lumber = card("jap-farm"), card("com-lumberjacks")
    state = acting(
        ("japanese", "romans"), p0={"empire": (farm, lumber), "samurai": (farm,), "supply": supply(worker=1)}
    )
    state = play(state, Activate(0, lumber, supply(worker=1)))
    after = _end_round(state)
    assert after.players[0].samurai == (farm,) and after.uses == () and after.players[0].passed is False


def test_clean_5_the_first_player_marker_moves_clockwise() -> None:
    assert _end_round(acting(("romans", "barbarians", "egyptians"))).first == 1


def test_clean_6_and_end_1_round_5_ends_after_its_action_phase_without_cleanup() -> None:
    state = attrs.evolve(acting(p0={"supply": supply(wood=3, gold=2)}), round=5)
    after = _end_round(state)
    assert after.phase is Phase.OVER and after.players[0].supply == supply(wood=3, gold=2)


def test_end_2_a_common_location_scores_1_a_faction_location_2() -> None:
    state = acting(
        p0={
            "empire": (card("com-ruins"), card("rom-spies")),
            "foundations": (card("com-quarry"),),
            "deals": (deal(card("rom-legion")),),
            "vp": 4,
        }
    )
    sheet = score(state)[0]
    assert (sheet.played, sheet.locations, sheet.total) == (4, 3, 7)


def test_end_3_gate_and_shrine_score_their_steps() -> None:
    gate, shrine = card("jap-gate"), card("jap-shrine")
    cards = tuple(card("com-ruins", i) for i in range(3))
    state = acting(
        ("japanese", "romans"),
        p0={"empire": (gate, shrine), "under": ((gate, cards),), "on_shrine": ((shrine, 7),)},
    )
    assert score(state)[0].tucked == 2 + 5


def test_end_4_ties_broken_by_workers_and_resources_then_hand_then_shared() -> None:
    tied = acting(p0={"vp": 5, "supply": supply(worker=1, gold=9)}, p1={"vp": 5, "supply": supply(wood=2)})
    assert winners(tied) == (1,)
    by_hand = acting(p0={"vp": 5, "hand": (card("com-ruins"),)}, p1={"vp": 5})
    assert winners(by_hand) == (0,)
    assert winners(acting(p0={"vp": 5}, p1={"vp": 5})) == (0, 1)


def test_end_5_a_score_never_goes_below_zero() -> None:
    state = acting(p0={"vp": 0})
    assert score(state)[0].total == 0


def test_fac_jap_1_and_fac_jap_2_japanese_locations_are_razed_to_the_discard_without_wood() -> None:
    farm = card("jap-farm")
    state = acting(("romans", "japanese"), p0={"supply": supply(raze=2)}, p1={"empire": (farm,)})
    after = play(state, Raze(0, 1, farm))
    assert (
        after.players[1].discard[-1] == farm
        and after.players[1].supply == supply()
        and after.players[0].vp == 1
    )


def test_fac_jap_3_and_fac_jap_5_samurai_are_a_free_step_and_go_with_their_location() -> None:
    farm = card("jap-farm")
    state = acting(("japanese", "romans"), p0={"empire": (farm,), "supply": supply(worker=2)})
    assert [m for m in legal_moves(state) if isinstance(m, Samurai)] == [Samurai(0, farm)]
    state = play(state, Samurai(0, farm))
    assert state.turn == 0 and state.players[0].samurai == (farm,)
    refused(state, Samurai(0, farm), "FAC-JAP-3")
    romans = acting(p0={"empire": (card("rom-spies"),), "supply": supply(worker=2)})
    assert not [m for m in legal_moves(romans) if isinstance(m, Samurai)]


def test_fac_jap_4_a_samurai_adds_a_raze_token_and_gate_stays_unrazable() -> None:
    farm, gate = card("jap-farm"), card("jap-gate")
    state = acting(
        ("romans", "japanese"),
        p0={"supply": supply(raze=2)},
        p1={"empire": (farm, gate), "samurai": (farm, gate)},
    )
    refused(state, Raze(0, 1, farm), "RAZE-4")
    refused(state, Raze(0, 1, gate), "RAZE-1")
    rich = attrs.evolve(
        state, players=(attrs.evolve(state.players[0], supply=supply(raze=3)), state.players[1])
    )
    after = play(rich, Raze(0, 1, farm))
    assert after.players[1].samurai == (gate,)


def test_fac_jap_6_and_fac_jap_7_trade_route_makes_a_deal_with_an_enemy_faction_location() -> None:
    route, spies = card("jap-trade-route"), card("rom-spies")
    state = acting(
        ("japanese", "romans"), p0={"empire": (route,), "supply": supply(food=1)}, p1={"empire": (spies,)}
    )
    top = state.players[0].deck[-1]
    after = play(state, Activate(0, route, supply(food=1), opponent=1, target=spies, deck=Deck.COMMON))
    made = after.players[0].deals[0]
    assert made.card == top and made.route and made.good == deal(spies).good
    spy = acting(
        ("romans", "japanese"), p0={"empire": (spies,), "supply": supply(worker=1)}, p1={"deals": (made,)}
    )
    assert not [m for m in legal_moves(spy) if isinstance(m, Activate)]


def test_fac_jap_8_daimyos_castle_counts_samurai() -> None:
    from imperial_settlers_rules._model import Produce
    from imperial_settlers_rules._rules.flow import settle
    from imperial_settlers_rules._table import Table

    castle, farm = card("jap-daimyos-castle"), card("jap-farm")
    table = Table(acting(("japanese", "romans"), p0={"empire": (castle, farm), "samurai": (castle, farm)}))
    table.update(phase=Phase.PRODUCTION, agenda=(Produce(0),))
    settle(table)
    assert table.state.players[0].vp == 2


def test_fac_egy_1_and_fac_egy_3_a_location_taken_over_works_for_the_egyptian_this_round() -> None:
    temple, lumber = card("egy-temple-of-ra"), card("com-lumberjacks")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (temple,), "supply": supply(worker=1)},
        p1={"empire": (lumber,), "supply": supply(worker=1)},
    )
    state = play(state, Activate(0, temple, supply(), opponent=1, target=lumber))
    assert not [m for m in legal_moves(state) if isinstance(m, Activate)]  # the Roman lost it
    state = play(state, Pass(1), Activate(0, lumber, supply(worker=1)))
    assert state.players[0].supply == supply(wood=2)
    after = _end_round(state)
    assert after.taken == () and lumber in after.players[1].empire


def test_fac_egy_1_a_location_taken_over_cannot_pay_a_location_cost() -> None:
    temple, quarry, spies = card("egy-temple-of-ra"), card("com-quarry"), card("rom-spies")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (temple,)},
        p1={"empire": (quarry,), "hand": (spies,), "supply": supply(wood=1, stone=1)},
    )
    state = play(state, Activate(0, temple, supply(), opponent=1, target=quarry))
    refused(state, Build(1, spies, supply(wood=1, stone=1), quarry), "FAC-EGY-1")


def test_fac_egy_2_a_location_taken_over_and_razed_gives_the_egyptian_the_wood() -> None:
    temple, quarry = card("egy-temple-of-ra"), card("com-quarry")
    state = acting(
        ("egyptians", "romans", "barbarians"),
        p0={"empire": (temple,)},
        p1={"empire": (quarry,)},
        p2={"supply": supply(raze=2)},
    )
    state = attrs.evolve(play(state, Activate(0, temple, supply(), opponent=1, target=quarry)), turn=2)
    after = play(state, Raze(2, 1, quarry))
    assert after.players[0].supply == supply(wood=1) and after.players[1].foundations == (quarry,)
    assert after.players[1].supply == supply() and after.taken == ()
    _, events = apply_move_with_events(state, Raze(2, 1, quarry))
    wood = [(e.rule, e.seat, e.goods) for e in events if ("wood", 1) in e.goods and e.what == "gains"]
    assert wood == [("FAC-EGY-2", 0, (("wood", 1),))]


def test_fac_rom_1_and_fac_bar_1_no_special_rules() -> None:
    romans = acting(("romans", "barbarians"), p0={"supply": supply(worker=2, defense=1)})
    assert {type(m).__name__ for m in legal_moves(romans)} == {"Pass", "Spend"}


def test_eng_1_an_attack_without_a_victim_cannot_be_bought() -> None:
    engineers = card("rom-engineers")
    state = acting(
        p0={"empire": (engineers,), "supply": supply(worker=2)},
        p1={"empire": (card("com-quarry"),), "passed": True},
    )
    assert not [m for m in legal_moves(state) if isinstance(m, Activate)]
    refused(state, Activate(0, engineers, supply(worker=2), opponent=1, target=card("com-quarry")), "ACT-5")
    sanctuary = card("egy-sanctuary")
    own = acting(("egyptians", "romans"), p0={"empire": (sanctuary,), "supply": supply(worker=1)})
    assert play(own, Activate(0, sanctuary, supply(worker=1))).players[0].vp == 1


def test_eng_2_every_payment_that_leaves_a_different_supply_is_a_move() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"hand": (quarry,), "supply": supply(wood=1, stone=1, gold=2)})
    pays = {m.pay for m in legal_moves(state) if isinstance(m, Build)}
    assert pays == {supply(wood=1, stone=1), supply(wood=1, gold=1), supply(stone=1, gold=1), supply(gold=2)}


def test_eng_3_each_gain_event_is_its_own() -> None:
    state = play(acting(p0={"supply": supply(worker=4)}), Spend(0, (0, 0, 0, 2), Deck.COMMON))
    assert state.agenda == (Owed(0),)
    assert Gain(0, deal(card("rom-spies")).good, "x") != Gain(0, deal(card("rom-spies")).good, "y")


def test_eng_4_the_owner_may_raze_a_location_taken_over_the_egyptian_may_not() -> None:
    temple, quarry = card("egy-temple-of-ra"), card("com-quarry")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (temple,), "supply": supply(raze=2)},
        p1={"empire": (quarry,), "supply": supply(raze=2)},
    )
    state = play(state, Activate(0, temple, supply(), opponent=1, target=quarry))
    assert Raze(1, 1, quarry) in legal_moves(state)
    after = play(state, Raze(1, 1, quarry))
    assert after.players[0].supply == supply(wood=1, raze=2) and after.players[1].supply == supply(stone=2)
    refused(attrs.evolve(state, turn=0), Raze(0, 1, quarry), "ENG-4")


def test_eng_5_a_discarded_location_neither_fires_nor_counts() -> None:
    supplier, headquarters, quarry = card("com-supplier"), card("rom-headquarters"), card("com-quarry")
    state = acting(p0={"hand": (headquarters,), "empire": (supplier, quarry), "supply": supply(stone=2)})
    after = play(state, Build(0, headquarters, supply(stone=2), supplier, choice=(0,)))
    assert after.players[0].supply == supply() and after.players[0].vp == 1 and not after.agenda


def test_eng_6_bonus_then_production_then_features_in_order_built() -> None:
    workshop, route = card("com-carpenters-workshop"), card("com-lumberjacks-route")
    state = acting(p0={"empire": (workshop,), "hand": (route,), "supply": supply(wood=2)})
    after = play(state, Build(0, route, supply(wood=2)))
    assert after.players[0].supply == supply(wood=2, gold=1) and after.players[0].vp == 1


def test_eng_7_reactivation_resets_every_use() -> None:
    baths, mine = card("egy-royal-baths"), card("com-gold-mine")
    state = acting(("egyptians", "romans"), p0={"empire": (baths, mine), "supply": supply(worker=4, gold=1)})
    state = play(state, Activate(0, mine, supply(worker=2), times=2), Pass(1))
    state = play(state, Activate(0, baths, supply(gold=1), target=mine))
    assert Activate(0, mine, supply(worker=2), times=2) in legal_moves(state)
    assert dict(play(state, Skip(0)).uses) == {baths: 1}


def test_eng_9_the_first_cards_deck_is_named_in_the_move_the_next_waits_until_it_is_seen() -> None:
    base = acting(p0={"supply": supply(worker=4)})
    spends = [m for m in legal_moves(base) if isinstance(m, Spend) and m.take == (0, 0, 0, 2)]
    assert spends == [Spend(0, (0, 0, 0, 2), Deck.COMMON), Spend(0, (0, 0, 0, 2), Deck.FACTION)]
    refused(base, Spend(0, (0, 0, 0, 2)), "ENG-9")
    refused(base, Spend(0, (1, 0, 0, 0), Deck.COMMON), "ENG-9")
    drawn = play(base, spends[0])
    assert drawn.to_act == (0,) and drawn.agenda == (Owed(0),) and drawn.preset is None
    assert drawn.players[0].hand == (base.common[-1],)
    assert legal_moves(drawn) == (Draw(0, Deck.COMMON), Draw(0, Deck.FACTION))
    after = play(drawn, Draw(0, Deck.FACTION))
    assert after.players[0].hand == (base.common[-1], base.players[0].deck[-1]) and not after.agenda


def test_eng_9_random_draws_happen_in_the_order_the_effects_are_carried_out() -> None:
    """A reshuffle drawn for the move's first card takes the seed's next shuffle, before any
    later effect's."""
    base = acting(p0={"supply": supply(worker=2)})
    emptied = attrs.evolve(base, common=(), common_discard=base.common)
    after = play(emptied, Spend(0, (0, 0, 0, 1), Deck.COMMON))
    order = shuffled(base.config.seed, base.shuffles, base.common)
    assert after.shuffles == base.shuffles + 1
    assert after.players[0].hand == (order[-1],) and after.common == order[:-1]


def test_eng_9_farmers_at_work_built_names_its_cards_deck_and_what_it_repeats() -> None:
    farmers, forest, quarry = card("com-farmers-at-work"), card("com-old-forest"), card("com-quarry")
    state = acting(p0={"hand": (farmers,), "empire": (forest, quarry), "supply": supply(wood=3)})
    build = Build(0, farmers, supply(wood=3))
    assert [(m.deck, m.repeat) for m in legal_moves(state) if isinstance(m, Build)] == [
        (Deck.COMMON, forest),
        (Deck.COMMON, quarry),
        (Deck.FACTION, forest),
        (Deck.FACTION, quarry),
    ]
    refused(state, build, "ENG-9")
    refused(state, attrs.evolve(build, deck=Deck.COMMON), "ENG-9")
    refused(state, attrs.evolve(build, deck=Deck.COMMON, repeat=farmers), "CARD-9")
    refused(state, attrs.evolve(build, deck=Deck.COMMON, repeat=forest, choice=(0,)), "ENG-9")
    after = play(state, attrs.evolve(build, deck=Deck.FACTION, repeat=quarry))
    assert after.players[0].hand == (state.players[0].deck[-1],) and not after.agenda
    assert after.players[0].supply == supply(stone=1)


def test_eng_9_production_decisions_wait_for_their_player() -> None:
    """PROD-4: no move of the producing player causes production, so its choices wait."""
    farmers, forest = card("com-farmers-at-work"), card("com-old-forest")
    table = Table(acting(p0={"empire": (farmers, forest)}))
    table.update(phase=Phase.PRODUCTION, agenda=(Produce(0),))
    settle(table)
    assert table.state.preset is None and legal_moves(table.state) == (Repeat(0, forest),)


def test_eng_6_slavers_optional_purchase_is_named_and_paid_with_the_build() -> None:
    slaver, caravan = card("egy-slaver"), card("egy-caravan")
    state = acting(
        ("egyptians", "romans"),
        p0={"empire": (slaver,), "hand": (caravan,), "supply": supply(food=1, gold=1, stone=1)},
    )
    builds = {(m.option, m.pay) for m in legal_moves(state) if isinstance(m, Build)}
    assert builds == {
        (None, supply(food=1)),
        (None, supply(gold=1)),
        (0, supply(food=1, gold=1)),
        (1, supply(food=1, stone=1)),
        (1, supply(food=1, gold=1)),
        (1, supply(gold=1, stone=1)),
    }
    after = play(state, Build(0, caravan, supply(food=1, gold=1), option=0))
    assert after.players[0].vp == 2 and after.players[0].supply == supply(worker=1, food=1, stone=1)


def test_eng_4_daimyos_castle_used_by_the_egyptian_counts_its_owners_samurai() -> None:
    temple, porters, castle, farm = (
        card("egy-temple-of-ra"),
        card("com-porters"),
        card("jap-daimyos-castle"),
        card("jap-farm"),
    )
    state = acting(
        ("egyptians", "japanese"),
        p0={"empire": (temple, porters), "supply": supply(food=1)},
        p1={"empire": (castle, farm), "samurai": (castle, farm)},
    )
    state = play(state, Activate(0, temple, supply(), opponent=1, target=castle), Pass(1))
    after = play(state, Activate(0, porters, supply(food=1), target=castle))
    assert after.players[0].vp == 2


def test_eng_9_porters_name_the_choice_and_the_repetition_of_what_they_repeat() -> None:
    porters, guard = card("com-porters"), card("egy-pharaohs-guard")
    farmers, forest = card("com-farmers-at-work"), card("com-old-forest")
    state = acting(
        ("egyptians", "romans"), p0={"empire": (porters, guard, farmers, forest), "supply": supply(food=1)}
    )
    activations = {(m.target, m.choice, m.repeat) for m in legal_moves(state) if isinstance(m, Activate)}
    assert activations == {
        (guard, (0,), None),
        (guard, (1,), None),
        (farmers, (0,), guard),
        (farmers, (1,), guard),
        (farmers, (), forest),
        (forest, (), None),
    }
    repeat = Activate(0, porters, supply(food=1), target=guard)
    refused(state, repeat, "ENG-9")
    refused(state, attrs.evolve(repeat, choice=(2,)), "CARD-14")
    refused(state, attrs.evolve(repeat, choice=(0,), repeat=forest), "ENG-9")
    assert play(state, attrs.evolve(repeat, choice=(1,))).players[0].vp == 2
    twice = play(state, Activate(0, porters, supply(food=1), target=farmers, repeat=forest))
    assert twice.players[0].supply == supply(wood=2) and not twice.agenda


def test_eng_9_a_build_following_up_settlers_names_its_decisions() -> None:
    settlers, ninjas, farm = card("com-settlers"), card("jap-ninjas"), card("jap-farm")
    state = acting(
        ("japanese", "romans"),
        p0={"empire": (settlers, farm), "hand": (ninjas,), "supply": supply(wood=1, stone=1)},
    )
    state = play(state, Activate(0, settlers, supply(wood=1)))
    builds = [m for m in legal_moves(state) if isinstance(m, Build)]
    assert builds == [Build(0, ninjas, supply(stone=1), samurai=(farm, ninjas))]
    refused(state, Build(0, ninjas, supply(stone=1)), "ENG-9")
    after, events = apply_move_with_events(state, builds[0])
    assert after.players[0].samurai == (farm, ninjas) and not after.agenda
    assert [e.card for e in events if e.rule == "CARD-29"] == [farm, ninjas]


def test_eng_9_a_choice_named_in_the_move_waits_out_a_decision_after_a_card_is_seen() -> None:
    """Architect's two drawn cards are seen before one is kept (CARD-23, a decision that
    waits); Administration's choice, fired after it, is the build's (ENG-6, ENG-9)."""
    architect, administration = card("rom-architect"), card("rom-administration")
    spare = card("com-ruins")
    state = acting(
        p0={
            "empire": (administration,),
            "foundations": (spare,),
            "hand": (architect,),
            "supply": supply(stone=2),
        }
    )
    top = state.players[0].deck[-2:]
    build = Build(0, architect, supply(stone=2), spare)
    assert [(m.discard, m.choice) for m in legal_moves(state) if isinstance(m, Build)] == [
        (administration, ()),  # ENG-5: a discarded location does not fire
        (spare, (0,)),
        (spare, (1,)),
    ]
    waiting = play(state, attrs.evolve(build, choice=(1,)))
    assert waiting.to_act == (0,) and waiting.preset is not None and waiting.preset.choice == (1,)
    keeps = legal_moves(waiting)
    assert {m.card for m in keeps if isinstance(m, Keep)} == set(top)
    after = play(waiting, keeps[0])
    assert after.players[0].vp == 1 and after.players[0].supply == supply() and after.preset is None
    assert not after.agenda and after.turn == 1


def test_eng_9_a_second_card_of_a_build_is_drawn_once_the_first_is_seen() -> None:
    watchtower = card("com-watchtower")
    state = acting(p0={"hand": (watchtower,), "supply": supply(wood=2)})
    builds = [m for m in legal_moves(state) if isinstance(m, Build)]
    assert [m.deck for m in builds] == [Deck.COMMON, Deck.FACTION]
    waiting = play(state, builds[1])
    assert waiting.players[0].hand == (state.players[0].deck[-1],) and waiting.agenda == (Owed(0),)
    after = play(waiting, Draw(0, Deck.COMMON))
    assert after.players[0].hand == (state.players[0].deck[-1], state.common[-1])
