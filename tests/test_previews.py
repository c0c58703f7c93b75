"""Previews (buy and sale prices, medal prices, colony and statue yields, feeding shortfall)
agree with what the moves then do, over every move of random games."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import scenario_position

from hadara_rules import (
    BuyGold,
    BuySilver,
    CarveStatue,
    Draft,
    FeedWithCoins,
    GameConfig,
    GameState,
    Move,
    Pick,
    RemoveCard,
    Section,
    TakeColony,
    Tracks,
    apply_move,
    buy_price,
    colony_yield,
    food_shortfall,
    gold_price,
    legal_moves,
    load_catalogue,
    new_game,
    player_view,
    sale_value,
    score,
    silver_price,
    statue_yield,
)
from hadara_rules._moves import SELL
from hadara_rules._vocabulary import COLOR_INDEX
from hadara_rules.view import front_id


def _track_change(before: GameState, after: GameState, seat: int) -> Tracks:
    old, new = before.players[seat].tracks, after.players[seat].tracks
    return Tracks(*(new.get(t) - old.get(t) for t, _ in old.items()))


def _points(state: GameState, seat: int, category: str) -> int:
    value: int = getattr(score(state)[seat], category)
    return value


def _card_of(state: GameState, move: Draft | Pick) -> str:
    if isinstance(move, Draft):
        return move.card
    return state.outer_piles[COLOR_INDEX[move.color]][-1]


def _acquire_preview(state: GameState, move: Draft | Pick) -> int:
    """The coin change a purchase or sale should bring, as the previews say."""
    card = _card_of(state, move)
    if move.action == SELL:
        return sale_value(state, move.player, card)
    return -buy_price(state, move.player, card)


class Checked(Counter[str]):
    """How many moves of each kind were compared with their preview."""


def _check(before: GameState, move: Move, after: GameState, checked: Checked) -> None:
    """The move's effect on its player equals the preview asked before it."""
    seat = move.player
    coins = after.players[seat].coins - before.players[seat].coins
    same_section = after.section is before.section
    if isinstance(move, Pick) and same_section:
        assert coins == _acquire_preview(before, move)
        checked["pick"] += 1
    elif isinstance(move, BuySilver | BuyGold) and same_section:
        price = silver_price if isinstance(move, BuySilver) else gold_price
        assert coins == -price(before, seat)
        checked["medal"] += 1
    elif isinstance(move, TakeColony):
        got = colony_yield(before, seat, move.tier)
        assert got is not None and got.pay == move.pay
        allied_points = got.back_points if move.ally else got.points
        assert _points(after, seat, "colonies") - _points(before, seat, "colonies") == allied_points
        if same_section:
            assert coins == -move.pay + (-got.ally_cost if move.ally else got.plunder)
            assert _track_change(before, after, seat) == (got.back if move.ally else Tracks())
        checked["colony"] += 1
    elif isinstance(move, CarveStatue):
        carved = statue_yield(before, seat, move.statue)
        assert carved.pay == move.pay
        bonus = 0 if move.face_up else carved.face_down_points
        assert _points(after, seat, "statues") - _points(before, seat, "statues") == carved.points + bonus
        if same_section:
            assert coins == -move.pay
            steps = carved.steps if move.face_up else 0
            assert _track_change(before, after, seat) == Tracks().step(move.tile, steps)
        checked["statue"] += 1
    elif isinstance(move, RemoveCard | FeedWithCoins):
        short = food_shortfall(before, seat)
        assert short > 0, "a fed player is never asked to feed (FEED-1)"
        lost_food = before.players[seat].tracks.food - after.players[seat].tracks.food
        left = max(0, short - 1 + lost_food)
        if after.section is Section.FEEDING:
            assert food_shortfall(after, seat) == left
        assert (seat in after.to_act and after.section is Section.FEEDING) == (left > 0)
        checked["feeding"] += 1


def _play(players: int, advanced: bool, seed: int, checked: Checked) -> None:
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    draft: dict[int, tuple[int, int]] = {}
    while not state.is_over:
        moves = legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        if isinstance(move, Draft):
            # the round resolves when the last player chooses (DRAFT-3)
            draft[move.player] = (state.players[move.player].coins, _acquire_preview(state, move))
        after = apply_move(state, move, check=False)
        _check(state, move, after, checked)
        if draft and after.round != state.round:
            if after.section is Section.DRAFT:
                for seat, (coins, change) in draft.items():
                    assert after.players[seat].coins - coins == change
                checked["draft"] += len(draft)
            draft = {}
        state = after


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("advanced", [False, True])
def test_previews_agree_with_the_moves(players: int, advanced: bool) -> None:
    checked = Checked()
    for seed in range(4):
        _play(players, advanced, seed, checked)
    assert {"draft", "pick", "colony", "statue", "medal", "feeding"} <= set(checked)


def test_a_colony_yield_in_a_player_view_hides_the_back() -> None:
    state = new_game(GameConfig(players=3, seed=4))
    whole = colony_yield(state, 0, 9)
    seen = colony_yield(player_view(state, 1), 0, 9)
    assert whole is not None and seen is not None
    assert whole.back is not None and whole.back_points is not None
    assert seen.back is None and seen.back_points is None
    colony = state.catalogue.colonies[whole.colony]
    assert seen.colony == front_id(colony)
    assert (seen.tier, seen.pay, seen.plunder, seen.ally_cost, seen.points) == (
        whole.tier,
        whole.pay,
        whole.plunder,
        whole.ally_cost,
        whole.points,
    )


#: A colony section of epoch II where player 0 holds the purple cards a test names.
_CONFIG = {"players": 2, "advanced": True, "seed": 0}
_GIVEN: dict[str, object] = {"epoch": 3, "phase": "A", "section": "colony", "first_player": 0}
_PLAYER: dict[str, object] = {
    "side": "A",
    "coins": 20,
    "tracks": {"income": 0, "military": 10, "culture": 1, "food": 9},
}


def _holding(*effects: str) -> GameState:
    """The colony section with player 0 holding one card of each effect named."""
    cards = load_catalogue().cards
    chosen = [min(c.id for c in cards.values() if c.effect == effect) for effect in effects]
    given = {**_GIVEN, "players": {0: {**_PLAYER, "cards": chosen}, 1: {"side": "A"}}}
    return scenario_position({"config": _CONFIG, "given": given})


def test_purple_effects_change_the_previews() -> None:
    plain = _holding()
    base = colony_yield(plain, 0, 15)
    assert base is not None and base.pay is None  # military 10 < 15, no way to pay
    colony = plain.catalogue.colonies[base.colony]
    assert (base.plunder, base.ally_cost, base.points) == (colony.plunder, colony.ally_cost, colony.points)

    cheap = colony_yield(_holding("PURPLE-9", "PURPLE-14", "PURPLE-15"), 0, 15)
    assert cheap is not None
    assert cheap.plunder == colony.plunder + 4 and cheap.ally_cost == colony.ally_cost - 4
    assert cheap.pay == 3  # 15 - 4 = 11 needed, 10 held: one point at 3 coins

    sculptor = statue_yield(_holding("PURPLE-4"), 0, 0)
    printed = plain.catalogue.statues[0]
    assert sculptor.steps == sculptor.face_down_points == printed.reward + 2
    assert statue_yield(plain, 0, 0).steps == printed.reward

    sells = _holding("PURPLE-1")
    any_card = sells.players[0].cards[0]
    epoch_value = plain.catalogue.reference.sell_value[plain.catalogue.cards[any_card].epoch - 1]
    assert sale_value(plain, 0, any_card) == epoch_value
    assert sale_value(sells, 0, any_card) == epoch_value + 1

    medals = _holding("PURPLE-5")
    ref = plain.catalogue.reference
    assert (silver_price(plain, 0), gold_price(plain, 0)) == (ref.silver_price[2], ref.gold_price[2])
    assert (silver_price(medals, 0), gold_price(medals, 0)) == (
        ref.silver_price_reduced[2],
        ref.gold_price_reduced[2],
    )


def test_buy_price_counts_the_colour_owned() -> None:
    state = new_game(GameConfig(players=2, seed=3))
    card = state.catalogue.cards["I-red-01"]
    assert buy_price(state, 0, card.id) == card.cost
    reds = [c.id for c in state.catalogue.cards.values() if c.color == "red" and c.epoch == 1][1:3]
    owner = scenario_position(
        {"config": {"players": 2, "seed": 3}, "given": {"players": {0: {"cards": reds}}}}
    )
    assert buy_price(owner, 0, card.id) == max(0, card.cost - 2)


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda s: buy_price(s, 5, "I-red-01"), "there is no player 5 in a 2-player game"),
        (lambda s: buy_price(s, True, "I-red-01"), "there is no player true"),
        (lambda s: buy_price(s, 0, "nope"), "there is no card 'nope'"),
        (lambda s: sale_value(s, 0, "?"), "there is no card '?'"),
        (lambda s: colony_yield(s, 0, 10), "colony tiers are 3, 9, 15, 21, 30, not 10"),
        (lambda s: statue_yield(s, 0, 4), "statues 0 to 3, not 4"),
        (lambda s: food_shortfall(s, -1), "there is no player -1"),
    ],
)
def test_unknown_seats_cards_tiers_and_statues_are_refused(call: object, says: str) -> None:
    state = new_game(GameConfig(players=2, seed=3))
    with pytest.raises(ValueError, match=says):
        call(state)  # type: ignore[operator]


def test_an_empty_stack_yields_nothing() -> None:
    state = scenario_position({"config": {"players": 2, "seed": 1}, "given": {"colony_stacks": {30: []}}})
    assert colony_yield(state, 0, 30) is None
