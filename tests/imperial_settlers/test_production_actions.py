"""PROD, ACT, BUILD and DEAL: production, the turns of the action phase, building and deals."""

from __future__ import annotations

import attrs

from imperial_settlers_rules import (
    Activate,
    Build,
    Deck,
    Defend,
    Done,
    Draw,
    MakeDeal,
    Pass,
    Phase,
    Raze,
    Spend,
    legal_moves,
)
from imperial_settlers_rules._model import GameState, Owed, Produce
from imperial_settlers_rules._rules.flow import settle
from imperial_settlers_rules._table import Table

from .tables import acting, card, deal, play, refused, supply


def _produced(state: GameState, *seats: int) -> GameState:
    table = Table(state)
    table.update(phase=Phase.PRODUCTION, agenda=tuple(Produce(s) for s in seats))
    settle(table)
    return table.state


def test_prod_1_players_produce_in_turn_order_and_draws_wait_for_each() -> None:
    state = _produced(
        acting(p0={"empire": (card("com-watchtower"),)}, p1={"empire": (card("com-watchtower", 1),)}), 0, 1
    )
    assert state.agenda == (Owed(0), Produce(1))
    state = play(state, Draw(0, Deck.COMMON))
    assert state.agenda == (Owed(1),) and state.to_act == (1,)
    state = play(state, Draw(1, Deck.COMMON))
    assert state.phase is Phase.ACTIONS and state.turn == 0


def test_prod_2_board_then_deals_then_locations() -> None:
    deal_card = card("rom-sculptors-workshop")
    state = acting(p0={"empire": (card("com-quarry"),), "deals": (deal(deal_card),)})
    after = _produced(state, 0)
    # romans board 2 workers, wood, stone, raze, defense; the deal 1 stone; the quarry 1 stone
    assert after.players[0].supply == supply(worker=2, wood=1, stone=3, raze=1, defense=1)


def test_prod_3_a_colour_count_counts_itself_and_stops_at_the_cap() -> None:
    quarries = (*tuple(card("com-quarry", i) for i in range(3)), card("com-rubble"), card("com-statue"))
    after = _produced(acting(p0={"empire": quarries}), 0)
    # 3 quarries 3 stone, rubble counts 5 grey locations and stops at 3, board 1 stone
    assert after.players[0].supply[2] == 1 + 3 + 3


def test_prod_4_each_card_produced_is_drawn_from_the_chosen_deck_seen_before_the_next() -> None:
    state = _produced(acting(p0={"empire": (card("com-watchtower"), card("com-watchtower", 1))}), 0)
    assert legal_moves(state) == (Draw(0, Deck.COMMON), Draw(0, Deck.FACTION))
    top = state.players[0].deck[-1]
    state = play(state, Draw(0, Deck.FACTION))
    assert state.players[0].hand == (top,)
    assert state.agenda == (Owed(0),)


def test_prod_5_vp_are_scored_at_once() -> None:
    after = _produced(acting(p0={"empire": (card("com-monument"),)}), 0)
    assert after.players[0].vp == 1


def test_prod_6_every_board_gives_one_defense_token() -> None:
    after = _produced(acting(("egyptians", "japanese")), 0, 1)
    assert [p.supply[6] for p in after.players] == [1, 1]


def test_act_1_to_act_3_one_action_a_turn_clockwise_any_number_a_round() -> None:
    state = acting(p0={"supply": supply(worker=8)}, p1={"supply": supply(worker=8)})
    state = play(state, Spend(0, (1, 0, 0, 0)))
    assert state.turn == 1
    state = play(state, Spend(1, (1, 0, 0, 0)), Spend(0, (0, 1, 0, 0)), Spend(1, (0, 1, 0, 0)))
    assert state.turn == 0 and state.players[0].supply == supply(worker=4, wood=1, stone=1)


def test_act_2_the_actions_are_build_deal_raze_activate_spend() -> None:
    state = acting(
        p0={
            "hand": (card("com-quarry"), card("rom-spies")),
            "empire": (card("com-lumberjacks"),),
            "supply": supply(worker=2, wood=1, stone=1, food=1, raze=1),
        }
    )
    kinds = {type(m).__name__ for m in legal_moves(state)}
    assert kinds >= {"Pass", "Build", "MakeDeal", "RazeCard", "Activate", "Spend"}


def test_act_4_and_act_6_passed_players_are_skipped_and_the_phase_ends_when_all_passed() -> None:
    state = acting(p0={"supply": supply(worker=8)})
    state = play(state, Pass(0))
    assert state.turn == 1
    state = play(state, Pass(1))
    assert state.round == 2 and state.phase is Phase.LOOKOUT


def test_act_5_a_passed_player_cannot_be_razed_or_targeted() -> None:
    target = card("com-quarry")
    state = acting(p0={"supply": supply(raze=2, worker=2)}, p1={"empire": (target,), "passed": True})
    refused(state, Raze(0, 1, target), "ACT-5")
    spies = acting(
        p0={"empire": (card("rom-spies"),), "supply": supply(worker=1)},
        p1={"deals": (deal(card("bar-raid")),), "passed": True},
    )
    assert not [m for m in legal_moves(spies) if isinstance(m, Activate)]


def test_act_7_passing_is_always_allowed_and_alone_with_nothing_else() -> None:
    assert legal_moves(acting()) == (Pass(0),)


def test_act_8_free_steps_do_not_end_the_turn() -> None:
    quarry = card("com-quarry")
    state = play(acting(p0={"empire": (quarry,), "supply": supply(defense=1)}), Defend(0, quarry))
    assert state.turn == 0 and state.players[0].defended == (quarry,)
    passed = attrs.evolve(
        state,
        players=(attrs.evolve(state.players[0], passed=True, supply=supply(defense=1)), state.players[1]),
        turn=1,
    )
    assert not [m for m in legal_moves(passed) if isinstance(m, Defend)]


def test_build_1_and_build_2_a_hand_card_for_its_cost_even_a_free_one() -> None:
    ruins = card("com-ruins")
    state = play(acting(p0={"hand": (ruins,)}), Build(0, ruins, supply()))
    assert state.players[0].empire == (ruins,) and state.turn == 1
    refused(acting(p0={"hand": ()}), Build(0, ruins, supply()), "BUILD-1")


def test_build_3_a_location_cost_discards_an_own_location_or_foundation() -> None:
    spies, quarry, ruins = card("rom-spies"), card("com-quarry"), card("com-ruins")
    state = acting(
        p0={"hand": (spies,), "empire": (quarry,), "foundations": (ruins,), "supply": supply(wood=1, stone=1)}
    )
    builds = [m for m in legal_moves(state) if isinstance(m, Build)]
    assert {m.discard for m in builds} == {quarry, ruins}
    refused(state, Build(0, spies, supply(wood=1, stone=1)), "BUILD-3")
    after = play(state, Build(0, spies, supply(wood=1, stone=1), quarry))
    assert after.players[0].empire == (spies,) and quarry in after.common_discard


def test_build_4_a_cost_not_covered_cannot_be_paid() -> None:
    quarry = card("com-quarry")
    refused(
        acting(p0={"hand": (quarry,), "supply": supply(wood=1)}),
        Build(0, quarry, supply(wood=1, stone=1)),
        "BUILD-4",
    )


def test_build_5_a_production_location_produces_at_once() -> None:
    forest = card("com-old-forest")
    state = play(acting(p0={"hand": (forest,), "supply": supply(wood=2)}), Build(0, forest, supply(wood=2)))
    assert state.players[0].supply == supply(wood=2)


def test_build_6_a_bonus_is_gained_once_with_the_production() -> None:
    quarry = card("com-quarry")
    state = play(
        acting(p0={"hand": (quarry,), "supply": supply(wood=1, stone=1)}),
        Build(0, quarry, supply(wood=1, stone=1)),
    )
    assert state.players[0].supply == supply(stone=2)


def test_build_7_copies_add_up() -> None:
    gardens = card("rom-gardens")
    fields = tuple(card("com-grain-field", i) for i in range(2))
    state = acting(p0={"hand": fields, "supply": supply(wood=2, food=2)})
    state = play(
        state,
        Build(0, fields[0], supply(wood=1, food=1)),
        Pass(1),
        Build(0, fields[1], supply(wood=1, food=1)),
    )
    assert state.players[0].supply == supply(food=4) and gardens not in state.players[0].empire


def test_build_8_discarded_cards_go_to_their_own_pile() -> None:
    spies, legion = card("rom-spies"), card("rom-legion")
    state = acting(p0={"hand": (spies,), "empire": (legion,), "supply": supply(wood=1, stone=1)})
    after = play(state, Build(0, spies, supply(wood=1, stone=1), legion))
    assert after.players[0].discard[-1] == legion


def test_build_9_locations_are_kept_in_the_order_built() -> None:
    a, b = card("com-ruins", 0), card("com-ruins", 1)
    state = play(acting(p0={"hand": (a, b)}), Build(0, b, supply()), Pass(1), Build(0, a, supply()))
    assert state.players[0].empire == (b, a)


def test_build_10_a_card_built_by_settlers_counts_as_built() -> None:
    settlers, stonemason = card("com-settlers"), card("rom-stonemason")
    state = acting(p0={"empire": (settlers,), "hand": (stonemason,), "supply": supply(wood=2, stone=1)})
    state = play(state, Activate(0, settlers, supply(wood=1)))
    assert state.to_act == (0,)
    state = play(state, Build(0, stonemason, supply(wood=1, stone=1)))
    assert stonemason in state.players[0].empire and state.players[0].supply == supply(stone=2)
    assert state.turn == 1


def test_deal_1_only_a_faction_card_of_the_hand() -> None:
    quarry = card("com-quarry")
    refused(
        acting(p0={"hand": (quarry,), "supply": supply(food=1)}),
        MakeDeal(0, quarry, supply(food=1)),
        "DEAL-1",
    )


def test_deal_2_a_deal_costs_one_food_or_one_gold() -> None:
    spies = card("rom-spies")
    state = acting(p0={"hand": (spies,), "supply": supply(food=1, gold=1)})
    assert {m.pay for m in legal_moves(state) if isinstance(m, MakeDeal)} == {supply(food=1), supply(gold=1)}
    refused(
        acting(p0={"hand": (spies,), "supply": supply(wood=1)}), MakeDeal(0, spies, supply(wood=1)), "DEAL-2"
    )


def test_deal_3_to_deal_5_a_deal_gives_its_good_now_and_every_production() -> None:
    spies = card("rom-spies")
    before = acting(p0={"hand": (spies,), "supply": supply(food=1)})
    refused(before, MakeDeal(0, spies, supply(food=1)), "ENG-9")
    state = play(before, MakeDeal(0, spies, supply(food=1), Deck.COMMON))
    assert state.players[0].deals[0].card == spies and not state.agenda
    assert state.players[0].hand == (before.common[-1],)
    produced = _produced(state, 0)
    assert produced.agenda == (Owed(0),)


def test_deal_6_a_deal_that_leaves_play_goes_to_its_faction_pile() -> None:
    raid = card("bar-raid")
    robbers = card("bar-robbers")
    state = acting(
        ("barbarians", "romans"),
        p0={"empire": (robbers,), "supply": supply(worker=2)},
        p1={"deals": (deal(card("rom-spies")),)},
    )
    after = play(state, Activate(0, robbers, supply(worker=2), opponent=1, target=0, deck=Deck.COMMON))
    assert after.players[1].deals == () and after.players[1].discard[-1] == card("rom-spies")
    assert raid not in after.players[0].empire


def test_act_8_free_steps_may_follow_the_action_within_the_turn() -> None:
    quarry = card("com-quarry")
    state = acting(p0={"hand": (quarry,), "supply": supply(wood=1, stone=1, defense=1)})
    state = play(state, Build(0, quarry, supply(wood=1, stone=1)))
    assert state.turn == 0 and state.acted
    assert legal_moves(state) == (Done(0), Defend(0, quarry))
    refused(state, Pass(0), "ACT-1")
    defended = play(state, Defend(0, quarry))
    assert defended.turn == 1 and not defended.acted and defended.players[0].defended == (quarry,)
    assert play(state, Done(0)).turn == 1
    refused(acting(), Done(0), "ACT-8")
