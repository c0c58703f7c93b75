"""The fast path a bot's playout takes (``apply_move(..., check=False)``, moves made once and
reused, payments read from a table) gives exactly the positions of the checked path and of
:func:`apply_move_with_events` (FLOW-1, FLOW-2, ENG-2)."""

from __future__ import annotations

import random

import attrs
import pytest

from imperial_settlers_rules import (
    Build,
    GameConfig,
    apply_move,
    apply_move_with_events,
    check_move,
    legal_moves,
    new_game,
)
from imperial_settlers_rules._goods import Price, _payments, added, payments
from imperial_settlers_rules._model import Deck, GameState, Player
from imperial_settlers_rules._rules.actions import _COSTS, asks_nothing
from imperial_settlers_rules._rules.ahead import _tried
from imperial_settlers_rules._table import Table, shuffled

from .tables import acting, all_cards, card, dealt, supply


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_the_unchecked_path_plays_the_checked_game(players: int, seed: int) -> None:
    """A uniform random game, as the benchmark plays it: every listed move is accepted, and the
    unchecked, checked and event-recording paths reach the same position, every card kept."""
    state = new_game(GameConfig(players=players, seed=seed))
    cards = dealt(state)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        options = legal_moves(state)
        assert len(set(options)) == len(options)
        move = options[rng.randrange(len(options))]
        assert check_move(state, move) is None
        fast = apply_move(state, move, check=False)
        assert fast == apply_move(state, move) == apply_move_with_events(state, move)[0]
        assert all_cards(fast) == cards
        state = fast
        moves += 1
    assert moves > 50 and legal_moves(state) == ()


def test_payments_read_from_the_table_are_those_worked_out() -> None:
    """ENG-2, GOODS-2: the payments of a price are the same whether the table holds them for a
    supply cut to what the price can use or they are worked out from the whole supply."""
    rng = random.Random(5)
    afforded = 0
    for _ in range(3000):
        want = tuple(rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(7))
        resource = rng.choice((0, 0, 1, 2))
        supply = tuple(rng.randrange(7) for _ in range(7))
        found = payments(Price(want, resource), supply)
        assert found == _payments(want, resource, supply), (want, resource, supply)
        afforded += bool(found)
    assert 500 < afforded < 2500


def test_a_builds_payments_are_read_by_the_wood_stone_food_and_gold_paying() -> None:
    """ENG-2, BUILD-2: every card's building cost is paid alike from supplies that hold the same
    wood, stone, food and gold, whatever workers, raze and defense tokens they hold: the key by
    which the listing reads a build's payments (:func:`build_moves`)."""
    rng = random.Random(7)
    afforded = 0
    for cost in _COSTS[False].values():
        for _ in range(5):
            goods = [rng.randrange(5) for _ in range(4)]
            one_supply = (rng.randrange(9), *goods, rng.randrange(9), rng.randrange(9))
            another = (rng.randrange(9), *goods, rng.randrange(9), rng.randrange(9))
            found = _payments(cost.supply, cost.resource, one_supply)
            assert found == _payments(cost.supply, cost.resource, another), (cost, one_supply, another)
            afforded += bool(found)
    assert afforded > 100


@pytest.mark.parametrize(("players", "seed"), [(2, 41), (4, 42)])
def test_a_move_listed_without_a_trial_asks_nothing_when_tried(players: int, seed: int) -> None:
    """ENG-9: a spend of no card, a deal or a hand card razed that :func:`asks_nothing` lists
    without trying it out asks nothing when it is tried out after all."""
    state = new_game(GameConfig(players=players, seed=seed))
    rng = random.Random(seed)
    shortcuts = 0
    while not state.is_over:
        options = legal_moves(state)
        for move in options:
            if asks_nothing(state, move):
                _tried(state, move)  # raises Asked where it asks
                shortcuts += 1
        state = apply_move(state, options[rng.randrange(len(options))], check=False)
    assert shortcuts > 100


def test_the_working_position_shows_every_change_and_copies_no_player_unchanged() -> None:
    """The position a move works on (:class:`Table`): goods gained and paid (GOODS-5, GOODS-6),
    a player's fields read mid-move and changed again, a card drawn (GOODS-7) and one through a
    reshuffled discard pile (GOODS-8, FLOW-4) all show in the position put together; a player
    left unchanged is the one it was."""
    state = new_game(GameConfig(players=2, seed=5))
    first, second = state.players
    table = Table(state)
    table.add(0, (0, 2, 0, 0, 0, 0, 0), vp=3)
    table.add(0, (0, 0, 1, 0, 0, 0, 0))
    assert table.players[0].vp == first.vp + 3
    table.pay(0, (0, 1, 0, 0, 0, 0, 0))
    top = table.draw(0, Deck.FACTION)
    assert top == first.deck[-1]
    assert table.players[1] is second
    table.update(common=(), common_discard=("com-a", "com-b", "com-c"))
    drawn = table.take_top(1, Deck.COMMON)
    assert table.players[0].hand == (*first.hand, top)
    after = table.state
    assert table.state is after
    assert after.players[1] is second
    assert after.players[0].supply == tuple(
        n + extra for n, extra in zip(first.supply, (0, 1, 1, 0, 0, 0, 0), strict=True)
    )
    assert after.players[0].vp == first.vp + 3
    assert after.players[0].deck == first.deck[:-1]
    assert after.players[0].hand == (*first.hand, top)
    reshuffled = shuffled(state.config.seed, state.shuffles, ("com-a", "com-b", "com-c"))
    assert drawn == reshuffled[-1]
    assert (after.common, after.common_discard, after.shuffles) == (reshuffled[:-1], (), state.shuffles + 1)


def test_a_feature_that_asks_makes_only_the_builds_it_fires_ask() -> None:
    """ENG-9, CARD-3, CARD-4: Administration (a choice of gains on each faction location built)
    makes a Roman seat's faction builds decide the option in advance, and leaves its common
    builds quiet: listed as they are, and asking nothing when tried."""
    village, sculptor, foundation = card("com-village-1"), card("rom-sculptors-workshop"), card("com-quarry")
    state = acting(
        p0={
            "empire": (card("rom-administration"),),
            "foundations": (foundation,),
            "hand": (village, sculptor),
            "supply": supply(wood=1, stone=1),
        }
    )
    builds = [move for move in legal_moves(state) if isinstance(move, Build)]
    plain = Build(0, village, supply(wood=1))
    assert [move for move in builds if move.card == village] == [plain]
    assert {m.choice for m in builds if m.card == sculptor and m.discard == foundation} == {(0,), (1,)}
    assert asks_nothing(state, plain)
    assert not asks_nothing(state, Build(0, sculptor, supply(stone=1), foundation))
    _tried(state, plain)  # raises Asked where it asks


def test_a_position_read_mid_move_stays_as_it_was_read() -> None:
    """The working position is written in place (an open copy) until it is read whole: the
    position and a player read mid-move are frozen records equal to what attrs.evolve makes,
    and a later change (GOODS-5) opens a new copy instead of changing them; the position the
    move started from is never changed."""
    state = new_game(GameConfig(players=2, seed=5))
    first, second = state.players
    table = Table(state)
    table.put("ply", 7)
    table.add(0, (0, 2, 0, 0, 0, 0, 0), vp=1)
    middle = table.state
    player = middle.players[0]
    table.put("ply", 8)
    table.add(0, (0, 1, 0, 0, 0, 0, 0))
    after = table.state
    gained = attrs.evolve(first, supply=added(first.supply, (0, 2, 0, 0, 0, 0, 0)), vp=first.vp + 1)
    assert middle == attrs.evolve(state, ply=7, players=(gained, second))
    assert middle.players[0] is player and player == gained
    assert after == attrs.evolve(
        state,
        ply=8,
        players=(attrs.evolve(gained, supply=added(gained.supply, (0, 1, 0, 0, 0, 0, 0))), second),
    )
    assert (type(middle), type(after), type(after.players[0])) == (GameState, GameState, Player)
    assert hash(middle) != hash(after) and state.ply == 0 and state.players == (first, second)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        middle.ply = 9  # type: ignore[misc]
