"""SETUP-1…6 and START-1…4: the position before the first decision."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from hadara_rules import (
    ChooseSide,
    Color,
    ConfigError,
    Crest,
    GameConfig,
    Section,
    Side,
    Track,
    apply_move,
    legal_moves,
    new_game,
)
from hadara_rules._copy import replace
from hadara_rules._model import GameState
from hadara_rules._rules.section import seat_in_turn
from hadara_rules._rules.setup import compensated, first_player, initiative_order, shuffle
from hadara_rules._vocabulary import COLORS, TIERS
from hadara_rules.catalogue import Catalogue


def all_ids(state: GameState) -> list[str]:
    ids = [c for d in state.decks for c in d]
    ids += [c for e in state.later_decks for d in e for c in d]
    ids += [c for s in state.colony_stacks for c in s]
    ids += list(state.box)
    return ids


@pytest.mark.parametrize("players", [0, 1, 6, -3])
def test_setup_1_player_count_is_two_to_five(players: int) -> None:
    with pytest.raises(ConfigError, match="SETUP-1"):
        new_game(GameConfig(players=players, seed=0))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_1_player_material(players: int) -> None:
    state = new_game(GameConfig(players=players, seed=3))
    assert len(state.players) == players
    for p in state.players:
        assert Counter(p.free_tiles) == dict.fromkeys(Track, 2)
        assert p.gold == 0
        assert p.silver == ()
        assert p.statues == ()


def test_setup_2_board_order_random_from_seed_or_given() -> None:
    orders = {new_game(GameConfig(players=3, seed=s)).board_order for s in range(30)}
    assert len(orders) > 5
    assert all(sorted(o) == sorted(COLORS) for o in orders)
    given = (Color.PURPLE, Color.RED, Color.GREEN, Color.BLUE, Color.YELLOW)
    assert new_game(GameConfig(players=3, seed=1, board_order=given)).board_order == given


@pytest.mark.parametrize("order", [(Color.RED,) * 5, (Color.RED, Color.BLUE), (*tuple(COLORS), Color.RED)])
def test_setup_2_board_order_must_be_a_permutation(order: tuple[Color, ...]) -> None:
    with pytest.raises(ConfigError, match="SETUP-2"):
        new_game(GameConfig(players=3, seed=1, board_order=order))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("advanced", [False, True])
def test_setup_3_decks_for_every_epoch(players: int, advanced: bool, catalogue: Catalogue) -> None:
    state = new_game(GameConfig(players=players, seed=11, advanced=advanced))
    epochs = (state.decks, *state.later_decks)
    assert len(epochs) == 3
    for epoch, decks in enumerate(epochs, start=1):
        for color, deck in zip(COLORS, decks, strict=True):
            assert len(deck) == 2 * players
            for card_id in deck:
                card = catalogue.cards[card_id]
                assert (card.epoch, card.color) == (epoch, color)
                assert advanced or not card.star
    ids = all_ids(state)
    assert len(ids) == len(set(ids)) == len(catalogue.cards) + len(catalogue.colonies)


def test_setup_3_star_cards_only_in_the_advanced_game(catalogue: Catalogue) -> None:
    stars_dealt = set()
    for seed in range(40):
        state = new_game(GameConfig(players=5, seed=seed, advanced=True))
        stars_dealt |= {
            c for e in (state.decks, *state.later_decks) for d in e for c in d if catalogue.cards[c].star
        }
        basic = new_game(GameConfig(players=5, seed=seed))
        assert not any(
            catalogue.cards[c].star for e in (basic.decks, *basic.later_decks) for d in e for c in d
        )
    assert len(stars_dealt) == 12


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_4_colony_stacks(players: int, catalogue: Catalogue) -> None:
    state = new_game(GameConfig(players=players, seed=5))
    for tier, stack in zip(TIERS, state.colony_stacks, strict=True):
        assert len(stack) == players
        assert all(catalogue.colonies[c].tier == tier for c in stack)


def test_setup_5_coins_are_unlimited() -> None:
    state = new_game(GameConfig(players=2, seed=0))
    # nothing in a position counts a coin supply: only the players' coins exist
    assert not any("supply" in field.name for field in attrs.fields(type(state)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_6_start_cards_dealt_and_side_a_in_the_basic_game(players: int, catalogue: Catalogue) -> None:
    state = new_game(GameConfig(players=players, seed=9))
    dealt = [p.start_card for p in state.players]
    assert len(set(dealt)) == players
    bonus = compensated(initiative_order(state))
    for seat, p in enumerate(state.players):
        side = catalogue.start_cards[p.start_card].a
        assert p.side is Side.A
        assert p.tracks == side.values
        assert p.coins == side.coins + (1 if seat in bonus else 0)
    assert state.section is Section.WHEEL


def test_setup_6_advanced_game_asks_every_player_for_a_side(catalogue: Catalogue) -> None:
    state = new_game(GameConfig(players=3, seed=2, advanced=True))
    assert state.section is Section.SETUP
    assert state.to_act == (0, 1, 2)
    assert len(legal_moves(state)) == 6
    state = apply_move(state, ChooseSide(2, Side.B))
    state = apply_move(state, ChooseSide(0, Side.A))
    assert state.to_act == (1,)
    state = apply_move(state, ChooseSide(1, Side.B))
    assert state.section is Section.WHEEL
    for seat, side in ((0, Side.A), (1, Side.B), (2, Side.B)):
        values = catalogue.start_cards[state.players[seat].start_card].side(side)
        assert state.players[seat].tracks == values.values


def test_setup_6_side_choices_do_not_depend_on_order() -> None:
    start = new_game(GameConfig(players=3, seed=2, advanced=True))
    moves = [ChooseSide(0, Side.B), ChooseSide(1, Side.A), ChooseSide(2, Side.B)]
    one, two = start, start
    for m in moves:
        one = apply_move(one, m)
    for m in reversed(moves):
        two = apply_move(two, m)
    assert one == two


@pytest.mark.parametrize("players", [3, 4, 5])
def test_start_1_first_players_by_initiative(players: int, catalogue: Catalogue) -> None:
    state = new_game(GameConfig(players=players, seed=4))
    by_initiative = sorted(
        range(players), key=lambda s: catalogue.start_cards[state.players[s].start_card].initiative
    )
    assert state.first_player == by_initiative[0]
    order = initiative_order(state)
    assert [first_player(order, e) for e in (1, 2, 3)] == by_initiative[:3]


def test_start_2_two_players_alternate() -> None:
    order = (1, 0)
    assert [first_player(order, e) for e in (1, 2, 3)] == [1, 0, 1]


@pytest.mark.parametrize(
    ("order", "expected"),
    [((1, 0), {0}), ((2, 0, 1), set()), ((3, 1, 0, 2), {2}), ((4, 2, 0, 3, 1), {3, 1})],
)
def test_start_3_compensation_coin(order: tuple[int, ...], expected: set[int]) -> None:
    assert compensated(order) == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_3_compensation_coin_is_paid(players: int, catalogue: Catalogue) -> None:
    state = new_game(GameConfig(players=players, seed=21))
    extra = [p.coins - catalogue.start_cards[p.start_card].a.coins for p in state.players]
    assert sum(extra) == {2: 1, 3: 0, 4: 1, 5: 2}[players]
    order = initiative_order(state)
    for seat, coin in enumerate(extra):
        rank = order.index(seat)
        if players == 2:
            assert coin == (rank == 1)
        else:
            assert coin == (rank >= 3)


def test_start_4_turn_order_is_clockwise_from_the_first_player() -> None:
    state = new_game(GameConfig(players=4, seed=0))
    f = state.first_player
    assert [seat_in_turn(replace(state, turn=k)) for k in range(4)] == [(f + k) % 4 for k in range(4)]
    assert state.to_act == (f,)


@pytest.mark.parametrize("advanced", [False, True])
def test_new_game_is_a_pure_function_of_its_config(advanced: bool) -> None:
    a = new_game(GameConfig(players=4, seed=123, advanced=advanced))
    b = new_game(GameConfig(players=4, seed=123, advanced=advanced))
    assert a == b
    assert hash(a) == hash(b)
    assert a != new_game(GameConfig(players=4, seed=124, advanced=advanced))


@pytest.mark.parametrize("players", [2, 5])
def test_setup_1_each_player_has_the_crest_chosen_and_nothing_else_changes(players: int) -> None:
    """SETUP-1, WHEEL-3: the crests are chosen, not dealt: they take nothing from the seed."""
    chosen = tuple(reversed(Crest))[:players]
    default = new_game(GameConfig(players=players, seed=7))
    state = new_game(GameConfig(players=players, seed=7, crests=chosen))
    assert tuple(p.crest for p in state.players) == chosen
    assert len({p.crest for p in default.players}) == players
    assert attrs.evolve(state, players=default.players) == default
    assert [
        attrs.evolve(p, crest=d.crest) for p, d in zip(state.players, default.players, strict=True)
    ] == list(default.players)


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 16, 17, 40, 300])
def test_setup_shuffles_exactly_as_the_standard_library_does(length: int) -> None:
    """Games are reproducible from their seed: setup's shuffle must draw the same numbers
    and give the same order as ``random.Random.shuffle`` (on this Python and any other)."""
    for seed in range(60):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, standard = list(range(length)), list(range(length))
        shuffle(ours, mine)
        theirs.shuffle(standard)
        assert mine == standard
        assert ours.getstate() == theirs.getstate()
