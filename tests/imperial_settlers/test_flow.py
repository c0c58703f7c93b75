"""FLOW, SETUP and LOOK: who moves, the order of play, setup and the lookout's drafts."""

from __future__ import annotations

import attrs
import pytest

from boardtable.errors import ConfigError
from imperial_settlers_rules import (
    Activate,
    Build,
    Deck,
    Draw,
    GameConfig,
    Move,
    Pass,
    Phase,
    Pick,
    Raze,
    RazeCard,
    Spend,
    check_move,
    components,
    legal_moves,
)
from imperial_settlers_rules._table import shuffled
from imperial_settlers_rules.rulebook import rules

from .tables import acting, all_cards, card, dealt, game, play, playout, refused, supply


def test_flow_1_a_player_not_to_act_is_refused_and_nothing_changes() -> None:
    state = game()
    assert state.to_act == (0,)
    refused(state, Pick(1, state.offer[0]), "FLOW-1")
    assert state == game()


def test_flow_2_only_a_move_of_the_current_phase_is_accepted() -> None:
    state = game()
    hand = state.players[0].hand[0]
    refused(state, Build(0, hand, supply()), "FLOW-2")
    refused(acting(), Pick(0, card("com-quarry")), "FLOW-2")
    refused(acting(), Draw(0, Deck.COMMON), "FLOW-2")


def test_flow_3_no_move_after_final_scoring() -> None:
    *_, (_, _, over) = playout(game(2, 9), 9)
    assert over.is_over and over.to_act == ()
    refused(over, Pass(0), "FLOW-3")


def test_flow_4_shuffles_come_from_the_seed() -> None:
    assert shuffled(5, 0, ("a", "b", "c", "d")) == shuffled(5, 0, ("a", "b", "c", "d"))
    assert game(2, 5) == game(2, 5)
    assert game(2, 5).common != game(2, 6).common


def test_flow_5_five_rounds_of_four_phases() -> None:
    phases = []
    for before, _, after in playout(game(2, 4), 4):
        if (after.round, after.phase) != (before.round, before.phase):
            phases.append((after.round, after.phase))
    assert phases[-1] == (5, Phase.OVER)
    assert [r for r, p in phases if p is Phase.ACTIONS] == [1, 2, 3, 4, 5]
    assert [r for r, p in phases if p is Phase.LOOKOUT] == [2, 3, 4, 5]


def test_setup_1_two_to_four_players_each_a_different_faction() -> None:
    for players in (1, 5):
        with pytest.raises(ConfigError, match="SETUP-1"):
            GameConfig(players=players)
    with pytest.raises(ConfigError, match="SETUP-1"):
        GameConfig(players=2, factions=("romans", "romans"))
    with pytest.raises(ConfigError, match="SETUP-1"):
        GameConfig(players=2, factions=("romans", "vikings"))
    dealt_factions = {p.faction for p in game(4, 3).players}
    assert dealt_factions == {"romans", "barbarians", "egyptians", "japanese"}
    chosen = game(2, 3, factions=("japanese", "romans"))
    assert [p.faction for p in chosen.players] == ["japanese", "romans"]


def test_setup_2_each_player_has_a_shuffled_faction_deck_and_0_vp() -> None:
    state = game(3, 2)
    for player in state.players:
        own = components().deck_ids(player.faction)
        faction_in_hand = tuple(c for c in player.hand if not c.startswith("com"))
        assert sorted(player.deck + faction_in_hand) == sorted(own) and player.vp == 0
        assert tuple(sorted(player.deck)) != player.deck


def test_setup_3_the_boards_are_those_of_the_components() -> None:
    boards = {f.id: f for f in components().factions}
    assert boards["barbarians"].production.supply == supply(worker=5, raze=1, defense=1)
    assert boards["japanese"].stores == 3 and boards["egyptians"].tokens == 4


def test_setup_4_one_shuffled_common_deck_of_84() -> None:
    state = game(2, 1)
    assert all_cards(state) == dealt(state)
    commons = [c for c in all_cards(state) if c.startswith("com")]
    assert len(commons) == 84


def test_setup_5_nothing_but_cards_at_the_start() -> None:
    for player in game(4, 1).players:
        assert player.supply == supply() and not player.empire and not player.deals and not player.foundations


def test_setup_6_the_first_player_is_the_configured_seat_or_drawn() -> None:
    assert game(3, 1).first == 0
    assert game(3, 1, first_player=2).first == 2
    drawn = {game(4, seed, first_player="random").first for seed in range(12)}
    assert len(drawn) > 1
    with pytest.raises(ConfigError, match="SETUP-6"):
        GameConfig(players=2, first_player=2)


def test_setup_7_and_look_1_two_common_two_faction_cards_then_one_faction_card() -> None:
    state = game(3, 1)
    for player in state.players:
        commons = [c for c in player.hand if c.startswith("com")]
        assert len(commons) == 2 and len(player.hand) == 5


def test_setup_8_the_game_starts_in_round_1() -> None:
    assert game().round == 1 and game().phase is Phase.LOOKOUT


def test_look_2_and_look_3_two_drafts_both_ways() -> None:
    state = game(3, 1, first_player=1)
    assert len(state.offer) == 4 and state.order == (1, 2, 0)
    for seat in (1, 2, 0):
        state = play(state, Pick(seat, state.offer[0]))
    assert len(state.offer) == 4 and state.order == (0, 2, 1)
    assert len(state.common_discard) == 1
    for seat in (0, 2, 1):
        state = play(state, Pick(seat, state.offer[-1]))
    assert len(state.common_discard) == 2 and state.phase in (Phase.PRODUCTION, Phase.ACTIONS)


def test_look_4_a_pick_must_be_one_of_the_revealed_cards() -> None:
    state = game()
    refused(state, Pick(0, state.players[0].hand[0]), "LOOK-4")
    assert legal_moves(state) == tuple(Pick(0, c) for c in state.offer)


def test_look_5_an_exhausted_common_deck_reveals_what_there_is() -> None:
    state = game(2, 1)
    state = play(state, Pick(0, state.offer[0]))
    last = state.common[-1]
    state = attrs.evolve(state, common=(last,), common_discard=())
    leftover = [c for c in state.offer if c != state.offer[0]]
    state = play(state, Pick(1, state.offer[0]))
    assert sorted(state.offer) == sorted([last, *leftover]) and state.order == (1, 0)
    state = play(state, Pick(1, state.offer[0]), Pick(0, state.offer[1]))
    assert state.common_discard == () and state.phase is not Phase.LOOKOUT


def test_look_6_no_hand_limit() -> None:
    state = acting(
        p0={
            "hand": (*tuple(card("com-ruins", i) for i in range(6)), card("com-quarry")),
            "supply": supply(worker=20),
        }
    )
    assert len(state.players[0].hand) == 7
    assert any(m for m in legal_moves(state))


@pytest.mark.parametrize(
    "move",
    [
        Build(0, 5, "x"),  # type: ignore[arg-type]
        Build(0, card("com-quarry"), (1, 2)),
        Activate(0, card("com-lumberjacks"), supply(worker=1), mode=9),
        Raze(0, 9, "x"),
        RazeCard(0, None),  # type: ignore[arg-type]
        Spend(0, [1, 0, 0, 0]),  # type: ignore[arg-type]
        Pass("a"),  # type: ignore[arg-type]
    ],
)
def test_flow_1_and_flow_2_a_malformed_move_is_refused_naming_a_rule(move: Move) -> None:
    state = acting(
        p0={"hand": (card("com-quarry"),), "empire": (card("com-lumberjacks"),), "supply": supply(worker=3)}
    )
    refusal = check_move(state, move)
    assert refusal is not None and refusal.rule in rules() and "\n" not in str(refusal)


def test_look_3_and_look_5_after_a_short_first_draft_its_last_picker_picks_first() -> None:
    state = game(3, 1)
    two = state.offer[:2]
    rest = state.offer[2:]
    state = attrs.evolve(state, offer=two, order=(0, 1), common=state.common + rest)
    state = play(state, Pick(0, two[0]), Pick(1, two[1]))
    assert state.second and state.order == (1, 0, 2)
